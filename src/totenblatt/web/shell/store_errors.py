"""A store that cannot be reached or written now is 503 JSON on every route, one log line.

:func:`unavailable` turns :class:`~totenblatt.store.database.StoreUnavailableError` (and a
driver's error that escaped the store's transactions) into :class:`BusyError` with
``Retry-After``; :func:`install` registers the same for every route of the application,
so a route that does not catch it still answers ``{"error": …}`` with 503, not 500 and a
traceback. Actions are idempotent by game version: the client retries the same request.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

from totenblatt.store.database import StoreUnavailableError
from totenblatt.web.shell.errors import BusyError

__all__ = ["RETRY_AFTER", "UNAVAILABLE", "busy", "install", "unavailable"]

log = logging.getLogger("totenblatt.web")

RETRY_AFTER = 2
"""Seconds after which a client tries again when the store was away."""

UNAVAILABLE = (
    StoreUnavailableError,
    OperationalError,
    InterfaceError,
    DisconnectionError,
    PoolTimeoutError,
)
"""What a store that is away raises (the store's own error, or a driver's that escaped)."""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return (text.splitlines()[0] if text else type(exc).__name__)[:300]


def busy(exc: BaseException, where: str = "") -> BusyError:
    """The 503 answer to ``exc`` (logged as one line, no traceback)."""
    log.warning("the store is unavailable%s: %s", f" ({where})" if where else "", _first_line(exc))
    return BusyError(
        "the server's store is unavailable just now: try the same again in a moment",
        retry_after=RETRY_AFTER,
    )


@contextmanager
def unavailable(where: str = "") -> Iterator[None]:
    """Within: a store that is away raises :class:`BusyError` (503)."""
    try:
        yield
    except UNAVAILABLE as exc:
        raise busy(exc, where) from None


def install(app: FastAPI) -> None:
    """Every route of ``app``: a store that is away answers 503 JSON with ``Retry-After``."""

    async def handler(request: Request, exc: Exception) -> JSONResponse:
        answer = busy(exc, request.url.path[:80])
        return JSONResponse(
            {"error": answer.message},
            status_code=answer.status,
            headers={"Retry-After": str(RETRY_AFTER)},
        )

    for kind in UNAVAILABLE:
        app.add_exception_handler(kind, handler)
