"""A fast game's twin that differs only in what one seat cannot see, and the check that a
seat sees the same in both (for the no-peek tests)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from totenblatt.wanted.fast import FastGame


def fast_twin(game: FastGame, seat: int, rng: random.Random) -> FastGame:
    """``game`` with the cards hidden from ``seat`` dealt anew: the other seats' hands, the
    draw pile and the dead man's hand (sizes kept), and another random stream."""
    twin = game.clone()
    places = [twin.hands[s] for s in range(twin.seats) if s != seat] + [twin.draw, twin.dead]
    pool = [c for place in places for c in place]
    rng.shuffle(pool)
    at = 0
    for place in places:
        n = len(place)
        place[:] = pool[at : at + n]
        at += n
    twin.rng = random.Random(rng.random())
    twin._legal = None
    return twin


def assert_same_sight(env: Any, twin_env: Any, agent: str) -> None:
    """``twin_env`` (its game a twin of ``env``'s) is brought to ``env``'s point of view;
    ``agent`` then sees the same there: observation, mask, info, information state."""
    twin_env._mine = {a: list(m) for a, m in env._mine.items()}
    twin_env._cache.clear()
    twin_env._refresh()
    twin_env._update_infos()
    mine, twins = env.observe(agent), twin_env.observe(agent)
    assert np.array_equal(mine["observation"], twins["observation"])
    assert np.array_equal(mine["action_mask"], twins["action_mask"])
    assert env.infos[agent] == twin_env.infos[agent]
    assert env.info_state(agent) == twin_env.info_state(agent)
