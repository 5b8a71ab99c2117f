"""Text answers are compressed when the client accepts gzip; small ones and sockets not."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from totenblatt.web.app import GZIP_MIN

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def test_a_page_is_sent_gzipped_to_a_client_that_accepts_it(client: TestClient) -> None:
    page = client.get("/", headers={"accept-encoding": "gzip"})
    assert page.status_code == 200
    assert page.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in page.headers["vary"].lower()
    assert "lobby.js" in page.text  # httpx unpacks it: the page itself is unchanged


def test_a_page_is_sent_plain_to_a_client_that_does_not(client: TestClient) -> None:
    page = client.get("/", headers={"accept-encoding": "identity"})
    assert page.status_code == 200 and "content-encoding" not in page.headers
    assert "lobby.js" in page.text


def test_a_script_is_gzipped_and_unpacks_to_the_file(client: TestClient) -> None:
    raw = client.get("/static/js/table.js", headers={"accept-encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip"
    plain = client.get("/static/js/table.js", headers={"accept-encoding": "identity"})
    assert raw.content == plain.content
    assert int(raw.headers["content-length"]) < len(plain.content)


def test_a_small_answer_is_not_compressed(client: TestClient) -> None:
    health = client.get("/healthz", headers={"accept-encoding": "gzip"})
    assert len(health.content) < GZIP_MIN and "content-encoding" not in health.headers


def test_the_security_headers_stay_on_a_compressed_answer(client: TestClient) -> None:
    page = client.get("/", headers={"accept-encoding": "gzip"})
    assert "content-security-policy" in page.headers
    assert page.headers["cache-control"] == "no-store"


def test_a_websocket_is_not_touched_by_the_compression(client: TestClient) -> None:
    game = client.post("/api/games", json={"scenario": "duel", "seats": ["human", "bot"]}).json()
    token = game["seats"][0]["token"]
    url = f"/ws/games/{game['game_id']}?token={token}"
    with client.websocket_connect(url, headers={"accept-encoding": "gzip"}) as socket:
        first = socket.receive_json()
    assert first  # the socket's messages arrive as sent


def test_the_documented_nginx_example_compresses_the_same_types() -> None:
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- nginx example: tested -->", 1)[1].split("```", 2)[1]
    assert re.search(r"^\s*gzip on;", block, re.M)
    types = re.search(r"gzip_types ([^;]+);", block)
    assert types is not None
    for kind in ("text/css", "text/javascript", "application/json", "image/svg+xml"):
        assert kind in types.group(1).split()
