"""The learned bot (``learned:PATH``): a saved policy plays from the seat's view only, on the
same observation and slots as the environments it was trained in, wherever a bot plays."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

from learned_policy import random_policy, saved_policy
from totenblatt.wanted.bots import (
    LearnedBot,
    LinearPolicy,
    PolicyError,
    RandomBot,
    check_bot_name,
    make_bot,
    play_game,
)
from totenblatt.wanted.bots.learned import offered
from totenblatt.wanted.encoding import FastObserver, ObservationLayout
from totenblatt.wanted.engine.actions import Move, Pass
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast import FastGame, FastUnsupportedError, new_fast_game
from totenblatt.wanted.rules import Ruleset


@pytest.mark.parametrize("scenario", ["duel", "gangs", "three-way"])
def test_the_bot_observes_exactly_what_the_environment_shows_its_seat(scenario: str) -> None:
    """The vector made from a world dealt from the view equals the one made from the real
    game (the environments' observation): the hidden cards it dealt are never read."""
    bot = LearnedBot(random_policy(scenario, seed=1))
    game = new_game(scenario, seed=21)
    players = [RandomBot(s) for s in range(game.seats)]
    observer = FastObserver(
        ObservationLayout(game.scenario, game.ruleset),
        new_fast_game(game.scenario, game.ruleset, 0),
    )
    checked = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        real = observer.encode(FastGame.from_game(game), seat)
        assert np.array_equal(bot.observe(game.view(seat)), real)
        checked += 1
        game.apply(players[seat].choose(game.view(seat), game.legal_actions()))
    assert checked > 10


@pytest.mark.parametrize(("scenario", "games"), [("duel", 6), ("gangs", 2), ("three-way", 2)])
def test_whole_games_with_legal_actions_and_the_same_again(scenario: str, games: int) -> None:
    for seed in range(games):
        policy = random_policy(scenario, seed=seed)
        results = []
        for _ in range(2):
            game = new_game(scenario, seed=seed)
            bots = [
                LearnedBot(policy) if s == 0 else RandomBot(seed + s) for s in range(game.seats)
            ]
            play_game(game, bots)  # applies only legal actions (it raises else)
            results.append(game.events)
        assert results[0] == results[1]


def test_a_trained_policy_beats_the_random_bot(tmp_path: Path) -> None:
    """A policy nudged towards shooting (the spade block of the slots) wins more than half
    against the random bot; the one of zeros (uniform) about half at best."""
    won = {}
    for name in ("zeros", "shooter"):
        policy = random_policy("duel", seed=0)
        policy.W[:] = 0.0
        policy.b[:] = 0.0
        if name == "shooter":  # the attack ids keep their slots (below the moves)
            t = new_fast_game(new_game("duel", seed=0).scenario, "base", 0).actions
            policy.b[t.attack : t.move] = 5.0
        path = tmp_path / f"{name}.npz"
        policy.save(path)
        wins = 0
        for g in range(40):
            bot = make_bot(f"learned:{path}", 0, "duel", "base")
            seats = [bot, RandomBot(g)] if g % 2 == 0 else [RandomBot(g), bot]
            wins += (g % 2) in play_game(new_game("duel", seed=100 + g), seats).winners
        won[name] = wins
    assert won["shooter"] > 24 and won["shooter"] > won["zeros"], won


def test_the_registry_reads_the_path_as_written_and_says_what_is_wrong(tmp_path: Path) -> None:
    path = saved_policy(tmp_path / "", "duel")
    upper = tmp_path / "Policy.NPZ"
    path.rename(upper)
    assert check_bot_name(f" Learned:{upper} ") == f"learned:{upper}"
    assert isinstance(make_bot(f"learned:{upper}", 3, "duel", "base"), LearnedBot)
    with pytest.raises(ValueError, match=r"no policy file at .*missing\.npz"):
        check_bot_name(f"learned:{tmp_path / 'missing.npz'}")
    with pytest.raises(ValueError, match="learned takes the path of a policy"):
        check_bot_name("learned:")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip file")
    with pytest.raises(
        ValueError, match=r"is not a policy saved by python -m totenblatt\.env\.train"
    ):
        check_bot_name(f"learned:{junk}")


def test_a_policy_of_another_game_is_refused_with_why(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="trained for the scenario 'duel', not 'gangs'"):
        LearnedBot(random_policy("duel"), scenario="gangs")
    wrong = LinearPolicy(np.zeros((3, 4)), np.zeros(3), "duel")
    with pytest.raises(PolicyError, match=r"3 slots × 4 observations; this game has \d+ × \d+"):
        LearnedBot(wrong)
    per_character = Ruleset.load("extended").with_options(hand_mode="per_character")
    with pytest.raises(FastUnsupportedError):  # the fast path's encodings: no hand per figure
        LearnedBot(random_policy("duel"), ruleset=per_character)


def test_it_travels_to_a_worker_process_as_its_policy_and_rules() -> None:
    bot = LearnedBot(random_policy("duel", seed=4))
    again = pickle.loads(pickle.dumps(bot))
    game = new_game("duel", seed=4)
    view, legal = game.view(game.to_act), game.legal_actions()
    assert again.choose(view, legal) == bot.choose(view, legal)
    assert np.array_equal(again.policy.W, bot.policy.W)


def test_a_move_the_menu_does_not_list_becomes_the_nearest_listed_one() -> None:
    game = new_game("duel", seed=2)
    while game.phase.value != "action":
        game.apply(RandomBot(0).choose(game.view(game.to_act), game.legal_actions()))
    legal = game.legal_actions()
    moves = [a for a in legal if isinstance(a, Move) and a.steps]
    listed = moves[0]
    step = listed.steps[0]
    end = step.path[-1]
    nudged = Move(
        listed.card,
        (type(step)(step.figure, (*step.path[:-1], (end[0] + 0.01, end[1])), step.hide),),
        listed.wild,
    )
    assert nudged not in legal
    assert offered(nudged, legal) == listed
    assert offered(legal[0], legal) is legal[0]
    with pytest.raises(RuntimeError, match="which the engine does not offer"):
        offered(Pass(), [listed])


def test_sim_refuses_a_policy_of_another_scenario_before_any_game(tmp_path: Path) -> None:
    from totenblatt.sim.spec import RunSpec

    path = saved_policy(tmp_path, "duel")
    assert (
        RunSpec.make("duel", bots=[f"learned:{path}", "random"], seed=0)
        .bots[0]
        .startswith("learned:")
    )
    with pytest.raises(ValueError, match="cannot play this game: the policy was trained for"):
        RunSpec.make("gangs", bots=[f"learned:{path}"], seed=0)
