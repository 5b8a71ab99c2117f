"""The hard bot by rollouts: what a searched decision costs and what each budget buys.

``python -m benchmarks.hard_bot_rollouts times --scenario duel --budgets 25,50,100,200``
— the wall and CPU time of a searched decision of ``FastISMCTSBot(iterations=N)`` (no time
limit) at every third decision of seeded HeuristicBot self-play games (seeds 900+), per
budget: mean, median, p95 and max in ms, and the rollouts used.

``python -m benchmarks.hard_bot_rollouts curve --scenario duel --budgets 25,50,100,200
--seeds 7000:7030`` — each budget's search against HeuristicBot on the game seeds given,
the search bot in either seat (a win 1, a draw ½), every budget on the same seeds and
seats (paired): its score ± standard error and its paired difference to the largest
budget ± standard error. ``--rows FILE`` appends every game (JSON lines) as it ends.

``python -m benchmarks.hard_bot_rollouts equal --scenario duel --budget 100 --ms 60
--seeds 7000:7030`` — the bot by rollouts (``iterations=budget``) against the bot by time
(``time_ms=ms``, today's kind of budget; give it the rollout bot's mean wall time a
decision, from ``times``), both against HeuristicBot on the same seeds and seats: the
scores and their paired difference ± standard error.

Budgets in rollouts make a decision's result a function of the view and the seed alone
(the same on any machine); the time is what the machine makes of it, so ``times`` is
measured on a quiet core where one can be had (the figure printed says the load).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.bench_ismcts import _mean_error, _positions, paired
from totenblatt.wanted.bots.fast_search import FastISMCTSBot


def _budgets(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def _seeds(text: str) -> range:
    first, _, last = text.partition(":")
    return range(int(first), int(last))


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def times(scenario: str, budgets: Sequence[int], games: int) -> None:
    """Print the time of a searched decision per budget."""
    positions = _positions(scenario, games)
    print(f"# {scenario}: {len(positions)} positions, load {os.getloadavg()[0]:.1f}")
    print(
        "| rollouts | searched | wall mean | median | p95 | max | CPU mean | CPU p95 | CPU max "
        "| rollouts used |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for budget in budgets:
        wall: list[float] = []
        cpu: list[float] = []
        used = 0
        for count, view, legal in positions:
            bot = FastISMCTSBot(count, iterations=budget)
            w0, c0 = time.perf_counter(), time.process_time()
            bot.choose(view, legal)  # type: ignore[arg-type]
            w1, c1 = time.perf_counter(), time.process_time()
            if bot.last_iterations:
                wall.append(1000 * (w1 - w0))
                cpu.append(1000 * (c1 - c0))
                used += bot.last_iterations
        if not wall:
            continue
        print(
            f"| {budget} | {len(wall)} | {statistics.mean(wall):.0f} ms "
            f"| {statistics.median(wall):.0f} | {_quantile(wall, 0.95):.0f} | {max(wall):.0f} "
            f"| {statistics.mean(cpu):.0f} ms | {_quantile(cpu, 0.95):.0f} | {max(cpu):.0f} "
            f"| {used / len(wall):.0f} |",
            flush=True,
        )


def _play(
    scenario: str,
    makers: dict[str, Callable[[int], FastISMCTSBot]],
    seeds: range,
    rows: Path | None,
) -> dict[str, list[float]]:
    found = paired(scenario, makers, seeds, rows)
    return {name: [points for points, _, _ in games] for name, games in found.items()}


def _table(found: dict[str, list[float]], against: str) -> None:
    print("| bot | games | score ± s.e. | paired difference to " + against + " ± s.e. |")
    print("|---|---|---|---|")
    for name, points in found.items():
        score, error = _mean_error(points)
        diffs = [a - b for a, b in zip(points, found[against], strict=True)]
        d, de = _mean_error(diffs)
        print(f"| {name} | {len(points)} | {score:.3f} ± {error:.3f} | {d:+.3f} ± {de:.3f} |")


def _by_rollouts(budget: int) -> Callable[[int], FastISMCTSBot]:
    return lambda k: FastISMCTSBot(k, iterations=budget)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("times", "curve", "equal"))
    parser.add_argument("--scenario", default="duel")
    parser.add_argument("--budgets", type=_budgets, default=[25, 50, 100, 200])
    parser.add_argument("--games", type=int, default=3, help="games of positions (times)")
    parser.add_argument("--seeds", type=_seeds, default=range(7000, 7020))
    parser.add_argument("--budget", type=int, default=100)
    parser.add_argument("--ms", type=float, default=60.0)
    parser.add_argument("--rows", type=Path)
    opts = parser.parse_args(argv)
    if opts.what == "times":
        times(opts.scenario, opts.budgets, opts.games)
        return 0
    if opts.what == "curve":
        makers: dict[str, Callable[[int], FastISMCTSBot]] = {
            f"{b} rollouts": _by_rollouts(b) for b in opts.budgets
        }
        found = _play(opts.scenario, makers, opts.seeds, opts.rows)
        _table(found, f"{max(opts.budgets)} rollouts")
        return 0
    makers = {
        f"{opts.budget} rollouts": lambda k: FastISMCTSBot(k, iterations=opts.budget),
        f"{opts.ms:.0f} ms": lambda k: FastISMCTSBot(k, time_ms=opts.ms),
    }
    found = _play(opts.scenario, makers, opts.seeds, opts.rows)
    _table(found, f"{opts.ms:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
