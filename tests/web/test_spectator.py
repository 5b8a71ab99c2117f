"""The spectator's payload is the engine's public view (issue 22): a new private fact of the
state reaches its own seat through the API, and neither a spectator nor another seat."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import create_game, hub_of, spectator_token, view_of

from noted_state import NotedState
from totenblatt.wanted.engine import game as game_module
from totenblatt.wanted.engine import views
from totenblatt.wanted.engine.state import GameState
from totenblatt.wanted.engine.views import KEYS, Audience


@pytest.fixture
def noted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new game's state has ``notes``; each seat's own facts show its note."""
    monkeypatch.setattr(game_module, "GameState", NotedState)
    own = views._own

    def with_note(state: GameState, seat: int, events: list[dict[str, Any]]) -> dict[str, Any]:
        facts = own(state, seat, events)
        facts["notes"] = getattr(state, "notes", ["?"] * state.seats)[seat]
        return facts

    monkeypatch.setattr(views, "_own", with_note)
    monkeypatch.setitem(KEYS, "notes", Audience.OWN)


@pytest.mark.usefixtures("noted")
def test_a_private_field_reaches_no_spectator_and_no_other_seat(client: TestClient) -> None:
    game = create_game(client, ["human", "human", "human"], scenario="three-way")
    gid = game["game_id"]
    assert isinstance(hub_of(client).rooms[gid].game.state, NotedState)
    for seat, entry in enumerate(game["seats"]):
        payload = view_of(client, gid, entry["token"])
        assert payload["notes"] == f"note-of-seat-{seat}"
        text = json.dumps(payload, ensure_ascii=False)
        assert text.count("note-of-seat-") == 1
    spectator = view_of(client, gid, spectator_token(game))
    assert spectator["seat"] is None and "notes" not in spectator
    assert "note-of-seat" not in json.dumps(spectator, ensure_ascii=False)


def test_the_spectator_payload_is_the_public_view_and_interface_data(client: TestClient) -> None:
    game = create_game(client, ["human", "human"], scenario="gangs")
    gid = game["game_id"]
    payload = view_of(client, gid, spectator_token(game))
    public = json.loads(json.dumps(hub_of(client).rooms[gid].game.view(None)))
    added = {k: v for k, v in payload.items() if k not in public}
    assert {k: payload[k] for k in public} == public
    assert added["legal_actions"] == [] and added["choices"] == []
    assert set(added) <= {
        "legal_actions",
        "choices",
        "game_id",
        "version",
        "kinds",
        "labels",
        "lang",
        "bot_to_act",
        "log",
        "prompt",
        "result",
        # a game night's public facts (issue 24; a spectator has no options)
        "name",
        "players",
        "serial",
        "chat",
        "takeback",
        "rematch",
        "options",
        "takeback_possible",
        "takeback_refusal",
    }
    assert added["takeback_possible"] is None and added["takeback_refusal"] is None
    assert added["options"] is None and added["chat"] == [] and added["rematch"] is None
