"""What a straight segment on the table meets: walls, windows, terrain, cover (A6, D-15, D-17).

The :class:`~totenblatt.wanted.table.measure.Table` keeps its terrain sorted
(:func:`obstacles`) and boxed, and caches the answers; the walking of one segment past
them is here: its movement :data:`Profile` (:func:`segment_profile`), whether a building
wall stands in the line of fire (:func:`wall_between`) and the best cover near the target
(:func:`cover_rank`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple, TypeVar

from totenblatt.messages import Message, Reason
from totenblatt.wanted.table.planar import EPS, Box, Poly, segment_params, union_spans
from totenblatt.wanted.table.terrain import Point, TableError, Terrain, split_outline
from totenblatt.wanted.vocab import CoverLevel

__all__ = [
    "BLOCKED",
    "BUILDING",
    "DIFFICULT",
    "IMPASSABLE",
    "Blocked",
    "Obstacles",
    "Profile",
    "cover_rank",
    "near",
    "obstacles",
    "segment_profile",
    "wall_between",
]

_E = TypeVar("_E", bound=tuple[Any, ...])
BUILDING, IMPASSABLE, DIFFICULT = "building", "impassable", "difficult"
"""The kinds of entry a segment is tested against (in this order)."""

Profile = tuple[float, tuple[tuple[float, float], ...], tuple[float, ...]]
"""length, difficult parameter intervals, window crossing parameters of one segment."""

BLOCKED: Profile = (math.inf, (), ())
"""The cached profile of a segment that a wall or impassable terrain blocks."""

_RANK = {CoverLevel.NONE: 0, CoverLevel.LIGHT: 1, CoverLevel.MEDIUM: 2, CoverLevel.HARD: 3}


class Obstacles(NamedTuple):
    """The table's terrain sorted by what it does to a segment or a base."""

    buildings: list[int]
    """Indices of the buildings."""
    walls: list[tuple[Point, Point, int]]
    """Each wall of a building (no opening): its ends and the building's index."""
    windows: list[tuple[Point, Point, int]]
    """Each window of a building: its ends and the building's index."""
    difficult: list[Poly]
    """Outlines of the difficult pieces that are not impassable."""
    impassable: list[tuple[Poly, int]]
    """Outlines of the impassable pieces, with their indices."""
    cover: list[tuple[Poly, int]]
    """Outlines of the pieces that give cover, with its rank (1 light to 3 hard)."""
    hard: list[Poly]
    """Outlines of the hard-cover pieces (D-12)."""


def obstacles(terrain: Sequence[Terrain], polys: Sequence[Poly]) -> Obstacles:
    """Sort ``terrain`` (with its checked outlines ``polys``) into :class:`Obstacles`;
    TableError for a door or window outside a building, or cover 'hidden'."""
    found = Obstacles([], [], [], [], [], [], [])
    for index, (piece, poly) in enumerate(zip(terrain, polys, strict=True)):
        if piece.is_building:
            found.buildings.append(index)
            walls, windows = split_outline(piece, poly)
            found.walls.extend((a, b, index) for a, b in walls)
            found.windows.extend((a, b, index) for a, b in windows)
        elif piece.openings:
            raise TableError(f"terrain {piece.name!r}: only a building has doors and windows")
        else:
            if piece.impassable:
                found.impassable.append((poly, index))
            if piece.cover is not CoverLevel.NONE:
                if piece.cover is CoverLevel.HIDDEN:
                    raise TableError(f"terrain {piece.name!r}: cover 'hidden' is not a level")
                found.cover.append((poly, _RANK[piece.cover]))
            if piece.cover is CoverLevel.HARD:
                found.hard.append(poly)
        if piece.difficult and not piece.impassable:
            found.difficult.append(poly)
    return found


class Blocked:
    """Why a segment is illegal: the wall it crosses (with where) or the impassable piece."""

    __slots__ = ("index", "x", "y")

    def __init__(self, index: int, x: float | None = None, y: float | None = None) -> None:
        self.index, self.x, self.y = index, x, y

    def text(self, terrain: Sequence[Terrain]) -> Reason:
        """The reason, naming the piece of the table's ``terrain`` that blocks."""
        piece = terrain[self.index]
        if self.x is None or self.y is None:
            return Reason(
                f"the path crosses impassable terrain {piece.name!r} ({piece.kind})",
                Message("the path crosses impassable terrain {name}", name=piece.name),
            )
        return Reason(
            f"the path crosses the wall of {piece.name!r} at ({self.x:.2f}, {self.y:.2f}): "
            "buildings are entered and left only through a door or window",
            Message(
                "the path crosses the wall of {name} at ({x}, {y}): buildings are entered and "
                "left only through a door or window",
                name=piece.name,
                x=round(self.x, 2),
                y=round(self.y, 2),
            ),
        )


