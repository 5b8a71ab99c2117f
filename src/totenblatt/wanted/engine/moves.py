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

import enum
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from totenblatt.cards import Card
from totenblatt.messages import Message, message_of
from totenblatt.wanted.engine.actions import IllegalActionError, Move, MoveStep, Plan, Point
from totenblatt.wanted.engine.state import GameState

if TYPE_CHECKING:
    from totenblatt.wanted.engine.geometry import Geometry

__all__ = [
    "FIGURE_SLOTS",
    "GROUP_SLOTS",
    "Situation",
    "Slot",
    "check_move",
    "club_budget",
    "menu",
    "planned",
]

_EPS = 1e-9


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
            Message(
                'the move costs {cost}" but {card} gives only {inches}"',
                cost=round(total, 2),
                card=move.card,
                inches=budget,
            )
        )
    return costs


def step_costs(state: GameState, seat: int, steps: tuple[MoveStep, ...]) -> tuple[float, ...]:
    """Every step's cost (A6, D-11, D-12), checked one after another, without a budget."""
    from totenblatt.wanted.table.measure import BaseOverlapError, MoveError

    seen: set[str] = set()
    positions = {f.name: f.pos for f in state.figures if not f.out}
    costs: list[float] = []
    for step in steps:
        _check_step(state, seat, step, seen)
        who = {"figure": step.figure}
        others = [name for name in positions if name != step.figure]
        blockers = [positions[name] for name in others]
        try:
            cost = float(state.geo.table.move_cost(step.path, blockers=blockers))
        except BaseOverlapError as exc:
            other = others[exc.blocker]
            raise IllegalActionError(
                Message(
                    "{figure} cannot end the move on the base of {other}: bases may not overlap",
                    other=other,
                    **who,
                )
            ) from None
        except MoveError as exc:
            raise IllegalActionError(
                Message(
                    "{figure} cannot move so: {reason}",
                    reason=message_of(exc) or str(exc),
                    **who,
                )
            ) from None
        _check_hide(state, step)
        costs.append(cost)
        positions[step.figure] = step.path[-1]
    return tuple(costs)


def _check_step(state: GameState, seat: int, step: MoveStep, seen: set[str]) -> None:
    """One step's figure: the seat's, in the game, once per move, its path starting at it."""
    fig = state.by_name.get(step.figure)
    if fig is None:
        known = ", ".join(state.by_name)
        raise IllegalActionError(
            Message(
                "no figure named {name}: expected one of {known}",
                name=repr(step.figure),
                known=known,
            )
        )
    who = {"figure": step.figure}
    if fig.seat != seat:
        raise IllegalActionError(Message("{figure} is not one of your figures", **who))
    if fig.out:
        raise IllegalActionError(Message("{figure} is out of the game", **who))
    if step.figure in seen:
        raise IllegalActionError(Message("{figure} appears twice in one move", **who))
    seen.add(step.figure)
    if len(step.path) < 2:
        raise IllegalActionError(Message("the path of {figure} needs a start and an end", **who))
    start = step.path[0]
    if math.dist(start, fig.pos) > 1e-6:
        raise IllegalActionError(
            Message(
                "the path of {figure} starts at ({x}, {y}), but it stands at ({fx}, {fy})",
                x=start[0],
                y=start[1],
                fx=fig.pos[0],
                fy=fig.pos[1],
                **who,
            )
        )


def _check_hide(state: GameState, step: MoveStep) -> None:
    """A step that hides moves and ends in hard cover (A7, D-12)."""
    who = {"figure": step.figure}
    if step.hide and not moves_at_all(step.path):
        raise IllegalActionError(
            Message(
                "{figure} cannot hide without moving: a figure hides after it moves (A7)",
                **who,
            )
        )
    if step.hide and not state.geo.in_hard_cover(step.path[-1]):
        end = step.path[-1]
        raise IllegalActionError(
            Message(
                "{figure} cannot hide at ({x}, {y}): not in hard cover (D-12)",
                x=end[0],
                y=end[1],
                **who,
            )
        )


def moves_at_all(path: Sequence[Point]) -> bool:
    """Does ``path`` move its figure (A7: hiding comes after a movement)?"""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(path)) > 1e-6


class Slot(enum.Enum):
    """One entry of the menu of offered moves (module docstring); its value names it."""

    TOWARD = "toward"
    TOWARD_2 = "toward_2"
    HALF = "half"
    AWAY = "away"
    COVER = "cover"
    COVER_2 = "cover_2"
    HIDE = "hide"
    GROUP = "group"
    GROUP_COVER = "group_cover"


FIGURE_SLOTS = (
    Slot.TOWARD,
    Slot.TOWARD_2,
    Slot.HALF,
    Slot.AWAY,
    Slot.COVER,
    Slot.COVER_2,
    Slot.HIDE,
)
"""The menu of one figure, in the order it is offered."""
_ONE_ENEMY = tuple(s for s in FIGURE_SLOTS if s is not Slot.TOWARD_2)
"""A figure's menu when there is only one enemy to go towards."""
GROUP_SLOTS = (Slot.GROUP, Slot.GROUP_COVER)
"""The menu of the seat's whole group (two or more figures), after every figure's."""

