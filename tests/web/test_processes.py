"""Several ``totenblatt serve`` processes on one PostgreSQL (issue 28): one lobby, one set
of games; views pushed across processes; SIGKILL under load loses and doubles nothing;
nginx in front of three processes.

Every server is a real process on loopback, started by the test and killed in teardown;
every wait is bounded. The PostgreSQL tests skip without ``TOTENBLATT_TEST_DATABASE_URL``
(fail under ``CI``); the nginx test skips without ``TOTENBLATT_NGINX`` (``.ci/nginx.sh``
prints it), and fails under ``CI``.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from postgres_schema import fresh_schema
from totenblatt.store import resolve_url
from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import RandomBot, bot_seed
from totenblatt.wanted.engine import action_from_dict, action_to_dict
from totenblatt.web.table.hub import read_setup

START_TIMEOUT = 30.0
"""Seconds a server process may take to answer /healthz."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(0.02)


@dataclass
class Server:
    """One ``totenblatt serve`` process on a loopback port."""

    port: int
    db: str
    log: Path
    extra: tuple[str, ...] = ()
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        args = [
            sys.executable,
            "-m",
            "totenblatt",
            "serve",
            "--lang",
            "en",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--bot-delay",
            "0",
            "--bot-processes",
            "0",
            "--bot-think",
            "60",
            "--games-per-hour",
            "100000",
            "--actions-per-minute",
            "1000000",
            "--bot-games-per-address",
            "100",
            "--bot-games",
            "100",
            *self.extra,
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(args, stdout=log, stderr=log)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def ready(self) -> bool:
        if not self.alive():
            raise AssertionError(f"server :{self.port} ended:\n{self.log.read_text()[-3000:]}")
        try:
            with httpx.Client(trust_env=False, timeout=1.0) as http:
                return http.get(f"{self.url}/healthz").status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        if self.alive():
            assert self.process is not None
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.alive():
            assert self.process is not None
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema for this file's tests, migrated once (the servers then
    only check); skipped without ``TOTENBLATT_TEST_DATABASE_URL``, failed under ``CI``."""
    base = os.environ.get("TOTENBLATT_TEST_DATABASE_URL")
    if not base:
        hint = "PostgreSQL tests need TOTENBLATT_TEST_DATABASE_URL (.ci/postgres.sh)"
        if os.environ.get("CI"):
            pytest.fail(f"{hint}; CI must run them", pytrace=False)
        pytest.skip(hint)
    with fresh_schema(resolve_url(base), "p") as url:
        Database(url).close()
        yield url


@pytest.fixture(scope="module")
def trio(pg_schema: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Three server processes on one PostgreSQL schema (behind a trusted proxy on loopback
    or not), shared by this file's tests (a process takes seconds to start on a busy
    machine); always stopped after."""
    logs = tmp_path_factory.mktemp("servers")
    trusted = ("--trusted-proxy", "127.0.0.1")
    found = [Server(_free_port(), pg_schema, logs / f"server{i}.log", trusted) for i in range(3)]
    try:
        yield found
    finally:
        for server in found:
            server.stop()


@pytest.fixture
def servers(trio: list[Server]) -> list[Server]:
    """The three processes, each (re)started if it is not running, all answering."""
    for server in trio:
        if not server.alive():
            server.start()
    for server in trio:
        _wait(server.ready, START_TIMEOUT, f"server :{server.port}")
    return trio


def _http(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, trust_env=False, timeout=10.0)


def _socket(url: str, origin: str | None = None) -> ClientConnection:
    ws_url = "ws" + url.removeprefix("http")
    opened = connect(
        ws_url,
        proxy=None,
        open_timeout=5,
        close_timeout=1,
        max_size=2**24,
        origin=origin,  # type: ignore[arg-type]
    )
    socket_: ClientConnection = opened.__enter__()  # closed by the caller
    return socket_


def _next_view(ws: ClientConnection, timeout: float) -> dict[str, Any]:
    """The next view pushed (other messages skipped), within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no view pushed in time")
        message: dict[str, Any] = json.loads(ws.recv(timeout=left))
        if message.get("type") == "view":
            return message


def _view_at(ws: ClientConnection, version: int, timeout: float) -> dict[str, Any]:
    """The first pushed view at ``version`` or later, within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        view = _next_view(ws, max(0.0, deadline - time.monotonic()))
        if view["version"] >= version:
            return view


