"""The screen of terminal play: map beside a status panel, the recent log, the numbered choices."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from totenblatt.cli._play_choices import Choice, PlayContext, hand_text
from totenblatt.cli.board import board_scale, legend, render_board, seat_style
from totenblatt.text import Words, words
from totenblatt.text.catalog import N_
from totenblatt.text.vocab import ability_code, ability_name, cover_word
from totenblatt.wanted.ask import EnemySight, inches_up
from totenblatt.wanted.engine import Move
from totenblatt.wanted.rules import MISS

__all__ = [
    "PANEL_WIDTH",
    "choice_lines",
    "colour_names",
    "compact_choices",
    "lines_of",
    "order_line",
    "recent_entries",
    "recent_lines",
    "screen_parts",
    "sight_text",
    "status_panel",
]

PANEL_WIDTH = 36
"""Columns the status panel needs beside the map."""

_NAME = 7
"""Characters of a figure's name in the panel (its letter names it on the map)."""

_KIND_SHORT = {"veteran": N_("vet."), "gunslinger": N_("gun.")}
"""Hero kinds abbreviated in the status panel."""


def ability_marks(fig: Mapping[str, Any], ctx: PlayContext) -> Text:
    """The figure's abilities as short marks; a use spent this fight is struck through."""
    spent = list(fig.get("spent", []))
    text = Text()
    for ability in fig["abilities"]:
        if text:
            text.append(" ")
        style = "dim"
        if ability in spent:
            spent.remove(ability)
            style = "dim strike"
        text.append(ability_code(ability, ctx.lang), style=style)
    return text


def colour_names(line: str, view: Mapping[str, Any], labels: Sequence[str]) -> Text:
    """``line`` with seat labels and figure names in their seat's colour."""
    text = Text(line)
    words: list[tuple[str, str]] = [(label, seat_style(s)) for s, label in enumerate(labels)]
    words += [(f["name"], seat_style(f["seat"])) for f in view.get("figures", [])]
    for word, style in sorted(words, key=lambda item: len(item[0])):
        text.highlight_regex(rf"(?<!\w){re.escape(word)}(?!\w)", style=style)
    return text


def _seat_short(w: Words, seat: int) -> str:
    return w.phrase("P{n}", n=seat + 1)


def order_line(view: Mapping[str, Any], ctx: PlayContext, selected: str | None) -> Text:
    """Dealer, who bids in which order (or who holds the initiative), the selected figure."""
    w = words(ctx.lang)
    parts = [w.phrase("Dealer {seat}", seat=_seat_short(w, view["dealer"]))]
    decision = view["decision"]
    if view["phase"] == "bid" and decision.get("order"):
        order = "→".join(_seat_short(w, s) for s in decision["order"])
        parts.append(w.phrase("bids {order}", order=order))
    elif view["phase"] in ("action", "defend", "fate"):
        parts.append(w.phrase("initiative {seat}", seat=_seat_short(w, view["active"])))
    if selected:
        parts.append(w.phrase("from {letter}", letter=ctx.letters.get(selected, selected)))
    return Text(" · ".join(parts), style="dim")


def sight_text(sight: EnemySight, lang: str) -> Text:
    """``20.6" +1 medium`` (distance, the band's modifier, cover), ``31.2" no line`` …

    Every figure is the engine's (:func:`~totenblatt.wanted.ask.sights`);
    the distance is rounded up as the band lookup counts it. ``✗``: no shot now.
    """
    w = words(lang)
    text = Text(w.inches(inches_up(sight.distance)))
    if not sight.line_of_fire:
        text.append(" " + w.phrase("no line"), style="dim")
    elif sight.modifier == MISS:
        text.append(" " + w.phrase("too far"), style="dim")
    else:
        modifier = int(sight.modifier)
        text.append(" " + (f"{modifier:+d}" if modifier else "±0"))
        text.append(" " + cover_word(sight.cover, lang))
    if sight.problem is not None and sight.line_of_fire and sight.modifier != MISS:
        text.append(" ✗", style="yellow")
    return text


