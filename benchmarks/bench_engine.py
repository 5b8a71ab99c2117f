"""Engine speed: decisions per second, whole games per second and the cost of clone().

Run: ``.venv/bin/python -m benchmarks.bench_engine``. A decision is one
``legal_actions()`` plus one ``apply()``; RandomBot picks uniformly among the
legal actions. Decisions per second count CPU time of this process (one core;
other load on the machine does not skew them); games per second are wall-clock.
The table's path graph is built before the clock starts (``build ms``); its memo
caches are shared by every game on the same scenario: *cold* plays new seeds
(fresh positions), *warm* replays the same games (every table answer cached).
"""

from __future__ import annotations

import importlib
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from totenblatt.wanted.bots import Bot, RandomBot
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.table.pathing import router_for

SCENARIOS = {"duel": 400, "three-way": 60, "gangs": 40}
"""Games per scenario for the RandomBot figures."""


def _bots(game: Game, seed: int) -> list[Bot]:
    return [RandomBot(seed * 10 + s) for s in range(game.seats)]


def _play(game: Game, bots: Sequence[Bot], *, views: bool) -> tuple[int, float, float]:
    """Play to the end: (decisions, seconds in the engine, seconds in the bots)."""
    decisions, engine, choosing = 0, 0.0, 0.0
    clock = time.process_time
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        t0 = clock()
        legal = game.legal_actions()
        view = game.view(seat) if views else {}
        t1 = clock()
        action = bots[seat].choose(view, legal)
        t2 = clock()
        game.apply(action)
        t3 = clock()
        engine += (t1 - t0) + (t3 - t2)
        choosing += t2 - t1
        decisions += 1
    return decisions, engine, choosing


def decisions_per_second(
    scenario: str, games: int, *, views: bool = False, first_seed: int = 0
) -> dict[str, float]:
    """RandomBot self-play: engine decisions/s, whole games/s (new_game included)."""
    _build(scenario)  # the table and its path graph once, outside the timing
    total_decisions, total_engine = 0, 0.0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        game = new_game(scenario, seed=seed)
        n, engine, _ = _play(game, _bots(game, seed), views=views)
        total_decisions += n
        total_engine += engine
    wall = time.perf_counter() - start
    return {
        "decisions": total_decisions,
        "decisions_per_s": total_decisions / total_engine,
        "games_per_s": games / wall,
        "decisions_per_game": total_decisions / games,
    }


def _build(scenario: str) -> float:
    """Build the scenario's table and path graph (once per process); milliseconds taken."""
    start = time.perf_counter()
    router_for(new_game(scenario, seed=10_000_000).state.geo.table)
    return (time.perf_counter() - start) * 1e3


def clone_cost(scenario: str, samples: int = 2_000) -> float:
    """Mean microseconds of ``clone()`` half-way through a RandomBot game."""
    game = new_game(scenario, seed=1)
    bots = _bots(game, 1)
    for _ in range(60):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose({}, game.legal_actions()))
    times = []
    for _ in range(samples):
        t0 = time.perf_counter()
        game.clone()
        times.append(time.perf_counter() - t0)
    return statistics.mean(times) * 1e6


def _heuristic() -> Callable[[int], Any] | None:
    try:
        module = importlib.import_module("totenblatt.wanted.bots.heuristic")
    except ImportError:
        return None
    factory: Callable[[int], Any] | None = getattr(module, "HeuristicBot", None)
    return factory


def heuristic_games_per_second(scenario: str, games: int) -> float | None:
    """Games/s of HeuristicBot (seat 0) against RandomBot, when HeuristicBot exists."""
    factory = _heuristic()
    if factory is None:
        return None
    new_game(scenario, seed=10_000)
    start = time.perf_counter()
    for seed in range(games):
        game = new_game(scenario, seed=seed)
        bots: list[Bot] = [factory(seed), *_bots(game, seed)[1:]]
        _play(game, bots, views=True)
    return games / (time.perf_counter() - start)


def main() -> None:
    """Print every figure."""
    print("Engine, RandomBot self-play, one core (CPU time). decisions/s = legal_actions +")
    print("apply; cold: new seeds (fresh positions, the table computes); warm: the same games")
    print("again (table answers cached: the engine's own cost); views: cold + view(seat).")
    print(f"{'scenario':<10} {'games':>5} {'dec/game':>8} {'cold dec/s':>11} {'warm dec/s':>11} "
          f"{'views dec/s':>11} {'games/s':>8} {'clone µs':>9} {'build ms':>9}")  # fmt: skip
    for scenario, games in SCENARIOS.items():
        build = _build(scenario)
        cold = decisions_per_second(scenario, games)
        warm = decisions_per_second(scenario, games)
        viewed = decisions_per_second(scenario, games // 2, views=True, first_seed=1_000_000)
        clone = clone_cost(scenario)
        print(
            f"{scenario:<10} {games:>5} {cold['decisions_per_game']:>8.0f} "
            f"{cold['decisions_per_s']:>11,.0f} {warm['decisions_per_s']:>11,.0f} "
            f"{viewed['decisions_per_s']:>11,.0f} {cold['games_per_s']:>8.1f} {clone:>9.1f} "
            f"{build:>9.0f}"
        )
    for scenario in SCENARIOS:
        rate = heuristic_games_per_second(scenario, 10)
        if rate is None:
            print("HeuristicBot: not available (totenblatt.wanted.bots.heuristic)")
            break
        print(f"HeuristicBot vs RandomBot, {scenario}: {rate:.1f} games/s")


if __name__ == "__main__":
    main()
