"""Exact odds against an independent brute-force enumeration, a seeded Monte Carlo, properties."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from pathlib import Path

import pytest
from hypothesis import given, settings

from probe_asks import probe_asks
from totenblatt.rpg import Outcome, ProbeError, WoundBand, probe_odds, resolve_probe
from totenblatt.rpg.odds import clear_cache

PILE = tuple(range(1, 14))  # C1: ace 1 … king 13, written out here on purpose
LEVELS = range(9)


def brute_band(margin: int) -> str:
    """D-31 default bands, restated independently of the ruleset."""
    return "light" if margin < 10 else "normal" if margin < 20 else "fat"


@cache
def player_paths(base: int, jokers: int, pile: tuple[int, ...]) -> Counter[tuple[int, ...]]:
    """Every equally likely draw (base set, then joker cards in order) as its prefix sums.

    Paths with equal prefix-sum tuples behave identically, so they are counted, not repeated.
    """
    paths: Counter[tuple[int, ...]] = Counter()
    for picked in combinations(range(len(pile)), base):
        rest = [c for i, c in enumerate(pile) if i not in picked]
        start = sum(pile[i] for i in picked)
        for extra in permutations(rest, min(jokers, len(rest))):
            sums = [start]
            for card in extra:
                sums.append(sums[-1] + card)
            paths[tuple(sums)] += 1
    return paths


@cache
def brute(
    base: int, other: int, jokers: int, tie: str, pile: tuple[int, ...] = PILE
) -> dict[str, object]:
    """Enumerate every draw of both piles; ``tie`` is who wins equal sums: player/opponent/none."""
    opponent = Counter(sum(hand) for hand in combinations(pile, other))
    paths = player_paths(base, jokers, pile)
    weight_all = sum(opponent.values()) * sum(paths.values())
    outcome: Counter[str] = Counter()
    margin: Counter[int] = Counter()
    wound: Counter[str | None] = Counter()
    spent_total = 0
    for b, q in opponent.items():
        for sums, ways in paths.items():
            for spent, total in enumerate(sums):
                won = total > b or (total == b and tie == "player")
                if won or spent == len(sums) - 1:
                    break
            w = q * ways
            spent_total += spent * w
            margin[total - b] += w
            if total > b or (total == b and tie == "player"):
                result = "success"
            elif total < b or tie == "opponent":
                result = "failure"
            else:
                result = "nothing"
            outcome[result] += w
            wound[None if result == "nothing" else brute_band(abs(total - b))] += w
    return {
        "success": Fraction(outcome["success"], weight_all),
        "failure": Fraction(outcome["failure"], weight_all),
        "nothing": Fraction(outcome["nothing"], weight_all),
        "margin": {m: Fraction(c, weight_all) for m, c in margin.items()},
        "wound": {b: Fraction(c, weight_all) for b, c in wound.items()},
        "expected_jokers": Fraction(spent_total, weight_all),
    }


def brute_odds(
    skill: int, difficulty: int, jokers: int, pvp: bool, pile: tuple[int, ...] = PILE
) -> dict[str, object]:
    base = 1 + max(0, skill - difficulty)
    other = 1 + max(0, difficulty - skill)
    if skill > difficulty or (skill == difficulty and not pvp):
        tie = "player"
    elif skill == difficulty:
        tie = "none"
    else:
        tie = "opponent"
    return brute(base, other, jokers, tie, pile)


@pytest.mark.parametrize("pvp", [False, True], ids=["gm", "pvp"])
@pytest.mark.parametrize("jokers", [0, 1, 2])
@pytest.mark.parametrize("difficulty", LEVELS)
@pytest.mark.parametrize("skill", LEVELS)
def test_probe_odds_equal_brute_force(skill: int, difficulty: int, jokers: int, pvp: bool) -> None:
    odds = probe_odds(skill, difficulty, jokers=jokers, pvp=pvp)
    expected = brute_odds(skill, difficulty, jokers, pvp)
    assert odds.success == expected["success"]
    assert odds.failure == expected["failure"]
    assert odds.nothing == expected["nothing"]
    assert odds.margin == expected["margin"]
    assert {None if b is None else b.value: p for b, p in odds.wound.items()} == expected["wound"]
    assert odds.expected_jokers == expected["expected_jokers"]
    assert odds.success + odds.failure + odds.nothing == 1


@pytest.mark.parametrize(("skill", "difficulty", "jokers"), [(0, 0, 2), (2, 0, 1), (0, 3, 3)])
def test_a_house_pile_with_repeated_cards_equals_brute_force(
    tmp_path: Path, skill: int, difficulty: int, jokers: int
) -> None:
    path = tmp_path / "kings.toml"
    path.write_text('extends = "rpg"\n[pile]\ncards = ["A", "2", "3", "K", "K", "K"]\n')
    odds = probe_odds(skill, difficulty, jokers=jokers, ruleset=path)
    expected = brute_odds(skill, difficulty, jokers, False, (1, 2, 3, 13, 13, 13))
    assert (odds.success, odds.margin) == (expected["success"], expected["margin"])
    assert odds.expected_jokers == expected["expected_jokers"]


def test_odds_hold_fractions_and_cold_cache_gives_the_same() -> None:
    warm = probe_odds(4, 6, jokers=3)
    clear_cache()
    cold = probe_odds(4, 6, jokers=3)
    assert warm == cold
    assert isinstance(cold.success, Fraction)
    assert all(isinstance(p, Fraction) for p in cold.margin.values())


def test_known_small_cases() -> None:
    # One card each at equal levels: player wins every tie, so 1 - P(lower) = 7/13.
    assert probe_odds(3, 3).success == Fraction(7, 13)
    assert probe_odds(3, 3, pvp=True).nothing == Fraction(1, 13)
    # With one joker it is spent exactly when the base draw does not succeed (D-33).
    for skill, difficulty, pvp in ((0, 1, False), (3, 3, True), (5, 2, False)):
        plain = probe_odds(skill, difficulty, pvp=pvp)
        one = probe_odds(skill, difficulty, pvp=pvp, jokers=1)
        assert one.expected_jokers == 1 - plain.success


@pytest.mark.parametrize(
    ("skill", "difficulty", "jokers", "pvp"),
    [(2, 3, 1, False), (3, 3, 2, True), (5, 2, 0, False), (0, 4, 2, False), (1, 6, 3, False)],
)
def test_monte_carlo_agrees_within_four_standard_errors(
    skill: int, difficulty: int, jokers: int, pvp: bool
) -> None:
    rng = random.Random(f"{skill}-{difficulty}-{jokers}-{pvp}")
    trials = 4000
    results = [
        resolve_probe(skill, difficulty, jokers=jokers, pvp=pvp, seed=rng) for _ in range(trials)
    ]
    odds = probe_odds(skill, difficulty, jokers=jokers, pvp=pvp)
    for outcome, exact in (
        (Outcome.SUCCESS, odds.success),
        (Outcome.NOTHING, odds.nothing),
    ):
        p = float(exact)
        seen = sum(r.outcome is outcome for r in results) / trials
        assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / trials) + 1e-12
    fat = float(odds.wound.get(WoundBand.FAT, 0))
    seen_fat = sum(r.wound is WoundBand.FAT for r in results) / trials
    assert abs(seen_fat - fat) <= 4 * math.sqrt(fat * (1 - fat) / trials) + 1e-12
    spent = [r.jokers_spent for r in results]
    mean = sum(spent) / trials
    var = sum((x - mean) ** 2 for x in spent) / (trials - 1)
    assert abs(mean - float(odds.expected_jokers)) <= 4 * math.sqrt(var / trials) + 1e-12


@settings(max_examples=60, deadline=None)
@given(**probe_asks(9, 4))
def test_success_grows_with_skill_and_jokers_and_falls_with_difficulty(
    skill: int, difficulty: int, jokers: int, pvp: bool
) -> None:
    odds = probe_odds(skill, difficulty, jokers=jokers, pvp=pvp).success
    assert probe_odds(skill + 1, difficulty, jokers=jokers, pvp=pvp).success >= odds
    assert probe_odds(skill, difficulty + 1, jokers=jokers, pvp=pvp).success <= odds
    assert probe_odds(skill, difficulty, jokers=jokers + 1, pvp=pvp).success >= odds


def test_levels_above_six_are_allowed_d30_until_the_pile_runs_out() -> None:
    assert probe_odds(12, 0).success == 1  # 13 cards (sum 91) against one card
    with pytest.raises(ProbeError, match="13"):
        probe_odds(13, 0)


def test_jokers_stop_when_the_pile_is_empty() -> None:
    # One card + 12 jokers is the whole pile (91) against 12 cards (at most 90).
    odds = probe_odds(0, 11, jokers=20)
    assert odds.success == 1 and 0 < odds.expected_jokers <= 12
    # Against all 13 cards the whole pile only ties, and the higher level wins ties.
    assert probe_odds(0, 12, jokers=20).success == 0
    assert probe_odds(0, 12, jokers=20).expected_jokers == 12


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"skill": -1, "difficulty": 2}, "skill must be a whole number >= 0"),
        ({"skill": 2, "difficulty": -3}, "difficulty must be a whole number >= 0"),
        ({"skill": 2.5, "difficulty": 2}, "skill"),
        ({"skill": True, "difficulty": 2}, "skill"),
        ({"skill": 2, "difficulty": 2, "jokers": -1}, "jokers"),
    ],
)
def test_bad_odds_input_raises_value_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        probe_odds(**kwargs)  # type: ignore[arg-type]
