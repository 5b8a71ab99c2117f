"""A store that is away (issue 38): every answer 503 JSON with ``Retry-After`` and one log
line, never 500 or a traceback, and no confirmed action lost — PostgreSQL stopped under load
(through :mod:`db_outage`'s relay), a SQLite database locked by another process's writer."""

from __future__ import annotations

import logging
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from db_outage import Relay
from web_helpers import OPERATOR, auth, random_choice, served, wait_for

from postgres_schema import fresh_schema
from totenblatt.store import resolve_url
from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import RandomBot
from totenblatt.web import Limits, ServerSettings

GAMES = 4
WIDE = Limits(games_per_hour=10_000, actions_per_minute=1_000_000, bot_games_per_client=100)


@pytest.fixture
def pg_schema(postgres_url: str) -> Iterator[str]:
    with fresh_schema(resolve_url(postgres_url), "o") as url:
        yield url


class Player(threading.Thread):
    """Plays a hot-seat duel by random legal actions, noting every answer; a 503 is tried
    again (the same action at the same version), as the page does."""

    def __init__(self, base: str, game: dict[str, Any], seed: int) -> None:
        super().__init__(daemon=True)
        self.http = httpx.Client(base_url=base, trust_env=False, timeout=30.0)
        self.game_id = game["game_id"]
        self.tokens = [s["token"] for s in game["seats"]]
        self.bot = RandomBot(seed)
        self.answers: list[httpx.Response] = []
        self.confirmed: dict[int, dict[str, Any]] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                got = self.http.get(f"/api/games/{self.game_id}/view", headers=auth(self.tokens[0]))
                self.answers.append(got)
                if got.status_code != 200:
                    time.sleep(0.05)
                    continue
                view = got.json()
                if view["is_over"]:
                    return
                token = self.tokens[view["to_act"]]
                mine = self.http.get(f"/api/games/{self.game_id}/view", headers=auth(token))
                self.answers.append(mine)
                if mine.status_code != 200:
                    continue
                action = random_choice(self.bot, mine.json())
                version = mine.json()["version"]
                while not self.stop.is_set():
                    sent = self.http.post(
                        f"/api/games/{self.game_id}/actions?version={version}",
                        json=action,
                        headers=auth(token),
                    )
                    self.answers.append(sent)
                    if sent.status_code == 200:
                        self.confirmed[version] = action
                    if sent.status_code != 503:
                        break
                    time.sleep(0.05)
        finally:
            self.http.close()


def _statuses(players: list[Player]) -> list[int]:
    return [a.status_code for p in players for a in p.answers]


def test_postgresql_stopped_under_load_gives_503s_and_loses_nothing(
    pg_schema: str, caplog: pytest.LogCaptureFixture
) -> None:
    relay = Relay.to(pg_schema)
    settings = ServerSettings(
        db_url=relay.url(pg_schema),
        bot_delay=0.0,
        bot_processes=0,
        limits=WIDE,
        operator_token=OPERATOR,
    )
    caplog.set_level(logging.WARNING)
    try:
        with served(settings) as live, httpx.Client(base_url=live.url, trust_env=False) as http:
            games = []
            for _ in range(GAMES):
                made = http.post("/api/games", json={"scenario": "duel", "seats": ["human"] * 2})
                assert made.status_code == 201, made.text
                games.append(made.json())
            players = [Player(live.url, g, i) for i, g in enumerate(games)]
            for player in players:
                player.start()
            wait_for(lambda: all(len(p.confirmed) >= 3 for p in players), timeout=60)
            before = {p.game_id: len(p.confirmed) for p in players}
            relay.down()
            wait_for(lambda: _statuses(players).count(503) >= 20, timeout=60)
            refused = http.post("/api/stories", json={"name": "Kiez"})  # other routes alike
            campaign = http.post("/api/campaigns", json={"name": "Tombstone"})
            store = http.get("/api/store", headers=auth(OPERATOR))
            relay.up()
            wait_for(
                lambda: all(
                    len(p.confirmed) >= before[p.game_id] + 3 or not p.is_alive() for p in players
                ),
                timeout=120,
            )
            for player in players:
                player.stop.set()
            for player in players:
                player.join(timeout=60)
    finally:
        relay.close()
    for answer in (refused, campaign, store):
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"] and answer.headers["retry-after"]
    statuses = _statuses(players)
    assert set(statuses) <= {200, 409, 503}, sorted(set(statuses))
    for answer in (a for p in players for a in p.answers if a.status_code == 503):
        assert "unavailable" in answer.json()["error"] or "try again" in answer.json()["error"]
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]
    with Database(pg_schema) as db:
        for player in players:  # every confirmed action is stored at its place
            stored = WebGames(db).load(player.game_id)
            actions = list(stored.actions)
            for version, action in player.confirmed.items():
                assert actions[version] == action


