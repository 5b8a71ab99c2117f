"""Plane geometry on small polygons in pure Python, for the table's hot paths.

Shapely builds and validates the terrain; these few functions answer the
per-move questions (does a segment cross this edge, how much of it lies in
this polygon) without creating geometry objects, which is several times
faster for polygons of a handful of corners.

>>> square = Poly(((0, 0), (2, 0), (2, 2), (0, 2)))
>>> square.intervals((-1.0, 1.0), (3.0, 1.0))
[(0.25, 0.75)]
>>> square.contains(2.0, 1.0), square.contains(2.5, 1.0)
(True, False)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

__all__ = [
    "EPS",
    "Box",
    "Poly",
    "group_walls",
    "point_segment_distance",
    "poly_box",
    "segment_params",
    "union_spans",
]

EPS = 1e-9
"""Tolerance in inches (and in segment parameters)."""

Pt = tuple[float, float]
_NEAR = 1e-7
"""Grows bounding boxes well beyond ``EPS`` (a pre-filter that never drops a meeting point)."""


def segment_params(p: Pt, q: Pt, a: Pt, b: Pt, *, quick: bool = True) -> list[float]:
    """Parameters t in [0, 1] along p→q where it meets the closed segment a–b.

    A collinear overlap gives the two ends of the overlap. ``quick=False`` leaves out the
    quick miss (every case through the square roots: the reference of the tests).

    >>> segment_params((0, 0), (4, 0), (1, -1), (1, 1))
    [0.25]
    """
    px, py = p
    rx, ry = q[0] - px, q[1] - py
    ax, ay = a
    sx, sy = b[0] - ax, b[1] - ay
    wx, wy = ax - px, ay - py
    denom = rx * sy - ry * sx
    rr = rx * rx + ry * ry
    ss = sx * sx + sy * sy
    if quick and denom * denom > 2e-24 * rr * ss and rr > 1e-16 and ss > 1e-16:
        # clearly not parallel and both longer than 1e-8: far misses need no square roots
        t = (wx * sy - wy * sx) / denom
        u = (wx * ry - wy * rx) / denom
        if t < -0.5 or t > 1.5 or u < -0.5 or u > 1.5:
            return []
    if abs(denom) <= 1e-12 * math.sqrt(rr * ss) or rr == 0.0 or ss == 0.0:
        if rr == 0.0:
            return [0.0] if point_segment_distance(px, py, a, b) <= EPS else []
        # parallel: collinear only when a lies on the line p-q
        if abs(wx * ry - wy * rx) > EPS * math.sqrt(rr):
            return []
        t0 = (wx * rx + wy * ry) / rr
        t1 = ((b[0] - px) * rx + (b[1] - py) * ry) / rr
        lo, hi = (t0, t1) if t0 <= t1 else (t1, t0)
        lo, hi = max(lo, 0.0), min(hi, 1.0)
        if lo > hi + EPS:
            return []
        return [lo] if hi - lo <= EPS else [lo, hi]
    t = (wx * sy - wy * sx) / denom
    u = (wx * ry - wy * rx) / denom
    tol_t = EPS / math.sqrt(rr)
    tol_u = EPS / math.sqrt(ss)
    if -tol_t <= t <= 1 + tol_t and -tol_u <= u <= 1 + tol_u:
        return [min(max(t, 0.0), 1.0)]
    return []


def segments_touch(p: Pt, q: Pt, a: Pt, b: Pt) -> bool:
    """True when the closed segments p–q and a–b share a point."""
    # quick bounding-box rejection
    if max(p[0], q[0]) < min(a[0], b[0]) - EPS or min(p[0], q[0]) > max(a[0], b[0]) + EPS:
        return False
    if max(p[1], q[1]) < min(a[1], b[1]) - EPS or min(p[1], q[1]) > max(a[1], b[1]) + EPS:
        return False
    return bool(segment_params(p, q, a, b))


def point_segment_distance(x: float, y: float, a: Pt, b: Pt) -> float:
    """Distance from (x, y) to the closed segment a–b."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    dd = dx * dx + dy * dy
    if dd == 0.0:
        return math.hypot(x - ax, y - ay)
    t = ((x - ax) * dx + (y - ay) * dy) / dd
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


