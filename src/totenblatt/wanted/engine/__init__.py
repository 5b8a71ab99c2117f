"""The game state machine of Wanted: Dead or Alive (rules.md Part A, extended Part B).

:func:`new_game` deals a game; :class:`Game` says who decides what, lists and checks
actions, applies them (each change appends frozen events), shows each seat its
:meth:`~Game.view` and saves the whole game as a referee file. Actions
(:mod:`~totenblatt.wanted.engine.actions`) and events
(:mod:`~totenblatt.wanted.engine.events`) are frozen values with a JSON form.
"""

from totenblatt.wanted.engine.actions import (
    ACTION_TYPES,
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    IllegalActionError,
    Keep,
    Move,
    MoveStep,
    Pass,
    Redraw,
    Reveal,
    Swap,
    TemptFate,
    action_from_dict,
    action_to_dict,
)
from totenblatt.wanted.engine.events import (
    Event,
    event_from_dict,
    event_to_dict,
    public_event_dict,
    visible_to,
)
from totenblatt.wanted.engine.game import DeckOrder, Game, new_game, stacked_deal
from totenblatt.wanted.engine.save import MAX_SAVE_BYTES, SaveError
from totenblatt.wanted.engine.setup import Setup
from totenblatt.wanted.engine.state import Phase

__all__ = [
    "ACTION_TYPES",
    "MAX_SAVE_BYTES",
    "Action",
    "Attack",
    "Bid",
    "Concede",
    "DeckOrder",
    "Defend",
    "Event",
    "Game",
    "IllegalActionError",
    "Keep",
    "Move",
    "MoveStep",
    "Pass",
    "Phase",
    "Redraw",
    "Reveal",
    "SaveError",
    "Setup",
    "Swap",
    "TemptFate",
    "action_from_dict",
    "action_to_dict",
    "event_from_dict",
    "event_to_dict",
    "new_game",
    "public_event_dict",
    "stacked_deal",
    "visible_to",
]
