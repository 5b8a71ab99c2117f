"""The single-agent Gymnasium wrapper: Gymnasium's checker, bots in the other seats, no peeking."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from hidden_twin import fast_twin
from totenblatt.env.single import GYM_ID, SingleAgentEnv
from totenblatt.wanted.bots import LinearPolicy


@pytest.mark.parametrize(
    ("core", "opponents"),
    [("reference", ["heuristic"]), ("reference", "random"), ("fast", "random")],
)
def test_gymnasiums_env_checker_passes(core: str, opponents: list[str] | str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations of a masked game: as PettingZoo's
        check_env(SingleAgentEnv("duel", opponents=opponents, core=core), skip_render_check=True)


def _play(env: SingleAgentEnv, seed: int, rng: np.random.Generator) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.tolist() == info["legal_actions"]
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        if terminated or truncated:
            assert not obs["action_mask"].any()
            return reward, steps
        assert reward == 0.0


@pytest.mark.parametrize(
    ("scenario", "seat", "opponents", "core"),
    [
        ("duel", 1, ["heuristic"], "reference"),
        ("three-way", 2, ["random", "heuristic"], "reference"),
        ("duel", 0, ["random"], "fast"),
    ],
)
def test_whole_games_against_bots(
    scenario: str, seat: int, opponents: list[str], core: str
) -> None:
    env = SingleAgentEnv(scenario, opponents=opponents, seat=seat, core=core)
    rng = np.random.default_rng(1)
    for seed in range(2):
        reward, steps = _play(env, seed, rng)
        assert reward in (-1.0, 0.0, 1.0) and steps > 3
        game = env.aec.game
        assert game is not None and game.is_over
        assert env.episode_seed == seed


def test_a_seed_reproduces_the_game_and_its_bots() -> None:
    env = SingleAgentEnv("duel", opponents="heuristic")
    a = [_play(env, 5, np.random.default_rng(2)) for _ in range(2)]
    assert a[0] == a[1]
    fresh = {SingleAgentEnv("duel").reset()[0]["observation"].tobytes() for _ in range(4)}
    assert len(fresh) > 1  # unseeded: fresh games


def test_illegal_actions_and_bad_arguments() -> None:
    env = SingleAgentEnv("duel")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = SingleAgentEnv("duel", on_illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(bad)
    with pytest.raises(ValueError, match="fast core seats only"):
        SingleAgentEnv("duel", opponents=["heuristic"], core="fast")
    with pytest.raises(ValueError, match="opponents"):
        SingleAgentEnv("three-way", opponents=["random", "random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        SingleAgentEnv("duel", opponents=["nobody"])


def test_the_info_holds_no_seed() -> None:
    env = SingleAgentEnv("duel", opponents="heuristic")
    _, info = env.reset(seed=987654321)
    assert set(info) == {"legal_actions", "phase", "info_state"}
    assert "987654321" not in info["info_state"]


def test_gymnasium_makes_it_by_its_id() -> None:
    import gymnasium as gym

    env = gym.make(GYM_ID, scenario="duel", opponents="heuristic", seat=1)
    obs, info = env.reset(seed=2)
    assert env.unwrapped.seat == 1 and obs["action_mask"].any() and info["legal_actions"]


def test_the_learners_observation_and_info_are_its_own_view() -> None:
    """Dealing the cards hidden from the learner anew (the other hand, the draw pile, the
    dead man's hand, the random stream) changes neither its observation nor its info."""
    env = SingleAgentEnv("duel", core="fast")
    twin = SingleAgentEnv("duel", core="fast")
    rng = random.Random(3)
    choices = np.random.default_rng(3)
    checked = 0
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            game = env.aec.game
            assert game is not None
            twin.reset(seed=seed + 500)
            twin.aec.game = fast_twin(game, env.seat, rng)
            twin.aec._mine = {a: list(m) for a, m in env.aec._mine.items()}
            twin.aec._cache.clear()
            twin.aec._refresh()
            twin.aec._update_infos()
            mirror = twin.aec.observe(twin.agent)
            assert np.array_equal(mirror["observation"], obs["observation"])
            assert np.array_equal(mirror["action_mask"], obs["action_mask"])
            assert twin._info() == info
            checked += 1
            action = int(choices.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
    assert checked > 20


def _conceder(path: Path, scenario: str = "duel") -> str:
    """A saved policy that concedes whenever it may (its concede logit far above the rest)."""
    fast = SingleAgentEnv(scenario, core="fast").aec
    policy = LinearPolicy.fresh(fast.layout.size, fast.slots.size, scenario)
    policy.b[fast.concede_slot] = 100.0
    policy.save(path)
    return f"learned:{path}"


@pytest.mark.parametrize(
    ("scenario", "core", "opponent", "seeds"),
    [
        ("duel", "fast", "random", 2500),
        ("duel", "fast", "learned", 1000),
        ("three-way", "fast", "random", 300),
        ("duel", "reference", "random", 1000),
        ("duel", "reference", "heuristic", 500),
        ("duel", "reference", "learned", 100),
        ("duel", "reference", "fast-ismcts:8", 15),
        ("duel", "reference", "ismcts:8", 15),
    ],
)
def test_with_concede_allowed_no_reset_returns_a_finished_game(
    scenario: str, core: str, opponent: str, seeds: int, tmp_path: Path
) -> None:
    """``allow_concede`` is the learner's alone: the opponents never give up, so the learner
    always has a decision after ``reset()`` (every seed, every seat) — in the first round's
    swap or bids, before any figure can fall — and the concede slot stays legal for it."""
    name = _conceder(tmp_path / "c.npz", scenario) if opponent == "learned" else opponent
    offered = 0
    seats = SingleAgentEnv(scenario, core="fast").aec.scenario.seats
    for seat in range(seats):
        env = SingleAgentEnv(
            scenario, opponents=name, seat=seat, core=core, allow_concede=True, info_state=False
        )
        for seed in range(seeds):
            obs, info = env.reset(seed=seed)
            game = env.aec.game
            assert game is not None and not game.is_over, (seat, seed)
            assert obs["action_mask"].any() and info["legal_actions"], (seat, seed)
            assert info["phase"] in ("swap", "bid"), (seat, seed)
            offered += env.aec.concede_slot in info["legal_actions"]
    assert offered == seats * seeds  # the learner may concede, the others may not


@pytest.mark.parametrize("core", ["fast", "reference"])
def test_the_opponents_never_concede_in_whole_games(core: str, tmp_path: Path) -> None:
    opponents = ["random", _conceder(tmp_path / "c.npz", "three-way")]
    env = SingleAgentEnv(
        "three-way", opponents=opponents, seat=0, core=core, allow_concede=True, info_state=False
    )
    played: list[tuple[str, int | None]] = []
    step = env.aec.step

    def record(action: int | None) -> None:
        played.append((env.aec.agent_selection, action))
        step(action)

    env.aec.step = record  # type: ignore[method-assign]
    rng = np.random.default_rng(4)
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            legal = [s for s in np.flatnonzero(obs["action_mask"]) if s != env.aec.concede_slot]
            obs, _, done, _, _ = env.step(int(rng.choice(legal)))
    theirs = [slot for agent, slot in played if agent != env.agent]
    assert len(theirs) > 50 and env.aec.concede_slot not in theirs


def test_concede_is_off_for_learners_by_default() -> None:
    for core in ("fast", "reference"):
        env = SingleAgentEnv("duel", core=core)
        assert env.aec.allow_concede is False
        for seed in range(20):
            _, info = env.reset(seed=seed)
            assert env.aec.concede_slot not in info["legal_actions"]
