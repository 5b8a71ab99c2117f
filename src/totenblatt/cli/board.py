"""A Rich map of a Wanted table: terrain as characters, figures as coloured letters, a scale.

One character is ``sx`` inches wide and one line ``sy`` inches high (a
terminal cell is about twice as high as wide, so ``sy = 2 * sx`` keeps the
proportions). North (the top of the table, high y) is up.

>>> from totenblatt.wanted.table.scenario import load_scenario
>>> table = load_scenario("duel").table()
>>> labels = figure_labels(["Billy", "Bob", "Paco"])
>>> labels
{'Billy': 'B', 'Bob': 'O', 'Paco': 'P'}
>>> text = render_board(table, [], labels={}, scale=(1, 3))
>>> len(text.plain.splitlines()), max(len(line) for line in text.plain.splitlines()) <= 40
(16, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

import shapely
from rich.text import Text

from totenblatt.text import words
from totenblatt.text.catalog import N_
from totenblatt.wanted.table import Table, TerrainKind

__all__ = [
    "SEAT_STYLES",
    "TERRAIN_GLYPHS",
    "board_scale",
    "figure_labels",
    "legend",
    "render_board",
    "seat_style",
]

SEAT_STYLES = (
    "bold red",
    "bold bright_blue",
    "bold green",
    "bold yellow",
    "bold magenta",
    "bold cyan",
)
"""The colour of each seat's figures (and its name)."""

TERRAIN_GLYPHS: dict[str, tuple[str, str]] = {
    "building_wall": ("#", "bold white"),
    "building_floor": (".", "grey50"),
    "building_door": ("/", "bold yellow"),
    "building_window": ('"', "bold cyan"),
    TerrainKind.WALL: (":", "white"),
    TerrainKind.STONE_WALL: ("&", "white"),
    TerrainKind.FENCE: ("+", "yellow"),
    TerrainKind.ROCKS: ("^", "bright_black"),
    TerrainKind.TRENCH: ("_", "yellow"),
    TerrainKind.TABLE: ("*", "yellow"),
    TerrainKind.COUNTER: ("]", "yellow"),
    TerrainKind.TROUGH: ("=", "cyan"),
    TerrainKind.BARREL: ("@", "yellow"),
    TerrainKind.WAGON: ("%", "yellow"),
    TerrainKind.ROUGH: (",", "green"),
    TerrainKind.RIVER: ("~", "blue"),
    TerrainKind.WATER: ("≈", "bold blue"),
}
"""Character and style of each terrain kind (buildings: wall, floor, door, window).

Figures are the only letters on the map."""


def seat_style(seat: int) -> str:
    """The Rich style of a seat."""
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def figure_labels(names: Iterable[str]) -> dict[str, str]:
    """A distinct capital letter for every figure: its initial where free, else another letter."""
    used: set[str] = set()
    out: dict[str, str] = {}
    for name in names:
        words = name.split()
        candidates = [w[0] for w in words if w] + list(name.replace(" ", ""))
        candidates += [chr(c) for c in range(ord("A"), ord("Z") + 1)] + list("0123456789")
        for ch in candidates:
            letter = ch.upper()
            if letter.isalnum() and letter not in used:
                used.add(letter)
                out[name] = letter
                break
        else:
            out[name] = "?"
    return out


def board_scale(table: Table, max_width: int, max_height: int) -> tuple[float, float]:
    """Inches per character and per line so the map (with its frame) fits the space.

    The finest scale that fits, with lines 1.5 to 3 times as high as characters are wide.
    """
    best: tuple[float, float, float, float] | None = None
    for sx in (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0):
        for sy in (1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0):
            if not 1.5 <= sy / sx <= 3.0:
                continue
            cols = math.ceil(table.width / sx) + 5
            rows = math.ceil(table.height / sy) + 3
            if cols > max_width or rows > max_height:
                continue
            key = (sx * sy, abs(sy / sx - 2.0), sx, sy)
            if best is None or key < best:
                best = key
    return (best[2], best[3]) if best is not None else (6.0, 12.0)


