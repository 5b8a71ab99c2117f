"""Where the database is, how to connect (SQLite WAL + busy timeout, PostgreSQL), migrations.

>>> resolve_url("postgresql://u@localhost/tb", env={})
'postgresql+psycopg://u@localhost/tb'
>>> resolve_url("/tmp/x.db", env={})
'sqlite:////tmp/x.db'
>>> resolve_url(None, env={"TOTENBLATT_DATABASE_URL": "sqlite:///:memory:"})
'sqlite:///:memory:'
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DisconnectionError, NoSuchModuleError
from sqlalchemy.pool import QueuePool, StaticPool

from totenblatt.messages import Message, MessageError

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "ENV_VAR",
    "StoreError",
    "StoreUnavailableError",
    "alembic_config",
    "default_url",
    "display_url",
    "make_engine",
    "migrate",
    "resolve_url",
]

ENV_VAR = "TOTENBLATT_DATABASE_URL"
"""Environment variable naming the database when ``--db`` is not given."""

BUSY_TIMEOUT_SECONDS = 30.0
"""How long a SQLite writer waits for another process's transaction before giving up."""

WRITE = "totenblatt_write"
"""Execution option: this connection will write (SQLite: ``BEGIN IMMEDIATE``)."""

PING_AFTER = 10.0
"""Seconds a pooled server connection may rest before it is checked (pinged) when taken."""
_USED = "totenblatt_used"
"""Where a pooled connection keeps when it was last given back (the pool entry's info)."""

_MIGRATION_LOCK = 0x70746E62  # PostgreSQL advisory lock key while migrating ("ptnb")

_DRIVERS = {
    ("sqlite", "pysqlite"): "",  # in Python's standard library
    ("postgresql", "psycopg"): "psycopg[binary] (pip install 'totenblatt[pg]')",
    ("postgresql", "psycopg2"): "psycopg2-binary (pip install psycopg2-binary)",
}
"""The database drivers a store works with, and the package each needs."""
_EXPECTED = "expected sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DB"


class StoreError(MessageError):
    """The database cannot be used as asked: bad URL, unreachable, unknown gang or character."""


class StoreUnavailableError(StoreError):
    """The database cannot be reached or written just now (server stopped or restarting,
    SQLite locked or its disk full): the same request may succeed later."""


def default_url() -> str:
    """SQLite file ``totenblatt.db`` in the user data directory (platformdirs)."""
    folder = Path(platformdirs.user_data_dir("totenblatt", appauthor=False))
    return f"sqlite:///{folder / 'totenblatt.db'}"


def resolve_url(db: str | None, env: Mapping[str, str] | None = None) -> str:
    """The database URL: ``db`` (``--db``), else ``$TOTENBLATT_DATABASE_URL``, else the default.

    A plain path means a SQLite file; ``postgresql://`` and ``postgres://`` use psycopg 3.
    """
    environ = os.environ if env is None else env
    raw = db if db else environ.get(ENV_VAR) or default_url()
    raw = raw.strip()
    if "://" not in raw:
        return f"sqlite:///{Path(raw).expanduser().absolute()}"
    for prefix in ("postgresql://", "postgres://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix) :]
    try:
        url = make_url(raw)
    except ArgumentError:
        raise StoreError(Message("cannot read the database URL {url}", url=repr(raw))) from None
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise StoreError(
            Message(
                "unsupported database {url}: "
                "expected sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DB",
                url=repr(display_url(raw)),
            )
        )
    if (url.get_backend_name(), url.get_driver_name()) not in _DRIVERS:
        raise StoreError(
            Message(
                "unsupported database driver {driver} in {url}: "
                "expected sqlite:///PATH, postgresql+psycopg://… or postgresql+psycopg2://…",
                driver=repr(url.get_driver_name()),
                url=repr(display_url(raw)),
            )
        )
    return raw


def display_url(url: str) -> str:
    """The URL with any password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # we issue BEGIN ourselves (see _sqlite_begin)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _sqlite_begin(conn: Any) -> None:
    """Writers take the write lock at BEGIN, so a busy database is waited for, never a deadlock."""
    immediate = conn.get_execution_options().get(WRITE, False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _check_database_file(path: Path, url: str) -> None:
    """A SQLite file must be a regular file or a new name: never a FIFO, device or folder."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(
            Message(
                "cannot use the database {url}: {reason}",
                url=repr(display_url(url)),
                reason=exc.strerror or exc,
            )
        ) from None
    if not stat.S_ISREG(mode):
        said = (
            Message("a directory")
            if stat.S_ISDIR(mode)
            else Message("a FIFO (named pipe)")
            if stat.S_ISFIFO(mode)
            else Message("a device")
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else Message("not a regular file")
        )
        raise StoreError(
            Message(
                "cannot use the database {url}: {path} is {kind}, "
                "expected a SQLite file or a new name",
                url=repr(display_url(url)),
                path=repr(str(path)),
                kind=said,
            )
        )


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL, a busy timeout and their folder created."""
    parsed = make_url(url)
    try:
        parsed.get_dialect().import_dbapi()
    except (ImportError, NoSuchModuleError):
        package = _DRIVERS.get((parsed.get_backend_name(), parsed.get_driver_name()))
        raise StoreError(
            Message(
                "the database {url} needs the Python package {package}, which is not installed",
                url=repr(display_url(url)),
                package=package or parsed.get_driver_name(),
            )
        ) from None
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        memory = database in ("", ":memory:") or database.startswith("file::memory:")
        if not memory:
            _check_database_file(Path(database), url)
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"timeout": BUSY_TIMEOUT_SECONDS, "check_same_thread": False},
            poolclass=StaticPool if memory else QueuePool,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    engine = create_engine(url, connect_args={"connect_timeout": 10})
    event.listen(engine, "connect", _used)
    event.listen(engine, "checkin", _used)
    event.listen(engine, "checkout", _pinger(engine.dialect.do_ping))
    return engine


def _used(_dbapi_connection: Any, entry: Any) -> None:
    if entry is not None:
        entry.info[_USED] = time.monotonic()


def _pinger(ping: Callable[[Any], bool]) -> Callable[[Any, Any, Any], None]:
    """The pool's check of a server connection that rested :data:`PING_AFTER` seconds before
    it is used: a dead one (the server restarted, a proxy closed it) is replaced. One used a
    moment ago is not pinged — a ping at every checkout (``pool_pre_ping``) cost a round trip
    per transaction, a quarter of the web table's engine thread under load."""

    def ping_if_rested(dbapi_connection: Any, entry: Any, _proxy: Any) -> None:
        """Ping a connection that rested longer than ``PING_AFTER`` before handing it out."""
        if time.monotonic() - entry.info.get(_USED, 0.0) < PING_AFTER:
            return
        try:
            alive = ping(dbapi_connection)
        except Exception as exc:
            raise DisconnectionError(f"the connection rested and is gone: {exc}") from exc
        if not alive:
            raise DisconnectionError("the connection rested and is gone")

    return ping_if_rested


def alembic_config() -> Config:
    """Alembic configuration pointing at the migrations shipped in this package."""
    config = Config()
    config.set_main_option("script_location", "totenblatt.store:migrations")
    return config


def migrate(engine: Engine) -> bool:
    """Bring the schema to the newest revision; True when something was migrated.

    Reads the current revision first, so an up-to-date database is not written to.
    """
    config = alembic_config()
    heads = set(ScriptDirectory.from_config(config).get_heads())
    with engine.connect() as conn:
        if set(MigrationContext.configure(conn).get_current_heads()) == heads:
            return False
    with engine.execution_options(**{WRITE: True}).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
    return True
