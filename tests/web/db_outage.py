"""A PostgreSQL that goes away and comes back, for the tests' server only: a TCP relay on
loopback between the server and the test database. :meth:`Relay.down` closes the listening
port and resets every open connection (to the server it is a stopped PostgreSQL: refused
connections, broken sessions); :meth:`Relay.up` listens again on the same port. The shared
test PostgreSQL itself is never stopped."""

from __future__ import annotations

import contextlib
import select
import socket
import struct
import threading
from typing import Self

from sqlalchemy.engine import make_url


class Relay:
    """Forwards 127.0.0.1:``port`` to ``target`` (host, port) while up."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = 0
        self._listener: socket.socket | None = None
        self._pairs: set[tuple[socket.socket, socket.socket]] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()

    @classmethod
    def to(cls, url: str) -> Self:
        """A relay to the database of ``url`` (started)."""
        parsed = make_url(url)
        relay = cls((parsed.host or "127.0.0.1", parsed.port or 5432))
        relay.up()
        return relay

    def url(self, url: str) -> str:
        """``url`` through this relay."""
        through = make_url(url).set(host="127.0.0.1", port=self.port)
        return through.render_as_string(hide_password=False)

    def up(self) -> None:
        """Listen (again, on the same port) and forward."""
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def down(self) -> None:
        """Refuse new connections and reset the open ones."""
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self._lock:
            pairs, self._pairs = self._pairs, set()
        for pair in pairs:
            for sock in pair:
                with contextlib.suppress(OSError):  # RST, as a killed server's kernel sends
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    sock.close()

    def close(self) -> None:
        self._stop.set()
        self.down()

    def _accept(self, listener: socket.socket) -> None:
        while not self._stop.is_set():
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._listener is not listener:
                    client.close()
                    server.close()
                    return
                self._pairs.add((client, server))
            threading.Thread(target=self._pipe, args=(client, server), daemon=True).start()

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        try:
            while True:
                ready, _, _ = select.select([a, b], [], [], 0.5)
                if self._stop.is_set():
                    return
                for sock in ready:
                    data = sock.recv(65536)
                    if not data:
                        return
                    (b if sock is a else a).sendall(data)
        except (OSError, ValueError):
            return
        finally:
            with self._lock:
                self._pairs.discard((a, b))
            for sock in (a, b):
                with contextlib.suppress(OSError):
                    sock.close()
