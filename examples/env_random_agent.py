"""A random agent over the PettingZoo environment: the loop a learning agent plugs into.

    python examples/env_random_agent.py --scenario gangs --games 3

Needs the ``env`` extra (``pip install 'totenblatt[env]'``). Trains nothing: every
agent picks a uniformly random legal action from its ``action_mask``.
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from totenblatt.env import wanted_v0


def run(scenario: str, ruleset: str, games: int, seed: int) -> Counter[str]:
    """Play ``games`` games; the total reward of every agent."""
    env = wanted_v0.env(scenario, ruleset)
    rng = np.random.default_rng(seed)
    totals: Counter[str] = Counter()
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
    env.close()
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="duel")
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    totals = run(args.scenario, args.ruleset, args.games, args.seed)
    for agent, total in sorted(totals.items()):
        print(f"{agent}: total reward {total:+.0f} over {args.games} games")


if __name__ == "__main__":
    main()
