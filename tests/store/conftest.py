"""Store fixtures: every store test runs on SQLite and, when configured, on PostgreSQL.

PostgreSQL needs ``TOTENBLATT_TEST_DATABASE_URL`` (``.ci/postgres.sh`` starts a server
and prints it; without it the PostgreSQL variants skip, or fail when ``CI`` is set); each
test gets its own schema there, dropped afterwards. No test touches
the user's real data directory: the database URL and the XDG data dir point into tmp.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

import cli_output
from postgres_schema import (
    DATABASES,
    fresh_database,
    private_data_dir,  # noqa: F401 (an autouse fixture, this folder's too)
)
from totenblatt.store import Store


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file in tmp, or a new PostgreSQL schema."""
    yield from fresh_database(request, tmp_path, "campaign.db", "t")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    with Store(db_url) as opened:
        yield opened


@pytest.fixture
def cli_json(
    cli: Callable[[Sequence[str]], tuple[int, str, str]],
) -> Callable[[Sequence[str]], Any]:
    """``cli_json(args)`` runs ``totenblatt args --json``, expects exit 0 and parses stdout."""

    def run(args: Sequence[str]) -> Any:
        return cli_output.cli_json(cli, *args)

    return run


@pytest.fixture
def refuses(
    cli: Callable[[Sequence[str]], tuple[int, str, str]], db_url: str
) -> Callable[[Sequence[str], str], None]:
    """``refuses(args, message)``: ``totenblatt args --db URL`` exits 2 with one line
    ``error: …`` naming ``message`` on stderr, nothing on stdout, and the database unchanged."""

    def check(args: Sequence[str], message: str) -> None:
        before = database_fingerprint(db_url)
        code, out, err = cli([*args, "--db", db_url])
        assert (code, out) == (2, ""), err
        assert err.count("\n") == 1 and err.startswith("error: "), err
        assert message in err
        assert database_fingerprint(db_url) == before

    return check


@pytest.fixture
def fingerprint() -> Callable[[str], str]:
    """The function :func:`database_fingerprint`."""
    return database_fingerprint


def database_fingerprint(url: str) -> str:
    """SQLite: a hash of the database file's bytes (and of any -wal/-shm beside it).

    PostgreSQL: a hash of every row of every table, in order.
    """
    parsed = make_url(url)
    digest = hashlib.sha256()
    if parsed.get_backend_name() == "sqlite":
        path = Path(parsed.database or "")
        for part in sorted(path.parent.glob(path.name + "*")):
            digest.update(part.name.encode() + b"\0" + part.read_bytes())
        return digest.hexdigest()
    engine = create_engine(url)
    with engine.connect() as conn:
        for table in ("alembic_version", "gangs", "members", "audit", "characters"):
            for row in conn.execute(text(f"SELECT * FROM {table} ORDER BY 1")):
                digest.update(repr(tuple(row)).encode())
    engine.dispose()
    return digest.hexdigest()
