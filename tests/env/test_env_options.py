"""The fast environment's options: concede, unseeded resets, ``info`` and no peeking in it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from hidden_twin import assert_same_sight, fast_twin
from totenblatt.env import wanted_fast_v0
from totenblatt.env.wanted_fast_v0 import CONCEDE


def test_concede_is_legal_only_when_allowed() -> None:
    for allow in (False, True):
        env = wanted_fast_v0.raw_env("duel", allow_concede=allow)
        env.reset(seed=1)
        agent = env.agent_selection
        assert env.observe(agent)["action_mask"][CONCEDE] == allow
        assert env._observation(env._seat[agent])["action_mask"][CONCEDE] == allow
        assert (CONCEDE in env.infos[agent]["legal_actions"]) == allow
    env = wanted_fast_v0.raw_env("duel")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        env.step(CONCEDE)


def test_random_agents_play_whole_games_without_conceding() -> None:
    env = wanted_fast_v0.raw_env("duel")
    rng = np.random.default_rng(3)
    for seed in range(5):
        env.reset(seed=seed)
        for _agent in env.agent_iter(max_iter=1000):
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                assert info["phase"] == "over" and info["legal_actions"] == []
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert info["legal_actions"] == legal.tolist() and CONCEDE not in legal
            env.step(int(rng.choice(legal)))
        assert env.game is not None and env.game.end_reason != "concession"


def test_unseeded_resets_draw_fresh_seeds_and_a_seed_reproduces() -> None:
    first = []
    for _ in range(3):
        env = wanted_fast_v0.raw_env("duel")
        env.reset()
        first.append(env.episode_seed)
    assert len(set(first)) == 3
    env = wanted_fast_v0.raw_env("duel")
    env.reset(seed=9)
    start = env.observe(env.agent_selection)["observation"]
    env.reset()
    follow = env.episode_seed
    env.reset(seed=9)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], start)
    env.reset()
    assert env.episode_seed == follow != 9


def test_info_is_built_from_the_seats_view_only() -> None:
    """A twin game that differs only in cards hidden from the seat to act (the other hands,
    the draw pile, the dead man's hand, the random stream) gives that seat equal
    observations, masks and ``info`` (legal slots, phase, information-state string)."""
    env = wanted_fast_v0.raw_env("duel", info_state=True)
    twin_env = wanted_fast_v0.raw_env("duel", info_state=True)
    rng = random.Random(4)
    choices = np.random.default_rng(4)
    phases = set()
    for seed in range(3):
        env.reset(seed=seed)
        while env.agents and not env.terminations[env.agent_selection]:
            agent = env.agent_selection
            game = env.game
            assert game is not None
            twin_env.reset(seed=seed + 1000)
            twin_env.game = fast_twin(game, game.to_act, rng)
            assert twin_env.game.draw != game.draw or len(game.draw) < 2
            assert_same_sight(env, twin_env, agent)
            phases.add(env.infos[agent]["phase"])
            env.step(int(choices.choice(env.infos[agent]["legal_actions"])))
    assert {"swap", "bid", "action"} <= phases


def test_the_info_state_string_names_the_seat_and_its_own_actions() -> None:
    assert "info_state" not in _first_info(wanted_fast_v0.raw_env("duel"))  # off by default
    env = wanted_fast_v0.raw_env("duel", info_state=True)
    env.reset(seed=2)
    agent = env.agent_selection
    slot = env.infos[agent]["legal_actions"][0]
    env.step(slot)
    assert "info_state" not in env.infos[agent]  # only the agent to act's
    now = env.agent_selection
    assert env.infos[now]["info_state"].startswith(f"seat {env._seat[now]} ")
    text = env.info_state(agent)
    assert text.startswith(f"seat {env._seat[agent]} mine[{slot}] hand[")
    assert "phase[" in text


def _first_info(env: wanted_fast_v0.WantedFastEnv) -> dict[str, object]:
    env.reset(seed=0)
    return env.infos[env.agent_selection]
