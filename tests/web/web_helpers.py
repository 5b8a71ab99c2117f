"""Helpers of the web tests: games through the API, a real uvicorn server, waiting."""

from __future__ import annotations

import itertools
import json
import socket
import threading
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi.testclient import TestClient

from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import action_from_dict, action_to_dict
from totenblatt.web import ServerSettings, create_app
from totenblatt.web.shell.server import uvicorn_config
from totenblatt.web.table.hub import Hub


def seed_counter(start: int = 1_000) -> Callable[[], int]:
    """Fixed seeds for reproducible tests (the server draws them from ``secrets`` otherwise)."""
    counter = itertools.count(start)
    return lambda: next(counter)


def editor_settings(db_url: str, folder: Path | None, **more: Any) -> ServerSettings:
    """A server whose editor saves scenarios into ``folder`` (None: it has none), bots
    without delay, the operator's token :data:`OPERATOR`."""
    return ServerSettings(
        db_url=db_url,
        bot_delay=0.0,
        seeds=seed_counter(),
        operator_token=OPERATOR,
        scenario_dir=None if folder is None else str(folder),
        **more,
    )


def hub_of(client: TestClient) -> Hub:
    """The server's hub (for tests that look behind the API)."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def create_game(client: Any, seats: list[str], **extra: Any) -> dict[str, Any]:
    """POST /api/games; the JSON answer (201 expected)."""
    body = {"scenario": "duel", "ruleset": "base", "seats": seats, "lang": "en", **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


OPERATOR = "operator-token-of-the-tests-0123456789"
"""The operator's token of the tests' servers that bring in stored things (issue 38)."""


def operator(token: str | None = None) -> dict[str, str]:
    """The headers of the operator's token beside ``token`` (a campaign's or story's)."""
    return {"X-Operator-Token": OPERATOR} | ({} if token is None else auth(token))


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def spectator_token(game: dict[str, Any]) -> str:
    return str(game["spectator_url"].split("token=")[1])


def table_link(game_id: str, *tokens: str, **query: str) -> str:
    """A game's table page for ``tokens`` as the site links it: the tokens in the fragment
    (``#token=A&token=B``), ``query`` (lang, tutorial) in the query."""
    from urllib.parse import urlencode

    search = f"?{urlencode(query)}" if query else ""
    return f"/games/{game_id}{search}#" + "&".join(f"token={t}" for t in tokens)


def boot(client: Any, game_id: str, *tokens: str, lang: str | None = None) -> Any:
    """POST /api/games/{id}/boot with ``tokens``, as the table page's script does when it
    opens (the seats of the tokens are taken then); the response."""
    query = "" if lang is None else f"?lang={lang}"
    return client.post(f"/api/games/{game_id}/boot{query}", json={"tokens": list(tokens)})


def json_strings(data: Any, *, skip: Collection[str] = (), values: bool = True) -> Iterator[str]:
    """Every string of a JSON value: each key, then what it holds (a key in ``skip`` and what
    it holds passed over); ``values`` False: the keys alone."""
    if isinstance(data, str):
        if values:
            yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key in skip:
                continue
            yield str(key)
            yield from json_strings(value, skip=skip, values=values)
    elif isinstance(data, list):
        for value in data:
            yield from json_strings(value, skip=skip, values=values)


def wait_for(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    """Poll until ``predicate()`` holds (the bots act on the server's own loop)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.01)


def view_of(client: Any, game_id: str, token: str, lang: str = "en") -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/view?lang={lang}", headers=auth(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def my_turn(client: Any, game_id: str, token: str) -> dict[str, Any]:
    """The seat's view once it is its decision or the game is over."""
    found: dict[str, Any] = {}

    def ready() -> bool:
        found.update(view_of(client, game_id, token))
        return bool(found["is_over"] or found["to_act"] == found["seat"])

    wait_for(ready)
    return found


def random_choice(bot: RandomBot, view: dict[str, Any]) -> dict[str, Any]:
    """A random legal action from the payload (never conceding)."""
    legal = [action_from_dict(a) for a in view["legal_actions"] if a["type"] != "concede"]
    return action_to_dict(bot.choose(view, legal))


def play_random(
    client: Any, game_id: str, token: str, bot: RandomBot, view: dict[str, Any]
) -> None:
    """Post the bot's random legal action for the seat's ``view``; it must be accepted."""
    response = client.post(
        f"/api/games/{game_id}/actions?version={view['version']}",
        json=random_choice(bot, view),
        headers=auth(token),
    )
    assert response.status_code == 200, response.text


def play_out(client: Any, game_id: str, token: str, bot: RandomBot, most: int) -> dict[str, Any]:
    """The seat plays the bot's random legal actions (:func:`play_random`) at its decisions,
    ``most`` times or until the game is over; the last view it waited for."""
    for _ in range(most):
        view = my_turn(client, game_id, token)
        if view["is_over"]:
            break
        play_random(client, game_id, token, bot, view)
    return view


@dataclass
class LiveServer:
    """A real uvicorn server on a free loopback port, in a thread."""

    url: str
    server: uvicorn.Server
    thread: threading.Thread
    app: Any

    @property
    def hub(self) -> Hub:
        hub: Hub = self.app.state.hub
        return hub

    def ws_url(self, path: str) -> str:
        return "ws" + self.url.removeprefix("http") + path


def start_server(settings: ServerSettings) -> LiveServer:
    """Start uvicorn on 127.0.0.1 (a port the OS picks) and wait until it answers."""
    app = create_app(settings)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn_config(app, settings)  # as `totenblatt serve` runs it
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    wait_for(lambda: server.started, timeout=20)
    return LiveServer(f"http://127.0.0.1:{port}", server, thread, app)


def client_at(live: LiveServer, address: str, **options: Any) -> httpx.Client:
    """An HTTP client of ``live`` whose connections come from ``address`` (127.0.0.x):
    to the server a client of its own."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=live.url, transport=transport, **options)


def stop_server(live: LiveServer) -> None:
    live.server.should_exit = True
    live.thread.join(timeout=20)


@contextmanager
def served(settings: ServerSettings) -> Iterator[LiveServer]:
    """A real server with ``settings`` (:func:`start_server`) for the block, stopped after it."""
    live = start_server(settings)
    try:
        yield live
    finally:
        stop_server(live)


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
