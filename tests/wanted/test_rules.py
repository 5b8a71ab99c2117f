"""The Wanted ruleset: built-ins match rules.md, user files with ``extends``, options, errors."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pydantic
import pytest

from file_args import write
from totenblatt.cards import JOKER, Card, Rank, Tier, full_deck
from totenblatt.datafiles import DataFileError
from totenblatt.wanted.rules import MISS, Ruleset, RulesetError, builtin_rulesets
from totenblatt.wanted.vocab import Ability, CoverLevel

BASE = Ruleset.load("base")
EXTENDED = Ruleset.load("extended")

# rules.md A8, copied by hand so that a change to base.toml has to be a change to this test.
WEAPON_TABLE: dict[str, tuple[int | str, ...]] = {
    "colt": (2, 1, 0, -1, "miss"),
    "winchester": (0, 1, 1, 0, 0),
    "shotgun": (4, 3, 0, "miss", "miss"),
}


# -- the built-ins ----------------------------------------------------------------------------


def test_builtin_rulesets() -> None:
    assert builtin_rulesets() == ("base", "extended")
    assert (BASE.name, EXTENDED.name) == ("base", "extended")


def test_built_ins_are_loaded_once_and_a_ruleset_passes_through() -> None:
    assert Ruleset.load("base") is BASE
    assert Ruleset.load() is BASE
    custom = BASE.with_options(jokers=0)
    assert Ruleset.load(custom) is custom


def test_base_numbers_are_those_of_rules_md() -> None:
    assert (BASE.cards.picture_value, BASE.cards.ace_value, BASE.cards.jokers) == (10, 11, 2)
    assert (BASE.cards.deck_count, BASE.cards.reshuffle) == (1, "every_round")
    assert (BASE.hp.start, BASE.hp.maximum, BASE.hp.killer_reward) == (6, 6, 1)
    assert BASE.attack.bands == (2, 6, 12, 24, 36)
    assert BASE.attack.sharpshooter_bands == (3, 9, 15, 28, 39)
    assert BASE.attack.out_of_range_attack_allowed is False
    assert {k: w.modifiers for k, w in BASE.weapons.items()} == WEAPON_TABLE
    assert (BASE.cover.light, BASE.cover.medium, BASE.cover.hard) == (1, 2, 4)
    assert BASE.cover.cover_without_heart is True  # D-16
    assert (BASE.damage.one_wound_from, BASE.damage.two_wounds_from) == (1, 5)
    assert BASE.damage.extra_damage_on_miss is False  # D-18
    assert (BASE.jokers.club_inches, BASE.jokers.spade_wounds) == (12, 2)
    assert BASE.jokers.heart_blocks_joker is True  # D-20
    assert (BASE.hidden.attack_reach, BASE.hidden.hard_cover_reach) == (2.0, 1.0)  # A7, D-12
    assert (BASE.abilities.enabled, BASE.heroes.enabled) == (False, False)


def test_extended_enables_abilities_and_heroes_and_changes_nothing_else() -> None:
    assert EXTENDED.abilities.enabled is True
    assert EXTENDED.heroes.enabled is True
    ours = EXTENDED.model_dump(exclude={"name", "description"})
    theirs = BASE.model_dump(exclude={"name", "description"})
    for data in (ours, theirs):
        del data["abilities"]["enabled"], data["heroes"]["enabled"]
    assert ours == theirs


def test_ability_numbers_of_b1() -> None:
    """B1 and D-24/D-38, copied by hand: a change to base.toml has to be a change here."""
    ab = EXTENDED.abilities
    assert (ab.quick_fingers_1, ab.quick_fingers_2, ab.light_footed_1, ab.light_footed_2) == (
        1, 2, 1, 2,
    )  # fmt: skip
    assert (ab.cover_1, ab.cover_2, ab.cover_3, ab.cover_uses, ab.tempt_fate_uses) == (
        1, 2, 3, 1, 1,
    )  # fmt: skip
    assert (ab.nine_lives_uses, ab.pay_the_piper) == (0, 1)  # D-24 unlimited, D-38
    quick = [Ability.QUICK_FINGERS_2, Ability.QUICK_FINGERS_1, Ability.QUICK_FINGERS_1]
    assert ab.diamond_bonus([*quick, Ability.LIGHT_FOOTED_2]) == 4  # copies add up
    assert ab.club_bonus([Ability.LIGHT_FOOTED_2, Ability.LIGHT_FOOTED_1, "cover_3"]) == 3
    assert [ab.cover_bonus(a) for a in (Ability.COVER_1, "cover_2", Ability.WILD_2)] == [1, 2, 0]
    assert [ab.uses_per_fight(a) for a in Ability] == [
        1 if a in (Ability.COVER_1, Ability.COVER_2, Ability.COVER_3, Ability.TEMPT_FATE)
        else None
        for a in Ability
    ]  # fmt: skip
    assert EXTENDED.with_options(nine_lives_uses=2).abilities.uses_per_fight("nine_lives") == 2


def test_heroes_of_b2() -> None:
    g, v = EXTENDED.heroes.gunslinger, EXTENDED.heroes.veteran
    assert (g.hp, g.hp_max, g.abilities, g.extra_cards, g.swap_cards) == (10, 10, 2, 2, 0)
    assert (v.hp, v.hp_max, v.abilities, v.extra_cards, v.swap_cards) == (8, 8, 4, 5, 5)


@pytest.mark.parametrize(
    ("card", "ability"),
    [("2♠", Ability.QUICK_FINGERS_1), ("3♠", Ability.LIGHT_FOOTED_1),
     ("4♠", Ability.LIGHT_FOOTED_2), ("5♠", Ability.COVER_1), ("6♠", Ability.COVER_2),
     ("7♠", Ability.COVER_3), ("8♠", Ability.TEMPT_FATE), ("9♠", Ability.NINE_LIVES),
     ("10♠", Ability.PICTURE_BOOK_10), ("J♠", Ability.QUICK_FINGERS_2),
     ("Q♠", Ability.QUEEN_OF_HEARTS), ("K♠", Ability.SHARPSHOOTER),
     ("A♠", Ability.PAY_THE_PIPER), ("Joker", Ability.WILD_2)],
)  # fmt: skip
def test_ability_table_of_b1(card: str, ability: Ability) -> None:
    assert EXTENDED.ability_for(Card.parse(card)) is ability
    # the suit does not matter
    if card != "Joker":
        assert EXTENDED.ability_for(Card.parse(card[:-1] + "♥")) is ability


@pytest.mark.parametrize("card", full_deck(jokers=1), ids=lambda c: c.ascii)
def test_card_values_of_a1(card: Card) -> None:
    expected = 0 if card.rank is None else {Rank.ACE: 11}.get(card.rank, min(int(card.rank), 10))
    assert BASE.card_value(card) == expected


# -- lookups ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "key"),
    [("colt", "colt"), ("Colt", "colt"), ("revolver", "colt"), ("Colt .45", "colt"),
     ("colt45", "colt"), ("winchester", "winchester"), ("Gewehr", "winchester"),
     ("rifle", "winchester"), (" WINCHESTER ", "winchester"), ("shotgun", "shotgun"),
     ("Schrotflinte", "shotgun"), ("flinte", "shotgun")],
)  # fmt: skip
def test_weapon_by_key_or_alias(name: str, key: str) -> None:
    assert BASE.weapon_key(name) == key
    assert BASE.weapon(name) is BASE.weapons[key]


def test_unknown_weapon_names_it_and_lists_the_weapons() -> None:
    with pytest.raises(ValueError, match="'bazooka'") as info:
        BASE.weapon("bazooka")
    assert all(k in str(info.value) for k in WEAPON_TABLE)


@pytest.mark.parametrize(
    ("level", "modifier"),
    [(CoverLevel.NONE, 0), (CoverLevel.LIGHT, 1), (CoverLevel.MEDIUM, 2), (CoverLevel.HARD, 4),
     (CoverLevel.HIDDEN, 4)],
)  # fmt: skip
def test_cover_modifier(level: CoverLevel, modifier: int) -> None:
    assert BASE.cover_modifier(level) == modifier


def test_a_copy_with_other_weapons_or_cover_answers_from_its_own() -> None:
    """The ruleset keeps its weapon keys and cover bonuses once asked; a copy with other
    weapons or cover must not answer from the original's."""
    rules = Ruleset.load("base").model_copy()  # its own lookups, not the shared built-in's
    assert rules.weapon_key("Gewehr") == "winchester"
    assert rules.cover_modifier(CoverLevel.HARD) == 4
    only_colt = rules.model_copy(update={"weapons": {"colt": rules.weapons["colt"]}})
    with pytest.raises(ValueError, match="'Gewehr'"):
        only_colt.weapon_key("Gewehr")
    softer = rules.model_copy(update={"cover": rules.cover.model_copy(update={"hard": 3})})
    assert softer.cover_modifier(CoverLevel.HARD) == 3
    assert rules.weapon_key("Gewehr") == "winchester" and rules.cover_modifier(CoverLevel.HARD) == 4


