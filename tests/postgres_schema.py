"""A PostgreSQL schema of its own for one test: created empty, dropped afterwards; the
databases of the store and web tests (a SQLite file or such a schema) and their private data
directory, which both ``conftest.py`` files take from here."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from totenblatt.store import resolve_url

DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
"""The params of a ``db_url`` fixture: every test on SQLite and, when configured, PostgreSQL."""


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the real user data directory: default URL and XDG_DATA_HOME inside tmp (a
    conftest imports this fixture to make it its folder's)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("TOTENBLATT_DATABASE_URL", f"sqlite:///{tmp_path / 'default.db'}")


def fresh_database(
    request: pytest.FixtureRequest, tmp_path: Path, sqlite_name: str, prefix: str
) -> Iterator[str]:
    """A ``db_url`` fixture's URL (``request.param`` one of :data:`DATABASES`): the SQLite
    file ``sqlite_name`` in tmp, or a new PostgreSQL schema ``{prefix}_…``.

    The PostgreSQL variant asks the ``postgres_url`` fixture (tests/conftest.py): without
    ``TOTENBLATT_TEST_DATABASE_URL`` it is skipped, and fails under ``CI``.
    """
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / sqlite_name}"
        return
    base = resolve_url(request.getfixturevalue("postgres_url"))
    with fresh_schema(base, prefix) as url:
        yield url


@contextmanager
def fresh_schema(base: str, prefix: str) -> Iterator[str]:
    """The URL of a new schema ``{prefix}_…`` on the server at ``base`` (its search path);
    the schema and all in it are dropped when the block ends."""
    schema = f"{prefix}_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
