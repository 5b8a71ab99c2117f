"""What every AEC environment of the package does at a reset: take the seed, clear the books."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["start_episode"]


def start_episode(env: Any, seed: int | None) -> int:
    """The seed of the new episode (``seed``, or the one after the last), its books cleared.

    Sets ``agents``, ``rewards``, ``_cumulative_rewards``, ``terminations``,
    ``truncations``, ``infos``, ``_steps`` and ``_cache`` of ``env``; ``ValueError`` for a
    seed that is not a whole number of 0 or more.
    """
    if seed is None:
        seed = env._next_seed
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed {seed!r} is not a whole number of 0 or more")
    seed = int(seed)
    env._next_seed = seed + 1
    env.agents = env.possible_agents.copy()
    env.rewards = {a: 0.0 for a in env.agents}
    env._cumulative_rewards = {a: 0.0 for a in env.agents}
    env.terminations = {a: False for a in env.agents}
    env.truncations = {a: False for a in env.agents}
    env.infos = {a: {} for a in env.agents}
    env._steps = 0
    env._cache = {}
    return seed
