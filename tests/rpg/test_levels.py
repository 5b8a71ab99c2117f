"""Levels of a side: the game master's shifts with reasons, unaware targets, hand grenades."""

from __future__ import annotations

import pytest

from totenblatt.rpg import GRENADE_LEVELS, UNAWARE, Shift, ShiftError, grenade_level, shifted


def test_rafaels_revolver_up_to_3_and_dianas_club_down_to_2() -> None:
    # Seed 004: the GM raises Rafael's Handliche Wummen 2 to 3 and lowers Diana's 3 to 2.
    assert shifted(2, [Shift.parse("+1:Revolver gegen Totschläger")]) == 3
    assert shifted(3, [Shift.parse("-1: Totschläger gegen Revolver ")]) == 2
    assert Shift.parse("-1: Totschläger gegen Revolver ").reason == "Totschläger gegen Revolver"
    assert shifted(2, [Shift(1, "Kletterseil"), Shift(-2, "Regen"), Shift(1, "Haken")]) == 2
    assert Shift.from_dict(Shift(2, "x").to_dict()) == Shift(2, "x")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Shift.parse("1"), "expected N:REASON"),
        (lambda: Shift.parse("eins:Regen"), "expected N:REASON"),
        (lambda: Shift.parse("+1:"), "reason is empty"),
        (lambda: Shift(0, "nichts"), "other than 0"),
        (lambda: Shift(True, "x"), "other than 0"),  # type: ignore[arg-type]
        (lambda: Shift(13, "x"), "at most 12"),
        (lambda: Shift(1, "a\x1b[2Jb"), "control character"),
        (lambda: Shift(1, "x" * 121), "at most 120"),
        (lambda: shifted(1, [Shift(-2, "dunkel")]), "shifted to -1: a level is at least 0"),
        (lambda: grenade_level(4), "level 5 or 6"),
        (lambda: grenade_level(True), "level 5 or 6"),
    ],
)
def test_bad_shifts_are_refused_with_what_is_expected(make: object, message: str) -> None:
    with pytest.raises(ShiftError, match=message):
        make()  # type: ignore[operator]


def test_special_levels_of_the_seed() -> None:
    assert UNAWARE == 0 and GRENADE_LEVELS == (5, 6)
    assert grenade_level(5) == 5 and grenade_level(6) == 6
