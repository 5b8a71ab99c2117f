"""The table page while the server's store is away (issue 38): the action answered 503 is
said to wait ("the server's store is busy"), sent again at the same version, and played
once the store is back — in Chromium, on a SQLite database another writer holds."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import LAPTOP, Pages, new_game, wait_decision
from web_helpers import LiveServer, seed_counter, served

from totenblatt.web import ServerSettings


@pytest.fixture
def lockable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[LiveServer, Path]]:
    """A server on a SQLite file whose writers wait 0.3 s for a lock (then 503)."""
    import totenblatt.store.database as database

    monkeypatch.setattr(database, "BUSY_TIMEOUT_SECONDS", 0.3)
    path = tmp_path / "busy.db"
    settings = ServerSettings(
        db_url=f"sqlite:///{path}", bot_delay=0.0, seeds=seed_counter(), bot_processes=0
    )
    with served(settings) as live:
        yield live, path


def test_an_action_waits_for_the_store_and_is_played_once(
    lockable: tuple[LiveServer, Path], pages: Pages
) -> None:
    live, path = lockable
    page: Any = pages.open(LAPTOP)
    game = new_game(live, ["human", "bot"])
    page.goto(game["seats"][0]["url"])
    before = wait_decision(page, -1)
    writer = sqlite3.connect(path, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another process writes for a long while
        page.click("[data-choice=pass]")
        page.wait_for_selector("#store-busy")  # the page says so, and waits
        assert page.evaluate("window.totenblatt.view().version") == before["version"]
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    after = wait_decision(page, before["version"])
    page.wait_for_selector("#store-busy", state="detached")
    assert after["version"] > before["version"]
