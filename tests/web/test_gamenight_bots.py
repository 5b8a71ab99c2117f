"""The hard bot by time: it thinks at most ``--bot-think`` seconds a decision, however busy.

The search gets what is left of the decision's time when a worker takes it; a decision
whose time ran out in the queue is not started; and when no answer has come in time, the
heuristic decides in the bot's place. No test here measures a duration: each checks which
way a decision went.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from night_helpers import SlowBot

from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import ISMCTSBot
from totenblatt.wanted.engine import new_game, stacked_deal
from totenblatt.web.table.hub import GameSpec, Hub
from totenblatt.web.table.lanes import PRIORITY_PERSON, Lanes, LateError, _decide

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def test_a_search_gets_what_is_left_of_its_time() -> None:
    game = new_game("duel", seed=3)
    seat = game.to_act
    assert seat is not None
    bot = ISMCTSBot(1, iterations=50)
    _decide("k", bot, game.view(seat), game.legal_actions(), (), 0.25)
    assert bot.time_ms == 250.0  # besides its rollouts: whichever ends first
    _decide("k", None, game.view(seat), game.legal_actions(), (), None)
    assert bot.time_ms == 250.0  # no deadline given: its own budget stays


def test_a_decision_whose_time_ran_out_in_the_queue_is_not_started() -> None:
    async def run() -> None:
        lanes = Lanes(processes=1)
        try:
            game = new_game("duel", seed=4)
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            busy = asyncio.ensure_future(lanes.far("slow", SlowBot(1.5), view, legal, 0))
            while lanes._queue is None or not lanes._queue.empty():  # the worker took it
                await asyncio.sleep(0.01)
            loop = asyncio.get_running_loop()
            search = ISMCTSBot(2, iterations=20)
            with pytest.raises(LateError):
                await lanes.far("late", search, view, legal, 0, loop.time() + 0.1)
            await busy
        finally:
            await lanes.stop()

    asyncio.run(run())


def test_with_the_worker_busy_the_heuristic_decides_in_the_hard_bots_place(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="totenblatt.web")

    async def run() -> int:
        with Database(f"sqlite:///{tmp_path / 'bots.db'}") as db:
            hub = Hub(WebGames(db), bot_delay=0.0, bot_processes=1, bot_think=0.8)
            await hub.start()
            try:
                game = new_game("duel", seed=5)
                seat = game.to_act
                assert seat is not None
                view, legal = game.view(seat), game.legal_actions()
                slow = asyncio.ensure_future(
                    hub.lanes.far("slow", SlowBot(5.0), view, legal, PRIORITY_PERSON)
                )
                while hub.lanes._queue is None or not hub.lanes._queue.empty():
                    await asyncio.sleep(0.01)
                hands = {0: ["4♣", "5♠", "6♥", "7♣", "8♠"], 1: ["3♣", "9♦", "9♠", "10♥", "J♣"]}
                order = stacked_deal(1, hands)
                spec = GameSpec("duel", "base", ("human", "ismcts"), "en", dealer=1,
                                deck_order=tuple(str(c) for c in order))  # fmt: skip
                room, _ = await hub.create(spec)  # the hard bot deals and decides first
                for _ in range(2000):  # it must not wait for the busy worker
                    if room.version >= 1:
                        break
                    await asyncio.sleep(0.01)
                slow.cancel()
                return room.version
            finally:
                await hub.stop()

    assert asyncio.run(run()) >= 1
    assert "the heuristic decided instead" in caplog.text


def test_the_serve_flag_is_checked(cli: Cli) -> None:
    code, out, _ = cli(["serve", "--help", "--lang", "en"])
    assert code == 0 and "--bot-think" in out
    code, out, err = cli(["serve", "--lang", "en", "--bot-think", "0.1"])
    assert code == 2 and not out
    assert "Invalid value for '--bot-think'" in err and "0.2" in err
    assert len(err.strip().splitlines()) == 1
