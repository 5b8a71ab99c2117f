"""Campaign events: JSON round trip and one readable line in English and German."""

from __future__ import annotations

import pytest

from totenblatt.campaign.events import (
    AbilityGained,
    Died,
    Event,
    FightCounted,
    Hired,
    HireForfeited,
    Joined,
    MaxHpRaised,
    NotCounted,
    Paid,
    Promoted,
    Recovered,
    Sacrificed,
    event_from_dict,
    event_to_dict,
    notable,
)
from totenblatt.cards import JOKER, Card
from totenblatt.text.campaign import describe
from totenblatt.wanted.vocab import Ability, HeroType

EVENTS: list[Event] = [
    Joined("Kit", HeroType.GUNSLINGER, 10),
    AbilityGained("Kit", Ability.COVER_3, None),
    AbilityGained("Kit", Ability.WILD_2, JOKER),
    AbilityGained("Kit", Ability.COVER_3, Card.parse("7♥")),
    Recovered("Kit", 2, 3),
    FightCounted("Kit", 6),
    NotCounted(),
    Promoted("Kit", 10),
    MaxHpRaised("Kit", 11),
    Died("Kit", HeroType.VETERAN),
    Sacrificed("Ann", HeroType.COWBOY, 4),
    Paid("Ann", 5, 1),
    Hired("Bob", HeroType.VETERAN, 10),
    HireForfeited((HeroType.VETERAN, HeroType.GUNSLINGER)),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_events_round_trip_through_json_dicts(event: Event) -> None:
    assert event_from_dict(event_to_dict(event)) == event


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_every_event_reads_differently_in_german_and_english(event: Event) -> None:
    en, de = describe(event, "en"), describe(event, "de")
    assert en and de and en != de


def test_drawn_cards_are_named_in_the_reader_s_language() -> None:
    event = AbilityGained("Ann", Ability.QUEEN_OF_HEARTS, Card.parse("Q♠"))
    assert describe(event, "en") == "Ann draws Q♠: Queen of Hearts"
    assert describe(event, "de") == "Ann zieht Pik-Dame: Königin der Herzen"


def test_notable_leaves_out_the_routine_counts() -> None:
    assert notable([FightCounted("Kit", 1), NotCounted()]) == (NotCounted(),)


def test_unknown_event_tags_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown campaign event 'boom'"):
        event_from_dict({"event": "boom"})


def test_events_stored_before_the_codec_read_back_to_the_same_json() -> None:
    """Audit rows written by the hand-made codec (every event of 2026-12-06, in
    ``data/events_before_codec.json``) load, and are written again to the letter."""
    import json
    from pathlib import Path

    text = (Path(__file__).parent / "data" / "events_before_codec.json").read_text("utf-8")
    stored = json.loads(text)
    assert len({e["event"] for e in stored}) == 16  # every kind of event then
    again = [event_to_dict(event_from_dict(e)) for e in stored]
    assert json.dumps(again, ensure_ascii=False) == json.dumps(stored, ensure_ascii=False)


def test_a_malformed_stored_event_says_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="unknown campaign event 'gone'"):
        event_from_dict({"event": "gone"})
    with pytest.raises(ValueError, match="needs the key 'hp'"):
        event_from_dict({"event": "joined", "member": "Kit", "kind": "cowboy"})
