"""The table's questions for many segments at once (numpy), for path finding and cover search.

:class:`Batch` holds a table's walls, windows, difficult ground (as disjoint
triangles) and cover edges as arrays and answers "what does moving from p to
each of these points cost" and "how exposed is each of these spots to this
shooter" in one vectorised pass. The answers agree with the exact per-segment
methods of :class:`~totenblatt.wanted.table.measure.Table` up to rounding; callers
re-check the few segments they keep with the exact methods. The graph the
router builds once per table comes from here too: its nodes and cover spots
(:func:`candidate_points`), all-pairs cheapest costs (:func:`all_pairs`) and the
cheapest cost from every node to every spot (:func:`spot_potentials`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import shapely

from totenblatt.wanted.table.planar import point_segment_distance
from totenblatt.wanted.table.terrain import Point
from totenblatt.wanted.vocab import CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.table.measure import Table

__all__ = ["Batch", "Segments", "Spots", "all_pairs", "candidate_points", "spot_potentials"]

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.intp]
_TOL = 1e-9
_CLEARANCE = 0.1
"""Extra inches between a base and the terrain it walks around."""
_SPACING = 2.0
"""Distance between cover candidates along a piece's edge."""
_THICK = 1.5
"""Difficult ground at least this thick gets routing nodes round it."""


class Segments:
    """Static segments as column arrays with their boxes, for :meth:`from_point`."""

    def __init__(self, rows: list[tuple[float, float, float, float]]) -> None:
        self.array = np.array(rows, dtype=np.float64).reshape(-1, 4)
        ax, ay, bx, by = self.array.T
        self.ax, self.ay, self.bx, self.by = ax, ay, bx, by
        self.sx, self.sy = bx - ax, by - ay
        self.minx, self.maxx = np.minimum(ax, bx) - _TOL, np.maximum(ax, bx) + _TOL
        self.miny, self.maxy = np.minimum(ay, by) - _TOL, np.maximum(ay, by) + _TOL
        self.columns = tuple(
            v[:, None]
            for v in (ax, ay, bx, by, self.sx, self.sy, self.minx, self.maxx, self.miny, self.maxy)
        )

    def __len__(self) -> int:
        return len(self.array)

    def hits(self, px: float | Floats, py: float | Floats, qx: Floats, qy: Floats) -> Bools:
        """(M, K): does segment m share a point with the segment p→q_k?

        ``p`` is one point (scalars) or one per target ((K,) arrays).
        """
        ax, ay, _, _, sx, sy, minx, maxx, miny, maxy = self.columns
        rx, ry = qx - px, qy - py
        o1 = rx * (ay - py) - ry * (ax - px)  # where a and b lie seen from p→q ...
        cross = rx * sy - ry * sx
        o2 = o1 + cross
        o3 = sx * (py - ay) - sy * (px - ax)  # ... and p and q seen from a→b
        o4 = o3 - cross
        result: Bools = (np.minimum(o1, o2) <= _TOL) & (np.maximum(o1, o2) >= -_TOL)
        result &= np.minimum(o3, o4) <= _TOL
        result &= np.maximum(o3, o4) >= -_TOL
        # not on strictly one side of each other: they meet, unless they lie on one line
        # (a and b both on the line p-q); then their extents must overlap too
        flat = result & (np.abs(o1) <= _TOL) & (np.abs(o2) <= _TOL)
        if flat.any():
            m, k = np.nonzero(flat)
            pxk = px if np.ndim(px) == 0 else np.asarray(px)[k]
            pyk = py if np.ndim(py) == 0 else np.asarray(py)[k]
            qxk, qyk = qx[k], qy[k]
            result[m, k] = (
                (np.minimum(pxk, qxk) <= maxx[m, 0])
                & (np.maximum(pxk, qxk) >= minx[m, 0])
                & (np.minimum(pyk, qyk) <= maxy[m, 0])
                & (np.maximum(pyk, qyk) >= miny[m, 0])
            )
        return result


