"""The chat of a game: seats and spectators, emotes, checked text, a budget, kept bounded."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from night_helpers import app_on, duel, post, view

from totenblatt.store.core import Database
from totenblatt.store.nights import GameNights
from totenblatt.store.tables import WebGames
from totenblatt.web.table.night.nights import CHAT_PER_MINUTE


def test_seats_and_spectators_chat_and_every_view_has_it_oldest_first(
    client: TestClient,
) -> None:
    gid, tokens, watch = duel(client, players=["Anna", "Bob"])
    assert post(client, gid, "chat", tokens[0], {"text": "  Howdy, <Bob>!  "}).status_code == 200
    assert post(client, gid, "chat", watch, {"text": "go Anna"}).status_code == 200
    assert post(client, gid, "chat", tokens[1], {"emote": "gg"}).status_code == 200
    for token in [*tokens, watch]:
        chat = view(client, gid, token)["chat"]
        assert [(c["from"], c["text"], c["spectator"]) for c in chat] == [
            ("Anna", "Howdy, <Bob>!", False),
            ("Spectator", "go Anna", True),
            ("Bob", "Good game!", False),
        ]
        assert chat[0]["seat"] == 0 and chat[1]["seat"] is None
        assert all(c["at"].endswith("Z") for c in chat)
    german = view(client, gid, watch, "de")["chat"]
    assert german[1]["from"] == "Zuschauer" and german[2]["text"] == "Gutes Spiel!"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"text": ""}, "text: expected text of 1 to 500 characters, got none"),
        ({"text": "x" * 501}, "text: at most 500 characters, got 501"),
        ({"text": "a\u0000b"}, "text: no control characters, got U+0000 at 2"),
        ({"text": 5}, "text: expected text of 1 to 500 characters"),
        ({"emote": "boo"}, "emote must be one of hello, gg, nice"),
        ({"words": "hi"}, 'expected {"text": "..."} or {"emote": key}'),
        ([], 'expected {"text": "..."} or {"emote": key}'),
    ],
)
def test_bad_chat_is_refused_saying_why(client: TestClient, body: object, says: str) -> None:
    gid, tokens, _ = duel(client)
    response = post(client, gid, "chat", tokens[0], body)
    assert response.status_code == 422 and says in response.json()["error"]
    assert view(client, gid, tokens[0])["chat"] == []


def test_chat_needs_a_token_of_the_game(client: TestClient) -> None:
    gid, _, _ = duel(client)
    assert client.post(f"/api/games/{gid}/chat", json={"text": "hi"}).status_code == 401
    assert post(client, gid, "chat", "not-a-token", {"text": "hi"}).status_code == 403


def test_too_fast_is_429_with_retry_after_per_seat(client: TestClient) -> None:
    gid, tokens, _ = duel(client)  # two seats at one address: two friends behind one router
    for _ in range(CHAT_PER_MINUTE):
        assert post(client, gid, "chat", tokens[0], {"emote": "hello"}).status_code == 200
    refused = post(client, gid, "chat", tokens[0], {"text": "one more"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "too many chat lines from your seat" in refused.json()["error"]
    assert post(client, gid, "chat", tokens[1], {"text": "me too"}).status_code == 200
    assert len(view(client, gid, tokens[0])["chat"]) == CHAT_PER_MINUTE + 1


def test_the_chat_is_stored_with_the_game(sqlite_url: str) -> None:
    with app_on(sqlite_url) as client:
        gid, tokens, _ = duel(client)
        post(client, gid, "chat", tokens[0], {"text": "before the restart"})
    with app_on(sqlite_url) as client:
        (line,) = view(client, gid, tokens[1])["chat"]
        assert line["text"] == "before the restart" and line["at"].endswith("Z")  # UTC, said so


def test_a_game_keeps_its_newest_lines_only(db_url: str) -> None:
    with Database(db_url) as db:
        from totenblatt.store.table_records import SeatRecord

        WebGames(db).create(
            "g1", scenario="duel", ruleset="base", lang="en",
            seats=[SeatRecord("human", "ab" * 32), SeatRecord("human", "cd" * 32)],
            spectator_token="ef" * 16, setup="{}", summary={},
        )  # fmt: skip
        nights = GameNights(db)
        for n in range(7):
            nights.say("g1", n % 2, f"line {n}", None, keep=3)
        assert [c.text for c in WebGames(db).load("g1").chat] == ["line 4", "line 5", "line 6"]


def test_a_chat_line_is_pushed_to_the_sockets(client: TestClient) -> None:
    gid, tokens, watch = duel(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={watch}") as ws:
        assert ws.receive_json()["chat"] == []
        post(client, gid, "chat", tokens[0], {"text": "hello, watcher"})
        message = ws.receive_json()
        assert message["type"] == "view" and message["chat"][0]["text"] == "hello, watcher"
