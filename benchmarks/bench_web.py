"""The web table under load: concurrent games played by bot clients over WebSockets.

``python -m benchmarks web`` — a real ``totenblatt serve`` in its own process on
127.0.0.1 (a fresh SQLite file, every action stored), then 10 and 50 concurrent
duels. Each seat of a game is a WebSocket client that plays a seeded
:class:`RandomBot` on the views it is sent: at its decision it sends the action
over the socket and waits for the server's answer. Measured: actions applied per
second (all games together) and the round trip of one action (send to answer:
parse, check, store in the database, apply, push the new views, answer), p50 and
p95. Two loads: *paced* bots think :data:`THINK` seconds before each action (as
the server's own bots wait before they act, so a table plays at a person's pace),
*flat out* bots act the moment their view arrives (the server saturated: the round
trip is then mostly waiting in line behind the other games' actions).

*Noisy neighbour*: one person (a WebSocket client deciding like a person who needs
:data:`PERSON_THINK` s) plays the duel against the ordinary bot, first alone, then
beside :data:`NEIGHBOURS` bot-only ``gangs`` games of two hard bots each (created
from several loopback addresses, as many people would, within the per-address
limit). Measured for the person: the answer to an action (send to answer) and the
wait until the next decision (send to the view that asks the person again, the
bot's reply included), p50 and p95, alone and with the neighbours. Loopback only;
every run stops after its games end or after a time bound.

*Several processes* (``python -m benchmarks web --processes 1,2``): for each count N,
N ``totenblatt serve`` processes on one PostgreSQL (a fresh schema of
``$TOTENBLATT_BENCH_DATABASE_URL`` or ``$TOTENBLATT_TEST_DATABASE_URL``), then
:data:`PROCESS_GAMES` tables of duels played flat out for :data:`PROCESS_SECONDS` seconds
by clients in :data:`CLIENT_PROCESSES` processes (a table starts a new game the moment
one ends, so the load stays :data:`PROCESS_GAMES` games). *By game*: every request and socket of
a game goes to one process (game i to process i mod N, as nginx's ``hash`` on the game
does); *split seats*: a game's two seats on two processes (every action crosses
processes through the database and NOTIFY). Actions/s and the round trip's p50/p95;
:data:`PROCESS_ROUNDS` rounds in turn and each row's median (``--rounds K``).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import action_from_dict, action_to_dict

LEVELS = (10, 50)
TIME_BOUND = 150.0
"""Seconds a level may run at most (the games stop then, finished or not)."""
ACTION_CAP = 400
"""Actions a game may take at most."""
THINK = 0.8
"""Seconds a paced bot thinks before it acts (the server's default bot delay)."""
NEIGHBOURS = 20
"""Bot-only games of two hard bots beside the person's game."""
PERSON_DECISIONS = 60
"""Decisions of the person measured in each half of the noisy-neighbour case."""
PERSON_THINK = 0.3
"""Seconds the person takes before each action."""
PROCESS_GAMES = 200
"""Concurrent duels of the several-processes case."""
PROCESS_SECONDS = 20.0
"""Seconds the several-processes case plays each count (after a warm-up)."""
WARM_UP = 8.0
"""Seconds played before the measured window (connecting the sockets, first-use caches)."""
CLIENT_PROCESSES = 2
PROCESS_ROUNDS = 3
"""Rounds of the several-processes case (1, 2, 1, 2, …; medians compared): a shared
machine's speed drifts by minutes, so one round of each is not a comparison."""
"""Processes the several-processes case's clients run in (one would be their bottleneck)."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.load(response)
        return data


class _Socket:
    """One seat's WebSocket: the next view where the seat is to act, and an action's answer
    (views pushed meanwhile are kept: the newest is looked at next)."""

    def __init__(self, ws: Any, seat: int) -> None:
        self.ws, self.seat = ws, seat
        self.latest: dict[str, Any] | None = None
        self.acted = -1

    async def turn(self) -> dict[str, Any] | None:
        """The next view in which the seat is to act; None when the game is over."""
        while True:
            if self.latest is None:
                message = json.loads(await self.ws.recv())
                if message.get("type", "view") != "view":
                    continue
                self.latest = message
            view, self.latest = self.latest, None
            if view["is_over"]:
                return None
            if view["to_act"] == self.seat and view["version"] > self.acted:
                return view

    async def act(self, action: dict[str, Any], version: int) -> str:
        """Send ``action`` chosen at ``version``; the answer's type (result or error)."""
        self.acted = version
        await self.ws.send(json.dumps({"type": "action", "action": action, "version": version}))
        while True:
            reply = json.loads(await self.ws.recv())
            if reply.get("type") in ("result", "error"):
                return str(reply["type"])
            if reply.get("type", "view") == "view":
                self.latest = reply


async def _seat(
    url: str,
    seat: int,
    seed: int,
    deadline: float,
    think: float,
    rtts: list[float],
    counts: list[int],
) -> None:
    from websockets.asyncio.client import connect

    bot = RandomBot(seed)
    async with connect(url, max_size=2**24) as ws:
        socket = _Socket(ws, seat)
        while time.perf_counter() < deadline:
            view = await socket.turn()
            if view is None or view["version"] >= ACTION_CAP:
                return
            legal = [action_from_dict(a) for a in view["legal_actions"] if a["type"] != "concede"]
            action = action_to_dict(bot.choose(view, legal))
            if think:
                await asyncio.sleep(think)
            start = time.perf_counter()
            answer = await socket.act(action, view["version"])
            rtts.append(time.perf_counter() - start)
            if answer == "result":
                counts[0] += 1


async def _level(base: str, games: int, think: float) -> tuple[float, list[float], int, int]:
    ids = [
        _post(f"{base}/api/games", {"scenario": "duel", "seats": ["human", "human"]})
        for _ in range(games)
    ]
    rtts: list[float] = []
    counts = [0]
    deadline = time.perf_counter() + TIME_BOUND
    ws_base = "ws" + base.removeprefix("http")
    tasks = []
    for g, info in enumerate(ids):
        for seat in (0, 1):
            url = (
                f"{ws_base}/ws/games/{info['game_id']}?token={info['seats'][seat]['token']}&tail=1"
            )
            tasks.append(_seat(url, seat, 7_000 + 10 * g + seat, deadline, think, rtts, counts))
    start = time.perf_counter()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    finished = 0
    for info in ids:
        token = info["seats"][0]["token"]
        request = urllib.request.Request(
            f"{base}/api/games/{info['game_id']}/view",
            headers={"Authorization": f"Bearer {token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            finished += bool(json.load(response)["is_over"])
    return elapsed, rtts, counts[0], finished


def _post_from(address: str, base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` from the loopback ``address`` (another client, as the server sees it)."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(address, 0))
    try:
        headers = {"content-type": "application/json"}
        conn.request("POST", path, json.dumps(body), headers)
        response = conn.getresponse()
        data: dict[str, Any] = json.loads(response.read())
        if response.status >= 300:
            raise RuntimeError(f"{path} from {address}: {response.status} {data}")
        return data
    finally:
        conn.close()


async def _person(base: str, seed: int, decisions: int) -> tuple[list[float], list[float]]:
    """Play duels against the ordinary bot until ``decisions`` decisions were timed: the
    answers' and the waits' until the next decision, in seconds."""
    from websockets.asyncio.client import connect

    answers: list[float] = []
    waits: list[float] = []
    bot = RandomBot(seed)
    ws_base = "ws" + base.removeprefix("http")
    deadline = time.perf_counter() + TIME_BOUND
    while len(waits) < decisions and time.perf_counter() < deadline:
        info = _post(f"{base}/api/games", {"scenario": "duel", "seats": ["human", "bot"]})
        url = f"{ws_base}/ws/games/{info['game_id']}?token={info['seats'][0]['token']}&tail=1"
        async with connect(url, max_size=2**24) as ws:
            view = json.loads(await ws.recv())
            while len(waits) < decisions and time.perf_counter() < deadline:
                while view.get("type", "view") != "view" or view["to_act"] != 0:
                    if view.get("is_over"):
                        break
                    view = json.loads(await ws.recv())
                if view.get("is_over"):
                    break
                legal = [action_from_dict(a) for a in view["legal_actions"]]
                legal = [a for a in legal if a.__class__.__name__ != "Concede"]
                action = action_to_dict(bot.choose(view, legal))
                await asyncio.sleep(PERSON_THINK)
                start = time.perf_counter()
                message = {"type": "action", "action": action, "version": view["version"]}
                await ws.send(json.dumps(message))
                answered = waited = False
                while not (answered and waited):
                    reply = json.loads(await ws.recv())
                    kind = reply.get("type", "view")
                    if kind in ("result", "error"):
                        answers.append(time.perf_counter() - start)
                        answered = True
                    elif (
                        not waited
                        and reply["version"] > view["version"]
                        and (reply["is_over"] or reply["to_act"] == 0)
                    ):
                        waits.append(time.perf_counter() - start)
                        waited, latest = True, reply
                view = latest
    return answers, waits


def _noisy(base: str) -> None:
    """The person alone, then beside :data:`NEIGHBOURS` bot-only games of hard bots."""
    alone = asyncio.run(_person(base, 11, PERSON_DECISIONS))
    for n in range(NEIGHBOURS):  # three games per address at most (the server's limit)
        address = f"127.0.0.{2 + n // 3}"
        body = {"scenario": "gangs", "seats": ["hard", "hard"]}
        _post_from(address, base, "/api/games", body)
    time.sleep(3.0)  # the neighbours are thinking
    beside = asyncio.run(_person(base, 12, PERSON_DECISIONS))
    print("person            decisions  answer p50  p95 ms  next decision p50  p95 ms")
    figures = []
    for label, (answers, waits) in (("alone", alone), (f"{NEIGHBOURS} neighbours", beside)):
        p95 = _percentile(waits, 95) * 1000
        figures.append(p95)
        print(
            f"{label:16}  {len(waits):9d}  {_percentile(answers, 50) * 1000:10.1f}  "
            f"{_percentile(answers, 95) * 1000:6.1f}  {_percentile(waits, 50) * 1000:17.1f}  "
            f"{p95:6.1f}"
        )
    print(f"next decision p95 with neighbours / alone: {figures[1] / figures[0]:.2f}x (aim ≤ 3x)")


def _percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def _cpu_seconds(pids: list[int]) -> float:
    """CPU seconds (user + system) the processes ``pids`` used so far (Linux /proc)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _postgres_pids() -> list[int]:
    """The PostgreSQL server's processes on this machine (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in ("postgres", "postmaster"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _machine() -> tuple[float, float]:
    """The machine's busy and total CPU seconds so far (all cores, /proc/stat)."""
    try:
        numbers = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    except OSError:
        return 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    idle = numbers[3] + (numbers[4] if len(numbers) > 4 else 0)
    return (sum(numbers) - idle) / tick, sum(numbers) / tick


def _serve(port: int, db: str) -> subprocess.Popen[bytes]:
    """One ``totenblatt serve`` for the several-processes case (limits out of the way)."""
    args = [sys.executable, "-m", "totenblatt", "serve", "--port", str(port), "--db", db]
    args += ["--bot-delay", "0", "--bot-processes", "0", "--max-games", "100000"]
    args += ["--games-per-hour", "100000", "--actions-per-minute", "1000000"]
    env = {**os.environ, "TOTENBLATT_LANG": "en"}
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def _up(base: str, server: subprocess.Popen[bytes] | None = None) -> None:
    for _ in range(600):
        if server is not None and server.poll() is not None:
            raise RuntimeError(f"the server {base} ended with status {server.returncode}")
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server {base} did not start")


Table = tuple[str, tuple[str, str], int]
"""One table of the several-processes case: where its games are created, where each
seat's socket connects (the same process by game, two with split seats), its seed."""


async def _seat_for(
    url: str, seat: int, rng: random.Random, start: float, end: float, rtts: list[float]
) -> int:
    """A seat played flat out until its game ends or ``end``; actions answered within
    [start, end] (their round trips added to ``rtts``).

    It picks a random legal action as RandomBot does (one draw of the seeded generator
    over the legal actions but conceding), straight from the view's JSON: the clients
    share the machine's two cores with the servers, so they spend as little as they can.
    Its socket asks for tails, as the table's page does."""
    from websockets.asyncio.client import connect

    count = 0
    async with connect(url, max_size=2**24, open_timeout=30) as ws:
        socket = _Socket(ws, seat)
        while time.perf_counter() < end:
            view = await socket.turn()
            if view is None:
                break
            legal = [a for a in view["legal_actions"] if a["type"] != "concede"]
            sent = time.perf_counter()
            answer = await socket.act(legal[rng.randrange(len(legal))], view["version"])
            done = time.perf_counter()
            if start <= sent and done <= end:
                rtts.append(done - sent)
                count += answer == "result"
    return count


async def _table(table: Table, start: float, end: float, rtts: list[float]) -> int:
    """One table played flat out until ``end``: a new game as soon as one ends, so that the
    load stays :data:`PROCESS_GAMES` games whatever the servers' speed (games of a fast
    server end sooner: counting them out would measure a shrinking load)."""
    home, bases, seed = table
    rngs = [random.Random(seed * 2 + seat) for seat in (0, 1)]
    count = 0
    while time.perf_counter() < end:
        body = {"scenario": "duel", "seats": ["human", "human"]}
        info = await asyncio.to_thread(_post, f"{home}/api/games", body)
        urls = [
            "ws"
            + base.removeprefix("http")
            + f"/ws/games/{info['game_id']}?token={info['seats'][seat]['token']}&tail=1"
            for seat, base in enumerate(bases)
        ]
        seats = (_seat_for(urls[s], s, rngs[s], start, end, rtts) for s in (0, 1))
        count += sum(await asyncio.gather(*seats))
    return count


async def _clients(tables: list[Table], start: float, end: float) -> Any:
    cpu: list[float] = []

    async def clock() -> None:  # this client process's CPU over the window
        for at in (start, end):
            await asyncio.sleep(max(0.0, at - time.perf_counter()))
            cpu.append(time.process_time())

    clocking = asyncio.create_task(clock())
    rtts: list[float] = []
    tasks = [asyncio.create_task(_table(table, start, end, rtts)) for table in tables]
    done, pending = await asyncio.wait(tasks, timeout=end - time.perf_counter() + 10.0)
    await clocking
    for task in pending:  # a seat waiting for a view that never came: stop it
        task.cancel()
    count = sum(task.result() for task in done if task.exception() is None)
    return rtts, count, cpu[1] - cpu[0]


def _client_process(tables: list[Table], start: float, end: float) -> Any:
    """One client process's tables, on uvloop (as the servers run, with uvicorn[standard]):
    the clients share the cores with the servers, so they spend as little as they can."""
    import uvloop

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(_clients(tables, start, end))


def _client_ready(_: int) -> bool:
    """Nothing: a client process has started and imported what it plays with."""
    import websockets.asyncio.client  # noqa: F401

    return True


@dataclass
class Figures:
    """One several-processes measurement: actions/s, round trips, cores used over the
    window by the servers, the clients and PostgreSQL, the machine's busy share."""

    rate: float
    rtts: list[float]
    servers: float
    clients: float
    postgres: float
    busy: float


def _processes_case(count: int, url: str, split: bool) -> Figures:
    """``count`` server processes on a fresh schema of ``url``, measured (:class:`Figures`)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from totenblatt.store.core import Database
    from totenblatt.store.database import resolve_url

    base_url = resolve_url(url)
    schema = f"bench_{os.getpid()}_{count}_{int(split)}"
    admin = create_engine(base_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    db = make_url(base_url).update_query_dict({"options": f"-csearch_path={schema}"})
    db_url = db.render_as_string(hide_password=False)
    servers = []
    try:
        Database(db_url).close()  # migrated once
        ports = [_free_port() for _ in range(count)]
        servers = [_serve(port, db_url) for port in ports]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        for base, server in zip(bases, servers, strict=True):
            _up(base, server)
        tables: list[Table] = []
        for g in range(PROCESS_GAMES):
            home = bases[g % count]
            seats = (home, bases[(g + 1) % count] if split else home)
            tables.append((home, seats, g))
        shares = [tables[i::CLIENT_PROCESSES] for i in range(CLIENT_PROCESSES)]
        context = multiprocessing.get_context("spawn")
        samples: list[tuple[float, float, float]] = []
        with context.Pool(CLIENT_PROCESSES) as pool:
            pool.map(_client_ready, range(CLIENT_PROCESSES))  # started before the clock runs
            # the warm-up covers connecting the sockets; perf_counter is the system's
            # monotonic clock: the same in every process
            start = time.perf_counter() + WARM_UP
            end = start + PROCESS_SECONDS
            playing = pool.starmap_async(_client_process, [(share, start, end) for share in shares])
            for at in (start, end):
                time.sleep(max(0.0, at - time.perf_counter()))
                pg = _cpu_seconds(_postgres_pids())
                samples.append((_cpu_seconds([p.pid for p in servers]), pg, *_machine()))
            results = playing.get(timeout=PROCESS_SECONDS + 120)
        rtts = [r for part, _, _ in results for r in part]
        actions = sum(n for _, n, _ in results)
        (cpu0, pg0, busy0, total0), (cpu1, pg1, busy1, total1) = samples
        return Figures(
            rate=actions / PROCESS_SECONDS,
            rtts=rtts,
            servers=(cpu1 - cpu0) / PROCESS_SECONDS,
            clients=sum(c for _, _, c in results) / PROCESS_SECONDS,
            postgres=(pg1 - pg0) / PROCESS_SECONDS,
            busy=(busy1 - busy0) / max(total1 - total0, 1e-9),
        )
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _processes(counts: list[int], rounds: int = 1) -> None:
    """The several-processes case for each count, ``rounds`` times in turn (see the module
    docstring); with several rounds, each row's median at the end.

    The figures move with the machine's other work: *others* is what the rest of the
    machine used meanwhile (busy cores less servers, clients and PostgreSQL), *ms/action*
    the servers' CPU per action — a run whose others are high or whose ms/action jumps
    was measured on a crowded machine (on a shared virtual machine a neighbour's load
    makes every CPU second do less)."""
    url = os.environ.get("TOTENBLATT_BENCH_DATABASE_URL") or os.environ.get(
        "TOTENBLATT_TEST_DATABASE_URL"
    )
    if not url:
        print("several processes need PostgreSQL: set TOTENBLATT_BENCH_DATABASE_URL")
        return
    print(
        f"{PROCESS_GAMES} duels flat out, {PROCESS_SECONDS:g} s measured after {WARM_UP:g} s, "
        f"clients in {CLIENT_PROCESSES} processes, {os.cpu_count()} cores, {rounds} round(s)"
    )
    print(
        "processes  routing      actions/s  p50 ms  p95 ms  vs 1 process  "
        "cores: servers  clients  postgres  others  ms/action"
    )
    cores = os.cpu_count() or 1
    rates: dict[tuple[int, bool], list[float]] = {}
    for _ in range(rounds):
        single: float | None = None
        for count in counts:
            for split in (False, True) if count > 1 else (False,):
                got = _processes_case(count, url, split)
                rates.setdefault((count, split), []).append(got.rate)
                if count == 1:
                    single = got.rate
                ratio = f"{got.rate / single:.2f}x" if single else "-"
                routing = "split seats" if split else "by game"
                others = max(0.0, got.busy * cores - got.servers - got.clients - got.postgres)
                print(
                    f"{count:9d}  {routing:11}  {got.rate:9.1f}  "
                    f"{_percentile(got.rtts, 50) * 1000:6.1f}  "
                    f"{_percentile(got.rtts, 95) * 1000:6.1f}  "
                    f"{ratio:>12}  {got.servers:14.2f}  {got.clients:7.2f}  {got.postgres:8.2f}  "
                    f"{others:6.2f}  {got.servers / max(got.rate, 1e-9) * 1000:9.2f}",
                    flush=True,
                )
    if rounds > 1:
        base = statistics.median(rates.get((1, False), [0.0])) or None
        print("medians:")
        for (count, split), values in rates.items():
            median = statistics.median(values)
            ratio = f"{median / base:.2f}x" if base else "-"
            routing = "split seats" if split else "by game"
            print(f"{count:9d}  {routing:11}  {median:9.1f}  {ratio:>12}", flush=True)


def main(options: list[str] | None = None) -> None:
    """Run both levels against one server process; print actions/s and p50/p95.

    ``--processes 1,2 [--rounds K]``: the several-processes case instead (PostgreSQL),
    K times in turn (default :data:`PROCESS_ROUNDS`)."""
    options = options or []
    if options:
        usage = "bench_web takes --processes N[,N...] [--rounds K] (e.g. --processes 1,2)"
        if len(options) not in (2, 4) or options[0] != "--processes":
            raise SystemExit(usage)
        if len(options) == 4 and (options[2] != "--rounds" or not options[3].isdigit()):
            raise SystemExit(usage)
        rounds = int(options[3]) if len(options) == 4 else PROCESS_ROUNDS
        _processes([int(n) for n in options[1].split(",")], rounds)
        return
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        env = {**os.environ, "TOTENBLATT_LANG": "en"}
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "totenblatt",
                "serve",
                "--port",
                str(port),
                "--db",
                str(db),
                "--bot-delay",
                "0",
                "--games-per-hour",  # every game comes from this one address
                "100000",
                "--actions-per-minute",
                "1000000",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise RuntimeError("the server did not start")
            cases = os.environ.get("BENCH_WEB_CASES", "load,noisy").split(",")
            if "noisy" in cases:
                _noisy(base)
            if "load" not in cases:
                return
            print("load      games  actions  finished  seconds  actions/s  p50 ms  p95 ms  max ms")
            for think, load in ((THINK, "paced"), (0.0, "flat out")):
                for games in LEVELS:
                    elapsed, rtts, actions, finished = asyncio.run(_level(base, games, think))
                    p50 = _percentile(rtts, 50) * 1000
                    p95 = _percentile(rtts, 95) * 1000
                    print(
                        f"{load:8}  {games:5d}  {actions:7d}  {finished:8d}  {elapsed:7.1f}  "
                        f"{actions / elapsed:9.0f}  {p50:6.1f}  {p95:6.1f}  "
                        f"{max(rtts) * 1000:6.1f}"
                    )
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
