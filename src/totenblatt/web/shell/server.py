"""How uvicorn runs the application: read timeouts, JSON errors, no implicit proxy trust.

uvicorn has no timeout for reading a request's headers or body, so one client could
hold a connection open forever by trickling bytes (slowloris). :class:`TimedH11Protocol`
is uvicorn's h11 protocol with two deadlines:

- the **header timeout**: a request's line and headers must be complete this many
  seconds after its first byte (after a new connection: after it opened), else the
  connection is answered 408 and closed;
- the **body timeout**: its body must be complete this many seconds after the
  headers, else it is answered 408 (when no answer has begun) and closed.

Each is one line in the log at most (level INFO). The protocol's own refusals
(unreadable HTTP) are JSON too. :func:`uvicorn_config` puts it together with
``proxy_headers=False``: forwarded headers are read by :mod:`~totenblatt.web.shell.guard`,
from the ``--trusted-proxy`` peers only (uvicorn would trust 127.0.0.1 by default).
"""

from __future__ import annotations

import asyncio
import json
import logging
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from totenblatt.web.shell.bodies import MAX_BODY

if TYPE_CHECKING:
    from totenblatt.web.shell.settings import ServerSettings

__all__ = ["TimedH11Protocol", "json_answer", "timed_protocol", "uvicorn_config"]

log = logging.getLogger("totenblatt.web")


def json_answer(status: int, message: str) -> bytes:
    """A whole HTTP/1.1 answer ``{"error": message}`` that closes the connection."""
    body = json.dumps({"error": message}).encode()
    head = (
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("latin-1") + body


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with header and body read timeouts (see the module)."""

    header_timeout = 10.0
    body_timeout = 30.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._body_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header()
        self._cancel_body()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._header_timer is None and self.conn.their_state is h11.IDLE:
            self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def send_400_response(self, msg: str) -> None:
        """The protocol's refusal of unreadable HTTP, as JSON."""
        del msg
        self._cancel_header()
        self.transport.write(json_answer(400, "the request is not valid HTTP/1.1"))
        self.transport.close()

    def _follow(self) -> None:
        """Arm or cancel the deadlines for the state the request is in now."""
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            self._cancel_header()  # closed, or upgraded to a WebSocket
            self._cancel_body()
            return
        state = self.conn.their_state
        if state is h11.IDLE:  # between requests, or the next one's head still arriving
            self._cancel_body()
            if not self.conn.trailing_data[0]:
                self._cancel_header()
        elif state is h11.SEND_BODY:
            self._cancel_header()
            if self._body_timer is None:
                self._body_timer = self.loop.call_later(self.body_timeout, self._body_late)
        else:
            self._cancel_header()
            self._cancel_body()

    def _cancel_header(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _cancel_body(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.transport.is_closing():
            return
        log.info(
            "%s: no complete request head within %g s, closed", self._who(), self.header_timeout
        )
        self.transport.write(
            json_answer(
                408, f"the request's headers did not arrive within {self.header_timeout:g} s"
            )
        )
        self.transport.close()

    def _body_late(self) -> None:
        self._body_timer = None
        if self.transport.is_closing():
            return
        log.info("%s: request body incomplete after %g s, closed", self._who(), self.body_timeout)
        cycle = self.cycle
        if cycle is not None and not cycle.response_started:
            self.transport.write(
                json_answer(408, f"the request body did not arrive within {self.body_timeout:g} s")
            )
        if cycle is not None:  # the application reads the end of the body, answers nobody
            cycle.disconnected = True
            cycle.message_event.set()
        self.transport.close()

    def _who(self) -> str:
        return f"{self.client[0]}:{self.client[1]}" if self.client else "a client"


def timed_protocol(header_timeout: float, body_timeout: float) -> type[TimedH11Protocol]:
    """:class:`TimedH11Protocol` with these deadlines, in seconds."""
    return type(
        "TimedH11Protocol",
        (TimedH11Protocol,),
        {"header_timeout": header_timeout, "body_timeout": body_timeout},
    )


class ClientFaults(logging.Filter):
    """uvicorn's record of a client's malformed WebSocket frame (text that is not UTF-8: the
    socket is closed with 1007) as one line, without the traceback it carries."""

    FAULTS = ("Invalid UTF-8 sequence received from client",)

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith(self.FAULTS):
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def uvicorn_config(app: Any, settings: ServerSettings, **options: Any) -> uvicorn.Config:
    """The uvicorn configuration of ``app`` under ``settings`` (``options``: uvicorn's own)."""
    config = uvicorn.Config(
        app,
        http=timed_protocol(settings.header_timeout, settings.body_timeout),
        ws_max_size=MAX_BODY,
        proxy_headers=False,
        server_header=False,
        lifespan="on",
        **{"log_level": "warning", **options},
    )
    errors = logging.getLogger("uvicorn.error")  # after the config set up uvicorn's logging
    if not any(isinstance(f, ClientFaults) for f in errors.filters):
        errors.addFilter(ClientFaults())
    return config
