"""The attack resolver (A8-A12, B1): table cells, band edges, tiers, jokers, abilities, options."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totenblatt.cards import JOKER, Card, CardParseError, Rank, Suit
from totenblatt.wanted.combat import AttackResult, resolve_attack
from totenblatt.wanted.rules import Ruleset, RulesetError
from totenblatt.wanted.vocab import Ability, CoverLevel

BASE = Ruleset.load("base")

# rules.md A8 and A9, by hand (not read from base.toml).
WEAPON_TABLE: dict[str, tuple[int | None, ...]] = {  # None = miss
    "colt": (2, 1, 0, -1, None),
    "winchester": (0, 1, 1, 0, 0),
    "shotgun": (4, 3, 0, None, None),
}
BANDS = (2, 6, 12, 24, 36)
SHARPSHOOTER_BANDS = (3, 9, 15, 28, 39)
COVER_TABLE = {"none": 0, "light": 1, "medium": 2, "hard": 4}


def band_of(distance: float, bands: tuple[float, ...] = BANDS) -> int | None:
    return next((i for i, limit in enumerate(bands) if distance <= limit), None)


# -- A8: the weapon table -----------------------------------------------------------------------

_INSIDE = {0: 1.0, 1: 4.0, 2: 9.0, 3: 18.0, 4: 30.0}
_EDGES = [0, 2, 2.0001, 6, 6.0001, 12, 12.0001, 24, 24.0001, 36, 36.0001, 50]
_SHARP_EDGES = [0, 3, 3.0001, 9, 9.0001, 15, 15.0001, 28, 28.0001, 39, 39.0001, 50]


@pytest.mark.parametrize("weapon", WEAPON_TABLE)
@pytest.mark.parametrize("band", range(5), ids=lambda b: f"band{b}")
def test_weapon_table_cell(weapon: str, band: int) -> None:
    r = resolve_attack("5♠", weapon=weapon, distance=_INSIDE[band])
    modifier = WEAPON_TABLE[weapon][band]
    assert r.band == band
    assert r.range_modifier == modifier
    if modifier is None:
        assert (r.reason, r.attack_value, r.wounds, r.hit) == ("out_of_range", None, 0, False)
    else:
        assert r.attack_value == 5 + modifier
        assert r.reason == "hit"


@pytest.mark.parametrize("weapon", WEAPON_TABLE)
@pytest.mark.parametrize("distance", _EDGES, ids=str)
def test_band_edges_are_inclusive_at_the_top_d14(weapon: str, distance: float) -> None:
    r = resolve_attack("5♠", weapon=weapon, distance=distance)
    band = band_of(distance)
    assert r.band == band
    expected = None if band is None else WEAPON_TABLE[weapon][band]
    assert r.range_modifier == expected
    assert r.attack_value == (None if expected is None else 5 + expected)
    assert (r.reason == "out_of_range") == (expected is None)


@pytest.mark.parametrize("weapon", WEAPON_TABLE)
@pytest.mark.parametrize("distance", _SHARP_EDGES, ids=str)
def test_sharpshooter_band_edges(weapon: str, distance: float) -> None:
    r = resolve_attack("5♠", weapon=weapon, distance=distance, attacker_abilities=["sharpshooter"])
    band = band_of(distance, SHARPSHOOTER_BANDS)
    assert r.band == band
    expected = None if band is None else WEAPON_TABLE[weapon][band]
    assert r.range_modifier == expected
    assert r.attack_value == (None if expected is None else 5 + expected)


@pytest.mark.parametrize(
    ("weapon", "distance", "without", "with_"),
    [("colt", 2.5, 1, 2), ("colt", 28, None, -1), ("colt", 37, None, None),
     ("winchester", 38, None, 0), ("shotgun", 14, None, 0), ("shotgun", 15.5, None, None)],
)  # fmt: skip
def test_sharpshooter_flips_the_range(
    weapon: str, distance: float, without: int | None, with_: int | None
) -> None:
    plain = resolve_attack("5♠", weapon=weapon, distance=distance)
    sharp = resolve_attack(
        "5♠", weapon=weapon, distance=distance, attacker_abilities=["sharpshooter"]
    )
    assert (plain.range_modifier, sharp.range_modifier) == (without, with_)


# -- A9: cover ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cover", "modifier"),
    [("none", 0), ("light", 1), ("medium", 2), ("hard", 4), ("keine", 0), ("leicht", 1),
     ("mittel", 2), ("hart", 4), ("Mittel", 2), (" HARD ", 4), (CoverLevel.LIGHT, 1),
     (CoverLevel.HARD, 4)],
    ids=str,
)  # fmt: skip
def test_cover_table(cover: str | CoverLevel, modifier: int) -> None:
    r = resolve_attack("Q♠", weapon="winchester", distance=7, defense="4♥", cover=cover)
    assert r.cover_modifier == modifier
    assert r.defense_value == 4 + modifier
    assert r.difference == 11 - 4 - modifier


@pytest.mark.parametrize("cover", ["hidden", "versteckt", CoverLevel.HIDDEN], ids=str)
@pytest.mark.parametrize("attack", ["A♠", "Joker"])
@pytest.mark.parametrize("defense", [None, "2♥"])
def test_hidden_in_hard_cover_cannot_be_hit(
    cover: str | CoverLevel, attack: str, defense: str | None
) -> None:
    r = resolve_attack(attack, weapon="shotgun", distance=5, defense=defense, cover=cover)
    assert (r.reason, r.wounds, r.hit, r.base_wounds, r.extra_wounds) == ("hidden", 0, False, 0, 0)


@pytest.mark.parametrize(
    ("cover", "value"), [("none", 0), ("light", 1), ("medium", 2), ("hard", 4)]
)
def test_cover_counts_without_a_heart_d16(cover: str, value: int) -> None:
    r = resolve_attack("5♠", weapon="winchester", distance=1, cover=cover)
    assert r.defense_value == value
    assert r.defense_tier == 0


# -- A10: damage --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defense", "difference", "wounds"),
    [("9♠", "10♥", -1, 0), ("10♠", "10♥", 0, 0), ("10♠", "9♥", 1, 1), ("10♠", "6♥", 4, 1),
     ("10♠", "5♥", 5, 2), ("10♠", "2♥", 8, 2)],
    ids=["diff-1", "diff0", "diff1", "diff4", "diff5", "diff8"],
)  # fmt: skip
def test_damage_thresholds(attack: str, defense: str, difference: int, wounds: int) -> None:
    r = resolve_attack(attack, weapon="winchester", distance=1, defense=defense)  # modifier 0
    assert r.difference == difference
    assert (r.base_wounds, r.extra_wounds, r.wounds) == (wounds, 0, wounds)
    assert r.hit is (wounds > 0)
    assert r.reason == ("hit" if wounds else "miss")


# attack tier (number, picture, ace) x defence tier (none, number, picture, ace); every one hits.
# Shotgun at 1" (+4): 9♠ = 13, K♠ = 14, A♠ = 15 against 0, 2♥ = 2, J♥ = 10, A♥ = 11.
_TIER_HITS = [
    ("9♠", None, 2, 1), ("9♠", "2♥", 2, 0), ("9♠", "J♥", 1, 0), ("9♠", "A♥", 1, 0),
    ("K♠", None, 2, 2), ("K♠", "2♥", 2, 1), ("K♠", "J♥", 1, 0), ("K♠", "A♥", 1, 0),
    ("A♠", None, 2, 3), ("A♠", "2♥", 2, 2), ("A♠", "J♥", 2, 1), ("A♠", "A♥", 1, 0),
]  # fmt: skip
_TIER_IDS = [f"{a}-vs-{d or 'no card'}" for a, d, _, _ in _TIER_HITS]


@pytest.mark.parametrize(("attack", "defense", "base", "extra"), _TIER_HITS, ids=_TIER_IDS)
def test_extra_wounds_per_tier_on_a_hit(
    attack: str, defense: str | None, base: int, extra: int
) -> None:
    r = resolve_attack(attack, weapon="shotgun", distance=1, defense=defense)
    assert (r.base_wounds, r.extra_wounds, r.wounds, r.hit) == (base, extra, base + extra, True)
    assert r.attack_tier is not None and r.defense_tier is not None
    assert r.extra_wounds == max(0, r.attack_tier - r.defense_tier)


# The same tier pairs as misses: hard cover made +15, Winchester at 1" (+0).
HUGE_COVER = BASE.with_options(hard=15)
_TIER_MISSES = [
    ("10♠", None, 1), ("10♠", "2♥", 0), ("10♠", "K♥", 0), ("10♠", "A♥", 0),
    ("K♠", None, 2), ("K♠", "2♥", 1), ("K♠", "K♥", 0), ("K♠", "A♥", 0),
    ("A♠", None, 3), ("A♠", "2♥", 2), ("A♠", "K♥", 1), ("A♠", "A♥", 0),
]  # fmt: skip
_MISS_IDS = [f"{a}-vs-{d or 'no card'}" for a, d, _ in _TIER_MISSES]


@pytest.mark.parametrize(("attack", "defense", "steps"), _TIER_MISSES, ids=_MISS_IDS)
def test_no_extra_wounds_on_a_miss_d18(attack: str, defense: str | None, steps: int) -> None:
    kw: dict[str, Any] = {"weapon": "winchester", "distance": 1, "defense": defense}
    r = resolve_attack(attack, cover="hard", ruleset=HUGE_COVER, **kw)
    assert r.difference is not None and r.difference < 1
    assert (r.base_wounds, r.extra_wounds, r.wounds, r.hit, r.reason) == (0, 0, 0, False, "miss")
    # option extra_damage_on_miss = true: the tier steps count even on a miss
    lenient = HUGE_COVER.with_options(extra_damage_on_miss=True)
    r = resolve_attack(attack, cover="hard", ruleset=lenient, **kw)
    assert (r.base_wounds, r.extra_wounds, r.wounds, r.hit) == (0, steps, steps, steps > 0)


def test_billy_paco_erratum_d19() -> None:
    """A10: Billy Q♠ with the Winchester at 7" against Paco's 4♥ in medium cover: 3 wounds."""
    r = resolve_attack(
        "Pik-Dame", weapon="Winchester", distance=7, defense="Herz 4", cover="mittel"
    )
    assert (r.attack_value, r.defense_value, r.difference) == (11, 6, 5)
    assert (r.range_modifier, r.band, r.cover_modifier) == (1, 2, 2)
    assert (r.base_wounds, r.extra_wounds, r.wounds) == (2, 1, 3)
    assert (r.hit, r.reason, r.attack_tier, r.defense_tier) == (True, "hit", 2, 1)


