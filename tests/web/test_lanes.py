"""The bots' lanes: searches and bot-only games think in worker processes, in turn.

Before, every bot of every game thought on one thread of the server: twenty
bot-only games of hard bots kept a person's ordinary bot waiting 45 s a decision.
"""

from __future__ import annotations

import asyncio
import os
import signal

from web_helpers import seed_counter

from totenblatt.store.core import Database
from totenblatt.store.tables import WebGames
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.bots.registry import make_bot
from totenblatt.wanted.engine import Action, new_game
from totenblatt.web.table.hub import GameSpec, Hub
from totenblatt.web.table.lanes import PRIORITY_BOTS_ONLY, PRIORITY_PERSON, Lanes


def _question(seed: int) -> tuple[RandomBot, dict[str, object], list[Action]]:
    game = new_game("duel", seed=seed)
    seat = game.to_act
    assert seat is not None
    return RandomBot(seed), game.view(seat), game.legal_actions()


def test_a_decision_a_person_waits_for_goes_before_bot_only_games() -> None:
    """With the one worker busy, three bot-only decisions and then a person's are
    asked for: the person's is answered first, then the others in the order asked."""

    async def run() -> list[str]:
        lanes = Lanes(processes=1)
        answered: list[str] = []
        try:
            game = new_game("gangs", seed=5)
            seat = game.to_act
            assert seat is not None
            search = make_bot("ismcts:30", 1, game.scenario, game.ruleset)
            busy = asyncio.ensure_future(
                lanes.far("busy", search, game.view(seat), game.legal_actions(), PRIORITY_BOTS_ONLY)
            )
            while lanes._queue is None or not lanes._queue.empty():  # taken by the worker
                await asyncio.sleep(0.01)
            asked = []
            for name, priority in (("a", 1), ("b", 1), ("c", 1), ("person", 0)):
                bot, view, legal = _question(len(asked) + 1)
                level = PRIORITY_PERSON if priority == 0 else PRIORITY_BOTS_ONLY
                job = asyncio.ensure_future(lanes.far(name, bot, view, legal, level))
                job.add_done_callback(lambda _, name=name: answered.append(name))
                asked.append(job)
            await busy
            answered.insert(0, "busy")
            await asyncio.gather(*asked)
        finally:
            await lanes.stop()
        return answered

    assert asyncio.run(run()) == ["busy", "person", "a", "b", "c"]


def test_a_worker_keeps_a_bot_and_is_sent_it_once() -> None:
    async def run() -> tuple[set[str], list[Action]]:
        lanes = Lanes(processes=1)
        try:
            bot, view, legal = _question(3)
            first = await lanes.far("g/0", bot, view, legal, PRIORITY_PERSON)
            second = await lanes.far("g/0", bot, view, legal, PRIORITY_PERSON)
            holds = set(lanes._workers[0].holds)
        finally:
            await lanes.stop()
        return holds, [first, second]

    holds, actions = asyncio.run(run())
    assert holds == {"g/0"}
    # the worker's bot went on with its own random numbers: the same as one bot asked twice
    bot, view, legal = _question(3)
    assert actions == [bot.choose(view, legal), bot.choose(view, legal)]


def test_a_worker_that_dies_is_replaced() -> None:
    async def run() -> Action:
        lanes = Lanes(processes=1)
        try:
            bot, view, legal = _question(4)
            await lanes.far("g/0", bot, view, legal, PRIORITY_PERSON)
            pool = lanes._workers[0].pool
            for pid in list(pool._processes):  # the worker process, killed from outside
                os.kill(pid, signal.SIGKILL)
            return await asyncio.wait_for(lanes.far("g/0", bot, view, legal, PRIORITY_PERSON), 60)
        finally:
            await lanes.stop()

    _, _, legal = _question(4)
    assert asyncio.run(run()) in legal


def test_bot_only_games_play_in_worker_processes_and_are_forgotten_at_the_end(
    sqlite_url: str,
) -> None:
    async def run() -> tuple[bool, set[str], int]:
        hub = Hub(
            WebGames(Database(sqlite_url)), bot_delay=0.0, seeds=seed_counter(), bot_processes=1
        )
        try:
            room, _ = await hub.create(GameSpec.parse({"seats": ["random", "bot"]}))
            for _ in range(3000):
                if room.game.is_over and room.bot_task is None:
                    break
                await asyncio.sleep(0.02)
            worker = hub.lanes._workers[0]
            return room.game.is_over, set(worker.holds), len(worker.forget)
        finally:
            await hub.stop()
            hub.games.db.close()

    over, holds, forget = asyncio.run(run())
    assert over
    assert holds == set()  # both bots were held by the worker, and let go at the end
    assert forget == 2


def test_a_person_playing_the_ordinary_bot_stays_on_the_near_lane(sqlite_url: str) -> None:
    async def run() -> bool:
        hub = Hub(
            WebGames(Database(sqlite_url)), bot_delay=0.0, seeds=seed_counter(), bot_processes=1
        )
        try:
            room, _ = await hub.create(GameSpec.parse({"seats": ["bot", "human"]}))
            for _ in range(500):
                if room.game.to_act == 1:
                    break
                await asyncio.sleep(0.02)
            return room.game.to_act == 1 and hub.lanes._queue is None
        finally:
            await hub.stop()
            hub.games.db.close()

    assert asyncio.run(run())  # the bot played and no worker process was started
