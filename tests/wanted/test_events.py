"""The events' JSON form through the codec, read back, and what a seat may see of them."""

from __future__ import annotations

import types
from dataclasses import fields
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from totenblatt.cards import Card, full_deck
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import events as events_module
from totenblatt.wanted.engine.events import (
    CODEC,
    Event,
    GameSeeded,
    event_from_dict,
    event_to_dict,
    public_event_dict,
    visible_to,
)
from totenblatt.wanted.engine.game import new_game

EVENT_CLASSES = tuple(CODEC.classes.values())
SECRET_NAMES = {"seed", "deck_order", "order", "rng", "deck"}
"""Field names that would give away the deal: they must be declared secret."""


def _strategy(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a field's type hint (finite floats, so events compare equal)."""
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return st.one_of(*(_strategy(a) for a in get_args(hint)))
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_strategy(args[0]), max_size=3).map(tuple)
        return st.tuples(*(_strategy(a) for a in args))
    simple: dict[Any, st.SearchStrategy[Any]] = {
        type(None): st.none(),
        bool: st.booleans(),
        int: st.integers(-5, 99),
        float: st.floats(-20, 20, allow_nan=False),
        str: st.text(max_size=6),
        Card: st.sampled_from(full_deck()),
    }
    if hint in simple:
        return simple[hint]
    return _record(hint)


def _record(cls: type) -> st.SearchStrategy[Any]:
    hints = get_type_hints(cls, vars(events_module))
    return st.builds(cls, **{f.name: _strategy(hints[f.name]) for f in fields(cls)})


EVENTS = st.sampled_from(EVENT_CLASSES).flatmap(_record)


@given(EVENTS)
def test_every_event_reads_back_from_its_json_form(event: Event) -> None:
    assert event_from_dict(event_to_dict(event)) == event


@given(EVENTS, st.none() | st.integers(0, 5))
def test_a_seat_sees_a_visible_event_without_its_secrets(event: Event, seat: int | None) -> None:
    shown = public_event_dict(event, seat)
    visible = not event.PRIVATE if seat is None else visible_to(event, seat)
    assert (shown is not None) == visible
    if shown is not None:
        assert not CODEC.secret_fields(type(event)) & set(shown)
        assert shown == {k: v for k, v in event_to_dict(event).items() if k in shown}


def test_a_seeded_game_never_shows_its_seed() -> None:
    seeded = GameSeeded(seed=1234)
    assert all(public_event_dict(seeded, seat) is None for seat in (None, *range(8)))
    assert "seed" not in CODEC.to_dict(seeded, secret=False)
    assert CODEC.secret_fields(GameSeeded) == {"seed"}


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda cls: cls.__name__)
def test_every_event_class_declares_its_secrets(cls: type[Event]) -> None:
    names = {f.name for f in fields(cls)}
    assert names & SECRET_NAMES <= CODEC.secret_fields(cls)
    if cls.REFEREE:
        assert cls.PRIVATE
        assert CODEC.secret_fields(cls), "a referee's event holds a secret: declare it"
    if cls.PRIVATE and not cls.REFEREE:
        assert "seat" in names, "a private event names the seat that may see it"


def test_a_played_game_reads_back_and_shows_no_seat_a_secret() -> None:
    game = new_game("gangs", "extended", seed=5)
    bots = [RandomBot(50 + s) for s in range(game.seats)]
    while (seat := game.to_act) is not None:
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    assert [event_from_dict(d) for d in game.event_dicts()] == list(game.events)
    for seat in (None, *range(game.seats)):
        assert all("seed" not in d for d in game.visible_event_dicts(seat))
        cached = game.event_dicts()
        for event, data in zip(game.events, cached, strict=True):
            shown = public_event_dict(event, seat, data)
            assert shown is None or shown is data or "seed" not in shown


def test_the_codec_refuses_a_bad_event() -> None:
    with pytest.raises(ValueError, match="unknown event 'nope'"):
        event_from_dict({"type": "nope"})
    with pytest.raises(ValueError, match="game_seeded"):
        event_from_dict({"type": "nope"})
    with pytest.raises(ValueError, match="needs the key 'seed'"):
        event_from_dict({"type": "game_seeded"})
