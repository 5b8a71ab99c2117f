"""The HTML of the lobby and the table page, with the table drawn as SVG in inches.

The SVG's viewBox is the table (``0 0 width height``) and a strip left of it and
below it for the inch marks (:data:`AXIS_MARGIN`), so that no mark lies under a
figure's labels: one unit is one inch. The engine's y axis points up, the page's
down, so a point (x, y) is drawn at (x, height - y). The page's script keeps the
figures and the hand up to date from the payloads; the first paint comes from
here, so the page shows the table before any script runs. Every text given by a
user or a file is escaped.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, NamedTuple

from totenblatt.cards import Card
from totenblatt.text.vocab import kind_name, terrain_name
from totenblatt.wanted.engine import Game
from totenblatt.wanted.engine.views import FigureView
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.table import Table, Terrain
from totenblatt.wanted.table.scenario import builtin_scenarios, load_scenario
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.rooms import SEAT_KINDS
from totenblatt.web.words import ability_label, strings, text, weapon_label

__all__ = [
    "AXIS_MARGIN",
    "card_html",
    "figure_svg",
    "label_spots",
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


# -- where a figure's name and HP go (board.js's layoutLabels does the same) ---------------

_Spot = tuple[int, float, int, float]
_Size = tuple[float, float]

_LABEL_SPOTS: tuple[_Spot, ...] = (
    (0, -0.72, 0, 1.05),  # name above, HP below
    (0, 1.78, 0, 1.05),  # both below
    (0, -1.38, 0, -0.72),  # both above
    (1, -0.1, 1, 0.52),  # beside, right
    (-1, -0.1, -1, 0.52),  # beside, left
    (0, -1.32, 0, 1.05),  # name higher
    (0, -0.72, 0, 1.65),  # HP lower
    (0, -1.92, 0, 1.65),  # both further out
    (0, 2.32, 0, 1.05),  # name further below
)
"""Each spot: name side, name baseline, HP side, HP baseline, in inches from the figure's
centre (y down); side 0 centres the text on the figure, 1 puts it right of the base, -1 left."""

_NAME_SIZE, _HP_SIZE = 0.56, 0.46  # font sizes (table.css)
_SIDE_GAP, _EDGE, _PAD = 1.0, 0.05, 0.06


class _Box(NamedTuple):
    """A label's place: centre ``x`` on baseline ``y``, its rectangle, and how far it moved."""

    x: float
    y: float
    rect: tuple[float, float, float, float]  # left, right, top, bottom (inches, y down)
    slide: float  # along the table's edge, to stay on the table
    push: float  # off the edge: a last resort


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[1], b[1]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[2], b[2])
    return w * h if w > 0 and h > 0 else 0.0


def _label_box(cx: float, baseline: float, width: float, size: float, table: _Size) -> _Box:
    half = width / 2 + _PAD
    x = min(max(cx, half + _EDGE), table[0] - half - _EDGE)
    if 2 * (half + _EDGE) > table[0]:
        x = table[0] / 2
    y = min(max(baseline, size + _EDGE), table[1] - 0.25 * size - _EDGE)
    rect = (x - half, x + half, y - size, y + 0.25 * size)
    return _Box(x, y, rect, abs(x - cx), abs(y - baseline))


def _spot_boxes(
    at: tuple[float, float], widths: tuple[float, float], spot: _Spot, table: _Size
) -> tuple[list[_Box], float]:
    """A figure's name and HP boxes in ``spot``: pushed off an edge together, never meeting."""
    name_side, name_y, hp_side, hp_y = spot
    texts = [
        (at[0] + name_side * (_SIDE_GAP + widths[0] / 2), at[1] + name_y, widths[0], _NAME_SIZE),
        (at[0] + hp_side * (_SIDE_GAP + widths[1] / 2), at[1] + hp_y, widths[1], _HP_SIZE),
    ]
    push = 0.0
    for cx, baseline, width, size in texts:
        needed = _label_box(cx, baseline, width, size, table).y - baseline
        if abs(needed) > abs(push):
            push = needed
    boxes = [_label_box(cx, y + push, width, size, table) for cx, y, width, size in texts]
    return boxes, abs(push) + boxes[0].push + boxes[1].push


def _text_width(text_: str, size: float, *, bold: bool) -> float:
    """A generous guess of a text's width (the page's script measures it)."""
    return len(text_) * size * (0.72 if bold else 0.6)


