"""The bots' loop of the hub's games: a class the hub (:class:`~totenblatt.web.table.hub.Hub`)
owns and hands narrow callables to (its worker thread, its store's leases, how an action is
applied and a change told), so the bots know the hub only through them.

A bot thinks on a thread of its own, from what its seat may know (its view and legal
actions, taken on the worker thread), so a long search holds up no other table; its action
is then applied on the worker thread like a person's, unless the game has moved on
meanwhile. A far decision (a search, a bot-only game) runs on a worker process
(:mod:`~totenblatt.web.table.lanes`) within the hub's think time; when it is late, the
heuristic decides in its place. Several processes: a bot's turn is played by the process
holding its lease (:mod:`~totenblatt.store.turns`), renewed while the bot thinks.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from datetime import timedelta
from typing import Any

from totenblatt.store.database import StoreError
from totenblatt.store.turns import BotTurns
from totenblatt.wanted.bots import Bot, make_bot
from totenblatt.wanted.engine import Action, action_to_dict
from totenblatt.wanted.engine.views import View
from totenblatt.web.shell.errors import ConflictError, NotFoundError
from totenblatt.web.table.lanes import PRIORITY_BOTS_ONLY, PRIORITY_PERSON, Lanes, LateError, reseed
from totenblatt.web.table.room import Room, Runner, bot_key, question
from totenblatt.web.table.spec import room_bot_seed

__all__ = ["BOT_RETRY", "HARD_THINK", "LEASE", "SEARCH_SHARE", "STAND_IN_SHARE", "Bots"]

log = logging.getLogger("totenblatt.web")

HARD_THINK = 1.5
"""Seconds the lobby's hard bot may take for a decision at most, however busy the server
(``totenblatt serve --bot-think``): its rollouts end it sooner; if no answer has come by
then (the workers were busy) the heuristic bot decides in its place (docs/bots.md)."""
SEARCH_SHARE = 0.8
"""The part of the think time the search itself may use (its wall-time cap); the rest
covers the worker's last rollouts after its deadline and the heuristic's answer in its place."""
STAND_IN_SHARE = 0.1
"""The part of the think time kept for the heuristic's answer when the search is late."""
LEASE = 5.0
"""Seconds a process holds a bot's turn (several processes); renewed while the bot thinks,
so a killed process's turns are free again at most this long after it died."""
BOT_RETRY = 2.0
"""Seconds before a bot loop that failed starts again: a game never waits for ever on a
bot that raised."""


