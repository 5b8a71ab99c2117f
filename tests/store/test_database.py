"""Where the database is, connecting, and migrations that match the models."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from totenblatt.store import Store, StoreError, default_url, resolve_url
from totenblatt.store.database import make_engine, migrate
from totenblatt.store.models import Base


def test_migrations_run_on_first_use_and_match_the_models(db_url: str) -> None:
    with Store(db_url) as store, store.engine.connect() as conn:
        assert {"gangs", "members", "audit", "alembic_version"} <= set(
            inspect(conn).get_table_names()
        )
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []


def test_an_up_to_date_database_is_not_migrated_again(db_url: str) -> None:
    Store(db_url).close()
    engine = make_engine(db_url)
    try:
        assert migrate(engine) is False
    finally:
        engine.dispose()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    with Store(str(tmp_path / "x.db")) as store, store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 30_000
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_the_default_is_a_sqlite_file_in_the_user_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("TOTENBLATT_DATABASE_URL")
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'data' / 'totenblatt' / 'totenblatt.db'}"
    assert resolve_url(None) == url
    with Store() as store:
        assert store.url == url
    assert (tmp_path / "data" / "totenblatt" / "totenblatt.db").is_file()


def test_db_option_beats_the_environment_which_beats_the_default() -> None:
    env = {"TOTENBLATT_DATABASE_URL": "sqlite:////env.db"}
    assert resolve_url("sqlite:////opt.db", env) == "sqlite:////opt.db"
    assert resolve_url(None, env) == "sqlite:////env.db"
    assert resolve_url("", env) == "sqlite:////env.db"


@pytest.mark.parametrize(
    ("given", "url"),
    [
        ("postgres://u:p@h:5432/db", "postgresql+psycopg://u:p@h:5432/db"),
        ("postgresql://u@h/db", "postgresql+psycopg://u@h/db"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:///rel.db", "sqlite:///rel.db"),
    ],
)
def test_database_urls_are_normalised(given: str, url: str) -> None:
    assert resolve_url(given, {}) == url


def test_a_plain_path_is_a_sqlite_file(tmp_path: Path) -> None:
    assert resolve_url(str(tmp_path / "a.db"), {}) == f"sqlite:///{tmp_path / 'a.db'}"
    assert resolve_url("~/x.db", {}) == f"sqlite:///{Path.home() / 'x.db'}"


def test_other_databases_are_refused_without_showing_the_password() -> None:
    with pytest.raises(StoreError, match=r"unsupported database 'mysql://u:\*\*\*@h/db'"):
        resolve_url("mysql://u:secret@h/db", {})


def test_an_unreachable_server_is_one_clear_error() -> None:
    with pytest.raises(
        StoreError, match=r"cannot open the database postgresql\+psycopg://u:\*\*\*@"
    ):
        Store("postgresql://u:secret@127.0.0.1:1/nothing")


def test_the_sqlite_folder_is_created(tmp_path: Path) -> None:
    with Store(str(tmp_path / "deep" / "er" / "t.db")):
        pass
    assert (tmp_path / "deep" / "er" / "t.db").is_file()


def test_a_rested_connection_the_server_dropped_is_replaced_before_use(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pooled server connection is pinged only after it rested (PING_AFTER): one the server
    closed meanwhile is then replaced unseen; one used a moment ago is not pinged, and if it
    died, that one transaction fails with a StoreError and the next works."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite has no server to drop a connection")
    import totenblatt.store.database as database
    from totenblatt.store.core import Database

    def drop_the_pooled_connection(db: Database) -> None:
        with db.engine.connect() as conn:
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
        killer = create_engine(db_url, isolation_level="AUTOCOMMIT")
        with killer.connect() as conn:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        killer.dispose()

    def one(db: Database) -> int:
        with db.transaction(write=False) as session:
            return int(session.execute(text("SELECT 1")).scalar_one())

    with Database(db_url) as db:
        drop_the_pooled_connection(db)
        with pytest.raises(StoreError, match="database postgresql"):
            one(db)  # used a moment ago: not pinged, fails once
        assert one(db) == 1  # the pool replaced it
        monkeypatch.setattr(database, "PING_AFTER", 0.0)
        drop_the_pooled_connection(db)
        assert one(db) == 1  # rested: pinged, replaced before use
