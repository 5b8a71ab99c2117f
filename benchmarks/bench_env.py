"""What the PettingZoo environment costs: decisions per second with random legal actions.

``python -m benchmarks env`` — one process, one core, **CPU time**, seeded games (seeds
0+), a uniformly random legal action each step (never conceding, like RandomBot). A
decision is ``env.last()`` (the observation: the agent's view as a vector and its
action mask) plus ``env.step(i)``. *Engine only*: the same games played on the
engine directly (``legal_actions`` + ``apply``), for comparison.

Then the fast path's environment (``wanted_fast_v0``) beside PettingZoo's own
``texas_holdem_v4`` (needs rlcard and pygame, dev dependencies) in the same loop, best of
three alternating runs: steps per CPU second and the ratio.
"""

from __future__ import annotations

import time
import warnings
from typing import Any

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


FAST_CASES = (("duel", 300), ("gangs", 20))
"""Scenario and games of the fast environment per run."""
TEXAS_HANDS = 3000


def steps_per_second(env: Any, games: int, concede: int | None) -> tuple[float, float]:
    """Random legal steps per CPU second of ``env`` over ``games`` seeded games, and steps
    per game (``concede``: a slot never chosen while another is legal)."""
    rng = np.random.default_rng(0)
    steps = 0
    start = time.process_time()
    for seed in range(games):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if concede is not None and len(legal) > 1:
                legal = legal[legal != concede]
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start), steps / games


def fast_against_texas() -> None:
    """The fast environment's steps per CPU second beside ``texas_holdem_v4``'s."""
    from totenblatt.env import wanted_fast_v0

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import texas_holdem_v4
    except ImportError as exc:
        print(f"texas_holdem_v4 is not available ({exc}): pip install rlcard pygame")
        return
    envs = {name: wanted_fast_v0.env(name) for name, _ in FAST_CASES}
    for env in envs.values():
        env._template.spec.board.prepare()  # the board's reaches, untimed (once per table)
    best: dict[str, tuple[float, float]] = {}
    for _ in range(3):
        runs = {"texas_holdem_v4": steps_per_second(texas_holdem_v4.env(), TEXAS_HANDS, None)}
        for name, games in FAST_CASES:
            # the same loop as texas's: the environment offers no concede slot
            # (allow_concede off), so the agent need not filter one out
            runs[f"wanted_fast_v0 {name}"] = steps_per_second(envs[name], games, None)
        for key, found in runs.items():
            if key not in best or found[0] > best[key][0]:
                best[key] = found
    base = best["texas_holdem_v4"][0]
    print(f"\n{'environment':<24} {'steps/game':>10} {'steps/s':>9} {'× texas':>8}")
    for key, (rate, per_game) in best.items():
        print(f"{key:<24} {per_game:10.1f} {rate:9.0f} {rate / base:8.2f}")


def _env_rate(
    scenario: str, ruleset: str, options: dict[str, str] | None, games: int
) -> tuple[float, float, int]:
    """Decisions per CPU second, mean decisions per game, slots."""
    env = wanted_v0.env(scenario, ruleset, options=options)
    concede = env.unwrapped.slots.blocks["concede"].start
    rate, per_game = steps_per_second(env, games, concede)
    return rate, per_game, env.unwrapped.slots.size


def _engine_rate(scenario: str, ruleset: str, options: dict[str, str] | None, games: int) -> float:
    from totenblatt.wanted.rules import Ruleset

    rules = Ruleset.load(ruleset)
    if options:
        rules = rules.with_options(**options)
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        game = new_game(scenario, rules, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.seats)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose({}, game.legal_actions()))
            decisions += 1
    return decisions / (time.process_time() - start)


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
    fast_against_texas()