@pytest.mark.parametrize(
    ("distance", "kw", "booklet"),
    [
        (7, {}, 2),
        (8, {}, None),  # the same band, but not the booklet's example
        (7, {"attacker_abilities": ["picture_book_10"]}, None),
        (7, {"defender_abilities": ["cover_1"]}, None),
    ],
)
def test_the_booklet_example_is_known_by_its_inputs_d19(
    distance: float, kw: dict[str, Any], booklet: int | None
) -> None:
    r = resolve_attack(
        "Q♠", weapon="gewehr", distance=distance, defense="Herz 4", cover="mittel", **kw
    )
    assert r.booklet_wounds == booklet


# -- the result carries its inputs, normalised (issue 22) ---------------------------------------


def test_the_result_carries_its_normalised_inputs() -> None:
    r = resolve_attack(
        "Pik-Dame",
        weapon="Gewehr",
        distance=3,
        defense="Herz 4",
        cover="leicht",
        attacker_abilities=["Scharfschütze", "picture_book_10"],
        defender_abilities=["Deckung 2", "queen_of_hearts"],
        extra_defense="Kreuz-As",
    )
    assert (r.attack, r.defense, r.extra_defense) == (
        Card.parse("Q♠"), Card.parse("4♥"), Card.parse("A♣"),
    )  # fmt: skip
    assert (r.weapon, r.distance, r.cover, r.effective_cover) == (
        "winchester", 3.0, CoverLevel.LIGHT, CoverLevel.LIGHT,
    )  # fmt: skip
    assert r.attacker_abilities == (Ability.SHARPSHOOTER, Ability.PICTURE_BOOK_10)
    assert r.defender_abilities == (Ability.COVER_2, Ability.QUEEN_OF_HEARTS)
    assert r.sharpshooter and isinstance(r.distance, float)


