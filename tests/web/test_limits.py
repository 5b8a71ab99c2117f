"""Limits: budgets per client (429 with Retry-After), games at most, bot-only games, idle games.

The clients that must be told apart are real: a uvicorn server on 127.0.0.1 reached
from 127.0.0.2, 127.0.0.3, … (loopback addresses other than a trusted proxy's are
clients like any other).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import (
    LiveServer,
    auth,
    boot,
    client_at,
    create_game,
    seed_counter,
    start_server,
    stop_server,
    wait_for,
)

from totenblatt.store.core import Database
from totenblatt.store.table_records import ActionConflictError, SeatRecord, WebGameTally
from totenblatt.store.tables import WebGames
from totenblatt.web import ServerSettings, create_app
from totenblatt.web.shell.limits import Budget, Limits, client_key
from totenblatt.web.shell.proxies import Proxies

DUEL = {"scenario": "duel", "ruleset": "base", "seats": ["human", "human"], "lang": "en"}


def _settings(url: str, *, bot_delay: float = 0.0, **limits: Any) -> ServerSettings:
    return ServerSettings(
        db_url=url, bot_delay=bot_delay, seeds=seed_counter(), limits=Limits(**limits)
    )


@pytest.fixture
def serve(sqlite_url: str) -> Iterator[Any]:
    """Start real servers with the given settings; all are stopped after the test."""
    started: list[LiveServer] = []

    def start(settings: ServerSettings | None = None, **limits: Any) -> LiveServer:
        live = start_server(settings or _settings(sqlite_url, **limits))
        started.append(live)
        return live

    yield start
    for live in started:
        stop_server(live)


# -- budgets -----------------------------------------------------------------------------


def test_a_budget_refills_evenly_and_keeps_clients_apart() -> None:
    budget = Budget("actions", per_window=3, window=60.0)
    assert [budget.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert budget.take("a", now=0.0) == pytest.approx(20.0)  # one more in 60 / 3 s
    assert budget.take("b", now=0.0) == 0.0
    assert budget.take("a", now=20.0) == 0.0
    assert budget.take("a", now=20.0) > 0.0


def test_ipv6_clients_count_by_their_64_network() -> None:
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9")
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"


def test_too_many_creations_are_answered_429_with_retry_after(sqlite_url: str) -> None:
    with TestClient(create_app(_settings(sqlite_url, games_per_hour=2))) as client:
        create_game(client, ["human", "human"])
        create_game(client, ["human", "bot"])
        refused = client.post("/api/games", json=DUEL)
        assert refused.status_code == 429
        assert 1790 <= int(refused.headers["retry-after"]) <= 1800  # 2 an hour: one in 30 min
        error = refused.json()["error"]
        assert "too many game creations" in error and "at most 2 per hour" in error


def test_actions_and_previews_share_a_budget_over_http_and_the_socket(sqlite_url: str) -> None:
    with TestClient(create_app(_settings(sqlite_url, actions_per_minute=3))) as client:
        game = create_game(client, ["human", "human"])
        gid, token = game["game_id"], game["seats"][0]["token"]
        url = f"/api/games/{gid}"
        answers = [
            client.post(f"{url}/actions", json={"type": "pass"}, headers=auth(token)),
            client.post(f"{url}/preview", json={"kind": "attack"}, headers=auth(token)),
            client.post(f"{url}/actions", json={"type": "pass"}, headers=auth(token)),
        ]
        assert all(a.status_code != 429 for a in answers)
        for refused in (
            client.post(f"{url}/actions", json={"type": "pass"}, headers=auth(token)),
            client.post(f"{url}/preview", json={"kind": "attack"}, headers=auth(token)),
        ):
            assert refused.status_code == 429 and "too many actions" in refused.json()["error"]
            assert 1 <= int(refused.headers["retry-after"]) <= 20
        with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            ws.receive_json()  # the view
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}  # a ping costs nothing
            ws.send_json({"type": "action", "action": {"type": "pass"}})
            reply = ws.receive_json()
        assert reply["type"] == "error" and reply["status"] == 429
        assert 1 <= reply["retry_after"] <= 20


def test_loopback_clients_are_clients_like_any_other(serve: Any) -> None:
    live = serve(games_per_hour=1)
    with client_at(live, "127.0.0.2") as first, client_at(live, "127.0.0.3") as second:
        assert first.post("/api/games", json=DUEL).status_code == 201
        spoofed = first.post("/api/games", json=DUEL, headers={"X-Forwarded-For": "192.0.2.1"})
        assert spoofed.status_code == 429  # no trusted proxy: the header means nothing
        created = second.post("/api/games", json=DUEL, headers={"X-Forwarded-Host": "evil.example"})
        assert created.status_code == 201
        assert created.json()["seats"][0]["url"].startswith(live.url + "/games/")


def test_behind_the_trusted_proxy_the_forwarded_client_counts(serve: Any, sqlite_url: str) -> None:
    settings = ServerSettings(
        db_url=sqlite_url,
        bot_delay=0.0,
        limits=Limits(games_per_hour=1),
        trusted_proxies=("127.0.0.5",),
    )
    live = serve(settings)

    def create(via: str, forwarded: str, **headers: str) -> Any:
        with client_at(live, via) as http:
            return http.post(
                "/api/games", json=DUEL, headers={"X-Forwarded-For": forwarded, **headers}
            )

    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "table.example"}
    first = create("127.0.0.5", "198.51.100.1", **proxied)
    assert first.status_code == 201
    assert first.json()["seats"][0]["url"].startswith("https://table.example/games/")
    assert create("127.0.0.5", "198.51.100.1").status_code == 429
    # a client's own X-Forwarded-For is to the left of what the proxy adds: no escape
    assert create("127.0.0.5", "203.0.113.9, 198.51.100.1").status_code == 429
    assert create("127.0.0.5", "198.51.100.1, 127.0.0.5").status_code == 429  # proxy hop skipped
    assert create("127.0.0.5", "198.51.100.2").status_code == 201
    # only the configured proxy is believed: 127.0.0.6 is a client whatever it forwards
    assert create("127.0.0.6", "198.51.100.3").status_code == 201
    assert create("127.0.0.6", "198.51.100.4").status_code == 429


def test_forwarded_addresses_are_read_from_the_right() -> None:
    proxies = Proxies.parse(["10.0.0.0/8", "::1"])
    assert proxies.client("10.1.1.1", "192.0.2.1, 10.2.2.2") == "192.0.2.1"
    assert proxies.client("::1", "[2001:db8::7]:4711") == "2001:db8::7"
    assert proxies.client("10.1.1.1", "10.3.3.3") == "10.3.3.3"  # every hop a proxy: the first
    assert proxies.client("192.0.2.50", "10.3.3.3") == "192.0.2.50"


# -- games at most -------------------------------------------------------------------------


def test_only_games_whose_person_connected_count_against_the_limit(sqlite_url: str) -> None:
    with TestClient(create_app(_settings(sqlite_url, max_playing=1))) as client:
        first = create_game(client, ["human", "human"])
        create_game(client, ["human", "bot"])  # the first has not connected: no game counts
        seat = first["seats"][0]
        assert boot(client, first["game_id"], seat["token"]).status_code == 200
        refused = client.post("/api/games", json=DUEL)
        assert refused.status_code == 503 and "already runs 1 games" in refused.json()["error"]
        assert int(refused.headers["retry-after"]) > 0
        create_game(client, ["bot", "bot"])  # bot-only games have their own limit


def test_bot_only_games_are_few_per_client_and_dozens_in_all(serve: Any) -> None:
    live = serve(bot_delay=60.0, bot_games_per_client=1, bot_games=2)
    bots = {**DUEL, "seats": ["bot", "ismcts"]}
    with (
        client_at(live, "127.0.0.2") as first,
        client_at(live, "127.0.0.3") as second,
        client_at(live, "127.0.0.4") as third,
    ):
        assert first.post("/api/games", json=bots).status_code == 201
        again = first.post("/api/games", json=bots)
        assert again.status_code == 429 and "already runs 1 games of bots only" in again.text
        assert int(again.headers["retry-after"]) > 0
        assert second.post("/api/games", json=bots).status_code == 201
        full = third.post("/api/games", json=bots)
        assert full.status_code == 503 and "2 games of bots only" in full.json()["error"]
        assert third.post("/api/games", json=DUEL).status_code == 201  # people still play


def test_no_address_holds_more_than_its_share_of_the_games(serve: Any, sqlite_url: str) -> None:
    assert Limits(max_playing=60).share == 20 and Limits().share == 50  # 5 %, at least 20
    live = serve(max_playing=60, games_per_hour=1000)
    with client_at(live, "127.0.0.2") as greedy, client_at(live, "127.0.0.3") as stranger:
        for _ in range(20):
            assert greedy.post("/api/games", json=DUEL).status_code == 201
        refused = greedy.post("/api/games", json=DUEL)
        assert refused.status_code == 429 and "at most 20 per address" in refused.json()["error"]
        assert int(refused.headers["retry-after"]) > 0
        assert stranger.post("/api/games", json=DUEL).status_code == 201
    settings = ServerSettings(
        db_url=sqlite_url,
        bot_delay=0.0,
        limits=Limits(games_per_client=2, games_per_hour=1000),
        trusted_proxies=("127.0.0.1",),
    )
    behind = serve(settings)  # behind a trusted proxy: the forwarded address is the client
    with client_at(behind, "127.0.0.1") as proxy:
        one, two = ({"X-Forwarded-For": f"192.0.2.{n}"} for n in (1, 2))
        assert [proxy.post("/api/games", json=DUEL, headers=one).status_code for _ in range(3)] == [
            201,
            201,
            429,
        ]
        assert proxy.post("/api/games", json=DUEL, headers=two).status_code == 201


# -- idle games ---------------------------------------------------------------------------


class _Clock:
    """The database's clock, set by the test (the store stamps every change with it)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_untouched_games_end_as_abandoned_at_start_and_free_their_slot(sqlite_url: str) -> None:
    clock = _Clock()
    settings = _settings(sqlite_url, max_playing=2, idle_hours=24)
    with Database(sqlite_url, clock=clock) as db:
        with TestClient(create_app(settings, database=db)) as client:
            idle = create_game(client, ["human", "human"])
            busy = create_game(client, ["human", "human"])
            for game in (idle, busy):
                seat = game["seats"][0]
                assert boot(client, game["game_id"], seat["token"]).is_success
            clock.now += timedelta(hours=20)
            tokens = [s["token"] for s in busy["seats"]]
            view = client.get(f"/api/games/{busy['game_id']}/view", headers=auth(tokens[0]))
            acting = tokens[view.json()["to_act"]]
            moved = client.post(
                f"/api/games/{busy['game_id']}/actions", json={"type": "pass"}, headers=auth(acting)
            )
            assert moved.status_code == 200, moved.text
            assert client.post("/api/games", json=DUEL).status_code == 503  # two are running
        clock.now += timedelta(hours=5)  # the idle game: 25 hours; the other: 5
        with TestClient(create_app(settings, database=db)) as client:
            listed = {g["game_id"]: g for g in client.get("/api/games").json()["games"]}
            assert listed[idle["game_id"]]["status"] == "abandoned"
            assert listed[busy["game_id"]]["status"] == "open"  # its second seat never came
            german = client.get("/api/games?lang=de").json()["games"]
            said = {g["game_id"]: g["status_text"] for g in german}
            assert said[idle["game_id"]] != listed[idle["game_id"]]["status_text"]
            token = idle["seats"][0]["token"]
            refused = client.post(
                f"/api/games/{idle['game_id']}/actions", json={"type": "pass"}, headers=auth(token)
            )
            assert refused.status_code == 409 and "abandoned" in refused.json()["error"]
            assert client.get(f"/api/games/{idle['game_id']}/view", headers=auth(token)).is_success
            fresh = create_game(client, ["human", "human"])  # the idle game's slot is free
            seat = fresh["seats"][0]
            assert boot(client, fresh["game_id"], seat["token"]).is_success
            assert client.post("/api/games", json=DUEL).status_code == 503  # two again