def status_panel(
    view: Mapping[str, Any],
    ctx: PlayContext,
    labels: Sequence[str],
    kinds: Sequence[str],
    title: str,
    scale: tuple[float, float] | None = None,
    legend_text: Text | None = None,
    *,
    selected: str | None = None,
    sights: Sequence[EnemySight] = (),
    abilities: bool = False,
) -> RenderableType:
    """Round, seats, dealer and initiative, every figure (letter, weapon, HP, hidden/out, and
    for the selected figure's enemies distance, band, cover and line of fire), the hand,
    card counts; ``abilities``: every figure's abilities by name."""
    w = words(ctx.lang)
    limit = view["round_limit"]
    round_text = f"{view['round']}/{limit}" if limit else str(view["round"])
    head = Text(w.phrase("{title} — round {round}", title=title, round=round_text), style="bold")
    seats = Text()
    for s, label in enumerate(labels):
        if s:
            seats.append(w.phrase(" vs "))
        seats.append(label, style=seat_style(s))
        seats.append(f" ({kinds[s]})", style="dim")
    figures, marks, named = _figure_table(view, ctx, sights, selected)
    hand = _hand_line(view, w)
    counts = " · ".join(
        w.phrase("P{n} {cards}", n=s + 1, cards=n) for s, n in enumerate(view["hand_sizes"])
    )
    cards = Text(
        w.phrase("Cards {counts} · dead hand {dead}", counts=counts, dead=view["dead_hand"]),
        style="dim",
    )
    parts: list[RenderableType] = [head, seats, order_line(view, ctx, selected), figures]
    if marks:
        marks.rstrip()
        parts.append(marks)
    if abilities:
        parts += named
    parts += [hand, cards]
    if legend_text is not None:
        parts.append(legend_text)
    if view["redraws_used"][view["seat"]]:
        parts.append(Text(w.phrase("Redraw used this round"), style="dim"))
    if scale is not None:
        sx, sy = (w.number(v, 1, exact=False) for v in scale)
        parts.append(
            Text(w.phrase('Map: 1 char = {sx}", 1 line = {sy}"', sx=sx, sy=sy), style="dim")
        )
    return Group(*parts)


def _figure_table(
    view: Mapping[str, Any],
    ctx: PlayContext,
    sights: Sequence[EnemySight],
    selected: str | None,
) -> tuple[RichTable, Text, list[Text]]:
    """Every figure's row (letter, name, weapon, HP, state or sight), the ability marks,
    and each figure's abilities by name."""
    w = words(ctx.lang)
    seen = {sight.target: sight for sight in sights}
    figures = RichTable.grid(padding=(0, 1))
    for _ in range(5):
        figures.add_column(no_wrap=True)
    marks = Text()
    named: list[Text] = []
    for f in view["figures"]:
        style = seat_style(f["seat"])
        letter = ctx.letters.get(f["name"], "?")
        hp = Text(f"{f['hp']}/{f['hp_max']}", style="bold red" if f["hp"] <= 2 else "")
        short = _KIND_SHORT.get(f["kind"])
        state: Text = Text(w.gettext(short) if short else "", style="italic")
        if f["out"]:
            state, style = Text(w.phrase("out"), style="italic"), "dim"
        elif f["name"] in seen:
            state = sight_text(seen[f["name"]], ctx.lang)
            if f["hidden"]:
                state.append(" " + w.phrase("hidden"), style="italic")
        elif f["hidden"]:
            state.append((" " if state.plain else "") + w.phrase("hidden"))
        if f["abilities"] and not f["out"]:
            marks.append(f"{letter} ", style=style)
            marks.append_text(ability_marks(f, ctx))
            marks.append("  ")
            names = ", ".join(ability_name(a, ctx.lang) for a in f["abilities"])
            named.append(Text.assemble((f"{letter} ", style), (names, "dim")))
        weapon = _short_weapon(ctx.weapon(f["weapon"]))
        mark = Text(letter, style=style + (" reverse" if f["name"] == selected else ""))
        figures.add_row(mark, Text(f["name"][:_NAME], style=style), weapon, hp, state)
    return figures, marks, named


def _hand_line(view: Mapping[str, Any], w: Words) -> Text:
    """The seat's hand (per character: each figure's own), coloured by suit."""
    hand = Text(w.phrase("Hand: "), style="bold")
    own_hands = view.get("figure_hands") or {"": view["hand"]}  # per character: each its own
    for name, cards in own_hands.items():
        if name:
            hand.append(f"\n {name}: ", style="bold")
        for i, (card, style) in enumerate(hand_text(cards)):
            if i:
                hand.append(" ")
            hand.append(card, style=style)
        if not cards:
            hand.append("—")
    return hand


def _short_weapon(label: str) -> str:
    word = label.split()[0] if label.split() else label
    return word if len(word) <= 7 else word[:6] + "."


def lines_of(renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, highlight=False).print(renderable)
    return buffer.getvalue().count("\n")


