"""Path finding on a table: a visibility graph through doors, windows and around obstacles.

The graph's nodes are points a base-radius (plus a hair) outside every terrain
piece's corners, on both sides of every door and window, along the edges of
cover pieces and inside buildings. Edge costs are :meth:`Table.segment_cost`
(difficult ×2, windows +5"), all-pairs cheapest costs are computed once per
table (Floyd-Warshall), and a query only adds the start and the goal.

>>> from totenblatt.wanted.scenario import load_scenario
>>> table = load_scenario("duel").table()
>>> table.advance((12, 1.5), (12, 10), 6)
((12.0, 1.5), (12.0, 7.5))
>>> path = table.advance((12, 1.5), (12, 34.5), 30)   # around the wagon
>>> len(path) > 2, table.move_cost(path) <= 30
(True, True)
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import shapely

from totenblatt.wanted.batch import Batch
from totenblatt.wanted.planar import EPS
from totenblatt.wanted.terrain import Point
from totenblatt.wanted.vocab import CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.table import Table

__all__ = ["Router"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
_INF = math.inf
_CLEARANCE = 0.1
"""Extra inches between a base and the terrain it walks around."""
_SPACING = 2.0
_THICK = 1.5
_SPOT_RADIUS = 12.0
"""Cover spots are costed within this many inches of the start (a joker's move)."""
"""Distance between cover candidates along a piece's edge."""
_RANK = {CoverLevel.NONE: 0, CoverLevel.LIGHT: 1, CoverLevel.MEDIUM: 2, CoverLevel.HARD: 3}
_CACHE_LIMIT = 4096
"""Entries per cache before it is emptied (rows of node costs are the big ones)."""

Score = tuple[int, int, int]


class Router:
    """Cheapest routes and cover spots on one table (built once, queries cached)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.batch = Batch(table)
        nodes, spots = _candidate_points(table)
        self.nodes: list[Point] = nodes
        self.node_xy = np.array(nodes, dtype=np.float64).reshape(-1, 2)
        self.spots: list[Point] = spots
        self.spot_xy = np.array(spots, dtype=np.float64).reshape(-1, 2)
        self.spot_facts = self.batch.spots(spots)
        self.spot_hard = np.array([table.in_hard_cover(p) for p in spots], dtype=np.intp)
        rows = [self.batch.costs(p, self.node_xy) for p in nodes]
        weights = np.vstack(rows) if rows else np.zeros((0, 0))
        weights = np.maximum(weights, weights.T)
        np.fill_diagonal(weights, 0.0)
        self.weights = weights
        self.dist, self.next = _all_pairs(weights)
        to_spot = [self.batch.costs(p, self.spot_xy) for p in nodes]
        self.to_spot = np.vstack(to_spot) if to_spot else np.zeros((0, len(spots)))
        self._rows: dict[Point, Floats] = {}
        self._reaches: dict[Point, tuple[Floats, Ints]] = {}
        self._routes: dict[tuple[Point, Point], tuple[Point, ...]] = {}
        self._advances: dict[tuple[object, ...], tuple[Point, ...] | None] = {}
        self._cuts: dict[tuple[Point, Point, float], tuple[Point, ...]] = {}
        self._spot_costs: dict[Point, tuple[float, Floats, Floats, Ints]] = {}
        self._exposures: dict[Point, Ints] = {}
        self._ranked: dict[tuple[object, ...], tuple[Ints, Floats]] = {}
        self._spot_paths: dict[tuple[Point, int], tuple[Point, ...] | None] = {}
        self._spots: dict[tuple[object, ...], list[tuple[Point, ...]]] = {}

    # -- costs ---------------------------------------------------------------------

    def _exact(self, p: Point, q: Point) -> float:
        from totenblatt.wanted.table import MoveError

        try:
            return self.table.segment_cost(p, q)
        except MoveError:
            return _INF

    def _row(self, p: Point) -> Floats:
        """Cost of going straight from ``p`` to every node (the same both ways)."""
        row = self._rows.get(p)
        if row is None:
            row = self.batch.costs(p, self.node_xy)
            _remember(self._rows, p, row)
        return row

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
            _remember(self._reaches, start, found)
        return found

    def _walk(self, start: Point, first: int, last: int) -> list[Point]:
        path = [start, self.nodes[first]]
        i = first
        while i != last:
            i = int(self.next[i, last])
            path.append(self.nodes[i])
        return path

    def _refute(
        self, start: Point, goal: Point | None, route: list[Point], firsts: list[int]
    ) -> bool:
        """Check every leg exactly; on a bad one, forget it and return False (rare)."""
        for k, (p, q) in enumerate(itertools.pairwise(route)):
            if self._exact(p, q) < _INF:
                continue
            if k == 0:
                self._rows[start] = row = self._row(start).copy()
                row[firsts[0]] = _INF
                self._reaches.pop(start, None)
            elif goal is not None and k == len(route) - 2:
                self._rows[goal] = row = self._row(goal).copy()
                row[firsts[-1]] = _INF
            else:
                i, j = firsts[k - 1], firsts[k]
                self.weights[i, j] = self.weights[j, i] = _INF
                self.dist, self.next = _all_pairs(self.weights)
                self._reaches.clear()
            return False
        return True

    # -- routes --------------------------------------------------------------------

    def route(self, start: Point, goal: Point) -> tuple[Point, ...]:
        """The cheapest route from ``start`` to ``goal`` (or to the reachable node nearest it)."""
        key = (start, goal)
        found = self._routes.get(key)
        if found is None:
            found = self._route(start, goal)
            _remember(self._routes, key, found)
        return found

    def _route(self, start: Point, goal: Point) -> tuple[Point, ...]:
        direct = self._exact(start, goal)
        if direct <= math.dist(start, goal) + EPS:
            return (start, goal)
        for _ in range(6):
            reach, first = self._reach(start)
            if not len(reach):
                break
            total = reach + self._row(goal)
            last = int(np.argmin(total))
            if not total[last] < direct:
                break
            route = [*self._walk(start, int(first[last]), last), goal]
            if self._refute(start, goal, route, self._indices(int(first[last]), last)):
                return tuple(route)
        if direct < _INF:
            return (start, goal)
        # the goal cannot be reached: go to the reachable node nearest to it
        reach, first = self._reach(start)
        best, best_d = -1, math.dist(start, goal)
        for j in np.argsort(np.hypot(self.node_xy[:, 0] - goal[0], self.node_xy[:, 1] - goal[1])):
            if reach[j] < _INF and math.dist(self.nodes[j], goal) < best_d - EPS:
                best = int(j)
                break
        if best < 0:
            return (start,)
        route = self._walk(start, int(first[best]), best)
        if not self._refute(start, None, route, self._indices(int(first[best]), best)):
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
        key = (start, goal, budget, blockers)
        if key in self._advances:
            return self._advances[key]
        found = self._advance(start, goal, budget, blockers)
        _remember(self._advances, key, found)
        return found

    def _advance(
        self, start: Point, goal: Point, budget: float, blockers: tuple[Point, ...]
    ) -> tuple[Point, ...] | None:
        from totenblatt.wanted.table import MoveError

        table = self.table
        if budget <= EPS:
            return None
        start = (float(start[0]), float(start[1]))
        r = table.radius
        goal = (
            min(max(float(goal[0]), r), table.width - r),
            min(max(float(goal[1]), r), table.height - r),
        )
        key = (start, goal, budget)
        cut = self._cuts.get(key)
        if cut is None:
            cut = tuple(self._cut(self.route(start, goal), budget))
            _remember(self._cuts, key, cut)
        path = self._clear(list(cut), blockers)
        if path is None or len(path) < 2 or math.dist(path[-1], start) < 0.01:
            return None
        try:
            cost = table.move_cost(path, blockers=blockers)
        except MoveError:
            return None
        return tuple(path) if cost <= budget + 1e-9 else None

    def _cut(self, route: tuple[Point, ...], budget: float) -> list[Point]:
        """The longest prefix of ``route`` that costs at most ``budget``."""
        path = [route[0]]
        spent = 0.0
        for p, q in itertools.pairwise(route):
            cost = self.table.segment_cost(p, q)
            if spent + cost <= budget:
                path.append(q)
                spent += cost
                continue
            money = budget - spent
            t = self._partial(p, q, money)
            length = math.dist(p, q)
            for _ in range(8):
                if t <= 0:
                    break
                end = (round(p[0] + (q[0] - p[0]) * t, 6), round(p[1] + (q[1] - p[1]) * t, 6))
                if self.table.segment_cost(p, end) <= money:
                    path.append(end)
                    break
                t -= 1e-6 / length
            break
        return path

    def _partial(self, p: Point, q: Point, money: float) -> float:
        """The farthest parameter along p→q that costs at most ``money``."""
        table = self.table
        length, difficult, windows = table.profile(p, q)
        if length <= EPS or money <= 0:
            return 0.0
        marks = sorted({0.0, 1.0, *windows, *(t for span in difficult for t in span)})
        spent = 0.0
        for t0, t1 in itertools.pairwise(marks):
            if any(abs(t0 - w) <= 1e-12 for w in windows):
                if spent + table.window_cost > money:
                    return max(0.0, t0 - 0.01 / length)
                spent += table.window_cost
            mid = (t0 + t1) / 2
            slow = any(a <= mid <= b for a, b in difficult)
            rate = length * (table.difficult_factor if slow else 1.0)
            if spent + rate * (t1 - t0) >= money:
                return t0 + (money - spent) / rate
            spent += rate * (t1 - t0)
        return 1.0

    def _clear(self, path: list[Point], blockers: tuple[Point, ...]) -> list[Point] | None:
        """Shorten ``path`` until its end does not overlap a base in ``blockers``."""
        reach = self.table.base_diameter + 1e-6
        for _ in range(4 * len(path) + 8):
            end = path[-1]
            bad = [b for b in blockers if math.dist(b, end) < reach - 2e-6]
            if not bad:
                return path
            if len(path) < 2:
                return None
            p = path[-2]
            t = min(_entry(p, end, b, reach) for b in bad)
            if t <= 1e-9:
                path.pop()
            else:
                path[-1] = (p[0] + (end[0] - p[0]) * t, p[1] + (end[1] - p[1]) * t)
        return None

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
            cached = self._cover_spots(start, budget, threats, blockers, limit)
            _remember(self._spots, key, cached)
        return list(cached)

    def _costs_to_spots(self, start: Point, budget: float) -> tuple[Floats, Floats, Ints]:
        """Cheapest cost from ``start`` to every spot (inf beyond the radius computed), the
        direct cost, and the last node of the route; computed for spots within 12" (or the
        budget, if larger) of ``start``: a spot farther away costs more than the budget.
        """
        found = self._spot_costs.get(start)
        if found is None or found[0] < budget:
            radius = max(budget, _SPOT_RADIUS)
            xy = self.spot_xy
            near = np.hypot(xy[:, 0] - start[0], xy[:, 1] - start[1]) <= radius
            index = np.nonzero(near)[0]
            direct = np.full(len(self.spots), _INF)
            direct[index] = self.batch.costs(start, xy[index])
            reach, _ = self._reach(start)
            via = np.full(len(self.spots), _INF)
            via_node = np.zeros(len(self.spots), dtype=np.intp)
            if len(reach) and len(index):
                via_all = reach[:, None] + self.to_spot[:, index]
                nodes = np.argmin(via_all, axis=0)
                via_node[index] = nodes
                via[index] = via_all[nodes, np.arange(len(index))]
            found = (radius, np.minimum(direct, via), direct, via_node)
            _remember(self._spot_costs, start, found)
        return found[1], found[2], found[3]

    def _exposure(self, threat: Point) -> Ints:
        """Exposure of every spot to a shooter at ``threat`` (4 out of sight, else cover rank)."""
        found = self._exposures.get(threat)
        if found is None:
            found = self.batch.exposure(threat, self.spot_facts)
            _remember(self._exposures, threat, found)
        return found

    def _rank(self, start: Point, budget: float, threats: tuple[Point, ...]) -> tuple[Ints, Floats]:
        """Spots within ``budget`` that are safer than ``start``, best first, and their costs."""
        key = (start, budget, threats)
        found = self._ranked.get(key)
        if found is None:
            cost, _, _ = self._costs_to_spots(start, budget)
            xy = self.spot_xy
            near = np.hypot(xy[:, 0] - start[0], xy[:, 1] - start[1])
            index = np.nonzero((cost <= budget) & (near >= 0.5))[0]
            if threats:
                levels = np.vstack([self._exposure(h)[index] for h in threats])
                worst, total = levels.min(axis=0), levels.sum(axis=0)
            else:
                worst = total = np.zeros(len(index), dtype=np.intp)
            hard = self.spot_hard[index]
            here = self.score(start, threats)
            better = (worst > here[0]) | (
                (worst == here[0]) & ((hard > here[1]) | ((hard == here[1]) & (total > here[2])))
            )
            index, worst, hard, total = index[better], worst[better], hard[better], total[better]
            order = np.lexsort((cost[index], -total, -hard, -worst))
            found = (index[order], cost[index[order]])
            _remember(self._ranked, key, found)
        return found

    def _spot_path(self, start: Point, j: int) -> tuple[Point, ...] | None:
        """The cheapest legal path from ``start`` to spot ``j`` (no bases considered)."""
        from totenblatt.wanted.table import MoveError

        key = (start, j)
        if key in self._spot_paths:
            return self._spot_paths[key]
        cost, direct, via_node = self._costs_to_spots(start, 0.0)
        spot = self.spots[j]
        if direct[j] <= cost[j]:
            path: tuple[Point, ...] | None = (start, spot)
        else:
            node = int(via_node[j])
            _, first = self._reach(start)
            path = (*self._walk(start, int(first[node]), node), spot)
        try:
            assert path is not None
            if self.table.move_cost(path) > cost[j] + 1e-6:
                path = None
        except MoveError:
            path = None
        _remember(self._spot_paths, key, path)
        return path

    def _cover_spots(
        self,
        start: Point,
        budget: float,
        threats: tuple[Point, ...],
        blockers: tuple[Point, ...],
        limit: int,
    ) -> list[tuple[Point, ...]]:
        if budget <= EPS or limit <= 0 or not self.spots:
            return []
        ranked, costs = self._rank(start, budget, threats)
        diameter = self.table.base_diameter
        chosen: list[tuple[Point, ...]] = []
        for j, cost in zip(ranked, costs, strict=True):
            spot = self.spots[int(j)]
            if any(math.dist(b, spot) < diameter - EPS for b in blockers):
                continue
            if any(math.dist(path[-1], spot) < diameter for path in chosen):
                continue
            path = self._spot_path(start, int(j))
            if path is None or cost > budget + 1e-9:
                continue
            chosen.append(path)
            if len(chosen) >= limit:
                break
        return chosen


def _entry(p: Point, q: Point, centre: Point, radius: float) -> float:
    """Parameter where p→q first comes within ``radius`` of ``centre`` (0 when p already is)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    fx, fy = p[0] - centre[0], p[1] - centre[1]
    a = dx * dx + dy * dy
    c = fx * fx + fy * fy - radius * radius
    if c <= 0 or a == 0:
        return 0.0
    b = fx * dx + fy * dy
    disc = b * b - a * c
    if disc < 0:
        return 1.0
    return max(0.0, (-b - math.sqrt(disc)) / a)


