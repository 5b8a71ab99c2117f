"""A game that lasts days through the API (issue 42): the clock in every view, "your turn" by
webhook once per turn (a real receiver on 127.0.0.1), a flag fall (the seat concedes) and a
restart that loses no clock — on SQLite and on PostgreSQL."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from night_helpers import act, app_on, view
from web_helpers import auth, wait_for

from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames

sys.path.insert(0, str(Path(__file__).parent))
from test_webhooks import Receiver

H = 3600.0
Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def create(client: TestClient, clock: Any, seats: list[str] | None = None) -> tuple[str, list[str]]:
    answer = client.post(
        "/api/games",
        json={"scenario": "duel", "seats": seats or ["human", "human"], "clock": clock},
    )
    assert answer.status_code == 201, answer.text
    game = answer.json()
    return game["game_id"], [s.get("token", "") for s in game["seats"]]


def first_legal(client: TestClient, gid: str, tokens: list[str]) -> int:
    """The seat to act takes its first legal action; that seat."""
    seat = view(client, gid, tokens[0])["to_act"]
    legal = view(client, gid, tokens[seat])["legal_actions"]
    assert act(client, gid, tokens[seat], legal[0]).status_code == 200
    return int(seat)


@pytest.fixture
def receiver() -> Any:
    r = Receiver()
    yield r
    r.close()


def test_every_view_carries_the_clock_of_the_seat_to_act(sqlite_url: str) -> None:
    with app_on(sqlite_url) as client:
        gid, tokens = create(client, {"per_decision_hours": 24})
        shown = view(client, gid, tokens[1])["clock"]
        to_act = view(client, gid, tokens[0])["to_act"]
        assert shown["running"] == to_act
        assert 24 * H - 60 < shown["remaining_s"][to_act] <= 24 * H
        assert shown["remaining_s"][1 - to_act] == 24 * H
        plain, plain_tokens = create(client, None)
        assert "clock" not in view(client, plain, plain_tokens[0])
        for bad in ({"per_decision_hours": 0}, {"bank_hours": 5}, "24h"):
            answer = client.post("/api/games", json={"scenario": "duel", "clock": bad})
            assert answer.status_code == 422 and "clock" in answer.json()["error"]


def test_your_turn_reaches_the_seats_webhook_once_per_turn(
    sqlite_url: str, receiver: Receiver
) -> None:
    with app_on(sqlite_url, webhook_allow=("127.0.0.1",)) as client:
        gid, tokens = create(client, {"bank_hours": 72, "increment_hours": 12})
        put = lambda token, url: client.put(  # noqa: E731
            f"/api/games/{gid}/webhook", json={"url": url}, headers=auth(token)
        )
        refused = put(tokens[1], "https://hooks.example/kit")
        assert refused.status_code == 422 and "hooks.example" in refused.json()["error"]
        assert put(tokens[1], receiver.base + "/ok").status_code == 200
        turns = []
        for _ in range(12):
            if view(client, gid, tokens[0])["is_over"]:
                break
            turns.append(first_legal(client, gid, tokens))
        to_act = view(client, gid, tokens[0])["to_act"]
        seq = [*turns, to_act]
        passes = sum(1 for a, b in itertools.pairwise(seq) if b == 1 and a != 1)
        assert passes >= 1
        wait_for(lambda: len(receiver.calls) >= passes)
        page = f"http://testserver/games/{gid}"
        expected = {"game_id": gid, "seat": 1, "event": "your_turn", "url": page}
        assert [(path, body) for path, body, _ in receiver.calls] == [("/ok", expected)] * passes
        assert tokens[1] not in str(receiver.calls)


def test_a_webhook_needs_a_seat_and_an_allowed_host(sqlite_url: str) -> None:
    with app_on(sqlite_url) as client:  # nothing allowed
        answer = client.post("/api/games", json={"scenario": "duel", "seats": ["human", "human"]})
        game = answer.json()
        gid, token = game["game_id"], game["seats"][0]["token"]
        spectator = game["spectator_url"].split("token=")[1]
        url = f"/api/games/{gid}/webhook"
        assert (
            client.put(url, json={"url": "http://127.0.0.1:9/x"}, headers=auth(token)).status_code
            == 422
        )
        assert (
            client.put(url, json={"url": "http://x.example/"}, headers=auth(spectator)).status_code
            == 403
        )
        assert client.put(url, json={"hook": 1}, headers=auth(token)).status_code == 422
        assert client.put(url, json={"url": ""}, headers=auth(token)).status_code == 200


def test_a_flag_that_fell_while_the_server_was_down_makes_the_seat_concede(db_url: str) -> None:
    with app_on(db_url) as client:
        gid, tokens = create(client, {"per_decision_hours": 24})
        seat = view(client, gid, tokens[0])["to_act"]
    with Database(db_url) as db:  # a day and more passes
        games = WebGames(db)
        stored = games.load(gid).clock
        assert stored is not None and stored["running"] == seat
        games.set_clock(gid, {**stored, "since": stored["since"] - 25 * H})
    with app_on(db_url) as client:
        wait_for(lambda: view(client, gid, tokens[0])["is_over"])
        final = view(client, gid, tokens[0])
        assert final["winners"] == [1 - seat] and final["clock"]["running"] is None
        assert final["clock"]["remaining_s"][seat] == 0.0


def test_a_restart_loses_no_clock(db_url: str) -> None:
    with app_on(db_url) as client:
        gid, tokens = create(client, {"bank_hours": 10, "increment_hours": 1})
        first_legal(client, gid, tokens)
        before = view(client, gid, tokens[0])["clock"]
    with Database(db_url) as db:
        assert WebGames(db).load(gid).clock is not None
    with app_on(db_url) as client:
        after = view(client, gid, tokens[0])["clock"]
        assert after["running"] == before["running"] == view(client, gid, tokens[0])["to_act"]
        waiting = 1 - after["running"] if after["running"] is not None else 0
        assert after["remaining_s"][waiting] == before["remaining_s"][waiting]
        running = after["running"]
        assert after["remaining_s"][running] <= before["remaining_s"][running]
        assert after["remaining_s"][running] > before["remaining_s"][running] - 600


def test_a_game_with_a_clock_does_not_end_idle(sqlite_url: str) -> None:
    with app_on(sqlite_url) as client:
        timed, _ = create(client, {"per_decision_hours": 1})
        plain, _ = create(client, None)
        with Database(sqlite_url) as db:
            assert WebGames(db).abandon_idle(timedelta(seconds=-60)) == [plain]
        lobby = {g["game_id"]: g["status"] for g in client.get("/api/games").json()["games"]}
        assert lobby[timed] != "abandoned" and lobby[plain] == "abandoned"


def test_serve_refuses_a_webhook_host_that_is_no_host(cli: Cli) -> None:
    code, _, err = cli(["serve", "--webhook-allow", "https://hooks.example/x"])
    assert code == 2 and err.count("\n") <= 1 and "--webhook-allow" in err
