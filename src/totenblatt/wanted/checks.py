"""One rule check per action kind, used both to list legal actions and to validate them.

``check`` raises :class:`IllegalActionError` with the reason; the ``*_actions``
helpers build the legal actions from the same predicates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from totenblatt.cards import Card, Suit
from totenblatt.wanted.actions import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    IllegalActionError,
    Move,
    Pass,
    Redraw,
    Reveal,
    Swap,
)
from totenblatt.wanted.moves import check_move, club_budget, move_candidates
from totenblatt.wanted.rules import MISS, Modifier
from totenblatt.wanted.state import Figure, GameState, Phase, plays_as
from totenblatt.wanted.vocab import CoverLevel

__all__ = [
    "ability_names",
    "attack_pairs",
    "attack_problem",
    "bid_value",
    "can_redraw",
    "can_swap",
    "check",
    "hand_size",
    "has_choice",
    "legal_actions",
    "range_modifier",
]

JOKER_BID = 1_000
"""Bid value of a joker: wins the initiative automatically (A12)."""


# -- rules that the extended rules (issue 4) will widen: kept in one place ----------------


def hand_size(state: GameState, seat: int) -> int:
    """D-5 (per_player): the seat's hand size for the deal."""
    return state.ruleset.round.hand_size


def can_swap(state: GameState, seat: int) -> bool:
    """A3.3: the dead man's hand is still there and this seat is asked."""
    return (
        state.phase is Phase.SWAP
        and not state.dead_taken
        and bool(state.swap_order)
        and state.swap_order[0] == seat
    )


def bid_value(state: GameState, seat: int, card: Card) -> int:
    """A4: a diamond's game value; a joker beats everything (D-36)."""
    return JOKER_BID if card.is_joker else state.ruleset.card_value(card)


def ability_names(state: GameState, fig: Figure) -> tuple[str, ...]:
    """Abilities passed to the resolver for ``fig``: none in the base rules."""
    return ()


def range_modifier(state: GameState, fig: Figure, distance: float) -> Modifier:
    """A8, D-14: the weapon modifier of ``fig`` at ``distance``, or ``"miss"``."""
    rules = state.ruleset
    band = rules.band_index(distance)
    return MISS if band is None else rules.weapons[fig.weapon].modifiers[band]


# -- predicates --------------------------------------------------------------------------


def can_redraw(state: GameState, seat: int) -> bool:
    """A3.4, D-7: redraws left this round, a card to discard, a payer, a card to draw."""
    rules = state.ruleset.round
    if state.redraws_used[seat] >= rules.redraws_per_round or not state.hands[seat]:
        return False
    if not (state.draw_pile or state.discard_pile):
        return False
    return any(f.hp >= rules.redraw_cost for f in state.living(seat))


def attack_problem(state: GameState, attacker: Figure, target: Figure) -> str | None:
    """Why ``attacker`` may not shoot at ``target`` now (A7, A8, D-12, D-14, D-15, D-21)."""
    if attacker.out:
        return f"{attacker.name!r} is out of the game"
    if attacker.hidden:
        return f"{attacker.name!r} is hidden: reveal it before it attacks (D-13)"
    if target.out:
        return f"{target.name!r} is out of the game"
    if target.team == attacker.team:
        return f"{target.name!r} is not an enemy of {attacker.name!r}"
    distance, line = state.geo.sight(attacker.pos, target.pos)
    if not line:
        return f"no line of fire from {attacker.name!r} to {target.name!r} (D-15)"
    reach = state.ruleset.hidden.attack_reach
    if target.hidden and distance > reach:
        return f'{target.name!r} is hidden and {distance:.2f}" away (more than {reach}", D-12)'
    if (
        not state.ruleset.attack.out_of_range_attack_allowed
        and range_modifier(state, attacker, distance) == MISS
    ):
        return f'{target.name!r} is out of range of {attacker.weapon} at {distance:.2f}" (D-14)'
    return None


def attack_pairs(state: GameState, seat: int) -> list[tuple[Figure, Figure]]:
    """Every (attacker, target) pair the seat may shoot now."""
    own = [f for f in state.living(seat) if not f.hidden]
    if not own:
        return []
    enemies = state.enemies(seat)
    return [(a, t) for a in own for t in enemies if attack_problem(state, a, t) is None]


def target_cover(state: GameState, attacker: Figure, target: Figure) -> CoverLevel:
    """D-17 cover from the table; a hidden target within reach has hard cover (D-12)."""
    if target.hidden:
        return CoverLevel.HARD
    return state.geo.cover(attacker.pos, target.pos)


# -- the check ---------------------------------------------------------------------------


def _in_hand(state: GameState, seat: int, card: Card, suit: Suit, role: str) -> None:
    if card not in state.hands[seat]:
        raise IllegalActionError(f"{str(card)!r} is not in the hand of seat {seat}")
    if not plays_as(card, suit):
        raise IllegalActionError(
            f"{str(card)!r} cannot be played {role}: needs a {suit.value[:-1]} or a joker"
        )


def _phase(state: GameState, *phases: Phase) -> None:
    if state.phase not in phases:
        wanted = " or ".join(p.value for p in phases)
        raise IllegalActionError(
            f"that is a {wanted} decision, but the game asks for {state.phase.value}"
        )


