"""The attack explained from the resolver's result and the ruleset's own numbers (issue 15)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from totenblatt.text.attack import damage_band, explain_attack
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.rules import Ruleset

Cli = Callable[[Sequence[str]], tuple[int, str, str]]

HOUSE = """extends = "base"
name = "house"

[damage]
one_wound_from = 2
two_wounds_from = 4
"""


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_the_house_thresholds_are_explained_with_the_house_numbers(cli: Cli, house: Path) -> None:
    args = ["attack", "-a", "9♠", "-w", "colt", "-d", "8", "--defense", "5♥"]
    code, out, err = cli([*args, "--ruleset", str(house), "--lang", "en"])
    assert (code, err) == (0, "")
    assert "Difference 9 − 5 = 4 (4 or more: 2 wounds)." in flat(out)
    assert "HIT — 2 wounds" in flat(out)
    code, out, _ = cli([*args, "--ruleset", str(house), "--lang", "de"])
    assert "Differenz 9 − 5 = 4 (4 oder mehr: 2 Wunden)." in flat(out)
    code, out, _ = cli([*args, "--lang", "en"])  # the base rules: 1-4 is one wound
    assert "Difference 9 − 5 = 4 (1–4: 1 wound)." in flat(out) and "HIT — 1 wound" in flat(out)


def test_a_miss_under_the_house_rules_names_its_threshold(house: Path) -> None:
    rules = Ruleset.load(house)
    result = resolve_attack("6♠", weapon="colt", distance=8, defense="5♥", ruleset=rules)
    assert result.difference == 1 and result.wounds == 0
    assert explain_attack(result, rules, "en")[-1] == ("Difference 6 − 5 = 1 (less than 2: miss).")


def test_a_one_wide_band_names_a_single_difference() -> None:
    rules = Ruleset.load("base").with_options(one_wound_from=3, two_wounds_from=4)
    assert damage_band(1, rules, "en") == "3: 1 wound"
    assert damage_band(2, rules, "de") == "4 oder mehr: 2 Wunden"
