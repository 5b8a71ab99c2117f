"""The HTML of the lobby and the table page, with the table drawn as SVG in inches.

The SVG's viewBox is the table (``0 0 width height``) and a strip left of it and
below it for the inch marks (:data:`AXIS_MARGIN`), so that no mark lies under a
figure's labels: one unit is one inch. The engine's y axis points up, the page's
down, so a point (x, y) is drawn at (x, height - y). The page's script keeps the
figures and the hand up to date from the payloads, and it alone places the
figures' names and HP (board.js); the first paint comes from here, so the page
shows the table before any script runs. Every text given by a user or a file is
escaped.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from totenblatt.cards import Card
from totenblatt.text.vocab import kind_name, terrain_name
from totenblatt.wanted.engine import Game
from totenblatt.wanted.engine.views import FigureView
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.table import Table, Terrain
from totenblatt.wanted.table.scenario import builtin_scenarios, load_scenario
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.companion_page import companion_link
from totenblatt.web.rooms import SEAT_KINDS
from totenblatt.web.words import ability_label, strings, text, weapon_label

__all__ = [
    "AXIS_MARGIN",
    "card_html",
    "figure_svg",
    "lobby_page",
    "table_data",
    "table_page",
    "table_svg",
]

AXIS_MARGIN = 0.9
"""Inches of the strip left of and below the table where the inch marks are written."""

_SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _pts(points: Sequence[tuple[float, float]], height: float) -> str:
    return " ".join(f"{_num(x)},{_num(height - y)}" for x, y in points)


def _json_script(element_id: str, data: Any) -> str:
    """Data for the page's script; ``<`` is escaped so no text can end the element."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    raw = raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{element_id}">{raw}</script>'


def _terrain_svg(piece: Terrain, height: float, lang: str) -> tuple[str, str]:
    """A piece's shape, and its name (drawn in a layer above every piece, so none hides it)."""
    kind = piece.kind.value
    classes = ["terrain", f"t-{kind}"]
    if piece.difficult:
        classes.append("difficult")
    if piece.impassable:
        classes.append("impassable")
    cover = text(f"cover_{piece.cover.value}", lang)
    tip = f"{terrain_name(piece, lang)} — {text('cover', lang)}: {cover}"
    parts = [
        f'<g class="{" ".join(classes)}" data-terrain="{escape(piece.name)}">',
        f"<title>{escape(tip)}</title>",
        f'<polygon points="{_pts(piece.outline, height)}"/>',
    ]
    if piece.difficult:
        parts.append(f'<polygon class="hatch" points="{_pts(piece.outline, height)}"/>')
    for opening in piece.openings:
        a, b = opening.a, opening.b
        parts.append(
            f'<line class="opening {opening.kind.value}" x1="{_num(a[0])}" '
            f'y1="{_num(height - a[1])}" x2="{_num(b[0])}" y2="{_num(height - b[1])}"/>'
        )
    parts.append("</g>")
    name = ""
    if piece.is_building or min(_extent(piece)) >= 1.5:
        xs = [p[0] for p in piece.outline]
        ys = [p[1] for p in piece.outline]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        building = " building" if piece.is_building else ""
        name = (
            f'<text class="terrain-name{building}" x="{_num(cx)}" y="{_num(height - cy)}">'
            f"{escape(terrain_name(piece, lang))}</text>"
        )
    return "".join(parts), name


def _extent(piece: Terrain) -> tuple[float, float]:
    xs = [p[0] for p in piece.outline]
    ys = [p[1] for p in piece.outline]
    return (max(xs) - min(xs), max(ys) - min(ys))


