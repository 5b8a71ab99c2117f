"""The Wanted ruleset: every number and interpretation switch of rules.md, loaded from TOML.

>>> rs = Ruleset.load("base")
>>> rs.card_value(Card.parse("Q♠")), rs.weapon("gewehr").label, rs.round.hand_mode
(10, 'Winchester', 'per_player')
>>> rs.with_options(hand_mode="per_character").round.hand_mode
'per_character'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal, Self

import pydantic

from totenblatt.cards import Card, Rank, Tier
from totenblatt.datafiles import (
    DataFileError,
    DataFiles,
    Line,
    Name,
    Paragraph,
    StrictModel,
    validate,
)
from totenblatt.messages import Message, MessageError
from totenblatt.names import listing
from totenblatt.wanted.vocab import Ability, CoverLevel, UnknownWordError

__all__ = [
    "CLUB_ABILITIES",
    "COVER_ABILITIES",
    "DIAMOND_ABILITIES",
    "MAX_DECKS",
    "MISS",
    "Modifier",
    "Ruleset",
    "RulesetError",
    "Weapon",
    "builtin_rulesets",
]

MISS: Literal["miss"] = "miss"
Modifier = int | Literal["miss"]
"""A weapon modifier for one range band, or ``"miss"`` (verfehlt)."""

MAX_DECKS = 8
"""The most decks a game may use, ``cards.deck_count`` and those D-2 adds together."""

Inches = Annotated[float, pydantic.Field(ge=0, le=240)]
"""A distance on the table in inches: 0 to 240 (the largest table a scenario may have)."""
Small = Annotated[int, pydantic.Field(ge=0, le=99)]
"""A count of HP, wounds, uses, fights or costs: 0 to 99."""
Bonus = Annotated[int, pydantic.Field(ge=-99, le=99)]
"""A modifier, threshold or point value: -99 to 99."""
PerFight = Annotated[int, pydantic.Field(ge=1, le=99)]
"""Uses of a limited ability per copy and fight: 1 to 99."""

DIAMOND_ABILITIES = frozenset({Ability.QUICK_FINGERS_1, Ability.QUICK_FINGERS_2})
"""B1: the abilities that add to diamonds (Quick Fingers)."""
CLUB_ABILITIES = frozenset({Ability.LIGHT_FOOTED_1, Ability.LIGHT_FOOTED_2})
"""B1: the abilities that add inches to clubs (Light-Footed)."""
COVER_ABILITIES = (Ability.COVER_1, Ability.COVER_2, Ability.COVER_3)
"""B1: the abilities that add to one heart (Cover), weakest first."""
_BONUS_ABILITIES = DIAMOND_ABILITIES | CLUB_ABILITIES | frozenset(COVER_ABILITIES)

_PACKAGE = "totenblatt.wanted"
_FOLDER = "rulesets"


class RulesetError(DataFileError):
    """A ruleset file that cannot be used: unknown name, bad TOML, unknown key, wrong type."""


class Cards(StrictModel):
    """A1, D-1, D-2, D-3: card values and the deck."""

    number_values: Literal["face"] = "face"
    picture_value: int = pydantic.Field(10, ge=0, le=99)
    ace_value: int = pydantic.Field(11, ge=0, le=99)
    jokers: int = pydantic.Field(2, ge=0, le=4)
    deck_count: int = pydantic.Field(1, ge=1, le=MAX_DECKS)
    reshuffle: Literal["every_round", "when_empty"] = "every_round"


class HitPoints(StrictModel):
    """A2, D-4, A11: hero points."""

    start: int = pydantic.Field(6, ge=1, le=99)
    maximum: int = pydantic.Field(6, ge=1, le=99)
    cap_hp_at_max: bool = True
    killer_reward: Small = 1


class Round(StrictModel):
    """A3, D-5, D-7, D-9: dealing, swapping, redraws, the end of a round."""

    hand_size: int = pydantic.Field(5, ge=1, le=MAX_DECKS * 56)
    dead_hand_size: int = pydantic.Field(5, ge=0, le=MAX_DECKS * 56)
    hand_mode: Literal["per_player", "per_character"] = "per_player"
    redraw_cost: Small = 1
    redraws_per_round: Small = 1
    joker_hand_points: Bonus = 0


class Initiative(StrictModel):
    """A4, D-35."""

    dealer_acts_first_without_bids: bool = False


class Movement(StrictModel):
    """A6, D-11."""

    measure: Literal["edge", "centre"] = "edge"
    base_diameter: float = pydantic.Field(1.0, gt=0, le=12)
    difficult_factor: int = pydantic.Field(2, ge=1, le=10)
    window_cost: Inches = 5.0


class Hidden(StrictModel):
    """A7, D-12."""

    attack_reach: Inches = 2.0
    hard_cover_reach: Inches = 1.0


class Attack(StrictModel):
    """A8, D-14, B1 Sharpshooter: range bands (upper limits, inclusive)."""

    bands: tuple[Inches, ...] = pydantic.Field((2.0, 6.0, 12.0, 24.0, 36.0), max_length=12)
    sharpshooter_bands: tuple[Inches, ...] = pydantic.Field(
        (3.0, 9.0, 15.0, 28.0, 39.0), max_length=12
    )
    out_of_range_attack_allowed: bool = False

    @pydantic.model_validator(mode="after")
    def _ascending(self) -> Attack:
        for name in ("bands", "sharpshooter_bands"):
            bands = getattr(self, name)
            if not bands or any(b <= a for a, b in itertools.pairwise(bands)):
                raise MessageError(
                    Message(
                        "{name} must be non-empty and strictly ascending, got {bands}",
                        name=name,
                        bands=str(bands),
                    )
                )
        if len(self.bands) != len(self.sharpshooter_bands):
            raise MessageError(Message("bands and sharpshooter_bands must have the same length"))
        return self


class Weapon(StrictModel):
    """A8: a weapon's modifier per range band."""

    label: Name
    label_de: Name | None = None
    aliases: tuple[Line, ...] = pydantic.Field((), max_length=20)
    modifiers: tuple[Bonus | Literal["miss"], ...]

    def name(self, lang: str = "en") -> str:
        """The weapon's name in ``en`` or ``de`` (German falls back to the label)."""
        return self.label_de or self.label if lang == "de" else self.label