@pytest.mark.parametrize(
    ("distance", "effective", "reason"),
    [(2.0, CoverLevel.HARD, "hit"), (2.01, CoverLevel.HIDDEN, "hidden")],
)
def test_the_result_says_which_cover_counted_d12(
    distance: float, effective: CoverLevel, reason: str
) -> None:
    r = resolve_attack("A♠", weapon="shotgun", distance=distance, cover="versteckt")
    assert (r.cover, r.effective_cover, r.reason) == (CoverLevel.HIDDEN, effective, reason)
    house = Ruleset.load("base").with_options(attack_reach=3.0)  # the reach is the ruleset's
    r = resolve_attack("A♠", weapon="shotgun", distance=2.5, cover="hidden", ruleset=house)
    assert (r.effective_cover, r.cover_modifier) == (CoverLevel.HARD, 4)


# -- A12: jokers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("defense", "cover", "extra"),
    [(None, "none", {}), ("2♥", "none", {}), ("A♥", "hard", {}),
     ("A♥", "hard", {"defender_abilities": ["cover_3", "queen_of_hearts"],
                     "extra_defense": "A♦"})],
    ids=["no-card", "number", "ace-hard-cover", "ace-with-abilities"],
)  # fmt: skip
def test_joker_spade_deals_two_unblockable_wounds_without_extra(
    defense: str | None, cover: str, extra: dict[str, Any]
) -> None:
    r = resolve_attack("Joker", weapon="colt", distance=3, defense=defense, cover=cover, **extra)
    assert (r.base_wounds, r.extra_wounds, r.wounds, r.hit, r.reason) == (2, 0, 2, True, "joker")
    assert (r.attack_value, r.difference, r.attack_tier, r.attack_is_joker) == (
        None,
        None,
        None,
        True,
    )


def test_joker_heart_blocks_a_joker_spade_d20() -> None:
    r = resolve_attack("Joker", weapon="colt", distance=3, defense="Joker")
    assert (r.wounds, r.hit, r.reason, r.defense_is_joker) == (0, False, "blocked_by_joker", True)


@pytest.mark.parametrize("attack", ["A♠", "K♠", "2♠"])
@pytest.mark.parametrize("cover", ["none", "hard"])
def test_joker_heart_blocks_any_attack(attack: str, cover: str) -> None:
    r = resolve_attack(attack, weapon="shotgun", distance=1, defense=JOKER, cover=cover)
    assert (r.wounds, r.hit, r.reason) == (0, False, "blocked_by_joker")
    assert r.defense_value is None and r.defense_tier is None


def test_option_heart_blocks_joker_false_lets_the_joker_spade_through() -> None:
    rules = BASE.with_options(heart_blocks_joker=False)
    r = resolve_attack("Joker", weapon="colt", distance=3, defense="Joker", ruleset=rules)
    assert (r.wounds, r.reason) == (2, "joker")
    # a joker heart still blocks a normal spade
    r = resolve_attack("A♠", weapon="colt", distance=3, defense="Joker", ruleset=rules)
    assert (r.wounds, r.reason) == (0, "blocked_by_joker")


