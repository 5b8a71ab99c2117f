"""Every engine event in words, in both languages, from the catalogs alone."""

from __future__ import annotations

import re
import string
from dataclasses import fields, is_dataclass

import pytest

from totenblatt.text import Narrator, narrate, winner_line
from totenblatt.text.narrate import QUIET
from totenblatt.wanted.bots import RandomBot, play_game
from totenblatt.wanted.engine import events as events_module
from totenblatt.wanted.engine.events import CardsDealt, Conceded, Wounded, event_to_dict
from totenblatt.wanted.engine.game import new_game

from .fragments import english_fragments


def event_types() -> set[str]:
    """The JSON ``type`` of every event class of the engine."""
    out = set()
    for cls in vars(events_module).values():
        is_event = isinstance(cls, type) and issubclass(cls, events_module.Event)
        if is_event and is_dataclass(cls) and cls is not events_module.Event and fields(cls):
            name = cls.__dict__.get("TYPE") or re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__)
            out.add(name.lower())
    return out


def test_every_event_kind_has_a_line() -> None:
    assert event_types() <= Narrator("en").kinds


@pytest.fixture(scope="module")
def played() -> list[dict[str, object]]:
    """The events of a few random games of every built-in scenario."""
    out: list[dict[str, object]] = []
    for seed, scenario in enumerate(("duel", "gangs", "three-way", "heroes")):
        game = new_game(scenario, "extended" if scenario == "heroes" else "base", seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.seats)]
        play_game(game, bots)
        out.extend(game.event_dicts())
    return out


def test_played_events_read_well_in_english_and_german(
    played: list[dict[str, object]], strict_de: set[str]
) -> None:
    seen = {str(e["type"]) for e in played}
    assert {"attack_resolved", "figures_moved", "defence_played", "game_ended"} <= seen
    english = english_fragments()
    for lang in ("en", "de"):
        narrator = Narrator(lang, you=0, tell_seed=True)
        for data in played:
            line = narrator.line(data)
            assert line.strip() and not re.search(r"\{\w*\}", line), (lang, data, line)
            if lang == "de":
                found = [f for f in english if f in line]
                assert not found, (line, found)
    assert strict_de  # the German catalog was asked, and knew every id


def test_narrate_takes_events_or_their_json_and_tells_any_seat() -> None:
    event = Wounded("Paco", 4)
    assert (
        narrate(event, "de")
        == narrate(event_to_dict(event), "de")
        == ("Paco ist getroffen: noch 4 HP.")
    )
    assert narrate(Conceded(1), "en") == "Player 2 concedes."
    assert narrate(Conceded(1), "de", labels=["Anna", "Bert"]) == "Bert gibt auf."


def test_a_running_story_leaves_out_quiet_kinds_and_the_secret_seed(
    played: list[dict[str, object]],
) -> None:
    quiet = Narrator("en")
    told = {str(e["type"]) for e in played if quiet.event(e) is not None}
    assert not told & (QUIET | {"game_seeded"})
    game = play_game(new_game("duel", seed=987654321), [RandomBot(1), RandomBot(2)])
    story = "\n".join(quiet.event(e) or "" for e in game.event_dicts())
    assert "987654321" not in story
    seeded = next(e for e in game.event_dicts() if e["type"] == "game_seeded")
    assert "987654321" in Narrator("en", tell_seed=True).line(seeded)


def test_dealt_hands_of_different_sizes_say_who_gets_how_many() -> None:
    """Heroes' hands (B2) differ: each seat's count, never a "7/10 cards" shorthand."""
    even = CardsDealt((5, 5), 5)
    assert narrate(even, "en") == "Everyone gets 5 cards; 5 lie face down: the dead man's hand."
    heroes = CardsDealt((10, 7, 0), 5)
    assert narrate(heroes, "en") == (
        "Cards dealt: Player 1 10, Player 2 7; 5 lie face down: the dead man's hand."
    )
    assert narrate(heroes, "de", labels=["Anna", "Bert", "Carl"]) == (
        "Karten ausgeteilt: Anna 10, Bert 7; 5 liegen verdeckt: das Totenblatt."
    )


def test_winners_and_draws() -> None:
    labels = ["Anna", "Bert", "Carl"]
    assert winner_line([0, 2], "last_side_standing", labels, "de") == (
        "Anna & Carl gewinnen als letzte Seite im Spiel."
    )
    assert winner_line([], "eliminated", labels, "en") == "Draw — nobody is left standing."


def test_numbers_are_written_the_reader_s_way() -> None:
    moved = {
        "type": "figures_moved", "seat": 0, "card": "9♣", "inches": 9,
        "moves": [{"figure": "Billy", "path": [[1, 1], [7.5, 1]], "cost": 6.5, "hidden": True}],
    }  # fmt: skip
    assert narrate(moved, "en") == (
        'Player 1 plays 9♣ (9"): Billy moves 6.5" to (7.5, 1.0) and hides.'
    )
    assert narrate(moved, "de") == (
        'Spieler 1 spielt 9♣ (9"): Billy geht 6,5" nach (7,5, 1,0) und versteckt sich.'
    )


def test_every_german_line_fills_its_placeholders() -> None:
    """A smoke test of the catalog's templates against the English fields they name."""
    formatter = string.Formatter()
    line = Narrator("de").line({"type": "round_started", "round": 3, "dealer": 1})
    assert line == "— Runde 3 — Spieler 2 gibt."
    assert not [f for _, f, _, _ in formatter.parse(line) if f]


@pytest.mark.parametrize(
    ("ruleset", "lang", "said"),
    [
        ("base", "de", "Regelwerk Grundregeln"),
        ("extended", "de", "Regelwerk erweitert"),
        ("base", "en", "ruleset base"),
        ("haus-regeln", "de", "Regelwerk haus-regeln"),
    ],
)
def test_the_first_line_names_the_ruleset_in_the_reader_s_language(
    ruleset: str, lang: str, said: str
) -> None:
    """A built-in ruleset is named in the reader's words (not its file key); one's own
    as its file names it."""
    line = Narrator(lang).line(
        {"type": "game_started", "scenario": "duel", "seats": 2, "ruleset": ruleset}
    )
    assert said in line, line
