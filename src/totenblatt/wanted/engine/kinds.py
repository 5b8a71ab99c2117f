"""Each kind of action in one place: its rule check, its effect, and what the engine offers.

A :class:`Kind` holds, for one action class of :mod:`actions` (whose JSON form
follows from its fields), the four things the engine does with it:

* ``check`` — the rule: raise :class:`IllegalActionError` why it is illegal, else
  return the costs the effect needs (a move's step costs);
* ``perform`` — the effect of a checked action, through the round's transitions
  in :mod:`flow` (every change appends its events);
* ``offers`` — the legal actions of this kind that :func:`legal_actions` lists;
* ``available`` — whether the seat could take this kind now at all (``has_choice``:
  the engine passes for a seat that has nothing but Pass and Concede);
* ``phases`` — the decisions in which it may be offered (the others never ask it).

The same predicates (:mod:`checks`) serve ``check`` and ``offers``, so a rule
lives in one place; :func:`check`, :func:`perform`, :func:`legal_actions` and
:func:`has_choice` only look the kind up. A new kind of action is a frozen
dataclass in :mod:`actions` and one :class:`Kind` here.
"""

from __future__ import annotations

from typing import Any

from totenblatt.messages import Message
from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.actions import Action, IllegalActionError
from totenblatt.wanted.engine.kind import Costs, Kind, never
from totenblatt.wanted.engine.kinds_fight import FIGHT_KINDS
from totenblatt.wanted.engine.kinds_round import ROUND_KINDS, pass_for
from totenblatt.wanted.engine.state import GameState, Phase

__all__ = ["KINDS", "Costs", "Kind", "check", "has_choice", "legal_actions", "perform", "settle"]

_ORDER = (
    act.Keep,
    act.Pass,
    act.Swap,
    act.Bid,
    act.Defend,
    act.Attack,
    act.Move,
    act.Reveal,
    act.Redraw,
    act.TemptFate,
    act.Concede,
)
"""The order :func:`legal_actions` lists the kinds in (a random bot's choice depends on it)."""

_BY_CLASS = {kind.action: kind for kind in (*ROUND_KINDS, *FIGHT_KINDS)}
KINDS: dict[type[Action], Kind[Any]] = {cls: _BY_CLASS[cls] for cls in _ORDER}
"""Every kind by its action class, in the order :func:`legal_actions` lists them."""

_OFFERED = {phase: [kind for kind in KINDS.values() if phase in kind.phases] for phase in Phase}
"""Per decision, the kinds that may be offered, in the order they are listed."""
_ASKED = {
    phase: sorted((k for k in kinds if k.available is not never), key=lambda kind: kind.dear)
    for phase, kinds in _OFFERED.items()
}
"""Per decision, the kinds :func:`has_choice` asks (cheap ones first)."""


# -- the engine's questions -------------------------------------------------------------------


def check(state: GameState, seat: int, action: Action) -> Costs:
    """Raise :class:`IllegalActionError` unless ``action`` is legal; a move's step costs."""
    if state.phase is Phase.OVER:
        raise IllegalActionError(Message("the game is over"))
    kind = KINDS.get(type(action))
    if state.fate is not None and (kind is None or not kind.during_fate):
        raise IllegalActionError(Message("Tempt Fate first: keep one of the two cards drawn (B1)"))
    if kind is None:
        raise IllegalActionError(Message("that is not an action of the game"))
    return kind.check(state, seat, action)


def perform(state: GameState, seat: int, action: Action, costs: Costs = ()) -> None:
    """Apply a checked ``action`` of the seat to act (``costs``: what its check returned)."""
    KINDS[type(action)].perform(state, seat, action, costs)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (moves and partial swaps: the offered sets)."""
    if state.phase is Phase.OVER:
        return []
    actions: list[Action] = []
    for kind in _OFFERED[state.phase]:
        actions.extend(kind.offers(state, seat))
    return actions


def has_choice(state: GameState, seat: int) -> bool:
    """True unless passing (or conceding) is all ``seat`` can do; else the engine passes for it."""
    return any(kind.available(state, seat) for kind in _ASKED[state.phase])


def settle(state: GameState) -> None:
    """Pass for every seat to act that has nothing else to do (no choice but pass or concede)."""
    while (
        state.phase is not Phase.OVER
        and state.to_act is not None
        and not has_choice(state, state.to_act)
    ):
        pass_for(state, state.to_act)