def check(state: GameState, seat: int, action: Action) -> tuple[float, ...]:
    """Raise :class:`IllegalActionError` unless ``action`` is legal; a move's step costs."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("the game is over")
    if isinstance(action, Pass):
        return ()
    if isinstance(action, Concede):
        return ()
    if isinstance(action, Swap):
        _phase(state, Phase.SWAP)
        if not can_swap(state, seat):
            raise IllegalActionError("the dead man's hand is not available to swap")
    elif isinstance(action, Bid):
        _phase(state, Phase.BID)
        _in_hand(state, seat, action.card, Suit.DIAMONDS, "as a bid")
    elif isinstance(action, Defend):
        _phase(state, Phase.DEFEND)
        _in_hand(state, seat, action.card, Suit.HEARTS, "in defence")
    elif isinstance(action, Move):
        _phase(state, Phase.ACTION)
        _in_hand(state, seat, action.card, Suit.CLUBS, "for movement")
        return check_move(state, seat, action)
    elif isinstance(action, Attack):
        _phase(state, Phase.ACTION)
        _in_hand(state, seat, action.card, Suit.SPADES, "to attack")
        attacker = _figure(state, action.attacker)
        if attacker.seat != seat:
            raise IllegalActionError(f"{action.attacker!r} is not a figure of seat {seat}")
        problem = attack_problem(state, attacker, _figure(state, action.target))
        if problem:
            raise IllegalActionError(problem)
    elif isinstance(action, Redraw):
        if not can_redraw(state, seat):
            raise IllegalActionError(f"seat {seat} cannot redraw now (once per round, D-7)")
        if action.card not in state.hands[seat]:
            raise IllegalActionError(f"{str(action.card)!r} is not in the hand of seat {seat}")
        payer = _figure(state, action.payer)
        cost = state.ruleset.round.redraw_cost
        if payer.seat != seat or payer.out or payer.hp < cost:
            raise IllegalActionError(
                f"{action.payer!r} cannot pay {cost} HP: needs a figure of seat {seat} "
                f"in the game with at least {cost} HP"
            )
    elif isinstance(action, Reveal):
        fig = _figure(state, action.figure)
        if fig.seat != seat or fig.out or not fig.hidden:
            raise IllegalActionError(f"{action.figure!r} is not a hidden figure of seat {seat}")
    else:
        raise IllegalActionError(f"{action!r} is not an action")
    return ()


def _figure(state: GameState, name: str) -> Figure:
    fig = state.by_name.get(name)
    if fig is None:
        known = ", ".join(state.by_name)
        raise IllegalActionError(f"no figure named {name!r}: expected one of {known}")
    return fig


# -- the legal actions -------------------------------------------------------------------


def _distinct(cards: Iterable[Card], keep: Callable[[Card], bool]) -> list[Card]:
    return list(dict.fromkeys(c for c in cards if keep(c)))


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (moves: the offered set of :mod:`moves`)."""
    if state.phase is Phase.OVER:
        return []
    hand = state.hands[seat]
    actions: list[Action] = [Pass()]
    phase = state.phase
    if phase is Phase.SWAP:
        if can_swap(state, seat):
            actions.append(Swap())
    elif phase is Phase.BID:
        actions.extend(Bid(c) for c in _distinct(hand, lambda c: plays_as(c, Suit.DIAMONDS)))
    elif phase is Phase.DEFEND:
        actions.extend(Defend(c) for c in _distinct(hand, lambda c: plays_as(c, Suit.HEARTS)))
    elif phase is Phase.ACTION:
        spades = _distinct(hand, lambda c: plays_as(c, Suit.SPADES))
        if spades:
            pairs = attack_pairs(state, seat)
            actions.extend(Attack(c, a.name, t.name) for c in spades for a, t in pairs)
        for card in _distinct(hand, lambda c: plays_as(c, Suit.CLUBS)):
            options = move_candidates(state, seat, club_budget(state, card))
            if options:
                actions.extend(Move(card, steps) for steps in options)
            else:
                actions.append(Move(card, ()))
    actions.extend(Reveal(f.name) for f in state.living(seat) if f.hidden)
    if can_redraw(state, seat):
        cost = state.ruleset.round.redraw_cost
        payers = [f.name for f in state.living(seat) if f.hp >= cost]
        actions.extend(Redraw(c, p) for c in dict.fromkeys(hand) for p in payers)
    actions.append(Concede())
    return actions


def has_choice(state: GameState, seat: int) -> bool:
    """True unless passing (or conceding) is all ``seat`` can do; else the engine passes for it."""
    phase = state.phase
    if phase is Phase.SWAP:
        return True
    if can_redraw(state, seat) or any(f.hidden for f in state.living(seat)):
        return True
    hand = state.hands[seat]
    if phase is Phase.BID:
        return any(plays_as(c, Suit.DIAMONDS) for c in hand)
    if phase is Phase.DEFEND:
        return any(plays_as(c, Suit.HEARTS) for c in hand)
    if phase is Phase.ACTION:
        if any(plays_as(c, Suit.CLUBS) for c in hand):
            return True
        return any(plays_as(c, Suit.SPADES) for c in hand) and bool(attack_pairs(state, seat))
    return False