def _choice(bot: RandomBot, view: dict[str, Any]) -> dict[str, Any]:
    legal = [action_from_dict(a) for a in view["legal_actions"] if a["type"] != "concede"]
    return action_to_dict(bot.choose(view, legal))  # type: ignore[arg-type]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# -- 1: a game across three processes -----------------------------------------------------


@pytest.mark.postgres
def test_a_game_created_on_a_is_watched_on_b_and_played_on_c(servers: list[Server]) -> None:
    a, b, c = servers
    with _http(a.url) as on_a, _http(b.url) as on_b, _http(c.url) as on_c:
        made = on_a.post("/api/games", json={"scenario": "duel", "seats": ["human", "human"]})
        assert made.status_code == 201, made.text
        game = made.json()
        gid = game["game_id"]
        tokens = [s["token"] for s in game["seats"]]
        with _socket(f"{b.url}/ws/games/{gid}?token={tokens[0]}") as ws:
            first = _next_view(ws, 5.0)
            assert first["version"] == 0
            bot = RandomBot(11)
            for _ in range(6):
                view = on_c.get(f"/api/games/{gid}/view", headers=_auth(tokens[0])).json()
                seat = view["to_act"]
                mine = on_c.get(f"/api/games/{gid}/view", headers=_auth(tokens[seat])).json()
                sent = time.monotonic()
                done = on_c.post(
                    f"/api/games/{gid}/actions?version={mine['version']}",
                    json=_choice(bot, mine),
                    headers=_auth(tokens[seat]),
                )
                assert done.status_code == 200, done.text
                pushed = _view_at(ws, mine["version"] + 1, 1.0)  # within a second
                assert time.monotonic() - sent < 1.0
                assert pushed["version"] == mine["version"] + 1
                assert (
                    pushed["hand"]
                    == on_b.get(f"/api/games/{gid}/view", headers=_auth(tokens[0])).json()["hand"]
                )
        lobbies: list[Any] = []

        def same_lobby() -> bool:  # (other tests' bot games may move between two looks)
            lobbies[:] = [http.get("/api/games").json() for http in (on_a, on_b, on_c)]
            return bool(lobbies[0] == lobbies[1] == lobbies[2])

        _wait(same_lobby, 10.0, "the same lobby on the three processes")
        assert gid in [g["game_id"] for g in lobbies[0]["games"]]


# -- 2: SIGKILL under load ---------------------------------------------------------------


def _stored_check(db_url: str, game_ids: list[str]) -> tuple[dict[str, list[Any]], int]:
    """Every game's stored positions; checks each bot turn against a seeded replay (the
    bot's decision at a position, seeded from the game's secret, seat and position). The
    number of bot turns checked."""
    stored: dict[str, list[Any]] = {}
    bot_turns = 0
    with Database(db_url) as db:
        games = WebGames(db)
        for gid in game_ids:
            record = games.load(gid)
            game = read_setup(record.setup)
            kinds = [s.kind for s in record.seats]
            secret = game.setup.seed
            for position, raw in enumerate(record.actions):
                actions = raw if isinstance(raw, list) else [raw]
                seat = game.to_act
                assert seat is not None, f"{gid}: an action after the end"
                if kinds[seat] == "random":
                    bot = RandomBot(0)
                    bot.rng.seed(bot_seed(bot_seed(secret, seat), position))
                    expected = bot.choose(game.view(seat), game.legal_actions())
                    assert action_to_dict(expected) == actions[0], (gid, position)
                    bot_turns += 1
                for one in actions:
                    game.apply(action_from_dict(one))
            stored[gid] = list(record.actions)
    return stored, bot_turns


