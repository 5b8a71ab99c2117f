"""The arithmetic of a gunfight: one spade against one heart (A8-A12, B1).

The result carries its inputs, normalised (cards, weapon key, cover levels,
abilities), and the cover that counted, so an explanation needs nothing else.

>>> r = resolve_attack("Q♠", weapon="gewehr", distance=7, defense="Herz 4", cover="mittel")
>>> r.attack_value, r.defense_value, r.base_wounds, r.extra_wounds, r.wounds
(11, 6, 2, 1, 3)
>>> str(r.defense), r.weapon, r.effective_cover, r.booklet_wounds
('4♥', 'winchester', <CoverLevel.MEDIUM: 'medium'>, 2)
>>> resolve_attack("A♠", weapon="colt", distance=1.5, cover="hidden").effective_cover
<CoverLevel.HARD: 'hard'>

What the wounds then do to the target (A11: one at a time, out at 0 HP with another wound,
the killer gains 1 HP; B1 9: Nine Lives draws) is :func:`take_wounds`:

>>> after = take_wounds(r.wounds, target_hp=2, killer_hp=4)
>>> after.hp, after.out, after.killer_gain, after.killer_hp
(0, True, 1, 5)
>>> saved = take_wounds(3, target_hp=2, nine_lives=("9♦", "4♣"))
>>> saved.hp, saved.out, saved.nine_lives.survived, saved.killer_gain
(0, False, True, 0)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal

from totenblatt.cards import Card, CardLike, Rank, Suit, Tier, full_deck, to_card
from totenblatt.messages import Message, MessageError
from totenblatt.wanted.rules import COVER_ABILITIES, MISS, Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel, parse_word

__all__ = [
    "ATTACKER_ABILITIES",
    "DEFENDER_ABILITIES",
    "JOKER_HIGH",
    "Aftermath",
    "AttackInputError",
    "AttackResult",
    "NineLivesDraw",
    "Reason",
    "draw_nine_lives",
    "nine_lives_survives",
    "parse_abilities",
    "resolve_attack",
    "take_wounds",
]

Reason = Literal["hit", "miss", "out_of_range", "hidden", "joker", "blocked_by_joker"]

ATTACKER_ABILITIES = frozenset({Ability.SHARPSHOOTER, Ability.PICTURE_BOOK_10, Ability.WILD_2})
"""Abilities that change an attack card (B1)."""

DEFENDER_ABILITIES = frozenset(
    {
        Ability.COVER_1,
        Ability.COVER_2,
        Ability.COVER_3,
        Ability.PICTURE_BOOK_10,
        Ability.WILD_2,
        Ability.QUEEN_OF_HEARTS,
    }
)
"""Abilities that change a defence (B1); ``cover_N`` means: used on this heart."""

_BOOKLET = ("Q♠", "winchester", 7.0, "4♥", CoverLevel.MEDIUM, 2)
"""D-19: the seed's worked example (Billy's Q♠, Winchester at 7", against Paco's 4♥ in
medium cover) and the wounds the booklet prints for it ("ergibt 2 Wunden gesamt")."""


class AttackInputError(MessageError):
    """Inputs that are not an attack the rules know (a heart to attack, a bad distance …)."""


def _refuse(text: str, message: Message) -> AttackInputError:
    return AttackInputError(text, message=message)


@dataclass(frozen=True, slots=True)
class AttackResult:
    """One attack: its inputs, normalised, and its outcome.

    ``attack_value``/``difference`` are None for a joker attack.
    """

    attack: Card
    """The attack card (a spade, a joker, or a 2 played wild)."""
    weapon: str
    """The weapon's key in the ruleset (an alias is resolved)."""
    distance: float
    """The measured distance in inches (D-11)."""
    defense: Card | None
    """The heart (or joker) played in defence; None for no card."""
    extra_defense: Card | None
    """Queen of Hearts: the card added to the heart (D-26)."""
    cover: CoverLevel
    """The target's cover as given."""
    effective_cover: CoverLevel
    """The cover that counted: a hidden target within ``hidden.attack_reach`` is attacked in
    hard cover (D-12); beyond it stays hidden and cannot be hit."""
    attacker_abilities: tuple[Ability, ...]
    """The attacker's abilities that changed the attack card, as given."""
    defender_abilities: tuple[Ability, ...]
    """The defender's abilities used on this heart, as given."""
    attack_value: int | None
    defense_value: int | None
    difference: int | None
    base_wounds: int
    extra_wounds: int
    wounds: int
    hit: bool
    reason: Reason
    range_modifier: int | None
    """Weapon modifier for the range band; None when out of range."""
    band: int | None
    """Index of the range band (0 = closest); None beyond the last band."""
    cover_modifier: int
    """What cover added to the defence (0 when it did not count)."""
    ability_bonus: int
    """What Cover 1-3 and Queen of Hearts added to the defence."""
    attack_tier: int | None
    defense_tier: int | None
    attack_is_joker: bool
    defense_is_joker: bool

    @property
    def sharpshooter(self) -> bool:
        """The attack used the Sharpshooter's range bands (B1 K)."""
        return Ability.SHARPSHOOTER in self.attacker_abilities

    @property
    def booklet_wounds(self) -> int | None:
        """The wounds the booklet prints when these are the inputs of its worked example, else
        None: it says 2 where the rules give 3 (erratum D-19)."""
        example = (str(self.attack), self.weapon, self.distance, str(self.defense), self.cover)
        plain = not (self.attacker_abilities or self.defender_abilities or self.extra_defense)
        return _BOOKLET[-1] if plain and example == _BOOKLET[:-1] else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict of every field (cards as text, cover levels and abilities as
        their names)."""
        out: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, Card):
                value = str(value)
            elif isinstance(value, tuple):
                value = [str(a) for a in value]
            elif isinstance(value, CoverLevel):
                value = value.value
            out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AttackResult:
        """The result that :meth:`to_dict` gave ``data``."""
        values = dict(data)
        for name in ("attack", "defense", "extra_defense"):
            values[name] = None if values[name] is None else Card.parse(values[name])
        for name in ("cover", "effective_cover"):
            values[name] = CoverLevel(values[name])
        for name in ("attacker_abilities", "defender_abilities"):
            values[name] = tuple(Ability(a) for a in values[name])
        return cls(**values)


def _abilities(
    names: Iterable[str | Ability], allowed: frozenset[Ability], side: str
) -> tuple[Ability, ...]:
    found: list[Ability] = []
    for name in names:
        try:
            ability = (
                Ability(name) if isinstance(name, Ability) else parse_word(Ability, name, "ability")
            )
        except ValueError:
            ability = None
        if ability is None or ability not in allowed:
            expected = ", ".join(sorted(a.value for a in allowed))
            text = f"unknown {side} ability {str(name)!r}: expected one of {expected}"
            params = {"name": repr(str(name)), "expected": expected}
            if side == "attacker":
                message = Message(
                    "{name} is no ability of the attacker: expected one of {expected}", **params
                )
            else:
                message = Message(
                    "{name} is no ability of the defender: expected one of {expected}", **params
                )
            raise _refuse(text, message)
        found.append(ability)
    return tuple(found)


def _joker_like(card: Card, wild_2: bool) -> bool:
    return card.is_joker or (wild_2 and card.rank is Rank.TWO)


def resolve_attack(
    attack: CardLike,
    *,
    weapon: str,
    distance: float,
    defense: CardLike | None = None,
    cover: CoverLevel | str = "none",
    attacker_abilities: Iterable[str | Ability] = (),
    defender_abilities: Iterable[str | Ability] = (),
    extra_defense: CardLike | None = None,
    ruleset: str | Path | Ruleset = "base",
) -> AttackResult:
    """Resolve one attack exactly as A8-A12 (and the B1 abilities above) say.

    ``distance`` is already measured (D-11); ``cover`` is the target's cover. A
    ``hidden`` target within the ruleset's reach (2", D-12) is attacked normally with
    hard cover; beyond it cannot be hit, not even by a joker (D-21). An attacker's
    ``wild_2`` means the 2 is played as a joker (2 wounds on a hit, A12): the player
    commits when attacking (D-25), so a 2 of spades played as the number 2 is passed
    without ``wild_2``. Raises ``ValueError`` naming the bad input and what is allowed.
    """
    rules = Ruleset.load(ruleset)
    att_given = _abilities(attacker_abilities, ATTACKER_ABILITIES, "attacker")
    def_given = _abilities(defender_abilities, DEFENDER_ABILITIES, "defender")
    att_ab, def_ab = Counter(att_given), Counter(def_given)
    att_card = to_card(attack)
    def_card = None if defense is None else to_card(defense)
    extra_card = None if extra_defense is None else to_card(extra_defense)
    weapon_key = rules.weapon_key(weapon)
    level = cover if isinstance(cover, CoverLevel) else parse_word(CoverLevel, cover, "cover")
    if not isinstance(distance, int | float) or math.isnan(distance) or distance < 0:
        raise _refuse(
            f"distance must be a number of inches >= 0, got {distance!r}",
            Message(
                "the distance must be a number of inches >= 0, got {value}", value=repr(distance)
            ),
        )

    att_joker = _joker_like(att_card, att_ab[Ability.WILD_2] > 0)
    if not att_joker and att_card.suit is not Suit.SPADES:
        raise _refuse(
            f"attack card {str(att_card)!r} is not a spade: an attack needs a spade (Pik), "
            "a joker, or a 2 with the wild_2 ability",
            Message("{card} cannot attack: only a spade (or a joker) attacks (A8)", card=att_card),
        )
    def_joker = def_card is not None and _joker_like(def_card, def_ab[Ability.WILD_2] > 0)
    if def_card is not None and not def_joker and def_card.suit is not Suit.HEARTS:
        raise _refuse(
            f"defence card {str(def_card)!r} is not a heart: a defence needs a heart (Herz), "
            "a joker, or a 2 with the wild_2 ability",
            Message("{card} cannot defend: only a heart (or a joker) defends (A9)", card=def_card),
        )
    covers = sorted(a for a in def_ab if a in COVER_ABILITIES)
    bonus_cover = sum(def_ab[a] * rules.abilities.cover_bonus(a) for a in covers)
    if covers and def_card is None:
        raise _refuse(
            f"cover abilities {[a.value for a in covers]!r} are used on a heart: "
            "give a defence card",
            Message(
                "Cover abilities ({abilities}) are used on a heart: give a defence card (B1)",
                abilities=covers,
            ),
        )
    if extra_card is not None:
        if def_ab[Ability.QUEEN_OF_HEARTS] == 0:
            raise _refuse(
                f"extra_defense {str(extra_card)!r} needs the defender ability queen_of_hearts",
                Message(
                    "the extra defence card {card} needs the defender's Queen of Hearts (B1)",
                    card=extra_card,
                ),
            )
        if def_card is None:
            raise _refuse(
                "extra_defense is added to a heart: give a defence card too",
                Message("the extra defence card is added to a heart: give a defence card too"),
            )
        if extra_card.is_joker:
            raise _refuse(
                "extra_defense cannot be a joker (D-26): play the joker as the heart",
                Message("a joker is no extra card (D-26): play it as the heart"),
            )

    given = level
    if level is CoverLevel.HIDDEN and distance <= rules.hidden.attack_reach:
        level = CoverLevel.HARD  # D-12: within reach a hidden target is attacked in hard cover
    band = rules.band_index(distance, sharpshooter=att_ab[Ability.SHARPSHOOTER] > 0)
    modifier = MISS if band is None else rules.weapon(weapon_key).modifiers[band]
    range_mod = None if modifier == MISS else int(modifier)

    cover_counts = def_card is not None or rules.cover.cover_without_heart
    cover_mod = rules.cover_modifier(level) if cover_counts else 0
    extra_value = 0 if extra_card is None else rules.card_value(extra_card)
    ability_bonus = bonus_cover + extra_value
    heart_value = 0
    if def_card is not None and not def_joker:
        heart_value = rules.card_value(def_card)
    defense_value = None if def_joker else heart_value + cover_mod + ability_bonus

    def_tier: Tier | None = None
    if not def_joker:
        def_tier = rules.tier(def_card, picture_book_10=def_ab[Ability.PICTURE_BOOK_10] > 0)

    def outcome(att_joker: bool) -> AttackResult:
        att_tier: Tier | None = None
        if not att_joker:
            att_tier = rules.tier(att_card, picture_book_10=att_ab[Ability.PICTURE_BOOK_10] > 0)

        def result(
            reason: Reason,
            attack_value: int | None = None,
            difference: int | None = None,
            base: int = 0,
            extra: int = 0,
        ) -> AttackResult:
            wounds = base + extra
            return AttackResult(
                attack=att_card,
                weapon=weapon_key,
                distance=float(distance),
                defense=def_card,
                extra_defense=extra_card,
                cover=given,
                effective_cover=level,
                attacker_abilities=att_given,
                defender_abilities=def_given,
                attack_value=attack_value,
                defense_value=defense_value,
                difference=difference,
                base_wounds=base,
                extra_wounds=extra,
                wounds=wounds,
                hit=wounds > 0,
                reason=reason,
                range_modifier=range_mod,
                band=band,
                cover_modifier=cover_mod,
                ability_bonus=ability_bonus,
                attack_tier=None if att_tier is None else int(att_tier),
                defense_tier=None if def_tier is None else int(def_tier),
                attack_is_joker=att_joker,
                defense_is_joker=def_joker,
            )

        attack_value = (
            None if att_joker or range_mod is None else rules.card_value(att_card) + range_mod
        )
        if level is CoverLevel.HIDDEN:
            return result("hidden", attack_value)
        if range_mod is None:
            return result("out_of_range")
        if att_joker:
            if def_joker and rules.jokers.heart_blocks_joker:
                return result("blocked_by_joker")
            return result("joker", base=rules.jokers.spade_wounds)
        assert attack_value is not None and att_tier is not None
        if def_joker or defense_value is None:
            return result("blocked_by_joker", attack_value)
        difference = attack_value - defense_value
        base = rules.base_wounds(difference)
        tiers_above = max(
            0, int(att_tier) - int(def_tier if def_tier is not None else Tier.NO_CARD)
        )
        extra = tiers_above if base > 0 or rules.damage.extra_damage_on_miss else 0
        return result("hit" if base + extra > 0 else "miss", attack_value, difference, base, extra)

    # The attacker commits when attacking (D-25): a 2 given with Wild 2 is a joker, even
    # a 2 of spades; played as the number 2 it is passed without the ability.
    return outcome(att_joker)


def parse_abilities(
    names: Iterable[str | Ability], side: Literal["attacker", "defender"]
) -> tuple[Ability, ...]:
    """``names`` as abilities of the attacker (:data:`ATTACKER_ABILITIES`) or the defender
    (:data:`DEFENDER_ABILITIES`), English or German; refuses any other name.

    >>> parse_abilities(["Scharfschütze", "wild_2"], "attacker")
    (<Ability.SHARPSHOOTER: 'sharpshooter'>, <Ability.WILD_2: 'wild_2'>)
    """
    allowed = ATTACKER_ABILITIES if side == "attacker" else DEFENDER_ABILITIES
    return _abilities(names, allowed, side)


# -- after the hit: wounds one at a time, the kill, Nine Lives (A11, B1 9, D-24) ----------

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
        raise _refuse(
            f"{name} must be a whole number >= {least}, got {value!r}",
            Message(
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
            raise _refuse(
                f"killer_hp {killer_hp} is above its maximum {killer_max} (D-4)",
                Message(
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
