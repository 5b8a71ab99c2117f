"""PostgreSQL's LISTEN/NOTIFY as the bus of several server processes on one database.

After a process stores a change of a game it announces it (:meth:`Bus.announce`):
``NOTIFY`` on the schema's channel with the game's id and its version (the stored
positions plus two per takeback) and the process's name, nothing else — never a card, a
seed or a token. Notices made while one is being sent go together in the next statement;
an action's notice goes with the statement that stores it (the store's ``append``).
Every process listens on a connection of its own (:meth:`Bus.start`): a notice of a
game whose WebSockets it holds makes it load what it lacks from the database and push
the new views. The listening connection reconnects by itself (after 0.2 s, doubling to
5 s); each time it is back the hub looks again at every game it holds, so nothing is
missed while it was away. A process ignores its own notices (each names the
process that sent it).

Both connections are psycopg's own (asynchronous, autocommit), beside the store's pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

__all__ = ["Bus", "channel_of", "conninfo"]

log = logging.getLogger("totenblatt.web")

CHANNEL = "totenblatt_games"
"""The channel's name, followed by the schema's (processes on one schema share it)."""
IDLE = 5.0
"""Seconds without a notice after which the listening connection is checked."""
_NOTIFY = "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS payload"
"""Every notice of a batch in one statement."""


def conninfo(url: str) -> str:
    """libpq's URL of a SQLAlchemy one (``postgresql+psycopg://…`` → ``postgresql://…``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def channel_of(schema: str) -> str:
    """The channel of a schema: a name of at most 63 letters, digits and underscores."""
    return f"{CHANNEL}_{re.sub(r'[^a-z0-9_]', '_', schema.lower())}"[:63]


class Bus:
    """Announce changes of games, and hear the other processes' (see the module).

    ``heard(game_id, version)`` is called on the event loop for every notice of another
    process; ``back()`` each time the listening connection is (again) established.
    """

    def __init__(
        self,
        url: str,
        heard: Callable[[str, int], None],
        back: Callable[[], None],
        process: str,
    ) -> None:
        self.url = conninfo(url)
        self.process = process
        """This process's name: its notices say it, and it ignores them (:meth:`notice`)."""
        self.heard = heard
        self.back = back
        self.channel = CHANNEL
        self.listening = False
        """The listening connection is up (notices arrive)."""
        self._sender: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._sending = asyncio.Lock()
        self._pending: dict[str, int] = {}
        """Notices not sent yet: each game's newest version."""
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._closed = False

    async def start(self, timeout: float = 10.0) -> None:
        """Connect, learn the channel, start listening (waits until it listens, at most
        ``timeout`` seconds; it goes on trying in the background after that)."""
        self._task = asyncio.create_task(self._listen(), name="totenblatt-bus")
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await self._ready.wait()

    async def stop(self) -> None:
        """Stop listening; close both connections."""
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        async with self._sending:
            if self._sender is not None:
                with contextlib.suppress(Exception):
                    await self._sender.close()
                self._sender = None

    async def announce(self, game_id: str, version: int) -> None:
        """``NOTIFY`` the others that ``game_id`` is now at ``version`` (a failure is logged:
        they catch up by their periodic look).

        Notices wait while one statement is on its way and then go together, one
        statement for all (``pg_notify`` over an array): under load a round trip and a
        PostgreSQL transaction per batch, not per change. Only a game's newest version is
        sent."""
        self._pending[game_id] = max(version, self._pending.get(game_id, version))
        if self._sending.locked():
            return  # the sender on its way sends this one next
        async with self._sending:
            while self._pending:
                batch, self._pending = self._pending, {}
                await self._send([self.notice(game, number) for game, number in batch.items()])

    def notice(self, game_id: str, version: int) -> str:
        """A notice's payload: the game, its version and this process (whose own notices,
        sent by any of its connections — the store's too — it ignores)."""
        return f"{game_id} {version} {self.process}"

    async def _send(self, payloads: list[str]) -> None:
        for attempt in range(2):
            try:
                if self._sender is None or self._sender.closed:
                    self._sender = await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True, connect_timeout=5
                    )
                await self._sender.execute(_NOTIFY, (self.channel, payloads))
                return
            except (psycopg.Error, OSError) as exc:
                if self._sender is not None:
                    with contextlib.suppress(Exception):
                        await self._sender.close()
                self._sender = None
                if attempt:
                    log.warning("cannot announce %d changes of games: %s", len(payloads), exc)

    async def _listen(self) -> None:
        delay = 0.2
        while not self._closed:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=5
                ) as conn:
                    cursor = await conn.execute("SELECT current_schema()")
                    row = await cursor.fetchone()
                    self.channel = channel_of(str(row[0] if row else "public"))
                    await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    self.listening = True
                    self._ready.set()
                    delay = 0.2
                    self.back()
                    while not self._closed:
                        async for note in conn.notifies(timeout=IDLE):
                            self._note(note)
                        await conn.execute("SELECT 1")  # still there?
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: listen again soon
                if self.listening or delay == 0.2:
                    log.warning("not listening for other servers' changes: %s", exc)
            finally:
                self.listening = False
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)

    def _note(self, note: psycopg.Notify) -> None:
        game_id, _, rest = note.payload.partition(" ")
        version, _, origin = rest.partition(" ")
        if origin == self.process:
            return
        try:
            number = int(version)
        except ValueError:
            return
        try:
            self.heard(game_id, number)
        except Exception:  # a bug must not stop the listening
            log.exception("cannot follow a change of game %s", game_id)
