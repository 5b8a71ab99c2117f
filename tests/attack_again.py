"""An engine's attack recomputed by ``resolve_attack`` from its ``AttackResolved`` event alone."""

from __future__ import annotations

from totenblatt.wanted.combat import AttackResult, resolve_inputs
from totenblatt.wanted.engine.events import AttackResolved
from totenblatt.wanted.rules import Ruleset


def resolve_again(event: AttackResolved, ruleset: Ruleset) -> AttackResult:
    """What ``resolve_attack`` answers to the inputs ``event`` carries, under ``ruleset``."""
    return resolve_inputs(event, ruleset)
