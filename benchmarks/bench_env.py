"""What the PettingZoo environment costs: decisions per second with random legal actions.

``python -m benchmarks env`` — one process, one core, seeded games (seeds 0+), a
uniformly random legal action each step (never conceding, like RandomBot). A
decision is ``env.last()`` (the observation: the agent's view as a vector and its
action mask) plus ``env.step(i)``. *Engine only*: the same games played on the
engine directly (``legal_actions`` + ``apply``), for comparison.
"""

from __future__ import annotations

import time

import numpy as np

from totenblatt.env import wanted_v0
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine.game import new_game

CASES = (
    ("duel", "base", None, 30),
    ("gangs", "base", None, 8),
    ("three-way", "base", None, 8),
    ("heroes", "extended", None, 6),
    ("heroes", "extended", {"hand_mode": "per_character"}, 4),
)


def _env_rate(
    scenario: str, ruleset: str, options: dict[str, str] | None, games: int
) -> tuple[float, float, int]:
    """Decisions per second, mean decisions per game, slots."""
    env = wanted_v0.env(scenario, ruleset, options=options)
    concede = env.unwrapped.slots.blocks["concede"].start
    rng = np.random.default_rng(0)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if len(legal) > 1:
                legal = legal[legal != concede]
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, decisions / games, env.unwrapped.slots.size


def _engine_rate(scenario: str, ruleset: str, options: dict[str, str] | None, games: int) -> float:
    from totenblatt.wanted.rules import Ruleset

    rules = Ruleset.load(ruleset)
    if options:
        rules = rules.with_options(**options)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game(scenario, rules, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.seats)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose({}, game.legal_actions()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def main() -> None:
    """Print env decisions per second per scenario, and the engine's for comparison."""
    for scenario, ruleset, options, _ in CASES:
        wanted_v0.env(scenario, ruleset, options=options)  # tables and path graphs, untimed
    print(
        f"{'scenario':<28} {'slots':>6} {'decisions/game':>15} {'env dec/s':>10} "
        f"{'engine dec/s':>13}"
    )
    for scenario, ruleset, options, games in CASES:
        label = scenario + (" (per character)" if options else "")
        rate, per_game, slots = _env_rate(scenario, ruleset, options, games)
        engine = _engine_rate(scenario, ruleset, options, games)
        print(f"{label:<28} {slots:>6} {per_game:15.0f} {rate:10.0f} {engine:13.0f}")
