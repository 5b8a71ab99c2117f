"""Wanted: Dead or Alive — rules, attack resolver, table, scenarios, engine and bots.

>>> from totenblatt.wanted import new_game, Game
>>> game = new_game(scenario="duel", ruleset="base", seed=7)
>>> isinstance(game, Game), game.is_over
(True, False)

Names are imported on first use, so this package imports even while a
sibling module is missing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from totenblatt.wanted.combat import AttackResult, resolve_attack
    from totenblatt.wanted.engine.actions import (
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
    )
    from totenblatt.wanted.engine.events import Event
    from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
    from totenblatt.wanted.engine.save import SaveError
    from totenblatt.wanted.engine.state import Phase
    from totenblatt.wanted.rules import Ruleset, RulesetError

_EXPORTS = {
    "Action": "engine.actions",
    "Attack": "engine.actions",
    "Bid": "engine.actions",
    "Concede": "engine.actions",
    "Defend": "engine.actions",
    "IllegalActionError": "engine.actions",
    "Keep": "engine.actions",
    "Move": "engine.actions",
    "MoveStep": "engine.actions",
    "Pass": "engine.actions",
    "Redraw": "engine.actions",
    "Reveal": "engine.actions",
    "Swap": "engine.actions",
    "TemptFate": "engine.actions",
    "AttackResult": "combat",
    "resolve_attack": "combat",
    "Game": "engine.game",
    "new_game": "engine.game",
    "stacked_deal": "engine.game",
    "Event": "engine.events",
    "Ruleset": "rules",
    "RulesetError": "rules",
    "SaveError": "engine.save",
    "Phase": "engine.state",
}

__all__ = [
    "Action",
    "Attack",
    "AttackResult",
    "Bid",
    "Concede",
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
    "Ruleset",
    "RulesetError",
    "SaveError",
    "Swap",
    "TemptFate",
    "new_game",
    "resolve_attack",
    "stacked_deal",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
