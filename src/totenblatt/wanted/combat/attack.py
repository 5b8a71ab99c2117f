"""One spade against one heart (A8-A10, A12, B1): :func:`resolve_attack` and its result.

The result carries its inputs, normalised (cards, weapon key, cover levels,
abilities), and the cover that counted, so an explanation needs nothing else.

>>> r = resolve_attack("Q♠", weapon="gewehr", distance=7, defense="Herz 4", cover="mittel")
>>> r.attack_value, r.defense_value, r.base_wounds, r.extra_wounds, r.wounds
(11, 6, 2, 1, 3)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple, Protocol

from totenblatt.cards import Card, CardLike, Rank, Suit, Tier, to_card
from totenblatt.codec import Codec
from totenblatt.messages import Message, MessageError
from totenblatt.wanted.rules import COVER_ABILITIES, MISS, Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel, parse_word

__all__ = [
    "ATTACKER_ABILITIES",
    "DEFENDER_ABILITIES",
    "AttackInputError",
    "AttackInputs",
    "AttackResult",
    "Reason",
    "parse_abilities",
    "resolve_attack",
    "resolve_inputs",
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
        return _CODEC.to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AttackResult:
        """The result that :meth:`to_dict` gave ``data``."""
        result: AttackResult = _CODEC.from_dict(data, cls)
        return result


_CODEC = Codec(key=None, family="attack result")


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


@dataclass(frozen=True, slots=True)
class _Shot:
    """The inputs of one attack, read and checked, and what the table made of them."""

    attack: Card
    defense: Card | None
    extra: Card | None
    weapon: str
    distance: float
    cover: CoverLevel
    attacker: tuple[Ability, ...]
    defender: tuple[Ability, ...]
    att_joker: bool
    def_joker: bool


class _Numbers(NamedTuple):
    """What the ruleset makes of a shot before the cards are compared."""

    level: CoverLevel
    band: int | None
    range_mod: int | None
    cover_mod: int
    ability_bonus: int
    defense_value: int | None
    def_tier: Tier | None


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
    # The attacker commits when attacking (D-25): a 2 given with Wild 2 is a joker, even
    # a 2 of spades; played as the number 2 it is passed without the ability.
    att_joker = _joker_like(att_card, Ability.WILD_2 in att_given)
    def_joker = def_card is not None and _joker_like(def_card, Ability.WILD_2 in def_given)
    shot = _Shot(
        att_card, def_card, extra_card, weapon_key, distance, level,
        att_given, def_given, att_joker, def_joker,
    )  # fmt: skip
    _check_cards(shot)
    return _outcome(rules, shot, _numbers(rules, shot))


class AttackInputs(Protocol):
    """What an attack is resolved from, under :func:`resolve_attack`'s names: an engine's
    ``AttackResolved`` event, an attack typed at the command line."""

    @property
    def attack(self) -> CardLike:
        """The attack card."""

    @property
    def weapon(self) -> str:
        """The weapon (a key or alias of the ruleset's)."""

    @property
    def distance(self) -> float:
        """The measured distance in inches."""

    @property
    def defense(self) -> CardLike | None:
        """The heart played in defence, or None."""

    @property
    def cover(self) -> CoverLevel | str:
        """The target's cover."""

    @property
    def attacker_abilities(self) -> Iterable[str | Ability]:
        """The attacker's abilities that change the attack card."""

    @property
    def defender_abilities(self) -> Iterable[str | Ability]:
        """The defender's abilities used on the heart."""

    @property
    def extra_defense(self) -> CardLike | None:
        """Queen of Hearts: the card added to the heart."""


def resolve_inputs(inputs: AttackInputs, ruleset: str | Path | Ruleset = "base") -> AttackResult:
    """:func:`resolve_attack` of the inputs ``inputs`` carries (an ``AttackResolved`` event:
    its attack again)."""
    return resolve_attack(
        inputs.attack,
        weapon=inputs.weapon,
        distance=inputs.distance,
        defense=inputs.defense,
        cover=inputs.cover,
        attacker_abilities=inputs.attacker_abilities,
        defender_abilities=inputs.defender_abilities,
        extra_defense=inputs.extra_defense,
        ruleset=ruleset,
    )


def _check_cards(shot: _Shot) -> None:
    """Refuse an attack with no spade, a defence with no heart, and misused abilities."""
    if not shot.att_joker and shot.attack.suit is not Suit.SPADES:
        raise _refuse(
            f"attack card {str(shot.attack)!r} is not a spade: an attack needs a spade (Pik), "
            "a joker, or a 2 with the wild_2 ability",
            Message(
                "{card} cannot attack: only a spade (or a joker) attacks (A8)", card=shot.attack
            ),
        )
    if shot.defense is not None and not shot.def_joker and shot.defense.suit is not Suit.HEARTS:
        raise _refuse(
            f"defence card {str(shot.defense)!r} is not a heart: a defence needs a heart (Herz), "
            "a joker, or a 2 with the wild_2 ability",
            Message(
                "{card} cannot defend: only a heart (or a joker) defends (A9)", card=shot.defense
            ),
        )
    covers = sorted(a for a in set(shot.defender) if a in COVER_ABILITIES)
    if covers and shot.defense is None:
        raise _refuse(
            f"cover abilities {[a.value for a in covers]!r} are used on a heart: "
            "give a defence card",
            Message(
                "Cover abilities ({abilities}) are used on a heart: give a defence card (B1)",
                abilities=covers,
            ),
        )
    extra = shot.extra
    if extra is None:
        return
    if Ability.QUEEN_OF_HEARTS not in shot.defender:
        raise _refuse(
            f"extra_defense {str(extra)!r} needs the defender ability queen_of_hearts",
            Message(
                "the extra defence card {card} needs the defender's Queen of Hearts (B1)",
                card=extra,
            ),
        )
    if shot.defense is None:
        raise _refuse(
            "extra_defense is added to a heart: give a defence card too",
            Message("the extra defence card is added to a heart: give a defence card too"),
        )
    if extra.is_joker:
        raise _refuse(
            "extra_defense cannot be a joker (D-26): play the joker as the heart",
            Message("a joker is no extra card (D-26): play it as the heart"),
        )


def _numbers(rules: Ruleset, shot: _Shot) -> _Numbers:
    """The range band and modifier, the cover that counted and the defence's value."""
    level = shot.cover
    if level is CoverLevel.HIDDEN and shot.distance <= rules.hidden.attack_reach:
        level = CoverLevel.HARD  # D-12: within reach a hidden target is attacked in hard cover
    band = rules.band_index(shot.distance, sharpshooter=Ability.SHARPSHOOTER in shot.attacker)
    modifier = MISS if band is None else rules.weapon(shot.weapon).modifiers[band]
    range_mod = None if modifier == MISS else int(modifier)
    def_card = shot.defense
    cover_counts = def_card is not None or rules.cover.cover_without_heart
    cover_mod = rules.cover_modifier(level) if cover_counts else 0
    uses = Counter(shot.defender)
    bonus_cover = sum(uses[a] * rules.abilities.cover_bonus(a) for a in sorted(uses))
    extra_value = 0 if shot.extra is None else rules.card_value(shot.extra)
    ability_bonus = bonus_cover + extra_value
    heart_value = 0
    if def_card is not None and not shot.def_joker:
        heart_value = rules.card_value(def_card)
    defense_value = None if shot.def_joker else heart_value + cover_mod + ability_bonus
    def_tier: Tier | None = None
    if not shot.def_joker:
        def_tier = rules.tier(def_card, picture_book_10=Ability.PICTURE_BOOK_10 in shot.defender)
    return _Numbers(level, band, range_mod, cover_mod, ability_bonus, defense_value, def_tier)


def _outcome(rules: Ruleset, shot: _Shot, n: _Numbers) -> AttackResult:
    """Compare the cards: hidden, out of range, joker, blocked, hit or miss (A10, A12)."""
    att_tier: Tier | None = None
    if not shot.att_joker:
        att_tier = rules.tier(shot.attack, picture_book_10=Ability.PICTURE_BOOK_10 in shot.attacker)
    att_joker, range_mod = shot.att_joker, n.range_mod
    attack_value = (
        None if att_joker or range_mod is None else rules.card_value(shot.attack) + range_mod
    )
    if n.level is CoverLevel.HIDDEN:
        return _result(shot, n, att_tier, "hidden", attack_value)
    if range_mod is None:
        return _result(shot, n, att_tier, "out_of_range")
    if att_joker:
        if shot.def_joker and rules.jokers.heart_blocks_joker:
            return _result(shot, n, att_tier, "blocked_by_joker")
        return _result(shot, n, att_tier, "joker", base=rules.jokers.spade_wounds)
    assert attack_value is not None and att_tier is not None
    if shot.def_joker or n.defense_value is None:
        return _result(shot, n, att_tier, "blocked_by_joker", attack_value)
    difference = attack_value - n.defense_value
    base = rules.base_wounds(difference)
    def_tier = n.def_tier if n.def_tier is not None else Tier.NO_CARD
    tiers_above = max(0, int(att_tier) - int(def_tier))
    extra = tiers_above if base > 0 or rules.damage.extra_damage_on_miss else 0
    reason: Reason = "hit" if base + extra > 0 else "miss"
    return _result(shot, n, att_tier, reason, attack_value, difference, base, extra)


def _result(
    shot: _Shot,
    n: _Numbers,
    att_tier: Tier | None,
    reason: Reason,
    attack_value: int | None = None,
    difference: int | None = None,
    base: int = 0,
    extra: int = 0,
) -> AttackResult:
    wounds = base + extra
    return AttackResult(
        attack=shot.attack,
        weapon=shot.weapon,
        distance=float(shot.distance),
        defense=shot.defense,
        extra_defense=shot.extra,
        cover=shot.cover,
        effective_cover=n.level,
        attacker_abilities=shot.attacker,
        defender_abilities=shot.defender,
        attack_value=attack_value,
        defense_value=n.defense_value,
        difference=difference,
        base_wounds=base,
        extra_wounds=extra,
        wounds=wounds,
        hit=wounds > 0,
        reason=reason,
        range_modifier=n.range_mod,
        band=n.band,
        cover_modifier=n.cover_mod,
        ability_bonus=n.ability_bonus,
        attack_tier=None if att_tier is None else int(att_tier),
        defense_tier=None if n.def_tier is None else int(n.def_tier),
        attack_is_joker=shot.att_joker,
        defense_is_joker=shot.def_joker,
    )


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
