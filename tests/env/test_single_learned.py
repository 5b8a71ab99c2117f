"""``learned:PATH`` opponents of ``SingleAgentEnv``: one road for every policy kind and core
(the registry's ``load_policy``, ``LearnedBot.decide`` on the fast game, that id played)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from totenblatt.env import wanted_fast_v0
from totenblatt.env.single import SingleAgentEnv
from totenblatt.wanted.bots import (
    DUEL_POLICY,
    LearnedBot,
    LinearPolicy,
    MLPPolicy,
    PolicyError,
    load_policy,
)
from totenblatt.wanted.encoding import plays
from totenblatt.wanted.engine import new_game
from totenblatt.wanted.fast import FastGame, FastUnsupportedError

SHIPPED = f"learned:{DUEL_POLICY}"
"""The lobby's learned bot: the shipped network (src/totenblatt/wanted/bots/duel_policy.npz)."""

Decided = list[tuple[int, int, int]]
"""(seat, the fast id LearnedBot.decide gave, the id its slot's smallest club plays)."""


def _spy_on_decisions(env: SingleAgentEnv, decided: Decided) -> None:
    """Check every learned move the env plays against a LearnedBot of its own (the
    policy read afresh): the env's real method is called after its argument is compared,
    and on the fast core the game after it is the game before with that very id played."""
    own = LearnedBot(load_policy(DUEL_POLICY), scenario="duel")
    aec = env.aec
    if isinstance(aec, wanted_fast_v0.WantedFastEnv):
        real_fast = aec.play_fast
        fast_env = aec

        def play_fast(action: int) -> None:
            game = fast_env._game()
            seat = game.to_act
            twin = game.clone()
            expected = own.decide(game.clone(), seat)
            assert action == expected
            marks = fast_env.slots.marks(game.legal_actions(), concede=False)
            decided.append((seat, expected, plays(marks, int(fast_env.slots.slot_of[expected]))))
            before = len(fast_env._mine[fast_env.agent_selection])
            real_fast(action)
            assert fast_env._mine[f"seat_{seat}"][before:] == [-1]
            twin.play(expected)
            assert fast_env._game().legal_actions() == twin.legal_actions()
            for s in range(2):
                assert np.array_equal(
                    fast_env.observer.encode(twin, s), fast_env.observer.encode(game, s)
                )

        aec.play_fast = play_fast  # type: ignore[method-assign]
        return
    real_action = aec.play_action  # type: ignore[attr-defined]

    def play_action(action: Any) -> None:
        game = aec._game()
        seat = game.to_act
        fast = FastGame.from_game(game)
        expected = own.decide(fast, seat)
        assert action == fast.shadow(expected)
        decided.append((seat, expected, expected))
        real_action(action)

    aec.play_action = play_action  # type: ignore[attr-defined]


@pytest.mark.parametrize(("core", "seeds"), [("fast", 6), ("reference", 2)])
def test_the_shipped_network_plays_whole_games_as_learned_bot_decides(
    core: str, seeds: int
) -> None:
    assert isinstance(load_policy(DUEL_POLICY), MLPPolicy)
    decided: Decided = []
    for seat in (0, 1):
        env = SingleAgentEnv("duel", opponents=SHIPPED, seat=seat, core=core)
        _spy_on_decisions(env, decided)
        for seed in range(seeds):
            rng = np.random.default_rng(seed)
            before = len(decided)
            obs, info = env.reset(seed=seed)
            done = False
            while not done:
                assert obs["action_mask"].any() and info["legal_actions"]
                assert env.aec.agent_selection == env.agent
                assert env.observation_space.contains(obs)
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                obs, reward, done, truncated, info = env.step(action)
                assert not truncated
            game = env.aec.game
            assert game is not None and game.is_over
            winners = set(game.winners)
            assert reward == (0.0 if not winners else 1.0 if seat in winners else -1.0)
            assert info["legal_actions"] == [] and info["phase"] == "over"
            assert not obs["action_mask"].any()
            assert len(decided) > before  # the opponent played in every game
            assert {d[0] for d in decided[before:]} == {1 - seat}
    assert len(decided) > 10


def test_on_the_fast_core_the_network_plays_ids_no_slot_plays() -> None:
    """The network's hint keeps the heuristic's own move (its card): an id a slot's
    smallest club would not play is played as it is — the one road, not a slot."""
    env = SingleAgentEnv("duel", opponents=SHIPPED, seat=0, core="fast", info_state=False)
    decided: Decided = []
    _spy_on_decisions(env, decided)
    for seed in range(10):
        rng = np.random.default_rng(seed)
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(decided) > 100
    off_slot = [(action, by_slot) for _, action, by_slot in decided if action != by_slot]
    assert off_slot  # (seed 6: one of 294 decisions) played as decided, not as its slot


def _linear(path: Path, scenario: str = "duel") -> LinearPolicy:
    fast = SingleAgentEnv(scenario, core="fast").aec
    policy = LinearPolicy.fresh(fast.layout.size, fast.slots.size, scenario)
    policy.W[:] = np.random.default_rng(1).normal(size=policy.W.shape)
    policy.b[:] = np.random.default_rng(2).normal(size=policy.b.shape)
    policy.save(path)
    return policy


