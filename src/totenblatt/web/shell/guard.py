"""The outermost layer of the application: who the client is, safe headers, no bare 500.

:class:`Guard` is a plain ASGI middleware. For every request and WebSocket it puts
the client a trusted proxy forwards (address, scheme, host: :mod:`~totenblatt.web.shell.proxies`)
into the scope, adds the security headers to every answer (a static file, no document,
only those that govern it: :data:`STATIC_HEADERS`), and turns an unexpected
exception into one log record and a JSON 500 (a WebSocket is closed with 1011), so no
traceback reaches the client and uvicorn logs nothing more.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from totenblatt.web.shell.proxies import Proxies

__all__ = ["SECURITY_HEADERS", "STATIC_HEADERS", "Guard"]

log = logging.getLogger("totenblatt.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}

STATIC_HEADERS = {"x-content-type-options": SECURITY_HEADERS["x-content-type-options"]}
"""The security headers of a static file: a script, a style sheet or an image is no
document, so a content security policy and framing rules say nothing for it (they
governed the page that loads it), and a referrer policy neither: what a script or a style
sheet fetches goes by the page's (``no-referrer``) when its own answer names none. Only
``nosniff`` is left (a script or a style sheet is taken for what its type says); this
saves ~270 bytes a file on a cold load of the table's files."""


class Guard:
    """See the module docstring; ``proxies``: whose forwarded headers are believed."""

    def __init__(self, app: App, proxies: Proxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        scope = self._forwarded(scope)
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return
        started = False
        static = scope["path"].startswith("/static/")
        cached = not static
        guards = STATIC_HEADERS if static else SECURITY_HEADERS

        async def guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                extra = dict(guards)
                if cached:
                    extra["cache-control"] = "no-store"
                for name, value in extra.items():
                    if name.encode() not in names:
                        headers.append((name.encode(), value.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, guarded)
        except Exception:
            log.exception("%s %s failed", scope.get("method"), scope.get("path"))
            if started:
                return  # the answer is under way: the server closes the connection
            body = json.dumps({"error": "the server failed on this request (it is logged)"})
            await guarded(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await guarded({"type": "http.response.body", "body": body.encode()})

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self.app(scope, receive, send)
        except Exception:
            log.exception("the socket %s failed", scope.get("path"))
            try:
                await send({"type": "websocket.close", "code": 1011})
            except Exception:  # already closed: nothing more to say
                return

    def _forwarded(self, scope: Scope) -> Scope:
        """The scope as the client sent it through a trusted proxy (else unchanged)."""
        peer = scope.get("client")
        if not peer or not self.proxies.networks:
            return scope
        client, scheme, host = self.proxies.forwarded(peer[0], scope["headers"])
        if client == peer[0] and scheme is None and host is None:
            return scope
        scope = dict(scope)
        scope["client"] = (client, peer[1])
        if scheme is not None:
            secure = scheme == "https"
            if scope["type"] == "websocket":
                scope["scheme"] = "wss" if secure else "ws"
            else:
                scope["scheme"] = scheme
        if host is not None:
            headers = [(k, v) for k, v in scope["headers"] if k != b"host"]
            scope["headers"] = [*headers, (b"host", host.encode("latin-1"))]
        return scope
