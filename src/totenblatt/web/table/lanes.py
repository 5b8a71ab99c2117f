"""Where the server's bots think: a quick lane for cheap bots, worker processes for searches.

A search bot (``ismcts``) thinks for up to seconds a decision; with every bot on one
thread, twenty bot-only games of hard bots kept a person's ordinary bot waiting 45 s
for one decision. So the hub sends each bot decision to a *lane*:

- the **near lane**, a thread of this process, for cheap bots (heuristic, random) of
  games with a person: their decisions take milliseconds and never wait for a search;
- the **far lanes**, worker processes (``processes``, default one per core but one),
  for search bots and for every bot of a bot-only game. The processes run at a lower
  CPU priority than the server, so a person's requests and the engine thread win
  when the cores are busy.

The far lanes take their decisions from one queue, ordered by priority — a bot that a
person is waiting for first, bot-only games after — and, within a priority, in the
order asked. A game asks for its next decision only when the previous one is applied,
so games take turns: one game's search holds up another's by one decision at most.

A far lane keeps each bot it has seen (its random generator and the table's caches
warm) under a key; the bot object crosses once, afterwards only the view and the legal
actions. Bots of a finished game are forgotten; a worker keeps at most
:data:`WORKER_BOTS` bots (the least recently used go first, and are sent again when
asked for).

A decision may come with a **deadline** (the event loop's clock): a search bot then
searches only for what is left of it when a worker takes the job — the time it waited
in the queue is already spent — and a job whose deadline has passed before a worker is
free is not started at all (:class:`LateError`). The hub bounds its own wait as well
(:meth:`~totenblatt.web.table.hub.Hub.think`), so a decision never takes longer than its
deadline however many jobs are queued.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import random
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field

from totenblatt.wanted.bots import Bot, ISMCTSBot
from totenblatt.wanted.engine import Action
from totenblatt.wanted.engine.views import View

__all__ = [
    "MIN_SEARCH",
    "NEAR",
    "PRIORITY_BOTS_ONLY",
    "PRIORITY_PERSON",
    "WORKER_BOTS",
    "Lanes",
    "LateError",
    "far_lanes",
    "reseed",
]

log = logging.getLogger("totenblatt.web")

NEAR = "near"
"""The lane of cheap bots in games with a person (a thread of the server process)."""
PRIORITY_PERSON = 0
"""A far decision that a person is waiting for."""
PRIORITY_BOTS_ONLY = 1
"""A far decision of a bot-only game."""
WORKER_BOTS = 128
"""Bots a worker process keeps at most (least recently used forgotten first)."""
NICENESS = 5
"""How much lower the worker processes' CPU priority is than the server's."""
MIN_SEARCH = 0.05
"""Seconds of search at least: a job with less left of its deadline is not started."""


class LateError(TimeoutError):
    """The decision's deadline passed before a worker was free: it was not started."""


def far_lanes() -> int:
    """The default number of worker processes: one per core but one (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


# -- the worker process --------------------------------------------------------------------

_resident: OrderedDict[str, Bot] = OrderedDict()


class _UnknownBotError(LookupError):
    """The worker does not hold the bot asked for (new, or forgotten): send it."""


def _start_worker() -> None:
    """Lower the worker's CPU priority (where the system allows it)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)


def _budget(bot: Bot, seconds: float | None) -> None:
    """Let a search bot search for ``seconds`` (None: its own budget)."""
    if seconds is not None and isinstance(bot, ISMCTSBot):
        bot.time_ms = max(1.0, seconds * 1000.0)


def reseed(bot: Bot, seed: int | None) -> None:
    """Seed the bot's random generator for one decision (None: it goes on with its own), so
    that a decision depends on the game, the seat and the position only: any server process
    that plays the turn chooses alike."""
    rng = getattr(bot, "rng", None)
    if seed is not None and isinstance(rng, random.Random):
        rng.seed(seed)


def _decide(
    key: str,
    bot: Bot | None,
    view: View,
    legal: Sequence[Action],
    forget: Sequence[str],
    seconds: float | None = None,
    seed: int | None = None,
) -> Action:
    """In the worker: forget ``forget``, keep ``bot`` under ``key`` if sent, decide (a search
    for ``seconds`` at most, counted from now; its generator seeded with ``seed``)."""
    for old in forget:
        _resident.pop(old, None)
    if bot is not None and key not in _resident:
        _resident[key] = bot
    held = _resident.get(key)
    if held is None:
        raise _UnknownBotError(key)
    _resident.move_to_end(key)
    while len(_resident) > WORKER_BOTS:
        _resident.popitem(last=False)
    _budget(held, seconds)
    reseed(held, seed)
    return held.choose(view, legal)


# -- the server side -----------------------------------------------------------------------


@dataclass(order=True)
class _Job:
    priority: int
    order: int
    key: str = field(compare=False)
    bot: Bot = field(compare=False)
    view: View = field(compare=False)
    legal: Sequence[Action] = field(compare=False)
    done: asyncio.Future[Action] = field(compare=False)
    deadline: float | None = field(default=None, compare=False)
    """The event loop's time by which the search must end (None: the bot's own budget)."""
    seed: int | None = field(default=None, compare=False)
    """The seed of this decision (None: the bot goes on with its own generator)."""


