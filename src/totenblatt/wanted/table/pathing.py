"""Path finding on a table: a visibility graph through doors, windows and around obstacles.

The graph's nodes are points a base-radius (plus a hair) outside the corners of
buildings, impassable and thick difficult pieces, inside building corners and on
both sides of every door and window; cover spots line the cover pieces and the
insides of buildings. Edge costs are :meth:`Table.segment_cost` (difficult ×2,
windows +5"); the cheapest costs between all nodes, and from every node to every
spot, are computed once per table. A route costs the straight line first and
stops there when no way round can be cheaper (a lower bound through the nodes);
else it takes the goal's costs to every node (vectorised, once per goal) and
tries first legs from the start in the order of a straight-line lower bound,
each costed exactly, until no other node can beat the best. Everything the
router returns is costed with the exact per-segment method.

>>> from totenblatt.wanted.table.scenario import load_scenario
>>> table = load_scenario("duel").table()
>>> advance(table, (12, 1.5), (12, 10), 6)
((12.0, 1.5), (12.0, 7.5))
>>> path = advance(table, (12, 1.5), (12, 34.5), 30)   # around the wagon
>>> len(path) > 2, table.move_cost(path) <= 30
(True, True)
"""

from __future__ import annotations

import itertools
import math
import weakref
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from totenblatt.wanted.memo import remember
from totenblatt.wanted.table.batch import Batch, all_pairs, candidate_points, spot_potentials
from totenblatt.wanted.table.legs import affordable, clear_of_bases, short_of
from totenblatt.wanted.table.measure import Table
from totenblatt.wanted.table.planar import EPS
from totenblatt.wanted.table.terrain import Point
from totenblatt.wanted.vocab import CoverLevel