_EDGES = [(0, 0), (1, 0), (2, 0), (2.0001, 1), (6, 1), (6.0001, 2), (12, 2), (12.0001, 3),
          (24, 3), (24.0001, 4), (36, 4), (36.0001, None), (1000, None)]  # fmt: skip
_SHARP_EDGES = [(0, 0), (2.5, 0), (3, 0), (3.0001, 1), (9, 1), (9.0001, 2), (15, 2),
                (15.0001, 3), (28, 3), (28.0001, 4), (39, 4), (39.0001, None)]  # fmt: skip


@pytest.mark.parametrize(("distance", "band"), _EDGES)
def test_band_index_limits_are_inclusive_at_the_top_d14(distance: float, band: int | None) -> None:
    assert BASE.band_index(distance) == band


@pytest.mark.parametrize(("distance", "band"), _SHARP_EDGES)
def test_sharpshooter_band_index(distance: float, band: int | None) -> None:
    assert BASE.band_index(distance, sharpshooter=True) == band


@pytest.mark.parametrize("weapon", WEAPON_TABLE)
@pytest.mark.parametrize(("distance", "band"), _EDGES)
def test_range_modifier(weapon: str, distance: float, band: int | None) -> None:
    expected = MISS if band is None else WEAPON_TABLE[weapon][band]
    assert BASE.range_modifier(weapon, distance) == expected


