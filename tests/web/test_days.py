"""A game that lasts days (web/table/days.py) over a stand-in room: the clock runs for the
person to act, is stored, its flag makes the seat concede, "your turn" goes out once per turn.
Time is a value handed in; the webhook's receiver is a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_webhooks import Receiver

from totenblatt.web.shell.errors import InvalidError
from totenblatt.web.table.clock import Clock, ClockRule
from totenblatt.web.table.days import FLAG_RULE, Days, clock_rule, stored_clock, with_clock
from totenblatt.web.table.webhooks import WebhookSender

H = 3600.0
T0 = 1_800_000_000.0


@dataclass
class FakeGame:
    to_act: int | None = 0
    is_over: bool = False


@dataclass
class Entry:
    seat: int


@dataclass
class FakeRoom:
    kinds: tuple[str, ...] = ("human", "human")
    id: str = "g1"
    game: FakeGame = field(default_factory=FakeGame)
    abandoned: bool = False
    lang: str = "en"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clock: Clock | None = None
    entries: list[Entry] = field(default_factory=list)

    @property
    def to_act(self) -> int | None:
        return None if self.game.is_over or self.abandoned else self.game.to_act

    @property
    def version(self) -> int:
        return len(self.entries)

    def decide(self, then: int | None) -> None:
        """The seat to act decides; ``then`` acts next."""
        assert self.game.to_act is not None
        self.entries.append(Entry(self.game.to_act))
        self.game.to_act = then


@dataclass
class FakeSeat:
    webhook: str | None = None
    hook_page: str | None = None


class FakeGames:
    """The store's part Days uses."""

    def __init__(self, seats: int = 2) -> None:
        self.clocks: list[dict[str, Any]] = []
        self.seats = [FakeSeat() for _ in range(seats)]

    def set_clock(self, game_id: str, clock: dict[str, Any]) -> None:
        self.clocks.append(clock)

    def set_webhook(self, game_id: str, seat: int, url: str | None, page: str | None) -> None:
        self.seats[seat] = FakeSeat(url, page)

    def clocked(self) -> list[str]:
        return ["g1", "gone"]

    def webhooks(self, game_id: str) -> dict[int, tuple[str, str | None]]:
        return {i: (s.webhook, s.hook_page) for i, s in enumerate(self.seats) if s.webhook}


class World:
    """Days over a fake store with a time the test sets; what it applied and finished."""

    def __init__(self, allow: tuple[str, ...] = ()) -> None:
        self.time = T0
        self.games = FakeGames()
        self.applied: list[tuple[int, Any]] = []
        self.after: list[str] = []
        self.tasks: list[asyncio.Task[None]] = []

        async def run(fn: Any, *args: Any, **kwargs: Any) -> Any:
            return fn(*args, **kwargs)

        def apply(room: FakeRoom, seat: int, raw: Any, version: int | None, lang: str) -> None:
            self.applied.append((seat, raw))
            room.decide(None)
            room.game.is_over = True

        async def after(room: FakeRoom) -> None:
            self.after.append(room.id)
            self.days.changed(room)

        def spawn(work: Any) -> None:
            self.tasks.append(asyncio.get_running_loop().create_task(work))

        self.days = Days(
            self.games,  # type: ignore[arg-type]
            run=run,  # type: ignore[arg-type]
            apply=apply,
            after=after,
            spawn=spawn,
            allow=allow,
            now=lambda: self.time,
        )
        self.days.sender = WebhookSender(self.days.policy, pause_s=0.0)

    async def settle(self) -> None:
        """Let every spawned task and queued webhook finish."""
        while self.tasks:
            task = self.tasks.pop()
            await task
        await asyncio.sleep(0)
        if self.days.sender._tasks:
            await self.days.sender.drain()


def in_world(
    scene: Callable[[World, FakeRoom], Awaitable[None]],
    room: FakeRoom | None = None,
    allow: tuple[str, ...] = (),
) -> None:
    """Run ``scene`` in a new :class:`World` (``allow``: the hosts its webhooks may call)
    with ``room`` (a new two-seat room when none); the days are closed after it."""

    async def go() -> None:
        world = World(allow)
        await scene(world, room or FakeRoom())
        await world.days.close()

    asyncio.run(go())


def test_clock_rule_is_taken_out_of_the_creation_body() -> None:
    body = {"scenario": "duel", "clock": {"per_decision_hours": 24}}
    assert clock_rule(body) == ClockRule(per_decision_s=24 * H) and "clock" not in body
    assert clock_rule({"scenario": "duel"}) is None and clock_rule({"clock": None}) is None
    with pytest.raises(InvalidError, match="per_decision_hours or both"):
        clock_rule({"clock": {"hours": 3}})