def label_spots(
    figures: Sequence[FigureView], width: float, height: float
) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    """Where each figure's name and HP go: their centre and baseline, relative to the figure.

    The living are placed first, each in the cheapest of :data:`_LABEL_SPOTS`: one where a
    label meets another costs most, one pushed off the table's edge or covering a base less,
    a later spot a little, and sliding along the edge the least. The page's script
    (``layoutLabels`` in board.js) does the same with the widths it measures.
    """
    table = (width, height)
    order = [*(f for f in figures if not f["out"]), *(f for f in figures if f["out"])]
    items = [(f, (f["position"][0], height - f["position"][1])) for f in order]
    bases = [(x - 0.5, x + 0.5, y - 0.5, y + 0.5) for _, (x, y) in items]
    placed: list[tuple[float, float, float, float]] = []
    spots: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
    for fig, at in items:
        widths = (
            _text_width(fig["name"], _NAME_SIZE, bold=True),
            _text_width(f"{fig['hp']}/{fig['hp_max']}", _HP_SIZE, bold=False),
        )
        best: tuple[float, list[_Box]] | None = None
        for index, spot in enumerate(_LABEL_SPOTS):
            boxes, push = _spot_boxes(at, widths, spot, table)
            cost = index + (50 + 20 * push if push > 0.001 else 0.0)
            if _overlap(boxes[0].rect, boxes[1].rect) > 0:
                cost += 1000
            for box in boxes:
                cost += box.slide
                for area in (_overlap(box.rect, other) for other in placed):
                    cost += 1000 + 1000 * area if area > 0 else 0
                for area in (_overlap(box.rect, base) for base in bases):
                    cost += 30 + 100 * area if area > 0 else 0
            if best is None or cost < best[0]:
                best = (cost, boxes)
        assert best is not None
        name_box, hp_box = best[1]
        placed += [name_box.rect, hp_box.rect]
        x, y = at
        spots[fig["name"]] = ((name_box.x - x, name_box.y - y), (hp_box.x - x, hp_box.y - y))
    return spots


_BADGE = '<text class="badge" x="0.5" y="-0.3">★</text>'
"""A hero's badge (gunslinger, veteran) beside the base."""


def figure_svg(
    fig: FigureView,
    height: float,
    spots: tuple[tuple[float, float], tuple[float, float]] = ((0, -0.72), (0, 1.05)),
) -> str:
    """One figure: its base (1"), initial, name, HP and hero badge (same markup as the script's).

    ``spots``: where the name and the HP go (:func:`label_spots`), relative to the figure.
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
    badge = _BADGE if fig["kind"] != "cowboy" else ""
    name_at, hp_at = spots
    return (
        f'<g class="{" ".join(classes)}" data-figure="{name}" tabindex="0" '
        f'transform="translate({_num(x)} {_num(height - y)})">'
        f'<circle class="halo" r="0.85"/><circle class="base" r="0.5"/>'
        f'<text class="initial" y="0.2">{escape(fig["name"][:1])}</text>'
        f'<text class="label" x="{_num(name_at[0])}" y="{_num(name_at[1])}">{name}</text>'
        f'<text class="hp" x="{_num(hp_at[0])}" y="{_num(hp_at[1])}">'
        f"{fig['hp']}/{fig['hp_max']}</text>{badge}</g>"
    )


def table_svg(game: Game, figures: Sequence[FigureView], lang: str) -> str:
    """The whole table: ground, inch grid, terrain, figures, and empty layers for the script."""
    table = game.state.geo.table
    w, h = table.width, table.height
    pieces = [_terrain_svg(t, h, lang) for t in table.terrain]
    terrain = "".join(shape for shape, _ in pieces)
    names = "".join(name for _, name in pieces)
    spots = label_spots(figures, w, h)
    figs = "".join(figure_svg(f, h, spots[f["name"]]) for f in figures)
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
        + '<nav id="tools"><a href="/?lang=en" lang="en">English</a> · '
        + '<a href="/?lang=de" lang="de">Deutsch</a></nav></header>'
        + '<main id="lobby"><section id="create"></section><section id="games"></section></main>'
        + _json_script("boot", boot)
        + _json_script("strings", strings(lang))
        + "</body></html>"
    )
