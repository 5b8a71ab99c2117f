"""The vector env: learner steps per CPU second at N = 1, 64, 256, 1024 beside the single env.

``python -m benchmarks vector`` — one process, **CPU time**, the duel against the random
opponent on the fast path, seats 0, seeded (seeds 0+), a uniformly random legal slot a
step chosen for all games at once (``argmax`` of the mask times uniform noise: the same
choice rule for every row). A *step* is one learner decision (the opponent's moves in
between are inside it) — :class:`~totenblatt.env.single.SingleAgentEnv` (``core="fast"``,
``info_state=False``) steps one game a call, :class:`~totenblatt.env.vector.WantedVectorEnv`
``N`` games a call (``copy=False``: the arrays are the env's own, as a learner writing
them into its buffer would take them). Beside them PettingZoo's ``texas_holdem_v4`` (AEC,
every agent's step counts; needs rlcard and pygame, dev dependencies). Each figure is the
best of two runs of about ``SECONDS`` CPU seconds.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from totenblatt.env.single import SingleAgentEnv
from totenblatt.env.vector import WantedVectorEnv

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


def main() -> None:
    """Print steps per CPU second: the single env, the vector env at each N, texas."""
    single = _best(single_rate)
    rows: list[tuple[str, float]] = [("SingleAgentEnv (fast, 1 game a call)", single)]
    for n in SIZES:
        rows.append((f"WantedVectorEnv N = {n}", _best(lambda n=n: vector_rate(n))))
    texas = _best(texas_rate)
    print(f"{'environment':<40} {'steps/CPU s':>12} {'× single':>9}")
    for name, rate in rows:
        print(f"{name:<40} {rate:>12,.0f} {rate / single:>8.1f}×")
    if texas is None:
        print("texas_holdem_v4 is not available: pip install rlcard pygame")
    else:
        print(f"{'texas_holdem_v4 (AEC, every agent)':<40} {texas:>12,.0f} {texas / single:>8.1f}×")


if __name__ == "__main__":
    main()