def test_every_view_carries_the_clock() -> None:
    clock = Clock.new(ClockRule(per_decision_s=H), 2)
    clock.start(1, T0)
    shown = json.loads(with_clock('{"a":1}', clock, T0 + 60))
    assert shown == {"clock": {"remaining_s": [H, H - 60], "running": 1}, "a": 1}
    assert with_clock('{"a":1}', None) == '{"a":1}'
    assert "concedes" in FLAG_RULE["en"] and "gibt" in FLAG_RULE["de"]


def test_the_clock_runs_for_the_person_to_act_and_is_stored() -> None:
    async def scene(world: World, room: FakeRoom) -> None:
        world.days.begin(room, ClockRule(bank_s=10 * H, increment_s=H))
        world.days.changed(room)
        assert room.clock is not None and room.clock.running == 0
        world.time += 2 * H
        room.decide(1)  # the bot's turn: no clock runs
        world.days.changed(room)
        await world.settle()
        assert room.clock.view(world.time + 5 * H) == {
            "remaining_s": [9 * H, 10 * H],
            "running": None,
        }
        assert world.games.clocks[-1]["left"] == [9 * H, 10 * H]
        assert "g1" not in world.days.flags

    in_world(scene, FakeRoom(kinds=("human", "bot")))


def test_a_flag_fall_makes_the_seat_concede() -> None:
    async def scene(world: World, room: FakeRoom) -> None:
        world.days.begin(room, ClockRule(per_decision_s=24 * H))
        world.days.changed(room)
        assert await world.days.fall(room) is False  # time is not up
        assert world.applied == []
        world.time += 24 * H  # a day later, the timer wakes (the test wakes it)
        world.days.flags["g1"].cancel()
        world.days._arm(room)
        await world.days.flags["g1"]
        await world.settle()
        assert world.applied == [(0, {"type": "concede"})] and world.after == ["g1"]
        assert room.clock.running is None and world.games.clocks[-1]["running"] is None

    in_world(scene)


def test_a_restored_clock_whose_flag_fell_meanwhile_falls_at_once() -> None:
    async def scene(world: World, room: FakeRoom) -> None:
        clock = Clock.new(ClockRule(per_decision_s=H), 2)
        clock.start(1, T0 - 5 * H)  # stored before a restart; the server was down for hours
        room.clock = Clock.from_json(clock.to_json())
        room.game.to_act = 1
        room.entries = [Entry(0)]

        async def room_of(game_id: str) -> FakeRoom:
            if game_id == "gone":
                raise LookupError(game_id)
            return room

        await world.days.resume(room_of)  # a broken game does not keep the others' clocks
        await world.days.flags["g1"]
        assert world.applied == [(1, {"type": "concede"})]

    in_world(scene)


def test_your_turn_goes_to_the_webhook_once_per_turn() -> None:
    receiver = Receiver()
    try:

        async def scene(world: World, room: FakeRoom) -> None:
            with pytest.raises(InvalidError, match=r"does not call 'hooks\.example'"):
                await world.days.set_hook(room, 1, "https://hooks.example/x", "/games/g1")
            page = "http://table.example/games/g1"
            await world.days.set_hook(room, 1, receiver.base + "/ok", page)
            await world.days.set_hook(room, 0, receiver.base + "/zero", page)
            world.days.changed(room, resumed=True)  # a restart: nobody is told again
            room.decide(1)  # seat 0 decided: seat 1's turn
            world.days.changed(room)
            world.days.changed(room)  # chat: the same position
            room.decide(1)  # seat 1's next decision in a row
            world.days.changed(room)
            room.decide(2)  # the bot's turn: nobody is told
            world.days.changed(room)
            room.decide(1)  # the turn comes back to seat 1
            world.days.changed(room)
            await world.settle()

        in_world(scene, FakeRoom(kinds=("human", "human", "bot")), allow=("127.0.0.1",))
        expected = {
            "game_id": "g1",
            "seat": 1,
            "event": "your_turn",
            "url": "http://table.example/games/g1",
        }
        assert [(p, body) for p, body, _ in receiver.calls] == [("/ok", expected)] * 2
    finally:
        receiver.close()


def test_a_stored_clock_that_does_not_read_is_no_clock() -> None:
    clock = Clock.new(ClockRule(per_decision_s=H), 2)
    assert stored_clock("g1", clock.to_json()) == clock
    assert stored_clock("g1", None) is None and stored_clock("g1", {"rule": 1}) is None


def test_a_store_away_at_the_start_keeps_no_server_down() -> None:
    async def go() -> None:
        world = World()

        def away() -> list[str]:
            raise OSError("the database is away")

        world.games.clocked = away  # type: ignore[method-assign]
        await world.days.resume(lambda game_id: None)  # type: ignore[arg-type, return-value]
        assert world.days.flags == {}

    asyncio.run(go())