@pytest.mark.postgres
def test_sigkill_under_load_loses_and_doubles_nothing(
    servers: list[Server], pg_schema: str
) -> None:
    rng = random.Random(28)
    bases = [s.url for s in servers]
    bot_games: list[str] = []
    people: list[dict[str, Any]] = []
    with _http(bases[0]) as http:
        for _ in range(4):
            body = {"scenario": "duel", "seats": ["random", "random"]}
            bot_games.append(http.post("/api/games", json=body).json()["game_id"])
        for _ in range(3):
            body = {"scenario": "duel", "seats": ["human", "random"]}
            people.append(http.post("/api/games", json=body).json())
    confirmed: dict[tuple[str, int], dict[str, Any]] = {}
    bots = {p["game_id"]: RandomBot(rng.randrange(1000)) for p in people}

    def live() -> list[str]:
        return [s.url for s in servers if s.alive()]

    def play_once(person: dict[str, Any]) -> None:
        """One decision of a person, if it is theirs, through any live process."""
        gid, token = person["game_id"], person["seats"][0]["token"]
        base = rng.choice(live())
        try:
            with _http(base) as http:
                view = http.get(f"/api/games/{gid}/view", headers=_auth(token))
                if view.status_code != 200:
                    return
                data = view.json()
                if data["is_over"] or data["to_act"] != 0:
                    return
                action = _choice(bots[gid], data)
                done = http.post(
                    f"/api/games/{gid}/actions?version={data['version']}",
                    json=action,
                    headers=_auth(token),
                )
                if done.status_code == 200:
                    confirmed[(gid, data["version"])] = action
        except httpx.HTTPError:
            return  # the process died under it: not confirmed, try again elsewhere

    watched = people[0]
    watch_url = f"/ws/games/{watched['game_id']}?token={watched['seats'][0]['token']}"
    reconnects = 0
    seen = -1  # the newest version the watching client was pushed
    ws: ClientConnection | None = None
    try:
        kills = 0
        next_kill = time.monotonic() + 1.0
        end = time.monotonic() + 9.5
        while time.monotonic() < end:
            for person in people:
                play_once(person)
            if ws is None:
                try:
                    ws = _socket(rng.choice(live()) + watch_url)
                    reconnects += 1
                except (OSError, TimeoutError, ConnectionClosed):
                    ws = None
            else:
                try:
                    while True:  # what was pushed meanwhile
                        message = json.loads(ws.recv(timeout=0))
                        if message.get("type") == "view":
                            seen = max(seen, message["version"])
                except TimeoutError:
                    pass
                except ConnectionClosed:
                    ws.close()
                    ws = None
            if time.monotonic() >= next_kill:
                victim = servers[kills % 3]
                victim.kill()
                kills += 1
                victim.start()  # back on its port; meanwhile the other two serve
                next_kill = time.monotonic() + 2.0
            time.sleep(0.05)
        assert kills >= 4
        for server in servers:
            _wait(server.ready, START_TIMEOUT, f"server :{server.port} after its kill")
        with Database(pg_schema) as db:
            games = WebGames(db)
            before = {g: len(games.load(g).actions) for g in bot_games}

            def resumed() -> bool:
                for gid, count in before.items():
                    record = games.load(gid)
                    if record.status == "playing" and len(record.actions) <= count:
                        return False
                return True

            _wait(resumed, 15.0, "every bot game to go on after the kills")
        # the watching client, reconnected if its process died, has the stored version
        with _http(rng.choice(live())) as http:
            token = watched["seats"][0]["token"]
            now = http.get(f"/api/games/{watched['game_id']}/view", headers=_auth(token)).json()
        for _ in range(3):
            if ws is None:
                ws = _socket(rng.choice(live()) + watch_url)
                reconnects += 1
                seen = -1
            try:
                if seen < now["version"]:
                    assert _view_at(ws, now["version"], 5.0)["version"] >= now["version"]
                ws.ping().wait(5.0)  # and it is still connected
                break
            except ConnectionClosed:  # its process was the last one killed
                ws.close()
                ws = None
        else:
            raise AssertionError("the watching client never got the stored version")
        assert reconnects >= 2  # it lost its process at least once and came back
    finally:
        if ws is not None:
            ws.close()
    stored, bot_turns = _stored_check(pg_schema, bot_games + [p["game_id"] for p in people])
    assert confirmed, "no action of a person was confirmed"
    for (gid, version), action in confirmed.items():
        at = stored[gid][version]
        assert (at[0] if isinstance(at, list) else at) == action, (gid, version)
    assert bot_turns > 50


# -- 3: nginx in front of three processes --------------------------------------------------


NGINX_HEAD = """
# docs/web.md's configuration (nginx_example), on loopback without TLS
worker_processes 1;
daemon off;
{user}
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 256; }}
"""
NGINX_PATHS = """
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
"""
DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def nginx_example() -> str:
    """The nginx block of docs/web.md marked as tested (the docs are what is run)."""
    text = DOCS.read_text(encoding="utf-8")
    after = text.split("<!-- nginx example: tested -->", 1)[1]
    block = after.split("```", 2)[1]
    return block.partition("\n")[2]


