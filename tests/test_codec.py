"""The generic codec of frozen dataclass records: tags, plain values, reading back, errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

import pytest

from totenblatt.cards import Card
from totenblatt.codec import EXTENDED, SECRET, Codec, snake_name


class Colour(StrEnum):
    """An enum field."""

    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class Step:
    """A nested record the codec does not know by a tag."""

    path: tuple[tuple[float, float], ...]
    cost: float


@dataclass(frozen=True, slots=True)
class Painted:
    """A record with every kind of field."""

    TYPE = "painted_it"
    seat: int
    colour: Colour
    card: Card | None
    steps: tuple[Step, ...]
    hidden: bool = field(default=False, metadata=EXTENDED)
    seed: int = field(default=0, metadata=SECRET)


@dataclass(frozen=True, slots=True)
class Drawn:
    """A record with a tag from its name."""

    cards: tuple[Card, ...]
    points: tuple[int | None, ...]


CODEC = Codec(family="test record")
CODEC.register_all([Painted, Drawn])
PAINTED = Painted(2, Colour.RED, Card.parse("Q♠"), (Step(((0.0, 1.5), (2.0, 3.0)), 2.5),), seed=9)


def test_the_json_form_is_the_tag_then_the_fields_as_plain_values() -> None:
    assert CODEC.to_dict(PAINTED) == {
        "type": "painted_it",
        "seat": 2,
        "colour": "red",
        "card": "Q♠",
        "steps": [{"path": [[0.0, 1.5], [2.0, 3.0]], "cost": 2.5}],
        "seed": 9,
    }
    assert CODEC.to_dict(Drawn((), (1, None))) == {
        "type": "drawn",
        "cards": [],
        "points": [1, None],
    }


def test_extended_fields_show_only_off_their_default_and_secrets_only_when_asked() -> None:
    twin = Painted(2, Colour.BLUE, None, (), hidden=True)
    assert CODEC.to_dict(twin)["hidden"] is True
    assert "seed" not in CODEC.to_dict(PAINTED, secret=False)
    assert CODEC.secret_fields(Painted) == {"seed"}
    assert CODEC.secret_fields(Drawn) == frozenset()


@pytest.mark.parametrize("record", [PAINTED, Drawn((Card.parse("Joker"),), (None, 3))])
def test_records_read_back_equal(record: object) -> None:
    assert CODEC.from_dict(CODEC.to_dict(record)) == record


def test_a_custom_key_and_tag_attribute() -> None:
    @dataclass(frozen=True)
    class Joined:
        tag = "joined_up"
        member: str

    codec = Codec(key="event", tag_attr="tag")
    codec.register(Joined)
    assert codec.to_dict(Joined("Kit")) == {"event": "joined_up", "member": "Kit"}
    assert list(codec.classes) == ["joined_up"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "must be a JSON object"),
        ({"type": "nope"}, "unknown test record 'nope': expected one of painted_it, drawn"),
        ({"type": "drawn", "cards": [], "points": [], "x": 1}, "unknown key 'x'"),
        ({"type": "drawn", "cards": []}, "needs the key 'points'"),
        ({"type": "drawn", "cards": ["Z9"], "points": []}, "bad 'cards'"),
        ({"type": "drawn", "cards": [], "points": [True]}, "expected int, got True"),
        ({"type": "drawn", "cards": "Q♠", "points": []}, "expected a list"),
    ],
)
def test_bad_forms_are_refused_with_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CODEC.from_dict(data)  # type: ignore[arg-type]


def test_a_tag_is_known_once() -> None:
    @dataclass(frozen=True)
    class Drawn:
        cards: tuple[Card, ...]

    with pytest.raises(ValueError, match="tag 'drawn' is taken"):
        CODEC.register(Drawn)
    with pytest.raises(TypeError, match="not a dataclass"):
        CODEC.register(Colour)


def test_snake_names() -> None:
    assert snake_name(Painted) == "painted"
    assert snake_name(Step) == "step"


@dataclass(frozen=True, slots=True)
class Verdict:
    """An untagged record with a literal field."""

    reason: Literal["hit", "miss"]
    wounds: int


def test_an_untagged_codec_reads_a_named_class() -> None:
    codec = Codec(key=None, family="verdict")
    assert codec.to_dict(Verdict("hit", 2)) == {"reason": "hit", "wounds": 2}
    assert codec.from_dict({"reason": "miss", "wounds": 0}, Verdict) == Verdict("miss", 0)
    with pytest.raises(ValueError, match="expected one of 'hit', 'miss', got 'graze'"):
        codec.from_dict({"reason": "graze", "wounds": 0}, Verdict)
    with pytest.raises(TypeError, match="name its class"):
        codec.from_dict({"reason": "miss", "wounds": 0})