def test_idle_games_are_swept_while_the_server_runs(serve: Any) -> None:
    live = serve(idle_hours=0.5 / 3600)  # half a second
    with client_at(live, "127.0.0.2") as http:
        game = create_game(http, ["human", "human"])

        def abandoned() -> bool:
            games = http.get("/api/games").json()["games"]
            return any(
                g["game_id"] == game["game_id"] and g["status"] == "abandoned" for g in games
            )

        wait_for(abandoned)
        token = game["seats"][0]["token"]
        refused = http.post(
            f"/api/games/{game['game_id']}/actions", json={"type": "pass"}, headers=auth(token)
        )
        assert refused.status_code == 409 and "abandoned" in refused.json()["error"]


def test_the_store_admits_counts_and_abandons_on_every_database(db_url: str) -> None:
    """Tally, admission in the creating transaction, and the idle sweep, on SQLite and
    PostgreSQL (the sweep spares games in ``keep`` and games touched since)."""
    clock = _Clock()
    with Database(db_url, clock=clock) as db:
        games = WebGames(db)

        def make(game_id: str, kinds: list[str], owner: str | None = None, **extra: Any) -> None:
            seats = [SeatRecord(k, "ab" * 32 if k == "human" else None) for k in kinds]
            games.create(
                game_id, scenario="duel", ruleset="base", lang="en", seats=seats,
                spectator_token=game_id * 4, setup="{}", summary={}, owner=owner, **extra,
            )  # fmt: skip

        make("people", ["human", "bot"])
        make("lonely", ["human", "human"])
        make("bots1", ["bot", "bot"], owner="o1")
        make("bots2", ["bot", "random"], owner="o2")
        games.join("people", [0])
        assert games.tally("o1") == WebGameTally(playing=1, bot_games=2, bot_games_of_owner=1)

        def refuse(tally: WebGameTally) -> None:
            raise LookupError(tally.bot_games)

        with pytest.raises(LookupError):
            make("bots3", ["bot", "bot"], owner="o1", admit=refuse)
        assert "bots3" not in games.ids()  # refused in the same transaction: nothing stored

        clock.now += timedelta(hours=10)
        games.append("people", 0, {"type": "pass"}, summary={}, over=False)
        clock.now += timedelta(hours=20)
        assert sorted(games.abandon_idle(timedelta(hours=24), keep=["bots2"])) == [
            "bots1",
            "lonely",
        ]
        assert games.load("lonely").status == "abandoned"
        assert games.tally("o1") == WebGameTally(playing=1, bot_games=1, bot_games_of_owner=0)
        with pytest.raises(ActionConflictError, match="abandoned"):
            games.append("lonely", 0, {"type": "pass"}, summary={}, over=False)
