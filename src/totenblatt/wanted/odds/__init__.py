"""Exact odds of an attack from one seat's point of view (A8-A12), as fractions.

The assumption (:data:`ASSUMPTION`): the defender's hand is a uniformly random
set of its known hand size drawn from the cards this seat has not seen — the
full deck(s) of the ruleset minus the seat's own hand minus every card seen in
its view (played face up, or discarded by the seat itself since the last
shuffle) — and the defender plays the heart or joker of that hand that leaves the
fewest wounds, none when no card helps. Each case is resolved with
:func:`~totenblatt.wanted.combat.resolve_attack` and weighted by hypergeometric
counting, so the result is exact and needs no sampling. :func:`defense_odds`
describes the hand once; :func:`attack_odds` ranks its defences for one attack.

>>> from totenblatt.cards import Card
>>> unseen = [Card.parse(c) for c in ("4♥", "K♥", "2♣", "3♣")]
>>> defense = defense_odds(unseen, hand_size=2)
>>> [(str(c) if c else None, p) for c, p in defense.outcomes]
[('K♥', Fraction(1, 2)), ('4♥', Fraction(1, 3)), (None, Fraction(1, 6))]
>>> odds = attack_odds("Q♠", weapon="winchester", distance=7, cover="medium", defense=defense)
>>> odds.distribution, odds.hit, odds.expected
({0: Fraction(1, 2), 3: Fraction(1, 3), 4: Fraction(1, 6)}, Fraction(1, 2), Fraction(5, 3))

The defender's abilities count too (Cover 1-3 used on the heart, Queen of Hearts adding the
hand's best other card, Picture-Book 10, Wild 2 making every 2 a joker):

>>> attack_odds("Q♠", weapon="winchester", distance=7, cover="medium", defense=defense,
...             defender_abilities=["cover_3"]).distribution
{0: Fraction(1, 2), 2: Fraction(1, 3), 4: Fraction(1, 6)}

At a real table, :func:`shot_odds` draws the defender's hand from the deck minus the cards
known to the shooter, :func:`hand_odds` ranks the attacks of a whole hand ("which spade?")
and :func:`out_odds` is the chance the target is out (A11, Nine Lives' draw included).
"""

from __future__ import annotations

from totenblatt.wanted.odds.attack import _defended as _defended
from totenblatt.wanted.odds.attack import _Shot as _Shot
from totenblatt.wanted.odds.attack import attack_odds, resolved_wounds
from totenblatt.wanted.odds.defense import (
    ASSUMPTION,
    ASSUMPTION_MESSAGE,
    AttackOdds,
    DefenseOdds,
    defense_odds,
)
from totenblatt.wanted.odds.defense import DefenceOdds as DefenceOdds
from totenblatt.wanted.odds.defense import defence_odds as defence_odds
from totenblatt.wanted.odds.shots import (
    HandOption,
    KnownCardsError,
    hand_odds,
    nine_lives_odds,
    odds_report,
    out_odds,
    shot_odds,
    table_pool,
)
from totenblatt.wanted.odds.views import unseen_cards, view_attack_odds, view_table

__all__ = [
    "ASSUMPTION",
    "ASSUMPTION_MESSAGE",
    "AttackOdds",
    "DefenseOdds",
    "HandOption",
    "KnownCardsError",
    "attack_odds",
    "defense_odds",
    "hand_odds",
    "nine_lives_odds",
    "odds_report",
    "out_odds",
    "resolved_wounds",
    "shot_odds",
    "table_pool",
    "unseen_cards",
    "view_attack_odds",
    "view_table",
]
