"""After the hit: wounds one at a time, the kill, Nine Lives (A11, B1 9, D-24).

>>> after = take_wounds(3, target_hp=2, killer_hp=4)
>>> after.hp, after.out, after.killer_gain, after.killer_hp
(0, True, 1, 5)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from totenblatt.cards import Card, CardLike, full_deck, to_card
from totenblatt.messages import Message
from totenblatt.wanted.combat.attack import AttackInputError, AttackResult
from totenblatt.wanted.rules import Ruleset

__all__ = [
    "JOKER_HIGH",
    "Aftermath",
    "NineLivesDraw",
    "draw_nine_lives",
    "nine_lives_survives",
    "take_wounds",
]

JOKER_HIGH = 1_000
"""What a joker counts where two cards are compared by worth and a joker is highest (D-24)."""


@dataclass(frozen=True, slots=True)
class NineLivesDraw:
    """Nine Lives (B1 9): the card the killed figure drew, its killer's, and who won."""

    own: Card
    """The card of the figure with Nine Lives."""
    killer: Card
    """The card of its killer."""
    survived: bool
    """Its card is higher (by game value, jokers highest; equal cards: it dies, D-24)."""


@dataclass(frozen=True, slots=True)
class Aftermath:
    """What the wounds of one attack did to its target and its killer (A11, B1 9).

    Wounds are taken one at a time: each costs 1 HP; a wound at 0 HP kills. A killed
    figure with Nine Lives draws against its killer and stays in the game (with 0 HP,
    the rest of the wounds spent) when its card is higher; else it is out, and the killer
    gains the ruleset's reward (1 HP), no more than its maximum allows (D-4).
    """

    wounds: int
    """The wounds of the attack."""
    hp_before: int
    """The target's HP before the attack."""
    hp: int
    """The target's HP after it."""
    killed: bool
    """A wound came at 0 HP (the figure is out unless Nine Lives saved it)."""
    out: bool
    """The target is out of the game (erledigt)."""
    nine_lives: NineLivesDraw | None
    """The draw when the target was killed and has Nine Lives, else None."""
    killer_gain: int
    """HP the killer gains (0 unless the target is out)."""
    killer_hp_before: int | None
    """The killer's HP before, when given."""
    killer_hp: int | None
    """The killer's HP after, when given."""
    killer_max: int | None
    """The killer's HP maximum that capped the gain (D-4), when its HP were given."""

    @property
    def lost(self) -> int:
        """HP the target lost."""
        return self.hp_before - self.hp

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (cards as text)."""
        draw = self.nine_lives
        return {
            "wounds": self.wounds,
            "hp_before": self.hp_before,
            "hp": self.hp,
            "lost": self.lost,
            "killed": self.killed,
            "out": self.out,
            "nine_lives": None
            if draw is None
            else {"own": str(draw.own), "killer": str(draw.killer), "survived": draw.survived},
            "killer_gain": self.killer_gain,
            "killer_hp_before": self.killer_hp_before,
            "killer_hp": self.killer_hp,
            "killer_max": self.killer_max,
        }


def _worth(card: Card, rules: Ruleset) -> int:
    return JOKER_HIGH if card.is_joker else rules.card_value(card)


def nine_lives_survives(
    own: CardLike, killer: CardLike, ruleset: str | Path | Ruleset = "base"
) -> bool:
    """Nine Lives (D-24): the killed figure's card beats its killer's — by game value,
    jokers highest, equal values lose.

    >>> nine_lives_survives("Joker", "A♠"), nine_lives_survives("K♥", "10♣")
    (True, False)
    """
    rules = Ruleset.load(ruleset)
    return _worth(to_card(own), rules) > _worth(to_card(killer), rules)


def draw_nine_lives(
    rng: random.Random,
    ruleset: str | Path | Ruleset = "base",
    on_table: Sequence[CardLike] = (),
) -> tuple[Card, Card]:
    """Two cards for a Nine Lives draw, the killed figure's first: from the full deck of
    the ruleset (its jokers, its number of decks) less the cards ``on_table`` (the shot's
    attack and defence cards: D-24 draws from the draw pile, never a card lying on the
    table), as at a table that does not know the rest of its draw pile.

    >>> draw_nine_lives(random.Random(7)) == draw_nine_lives(random.Random(7))
    True
    >>> "A♠" in map(str, draw_nine_lives(random.Random(1), on_table=["A♠"]))
    False
    """
    rules = Ruleset.load(ruleset)
    deck = full_deck(rules.cards.jokers) * rules.cards.deck_count
    for card in on_table:
        taken = to_card(card)
        if taken in deck:
            deck.remove(taken)
    own, killer = rng.sample(deck, 2)
    return own, killer


def _shot_cards(wounds: int | AttackResult) -> list[Card]:
    """The cards an attack laid on the table (none for a bare count of wounds)."""
    if not isinstance(wounds, AttackResult):
        return []
    cards = [wounds.attack, wounds.defense, wounds.extra_defense]
    return [c for c in cards if c is not None]


def _whole(value: object, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise AttackInputError(
            f"{name} must be a whole number >= {least}, got {value!r}",
            message=Message(
                "{name} must be a whole number of at least {least}, got {value}",
                name=name,
                least=least,
                value=repr(value),
            ),
        )
    return value


def take_wounds(
    wounds: int | AttackResult,
    *,
    target_hp: int,
    nine_lives: tuple[CardLike, CardLike] | random.Random | None = None,
    killer_hp: int | None = None,
    killer_max: int | None = None,
    ruleset: str | Path | Ruleset = "base",
    on_table: Sequence[CardLike] = (),
) -> Aftermath:
    """The target at ``target_hp`` takes ``wounds`` (or an attack's wounds), as A11 says.

    ``nine_lives``: None when the target has no Nine Lives (or no use left); else the
    two cards drawn at the table (the target's, then the killer's), or a
    ``random.Random`` that draws them only when the target is killed, from a full deck
    less the cards ``on_table`` (the shot's cards; with an :class:`AttackResult` its
    attack and defence cards are on the table anyway, D-24).
    ``killer_hp``/``killer_max``: the killer's HP and maximum (default: the ruleset's
    maximum), which cap its reward (D-4); without them it gains the whole reward.
    Raises ``AttackInputError`` for a negative count or HP above the maximum.
    """
    rules = Ruleset.load(ruleset)
    count = _whole(wounds.wounds if isinstance(wounds, AttackResult) else wounds, "wounds", 0)
    hp = _whole(target_hp, "target_hp", 0)
    if killer_hp is not None:
        _whole(killer_hp, "killer_hp", 0)
        killer_max = _whole(rules.hp.maximum if killer_max is None else killer_max, "killer_max", 1)
        if rules.hp.cap_hp_at_max and killer_hp > killer_max:
            raise AttackInputError(
                f"killer_hp {killer_hp} is above its maximum {killer_max} (D-4)",
                message=Message(
                    "the attacker's {hp} HP are more than its maximum of {most} (D-4)",
                    hp=killer_hp,
                    most=killer_max,
                ),
            )
    elif killer_max is not None:
        _whole(killer_max, "killer_max", 1)
    given: tuple[Card, Card] | None = None
    if isinstance(nine_lives, tuple):
        given = (to_card(nine_lives[0]), to_card(nine_lives[1]))
    before = hp
    killed = False
    draw: NineLivesDraw | None = None
    for _ in range(count):
        if hp > 0:
            hp -= 1
            continue
        killed = True
        if isinstance(nine_lives, random.Random):
            given = draw_nine_lives(nine_lives, rules, [*_shot_cards(wounds), *on_table])
        if given is not None:
            draw = NineLivesDraw(given[0], given[1], nine_lives_survives(*given, rules))
        break
    out = killed and not (draw is not None and draw.survived)
    gain = 0
    after = killer_hp
    if out:
        gain = rules.hp.killer_reward
        if killer_hp is not None and killer_max is not None and rules.hp.cap_hp_at_max:
            gain = max(0, min(gain, killer_max - killer_hp))  # D-4
        after = None if killer_hp is None else killer_hp + gain
    return Aftermath(
        wounds=count,
        hp_before=before,
        hp=hp,
        killed=killed,
        out=out,
        nine_lives=draw,
        killer_gain=gain,
        killer_hp_before=killer_hp,
        killer_hp=after,
        killer_max=killer_max if killer_hp is not None else None,
    )
