"""The fast path's bots: a policy that only plays legal ids, and the search on fast worlds."""

from __future__ import annotations

import random

from self_play import play_some
from totenblatt.wanted.bots import HeuristicBot
from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.bots.fast_search import FastISMCTSBot, FastWorlds
from totenblatt.wanted.engine.determinize import Determinizer
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast import FastGame, new_fast_game


def test_the_policy_plays_only_legal_ids_to_the_end() -> None:
    for scenario, games in (("duel", 10), ("gangs", 1), ("three-way", 1)):
        policies = [FastPolicy(s) for s in range(3)]
        for seed in range(games):
            game = new_fast_game(scenario, seed=seed)
            while not game.is_over:
                action = policies[game.to_act].choose(game)
                assert action in game.legal_actions()
                game.apply(action)
                assert game.round <= 30


def test_the_policy_beats_random_play() -> None:
    wins = 0
    for seed in range(30):
        game = new_fast_game("duel", seed=seed)
        rng = random.Random(seed)
        policy = FastPolicy(0)
        while not game.is_over:
            legal = game.legal_actions()
            if game.to_act == seed % 2:
                game.apply(policy.choose(game))
            else:
                game.apply(legal[rng.randrange(len(legal) - 1)] if len(legal) > 1 else legal[0])
        wins += (seed % 2) in game.winners
    assert wins >= 20


def test_fast_worlds_are_the_determinizers_worlds() -> None:
    game = new_game("gangs", seed=3)
    play_some(game, [HeuristicBot(0), HeuristicBot(1)], 25)
    seat = game.to_act
    assert seat is not None
    sampler = Determinizer(game.view(seat))
    worlds = FastWorlds(sampler)
    for k in range(5):
        fast = worlds.sample(random.Random(k))
        reference = FastGame.from_game(sampler.sample(random.Random(k)))
        for name in ("hands", "dead", "discard", "draw", "pos", "hp", "phase", "to_act"):
            assert getattr(fast, name) == getattr(reference, name), name
        assert fast.legal_actions() == reference.legal_actions()


def test_the_fast_search_decides_legally_and_alike_for_a_seed() -> None:
    game = new_game("duel", seed=11)
    bots = [HeuristicBot(0), HeuristicBot(1)]
    checked = 0
    while not game.is_over and checked < 3:
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        choice = FastISMCTSBot(5, iterations=20).choose(view, legal)
        assert choice in legal
        assert FastISMCTSBot(5, iterations=20).choose(view, legal) == choice
        checked += 1
        game.apply(bots[seat].choose(view, legal))


def test_the_fast_search_hands_other_rules_to_the_reference_search() -> None:
    from totenblatt.wanted.bots import ISMCTSBot

    game = new_game("heroes", "extended", seed=2)
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    fast = FastISMCTSBot(1, iterations=4).choose(view, legal)
    assert fast == ISMCTSBot(1, iterations=4).choose(view, legal)


def test_the_fast_search_takes_the_least_lead() -> None:
    assert FastISMCTSBot(1).min_lead == 0.0
    assert FastISMCTSBot(1, min_lead=0.05, expand_after=9).min_lead == 0.05
