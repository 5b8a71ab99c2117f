"""One leg of a route under a budget: how far it can be paid, and a path's end kept off bases.

The :class:`~totenblatt.wanted.table.pathing.Router` cuts its routes with these: a leg is
paid as far as :func:`affordable` says (difficult ground and windows counted along it),
the cut point is rounded with :func:`short_of`, and :func:`clear_of_bases` shortens a
path that would end on another figure's base.
"""

from __future__ import annotations

import itertools
import math

from totenblatt.wanted.table.measure import Table
from totenblatt.wanted.table.planar import EPS
from totenblatt.wanted.table.terrain import Point

__all__ = ["affordable", "clear_of_bases", "short_of"]


def affordable(table: Table, p: Point, q: Point, money: float) -> tuple[float, bool]:
    """The farthest parameter along p→q that costs at most ``money``, and whether the
    leg is plain (no difficult ground, no window: its cost is its length)."""
    length, difficult, windows = table.profile(p, q)
    plain = not difficult and not windows
    if length <= EPS or money <= 0:
        return 0.0, plain
    if plain:
        return min(1.0, money / length), True
    marks = sorted({0.0, 1.0, *windows, *(t for span in difficult for t in span)})
    spent = 0.0
    for t0, t1 in itertools.pairwise(marks):
        if any(abs(t0 - w) <= 1e-12 for w in windows):
            if spent + table.window_cost > money:
                return max(0.0, t0 - 0.01 / length), False
            spent += table.window_cost
        mid = (t0 + t1) / 2
        slow = any(a <= mid <= b for a, b in difficult)
        rate = length * (table.difficult_factor if slow else 1.0)
        if spent + rate * (t1 - t0) >= money:
            return t0 + (money - spent) / rate, False
        spent += rate * (t1 - t0)
    return 1.0, False


def clear_of_bases(
    path: list[Point], blockers: tuple[Point, ...], base_diameter: float
) -> list[Point] | None:
    """Shorten ``path`` (in place) until its end does not overlap a base in ``blockers``;
    None when it cannot."""
    reach = base_diameter + 1e-6
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


def short_of(a: float, b: float, t: float) -> float:
    """``a + (b - a) * t`` rounded to 6 decimals, never beyond it (seen from ``a``)."""
    exact = a + (b - a) * t
    out = round(exact, 6)
    if (out - exact) * (b - a) > 1e-12:
        out = round(out - math.copysign(1e-6, b - a), 6)
    return out


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