def _all_pairs(weights: Floats) -> tuple[Floats, npt.NDArray[np.intp]]:
    """Floyd-Warshall: cheapest costs and next hops between all nodes."""
    n = len(weights)
    dist = weights.copy()
    nxt = np.where(np.isfinite(weights), np.arange(n)[None, :], -1).astype(np.intp)
    for k in range(n):
        alt = dist[:, k : k + 1] + dist[k : k + 1, :]
        better = alt < dist - 1e-12
        if better.any():
            dist = np.where(better, alt, dist)
            nxt = np.where(better, nxt[:, k : k + 1], nxt)
    return dist, nxt


def _candidate_points(table: Table) -> tuple[list[Point], list[Point]]:
    """Routing nodes (corners, both sides of openings) and cover spots (along cover, indoors)."""
    d = table.radius + _CLEARANCE
    routing: list[Point] = []
    spots: list[Point] = []
    for piece in table.terrain:
        shape = shapely.Polygon(piece.outline)
        grown = shape.buffer(d, join_style="mitre", mitre_limit=2.0)
        if piece.is_building or piece.impassable or (piece.difficult and _thick(shape)):
            routing.extend(_ring(grown))
        if piece.is_building:
            inner = shape.buffer(-d, join_style="mitre", mitre_limit=2.0)
            if not inner.is_empty:
                routing.extend(_ring(inner))
                spots.extend(_ring(inner, _SPACING))
            for opening in piece.openings:
                (ax, ay), (bx, by) = opening.a, opening.b
                length = math.hypot(bx - ax, by - ay)
                nx, ny = -(by - ay) / length * d, (bx - ax) / length * d
                mx, my = opening.midpoint
                routing.extend(((mx + nx, my + ny), (mx - nx, my - ny)))
                spots.extend(((mx + nx, my + ny), (mx - nx, my - ny)))
        elif piece.cover is not CoverLevel.NONE:
            spots.extend(_ring(grown, _SPACING))
    return _distinct(table, routing), [p for p in _distinct(table, spots) if _useful(table, p)]


