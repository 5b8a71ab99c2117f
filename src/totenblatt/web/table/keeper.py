"""The games a hub holds in memory and the store they come from: a class the hub
(:class:`~totenblatt.web.table.hub.Hub`) owns, as boardgame.io's master is handed its storage.

The database is the truth. A game not in memory is dealt again from its stored setup and
its stored positions are replayed (:meth:`Keeper.load`); several processes serving the same
games bring a held one up to the stored version before it is used (:meth:`Keeper.refresh`:
a cheap look at its version first, then only the positions it lacks). At most
``max_rooms`` games are held; idle ones are forgotten and load again when asked for.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import timedelta

from totenblatt.store.database import StoreError
from totenblatt.store.table_records import ABANDONED, WebGameNotFoundError, WebGameRecord
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import PolicyError
from totenblatt.wanted.engine import Game
from totenblatt.wanted.fast import FastUnsupportedError
from totenblatt.web.shell.errors import NotFoundError
from totenblatt.web.shell.games import read_setup
from totenblatt.web.table.days import stored_clock
from totenblatt.web.table.room import Entry, Room, Runner, replay_stored

__all__ = ["Keeper"]

log = logging.getLogger("totenblatt.web")


class Keeper:
    """The games in memory, by id, kept in step with the store ``games``.

    ``run``: the hub's worker thread (where every load and refresh runs); ``learned``: the
    policy the lobby's learned bot plays (None: none); ``max_rooms``: how many games at most.
    """

    def __init__(
        self,
        games: WebGames,
        run: Runner,
        *,
        learned: str | None = None,
        max_rooms: int = 2000,
    ) -> None:
        self.games = games
        self.learned = learned
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self._run = run
        self._loading: dict[str, asyncio.Future[Room]] = {}

    def keep(self, room: Room) -> None:
        """Hold ``room`` (forgetting idle ones when there are as many as may be)."""
        if len(self.rooms) >= self.max_rooms:  # forget idle rooms; they reload from the store
            for key, old in list(self.rooms.items()):
                if not old.subscribers and old.bot_task is None and not old.lock.locked():
                    del self.rooms[key]
                if len(self.rooms) < self.max_rooms // 2:
                    break
        self.rooms[room.id] = room

    async def room(self, game_id: str, stale: Callable[[Room], bool]) -> Room:
        """The game ``game_id``, rebuilt from the database if it is not in memory; brought
        up to the stored version if held and ``stale(room)`` (several processes, unless it
        follows every notice)."""
        room = self.rooms.get(game_id)
        if room is not None:
            if stale(room):
                try:
                    await self._run(self.refresh, room)
                except StoreError as exc:  # the database is away: what is held, for now
                    log.warning("cannot bring game %s up to date: %s", game_id, exc)
            return room
        if len(game_id) > 40:
            raise NotFoundError("no such game")
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[game_id] = pending
            try:
                room = await self._run(self.load, game_id)
                pending.set_result(room)
            except BaseException as exc:
                pending.set_exception(exc)
                pending.exception()  # retrieved: whoever waits gets it, nobody else logs it
                raise
            finally:
                del self._loading[game_id]
            return room
        return await asyncio.shield(pending)

    def load(self, game_id: str) -> Room:
        """Deal the stored game ``game_id`` again, replay its positions and hold it (on the
        worker thread); :class:`NotFoundError` when there is none."""
        try:
            record = self.games.load(game_id)
        except WebGameNotFoundError:
            raise NotFoundError("no such game") from None
        game = read_setup(record.setup)
        entries = replay_stored(game, record.actions)
        try:
            room = _room_of(record, game, entries, self.learned)
        except (PolicyError, FastUnsupportedError):  # the server's policy changed since
            room = _room_of(record, game, entries, None)
        self.keep(room)
        return room

    async def sweep(self, idle: timedelta) -> list[str]:
        """End as abandoned the unfinished games nobody touched for ``idle`` (no action, no
        join; a game with a clock never), except those whose bot is thinking or acting;
        their ids."""
        busy = [r.id for r in self.rooms.values() if r.bot_task is not None or r.lock.locked()]
        ended = await self._run(self.games.abandon_idle, idle, busy)
        for game_id in ended:
            room = self.rooms.get(game_id)
            if room is not None:
                room.abandoned = True
        if ended:
            log.info("%d untouched game(s) ended as abandoned", len(ended))
        return ended

    def reload(self, room: Room) -> None:
        """The database is the truth: rebuild the room's game from it (its bots go on)."""
        try:
            fresh = self.load(room.id)
        except Exception:  # the game stays as it was in memory; log it
            log.exception("cannot reload game %s", room.id)
            return
        room.game = fresh.game
        room.abandoned = fresh.abandoned
        room.entries = fresh.entries
        room.takebacks = fresh.takebacks
        room.takeback = fresh.takeback
        room.chat = fresh.chat
        room.joined = fresh.joined
        room.auto_pass = fresh.auto_pass
        room.rematch = fresh.rematch
        room.lease = None
        room.forget_payloads()
        self.rooms[room.id] = room

    def refresh(self, room: Room, chat: bool = False) -> bool:
        """Bring ``room`` up to the stored game (shared; on the engine thread): a cheap look
        at its version first, then only the positions it lacks (the whole game again after
        a takeback elsewhere); ``chat``: its chat too. True when something changed."""
        try:
            stamp = self.games.stamp(room.id)
        except WebGameNotFoundError:
            return False
        undone = sum(1 for t in room.takebacks if t.outcome == "undone")
        rematch = room.rematch[0] if room.rematch is not None else None
        if stamp.undone != undone or stamp.actions < room.version or stamp.rematch_id != rematch:
            self.reload(room)
            return True
        changed = False
        if stamp.actions > room.version:
            stored = self.games.actions_since(room.id, room.version)
            try:
                room.entries.extend(replay_stored(room.game, stored))
            except Exception:  # the stored actions do not follow: rebuild the whole game
                log.exception("cannot follow game %s: loading it anew", room.id)
                self.reload(room)
                return True
            room.lease = None
            changed = True
        abandoned = stamp.status == ABANDONED
        joined = {s for s, done in enumerate(stamp.joined) if done}
        auto_pass = {s for s, seat in enumerate(stamp.seats) if seat.auto_pass}
        players = tuple(seat.player for seat in stamp.seats)
        if (stamp.takeback, abandoned, joined, auto_pass, players) != (
            room.takeback,
            room.abandoned,
            room.joined,
            room.auto_pass,
            room.players,
        ):
            room.takeback, room.abandoned, room.joined = stamp.takeback, abandoned, joined
            room.auto_pass, room.players = auto_pass, players
            changed = True
        if chat:
            lines = self.games.chat(room.id)
            if lines != tuple(room.chat):
                room.chat = list(lines)
                changed = True
        if changed:
            room.changed()
        return changed


def _room_of(record: WebGameRecord, game: Game, entries: list[Entry], learned: str | None) -> Room:
    """The room of a stored game ``record``, its ``game`` dealt and replayed (``entries``)."""
    rematch = None
    if record.rematch_id is not None and record.rematch_spectator is not None:
        rematch = (record.rematch_id, record.rematch_spectator)
    room = Room(
        record.id,
        game,
        tuple(s.kind for s in record.seats),
        tuple(s.token_hash for s in record.seats),
        record.spectator_token,
        record.lang,
        record.joined,
        abandoned=record.status == ABANDONED,
        name=record.name,
        players=tuple(s.player for s in record.seats),
        auto_pass=tuple(s.auto_pass for s in record.seats),
        entries=entries,
        chat=record.chat,
        takebacks=record.takebacks,
        takeback=record.takeback,
        rematch=rematch,
        learned=learned,
    )
    room.clock = stored_clock(record.id, record.clock)
    return room