def test_option_spade_wounds() -> None:
    rules = BASE.with_options(spade_wounds=3)
    assert resolve_attack("Joker", weapon="colt", distance=3, ruleset=rules).wounds == 3


@pytest.mark.parametrize(
    ("weapon", "distance", "abilities", "reason"),
    [("colt", 24, [], "joker"), ("colt", 24.0001, [], "out_of_range"),
     ("colt", 36, [], "out_of_range"), ("shotgun", 12, [], "joker"),
     ("shotgun", 12.5, [], "out_of_range"), ("winchester", 36, [], "joker"),
     ("winchester", 37, [], "out_of_range"), ("winchester", 37, ["sharpshooter"], "joker"),
     ("colt", 37, ["sharpshooter"], "out_of_range")],
)  # fmt: skip
def test_joker_spade_still_needs_range_d21(
    weapon: str, distance: float, abilities: list[str], reason: str
) -> None:
    r = resolve_attack(
        "Joker", weapon=weapon, distance=distance, defense="5♥", attacker_abilities=abilities
    )
    assert r.reason == reason
    assert r.wounds == (2 if reason == "joker" else 0)


def test_joker_spade_cannot_hit_a_hidden_target_d21() -> None:
    r = resolve_attack("Joker", weapon="shotgun", distance=5, cover="hidden")
    assert (r.reason, r.wounds) == ("hidden", 0)


# -- B1: abilities ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "defender", "extra"),
    [((), (), 0), (("picture_book_10",), (), 1), ((), ("picture_book_10",), 0),
     (("picture_book_10",), ("picture_book_10",), 0)],
    ids=["none", "attacker", "defender", "both"],
)  # fmt: skip
def test_picture_book_10_raises_a_ten_to_the_picture_tier_d25(
    attacker: tuple[str, ...], defender: tuple[str, ...], extra: int
) -> None:
    r = resolve_attack(
        "10♠",
        weapon="shotgun",
        distance=1,
        defense="10♥",
        attacker_abilities=attacker,
        defender_abilities=defender,
    )
    assert (r.attack_value, r.defense_value) == (14, 10)  # the value stays 10
    assert r.base_wounds == 1
    assert r.extra_wounds == extra
    assert r.attack_tier == (2 if attacker else 1)
    assert r.defense_tier == (2 if defender else 1)


def test_picture_book_10_defender_cancels_a_picture_extra() -> None:
    kw: dict[str, Any] = {"weapon": "shotgun", "distance": 1, "defense": "10♥"}
    assert resolve_attack("K♠", **kw).extra_wounds == 1
    assert resolve_attack("K♠", defender_abilities=["picture_book_10"], **kw).extra_wounds == 0


def test_picture_book_10_changes_only_tens() -> None:
    r = resolve_attack("9♠", weapon="shotgun", distance=1, attacker_abilities=["picture_book_10"])
    assert r.attack_tier == 1


@pytest.mark.parametrize("two", ["2♠", "2♥", "2♦", "2♣"])
def test_wild_2_attack_is_a_joker(two: str) -> None:
    r = resolve_attack(two, weapon="colt", distance=3, defense="A♥", attacker_abilities=["wild_2"])
    assert (r.attack_is_joker, r.reason, r.wounds, r.extra_wounds) == (True, "joker", 2, 0)


@pytest.mark.parametrize("two", ["2♥", "2♠", "2♦", "2♣"])
def test_wild_2_defence_is_a_joker_heart(two: str) -> None:
    r = resolve_attack(
        "A♠", weapon="shotgun", distance=1, defense=two, defender_abilities=["wild_2"]
    )
    assert (r.defense_is_joker, r.reason, r.wounds) == (True, "blocked_by_joker", 0)
    # also against a joker spade (D-20, D-25: a wild 2 is a joker in every role)
    r = resolve_attack(
        "Joker", weapon="shotgun", distance=1, defense=two, defender_abilities=["wild_2"]
    )
    assert r.reason == "blocked_by_joker"


def test_without_wild_2_a_two_is_a_number() -> None:
    r = resolve_attack("2♠", weapon="shotgun", distance=1, defense="2♥")
    assert (r.attack_is_joker, r.defense_is_joker, r.attack_value, r.defense_value) == (
        False,
        False,
        6,
        2,
    )


@pytest.mark.parametrize(
    ("abilities", "bonus"),
    [(["cover_1"], 1), (["cover_2"], 2), (["cover_3"], 3), (["cover_1", "cover_2"], 3),
     (["cover_1", "cover_1"], 2), (["cover_3", "cover_3"], 6),
     (["cover_1", "cover_2", "cover_3"], 6)],
    ids=["1", "2", "3", "1+2", "1+1", "3+3", "1+2+3"],
)  # fmt: skip
def test_cover_abilities_add_to_the_heart(abilities: list[str], bonus: int) -> None:
    r = resolve_attack(
        "K♠",
        weapon="winchester",
        distance=7,
        defense="2♥",
        cover="light",
        defender_abilities=abilities,
    )
    assert r.ability_bonus == bonus
    assert r.cover_modifier == 1
    assert r.defense_value == 2 + 1 + bonus
    assert r.difference == 11 - 3 - bonus


