"""The fast heuristic against HeuristicBot, head to head: where their menus differ (moves),
strength instead of choice for choice.

``python -m benchmarks.fast_heuristic_strength --scenario duel --seeds 0:100`` (``--ruleset
extended --hands per_character`` for other rules) — on every game seed, two games (the
fast heuristic in seat 0, then in seat 1), HeuristicBot in the other seats; the fast
heuristic decides on a fast copy of the engine's game and its choice is played as its
shadow (the engine's action of the same cost). Prints its score (a win 1, a draw ½) ±
standard error: 0.5 is as strong.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from totenblatt.wanted.bots import HeuristicBot
from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast import FastGame
from totenblatt.wanted.rules import Ruleset


def game(scenario: str, seed: int, seat: int, rules: Ruleset | None = None) -> float:
    """The fast heuristic's points in one game from ``seat`` (``rules``: the scenario's own
    by default)."""
    g = new_game(scenario, seed=seed) if rules is None else new_game(scenario, rules, seed=seed)
    policy = FastPolicy(seed)
    others = [HeuristicBot(seed * 7 + s) for s in range(g.seats)]
    while (to_act := g.to_act) is not None:
        if to_act == seat:
            fast = FastGame.from_game(g)
            g.apply(fast.shadow(policy.choose(fast)))
        else:
            g.apply(others[to_act].choose(g.view(to_act), g.legal_actions()))
    if not g.winners:
        return 0.5
    return 1.0 if seat in g.winners else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="duel")
    parser.add_argument("--seeds", default="0:100")
    parser.add_argument("--ruleset", default=None)
    parser.add_argument("--hands", default=None, choices=("per_player", "per_character"))
    opts = parser.parse_args(argv)
    rules = None
    if opts.ruleset or opts.hands:
        rules = Ruleset.load(opts.ruleset or "base")
        if opts.hands:
            rules = rules.with_options(hand_mode=opts.hands)
    first, _, last = opts.seeds.partition(":")
    seeds = range(int(first), int(last))
    points = [game(opts.scenario, s, seat, rules) for s in seeds for seat in (0, 1)]
    n = len(points)
    mean = sum(points) / n
    error = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1) / n) if n > 1 else 0.0
    rules_text = f", {opts.ruleset or 'base'} {opts.hands or ''}".rstrip() if rules else ""
    print(f"{opts.scenario}{rules_text}: the fast heuristic scores {mean:.3f} ± {error:.3f} "
          f"against HeuristicBot in {n} games (seeds {opts.seeds}, both seats)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
