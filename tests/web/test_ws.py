"""The WebSocket: the seat's view after every change, actions, refusals, reconnecting."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from night_helpers import act, post
from starlette.websockets import WebSocketDisconnect
from web_helpers import auth, create_game, my_turn, play_random, spectator_token, view_of

from totenblatt.wanted.bots import RandomBot


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


def _whole(last: dict[str, Any] | None, pushed: dict[str, Any]) -> dict[str, Any]:
    """A tail made whole as the page's socket does (net.js ``Channel.whole``)."""
    view = dict(pushed)
    for key in ("events", "log"):
        start = view.pop(f"{key}_from")
        view[key] = (last[key][:start] if last else []) + view[key]
    return view


def _tail_at(ws: Any, last: dict[str, Any] | None, serial: int) -> tuple[dict[str, Any], int]:
    """The socket's views made whole until the one at ``serial``; the most events a tail had."""
    most = 0
    while last is None or last["serial"] != serial:
        pushed = _next_view(ws)
        assert pushed["events_from"] == (len(last["events"]) if last else 0) or pushed[
            "events_from"
        ] < len(last["events"] if last else [])
        most = max(most, len(pushed["events"]))
        last = _whole(last, pushed)
    return last, most


def test_a_socket_asking_for_tails_gets_what_is_new_and_it_adds_up_to_the_view(
    client: TestClient,
) -> None:
    """``?tail=1`` (the page's socket): each view carries only the events and log lines after
    the last one's, and put together they are exactly the view over HTTP — as the game
    moves on and after a takeback, which takes events back."""
    game = create_game(client, ["human", "human"])
    gid = game["game_id"]
    tokens = [s["token"] for s in game["seats"]] + [spectator_token(game)]
    bot = RandomBot(5)
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(f"/ws/games/{gid}?token={t}&tail=1"))
            for t in tokens
        ]
        lasts: list[dict[str, Any] | None] = [None, None, None]

        def all_caught_up() -> None:
            serial = view_of(client, gid, tokens[0])["serial"]
            for i, ws in enumerate(sockets):
                lasts[i], most = _tail_at(ws, lasts[i], serial)
                assert lasts[i] == view_of(client, gid, tokens[i])
                tails.append(most)

        tails: list[int] = []
        all_caught_up()
        seat = view_of(client, gid, tokens[0])["to_act"]
        assert act(client, gid, tokens[seat], {"type": "pass"}).status_code == 200
        all_caught_up()
        assert post(client, gid, "takeback", tokens[seat]).status_code == 200
        answer = post(client, gid, "takeback/answer", tokens[1 - seat], {"accept": True})
        assert answer.json()["taken_back"] is True
        all_caught_up()  # the events went back: the tail starts before the last ones
        assert lasts[0]["version"] == 0  # type: ignore[index]
        tails.clear()
        for _ in range(30):
            mover = lasts[0]["to_act"]  # type: ignore[index]
            if mover is None:
                break
            play_random(client, gid, tokens[mover], bot, view_of(client, gid, tokens[mover]))
            all_caught_up()
        assert len(lasts[0]["events"]) > 3 * max(tails)  # type: ignore[index]


@pytest.mark.parametrize("path", ["games", "stories"])
def test_a_frame_that_is_not_utf8_closes_the_socket_with_one_line(
    live: Any, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Text that is not UTF-8: closed with 1007, logged as one line, no traceback (issue 38)."""
    import logging

    import httpx
    from websockets.exceptions import ConnectionClosedError
    from websockets.sync.client import connect

    caplog.set_level(logging.INFO)
    with httpx.Client(base_url=live.url, trust_env=False) as http:
        if path == "games":
            game = create_game(http, ["human", "bot"])
            where = f"/ws/games/{game['game_id']}?token={game['seats'][0]['token']}"
        else:
            story = http.post("/api/stories", json={"name": "Kiez"}).json()
            where = f"/ws/stories/{story['story_id']}?token={story['gm_token']}"
        with connect(live.ws_url(where)) as socket:
            socket.recv(timeout=10)
            socket.send(b"\xff\xfe{", text=True)
            with pytest.raises(ConnectionClosedError) as closed:
                while True:  # views pushed before (the bot acts) come first
                    socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
        assert http.get("/healthz").status_code == 200
    assert not [r for r in caplog.records if r.exc_info or r.exc_text]
    assert any("Invalid UTF-8" in r.getMessage() for r in caplog.records)