@cache
def _background(table: Table, sx: float, sy: float) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The terrain layer: one (character, style) per cell, top row first."""
    cols, rows = math.ceil(table.width / sx), math.ceil(table.height / sy)
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]
    cells = [
        [
            shapely.box(c * sx, table.height - (r + 1) * sy, (c + 1) * sx, table.height - r * sy)
            for c in range(cols)
        ]
        for r in range(rows)
    ]
    order = sorted(table.terrain, key=lambda t: t.kind is TerrainKind.BUILDING)
    for piece in order:
        poly = shapely.Polygon(piece.outline)
        if piece.kind is TerrainKind.BUILDING:
            boundary = poly.boundary
            gaps = [(o.kind, shapely.LineString([o.a, o.b])) for o in piece.openings]
            for r in range(rows):
                for c in range(cols):
                    box = cells[r][c]
                    if not box.intersects(poly):
                        continue
                    glyph = "building_floor"
                    if box.intersects(boundary):
                        glyph = "building_wall"
                        inside = box.intersection(boundary)
                        core = box.buffer(-min(sx, sy) / 4)
                        for kind, gap in gaps:
                            covered = inside.length > 0 and gap.buffer(1e-6).covers(inside)
                            if covered or (glyph == "building_wall" and core.intersects(gap)):
                                glyph = "building_" + kind.value
                    elif not poly.contains(box.centroid):
                        continue
                    grid[r][c] = TERRAIN_GLYPHS[glyph]
            continue
        mark = TERRAIN_GLYPHS.get(piece.kind, ("?", ""))
        for r in range(rows):
            for c in range(cols):
                box = cells[r][c]
                if box.intersects(poly) and box.intersection(poly).area > 0.05 * sx * sy:
                    grid[r][c] = mark
    return tuple(tuple(row) for row in grid)


def _axis(cols: int, sx: float, step: float) -> str:
    line = [" "] * (cols + 1)
    mark = 0.0
    while mark <= cols * sx + 1e-9:
        text = f"{mark:g}"
        col = round(mark / sx)
        if col + len(text) <= cols + 1 and all(ch == " " for ch in line[col : col + len(text) + 1]):
            line[col : col + len(text)] = list(text)
        mark += step
    return "".join(line).rstrip()


def render_board(
    table: Table,
    figures: Sequence[Mapping[str, Any]],
    *,
    labels: Mapping[str, str],
    scale: tuple[float, float] = (1.0, 2.0),
    highlight: Iterable[str] = (),
    show_scale: bool = True,
    lang: str = "en",
) -> Text:
    """The map: terrain, figures (seat colours, hidden ones lower-case, fallen as ``x``), rulers.

    ``figures`` are the view's figure dicts; ``highlight`` names figures drawn reversed.
    """
    sx, sy = scale
    background = _background(table, float(sx), float(sy))
    rows, cols = len(background), len(background[0]) if background else 0
    grid = [list(row) for row in background]
    marked = set(highlight)
    taken: set[tuple[int, int]] = set()
    ordered = sorted(figures, key=lambda f: not f["out"])  # the living are drawn last, on top
    for fig in ordered:
        x, y = fig["position"]
        c = min(cols - 1, max(0, int(x / sx)))
        r = min(rows - 1, max(0, int((table.height - y) / sy)))
        if not fig["out"]:
            for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in taken:
                    r, c = rr, cc
                    break
        letter = labels.get(fig["name"], fig["name"][:1].upper())
        style = seat_style(fig["seat"])
        if fig["out"]:
            grid[r][c] = ("x", "dim " + style.replace("bold ", ""))
            continue
        if fig["hidden"]:
            letter, style = letter.lower(), style + " italic"
        if fig["name"] in marked:
            style += " reverse"
        grid[r][c] = (letter, style)
        taken.add((r, c))
    step = 6.0 if table.width / sx > 30 else 12.0
    out = Text()
    out.append("    " + _axis(cols, sx, step) + "\n", style="dim")
    out.append("   ┌" + "─" * cols + "┐\n", style="dim")
    label_every = max(1, round(6.0 / sy))
    for r, row in enumerate(grid):
        top = table.height - r * sy
        tag = f"{top:g}" if r % label_every == 0 else ""
        out.append(f"{tag:>3}│", style="dim")
        for ch, style in row:
            out.append(ch, style=style or None)
        out.append("│\n", style="dim")
    out.append("   └" + "─" * cols + "┘", style="dim")
    if show_scale:
        scale_text = words(lang).phrase('1 char = {sx}", 1 line = {sy}"', sx=sx, sy=sy)
        out.append("\n    " + scale_text, style="dim")
    return out


_LEGEND: dict[str, str] = {
    "building_wall": N_("wall"),
    "building_door": N_("door"),
    "building_window": N_("window"),
    TerrainKind.WALL: N_("low wall"),
    TerrainKind.STONE_WALL: N_("stone wall"),
    TerrainKind.FENCE: N_("fence"),
    TerrainKind.ROCKS: N_("rocks"),
    TerrainKind.TRENCH: N_("trench"),
    TerrainKind.TABLE: N_("table"),
    TerrainKind.COUNTER: N_("counter"),
    TerrainKind.TROUGH: N_("trough"),
    TerrainKind.BARREL: N_("crates"),
    TerrainKind.WAGON: N_("wagon"),
    TerrainKind.ROUGH: N_("rough"),
    TerrainKind.RIVER: N_("creek"),
    TerrainKind.WATER: N_("water"),
}
"""The name of each map character's terrain in the legend."""


def legend(table: Table, lang: str = "en") -> Text:
    """One line explaining the characters of the terrain on ``table``."""
    w = words(lang)
    kinds = {t.kind for t in table.terrain}
    keys: list[str] = []
    if TerrainKind.BUILDING in kinds:
        keys += ["building_wall", "building_door", "building_window"]
    keys += [k for k in TERRAIN_GLYPHS if k in kinds]
    out = Text()
    for key in keys:
        ch, style = TERRAIN_GLYPHS[key]
        if out:
            out.append(" ")
        out.append(ch, style=style)
        out.append(f" {w.gettext(_LEGEND[key])}")
    return out