class Bots:
    """The bots of every game of a hub: who thinks where, their loop, their leases.

    ``run``: the hub's worker thread (engine and store work); ``db``: store work that
    touches no game in memory (leases); ``apply``: the hub's application of a seat's action
    on the worker thread; ``spawn``: a task of the hub's; ``broadcast``: tell a room's
    change; ``closed``: whether the hub has stopped; ``held``: whether the hub still holds a
    room; ``turns``: the bots' leases (None: one process); ``think``: seconds a far decision
    may take; ``delay``: seconds at least between a bot's turn and its action.
    """

    def __init__(
        self,
        lanes: Lanes,
        *,
        run: Runner,
        db: Runner,
        apply: Callable[[Room, int, Any, int | None, str], Any],
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        broadcast: Callable[[Room], Coroutine[Any, Any, None]],
        closed: Callable[[], bool],
        held: Callable[[Room], bool],
        turns: BotTurns | None,
        process: str,
        think: float = HARD_THINK,
        delay: float = 0.8,
    ) -> None:
        self.lanes = lanes
        self._run, self._db, self._apply = run, db, apply
        self._spawn, self._broadcast = spawn, broadcast
        self._closed, self._held = closed, held
        self.turns = turns
        self.process = process
        self.lease_time = timedelta(seconds=LEASE)
        self.think_time = think
        self.delay = delay
        self.stand_ins: dict[tuple[str, int], Bot] = {}
        """Per (game, seat): the heuristic bot that decides when a far decision is late."""

    async def think(
        self,
        room: Room,
        seat: int,
        view: View,
        legal: list[Action],
        began: float | None = None,
        seed: int | None = None,
    ) -> Action:
        """The decision of the bot at ``seat``, on the lane it belongs to
        (:mod:`~totenblatt.web.table.lanes`): searches and bot-only games in a worker process,
        a cheap bot that a person plays against on the near thread.

        A far decision takes :attr:`think_time` seconds at most from ``began`` (the event
        loop's time; default now): the search ends at :data:`SEARCH_SHARE` of it, and when
        no answer has come shortly before the end (the workers were busy), the heuristic
        bot decides in its place on the engine thread."""
        bot = room.bots[seat]
        person = "human" in room.kinds
        if person and room.kinds[seat] != "ismcts":
            try:
                return await self.lanes.near(bot, view, legal, seed=seed)
            except Exception:  # a cheap bot that failed: the heuristic decides in its place
                log.exception("a bot of game %s failed: the heuristic decided instead", room.id)
                return await self._stand_in_choice(room, seat, view, legal, seed)
        priority = PRIORITY_PERSON if person else PRIORITY_BOTS_ONLY
        loop = asyncio.get_running_loop()
        start = loop.time() if began is None else began
        search = start + self.think_time * SEARCH_SHARE
        wait = start + self.think_time * (1.0 - STAND_IN_SHARE) - loop.time()
        key = bot_key(room, seat)
        try:
            async with asyncio.timeout(max(0.0, wait)):
                return await self.lanes.far(key, bot, view, legal, priority, search, seed)
        except (TimeoutError, LateError):
            log.info("a bot of game %s was late: the heuristic decided instead", room.id)
        except Exception:  # the search failed: the game goes on with the heuristic's choice
            log.exception("a bot of game %s failed: the heuristic decided instead", room.id)
        return await self._stand_in_choice(room, seat, view, legal, seed)

    async def _stand_in_choice(
        self, room: Room, seat: int, view: View, legal: list[Action], seed: int | None
    ) -> Action:
        """The heuristic's decision in the place of the bot at ``seat`` (engine thread)."""
        stand_in = self._stand_in(room, seat)

        def choose() -> Action:
            reseed(stand_in, seed)
            return stand_in.choose(view, legal)

        return await self._run(choose)

    def _stand_in(self, room: Room, seat: int) -> Bot:
        """The heuristic bot that decides for ``seat`` when its own is late."""
        key = (room.id, seat)
        found = self.stand_ins.get(key)
        if found is None:
            if len(self.stand_ins) > 1000:
                self.stand_ins.clear()
            seed = room_bot_seed(room.game.setup.seed, seat, -1 - room.version)
            found = make_bot("heuristic", seed, room.game.scenario, room.game.ruleset)
            self.stand_ins[key] = found
        return found

    def kick(self, room: Room) -> None:
        """Start the bot loop of ``room`` when a bot is to act and none is running."""
        if self._closed() or room.bot_task is not None or room.abandoned:
            return
        seat = room.game.to_act
        if seat is not None and seat in room.bots:
            room.bot_task = asyncio.create_task(self._bot_loop(room))

    async def _bot_loop(self, room: Room) -> None:
        try:
            turns = self.turns
            while not self._closed():
                seat = room.game.to_act
                if seat is None or seat not in room.bots:
                    return
                if room.takeback is not None or room.abandoned:
                    return  # a takeback is asked: the answer starts the bots again
                if turns is not None and room.lease != room.version:
                    claimed = await self._db(
                        turns.claim,
                        room.id,
                        room.version,
                        seat,
                        self.process,
                        self.lease_time,
                    )
                    if not claimed:
                        return  # another process plays it (or the game moved on there)
                    room.lease = room.version
                renewing = self._renewing(room, turns) if turns is not None else None
                before = room.serial
                try:
                    if not await self._bot_turn(room, seat):
                        return
                except ConflictError:
                    if turns is None or room.serial == before:
                        raise  # refused where it stands: not another process's doing
                    continue  # another process moved the game on: look again
                finally:
                    if renewing is not None:
                        renewing.cancel()
                # the pushes go on beside the bots: a socket slow to take one (a phone's
                # tab gone dark) must not hold up the game's next decision
                self._spawn(self._broadcast(room))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot of game %s failed; it tries again", room.id)
            failed = True
        else:
            failed = False
        finally:
            room.bot_task = None
            if room.game.is_over:
                self.lanes.forget([bot_key(room, seat) for seat in room.bots])
        if failed:
            self._spawn(self._kick_later(room))

    async def _kick_later(self, room: Room) -> None:
        """Start the bot loop of ``room`` again after :data:`BOT_RETRY` (it failed)."""
        await asyncio.sleep(BOT_RETRY)
        if self._held(room):
            self.kick(room)

    async def _bot_turn(self, room: Room, seat: int) -> bool:
        """Let the bot at ``seat`` decide and apply its action (unless the game moved on
        while it thought: it is asked again); False when a takeback stops the bots."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        stamp = (room.version, room.serial)
        version, view, legal, seed = await self._run(question, room, seat)
        action = await self.think(room, seat, view, legal, began, seed)
        rest = self.delay - (loop.time() - began)
        if rest > 0:
            await asyncio.sleep(rest)
        async with room.lock:
            if room.takeback is not None:
                return False
            if (room.version, room.serial) != stamp or room.game.to_act != seat:
                return True  # the game moved on while the bot thought: ask it again
            raw = action_to_dict(action)
            await self._run(self._apply, room, seat, raw, version, room.lang)
        return True

    def _renewing(self, room: Room, turns: BotTurns) -> asyncio.Task[None]:
        """Renew the lease on the room's bot turn while its bot thinks and acts."""
        position = room.lease

        async def renew() -> None:
            while position is not None:
                await asyncio.sleep(LEASE / 3)
                try:
                    held = await self._db(
                        turns.renew, room.id, position, self.process, self.lease_time
                    )
                except StoreError as exc:
                    log.warning("cannot renew the bot's turn of game %s: %s", room.id, exc)
                    continue
                if not held:  # another process took it (ours expired): the store decides
                    log.info("the bot's turn of game %s went to another process", room.id)
                    return

        return asyncio.create_task(renew())

    async def take_due(self, room_of: Callable[[str], Awaitable[Room]]) -> None:
        """Claim and play the bots' turns whose lease expired (a process died) or that
        nobody holds (several processes); ``room_of`` finds a game by its id."""
        turns = self.turns
        if turns is None:
            return
        for game_id, position in await self._db(turns.due, self.process, self.lease_time):
            try:
                room = await room_of(game_id)
            except NotFoundError:
                continue
            if room.version != position:
                await self._db(turns.release, self.process, game_id)
                continue
            room.lease = position
            self.kick(room)

    async def release(self) -> None:
        """Let go of the bots' turns this process holds (it stops), so another plays them."""
        if self.turns is None:
            return
        try:
            await self._db(self.turns.release, self.process)
        except StoreError as exc:
            log.warning("cannot let go of the bots' turns: %s", exc)
