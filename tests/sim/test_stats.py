"""Wilson intervals, crossings and run summaries."""

from __future__ import annotations

import math

import pytest

from totenblatt.sim.stats import crossing, rate, summarize, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (30, 100, 0.2189, 0.3958),  # Wilson (1927) / Newcombe (1998) style reference values
        (0, 20, 0.0, 0.1611),
        (20, 20, 0.8389, 1.0),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_matches_reference_values(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="not within"):
        wilson(5, 4)
    assert math.isnan(rate(0, 0)["rate"])


def test_crossing_interpolates_and_reports_none() -> None:
    assert crossing([1, 2], [0.8, 0.4], 0.5) == pytest.approx(1.75)
    assert crossing([1, 2, 3], [0.8, 0.5, 0.2], 0.5) == 2
    assert crossing([1, 2], [0.8, 0.6], 0.5) is None


def test_summary_counts_wins_per_seat_and_bot() -> None:
    base = {"end_reason": "last_side_standing", "rounds": 3, "decisions": 10}
    rows = [
        {**base, "bots": ["heuristic", "random"], "winners": [0]},
        {**base, "bots": ["random", "heuristic"], "winners": [1]},
        {**base, "bots": ["heuristic", "random"], "winners": [1]},
        {**base, "bots": ["random", "heuristic"], "winners": [], "end_reason": "round_limit"},
    ]
    summary = summarize(rows)
    assert summary["games"] == 4 and summary["draws"] == 1
    assert [s["successes"] for s in summary["seats"]] == [1, 2]
    assert summary["bots"]["heuristic"]["successes"] == 2
    assert summary["bots"]["random"]["successes"] == 1
    assert summary["end_reasons"] == {"last_side_standing": 3, "round_limit": 1}
