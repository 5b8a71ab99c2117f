"""The kinds of action about the round and the cards: keep, pass, swap, bid, redraw,
Tempt Fate and concede — each its rule check, its effect and what the engine offers.

See :mod:`kinds` for how a :class:`~totenblatt.wanted.engine.kind.Kind` is used.
"""

from typing import Any

from totenblatt.cards import Rank, Suit
from totenblatt.messages import Message
from totenblatt.wanted.engine.abilities import (
    bid_bonus,
    keep,
    tempt_fate,
    tempters,
)
from totenblatt.wanted.engine.actions import (
    Bid,
    Concede,
    IllegalActionError,
    Keep,
    Pass,
    Redraw,
    Swap,
    TemptFate,
)
from totenblatt.wanted.engine.checks import (
    bid_value,
    can_redraw,
    can_swap,
    distinct,
    figure_named,
    hand_for,
    hands_of,
    playable,
    require_card,
    require_phase,
    seat_wild,
)
from totenblatt.wanted.engine.events import (
    BidPassed,
    BidPlaced,
    CardRedrawn,
    Conceded,
    DefensePlayed,
    NothingPlayed,
    RedrawPaid,
    SwapDeclined,
)
from totenblatt.wanted.engine.flow import (
    begin_cycle,
    check_victory,
    end_cycle,
    leave,
    next_bidder,
    next_swapper,
    play_cards,
    resolve,
    take_out,
)
from totenblatt.wanted.engine.heroes import perform_swap, swap_options, swap_problem
from totenblatt.wanted.engine.kind import Costs, Kind, free
from totenblatt.wanted.engine.state import GameState, Phase, plays_as

__all__ = ["ROUND_KINDS"]

_CLUBS, _SPADES, _HEARTS, _DIAMONDS = Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS

ROUND_KINDS: list[Kind[Any]] = []
"""This module's kinds (:mod:`kinds` puts every kind in its listing order)."""


# -- Keep (B1 Tempt Fate, second step) ------------------------------------------------------


def _check_keep(state: GameState, seat: int, action: Keep) -> Costs:
    require_phase(state, Phase.FATE)
    assert state.fate is not None
    if action.card not in state.fate.drawn:
        drawn = " or ".join(str(c) for c in state.fate.drawn)
        raise IllegalActionError(Message("keep {cards}, one of the two cards drawn", cards=drawn))
    return ()


def _keeps(state: GameState, seat: int) -> list[Keep]:
    assert state.fate is not None
    return [Keep(c) for c in distinct(state.fate.drawn)]


ROUND_KINDS.append(
    Kind(
        Keep,
        check=_check_keep,
        perform=lambda state, seat, action, costs: keep(state, seat, action.card),
        offers=_keeps,
        available=lambda state, seat: True,
        phases=frozenset({Phase.FATE}),
        during_fate=True,
    )
)


# -- Pass: keep the hand, bid nothing, play nothing, no heart --------------------------------


def _pass(state: GameState, seat: int, action: Pass, costs: Costs = ()) -> None:
    phase = state.phase
    if phase is Phase.SWAP:
        state.events.append(SwapDeclined(seat))
        state.swap_order.pop(0)
        next_swapper(state)
    elif phase is Phase.BID:
        state.events.append(BidPassed(seat))
        state.bid_order.pop(0)
        next_bidder(state)
    elif phase is Phase.ACTION:
        state.events.append(NothingPlayed(seat))
        end_cycle(state)
    elif phase is Phase.DEFEND:
        state.events.append(DefensePlayed(seat, None))
        assert state.pending is not None
        resolve(state, state.pending, None)


ROUND_KINDS.append(free(Pass, _pass))


def pass_for(state: GameState, seat: int) -> None:
    """Pass for ``seat``: the engine does so when the seat has no other choice."""
    _pass(state, seat, Pass())


# -- Swap (A3.3, D-6, D-27) ----------------------------------------------------------------


