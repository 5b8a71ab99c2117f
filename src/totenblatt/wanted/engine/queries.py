"""Questions an interface asks about the decision at hand, answered by the engine's own rules.

An interface (the terminal, the browser table) shows numbers and gives hints; it
must not compute a rule to do so. These queries answer from the engine's checks
and measurements — the same functions :meth:`Game.apply` uses — and from public
information only, so what they say may be shown to the seat that asked:

- :func:`move_costs` — the inches each step of a planned move costs, exactly as the
  move check counts them (bases in the way, the steps one after another);
- :func:`inches_up` — a cost or distance as shown: rounded *up* to tenths, so a
  shown cost within a club's inches is one the check accepts, and a shown distance
  within a band's limit is one the band lookup puts in that band;
- :func:`sight` / :func:`sights` — from one figure to one enemy (to every enemy):
  distance, range band and its limit, the weapon's modifier, cover, line of fire,
  and why it may not shoot there now;
- :func:`bid_matters` — whether a bid can change who takes the initiative (a
  bid that cannot only spends a card);
- :func:`retractable` — whether one decision's events drew, dealt or showed no card
  that was hidden, so that the game may be taken back to before it (a takeback).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from totenblatt.messages import Reason
from totenblatt.wanted.engine.actions import Bid, MoveStep, Pass
from totenblatt.wanted.engine.checks import attack_problem, range_modifier, target_cover
from totenblatt.wanted.engine.events import (
    BidPassed,
    BidPlaced,
    Event,
    FigureRevealed,
    FiguresMoved,
    InitiativeWon,
    NothingPlayed,
    SwapDeclined,
)
from totenblatt.wanted.engine.moves import step_costs
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Modifier
from totenblatt.wanted.vocab import Ability, CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.engine.game import Game
    from totenblatt.wanted.engine.state import Figure, GameState

__all__ = [
    "EnemySight",
    "bid_matters",
    "inches_up",
    "initiative_if_nobody_bids",
    "move_costs",
    "retractable",
    "sight",
    "sights",
]

_SLACK = 1e-7
"""Far below any shown digit and above the check's own tolerance (1e-9)."""


def inches_up(value: float, digits: int = 1) -> float:
    """``value`` rounded up to ``digits`` decimals (what a person is shown).

    The move check refuses a cost above the club's inches (A6) and the band lookup
    puts a distance above a band's limit into the next band (D-14); limits are
    whole or tenth inches. Rounded up, a shown figure is within a limit exactly when
    the real one is: 4.004" shows as 4.1" (beyond a 4" club), 3.96" as 4.0".

    >>> inches_up(4.004), inches_up(3.96), inches_up(4.0), inches_up(4.0000000001)
    (4.1, 4.0, 4.0, 4.0)
    """
    scale = float(10**digits)
    return math.ceil(value * scale - _SLACK * scale) / scale


def move_costs(game: Game, steps: tuple[MoveStep, ...]) -> tuple[float, ...]:
    """Each step's cost in inches as the move check of the seat to act counts it.

    Raises :class:`~totenblatt.wanted.engine.actions.IllegalActionError` (with its
    message) when the table refuses a step; the club is not judged here (ask
    :meth:`Game.refusal` with the whole move).
    """
    seat = game.to_act
    if seat is None:
        return ()
    return step_costs(game.state, seat, steps)


@dataclass(frozen=True, slots=True)
class EnemySight:
    """What a figure would face shooting at one enemy now (D-11, D-12, D-14, D-15, D-17)."""

    target: str
    distance: float
    """Inches, measured as the engine measures (D-11)."""
    band: int | None
    """The range band (Sharpshooter's bands for a sharpshooter), None beyond the last."""
    modifier: Modifier
    """The shooter's weapon modifier in that band, or ``"miss"``."""
    cover: CoverLevel
    """The target's cover against this shooter (hidden: hard, D-12)."""
    line_of_fire: bool
    problem: Reason | None
    """Why the figure may not shoot at the target now (None: it may, with a spade)."""
    band_limit: float | None = None
    """The farthest distance of that band (inches), None beyond the last."""