@pytest.mark.parametrize(
    ("card", "picture_book_10", "tier"),
    [(None, False, Tier.NO_CARD), ("2♥", False, Tier.NUMBER), ("10♥", False, Tier.NUMBER),
     ("10♥", True, Tier.PICTURE), ("9♥", True, Tier.NUMBER), ("J♥", False, Tier.PICTURE),
     ("K♥", True, Tier.PICTURE), ("A♥", False, Tier.ACE), ("A♥", True, Tier.ACE)],
)  # fmt: skip
def test_tier(card: str | None, picture_book_10: bool, tier: Tier) -> None:
    played = None if card is None else Card.parse(card)
    assert BASE.tier(played, picture_book_10=picture_book_10) is tier


@pytest.mark.parametrize(
    ("difference", "wounds"), [(-5, 0), (0, 0), (1, 1), (4, 1), (5, 2), (20, 2)]
)
def test_base_wounds_a10(difference: int, wounds: int) -> None:
    assert BASE.base_wounds(difference) == wounds


def test_joker_value_is_zero() -> None:
    assert BASE.card_value(JOKER) == 0


# -- user files -------------------------------------------------------------------------------


def test_user_file_extends_base_and_overrides_keys(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "house.toml",
        'extends = "base"\nname = "house"\n[cover]\nlight = 2\n[weapons.colt]\n'
        'modifiers = [3, 2, 1, 0, 0]\n[weapons.derringer]\nlabel = "Derringer"\n'
        'modifiers = [3, 0, "miss", "miss", "miss"]\n',
    )
    house = Ruleset.load(path)
    assert house.name == "house"
    assert house.cover.light == 2
    assert house.cover.medium == 2  # inherited
    assert house.weapons["colt"].modifiers == (3, 2, 1, 0, 0)
    assert house.weapons["colt"].label == "Colt .45"  # tables merge key by key
    assert house.weapon("derringer").modifiers == (3, 0, "miss", "miss", "miss")
    assert Ruleset.load(str(path)) == house
    assert house.abilities == BASE.abilities


