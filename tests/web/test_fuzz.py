"""Hostile input on every route: no 5xx anywhere, every answer JSON; floods stay local.

The fuzz (hypothesis) sends every body-taking route and the WebSocket huge and
non-finite numbers, deep nesting, wrong types, invalid UTF-8 and oversized bodies,
shaped like the real requests so they reach past the parser; the routes without a
body get hostile paths and query strings. Slow bodies go to a real server. The flood
tests run a real uvicorn server reached from distinct loopback addresses.
"""

from __future__ import annotations

import json
import math
import socket
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import (
    LiveServer,
    auth,
    client_at,
    create_game,
    play_out,
    random_choice,
    seed_counter,
    served,
    spectator_token,
    view_of,
)

from totenblatt.wanted.bots import RandomBot
from totenblatt.web import MAX_BODY, ServerSettings, create_app
from totenblatt.web.shell.limits import Limits

UNLIMITED = Limits(games_per_hour=10**5, actions_per_minute=10**6)
KEYS = [
    "type", "kind", "card", "cards", "figure", "goal", "steps", "path", "hide", "wild",
    "attacker", "target", "covers", "extra", "payer", "seats", "scenario", "ruleset",
    "lang", "hand_mode", "version", "action",
]  # fmt: skip
ACTION_TYPES = ["pass", "swap", "bid", "move", "attack", "defend", "redraw", "reveal",
                "tempt_fate", "keep"]  # fmt: skip
"""The engine's action types but concede (it would end the shared game at once)."""
FIGURES = ["Billy", "Jesse", "Wild Bill", "nobody", "", "Billy" * 100]
CARDS = ["9♣", "Q♠", "10♦", "4♥", "Joker", "JOKER", "AS", "♣", "11♣", "0♦"]

numbers = st.one_of(
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e200, -1e308, 1e-320, 0.5, 12, 3.0, 10**9, 10**9 + 1, 2**63, -(2**64)]),
)
texts = st.one_of(
    st.text(max_size=30), st.sampled_from(FIGURES + CARDS + ACTION_TYPES), st.just("\ud800")
)
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=8)), inner, max_size=5),
    ),
    max_leaves=25,
)
points = st.one_of(st.lists(numbers, min_size=2, max_size=2), values)
steps = st.lists(
    st.fixed_dictionaries(
        {
            "figure": st.one_of(st.sampled_from(FIGURES), values),
            "path": st.lists(points, max_size=4),
        },
        optional={"hide": st.one_of(st.booleans(), values)},
    ),
    max_size=3,
)
previews = st.one_of(
    st.fixed_dictionaries(
        {"kind": st.just("move")},
        optional={
            "figure": st.one_of(st.sampled_from(FIGURES), values),
            "goal": points,
            "steps": st.one_of(steps, values),
            "card": st.one_of(st.none(), st.sampled_from(CARDS), values),
            "hide": st.one_of(st.booleans(), values),
        },
    ),
    st.fixed_dictionaries(
        {"kind": st.just("attack")},
        optional={
            "attacker": st.one_of(st.sampled_from(FIGURES), values),
            "target": st.one_of(st.sampled_from(FIGURES), values),
            "card": st.one_of(st.sampled_from(CARDS), values),
        },
    ),
    values,
)
actions = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(ACTION_TYPES)},
        optional={
            "card": st.one_of(st.sampled_from(CARDS), values),
            "cards": st.one_of(st.lists(st.sampled_from(CARDS), max_size=3), values),
            "figure": st.one_of(st.sampled_from(FIGURES), values),
            "steps": st.one_of(steps, values),
            "attacker": st.one_of(st.sampled_from(FIGURES), values),
            "target": st.one_of(st.sampled_from(FIGURES), values),
            "wild": values,
            "covers": values,
            "extra": values,
            "payer": values,
        },
    ),
    values,
)
games = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "scenario": st.one_of(st.sampled_from(["duel", "gangs", "heroes"]), values),
            "ruleset": st.one_of(st.sampled_from(["base", "extended"]), values),
            "seats": st.one_of(
                st.lists(st.sampled_from(["human", "bot", "random", "hard", "x"]), max_size=4),
                values,
            ),
            "lang": st.one_of(st.sampled_from(["de", "en"]), values),
            "hand_mode": st.one_of(st.sampled_from(["per_player", "per_character"]), values),
        },
    ),
    values,
)


