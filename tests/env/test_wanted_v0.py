"""The PettingZoo environment: API and seed tests, masks, rewards, hidden information, pictures."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from hidden_twin import assert_same_sight
from totenblatt.env import wanted_fast_v0, wanted_v0
from totenblatt.wanted.engine.determinize import shuffle_hidden

CASES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("duel", "base", None),
    ("gangs", "base", None),
    ("three-way", "base", None),
    ("heroes", "extended", None),
    ("heroes", "extended", {"hand_mode": "per_character"}),
]
IDS = ["duel", "gangs", "three-way", "heroes-per-player", "heroes-per-character"]


@pytest.mark.parametrize(("scenario", "ruleset", "options"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(
    scenario: str, ruleset: str, options: dict[str, Any] | None
) -> None:
    with warnings.catch_warnings():
        # dict observations (observation + action_mask) are PettingZoo's own convention
        warnings.filterwarnings("ignore", message="Observation")
        api_test(wanted_v0.env(scenario, ruleset, options=options), num_cycles=60)
        seed_test(lambda: wanted_v0.env(scenario, ruleset, options=options), num_cycles=40)


def play_random(env: Any, seed: int, rng: np.random.Generator) -> tuple[int, dict[str, float]]:
    """One game with random legal actions (never conceding); steps and final rewards."""
    env.reset(seed=seed)
    raw = env.unwrapped
    concede = raw.slots.blocks["concede"].start
    steps = 0
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        game = raw.game
        assert agent == f"seat_{game.to_act}"
        # a lazy menu entry that finds no path is "move nobody": equal entries share a slot;
        # concede is not offered (allow_concede is off)
        offered = {a for a in game.legal_actions() if type(a).__name__ != "Concede"}
        assert concede not in legal
        assert len(legal) == len(offered)
        assert {raw.action(i) for i in legal} == offered
        assert raw.infos[agent]["legal_actions"] == legal.tolist()
        assert raw.infos[agent]["phase"] == game.phase.value
        for other in env.agents:
            if other != agent:
                assert not raw.observe(other)["action_mask"].any()
        choice = [i for i in legal if i != concede] or list(legal)
        env.step(int(rng.choice(choice)))
        steps += 1
    return steps, rewards


@pytest.mark.parametrize(("scenario", "ruleset", "options"), CASES, ids=IDS)
def test_the_mask_is_exactly_the_legal_actions_and_rewards_come_at_the_end(
    scenario: str, ruleset: str, options: dict[str, Any] | None
) -> None:
    env = wanted_v0.env(scenario, ruleset, options=options)
    steps, rewards = play_random(env, 3, np.random.default_rng(0))
    assert steps > 10
    game = env.unwrapped.game
    assert game.is_over
    assert len(rewards) == game.seats
    for agent, reward in rewards.items():
        seat = int(agent.split("_")[1])
        expected = 0.0 if not game.winners else (1.0 if seat in game.winners else -1.0)
        assert reward == expected


def test_reset_with_a_seed_repeats_and_without_one_moves_on() -> None:
    env = wanted_v0.env("gangs")
    env.reset(seed=5)
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=5)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)
    assert env.unwrapped.game.setup.seed == 5 == env.unwrapped.episode_seed
    env.reset()
    after = env.unwrapped.game.setup.seed
    assert after != 5
    env.reset(seed=5)
    env.reset()  # the stream of seed 5 again
    assert env.unwrapped.game.setup.seed == after
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)


def test_fresh_environments_play_different_games_without_a_seed() -> None:
    seeds = set()
    for _ in range(3):
        env = wanted_v0.raw_env("duel")
        env.reset()
        seeds.add(env.game.setup.seed)
    assert len(seeds) == 3


def test_concede_is_legal_only_when_allowed() -> None:
    for allow in (False, True):
        env = wanted_v0.raw_env("duel", allow_concede=allow)
        env.reset(seed=1)
        mask = env.observe(env.agent_selection)["action_mask"]
        assert mask[env.concede_slot] == allow
    env = wanted_v0.raw_env("duel")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        env.step(env.concede_slot)


@pytest.mark.parametrize(("scenario", "ruleset", "options"), CASES, ids=IDS)
def test_an_observation_holds_only_the_agents_view(
    scenario: str, ruleset: str, options: dict[str, Any] | None
) -> None:
    """Two games that differ only in cards hidden from a seat give that seat equal observations."""
    env = wanted_v0.raw_env(scenario, ruleset, options=options)
    twin_env = wanted_v0.raw_env(scenario, ruleset, options=options)
    rng = random.Random(2)
    choices = np.random.default_rng(2)
    env.reset(seed=11)
    phases = set()
    for _ in range(40):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        twin_env.reset(seed=11)
        twin_env.game = shuffle_hidden(env.game, seat, rng)
        assert twin_env.game.state.draw_pile != env.game.state.draw_pile
        # the observation, mask and info (legal slots, phase, information state) are its own
        assert_same_sight(env, twin_env, agent)
        phases.add(env.game.phase.value)
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        concede = env.slots.blocks["concede"].start
        env.step(int(choices.choice([i for i in legal if i != concede] or list(legal))))
        if env.game.is_over:
            break
    assert {"swap", "bid", "action"} <= phases


@pytest.mark.parametrize("kind", [wanted_v0, wanted_fast_v0], ids=["reference", "fast"])
def test_an_illegal_index_is_refused(kind: Any) -> None:
    """Both the reference engine's env and the fast path's refuse a slot the mask rules out."""
    env = kind.env("duel")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal now"):
        env.step(illegal)


def test_renders_text_and_an_image() -> None:
    env = wanted_v0.env("duel", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    assert "seat_0" in text and "Billy" in text and "B" in text
    picture = wanted_v0.env("three-way", render_mode="rgb_array")
    picture.reset(seed=2)
    image = picture.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 5
    picture.close()
    silent = wanted_v0.env("duel")
    silent.reset(seed=2)
    assert silent.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        wanted_v0.env("duel", render_mode="human")


def test_options_and_bad_scenarios_are_checked() -> None:
    env = wanted_v0.env("heroes", "extended", options={"hand_mode": "per_character"})
    assert env.unwrapped.ruleset.round.hand_mode == "per_character"
    with pytest.raises(ValueError, match="ruleset 'base' does not play them"):
        wanted_v0.env("heroes", "base")


@pytest.mark.parametrize(
    ("scenario", "ruleset"),
    [("heroes", "extended"), ("duel", "base"), ("gangs", "base"), ("three-way", "base")],
)
def test_a_scenario_brings_the_ruleset_it_needs(scenario: str, ruleset: str) -> None:
    env = wanted_v0.env(scenario=scenario)
    assert env.unwrapped.ruleset.name == ruleset
    env.reset(seed=3)
    assert env.agent_selection in env.agents
    options = {"hand_mode": "per_character"}
    assert wanted_v0.raw_env(scenario, options=options).ruleset.round.hand_mode == "per_character"
