"""Clubs under the extended rules: Light-Footed inches, wild 2s, per-character hands.

Light-Footed (B1 3, 4) adds inches to a club played for the figure that has it
(D-23): when a club is split, each figure's bonus serves only its own part, so a
move is legal when the inches the figures do not cover from their own bonus add
up to no more than the club's value. A joker, or a 2 played as one (Wild 2), gives
12" and never a bonus (D-36); a wild 2 moves only figures that have Wild 2. Per
character (D-5) a club moves only the figure whose hand it comes from.
"""

from __future__ import annotations

from dataclasses import replace

from totenblatt.cards import JOKER, Card
from totenblatt.messages import Message
from totenblatt.wanted.engine.abilities import club_bonus, has
from totenblatt.wanted.engine.actions import IllegalActionError, Move
from totenblatt.wanted.engine.moves import Situation, check_move, club_budget, menu, step_costs
from totenblatt.wanted.engine.state import Figure, GameState
from totenblatt.wanted.vocab import Ability

__all__ = ["check_club", "club_inches", "move_bonus", "offered_moves"]

_EPS = 1e-9


def club_inches(state: GameState, card: Card, wild: bool) -> int:
    """The inches of the card itself: its value, 12 for a joker or a wild 2 (A6, A12, B1)."""
    return club_budget(state, JOKER if wild else card)


def move_bonus(state: GameState, move: Move) -> int:
    """The Light-Footed inches of the figures ``move`` moves (none for a joker or wild 2)."""
    if move.wild or move.card.is_joker:
        return 0
    figs = (state.by_name.get(s.figure) for s in move.steps)
    return sum(club_bonus(state, f) for f in figs if f is not None)


def check_club(state: GameState, seat: int, move: Move) -> tuple[float, ...]:
    """Step costs of a legal ``move`` (the card already checked); IllegalActionError why not."""
    movers = [state.by_name.get(s.figure) for s in move.steps]
    if move.wild and not all(f is not None and has(f, Ability.WILD_2) for f in movers):
        raise IllegalActionError(
            Message("a 2 played as a joker moves only figures with Wild 2 (B1, D-23)")
        )
    if not move_bonus(state, move):
        return check_move(state, seat, replace(move, card=JOKER) if move.wild else move)
    costs = step_costs(state, seat, move.steps)
    bonuses = [club_bonus(state, f) if f is not None else 0 for f in movers]
    value = club_budget(state, move.card)
    need = sum(max(0.0, cost - bonus) for cost, bonus in zip(costs, bonuses, strict=True))
    if need > value + _EPS:
        raise IllegalActionError(
            Message(
                'the move costs {cost}" but {card} gives only {inches}" plus each figure\'s own '
                "Light-Footed inches (D-23)",
                cost=round(sum(costs), 2),
                card=move.card,
                inches=value,
            )
        )
    return costs


def offered_moves(
    state: GameState,
    seat: int,
    card: Card,
    *,
    wild: bool,
    figure: Figure | None,
    situation: Situation | None = None,
) -> list[Move]:
    """The offered moves with ``card`` (``figure``: the hand's figure per character).

    The menu of :func:`moves.menu` for the figures the card may move: every figure
    of the seat (per character only the hand's figure; a wild 2 only figures with
    Wild 2), each with the club's inches plus its own Light-Footed bonus, then the
    group moves with the club's inches split evenly. The moves are lazy
    (:meth:`Move.offered`): a menu entry that finds no path moves nobody. With no
    figure to move, the club moving nobody. ``situation``: ``Situation.of(state, seat)``
    when the caller has it already.
    """
    value = club_inches(state, card, wild)
    own = [figure] if figure is not None else state.living(seat)
    if wild:
        own = [f for f in own if has(f, Ability.WILD_2)]
    plain = wild or card.is_joker or not state.has_abilities
    budgets = [value if plain else value + club_bonus(state, f) for f in own]
    name = None if figure is None else figure.name
    movers = tuple(zip((f.name for f in own), budgets, strict=True))
    if situation is None:
        situation = Situation.of(state, seat)
    plans = menu(situation, movers, value)
    if plans:
        return [Move.offered(card, plan, wild, name) for plan in plans]
    return [Move(card, (), wild, name)]
