"""Terrain pieces of a Wanted table: kinds with their default cover, openings, outlines.

A piece is a polygon (inches, x right, y up) with a kind, a cover level (A9)
and two movement flags (A6, D-11). A building's outline is its wall; figures
cross it only through its openings (doors and windows).

>>> rocks = Terrain.make("rocks", outline=((10, 10), (12, 10), (11, 12)))
>>> rocks.cover, rocks.difficult, rocks.impassable
(<CoverLevel.HARD: 'hard'>, True, False)
>>> Terrain.rect("Saloon", "building", 0, 0, 8, 6).outline
((0.0, 0.0), (8.0, 0.0), (8.0, 6.0), (0.0, 6.0))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import shapely

from totenblatt.wanted.table.planar import EPS, Poly, point_segment_distance
from totenblatt.wanted.vocab import CoverLevel

__all__ = [
    "KIND_DEFAULTS",
    "Opening",
    "OpeningKind",
    "Point",
    "TableError",
    "Terrain",
    "TerrainKind",
    "check_buildings_apart",
    "checked_outline",
    "split_outline",
]

Point = tuple[float, float]
"""A point on the table in inches: (x, y), origin at the bottom-left corner."""


class TerrainKind(StrEnum):
    """Kinds of terrain piece; each has a default cover level and movement flags."""

    BUILDING = "building"
    """Gebäude — walls block movement (except openings) and line of fire; hard cover inside."""
    WALL = "wall"
    """small stone or wooden wall (kleine Steinmauer, Holzmauer) — medium cover, climbable."""
    STONE_WALL = "stone_wall"
    """large stone wall (große Steinmauer) — hard cover, impassable."""
    FENCE = "fence"
    """wooden fence (Holzzaun) — light cover, climbable."""
    ROCKS = "rocks"
    """Felsen — hard cover, difficult ground."""
    TRENCH = "trench"
    """Graben — hard cover, difficult ground."""
    TABLE = "table"
    """Tisch — light cover, difficult to cross."""
    COUNTER = "counter"
    """Tresen — medium cover, difficult to cross."""
    TROUGH = "trough"
    """water trough (Tränke) — medium cover, difficult to cross."""
    BARREL = "barrel"
    """barrels, crates: small object (kleiner Gegenstand) — light cover, difficult to cross."""
    WAGON = "wagon"
    """wagon: large object (großer Gegenstand) — medium cover, impassable."""
    ROUGH = "rough"
    """rough ground, scrub — no cover, difficult ground."""
    RIVER = "river"
    """river, creek — no cover, difficult ground."""
    WATER = "water"
    """deep water — no cover, impassable."""


class OpeningKind(StrEnum):
    """A gap in a building wall."""

    DOOR = "door"
    """Tür — crossing costs nothing extra."""
    WINDOW = "window"
    """Fenster — crossing costs ``movement.window_cost`` (5", A6)."""


KIND_DEFAULTS: dict[TerrainKind, tuple[CoverLevel, bool, bool]] = {
    TerrainKind.BUILDING: (CoverLevel.HARD, False, False),
    TerrainKind.WALL: (CoverLevel.MEDIUM, True, False),
    TerrainKind.STONE_WALL: (CoverLevel.HARD, False, True),
    TerrainKind.FENCE: (CoverLevel.LIGHT, True, False),
    TerrainKind.ROCKS: (CoverLevel.HARD, True, False),
    TerrainKind.TRENCH: (CoverLevel.HARD, True, False),
    TerrainKind.TABLE: (CoverLevel.LIGHT, True, False),
    TerrainKind.COUNTER: (CoverLevel.MEDIUM, True, False),
    TerrainKind.TROUGH: (CoverLevel.MEDIUM, True, False),
    TerrainKind.BARREL: (CoverLevel.LIGHT, True, False),
    TerrainKind.WAGON: (CoverLevel.MEDIUM, False, True),
    TerrainKind.ROUGH: (CoverLevel.NONE, True, False),
    TerrainKind.RIVER: (CoverLevel.NONE, True, False),
    TerrainKind.WATER: (CoverLevel.NONE, False, True),
}
"""Default (cover, difficult, impassable) of each kind (A9 cover table); a scenario may override."""


@dataclass(frozen=True, slots=True)
class Opening:
    """A door or window: the segment ``a``-``b`` of a building's outline that is not wall."""

    kind: OpeningKind
    a: Point
    b: Point

    @property
    def width(self) -> float:
        """Length of the gap in inches."""
        return math.dist(self.a, self.b)

    @property
    def midpoint(self) -> Point:
        """Centre of the gap."""
        return ((self.a[0] + self.b[0]) / 2, (self.a[1] + self.b[1]) / 2)


@dataclass(frozen=True, slots=True)
class Terrain:
    """One terrain piece: a polygon with a kind, a cover level and movement flags."""

    name: str
    kind: TerrainKind
    outline: tuple[Point, ...]
    cover: CoverLevel
    difficult: bool
    impassable: bool
    openings: tuple[Opening, ...] = ()
    name_de: str = ""
    """The German name people read (empty: the name serves both languages)."""

    @property
    def is_building(self) -> bool:
        """True for a building (its outline is a wall with openings)."""
        return self.kind is TerrainKind.BUILDING

    @classmethod
    def make(
        cls,
        kind: TerrainKind | str,
        *,
        outline: tuple[tuple[float, float], ...],
        name: str = "",
        cover: CoverLevel | str | None = None,
        difficult: bool | None = None,
        impassable: bool | None = None,
        openings: tuple[Opening, ...] = (),
        name_de: str = "",
    ) -> Terrain:
        """A piece of ``kind`` with the kind's defaults for whatever is not given."""
        kind = TerrainKind(kind)
        d_cover, d_difficult, d_impassable = KIND_DEFAULTS[kind]
        return cls(
            name=name or kind.value,
            kind=kind,
            outline=tuple((float(x), float(y)) for x, y in outline),
            cover=d_cover if cover is None else CoverLevel(cover),
            difficult=d_difficult if difficult is None else difficult,
            impassable=d_impassable if impassable is None else impassable,
            openings=openings,
            name_de=name_de,
        )

    @classmethod
    def rect(
        cls,
        name: str,
        kind: TerrainKind | str,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        openings: tuple[Opening, ...] = (),
        cover: CoverLevel | str | None = None,
        difficult: bool | None = None,
        impassable: bool | None = None,
    ) -> Terrain:
        """An axis-aligned rectangle with its bottom-left corner at (x, y)."""
        outline = ((x, y), (x + width, y), (x + width, y + height), (x, y + height))
        return cls.make(
            kind,
            outline=outline,
            name=name,
            cover=cover,
            difficult=difficult,
            impassable=impassable,
            openings=openings,
        )


class TableError(ValueError):
    """A table that cannot be built: bad size, broken outline, misplaced opening."""


def checked_outline(piece: Terrain, width: float, height: float) -> Poly:
    """The piece's polygon, after checking it with shapely (simple, non-empty, on the table)."""
    if len(piece.outline) < 3:
        raise TableError(f"terrain {piece.name!r}: an outline needs at least 3 corners")
    shape = shapely.Polygon(piece.outline)
    if not shape.is_valid or shape.area <= EPS:
        reason = shapely.is_valid_reason(shape)
        raise TableError(f"terrain {piece.name!r}: outline is not a simple polygon ({reason})")
    if not shapely.box(0, 0, width, height).buffer(EPS).covers(shape):
        raise TableError(
            f"terrain {piece.name!r}: outline reaches off the {width:g} x {height:g} table"
        )
    return Poly(piece.outline)


def split_outline(
    piece: Terrain, poly: Poly
) -> tuple[list[tuple[Point, Point]], list[tuple[Point, Point]]]:
    """A building's wall segments (outline minus openings) and its window segments."""
    cuts: list[list[tuple[float, float]]] = [[] for _ in poly.edges]
    windows: list[tuple[Point, Point]] = []
    for opening in piece.openings:
        if opening.width <= EPS:
            raise TableError(
                f"building {piece.name!r}: {opening.kind} {opening.a}-{opening.b} has no width"
            )
        edge_index = next(
            (
                i
                for i, (a, b) in enumerate(poly.edges)
                if point_segment_distance(*opening.a, a, b) <= 1e-6
                and point_segment_distance(*opening.b, a, b) <= 1e-6
            ),
            None,
        )
        if edge_index is None:
            raise TableError(
                f"building {piece.name!r}: {opening.kind} {opening.a}-{opening.b} does not lie "
                "on one side of the outline"
            )
        a, b = poly.edges[edge_index]
        length = math.dist(a, b)
        s0 = math.dist(a, opening.a) / length
        s1 = math.dist(a, opening.b) / length
        lo, hi = min(s0, s1), max(s0, s1)
        for other in cuts[edge_index]:
            if lo < other[1] - EPS and hi > other[0] + EPS:
                raise TableError(f"building {piece.name!r}: openings overlap at {opening.a}")
        cuts[edge_index].append((lo, hi))
        if opening.kind is OpeningKind.WINDOW:
            windows.append((opening.a, opening.b))
    walls: list[tuple[Point, Point]] = []
    for (a, b), gaps in zip(poly.edges, cuts, strict=True):
        s = 0.0
        for lo, hi in sorted(gaps):
            if lo > s + EPS:
                walls.append((lerp(a, b, s), lerp(a, b, lo)))
            s = hi
        if s < 1 - EPS:
            walls.append((lerp(a, b, s), b))
    return walls, windows


def lerp(a: Point, b: Point, s: float) -> Point:
    """The point a fraction ``s`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s)


def check_buildings_apart(terrain: tuple[Terrain, ...], buildings: list[int]) -> None:
    """Refuse buildings that overlap (their outlines share area)."""
    shapes = [shapely.Polygon(terrain[i].outline) for i in buildings]
    for i, first in enumerate(shapes):
        for j in range(i + 1, len(shapes)):
            if first.intersection(shapes[j]).area > EPS:
                raise TableError(
                    f"buildings {terrain[buildings[i]].name!r} and "
                    f"{terrain[buildings[j]].name!r} overlap"
                )