def _thick(shape: shapely.Polygon) -> bool:
    """Worth walking round: at least ``_THICK`` inches across (a fence is crossed, not skirted)."""
    box = shapely.oriented_envelope(shape)
    corners = list(box.exterior.coords)
    sides = [math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2])]
    return min(sides) >= _THICK


def _distinct(table: Table, points: list[Point]) -> list[Point]:
    """Legal standing points, rounded, without near-duplicates."""
    out: list[Point] = []
    for point in points:
        p = (round(point[0], 4), round(point[1], 4))
        if table.position_error(p) is None and all(math.dist(p, q) >= 0.05 for q in out):
            out.append(p)
    return out


def _useful(table: Table, p: Point) -> bool:
    """A cover spot is useful when it is in hard cover or has some cover piece within reach."""
    return table.in_hard_cover(p) or any(
        poly.distance(p[0], p[1]) <= table._cover_reach for poly, _ in table._cover
    )


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def _ring(shape: shapely.Geometry, spacing: float | None = None) -> list[Point]:
    """Corner points of a polygon's exterior (or points every ``spacing`` inches along it)."""
    polygons = getattr(shape, "geoms", [shape])
    points: list[Point] = []
    for polygon in polygons:
        ring = polygon.exterior
        if spacing is not None:
            ring = shapely.segmentize(ring, spacing)
        points.extend((float(x), float(y)) for x, y in list(ring.coords)[:-1])
    return points