def test_user_file_extends_extended(tmp_path: Path) -> None:
    path = write(tmp_path, "x.toml", 'extends = "extended"\nname = "x"\n[round]\nhand_size = 7\n')
    rules = Ruleset.load(path)
    assert (rules.abilities.enabled, rules.heroes.enabled, rules.round.hand_size) == (True, True, 7)


def test_user_file_extends_another_user_file(tmp_path: Path) -> None:
    write(tmp_path, "house.toml", 'extends = "base"\nname = "house"\n[cover]\nhard = 5\n')
    path = write(tmp_path, "table.toml", 'extends = "house.toml"\n[cover]\nlight = 3\n')
    rules = Ruleset.load(path)
    assert (rules.name, rules.cover.light, rules.cover.hard) == ("house", 3, 5)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[cover]\nlite = 2\n", "cover.lite"),
        ("colour = 1\n", "colour"),
        ("[weapons.colt]\nrange = 3\n", "weapons.colt.range"),
        ("[cards]\njokers = \"2\"\n", "cards.jokers"),
        ("[cards]\njokers = 9\n", "cards.jokers"),
        ("[cover]\ncover_without_heart = 1\n", "cover.cover_without_heart"),
        ("[attack]\nbands = \"far\"\n", "attack.bands"),
        ("[cards]\nreshuffle = \"never\"\n", "cards.reshuffle"),
        ("[abilities.table]\n\"2\" = \"flying\"\n", "abilities.table.2"),
    ],
    ids=["unknown-key", "unknown-top-key", "unknown-weapon-key", "text-for-int", "out-of-range",
         "int-for-bool", "text-for-bands", "bad-literal", "unknown-ability"],
)  # fmt: skip
def test_bad_keys_raise_ruleset_error_naming_file_and_key(
    tmp_path: Path, text: str, key: str
) -> None:
    path = write(tmp_path, "bad.toml", 'extends = "base"\n' + text)
    with pytest.raises(RulesetError, match=re.escape(repr(key))) as info:
        Ruleset.load(path)
    message = str(info.value)
    assert str(path) in message
    assert repr(key) in message


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[weapons.colt]\nmodifiers = [1, 2]\n", "weapons.colt.modifiers"),
        ("[attack]\nbands = [6.0, 2.0, 12.0, 24.0, 36.0]\n", "ascending"),
        ("[attack]\nbands = [2.0, 6.0, 12.0, 24.0]\n", "same length"),
        ('[abilities.table]\n"Joker" = "wild_2"\n"11" = "wild_2"\n', "'11'"),
    ],
    ids=["modifier-count", "bands-not-ascending", "bands-length", "extra-ability-card"],
)
def test_inconsistent_tables_raise_ruleset_error(tmp_path: Path, text: str, fragment: str) -> None:
    path = write(tmp_path, "bad.toml", 'extends = "base"\n' + text)
    with pytest.raises(RulesetError, match=r"bad\.toml") as info:
        Ruleset.load(path)
    assert fragment in str(info.value)


def test_a_file_without_extends_must_be_complete(tmp_path: Path) -> None:
    path = write(tmp_path, "bare.toml", 'name = "bare"\n')
    with pytest.raises(RulesetError, match="key 'cards' is missing"):
        Ruleset.load(path)


