"""The server's games: the :class:`Hub` that runs them all, one
:class:`~totenblatt.web.table.room.Room` per game.

The hub is the only place that knows a game's seed. It creates games (a new
64-bit seed from :mod:`secrets`, a secret token per human seat), stores the
setup and every action (:class:`~totenblatt.store.tables.WebGames`), and pushes each
subscriber its own payload after every change. As boardgame.io's master it is handed its
parts and owns them: the games in memory and their store
(:class:`~totenblatt.web.table.keeper.Keeper`), the bots' loop
(:class:`~totenblatt.web.table.bots.Bots`), the following of other processes
(:class:`~totenblatt.web.table.follow.Follower`); each knows the hub only through the
narrow callables it is given.

Engine and database work runs on one worker thread, so a game is never changed
by two threads at once and the event loop stays free for the network. The bots' thread
shares with the worker thread only the table's caches (routes, cover, geometry memos),
whose values depend on their keys alone, so two threads can at worst compute one twice.
One action of a game is applied at a time: a second one arriving meanwhile is refused
(:class:`ConflictError`), never queued behind the first.

A game night (:mod:`~totenblatt.web.table.night.nights`) adds names, chat, takebacks and rematches;
a stored position may hold one decision and the passes the server made after it for
seats that pass their bids automatically, so that such a pass looks exactly like the
engine's own pass of a seat without a choice (same version, same moment).

New games are admitted against the :class:`~totenblatt.web.shell.limits.Limits` in the
transaction that stores them (games with a person who connected; bot-only games in
total and per client), and games nobody touched for the idle time end as abandoned:
swept at start and then periodically (:meth:`Hub.sweep`).

**Several processes** (issue 28): on PostgreSQL any number of server processes serve the
same games (a hub is *shared*). The database is the truth: before it applies an action a
hub brings its game up to the stored version (:meth:`Hub.refresh`), and the store takes one
action per position, so of two processes acting at once one is refused. The hub announces
each change on the bus; the others follow it (:mod:`~totenblatt.web.table.follow`), and a
bot's turn is played by the process holding its lease (:mod:`~totenblatt.web.table.bots`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from datetime import timedelta
from typing import Any, ParamSpec, TypeVar

from totenblatt.store.database import StoreError
from totenblatt.store.table_records import (
    ActionConflictError,
    RematchExistsError,
    SeatRecord,
    TurnMark,
)
from totenblatt.store.tables import WebGames
from totenblatt.store.turns import BotTurns
from totenblatt.wanted.bots import PolicyError
from totenblatt.wanted.engine import (
    IllegalActionError,
    Pass,
    Phase,
    action_from_dict,
    action_to_dict,
    new_game,
)
from totenblatt.wanted.fast import FastUnsupportedError
from totenblatt.wanted.table.scenario import ScenarioError
from totenblatt.web.shell.bus import Bus
from totenblatt.web.shell.errors import BusyError, ConflictError, ForbiddenError, InvalidError
from totenblatt.web.shell.games import SETUP_READERS, Beside, Dealt, read_setup
from totenblatt.web.shell.limits import Limits
from totenblatt.web.shell.tokens import hash_token
from totenblatt.web.shell.words import describe, refusal
from totenblatt.web.table.bots import HARD_THINK, SEARCH_SHARE, STAND_IN_SHARE, Bots
from totenblatt.web.table.days import ClockRule, Days
from totenblatt.web.table.follow import Follower
from totenblatt.web.table.keeper import Keeper
from totenblatt.web.table.lanes import Lanes
from totenblatt.web.table.room import Entry, Room, Subscriber, Viewer, lobby_entry, seat_events
from totenblatt.web.table.spec import HARD_BOT, SEAT_ALIASES, SEAT_KINDS, GameSpec, admission

__all__ = [
    "HARD_BOT",
    "HARD_THINK",
    "SEARCH_SHARE",
    "SEAT_ALIASES",
    "SEAT_KINDS",
    "SETUP_READERS",
    "STAND_IN_SHARE",
    "BusyError",
    "ConflictError",
    "ForbiddenError",
    "GameSpec",
    "Hub",
    "InvalidError",
    "Room",
    "Subscriber",
    "Viewer",
    "hash_token",
    "read_setup",
]

log = logging.getLogger("totenblatt.web")

SEND_TIME = 10.0
"""Seconds a socket may take to take one push: one that does not (a phone's tab gone dark,
a connection dead without a word) is dropped, so it never holds up a game (its page loads
the game anew when it comes back)."""
TICK = 1.0
"""Seconds between a shared hub's looks for bots' turns nobody plays and for games whose
WebSockets it holds that moved on without a notice reaching it."""

_P = ParamSpec("_P")
_T = TypeVar("_T")


class Hub:
    """Every game of the server (see the module docstring).

    ``bot_delay``: seconds at least between a bot's turn and its action (its thinking
    counts; 0 in tests); ``bot_think``: seconds at most a bot of a worker process may take
    for a decision (:data:`HARD_THINK`); ``limits``: which new games are admitted and when
    an untouched game ends (:class:`~totenblatt.web.shell.limits.Limits`); ``seeds``: where new
    games' seeds come from (64 bits from :mod:`secrets`; tests may fix them); ``shared``:
    other processes serve the same games (default: on PostgreSQL).
    """

    def __init__(
        self,
        games: WebGames,
        *,
        bot_delay: float = 0.8,
        limits: Limits | None = None,
        max_rooms: int = 2000,
        bot_processes: int | None = None,
        seeds: Callable[[], int] | None = None,
        bot_think: float = HARD_THINK,
        shared: bool | None = None,
        learned: str | None = None,
        webhook_allow: tuple[str, ...] = (),
    ) -> None:
        self.games = games
        self.learned = learned
        """The path of the policy the lobby's learned bot plays (None: no learned bot)."""
        self.shared = games.db.engine.dialect.name == "postgresql" if shared is None else shared
        """Other processes may serve the same games (PostgreSQL; see the module docstring)."""
        self.process = secrets.token_hex(8)
        """This process's name in the bots' leases."""
        self.bus: Bus | None = None
        self.others: dict[str, Callable[[str, int], None]] = {}
        """Who follows the bus's notices of other things than games, by their prefix
        (``story``: ``story:ID``, the RPG table's :mod:`~totenblatt.web.stories.follow`)."""
        self.seeds = seeds or (lambda: secrets.randbits(64))
        self.limits = limits or Limits()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="totenblatt-engine")
        self.lanes = Lanes(bot_processes)
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self.keeper = Keeper(games, self.run, learned=learned, max_rooms=max_rooms)
        """The games in memory and their store."""
        self.rooms = self.keeper.rooms
        self.bots = Bots(
            self.lanes,
            run=self.run,
            db=self._db,
            apply=self._apply,
            spawn=self._spawn,
            broadcast=self.broadcast,
            closed=lambda: self._closed,
            held=lambda room: self.rooms.get(room.id) is room,
            turns=BotTurns(games.db) if self.shared else None,
            process=self.process,
            think=bot_think,
            delay=bot_delay,
        )
        """The bots' loop of every game."""
        self.follower = Follower(
            self.rooms,
            self.others,
            run=self.run,
            refresh=self.refresh,
            push=self._push,
            serials=lambda ids: self._db(games.serials, ids),
            closed=lambda: self._closed,
        )
        """The following of the other processes' changes (several processes)."""
        self.days = Days.of(self, webhook_allow)  # games that last days: clocks, hooks

    # -- the worker thread -------------------------------------------------------------

    async def run(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Run engine or database work on the worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(*args, **kwargs))

    async def start(self) -> None:
        """End the games idle too long, load every other unfinished game and let its bots
        go on (after a restart); then sweep idle games periodically.

        Shared (several processes): listen for the others' changes, and look each
        :data:`TICK` for bots' turns nobody plays instead of loading every game."""
        await self.sweep()
        self._spawn(self._sweeping())
        await self.days.resume(self.room)  # the clocks' flags armed again
        if self.shared:
            follower = self.follower
            self.bus = Bus(self.games.db.url, follower.heard, follower.bus_back, self.process)
            await self.bus.start()
            await self._resume(await self.run(self.games.untracked))
            self._spawn(self._tending())
            return
        await self._resume(await self.run(self.games.ids, playing_only=True))

    async def stop(self) -> None:
        """Stop the bots and the worker thread (games are already stored); shared, let go
        of the bots' turns this process holds, so that another plays them at once."""
        self._closed = True
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task is not None]
        tasks += [r.following for r in self.rooms.values() if r.following is not None]
        tasks += list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.days.close()
        if self.bus is not None:
            await self.bus.stop()
        await self.bots.release()
        await self.lanes.stop()
        self._pool.shutdown(wait=True)

    async def _db(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        """Database work that touches no game in memory (leases, looks), off the engine
        thread: a busy engine must not delay a lease's renewal."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, lambda: fn(*args, **kwargs))

    # -- games ---------------------------------------------------------------------------

    async def create(
        self,
        spec: GameSpec,
        client: str | None = None,
        clock: ClockRule | None = None,
        *,
        dealt: Dealt | None = None,
        beside: Beside | None = None,
    ) -> tuple[Room, list[str | None]]:
        """A new game with a secret seed; the seat tokens (None for bots), shown only now.

        ``client`` (its address key) is who asks: its bot-only games count against
        :attr:`Limits.bot_games_per_client`. Refused with :class:`BusyError` (503) when
        the server has as many games as it may or the database fails, with
        :class:`TooManyRequestsError` (429) when the client has its bot-only games.
        ``dealt`` and ``beside``: see :meth:`GameHost.create
        <totenblatt.web.shell.games.GameHost.create>` (a campaign fight).
        """
        room, tokens = await self.run(
            self._create, spec, client, clock=clock, dealt=dealt, beside=beside
        )
        self.days.changed(room)  # its clock runs for the first person to act
        self.kick_bots(room)
        return room, tokens

    def _create(
        self,
        spec: GameSpec,
        client: str | None,
        hashes: tuple[str | None, ...] | None = None,
        rematch_of: str | None = None,
        clock: ClockRule | None = None,
        dealt: Dealt | None = None,
        beside: Beside | None = None,
    ) -> tuple[Room, list[str | None]]:
        """Deal (unless ``dealt``) and store a new game of ``spec``; the seats' tokens (None
        for bots, and for every seat when ``hashes`` are given: a rematch's seats keep their
        tokens); ``rematch_of`` the game it is the rematch of."""
        try:
            game = dealt[0] if dealt else new_game(
                spec.scenario, spec.rules(), seed=self.seeds(), dealer=spec.dealer,
                deck_order=spec.deck_order,
            )  # fmt: skip
        except ScenarioError as exc:  # e.g. heroes with abilities on the base ruleset
            raise InvalidError(str(exc)[:500]) from None
        setup = dealt[1] if dealt else game.to_json()
        game_id = secrets.token_urlsafe(12)
        seat_tokens: list[str | None] = [None] * len(spec.kinds)
        if hashes is None:
            seat_tokens = [secrets.token_urlsafe(32) if k == "human" else None for k in spec.kinds]
            hashes = tuple(None if t is None else hash_token(t) for t in seat_tokens)
        spectator = secrets.token_urlsafe(24)
        players = spec.players or (None,) * len(spec.kinds)
        if "learned" in spec.kinds and self.learned is None:
            raise InvalidError(
                "this server has no learned bot: its operator starts it with "
                "totenblatt serve --learned PATH"
            )
        try:
            room = Room(
                game_id,
                game,
                spec.kinds,
                hashes,
                spectator,
                spec.lang,
                name=spec.name,
                players=players,
                learned=self.learned,
            )
        except (PolicyError, FastUnsupportedError) as exc:
            raise InvalidError(f"the learned bot cannot play this game: {exc}"[:500]) from None
        owner = None if client is None else hash_token(f"client:{client}")[:32]
        seats = [SeatRecord(k, h, p) for k, h, p in zip(spec.kinds, hashes, players, strict=True)]
        with nullcontext() if beside is None else beside(game_id):
            try:
                self.games.create(
                    game_id,
                    scenario=spec.scenario,
                    ruleset=spec.ruleset,
                    lang=spec.lang,
                    seats=seats,
                    spectator_token=spectator,
                    setup=setup,
                    summary=room.summary(),
                    owner=owner,
                    admit=admission(spec, owner, self.limits),
                    name=spec.name,
                    rematch_of=rematch_of,
                    turn=self._turn(room),
                    clock=self.days.begin(room, clock),
                )
            except RematchExistsError:
                raise
            except StoreError as exc:
                log.error("cannot store a new game: %s", exc)
                raise BusyError(  # the reason is in the log: it names the database
                    "the game was not stored, try again in a moment", retry_after=10
                ) from None
        room.lease = 0 if room.game.to_act in room.bots else None
        self.keeper.keep(room)
        return room, seat_tokens

    def _followed(self, room: Room) -> bool:
        """Shared: the room follows every change of its game as it is announced (its
        WebSockets are here and the bus listens), so it is behind only by a notice on its
        way — an action on the old version is then refused by the store, as it should be."""
        bus = self.bus
        return bus is not None and bus.listening and bool(room.subscribers) and not room.following

    def _turn(self, room: Room) -> TurnMark | None:
        """Whose turn the room's position is, as the store keeps it for several processes
        (a bot's: held by this process, which plays it next); None when not shared or the
        game has no bot."""
        if not self.shared or not room.bots:
            return None
        seat = room.to_act
        if seat is None or seat not in room.bots:
            return TurnMark(None)
        return TurnMark(seat, self.process, self.games.db.clock() + self.bots.lease_time)

    async def room(self, game_id: str) -> Room:
        """The game ``game_id``, rebuilt from the database if it is not in memory (shared:
        brought up to the stored version if it is, unless it follows every notice)."""
        return await self.keeper.room(game_id, self._stale)

    def _stale(self, room: Room) -> bool:
        """Whether a held room must be brought up to the stored game before it is used."""
        return self.shared and not self._followed(room)

    def refresh(self, room: Room, chat: bool = False) -> bool:
        """Bring ``room`` up to the stored game (shared; on the engine thread; see
        :meth:`Keeper.refresh <totenblatt.web.table.keeper.Keeper.refresh>`)."""
        return self.keeper.refresh(room, chat)

    async def join(self, room: Room, seats: list[int | None]) -> None:
        """Note that the invite links of ``seats`` connected (stored once per seat)."""
        new = sorted({s for s in seats if s is not None and s in room.waiting_seats})
        if new:
            await self.run(self.games.join, room.id, new)
            room.joined.update(new)

    # -- idle games ----------------------------------------------------------------------

    async def sweep(self) -> list[str]:
        """End as abandoned the games untouched for the idle time (:meth:`Keeper.sweep`)."""
        return await self.keeper.sweep(timedelta(hours=self.limits.idle_hours))

    async def _sweeping(self) -> None:
        """Sweep every quarter of the idle time (at least every 10 minutes)."""
        every = min(max(self.limits.idle_hours * 3600 / 4, 0.05), 600.0)
        await self._periodically(every, self.sweep, "cannot end idle games")

    async def _periodically(
        self, every: float, work: Callable[[], Awaitable[object]], failed: str
    ) -> None:
        """``work`` every ``every`` seconds until the hub closes; a failure is logged as
        ``failed`` and the next round tries again (the database away, or a bug)."""
        while not self._closed:
            await asyncio.sleep(every)
            try:
                await work()
            except StoreError as exc:  # the database is away: try again next time
                log.warning("%s: %s", failed, exc)
            except Exception:  # a bug must not stop the rounds
                log.exception(failed)

    # -- acting --------------------------------------------------------------------------

    async def act(
        self,
        room: Room,
        viewer: Viewer,
        raw: Any,
        version: int | None = None,
        lang: str | None = None,
    ) -> list[dict[str, Any]]:
        """Apply one action of ``viewer``'s seat; the new events that seat may see.

        Refused (:class:`ConflictError`) when it is not the seat's decision, when the game
        moved past ``version``, when another action of the game is being applied,
        or when the engine finds it illegal; :class:`InvalidError` when it is malformed.
        """
        seat = viewer.seat
        if seat is None:
            raise ForbiddenError("a spectator cannot act")
        lang = lang or room.lang
        if not self.shared:  # shared, the room may be behind: checked once it is brought up
            room.check_turn(seat, version, lang)
        if room.lock.locked():
            raise ConflictError(refusal("busy", lang))
        async with room.lock:
            events = await self.run(self._apply, room, seat, raw, version, lang)
        self._spawn(self.after_change(room))  # the answer need not wait for the pushes
        return events

    async def play(
        self, game_id: str, token: str | None, raw: Any, lang: str | None = None
    ) -> list[dict[str, Any]]:
        """:meth:`act` for the seat ``token`` holds in the game ``game_id``."""
        room = await self.room(game_id)
        return await self.act(room, room.viewer(token), raw, None, lang)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of the hub's (cancelled when the hub stops)."""
        self._spawn(work)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _apply(
        self, room: Room, seat: int, raw: Any, version: int | None, lang: str
    ) -> list[dict[str, Any]]:
        if self.shared and not self._followed(room):
            self.refresh(room)  # another process may have stored actions meanwhile
        room.check_turn(seat, version, lang)
        game = room.game
        try:
            action = action_from_dict(raw)
        except ValueError as exc:
            raise InvalidError(describe(exc, lang)[:500]) from None
        position = room.version
        before = len(game.state.events)
        try:
            events = game.apply(action)  # the game is unchanged when it refuses
        except IllegalActionError as exc:
            raise ConflictError(describe(exc, lang)[:500]) from None
        done = [action_to_dict(action)]
        while not game.is_over and game.phase is Phase.BID and game.to_act in room.auto_pass:
            events += game.apply(Pass())  # as the engine passes a seat without a choice
            done.append({"type": "pass"})
        turn = self._turn(room)
        bus = self.bus  # shared: the notice goes with the statement that stores the action
        notice = None if bus is None else (bus.channel, bus.notice(room.id, room.serial + 1))
        try:
            self.games.append(
                room.id,
                position,
                done[0] if len(done) == 1 else done,
                summary=room.summary(),
                over=game.is_over,
                turn=turn,
                notice=notice,
            )
        except ActionConflictError as exc:
            self.keeper.reload(room)
            raise ConflictError(str(exc)) from None
        except StoreError as exc:
            self.keeper.reload(room)
            log.warning("an action of game %s was not stored: %s", room.id, exc)
            raise BusyError(
                "the action was not stored, try again in a moment", retry_after=2
            ) from None
        except Exception:
            self.keeper.reload(room)
            raise
        room.entries.append(Entry(seat, before, len(done)))
        room.lease = room.version if turn is not None and turn.holder is not None else None
        room.takeback = None  # the game moved on: a takeback asked lapses
        room.changed()
        if notice is not None:
            room.announced = room.changes
        return seat_events(game, events, seat)

    async def after_change(self, room: Room) -> None:
        """Let a bot act if it is its turn, and push every subscriber its new payload (the
        bots do not wait for the pushes: a socket slow to take one must not stall a game)."""
        self.kick_bots(room)
        await self.broadcast(room)

    def kick_bots(self, room: Room) -> None:
        """Start the bot loop of ``room`` when a bot is to act and none is running."""
        self.bots.kick(room)

    # -- several processes ---------------------------------------------------------------

    async def _resume(self, game_ids: list[str]) -> None:
        """Load the games ``game_ids`` and let their bots go on if it is their turn (after a
        restart: every unfinished game; shared: those with bots but no stored turn, stored
        before migration 0009)."""
        for game_id in game_ids:
            try:
                room = await self.room(game_id)
            except Exception as exc:  # one broken game must not keep the others down
                log.error("cannot resume game %s: %s", game_id, exc)
                continue
            self.kick_bots(room)

    async def _tending(self) -> None:
        """Each :data:`TICK`: claim the bots' turns nobody plays, follow the held games that
        moved on unnoticed."""
        await self._periodically(TICK, self.tend, "cannot look for bots' turns")

    async def tend(self) -> None:
        """Claim and play the bots' turns whose lease expired (a process died) or that nobody
        holds; follow the games whose WebSockets this process holds that moved on."""
        await self.bots.take_due(self.room)
        await self.follower.look()

    # -- telling -------------------------------------------------------------------------

    async def payload(self, room: Room, viewer: Viewer, lang: str) -> str:
        """The viewer's payload as JSON text."""
        return (await self.run(room.payload_text, viewer, lang))[1]

    async def subscribe(self, room: Room, subscriber: Subscriber) -> None:
        """Add a WebSocket and send it the current payload."""
        room.subscribers.add(subscriber)
        await self._send(room, subscriber)

    def unsubscribe(self, room: Room, subscriber: Subscriber) -> None:
        """Forget a closed WebSocket."""
        room.subscribers.discard(subscriber)

    async def broadcast(self, room: Room) -> None:
        """Send every subscriber of ``room`` its payload if it has not seen this change;
        shared, tell the other processes first (only the game's id and version)."""
        self.days.changed(room)
        if self.bus is not None and room.announced != room.changes:
            room.announced = room.changes
            self._spawn(self.bus.announce(room.id, room.serial))
        await self._push(room)

    async def _push(self, room: Room) -> None:
        await asyncio.gather(*(self._send(room, s) for s in list(room.subscribers)))

    async def _send(self, room: Room, sub: Subscriber) -> None:
        async with sub.lock:
            push = await self.run(room.push, sub)
            if push is None:
                return
            changes, text, seen = push
            try:
                async with asyncio.timeout(SEND_TIME):
                    await sub.send(text)
            except Exception:  # a closed socket, or one that does not take it: forget it
                room.subscribers.discard(sub)
                return
            sub.sent, sub.seen = changes, seen

    async def lobby(self, lang: str) -> list[dict[str, Any]]:
        """The games the lobby lists, newest change first (public information only)."""
        rows = await self.run(self.games.summaries, 50)
        return [lobby_entry(row, lang) for row in rows]
