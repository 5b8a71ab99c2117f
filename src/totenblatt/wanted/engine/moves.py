"""Movement (A6, D-11, A7): the check of any move, and the finite set of offered moves.

``check_move`` accepts any path and any split of the club's inches that the
table allows. ``move_candidates`` offers, for every living figure of the seat:

1. a full move towards each of the two nearest enemy figures (``pathing.advance``);
2. a half move towards the nearest enemy;
3. a full move straight away from the nearest enemy (turned by up to 60 degrees
   when terrain blocks the straight line);
4. up to two reachable cover spots against all enemies (``pathing.cover_spots``),
   each also with ``hide`` when the spot is in hard cover (D-12);

and, when the seat has two or more figures, two group moves that split the
inches evenly: everybody towards its nearest enemy, everybody to its best cover.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from totenblatt.cards import Card
from totenblatt.messages import Message, message_of
from totenblatt.wanted.engine.actions import IllegalActionError, Move, MoveStep, Point
from totenblatt.wanted.engine.state import Figure, GameState

if TYPE_CHECKING:
    from totenblatt.wanted.engine.geometry import Geometry

__all__ = ["check_move", "club_budget", "move_candidates"]

_EPS = 1e-9
_TOWARDS = 2
"""A full move is offered towards this many of the nearest enemies."""


def club_budget(state: GameState, card: Card) -> int:
    """Inches a club gives: its game value, 12 for a joker (A6, A12, D-36)."""
    if card.is_joker:
        return state.ruleset.jokers.club_inches
    return state.ruleset.card_value(card)


def check_move(state: GameState, seat: int, move: Move) -> tuple[float, ...]:
    """The cost of every step of ``move``; raises :class:`IllegalActionError` why it is illegal."""
    budget = club_budget(state, move.card)
    costs = step_costs(state, seat, move.steps)
    total = sum(costs)
    if total > budget + _EPS:
        raise IllegalActionError(
            f'the move costs {total:.2f}" but {move.card} gives only {budget}"',
            message=Message(
                'the move costs {cost}" but {card} gives only {inches}"',
                cost=round(total, 2),
                card=move.card,
                inches=budget,
            ),
        )
    return costs


def step_costs(state: GameState, seat: int, steps: tuple[MoveStep, ...]) -> tuple[float, ...]:
    """Every step's cost (A6, D-11, D-12), checked one after another, without a budget."""
    from totenblatt.wanted.table.measure import MoveError

    seen: set[str] = set()
    positions = {f.name: f.pos for f in state.figures if not f.out}
    costs: list[float] = []
    for step in steps:
        fig = state.by_name.get(step.figure)
        if fig is None:
            known = ", ".join(state.by_name)
            raise IllegalActionError(
                f"no figure named {step.figure!r}: expected one of {known}",
                message=Message(
                    "no figure named {name}: expected one of {known}",
                    name=repr(step.figure),
                    known=known,
                ),
            )
        who = {"figure": step.figure}
        if fig.seat != seat:
            raise IllegalActionError(
                f"{step.figure!r} is not a figure of seat {seat}",
                message=Message("{figure} is not one of your figures", **who),
            )
        if fig.out:
            raise IllegalActionError(
                f"{step.figure!r} is out of the game",
                message=Message("{figure} is out of the game", **who),
            )
        if step.figure in seen:
            raise IllegalActionError(
                f"{step.figure!r} appears twice in one move",
                message=Message("{figure} appears twice in one move", **who),
            )
        seen.add(step.figure)
        if len(step.path) < 2:
            raise IllegalActionError(
                f"the path of {step.figure!r} needs a start and an end",
                message=Message("the path of {figure} needs a start and an end", **who),
            )
        start = step.path[0]
        if math.dist(start, fig.pos) > 1e-6:
            raise IllegalActionError(
                f"the path of {step.figure!r} starts at {start!r}, "
                f"but the figure stands at {fig.pos!r}",
                message=Message(
                    "the path of {figure} starts at ({x}, {y}), but it stands at ({fx}, {fy})",
                    x=start[0],
                    y=start[1],
                    fx=fig.pos[0],
                    fy=fig.pos[1],
                    **who,
                ),
            )
        blockers = [p for name, p in positions.items() if name != step.figure]
        try:
            cost = float(state.geo.table.move_cost(step.path, blockers=blockers))
        except MoveError as exc:
            raise IllegalActionError(
                f"{step.figure!r} cannot move so: {exc}",
                message=Message(
                    "{figure} cannot move so: {reason}",
                    reason=message_of(exc) or str(exc),
                    **who,
                ),
            ) from None
        if step.hide and not moves_at_all(step.path):
            raise IllegalActionError(
                f"{step.figure!r} cannot hide without moving: a figure hides after it moves (A7)",
                message=Message(
                    "{figure} cannot hide without moving: a figure hides after it moves (A7)",
                    **who,
                ),
            )
        if step.hide and not state.geo.in_hard_cover(step.path[-1]):
            end = step.path[-1]
            raise IllegalActionError(
                f"{step.figure!r} cannot hide at {end!r}: not in hard cover (D-12)",
                message=Message(
                    "{figure} cannot hide at ({x}, {y}): not in hard cover (D-12)",
                    x=end[0],
                    y=end[1],
                    **who,
                ),
            )
        costs.append(cost)
        positions[step.figure] = step.path[-1]
    return tuple(costs)