class Cover(StrictModel):
    """A9, D-16, D-17: defence modifiers by cover level."""

    light: Bonus = 1
    medium: Bonus = 2
    hard: Bonus = 4
    cover_without_heart: bool = True
    reach: Inches = 1.0


class Damage(StrictModel):
    """A10, D-18: wounds by difference."""

    one_wound_from: Bonus = 1
    two_wounds_from: Bonus = 5
    extra_damage_on_miss: bool = False


class Jokers(StrictModel):
    """A12, D-20."""

    club_inches: int = pydantic.Field(12, ge=0, le=240)
    spade_wounds: Small = 2
    heart_blocks_joker: bool = True


class Abilities(StrictModel):
    """B1, D-23 … D-26, D-36, D-38: the ability table, what each ability adds, its uses per fight.

    A bonus is what one copy adds; copies add up (B1). Quick Fingers adds to every
    diamond of its player (the best living figure counts, D-23), Light-Footed inches
    to every club its own figure moves by, Cover to one heart of its figure; none of
    them to a joker or a wild 2 (D-36). "Once per game" is once per fight (B2).

    >>> rules = Ruleset.load("extended").abilities
    >>> rules.diamond_bonus([Ability.QUICK_FINGERS_2, Ability.COVER_1, Ability.QUICK_FINGERS_1])
    3
    >>> rules.cover_bonus(Ability.COVER_3), rules.uses_per_fight(Ability.NINE_LIVES)
    (3, None)
    """

    enabled: bool = False
    quick_fingers_1: Small = 1
    """B1 2: added to every diamond."""
    quick_fingers_2: Small = 2
    """B1 J: added to every diamond."""
    light_footed_1: Small = 1
    """B1 3: inches added to every club."""
    light_footed_2: Small = 2
    """B1 4: inches added to every club."""
    cover_1: Small = 1
    """B1 5: added to one heart."""
    cover_2: Small = 2
    """B1 6: added to one heart."""
    cover_3: Small = 3
    """B1 7: added to one heart."""
    cover_uses: PerFight = 1
    """B1 5-7: hearts each copy of a Cover ability helps per fight."""
    tempt_fate_uses: PerFight = 1
    """B1 8, D-38: exchanges per copy per fight."""
    nine_lives_uses: Small = 0
    """D-24: draws per copy per fight; 0 = unlimited."""
    pay_the_piper: Small = 1
    """B1 A, D-38: HP maximum and HP gained per copy."""
    table: dict[str, Ability]

    def bonus(self, ability: str) -> int:
        """What one copy of ``ability`` adds to its card (Quick Fingers, Light-Footed, Cover); 0
        for an ability that adds nothing."""
        return int(getattr(self, ability)) if ability in _BONUS_ABILITIES else 0

    def diamond_bonus(self, abilities: Iterable[str]) -> int:
        """What one figure's Quick Fingers add to a diamond (B1 2, J)."""
        return sum(self.bonus(a) for a in abilities if a in DIAMOND_ABILITIES)

    def club_bonus(self, abilities: Iterable[str]) -> int:
        """The inches one figure's Light-Footed add to a club it moves by (B1 3, 4)."""
        return sum(self.bonus(a) for a in abilities if a in CLUB_ABILITIES)

    def cover_bonus(self, ability: str) -> int:
        """What one use of a Cover ability adds to a heart (B1 5-7); 0 for another ability."""
        return self.bonus(ability) if ability in COVER_ABILITIES else 0

    def uses_per_fight(self, ability: str) -> int | None:
        """Uses per copy per fight of a limited ability (Cover, Tempt Fate, Nine Lives); None
        when it is not limited (Nine Lives with ``nine_lives_uses = 0``, D-24)."""
        if ability in COVER_ABILITIES:
            return self.cover_uses
        if ability == Ability.TEMPT_FATE:
            return self.tempt_fate_uses
        if ability == Ability.NINE_LIVES:
            return self.nine_lives_uses or None
        return None

    @pydantic.field_validator("table", mode="before")
    @classmethod
    def _abilities(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {
                k: Ability(v) if v in Ability._value2member_map_ else v for k, v in value.items()
            }
        return value

    @pydantic.model_validator(mode="after")
    def _complete(self) -> Abilities:
        expected = {r.label for r in Rank} | {"Joker"}
        if set(self.table) != expected:
            missing = sorted(expected - set(self.table))
            extra = sorted(set(self.table) - expected)
            raise MessageError(
                Message(
                    "table needs exactly the cards 2-10, J, Q, K, A, Joker "
                    "(missing {missing}, unknown {unknown})",
                    missing=str(missing),
                    unknown=str(extra),
                )
            )
        return self


class Hero(StrictModel):
    """B2: one hero type."""

    hp: int = pydantic.Field(ge=1, le=99)
    hp_max: int = pydantic.Field(ge=1, le=99)
    abilities: int = pydantic.Field(ge=0, le=9)
    extra_cards: int = pydantic.Field(ge=0, le=MAX_DECKS * 56)
    swap_cards: int = pydantic.Field(ge=0, le=MAX_DECKS * 56)


class Heroes(StrictModel):
    """B2, D-27, D-37."""

    enabled: bool = False
    max_heroes_per_side: int = pydantic.Field(1, ge=0, le=2)
    gunslinger: Hero
    veteran: Hero


class Campaign(StrictModel):
    """B3-B6, D-28, D-29, D-41."""

    gang_max_size: int = pydantic.Field(10, ge=1, le=30)
    recovery_hp: Small = 1
    cowboy_ability_every: int = pydantic.Field(2, ge=1, le=99)
    gunslinger_promotion_after: int = pydantic.Field(6, ge=1, le=99)
    veteran_ability_every: int = pydantic.Field(6, ge=1, le=99)
    veteran_hp_max_bonus: Small = 1
    recruit_cost_veteran: Small = 10
    recruit_cost_gunslinger: Small = 5
    recruit_min_hp: Small = 0
    ability_draw_jokers: int = pydantic.Field(2, ge=0, le=4)
    hero_abilities_distinct: bool = True
    """D-41: a new hero's abilities (B2, chosen or drawn) are all different."""


class Game(StrictModel):
    """D-22: defaults for the end of a game."""

    round_limit: int = pydantic.Field(0, ge=0, le=1000)


_SECTIONS = (
    "cards", "hp", "round", "initiative", "movement", "hidden", "attack",
    "cover", "damage", "jokers", "abilities", "heroes", "campaign", "game",
)  # fmt: skip


class Ruleset(StrictModel):
    """A complete, validated Wanted ruleset (frozen). Load with :meth:`load`."""

    name: Name
    description: Paragraph = ""
    cards: Cards
    hp: HitPoints
    round: Round
    initiative: Initiative
    movement: Movement
    hidden: Hidden
    attack: Attack
    weapons: dict[str, Weapon] = pydantic.Field(min_length=1, max_length=50)
    cover: Cover
    damage: Damage
    jokers: Jokers
    abilities: Abilities
    heroes: Heroes
    campaign: Campaign
    game: Game

    @pydantic.model_validator(mode="after")
    def _deck_deals(self) -> Ruleset:
        """Hand sizes within what the deck can deal (D-2 adds decks only up to MAX_DECKS)."""
        per_deck = 52 + self.cards.jokers
        cards = self.cards.deck_count * per_deck
        extra = max(self.heroes.gunslinger.extra_cards, self.heroes.veteran.extra_cards)
        hand = self.round.hand_size + (extra if self.heroes.enabled else 0)
        decks = self.cards.deck_count
        if hand > cards:
            what = f"round.hand_size {self.round.hand_size}"
            said: Any = what
            if self.heroes.enabled and extra:
                said = Message("{what} + {extra} hero cards", what=what, extra=extra)
                what += f" + {extra} hero cards"
            raise _beyond_deck(what, said, cards, decks, per_deck)
        if self.round.dead_hand_size > cards:
            what = f"round.dead_hand_size {self.round.dead_hand_size}"
            raise _beyond_deck(what, what, cards, decks, per_deck)
        return self

    @pydantic.model_validator(mode="after")
    def _weapon_bands(self) -> Ruleset:
        for key, weapon in self.weapons.items():
            if len(weapon.modifiers) != len(self.attack.bands):
                where = f"weapons.{key}.modifiers"
                raise MessageError(
                    Message(
                        "{key} has {count} entries; expected one per range band ({bands})",
                        key=where,
                        count=len(weapon.modifiers),
                        bands=len(self.attack.bands),
                    )
                )
        return self

    # -- loading -----------------------------------------------------------------

    @staticmethod
    def load(name_or_path: str | Path | Ruleset = "base") -> Ruleset:
        """A built-in ruleset by name (``base``, ``extended``) or a TOML file (``extends`` allowed).

        Raises :class:`RulesetError` naming the file and key for anything wrong.
        """
        if isinstance(name_or_path, Ruleset):
            return name_or_path
        return _FILES.load(name_or_path)

    def with_options(self, **options: Any) -> Ruleset:
        """A changed copy; keys are option names (``hand_mode``), dotted (``cards.jokers``)
        or ``weapons`` (the whole weapon table).

        >>> Ruleset.load().with_options(jokers=0).cards.jokers
        0
        """
        data = self.model_dump(mode="python")
        for key, value in options.items():
            section, leaf = _locate(key)
            target = data if section is None else data[section]
            target[leaf] = value
        return validate(Ruleset, data, f"ruleset {self.name!r} with options", RulesetError)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, as pydantic makes it, without the lookups this ruleset kept (an ``update``
        may change what they were read from)."""
        copied = super().model_copy(update=update, deep=deep)
        for name in _KEPT_LOOKUPS:
            copied.__dict__.pop(name, None)
        return copied

    # -- lookups -----------------------------------------------------------------

    def card_value(self, card: Card) -> int:
        """Game value of a card (A1): 2-10 as printed, pictures 10, ace 11; jokers 0."""
        if card.rank is None:
            return 0
        if card.rank is Rank.ACE:
            return self.cards.ace_value
        if card.rank.is_picture:
            return self.cards.picture_value
        return int(card.rank)

    def weapon(self, name: str) -> Weapon:
        """A weapon by key or alias (case-insensitive); ``ValueError`` lists what exists."""
        key = self.weapon_key(name)
        return self.weapons[key]

    def weapon_key(self, name: str) -> str:
        """The key of a weapon given by key or alias."""
        found = self._weapon_keys.get(name)
        if found is None:
            found = self._weapon_keys[name] = self._find_weapon_key(name)
        return found

    @cached_property
    def _weapon_keys(self) -> dict[str, str]:
        """Weapon keys by the names asked for so far (the rules never change)."""
        return {}

    def _find_weapon_key(self, name: str) -> str:
        wanted = name.strip().lower()
        for key, weapon in self.weapons.items():
            if wanted == key or wanted in (a.lower() for a in weapon.aliases):
                return key
        allowed = listing(
            (
                f"{k} ({', '.join(w.aliases[:4])})" if w.aliases else k
                for k, w in self.weapons.items()
            ),
            width=100,
        )
        raise UnknownWordError(
            Message(
                "unknown weapon {text}: expected one of {allowed}", text=repr(name), allowed=allowed
            )
        )

    def cover_modifier(self, cover: CoverLevel) -> int:
        """Defence bonus of a cover level (A9); hidden counts as hard where it applies."""
        return self._cover_modifiers[cover]

    @cached_property
    def _cover_modifiers(self) -> dict[CoverLevel, int]:
        return {
            CoverLevel.NONE: 0,
            CoverLevel.LIGHT: self.cover.light,
            CoverLevel.MEDIUM: self.cover.medium,
            CoverLevel.HARD: self.cover.hard,
            CoverLevel.HIDDEN: self.cover.hard,
        }

    def band_index(self, distance: float, *, sharpshooter: bool = False) -> int | None:
        """Index of the range band for ``distance`` (upper limits inclusive, D-14), or None."""
        bands = self.attack.sharpshooter_bands if sharpshooter else self.attack.bands
        for index, limit in enumerate(bands):
            if distance <= limit:
                return index
        return None

    def range_modifier(
        self, weapon: str, distance: float, *, sharpshooter: bool = False
    ) -> Modifier:
        """The weapon modifier at ``distance`` or ``"miss"`` (A8, beyond the last band: miss)."""
        band = self.band_index(distance, sharpshooter=sharpshooter)
        return MISS if band is None else self.weapon(weapon).modifiers[band]

    def tier(self, card: Card | None, *, picture_book_10: bool = False) -> Tier:
        """Damage tier of a played card (A10); ``None`` is no card; Picture-Book 10 (D-25)."""
        if card is None:
            return Tier.NO_CARD
        if picture_book_10 and card.rank is Rank.TEN:
            return Tier.PICTURE
        return card.tier

    def ability_for(self, card: Card) -> Ability:
        """The ability a drawn card gives (B1 table)."""
        label = "Joker" if card.rank is None else card.rank.label
        return self.abilities.table[label]

    def base_wounds(self, difference: int) -> int:
        """Wounds for an attack-minus-defence difference (A10)."""
        if difference >= self.damage.two_wounds_from:
            return 2
        if difference >= self.damage.one_wound_from:
            return 1
        return 0


_KEPT_LOOKUPS = tuple(name for name, v in vars(Ruleset).items() if isinstance(v, cached_property))
"""The :class:`Ruleset` lookups kept once asked for (``cached_property``: a ruleset is frozen)."""


def _beyond_deck(what: str, said: Any, cards: int, decks: int, per_deck: int) -> MessageError:
    """``<what> is more than the deck can deal: at most <cards> (…)``."""
    english = (
        f"{what} is more than the deck can deal: at most {cards} "
        f"(cards.deck_count {decks} × {per_deck} cards)"
    )
    return MessageError(
        english,
        message=Message(
            "{what} is more than the deck can deal: at most {cards} "
            "(cards.deck_count {decks} × {per_deck} cards)",
            what=said,
            cards=cards,
            decks=decks,
            per_deck=per_deck,
        ),
    )


def _locate(key: str) -> tuple[str | None, str]:
    if "." in key:
        section, leaf = key.split(".", 1)
        if section not in _SECTIONS or leaf not in _section_fields(section):
            raise RulesetError(Message("unknown ruleset option {key}", key=repr(key)))
        return section, leaf
    if key in ("name", "description", "weapons"):
        return None, key
    owners = [s for s in _SECTIONS if key in _section_fields(s)]
    if len(owners) != 1:
        said = Message("ambiguous; use section.key") if owners else Message("no such option")
        raise RulesetError(
            Message("unknown ruleset option {key} ({hint})", key=repr(key), hint=said)
        )
    return owners[0], key


def _section_fields(section: str) -> set[str]:
    model = Ruleset.model_fields[section].annotation
    assert isinstance(model, type) and issubclass(model, pydantic.BaseModel)
    return {
        name
        for name, field in model.model_fields.items()
        if not (
            isinstance(field.annotation, type) and issubclass(field.annotation, pydantic.BaseModel)
        )
    }


_FILES = DataFiles(Ruleset, package=_PACKAGE, folder=_FOLDER, error=RulesetError, kind="ruleset")


def builtin_rulesets() -> tuple[str, ...]:
    """Names of the built-in rulesets."""
    return _FILES.names()