__all__ = ["Router", "advance", "cover_spots", "router_for"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Points = tuple[Point, ...]
_INF = math.inf
_SPOT_RADIUS = 12.0
"""Cover spots are ranked within this many inches of the start (a joker's move)."""
_RANK = {CoverLevel.NONE: 0, CoverLevel.LIGHT: 1, CoverLevel.MEDIUM: 2, CoverLevel.HARD: 3}
_CACHE_LIMIT = 4096
"""Entries per cache before it is emptied (rows of node costs are the big ones)."""

Score = tuple[int, int, int]
_Ranked = tuple[float, tuple[int, ...], tuple[float, ...]]
"""Radius searched, spot indices best first, their distances from the start."""


_ROUTERS: weakref.WeakKeyDictionary[Table, Router] = weakref.WeakKeyDictionary()


def router_for(table: Table) -> Router:
    """The path finder over ``table``: built on first use, kept as long as the table."""
    router = _ROUTERS.get(table)
    if router is None:
        router = _ROUTERS[table] = Router(table)
    return router


def advance(
    table: Table, start: Point, goal: Point, budget: float, *, blockers: Sequence[Point] = ()
) -> tuple[Point, ...] | None:
    """A legal path from ``start`` costing at most ``budget`` that gets close to ``goal``.

    It follows the cheapest route (through doors and windows where needed) and
    stops where the budget runs out or just short of a base; None when it
    cannot make progress.
    """
    return router_for(table).advance(start, goal, budget, tuple(blockers))


def cover_spots(
    table: Table,
    start: Point,
    budget: float,
    threats: Sequence[Point],
    *,
    blockers: Sequence[Point] = (),
    limit: int = 3,
) -> list[tuple[Point, ...]]:
    """Legal paths within ``budget`` to the spots with the best cover against ``threats``.

    Best first: out of every threat's line of fire or behind the best cover
    against the most exposed threat, then in hard cover (may hide), then cheapest.
    """
    return router_for(table).cover_spots(start, budget, tuple(threats), tuple(blockers), limit)


class Router:
    """Cheapest routes and cover spots on one table (built once, queries cached)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.batch = Batch(table)
        nodes, spots = candidate_points(table)
        self.nodes: list[Point] = nodes
        self.node_xy = np.array(nodes, dtype=np.float64).reshape(-1, 2)
        self.spots: list[Point] = spots
        self.spot_xy = np.array(spots, dtype=np.float64).reshape(-1, 2)
        self.spot_facts = self.batch.spots(spots)
        self.spot_hard = np.array([table.in_hard_cover(p) for p in spots], dtype=np.intp)
        rows = [self.batch.costs(p, self.node_xy) for p in nodes]
        weights = np.vstack(rows) if rows else np.zeros((0, 0))
        weights = np.maximum(weights, weights.T)
        for i, j in zip(*np.nonzero(np.isfinite(np.triu(weights, 1))), strict=True):
            weights[i, j] = weights[j, i] = self._exact(nodes[int(i)], nodes[int(j)])
        np.fill_diagonal(weights, 0.0)
        self.weights = weights
        """Exact costs between the nodes (the estimate decides only which edges exist)."""
        self.dist, self.next = all_pairs(weights)
        to_spot = [self.batch.costs(p, self.spot_xy) for p in nodes]
        self.to_spot = np.vstack(to_spot) if to_spot else np.zeros((0, len(spots)))
        self.spot_pot, self.spot_last = spot_potentials(self.dist, self.to_spot)
        self._exact_spots: set[int] = set()
        """Spots whose column of ``to_spot`` (and potentials) holds exact costs."""
        self._rows: dict[Point, Floats] = {}
        self._exact_rows: dict[Point, Floats] = {}
        self._nears: dict[Point, tuple[Floats, Floats]] = {}
        self._reaches: dict[Point, tuple[Floats, Ints]] = {}
        self._potentials: dict[tuple[Point, bool], tuple[Floats, Ints]] = {}
        self._routes: dict[tuple[Point, Point], tuple[tuple[Point, ...], tuple[float, ...]]] = {}
        self._advances: dict[tuple[object, ...], tuple[Point, ...] | None] = {}
        self._cuts: dict[tuple[Point, Point, float], tuple[Point, ...] | None] = {}
        self._straights: dict[tuple[Point, Point, float], tuple[Point, ...] | None] = {}
        self._exposures: dict[Point, Ints] = {}
        self._safeties: dict[tuple[Point, ...], tuple[Ints, Ints, Ints]] = {}
        self._ranked: dict[tuple[Point, tuple[Point, ...]], _Ranked] = {}
        self._spot_paths: dict[tuple[Point, int], tuple[tuple[Point, ...], float] | None] = {}
        self._spots: dict[tuple[object, ...], tuple[tuple[Point, ...], ...]] = {}

    # -- costs ---------------------------------------------------------------------

    def _exact(self, p: Point, q: Point) -> float:
        return self.table.segment_cost_or_inf(p, q)

    def _row(self, p: Point, exact: bool = False) -> Floats:
        """Cost of going straight from ``p`` to every node (the same both ways): the
        vectorised estimate, or with ``exact`` every leg costed exactly (slower)."""
        cache = self._exact_rows if exact else self._rows
        row = cache.get(p)
        if row is None:
            row = self.batch.costs(p, self.node_xy)
            if exact:
                for k in np.nonzero(np.isfinite(row))[0].tolist():
                    row[k] = self._exact(p, self.nodes[k])
            remember(cache, p, row, _CACHE_LIMIT)
        return row

    def _spot_column(self, j: int) -> None:
        """Make the costs from every node to spot ``j`` exact, and its potentials with them."""
        if j in self._exact_spots:
            return
        column = self.to_spot[:, j]
        spot = self.spots[j]
        for k in np.nonzero(np.isfinite(column))[0].tolist():
            column[k] = self._exact(self.nodes[k], spot)
        via = self.dist + column[None, :]
        last = np.argmin(via, axis=1)
        self.spot_pot[:, j] = via[np.arange(len(last)), last]
        self.spot_last[:, j] = last
        self._exact_spots.add(j)

    def _near(self, p: Point) -> tuple[Floats, Floats]:
        """Straight-line distances from ``p`` to every node and to every cover spot."""
        found = self._nears.get(p)
        if found is None:
            nodes, spots = self.node_xy, self.spot_xy
            found = (
                np.hypot(nodes[:, 0] - p[0], nodes[:, 1] - p[1]),
                np.hypot(spots[:, 0] - p[0], spots[:, 1] - p[1]),
            )
            remember(self._nears, p, found, _CACHE_LIMIT)
        return found

    def _reach(self, start: Point) -> tuple[Floats, Ints]:
        """Cheapest cost from ``start`` to every node and the first node of that route."""
        found = self._reaches.get(start)
        if found is None:
            row = self._row(start)
            if len(row):
                via = row[:, None] + self.dist
                first = np.argmin(via, axis=0)
                found = (via[first, np.arange(len(row))], first)
            else:
                found = (row, np.zeros(0, dtype=np.intp))
            remember(self._reaches, start, found, _CACHE_LIMIT)
        return found

    def _holds(self, start: Point | None, goal: Point | None, route: list[Point]) -> bool:
        """True when the first leg (with ``start``) and the last (with ``goal``) cost no more
        than their estimates said (the legs between nodes are exact already)."""
        if start is not None:
            estimate = self._row(start)[self.nodes.index(route[1])]
            if self._exact(route[0], route[1]) > estimate + 1e-6:
                return False
        if goal is not None:
            estimate = self._row(goal)[self.nodes.index(route[-2])]
            if self._exact(route[-2], route[-1]) > estimate + 1e-6:
                return False
        return True

    def _potential(self, goal: Point, exact: bool = False) -> tuple[Floats, Ints]:
        """Cheapest cost from every node to ``goal`` and the node where that route leaves."""
        found = self._potentials.get((goal, exact))
        if found is None:
            via = self.dist + self._row(goal, exact)[None, :]
            last = np.argmin(via, axis=1)
            found = (via[np.arange(len(last)), last], last)
            remember(self._potentials, (goal, exact), found, _CACHE_LIMIT)
        return found

    def _first(self, start: Point, rest: Floats, bound: float) -> int:
        """The node to head for first: the cheapest exact first leg plus ``rest`` beyond it.

        The best by the estimated first legs is checked exactly; when the estimate was
        too low, nodes are tried by the straight-line lower bound. -1 when none beats
        ``bound``. The answer depends on the arguments alone (no earlier query).
        """
        total = self._row(start) + rest
        first = int(np.argmin(total))
        if not total[first] < bound:
            return -1
        if self._exact(start, self.nodes[first]) + float(rest[first]) <= total[first] + 1e-6:
            return first
        keys = self._near(start)[0] + rest
        if not float(keys.min()) < bound:
            return -1
        best, first = bound, -1
        for n in np.argsort(keys).tolist():
            if not keys[n] < best:
                break
            cost = self._exact(start, self.nodes[n]) + float(rest[n])
            if cost < best:
                best, first = cost, n
        return first

    # -- routes --------------------------------------------------------------------

    def route(self, start: Point, goal: Point) -> tuple[Point, ...]:
        """The cheapest route from ``start`` to ``goal`` (or to the reachable node nearest it)."""
        return self._planned(start, goal)[0]

    def _planned(self, start: Point, goal: Point) -> tuple[tuple[Point, ...], tuple[float, ...]]:
        """:meth:`route` with the exact cost of each leg."""
        key = (start, goal)
        found = self._routes.get(key)
        if found is None:
            route = self._route(start, goal)
            legs = tuple(self._exact(p, q) for p, q in itertools.pairwise(route))
            found = (route, legs)
            remember(self._routes, key, found, _CACHE_LIMIT)
        return found

    def _route(self, start: Point, goal: Point) -> tuple[Point, ...]:
        direct = self._exact(start, goal)
        if direct <= math.dist(start, goal) + EPS:
            return (start, goal)
        if not len(self.nodes):
            return (start, goal) if direct < _INF else (start,)
        for exact in (False, True):  # the estimated last legs first, then exact ones
            rest, last = self._potential(goal, exact)
            first = self._first(start, rest, direct)
            if first < 0:
                break
            indices = self._indices(first, int(last[first]))
            route = [start, *(self.nodes[i] for i in indices), goal]
            if exact or self._holds(None, goal, route):
                return tuple(route)
        if direct < _INF:
            return (start, goal)
        # the goal cannot be reached: go to the reachable node nearest to it
        reach, first_of = self._reach(start)
        best, best_d = -1, math.dist(start, goal)
        for j in np.argsort(np.hypot(self.node_xy[:, 0] - goal[0], self.node_xy[:, 1] - goal[1])):
            if reach[j] < _INF and math.dist(self.nodes[j], goal) < best_d - EPS:
                best = int(j)
                break
        if best < 0:
            return (start,)
        indices = self._indices(int(first_of[best]), best)
        route = [start, *(self.nodes[i] for i in indices)]
        if not self._holds(start, None, route):
            return (start,)
        return tuple(route)

    def _indices(self, first: int, last: int) -> list[int]:
        out = [first]
        while out[-1] != last:
            out.append(int(self.next[out[-1], last]))
        return out

    def advance(
        self, start: Point, goal: Point, budget: float, blockers: tuple[Point, ...]
    ) -> tuple[Point, ...] | None:
        """See :meth:`Table.advance`."""
        start = (float(start[0]), float(start[1]))
        goal = (float(goal[0]), float(goal[1]))
        free = self.toward(start, goal, budget)
        if free is None or not blockers:
            return free
        end, reach = free[-1], self.table.base_diameter - EPS
        for b in blockers:
            if math.dist(b, end) < reach:
                break
        else:
            return free
        key = (start, goal, budget, blockers)
        if key in self._advances:
            return self._advances[key]
        found = self._blocked(start, free, budget, blockers)
        remember(self._advances, key, found, _CACHE_LIMIT)
        return found

    def straight(
        self, start: Point, goal: Point, budget: float, blockers: tuple[Point, ...]
    ) -> tuple[Point, ...] | None:
        """The straight line from ``start`` towards ``goal`` as far as ``budget`` pays; None
        when a wall or impassable terrain is in the way or it would end on a base."""
        key = (start, goal, budget)
        if key in self._straights:
            found = self._straights[key]
        else:
            direct = self._exact(start, goal)
            found = None
            if direct < _INF:
                path = self._cut((start, goal), (direct,), budget)
                if len(path) >= 2 and math.dist(path[-1], start) >= 0.01:
                    found = path
            remember(self._straights, key, found, _CACHE_LIMIT)
        if found is not None and blockers:
            end, reach = found[-1], self.table.base_diameter - EPS
            if any(math.dist(b, end) < reach for b in blockers):
                return None
        return found

    def toward(self, start: Point, goal: Point, budget: float) -> tuple[Point, ...] | None:
        """:meth:`advance` ignoring other bases (``start`` and ``goal`` as float pairs)."""
        key = (start, goal, budget)
        if key in self._cuts:
            return self._cuts[key]
        found = self._toward(start, goal, budget)
        remember(self._cuts, key, found, _CACHE_LIMIT)
        return found

    def _toward(self, start: Point, goal: Point, budget: float) -> tuple[Point, ...] | None:
        table = self.table
        if budget <= EPS or not table.on_table(start):
            return None
        r = table.radius
        goal = (min(max(goal[0], r), table.width - r), min(max(goal[1], r), table.height - r))
        # every leg of the cut is costed exactly and they add up to at most the budget;
        # its corners are nodes (legal spots) and points on legs between points on the table
        path = self._cut(*self._planned(start, goal), budget)
        if len(path) < 2 or math.dist(path[-1], start) < 0.01:
            return None
        return path

    def _blocked(
        self, start: Point, free: tuple[Point, ...], budget: float, blockers: tuple[Point, ...]
    ) -> tuple[Point, ...] | None:
        """``free`` shortened to end short of the bases it would end on."""
        from totenblatt.wanted.table.measure import MoveError

        path = clear_of_bases(list(free), blockers, self.table.base_diameter)
        if path is None or len(path) < 2 or math.dist(path[-1], start) < 0.01:
            return None
        try:
            cost = self.table.move_cost(path, blockers=blockers)
        except MoveError:
            return None
        return tuple(path) if cost <= budget + 1e-9 else None

    def _cut(
        self, route: tuple[Point, ...], legs: tuple[float, ...], budget: float
    ) -> tuple[Point, ...]:
        """The longest prefix of ``route`` that costs at most ``budget``."""
        spent = 0.0
        for k, cost in enumerate(legs):
            if spent + cost <= budget:
                spent += cost
                continue
            p, q = route[k], route[k + 1]
            money = budget - spent
            if cost == _INF:
                return route[: k + 1]
            t, plain = affordable(self.table, p, q, money)
            length = math.dist(p, q)
            for _ in range(8):
                if t <= 0:
                    break
                end = (short_of(p[0], q[0], t), short_of(p[1], q[1], t))
                # a part of a legal leg is legal; with no difficult ground and no window
                # on the leg its cost is its length (the very sum Table.profile makes)
                cost = math.hypot(end[0] - p[0], end[1] - p[1]) if plain else self._exact(p, end)
                if cost <= money:
                    return (*route[: k + 1], end)
                t -= 1e-6 / length
            return route[: k + 1]
        return route

    # -- cover ---------------------------------------------------------------------

    def score(self, spot: Point, threats: tuple[Point, ...]) -> Score:
        """How safe ``spot`` is: (worst exposure, in hard cover, summed exposure), higher is safer.

        Exposure to one threat: 4 out of its line of fire, else the cover rank (0-3).
        """
        table = self.table
        levels = [
            _RANK[table.cover(h, spot)] if table.line_of_fire(h, spot) else 4 for h in threats
        ]
        return (min(levels, default=0), int(table.in_hard_cover(spot)), sum(levels))

    def cover_spots(
        self,
        start: Point,
        budget: float,
        threats: tuple[Point, ...],
        blockers: tuple[Point, ...],
        limit: int,
    ) -> list[tuple[Point, ...]]:
        """See :meth:`Table.cover_spots`."""
        start = (float(start[0]), float(start[1]))
        key = (start, budget, threats, blockers, limit)
        cached = self._spots.get(key)
        if cached is None:
            cached = tuple(self._cover_spots(*key))
            remember(self._spots, key, cached, _CACHE_LIMIT)
        return list(cached)

    def _exposure(self, threat: Point) -> Ints:
        """Exposure of every spot to a shooter at ``threat`` (4 out of sight, else cover rank)."""
        found = self._exposures.get(threat)
        if found is None:
            found = self.batch.exposure(threat, self.spot_facts)
            remember(self._exposures, threat, found, _CACHE_LIMIT)
        return found

    def _safety(self, threats: tuple[Point, ...]) -> tuple[Ints, Ints, Ints]:
        """Every spot's score against ``threats``: worst exposure, in hard cover, summed."""
        found = self._safeties.get(threats)
        if found is None:
            if threats:
                levels = np.vstack([self._exposure(h) for h in threats])
                found = (levels.min(axis=0), self.spot_hard, levels.sum(axis=0))
            else:
                zero = np.zeros(len(self.spots), dtype=np.intp)
                found = (zero, self.spot_hard, zero)
            remember(self._safeties, threats, found, _CACHE_LIMIT)
        return found

    def _rank(
        self, start: Point, budget: float, threats: tuple[Point, ...]
    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """Spots within ``budget`` inches of ``start`` that are safer, best first; distances."""
        key = (start, threats)
        found = self._ranked.get(key)
        if found is None or found[0] < budget:
            radius = max(budget, _SPOT_RADIUS)
            worst, hard, total = self._safety(threats)
            near = self._near(start)[1]
            w, h, t = self.score(start, threats)
            better = (worst > w) | ((worst == w) & ((hard > h) | ((hard == h) & (total > t))))
            index = np.nonzero(better & (near <= radius) & (near >= 0.5))[0]
            order = np.lexsort((near[index], -total[index], -hard[index], -worst[index]))
            index = index[order]
            found = (radius, tuple(index.tolist()), tuple(near[index].tolist()))
            remember(self._ranked, key, found, _CACHE_LIMIT)
        return found[1], found[2]

    def _spot_path(self, start: Point, j: int) -> tuple[tuple[Point, ...], float] | None:
        """The cheapest legal path from ``start`` to spot ``j`` and its cost (no bases)."""
        from totenblatt.wanted.table.measure import MoveError

        key = (start, j)
        if key in self._spot_paths:
            return self._spot_paths[key]
        spot = self.spots[j]
        direct = self._exact(start, spot)
        found: tuple[tuple[Point, ...], float] | None = None
        if direct < _INF:
            found = ((start, spot), direct)
        if direct > math.dist(start, spot) + EPS and len(self.nodes):
            self._spot_column(j)  # every leg of a route to the spot is now costed exactly
            first = self._first(start, self.spot_pot[:, j], direct)
            if first >= 0:
                indices = self._indices(first, int(self.spot_last[first, j]))
                route = [start, *(self.nodes[i] for i in indices), spot]
                legs = [self._exact(p, q) for p, q in itertools.pairwise(route)]
                if _INF not in legs:
                    found = (tuple(route), sum(legs))
        if found is not None:
            try:
                found = (found[0], self.table.move_cost(found[0]))
            except MoveError:
                found = None
        remember(self._spot_paths, key, found, _CACHE_LIMIT)
        return found

    def _cover_spots(
        self, start: Point, budget: float, threats: Points, blockers: Points, limit: int
    ) -> list[Points]:
        if budget <= EPS or limit <= 0 or not self.spots:
            return []
        ranked, near = self._rank(start, budget, threats)
        reach = self.table.base_diameter - EPS
        chosen: list[tuple[Point, ...]] = []
        for j, d in zip(ranked, near, strict=True):
            if d > budget + EPS:
                continue  # a move costs at least its straight length
            found = self._spot_path(start, j)
            if found is None or found[1] > budget + 1e-9:
                continue
            spot = found[0][-1]
            if any(math.dist(b, spot) < reach for b in blockers):
                continue
            if any(math.dist(path[-1], spot) < reach + EPS for path in chosen):
                continue
            chosen.append(found[0])
            if len(chosen) >= limit:
                break
        return chosen