def near(entries: Iterable[_E], p: Point, q: Point) -> Iterator[_E]:
    """The entries (each a :data:`~planar.Box` first) that the segment p→q may meet.

    An entry is skipped when its box lies beside the segment's own bounding box, or
    wholly on one side of the segment's line with room to spare: nothing in it can
    meet the segment, not even within the tolerance.
    """
    px, py = p
    dx, dy = q[0] - px, q[1] - py
    minx, maxx = (px, q[0]) if dx >= 0 else (q[0], px)
    miny, maxy = (py, q[1]) if dy >= 0 else (q[1], py)
    wide, tall = abs(dy), abs(dx)
    slack = (wide + tall) * 1e-7
    for entry in entries:
        x0, y0, x1, y1, cx, cy, hx, hy = entry[0]
        if x1 < minx or x0 > maxx or y1 < miny or y0 > maxy:
            continue
        if abs(dx * (cy - py) - dy * (cx - px)) > wide * hx + tall * hy + slack:
            continue
        yield entry


def segment_profile(
    boxed: Sequence[tuple[Box, str, Any, Any]], p: Point, q: Point
) -> Profile | Blocked:
    """The :data:`Profile` of p→q past the table's ``boxed`` entries, or why it is blocked.

    One pass, buildings first (their walls block, their windows cost), then impassable,
    then difficult pieces (the order of ``boxed``).
    """
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    if length <= EPS:
        return 0.0, (), ()
    px, py = p
    dx, dy = q[0] - px, q[1] - py
    minx, maxx = (px, q[0]) if dx >= 0 else (q[0], px)
    miny, maxy = (py, q[1]) if dy >= 0 else (q[1], py)
    windows: list[float] = []
    spans: list[tuple[float, float]] = []
    for _, kind, first, second in near(boxed, p, q):
        if kind is BUILDING:  # its walls block; its windows cost
            for a, b, index, x0, y0, x1, y1 in first:
                if x1 < minx or x0 > maxx or y1 < miny or y0 > maxy:
                    continue
                hits = segment_params(p, q, a, b)
                if hits:
                    t = hits[0]
                    return Blocked(index, px + t * dx, py + t * dy)
            for a, b, _, x0, y0, x1, y1 in second:
                if x1 < minx or x0 > maxx or y1 < miny or y0 > maxy:
                    continue
                later = [t for t in segment_params(p, q, a, b) if t > EPS / length]
                if later:
                    windows.append(later[0])
        elif kind is IMPASSABLE:
            if first.intervals(p, q):
                return Blocked(second)
        else:
            spans.extend(first.intervals(p, q))
    windows.sort()
    return length, tuple(union_spans(spans)), tuple(windows)


def wall_between(outlines: Sequence[tuple[Box, Poly]], a: Point, b: Point) -> bool:
    """Whether a building outline stands between ``a`` and ``b`` (D-15): not one that
    either of them is inside."""
    for _, poly in near(outlines, a, b):
        if poly.contains(a[0], a[1]) or poly.contains(b[0], b[1]):
            continue
        if poly.touches_segment(a, b):
            return True
    return False


def cover_rank(
    cover: Sequence[tuple[Poly, int]], reach: float, attacker: Point, target: Point
) -> int:
    """The best rank of the ``cover`` pieces the line of fire meets within ``reach`` of
    ``target`` (D-17), 0 when none."""
    tx, ty = target
    length = math.hypot(attacker[0] - tx, attacker[1] - ty)
    if length <= reach:
        start = attacker
    else:
        f = reach / length
        start = (tx + (attacker[0] - tx) * f, ty + (attacker[1] - ty) * f)
    minx, maxx = (start[0], tx) if start[0] <= tx else (tx, start[0])
    miny, maxy = (start[1], ty) if start[1] <= ty else (ty, start[1])
    best = 0
    for poly, rank in cover:
        if (
            rank > best
            and poly.bbox_hits(minx, miny, maxx, maxy)
            and poly.touches_segment(start, target)
        ):
            best = rank
    return best
