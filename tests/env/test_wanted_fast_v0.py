"""The fast path's environment: PettingZoo's API, the reference engine's observation, its slots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from self_play import dealt
from totenblatt.env import wanted_fast_v0
from totenblatt.wanted.encoding import plays
from totenblatt.wanted.encoding.observation import ObservationLayout
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast import FastUnsupportedError


@pytest.mark.parametrize("scenario", ["duel", "three-way"])
def test_pettingzoo_api_and_seed_tests_pass(scenario: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(wanted_fast_v0.env(scenario), num_cycles=60)
        seed_test(lambda: wanted_fast_v0.env(scenario), num_cycles=30)


@pytest.mark.parametrize(("scenario", "games"), [("duel", 6), ("gangs", 1)])
def test_observations_are_the_reference_views_encoded(scenario: str, games: int) -> None:
    """Every agent's observation equals ``ObservationLayout.encode(view)`` of the reference
    game that the shadows of the chosen slots play, and the chosen slot's shadow is legal."""
    env = wanted_fast_v0.raw_env(scenario)
    layout = ObservationLayout(env.scenario, env.ruleset)
    rng = np.random.default_rng(1)
    for seed in range(games):
        env.reset(seed=seed)
        game = new_game(scenario, seed=seed)
        for agent in env.agent_iter(max_iter=400):
            obs, _, terminated, truncated, _ = env.last()
            seat = int(agent.removeprefix("seat_"))
            expected = layout.encode(game.view(seat))
            assert np.array_equal(obs["observation"], expected), agent
            if terminated or truncated:
                env.step(None)
                continue
            for other in env.possible_agents:
                if other != agent:
                    s = int(other.removeprefix("seat_"))
                    assert np.array_equal(
                        env.observe(other)["observation"], layout.encode(game.view(s))
                    )
            legal = np.flatnonzero(obs["action_mask"])
            if len(legal) > 1:
                legal = legal[legal != 1]
            slot = int(legal[rng.integers(len(legal))])
            shadow = env.shadow(slot)
            assert game.why_illegal(shadow) is None
            game.apply(shadow)
            env.step(slot)
        assert game.is_over == env.game.is_over


def test_a_move_slot_plays_the_smallest_club_that_pays() -> None:
    env = wanted_fast_v0.raw_env("duel")
    slots = env.slots
    table = env.table
    checked = 0
    for seed, game in dealt(env, range(8)):
        while not game.is_over:
            legal = game.legal_actions()
            for slot in np.flatnonzero(env.observe(env.agent_selection)["action_mask"]):
                if not slots.move <= slot < slots.nobody:
                    continue
                chosen = slots.engine_id(game, int(slot))
                assert chosen in legal
                same = [a for a in legal if table.move <= a < table.nobody]
                same = [a for a in same if (a - table.move) % slots.fold == slot - slots.move]
                ways = [(a - table.move) // slots.fold for a in same]
                way = (chosen - table.move) // slots.fold
                assert slots.inches[way] == min(slots.inches[w] for w in ways)
                checked += 1
            options = [a for a in np.flatnonzero(env.observe(env.agent_selection)["action_mask"])]
            options = [a for a in options if a != 1] or options
            env.step(int(options[(seed + len(legal)) % len(options)]))
    assert checked > 30


@pytest.mark.parametrize("scenario", ["duel", "gangs"])
def test_the_marks_play_what_engine_id_plays(scenario: str) -> None:
    """Every legal slot's id in :meth:`MoveSlots.marks` is :meth:`MoveSlots.engine_id`'s,
    and the slots are exactly the mask's, ascending."""
    env = wanted_fast_v0.raw_env(scenario)
    slots = env.slots
    checked = 0
    for seed, game in dealt(env, range(4 if scenario == "duel" else 1)):
        rng = np.random.default_rng(seed)
        while not game.is_over:
            for concede in (False, True):
                marks = slots.marks(game.legal_actions(), concede)
                mask, taken, ids = marks
                assert list(taken) == [int(k) for k in np.flatnonzero(mask)]
                assert len(ids) == len(taken)
                for slot in range(slots.size):
                    if mask[slot]:
                        assert plays(marks, slot) == slots.engine_id(game, slot) >= 0
                        checked += 1
                    else:
                        assert plays(marks, slot) == -1
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
    assert checked > 500


def test_marks_of_an_id_outside_the_table_raise_and_leave_nothing_behind() -> None:
    env = wanted_fast_v0.raw_env("duel")
    env.reset(seed=2)
    game = env.game
    assert game is not None
    slots = env.slots
    ids = game.legal_actions()
    expected = slots.marks(list(ids), True)
    with pytest.raises(IndexError):
        slots.marks([*ids, env.table.size + 5], True)
    again = slots.marks([*ids, ids[0]], True)  # new to the memo: marked afresh
    assert again[1:] == expected[1:] and (again[0] == expected[0]).all()


def test_observing_before_a_reset_is_refused() -> None:
    """(An illegal slot is refused: tests/env/test_wanted_v0.py, for both envs.)"""
    env = wanted_fast_v0.env("duel")
    with pytest.raises(RuntimeError, match="reset"):
        env.observe("seat_0")


def test_other_rules_are_refused() -> None:
    """Rules the fast path does not play are refused by name (per-character hands)."""
    with pytest.raises(FastUnsupportedError, match="per_character"):
        wanted_fast_v0.env("heroes", options={"hand_mode": "per_character"})
