"""Names of games and players: checked when a game is made, in the lobby and every view."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from night_helpers import app_on, view
from web_helpers import boot, create_game, spectator_token

BAD_NAMES = [
    ("", "expected text of 1 to 40 characters, got none"),
    ("   ", "got none"),
    ("x" * 41, "at most 40 characters, got 41"),
    ("Anna\nBob", "no control characters, got U+000A at 5"),
    ("Ann\u202ea", "no control characters, got U+202E at 4"),
    (7, "expected text of 1 to 40 characters"),
]


def test_a_game_and_its_players_carry_their_names_to_the_lobby_and_every_view(
    client: TestClient,
) -> None:
    game = create_game(client, ["human", "human"], name="  Friday night  ", players=["Anna", "Bob"])
    gid = game["game_id"]
    listed = next(g for g in client.get("/api/games").json()["games"] if g["game_id"] == gid)
    assert listed["name"] == "Friday night" and listed["players"] == ["Anna", "Bob"]
    for token in [s["token"] for s in game["seats"]] + [spectator_token(game)]:
        payload = view(client, gid, token)
        assert payload["name"] == "Friday night"
        assert payload["players"] == ["Anna", "Bob"]
        assert payload["labels"] == ["Anna", "Bob"]  # the log and the seats say the names
    de = view(client, gid, spectator_token(game), "de")
    assert de["labels"] == ["Anna", "Bob"]


def test_a_seat_without_a_name_keeps_its_label_and_a_bot_has_none(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"], players=["Anna", None])
    payload = view(client, game["game_id"], game["seats"][0]["token"])
    assert payload["players"] == ["Anna", None]
    assert payload["labels"] == ["Anna", "Player 2 (bot)"]
    assert payload["name"] is None


@pytest.mark.parametrize(("bad", "says"), BAD_NAMES)
def test_a_bad_game_name_is_refused_saying_why(client: TestClient, bad: Any, says: str) -> None:
    body = {"scenario": "duel", "seats": ["human", "bot"], "name": bad}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json()["error"].startswith("name: ") and says in response.json()["error"]


@pytest.mark.parametrize(("bad", "says"), BAD_NAMES)
def test_a_bad_player_name_is_refused_saying_which(client: TestClient, bad: Any, says: str) -> None:
    body = {"scenario": "duel", "seats": ["human", "human"], "players": ["Anna", bad]}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json()["error"].startswith("players[1]: ") and says in response.json()["error"]


@pytest.mark.parametrize(
    ("players", "says"),
    [
        (["Anna"], "players must be a list of 2 names or nulls (one per seat)"),
        ("Anna", "players must be a list of 2 names or nulls (one per seat)"),
        (["Anna", "Robot"], "players[1]: seat 2 is a bot: its name is null"),
    ],
)
def test_players_must_name_each_seat_and_no_bot(
    client: TestClient, players: Any, says: str
) -> None:
    body = {"scenario": "duel", "seats": ["human", "bot"], "players": players}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422 and response.json()["error"] == says


def test_names_are_escaped_in_the_page_and_survive_a_restart(sqlite_url: str) -> None:
    name = '<script>alert("x")</script>'
    with app_on(sqlite_url) as client:
        game = create_game(client, ["human", "human"], name="<b>Night</b>", players=[name, "Bob"])
        gid, token = game["game_id"], game["seats"][0]["token"]
        page = client.get(f"/games/{gid}").text
        assert "<script>alert" not in page and "<b>Night" not in page
        assert re.search(r'<script type="application/json" id="boot">(.*?)</script>', page)
        started = boot(client, gid, token).json()  # what the page's script starts with
        assert started["payload"]["players"][0] == name
    with app_on(sqlite_url) as client:  # the server again, on the same database
        payload = view(client, gid, token)
        assert payload["name"] == "<b>Night</b>" and payload["players"] == [name, "Bob"]
        assert payload["labels"][0] == name
