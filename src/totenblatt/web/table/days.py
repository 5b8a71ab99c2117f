"""A game that lasts days (issue 42): the games' clocks, their flag falls and "your turn" hooks.

A game created with a ``"clock"`` (:func:`clock_rule`) keeps it in ``room.clock``
(:class:`~totenblatt.web.table.clock.Clock`, stored with the game). After every change of a
game the hub tells :class:`Days` (:meth:`Days.changed`), which

- runs the clock of the human seat to act (a bot's decision, the end and an abandoned game
  stop it), stores the clock when it changed, and arms the flag: when the running seat's
  time is up, **the seat concedes** (the engine's Concede, A13: its figures leave the game;
  the others play on) — :data:`FLAG_RULE` says so in both languages;
- POSTs ``{"game_id", "seat", "event": "your_turn", "url"}`` to the seat's webhook once when
  the turn passes to a human seat (not again for that seat's next decisions in a row);
  the call leaves through :class:`~totenblatt.web.table.webhooks.WebhookSender` and never
  holds up the game.

Rooms loaded after a restart are armed again (their clocks come from the store), so a
restart loses no time and a flag that fell meanwhile falls at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from totenblatt.web.shell.errors import ConflictError, InvalidError, WebError
from totenblatt.web.table.clock import Clock, ClockError, ClockRule, with_clock
from totenblatt.web.table.webhooks import WebhookError, WebhookPolicy, WebhookSender

if TYPE_CHECKING:
    from totenblatt.store.tables import WebGames
    from totenblatt.wanted.engine import Game
    from totenblatt.web.table.room import Entry, Runner

__all__ = ["FLAG_RULE", "ClockRule", "Days", "clock_rule", "stored_clock", "with_clock"]

log = logging.getLogger("totenblatt.web")

FLAG_RULE = {
    "en": "When a seat's clock runs out, that seat concedes: its figures leave the game.",
    "de": "Läuft die Uhr eines Platzes ab, gibt dieser Platz auf: "
    "seine Figuren verlassen das Spiel.",
}
"""The flag-fall rule as the lobby and docs/web.md say it."""

LONGEST_SLEEP = 3600.0
"""A flag's timer wakes at least hourly (and looks again): a clock is stored, never trusted
to one long sleep."""


class Room(Protocol):
    """What :class:`Days` reads of a game held in memory (the table's
    :class:`~totenblatt.web.table.room.Room`)."""

    id: str
    game: Game
    kinds: tuple[str, ...]
    abandoned: bool
    lang: str
    lock: asyncio.Lock
    clock: Clock | None

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (None: over or abandoned)."""

    @property
    def version(self) -> int:
        """How many positions the game has stored."""

    @property
    def entries(self) -> Sequence[Entry]:
        """One per stored position: who decided."""


Apply = Callable[[Any, int, Any, "int | None", str], Any]


def clock_rule(body: object) -> ClockRule | None:
    """Take ``"clock"`` out of ``POST /api/games``'s body (None: no clock);
    :class:`InvalidError` says what is wrong with it."""
    if not isinstance(body, dict) or "clock" not in body:
        return None
    raw = body.pop("clock")
    if raw is None:
        return None
    try:
        return ClockRule.from_body(raw)
    except ClockError as exc:
        raise InvalidError(str(exc)[:300]) from None


def stored_clock(game_id: str, data: dict[str, Any] | None) -> Clock | None:
    """A stored game's clock (None: none, or one that no longer reads — logged)."""
    if data is None:
        return None
    try:
        return Clock.from_json(data)
    except ClockError as exc:
        log.error("the clock of game %s does not read: %s", game_id, exc)
        return None


