"""The destinations of one table and everything measured between them, once per table.

The fast path's figures stand only on *nodes*: the scenario's starting points, the
router's cover spots (along cover pieces, inside buildings, both sides of every door
and window) and a grid of legal standing points every :data:`SPACING` inches. A move
goes from a node to another node along a fixed path whose cost is the reference
table's own :meth:`~totenblatt.wanted.table.measure.Table.move_cost` of that path;
sight (distance and line of fire), cover and hard cover between nodes are the
reference table's answers too, asked once and kept (the lines of fire from a
destination that asks often are worked out for all destinations at once, by
:mod:`~totenblatt.wanted.fast.sightlines`, which leaves the table only what is close to
call).

Which paths: the straight line when it is the cheapest, else the cheapest route
through the router's nodes (corners, doors, windows), both found with the router's
vectorised estimates and then costed exactly. The exact cost is the one the fast
path charges, so the reference engine accepts the same path at the same cost (its
*shadow*, docs/engine.md "The fast path").

A node's reach (every destination within the largest club and its cost) is worked
out the first time a figure stands on it; :meth:`Board.prepare` works out all of them
(about a second per table) for a benchmark or a long simulation.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from totenblatt.wanted.fast.sightlines import CLEAR, UNSURE, SightLines
from totenblatt.wanted.table.pathing import router_for
from totenblatt.wanted.table.planar import EPS
from totenblatt.wanted.vocab import CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.measure import Table

__all__ = ["COVERS", "ROW_AFTER", "SPACING", "Board", "board_for"]

Point = tuple[float, float]

SPACING = 2.0
"""Inches between the grid's destinations."""
COVERS = (CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.MEDIUM, CoverLevel.HARD)
"""Cover levels by number (0-3); the fast path keeps cover as these numbers."""
_COVER_NUMBER = {level: i for i, level in enumerate(COVERS)}
ROW_AFTER = 8
"""Lines of fire a destination asks of the table one by one before its whole row is worked
out (:class:`~totenblatt.wanted.fast.sightlines.SightLines`: about as dear as 30 of them)."""
_MOVE_EPS = 1e-9
"""The move check's tolerance on a club's inches (``moves.check_move``)."""