def nginx_conf(tmp: Path, port: int, upstreams: list[int]) -> str:
    """docs/web.md's example on loopback: our processes, our port, no TLS."""
    example = nginx_example()
    lines = [line for line in example.splitlines() if not re.match(r"\s*server \S+:\d+;", line)]
    example = "\n".join(lines)
    ours = "".join(f"\n    server 127.0.0.1:{p};" for p in upstreams)
    example = re.sub(
        r"(hash \$totenblatt_game consistent;[^\n]*)", lambda m: m.group(1) + ours, example
    )
    assert "listen 443 ssl;" in example
    example = example.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
    user = "user root;" if os.geteuid() == 0 else ""
    return (
        NGINX_HEAD.format(user=user, tmp=tmp)
        + "http {"
        + NGINX_PATHS.format(tmp=tmp)
        + example
        + "\n}\n"
    )


@pytest.fixture
def nginx_binary() -> str:
    path = os.environ.get("TOTENBLATT_NGINX")
    if not path or not Path(path).is_file():
        hint = 'the nginx test needs TOTENBLATT_NGINX (eval "$(.ci/nginx.sh)")'
        if os.environ.get("CI"):
            pytest.fail(f"{hint}; CI must run it", pytrace=False)
        pytest.skip(hint)
    return path


@pytest.mark.postgres
def test_nginx_in_front_of_three_processes(
    nginx_binary: str, servers: list[Server], pg_schema: str, tmp_path: Path
) -> None:
    port = _free_port()
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp_path / sub).mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_conf(tmp_path, port, [s.port for s in servers]))
    nginx: subprocess.Popen[bytes] | None = None
    try:
        nginx = subprocess.Popen(
            [nginx_binary, "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "error.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        proxy = Server(port, pg_schema, tmp_path / "unused.log")
        proxy.process = nginx
        _wait(proxy.ready, 10.0, "nginx")
        with _http(base) as http:
            made = http.post("/api/games", json={"scenario": "duel", "seats": ["human", "human"]})
            assert made.status_code == 201, made.text
            game = made.json()
            assert game["spectator_url"].startswith(base)  # the forwarded host and scheme
            gid = game["game_id"]
            tokens = [s["token"] for s in game["seats"]]
            bot = RandomBot(5)
            path = f"{base}/ws/games/{gid}?token={tokens[0]}"
            ws = _socket(path, origin=base)  # a page of the table itself, through the proxy
            try:
                _next_view(ws, 5.0)
                for step in range(6):
                    if step == 3:  # two processes die: the client reconnects through nginx
                        servers[1].kill()
                        servers[2].kill()
                        ws.close()
                        ws = _socket(path, origin=base)
                        _next_view(ws, 5.0)
                    view = http.get(f"/api/games/{gid}/view", headers=_auth(tokens[0])).json()
                    seat = view["to_act"]
                    mine = http.get(f"/api/games/{gid}/view", headers=_auth(tokens[seat])).json()
                    done = http.post(
                        f"/api/games/{gid}/actions?version={mine['version']}",
                        json=_choice(bot, mine),
                        headers=_auth(tokens[seat]),
                    )
                    assert done.status_code == 200, done.text
                    assert _view_at(ws, mine["version"] + 1, 1.0)["version"] == mine["version"] + 1
            finally:
                ws.close()
            servers[0].kill()  # none is left: nginx answers JSON, not its HTML page
            gone = [
                http.get(f"/api/games/{gid}/view", headers=_auth(tokens[0])),
                http.post(f"/api/games/{gid}/actions", json={"type": "pass"}),
                http.get("/"),
            ]
            for answer in gone:
                assert answer.status_code == 503, answer.text
                assert answer.headers["content-type"].startswith("application/json")
                assert "no server process answered" in answer.json()["error"]
                assert answer.headers["retry-after"] == "2"
    finally:
        if nginx is not None and nginx.poll() is None:
            nginx.terminate()
            try:
                nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                nginx.kill()
                nginx.wait(timeout=10)


def test_several_workers_need_postgresql(tmp_path: Path) -> None:
    args = ["-m", "totenblatt", "serve", "--lang", "en", "--workers", "2"]
    done = subprocess.run(
        [sys.executable, *args, "--db", str(tmp_path / "one.db")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and not done.stdout
    assert len(done.stderr.strip().splitlines()) == 1
    assert "--workers 2: several server processes need PostgreSQL" in done.stderr
