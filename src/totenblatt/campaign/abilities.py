"""Ability draws (B1) for the campaign: a card from a full deck, the ability it gives, the effect.

>>> import random
>>> from totenblatt.wanted.rules import Ruleset
>>> rules = Ruleset.load("extended")
>>> draw = draw_ability(random.Random(3), rules)
>>> draw.ability is rules.ability_for(draw.card)
True
>>> parse_ability("7", rules), parse_ability("Deckung 3", rules)
(<Ability.COVER_3: 'cover_3'>, <Ability.COVER_3: 'cover_3'>)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from totenblatt.campaign.gang import CampaignError, Member
from totenblatt.cards import Card, Rank, full_deck
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, parse_word

__all__ = [
    "AbilityDraw",
    "draw_ability",
    "draw_number_ability",
    "gain_ability",
    "number_abilities",
    "parse_ability",
]


@dataclass(frozen=True, slots=True)
class AbilityDraw:
    """A card drawn for an ability and the ability it gives (B1)."""

    card: Card
    ability: Ability


def draw_ability(rng: random.Random, ruleset: Ruleset) -> AbilityDraw:
    """Draw one card from a fresh full deck (52 + ``campaign.ability_draw_jokers`` jokers)."""
    card = rng.choice(full_deck(ruleset.campaign.ability_draw_jokers))
    return AbilityDraw(card, ruleset.ability_for(card))


def draw_number_ability(rng: random.Random, ruleset: Ruleset) -> AbilityDraw:
    """Draw one of the 36 number cards (2-10): a new hero's ability not chosen by the player."""
    cards = [c for c in full_deck(0) if c.rank is not None and c.rank <= Rank.TEN]
    card = rng.choice(cards)
    return AbilityDraw(card, ruleset.ability_for(card))


def number_abilities(ruleset: Ruleset) -> tuple[Ability, ...]:
    """The abilities of the number cards 2-10, which new heroes choose from (B2)."""
    return tuple(ruleset.abilities.table[r.label] for r in Rank if r <= Rank.TEN)


def parse_ability(text: str, ruleset: Ruleset) -> Ability:
    """An ability by name (English snake case or German) or by the card that gives it."""
    label = text.strip().upper()
    label = "Joker" if label == "JOKER" else label
    if label in ruleset.abilities.table:
        return ruleset.abilities.table[label]
    try:
        return parse_word(Ability, text, "ability")
    except ValueError:
        allowed = ", ".join(a.value for a in Ability)
        raise CampaignError(
            f"unknown ability {text!r}: expected a name ({allowed}) or a card (2-10, J, Q, K, A)"
        ) from None


def gain_ability(member: Member, ability: Ability, ruleset: Ruleset | str = "base") -> Member:
    """The member with one more ability; Pay the Piper also raises HP maximum and HP by the
    ruleset's ``abilities.pay_the_piper`` (D-38)."""
    gained = replace(member, abilities=(*member.abilities, ability))
    if ability is Ability.PAY_THE_PIPER:
        bonus = Ruleset.load(ruleset).abilities.pay_the_piper
        gained = replace(gained, hp_max=gained.hp_max + bonus, hp=gained.hp + bonus)
    return gained
