"""The table: inches, terrain, measuring, movement cost, line of fire and cover (A6-A9).

Figures stand on round bases (1", D-11) and are placed by their centre. A
move is the path of the base's centre; its cost is its length, difficult
terrain counting ``difficult_factor`` times, plus ``window_cost`` for every
window the path goes through (A6). Building outlines are walls: a path may
cross them only through an opening. See ``docs/table.md``.

>>> from totenblatt.wanted.rules import Ruleset
>>> saloon = Terrain.rect("Saloon", "building", 4, 4, 8, 6,
...     openings=(Opening(OpeningKind.DOOR, (7, 4), (8.5, 4)),
...               Opening(OpeningKind.WINDOW, (12, 6), (12, 7.5))))
>>> table = Table.build(24, 24, (saloon,), Ruleset.load("base"))
>>> table.distance((0.5, 0.5), (0.5, 3.5))       # edge to edge (D-11)
2.0
>>> table.move_cost([(7.75, 2), (7.75, 6)])       # through the door
4.0
>>> table.move_cost([(14, 6.75), (10, 6.75)])     # through the window: 4" + 5"
9.0
>>> table.move_cost([(2, 5), (6, 5)])
Traceback (most recent call last):
...
totenblatt.wanted.table.measure.MoveError: the path crosses the wall of 'Saloon' ...: ...
>>> table.line_of_fire((2, 2), (20, 2)), table.cover((16, 8), (10, 8))
(True, <CoverLevel.HARD: 'hard'>)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar

from totenblatt.messages import Message, MessageError, Reason
from totenblatt.wanted.memo import remember as _remember
from totenblatt.wanted.table.planar import (
    EPS,
    Box,
    group_walls,
    point_segment_distance,
    poly_box,
)
from totenblatt.wanted.table.segments import (
    BLOCKED,
    BUILDING,
    DIFFICULT,
    IMPASSABLE,
    Blocked,
    Profile,
    cover_rank,
    obstacles,
    segment_profile,
    wall_between,
)
from totenblatt.wanted.table.terrain import (
    KIND_DEFAULTS,
    Opening,
    OpeningKind,
    Point,
    TableError,
    Terrain,
    TerrainKind,
    check_buildings_apart,
    checked_outline,
)
from totenblatt.wanted.vocab import CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.rules import Ruleset

__all__ = [
    "KIND_DEFAULTS",
    "BaseOverlapError",
    "MoveError",
    "Opening",
    "OpeningKind",
    "Point",
    "Table",
    "TableError",
    "Terrain",
    "TerrainKind",
    "remember",
]

_LEVELS = (CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.MEDIUM, CoverLevel.HARD)
_CACHE_LIMIT = 50_000
"""Entries a query cache holds before it starts afresh (see :func:`remember`)."""
_K = TypeVar("_K")
_V = TypeVar("_V")


class MoveError(MessageError):
    """A move that the rules do not allow; the message says why."""


class BaseOverlapError(MoveError):
    """A move that ends on another figure's base; ``blocker`` is its index in ``blockers``."""

    def __init__(self, *args: object, message: Message | None = None, blocker: int = -1) -> None:
        super().__init__(*args, message=message)
        self.blocker = blocker

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles keep the blocker (the message and the arguments too)."""
        return (_overlap, (self.args, self.message, self.blocker))


def _overlap(args: tuple[Any, ...], message: Message | None, blocker: int) -> BaseOverlapError:
    return BaseOverlapError(*args, message=message, blocker=blocker)


class Table:
    """A measured table with its terrain: a value whose queries are pure and cached.

    Build it with :meth:`build` (numbers from a ruleset) or directly with the numbers.
    Immutable: its numbers and terrain are fixed at construction (setting or deleting
    an attribute raises ``AttributeError``; the terrain pieces are frozen too). The
    only state that changes is the bounded caches of query results, which never
    change an answer. Tables compare and hash by identity: :meth:`build` returns the
    same object for the same size, terrain and numbers.

    >>> Table(12, 12).width = 13
    Traceback (most recent call last):
    ...
    AttributeError: a Table is immutable: cannot set 'width'
    """

    __slots__ = (
        "__weakref__",
        "_boxed",
        "_building_outlines",
        "_buildings",
        "_cover",
        "_cover_cache",
        "_cover_reach",
        "_difficult",
        "_hard",
        "_hard_reach",
        "_impassable",
        "_point_cache",
        "_polys",
        "_profile_cache",
        "_sealed",
        "_segment_cache",
        "_sight_cache",
        "_walls",
        "_why_cache",
        "_windows",
        "base_diameter",
        "cover_reach",
        "difficult_factor",
        "hard_cover_reach",
        "height",
        "measure",
        "radius",
        "terrain",
        "width",
        "window_cost",
    )

    width: Final[float]
    """Inches, left to right."""
    height: Final[float]
    """Inches, bottom to top."""
    terrain: Final[tuple[Terrain, ...]]
    measure: Final[Literal["edge", "centre"]]
    """D-11: distances from base edge to base edge, or centre to centre."""
    base_diameter: Final[float]
    radius: Final[float]
    """Half the base diameter."""
    difficult_factor: Final[float]
    """A6: an inch of difficult terrain costs this many."""
    window_cost: Final[float]
    """A6: inches added for every window a path goes through."""
    hard_cover_reach: Final[float]
    """D-12: how near a hard-cover piece a figure may be declared hidden."""
    cover_reach: Final[float]
    """D-17: how near the target cover along the line of fire counts."""

    def __init__(
        self,
        width: float,
        height: float,
        terrain: Sequence[Terrain] = (),
        *,
        measure: Literal["edge", "centre"] = "edge",
        base_diameter: float = 1.0,
        difficult_factor: float = 2.0,
        window_cost: float = 5.0,
        hard_cover_reach: float = 1.0,
        cover_reach: float = 1.0,
    ) -> None:
        if not (width > 0 and height > 0 and math.isfinite(width) and math.isfinite(height)):
            raise TableError(f"table size {width!r} x {height!r}: expected positive inches")
        if base_diameter <= 0 or 2 * base_diameter > min(width, height):
            raise TableError(f"base diameter {base_diameter!r} does not fit the table")
        self.width = float(width)
        self.height = float(height)
        self.terrain: tuple[Terrain, ...] = tuple(terrain)
        self.measure = measure
        self.base_diameter = float(base_diameter)
        self.radius = self.base_diameter / 2
        self.difficult_factor = float(difficult_factor)
        self.window_cost = float(window_cost)
        edge = self.radius if measure == "edge" else 0.0
        self.hard_cover_reach = float(hard_cover_reach)
        self.cover_reach = float(cover_reach)
        self._hard_reach = self.hard_cover_reach + edge
        self._cover_reach = self.cover_reach + edge
        self._polys = tuple(checked_outline(t, self.width, self.height) for t in self.terrain)
        found = obstacles(self.terrain, self._polys)
        self._buildings, self._walls, self._windows = found.buildings, found.walls, found.windows
        self._difficult, self._impassable = found.difficult, found.impassable
        self._cover, self._hard = found.cover, found.hard
        check_buildings_apart(self.terrain, self._buildings)
        self._building_outlines = [
            (poly_box(self._polys[i]), self._polys[i]) for i in self._buildings
        ]
        self._boxed: list[tuple[Box, str, Any, Any]] = [
            *((box, BUILDING, w, g) for box, w, g in group_walls(self._walls, self._windows)),
            *((poly_box(poly), IMPASSABLE, poly, index) for poly, index in self._impassable),
            *((poly_box(poly), DIFFICULT, poly, -1) for poly in self._difficult),
        ]
        """What a segment may meet, each with its box: buildings (walls, windows), then
        impassable pieces (outline, index), then difficult ones (outline); see ``_profile``."""
        self._segment_cache: dict[tuple[Point, Point], float] = {}
        self._profile_cache: dict[tuple[Point, Point], Profile] = {}
        self._why_cache: dict[tuple[Point, Point], str] = {}
        self._point_cache: dict[Point, tuple[int, bool]] = {}
        self._sight_cache: dict[tuple[Point, Point], tuple[float, bool]] = {}
        self._cover_cache: dict[tuple[Point, Point], CoverLevel] = {}
        self._sealed = True

    def __setattr__(self, name: str, value: object) -> None:
        """Only while the table is built: afterwards AttributeError (immutable)."""
        if getattr(self, "_sealed", False):
            raise AttributeError(f"a Table is immutable: cannot set {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        """Always AttributeError: a table is immutable."""
        raise AttributeError(f"a Table is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles are built again from the numbers (with empty caches)."""
        numbers = (self.measure, self.base_diameter, self.difficult_factor, self.window_cost)
        reaches = (self.hard_cover_reach, self.cover_reach)
        return (_rebuild, (self.width, self.height, self.terrain, *numbers, *reaches))

    # -- construction --------------------------------------------------------------

    @classmethod
    def build(
        cls,
        width: float,
        height: float,
        terrain: Sequence[Terrain],
        ruleset: Ruleset | str = "base",
    ) -> Table:
        """A table whose numbers come from ``ruleset.movement``, ``.hidden`` and ``.cover``.

        Tables are cached: the same size, terrain and numbers give the same object.
        """
        from totenblatt.wanted.rules import Ruleset

        rules = Ruleset.load(ruleset)
        m = rules.movement
        key = (
            float(width),
            float(height),
            tuple(terrain),
            m.measure,
            m.base_diameter,
            m.difficult_factor,
            m.window_cost,
            rules.hidden.hard_cover_reach,
            rules.cover.reach,
        )
        table = _TABLES.get(key)
        if table is None:
            table = cls(
                width,
                height,
                terrain,
                measure=m.measure,
                base_diameter=m.base_diameter,
                difficult_factor=m.difficult_factor,
                window_cost=m.window_cost,
                hard_cover_reach=rules.hidden.hard_cover_reach,
                cover_reach=rules.cover.reach,
            )
            if len(_TABLES) > 64:
                _TABLES.clear()
            _TABLES[key] = table
        return table

    def __repr__(self) -> str:
        """``Table(24 x 24, 5 terrain pieces)``."""
        return f"Table({self.width:g} x {self.height:g}, {len(self.terrain)} terrain pieces)"

    # -- measuring -----------------------------------------------------------------

    def distance(self, a: Point, b: Point) -> float:
        """Distance between two figures (D-11): base edge to base edge, or centre to centre.

        >>> Table(12, 12).distance((1, 1), (1, 1.5))
        0.0
        """
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        if self.measure == "edge":
            return max(0.0, d - self.base_diameter)
        return d

    def on_table(self, p: Point) -> bool:
        """True when a base centred at ``p`` lies wholly on the table."""
        r = self.radius
        return r - EPS <= p[0] <= self.width - r + EPS and r - EPS <= p[1] <= self.height - r + EPS

    def position_error(self, p: Point, blockers: Sequence[Point] = ()) -> Reason | None:
        """Why a base cannot stand at ``p`` (off the table, impassable, wall, base), or None."""
        x, y = p
        at = {"x": x, "y": y}
        if not self.on_table(p):
            size = {"width": self.width, "height": self.height}
            return Reason(
                f'({x:g}, {y:g}) is off the table: the whole {self.base_diameter:g}" base must '
                f"stand within {self.width:g} x {self.height:g}",
                Message(
                    '({x}, {y}) is off the table: the whole base must stand within {width}" x '
                    '{height}"',
                    **at,
                    **size,
                ),
            )
        for poly, index in self._impassable:
            if poly.interior(x, y):
                name = self.terrain[index].name
                return Reason(
                    f"({x:g}, {y:g}) is inside impassable terrain {name!r}",
                    Message("({x}, {y}) is inside impassable terrain {name}", name=name, **at),
                )
        for a, b, index in self._walls:
            if point_segment_distance(x, y, a, b) <= EPS:
                name = self.terrain[index].name
                return Reason(
                    f"({x:g}, {y:g}) is on the wall of {name!r}",
                    Message("({x}, {y}) is on the wall of {name}", name=name, **at),
                )
        for other in blockers:
            if math.hypot(other[0] - x, other[1] - y) < self.base_diameter - EPS:
                return Reason(
                    f"({x:g}, {y:g}) overlaps the base at ({other[0]:g}, {other[1]:g})",
                    Message(
                        "({x}, {y}) overlaps the base at ({ox}, {oy})",
                        ox=other[0],
                        oy=other[1],
                        **at,
                    ),
                )
        return None

    # -- movement ------------------------------------------------------------------

    def move_cost(self, path: Sequence[Point], *, blockers: Sequence[Point] = ()) -> float:
        """Inches a move along ``path`` (start first) costs (A6, D-11); MoveError when illegal.

        ``blockers`` are the centres of the other figures' bases: the move may pass
        them but not end overlapping one.
        """
        if not path:
            raise MoveError(Message("a path needs at least its start point"))
        points = [(float(p[0]), float(p[1])) for p in path]
        for p in points:
            if not self.on_table(p):
                raise MoveError(
                    Message(
                        "the path leaves the table at ({x}, {y}): the base must stay within "
                        '{width}" x {height}"',
                        x=p[0],
                        y=p[1],
                        width=self.width,
                        height=self.height,
                    )
                )
        total = 0.0
        for p, q in itertools.pairwise(points):
            total += self.segment_cost(p, q)
        end = points[-1]
        if len(points) == 1:
            problem = self.position_error(end)
            if problem:
                raise MoveError(problem)
        for index, other in enumerate(blockers):
            if math.hypot(other[0] - end[0], other[1] - end[1]) < self.base_diameter - EPS:
                raise BaseOverlapError(
                    f"the move ends at ({end[0]:g}, {end[1]:g}), overlapping the base at "
                    f"({other[0]:g}, {other[1]:g})",
                    message=Message(
                        "the move ends at ({x}, {y}), overlapping the base at ({ox}, {oy})",
                        x=end[0],
                        y=end[1],
                        ox=other[0],
                        oy=other[1],
                    ),
                    blocker=index,
                )
        return total

    def segment_cost(self, p: Point, q: Point) -> float:
        """Cost of moving straight from ``p`` to ``q`` (no table-edge or blocker check)."""
        cost = self._segment_cache.get((p, q))
        if cost is None:
            cost = self._costed(p, q)
        if cost == math.inf:
            raise MoveError(self._why(p, q))
        return cost

    def segment_cost_or_inf(self, p: Point, q: Point) -> float:
        """:meth:`segment_cost`, or infinity where a wall or impassable terrain is in the way."""
        cost = self._segment_cache.get((p, q))
        return self._costed(p, q) if cost is None else cost

    def _costed(self, p: Point, q: Point) -> float:
        length, difficult, windows = self._profiled((p, q))
        cost = length
        if difficult:
            extra = sum(t1 - t0 for t0, t1 in difficult) * length
            cost += (self.difficult_factor - 1) * extra
        if windows:
            cost += self.window_cost * len(windows)
        return remember(self._segment_cache, (p, q), cost)

    def profile(self, p: Point, q: Point) -> Profile:
        """Length of p→q, its parameter intervals in difficult terrain and its window crossings.

        A window counts where the segment meets it after its start (so a path
        pausing in a window pays once). Raises MoveError for a wall or impassable terrain.
        """
        found = self._profiled((p, q))
        if found[0] == math.inf:
            raise MoveError(self._why(p, q))
        return found

    def _profiled(self, key: tuple[Point, Point]) -> Profile:
        """:meth:`profile`, with an infinite length where the segment is blocked; cached.

        The caches hold only floats and tuples of floats, which the garbage collector
        stops tracking: their size does not slow its passes down.
        """
        found = self._profile_cache.get(key)
        if found is None:
            done = self._profile(*key)
            found = remember(
                self._profile_cache, key, BLOCKED if isinstance(done, Blocked) else done
            )
        return found

    def _why(self, p: Point, q: Point) -> str:
        """Why the segment p→q is illegal (worked out again, for the error message only)."""
        text = self._why_cache.get((p, q))
        if text is None:
            done = self._profile(p, q)
            text = (
                done.text(self.terrain)
                if isinstance(done, Blocked)
                else Reason("the path is blocked", Message("the path is blocked"))
            )
            remember(self._why_cache, (p, q), text)
        return text

    def _profile(self, p: Point, q: Point) -> Profile | Blocked:
        return segment_profile(self._boxed, p, q)

    # -- buildings, line of fire, cover --------------------------------------------

    def _point(self, p: Point) -> tuple[int, bool]:
        """(building index or -1, in hard cover) of a base centred at ``p``; cached."""
        entry = self._point_cache.get(p)
        if entry is None:
            entry = remember(self._point_cache, p, (self._find_building(p), self._compute_hard(p)))
        return entry

    def _building_index(self, p: Point) -> int:
        return self._point(p)[0]

    def _find_building(self, p: Point) -> int:
        for index in self._buildings:
            if self._polys[index].contains(p[0], p[1]):
                return index
        return -1

    def building_at(self, p: Point) -> Terrain | None:
        """The building a base centred at ``p`` stands in (its outline included), or None."""
        index = self._building_index(p)
        return None if index < 0 else self.terrain[index]

    def in_hard_cover(self, p: Point) -> bool:
        """D-12: inside a building, or within ``hidden.hard_cover_reach`` of a hard-cover piece.

        The reach is measured from the base's edge when ``measure = "edge"``.
        """
        entry = self._point_cache.get(p)
        return (self._point(p) if entry is None else entry)[1]

    def _compute_hard(self, p: Point) -> bool:
        if self._find_building(p) >= 0:
            return True
        reach = self._hard_reach
        x, y = p
        for poly in self._hard:
            if poly.bbox_hits(x - reach, y - reach, x + reach, y + reach) and (
                poly.distance(x, y) <= reach + EPS
            ):
                return True
        return False

    def line_of_fire(self, a: Point, b: Point) -> bool:
        """D-15: False when a building wall stands between ``a`` and ``b``.

        A building's walls do not block when the attacker or the target is inside it.
        """
        return self.sight(a, b)[1]

    def sight(self, a: Point, b: Point) -> tuple[float, bool]:
        """:meth:`distance` and :meth:`line_of_fire` from ``a`` to ``b``, cached together: the
        one cache of these answers (the engine's ``Geometry`` asks it, never keeps a copy)."""
        key = (a, b)
        found = self._sight_cache.get(key)
        if found is None:
            found = remember(self._sight_cache, key, (self.distance(a, b), self._compute_lof(a, b)))
        return found

    def cover(self, attacker: Point, target: Point) -> CoverLevel:
        """D-17: cover of ``target`` against a shot from ``attacker`` (never HIDDEN).

        Hard when the target is inside a building the attacker is not in; else the
        best cover of the pieces the line of fire meets within ``cover.reach`` of
        the target (from its base edge with ``measure = "edge"``).
        """
        key = (attacker, target)
        found = self._cover_cache.get(key)
        if found is None:
            found = remember(self._cover_cache, key, self._compute_cover(attacker, target))
        return found

    def _compute_lof(self, a: Point, b: Point) -> bool:
        return not wall_between(self._building_outlines, a, b)

    def _compute_cover(self, attacker: Point, target: Point) -> CoverLevel:
        inside = self._building_index(target)
        if inside >= 0 and inside != self._building_index(attacker):
            return CoverLevel.HARD
        return _LEVELS[cover_rank(self._cover, self._cover_reach, attacker, target)]


def remember(cache: dict[_K, _V], key: _K, value: _V, limit: int | None = None) -> _V:
    """Store ``value`` under ``key`` and return it; a cache over ``limit`` entries (default
    :data:`_CACHE_LIMIT`, read at the call) starts afresh.

    For caches of pure query results only: forgetting them never changes an answer.
    """
    return _remember(cache, key, value, _CACHE_LIMIT if limit is None else limit)


def _rebuild(
    width: float,
    height: float,
    terrain: tuple[Terrain, ...],
    measure: Literal["edge", "centre"],
    base_diameter: float,
    difficult_factor: float,
    window_cost: float,
    hard_cover_reach: float,
    cover_reach: float,
) -> Table:
    """A :class:`Table` from its numbers (for copies and pickles)."""
    return Table(
        width,
        height,
        terrain,
        measure=measure,
        base_diameter=base_diameter,
        difficult_factor=difficult_factor,
        window_cost=window_cost,
        hard_cover_reach=hard_cover_reach,
        cover_reach=cover_reach,
    )


_TABLES: dict[tuple[object, ...], Table] = {}
