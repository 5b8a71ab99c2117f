"""Moves being planned: the path a figure takes, what it costs, the club that pays for it.

A person drags a figure (the browser) or types a spot (the terminal); the
interface asks here which path the figure takes (straight, or round walls when
that is cheaper, :func:`route`), which club the engine accepts for the move
(:func:`pay`) and, for the browser's ruler, everything at once (:func:`ruler`).
Every cost comes from the engine's own step check, every verdict from
:meth:`Game.refusal`; nothing here decides a rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from totenblatt.cards import Card
from totenblatt.messages import MessageError
from totenblatt.wanted.ask.refusal import Refusal
from totenblatt.wanted.engine.actions import IllegalActionError, Move, MoveStep, Point
from totenblatt.wanted.engine.clubs import club_inches, move_bonus
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.moves import step_costs
from totenblatt.wanted.engine.state import GameState, Phase
from totenblatt.wanted.table.measure import MoveError
from totenblatt.wanted.vocab import CoverLevel

__all__ = [
    "MovePlan",
    "Payment",
    "Route",
    "Threat",
    "clubs",
    "nearest_enemy",
    "pay",
    "route",
    "ruler",
]

_SAME_SPOT = 0.01
"""A route that ends this close (inches) to the goal reaches it."""


@dataclass(frozen=True, slots=True)
class Route:
    """The path a figure takes to a spot, and why the table refuses it (None: it may walk it)."""

    path: tuple[Point, ...]
    problem: MoveError | None


def route(game: Game, figure: str, goal: Point, moved: Mapping[str, Point] | None = None) -> Route:
    """The cheaper of the straight path and the router's path round walls to ``goal``.

    The other bases stand where ``moved`` puts them (the figures moved before in the
    same move), else where they are. Of two legal paths the straight one wins a tie;
    when the table refuses both, the straight one and the table's reason.
    """
    st = game.state
    start = game.figure(figure).pos
    where = dict(moved or {})
    blockers = [where.get(f.name, f.pos) for f in st.figures if not f.out and f.name != figure]
    paths: list[tuple[Point, ...]] = [(start, goal)]
    found = tuple((float(x), float(y)) for x, y in st.geo.router.route(start, goal))
    if len(found) >= 2 and math.dist(found[-1], goal) < _SAME_SPOT and found != paths[0]:
        paths.append(found)
    best: tuple[float, tuple[Point, ...]] | None = None
    problem: MoveError | None = None
    for path in paths:
        try:
            cost = st.geo.table.move_cost(path, blockers=blockers)
        except MoveError as exc:
            problem = problem or exc
            continue
        if best is None or cost < best[0]:
            best = (cost, path)
    return Route(best[1], None) if best else Route(paths[0], problem)


def _hand(st: GameState, seat: int, figure: str | None) -> list[Card]:
    """The cards a club for ``figure`` comes from: its own hand per character, else the seat's."""
    if st.per_character and figure in st.index and st.index[figure] in st.holders[seat]:
        return st.hands[st.index[figure]]
    return st.seat_cards(seat)


def clubs(
    game: Game, figure: str | None, *, card: Card | None = None, wild: bool | None = None
) -> tuple[tuple[Card, bool], ...]:
    """The (card, played as a joker) pairs to pay a move of ``figure`` with, in the order to try.

    The pairs the engine offers the seat to act from the hand the club comes from
    (the figure's, per character), the smallest club first: jokers and wild 2s last,
    of equal inches the lower card. When the engine offers none, every card of that
    hand (the engine then says why none pays). ``card``: only that card — played as
    ``wild`` says, or (``wild`` None) either way the engine offers it, else as itself.
    """
    if card is not None and wild is not None:
        return ((card, wild),)
    st = game.state
    seat = game.to_act
    if seat is None:
        return ()
    hand = _hand(st, seat, figure)
    offered = dict.fromkeys((a.card, a.wild) for a in game.legal_actions() if isinstance(a, Move))
    if offered:
        held = set(hand)
        pairs = [p for p in offered if p[0] in held]
    else:
        pairs = [(c, False) for c in dict.fromkeys(hand)]
    if card is not None:
        pairs = [p for p in pairs if p[0] == card] or [(card, False)]

    def order(pair: tuple[Card, bool]) -> tuple[int, bool, bool, int]:
        """Sort key: inches, then jokers and wild cards last, then rank."""
        c, as_joker = pair
        return (club_inches(st, c, as_joker), c.is_joker, as_joker, 0 if c.rank is None else c.rank)

    return tuple(sorted(pairs, key=order))


