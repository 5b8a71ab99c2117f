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
trip is then mostly waiting in line behind the other games' actions). Loopback
only; every run stops after its games end or after a time bound.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
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
    acted = -1
    latest: dict[str, Any] | None = None
    async with connect(url, max_size=2**24) as ws:
        while time.perf_counter() < deadline:
            if latest is None:
                message = json.loads(await ws.recv())
                if "type" in message:
                    continue
                latest = message
            view, latest = latest, None
            if view["is_over"] or view["version"] >= ACTION_CAP:
                return
            if view["to_act"] != seat or view["version"] <= acted:
                continue
            legal = [action_from_dict(a) for a in view["legal_actions"] if a["type"] != "concede"]
            action = action_to_dict(bot.choose(view, legal))
            acted = view["version"]
            if think:
                await asyncio.sleep(think)
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "action": action, "version": acted}))
            while True:  # views pushed meanwhile are kept: the newest is looked at next
                reply = json.loads(await ws.recv())
                if reply.get("type") in ("result", "error"):
                    break
                if "type" not in reply:
                    latest = reply
            rtts.append(time.perf_counter() - start)
            if reply["type"] == "result":
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
            url = f"{ws_base}/ws/games/{info['game_id']}?token={info['seats'][seat]['token']}"
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


def _percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def main() -> None:
    """Run both levels against one server process; print actions/s and p50/p95."""
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
