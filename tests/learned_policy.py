"""Policies for the learned bot's tests: random weights of the right sizes, or saved ones."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from totenblatt.wanted.bots import LinearPolicy
from totenblatt.wanted.encoding import MoveSlots, ObservationLayout
from totenblatt.wanted.fast import new_fast_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario, load_scenario


def random_policy(
    scenario: str | Scenario, ruleset: str | Ruleset = "base", seed: int = 0
) -> LinearPolicy:
    """A policy of random weights sized for ``scenario`` under ``ruleset`` (an untrained but
    opinionated player: its picks depend on every number it observes)."""
    scen = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    rules = ruleset if isinstance(ruleset, Ruleset) else Ruleset.load(ruleset)
    slots = MoveSlots(new_fast_game(scen, rules, 0)).size
    size = ObservationLayout(scen, rules).size
    rng = np.random.default_rng(seed)
    return LinearPolicy(rng.normal(size=(slots, size)), rng.normal(size=slots), scen.name)


def saved_policy(folder: Path, scenario: str = "duel", seed: int = 0) -> Path:
    """:func:`random_policy` saved as ``.npz`` in ``folder``; its path."""
    path = folder / f"{scenario}-{seed}.npz"
    random_policy(scenario, "base", seed).save(path)
    return path