class Poly:
    """A simple polygon (no holes) with its edges and bounding box precomputed."""

    __slots__ = ("boxes", "edges", "maxx", "maxy", "minx", "miny", "ring")

    def __init__(self, ring: Sequence[tuple[float, float]]) -> None:
        self.ring: tuple[Pt, ...] = tuple((float(x), float(y)) for x, y in ring)
        n = len(self.ring)
        self.edges: tuple[tuple[Pt, Pt], ...] = tuple(
            (self.ring[i], self.ring[(i + 1) % n]) for i in range(n)
        )
        xs = [x for x, _ in self.ring]
        ys = [y for _, y in self.ring]
        self.minx, self.maxx, self.miny, self.maxy = min(xs), max(xs), min(ys), max(ys)
        self.boxes: tuple[tuple[Pt, Pt, float, float, float, float], ...] = tuple(
            (
                a,
                b,
                min(a[0], b[0]) - _NEAR,
                min(a[1], b[1]) - _NEAR,
                max(a[0], b[0]) + _NEAR,
                max(a[1], b[1]) + _NEAR,
            )
            for a, b in self.edges
        )
        """Each edge with its bounding box grown by more than the tolerance."""

    def bbox_hits(self, minx: float, miny: float, maxx: float, maxy: float) -> bool:
        """True when the box overlaps this polygon's bounding box (touching counts)."""
        return not (
            maxx < self.minx - EPS
            or minx > self.maxx + EPS
            or maxy < self.miny - EPS
            or miny > self.maxy + EPS
        )

    def on_boundary(self, x: float, y: float) -> bool:
        """True when (x, y) lies on an edge."""
        for a, b, x0, y0, x1, y1 in self.boxes:  # on an edge: inside its (grown) box
            if x0 <= x <= x1 and y0 <= y <= y1 and point_segment_distance(x, y, a, b) <= EPS:
                return True
        return False

    def _ray_inside(self, x: float, y: float) -> bool:
        inside = False
        for (ax, ay), (bx, by) in self.edges:
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
        return inside

    def contains(self, x: float, y: float) -> bool:
        """True when (x, y) is inside or on the boundary."""
        if x < self.minx - EPS or x > self.maxx + EPS or y < self.miny - EPS or y > self.maxy + EPS:
            return False
        return self._ray_inside(x, y) or self.on_boundary(x, y)

    def interior(self, x: float, y: float) -> bool:
        """True when (x, y) is strictly inside (not on the boundary)."""
        if x <= self.minx or x >= self.maxx or y <= self.miny or y >= self.maxy:
            return False
        return self._ray_inside(x, y) and not self.on_boundary(x, y)

    def distance(self, x: float, y: float) -> float:
        """Distance from (x, y) to the polygon (0 inside)."""
        if self.contains(x, y):
            return 0.0
        return min(point_segment_distance(x, y, a, b) for a, b in self.edges)

    def touches_segment(self, p: Pt, q: Pt) -> bool:
        """True when the closed segment p–q meets the closed polygon."""
        if self.contains(p[0], p[1]):
            return True
        return any(segments_touch(p, q, a, b) for a, b in self.edges)

    def intervals(self, p: Pt, q: Pt, *, quick: bool = True) -> list[tuple[float, float]]:
        """Parameter intervals of p→q that lie strictly inside the polygon (merged, sorted).

        ``quick=False`` tries every edge, none pruned by its box (the tests' reference)."""
        ts = [0.0, 1.0]
        px, py = p
        dx, dy = q[0] - px, q[1] - py
        lox, hix = (px, q[0]) if dx >= 0 else (q[0], px)
        loy, hiy = (py, q[1]) if dy >= 0 else (q[1], py)
        for a, b, x0, y0, x1, y1 in self.boxes:
            # a meeting point lies within the tolerance of both segments, so in both boxes
            if not quick or (x1 >= lox and x0 <= hix and y1 >= loy and y0 <= hiy):
                ts.extend(segment_params(p, q, a, b, quick=quick))
        ts.sort()
        out: list[tuple[float, float]] = []
        for t0, t1 in itertools.pairwise(ts):
            if t1 - t0 <= 1e-12:
                continue
            tm = (t0 + t1) / 2
            if self.interior(px + tm * dx, py + tm * dy):
                if out and abs(out[-1][1] - t0) <= 1e-12:
                    out[-1] = (out[-1][0], t1)
                else:
                    out.append((t0, t1))
        return out


# -- boxes for pruning, and interval sums ---------------------------------------------

Box = tuple[float, float, float, float, float, float, float, float]
"""x0, y0, x1, y1 (grown by ``EPS``), then the centre and the half sizes.

A segment p→q can meet nothing in the box when the box lies wholly on one side
of its line: ``|dx·(cy - py) - dy·(cx - px)| > |dy|·hx + |dx|·hy`` (plus room).
"""
Boxed = tuple[Pt, Pt, int, float, float, float, float]
"""A segment a-b of terrain piece ``index`` with its bounding box grown by ``EPS``."""


def area_box(x0: float, y0: float, x1: float, y1: float) -> Box:
    """The :data:`Box` of an axis-parallel rectangle."""
    x0, y0, x1, y1 = x0 - EPS, y0 - EPS, x1 + EPS, y1 + EPS
    return (x0, y0, x1, y1, (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2)


def poly_box(poly: Poly) -> Box:
    """The :data:`Box` of a polygon's bounding box."""
    return area_box(poly.minx, poly.miny, poly.maxx, poly.maxy)


def boxed_segment(a: Pt, b: Pt, index: int) -> Boxed:
    """A segment with its bounding box grown by the tolerance."""
    return (
        a,
        b,
        index,
        min(a[0], b[0]) - EPS,
        min(a[1], b[1]) - EPS,
        max(a[0], b[0]) + EPS,
        max(a[1], b[1]) + EPS,
    )


def group_walls(
    walls: list[tuple[Pt, Pt, int]], windows: list[tuple[Pt, Pt, int]]
) -> list[tuple[Box, list[Boxed], list[Boxed]]]:
    """Walls and windows with their boxes, grouped by building (in order) with its box."""
    out = []
    for index in dict.fromkeys(i for _, _, i in walls + windows):
        own = [boxed_segment(*w) for w in walls if w[2] == index]
        gaps = [boxed_segment(*w) for w in windows if w[2] == index]
        boxes = own + gaps
        area = area_box(
            min(b[3] for b in boxes),
            min(b[4] for b in boxes),
            max(b[5] for b in boxes),
            max(b[6] for b in boxes),
        )
        out.append((area, own, gaps))
    return out


def union_spans(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Sorted, merged parameter intervals (touching ones join).

    >>> union_spans([(0.5, 0.7), (0.1, 0.2), (0.6, 0.9)])
    [(0.1, 0.2), (0.5, 0.9)]
    """
    if len(spans) < 2:
        return spans
    spans.sort()
    out = [spans[0]]
    for t0, t1 in spans[1:]:
        if t0 <= out[-1][1]:
            if t1 > out[-1][1]:
                out[-1] = (out[-1][0], t1)
        else:
            out.append((t0, t1))
    return out