@dataclass(eq=False)
class Days:
    """The hub's games that last days: clocks, flags and hooks (see the module docstring).

    ``run``: work on the hub's worker thread; ``apply``: the hub's ``_apply`` (one seat's
    action, stored); ``after``: what the hub does after a change (bots, pushes);
    ``spawn``: a task of the hub's; ``allow``: the hosts ``--webhook-allow`` names;
    ``now``: seconds since the epoch (tests inject one).
    """

    games: WebGames
    _: KW_ONLY
    run: Runner
    apply: Apply
    after: Callable[[Any], Awaitable[None]]
    spawn: Callable[[Coroutine[Any, Any, None]], None]
    allow: tuple[str, ...] = ()
    now: Callable[[], float] = time.time
    policy: WebhookPolicy = field(init=False)
    sender: WebhookSender = field(init=False)
    turns: dict[str, int] = field(init=False, default_factory=dict)
    """The version of each game last seen (a hook goes out only for a new position)."""
    flags: dict[str, asyncio.Task[None]] = field(init=False, default_factory=dict)
    hooks: dict[str, dict[int, tuple[str, str]]] = field(init=False, default_factory=dict)
    """Per game, per seat: its webhook and its page (loaded from the store once)."""

    def __post_init__(self) -> None:
        self.policy = WebhookPolicy.of(self.allow)
        self.sender = WebhookSender(self.policy)

    @classmethod
    def of(cls, hub: Any, allow: tuple[str, ...] = ()) -> Days:
        """The Days of the table's hub: its store, worker thread, action, after-change and
        tasks (:class:`~totenblatt.web.table.hub.Hub`)."""
        return cls(
            hub.games,
            run=hub.run,
            apply=hub._apply,
            after=hub.after_change,
            spawn=hub.spawn,
            allow=allow,
        )

    # -- creating and the webhook route ------------------------------------------------------

    def begin(self, room: Room, rule: ClockRule | None) -> dict[str, Any] | None:
        """A new game's clock (its stored form; None without a rule), held by ``room``."""
        room.clock = None if rule is None else Clock.new(rule, len(room.kinds))
        return None if room.clock is None else room.clock.to_json()

    async def set_hook(self, room: Room, seat: int, url: object, page: str) -> None:
        """Keep ``seat``'s webhook (``url`` None or "": none); 422 for an URL not allowed."""
        if url in (None, ""):
            hook = None
        elif not isinstance(url, str):
            raise InvalidError('a webhook is {"url": "https://..."}')
        else:
            try:
                hook = self.policy.check_url(url)
            except WebhookError as exc:
                raise InvalidError(str(exc)[:300]) from None
        await self.run(self.games.set_webhook, room.id, seat, hook, page)
        hooks = await self._hooks(room)
        if hook is None:
            hooks.pop(seat, None)
        else:
            hooks[seat] = (hook, page)

    async def _hooks(self, room: Room) -> dict[int, tuple[str, str]]:
        """The game's webhooks by seat (read from the store the first time)."""
        found = self.hooks.get(room.id)
        if found is None:
            stored = await self.run(self.games.webhooks, room.id)
            page = f"/games/{room.id}"
            found = {s: (url, hook_page or page) for s, (url, hook_page) in stored.items()}
            self.hooks[room.id] = found
        return found

    # -- after every change ------------------------------------------------------------------

    async def resume(self, room_of: Callable[[str], Awaitable[Any]]) -> None:
        """After a restart: load every unfinished game with a clock, arm its flag (one that
        fell while the server was down falls now)."""
        try:
            clocked = await self.run(self.games.clocked)
        except Exception as exc:  # the store away at the start: the flags wait for changes
            log.error("cannot look for games with a clock: %s", exc)
            return
        for game_id in clocked:
            try:
                room = await room_of(game_id)
            except Exception as exc:  # one broken game must not keep the others' clocks
                log.error("cannot resume the clock of game %s: %s", game_id, exc)
                continue
            self.changed(room, resumed=True)

    def changed(self, room: Room, resumed: bool = False) -> None:
        """The game changed (an action, a takeback, chat; ``resumed``: loaded after a
        restart): run the clock of the seat to act, store it, arm its flag; tell a person
        its turn came when a new position passes the turn to it from another seat (not
        again for its next decisions in a row, nor for chat, nor after a restart)."""
        seat = room.to_act
        seen = self.turns.get(room.id)
        self.turns[room.id] = room.version
        if seat is None:  # the game ended: nothing more to tell
            self.turns.pop(room.id, None)
            self.hooks.pop(room.id, None)
        if room.clock is not None:
            self._tick(room, seat)
        if resumed or seen == room.version or seat is None or room.kinds[seat] != "human":
            return
        if room.entries and room.entries[-1].seat != seat:
            self.spawn(self._tell(room, seat))

    def _tick(self, room: Room, seat: int | None) -> None:
        """Run the clock of ``seat`` if it is a person's, else stop it; store it if changed."""
        clock = room.clock
        assert clock is not None
        before = clock.to_json()
        now = self.now()
        if seat is not None and room.kinds[seat] == "human":
            clock.start(seat, now)
        else:
            clock.stop(now)
        stored = clock.to_json()
        if stored != before:
            self.spawn(self._store(room.id, stored))
        self._arm(room)

    async def _store(self, game_id: str, stored: dict[str, Any]) -> None:
        try:
            await self.run(self.games.set_clock, game_id, stored)
        except Exception as exc:  # the clock goes on in memory; the next change stores it
            log.warning("cannot store the clock of game %s: %s", game_id, exc)

    def _arm(self, room: Room) -> None:
        """Wake when the running seat's flag falls (after any earlier timer is cancelled)."""
        old = self.flags.pop(room.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        clock = room.clock
        if clock is None or clock.running is None:
            return
        task = asyncio.get_running_loop().create_task(self._flag(room))
        self.flags[room.id] = task
        task.add_done_callback(lambda done: self._forget(room.id, done))

    def _forget(self, game_id: str, task: asyncio.Task[None]) -> None:
        """A flag's timer ended: forget it (unless a newer one replaced it)."""
        if self.flags.get(game_id) is task:
            del self.flags[game_id]

    async def _flag(self, room: Room) -> None:
        """Sleep until the flag falls (waking at least hourly), then let the seat concede."""
        while True:
            clock = room.clock
            if clock is None or clock.running is None:
                return
            due = clock.due(self.now())
            if due is not None and due > 0:
                await asyncio.sleep(min(due, LONGEST_SLEEP))
                continue
            await self.fall(room)
            return

    async def fall(self, room: Room) -> bool:
        """If the running seat's time is up, it concedes (stored like its own action); True
        when it did."""
        clock = room.clock
        seat = None if clock is None else clock.flagged(self.now())
        if seat is None or room.to_act != seat:
            return False
        try:
            async with room.lock:
                await self.run(self.apply, room, seat, {"type": "concede"}, None, room.lang)
        except (ConflictError, WebError) as exc:  # another process moved the game on
            log.info("the flag of seat %s in game %s fell, but: %s", seat, room.id, exc)
            return False
        log.info("seat %s of game %s ran out of time and concedes", seat, room.id)
        await self.after(room)
        return True

    async def _tell(self, room: Room, seat: int) -> None:
        """POST "your turn" to ``seat``'s webhook, if it has one (queued, never awaited)."""
        try:
            hook = (await self._hooks(room)).get(seat)
        except Exception as exc:  # the store is away: this turn's notice is lost, not the game
            log.warning("cannot read the webhooks of game %s: %s", room.id, exc)
            return
        if hook is None:
            return
        url, page = hook
        await self.sender.start()
        payload = {"game_id": room.id, "seat": seat, "event": "your_turn", "url": page}
        self.sender.send(url, payload)

    async def close(self) -> None:
        """Stop the flags' timers and the webhooks' sender."""
        for task in list(self.flags.values()):
            task.cancel()
        await asyncio.gather(*self.flags.values(), return_exceptions=True)
        self.flags.clear()
        await self.sender.close()