def moves_at_all(path: Sequence[Point]) -> bool:
    """Does ``path`` move its figure (A7: hiding comes after a movement)?"""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(path)) > 1e-6


def move_candidates(state: GameState, seat: int, budget: float) -> list[tuple[MoveStep, ...]]:
    """The offered moves (see the module docstring) for ``budget`` inches, memoised."""
    living = tuple((f.name, f.pos) for f in state.figures if not f.out)
    key = ("moves", living, seat, budget)
    return state.geo.memo(key, lambda: _candidates(state, seat, budget))


def _candidates(state: GameState, seat: int, budget: float) -> list[tuple[MoveStep, ...]]:
    geo = state.geo
    own = state.living(seat)
    threats = tuple(e.pos for e in state.enemies(seat))
    if not threats:
        return []
    where = [(f.name, f.pos) for f in state.figures if not f.out]
    out: dict[tuple[MoveStep, ...], None] = {}
    nearest: dict[str, Point] = {}
    for fig in own:
        name, start = fig.name, fig.pos
        blockers = tuple(p for n, p in where if n != name)
        ordered = sorted(threats, key=partial(math.dist, start))
        nearest[name] = ordered[0]
        paths = [geo.advance(start, goal, budget, blockers) for goal in ordered[:_TOWARDS]]
        paths.append(geo.advance(start, ordered[0], budget / 2, blockers))
        paths.append(geo.away(start, ordered[0], budget, blockers))
        for path in paths:
            if path is not None:
                out.setdefault((MoveStep(name, path),), None)
        for path in geo.cover_spots(start, budget, threats, blockers, 2):
            out.setdefault((MoveStep(name, path),), None)
            if geo.in_hard_cover(path[-1]) and moves_at_all(path):
                out.setdefault((MoveStep(name, path, hide=True),), None)
    if len(own) >= 2:
        share = budget / len(own)
        for to_cover in (False, True):
            group = _group(geo, own, where, nearest, threats, share, to_cover=to_cover)
            if group:
                out.setdefault(group, None)
    return list(out)


def _group(
    geo: Geometry,
    own: Sequence[Figure],
    where: Sequence[tuple[str, Point]],
    nearest: dict[str, Point],
    threats: tuple[Point, ...],
    share: float,
    *,
    to_cover: bool,
) -> tuple[MoveStep, ...]:
    moved: dict[str, Point] = {}
    steps: list[MoveStep] = []
    for fig in own:
        blockers = tuple(moved.get(n, p) for n, p in where if n != fig.name)
        path: tuple[Point, ...] | None
        if to_cover:
            spots = geo.cover_spots(fig.pos, share, threats, blockers, 1)
            path = spots[0] if spots else None
        else:
            path = geo.advance(fig.pos, nearest[fig.name], share, blockers)
        if path is not None:
            steps.append(MoveStep(fig.name, path))
            moved[fig.name] = path[-1]
    return tuple(steps)