def test_cover_3_turns_a_hit_into_a_miss() -> None:
    kw: dict[str, Any] = {"weapon": "winchester", "distance": 1, "defense": "8♥"}
    assert resolve_attack("10♠", **kw).wounds == 1
    r = resolve_attack("10♠", defender_abilities=["cover_3"], **kw)
    assert (r.wounds, r.reason) == (0, "miss")


@pytest.mark.parametrize(
    ("extra_card", "bonus", "extra_wounds"),
    [("5♣", 5, 2), ("K♦", 10, 2), ("A♦", 11, 2), ("3♥", 3, 2), ("Q♠", 10, 2)],
    ids=["number", "picture", "ace", "heart", "spade"],
)
def test_queen_of_hearts_adds_the_value_and_the_heart_keeps_its_tier_d26(
    extra_card: str, bonus: int, extra_wounds: int
) -> None:
    # A♠ with the shotgun at 1" = 15 against 2♥ + extra: the heart's tier (number) counts.
    r = resolve_attack(
        "A♠",
        weapon="shotgun",
        distance=1,
        defense="2♥",
        defender_abilities=["queen_of_hearts"],
        extra_defense=extra_card,
    )
    assert r.ability_bonus == bonus
    assert r.defense_value == 2 + bonus
    assert r.defense_tier == 1
    assert r.base_wounds == (1 if 15 - 2 - bonus < 5 else 2)
    assert r.extra_wounds == extra_wounds


def test_queen_of_hearts_with_cover_and_cover_ability() -> None:
    r = resolve_attack(
        "K♠",
        weapon="winchester",
        distance=7,
        defense="3♥",
        cover="medium",
        defender_abilities=["queen_of_hearts", "cover_2"],
        extra_defense="4♣",
    )
    assert (r.cover_modifier, r.ability_bonus, r.defense_value) == (2, 6, 11)
    assert (r.difference, r.wounds) == (0, 0)


def test_queen_of_hearts_without_an_extra_card_changes_nothing() -> None:
    kw: dict[str, Any] = {"weapon": "winchester", "distance": 7, "defense": "4♥"}
    plain = resolve_attack("Q♠", **kw)
    queen = resolve_attack("Q♠", defender_abilities=["queen_of_hearts"], **kw)
    assert queen.defender_abilities == (Ability.QUEEN_OF_HEARTS,)
    assert dataclasses.replace(queen, defender_abilities=()) == plain


def test_ability_bonuses_never_apply_to_a_joker_heart_d36() -> None:
    r = resolve_attack(
        "A♠",
        weapon="shotgun",
        distance=1,
        defense="Joker",
        defender_abilities=["cover_3", "picture_book_10"],
    )
    assert (r.defense_value, r.reason, r.wounds) == (None, "blocked_by_joker", 0)


@pytest.mark.parametrize(
    ("side", "name", "ability"),
    [("attacker", "Scharfschütze", Ability.SHARPSHOOTER),
     ("attacker", "SHARPSHOOTER", Ability.SHARPSHOOTER),
     ("attacker", Ability.SHARPSHOOTER, Ability.SHARPSHOOTER),
     ("attacker", "Bilderbuch-10", Ability.PICTURE_BOOK_10),
     ("attacker", "picture-book 10", Ability.PICTURE_BOOK_10),
     ("defender", "Deckung 2", Ability.COVER_2),
     ("defender", "Wilde 2", Ability.WILD_2),
     ("defender", "Königin der Herzen", Ability.QUEEN_OF_HEARTS)],
    ids=str,
)  # fmt: skip
def test_ability_names_in_english_and_german(
    side: str, name: str | Ability, ability: Ability
) -> None:
    kw: dict[str, Any] = {"weapon": "colt", "distance": 1, "defense": "10♥"}
    named = resolve_attack("10♠", **kw, **{f"{side}_abilities": [name]})  # type: ignore[arg-type]
    canonical = resolve_attack("10♠", **kw, **{f"{side}_abilities": [ability.value]})  # type: ignore[arg-type]
    assert named == canonical


# -- options and custom rulesets ----------------------------------------------------------------


def test_option_cover_without_heart_d16() -> None:
    kw: dict[str, Any] = {"weapon": "winchester", "distance": 1, "cover": "medium"}
    r = resolve_attack("2♠", **kw)
    assert (r.defense_value, r.difference, r.wounds) == (2, 0, 0)
    strict = BASE.with_options(cover_without_heart=False)
    r = resolve_attack("2♠", ruleset=strict, **kw)
    assert (r.cover_modifier, r.defense_value, r.difference) == (0, 0, 2)
    assert (r.base_wounds, r.extra_wounds, r.wounds) == (1, 1, 2)
    # with a heart, cover counts either way
    assert resolve_attack("2♠", defense="2♥", ruleset=strict, **kw).cover_modifier == 2


