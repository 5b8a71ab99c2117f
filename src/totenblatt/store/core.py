"""The :class:`Database`: one database, migrated on first use, one transaction per change.

The collections built on it (gangs, characters, web tables) take a :class:`Database`;
:class:`~totenblatt.store.store.Store` puts them together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Self

from sqlalchemy.engine import Connection
from sqlalchemy.exc import (
    DBAPIError,
    DisconnectionError,
    IntegrityError,
    InterfaceError,
    OperationalError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from sqlalchemy.orm import Session

from totenblatt.store.database import (
    WRITE,
    StoreError,
    StoreUnavailableError,
    display_url,
    make_engine,
    migrate,
    resolve_url,
)
from totenblatt.store.models import AuditRow

__all__ = ["Database", "utc_now"]


def utc_now() -> datetime:
    """The current time in UTC (the store's default clock)."""
    return datetime.now(UTC)


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class Database:
    """A migrated database with transactions and the audit log.

    ``url`` is resolved by :func:`~totenblatt.store.database.resolve_url` (``--db``, then
    ``$TOTENBLATT_DATABASE_URL``, then SQLite in the user data directory). Migrations run
    on first use.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        env: dict[str, str] | None = None,
    ) -> None:
        self.url = resolve_url(url, env)
        self.clock = clock
        self.engine = make_engine(self.url)
        try:
            migrate(self.engine)
        except DBAPIError as exc:
            self.engine.dispose()
            raise StoreError(
                f"cannot open the database {display_url(self.url)}: {_first_line(exc)}"
            ) from None

    def close(self) -> None:
        """Close every connection (SQLite: the WAL is checkpointed into the file)."""
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextmanager
    def transaction(self, *, write: bool = True) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back on any error."""
        engine = self.engine.execution_options(**{WRITE: True}) if write else self.engine
        with (
            self._refusals(),
            Session(engine, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session

    @contextmanager
    def statements(self) -> Iterator[Connection]:
        """A connection on which each statement commits as it ends (autocommit): a change
        written as one statement is one round trip to the server, where a transaction takes
        three at least (begin, the statement, commit). Errors as :meth:`transaction`'s."""
        with self._refusals(), self.engine.connect() as conn:
            yield conn.execution_options(isolation_level="AUTOCOMMIT")

    @contextmanager
    def _refusals(self) -> Iterator[None]:
        """The database's refusals as :class:`StoreError` with its first line; a database
        that cannot be reached or written now as :class:`StoreUnavailableError`."""
        try:
            yield
        except IntegrityError as exc:
            raise StoreError(
                f"the database refused the change (someone else changed it?): {_first_line(exc)}"
            ) from None
        except (OperationalError, InterfaceError, DisconnectionError, PoolTimeoutError) as exc:
            # unreachable, restarting, locked, full, no connection free: it may pass
            raise StoreUnavailableError(
                f"database {display_url(self.url)}: {_first_line(exc)}"
            ) from None
        except DBAPIError as exc:
            raise StoreError(f"database {display_url(self.url)}: {_first_line(exc)}") from None

    def audit(
        self,
        session: Session,
        *,
        what: str,
        subject: str,
        subject_kind: str,
        args: dict[str, Any],
        seed: int | None = None,
        gang_id: int | None = None,
        before: dict[str, Any] | None = None,
        after: dict[str, Any] | None = None,
    ) -> AuditRow:
        """Add the audit row of a change to ``session`` (the same transaction)."""
        row = AuditRow(
            subject_kind=subject_kind,
            subject=subject,
            gang_id=gang_id,
            what=what,
            created_at=self.clock(),
            seed=seed,
            args=args,
            before=before,
            after=after,
        )
        session.add(row)
        return row

    def audit_delete(
        self, session: Session, row: object, *, kind: str, name: str, before: dict[str, Any]
    ) -> AuditRow:
        """Delete ``row`` in ``session`` and add the audit row ``<kind> delete`` of the
        ``kind`` named ``name`` that keeps the whole record (``before``)."""
        session.delete(row)
        return self.audit(
            session,
            what=f"{kind} delete",
            subject=name,
            subject_kind=kind,
            args={"name": name},
            before=before,
            after=None,
        )
