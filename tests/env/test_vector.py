"""The vector envs: N games in one call equal N single envs step for step."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest

from self_play import dealt
from totenblatt.env import wanted_fast_v0
from totenblatt.env.single import SingleAgentEnv
from totenblatt.env.vector import VECTOR_GYM_ID, WantedVectorEnv, WantedVectorSelfPlay
from totenblatt.wanted.fast.actions import CONCEDE


def _choose(masks: np.ndarray, rng: np.random.Generator) -> list[int]:
    return [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]


@pytest.mark.parametrize(("scenario", "n"), [("duel", 6), ("three-way", 3)])
def test_the_vector_env_equals_n_single_envs_step_for_step(scenario: str, n: int) -> None:
    seats = [i % (3 if scenario == "three-way" else 2) for i in range(n)]
    vec = WantedVectorEnv(n, scenario, seats=seats)
    singles = [
        SingleAgentEnv(scenario, "random", seat=s, core="fast", info_state=False) for s in seats
    ]
    obs, infos = vec.reset(seed=40)
    assert infos == {}
    want = [env.reset(seed=40 + i)[0] for i, env in enumerate(singles)]
    rng = np.random.default_rng(5)
    ended = [False] * n
    episodes = 0
    illegal_played = False
    for step in range(400):
        for i in range(n):
            assert np.array_equal(obs["observation"][i], want[i]["observation"]), (step, i)
            assert np.array_equal(obs["action_mask"][i], want[i]["action_mask"]), (step, i)
            assert vec.episode_seeds[i] == singles[i].episode_seed
        actions = _choose(obs["action_mask"], rng)
        if step == 7:  # an illegal action ends game 0 as a loss, in both
            actions[0] = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
            illegal_played = True
        obs, rewards, terminated, truncated, _ = vec.step(actions)
        assert not truncated.any()
        for i, env in enumerate(singles):
            if ended[i]:
                want[i] = env.reset()[0]  # next-step autoreset: the env's next seed
                assert (rewards[i], terminated[i]) == (0.0, False)
                ended[i] = False
                continue
            want[i], reward, done, _, _ = env.step(actions[i])
            assert (rewards[i], terminated[i]) == (reward, done), (step, i)
            if done:
                ended[i] = True
                episodes += 1
    assert illegal_played and episodes >= n


def test_gymnasiums_vector_api() -> None:
    vec = gym.make_vec(VECTOR_GYM_ID, num_envs=3, vectorization_mode="vector_entry_point")
    assert vec.metadata["autoreset_mode"] == gym.vector.AutoresetMode.NEXT_STEP
    assert vec.action_space == gym.spaces.MultiDiscrete([814] * 3)
    obs, _ = vec.reset(seed=[7, 8, 9])
    assert obs in vec.observation_space
    again = WantedVectorEnv(1)
    assert np.array_equal(again.reset(seed=8)[0]["observation"][0], obs["observation"][1])
    assert vec.unwrapped.action_masks().shape == (3, 814)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        obs, *_ = vec.step(_choose(obs["action_mask"], np.random.default_rng(0)))
    assert obs["observation"].shape == (3, 342)
    with pytest.raises(ValueError, match="actions for 3 games"):
        vec.step([0, 0])
    with pytest.raises(ValueError, match="num_envs"):
        WantedVectorEnv(0)
    with pytest.raises(ValueError, match="seat 2"):
        WantedVectorEnv(2, seats=2)
    with pytest.raises(ValueError, match="seeds for 2 games"):
        WantedVectorEnv(2).reset(seed=[1])
    with pytest.raises(RuntimeError, match="reset"):
        WantedVectorEnv(2).step([0, 0])


def test_the_self_play_form_equals_n_aec_envs() -> None:
    n = 5
    vec = WantedVectorSelfPlay(n)
    aecs = [wanted_fast_v0.raw_env("duel") for _ in range(n)]
    vec.reset(seed=100)
    for i, env in enumerate(aecs):
        env.reset(seed=100 + i)
    rng = np.random.default_rng(9)
    ended = [False] * n
    finished = 0
    for step in range(300):
        for i, env in enumerate(aecs):
            agent = env.agent_selection
            seen = env.observe(agent)
            assert vec.to_act[i] == env._seat[agent], (step, i)
            assert np.array_equal(vec.observation[i], seen["observation"]), (step, i)
            assert np.array_equal(vec.action_mask[i], seen["action_mask"]), (step, i)
        if step % 50 == 3:
            for agent in vec.possible_agents:
                mine = vec.observe(agent)
                for i, env in enumerate(aecs):
                    theirs = env.observe(agent)
                    assert np.array_equal(mine["observation"][i], theirs["observation"])
                    assert np.array_equal(mine["action_mask"][i], theirs["action_mask"])
        actions = _choose(vec.action_mask, rng)
        rewards, terminated = vec.step(actions)
        for i, env in enumerate(aecs):
            if ended[i]:
                env.reset()
                ended[i] = False
                assert not terminated[i] and not rewards[i].any()
                continue
            env.step(actions[i])
            done = all(env.terminations.values())
            assert terminated[i] == done
            if done:
                assert rewards[i].tolist() == [env.rewards[a] for a in env.possible_agents]
                ended[i] = True
                finished += 1
    assert finished >= n
    with pytest.raises(ValueError, match="not legal"):
        vec.step([int(np.flatnonzero(m == 0)[0]) for m in vec.action_mask])


def test_copy_false_writes_the_same_arrays_in_place() -> None:
    vec = WantedVectorEnv(4, copy=False)
    obs, _ = vec.reset(seed=3)
    rng = np.random.default_rng(1)
    first = (obs["observation"], obs["action_mask"])
    for _ in range(30):
        obs, rewards, terminated, truncated, _ = vec.step(_choose(obs["action_mask"], rng))
        assert obs["observation"] is first[0] and obs["action_mask"] is first[1]
        assert rewards.shape == terminated.shape == truncated.shape == (4,)
        assert terminated.dtype == np.bool_


def test_folding_ids_gives_the_marks_slots_and_ids() -> None:
    env = wanted_fast_v0.raw_env("duel")
    slots = env.slots
    taken = np.zeros(slots.size, np.int32)
    chosen = np.zeros(slots.size, np.int32)
    rng = np.random.default_rng(2)
    checked = 0
    for _seed, game in dealt(env, range(4)):
        while not game.is_over:
            ids = list(game.legal_actions())
            for concede in (False, True):
                marks = slots.marks(ids, concede)
                skip = -1 if concede or len(ids) < 2 else CONCEDE
                n = slots.fold_ids(ids, skip, taken, chosen)
                assert tuple(taken[:n]) == marks[1]
                assert tuple(ids[k] for k in chosen[:n]) == marks[2]
                checked += 1
            moves = [a for a in ids if a != CONCEDE] or ids
            game.play(moves[int(rng.integers(len(moves)))])
    assert checked > 100
    with pytest.raises(IndexError):
        slots.fold_ids([10**6], -1, taken, chosen)
    n = slots.fold_ids([0], -1, taken, chosen)  # the scratch is clean after the error
    assert n == 1 and taken[0] == slots.slot_of[0]