def test_custom_bands_and_sharpshooter_bands() -> None:
    rules = BASE.with_options(bands=[1, 2, 3, 4, 5], sharpshooter_bands=[2, 4, 6, 8, 10])
    assert resolve_attack("5♠", weapon="colt", distance=4.5).range_modifier == 1
    r = resolve_attack("5♠", weapon="colt", distance=4.5, ruleset=rules)
    assert (r.band, r.reason) == (4, "out_of_range")
    r = resolve_attack(
        "5♠", weapon="colt", distance=4.5, ruleset=rules, attacker_abilities=["sharpshooter"]
    )
    assert (r.band, r.range_modifier) == (2, 0)


def test_custom_cover_values() -> None:
    rules = BASE.with_options(light=3, medium=5, hard=9)
    for cover, value in (("light", 3), ("medium", 5), ("hard", 9)):
        r = resolve_attack(
            "Q♠", weapon="colt", distance=1, defense="2♥", cover=cover, ruleset=rules
        )
        assert r.cover_modifier == value


@pytest.mark.parametrize(
    ("difference", "default", "custom"),
    [(0, 0, 0), (1, 1, 0), (2, 1, 1), (3, 1, 2), (4, 1, 2), (5, 2, 2)],
)
def test_custom_damage_thresholds(difference: int, default: int, custom: int) -> None:
    rules = BASE.with_options(one_wound_from=2, two_wounds_from=3)
    kw: dict[str, Any] = {"weapon": "winchester", "distance": 1, "defense": f"{10 - difference}♥"}
    assert resolve_attack("10♠", **kw).base_wounds == default
    assert resolve_attack("10♠", ruleset=rules, **kw).base_wounds == custom


def test_custom_card_values() -> None:
    rules = BASE.with_options(ace_value=14, picture_value=12)
    r = resolve_attack("A♠", weapon="winchester", distance=1, defense="K♥", ruleset=rules)
    assert (r.attack_value, r.defense_value) == (14, 12)


HOUSE_RULES = """\
extends = "base"
name = "house"

[attack]
bands = [3.0, 8.0, 12.0, 24.0, 36.0]

[weapons.colt]
modifiers = [2, 1, 0, -1, -3]

[weapons.derringer]
label = "Derringer"
aliases = ["taschenpistole"]
modifiers = [3, "miss", "miss", "miss", "miss"]

[cover]
medium = 3
cover_without_heart = false

[damage]
two_wounds_from = 4
extra_damage_on_miss = true

[jokers]
heart_blocks_joker = false
"""


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE_RULES, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("call", "base", "house_rules"),
    [
        ({"attack": "5♠", "weapon": "colt", "distance": 2.5}, (1, "hit", 6), (2, "hit", 7)),
        ({"attack": "5♠", "weapon": "colt", "distance": 30}, (None, "out_of_range", None),
         (-3, "hit", 2)),
        ({"attack": "5♠", "weapon": "Taschenpistole", "distance": 3}, None, (3, "hit", 8)),
        ({"attack": "5♠", "weapon": "winchester", "distance": 1, "defense": "2♥",
          "cover": "medium"}, (0, "hit", 5), (0, "miss", 5)),
        ({"attack": "5♠", "weapon": "winchester", "distance": 1, "cover": "medium"},
         (0, "hit", 5), (0, "hit", 5)),
        ({"attack": "Joker", "weapon": "winchester", "distance": 1, "defense": "Joker"},
         (0, "blocked_by_joker", None), (0, "joker", None)),
    ],
    ids=["colt-band", "colt-long-range", "new-weapon", "medium-cover", "cover-without-heart",
         "joker-vs-joker"],
)  # fmt: skip
def test_user_ruleset_file_changes_the_resolver(
    house: Path,
    call: dict[str, Any],
    base: tuple[int | None, str, int | None] | None,
    house_rules: tuple[int | None, str, int | None],
) -> None:
    def summary(ruleset: str | Path) -> tuple[int | None, str, int | None]:
        r = resolve_attack(ruleset=ruleset, **call)
        return r.range_modifier, r.reason, r.attack_value

    if base is None:
        with pytest.raises(ValueError, match="unknown weapon"):
            summary("base")
    else:
        assert summary("base") == base
    assert summary(house) == house_rules
    assert summary(str(house)) == house_rules
    assert summary(Ruleset.load(house)) == house_rules  # type: ignore[arg-type]


def test_user_ruleset_thresholds_and_extra_damage_on_miss(house: Path) -> None:
    # 9♠ + 0 against 5♥: difference 4 = 1 wound in base, 2 with two_wounds_from = 4
    kw: dict[str, Any] = {"weapon": "winchester", "distance": 1, "defense": "5♥"}
    assert resolve_attack("9♠", **kw).wounds == 1
    assert resolve_attack("9♠", ruleset=house, **kw).wounds == 2
    # K♠ against 10♥ + medium 3 misses; the picture-over-number step still wounds
    kw["defense"], kw["cover"] = "10♥", "medium"
    assert resolve_attack("K♠", **kw).wounds == 0
    r = resolve_attack("K♠", ruleset=house, **kw)
    assert (r.base_wounds, r.extra_wounds) == (0, 1)


