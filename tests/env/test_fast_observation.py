"""The fast environment's kept observations: bit for bit the from-scratch vectors, every step."""

from __future__ import annotations

import numpy as np
import pytest

from self_play import dealt
from totenblatt.env import wanted_fast_v0


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


@pytest.mark.parametrize(("scenario", "games"), [("duel", 40), ("gangs", 3), ("three-way", 3)])
def test_kept_observations_are_the_from_scratch_ones_bit_for_bit(scenario: str, games: int) -> None:
    """At every step of seeded random games (conceding now and then), every agent's
    observation and mask equal ``_observation`` (``FastObserver.encode`` and the mask of
    ``MoveSlots.legal``), byte for byte — also when agents are observed out of turn."""
    env = wanted_fast_v0.raw_env(scenario, allow_concede=True)
    rng = np.random.default_rng(5)
    steps = 0
    for seed in range(games):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=2000):
            seats = env.possible_agents
            order = [agent] if rng.random() < 0.5 else list(rng.permutation(seats))
            for other in order:
                got = env.observe(other)
                want = env._observation(env._seat[other])
                assert _same(got["observation"], want["observation"]), (seed, steps, other)
                assert _same(got["action_mask"], want["action_mask"]), (seed, steps, other)
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if len(legal) > 1 and rng.random() > 0.002:
                legal = legal[legal != 1]
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    assert steps > 100


def test_an_observation_is_a_fresh_copy() -> None:
    """Changing a returned observation changes neither the next one nor the kept vector."""
    env = wanted_fast_v0.raw_env("duel")
    env.reset(seed=2)
    agent = env.agent_selection
    first = env.observe(agent)
    first["observation"][:] = 7
    first["action_mask"][:] = 0
    again = env.observe(agent)
    want = env._observation(env._seat[agent])
    assert _same(again["observation"], want["observation"])
    assert _same(again["action_mask"], want["action_mask"])


def test_a_new_game_object_is_observed_right() -> None:
    """Another game of the same scenario (a copy played on) gives its own vector."""
    env = wanted_fast_v0.raw_env("duel")
    env.reset(seed=4)
    observer = env.observer
    game = env.game
    assert game is not None
    seat = game.to_act
    observer.update(game, seat)
    other = game.clone()
    other.apply(other.legal_actions()[-1])  # concede: the game is over
    assert _same(observer.update(other, seat), observer.encode(other, seat))
    assert _same(observer.update(game, seat), observer.encode(game, seat))


def test_kept_observations_follow_any_change_of_the_game() -> None:
    """Changes that random play seldom makes (a pile emptied, a hand emptied or replaced,
    redraws used, a figure hurt or out, the dealer moved, bids) are followed bit for bit."""
    env = wanted_fast_v0.raw_env("duel")
    observer = env.observer
    rng = np.random.default_rng(11)
    changed = 0
    for seed, game in dealt(env, range(12)):
        for step in range(40):
            if game.is_over:
                break
            kind = int(rng.integers(9))
            if kind == 0:
                game.discard.extend(game.draw)
                game.draw.clear()
            elif kind == 1:
                game.draw.extend(game.discard)
                game.discard.clear()
            elif kind == 2:
                game.hands[int(rng.integers(2))] = []
            elif kind == 3:
                game.hands[0] = [int(c) for c in rng.integers(0, 53, int(rng.integers(1, 8)))]
            elif kind == 4:
                game.redraws_used[int(rng.integers(2))] = int(rng.integers(3))
            elif kind == 5:
                game.hp[int(rng.integers(game.spec.n))] = int(rng.integers(0, 6))
            elif kind == 6:
                game.dealer, game.active = int(rng.integers(-1, 2)), int(rng.integers(-1, 2))
            elif kind == 7:
                game.seen_public.clear()
                game.seen_private[1].append(int(rng.integers(53)))
            changed += 1
            game._legal = None  # the changes above bypass the game: its legal ids anew
            for seat in range(2):
                got = observer.update(game, seat)
                assert _same(got, observer.encode(game, seat)), (seed, step, kind, seat)
            legal = [a for a in game.legal_actions() if a != 1] or game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
    assert changed > 100


@pytest.mark.parametrize("scenario", ["duel", "gangs", "three-way"])
def test_hopping_between_games_of_one_setup_gives_each_its_own_vector(scenario: str) -> None:
    """One observer asked of many games of its setup in turn — new deals, games played on,
    finished ones — writes each over the last one's vector: bit for bit ``encode``."""
    env = wanted_fast_v0.raw_env(scenario)
    observer = env.observer
    env.reset(seed=0)
    template = env.game
    assert template is not None
    rng = np.random.default_rng(3)
    games = [template.fresh(seed) for seed in range(6)]
    asked = 0
    for _ in range(300):
        game = games[int(rng.integers(len(games)))]
        if rng.random() < 0.1:  # a new deal in its place
            game = games[int(rng.integers(len(games)))] = template.fresh(int(rng.integers(10**6)))
        elif not game.is_over:
            legal = game.legal_actions()
            game.play(legal[int(rng.integers(len(legal)))])
        seat = int(rng.integers(game.seats))
        assert _same(observer.update(game, seat), observer.encode(game, seat)), asked
        asked += 1
    assert any(game.is_over for game in games) or asked == 300


def test_a_game_of_another_setup_is_encoded_afresh() -> None:
    """A game of another setup (its own spec: here no redraws, which the vector's redraw
    flag reads from the rules, not from the game's numbers) is encoded afresh, not written
    over the kept vector as the same setup's game would be."""
    env = wanted_fast_v0.raw_env("duel")
    env.reset(seed=1)
    other = wanted_fast_v0.raw_env("duel", options={"round.redraws_per_round": 0})
    other.reset(seed=1)
    assert env.game is not None and other.game is not None
    assert env.game.spec is not other.game.spec
    first = env.observer.update(env.game, 0).copy()
    got = env.observer.update(other.game, 0)
    assert not _same(got, first)  # the same deal: only the redraw flag differs
    assert _same(got, env.observer.encode(other.game, 0))
    assert _same(env.observer.update(env.game, 0), first)
