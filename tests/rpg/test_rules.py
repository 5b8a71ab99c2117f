"""The RPG ruleset: built-in numbers, lookups, house rules via ``extends``, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from totenblatt.datafiles import DataFileError
from totenblatt.rpg import (
    RpgRuleset,
    RpgRulesetError,
    WoundBand,
    builtin_rpg_rulesets,
    load_ruleset,
    probe_odds,
    resolve_probe,
)


def test_builtin_ruleset_holds_the_seed_numbers() -> None:
    rs = load_ruleset()
    assert builtin_rpg_rulesets() == ("rpg",)
    assert rs.pile_size == 13 and rs.pile_values == tuple(range(1, 14))  # C1
    assert (rs.wounds.normal_from, rs.wounds.fat_from) == (10, 20)  # D-31
    assert [rs.wound_points(b) for b in WoundBand] == [1, 3, 6]  # D-32
    assert (rs.wounds.ordinary_capacity, rs.wounds.player_capacity) == (6, 6)
    assert rs.wounds.per_constitution == 3 and rs.jokers.per_story == 1


@pytest.mark.parametrize(
    ("margin", "band"),
    [(0, "light"), (3, "light"), (4, "light"), (9, "light"), (10, "normal"), (12, "normal"),
     (19, "normal"), (20, "fat"), (23, "fat"), (49, "fat")],
)  # fmt: skip
def test_wound_bands_d31(margin: int, band: str) -> None:
    assert load_ruleset().wound_band(margin) is WoundBand(band)


@pytest.mark.parametrize(
    ("level", "de", "en"),
    [(0, "nichtsahnend", "unaware"), (1, "kann man wuppen", "a doddle"), (2, "bedenklich", "dicey"),
     (3, "heftig", "tough"), (4, "echt heftig", "really tough"), (5, "fett", "fat"),
     (6, "megafett", "mega-fat"), (7, "lass es einfach", "just forget it"),
     (40, "lass es einfach", "just forget it")],
)  # fmt: skip
def test_difficulty_names_c2(level: int, de: str, en: str) -> None:
    rs = load_ruleset()
    assert (rs.difficulty_name(level, "de"), rs.difficulty_name(level, "en")) == (de, en)


@pytest.mark.parametrize(
    ("text", "value"),
    [("A", 1), ("as", 1), ("Ace", 1), ("2", 2), (" 10 ", 10), ("T", 10), ("J", 11),
     ("Bube", 11), ("queen", 12), ("Dame", 12), ("K", 13), ("König", 13), ("Pik-Dame", 12),
     ("K♠", 13), (7, 7)],
)  # fmt: skip
def test_card_values_from_text(text: str | int, value: int) -> None:
    assert load_ruleset().card_value(text) == value


@pytest.mark.parametrize("bad", [0, 14, "0", "14", "-3", "X", "Joker", True, 2.0])
def test_bad_card_values_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="card"):
        load_ruleset().card_value(bad)  # type: ignore[arg-type]


def test_wound_band_names_in_both_languages() -> None:
    assert WoundBand.parse("Fett") is WoundBand.FAT and WoundBand.parse("leicht") is WoundBand.LIGHT
    with pytest.raises(ValueError, match="unknown wound band 'heavy'"):
        WoundBand.parse("heavy")


def test_house_rule_extends_rpg_and_changes_the_odds(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'extends = "rpg"\nname = "house"\n[wounds]\nfat_from = 15\n'
        '[pile]\ncards = ["A", "2", "3", "J", "Q", "K"]\n',
        encoding="utf-8",
    )
    rs = RpgRuleset.load(path)
    assert rs.name == "house" and rs.pile_size == 6 and rs.wound_band(16) is WoundBand.FAT
    assert probe_odds(2, 2, ruleset=path).success != probe_odds(2, 2).success
    with pytest.raises(ValueError, match="value 5"):
        resolve_probe(2, 2, player_cards=[5], opponent_cards=[1], ruleset=rs)
    with pytest.raises(ValueError, match="draw 7 cards but a pile holds 6"):
        probe_odds(6, 0, ruleset=rs)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[wounds]\nnormal_from = 13\n", r"wounds\.normal_from"),  # 12 must stay normal
        ("[wounds]\nfat_from = 24\n", r"wounds\.fat_from"),  # 23 must stay fat
        ("[narration]\nhuge_from = 19\n", r"narration\.huge_from"),
        ("[pile.values]\nA = 0\n", r"values must be >= 1"),
        ("[pile.values]\nZ = 3\n", r"unknown card labels \['Z'\]"),
        ('[pile]\ncards = ["A", "Z"]\n', r"cards \['Z'\] have no value"),
        ("[pile]\ncards = []\n", r"at least one card"),
        ("[wounds]\nlight = 1\n", r"unknown key 'wounds\.light'"),
        ('[jokers]\nper_story = "1"\n', r"jokers\.per_story"),
    ],
)
def test_bad_ruleset_files_name_file_and_key(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('extends = "rpg"\n' + body, encoding="utf-8")
    with pytest.raises(RpgRulesetError, match=message) as info:
        RpgRuleset.load(path)
    assert str(path) in str(info.value) and isinstance(info.value, DataFileError)


def test_unknown_ruleset_name_lists_the_builtins() -> None:
    with pytest.raises(RpgRulesetError, match=r"no ruleset named 'wanted'.*rpg"):
        load_ruleset("wanted")