def test_extended_ruleset_by_name_resolves_like_base() -> None:
    kw: dict[str, Any] = {"weapon": "winchester", "distance": 7, "defense": "4♥", "cover": "medium"}
    assert resolve_attack("Q♠", ruleset="extended", **kw) == resolve_attack("Q♠", **kw)


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        ({"attack": "5♥"}, ValueError, "'5♥'"),
        ({"attack": "Q♣"}, ValueError, "'Q♣'"),
        ({"attack": "Karo-As"}, ValueError, "'A♦'"),
        ({"attack": "3♥", "attacker_abilities": ["wild_2"]}, ValueError, "'3♥'"),
        ({"attack": "Pik-Zwölf"}, CardParseError, "'Pik-Zwölf'"),
        ({"defense": "4♠"}, ValueError, "'4♠'"),
        ({"defense": "K♦"}, ValueError, "'K♦'"),
        ({"defense": "XX"}, CardParseError, "'XX'"),
        ({"weapon": "bazooka"}, ValueError, "'bazooka'"),
        ({"cover": "behind a tree"}, ValueError, "'behind a tree'"),
        ({"cover": "very hard"}, ValueError, "'very hard'"),
        ({"attacker_abilities": ["flying"]}, ValueError, "'flying'"),
        ({"attacker_abilities": ["cover_1"]}, ValueError, "'cover_1'"),
        ({"attacker_abilities": ["queen_of_hearts"]}, ValueError, "'queen_of_hearts'"),
        ({"defender_abilities": ["sharpshooter"]}, ValueError, "'sharpshooter'"),
        ({"defender_abilities": ["nine_lives"]}, ValueError, "'nine_lives'"),
        ({"distance": -1}, ValueError, "-1"),
        ({"distance": -0.0001}, ValueError, "-0.0001"),
        ({"distance": math.nan}, ValueError, "nan"),
        ({"distance": "5"}, ValueError, "'5'"),
        ({"defense": None, "defender_abilities": ["cover_2"]}, ValueError, "cover_"),
        ({"extra_defense": "5♣"}, ValueError, "queen_of_hearts"),
        ({"defense": None, "defender_abilities": ["queen_of_hearts"], "extra_defense": "5♣"},
         ValueError, "extra_defense"),
        ({"defender_abilities": ["queen_of_hearts"], "extra_defense": "Joker"}, ValueError,
         "joker"),
        ({"ruleset": "basic"}, RulesetError, "'basic'"),
    ],
    ids=["heart-attack", "club-attack", "diamond-attack", "wild-2-not-a-two", "unreadable-attack",
         "spade-defence", "diamond-defence", "unreadable-defence", "weapon", "cover",
         "cover-two-words", "ability", "defender-ability-for-attacker", "queen-for-attacker",
         "attacker-ability-for-defender", "unrelated-ability", "negative-distance",
         "slightly-negative", "nan-distance", "text-distance", "cover-ability-without-heart",
         "extra-without-queen", "extra-without-heart", "joker-as-extra", "unknown-ruleset"],
)  # fmt: skip
def test_bad_input_is_a_value_error_naming_it(
    kwargs: dict[str, Any], error: type[Exception], fragment: str
) -> None:
    call: dict[str, Any] = {"attack": "Q♠", "weapon": "colt", "distance": 3, "defense": "4♥"}
    call.update(kwargs)
    with pytest.raises(error, match=re.escape(fragment)) as info:
        resolve_attack(**call)
    assert isinstance(info.value, ValueError)
    assert fragment in str(info.value)


def test_infinite_distance_is_out_of_range() -> None:
    assert resolve_attack("Q♠", weapon="colt", distance=math.inf).reason == "out_of_range"


# -- the result ---------------------------------------------------------------------------------


def test_attack_result_is_a_frozen_value_with_a_json_dict() -> None:
    r = resolve_attack("Q♠", weapon="winchester", distance=7, defense="4♥", cover="medium")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'wounds'"):
        r.wounds = 0  # type: ignore[misc]
    data = r.to_dict()
    assert list(data) == [f.name for f in dataclasses.fields(AttackResult)]
    assert {"attack_value", "defense_value", "difference", "base_wounds", "extra_wounds",
            "wounds", "hit", "reason"} <= set(data)  # fmt: skip
    assert AttackResult.from_dict(data) == r
    assert json.loads(json.dumps(data)) == data


# -- the whole table against an independent reading of rules.md -----------------------------


def oracle(
    attack: Card, defense: Card | None, weapon: str, distance: float, cover: str
) -> tuple[int, str]:
    """Wounds and reason as rules.md A8-A12 read by hand (base ruleset, no abilities)."""

    def value(card: Card) -> int:
        assert card.rank is not None
        return 11 if card.rank is Rank.ACE else min(int(card.rank), 10)

    def tier(card: Card | None) -> int:
        if card is None:
            return 0
        return 3 if card.rank is Rank.ACE else 2 if card.rank and card.rank.is_picture else 1

    if cover == "hidden":  # D-12: within 2" attacked normally in hard cover, beyond not at all
        if distance > 2:
            return 0, "hidden"
        cover = "hard"
    band = band_of(distance)
    modifier = None if band is None else WEAPON_TABLE[weapon][band]
    if modifier is None:
        return 0, "out_of_range"
    if attack.is_joker:
        return (0, "blocked_by_joker") if defense == JOKER else (2, "joker")
    if defense == JOKER:
        return 0, "blocked_by_joker"
    difference = value(attack) + modifier - (value(defense) if defense else 0) - COVER_TABLE[cover]
    base = 0 if difference < 1 else 1 if difference < 5 else 2
    extra = max(0, tier(attack) - tier(defense)) if base else 0
    return base + extra, "hit" if base else "miss"


