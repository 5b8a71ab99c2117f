"""A small character picture of a table, for terminals and logs (:func:`rasterize`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from totenblatt.wanted.table.planar import Poly, point_segment_distance
from totenblatt.wanted.table.terrain import OpeningKind, Point, Terrain
from totenblatt.wanted.vocab import CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.table.measure import Table

__all__ = ["rasterize"]

_RANK = {CoverLevel.NONE: 0, CoverLevel.LIGHT: 1, CoverLevel.MEDIUM: 2, CoverLevel.HARD: 3}


def rasterize(table: Table, cols: int, rows: int) -> list[str]:
    """The table as ``rows`` strings of ``cols`` characters, top row (far edge) first.

    ``#`` wall, ``/`` door, ``=`` window, ``.`` inside a building, ``X`` impassable,
    ``^`` hard cover, ``+`` medium, ``-`` light, ``~`` difficult without cover.

    >>> from totenblatt.wanted.table.measure import Table
    >>> from totenblatt.wanted.table.terrain import Opening
    >>> hut = Terrain.rect("Hut", "building", 1, 1, 4, 3,
    ...                    openings=(Opening(OpeningKind.DOOR, (2, 1), (3, 1)),))
    >>> for line in rasterize(Table(6, 5, (hut,)), 6, 5):
    ...     print(line.replace(" ", "_"))
    ______
    _####_
    _#..#_
    _#/##_
    ______
    """
    if cols < 1 or rows < 1:
        raise ValueError(f"rasterize needs at least 1 x 1 cells, got {cols!r} x {rows!r}")
    cw, ch = table.width / cols, table.height / rows
    xs = [(i + 0.5) * cw for i in range(cols)]
    ys = [table.height - (j + 0.5) * ch for j in range(rows)]
    grid = [[" " for _ in range(cols)] for _ in range(rows)]
    order = sorted(
        range(len(table.terrain)),
        key=lambda i: (not table.terrain[i].is_building, _RANK.get(table.terrain[i].cover, 0)),
    )
    for index in order:
        piece, poly = table.terrain[index], table._polys[index]
        mark = _mark(piece)
        for j, y in enumerate(ys):
            for i, x in enumerate(xs):
                if poly.contains(x, y):
                    grid[j][i] = mark
        if not piece.is_building:  # thin pieces (fences) cover no cell centre
            for x, y in _samples(poly, min(cw, ch) / 3):
                i = min(cols - 1, max(0, int(x / cw)))
                j = min(rows - 1, max(0, int((table.height - y) / ch)))
                grid[j][i] = mark
    step = min(cw, ch) / 3
    for index in table._buildings:
        piece, poly = table.terrain[index], table._polys[index]
        for (ax, ay), (bx, by) in poly.edges:
            length = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / length * 1e-6, (bx - ax) / length * 1e-6
            mx, my = (ax + bx) / 2, (ay + by) / 2
            if not poly.interior(mx + nx, my + ny):
                nx, ny = -nx, -ny
            count = max(1, math.ceil(length / step))
            for k in range(count + 1):
                t = min(max(k / count, 1e-6), 1 - 1e-6)  # corners belong to the inside
                x, y = ax + (bx - ax) * t, ay + (by - ay) * t
                char = "#"
                for opening in piece.openings:
                    if (
                        point_segment_distance(x, y, opening.a, opening.b) <= 1e-9
                        and min(math.dist((x, y), opening.a), math.dist((x, y), opening.b)) > 1e-6
                    ):
                        char = "/" if opening.kind is OpeningKind.DOOR else "="
                i = min(cols - 1, max(0, int((x + nx) / cw)))
                j = min(rows - 1, max(0, int((table.height - (y + ny)) / ch)))
                if grid[j][i] not in "/=":
                    grid[j][i] = char
    return ["".join(row) for row in grid]


def _samples(poly: Poly, step: float) -> list[Point]:
    """Points every ``step`` inches along a polygon's outline."""
    out: list[Point] = []
    for (ax, ay), (bx, by) in poly.edges:
        count = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
        out.extend((ax + (bx - ax) * k / count, ay + (by - ay) * k / count) for k in range(count))
    return out


def _mark(piece: Terrain) -> str:
    if piece.is_building:
        return "."
    if piece.impassable:
        return "X"
    marks = {CoverLevel.HARD: "^", CoverLevel.MEDIUM: "+", CoverLevel.LIGHT: "-"}
    return marks.get(piece.cover, "~" if piece.difficult else " ")
