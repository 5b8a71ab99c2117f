"""Every error is JSON with its status: hostile numbers, broken bodies, store failures, bugs."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import auth, create_game

from totenblatt.web.shell.bodies import MAX_DEPTH


@pytest.fixture
def seat(client: TestClient) -> tuple[str, str]:
    """A duel's first seat: its game and token."""
    game = create_game(client, ["human", "human"])
    return game["game_id"], game["seats"][0]["token"]


def _raw(client: TestClient, path: str, body: bytes | str, token: str | None = None) -> Any:
    headers = {"content-type": "application/json", **(auth(token) if token else {})}
    return client.post(path, content=body, headers=headers)


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ('{"kind": "move", "goal": [1e200, 0]}', "goal[0]: 1e200 is out of range"),
        ('{"kind": "move", "goal": [0, NaN]}', "goal[1]: NaN is out of range"),
        ('{"kind": "move", "goal": [Infinity, 0]}', "goal[0]: Infinity is out of range"),
        ('{"kind": "move", "goal": [-Infinity, 0]}', "goal[0]: -Infinity is out of range"),
        ('{"kind": "move", "goal": [1e400, 0]}', "goal[0]: 1e400 is out of range"),
        ('{"kind": "move", "goal": [1000000001, 0]}', "goal[0]: 1000000001 is out of range"),
        ('{"kind": "move", "goal": [0, -2e9]}', "goal[1]: -2e9 is out of range"),
        ('{"kind": "move", "goal": [' + "9" * 5000 + ", 0]}", "goal[0]: 99999999999999999999…"),
        ('{"kind": "move", "steps": [{"path": [[1, 2], [3, 1e99]]}]}', "steps[0].path[1][1]"),
        ('{"kind": "move", "odd key": 1e999}', 'odd key"]: 1e999'),
    ],
)
def test_huge_and_non_finite_numbers_are_refused_naming_the_field(
    client: TestClient, seat: tuple[str, str], body: str, where: str
) -> None:
    gid, token = seat
    response = _raw(client, f"/api/games/{gid}/preview", body, token)
    assert response.status_code == 422, response.text
    assert where in response.json()["error"]
    assert "expected a finite number from -1000000000 to 1000000000" in response.json()["error"]


def test_numbers_are_checked_in_every_body_and_message(
    client: TestClient, seat: tuple[str, str]
) -> None:
    gid, token = seat
    created = _raw(client, "/api/games", '{"seats": ["human", 1e500]}')
    assert created.status_code == 422 and "seats[1]: 1e500" in created.json()["error"]
    acted = _raw(client, f"/api/games/{gid}/actions", '{"type": "bid", "card": NaN}', token)
    assert acted.status_code == 422 and "card: NaN" in acted.json()["error"]
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        ws.receive_json()
        ws.send_text('{"type": "action", "version": 1e308, "action": {"type": "pass"}}')
        reply = ws.receive_json()
    assert reply["type"] == "error" and reply["status"] == 422
    assert reply["error"].startswith("version: 1e308 is out of range")


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        (b"\xff\xfe{}", 422, "not valid UTF-8"),
        (b'{"kind": "move", "figure": "\xc3"}', 422, "not valid UTF-8"),
        (b'{"kind": "move", "figure": "\\ud800"}', 422, "figure: the text is not valid Unicode"),
        (b"[" * 5000 + b"]" * 5000, 422, "nested deeper"),
        (b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1), 422, "nested deeper than"),
        (b"{nope", 422, "not valid JSON"),
        (b"", 422, "not valid JSON"),
        (b'"just a string"', 422, "a preview is"),
        (b'{"kind": ["move"]}', 422, "a preview is"),
        (b" " * (64 * 1024 + 1), 413, "larger than 65536 bytes"),
    ],
)
def test_broken_bodies_are_refused_in_json(
    client: TestClient, seat: tuple[str, str], body: bytes, status: int, says: str
) -> None:
    gid, token = seat
    response = _raw(client, f"/api/games/{gid}/preview", body, token)
    assert response.status_code == status
    assert says in response.json()["error"]


def test_wrong_types_in_a_preview_are_refused_not_a_crash(
    client: TestClient, seat: tuple[str, str]
) -> None:
    gid, token = seat
    for body in (
        {"kind": "move", "figure": 7, "goal": "here"},
        {"kind": "move", "figure": None, "goal": [1, 2, 3]},
        {"kind": "move", "steps": "all of them"},
        {"kind": "move", "steps": [{"figure": [], "path": {}}]},
        {"kind": "attack", "attacker": {"a": 1}, "target": True},
        {"kind": "attack", "attacker": None, "target": None},
    ):
        response = client.post(f"/api/games/{gid}/preview", json=body, headers=auth(token))
        assert 400 <= response.status_code < 500, (body, response.text)
        assert isinstance(response.json()["error"], str)


def test_a_store_failure_at_creation_is_503_in_json(client: TestClient, sqlite_url: str) -> None:
    """The database refuses the new game (here: its table is gone): 503, not a bare 500."""
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as conn:
        conn.execute("DROP TABLE web_actions")
        conn.execute("DROP TABLE web_games")
    response = client.post("/api/games", json={"seats": ["human", "human"]})
    assert response.status_code == 503
    assert response.json()["error"].startswith("the game was not stored, try again")
    assert int(response.headers["retry-after"]) > 0


def test_an_unexpected_failure_is_a_json_500_logged_once(
    client: TestClient, sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A game whose stored seats are damaged breaks the lobby: the answer is still JSON."""
    create_game(client, ["human", "human"])
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as conn:
        conn.execute("UPDATE web_games SET seats = ?", (json.dumps("damaged"),))
    with caplog.at_level("ERROR"):
        response = client.get("/api/games")
    assert response.status_code == 500
    assert response.json() == {"error": "the server failed on this request (it is logged)"}
    assert response.headers["x-content-type-options"] == "nosniff"
    failures = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(failures) == 1 and failures[0].exc_info is not None


def test_unknown_routes_and_methods_are_json(client: TestClient) -> None:
    assert client.get("/nope").json() == {"error": "Not Found"}
    wrong = client.put("/api/games")
    assert wrong.status_code == 405 and wrong.json() == {"error": "Method Not Allowed"}
    bad = client.post("/api/games/x/actions?version=1e400", json={"type": "pass"})
    assert bad.status_code in (401, 422) and "error" in bad.json()