class _Worker:
    """One worker process, what it holds, and what it should forget."""

    def __init__(self) -> None:
        self.pool = self._spawn()
        self.holds: set[str] = set()
        self.forget: list[str] = []

    @staticmethod
    def _spawn() -> ProcessPoolExecutor:
        # spawn, not fork: the server has threads (event loop, engine) a fork would copy mid-work
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(1, mp_context=context, initializer=_start_worker)

    def restart(self) -> None:
        """A worker that died is replaced; it holds nothing."""
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = self._spawn()
        self.holds.clear()
        self.forget.clear()


class Lanes:
    """The near lane and the far lanes of one server (see the module docstring).

    ``processes``: worker processes of the far lanes (0: searches think on the near
    thread too, as one process without workers would).
    """

    def __init__(self, processes: int | None = None) -> None:
        self.processes = far_lanes() if processes is None else max(0, processes)
        self._near = ThreadPoolExecutor(1, thread_name_prefix="totenblatt-bots")
        self._workers: list[_Worker] = []
        self._queue: asyncio.PriorityQueue[_Job] | None = None
        self._runners: list[asyncio.Task[None]] = []
        self._order = itertools.count()

    async def near(
        self,
        bot: Bot,
        view: View,
        legal: Sequence[Action],
        deadline: float | None = None,
        seed: int | None = None,
    ) -> Action:
        """A decision on the near lane (this process's bots' thread); a search ends by
        ``deadline`` (the event loop's time) counted from when the thread takes it."""
        loop = asyncio.get_running_loop()

        def decide() -> Action:
            _budget(bot, _left(loop, deadline))
            reseed(bot, seed)
            return bot.choose(view, legal)

        return await loop.run_in_executor(self._near, decide)

    async def far(
        self,
        key: str,
        bot: Bot,
        view: View,
        legal: Sequence[Action],
        priority: int,
        deadline: float | None = None,
        seed: int | None = None,
    ) -> Action:
        """A decision on a far lane, queued by ``priority`` then order of asking; a search
        ends by ``deadline`` (the event loop's time; :class:`LateError` when it passes
        before a worker is free)."""
        if self.processes == 0:
            return await self.near(bot, view, legal, deadline, seed)
        self._start()
        assert self._queue is not None
        done: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        job = _Job(priority, next(self._order), key, bot, view, legal, done, deadline, seed)
        await self._queue.put(job)
        return await done

    def forget(self, keys: Sequence[str]) -> None:
        """The bots under ``keys`` will not be asked again (their game ended)."""
        for worker in self._workers:
            gone = [k for k in keys if k in worker.holds]
            worker.holds.difference_update(gone)
            worker.forget.extend(gone)

    def _start(self) -> None:
        if self._queue is not None:
            return
        self._queue = asyncio.PriorityQueue()
        for index in range(self.processes):
            worker = _Worker()
            self._workers.append(worker)
            self._runners.append(asyncio.create_task(self._run(worker), name=f"far-{index}"))

    async def _run(self, worker: _Worker) -> None:
        """Take the most urgent job, let ``worker`` decide it, answer; for ever."""
        assert self._queue is not None
        loop = asyncio.get_running_loop()
        while True:
            job = await self._queue.get()
            if job.done.done():  # cancelled: nobody waits for it any more
                continue
            seconds = _left(loop, job.deadline)
            if seconds is not None and seconds < MIN_SEARCH:
                job.done.set_exception(LateError("the decision's deadline passed in the queue"))
                continue
            for attempt in range(3):
                sent = None if job.key in worker.holds else job.bot
                forget, worker.forget = worker.forget, []
                seconds = _left(loop, job.deadline)
                try:
                    action = await loop.run_in_executor(
                        worker.pool,
                        _decide,
                        job.key,
                        sent,
                        job.view,
                        job.legal,
                        forget,
                        seconds,
                        job.seed,
                    )
                except _UnknownBotError:
                    worker.holds.discard(job.key)
                    continue
                except BrokenExecutor:
                    log.error("a bot worker process died; starting another (%d)", attempt + 1)
                    worker.restart()
                    continue
                except Exception as exc:
                    if not job.done.done():
                        job.done.set_exception(exc)
                    break
                worker.holds.add(job.key)
                if not job.done.done():
                    job.done.set_result(action)
                break
            else:
                if not job.done.done():
                    job.done.set_exception(RuntimeError("the bot's worker process kept failing"))

    async def stop(self) -> None:
        """End the runners and the worker processes (and the near lane's thread)."""
        for task in self._runners:
            task.cancel()
        await asyncio.gather(*self._runners, return_exceptions=True)
        for worker in self._workers:
            worker.pool.shutdown(wait=True, cancel_futures=True)
        self._near.shutdown(wait=True, cancel_futures=True)


def _left(loop: asyncio.AbstractEventLoop, deadline: float | None) -> float | None:
    """Seconds left until ``deadline`` (the loop's time), None without one."""
    return None if deadline is None else deadline - loop.time()