def sight(state: GameState, shooter: Figure, target: Figure) -> EnemySight:
    """What ``shooter`` faces shooting at ``target`` now (see :class:`EnemySight`)."""
    sharpshooter = Ability.SHARPSHOOTER in shooter.abilities
    rules = state.ruleset
    distance, line = state.geo.sight(shooter.pos, target.pos)
    band = rules.band_index(distance, sharpshooter=sharpshooter)
    bands = rules.attack.sharpshooter_bands if sharpshooter else rules.attack.bands
    return EnemySight(
        target=target.name,
        distance=distance,
        band=band,
        modifier=range_modifier(state, shooter, distance),
        cover=target_cover(state, shooter, target),
        line_of_fire=line,
        problem=attack_problem(state, shooter, target),
        band_limit=None if band is None else bands[band],
    )


def sights(state: GameState, figure: str) -> list[EnemySight]:
    """From ``figure`` to each living enemy, in scenario order (see :class:`EnemySight`).

    Only public facts: positions, weapons, abilities, hidden flags and the table.
    """
    shooter = state.by_name[figure]
    return [sight(state, shooter, enemy) for enemy in state.enemies(shooter.seat)]


def initiative_if_nobody_bids(game: Game) -> int | None:
    """Who takes the initiative if the seat to bid passes and so does every seat after it.

    None outside a bid, or when a seat still to bid after this one holds cards (it
    may bid: whether it holds a diamond is not public). The engine itself finds the
    answer, on a copy of the game.
    """
    state = game.state
    if game.phase is not Phase.BID or not state.bid_order:
        return None
    if any(state.seat_cards(s) for s in state.bid_order[1:]):
        return None
    return _initiative(game.clone())


def _initiative(twin: Game, first: Bid | None = None) -> int | None:
    """On ``twin``: ``first`` (or a pass), then passes until the initiative is won."""
    events = twin.state.events
    start = len(events)
    if first is not None:
        twin.apply(first)
    while True:
        won = [e for e in events[start:] if isinstance(e, InitiativeWon)]
        if won:
            return won[0].seat
        if twin.phase is not Phase.BID:
            return None
        twin.apply(Pass())


def bid_matters(game: Game, bid: Bid) -> bool:
    """Can ``bid`` change who takes the initiative?

    False when every seat still to bid after this one has no cards (so none can
    bid) and the initiative goes to the same seat whether this seat bids or passes:
    it would act first anyway (A4, D-35), or the bid does not beat the best bid
    (D-10). The card would still count as played for D-8 (a cycle with a card in
    it does not bring the round's end nearer), but it would not change who acts.
    True when it may: a later seat may still bid, or the bid takes the initiative.
    """
    passing = initiative_if_nobody_bids(game)
    if passing is None or game.refusal(bid) is not None:
        return True  # a later seat may bid (or no bid the engine takes): it may matter
    return _initiative(game.clone(), bid) != passing


_RETRACTABLE = frozenset(
    {BidPassed, BidPlaced, FigureRevealed, FiguresMoved, InitiativeWon, NothingPlayed, SwapDeclined}
)
"""Events that draw, deal, shuffle and show no card hidden from anybody: a move (its club),
a hide, a reveal, a bid (its diamond), a pass, and the initiative they settle (A4, A5)."""


def retractable(events: Sequence[Event]) -> bool:
    """May the decision that made ``events`` (all of them, in order) be taken back?

    True when every event is a move, a hide or reveal, a bid, a pass or the initiative it
    settles: none drew, dealt, shuffled or showed a card that was hidden (an attack shows
    the defence, a redraw or a swap draws, the end of a round deals anew), so the game
    before it can come back exactly and nobody learnt a hidden card from it. False for
    no events at all.

    >>> from totenblatt.wanted.engine.events import BidPassed, RoundEnded
    >>> retractable([BidPassed(1)]), retractable([BidPassed(1), RoundEnded(1, "", (0, 0), 0)])
    (True, False)
    """
    return bool(events) and all(type(event) in _RETRACTABLE for event in events)
