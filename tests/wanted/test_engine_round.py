"""The round (A3): deal, swap and its lock, paid redraw, round end, next dealer, decks.

Every test stacks the deck (``stacked_deal``) and fixes the dealer. In the
built-in duel the two Colts start 32" apart, out of range, so spades cannot be
played and only the cards dealt here decide what happens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from totenblatt.cards import Card, full_deck
from totenblatt.wanted.engine.actions import Bid, Concede, Pass, Redraw, Swap
from totenblatt.wanted.engine.events import (
    CardRedrawn,
    CardsDealt,
    DecksAdded,
    DeckShuffled,
    Event,
    GameEnded,
    HandSwapped,
    InitiativeWon,
    RedrawPaid,
    RoundEnded,
    RoundStarted,
    SwapDeclined,
    SwapReceived,
)
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset

Of = Callable[[Iterable[Event], type[Any]], list[Any]]
"""The ``of`` fixture (tests/wanted/conftest.py): the events of one kind."""

HEARTS = ["2♥", "3♥", "4♥", "5♥", "6♥"]
DIAMONDS = ["2♦", "3♦", "4♦", "5♦", "6♦"]
CLUBS = ["2♣", "3♣", "4♣", "5♣", "6♣"]


def cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


def duel(
    hands: dict[int, list[str]],
    dead: list[str],
    then: tuple[str, ...] = (),
    *,
    dealer: int = 0,
    scenario: str = "duel",
    **options: Any,
) -> Game:
    rules = Ruleset.load("base").with_options(**options) if options else "base"
    order = stacked_deal(dealer, hands, dead, then)
    return new_game(scenario, rules, seed=1, dealer=dealer, deck_order=order)


def play(game: Game, *actions: Any) -> list[Event]:
    out: list[Event] = []
    for action in actions:
        out += game.apply(action)
    return out


def pass_until_round(game: Game, number: int, limit: int = 50) -> None:
    for _ in range(limit):
        if game.round >= number or game.is_over:
            return
        game.apply(Pass())
    raise AssertionError(f"round {number} not reached")


# -- the deal -----------------------------------------------------------------------


def test_deal_gives_each_seat_its_hand_and_a_dead_hand(of: Of) -> None:
    game = duel({0: HEARTS, 1: DIAMONDS}, CLUBS)
    st = game.state
    assert st.hands[0] == cards(*HEARTS)
    assert st.hands[1] == cards(*DIAMONDS)
    assert st.dead_hand == cards(*CLUBS)
    assert of(game.events, CardsDealt) == [CardsDealt((5, 5), 5)]
    assert len(st.draw_pile) == 54 - 15


def test_dealer_is_seeded_when_not_fixed() -> None:
    dealers = {new_game("duel", seed=s).state.dealer for s in range(20)}
    assert dealers == {0, 1}
    assert new_game("duel", seed=3).state.dealer == new_game("duel", seed=3).state.dealer


# -- swap (A3.3, D-6) ---------------------------------------------------------------


def test_swap_starts_with_the_dealer_and_locks_the_dead_hand(of: Of) -> None:
    game = duel({0: HEARTS, 1: DIAMONDS}, CLUBS, dealer=1)
    assert (game.phase, game.to_act) == (Phase.SWAP, 1)
    events = game.apply(Swap())
    st = game.state
    assert st.hands[1] == cards(*CLUBS)
    assert st.dead_hand == [] and st.dead_taken
    assert of(events, HandSwapped) == [HandSwapped(1)]
    assert of(events, SwapReceived) == [
        SwapReceived(1, tuple(cards(*DIAMONDS)), tuple(cards(*CLUBS)))
    ]
    # D-6: the old hand went face down onto the discard pile
    assert st.discard_pile == cards(*DIAMONDS) and st.seen_public == []
    # the lock: seat 0 is never asked, the round goes on to the bidding
    assert not of(game.events, SwapDeclined)
    assert game.phase is Phase.BID
    assert "the game asks for a bid" in str(game.why_illegal(Swap()))


def test_swap_goes_round_the_table_until_someone_swaps(of: Of) -> None:
    game = duel({0: HEARTS, 1: DIAMONDS}, CLUBS, dealer=0)
    game.apply(Pass())
    assert (game.phase, game.to_act) == (Phase.SWAP, 1)
    game.apply(Swap())
    assert game.state.hands[1] == cards(*CLUBS)
    assert game.state.hands[0] == cards(*HEARTS)
    assert of(game.events, SwapDeclined) == [SwapDeclined(0)]


def test_nobody_swaps_and_the_dead_hand_is_discarded_at_round_end(of: Of) -> None:
    game = duel({0: DIAMONDS, 1: ["7♦", "8♦", "9♦", "10♦", "J♦"]}, CLUBS, dealer=0)
    play(game, Pass(), Pass())
    assert game.phase is Phase.BID
    pass_until_round(game, 2)
    assert of(game.events, RoundEnded)[0].round == 1
    assert of(game.events, DeckShuffled)[-1] == DeckShuffled(54)


def test_swapped_hands_stay_private() -> None:
    game = duel({0: HEARTS, 1: DIAMONDS}, CLUBS, dealer=0)
    play(game, Pass(), Swap())
    other = game.view(0)
    assert not [e for e in other["events"] if e["type"] == "swap_received"]
    assert any(e["type"] == "hand_swapped" for e in other["events"])
    own = [e for e in game.view(1)["events"] if e["type"] == "swap_received"]
    assert own[0]["received"] == CLUBS


# -- the paid redraw (A3.4, D-7) ----------------------------------------------------


def test_redraw_costs_one_hp_and_keeps_the_decision(of: Of) -> None:
    game = duel({0: HEARTS, 1: DIAMONDS}, CLUBS, ("A♠",), dealer=0)
    events = game.apply(Redraw(Card.parse("2♥"), "Billy"))
    st = game.state
    assert game.figure("Billy").hp == 5
    assert st.hands[0] == cards("3♥", "4♥", "5♥", "6♥", "A♠")
    assert (game.phase, game.to_act) == (Phase.SWAP, 0)
    assert of(events, RedrawPaid) == [RedrawPaid(0, "Billy", 1, 5)]
    assert of(events, CardRedrawn) == [CardRedrawn(0, Card.parse("2♥"), Card.parse("A♠"))]
    assert Card.parse("2♥") in st.discard_pile and Card.parse("2♥") in st.seen_private[0]
    assert not [e for e in game.view(1)["events"] if e["type"] == "card_redrawn"]


def test_redraw_once_per_round_at_any_decision() -> None:
    game = duel({0: HEARTS, 1: DIAMONDS}, CLUBS, ("A♠", "K♠"), dealer=0)
    game.apply(Redraw(Card.parse("2♥"), "Billy"))
    assert "once per round" in str(game.why_illegal(Redraw(Card.parse("3♥"), "Billy")))
    assert not [a for a in game.legal_actions() if isinstance(a, Redraw)]
    play(game, Pass(), Pass())  # both keep their hands; seat 0 has no diamond: it passes
    assert (game.phase, game.to_act) == (Phase.BID, 1)
    game.apply(Redraw(Card.parse("2♦"), "Paco"))  # while bidding
    assert game.state.hands[1][-1] == Card.parse("K♠")
    assert (game.phase, game.to_act) == (Phase.BID, 1)
    pass_until_round(game, 2)
    assert game.view(0)["can_redraw"] and game.view(1)["can_redraw"]  # a new round


def test_redraw_needs_a_figure_that_can_pay() -> None:
    game = duel({0: HEARTS, 1: DIAMONDS}, CLUBS, ("A♠",), dealer=0, redraw_cost=6)
    assert Redraw(Card.parse("2♥"), "Paco") not in game.legal_actions()
    assert "Paco" in str(game.why_illegal(Redraw(Card.parse("2♥"), "Paco")))
    game.apply(Redraw(Card.parse("2♥"), "Billy"))
    assert game.figure("Billy").hp == 0 and not game.figure("Billy").out
    pass_until_round(game, 2)
    assert game.view(0)["can_redraw"] is False


# -- the end of the round (D-8) and the next dealer (D-9) -----------------------------


def test_round_ends_after_as_many_empty_cycles_as_players(of: Of) -> None:
    game = duel({0: DIAMONDS, 1: ["7♦", "8♦", "9♦", "10♦", "J♦"]}, CLUBS, dealer=0)
    play(game, Pass(), Pass())  # swap
    play(game, Pass(), Pass(), Pass())  # no bids; seat 1 acts: nothing
    assert (game.state.empty_cycles, game.round) == (1, 1)
    play(game, Pass(), Pass())  # no bids again; seat 0 acts next
    assert of(game.events, InitiativeWon)[-1] == InitiativeWon(0, None)
    game.apply(Pass())
    ended = of(game.events, RoundEnded)
    assert ended and ended[0].reason == "no_card_played"
    assert game.round == 2


def test_a_card_played_restarts_the_count_of_empty_cycles() -> None:
    game = duel({0: DIAMONDS, 1: ["7♦", "8♦", "9♦", "10♦", "J♦"]}, CLUBS, dealer=0)
    play(game, Pass(), Pass(), Pass(), Pass(), Pass())
    assert game.state.empty_cycles == 1
    play(game, Bid(Card.parse("J♦")), Pass(), Pass())  # seat 1 bids, wins, plays nothing
    assert (game.state.empty_cycles, game.round) == (0, 1)


def test_round_ends_when_nobody_holds_a_club_spade_or_diamond(of: Of) -> None:
    game = duel({0: HEARTS, 1: ["7♥", "8♥", "9♥", "10♥", "J♥"]}, CLUBS, dealer=0)
    play(game, Pass(), Pass())
    ended = of(game.events, RoundEnded)
    assert ended and ended[0].reason == "no_playable_cards"


def test_a_joker_is_a_playable_card(of: Of) -> None:
    game = duel({0: HEARTS, 1: ["7♥", "8♥", "9♥", "10♥", "Joker"]}, CLUBS, dealer=0)
    play(game, Pass(), Pass())
    assert not of(game.events, RoundEnded)
    assert game.phase is Phase.BID


def test_most_points_in_hand_deals_next(of: Of) -> None:
    game = duel({0: ["2♦", "3♦", "4♦", "5♦", "K♥"], 1: ["A♦", "2♥", "3♥", "4♥", "5♥"]}, CLUBS)
    pass_until_round(game, 2)
    ended = of(game.events, RoundEnded)[0]
    assert ended.points == (24, 25)
    assert ended.next_dealer == 1 == game.state.dealer
    assert of(game.events, RoundStarted)[-1] == RoundStarted(2, 1)


@pytest.mark.parametrize(("dealer", "next_dealer"), [(0, 1), (1, 0)])
def test_a_tie_goes_to_the_first_seat_left_of_the_dealer(
    dealer: int, next_dealer: int, of: Of
) -> None:
    game = duel({0: DIAMONDS, 1: ["2♥", "3♥", "4♥", "5♥", "6♥"]}, CLUBS, dealer=dealer)
    pass_until_round(game, 2)
    ended = of(game.events, RoundEnded)[0]
    assert ended.points == (20, 20)
    assert ended.next_dealer == next_dealer


@pytest.mark.parametrize(("dealer", "next_dealer"), [(0, 1), (1, 2), (2, 0)])
def test_a_tie_among_three_goes_left_of_the_dealer(dealer: int, next_dealer: int, of: Of) -> None:
    hands = {0: HEARTS, 1: DIAMONDS, 2: ["Joker", "7♣", "8♣", "2♠", "3♠"]}
    game = duel(hands, ["7♥", "8♥", "9♥", "10♥", "J♥"], dealer=dealer, scenario="three-way")
    pass_until_round(game, 2)
    ended = of(game.events, RoundEnded)[0]
    assert ended.points == (20, 20, 20)  # a joker counts 0 (D-9)
    assert ended.next_dealer == next_dealer


def test_joker_hand_points_option(of: Of) -> None:
    hands = {0: ["Joker", "2♥", "3♥", "4♥", "5♥"], 1: ["6♦", "7♦", "8♦", "9♦", "10♦"]}
    game = duel(hands, CLUBS, joker_hand_points=50)
    pass_until_round(game, 2)
    assert of(game.events, RoundEnded)[0].points == (64, 40)


def test_remaining_hands_are_discarded_at_round_end() -> None:
    game = duel({0: DIAMONDS, 1: HEARTS}, CLUBS, dealer=0, reshuffle="when_empty")
    pass_until_round(game, 2)
    st = game.state
    assert Counter(cards(*DIAMONDS, *HEARTS, *CLUBS)) <= Counter(st.discard_pile)


# -- decks (D-1, D-2, D-3) ----------------------------------------------------------


def test_every_round_reshuffles_all_cards(of: Of) -> None:
    game = duel({0: DIAMONDS, 1: HEARTS}, CLUBS)
    pass_until_round(game, 2)
    shuffles = of(game.events, DeckShuffled)
    assert shuffles == [DeckShuffled(54), DeckShuffled(54)]
    assert len(game.state.draw_pile) == 54 - 15


def test_when_empty_keeps_the_draw_pile(of: Of) -> None:
    game = duel({0: DIAMONDS, 1: HEARTS}, CLUBS, reshuffle="when_empty")
    pass_until_round(game, 2)
    assert of(game.events, DeckShuffled) == [DeckShuffled(54)]
    assert len(game.state.draw_pile) == 54 - 30
    assert len(game.state.discard_pile) == 15


def test_jokers_option_sets_the_deck() -> None:
    game = new_game("duel", Ruleset.load("base").with_options(jokers=4), seed=1)
    assert Counter(game.state.all_cards()) == Counter(full_deck(4))


def test_more_decks_are_added_when_the_deal_needs_them(of: Of) -> None:
    game = new_game("three-way", Ruleset.load("base").with_options(hand_size=20), seed=1)
    assert of(game.events, DecksAdded) == [DecksAdded(2, 65)]
    assert Counter(game.state.all_cards()) == Counter(full_deck(2) * 2)


# -- played cards are discarded face up (D-34) -----------------------------------------


def test_bids_are_discarded_face_up() -> None:
    game = duel({0: DIAMONDS, 1: HEARTS}, CLUBS, dealer=0)
    play(game, Pass(), Pass(), Bid(Card.parse("6♦")))
    st = game.state
    assert st.discard_pile[-1] == Card.parse("6♦") and st.seen_public == cards("6♦")
    assert "6♦" in game.view(1)["seen_cards"]


# -- concession (A13) ---------------------------------------------------------------


def test_concession_ends_a_duel(of: Of) -> None:
    game = duel({0: DIAMONDS, 1: HEARTS}, CLUBS, dealer=0)
    events = game.apply(Concede())
    assert game.is_over and game.winner == 1 and game.winners == (1,)
    assert game.end_reason == "concession"
    assert of(events, GameEnded) == [GameEnded((1,), "concession", (0, 6))]
    assert game.figure("Billy").out
    assert game.legal_actions() == []


def test_concession_in_three_way_passes_the_decision_on() -> None:
    hands = {0: DIAMONDS, 1: HEARTS, 2: ["7♦", "8♦", "9♦", "10♦", "J♦"]}
    game = duel(hands, CLUBS, dealer=0, scenario="three-way")
    game.apply(Concede())
    assert not game.is_over
    assert (game.phase, game.to_act) == (Phase.SWAP, 1)
    assert game.state.hands[0] == []
    play(game, Pass(), Pass())
    # bidding opens with the active seat (the dealer, 0), which is out: seat 1 opens (A4)
    st = game.state
    assert (game.phase, game.to_act, st.bid_order, st.bids) == (Phase.BID, 1, [1, 2], [])
    assert st.seats_in_game() == [1, 2]


# -- the end of the game (D-22) -------------------------------------------------------


def limited_duel(tmp_path: Path, limit: int) -> Path:
    builtin = Path(__file__).parents[2] / "src/totenblatt/wanted/table/scenarios/duel.toml"
    text = builtin.read_text(encoding="utf-8").replace("round_limit = 10", f"round_limit = {limit}")
    path = tmp_path / "short-duel.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_after_the_round_limit_more_hp_wins(tmp_path: Path, of: Of) -> None:
    order = stacked_deal(0, {0: DIAMONDS, 1: HEARTS}, CLUBS, ("A♠",))
    game = new_game(limited_duel(tmp_path, 1), seed=1, dealer=0, deck_order=order)
    game.apply(Redraw(Card.parse("2♦"), "Billy"))
    pass_until_round(game, 2)
    assert game.is_over and game.round == 1
    assert (game.winners, game.end_reason) == ((1,), "round_limit")
    assert of(game.events, GameEnded) == [GameEnded((1,), "round_limit", (5, 6))]


def test_after_the_round_limit_equal_hp_is_a_draw(tmp_path: Path) -> None:
    order = stacked_deal(0, {0: DIAMONDS, 1: HEARTS}, CLUBS)
    game = new_game(limited_duel(tmp_path, 1), seed=1, dealer=0, deck_order=order)
    pass_until_round(game, 2)
    assert game.is_over and game.winner is None and game.winners == ()
    assert game.view(0)["end_reason"] == "round_limit"


def test_the_ruleset_round_limit_applies_when_the_scenario_has_none(tmp_path: Path) -> None:
    path = limited_duel(tmp_path, 0)
    rules = Ruleset.load("base").with_options(round_limit=2)
    assert new_game(path, rules, seed=1).state.round_limit == 2
    assert new_game(path, seed=1).state.round_limit is None
    assert new_game("duel", rules, seed=1).state.round_limit == 10
