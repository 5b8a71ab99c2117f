"""Narration in the seed's words, German and English (the story in rpg, the words in text)."""

from __future__ import annotations

import pytest

from totenblatt.rpg import resolve_probe
from totenblatt.rpg.narrate import margin_word, probe_story
from totenblatt.text.rpg import card_name, margin_text
from totenblatt.text.rpg import narrate_probe as narrate


def text(lang: str, *args: int, **kwargs: object) -> str:
    return "\n".join(narrate(resolve_probe(*args, **kwargs), lang))  # type: ignore[arg-type]


def test_trevor_12_against_10_is_gerade_mal_so_eben() -> None:
    r = resolve_probe(2, 2, player_cards=[12], opponent_cards=[10])
    assert margin_text(r, "de") == "gerade mal so eben"
    assert "Gelungen: 12 gegen 10 – gerade mal so eben!" in narrate(r, "de")
    assert margin_text(r, "en") == "just barely made it"


def test_trevor_23_against_5_ran_up_the_wall() -> None:
    r = resolve_probe(3, 2, player_cards=[13, 10], opponent_cards=[5])
    assert "die Wand hoch gerannt" in "\n".join(narrate(r, "de"))
    assert "ran up the wall" in "\n".join(narrate(r, "en"))


def test_trevor_10_against_13_falls_and_takes_light_damage() -> None:
    lines = narrate(resolve_probe(2, 2, player_cards=[10], opponent_cards=[13]), "de")
    assert lines[-2:] == [
        "Gescheitert: 10 gegen 13, 3 daneben.",
        "Du nimmst Schaden: eine Leichte Wunde.",
    ]
    assert margin_word(resolve_probe(2, 2, player_cards=[10], opponent_cards=[13])) is None


def test_an_ordinary_margin_gets_no_special_word() -> None:
    assert margin_word(resolve_probe(3, 3, player_cards=[10], opponent_cards=[3])) is None


@pytest.mark.parametrize(
    ("difficulty", "name"),
    [(1, "kann man wuppen"), (3, "heftig"), (6, "megafett"), (7, "lass es einfach")],
)
def test_difficulty_names_appear(difficulty: int, name: str) -> None:
    assert f"({name})" in text("de", 7, difficulty, seed=1)


def test_fat_wound_and_picture_names() -> None:
    t = text("de", 3, 5, player_cards=[3], opponent_cards=["K", "Q", "A"])
    assert "13 (König) + 12 (Dame) + 1 (As) – zusammen 26" in t
    assert "eine Fette Wunde" in t
    assert "a fat wound" in text("en", 3, 5, player_cards=[3], opponent_cards=["K", "Q", "A"])
    assert card_name(11, "en") == "11 (jack)"


def test_jokers_are_told_one_at_a_time() -> None:
    t = text("de", 2, 3, jokers=2, player_cards=[8, 2, 3], opponent_cards=[5, 7])
    assert "Du setzt einen Joker ein und ziehst 2 – jetzt 10." in t
    assert "Du setzt einen Joker ein und ziehst 3 – jetzt 13." in t
    assert "You spend a joker" in text(
        "en", 2, 3, jokers=1, player_cards=[8, 5], opponent_cards=[5, 7]
    )


def test_ties() -> None:
    assert "Der Spieler wird bevorzugt" in text(
        "de", 3, 3, player_cards=["K"], opponent_cards=["K"]
    )
    assert "Es passiert gar nichts!" in text(
        "de", 3, 3, pvp=True, player_cards=[4], opponent_cards=[4]
    )
    assert "nothing happens" in text("en", 3, 3, pvp=True, player_cards=[4], opponent_cards=[4])
    assert "higher level decides" in text("en", 2, 3, player_cards=[12], opponent_cards=[5, 7])


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        narrate(resolve_probe(2, 2, seed=1), "fr")


def test_the_story_is_messages_without_a_language() -> None:
    r = resolve_probe(2, 2, player_cards=[12], opponent_cards=[10])
    story = probe_story(r, opponent=True)
    assert [m.id for m in story][-2:] == [
        "Success: {mine} against {theirs} – {word}!",
        "In a fight your opponent takes {wound}.",
    ]
    assert story[-2].params["word"] == margin_word(r)


def test_only_a_fight_tells_the_opponents_wound() -> None:
    """A test against a difficulty (a wall climbed) wounds nobody; a fight wounds the loser."""
    wall = resolve_probe(3, 3, player_cards=[10], opponent_cards=[7])
    fight = "In a fight your opponent takes {wound}."
    assert fight not in [m.id for m in probe_story(wall)]
    assert [m.id for m in probe_story(wall, opponent=True)][-1] == fight
    pvp = resolve_probe(3, 3, pvp=True, player_cards=[10], opponent_cards=[7])
    assert [m.id for m in probe_story(pvp)][-1] == fight
    failed = resolve_probe(3, 3, player_cards=[7], opponent_cards=[10])
    assert [m.id for m in probe_story(failed)][-1] == "You take damage: {wound}."
    assert narrate(wall, "en")[-1] == "Success: 10 against 7."
