"""Lines of fire from one destination to every other, all at once (D-15), for the board.

The reference table answers one pair at a time (``Table.sight``: is a building's wall
between two points, not one that either stands in). The board asks that of many pairs
over a scenario's games; :class:`SightLines` answers a whole row of the board's
destinations with a few array operations instead, and says where it cannot be sure.

Each pair gets a verdict: :data:`CLEAR` (no wall between), :data:`BLOCKED` (a wall
between) or :data:`UNSURE`. A verdict is given only when the geometry is beyond doubt:
a wall's edge crosses the line of fire with every end more than :data:`MARGIN` inches
off the other segment's line, or stays more than :data:`MARGIN` away from it. Whether a
point stands in a building is the table's own answer (``Poly.contains``). Everything
closer than that (a line grazing a corner, running along a wall) is :data:`UNSURE`, and
the board asks the reference table as before; so every answer is the reference's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

    from totenblatt.wanted.table.measure import Table

__all__ = ["BLOCKED", "CLEAR", "MARGIN", "UNSURE", "SightLines"]

BLOCKED = 0
"""A building's wall stands between the two points."""
CLEAR = 1
"""No building's wall stands between the two points."""
UNSURE = 2
"""Too close to call here: the reference table decides."""
MARGIN = 1e-6
"""Inches a verdict needs between a wall's edge and the line of fire (the table's own
tolerance is 1e-9; float errors here are below 1e-12)."""


class SightLines:
    """The verdicts of :data:`CLEAR`, :data:`BLOCKED` or :data:`UNSURE` from one of
    ``points`` (the board's destinations) to all of them, a row at a time."""

    def __init__(self, table: Table, points: npt.NDArray[np.float64]) -> None:
        self.points = points
        polys = [poly for _, poly in table._building_outlines]
        edges = [(a, b, k) for k, poly in enumerate(polys) for a, b in poly.edges]
        starts = np.array([a for a, _, _ in edges], dtype=np.float64).reshape(-1, 2)
        ends = np.array([b for _, b, _ in edges], dtype=np.float64).reshape(-1, 2)
        inside = np.array(
            [[poly.contains(float(x), float(y)) for x, y in points.tolist()] for poly in polys],
            dtype=bool,
        ).reshape(len(polys), len(points))
        self._outside = ~inside[[k for _, _, k in edges]].T
        """Per point (rows) and edge: does the point stand outside the edge's building?"""
        ex0, ey0 = starts[:, 0][None, :], starts[:, 1][None, :]
        sx, sy = (ends - starts)[:, 0][None, :], (ends - starts)[:, 1][None, :]
        self._edges = (ex0, ey0, ex0 + sx, ey0 + sy, sx, sy)
        bx, by = points[:, 0][:, None], points[:, 1][:, None]
        self._side = sx * (by - ey0) - sy * (bx - ex0)
        """Per point and edge: the point's signed area against the edge's line."""
        self._firm_side = np.abs(self._side) > MARGIN * np.hypot(sx, sy)
        self._off_edge = _to_segment(bx, by, ex0, ey0, sx, sy) > MARGIN
        """Per point and edge: is the point more than :data:`MARGIN` off the edge?"""

    def row(self, i: int) -> bytes:
        """The verdict from point ``i`` to every point (``i`` itself: :data:`UNSURE`)."""
        xy = self.points
        ax, ay = float(xy[i, 0]), float(xy[i, 1])
        rx = (xy[:, 0] - ax)[:, None]
        ry = (xy[:, 1] - ay)[:, None]
        margin = MARGIN * np.hypot(rx, ry)
        counts = self._outside[i]  # a building the shooter stands in never blocks (D-15)
        outside = self._outside[:, counts]  # nor one the target stands in
        ex0, ey0, ex1, ey1, sx, sy = (e[:, counts] for e in self._edges)
        # the edge's ends against the line a→b, a and b against the edge's line
        d1 = rx * (ey0 - ay) - ry * (ex0 - ax)
        d2 = rx * (ey1 - ay) - ry * (ex1 - ax)
        d3 = sx * (ay - ey0) - sy * (ax - ex0)
        d4 = self._side[:, counts]
        crossing = (d1 * d2 < 0) & (d3 * d4 < 0)
        firm = (
            (np.abs(d1) > margin)
            & (np.abs(d2) > margin)
            & (np.abs(d3) > MARGIN * np.hypot(sx, sy))
            & self._firm_side[:, counts]
        )
        off = (
            self._off_edge[:, counts]
            & self._off_edge[i, counts]
            & (_to_segment(ex0, ey0, ax, ay, rx, ry) > MARGIN)
            & (_to_segment(ex1, ey1, ax, ay, rx, ry) > MARGIN)
        )
        blocked = (crossing & firm & outside).any(axis=1)
        unsure = ((crossing | ~off) & outside).any(axis=1) | (margin[:, 0] <= MARGIN * MARGIN)
        verdict = np.where(blocked, BLOCKED, np.where(unsure, UNSURE, CLEAR)).astype(np.uint8)
        verdict[i] = UNSURE
        return verdict.tobytes()


def _to_segment(
    px: npt.ArrayLike,
    py: npt.ArrayLike,
    ox: npt.ArrayLike,
    oy: npt.ArrayLike,
    dx: npt.NDArray[np.float64],
    dy: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """Distances from points (px, py) to segments from (ox, oy) along (dx, dy)."""
    wx = np.subtract(px, ox)
    wy = np.subtract(py, oy)
    dd = dx * dx + dy * dy
    t = np.clip((wx * dx + wy * dy) / np.where(dd > 0, dd, 1.0), 0.0, 1.0)
    out: npt.NDArray[np.float64] = np.hypot(wx - t * dx, wy - t * dy)
    return out