def screen_parts(
    view: Mapping[str, Any],
    ctx: PlayContext,
    labels: Sequence[str],
    kinds: Sequence[str],
    title: str,
    *,
    width: int,
    height: int,
    log: Sequence[str] = (),
    highlight: Sequence[str] = (),
    full: bool = False,
    selected: str | None = None,
    sights: Sequence[EnemySight] = (),
) -> tuple[RenderableType, list[Text]]:
    """The screen in two parts: the map with its panel, and the recent lines below it (the
    last 2 of ``log`` below 30 lines, else 4), one :class:`Text` each, so that terminal play
    can print them one at a time (the pace of ``--delay``).

    Below 30 lines the legend, the abilities by name and the scale are left out (``full``
    keeps them)."""
    compact = height < 30 and not full
    side = width >= 40 + PANEL_WIDTH
    map_width = width - PANEL_WIDTH - 2 if side else width
    map_height = max(12, height - 9)
    scale = board_scale(ctx.table, map_width, map_height)
    board = render_board(
        ctx.table,
        view["figures"],
        labels=ctx.letters,
        scale=scale,
        highlight=highlight,
        show_scale=False,
    )
    key = None if compact else legend(ctx.table, ctx.lang)
    panel = status_panel(
        view,
        ctx,
        labels,
        kinds,
        title,
        None if compact else scale,
        key if side else None,
        selected=selected,
        sights=sights,
        abilities=not compact,
    )
    top: RenderableType
    if side:
        grid = RichTable.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column(max_width=max(PANEL_WIDTH, width - map_width - 2))
        grid.add_row(board, panel)
        top = grid
    else:
        top = Group(board, panel) if key is None else Group(board, key, panel)
    recent = [colour_names(line, view, labels) for line in log[-(2 if compact else 4) :]]
    return top, recent


_OUTCOME = "attack_resolved"
_PIN = 5
"""An attack's outcome stays in view while fewer than this many lines followed it (its
wounds, a figure out, the HP gained), not rounds later."""


def recent_entries(entries: Sequence[tuple[str, str, str]], count: int) -> list[int]:
    """Where in ``entries`` the last ``count`` told lines worth a place on the screen are.

    ``entries`` are (event type, figure, line). A run of wound lines of one figure
    is told by its last (the HP left), and an attack's outcome is kept when the
    lines after it would push it off: the result of a shot stays in view.
    """
    kept: list[int] = []
    for i in range(max(0, len(entries) - 60), len(entries)):
        kind, figure, _ = entries[i]
        if kind == "wounded" and kept and entries[kept[-1]][:2] == (kind, figure):
            kept[-1] = i
        else:
            kept.append(i)
    tail = kept[-count:] if count > 0 else []
    outcomes = [k for k, i in enumerate(kept) if entries[i][0] == _OUTCOME]
    if outcomes and count >= 2 and len(kept) - _PIN <= outcomes[-1] < len(kept) - count:
        tail = [kept[outcomes[-1]], *kept[-(count - 1) :]]
    return tail


def recent_lines(entries: Sequence[tuple[str, str, str]], count: int) -> list[str]:
    """The lines of :func:`recent_entries`: the screen's recent events."""
    return [entries[i][2] for i in recent_entries(entries, count)]


def compact_choices(choices: Sequence[Choice], limit: int) -> list[int]:
    """Indices of the choices to show when not all fit: a few of every kind, advice first.

    Redraws and conceding come last (they can always be typed).
    """
    if len(choices) <= limit:
        return list(range(len(choices)))
    groups: dict[str, list[int]] = {}
    late: list[int] = []
    depth_of: dict[int, int] = {}
    seen: dict[str, int] = {}
    for i, choice in enumerate(choices):
        if choice.group in ("redraw", "concede"):
            late.append(i)
            continue
        groups.setdefault(choice.group, []).append(i)
        action = choice.action
        if isinstance(action, Move):  # one move of every figure before a second one of any
            who = action.steps[0].figure if len(action.steps) == 1 else "*"
            depth_of[i] = seen.get(who, 0)
            seen[who] = depth_of[i] + 1
    for members in groups.values():
        members.sort(key=lambda i: (depth_of.get(i, 0), i))
    picked: list[int] = [i for i, c in enumerate(choices) if c.advised][:1]
    depth = 0
    while len(picked) < limit and any(depth < len(g) for g in groups.values()):
        for members in groups.values():
            if depth < len(members) and members[depth] not in picked and len(picked) < limit:
                picked.append(members[depth])
        depth += 1
    for i in late:
        if len(picked) < limit and i not in picked:
            picked.append(i)
    return sorted(picked)


def choice_lines(
    choices: Sequence[Choice], shown: Sequence[int], ctx: PlayContext, columns: int = 200
) -> list[Text]:
    """Numbered lines (``★`` marks the bot's advice) and a note on what is not shown.

    A label too long for ``columns`` is replaced by its short form (odds first).
    """
    lines = []
    width = len(str(len(choices)))
    for i in shown:
        choice = choices[i]
        line = Text(f"{i + 1:>{width}} ", style="bold")
        line.append("★ " if choice.advised else "  ", style="yellow")
        text = choice.label
        if choice.short and len(text) + width + 3 > columns:
            text = choice.short
        line.append(text)
        lines.append(line)
    hidden = len(choices) - len(shown)
    if hidden:
        lines.append(
            Text(
                words(ctx.lang).phrase(
                    "… {n} more: type 'more' (or 'help' for typed moves)", n=hidden
                ),
                style="dim",
            )
        )
    return lines
