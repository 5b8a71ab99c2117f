"""Three-way games with two hard bots play to the end, whatever a seat's socket does.

The stall of issue 42 ("Player 3 (hard bot) is thinking…" for over 90 s after the
person's side was shot out): the bot loop pushed every new position to every socket of
the game and waited for each push before the next decision. A socket that does not take
a push (a phone's tab gone dark, a connection dead without a word) held the bots for as
long as the connection lived. Now the pushes go beside the bots, a socket gets
:data:`~totenblatt.web.table.hub.SEND_TIME` for a push and is dropped after it, and a bot
whose decision fails is replaced by the heuristic for that decision (the loop never ends
on an error with the game waiting for it).

Every wait here waits for a state (the game's next position, the last push), bounded by a
generous limit that only a stall reaches; the hard bot searches with a few rollouts (the
lane, bot class and loop are the lobby's).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import Bot, make_bot
from totenblatt.wanted.engine import action_to_dict
from totenblatt.web.table import hub as rooms
from totenblatt.web.table import spec as table_spec
from totenblatt.web.table.hub import GameSpec, Hub, Subscriber, Viewer

STEP = 60.0
"""Seconds the game may take for one position at most: only a stall reaches it."""


async def _until(check: Any, what: str) -> None:
    """Wait until ``check()`` holds (a state, polled), failing after :data:`STEP`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + STEP
    while not check():
        if loop.time() > end:
            raise AssertionError(f"stalled: {what}")
        await asyncio.sleep(0.01)


class _Dark:
    """A socket that takes the first push, then none (a phone's tab gone dark)."""

    def __init__(self) -> None:
        self.calls = 0
        self.waiting = False

    async def send(self, text: str) -> None:
        self.calls += 1
        if self.calls > 1:
            self.waiting = True
            try:
                await asyncio.Event().wait()
            finally:
                self.waiting = False


class _Page:
    """A socket that keeps the last view pushed."""

    def __init__(self) -> None:
        self.last: dict[str, Any] = {}

    async def send(self, text: str) -> None:
        self.last = json.loads(text)


class _Failing(Bot):
    """A bot whose every decision raises (a search's bug)."""

    def choose(self, view: Any, legal_actions: Any) -> Any:
        raise RuntimeError("a search bug")


async def _play(db_path: Path, seed: int, fail_one: bool, held: bool) -> tuple[dict[str, Any], int]:
    with Database(f"sqlite:///{db_path}") as db:
        hub = Hub(WebGames(db), bot_delay=0.0, bot_processes=0, bot_think=1.0, seeds=lambda: seed)
        await hub.start()
        try:
            spec = GameSpec("three-way", "base", ("human", "ismcts", "ismcts"), "en")
            room, tokens = await hub.create(spec)
            token = tokens[0]
            assert token is not None
            if fail_one:
                room.bots[2] = _Failing()
            dark, page = _Dark(), _Page()
            me = Viewer(0, token)
            await hub.subscribe(room, Subscriber(me, "en", dark.send))
            await hub.subscribe(room, Subscriber(me, "en", page.send))
            dark_at: int | None = None
            person = make_bot("heuristic", seed, room.game.scenario, room.game.ruleset)
            while not room.game.is_over:
                seen = room.serial
                if dark.waiting and dark_at is None:
                    dark_at = seen
                if room.lock.locked():  # a bot's action is being applied
                    await _until(lambda: not room.lock.locked(), "a bot's action applied")
                elif room.game.to_act == 0:
                    action = person.choose(room.game.view(0), room.game.legal_actions())
                    await hub.act(room, me, action_to_dict(action), room.version)
                else:
                    await _until(
                        lambda s=seen: room.serial != s or room.game.is_over,  # type: ignore[misc]
                        f"seat {room.game.to_act + 1 if room.game.to_act is not None else '?'} "
                        f"at position {room.version}",
                    )
            # the game may read over while its last action is still being stored and told
            await _until(lambda: not room.lock.locked(), "the last action applied")
            final = room.serial
            await _until(lambda: page.last.get("serial") == final, "the last push")
            if held:  # the game went on to its end while the dark socket held its push
                assert dark.waiting and dark_at is not None and final > dark_at
            else:  # the dark socket was dropped
                await _until(lambda: len(room.subscribers) == 1, "the dark socket dropped")
            return page.last, dark.calls
        finally:
            await hub.stop()


@pytest.mark.parametrize(
    ("seed", "fail_one", "held"), [(11, False, True), (12, True, False)], ids=["held", "dropped"]
)
def test_three_way_with_two_hard_bots_plays_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int, fail_one: bool, held: bool
) -> None:
    """``held``: the dark socket keeps its push for the whole game (the bots do not wait for
    it); otherwise it is dropped after its time, and seat 3's search fails at every decision
    (the heuristic decides in its place)."""
    monkeypatch.setattr(  # the hard bot with 4 rollouts
        table_spec,
        "hard_bot",
        lambda scenario, seed, ruleset=None: make_bot("hard:4", seed, scenario, ruleset),
    )
    monkeypatch.setattr(rooms, "SEND_TIME", 3600.0 if held else 0.2)
    last, dark_calls = asyncio.run(_play(tmp_path / "g.db", seed, fail_one, held))
    assert last["result"]  # the page shows how it ended
    assert last["legal_actions"] == []
    assert dark_calls >= 2  # the dark socket was pushed to, and held nothing up
