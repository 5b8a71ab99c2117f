"""Win rates with 95 % Wilson score intervals, where a curve crosses a level, and run summaries.

>>> low, high = wilson(30, 100)
>>> round(low, 3), round(high, 3)
(0.219, 0.396)
>>> crossing([1, 2, 3, 4], [0.9, 0.7, 0.4, 0.2], 0.5)
2.6666666666666665
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from totenblatt.sim.play import Row

__all__ = ["Z95", "Rate", "crossing", "rate", "share_rate", "summarize", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""

Rate = dict[str, float]
"""``{"successes", "n", "rate", "low", "high"}``."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} not within 0 to n={n}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(successes: float, n: int) -> Rate:
    """A rate with its Wilson interval, as JSON-ready numbers."""
    low, high = wilson(successes, n)
    return {
        "successes": successes,
        "n": n,
        "rate": successes / n if n else math.nan,
        "low": low,
        "high": high,
    }


def share_rate(successes: float, n: int) -> dict[str, float]:
    """The share of ``successes`` out of ``n`` with its Wilson interval: ``rate``, ``low``,
    ``high`` of :func:`rate` (a report's share, without the counts).

    >>> share_rate(0, 0)["low"], share_rate(0, 0)["high"]
    (0.0, 1.0)
    """
    return {k: v for k, v in rate(successes, n).items() if k in ("rate", "low", "high")}


def crossing(xs: Sequence[float], ys: Sequence[float], level: float) -> float | None:
    """The first ``x`` where the piecewise-linear curve ``ys`` crosses ``level``, or None."""
    points = list(zip(xs, ys, strict=True))
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if y0 == level:
            return x0
        if (y0 - level) * (y1 - level) < 0:
            return x0 + (level - y0) * (x1 - x0) / (y1 - y0)
    if points and points[-1][1] == level:
        return points[-1][0]
    return None


def summarize(rows: Sequence[Row]) -> dict[str, Any]:
    """Wins per seat and per bot (95 % Wilson intervals), draws, end reasons, rounds."""
    n = len(rows)
    seats = max((len(r["bots"]) for r in rows), default=0)
    seat_wins = Counter(s for r in rows for s in r["winners"])
    bot_games: Counter[str] = Counter()
    bot_wins: Counter[str] = Counter()
    for r in rows:
        for name in set(r["bots"]):
            bot_games[name] += 1
            if any(r["bots"][s] == name for s in r["winners"]):
                bot_wins[name] += 1
    rounds = [r["rounds"] for r in rows]
    return {
        "games": n,
        "draws": sum(1 for r in rows if not r["winners"] and r["end_reason"] != "unfinished"),
        "end_reasons": dict(sorted(Counter(r["end_reason"] for r in rows).items())),
        "rounds_mean": sum(rounds) / n if n else math.nan,
        "rounds_max": max(rounds, default=0),
        "decisions_mean": sum(r["decisions"] for r in rows) / n if n else math.nan,
        "seats": [{"seat": s, **rate(seat_wins[s], n)} for s in range(seats)],
        "bots": {name: rate(bot_wins[name], bot_games[name]) for name in sorted(bot_games)},
    }
