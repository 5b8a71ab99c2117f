"""Initiative (A4): open diamond bids, ties (D-10), jokers, and the no-bid rotation (D-35)."""

from __future__ import annotations

from typing import Any

import pytest

from totenblatt.cards import Card
from totenblatt.wanted.engine.actions import Bid, Pass
from totenblatt.wanted.engine.events import BidPlaced, Event, InitiativeWon
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset

F0 = ["2♥", "3♥", "4♥", "2♣"]
"""Fillers for seat 0's hand: with a club its action is a real decision."""
F1 = ["Q♥", "K♥", "A♥", "3♣"]
"""Fillers for seat 1's hand."""
DEAD = ["7♥", "8♥", "9♥", "10♥", "J♥"]


def game_with(hands: dict[int, list[str]], *, dealer: int = 0, scenario: str = "duel",
              **options: Any) -> Game:  # fmt: skip
    rules = Ruleset.load("base").with_options(redraws_per_round=0, **options)
    order = stacked_deal(dealer, hands, DEAD)
    game = new_game(scenario, rules, seed=2, dealer=dealer, deck_order=order)
    while game.phase is Phase.SWAP:
        game.apply(Pass())
    return game


def won(events: list[Event] | tuple[Event, ...]) -> list[InitiativeWon]:
    return [e for e in events if isinstance(e, InitiativeWon)]


def first_won(events: list[Event]) -> InitiativeWon:
    return won(events)[0]


def bid(text: str) -> Bid:
    return Bid(Card.parse(text))


def test_bidding_starts_with_the_dealer_and_the_highest_diamond_wins() -> None:
    game = game_with({0: ["4♦", *F0], 1: ["9♦", *F1]}, dealer=0)
    assert (game.phase, game.to_act) == (Phase.BID, 0)
    assert game.view(1)["decision"] == {"kind": "bid", "seat": 0, "bids": [], "order": [0, 1]}
    game.apply(bid("4♦"))
    assert game.view(1)["decision"]["bids"] == [[0, "4♦"]]  # bids are public as played
    events = game.apply(bid("9♦"))
    assert won(events) == [InitiativeWon(1, Card.parse("9♦"))]
    assert (game.phase, game.to_act) == (Phase.ACTION, 1)
    assert game.state.active == 1


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        ("10♦", "K♦", 0),  # D-10: equal values, the first played wins
        ("K♦", "Q♦", 0),
        ("J♦", "A♦", 1),
        ("A♦", "Joker", 1),  # A12: a joker wins the initiative
        ("Joker", "Joker", 0),  # D-10: two jokers, the first wins
    ],
)
def test_ties_and_jokers(first: str, second: str, winner: int) -> None:
    game = game_with({0: [first, *F0], 1: [second, *F1]}, dealer=0)
    game.apply(bid(first))
    events = game.apply(bid(second))
    assert won(events) == [InitiativeWon(winner, Card.parse((first, second)[winner]))]


def test_a_joker_bid_can_still_be_answered_but_not_beaten() -> None:
    game = game_with({0: ["Joker", *F0], 1: ["A♦", *F1]}, dealer=0)
    game.apply(bid("Joker"))
    assert (game.phase, game.to_act) == (Phase.BID, 1)
    assert bid("A♦") in game.legal_actions()
    events = game.apply(bid("A♦"))
    assert won(events) == [InitiativeWon(0, Card.parse("Joker"))]


def test_without_bids_the_player_left_of_the_dealer_acts_first() -> None:
    game = game_with({0: ["4♦", *F0], 1: ["9♦", *F1]}, dealer=0)
    events = game.apply(Pass())
    events += game.apply(Pass())
    assert won(events) == [InitiativeWon(1, None)]  # D-35, read literally


def test_option_dealer_acts_first_without_bids() -> None:
    game = game_with(
        {0: ["4♦", "5♦", *F0[1:]], 1: ["9♦", "8♦", *F1[1:]]},
        dealer=0,
        dealer_acts_first_without_bids=True,
    )
    events = game.apply(Pass()) + game.apply(Pass())
    assert won(events) == [InitiativeWon(0, None)]
    events = game.apply(Pass())  # seat 0 plays nothing; the next bidding starts with seat 0
    assert (game.phase, game.to_act) == (Phase.BID, 0)
    events += game.apply(Pass()) + game.apply(Pass())
    assert won(events) == [InitiativeWon(1, None)]  # the option holds only at the round start


def test_next_bidding_starts_with_the_active_player() -> None:
    game = game_with({0: ["4♦", "5♦", *F0[1:]], 1: ["9♦", "8♦", *F1[1:]]}, dealer=0)
    game.apply(Pass())
    game.apply(bid("9♦"))  # seat 1 is active and plays nothing
    game.apply(Pass())
    assert (game.phase, game.to_act) == (Phase.BID, 1)
    assert game.view(0)["decision"]["order"] == [1, 0]


def test_the_initiative_rotates_left_without_bids() -> None:
    hands = {0: ["2♦", "3♦", "2♥", "3♥", "4♥"], 1: ["4♦", "5♦", "Q♥", "K♥", "A♥"],
             2: ["6♦", "7♦", "8♦", "9♦", "10♦"]}  # fmt: skip
    game = game_with(hands, dealer=0, scenario="three-way")
    while game.round == 1:
        game.apply(Pass())  # nobody bids; nobody holds a club or spade
    assert [(e.seat, e.card) for e in won(game.events)[:3]] == [(1, None), (2, None), (0, None)]


def test_only_diamonds_and_jokers_bid() -> None:
    game = game_with({0: ["4♦", "4♣", *F0[:3]], 1: ["9♦", *F1]}, dealer=0)
    assert [a for a in game.legal_actions() if isinstance(a, Bid)] == [bid("4♦")]
    assert "diamond" in str(game.why_illegal(bid("4♣")))
    assert "not in the hand" in str(game.why_illegal(bid("9♦")))


def test_bid_events_are_public() -> None:
    game = game_with({0: ["4♦", *F0], 1: ["9♦", *F1]}, dealer=0)
    events = game.apply(bid("4♦"))
    assert events == [BidPlaced(0, Card.parse("4♦"))]
    assert {"type": "bid_placed", "seat": 0, "card": "4♦"} in game.view(1)["events"]
