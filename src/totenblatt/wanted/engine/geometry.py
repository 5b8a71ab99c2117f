"""The engine's view of the table: sight lines, hard cover and memoised move candidates.

Every query is a pure function of positions on an immutable table, so one
:class:`Geometry` is shared by all games (and clones) on the same table. Sight,
cover and hard cover are answered by the :class:`~totenblatt.wanted.table.measure.Table`,
which caches them (one cache, whoever asks); this class adds only the memo of the
move candidates the engine builds from them. The moves it offers (:meth:`advance`,
:meth:`away`, :meth:`cover_spots`) come from the table's
:class:`~totenblatt.wanted.table.pathing.Router`, which caches routes and cover rankings
per position, so a figure that has not moved costs nothing new.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from totenblatt.wanted.engine.actions import Point
from totenblatt.wanted.table.pathing import Router, router_for
from totenblatt.wanted.vocab import CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.table.measure import Table

__all__ = ["Geometry", "Sight"]

Sight = tuple[float, bool]
"""Distance (D-11) and line of fire (D-15) between two figures."""

T = TypeVar("T")
_MOVES_LIMIT = 5_000
"""Memoised offered moves and resolved menu entries (a gangs menu holds ~37 moves): emptied
when full."""
_TURNS = tuple(
    (math.cos(turn), math.sin(turn))
    for turn in (0.0, math.pi / 6, -math.pi / 6, math.pi / 3, -math.pi / 3)
)
"""The directions tried for a move away: straight, then turned by 30 and 60 degrees."""


class Geometry:
    """The table plus a bounded memo of the move candidates the engine repeats."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.moves: dict[Hashable, Any] = {}
        """Move candidates by (positions, seat, budget); filled by :mod:`moves`."""

    @property
    def router(self) -> Router:
        """The table's path finder (built on first use)."""
        return router_for(self.table)

    def sight(self, a: Point, b: Point) -> Sight:
        """Distance and line of fire between ``a`` and ``b`` (the same both ways: the table
        is asked with the pair in order)."""
        return self.table.sight(a, b) if a <= b else self.table.sight(b, a)

    def cover(self, attacker: Point, target: Point) -> CoverLevel:
        """D-17 cover of ``target`` against ``attacker``."""
        return self.table.cover(attacker, target)

    def in_hard_cover(self, p: Point) -> bool:
        """D-12: may a figure standing at ``p`` be declared hidden?"""
        return self.table.in_hard_cover(p)

    def advance(
        self, start: Point, goal: Point, budget: float, blockers: Sequence[Point]
    ) -> tuple[Point, ...] | None:
        """``pathing.advance`` (the router tries the path ignoring bases first)."""
        if not isinstance(blockers, tuple):
            blockers = tuple(blockers)
        return self.router.advance(start, goal, budget, blockers)

    def away(
        self, start: Point, threat: Point, budget: float, blockers: tuple[Point, ...]
    ) -> tuple[Point, ...] | None:
        """A straight move of up to ``budget`` inches directly away from ``threat``.

        A goal beyond the table's edge is moved onto it (the move slides along the edge).
        When a wall or impassable terrain blocks the line, the direction turns by 30 and
        then 60 degrees either way; None when none of them is open and ends farther away.
        """
        start = (float(start[0]), float(start[1]))
        dx, dy = start[0] - threat[0], start[1] - threat[1]
        length = math.hypot(dx, dy)
        if not length:
            return None
        dx, dy = dx / length, dy / length
        for c, s in _TURNS:
            goal = self._clamped(
                start,
                (start[0] + (c * dx - s * dy) * budget, start[1] + (s * dx + c * dy) * budget),
            )
            path = self.router.straight(start, goal, budget, blockers)
            if path is not None and math.dist(path[-1], threat) > length:
                return path
        return None

    def _clamped(self, start: Point, goal: Point) -> Point:
        """``goal`` moved onto the table (so a move into the edge slides along it)."""
        table = self.table
        r = table.radius
        return (
            min(max(round(goal[0], 6), r), table.width - r),
            min(max(round(goal[1], 6), r), table.height - r),
        )

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()`` once per ``key`` (bounded cache)."""
        if key in self.moves:
            value: T = self.moves[key]
            return value
        value = compute()
        if len(self.moves) >= _MOVES_LIMIT:
            self.moves.clear()
        self.moves[key] = value
        return value
