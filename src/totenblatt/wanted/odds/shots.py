"""The odds at a real table: the defender's hand drawn from the deck minus what the shooter knows.

:func:`shot_odds` gives one shot, :func:`hand_odds` ranks the attacks of a whole hand
("which spade?"), :func:`out_odds` is the chance the target is out (A11, Nine Lives'
draw included) and :func:`odds_report` the figures as JSON.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from totenblatt.cards import Card, CardLike, Rank, Suit, full_deck, to_card
from totenblatt.messages import Message, MessageError
from totenblatt.wanted.combat import JOKER_HIGH, nine_lives_survives, parse_abilities
from totenblatt.wanted.odds.attack import attack_odds
from totenblatt.wanted.odds.defense import AttackOdds, defense_odds
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel

__all__ = [
    "HandOption",
    "KnownCardsError",
    "hand_odds",
    "nine_lives_odds",
    "odds_report",
    "out_odds",
    "shot_odds",
    "table_pool",
]


class KnownCardsError(MessageError):
    """Cards said to be known (in hand, seen) more often than the deck holds them."""


def table_pool(known: Iterable[CardLike], ruleset: str | Path | Ruleset = "base") -> Counter[Card]:
    """The ruleset's deck(s) minus every card ``known`` to the shooter: what a defender's
    hand at a real table is drawn from.

    >>> len(list(table_pool(["Q♠", "3♠", "Joker"]).elements()))
    51
    """
    rules = Ruleset.load(ruleset)
    pool = Counter(full_deck(rules.cards.jokers) * rules.cards.deck_count)
    for item in known:
        card = to_card(item)
        if pool[card] <= 0:
            raise KnownCardsError(
                Message(
                    "{card} is counted more often than the deck holds it (your cards and "
                    "the cards seen)",
                    card=card,
                )
            )
        pool[card] -= 1
    return +pool


def shot_odds(
    card: CardLike,
    *,
    weapon: str,
    distance: float,
    cover: CoverLevel | str = CoverLevel.NONE,
    hand_size: int = 5,
    seen: Iterable[CardLike] = (),
    attacker_abilities: Iterable[str | Ability] = (),
    defender_abilities: Iterable[str | Ability] = (),
    ruleset: str | Path | Ruleset = "base",
) -> AttackOdds:
    """The odds of one shot at a real table: the defender holds ``hand_size`` cards of
    the deck minus ``card`` and the cards ``seen`` (:func:`table_pool`) and plays its best.

    >>> shot_odds("Q♠", weapon="winchester", distance=7, cover="medium").hit
    Fraction(174537, 409955)
    """
    rules = Ruleset.load(ruleset)
    attack = to_card(card)
    pool = table_pool([attack, *seen], rules)
    return attack_odds(
        attack,
        weapon=weapon,
        distance=distance,
        cover=cover,
        defense=defense_odds(pool, hand_size, rules),
        attacker_abilities=[a.value for a in parse_abilities(attacker_abilities, "attacker")],
        defender_abilities=defender_abilities,
        ruleset=rules,
    )


@dataclass(frozen=True, slots=True)
class HandOption:
    """One attack a hand offers: a card (a 2 played as a joker when ``wild``) and its odds."""

    card: Card
    wild: bool
    odds: AttackOdds


def hand_odds(
    hand: Iterable[CardLike],
    *,
    weapon: str,
    distance: float,
    cover: CoverLevel | str = CoverLevel.NONE,
    hand_size: int = 5,
    seen: Iterable[CardLike] = (),
    attacker_abilities: Iterable[str | Ability] = (),
    defender_abilities: Iterable[str | Ability] = (),
    ruleset: str | Path | Ruleset = "base",
    target_hp: int | None = None,
) -> tuple[HandOption, ...]:
    """Which spade to play: every attack of ``hand`` with its exact odds, best first.

    The attacks are each spade and joker of the hand, and with Wild 2 each 2 played as a
    joker (a 2♠ also as the number 2). The defender's hand is drawn from the deck minus
    the whole ``hand`` and the cards ``seen``. Best first: more expected wounds, then a
    higher chance to hit, then the card worth less (keep the better cards: of equal
    value the lower rank, a 10 before a king), then a 2 played wild before a joker.
    With ``target_hp`` (the target's HP) the chance to take it out comes first: wounds
    past the kill are worth nothing (Nine Lives' draw scales every attack alike).

    >>> [str(o.card) for o in hand_odds(["Q♠", "3♠", "7♣"], weapon="colt", distance=4)]
    ['Q♠', '3♠']
    """
    rules = Ruleset.load(ruleset)
    cards = [to_card(c) for c in hand]
    abilities = parse_abilities(attacker_abilities, "attacker")
    plain = [a.value for a in abilities if a is not Ability.WILD_2]
    wild = Ability.WILD_2 in abilities
    pool = table_pool([*cards, *seen], rules)
    defense = defense_odds(pool, hand_size, rules)
    choices: list[tuple[Card, bool]] = []
    for card in cards:
        if card.is_joker or card.suit is Suit.SPADES:
            choices.append((card, False))
        if wild and card.rank is Rank.TWO:
            choices.append((card, True))
    options: list[HandOption] = []
    for card, as_joker in dict.fromkeys(choices):
        odds = attack_odds(
            card,
            weapon=weapon,
            distance=distance,
            cover=cover,
            defense=defense,
            attacker_abilities=[*plain, Ability.WILD_2.value] if as_joker else plain,
            defender_abilities=defender_abilities,
            ruleset=rules,
        )
        options.append(HandOption(card, as_joker, odds))

    def worth(o: HandOption) -> tuple[Fraction, Fraction, Fraction, int, int, bool]:
        """Sort key of an option: the better odds first, then the cheaper card."""
        out = Fraction(0) if target_hp is None else -o.odds.at_least(target_hp + 1)
        if o.card.is_joker or o.wild:
            return (out, -o.odds.expected, -o.odds.hit, JOKER_HIGH, JOKER_HIGH, o.card.is_joker)
        value, rank = rules.card_value(o.card), int(o.card.rank or 0)
        return (out, -o.odds.expected, -o.odds.hit, value, rank, False)

    return tuple(sorted(options, key=worth))


def nine_lives_odds(ruleset: str | Path | Ruleset = "base") -> Fraction:
    """The chance a killed figure with Nine Lives stays in the game: its card beats its
    killer's, both drawn from a full deck of the ruleset (D-24).

    >>> nine_lives_odds()
    Fraction(628, 1431)
    """
    rules = Ruleset.load(ruleset)
    deck = Counter(full_deck(rules.cards.jokers) * rules.cards.deck_count)
    size = sum(deck.values())
    wins = 0
    for own, a in deck.items():
        for killer, b in deck.items():
            pairs = a * (b - 1) if own == killer else a * b
            if nine_lives_survives(own, killer, rules):
                wins += pairs
    return Fraction(wins, size * (size - 1))


def out_odds(
    odds: AttackOdds,
    target_hp: int,
    *,
    nine_lives: bool = False,
    ruleset: str | Path | Ruleset = "base",
) -> Fraction:
    """The chance the target at ``target_hp`` is out after the attack (A11): at least
    ``target_hp + 1`` wounds, and with Nine Lives its draw lost.

    >>> odds = shot_odds("Joker", weapon="colt", distance=3, hand_size=0)
    >>> out_odds(odds, 1), out_odds(odds, 2), out_odds(odds, 1, nine_lives=True)
    (Fraction(1, 1), Fraction(0, 1), Fraction(803, 1431))
    """
    if isinstance(target_hp, bool) or not isinstance(target_hp, int) or target_hp < 0:
        raise ValueError(f"target_hp must be a whole number >= 0, got {target_hp!r}")
    killed = odds.at_least(target_hp + 1)
    return killed * (1 - nine_lives_odds(ruleset)) if nine_lives else killed


def odds_report(
    odds: AttackOdds,
    *,
    attacker_abilities: Iterable[str | Ability] = (),
    target_hp: int | None = None,
    nine_lives: bool = False,
    ruleset: str | Path | Ruleset = "base",
) -> dict[str, Any]:
    """The figures of ``odds`` as JSON — what ``odds attack --json`` and the companion page
    give: :meth:`AttackOdds.to_dict`, both sides' abilities and, for a target's HP, the
    chance it is out (:func:`out_odds`), exact and as a float."""
    found = odds.to_dict() | {
        "attacker_abilities": [a.value for a in parse_abilities(attacker_abilities, "attacker")],
        "defender_abilities": [a.value for a in odds.defender_abilities],
    }
    if target_hp is not None:
        out = out_odds(odds, target_hp, nine_lives=nine_lives, ruleset=ruleset)
        found |= {
            "target_hp": target_hp,
            "nine_lives": nine_lives,
            "out": str(out),
            "out_float": float(out),
        }
    return found
