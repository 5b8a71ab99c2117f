"""Characters: capacity by Konstitution (D-32), wounds, healing, jokers, dict round trip."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totenblatt.rpg import Character, CharacterError, WoundBand


def trevor(**skills: int) -> Character:
    return Character.create("Trevor", {"Sportlichkeit": 2, **skills})


def test_konstitution_1_takes_nine_light_wounds() -> None:
    # "Wenn ich bei Konstitution 1 neun Leichte Wunden vertrage …"
    c = trevor(Konstitution=1)
    assert c.capacity == 9
    for _ in range(8):
        c = c.with_wound("light")
    assert (c.wounds, c.remaining, c.is_out) == (8, 1, False)
    assert c.with_wound(WoundBand.LIGHT).is_out


@pytest.mark.parametrize(("konstitution", "capacity"), [(0, 6), (1, 9), (3, 15), (6, 24)])
def test_player_capacity_is_6_plus_3_per_konstitution(konstitution: int, capacity: int) -> None:
    assert trevor(Konstitution=konstitution).capacity == capacity
    assert trevor(konstitution=konstitution).capacity == capacity  # any case


def test_ordinary_people_take_6_light_wounds_and_one_fat_wound_is_fallobst() -> None:
    npc = Character.create("Türsteher", {"Konstitution": 3}, player=False)
    assert npc.capacity == 6
    assert npc.with_wound("fett").is_out
    assert not npc.with_wound("normal").is_out
    assert npc.with_wound("normal").with_wound("normale").is_out


def test_no_konstitution_counts_as_zero() -> None:
    assert trevor().capacity == 6


def test_wounds_stop_at_capacity_and_an_out_character_takes_no_more() -> None:
    """D-32: the wound that reaches capacity takes the character out (Fallobst); another
    wound is refused with a clear message."""
    c = trevor().with_wound("normal").with_wound("fat")
    assert (c.wounds, c.remaining, c.is_out) == (6, 0, True)
    with pytest.raises(CharacterError, match="already out"):
        c.with_wound("light")
    assert c.healed(4).wounds == 2 and not c.healed(4).is_out
    assert c.healed(100).wounds == 0 and c.healed().wounds == 0
    assert c.healed(1).with_wound("fat").wounds == 6
    assert c.wounds == 6  # frozen: the original is unchanged


def test_jokers_reset_to_one_with_a_new_story() -> None:
    c = trevor().with_jokers(4)
    assert c.jokers == 4 and c.new_story().jokers == 1
    assert trevor().jokers == 1


def test_levels_and_skills() -> None:
    c = Character.create("Diana", {"Handliches Gemetzel": 3, "Beweglichkeit": 8})
    assert c.level("handliches gemetzel") == 3 and c.level("Beweglichkeit") == 8
    assert c.level("Wumme", 0) == 0
    with pytest.raises(CharacterError, match="Diana has no skill 'Wumme'"):
        c.level("Wumme")
    raised = c.with_skill("handliches Gemetzel", 4)
    assert dict(raised.skills) == {"Beweglichkeit": 8, "handliches Gemetzel": 4}


def test_dict_round_trip_is_json_friendly() -> None:
    c = Character.create("Rafael", {"Handliche Wummen": 2}, player=False).with_wound("normal")
    data = c.to_dict()
    assert data == {
        "name": "Rafael",
        "player": False,
        "skills": {"Handliche Wummen": 2},
        "wounds": 3,
        "jokers": 0,
        "ruleset": "rpg",
        "bands": {"normal": 1},
        "notes": "",
    }
    assert Character.from_dict(data) == c
    assert Character.from_dict({"name": "Neu"}) == Character.create("Neu")
    assert Character.from_dict({"name": "Neu", "player": False}).jokers == 0


def test_npcs_hold_no_jokers_and_a_new_story_gives_them_none() -> None:
    """C6: jokers are the players'; the game master's NPCs (ordinary people) hold none."""
    npc = Character.create("Rafael", {"Handliches Gemetzel": 3}, player=False)
    assert npc.jokers == 0 and npc.new_story().jokers == 0
    with pytest.raises(CharacterError, match="NPCs hold no jokers"):
        npc.gained_jokers(1)
    old = Character("Rafael", player=False, jokers=1)  # stored before the fix
    assert old.new_story().jokers == 0


def test_a_missing_skill_is_level_0_for_a_test_d39() -> None:
    c = Character.create("Trevor", {"Sportlichkeit": 2})
    assert c.probe_level("sportlichkeit") == 2 and c.probe_level("Kochen") == 0
    assert c.has_skill("SPORTLICHKEIT") and not c.has_skill("Kochen")


def test_wounds_are_counted_by_band_until_healed() -> None:
    c = Character.create("Diana", {"Konstitution": 1}).with_wound("light").with_wound("fett")
    assert dict(c.bands) == {"light": 1, "fat": 1} and c.wounds == 7
    assert dict(c.healed(3).bands) == {"light": 1, "fat": 1}  # the record of wounds taken
    assert dict(c.healed(7).bands) == {} and dict(c.healed().bands) == {}
    with pytest.raises(CharacterError, match="unknown wound band 'heavy'"):
        Character("A", bands={"heavy": 1})
    with pytest.raises(CharacterError, match="wounds"):
        Character("A", bands={"light": -1})


def test_notes_are_free_text_over_several_lines_never_control_characters() -> None:
    c = Character.create("Trevor").with_notes("  Kletterseil\nSchuld bei Rafael ")
    assert c.notes == "Kletterseil\nSchuld bei Rafael"
    assert Character.from_dict(c.to_dict()) == c
    with pytest.raises(CharacterError, match="control character"):
        c.with_notes("\x1b[2J")
    with pytest.raises(CharacterError, match="at most 2000"):
        c.with_notes("x" * 2001)


@given(
    skills=st.dictionaries(
        st.sampled_from(["Beweglichkeit", "Konstitution", "Wumme", "Handliches Gemetzel"]),
        st.integers(0, 9),
    ),
    wounds=st.lists(st.sampled_from(list(WoundBand)), max_size=6),
    player=st.booleans(),
)
def test_round_trip_and_capacity_properties(
    skills: dict[str, int], wounds: list[WoundBand], player: bool
) -> None:
    c = Character.create("X", skills, player=player)
    for band in wounds:
        if c.is_out:
            with pytest.raises(CharacterError, match=r"is already out \(Fallobst, D-32\)"):
                c.with_wound(band)
            break
        c = c.with_wound(band)
        assert c.wounds <= c.capacity
    assert Character.from_dict(c.to_dict()) == c
    assert c.is_out == (c.wounds >= c.capacity)
    assert hash(c) == hash(Character.from_dict(c.to_dict()))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Character(""), "non-empty name"),
        (lambda: Character("A", {"Wumme": -1}), r"level of skill 'Wumme'.*-1"),
        (lambda: Character("A", {"Wumme": 1.5}), r"level of skill 'Wumme'"),
        (lambda: Character("A", {"Wumme": 1, "wumme": 2}), "given twice"),
        (lambda: Character("A", {"": 1}), "skill needs a non-empty name"),
        (lambda: Character("A", wounds=-1), "wounds"),
        (lambda: Character("A", jokers=True), "jokers"),
        (lambda: Character("A", player="yes"), "player"),
        (lambda: Character("A", ruleset="nope"), "no ruleset named 'nope'"),
        (lambda: Character("A").with_wound("heavy"), "unknown wound band 'heavy'"),
        (lambda: Character("A").healed(-2), "healed points"),
        (lambda: Character.from_dict({"name": "A", "hp": 3}), r"unknown character keys 'hp'"),
        (lambda: Character.from_dict({"skills": {}}), "needs the key 'name'"),
        (lambda: Character.from_dict({"name": "A", "wounds": "3"}), "wounds"),
        (lambda: Character.from_dict(["A"]), "mapping"),  # type: ignore[arg-type]
    ],
)
def test_bad_values_raise_character_error(make: object, message: str) -> None:
    with pytest.raises(CharacterError if "ruleset" not in message else ValueError, match=message):
        make()  # type: ignore[operator]


def test_character_with_a_house_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "tough.toml"
    path.write_text('extends = "rpg"\n[wounds]\nper_constitution = 5\n[jokers]\nper_story = 2\n')
    c = Character.create("Hart", {"Konstitution": 2}, ruleset=path)
    assert (c.capacity, c.jokers, c.ruleset) == (16, 2, str(path))
    assert Character.from_dict(c.to_dict()) == c