def _encode(value: Any) -> bytes:
    """JSON text, NaN and Infinity as written (``json.dumps`` allows them)."""
    return json.dumps(value).encode("utf-8", "surrogatepass")


raw_bodies = st.one_of(
    st.binary(max_size=200),  # invalid UTF-8 and garbage
    st.integers(min_value=1, max_value=3000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(min_value=1, max_value=400).map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
    st.integers(min_value=100, max_value=6000).map(lambda n: b"[" + b"9" * n + b"]"),
    st.sampled_from([b"", b"null", b"NaN", b"-Infinity", b"1e999", b" " * (MAX_BODY + 1)]),
)


def _body(shaped: st.SearchStrategy[Any]) -> st.SearchStrategy[bytes]:
    return st.one_of(shaped.map(_encode), raw_bodies)


def _check(response: Any) -> None:
    """No 5xx; the answer is JSON, an error says what is wrong."""
    assert response.status_code < 500, response.text
    assert response.headers["content-type"].startswith("application/json"), response.text
    data = response.json()
    if response.status_code >= 400:
        assert isinstance(data["error"], str) and data["error"], data


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One server with a duel a few decisions in (both seats), a duel against the bot,
    and a finished game's id: the routes' targets, shared by the whole module."""
    url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'web.db'}"
    app = create_app(
        ServerSettings(db_url=url, bot_delay=0.0, seeds=seed_counter(), limits=UNLIMITED)
    )
    with TestClient(app) as client:
        duel = create_game(client, ["human", "human"])
        tokens = [s["token"] for s in duel["seats"]]
        bot = RandomBot(11)
        for _ in range(8):  # into the round: moves and attacks have figures to name
            view = view_of(client, duel["game_id"], tokens[0])
            if view["is_over"]:
                break
            token = tokens[view["to_act"]]
            view = view_of(client, duel["game_id"], token)
            client.post(
                f"/api/games/{duel['game_id']}/actions",
                json=random_choice(bot, view),
                headers=auth(token),
            )
        yield {"client": client, "game": duel, "tokens": tokens}


FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(body=_body(games))
def test_creating_games(table: dict[str, Any], body: bytes) -> None:
    _check(table["client"].post("/api/games", content=body))


@FUZZ
@given(
    body=_body(actions),
    seat=st.integers(0, 1),
    version=st.sampled_from(
        ["", "?version=0", "?version=1e400", "?version=" + "9" * 5000, "?version=-1"]
    ),
)
def test_acting(table: dict[str, Any], body: bytes, seat: int, version: str) -> None:
    gid = table["game"]["game_id"]
    response = table["client"].post(
        f"/api/games/{gid}/actions{version}", content=body, headers=auth(table["tokens"][seat])
    )
    _check(response)


@FUZZ
@given(body=_body(previews), seat=st.integers(0, 1))
def test_previews(table: dict[str, Any], body: bytes, seat: int) -> None:
    gid = table["game"]["game_id"]
    _check(
        table["client"].post(
            f"/api/games/{gid}/preview?lang=de", content=body, headers=auth(table["tokens"][seat])
        )
    )


@FUZZ
@given(
    game=st.one_of(st.just("GAME"), st.text(max_size=60), st.just("x" * 5000)),
    token=st.one_of(st.just("TOKEN"), st.text(st.characters(min_codepoint=32, max_codepoint=126))),
    query=st.text(max_size=60),
)
def test_the_routes_without_a_body(
    table: dict[str, Any], game: str, token: str, query: str
) -> None:
    client: TestClient = table["client"]
    game = game.replace("GAME", table["game"]["game_id"])
    token = token.replace("TOKEN", table["tokens"][0])
    safe_game = quote(game, safe="")
    params = {"lang": query, "token": token}
    for path in (f"/api/games/{safe_game}/view", f"/api/games/{safe_game}/replay"):
        _check(client.get(path, params=params, headers={"authorization": f"Bearer {token}"}))
    _check(client.get("/api/games", params={"lang": query}))
    page = client.get(f"/games/{safe_game}", params=params)
    assert page.status_code < 500
    if page.status_code >= 400:
        assert "error" in page.json()


@FUZZ
@given(
    message=st.one_of(
        st.fixed_dictionaries(
            {"type": st.just("action")},
            optional={"action": actions, "version": st.one_of(numbers, values)},
        ).map(_encode),
        values.map(_encode),
        raw_bodies,
    )
)
def test_socket_messages(table: dict[str, Any], message: bytes) -> None:
    gid, token = table["game"]["game_id"], table["tokens"][0]
    with table["client"].websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        ws.receive_json()
        ws.send_bytes(message)
        reply = ws.receive_json()
        while reply["type"] == "view":  # a view pushed after an action that was applied
            reply = ws.receive_json()
    assert reply["type"] in ("result", "error", "pong")
    if reply["type"] == "error":
        assert reply["status"] < 500 and reply["error"]


# -- slow bodies on a real server -----------------------------------------------------------


@pytest.fixture
def quick(sqlite_url: str) -> Iterator[LiveServer]:
    with served(
        ServerSettings(db_url=sqlite_url, bot_delay=0.0, body_timeout=0.5, limits=UNLIMITED)
    ) as live:
        yield live


def test_slow_bodies_on_every_route_are_408_json(quick: LiveServer) -> None:
    with client_at(quick, "127.0.0.2") as http:
        game = create_game(http, ["human", "human"])
    gid, token = game["game_id"], game["seats"][0]["token"]
    port = int(quick.url.rsplit(":", 1)[1])
    for path in ("/api/games", f"/api/games/{gid}/actions", f"/api/games/{gid}/preview"):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(
                f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                'Content-Length: 300\r\n\r\n{"kind": "move", '.encode()
            )
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 408"), (path, answer)
        assert "did not arrive" in json.loads(body)["error"]


# -- floods ---------------------------------------------------------------------------------


def test_a_flood_from_one_address_stops_no_other(sqlite_url: str) -> None:
    """127.0.0.2 spends its budgets of creations and actions (and more): 127.0.0.3 still
    creates a game, plays it, and its actions are answered."""
    limits = Limits(games_per_hour=5, actions_per_minute=30, max_playing=3)
    with (
        served(ServerSettings(db_url=sqlite_url, bot_delay=0.0, limits=limits)) as live,
        client_at(live, "127.0.0.2") as flood,
        client_at(live, "127.0.0.3") as friend,
    ):
        created = [flood.post("/api/games", json={"seats": ["human", "human"]}) for _ in range(40)]
        assert [r.status_code for r in created].count(201) == 5
        assert {r.status_code for r in created[5:]} == {429}
        game = created[0].json()
        token = game["seats"][0]["token"]
        started = time.monotonic()
        acted = [
            flood.post(
                f"/api/games/{game['game_id']}/actions",
                json={"type": "pass"},
                headers=auth(token),
            )
            for _ in range(80)
        ]
        elapsed = time.monotonic() - started
        # the bucket refills at 30 a minute: on a loaded machine a few more pass the limiter
        # (and are answered on their merits); every other one is refused
        refilled = math.ceil(elapsed * 30 / 60)
        late = [r.status_code for r in acted[30:]]
        assert late.count(429) >= len(late) - refilled
        assert all(code < 500 for code in late), late
        mine = create_game(friend, ["human", "bot"])
        gid, mine_token = mine["game_id"], mine["seats"][0]["token"]
        play_out(friend, gid, mine_token, RandomBot(5), 10)  # its actions are answered
        assert view_of(friend, gid, mine_token)["version"] > 0
        assert friend.get(f"/api/games/{gid}/view", headers=auth(spectator_token(mine))).is_success
