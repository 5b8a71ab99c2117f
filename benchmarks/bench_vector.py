"""The vector env: learner steps per CPU second at N = 1, 64, 256, 1024 beside the single env.

``python -m benchmarks vector`` — one process, **CPU time**, the duel against the random
opponent on the fast path, seats 0, seeded (seeds 0+), a uniformly random legal slot a
step chosen for all games at once (``argmax`` of the mask times uniform noise: the same
choice rule for every row). A *step* is one learner decision (the opponent's moves in
between are inside it) — :class:`~totenblatt.env.single.SingleAgentEnv` (``core="fast"``,
``info_state=False``) steps one game a call, :class:`~totenblatt.env.vector.WantedVectorEnv`
``N`` games a call (``copy=False``: the arrays are the env's own, as a learner writing
them into its buffer would take them). Beside them PettingZoo's ``texas_holdem_v4`` (AEC,
every agent's step counts; needs rlcard and pygame, dev dependencies), and *the games
alone*: the same duels played on :class:`~totenblatt.wanted.fast.FastGame` with no env
(``legal_actions`` and ``play``, a random non-conceding id each decision, counted per
learner decision as the envs count): what no env can beat, the game step's own cost.
Each figure is the best of two runs of about ``SECONDS`` CPU seconds (``--seconds S``),
after an untimed run that fills the board's caches (else the first env measured pays
for them).
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from totenblatt.env.single import SingleAgentEnv
from totenblatt.env.vector import WantedVectorEnv
from totenblatt.wanted.fast import new_fast_game
from totenblatt.wanted.fast.actions import CONCEDE
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import load_scenario, ruleset_for

SIZES = (1, 64, 256, 1024)
SECONDS = 3.0


def _pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal slot per row."""
    return np.argmax(masks * rng.random(masks.shape, dtype=np.float32), axis=1)


def single_rate(seconds: float = SECONDS) -> float:
    """Learner steps per CPU second of one SingleAgentEnv."""
    env = SingleAgentEnv("duel", "random", seat=0, core="fast", info_state=False)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    steps = 0
    start = time.process_time()
    while True:
        slot = int(_pick(obs["action_mask"][None, :], rng)[0])
        obs, _, terminated, truncated, _ = env.step(slot)
        steps += 1
        if terminated or truncated:
            obs, _ = env.reset()
        if steps % 256 == 0 and time.process_time() - start >= seconds:
            return steps / (time.process_time() - start)


def vector_rate(n: int, seconds: float = SECONDS) -> float:
    """Learner steps (games × calls) per CPU second of WantedVectorEnv(n)."""
    env = WantedVectorEnv(n, "duel", seats=0, copy=False)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    steps = 0
    start = time.process_time()
    while True:
        obs, *_ = env.step(_pick(obs["action_mask"], rng))
        steps += n
        if time.process_time() - start >= seconds:
            return steps / (time.process_time() - start)


def games_rate(seconds: float = SECONDS) -> float:
    """Seat 0's decisions per CPU second of duels played on the fast game alone (every
    decision made, seat 0's counted: the envs' steps without the env)."""
    scenario = load_scenario("duel")
    template = new_fast_game(scenario, Ruleset.load(ruleset_for(scenario)), 0)
    rng = np.random.default_rng(0)
    steps = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = template.fresh(seed)
        seed += 1
        while not game.is_over:
            ids = game.legal_actions()
            if len(ids) > 1:
                ids = [a for a in ids if a != CONCEDE]
            steps += game.to_act == 0
            game.play(ids[int(rng.integers(len(ids)))])
    return steps / (time.process_time() - start)


def texas_rate(seconds: float = SECONDS) -> float | None:
    """AEC steps per CPU second of PettingZoo's texas_holdem_v4 (None: not installed)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import texas_holdem_v4
    except ImportError:
        return None
    env = texas_holdem_v4.env()
    rng = np.random.default_rng(0)
    steps = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(_pick(obs["action_mask"][None, :], rng)[0]))
            steps += 1
    return steps / (time.process_time() - start)


def _best(run: Callable[[], Any]) -> Any:
    found = [run() for _ in range(2)]
    return None if found[0] is None else max(found)


def main(options: list[str] | None = None) -> None:
    """Print steps per CPU second: the single env, the vector env at each N, the games
    alone, texas (``--seconds S``: each run's CPU seconds, 0.2 to 60)."""
    seconds = SECONDS
    if options:
        if len(options) != 2 or options[0] != "--seconds":
            raise SystemExit(f"bench_vector: expected --seconds S, got {' '.join(options)}")
        seconds = float(options[1])
        if not 0.2 <= seconds <= 60:
            raise SystemExit(f"bench_vector: --seconds {seconds}: expected 0.2 to 60")
    games_rate(seconds)  # untimed: the board's caches filled before the first figure
    single = _best(lambda: single_rate(seconds))
    rows: list[tuple[str, float]] = [("SingleAgentEnv (fast, 1 game a call)", single)]
    for n in SIZES:
        rows.append((f"WantedVectorEnv N = {n}", _best(lambda n=n: vector_rate(n, seconds))))
    rows.append(("the games alone (no env)", _best(lambda: games_rate(seconds))))
    texas = _best(lambda: texas_rate(seconds))
    print(f"{'environment':<40} {'steps/CPU s':>12} {'× single':>9}")
    for name, rate in rows:
        print(f"{name:<40} {rate:>12,.0f} {rate / single:>8.1f}×")
    if texas is None:
        print("texas_holdem_v4 is not available: pip install rlcard pygame")
    else:
        print(f"{'texas_holdem_v4 (AEC, every agent)':<40} {texas:>12,.0f} {texas / single:>8.1f}×")


if __name__ == "__main__":
    main()