def _check_swap(state: GameState, seat: int, action: Swap) -> Costs:
    require_phase(state, Phase.SWAP)
    if not can_swap(state, seat):
        raise IllegalActionError(Message("the dead man's hand is not available to swap"))
    problem = swap_problem(state, seat, action)
    if problem:
        raise IllegalActionError(problem)
    return ()


def _perform_swap(state: GameState, seat: int, action: Swap, costs: Costs) -> None:
    perform_swap(state, seat, action)
    state.swap_order = []
    begin_cycle(state)


ROUND_KINDS.append(
    Kind(
        Swap,
        check=_check_swap,
        perform=_perform_swap,
        offers=lambda state, seat: swap_options(state, seat) if can_swap(state, seat) else (),
        available=lambda state, seat: True,
        phases=frozenset({Phase.SWAP}),
    )
)


# -- Bid (A4, D-10, D-23, D-36) --------------------------------------------------------------


def _check_bid(state: GameState, seat: int, action: Bid) -> Costs:
    require_phase(state, Phase.BID)
    holder = hand_for(state, seat, action.figure, "a bid")
    wild_ok = seat_wild(state, seat)
    require_card(state, seat, holder, action.card, _DIAMONDS, "as a bid", action.wild, wild_ok)
    return ()


def _perform_bid(state: GameState, seat: int, action: Bid, costs: Costs) -> None:
    play_cards(state, state.holder(seat, action.figure), action.card)
    value = bid_value(state, seat, action.card, action.wild)
    state.bids.append((seat, action.card, value))
    state.cycle_played = True
    bonus = 0 if action.wild or action.card.is_joker else bid_bonus(state, seat)
    state.events.append(BidPlaced(seat, action.card, action.wild, bonus))
    state.bid_order.pop(0)
    next_bidder(state)


def _bids(state: GameState, seat: int) -> list[Bid]:
    wild_ok = seat_wild(state, seat)
    out: list[Bid] = []
    for holder, fig in hands_of(state, seat):
        name = None if fig is None else fig.name
        for card in distinct(state.hands[holder]):
            if plays_as(card, _DIAMONDS):
                out.append(Bid(card, False, name))
            if wild_ok and card.rank is Rank.TWO:
                out.append(Bid(card, True, name))
    return out


def _may_bid(state: GameState, seat: int) -> bool:
    wild_ok = seat_wild(state, seat)
    return any(playable(c, _DIAMONDS, wild_ok) for c in state.seat_cards(seat))


ROUND_KINDS.append(Kind(Bid, _check_bid, _perform_bid, _bids, _may_bid, frozenset({Phase.BID})))


# -- Redraw (A3.4, D-7) ---------------------------------------------------------------------


def _check_redraw(state: GameState, seat: int, action: Redraw) -> Costs:
    if not can_redraw(state, seat):
        raise IllegalActionError(Message("you cannot redraw now (once per round, D-7)"))
    owner = action.figure if action.figure is not None else action.payer
    if action.figure is not None and not state.per_character:
        raise IllegalActionError(
            Message("only per character does a card belong to a figure's hand")
        )
    found = state.by_name.get(owner)
    holder: int | None = seat
    if state.per_character:
        holder = state.holder(seat, owner) if found is not None and found.seat == seat else None
    if holder is None or action.card not in state.hands[holder]:
        where = f"the hand of seat {seat}" if holder == seat else f"{owner!r}'s hand"
        raise IllegalActionError(
            f"{str(action.card)!r} is not in {where}",
            message=Message("{card} is not in your hand", card=action.card)
            if holder == seat
            else Message("{card} is not in {figure}'s hand", card=action.card, figure=owner),
        )
    payer = figure_named(state, action.payer)
    cost = state.ruleset.round.redraw_cost
    if payer.seat != seat or payer.out or payer.hp < cost:
        raise IllegalActionError(
            Message(
                "{figure} cannot pay {cost} HP: it takes one of your figures in the game with at "
                "least {cost} HP",
                figure=action.payer,
                cost=cost,
            )
        )
    return ()


