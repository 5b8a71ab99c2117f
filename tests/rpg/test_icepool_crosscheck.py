"""The exact RPG odds (no jokers) against icepool, an independent dice-and-deck library.

Each side draws its cards from its own 13-card pile (C1: values 1 to 13) without
replacement; icepool deals them and gives the exact distribution of the margin
(player minus opponent). The draw sizes and the tie rule (C3, D-39) are restated
here on purpose, not imported.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from totenblatt.rpg import probe_odds

PILE = list(range(1, 14))
LEVELS = range(9)


def margin_by_icepool(skill: int, difficulty: int) -> dict[int, Fraction]:
    """The margin's exact distribution: each side deals from a fresh pile."""
    mine = 1 + max(0, skill - difficulty)
    theirs = 1 + max(0, difficulty - skill)
    margin = icepool.Deck(PILE).deal(mine).sum() - icepool.Deck(PILE).deal(theirs).sum()
    return {int(m): Fraction(margin.probability(m)) for m in margin.outcomes()}


@pytest.mark.parametrize("pvp", [False, True], ids=["probe", "pvp"])
@pytest.mark.parametrize("skill", LEVELS)
def test_odds_match_icepool_for_every_difficulty(skill: int, pvp: bool) -> None:
    for difficulty in LEVELS:
        margin = margin_by_icepool(skill, difficulty)
        # a tie goes to the higher level; equal levels: the player, or nobody in PvP
        tie_wins = skill > difficulty or (skill == difficulty and not pvp)
        success = sum((p for m, p in margin.items() if m > 0 or (m == 0 and tie_wins)), Fraction(0))
        odds = probe_odds(skill, difficulty, jokers=0, pvp=pvp)
        assert isinstance(odds.success, Fraction)
        assert odds.success == success, (skill, difficulty)
        assert odds.margin == margin, (skill, difficulty)
        assert sum(margin.values()) == 1
