"""Worlds dealt from a view: the seat sees exactly its view, every card is accounted for."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from totenblatt.cards import full_deck
from totenblatt.wanted.bots import HeuristicBot, RandomBot
from totenblatt.wanted.engine.determinize import Determinizer, determinize, shuffle_hidden
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.rules import Ruleset

PER_CHARACTER = Ruleset.load("extended").with_options(hand_mode="per_character")
DEALER_KEEPS = Ruleset.load("base").with_options(dealer_acts_first_without_bids=True)

CASES = [
    ("duel", "base"),
    ("gangs", "base"),
    ("three-way", "base"),
    ("heroes", "extended"),
    ("heroes", PER_CHARACTER),
    ("duel", DEALER_KEEPS),
]

#: State the view shows (or its public events do), compared per phase where it matters.
FIELDS = ("round", "dealer", "active", "empty_cycles", "dead_taken", "redraws_used", "decks")


def positions(scenario: str, ruleset: str | Ruleset, seed: int) -> list[Game]:
    game = new_game(scenario, ruleset, seed=seed)
    bots = [HeuristicBot(seed) if s % 2 else RandomBot(seed + s) for s in range(game.seats)]
    out = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if game.phase.value != "fate":
            out.append(game.clone())
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return out


@pytest.mark.parametrize(("scenario", "ruleset"), CASES)
def test_a_world_shows_the_seat_its_view_and_holds_every_card(
    scenario: str, ruleset: str | Ruleset
) -> None:
    rng = random.Random(1)
    for game in positions(scenario, ruleset, seed=3)[::3]:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        world = determinize(view, rng)
        mine = world.view(seat)
        for key in view:
            if key == "events":
                continue  # a world starts without a log
            if key == "seen_cards":
                assert sorted(mine[key]) == sorted(view[key])
            else:
                assert mine[key] == view[key], key
        assert world.legal_actions() == game.legal_actions()
        st, real = world.state, game.state
        per_deck = full_deck(st.ruleset.cards.jokers)
        assert Counter(st.all_cards()) == Counter(per_deck * st.decks)
        assert Counter(st.all_cards()) == Counter(real.all_cards())
        for field in FIELDS:
            assert getattr(st, field) == getattr(real, field), field
        phase = game.phase.value
        if phase == "bid":
            assert (st.bids, st.bid_order, st.cycle_played) == (
                real.bids,
                real.bid_order,
                real.cycle_played,
            )
        if phase == "swap":
            assert st.swap_order == real.swap_order
        if phase in ("action", "defend"):
            assert (st.cycle_played, st.first_cycle) == (real.cycle_played, real.first_cycle)
        if phase == "defend":
            assert st.pending == real.pending


def test_worlds_differ_in_what_the_seat_has_not_seen_and_follow_the_seed() -> None:
    game = new_game("gangs", seed=8)
    seat = game.to_act
    assert seat is not None
    sampler = Determinizer(game.view(seat))
    a, b = sampler.sample(random.Random(1)), sampler.sample(random.Random(2))
    again = sampler.sample(random.Random(1))
    other = 1 - seat
    assert a.state.hands[seat] == b.state.hands[seat] == game.state.hands[seat]
    assert a.state.hands[other] != b.state.hands[other]
    assert a.state.hands[other] == again.state.hands[other]
    assert a.state.draw_pile == again.state.draw_pile


def test_a_world_plays_on_to_the_end() -> None:
    game = new_game("three-way", seed=4)
    seat = game.to_act
    assert seat is not None
    world = determinize(game.view(seat), random.Random(3))
    bots = [HeuristicBot(s) for s in range(world.seats)]
    while not world.is_over:
        s = world.to_act
        assert s is not None
        world.apply(bots[s].choose(world.view(s), world.legal_actions()))
    assert world.is_over


def test_views_it_cannot_rebuild_are_refused() -> None:
    game = new_game("duel", seed=1)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    with pytest.raises(ValueError, match="do not add up"):
        Determinizer({**view, "draw_pile": view["draw_pile"] + 3})
    with pytest.raises(ValueError, match="Tempt Fate"):
        Determinizer({**view, "phase": "fate"})
    with pytest.raises(ValueError, match="over"):
        Determinizer({**view, "is_over": True})


@pytest.mark.parametrize(("scenario", "ruleset"), CASES[:5])
def test_shuffle_hidden_keeps_the_view_and_moves_hidden_cards(
    scenario: str, ruleset: str | Ruleset
) -> None:
    rng = random.Random(9)
    moved = 0
    for game in positions(scenario, ruleset, seed=5)[::7]:
        seat = game.to_act
        assert seat is not None
        twin = shuffle_hidden(game, seat, rng)
        assert twin.view(seat) == game.view(seat)
        assert Counter(twin.state.all_cards()) == Counter(game.state.all_cards())
        own = game.state.holders[seat]
        assert [twin.state.hands[h] for h in own] == [game.state.hands[h] for h in own]
        moved += twin.state.draw_pile != game.state.draw_pile
    assert moved > 0