@dataclass(frozen=True, slots=True)
class Payment:
    """The club that pays for a move, or why none does."""

    move: Move | None
    """The move with the first club the engine accepts; None when it accepts none."""
    card: Card | None
    """The club of ``move``; when none is accepted, the first one tried (None: none tried)."""
    wild: bool
    """``card`` is a 2 played as a joker (B1 Wild 2)."""
    allowance: int | None
    """Inches ``card`` gives (with the movers' Light-Footed inches when accepted)."""
    refusal: IllegalActionError | None
    """Why the engine refuses the last club tried (None when one is accepted)."""
    can_hide: bool
    """The accepted move may declare its last figure hidden where it ends (A7, D-12)."""


def pay(
    game: Game,
    steps: Sequence[MoveStep],
    *,
    card: Card | None = None,
    wild: bool | None = None,
) -> Payment:
    """The first club of :func:`clubs` the engine accepts for ``steps`` (``card``: that card)."""
    st = game.state
    steps = tuple(steps)
    options = clubs(game, steps[0].figure if steps else None, card=card, wild=wild)
    refusal: IllegalActionError | None = None
    for chosen, as_joker in options:
        move = Move(chosen, steps, as_joker)
        refusal = game.refusal(move)
        if refusal is None:
            inches = club_inches(st, chosen, as_joker) + move_bonus(st, move)
            hidden = False
            if steps:
                last = steps[-1]
                hide = MoveStep(last.figure, last.path, True)
                hidden = game.refusal(Move(chosen, (*steps[:-1], hide), as_joker)) is None
            return Payment(move, chosen, as_joker, inches, None, hidden)
    if not options:
        return Payment(None, None, False, None, None, False)
    first, as_joker = options[0]
    return Payment(None, first, as_joker, club_inches(st, first, as_joker), refusal, False)


@dataclass(frozen=True, slots=True)
class MovePlan:
    """The ruler of a move being planned: its steps, their costs, the club that pays."""

    steps: tuple[MoveStep, ...]
    """The steps planned before (other figures) and the routed step last."""
    costs: tuple[float, ...] | None
    """Each step's inches as the move check counts them; None when it refuses a step."""
    problem: MessageError | Refusal | None
    """Why the plan is not a legal move now: the table's or the engine's refusal, or a
    :class:`Refusal`; None when it is."""
    card: Card | None
    wild: bool
    allowance: int | None
    """See :class:`Payment` (a club asked for and refused: its own inches)."""
    move: Move | None
    """The legal move, or None."""
    can_hide: bool


def ruler(
    game: Game,
    seat: int,
    figure: str,
    goal: Point,
    *,
    before: Sequence[MoveStep] = (),
    hide: bool = False,
    card: Card | None = None,
    wild: bool = False,
) -> MovePlan:
    """What moving ``figure`` of ``seat`` to ``goal`` after the steps ``before`` would be.

    The figure takes its :func:`route`; the costs are the engine's step check's (for
    ``seat``, even when another seat acts); the club is ``card`` (played as ``wild``)
    or the smallest the engine accepts (:func:`pay`).
    """
    planned = [s for s in before if s.figure != figure]
    path = route(game, figure, goal, {s.figure: s.path[-1] for s in planned})
    steps = (*planned, MoveStep(figure, path.path, hide))
    try:
        costs = step_costs(game.state, seat, steps)
    except IllegalActionError as exc:
        return MovePlan(steps, None, path.problem or exc, None, False, None, None, False)
    if game.to_act != seat or game.phase is not Phase.ACTION:
        return MovePlan(steps, costs, Refusal.NOT_YOUR_DECISION, None, False, None, None, False)
    paid = pay(game, steps, card=card, wild=wild if card is not None else None)
    if paid.move is not None:
        return MovePlan(
            steps, costs, None, paid.card, paid.wild, paid.allowance, paid.move, paid.can_hide
        )
    if card is None:
        return MovePlan(steps, costs, Refusal.NO_CLUB, None, False, None, None, False)
    return MovePlan(steps, costs, paid.refusal, paid.card, paid.wild, paid.allowance, None, False)


@dataclass(frozen=True, slots=True)
class Threat:
    """The nearest enemy of a spot: who, how far (inches, D-11), the spot's cover against it."""

    figure: str
    distance: float
    cover: CoverLevel


def nearest_enemy(game: Game, seat: int, spot: Point) -> Threat | None:
    """The living enemy of ``seat`` nearest to ``spot`` (the first of equals), None without one."""
    st = game.state
    best: tuple[str, float, Point] | None = None
    for enemy in st.enemies(seat):
        distance = st.geo.table.distance(enemy.pos, spot)
        if best is None or distance < best[1]:
            best = (enemy.name, distance, enemy.pos)
    if best is None:
        return None
    return Threat(best[0], best[1], st.geo.cover(best[2], spot))