def _perform_redraw(state: GameState, seat: int, action: Redraw, costs: Costs) -> None:
    """Per character the card comes from (and goes to) ``figure``'s hand (D-7: any payer)."""
    payer = state.by_name[action.payer]
    cost = state.ruleset.round.redraw_cost
    payer.hp -= cost
    state.redraws_used[seat] += 1
    state.events.append(RedrawPaid(seat, payer.name, cost, payer.hp))
    drawn = state.draw(1)[0]
    owner = action.figure if action.figure is not None else payer.name
    hand = state.hands[state.holder(seat, owner)]
    hand.remove(action.card)
    state.discard((action.card,), face_up=False, seat=seat)
    hand.append(drawn)
    state.events.append(CardRedrawn(seat, action.card, drawn))


def _redraws(state: GameState, seat: int) -> list[Redraw]:
    if not can_redraw(state, seat):
        return []
    cost = state.ruleset.round.redraw_cost
    payers = [f.name for f in state.living(seat) if f.hp >= cost]
    if state.per_character:  # D-7: any payer of the seat, whichever figure holds the card
        return [
            Redraw(c, p, None if p == f else f)
            for f in [x.name for x in state.living(seat)]
            for c in distinct(state.hands[state.index[f]])
            for p in payers
        ]
    return [Redraw(c, p) for c in distinct(state.hands[seat]) for p in payers]


ROUND_KINDS.append(Kind(Redraw, _check_redraw, _perform_redraw, _redraws, can_redraw))


# -- TemptFate (B1, first step) ---------------------------------------------------------------


def _check_tempt_fate(state: GameState, seat: int, action: TemptFate) -> Costs:
    fig = figure_named(state, action.figure)
    if fig.seat != seat or fig not in tempters(state, seat):
        raise IllegalActionError(
            Message(
                "{figure} cannot tempt fate now: it takes one of your figures in the game with "
                "Tempt Fate unused this fight (B1) and two cards to draw",
                figure=action.figure,
            )
        )
    holder = state.holder(seat, fig.name)
    if action.card not in state.hands[holder]:
        raise IllegalActionError(
            Message("{card} is not in {figure}'s hand", card=action.card, figure=fig.name)
        )
    return ()


def _temptations(state: GameState, seat: int) -> list[TemptFate]:
    out: list[TemptFate] = []
    for fig in tempters(state, seat):
        hand = state.hands[state.holder(seat, fig.name)]
        out.extend(TemptFate(c, fig.name) for c in distinct(hand))
    return out


ROUND_KINDS.append(
    Kind(
        TemptFate,
        _check_tempt_fate,
        lambda state, seat, action, costs: tempt_fate(state, seat, action.card, action.figure),
        _temptations,
        lambda state, seat: bool(tempters(state, seat)),
    )
)


# -- Concede (A13) ------------------------------------------------------------------------------


def _concede(state: GameState, seat: int, action: Concede, costs: Costs) -> None:
    """The seat's figures leave (no killer); the decision at hand passes on."""
    if state.fate is not None:  # the two cards drawn go with the rest of the hand
        state.phase, state.fate = state.fate.resume, None
    phase = state.phase
    state.events.append(Conceded(seat))
    state.conceded[seat] = True
    for fig in state.living(seat):
        take_out(state, fig, None)
    leave(state, seat, "conceded")
    if check_victory(state, "concession") or state.to_act != seat:
        return
    if phase is Phase.SWAP:
        state.swap_order.pop(0)
        next_swapper(state)
    elif phase is Phase.BID:
        state.bid_order.pop(0)
        next_bidder(state)
    else:
        state.pending = None
        end_cycle(state)


ROUND_KINDS.append(
    free(Concede, _concede, phases=frozenset(Phase) - {Phase.OVER}, during_fate=True)
)
