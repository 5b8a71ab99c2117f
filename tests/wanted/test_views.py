"""Views from allow-lists (issue 22): each observer sees what ``KEYS`` lets it, nothing more.

A seat's own facts are built from that seat alone, the public view (``Game.view(None)``)
from no seat at all: a private field added to the state reaches its seat and nobody else.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from noted_state import NotedState
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import Game, Phase, new_game, views
from totenblatt.wanted.engine import game as game_module
from totenblatt.wanted.engine.state import GameState
from totenblatt.wanted.engine.views import KEYS, Audience, PublicView, View
from totenblatt.wanted.rules import Ruleset


def noted_game(monkeypatch: pytest.MonkeyPatch, scenario: str = "three-way") -> Game:
    """A game whose state holds ``notes``."""
    monkeypatch.setattr(game_module, "GameState", NotedState)
    game = new_game(scenario, seed=5)
    assert isinstance(game.state, NotedState)
    return game


def declare_note(monkeypatch: pytest.MonkeyPatch, *, listed: Audience | None) -> None:
    """Build the note into a seat's own facts, as a developer adds a private fact, and list
    it under ``listed`` in ``KEYS`` (None: forget to list it)."""
    own = views._own

    def with_note(state: GameState, seat: int, events: list[dict[str, Any]]) -> dict[str, Any]:
        facts = own(state, seat, events)
        assert isinstance(state, NotedState)
        facts["notes"] = state.notes[seat]
        return facts

    monkeypatch.setattr(views, "_own", with_note)
    if listed is not None:
        monkeypatch.setitem(KEYS, "notes", listed)


def text_of(view: View | PublicView) -> str:
    return json.dumps(view, ensure_ascii=False)


def test_a_private_field_reaches_its_seat_and_no_one_else(monkeypatch: pytest.MonkeyPatch) -> None:
    game = noted_game(monkeypatch)
    declare_note(monkeypatch, listed=Audience.OWN)
    for seat in range(game.seats):
        view = game.view(seat)
        assert view.get("notes") == f"note-of-seat-{seat}"
        others = [f"note-of-seat-{s}" for s in range(game.seats) if s != seat]
        assert not any(note in text_of(view) for note in others)
    public = game.view(None)
    assert "notes" not in public
    assert "note-of-seat" not in text_of(public)


def test_a_private_fact_listed_for_everyone_still_reaches_no_one_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seat's own fact is looked up among everyone's facts only when listed so: it is not
    there, so the key is left out for every observer."""
    game = noted_game(monkeypatch)
    declare_note(monkeypatch, listed=Audience.EVERYONE)
    for seat in (*range(game.seats), None):
        assert "note-of-seat" not in text_of(game.view(seat))


def test_a_private_fact_not_listed_reaches_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    game = noted_game(monkeypatch)
    declare_note(monkeypatch, listed=None)
    for seat in (*range(game.seats), None):
        assert "note-of-seat" not in text_of(game.view(seat))


def test_every_view_key_is_listed_with_its_audience() -> None:
    shapes = set(View.__required_keys__) | set(View.__optional_keys__)
    assert shapes == set(PublicView.__required_keys__) | set(PublicView.__optional_keys__)
    assert shapes == set(KEYS)


def played(scenario: str, ruleset: str | Ruleset, seed: int) -> Iterator[Game]:
    """The game at every decision of a random game (the same object, moving on)."""
    game = new_game(scenario, ruleset, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(game.seats)]
    while (seat := game.to_act) is not None:
        yield game
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    yield game


PER_CHARACTER = Ruleset.load("extended").with_options(hand_mode="per_character")


@pytest.mark.parametrize(
    ("scenario", "ruleset"),
    [("gangs", "base"), ("heroes", "extended"), ("heroes", PER_CHARACTER)],
    ids=["gangs", "heroes", "per-character"],
)
def test_the_public_view_holds_what_everyone_sees_and_no_seat_s_own(
    scenario: str, ruleset: str | Ruleset
) -> None:
    fates = 0
    for game in played(scenario, ruleset, seed=3):
        public = game.view(None)
        seats = [game.view(s) for s in range(game.seats)]
        assert list(public) == [k for k in KEYS if k in public]
        for key, audience in KEYS.items():
            if audience is Audience.EVERYONE and key in public:
                assert all(view[key] == public[key] for view in seats), key  # type: ignore[literal-required]
        state = game.state
        assert public["seat"] is None and public["hand"] == [] and not public["can_redraw"]
        assert "figure_hands" not in public and "cards" not in public["decision"]
        assert public["seen_cards"] == [str(c) for c in state.seen_public]
        assert public["events"] == [
            d for e, d in zip(game.events, game.event_dicts(), strict=True) if not e.PRIVATE
        ]
        if game.phase is Phase.FATE:
            fates += 1
            own = seats[game.to_act or 0]["decision"]
            assert own.get("cards") and own.get("cards") != public["decision"].get("cards")
    if scenario == "heroes":
        assert fates  # Tempt Fate's cards were drawn for one seat's eyes at least once


def test_nobody_is_not_a_seat() -> None:
    game = new_game("duel", seed=1)
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match=r"not a seat.*None: the public view"):
            game.view(bad)  # type: ignore[arg-type]
