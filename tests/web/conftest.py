"""Fixtures of the web table: an in-process client, a real uvicorn server, databases.

Every test gets its own SQLite file in tmp (or its own PostgreSQL schema where the
test asks for ``db_url`` and ``TOTENBLATT_TEST_DATABASE_URL`` is set); nothing
touches the user's data directory. Bots act without delay. The helpers live in
``web_helpers.py`` beside this file (importable by the tests of this folder). The browser
tests share ``browser`` (Chromium, once per module), ``pages`` (see ``browser_helpers.py``) and
``page`` (one page at a laptop's size); the campaign tests ``api`` (their app, in-process)
and ``camp`` (a campaign with two gangs).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from postgres_schema import (
    DATABASES,
    fresh_database,
    private_data_dir,  # noqa: F401 (an autouse fixture, this folder's too)
)

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")
sys.path.insert(0, str(Path(__file__).parent))

from browser_helpers import LAPTOP, Pages, launch, pages_of
from campaign_helpers import campaign_settings, new_campaign, new_gang
from fastapi.testclient import TestClient
from web_helpers import LiveServer, seed_counter, served

from totenblatt.wanted.table.scenario import scenario_folder, use_scenario_folder
from totenblatt.web import ServerSettings, create_app


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: a SQLite file in tmp, or a new PostgreSQL schema."""
    yield from fresh_database(request, tmp_path, "web.db", "w")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """The app in-process on a tmp SQLite file, bots without delay, seeds fixed (a failure
    replays the same deals; long enough that the secrecy tests' search for them in the
    payloads cannot meet them by chance)."""
    seeds = seed_counter(8_351_902_467_113)
    app = create_app(ServerSettings(db_url=sqlite_url, bot_delay=0.0, seeds=seeds))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def live(sqlite_url: str) -> Iterator[LiveServer]:
    """A real server on loopback with bots acting at once (the search bot thinks in the
    server's process: a worker process would cost seconds to start and stop per test)."""
    settings = ServerSettings(
        db_url=sqlite_url, bot_delay=0.0, seeds=seed_counter(), bot_processes=0
    )
    with served(settings) as server:
        yield server


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A scenario folder in tmp for the editor's server (made when it saves); the process's
    scenario folder is given back after the test."""
    before = scenario_folder()
    yield tmp_path / "scenarios"
    use_scenario_folder(before)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, launched by path once per module (skipped without it, failed under CI)."""
    yield from launch()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    """Pages of ``browser`` at a size, closed after the test; none may have logged an error."""
    yield from pages_of(browser)


@pytest.fixture
def page(pages: Pages) -> Any:
    """A laptop's page (1366 × 768); it may log no error."""
    return pages.open(LAPTOP)


@pytest.fixture
def api(db_url: str) -> Iterator[TestClient]:
    """The campaign tests' app in-process (:func:`campaign_helpers.campaign_settings`)."""
    with TestClient(create_app(campaign_settings(db_url))) as client:
        yield client


@pytest.fixture
def camp(api: TestClient) -> dict[str, Any]:
    """A campaign with two small gangs, their ids and owners' tokens."""
    campaign = new_campaign(api)
    a = new_gang(api, campaign, name="Daltons", leader="veteran", size=3, seed=1,
                 leader_name="Bob Dalton", members=["Emmett Dalton", "Grat Dalton"])  # fmt: skip
    b = new_gang(api, campaign, name="Clantons", leader="gunslinger", size=3, seed=2)
    return campaign | {"a": a, "b": b}