class Batch:
    """A table's terrain as arrays for vectorised cost and exposure queries."""

    def __init__(self, table: Table) -> None:
        self.table = table
        blocking = [(a[0], a[1], b[0], b[1]) for a, b, _ in table._walls]
        for poly, _ in table._impassable:
            blocking.extend((a[0], a[1], b[0], b[1]) for a, b in poly.edges)
        windows = [(a[0], a[1], b[0], b[1]) for a, b, _ in table._windows]
        self.moves = Segments(blocking + windows)
        self.n_blocking = len(blocking)
        self._convex_pieces(table)
        walls: list[tuple[float, float, float, float]] = []
        owner: list[int] = []
        for index in table._buildings:
            for a, b in table._polys[index].edges:
                walls.append((a[0], a[1], b[0], b[1]))
                owner.append(index)
        self.building_edges = Segments(walls)
        self.edge_building = np.array(owner, dtype=np.intp)
        cover: list[tuple[float, float, float, float]] = []
        rank: list[int] = []
        for poly, level in table._cover:
            for a, b in poly.edges:
                cover.append((a[0], a[1], b[0], b[1]))
                rank.append(level)
        self.cover_edges = Segments(cover)
        self.cover_rank = np.array(rank, dtype=np.intp)

    def _convex_pieces(self, table: Table) -> None:
        """Difficult ground as disjoint convex pieces: edge starts and outward normals.

        Overlapping pieces are merged first (so no ground is charged twice);
        a merged shape that is not convex is cut into triangles.
        """
        shapes = [shapely.Polygon(poly.ring) for poly in table._difficult]
        rings: list[list[tuple[float, float]]] = []
        if shapes:
            union = shapely.unary_union(shapes)
            for part in getattr(union, "geoms", [union]):
                part = shapely.simplify(part, 0.0)
                if part.area >= part.convex_hull.area * (1 - 1e-9):
                    rings.append(list(part.exterior.coords)[:-1])
                else:
                    for tri in shapely.constrained_delaunay_triangles(part).geoms:
                        rings.append(list(tri.exterior.coords)[:3])
        size = max((len(ring) for ring in rings), default=3)
        starts = np.zeros((len(rings), size, 2))
        normals = np.zeros((len(rings), size, 2))
        for i, ring in enumerate(rings):
            if shapely.LinearRing(ring).is_ccw is False:
                ring = ring[::-1]
            for k, a in enumerate(ring):
                b = ring[(k + 1) % len(ring)]
                starts[i, k] = a
                normals[i, k] = (b[1] - a[1], -(b[0] - a[0]))
        self.tri_normal = normals
        # n·E per edge; a padding edge (zero normal) gets 1 so that it never constrains
        offset = (normals * starts).sum(axis=2)
        offset[(normals == 0).all(axis=2)] = 1.0
        self.tri_offset = offset
        self.edge_nx = np.ascontiguousarray(normals[:, :, 0].T[:, None, :])
        self.edge_ny = np.ascontiguousarray(normals[:, :, 1].T[:, None, :])
        self.edge_offset = np.ascontiguousarray(offset.T[:, None, :])

    def difficult_length(self, px: float, py: float, dx: Floats, dy: Floats) -> Floats:
        """Length of each segment p→p+d inside difficult ground (Cyrus-Beck on convex pieces)."""
        if not len(self.tri_offset) or not len(dx):
            return np.zeros(len(dx))
        nx, ny = self.edge_nx, self.edge_ny  # (E, 1, T): the edge axis first reduces fast
        num = self.edge_offset - (nx * px + ny * py)  # (E, 1, T): p is fixed
        den = nx * dx[None, :, None] + ny * dy[None, :, None] + 1e-300  # (E, K, T)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            ratio = num / den
        entering = den < 0
        enter = np.where(entering, ratio, -np.inf).max(axis=0)
        leave = np.where(entering, np.inf, ratio).min(axis=0)
        span = np.minimum(leave, 1.0) - np.maximum(enter, 0.0)  # (K, T)
        lengths: Floats = np.fmax(span, 0.0).sum(axis=1) * np.hypot(dx, dy)
        return lengths

    def costs(self, p: tuple[float, float], targets: Floats) -> Floats:
        """Move cost from ``p`` straight to each of ``targets`` (K, 2); inf where illegal."""
        table = self.table
        px, py = p
        qx, qy = targets[:, 0], targets[:, 1]
        dx, dy = qx - px, qy - py
        cost = np.hypot(dx, dy)
        if len(self.tri_offset):
            cost += (table.difficult_factor - 1) * self.difficult_length(px, py, dx, dy)
        if len(self.moves):
            hits = self.moves.hits(px, py, qx, qy)
            n = self.n_blocking
            if n < len(self.moves):
                cost += table.window_cost * hits[n:].sum(axis=0)
            if n:
                cost[hits[:n].any(axis=0)] = np.inf
        return cost

    def spots(self, points: list[tuple[float, float]]) -> Spots:
        """Static facts about candidate spots, for :meth:`exposure`."""
        return Spots(self, points)

    def exposure(self, shooter: tuple[float, float], spots: Spots) -> Ints:
        """For each spot: 4 when out of the shooter's line of fire, else its cover rank (0-3)."""
        table = self.table
        sx, sy = shooter
        qx, qy = spots.x, spots.y
        mine = table._building_index(shooter)
        if len(self.building_edges):
            hits = self.building_edges.hits(sx, sy, qx, qy)  # (M, K)
            owner = self.edge_building[:, None]
            exempt = (owner == spots.building[None, :]) | (owner == mine)
            blocked = (hits & ~exempt).any(axis=0)
        else:
            blocked = np.zeros(len(qx), dtype=np.bool_)
        out = spots.rank.copy()
        if len(spots.pair_spot):
            # the last cover.reach inches of the line of fire, for each (spot, nearby edge)
            k = spots.pair_spot
            px, py = qx[k], qy[k]
            dx, dy = sx - px, sy - py
            length = np.hypot(dx, dy)
            with np.errstate(divide="ignore", invalid="ignore"):
                f = np.where(length > table._cover_reach, table._cover_reach / length, 1.0)
            m = spots.pair_edge
            edges = self.cover_edges.array
            touch = _touch_pairs(
                px + dx * f, py + dy * f, px, py, edges[m, 0], edges[m, 1], edges[m, 2], edges[m, 3]
            )
            ranks = np.where(touch, self.cover_rank[m], 0)
            np.maximum.at(out, k, ranks)
        hard = (spots.building >= 0) & (spots.building != mine)
        out[hard] = 3
        out[blocked] = 4
        return out