def test_every_card_weapon_distance_and_cover_against_the_oracle() -> None:
    spades = [Card(rank, Suit.SPADES) for rank in Rank] + [JOKER]
    hearts: list[Card | None] = [None, *(Card(rank, Suit.HEARTS) for rank in Rank), JOKER]
    distances = [0.5, 2, 5, 6.5, 12, 20, 30, 36, 40]
    covers = [*COVER_TABLE, "hidden"]
    mismatches = []
    for attack, defense, weapon, distance, cover in itertools.product(
        spades, hearts, WEAPON_TABLE, distances, covers
    ):
        r = resolve_attack(attack, weapon=weapon, distance=distance, defense=defense, cover=cover)
        expected = oracle(attack, defense, weapon, distance, cover)
        if (r.wounds, r.reason) != expected:
            mismatches.append((str(attack), str(defense), weapon, distance, cover, expected, r))
    assert mismatches == []


# -- properties ---------------------------------------------------------------------------------

_SPADES = st.sampled_from([*(Card(rank, Suit.SPADES) for rank in Rank), JOKER])
_HEARTS = st.one_of(st.none(), st.sampled_from([*(Card(r, Suit.HEARTS) for r in Rank), JOKER]))
_COVERS = [CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.MEDIUM, CoverLevel.HARD, CoverLevel.HIDDEN]


@given(
    attack=_SPADES,
    defense=_HEARTS,
    weapon=st.sampled_from(list(WEAPON_TABLE)),
    distance=st.floats(0, 45, allow_nan=False),
    sharpshooter=st.booleans(),
    picture_book=st.booleans(),
    cover_abilities=st.lists(st.sampled_from(["cover_1", "cover_2", "cover_3"]), max_size=3),
)
def test_more_cover_never_means_more_wounds(
    attack: Card,
    defense: Card | None,
    weapon: str,
    distance: float,
    sharpshooter: bool,
    picture_book: bool,
    cover_abilities: list[str],
) -> None:
    attacker = [a for a, on in (("sharpshooter", sharpshooter), ("picture_book_10", picture_book))
                if on]  # fmt: skip
    defender = cover_abilities if defense is not None else []
    results = [
        resolve_attack(
            attack,
            weapon=weapon,
            distance=distance,
            defense=defense,
            cover=cover,
            attacker_abilities=attacker,
            defender_abilities=defender,
        )
        for cover in _COVERS
    ]
    wounds = [r.wounds for r in results]
    assert wounds == sorted(wounds, reverse=True)
    for r in results:
        assert r.wounds == r.base_wounds + r.extra_wounds
        assert r.hit is (r.wounds > 0)
        assert 0 <= r.base_wounds <= 2
        assert 0 <= r.extra_wounds <= 3
        assert r.extra_wounds == 0 or r.base_wounds > 0  # D-18
        if r.reason in ("hit", "miss"):
            assert r.difference == (r.attack_value or 0) - (r.defense_value or 0)
        else:
            assert r.difference is None
            assert r.extra_wounds == 0


def test_wild_2_of_spades_commits_when_attacking() -> None:
    """D-25: played wild, a 2♠ is a joker (2 wounds) even where the number would wound more;
    played as the number 2 (no wild_2 given) it is a number."""
    r = resolve_attack("2♠", weapon="shotgun", distance=1, attacker_abilities=["wild_2"])
    assert (r.attack_is_joker, r.reason, r.wounds) == (True, "joker", 2)
    r = resolve_attack("2♠", weapon="shotgun", distance=1)  # 2 + 4 = 6 against nothing: 2 + 1
    assert (r.attack_is_joker, r.reason, r.wounds) == (False, "hit", 3)
    r = resolve_attack(
        "2♠", weapon="shotgun", distance=1, defense="10♥", cover="hard",
        attacker_abilities=["wild_2"],
    )  # fmt: skip
    assert (r.attack_is_joker, r.reason, r.wounds) == (True, "joker", 2)


@pytest.mark.parametrize(("attack", "wounds"), [("Q♠", 4), ("Joker", 2)])
def test_hidden_target_within_two_inches_is_attacked_in_hard_cover(
    attack: str, wounds: int
) -> None:
    """D-12/D-21: Q♠ + Colt 2 = 12 against hard cover 4 is 4 wounds; a joker spade 2."""
    r = resolve_attack(attack, weapon="colt", distance=1.5, cover="hidden")
    assert (r.wounds, r.cover_modifier) == (wounds, 4)
    assert resolve_attack(attack, weapon="colt", distance=2.5, cover="hidden").reason == "hidden"
