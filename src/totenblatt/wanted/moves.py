"""Movement (A6, D-11, A7): the check of any move, and the finite set of offered moves.

``check_move`` accepts any path and any split of the club's inches that the
table allows. ``move_candidates`` offers, for every living figure of the seat:

1. a full move towards each enemy figure (``Table.advance``);
2. a half move towards the nearest enemy;
3. a full move straight away from the nearest enemy;
4. up to two reachable cover spots against all enemies (``Table.cover_spots``),
   each also with ``hide`` when the spot is in hard cover (D-12);

and, when the seat has two or more figures, two group moves that split the
inches evenly: everybody towards its nearest enemy, everybody to its best cover.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from totenblatt.cards import Card
from totenblatt.wanted.actions import IllegalActionError, Move, MoveStep, Point
from totenblatt.wanted.state import Figure, GameState

__all__ = ["check_move", "club_budget", "move_candidates"]

_EPS = 1e-9


def club_budget(state: GameState, card: Card) -> int:
    """Inches a club gives: its game value, 12 for a joker (A6, A12, D-36)."""
    if card.is_joker:
        return state.ruleset.jokers.club_inches
    return state.ruleset.card_value(card)


def check_move(state: GameState, seat: int, move: Move) -> tuple[float, ...]:
    """The cost of every step of ``move``; raises :class:`IllegalActionError` why it is illegal."""
    from totenblatt.wanted.table import MoveError

    budget = club_budget(state, move.card)
    seen: set[str] = set()
    positions = {f.name: f.pos for f in state.figures if not f.out}
    costs: list[float] = []
    for step in move.steps:
        fig = state.by_name.get(step.figure)
        if fig is None:
            known = ", ".join(state.by_name)
            raise IllegalActionError(f"no figure named {step.figure!r}: expected one of {known}")
        if fig.seat != seat:
            raise IllegalActionError(f"{step.figure!r} is not a figure of seat {seat}")
        if fig.out:
            raise IllegalActionError(f"{step.figure!r} is out of the game")
        if step.figure in seen:
            raise IllegalActionError(f"{step.figure!r} appears twice in one move")
        seen.add(step.figure)
        if len(step.path) < 2:
            raise IllegalActionError(f"the path of {step.figure!r} needs a start and an end")
        start = step.path[0]
        if math.dist(start, fig.pos) > 1e-6:
            raise IllegalActionError(
                f"the path of {step.figure!r} starts at {start!r}, "
                f"but the figure stands at {fig.pos!r}"
            )
        blockers = [p for name, p in positions.items() if name != step.figure]
        try:
            cost = float(state.geo.table.move_cost(step.path, blockers=blockers))
        except MoveError as exc:
            raise IllegalActionError(f"{step.figure!r} cannot move so: {exc}") from None
        if step.hide and not state.geo.in_hard_cover(step.path[-1]):
            raise IllegalActionError(
                f"{step.figure!r} cannot hide at {step.path[-1]!r}: not in hard cover (D-12)"
            )
        costs.append(cost)
        positions[step.figure] = step.path[-1]
    total = sum(costs)
    if total > budget + _EPS:
        raise IllegalActionError(
            f'the move costs {total:.2f}" but {move.card} gives only {budget}"'
        )
    return tuple(costs)


def move_candidates(state: GameState, seat: int, budget: float) -> list[tuple[MoveStep, ...]]:
    """The offered moves (see the module docstring) for ``budget`` inches, memoised."""
    living = tuple((f.name, f.pos) for f in state.figures if not f.out)
    key = ("moves", living, seat, budget)
    return state.geo.memo(key, lambda: _candidates(state, seat, budget))


def _candidates(state: GameState, seat: int, budget: float) -> list[tuple[MoveStep, ...]]:
    geo = state.geo
    table = geo.table
    own = state.living(seat)
    enemies = state.enemies(seat)
    out: dict[tuple[MoveStep, ...], None] = {}
    if not enemies:
        return []

    def add(steps: tuple[MoveStep, ...]) -> None:
        out.setdefault(steps, None)

    for fig in own:
        blockers = _blockers(state, fig.name, {})
        threats = [e.pos for e in enemies]
        ordered = sorted(enemies, key=lambda e: math.dist(fig.pos, e.pos))
        nearest = ordered[0]
        paths = [geo.advance(fig.pos, e.pos, budget, blockers) for e in ordered]
        paths.append(geo.advance(fig.pos, nearest.pos, budget / 2, blockers))
        paths.append(
            geo.advance(fig.pos, _away(state, fig.pos, nearest.pos, budget), budget, blockers)
        )
        for path in paths:
            if path is not None and len(path) >= 2:
                add((MoveStep(fig.name, _path(path)),))
        for path in table.cover_spots(fig.pos, budget, threats, blockers=blockers, limit=2):
            if len(path) < 2:
                continue
            clean = _path(path)
            add((MoveStep(fig.name, clean),))
            if geo.in_hard_cover(clean[-1]):
                add((MoveStep(fig.name, clean, hide=True),))
    if len(own) >= 2:
        share = budget / len(own)
        for to_cover in (False, True):
            group = _group(state, own, enemies, share, to_cover=to_cover)
            if group:
                add(group)
    return list(out)


def _path(path: Sequence[Sequence[float]]) -> tuple[Point, ...]:
    return tuple((float(p[0]), float(p[1])) for p in path)


def _blockers(state: GameState, name: str, moved: dict[str, Point]) -> list[Point]:
    return [moved.get(f.name, f.pos) for f in state.figures if not f.out and f.name != name]


def _away(state: GameState, start: Point, threat: Point, budget: float) -> Point:
    dx, dy = start[0] - threat[0], start[1] - threat[1]
    length = math.hypot(dx, dy) or 1.0
    table = state.geo.table
    radius = state.ruleset.movement.base_diameter / 2
    x = min(max(start[0] + dx / length * budget, radius), table.width - radius)
    y = min(max(start[1] + dy / length * budget, radius), table.height - radius)
    return (x, y)


def _group(
    state: GameState,
    own: Sequence[Figure],
    enemies: Sequence[Figure],
    share: float,
    *,
    to_cover: bool,
) -> tuple[MoveStep, ...]:
    table = state.geo.table
    threats = [e.pos for e in enemies]
    moved: dict[str, Point] = {}
    steps: list[MoveStep] = []
    for fig in own:
        blockers = _blockers(state, fig.name, moved)
        path: tuple[Point, ...] | None
        if to_cover:
            spots = table.cover_spots(fig.pos, share, threats, blockers=blockers, limit=1)
            path = _path(spots[0]) if spots else None
        else:
            nearest = min(enemies, key=lambda e: math.dist(fig.pos, e.pos))
            found = state.geo.advance(fig.pos, nearest.pos, share, blockers)
            path = None if found is None else _path(found)
        if path is not None and len(path) >= 2:
            steps.append(MoveStep(fig.name, path))
            moved[fig.name] = path[-1]
    return tuple(steps)