def test_unknown_ruleset_name_lists_the_built_ins() -> None:
    with pytest.raises(RulesetError, match="'basic'") as info:
        Ruleset.load("basic")
    assert "'basic'" in str(info.value)
    assert "base, extended" in str(info.value)
    assert issubclass(RulesetError, DataFileError)
    assert issubclass(RulesetError, ValueError)


def test_ruleset_is_frozen() -> None:
    with pytest.raises(pydantic.ValidationError, match=r"jokers\n  Instance is frozen"):
        BASE.cards.jokers = 3  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError, match=r"name\n  Instance is frozen"):
        BASE.name = "x"  # type: ignore[misc]


# -- with_options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "read", "value"),
    [
        ({"hand_mode": "per_character"}, lambda r: r.round.hand_mode, "per_character"),
        ({"jokers": 0}, lambda r: r.cards.jokers, 0),
        ({"cards.jokers": 4}, lambda r: r.cards.jokers, 4),
        ({"cover_without_heart": False}, lambda r: r.cover.cover_without_heart, False),
        ({"cover.medium": 3}, lambda r: r.cover.medium, 3),
        ({"medium": 3}, lambda r: r.cover.medium, 3),
        ({"bands": [1, 2, 3, 4, 5]}, lambda r: r.attack.bands, (1.0, 2.0, 3.0, 4.0, 5.0)),
        ({"extra_damage_on_miss": True}, lambda r: r.damage.extra_damage_on_miss, True),
        ({"heart_blocks_joker": False}, lambda r: r.jokers.heart_blocks_joker, False),
        ({"abilities.enabled": True}, lambda r: r.abilities.enabled, True),
        ({"heroes.enabled": True}, lambda r: r.heroes.enabled, True),
        ({"name": "mine"}, lambda r: r.name, "mine"),
        ({"one_wound_from": 2, "two_wounds_from": 3},
         lambda r: (r.damage.one_wound_from, r.damage.two_wounds_from), (2, 3)),
    ],
    ids=["hand_mode", "jokers", "dotted-jokers", "cover_without_heart", "dotted-cover",
         "flat-cover", "bands", "extra_damage_on_miss", "heart_blocks_joker", "abilities.enabled",
         "heroes.enabled", "name", "two-at-once"],
)  # fmt: skip
def test_with_options(options: dict[str, Any], read: Any, value: object) -> None:
    changed = BASE.with_options(**options)
    assert read(changed) == value
    assert read(BASE) != value  # the original is untouched
    assert changed.weapons == BASE.weapons


@pytest.mark.parametrize(
    "option",
    ["colour", "cards.colour", "nope.jokers", "enabled", "gunslinger", "weapons.colt"],
    ids=["unknown", "unknown-leaf", "unknown-section", "ambiguous", "sub-model", "weapon-dotted"],
)
def test_unknown_option_is_an_error_naming_it(option: str) -> None:
    with pytest.raises(RulesetError, match=re.escape(repr(option))) as info:
        BASE.with_options(**{option: 1})
    assert repr(option) in str(info.value)


@pytest.mark.parametrize(
    ("options", "key"),
    [({"jokers": "2"}, "cards.jokers"), ({"jokers": 5}, "cards.jokers"),
     ({"hand_mode": "per_table"}, "round.hand_mode"),
     ({"bands": [1, 2, 3]}, "attack"), ({"cover_without_heart": "yes"}, "cover")],
)  # fmt: skip
def test_option_with_a_bad_value_is_an_error(options: dict[str, Any], key: str) -> None:
    with pytest.raises(RulesetError, match="with options") as info:
        BASE.with_options(**options)
    assert key in str(info.value)


def test_with_options_can_replace_the_weapon_table() -> None:
    weapons = BASE.model_dump()["weapons"]
    weapons["colt"]["modifiers"] = [5, 5, 5, 5, 5]
    changed = BASE.with_options(weapons=weapons)
    assert changed.range_modifier("colt", 30) == 5
    assert BASE.range_modifier("colt", 30) == MISS