@pytest.mark.parametrize("allow_concede", [False, True])
def test_a_linear_opponent_plays_as_before_on_the_fast_core(
    tmp_path: Path, allow_concede: bool
) -> None:
    """The learner sees what it saw when the env played a linear policy itself: the
    policy's greedy slot of the opponent's observation, concede masked, stepped as a slot."""
    policy = _linear(tmp_path / "lin.npz")
    for seat in (0, 1):
        env = SingleAgentEnv(
            "duel",
            opponents=f"learned:{tmp_path / 'lin.npz'}",
            seat=seat,
            core="fast",
            allow_concede=allow_concede,
        )
        old = wanted_fast_v0.raw_env("duel", allow_concede=allow_concede, info_state=True)
        for seed in range(4):
            rng = np.random.default_rng(seed + 100)
            obs, info = env.reset(seed=seed)
            old.reset(seed=seed)
            steps, reward = 0, 0.0
            while True:
                while old.agent_selection != env.agent and not old.terminations[env.agent]:
                    theirs = old.observe(old.agent_selection)
                    mask = theirs["action_mask"]
                    if mask.sum() > 1:
                        mask[old.concede_slot] = 0
                    old.step(policy.act(theirs["observation"], mask, greedy=True))
                mine = old.observe(env.agent)
                assert np.array_equal(mine["observation"], obs["observation"])
                assert np.array_equal(mine["action_mask"], obs["action_mask"])
                assert old.infos[env.agent]["legal_actions"] == info["legal_actions"]
                if old.terminations[env.agent]:
                    assert reward == old._cumulative_rewards[env.agent]
                    break
                assert old.infos[env.agent]["info_state"] == info["info_state"]
                legal = np.flatnonzero(obs["action_mask"])
                action = int(rng.choice(legal[legal != env.aec.concede_slot]))
                old.step(action)
                obs, reward, _, _, info = env.step(action)
                steps += 1
            assert steps > 3


@pytest.mark.parametrize("core", ["fast", "reference"])
def test_a_bad_policy_file_is_refused_with_the_registrys_error(tmp_path: Path, core: str) -> None:
    def refused(name: str) -> str:
        with pytest.raises(PolicyError) as caught:
            SingleAgentEnv("duel", opponents=name, core=core)
        assert isinstance(caught.value, ValueError)
        return str(caught.value)

    missing = tmp_path / "none.npz"
    assert refused(f"learned:{missing}") == f"learned:{missing}: no policy file at {missing}"
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a policy")
    assert "is not a policy saved by" in refused(f"learned:{junk}")
    assert "folder or a device" in refused(f"learned:{tmp_path}")
    LinearPolicy.fresh(3, 4).save(tmp_path / "small.npz")
    assert "trained for other rules" in refused(f"learned:{tmp_path / 'small.npz'}")
    with pytest.raises(PolicyError, match="trained for the scenario 'duel', not 'three-way'"):
        SingleAgentEnv("three-way", opponents=SHIPPED, core=core)
    heroes = SingleAgentEnv("heroes", core="fast").aec  # the learned bot reads no heroes
    LinearPolicy.fresh(heroes.layout.size, heroes.slots.size, "heroes").save(tmp_path / "h.npz")
    with pytest.raises(FastUnsupportedError, match=r"learned:.*h\.npz: the learned bot reads no"):
        SingleAgentEnv("heroes", opponents=f"learned:{tmp_path / 'h.npz'}", core=core)


def test_the_fast_env_plays_a_fast_id_for_the_agent_to_act() -> None:
    """``play_fast``: any legal id (also one no slot plays), books kept as ``step``'s, the
    agent's record ``-1``; an illegal id or a finished game refused."""
    env = wanted_fast_v0.raw_env("duel", info_state=True)
    twin = FastGame.from_game(new_game("duel", seed=5))
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    played = 0
    while not twin.is_over:
        game = env._game()
        assert game.legal_actions() == twin.legal_actions()
        legal = [a for a in game.legal_actions() if a != 1] or game.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        agent = env.agent_selection
        with pytest.raises(ValueError, match="fast id -5 is not legal now"):
            env.play_fast(-5)
        env.play_fast(action)
        twin.play(action)
        played += 1
        assert env._mine[agent][-1] == -1
        for other in env.possible_agents:
            seat = int(other.removeprefix("seat_"))
            assert np.array_equal(
                env.observe(other)["observation"], env.observer.encode(twin, seat)
            )
    assert played > 5
    winners = set(twin.winners)
    for agent in env.possible_agents:
        seat = int(agent.removeprefix("seat_"))
        assert env.terminations[agent]
        assert env._cumulative_rewards[agent] == (
            0.0 if not winners else 1.0 if seat in winners else -1.0
        )
    with pytest.raises(ValueError, match="not legal now"):
        env.play_fast(0)
    with pytest.raises(ValueError, match="action -1 is not legal now"):
        fresh = wanted_fast_v0.raw_env("duel")
        fresh.reset(seed=1)
        fresh.step(-1)  # a slot of -1 plays nothing but play_fast's id
