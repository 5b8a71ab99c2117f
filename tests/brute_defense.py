"""The defender's best play by brute force: the exact odds' witness (B1, D-25, D-26).

Every hand the defender may hold is enumerated, and for each the choice that leaves the
fewest wounds is found by trying every card (and with Queen of Hearts every pair of a heart
and another card) with :func:`resolve_attack` itself.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction

from totenblatt.cards import Card, Rank, Suit
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.rules import Ruleset


def brute_defense(
    card: str,
    unseen: list[Card],
    hand: int,
    *,
    weapon: str,
    distance: float,
    cover: str,
    defender: tuple[str, ...],
    ruleset: Ruleset,
    attacker: tuple[str, ...] = (),
) -> dict[int, Fraction]:
    """Wounds -> chance over every hand of ``hand`` cards of ``unseen`` (by position), each
    defended as well as it can be."""
    queen = "queen_of_hearts" in defender
    wild = "wild_2" in defender
    plain = tuple(a for a in defender if a != "queen_of_hearts")

    @functools.cache
    def wounds(heart: Card | None, extra: Card | None) -> int:
        return resolve_attack(
            card,
            weapon=weapon,
            distance=distance,
            cover=cover,
            defense=heart,
            extra_defense=extra,
            attacker_abilities=attacker,
            defender_abilities=(
                () if heart is None else (*plain, "queen_of_hearts") if extra else plain
            ),
            ruleset=ruleset,
        ).wounds

    def defends(c: Card) -> bool:
        return c.is_joker or c.suit is Suit.HEARTS or (wild and c.rank is Rank.TWO)

    counts: Counter[int] = Counter()
    for cards in itertools.combinations(unseen, hand):
        best = wounds(None, None)
        for i, c in enumerate(cards):
            if not defends(c):
                continue
            best = min(best, wounds(c, None))
            if queen:
                for j, e in enumerate(cards):
                    if j != i and not e.is_joker:
                        best = min(best, wounds(c, e))
        counts[best] += 1
    total = sum(counts.values())
    return {w: Fraction(n, total) for w, n in sorted(counts.items())}
