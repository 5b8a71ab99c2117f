"""Memoised table queries for the engine: sight lines, hard cover and move candidates.

Every query is a pure function of positions on an immutable table, so one
:class:`Geometry` is shared by all games (and clones) on the same table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from totenblatt.wanted.actions import Point
from totenblatt.wanted.vocab import CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.table import Table

__all__ = ["Geometry", "Sight"]

Sight = tuple[float, bool]
"""Distance (D-11) and line of fire (D-15) between two figures."""

T = TypeVar("T")
_LIMIT = 100_000
_MISSING = object()


class Geometry:
    """The table plus bounded memo tables for the queries the engine repeats."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._sight: dict[tuple[Point, Point], Sight] = {}
        self._cover: dict[tuple[Point, Point], CoverLevel] = {}
        self._hard: dict[Point, bool] = {}
        self._advance: dict[tuple[Point, Point, float], object] = {}
        self.moves: dict[Hashable, Any] = {}
        """Move candidates by (positions, seat, budget); filled by :mod:`moves`."""

    def sight(self, a: Point, b: Point) -> Sight:
        """Distance and line of fire from ``a`` to ``b``."""
        key = (a, b)
        found = self._sight.get(key)
        if found is None:
            table = self.table
            found = (table.distance(a, b), table.line_of_fire(a, b))
            _put(self._sight, key, found)
        return found

    def cover(self, attacker: Point, target: Point) -> CoverLevel:
        """D-17 cover of ``target`` against ``attacker``."""
        key = (attacker, target)
        found = self._cover.get(key)
        if found is None:
            found = CoverLevel(self.table.cover(attacker, target))
            _put(self._cover, key, found)
        return found

    def in_hard_cover(self, p: Point) -> bool:
        """D-12: may a figure standing at ``p`` be declared hidden?"""
        found = self._hard.get(p)
        if found is None:
            found = bool(self.table.in_hard_cover(p))
            _put(self._hard, p, found)
        return found

    def advance(
        self, start: Point, goal: Point, budget: float, blockers: Sequence[Point]
    ) -> tuple[Point, ...] | None:
        """``Table.advance``, memoised without the blockers where they do not matter.

        The table routes around terrain only and then stops short of a base, so a
        path whose end touches no blocker is the answer for any blockers.
        """
        key = (start, goal, budget)
        free = self._advance.get(key, _MISSING)
        if free is _MISSING:
            free = self.table.advance(start, goal, budget)
            _put(self._advance, key, free)
        if free is None:
            return None
        assert isinstance(free, tuple)
        end, reach = free[-1], self.table.base_diameter
        if all(math.dist(end, b) >= reach for b in blockers):
            return free
        return self.table.advance(start, goal, budget, blockers=blockers)

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` once per ``key`` (bounded cache)."""
        if key in self.moves:
            value: T = self.moves[key]
            return value
        value = compute()
        _put(self.moves, key, value)
        return value


def _put(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= _LIMIT:
        cache.clear()
    cache[key] = value
