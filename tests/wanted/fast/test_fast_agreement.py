"""The fast path agrees with the reference engine: same events, same choices, legal shadows.

Every game here is played on both at once: the fast game picks a random legal id, the
reference game applies its shadow, and after every decision both must have logged the
same events; before it, both must offer the same actions of every kind but moves (the
fast menu of moves is the board's destinations), and every fast move's shadow must be
legal in the reference engine at the same cost. Thousands more games:
``python -m benchmarks.fast_agreement`` (docs/performance.md).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totenblatt.wanted.engine.actions import Concede
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.fast import FastGame, FastUnsupportedError, agreement
from totenblatt.wanted.fast.actions import CONCEDE


def play_both(game: Game, seed: int, *, every_move: int = 0, concede: float = 0.0) -> FastGame:
    """Play ``game`` and its fast copy side by side to the end; assert they agree."""
    played = agreement.play_both(game, seed, every_move=every_move, concede=concede)
    assert game.is_over and played.fast.is_over
    return played.fast


@pytest.mark.parametrize("seed", range(24))
def test_duel_games_agree(seed: int) -> None:
    play_both(new_game("duel", seed=seed), seed, every_move=7 if seed % 4 == 0 else 0)


@pytest.mark.parametrize(("scenario", "seed"), [("gangs", 1), ("gangs", 2), ("three-way", 3)])
def test_bigger_games_agree(scenario: str, seed: int) -> None:
    play_both(new_game(scenario, seed=seed), seed, every_move=25 if seed == 1 else 0)


@pytest.mark.parametrize("seed", range(4))
def test_concessions_agree(seed: int) -> None:
    play_both(new_game("three-way" if seed % 2 else "duel", seed=100 + seed), seed, concede=0.05)


def test_options_of_the_rules_agree() -> None:
    from totenblatt.wanted.rules import Ruleset

    rules = Ruleset.load("base").with_options(
        reshuffle="when_empty", dealer_acts_first_without_bids=True
    )
    for seed in range(3):
        play_both(new_game("duel", rules, seed=seed), seed)


def test_a_game_half_played_by_the_reference_engine_goes_on_alike() -> None:
    """A reference game's own moves end off the board's nodes: the fast copy stands there."""
    from totenblatt.wanted.bots import RandomBot

    for seed in range(3):
        game = new_game("duel", seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        for _ in range(30):
            seat = game.to_act
            if seat is None:
                break
            game.apply(bots[seat].choose({}, game.legal_actions()))
        if not game.is_over:
            play_both(game, seed)


def test_a_clone_goes_its_own_way() -> None:
    fast = FastGame.from_game(new_game("gangs", seed=5))
    rng = random.Random(5)
    for _ in range(40):
        fast.apply(rng.choice([a for a in fast.legal_actions() if a != CONCEDE]))
    twin = fast.clone()
    before = (fast.pos.copy(), fast.hp.copy(), [h.copy() for h in fast.hands], fast.draw.copy())
    while not twin.is_over:
        twin.apply(rng.choice([a for a in twin.legal_actions() if a != CONCEDE]))
    assert (fast.pos, fast.hp, fast.hands, fast.draw) == before


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    fast = FastGame.from_game(new_game("duel", seed=2))
    legal = fast.legal_actions()
    bad = next(a for a in range(fast.actions.size) if a not in legal)
    hands = [h.copy() for h in fast.hands]
    with pytest.raises(ValueError, match="not legal now"):
        fast.apply(bad)
    assert fast.hands == hands and fast.legal_actions() == legal


def test_the_extended_rules_in_play_are_refused() -> None:
    with pytest.raises(FastUnsupportedError, match="base rules"):
        FastGame.from_game(new_game("heroes", "extended", seed=1))


def test_concede_is_always_offered() -> None:
    fast = FastGame.from_game(new_game("duel", seed=1))
    assert CONCEDE in fast.legal_actions()
    assert isinstance(fast.shadow(CONCEDE), Concede)


@pytest.mark.parametrize("scenario", ["duel", "gangs", "three-way"])
def test_new_fast_game_deals_as_the_reference_engine(scenario: str) -> None:
    from totenblatt.wanted.fast import new_fast_game

    for seed in range(40):
        fast = new_fast_game(scenario, seed=seed)
        copied = FastGame.from_game(new_game(scenario, seed=seed))
        for name in FastGame.__slots__:
            if name not in ("rng", "log", "_legal", "spec"):
                assert getattr(fast, name) == getattr(copied, name), (seed, name)
        assert fast.rng.getstate() == copied.rng.getstate()
        assert fast.legal_actions() == copied.legal_actions()


@settings(max_examples=12, deadline=None)
@given(
    scenario=st.sampled_from(["duel", "duel", "three-way"]),
    seed=st.integers(min_value=0, max_value=2**40),
    choices=st.integers(min_value=0, max_value=2**32),
)
def test_any_seed_and_any_choices_agree(scenario: str, seed: int, choices: int) -> None:
    play_both(new_game(scenario, seed=seed), choices, every_move=11)
