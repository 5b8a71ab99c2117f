"""The record of one kind of action: its check, its effect, its offers, when it is open.

:mod:`kinds_round` and :mod:`kinds_fight` make one :class:`Kind` per action class;
:mod:`kinds` lists them in order and answers the engine's questions with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from totenblatt.wanted.engine.actions import Action, Concede, Pass
from totenblatt.wanted.engine.state import GameState, Phase

__all__ = ["DECISIONS", "Costs", "Kind", "free", "never"]

Costs = tuple[float, ...]
"""What a check hands to the effect: the step costs of a move, else empty."""

A = TypeVar("A", bound=Action)
F = TypeVar("F", Pass, Concede)
"""The actions that are never a choice of their own (:func:`free`)."""

DECISIONS = frozenset({Phase.SWAP, Phase.BID, Phase.ACTION, Phase.DEFEND})
"""Every decision but the keep of Tempt Fate (B1): no other action is legal then."""


def never(state: GameState, seat: int) -> bool:
    """The ``available`` of a kind that is never a choice of its own (Pass, Concede)."""
    return False


@dataclass(frozen=True, slots=True)
class Kind(Generic[A]):
    """One kind of action: its check, its effect, its offered actions, whether it is open."""

    action: type[A]
    check: Callable[[GameState, int, A], Costs]
    perform: Callable[[GameState, int, A, Costs], None]
    offers: Callable[[GameState, int], Iterable[A]]
    available: Callable[[GameState, int], bool] = never
    """True when the seat may want this kind now (Pass and Concede: never a choice)."""
    phases: frozenset[Phase] = DECISIONS
    """The decisions in which ``offers`` and ``available`` are asked."""
    during_fate: bool = False
    """Legal while a Tempt Fate waits for its keep (B1)."""
    dear: bool = False
    """``available`` enumerates actions: :func:`has_choice` asks it after the cheap ones."""


def free(
    action: type[F],
    perform: Callable[[GameState, int, F, Costs], None],
    *,
    phases: frozenset[Phase] = DECISIONS,
    during_fate: bool = False,
) -> Kind[F]:
    """The kind of an action that is never a choice of its own (Pass, Concede): its check
    costs nothing and it is offered as itself."""
    return Kind(
        action,
        check=lambda state, seat, taken: (),
        perform=perform,
        offers=lambda state, seat: (action(),),
        phases=phases,
        during_fate=during_fate,
    )
