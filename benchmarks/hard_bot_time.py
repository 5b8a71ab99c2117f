"""The web table's hard bot by time against HeuristicBot: its win rate and its wall time.

The lobby's hard bot (``HARD_BOT``: the search on the fast path) searches for
``SEARCH_SHARE`` of the think time (``--bot-think``, 1.5 s: 1.2 s of search); when an
answer has not come by ``1 - STAND_IN_SHARE`` of it
(1.35 s), the hub lets the heuristic decide instead (:meth:`Hub.think
<totenblatt.web.table.hub.Hub.think>`). This plays that bot, with that stand-in, against
HeuristicBot in seeded games (seats swapped every other game) on a process pool until a
wall-clock limit, and prints the score with its 95 % Wilson interval and the time of
every searched decision (mean, median, p90, max) and how often the stand-in decided::

    python -m benchmarks.hard_bot_time --scenario duel --workers 2 --minutes 9

A time budget makes the games depend on the machine (and its load), which is why the
ladder refuses ``ismcts:Nms``; this is a measurement of the bot as served, not a rating.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time
from collections.abc import Sequence
from typing import Any

from totenblatt.wanted.bots import HeuristicBot, ISMCTSBot, bot_seed, hard_bot
from totenblatt.wanted.engine import new_game
from totenblatt.web.table.hub import HARD_THINK, SEARCH_SHARE, STAND_IN_SHARE


def play(index: int, scenario: str, think: float, seed: int) -> dict[str, Any]:
    """One game: the hard bot at seat ``index % 2``; its result and decision times."""
    game = new_game(scenario, seed=bot_seed(seed, index))
    hard_seat = index % 2
    budget = max(1, round(think * SEARCH_SHARE * 1000))
    hard = hard_bot(scenario, bot_seed(seed, 10_000 + index), cap_ms=budget)
    assert isinstance(hard, ISMCTSBot)
    stand_in = HeuristicBot(bot_seed(seed, 20_000 + index))
    other = HeuristicBot(bot_seed(seed, 30_000 + index))
    bound = think * (1.0 - STAND_IN_SHARE)
    times: list[float] = []
    late = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        if seat != hard_seat:
            game.apply(other.choose(view, legal))
            continue
        began = time.perf_counter()
        action = hard.choose(view, legal)
        took = time.perf_counter() - began
        if hard.last_iterations:
            times.append(took)
        if took > bound:  # the hub would not have waited: the heuristic decides
            late += 1
            action = stand_in.choose(view, legal)
        game.apply(action)
    won = hard_seat in game.winners
    draw = not game.winners
    return {"won": won, "draw": draw, "times": times, "late": late}


def _run(args: tuple[int, str, float, int, float]) -> dict[str, Any] | None:
    index, scenario, think, seed, stop = args
    if time.time() > stop:
        return None
    return play(index, scenario, think, seed)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a score ``wins`` / ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n))


def main(argv: Sequence[str] | None = None) -> None:
    """Play until the time is up; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", default="duel")
    parser.add_argument("--think", type=float, default=HARD_THINK)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=9.0)
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args(argv)
    began = time.time()
    stop = began + args.minutes * 60
    jobs = [(i, args.scenario, args.think, args.seed, stop) for i in range(10_000)]
    results = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for result in pool.imap(_run, jobs):
            if result is None:
                break
            results.append(result)
    results = results[: len(results) - len(results) % 2]  # whole pairs: each side as often
    wins = sum(r["won"] for r in results)
    draws = sum(r["draw"] for r in results)
    n = len(results)
    score = (wins + draws / 2) / n if n else 0.0
    low, high = wilson(wins + draws / 2, n)
    times = sorted(t for r in results for t in r["times"])
    late = sum(r["late"] for r in results)
    print(f"{args.scenario}: hard bot ({args.think:g} s, search {args.think * SEARCH_SHARE:g} s)")
    print(f"games {n}: won {wins}, drawn {draws}, lost {n - wins - draws}")
    print(f"score {score:.1%} (95 % Wilson {low:.1%} – {high:.1%})")
    if times:
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"searched decisions {len(times)}: mean {statistics.mean(times) * 1000:.0f} ms, "
            f"median {statistics.median(times) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, "
            f"max {times[-1] * 1000:.0f} ms; the stand-in decided {late} times"
        )
    print(f"wall time {time.time() - began:.0f} s on {args.workers} workers")


if __name__ == "__main__":
    main()
