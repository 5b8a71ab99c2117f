"""The queries interfaces ask (``wanted.engine.queries``): the engine's own answers, public only."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scenario_text import figure, scenario_toml
from totenblatt.cards import Card
from totenblatt.text.errors import describe_error
from totenblatt.wanted.engine.actions import Bid, IllegalActionError, Move, MoveStep, Pass
from totenblatt.wanted.engine.checks import attack_pairs
from totenblatt.wanted.engine.events import FiguresMoved, InitiativeWon
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.queries import (
    bid_matters,
    inches_up,
    initiative_if_nobody_bids,
    move_costs,
    sights,
)
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset

F0 = ["2♥", "3♥", "4♥", "2♣"]
F1 = ["Q♥", "K♥", "A♥", "3♣"]
DEAD = ["7♥", "8♥", "9♥", "10♥", "J♥"]


def bidding(hands: dict[int, list[str]], dealer: int) -> Game:
    rules = Ruleset.load("base").with_options(redraws_per_round=0)
    order = stacked_deal(dealer, hands, DEAD)
    game = new_game("duel", rules, seed=2, dealer=dealer, deck_order=order)
    while game.phase is Phase.SWAP:
        game.apply(Pass())
    assert game.phase is Phase.BID
    return game


def bid(text: str) -> Bid:
    return Bid(Card.parse(text))


def winner_after(game: Game, *actions: Bid | Pass) -> int:
    """Who the engine gives the initiative after ``actions`` (then passes)."""
    twin = game.clone()
    start = len(twin.state.events)
    for action in actions:
        twin.apply(action)
    while not any(isinstance(e, InitiativeWon) for e in twin.state.events[start:]):
        twin.apply(Pass())
    return next(e for e in twin.state.events[start:] if isinstance(e, InitiativeWon)).seat


def test_a_bid_matters_while_a_later_seat_holds_cards() -> None:
    game = bidding({0: ["4♦", *F0], 1: ["9♦", *F1]}, dealer=0)
    assert game.to_act == 0 and game.state.bid_order == [0, 1]
    assert initiative_if_nobody_bids(game) is None  # seat 1 may still bid: not public
    assert bid_matters(game, bid("4♦"))


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_last_bidder_who_acts_first_anyway_gains_nothing_by_bidding(dealer: int) -> None:
    game = bidding({0: ["4♦", *F0], 1: ["9♦", "3♦", *F1]}, dealer=dealer)
    game.apply(Pass())  # the first bidder passes; the last one decides
    last = game.to_act
    assert last is not None
    anyway = initiative_if_nobody_bids(game)
    assert anyway == winner_after(game, Pass()) == last
    bids = [a for a in game.legal_actions() if isinstance(a, Bid)]
    assert bids and not any(bid_matters(game, b) for b in bids)


def test_a_bid_matters_when_it_beats_the_best_bid_and_not_when_it_does_not() -> None:
    game = bidding({0: ["5♦", *F0], 1: ["9♦", "4♦", *F1]}, dealer=0)
    game.apply(bid("5♦"))
    assert initiative_if_nobody_bids(game) == winner_after(game, Pass()) == 0
    assert bid_matters(game, bid("9♦")) and winner_after(game, bid("9♦")) == 1
    assert not bid_matters(game, bid("4♦")) and winner_after(game, bid("4♦")) == 0


def test_inches_up_never_shows_a_cost_within_a_limit_the_check_refuses() -> None:
    assert inches_up(4.004) == 4.1 and inches_up(3.96) == 4.0 and inches_up(12.0) == 12.0
    for cost in (3.95, 3.999999, 4.0, 4.0000000001, 4.01, 4.05, 4.1):
        assert (inches_up(cost) <= 4) == (cost <= 4 + 1e-9)


LINE = scenario_toml("Line", figure("Billy", 0, (4, 4)), figure("Paco", 1, (10, 4)))


def on_the_line(action_game: Callable[..., Game]) -> Game:
    """Billy (seat 0, a 9♣ in hand) to act, Paco 6" east of him; nobody bids."""
    hands = {0: ["9♣", "2♥", "3♥", "4♥", "5♥"], 1: ["6♥", "7♥", "8♥", "9♥", "10♥"]}
    return action_game(LINE, hands, dead=("3♠", "4♠", "5♠", "6♠", "7♠"), seed=3)


def test_move_costs_are_the_costs_the_engine_records(action_game: Callable[..., Game]) -> None:
    game = on_the_line(action_game)
    moves = [a for a in game.legal_actions() if isinstance(a, Move) and a.steps]
    assert moves
    for move in moves:
        costs = move_costs(game, move.steps)
        moved = next(e for e in game.clone().apply(move) if isinstance(e, FiguresMoved))
        assert costs == tuple(m.cost for m in moved.moves)


def test_move_costs_count_the_other_bases(action_game: Callable[..., Game]) -> None:
    game = on_the_line(action_game)
    onto = ((4.0, 4.0), (9.5, 4.0))
    assert game.state.geo.table.move_cost(onto) == pytest.approx(5.5)  # no bases given
    with pytest.raises(IllegalActionError, match="on the base of Paco") as info:
        move_costs(game, (MoveStep("Billy", onto),))
    assert describe_error(info.value, "en") == (
        "Billy cannot end the move on the base of Paco: bases may not overlap"
    )
    assert describe_error(info.value, "de") == (
        "Billy kann den Zug nicht auf der Base von Paco beenden: Basen dürfen sich nicht überlappen"
    )
    past = ((4.0, 4.0), (16.0, 4.0))
    assert move_costs(game, (MoveStep("Billy", past),)) == (pytest.approx(12.0),)
    assert move_costs(game, (MoveStep("Billy", ((4.0, 4.0), (4.0, 10.0))),)) == (6.0,)


def test_sights_are_the_engine_s_measurements() -> None:
    game = new_game("gangs", seed=1)
    state = game.state
    shooter = state.living(0)[0]
    found = sights(state, shooter.name)
    assert [s.target for s in found] == [e.name for e in state.enemies(0)]
    may_shoot = {t.name for a, t in attack_pairs(state, 0) if a.name == shooter.name}
    for s in found:
        enemy = state.by_name[s.target]
        distance, line = state.geo.sight(shooter.pos, enemy.pos)
        assert (s.distance, s.line_of_fire) == (distance, line)
        assert s.band == state.ruleset.band_index(distance)
        assert s.modifier == state.ruleset.range_modifier(shooter.weapon, distance)
        assert s.cover == state.geo.cover(shooter.pos, enemy.pos)  # nobody hidden yet
        assert (s.problem is None) == (s.target in may_shoot)
    assert {s.line_of_fire for s in found} == {True, False}  # gangs: walls between some