def test_a_locked_sqlite_database_answers_503(tmp_path: Path, monkeypatch: Any) -> None:
    import totenblatt.store.database as database

    monkeypatch.setattr(database, "BUSY_TIMEOUT_SECONDS", 0.3)  # a writer waits this long
    url = f"sqlite:///{tmp_path / 'locked.db'}"
    settings = ServerSettings(db_url=url, bot_delay=0.0, bot_processes=0, limits=WIDE)
    with served(settings) as live, httpx.Client(base_url=live.url, trust_env=False) as http:
        writer = sqlite3.connect(tmp_path / "locked.db", isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")  # another process's long write transaction
        try:
            answers = [
                http.post("/api/games", json={"scenario": "duel", "seats": ["human", "bot"]}),
                http.post("/api/stories", json={"name": "Kiez"}),
                http.post("/api/campaigns", json={"name": "Tombstone"}),
            ]
        finally:
            writer.execute("ROLLBACK")
            writer.close()
        for answer in answers:
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"] and answer.headers["retry-after"]
        again = http.post("/api/campaigns", json={"name": "Tombstone"})
        assert again.status_code == 201, again.text


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs RLIMIT_FSIZE (POSIX)")
def test_a_full_disk_answers_503_in_one_line_each(tmp_path: Path) -> None:
    """``totenblatt serve`` whose files may not grow past 36 KiB (RLIMIT_FSIZE: to SQLite a
    full disk): the first writes are stored, then every creation answers 503 — a campaign
    too (it answered 409) — and the log has one line per failure, no traceback."""
    path = tmp_path / "full.db"
    Database(f"sqlite:///{path}").close()  # migrated while there is room
    port = _free_port()

    def small_files() -> None:  # in the server's process only
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (36_864, 36_864))

    args = ["-m", "totenblatt", "serve", "--lang", "en", "--port", str(port), "--db", str(path)]
    server = subprocess.Popen(
        [sys.executable, *args, "--bot-processes", "0", "--games-per-hour", "1000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        preexec_fn=small_files,  # runs in the child between fork and exec
    )
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", trust_env=False) as http:
            deadline = time.monotonic() + 30
            while True:
                try:
                    http.get("/healthz")
                    break
                except httpx.TransportError:
                    assert server.poll() is None and time.monotonic() < deadline
                    time.sleep(0.05)
            campaigns = [
                http.post("/api/campaigns", json={"name": f"Tombstone {n}"}) for n in range(30)
            ]
            others = [
                http.post("/api/stories", json={"name": "Kiez"}),
                http.post("/api/games", json={"scenario": "duel", "seats": ["human", "bot"]}),
            ]
    finally:
        server.terminate()
        log = server.communicate(timeout=30)[0].decode()
    statuses = [a.status_code for a in campaigns]
    assert set(statuses) == {201, 503} and statuses[0] == 201, statuses  # stored, then full
    for answer in [a for a in campaigns if a.status_code == 503] + others:
        assert answer.status_code == 503 and answer.headers["retry-after"], answer.text
        assert str(path) not in answer.text  # the database's place is for the log
    assert "Traceback" not in log
    failures = [line for line in log.splitlines() if "full.db" in line and "database:" not in line]
    assert len(failures) == statuses.count(503) + len(others)
