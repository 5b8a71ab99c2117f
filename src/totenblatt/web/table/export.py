"""A finished game to take home: the public replay file and a Markdown report.

The replay file is :func:`~totenblatt.wanted.ask.public_record` of the game — the public
events only, as dealt figures, names and takebacks — which ``totenblatt replay FILE``
tells again; it never holds the seed, a hand or the deck order. The report is the
game in Markdown: who played, the result, the figures at the end and the public log
(takebacks included), every name and line escaped.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from totenblatt.text import words
from totenblatt.text.vocab import kind_name
from totenblatt.wanted.ask import public_record
from totenblatt.web.shell.names import markdown_text
from totenblatt.web.shell.words import text, winner_line
from totenblatt.web.table.payloads import seat_payload

if TYPE_CHECKING:
    from totenblatt.web.table.hub import Room

__all__ = ["markdown_report", "public_file", "slug"]


def slug(room: Room) -> str:
    """A file name's stem for the game: its name (or scenario) and id, safe everywhere."""
    stem = (room.name or room.game.scenario.name).lower()
    cleaned = "".join(c if c.isascii() and c.isalnum() else "-" for c in stem).strip("-")
    return f"totenblatt-{'-'.join(p for p in cleaned.split('-') if p)[:30] or 'game'}-{room.id[:8]}"


def public_file(room: Room, lang: str) -> str:
    """The public replay file of ``room``'s game (JSON text)."""
    takebacks = [
        {
            "seat": t.seat,
            "outcome": t.outcome,
            "answered_by": list(t.answered_by),
            "events": t.events,
            "undone": list(t.undone),
        }
        for t in room.takebacks
    ]
    data = public_record(
        room.game,
        labels=room.labels(lang),
        name=room.name,
        players=room.players,
        takebacks=takebacks,
    )
    return json.dumps(data, ensure_ascii=False, indent=1)


def markdown_report(room: Room, lang: str, now: datetime | None = None) -> str:
    """The game as a Markdown report (public facts only)."""
    w = words(lang)
    game = room.game
    labels = room.labels(lang)
    scenario = game.scenario
    title = scenario.title_de if lang == "de" else scenario.title
    when = (now or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M UTC")
    heading = markdown_text(room.name) if room.name else markdown_text(title)
    result = winner_line(game.winners, game.end_reason, labels, lang) if game.is_over else ""
    out = [
        f"# {heading}",
        "",
        f"- {w.phrase('Scenario')}: {markdown_text(title)}",
        f"- {w.phrase('Ruleset')}: {markdown_text(game.ruleset.name)}",
        f"- {w.phrase('Rounds')}: {game.round}",
        f"- {w.phrase('Result')}: {markdown_text(result)}",
        f"- {w.phrase('Exported')}: {when}",
        "",
        f"## {w.phrase('Players')}",
        "",
    ]
    out += [f"{seat}. {markdown_text(label)}" for seat, label in enumerate(labels, 1)]
    out += [
        "",
        f"## {w.phrase('Figures')}",
        "",
        f"| {w.phrase('Figure')} | {w.phrase('Player')} | {text('hp', lang)} | |",
        "|---|---|---|---|",
    ]
    view: dict[str, Any] = dict(game.view(None))
    for fig in view["figures"]:
        seat = int(fig["seat"])
        state = text("out", lang) if fig["out"] else ""
        kind = "" if fig["kind"] == "cowboy" else f" ({kind_name(fig['kind'], lang)})"
        out.append(
            f"| {markdown_text(fig['name'])}{kind} | {markdown_text(labels[seat])} | "
            f"{fig['hp']}/{fig['hp_max']} | {state} |"
        )
    out += ["", f"## {w.phrase('Events')}", ""]
    log = seat_payload(room, None, lang)["log"]
    out += [f"{n}. {markdown_text(line)}" for n, (_, line) in enumerate(log, 1)]
    return "\n".join(out) + "\n"