def _grid(table: Table) -> str:
    w, h = table.width, table.height
    lines = []
    for x in range(1, int(w)):
        cls = "major" if x % 6 == 0 else "minor"
        lines.append(f'<line class="{cls}" x1="{x}" y1="0" x2="{x}" y2="{_num(h)}"/>')
    for y in range(1, int(h)):
        cls = "major" if y % 6 == 0 else "minor"
        lines.append(
            f'<line class="{cls}" x1="0" y1="{_num(h - y)}" x2="{_num(w)}" y2="{_num(h - y)}"/>'
        )
    labels = []  # in the strip outside the table: never under a figure or its labels
    for x in range(6, int(w), 6):
        labels.append(f'<text class="axis x" x="{x}" y="{_num(h + 0.62)}">{x}</text>')
    for y in range(6, int(h), 6):
        labels.append(f'<text class="axis y" x="-0.15" y="{_num(h - y + 0.2)}">{y}</text>')
    return f'<g id="grid">{"".join(lines)}{"".join(labels)}</g>'


_BADGE = '<text class="badge" x="0.5" y="-0.3">★</text>'
"""A hero's badge (gunslinger, veteran) beside the base."""


def figure_svg(fig: FigureView, height: float) -> str:
    """One figure: its base (1"), initial, name, HP and hero badge (same markup as the script's).

    The name and the HP are drawn where the script starts them; it places them (board.js's
    ``layoutLabels``) and only then are they shown (table.css). Their words are in the
    figure's tooltip meanwhile.
    """
    classes = ["figure", f"seat-{fig['seat']}"]
    if fig["hidden"]:
        classes.append("hidden")
    if fig["out"]:
        classes.append("out")
    if fig["kind"] != "cowboy":
        classes.append("hero")
    x, y = fig["position"]
    name = escape(fig["name"])
    hp = f"{fig['hp']}/{fig['hp_max']}"
    badge = _BADGE if fig["kind"] != "cowboy" else ""
    return (
        f'<g class="{" ".join(classes)}" data-figure="{name}" tabindex="0" '
        f'transform="translate({_num(x)} {_num(height - y)})"><title>{name} {hp}</title>'
        f'<circle class="halo" r="0.85"/><circle class="base" r="0.5"/>'
        f'<text class="initial" y="0.2">{escape(fig["name"][:1])}</text>'
        f'<text class="label" y="-0.72">{name}</text>'
        f'<text class="hp" y="1.05">{hp}</text>{badge}</g>'
    )


def table_svg(game: Game, figures: Sequence[FigureView], lang: str) -> str:
    """The whole table: ground, inch grid, terrain, figures, and empty layers for the script."""
    table = game.state.geo.table
    w, h = table.width, table.height
    pieces = [_terrain_svg(t, h, lang) for t in table.terrain]
    terrain = "".join(shape for shape, _ in pieces)
    names = "".join(name for _, name in pieces)
    figs = "".join(figure_svg(f, h) for f in figures)
    m = AXIS_MARGIN
    return (
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="{_num(-m)} 0 {_num(w + m)} {_num(h + m)}" '
        f'data-width="{_num(w)}" data-height="{_num(h)}" role="img" '
        f'aria-label="{escape(text("title", lang))}">'
        '<defs><pattern id="hatch" width="0.5" height="0.5" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="0.5"/></pattern></defs>'
        f'<rect class="ground" x="0" y="0" width="{_num(w)}" height="{_num(h)}"/>'
        f"{_grid(table)}<g id='terrain'>{terrain}</g><g id='terrain-names'>{names}</g>"
        "<g id='marks'></g>"
        f"<g id='figures'>{figs}</g><g id='ruler'></g></svg>"
    )


def card_html(card: str) -> str:
    """A card of the hand (the script builds the same markup)."""
    parsed = Card.parse(card)
    suit = "joker" if parsed.suit is None else parsed.suit.value
    rank = "★" if parsed.suit is None else card[:-1]
    pip = "🃏" if parsed.suit is None else _SUITS[suit]
    return (
        f'<button class="card {suit}" data-card="{escape(card)}" type="button">'
        f'<span class="rank">{escape(rank)}</span><span class="pip">{pip}</span>'
        f'<span class="corner">{escape(rank)}{"" if parsed.suit is None else pip}</span></button>'
    )


