"""Following the other server processes' changes of the games a hub holds (several
processes, issue 28): a class the hub (:class:`~totenblatt.web.table.hub.Hub`) owns and hands
narrow callables to.

On PostgreSQL any number of server processes serve the same games. After each change a hub
announces the game's id and version (``NOTIFY``, :mod:`~totenblatt.web.shell.bus`); the hubs
that hold the game's WebSockets hear it (:meth:`Follower.heard`), load what is new and push
it. When the bus comes back after a break, and each tick (:meth:`Follower.look`), every held
game with WebSockets is compared with the store, so a notice missed costs a tick at most.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any

from totenblatt.store.database import StoreError
from totenblatt.web.table.room import Room, Runner

__all__ = ["Follower"]

log = logging.getLogger("totenblatt.web")


class Follower:
    """Follows the other processes' changes of the held games.

    ``rooms``: the hub's games in memory; ``others``: listeners for the bus's notices of
    other kinds than games, by kind; ``run``: the hub's worker thread; ``refresh``: bring a
    room up to the stored game (on that thread; True when it changed); ``push``: send a
    room's sockets their payloads; ``serials``: the stored serials of games (off the worker
    thread); ``closed``: whether the hub has stopped.
    """

    def __init__(
        self,
        rooms: Mapping[str, Room],
        others: Mapping[str, Callable[[str, int], None]],
        *,
        run: Runner,
        refresh: Callable[[Room, bool], bool],
        push: Callable[[Room], Coroutine[Any, Any, None]],
        serials: Callable[[list[str]], Awaitable[dict[str, int]]],
        closed: Callable[[], bool],
    ) -> None:
        self._rooms, self._others = rooms, others
        self._run, self._refresh, self._push = run, refresh, push
        self._serials, self._closed = serials, closed

    def heard(self, game_id: str, version: int) -> None:
        """Another process changed ``game_id`` (now at ``version``): follow it if held."""
        kind, colon, rest = game_id.partition(":")  # a game's id has no colon
        if colon and kind in self._others:
            self._others[kind](rest, version)
            return
        room = self._rooms.get(game_id)
        if room is None or self._closed() or not room.subscribers:
            return  # a game held without sockets is brought up to date when next asked for
        if room.following is None:
            room.following = asyncio.create_task(self._follow(room, version))

    def bus_back(self) -> None:
        """The bus listens (again): look at every held game, notices may have been missed."""
        for follow in list(self._others.values()):
            follow("", -1)
        for room in list(self._rooms.values()):
            if room.subscribers and room.following is None and not self._closed():
                room.following = asyncio.create_task(self._follow(room, -1))

    async def look(self) -> None:
        """Follow the games whose WebSockets this process holds that moved on unnoticed."""
        held = [r for r in self._rooms.values() if r.subscribers and r.following is None]
        if held:
            serials = await self._serials([r.id for r in held])
            for room in held:
                if serials.get(room.id, room.serial) != room.serial and room.following is None:
                    room.following = asyncio.create_task(self._follow(room, -1))

    async def _follow(self, room: Room, version: int) -> None:
        """Load another process's change of ``room`` and push it to its WebSockets (a change
        that is no action, as a chat line, reads the chat too)."""
        try:
            while True:
                local = room.announced != room.changes
                chat = version <= room.serial
                try:
                    await self._run(self._refresh, room, chat)
                except StoreError as exc:  # the next look (each TICK) tries again
                    log.warning("cannot follow game %s: %s", room.id, exc)
                    return
                except Exception:
                    log.exception("cannot follow game %s", room.id)
                    return
                if not local:
                    room.announced = room.changes
                await self._push(room)
                if room.serial >= version:
                    return
                version = -1  # a newer notice came meanwhile: once more, chat included
        finally:
            room.following = None
