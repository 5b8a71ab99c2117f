"""The fast path played beside the reference engine: the proof that the two agree.

:func:`play_both` plays a reference game and its fast copy side by side with random fast
ids (never Concede, but with a chance ``concede`` a decision): the reference game
applies each id's shadow, after every decision both must have logged the same events,
and before it both must offer the same actions of every kind but moves (the fast menu of
moves is the board's destinations) and agree on whether a move is offered; at every
``every_move``-th decision every offered fast move's shadow must be legal in the
reference engine at the same cost. The tests play a few dozen games so,
``python -m benchmarks.fast_agreement`` thousands (docs/performance.md).

>>> from totenblatt.wanted.engine.game import new_game
>>> played = play_both(new_game("duel", seed=3), 3, every_move=5)
>>> played.fast.is_over, played.decisions > 0, played.shadows > 0
(True, True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from totenblatt.wanted.engine.actions import Move
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.moves import step_costs
from totenblatt.wanted.fast.actions import CONCEDE
from totenblatt.wanted.fast.game import FastGame

__all__ = ["DisagreementError", "Played", "play_both"]


class DisagreementError(AssertionError):
    """The fast path and the reference engine differ (what differs is the message)."""


@dataclass(frozen=True)
class Played:
    """A game played on both: the fast copy at its end, its decisions, move shadows checked."""

    fast: FastGame
    decisions: int
    shadows: int


def _agree(holds: bool, what: str) -> None:
    if not holds:
        raise DisagreementError(what)


def play_both(
    game: Game, seed: int, *, every_move: int = 0, concede: float = 0.0, limit: int = 5_000
) -> Played:
    """Play ``game`` and its fast copy side by side (at most ``limit`` decisions);
    :class:`DisagreementError` at the first difference."""
    fast = FastGame.from_game(game, record=True)
    rng = random.Random(seed)
    start = len(game.events)
    decisions = shadows = 0
    while not game.is_over and decisions < limit:
        _agree(fast.to_act == game.to_act, "a different seat to act")
        _agree(fast.phase == list(type(game.phase)).index(game.phase), "a different phase")
        ids = fast.legal_actions()
        _agree(len(set(ids)) == len(ids), "an id is offered twice")
        offered = [fast.shadow(a) for a in ids]
        reference = game.legal_actions()
        _agree(
            {a for a in offered if not isinstance(a, Move)}
            == {a for a in reference if not isinstance(a, Move)},
            "different actions offered",
        )
        _agree(
            any(isinstance(a, Move) for a in offered)
            == any(isinstance(a, Move) for a in reference),
            "a move offered by one only",
        )
        if every_move and decisions % every_move == 0:
            shadows += _check_moves(game, fast, offered)
        options = [a for a in ids if a != CONCEDE] or ids
        if concede and rng.random() < concede:
            options = [CONCEDE]
        action = rng.choice(options)
        game.apply(fast.shadow(action))
        fast.apply(action)
        _agree(list(game.events[start:]) == fast.log, "different events")
        decisions += 1
    if game.is_over:
        _agree(fast.is_over, "the fast game goes on")
        _agree(fast.winners == game.winners, "different winners")
        _agree(fast.end_reason == game.end_reason, "a different end")
    return Played(fast, decisions, shadows)


def _check_moves(game: Game, fast: FastGame, offered: list[object]) -> int:
    """Every offered fast move's shadow is legal in ``game`` at the board's cost; how many."""
    seat = game.to_act
    _agree(seat is not None, "nobody to act")
    assert seat is not None
    board = fast.spec.board
    checked = 0
    for shadow in offered:
        if isinstance(shadow, Move) and shadow.steps:
            _agree(game.why_illegal(shadow) is None, f"illegal shadow {shadow!r}")
            step = shadow.steps[0]
            here = fast.pos[fast.spec.by_name[step.figure]]
            cost = board.cost(here, board.index[step.path[-1]])
            _agree(step_costs(game.state, seat, shadow.steps) == (cost,), "another cost")
            checked += 1
    return checked