def table_data(game: Game, lang: str) -> dict[str, Any]:
    """Public facts the page needs besides the payload: size, names of weapons and abilities."""
    rules: Ruleset = game.ruleset
    table = game.state.geo.table
    figures = game.state.figures
    return {
        "width": table.width,
        "height": table.height,
        "base": table.base_diameter,
        "weapons": {f.weapon: weapon_label(rules, f.weapon, lang) for f in figures},
        "abilities": {a.value: ability_label(a.value, lang) for f in figures for a in f.abilities},
        "kinds": {f.kind.value: kind_name(f.kind, lang) for f in figures},
        "redraw_cost": rules.round.redraw_cost,
    }


_HEAD = (
    '<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>{title}</title>"
    '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
    '<link rel="stylesheet" href="/static/table.css">'
    '<script type="module" src="/static/js/{script}"></script></head>'
)


def table_page(game: Game, payload: Mapping[str, Any], boot: Mapping[str, Any], lang: str) -> str:
    """The table page of one seat, several (hot-seat) or a spectator."""
    scenario = game.scenario
    title = scenario.title_de if lang == "de" else scenario.title
    hand = "".join(card_html(c) for c in payload["hand"])
    covered = " covered" if boot.get("hotseat") else ""
    many = ' class="many"' if len(payload["hand"]) > 7 else ""
    return (
        _HEAD.format(lang=lang, title=escape(f"{title} — Totenblatt"), script="table.js")
        + '<body class="table-page">'
        + f'<header id="bar"><h1 title="{escape(title)}">{escape(title)}</h1>'
        + '<div id="status"></div><nav id="tools"></nav></header>'
        + '<main id="layout"><section id="board-wrap">'
        + table_svg(game, payload["figures"], lang)
        + '</section><div id="right">'
        + f'<section id="hand-wrap" class="{covered.strip()}"><div id="hand-title"></div>'
        + f'<div id="hand"{many}>{hand}</div></section>'
        + '<div id="columns"><div class="col">'
        + '<section id="decision" aria-live="polite"></section><section id="preview"></section>'
        + '</div><div class="col"><section id="seats"></section>'
        + f'<section id="log"><h2>{escape(text("log", lang))}</h2><ol id="log-lines"></ol>'
        + "</section></div></div></div></main>"
        + '<div id="overlay" hidden></div>'
        + _json_script("boot", boot)
        + _json_script("strings", strings(lang))
        + "</body></html>"
    )


@functools.cache
def _playable_rulesets(scenario: str) -> list[str]:
    """The built-in rulesets that play every figure of ``scenario`` (abilities, hero types)."""
    scen = load_scenario(scenario)
    out = []
    for name in builtin_rulesets():
        rules = Ruleset.load(name)
        if all(
            (rules.abilities.enabled or not spec.abilities)
            and (rules.heroes.enabled or spec.kind is HeroType.COWBOY)
            for spec in scen.figures
        ):
            out.append(name)
    return out


def lobby_page(lang: str) -> str:
    """The lobby: create a game, list games (the script fills both from this data)."""
    scenarios = []
    for name in builtin_scenarios():
        scen = load_scenario(name)
        scenarios.append(
            {
                "name": name,
                "title": scen.title_de if lang == "de" else scen.title,
                "description": scen.description_de if lang == "de" else scen.description,
                "seats": scen.seats,
                "rulesets": _playable_rulesets(name),
            }
        )
    boot = {
        "lang": lang,
        "scenarios": scenarios,
        "rulesets": list(builtin_rulesets()),
        "kinds": list(SEAT_KINDS),
    }
    return (
        _HEAD.format(lang=lang, title=escape(text("title", lang)), script="lobby.js")
        + '<body class="lobby-page"><header id="bar"><h1>Totenblatt</h1>'
        + f'<nav id="tools">{companion_link(lang)} · '  # the companion (web/companion_page)
        + '<a href="/?lang=en" lang="en">English</a> · '
        + '<a href="/?lang=de" lang="de">Deutsch</a></nav></header>'
        + '<main id="lobby"><section id="create"></section><section id="games"></section></main>'
        + _json_script("boot", boot)
        + _json_script("strings", strings(lang))
        + "</body></html>"
    )
