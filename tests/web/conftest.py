"""Fixtures of the web table: an in-process client, a real uvicorn server, databases.

Every test gets its own SQLite file in tmp (or its own PostgreSQL schema where the
test asks for ``db_url`` and ``TOTENBLATT_TEST_DATABASE_URL`` is set); nothing
touches the user's data directory. Bots act without delay. The helpers live in
``web_helpers.py`` beside this file (importable by the tests of this folder).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from postgres_schema import fresh_schema

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")
sys.path.insert(0, str(Path(__file__).parent))

from fastapi.testclient import TestClient
from web_helpers import LiveServer, seed_counter, start_server, stop_server

from totenblatt.store import resolve_url
from totenblatt.web import ServerSettings, create_app


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the real user data directory."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("TOTENBLATT_DATABASE_URL", f"sqlite:///{tmp_path / 'default.db'}")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: a SQLite file in tmp, or a new PostgreSQL schema.

    The PostgreSQL variant asks the ``postgres_url`` fixture (tests/conftest.py): without
    ``TOTENBLATT_TEST_DATABASE_URL`` it is skipped here, and fails under ``CI``.
    """
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.db'}"
        return
    base = resolve_url(request.getfixturevalue("postgres_url"))
    with fresh_schema(base, "w") as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """The app in-process on a tmp SQLite file, bots without delay."""
    app = create_app(ServerSettings(db_url=sqlite_url, bot_delay=0.0))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def live(sqlite_url: str) -> Iterator[LiveServer]:
    """A real server on loopback with bots acting at once."""
    server = start_server(ServerSettings(db_url=sqlite_url, bot_delay=0.0, seeds=seed_counter()))
    try:
        yield server
    finally:
        stop_server(server)
