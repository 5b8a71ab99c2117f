"""The RPG table on two server processes (issue 38): a story changed through one process
reaches the WebSockets held by the other (the bus, and the look each second), as the game
table's games do. Two applications, each its own hub, pool and listening connection, on one
PostgreSQL schema (skipped without ``TOTENBLATT_TEST_DATABASE_URL``, failed under ``CI``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_helpers import LiveServer, auth, served
from websockets.sync.client import connect

from postgres_schema import fresh_schema
from totenblatt.store import resolve_url
from totenblatt.web import ServerSettings


@pytest.fixture
def two(postgres_url: str) -> Iterator[tuple[LiveServer, LiveServer]]:
    with fresh_schema(resolve_url(postgres_url), "sp") as url:
        settings = ServerSettings(db_url=url, bot_delay=0.0, bot_processes=0)
        with served(settings) as first, served(settings) as second:
            yield first, second


def _next_story(socket: Any, newer_than: int) -> dict[str, Any]:
    """The next pushed payload of the story newer than ``newer_than`` (within 10 s each)."""
    while True:
        data: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if data.get("type") == "story" and data["version"] > newer_than:
            return data


def test_a_change_through_one_process_is_pushed_by_the_other(
    two: tuple[LiveServer, LiveServer],
) -> None:
    first, second = two
    with httpx.Client(base_url=first.url, trust_env=False, timeout=10) as http:
        made = http.post("/api/stories", json={"name": "Kiez", "lang": "en"}).json()
        story, gm = made["story_id"], made["gm_token"]
        with connect(second.ws_url(f"/ws/stories/{story}?token={gm}")) as watching:
            start = json.loads(watching.recv(timeout=10))
            assert start["type"] == "story" and start["characters"] == []
            added = http.post(
                f"/api/stories/{story}/characters",
                json={"name": "Trevor", "skills": {"Sportlichkeit": 2}},
                headers=auth(gm),
            )
            assert added.status_code == 201, added.text
            pushed = _next_story(watching, start["version"])
            assert [c["name"] for c in pushed["characters"]] == ["Trevor"]
            sheet = added.json()["character_id"]
            http.post(
                f"/api/stories/{story}/characters/{sheet}/jokers",
                json={"count": 2, "reason": "courage"},
                headers=auth(gm),
            )
            again = _next_story(watching, pushed["version"])
            assert again["characters"][0]["jokers"] == 3
