"""An engine's attack recomputed by ``resolve_attack`` from its ``AttackResolved`` event alone."""

from __future__ import annotations

from totenblatt.wanted.combat import AttackResult, resolve_attack
from totenblatt.wanted.engine.events import AttackResolved
from totenblatt.wanted.rules import Ruleset


def resolve_again(event: AttackResolved, ruleset: Ruleset) -> AttackResult:
    """What ``resolve_attack`` answers to the inputs ``event`` carries, under ``ruleset``."""
    return resolve_attack(
        event.attack,
        weapon=event.weapon,
        distance=event.distance,
        defense=event.defense,
        cover=event.cover,
        attacker_abilities=event.attacker_abilities,
        defender_abilities=event.defender_abilities,
        extra_defense=event.extra_defense,
        ruleset=ruleset,
    )
