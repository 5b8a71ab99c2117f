"""What a decision of ISMCTSBot costs: time per searched decision at rollout budgets.

``python -m benchmarks ismcts`` — one process, one core. Positions: every third
decision of seeded HeuristicBot self-play games (seeds 900+); at each, a fresh
``ISMCTSBot(k, iterations=N)`` decides. Decisions the bot does not search (one
weighed action, or the Tempt Fate keep step) are left out. "rollouts" is what the
search used of its budget (clearly worse actions are dropped early, and the search
stops when only the heuristic's own choice is left).
"""

from __future__ import annotations

import statistics
import time

from totenblatt.wanted.bots import HeuristicBot, ISMCTSBot
from totenblatt.wanted.engine.game import new_game

CASES = (("duel", 100, 3), ("duel", 300, 3), ("gangs", 100, 1), ("gangs", 300, 1))


def _times(scenario: str, budget: int, games: int) -> tuple[list[float], list[int]]:
    times: list[float] = []
    rollouts: list[int] = []
    for index in range(games):
        game = new_game(scenario, seed=900 + index)
        players = [HeuristicBot(s) for s in range(game.seats)]
        count = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            if count % 3 == 0:
                bot = ISMCTSBot(count, iterations=budget)
                start = time.perf_counter()
                bot.choose(view, legal)
                elapsed = time.perf_counter() - start
                if bot.last_iterations:
                    times.append(elapsed)
                    rollouts.append(bot.last_iterations)
            game.apply(players[seat].choose(view, legal))
            count += 1
    return times, rollouts


def main() -> None:
    """Print time per searched decision (mean, median, 90th percentile, max) per budget."""
    new_game("gangs", seed=0)  # tables and path graphs, untimed
    print(
        f"{'scenario':<8} {'budget':>6} {'decisions':>9} {'mean ms':>8} {'median':>7} "
        f"{'p90':>6} {'max':>6} {'rollouts':>9}"
    )
    for scenario, budget, games in CASES:
        times, rollouts = _times(scenario, budget, games)
        times.sort()
        print(
            f"{scenario:<8} {budget:>6} {len(times):>9} {statistics.mean(times) * 1000:8.0f} "
            f"{times[len(times) // 2] * 1000:7.0f} {times[int(0.9 * len(times))] * 1000:6.0f} "
            f"{times[-1] * 1000:6.0f} {statistics.mean(rollouts):9.0f}"
        )
