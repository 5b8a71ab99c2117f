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
    from totenblatt.wanted.combat import AttackResult as AttackResult
    from totenblatt.wanted.combat import resolve_attack as resolve_attack
    from totenblatt.wanted.engine import *  # noqa: F403 (the engine's names in _EXPORTS)
    from totenblatt.wanted.rules import Ruleset as Ruleset
    from totenblatt.wanted.rules import RulesetError as RulesetError

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

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