Living = tuple[tuple[str, Point], ...]
"""Every figure still in the game and where it stands, in scenario order."""


@dataclass(frozen=True, slots=True)
class Situation:
    """What the offered moves of one seat depend on: who stands where, who is an enemy."""

    geo: Geometry
    living: Living
    threats: tuple[Point, ...]
    """The enemies' positions (scenario order)."""

    @classmethod
    def of(cls, state: GameState, seat: int) -> Situation:
        """The seat's situation now (a snapshot: later changes of ``state`` do not reach it)."""
        living = tuple((f.name, f.pos) for f in state.figures if not f.out)
        return cls(state.geo, living, tuple(e.pos for e in state.enemies(seat)))


def planned(
    situation: Situation, movers: tuple[str, ...], budget: float, slot: Slot
) -> tuple[MoveStep, ...]:
    """The steps of menu entry ``slot`` for ``movers`` with ``budget`` inches (each), memoised
    per table: a pure function of its arguments."""
    s = situation
    key = ("plan", s.living, s.threats, movers, budget, slot)
    return s.geo.memo(key, partial(_resolve, s, movers, budget, slot))


def _resolve(
    s: Situation, movers: tuple[str, ...], budget: float, slot: Slot
) -> tuple[MoveStep, ...]:
    if not s.threats:
        return ()
    if slot is Slot.GROUP or slot is Slot.GROUP_COVER:
        return _group(s, movers, budget, to_cover=slot is Slot.GROUP_COVER)
    name = movers[0]
    step = _single(s, name, dict(s.living)[name], budget, slot)
    return () if step is None else (step,)


def menu(situation: Situation, movers: Sequence[tuple[str, float]], group: float) -> list[Plan]:
    """The offered moves of ``movers`` (name and budget each), then the group's (``group``
    inches, split evenly; none for fewer than two movers): one :func:`planned` each, not
    yet run."""
    if not situation.threats:
        return []
    one = FIGURE_SLOTS if len(situation.threats) > 1 else _ONE_ENEMY
    out: list[Plan] = [
        partial(planned, situation, (name,), budget, slot)
        for name, budget in movers
        for slot in one
    ]
    if len(movers) >= 2:
        names = tuple(name for name, _ in movers)
        share = group / len(movers)
        out += [partial(planned, situation, names, share, slot) for slot in GROUP_SLOTS]
    return out


def _single(s: Situation, name: str, start: Point, budget: float, slot: Slot) -> MoveStep | None:
    geo = s.geo
    blockers = tuple(p for n, p in s.living if n != name)
    ordered = sorted(s.threats, key=partial(math.dist, start))
    path: tuple[Point, ...] | None
    if slot is Slot.TOWARD or slot is Slot.TOWARD_2:
        path = geo.advance(start, ordered[0 if slot is Slot.TOWARD else 1], budget, blockers)
    elif slot is Slot.HALF:
        path = geo.advance(start, ordered[0], budget / 2, blockers)
    elif slot is Slot.AWAY:
        path = geo.away(start, ordered[0], budget, blockers)
    else:
        spots = geo.router.cover_spots(start, budget, s.threats, blockers, 2)
        if slot is Slot.HIDE:
            for spot in spots:
                if (
                    geo.in_hard_cover(spot[-1])
                    and moves_at_all(spot)
                    and _fits(geo, spot, blockers, budget)
                ):
                    return MoveStep(name, spot, hide=True)
            return None
        k = 0 if slot is Slot.COVER else 1
        path = spots[k] if len(spots) > k else None
    return None if path is None or not _fits(geo, path, blockers, budget) else MoveStep(name, path)


def _fits(
    geo: Geometry, path: tuple[Point, ...], blockers: tuple[Point, ...], budget: float
) -> bool:
    """Does the exact check of :func:`step_costs` accept ``path`` for ``budget`` inches? (The
    router's answers are built to; a leg that ends a hair inside difficult ground may not.)"""
    from totenblatt.wanted.table.measure import MoveError

    try:
        return geo.table.move_cost(path, blockers=blockers) <= budget + _EPS
    except MoveError:
        return False


def _group(
    s: Situation, movers: tuple[str, ...], share: float, *, to_cover: bool
) -> tuple[MoveStep, ...]:
    """Every mover ``share`` inches towards its nearest enemy or to its best cover spot, in
    order, each after the ones before it have moved (none of them may end on another)."""
    geo = s.geo
    moved: dict[str, Point] = {}
    steps: list[MoveStep] = []
    where = dict(s.living)
    for name in movers:
        start = where[name]
        blockers = tuple(moved.get(n, p) for n, p in s.living if n != name)
        path: tuple[Point, ...] | None
        if to_cover:
            spots = geo.router.cover_spots(start, share, s.threats, blockers, 1)
            path = spots[0] if spots else None
        else:
            nearest = min(s.threats, key=partial(math.dist, start))
            path = geo.advance(start, nearest, share, blockers)
        if path is not None and _fits(geo, path, blockers, share):
            steps.append(MoveStep(name, path))
            moved[name] = path[-1]
    return tuple(steps)
