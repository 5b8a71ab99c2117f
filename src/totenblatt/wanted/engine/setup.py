"""What a game is made from besides its actions: ruleset, scenario, seed, stacked deck."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from totenblatt.cards import Card
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = ["Setup"]


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a game is made from besides its actions (saved with it)."""

    ruleset: Ruleset
    ruleset_ref: str | dict[str, Any]
    """The built-in name, or the whole ruleset when it is not a built-in one."""
    scenario: Scenario
    scenario_ref: str
    seed: int
    dealer: int | None
    deck_orders: tuple[tuple[Card, ...], ...]
