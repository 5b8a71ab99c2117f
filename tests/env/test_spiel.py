"""The OpenSpiel game: OpenSpiel's own checks, the env's encodings, no peeking, the examples."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from hidden_twin import fast_twin

pyspiel = pytest.importorskip("pyspiel")

from totenblatt.env import spiel, spiel_examples, wanted_fast_v0  # noqa: E402


def _game(**params: object) -> object:
    return pyspiel.load_game(spiel.NAME, {"deals": 20, **params})


def test_openspiels_random_simulation_checks_pass() -> None:
    """``pyspiel.random_sim_test``: legal actions, clones, strings, tensors, returns."""
    pyspiel.random_sim_test(_game(), num_sims=12, serialize=False, verbose=False)


def test_the_game_type_and_a_pickled_state() -> None:
    game = _game()
    kind = game.get_type()
    assert kind.short_name == "python_totenblatt_wanted"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == wanted_fast_v0.raw_env("duel").table.size
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(s, 1 / 20) for s in range(20)]
    state.apply_action(4)
    for _ in range(15):
        state.apply_action(state.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1  # the original is untouched


def test_the_state_plays_the_fast_envs_game_with_its_encodings() -> None:
    """Deal s is the env's seed s: the same legal ids (concede aside), the env's vectors."""
    env = wanted_fast_v0.raw_env("duel")
    rng = np.random.default_rng(0)
    for deal in (0, 7):
        state = _game().new_initial_state()
        state.apply_action(deal)
        env.reset(seed=deal)
        game = env.game
        assert game is not None
        while not state.is_terminal():
            player = state.current_player()
            assert player == game.to_act
            ids = [a for a in game.legal_actions() if a != spiel.CONCEDE]
            assert state.legal_actions() == sorted(ids)
            for p in (0, 1):
                vector = env.observe(f"seat_{p}")["observation"]
                assert np.array_equal(np.asarray(state.observation_tensor(p)), vector)
                assert np.array_equal(np.asarray(state.information_state_tensor(p)), vector)
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            game.apply(action)
            env._steps += 1  # the env's kept vectors follow the game moved under it
        assert game.is_over
        winners = set(game.winners)
        assert state.returns() == [
            0.0 if not winners else 1.0 if p in winners else -1.0 for p in (0, 1)
        ]


def test_the_information_state_is_the_players_own() -> None:
    """A twin whose hidden cards (other hand, draw pile, dead man's hand, random stream)
    differ gives the player to act the same strings and tensors; the deal is not in them."""
    rng = random.Random(1)
    choices = np.random.default_rng(1)
    for deal in (3, 11):
        state = _game().new_initial_state()
        state.apply_action(deal)
        for _ in range(60):
            if state.is_terminal():
                break
            player = state.current_player()
            twin = state.clone()
            assert state.game is not None
            twin.held = spiel._Held(fast_twin(state.game, player, rng))
            for p in (player,):
                assert twin.information_state_string(p) == state.information_state_string(p)
                assert twin.observation_string(p) == state.observation_string(p)
                assert twin.information_state_tensor(p) == state.information_state_tensor(p)
                assert twin.legal_actions() == state.legal_actions()
            assert f"Deal:{deal}" not in state.information_state_string(player)
            state.apply_action(int(choices.choice(state.legal_actions())))


def test_concede_only_when_allowed() -> None:
    for allow in (False, True):
        state = _game(allow_concede=allow).new_initial_state()
        state.apply_action(1)
        assert (spiel.CONCEDE in state.legal_actions()) == allow


def test_mcts_and_mccfr_run_on_the_duel() -> None:
    tally = spiel_examples.mcts_against_random(games=2, simulations=8, deals=20)
    assert sum(tally.values()) == 2
    found = spiel_examples.mccfr(iterations=4, deals=20)
    assert found["info_states"] > 10
    assert abs(sum(found["first_decision"].values()) - 1.0) < 0.01  # rounded


def test_the_strings_and_tensors_default_to_the_player_to_act() -> None:
    state = _game().new_initial_state()
    state.apply_action(2)
    for _ in range(6):
        player = state.current_player()
        assert state.information_state_string() == state.information_state_string(player)
        assert state.observation_string() == state.observation_string(player)
        assert state.observation_tensor() == state.observation_tensor(player)
        assert state.information_state_tensor() == state.information_state_tensor(player)
        state.apply_action(state.legal_actions()[0])


def test_a_resampled_state_is_one_the_player_cannot_tell_apart() -> None:
    """The player's strings, tensors and legal actions are the same; the hidden cards are
    dealt anew (some other hand differs over a few draws); the other's past reads ``?``."""
    sampler = random.Random(0).random  # any callable of [0, 1): seeded, for a fixed test
    choices = np.random.default_rng(2)
    differed = 0
    state = _game().new_initial_state()
    state.apply_action(5)
    for _ in range(12):
        player = state.current_player()
        worlds = [state.resample_from_infostate(player, sampler) for _ in range(3)]
        for world in worlds:
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            assert world.current_player() == player
            assert all(r == "?" for r in world.records[1 - player])
            assert state.game is not None and world.game is not None
            differed += world.game.hands[1 - player] != state.game.hands[1 - player]
        state.apply_action(int(choices.choice(state.legal_actions())))
    assert differed > 12
    player = state.current_player()  # pyspiel's own sampler (unseeded: any world will do)
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)


def test_openspiels_ismcts_plays_whole_games() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    for name, params in ((spiel.NAME, {"deals": 20}), (spiel.SMALL_NAME, {})):
        game = pyspiel.load_game(name, params)
        rng = np.random.RandomState(0)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=4, random_state=rng)
        draws = random.Random(0).random  # the worlds seeded too (pyspiel's sampler is not)
        bot.set_resampler(lambda state, player, d=draws: state.resample_from_infostate(player, d))
        for seat in (0, 1):
            state = game.new_initial_state()
            moves = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(1)
                elif state.current_player() == seat:
                    action = bot.step(state)
                    assert action in state.legal_actions()
                    state.apply_action(action)
                    moves += 1
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
            assert moves >= 1 and sum(state.returns()) == 0.0


def test_the_small_configuration_is_solved_by_cfr() -> None:
    """One deal of the standoff: the uniform policy's exploitability is 49/72; CFR+ (C++,
    on the Python game) brings its average policy below 0.03 in 20 iterations
    (docs/research.md: 0.0037 after 50)."""
    game = pyspiel.load_game(spiel.SMALL_NAME, {"deals": 1})
    assert game.num_distinct_actions() == spiel.SMALL.template.actions.size
    uniform = pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game))
    assert uniform == pytest.approx(49 / 72)
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    assert pyspiel.exploitability(game, solver.average_policy()) < 0.03
    pyspiel.random_sim_test(
        pyspiel.load_game(spiel.SMALL_NAME), num_sims=5, serialize=False, verbose=False
    )


def test_the_ismcts_and_small_cfr_examples() -> None:
    tally = spiel_examples.ismcts_against_random(games=1, simulations=2, deals=5)
    assert sum(tally.values()) == 1
    curve = spiel_examples.small_cfr(iterations=2, deals=1)
    assert [i for i, _ in curve] == [1, 2] and curve[0][1] == pytest.approx(49 / 72)
