"""The WebSocket: the seat's view after every change, actions, refusals, reconnecting."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import auth, create_game, my_turn, spectator_token, view_of


def _next_view(ws: object) -> dict[str, object]:
    """The next message that is a view (``"type": "view"``), without its type."""
    while True:
        data = ws.receive_json()  # type: ignore[attr-defined]
        if data.pop("type") == "view":
            return data  # type: ignore[no-any-return]


def test_the_socket_sends_the_same_view_as_the_api(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]
    for seat in (0, 1):
        token = game["seats"][seat]["token"]
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            pushed = _next_view(ws)
        assert pushed == view_of(client, gid, token)


def test_every_change_is_pushed_to_every_seat_and_spectator(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]
    tokens = [s["token"] for s in game["seats"]]
    url = f"/ws/games/{gid}?token="
    with (
        client.websocket_connect(url + tokens[0]) as ws0,
        client.websocket_connect(url + tokens[1]) as ws1,
        client.websocket_connect(url + spectator_token(game)) as watch,
    ):
        first = [_next_view(ws0), _next_view(ws1), _next_view(watch)]
        assert [v["seat"] for v in first] == [0, 1, None]
        seat = first[0]["to_act"]
        assert isinstance(seat, int)
        response = client.post(
            f"/api/games/{gid}/actions", json={"type": "pass"}, headers=auth(tokens[seat])
        )
        assert response.status_code == 200
        after = [_next_view(ws0), _next_view(ws1), _next_view(watch)]
        assert all(v["version"] == 1 for v in after)
        assert after[2]["hand"] == [] and after[2]["legal_actions"] == []


def test_actions_over_the_socket(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    gid, token = game["game_id"], game["seats"][0]["token"]
    view = my_turn(client, gid, token)
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        _next_view(ws)
        ws.send_text("{not json")
        assert ws.receive_json() == {
            "type": "error",
            "status": 422,
            "error": "the body is not valid JSON",
        }
        unheld = next(c for c in ("A♦", "K♦", "Q♦", "J♦", "10♦", "9♦") if c not in view["hand"])
        ws.send_json({"type": "action", "action": {"type": "bid", "card": unheld}})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["status"] == 409
        ws.send_text(
            json.dumps({"type": "action", "action": {"type": "pass"}, "pad": "x" * 70_000})
        )
        assert ws.receive_json()["status"] == 413
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        assert view_of(client, gid, token)["version"] == view["version"]
        ws.send_json({"type": "action", "action": {"type": "pass"}, "version": view["version"]})
        while True:
            message = ws.receive_json()
            if message.get("type") == "result":
                assert message["events"]
                break
    assert view_of(client, gid, token)["version"] > view["version"]


@pytest.mark.parametrize("token", ["", "nope"])
def test_a_socket_without_a_valid_token_is_closed(client: TestClient, token: str) -> None:
    game = create_game(client, ["human", "bot"])
    with (
        pytest.raises(WebSocketDisconnect) as closed,  # str() is empty: no match=, see below
        client.websocket_connect(f"/ws/games/{game['game_id']}?token={token}") as ws,
    ):
        ws.receive_json()
    assert closed.value.code in (4401, 4403)
    assert "token" in closed.value.reason  # no token, or one of another game


def test_a_spectator_cannot_act_over_the_socket(client: TestClient) -> None:
    game = create_game(client, ["human", "human"])
    with client.websocket_connect(
        f"/ws/games/{game['game_id']}?token={spectator_token(game)}"
    ) as ws:
        _next_view(ws)
        ws.send_json({"type": "action", "action": {"type": "pass"}})
        assert ws.receive_json()["status"] == 403


def test_reconnecting_resumes_the_seat(client: TestClient) -> None:
    game = create_game(client, ["human", "bot"])
    gid, token = game["game_id"], game["seats"][0]["token"]
    view = my_turn(client, gid, token)
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        assert _next_view(ws)["version"] == view["version"]
    client.post(f"/api/games/{gid}/actions", json={"type": "pass"}, headers=auth(token))
    settled = my_turn(client, gid, token)  # the bot (on a thread of its own) has answered
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        again = _next_view(ws)
    assert again["version"] > view["version"]
    assert again == settled == view_of(client, gid, token)
