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


def test_the_sign_test_is_exact_on_the_discordant_pairs() -> None:
    from totenblatt.sim.stats import paired_change, sign_test

    assert sign_test(4, 0) == pytest.approx(0.125)  # 4-0: not significant at 5 %
    assert sign_test(0, 4) == sign_test(4, 0)
    assert sign_test(9, 0) == pytest.approx(2 / 2**9)
    found = paired_change([True] * 4 + [False] * 26, [False] * 30)
    assert found["change"] == pytest.approx(4 / 30)
    assert found["low"] < 0 < found["high"]  # the exact bounds agree with the test
    concordant = paired_change([True, False, True], [True, False, True])
    assert (concordant["change"], concordant["p"]) == (0.0, 1.0)
    with pytest.raises(ValueError, match="paired"):
        paired_change([True], [])


def test_holm_adjusts_step_down_and_keeps_the_order() -> None:
    from totenblatt.sim.stats import holm

    assert holm([0.01] + [0.5] * 13) == pytest.approx([0.14] + [1.0] * 13)
    assert holm([0.04, 0.001, 0.03]) == pytest.approx([0.06, 0.003, 0.06])
    adjusted = holm([0.2, 0.01, 0.03, 0.5])
    assert all(a >= p for a, p in zip(adjusted, [0.2, 0.01, 0.03, 0.5], strict=True))


def test_one_sided_share_tests() -> None:
    from totenblatt.sim.stats import share_at_least, share_below

    assert share_at_least(27, 30, 0.9) > 0.5  # 27 of 30 does not show 90 %
    assert share_at_least(300, 300, 0.9) < 1e-10
    assert share_below(20, 30, 0.9) < 0.001
    assert share_at_least(0, 0, 0.9) == share_below(0, 0, 0.9) == 1.0