class Board:
    """Nodes of one table, their measurements and reaches (see the module docstring).

    ``reach_limit`` is the most inches any move may cost (the largest club plus any
    bonus); ``starts`` are points that must be nodes (the scenario's figures).
    """

    def __init__(self, table: Table, reach_limit: float, starts: Sequence[Point] = ()) -> None:
        self.table = table
        self.reach_limit = float(reach_limit)
        router = router_for(table)
        self._router = router
        points: list[Point] = []
        seen: dict[Point, int] = {}

        def add(p: Point) -> None:
            q = (float(p[0]), float(p[1]))
            if q in seen or table.position_error(q) is not None:
                return
            if any(math.dist(q, r) < 0.05 for r in points):
                return
            seen[q] = len(points)
            points.append(q)

        for p in starts:
            add(p)
        for p in router.spots:
            add(p)
        r = table.radius
        x = max(SPACING / 2, r)
        xs = []
        while x <= table.width - r + EPS:
            xs.append(x)
            x += SPACING
        y = max(SPACING / 2, r)
        ys = []
        while y <= table.height - r + EPS:
            ys.append(y)
            y += SPACING
        for gx in xs:
            for gy in ys:
                add((gx, gy))
        self.points: list[Point] = points
        """Every node, fixed destinations first; positions met later are appended."""
        self.destinations = len(points)
        """Nodes ``0 … destinations-1`` are the destinations a move may end on."""
        self.index: dict[Point, int] = dict(seen)
        self.hard: list[bool] = [table.in_hard_cover(p) for p in points]
        """D-12 per node: may a figure standing there hide?"""
        self._xy = np.array(points, dtype=np.float64)
        self._sight: dict[int, tuple[float, bool]] = {}
        self._lines: SightLines | None = None
        self._rows: list[bytes | None] = [None] * len(points)
        """Per destination: its :meth:`SightLines.row`, once worked out."""
        self._asked = [0] * len(points)
        """Per destination: lines of fire asked of the table before its row is worked out."""
        self._cover: dict[int, int] = {}
        self._reach: list[tuple[list[float], list[int]] | None] = [None] * len(points)
        self._paths: dict[int, tuple[Point, ...]] = {}
        self._within: dict[tuple[int, float], tuple[int, ...]] = {}
        self._shapes: dict[int, tuple[list[int], dict[int, int], list[int]]] = {}
        reach = table.base_diameter - EPS
        xy = self._xy[: self.destinations]
        self._conflicts: list[tuple[int, ...] | None] = [None] * len(points)
        self._reach_base = reach
        self._dest_xy = xy
        nodes = router.node_xy
        self._graph = len(nodes) > 0
        if self._graph:
            self._to_graph = np.vstack([router.batch.costs(p, nodes) for p in points])
            """Estimated straight cost from every node to every router node."""

    # -- nodes -------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Nodes known so far (destinations and positions met later)."""
        return len(self.points)

    def node(self, p: Point) -> int:
        """The node standing for point ``p``, added (as a position, never a destination) if new."""
        q = (float(p[0]), float(p[1]))
        found = self.index.get(q)
        if found is not None:
            return found
        k = len(self.points)
        self.points.append(q)
        self.index[q] = k
        self.hard.append(self.table.in_hard_cover(q))
        self._reach.append(None)
        self._conflicts.append(None)
        self._xy = np.vstack([self._xy, np.array([q])])
        if self._graph:
            row = self._router.batch.costs(q, self._router.node_xy)
            self._to_graph = np.vstack([self._to_graph, row[None, :]])
        return k

    def conflicts(self, i: int) -> tuple[int, ...]:
        """Destinations a move may not end on while a figure stands on node ``i`` (bases
        overlap: the check of ``Table.move_cost``)."""
        found = self._conflicts[i]
        if found is None:
            p = self.points[i]
            xy = self._dest_xy
            near = np.nonzero(np.hypot(xy[:, 0] - p[0], xy[:, 1] - p[1]) < self._reach_base + 1e-6)
            out = []
            base = self.table.base_diameter
            for j in near[0].tolist():
                q = self.points[j]
                if math.hypot(p[0] - q[0], p[1] - q[1]) < base - EPS:
                    out.append(j)
            found = self._conflicts[i] = tuple(out)
        return found

    # -- sight and cover ---------------------------------------------------------------

    def sight(self, i: int, j: int) -> tuple[float, bool]:
        """Distance (D-11) and line of fire (D-15) between nodes ``i`` and ``j``, exactly as
        the engine's ``Geometry.sight`` answers them (the same either way round)."""
        key = i * 1_000_003 + j
        found = self._sight.get(key)
        if found is None:
            found = self._measure_sight(i, j)
            self._sight[key] = found
            self._sight[j * 1_000_003 + i] = found
        return found

    def _measure_sight(self, i: int, j: int) -> tuple[float, bool]:
        """``Table.sight`` of nodes ``i`` and ``j`` (the lesser point first); the line of fire
        from a row of :class:`~totenblatt.wanted.fast.sightlines.SightLines` where it is sure."""
        a, b = self.points[i], self.points[j]
        if b < a:
            a, b = b, a
        if i < self.destinations and j < self.destinations:
            rows = self._rows
            row = rows[i]
            if row is None:
                row = rows[j]
            if row is None and self._asked[i] >= ROW_AFTER:
                row = rows[i] = self._sight_lines().row(i)
            if row is not None:
                verdict = row[j]
                if verdict != UNSURE:
                    return self.table.distance(a, b), verdict == CLEAR
            else:
                self._asked[i] += 1
        return self.table.sight(a, b)

    def _sight_lines(self) -> SightLines:
        lines = self._lines
        if lines is None:
            lines = self._lines = SightLines(self.table, self._dest_xy)
        return lines

    def cover(self, attacker: int, target: int) -> int:
        """D-17 cover (0-3, see :data:`COVERS`) of ``target`` against ``attacker``."""
        key = attacker * 1_000_003 + target
        found = self._cover.get(key)
        if found is None:
            level = self.table.cover(self.points[attacker], self.points[target])
            found = self._cover[key] = _COVER_NUMBER[level]
        return found

    # -- moves -------------------------------------------------------------------------

    def reach(self, i: int) -> tuple[list[float], list[int]]:
        """Destinations a move from node ``i`` may end on within :attr:`reach_limit` inches,
        cheapest first: their exact costs and their nodes."""
        found = self._reach[i]
        if found is None:
            found = self._reach[i] = self._compute_reach(i)
        return found

    def within(self, i: int, budget: float) -> tuple[int, ...]:
        """Destinations reachable from ``i`` for at most ``budget`` inches (cheapest first)."""
        key = (i, budget)
        found = self._within.get(key)
        if found is None:
            costs, nodes = self.reach(i)
            found = tuple(nodes[: bisect.bisect_right(costs, budget + _MOVE_EPS)])
            self._within[key] = found
        return found

    def count_within(self, i: int, budget: float) -> int:
        """How many destinations :meth:`within` gives (the first ones of :meth:`reach`)."""
        return bisect.bisect_right(self.reach(i)[0], budget + _MOVE_EPS)

    def menu_shape(self, i: int) -> tuple[list[int], dict[int, int], list[int]]:
        """The move menu from node ``i`` less its base id, for every budget at once: each
        destination ``j`` of :meth:`reach` (cheapest first) as ``2 j``, and ``2 j + 1`` where it
        is in hard cover (hidden); where each destination's first offset is; and how many
        offsets the first ``k`` destinations take (a budget's menu is a beginning of it)."""
        found = self._shapes.get(i)
        if found is None:
            hard = self.hard
            offsets: list[int] = []
            where: dict[int, int] = {}
            ends = [0]
            for j in self.reach(i)[1]:
                where[j] = len(offsets)
                offsets.append(2 * j)
                if hard[j]:
                    offsets.append(2 * j + 1)
                ends.append(len(offsets))
            found = self._shapes[i] = (offsets, where, ends)
        return found

    def cost(self, i: int, j: int) -> float:
        """The exact cost of the move from ``i`` to destination ``j`` (``inf``: beyond reach)."""
        costs, nodes = self.reach(i)
        try:
            return costs[nodes.index(j)]
        except ValueError:
            return math.inf

    def path(self, i: int, j: int) -> tuple[Point, ...]:
        """The path of the move from ``i`` to ``j`` (start first): its shadow's path."""
        found = self._paths.get(i * 1_000_003 + j)
        if found is None:
            self.reach(i)
            found = self._paths[i * 1_000_003 + j]
        return found

    def prepare(self) -> None:
        """Work out every destination's reach, menu shape and lines of fire now (for a
        benchmark or a long simulation)."""
        for i in range(self.destinations):
            self.menu_shape(i)
            if self._rows[i] is None:
                self._rows[i] = self._sight_lines().row(i)

    def _compute_reach(self, i: int) -> tuple[list[float], list[int]]:
        from totenblatt.wanted.table.measure import MoveError

        table = self.table
        router = self._router
        start = self.points[i]
        limit = self.reach_limit
        xy = self._dest_xy
        near = np.hypot(xy[:, 0] - start[0], xy[:, 1] - start[1])
        candidates = np.nonzero(near <= limit + 1e-6)[0]
        straight = router.batch.costs(start, xy[candidates])
        via_cost = np.full(len(candidates), math.inf)
        via_a = via_b = None
        if self._graph:
            to_graph = self._to_graph[i]  # start -> router node a
            # cheapest start -> a -> ... -> b, for every b: min over a
            total = to_graph[:, None] + router.dist  # (M, M)
            first = np.argmin(total, axis=0)
            reach_b = total[first, np.arange(total.shape[1])]
            last = self._to_graph[candidates] + reach_b[None, :]  # (K, M): via b then to dest
            via_b = np.argmin(last, axis=1)
            via_cost = last[np.arange(len(candidates)), via_b]
            via_a = first[via_b]
        scored: list[tuple[float, int]] = []
        for k, j in enumerate(candidates.tolist()):
            if j == i:
                continue
            end = self.points[j]
            paths: list[tuple[Point, ...]] = []
            if straight[k] <= limit + 1e-6:
                paths.append((start, end))
            if (
                via_a is not None
                and via_b is not None
                and via_cost[k] < straight[k] - 1e-9
                and via_cost[k] <= limit + 1e-6
            ):
                hops = router._indices(int(via_a[k]), int(via_b[k]))
                paths.append((start, *(router.nodes[h] for h in hops), end))
            best: tuple[float, tuple[Point, ...]] | None = None
            for path in paths:
                try:
                    cost = table.move_cost(path)
                except MoveError:
                    continue
                if cost <= limit + _MOVE_EPS and (best is None or cost < best[0]):
                    best = (cost, path)
            if best is not None and math.dist(start, end) > 1e-6:
                scored.append((best[0], j))
                self._paths[i * 1_000_003 + j] = best[1]
        scored.sort()
        return [c for c, _ in scored], [j for _, j in scored]


_BOARDS: dict[tuple[int, float], tuple[Table, Board]] = {}


def board_for(table: Table, ruleset: Ruleset, starts: Sequence[Point] = ()) -> Board:
    """The board of ``table`` for the clubs of ``ruleset`` (one per table and reach, kept)."""
    limit = reach_limit(ruleset)
    key = (id(table), limit)
    found = _BOARDS.get(key)
    if found is None or found[0] is not table:
        if len(_BOARDS) > 32:
            _BOARDS.clear()
        found = _BOARDS[key] = (table, Board(table, limit, starts))
    board = found[1]
    for p in starts:
        board.node(p)
    return board


def reach_limit(ruleset: Ruleset) -> float:
    """The most inches a move may cost: the best club or joker plus the best Light-Footed bonus."""
    from totenblatt.cards import Card, Rank, Suit

    best = max(
        [ruleset.card_value(Card(rank, Suit.CLUBS)) for rank in Rank] + [ruleset.jokers.club_inches]
    )
    if ruleset.abilities.enabled:
        best += 4 * max(ruleset.abilities.light_footed_1, ruleset.abilities.light_footed_2, 0)
    return float(best)
