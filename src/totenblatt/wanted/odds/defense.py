"""The defender's hidden hand and the values of the odds.

:func:`defense_odds` describes a hand drawn at random from the unseen cards
(:class:`DefenseOdds`); :class:`AttackOdds` holds the wounds of one attack against it,
under the assumption every figure of :mod:`totenblatt.wanted.odds` rests on
(:data:`ASSUMPTION`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

from totenblatt.cards import Card, Rank, Suit
from totenblatt.messages import Message
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel

__all__ = [
    "ASSUMPTION",
    "ASSUMPTION_MESSAGE",
    "AttackOdds",
    "DefenceOdds",
    "DefenseOdds",
    "defence_odds",
    "defense_odds",
]


ASSUMPTION_MESSAGE = Message(
    "Odds assume the defender's hand is a random draw of its size from the cards you have "
    "not seen (full deck minus your hand minus every card seen), and that it plays the "
    "heart or joker that leaves the fewest wounds, or none when no card helps."
)
"""The assumption behind every figure of this module, for the text layer."""

ASSUMPTION = ASSUMPTION_MESSAGE.english()
"""The same assumption in English (the German text is in the catalogs)."""


@dataclass(frozen=True, slots=True)
class DefenseOdds:
    """The chance of each best defence of a hidden hand: a joker, a heart, or none (None)."""

    hand_size: int
    """Cards in the defender's hand (capped at ``unseen``)."""
    unseen: int
    """Cards the hand is drawn from."""
    outcomes: tuple[tuple[Card | None, Fraction], ...]
    """The strongest card held (a joker, else the highest heart, else None), strongest
    first; a heart stands for every heart of its value and tier."""
    pool: tuple[tuple[Card, int], ...] = ()
    """Every defence card among the unseen: (a joker or one heart per value and tier,
    how many of them); :func:`attack_odds` ranks them by the wounds they leave."""
    rest: tuple[tuple[Card, int], ...] = ()
    """Every other unseen card: (one card per game value, a 2 apart, how many of them) —
    what a Queen of Hearts may add to a heart, or a 2 that Wild 2 makes a joker."""


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact distribution of wounds of one attack under :data:`ASSUMPTION`."""

    card: Card
    weapon: str
    distance: float
    cover: CoverLevel
    defense: DefenseOdds
    wounds: tuple[tuple[int, Fraction], ...]
    """(wounds, probability), fewest wounds first; probabilities sum to 1."""
    defender_abilities: tuple[Ability, ...] = ()
    """The defender's abilities, as given (Cover 1-3: used on the heart it plays)."""

    @property
    def defence(self) -> DefenseOdds:
        """Deprecated spelling of :attr:`defense`."""
        return self.defense

    @property
    def distribution(self) -> dict[int, Fraction]:
        """Wounds -> probability."""
        return dict(self.wounds)

    @property
    def hit(self) -> Fraction:
        """The chance of at least one wound."""
        return sum((p for w, p in self.wounds if w > 0), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """The expected number of wounds."""
        return sum((w * p for w, p in self.wounds), Fraction(0))

    def at_least(self, wounds: int) -> Fraction:
        """The chance of ``wounds`` or more wounds (e.g. the target's HP + 1 for a kill)."""
        return sum((p for w, p in self.wounds if w >= wounds), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON: fractions as text (exact) and as floats."""
        return {
            "attack": str(self.card),
            "weapon": self.weapon,
            "distance": self.distance,
            "cover": self.cover.value,
            "hand": self.defense.hand_size,
            "unseen": self.defense.unseen,
            "wounds": {str(w): str(p) for w, p in self.wounds},
            "wounds_float": {str(w): float(p) for w, p in self.wounds},
            "hit": str(self.hit),
            "hit_float": float(self.hit),
            "expected": str(self.expected),
            "expected_float": float(self.expected),
        }


def _heart_key(card: Card, rules: Ruleset) -> tuple[int, int]:
    return (rules.card_value(card), int(rules.tier(card)))


def defense_odds(
    unseen: Iterable[Card] | Mapping[Card, int],
    hand_size: int,
    ruleset: str | Path | Ruleset = "base",
) -> DefenseOdds:
    """The chance of each best defence when ``hand_size`` cards are drawn from ``unseen``.

    Hypergeometric: the best defence is class k when the hand holds no card of a
    better class and at least one of class k.
    """
    rules = Ruleset.load(ruleset)
    counts = Counter(unseen) if not isinstance(unseen, Mapping) else Counter(dict(unseen))
    if hand_size < 0:
        raise ValueError(f"hand_size must be >= 0, got {hand_size!r}")
    total = sum(n for n in counts.values() if n > 0)
    h = min(hand_size, total)
    jokers = sum(n for c, n in counts.items() if c.is_joker and n > 0)
    hearts: dict[tuple[int, int], tuple[Card, int]] = {}
    for card, n in counts.items():
        if n > 0 and card.suit is Suit.HEARTS:
            key = _heart_key(card, rules)
            best, seen = hearts.get(key, (card, 0))
            hearts[key] = (max(best, card, key=lambda c: c.rank or 0), seen + n)
    classes: list[tuple[Card, int]] = []
    if jokers:
        classes.append((Card(None, None), jokers))
    classes += [hearts[key] for key in sorted(hearts, reverse=True)]
    ways = comb(total, h)
    outcomes: list[tuple[Card | None, Fraction]] = []
    above = 0
    for card, n in classes:
        free = total - above
        p = Fraction(comb(free, h) - comb(free - n, h), ways)
        if p:
            outcomes.append((card, p))
        above += n
    p_none = Fraction(comb(total - above, h), ways)
    if p_none:
        outcomes.append((None, p_none))
    others: dict[tuple[int, bool], tuple[Card, int]] = {}
    for card, n in counts.items():
        if n > 0 and not card.is_joker and card.suit is not Suit.HEARTS:
            key2 = (rules.card_value(card), card.rank is Rank.TWO)
            best, seen = others.get(key2, (card, 0))
            others[key2] = (best, seen + n)
    rest = tuple(others[key2] for key2 in sorted(others, reverse=True))
    return DefenseOdds(h, total, tuple(outcomes), tuple(classes), rest)


DefenceOdds = DefenseOdds
"""Deprecated alias of :class:`DefenseOdds` (the API spells it "defense")."""
defence_odds = defense_odds
"""Deprecated alias of :func:`defense_odds`."""
