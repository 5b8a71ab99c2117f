"""Win rates with 95 % Wilson score intervals, where a curve crosses a level, run summaries,
and the exact tests of the balance reports: the sign test on the discordant pairs of paired
games (McNemar's exact test), one-sided binomial tests of a share, Holm's correction across
the cells of a report (the tests from SciPy).

>>> low, high = wilson(30, 100)
>>> round(low, 3), round(high, 3)
(0.219, 0.396)
>>> crossing([1, 2, 3, 4], [0.9, 0.7, 0.4, 0.2], 0.5)
2.6666666666666665
>>> round(sign_test(4, 0), 3)  # 4 discordant games, all one way: not significant at 5 %
0.125
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from totenblatt.sim.play import Row

__all__ = [
    "ALPHA",
    "Z95",
    "Rate",
    "crossing",
    "holm",
    "paired_change",
    "rate",
    "share_at_least",
    "share_below",
    "share_rate",
    "sign_test",
    "summarize",
    "wilson",
]

ALPHA = 0.05
"""The level of the reports' tests, after Holm's correction (family-wise)."""

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


def sign_test(wins: int, losses: int) -> float:
    """The two-sided exact p-value of ``wins`` against ``losses`` among discordant pairs
    (a binomial test at one half: the sign test, McNemar's exact test); 1 when there is
    none.

    >>> sign_test(0, 0), round(sign_test(10, 0), 4), round(sign_test(30, 12), 4)
    (1.0, 0.002, 0.0079)
    """
    n = wins + losses
    if n <= 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(wins, n, 0.5).pvalue)


def share_at_least(successes: int, n: int, level: float) -> float:
    """One-sided exact p-value that the true share is below ``level`` (small: the share
    is at least ``level``); 1 when ``n`` is 0.

    >>> round(share_at_least(27, 30, 0.9), 3), round(share_at_least(299, 300, 0.9), 6)
    (0.647, 0.0)
    """
    if n <= 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(successes, n, level, alternative="greater").pvalue)


def share_below(successes: int, n: int, level: float) -> float:
    """One-sided exact p-value that the true share is at least ``level`` (small: below).

    >>> round(share_below(20, 30, 0.9), 5)
    0.00045
    """
    if n <= 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(successes, n, level, alternative="less").pvalue)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given (a family's test is
    rejected at level a when its adjusted p-value is at most a).

    >>> holm([]), holm([0.2]), holm([0.001, 0.5, 0.02, 0.04])
    ([], [0.2], [0.004, 0.5, 0.06, 0.08])
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = round(running, 12)
    return out


def paired_change(treated: Sequence[bool], control: Sequence[bool]) -> dict[str, float]:
    """The change of a win rate over paired games (game i of both cells from one seed):
    ``change`` (mean of treated − control), its exact 95 % bounds given the discordant
    pairs (Clopper–Pearson on the share of them the treated side won, scaled by their
    number), ``wins`` and ``losses`` (the discordant pairs each way) and the sign test's
    ``p``.

    >>> found = paired_change([True] * 4 + [False] * 6, [False] * 4 + [False] * 6)
    >>> found["change"], found["wins"], found["losses"], round(found["p"], 3)
    (0.4, 4, 0, 0.125)
    >>> round(found["low"], 3), found["high"]
    (-0.082, 0.4)
    """
    if len(treated) != len(control):
        raise ValueError(f"{len(treated)} treated games but {len(control)} paired ones")
    n = len(treated)
    wins = sum(1 for t, c in zip(treated, control, strict=True) if t and not c)
    losses = sum(1 for t, c in zip(treated, control, strict=True) if c and not t)
    if not n:
        return {"change": math.nan, "low": math.nan, "high": math.nan, "wins": 0,
                "losses": 0, "p": 1.0}  # fmt: skip
    m = wins + losses
    low = high = 0.0
    if m:
        from scipy.stats import binomtest

        ci = binomtest(wins, m, 0.5).proportion_ci(0.95, method="exact")
        low, high = m / n * (2 * ci.low - 1), m / n * (2 * ci.high - 1)
    return {
        "change": (wins - losses) / n,
        "low": low,
        "high": high,
        "wins": wins,
        "losses": losses,
        "p": sign_test(wins, losses),
    }


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