class Spots:
    """Candidate spots with what does not depend on the shooter.

    For each spot: its building (-1 outside), the best cover of the pieces it
    stands in, and the cover edges near enough to be crossed by the last
    ``cover.reach`` inches of a line of fire ending there (as (spot, edge) pairs).
    """

    def __init__(self, batch: Batch, points: list[tuple[float, float]]) -> None:
        table = batch.table
        xy = np.array(points, dtype=np.float64).reshape(-1, 2)
        self.x, self.y = xy[:, 0].copy(), xy[:, 1].copy()
        self.building = np.array([table._building_index(p) for p in points], dtype=np.intp)
        self.rank = np.array(
            [
                max((r for poly, r in table._cover if poly.contains(p[0], p[1])), default=0)
                for p in points
            ],
            dtype=np.intp,
        )
        reach = table._cover_reach + 1e-6
        pairs = [
            (k, m)
            for k, (x, y) in enumerate(points)
            for m, (ax, ay, bx, by) in enumerate(batch.cover_edges.array)
            if point_segment_distance(x, y, (ax, ay), (bx, by)) <= reach
        ]
        self.pair_spot = np.array([k for k, _ in pairs], dtype=np.intp)
        self.pair_edge = np.array([m for _, m in pairs], dtype=np.intp)


def _touch_pairs(
    px: Floats, py: Floats, qx: Floats, qy: Floats, ax: Floats, ay: Floats, bx: Floats, by: Floats
) -> Bools:
    """Element-wise: does segment p→q share a point with segment a→b?"""
    box = (
        (np.minimum(px, qx) <= np.maximum(ax, bx) + _TOL)
        & (np.maximum(px, qx) >= np.minimum(ax, bx) - _TOL)
        & (np.minimum(py, qy) <= np.maximum(ay, by) + _TOL)
        & (np.maximum(py, qy) >= np.minimum(ay, by) - _TOL)
    )
    rx, ry = qx - px, qy - py
    sx, sy = bx - ax, by - ay
    o1 = rx * (ay - py) - ry * (ax - px)
    o2 = rx * (by - py) - ry * (bx - px)
    o3 = sx * (py - ay) - sy * (px - ax)
    o4 = sx * (qy - ay) - sy * (qx - ax)
    apart = ((o1 > _TOL) & (o2 > _TOL)) | ((o1 < -_TOL) & (o2 < -_TOL))
    apart |= ((o3 > _TOL) & (o4 > _TOL)) | ((o3 < -_TOL) & (o4 < -_TOL))
    result: Bools = box & ~apart
    return result


def all_pairs(weights: Floats) -> tuple[Floats, npt.NDArray[np.intp]]:
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


def spot_potentials(dist: Floats, to_spot: Floats) -> tuple[Floats, Ints]:
    """For every node and spot: the cheapest cost from the node to the spot, and the node
    where that route leaves the graph."""
    if not dist.size or not to_spot.size:
        shape = (len(dist), to_spot.shape[1] if to_spot.ndim == 2 else 0)
        return np.full(shape, math.inf), np.zeros(shape, dtype=np.intp)
    pot = np.empty((len(dist), to_spot.shape[1]))
    last = np.empty(pot.shape, dtype=np.intp)
    for j in range(0, to_spot.shape[1], 32):  # in slices: nodes x nodes x 32 floats at most
        via = dist[:, :, None] + to_spot[None, :, j : j + 32]
        near = np.argmin(via, axis=1)
        last[:, j : j + 32] = near
        pot[:, j : j + 32] = np.take_along_axis(via, near[:, None, :], axis=1)[:, 0, :]
    return pot, last


def candidate_points(table: Table) -> tuple[list[Point], list[Point]]:
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
    return bool(min(sides) >= _THICK)


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
