"""The words of a post-game analysis (docs/analysis.md): an action, a mark, a turning point.

The figures are the analysis service's (:mod:`totenblatt.sim.analysis`); this module only
says them, in German or English, for the terminal, the report and the browser alike.

>>> action_words({"type": "attack", "card": "Q♠", "attacker": "Billy", "target": "Paco"}, "en")
"Billy's Q♠ on Paco"
>>> turning_line(
...     {"round": 4, "before": 0.6, "after": 0.35,
...      "chosen": {"action": {"type": "attack", "card": "Q♠", "attacker": "Billy",
...                 "target": "Paco"}, "hit": 0.42, "distance": 7.0},
...      "best": {"action": {"type": "attack", "card": "9♠", "attacker": "Billy",
...               "target": "Paco"}, "hit": 0.61, "distance": 7.0}}, "en")
"Round 4: Billy's Q♠ on Paco at 7 in — 42% to hit; the 9♠ was 61% (chance to win 60% → 35%)"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from totenblatt.text.catalog import N_, words
from totenblatt.text.sides import seat_label

__all__ = ["action_words", "mark_words", "markdown_report", "seat_name", "turning_line"]

_MARKS = {"blunder": N_("blunder"), "mistake": N_("mistake"), "inaccuracy": N_("inaccuracy")}


def action_words(action: Mapping[str, Any], lang: str) -> str:
    """One action of the game in a few words."""
    w = words(lang)
    kind = action.get("type")
    card = str(action.get("card", ""))
    if kind == "attack":
        return w.phrase(
            "{attacker}'s {card} on {target}",
            attacker=str(action.get("attacker")),
            card=card,
            target=str(action.get("target")),
        )
    if kind == "move":
        steps = action.get("steps") or []
        names = ", ".join(dict.fromkeys(str(s.get("figure")) for s in steps))
        return w.phrase("{card}: move {figures}", card=card, figures=names)
    if kind == "defend":
        return w.phrase("{card} in defence", card=card)
    if kind == "bid":
        return w.phrase("bid {card}", card=card)
    if kind == "swap":
        return w.phrase("swap with the dead man's hand")
    if kind == "pass":
        return w.phrase("pass")
    if kind == "concede":
        return w.phrase("concede")
    if kind == "redraw":
        return w.phrase("redraw ({card})", card=card)
    if kind == "reveal":
        return w.phrase("reveal {figure}", figure=str(action.get("figure")))
    return str(kind)


def mark_words(mark: str | None, lang: str) -> str:
    """``inaccuracy`` / ``mistake`` / ``blunder`` in the reader's language ('' for none)."""
    found = _MARKS.get(mark or "")
    return "" if found is None else words(lang).phrase(found)


def _shot(estimate: Mapping[str, Any], lang: str, *, full: bool) -> str:
    """An estimate's action; for an attack its distance and chance to hit."""
    w = words(lang)
    action = estimate["action"]
    hit = estimate.get("hit")
    if action.get("type") != "attack" or hit is None:
        return action_words(action, lang)
    if not full:
        return w.phrase(
            "the {card} was {chance}", card=str(action.get("card")), chance=w.percent(hit)
        )
    return w.phrase(
        "{shot} at {distance} in — {chance} to hit",
        shot=action_words(action, lang),
        distance=w.number(float(estimate.get("distance") or 0), 1, exact=False),
        chance=w.percent(hit),
    )


def turning_line(point: Mapping[str, Any], lang: str) -> str:
    """A turning point in one line: the round, what was played (with a shot's odds), the
    best weighed action when it was another, and the chance to win before and after."""
    w = words(lang)
    chosen, best = point["chosen"], point.get("best")
    said = _shot(chosen, lang, full=True)
    if best is not None and best["action"] != chosen["action"]:
        both_shots = chosen["action"].get("type") == best["action"].get("type") == "attack"
        other = (
            _shot(best, lang, full=False)
            if both_shots and best.get("hit") is not None
            else w.phrase("best was {action}", action=action_words(best["action"], lang))
        )
        said = f"{said}; {other}"
    return w.phrase(
        "Round {round}: {said} (chance to win {before} → {after})",
        round=int(point["round"]),
        said=said,
        before=w.percent(float(point["before"])),
        after=w.percent(float(point["after"])),
    )


def markdown_report(
    data: Mapping[str, Any],
    lang: str,
    png: str | None = None,
    labels: Sequence[str] | None = None,
) -> str:
    """An analysis (its JSON) as a Markdown report for the group chat; ``png``: the file
    name of its graph, shown at the top; ``labels``: the seats' names as the table shows
    them (``Player 1`` … where not given). Decisions are numbered from 1, as people count."""
    w = words(lang)
    seat = data.get("seat")
    if seat is None:
        title = w.phrase("Analysis (public view)")
    else:
        title = w.phrase("Analysis of {seat}", seat=seat_name(int(seat), lang, labels))
    out = [f"# {title}", ""]
    if png:
        out += [f"![{w.phrase('Chance to win')}]({png})", ""]
    t = data.get("thresholds", {})
    out.append(
        w.phrase(
            "Each decision weighed from the seat's own view then, in {worlds} dealt worlds; "
            "marks by the drop in the estimated chance to win (inaccuracy {i}, mistake {m}, "
            "blunder {b}), never where the intervals overlap.",
            worlds=int(data.get("budget", 0)),
            i=w.percent(float(t.get("inaccuracy", 0))),
            m=w.percent(float(t.get("mistake", 0))),
            b=w.percent(float(t.get("blunder", 0))),
        )
    )
    out.append("")
    turns = data.get("turning_points") or []
    if turns:
        out += [f"## {w.phrase('Turning points')}", ""]
        out += [f"- {p['text']}" for p in turns]
        out.append("")
    marked = [d for d in data.get("decisions", []) if d.get("mark")]
    out += [f"## {w.phrase('Marked decisions')}", ""]
    if not marked:
        out += [w.phrase("No decision marked."), ""]
    else:
        out.append(
            "| # | "
            + " | ".join(
                (w.phrase("Round"), w.phrase("Played"), w.phrase("Best"), w.phrase("Mark"))
            )
            + " |"
        )
        out.append("|---|---|---|---|---|")
        for d in marked:
            played = f"{action_words(d['chosen'], lang)} ({w.percent(d['chosen_win'])})"
            best = f"{action_words(d['best'], lang)} ({w.percent(d['best_win'])})"
            out.append(
                f"| {int(d['index']) + 1} | {d['round']} | {_cell(played)} | {_cell(best)} | "
                f"{mark_words(d['mark'], lang)} |"
            )
        out.append("")
    return "\n".join(out)


def seat_name(seat: int, lang: str, labels: Sequence[str] | None = None) -> str:
    """A seat as people read it: its name in ``labels`` when given, else ``Player n``.

    >>> seat_name(0, "en"), seat_name(1, "de", ["Ann", "Bo"])
    ('Player 1', 'Bo')
    """
    if labels is not None and 0 <= seat < len(labels) and labels[seat]:
        return labels[seat]
    return seat_label(seat, lang)


def _cell(text: str) -> str:
    """A table cell's text with Markdown's table and inline characters escaped."""
    for ch in "\\|*_`[]<>":
        text = text.replace(ch, "\\" + ch)
    return text
