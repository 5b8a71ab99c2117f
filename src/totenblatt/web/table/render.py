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
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from totenblatt.cards import Card
from totenblatt.text.vocab import kind_name, terrain_name, weapon_name
from totenblatt.wanted.engine import Game
from totenblatt.wanted.engine.views import FigureView
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.table import Table, Terrain
from totenblatt.wanted.table.scenario import ScenarioError, load_scenario, scenario_names
from totenblatt.wanted.vocab import HeroType
from totenblatt.web.shell.page import document, links
from totenblatt.web.shell.words import ability_label, strings, terms, text
from totenblatt.web.table import words as boot_words  # noqa: F401 (registers its words)
from totenblatt.web.table.hub import SEAT_KINDS
from totenblatt.web.table.lobby_words import lobby_strings
from totenblatt.web.table.night import words as night_words  # noqa: F401 (registers its words)

__all__ = [
    "AXIS_MARGIN",
    "card_html",
    "figure_svg",
    "hand_html",
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


def _terrain_svg(piece: Terrain, height: float, lang: str, said: Mapping[str, str]) -> str:
    """A piece's shape, with its name, its cover and what that cover does in its tooltip."""
    kind = piece.kind.value
    classes = ["terrain", f"t-{kind}"]
    if piece.difficult:
        classes.append("difficult")
    if piece.impassable:
        classes.append("impassable")
    cover = text(f"cover_{piece.cover.value}", lang)
    tip = f"{terrain_name(piece, lang)} — {text('cover', lang)}: {cover}"
    explained = said.get(f"cover:{piece.cover.value}")  # the rules' words (shell's terms)
    if piece.cover.value != "none" and explained:
        tip += f"\n{explained}"
    parts = [
        f'<g class="{" ".join(classes)}" data-terrain="{escape(piece.name)}" '
        f'data-cover="{piece.cover.value}">',
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
    return "".join(parts)


_NAME_SIZE = 0.62
"""The terrain names' font size in inches (table.css)."""


Box = tuple[float, float, float, float]
"""x1, y1, x2, y2 in page inches (y down)."""


def _page_box(piece: Terrain, height: float) -> Box:
    xs = [p[0] for p in piece.outline]
    ys = [height - p[1] for p in piece.outline]
    return (min(xs), min(ys), max(xs), max(ys))


def _meets(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def _terrain_names(table: Table, lang: str) -> str:
    """The names of the buildings and larger pieces, drawn in a layer above every piece.

    A building's name lies in the building; any other piece's beside it (below, above, right
    or left: the first place on the table that meets no piece and no name placed before), so
    that the name does not hide the piece it names. A piece with no such place keeps its name
    on itself.
    """
    height = table.height
    pieces = [t for t in table.terrain if t.is_building or min(_extent(t)) >= 1.5]
    boxes = [_page_box(t, height) for t in table.terrain]
    placed: list[Box] = []
    out = []
    for piece in pieces:
        name = terrain_name(piece, lang)
        x1, y1, x2, y2 = _page_box(piece, height)
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        width = len(name) * _NAME_SIZE * 0.56
        half = width / 2
        if piece.is_building:
            spots = [(cx, cy)]
        else:
            gap = 0.12
            spots = [
                (cx, y2 + gap + _NAME_SIZE * 0.8),  # below (x, baseline)
                (cx, y1 - gap - _NAME_SIZE * 0.2),  # above
                (x2 + gap + half, cy + _NAME_SIZE * 0.3),  # right
                (x1 - gap - half, cy + _NAME_SIZE * 0.3),  # left
            ]
        chosen = spots[0]
        for x, y in spots:
            box = (x - half, y - _NAME_SIZE * 0.8, x + half, y + _NAME_SIZE * 0.2)
            inside = box[0] >= 0 and box[1] >= 0 and box[2] <= table.width and box[3] <= height
            if piece.is_building or (
                inside
                and not any(_meets(box, b) for b in boxes)
                and not any(_meets(box, b) for b in placed)
            ):
                chosen = (x, y)
                placed.append(box)
                break
        else:
            chosen = (cx, cy + _NAME_SIZE * 0.3)
        building = " building" if piece.is_building else ""
        out.append(
            f'<text class="terrain-name{building}" x="{_num(chosen[0])}" y="{_num(chosen[1])}" '
            f'data-names="{escape(piece.name)}">{escape(name)}</text>'
        )
    return "".join(out)


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
    elif fig["hp"] <= 0:
        classes.append("last")  # A11: still in the game at 0 HP; the next wound takes it out
    if fig["kind"] != "cowboy":
        classes.append("hero")
    x, y = fig["position"]
    name = escape(fig["name"])
    hp = f"{fig['hp']}/{fig['hp_max']}"
    badge = _BADGE if fig["kind"] != "cowboy" else ""
    return (
        f'<g class="{" ".join(classes)}" data-figure="{name}" tabindex="0" '
        f'transform="translate({_num(x)} {_num(height - y)})"><title>{name} {hp}</title>'
        '<circle class="hit" r="0.5"/><circle class="halo" r="0.85"/>'
        '<circle class="base" r="0.5"/>'
        f'<text class="initial" y="0.2">{escape(fig["name"][:1])}</text>'
        f'<text class="label" y="-0.72">{name}</text>'
        f'<text class="hp" y="1.05">{hp}</text>{badge}</g>'
    )


def table_svg(game: Game, figures: Sequence[FigureView], lang: str) -> str:
    """The whole table: ground, inch grid, terrain, figures, and empty layers for the script."""
    table = game.state.geo.table
    w, h = table.width, table.height
    said = terms(game.ruleset, lang)
    terrain = "".join(_terrain_svg(t, h, lang, said) for t in table.terrain)
    names = _terrain_names(table, lang)
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
        f"<g id='figures'>{figs}</g><g id='ruler'></g><g id='fx'></g></svg>"
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
        "weapons": {f.weapon: weapon_name(rules, f.weapon, lang) for f in figures},
        "abilities": {a.value: ability_label(a.value, lang) for f in figures for a in f.abilities},
        "kinds": {f.kind.value: kind_name(f.kind, lang) for f in figures},
        "redraw_cost": rules.round.redraw_cost,
        "terms": terms(rules, lang),
    }


def _page(
    title: str,
    lang: str,
    script: str,
    body_class: str,
    body: str,
    boot: Any,
    words: Mapping[str, str] | None = None,
) -> str:
    """A page of the table feature: table.css, its script, its boot data and the words
    (``words``: all of them, when the page has its own beside :func:`strings`)."""
    return document(
        title=title,
        lang=lang,
        body=body,
        styles=("/static/table.css",),
        script=f"/static/js/{script}",
        data={"boot": boot, "strings": strings(lang) if words is None else words},
        body_class=body_class,
    )


def hand_html(payload: Mapping[str, Any], lang: str) -> str:
    """The hand's first paint: its cards, or per character one group per own figure
    (``data-figure-hand``), headed by the figure's name and HP (the script keeps it so)."""
    hands: Mapping[str, Sequence[str]] | None = payload.get("figure_hands")
    if not hands:
        return "".join(card_html(c) for c in payload["hand"])
    figures = {f["name"]: f for f in payload["figures"]}
    groups = []
    for name, cards in hands.items():
        fig = figures.get(name)
        hp = f"{fig['hp']}/{fig['hp_max']} {text('hp', lang)}" if fig else ""
        groups.append(
            f'<div class="figure-hand" data-figure-hand="{escape(name)}">'
            f'<div class="fh-head"><b>{escape(name)}</b> <span class="fh-hp">{escape(hp)}</span>'
            f'</div><div class="fh-cards">{"".join(card_html(c) for c in cards)}</div></div>'
        )
    return "".join(groups)


def table_page(game: Game, payload: Mapping[str, Any], boot: Mapping[str, Any], lang: str) -> str:
    """The table page of one seat, several (hot-seat) or a spectator.

    On a phone or an upright tablet (table.css) the board fills the width under a one-line
    header whose tools fold into a menu, and ``#right`` is a bottom sheet: the decision and its
    preview first, then the hand, the players and the events.
    """
    scenario = game.scenario
    title = scenario.title_de if lang == "de" else scenario.title
    hand = hand_html(payload, lang)
    covered = " covered" if boot.get("hotseat") else ""
    per_figure = bool(payload.get("figure_hands"))
    many = ' class="many"' if len(payload["hand"]) > 7 and not per_figure else ""
    if per_figure:
        many = ' class="per-figure"'
    zoom = (
        f'<div id="zoom" role="group" aria-label="{escape(text("zoom", lang))}">'
        f'<button type="button" data-zoom="in" title="{escape(text("zoom_in", lang))}">+</button>'
        f'<button type="button" data-zoom="out" title="{escape(text("zoom_out", lang))}">−</button>'
        f'<button type="button" data-zoom="fit" title="{escape(text("zoom_fit", lang))}">⤢</button>'
        "</div>"
    )
    body = (
        f'<header id="bar"><h1 title="{escape(title)}">{escape(title)}</h1>'
        + '<div id="status"></div><nav id="tools"></nav><div id="menu" hidden></div></header>'
        + '<main id="layout"><section id="board-wrap">'
        + table_svg(game, payload["figures"], lang)
        + zoom
        + '</section><div id="right">'
        + '<button id="sheet-handle" type="button" aria-expanded="false" '
        + f'title="{escape(text("sheet_toggle", lang))}"><span></span></button>'
        + f'<section id="hand-wrap" class="{covered.strip()}"><div id="hand-title"></div>'
        + f'<div id="hand"{many}>{hand}</div></section>'
        + '<div id="columns"><div class="col">'
        + '<section id="decision" aria-live="polite"></section><section id="preview"></section>'
        + '</div><div class="col"><section id="seats"></section>'
        + f'<section id="log"><h2>{escape(text("log", lang))}</h2><ol id="log-lines"></ol>'
        + "</section></div></div></div></main>"
        + '<div id="overlay" hidden></div>'
    )
    return _page(f"{title} — Totenblatt", lang, "table.js", "table-page", body, boot)


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


def lobby_page(lang: str, learned: str | None = None) -> str:
    """The lobby: create a game, list games (the script fills both from this data);
    ``learned``: the scenario the server's learned bot plays (None: it has none)."""
    scenarios = []
    for name in scenario_names():  # the built-ins, then the server's scenario folder's
        try:
            scen = load_scenario(name)
        except ScenarioError:  # a file put into the folder by hand that does not load
            continue
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
        "kinds": [k for k in SEAT_KINDS if k != "learned" or learned],
        "learned": learned,
    }
    body = (
        '<header id="bar"><h1>Totenblatt</h1>'
        + f'<nav id="tools"><a href="/rules?lang={lang}" id="rules-link">'
        + f"{escape(text('rules', lang))}</a> · "
        + f'<a href="/tutorial?lang={lang}" id="tutorial-link">{escape(text("tutorial", lang))}</a>'
        + "".join(f" · {link}" for link in links(lang))  # the features' (companion, editor)
        + f' · <a href="/campaigns?lang={lang}" id="campaigns-link">'
        + f"{escape(text('campaigns_link', lang))}</a>"
        + f' · <a href="/stories?lang={lang}" id="stories-link">'
        + f"{escape(text('stories_link', lang))}</a>"
        + ' · <a href="/?lang=en" lang="en">English</a> · '
        + '<a href="/?lang=de" lang="de">Deutsch</a></nav></header>'
        + '<main id="lobby"><section id="create"></section><div class="lobby-lists">'
        + '<section id="mine" hidden></section><section id="games"></section></div></main>'
    )
    words = lobby_strings(lang)  # and the flag-fall rule
    return _page(text("title", lang), lang, "lobby.js", "lobby-page", body, boot, words)
