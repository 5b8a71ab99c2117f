"""The WebSocket's origin check: the page's own origin, an allowed one, or no Origin at all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import LiveServer, client_at, create_game, served
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from totenblatt.web import ServerSettings, create_app


@pytest.fixture
def game(client: TestClient) -> tuple[str, str]:
    made = create_game(client, ["human", "human"])
    return made["game_id"], made["seats"][0]["token"]


def _opens(client: TestClient, game: tuple[str, str], **headers: str) -> bool:
    """Whether the socket opens and sends the view (else it must be closed with 1008)."""
    gid, token = game
    try:
        with client.websocket_connect(f"/ws/games/{gid}?token={token}", headers=headers) as ws:
            return "version" in ws.receive_json()
    except WebSocketDisconnect as closed:
        assert closed.code == 1008 and "another site" in closed.reason
        return False


def test_the_pages_own_origin_and_clients_without_one_connect(
    client: TestClient, game: tuple[str, str]
) -> None:
    assert _opens(client, game)  # no Origin: not a browser
    assert _opens(client, game, origin="http://testserver")
    assert _opens(client, game, origin="HTTP://TestServer:80")


@pytest.mark.parametrize(
    "origin",
    [
        "https://evil.example",
        "http://testserver.evil.example",
        "https://testserver",  # another scheme is another origin
        "http://testserver:8080",
        "null",
        "",
    ],
)
def test_another_sites_page_is_closed_with_1008(
    client: TestClient, game: tuple[str, str], origin: str
) -> None:
    assert not _opens(client, game, origin=origin)


def test_allowed_origins_connect(sqlite_url: str) -> None:
    settings = ServerSettings(
        db_url=sqlite_url, bot_delay=0.0, allow_origins=("https://friends.example:8443",)
    )
    with TestClient(create_app(settings)) as client:
        made = create_game(client, ["human", "human"])
        game = (made["game_id"], made["seats"][0]["token"])
        assert _opens(client, game, origin="https://friends.example:8443")
        assert not _opens(client, game, origin="https://friends.example")


@pytest.fixture
def proxied(sqlite_url: str) -> Iterator[LiveServer]:
    settings = ServerSettings(db_url=sqlite_url, bot_delay=0.0, trusted_proxies=("127.0.0.5",))
    with served(settings) as live:
        yield live


def test_behind_the_proxy_its_forwarded_host_and_scheme_are_the_origin(
    proxied: LiveServer,
) -> None:
    """What the trusted proxy forwards is the page's origin; the same headers from any
    other address mean nothing (a real server, clients on 127.0.0.5 and 127.0.0.2)."""
    with client_at(proxied, "127.0.0.9") as http:
        made = create_game(http, ["human", "human"])
    url = proxied.ws_url(f"/ws/games/{made['game_id']}?token={made['seats'][0]['token']}")
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "table.example"}

    def opens(source: str, **headers: Any) -> bool:
        with connect(url, source_address=(source, 0), **headers) as ws:
            try:
                return "version" in ws.recv(timeout=10)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1008
                return False

    origin = "https://table.example"
    assert opens("127.0.0.5", origin=origin, additional_headers=forwarded)
    assert not opens("127.0.0.2", origin=origin, additional_headers=forwarded)
    assert not opens("127.0.0.5", origin=origin)  # the proxy did not forward that host


def test_a_proxy_that_is_not_trusted_is_named_in_the_log_once(
    client: TestClient, game: tuple[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    """The page's own host by https, the server reached by http: likely a TLS proxy that
    was not named with --trusted-proxy. Refused, and the log says so once."""
    with caplog.at_level("WARNING", logger="totenblatt.web"):
        assert not _opens(client, game, origin="https://testserver")
        assert not _opens(client, game, origin="https://testserver")
        assert not _opens(client, game, origin="https://evil.example")
    hints = [r for r in caplog.records if "--trusted-proxy" in r.getMessage()]
    assert len(hints) == 1 and "https://testserver" in hints[0].getMessage()
