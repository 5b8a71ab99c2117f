"""The card-test RPG (seed 004): tests (Proben), exact odds, wounds, characters.

>>> from totenblatt.rpg import probe_odds, resolve_probe
>>> resolve_probe(2, 2, player_cards=[11], opponent_cards=[9]).outcome
<Outcome.SUCCESS: 'success'>
"""

from totenblatt.rpg.character import Character, CharacterError
from totenblatt.rpg.odds import Odds, probe_odds
from totenblatt.rpg.probe import ProbeError, ProbeResult, card_counts, resolve_probe, tie_outcome
from totenblatt.rpg.rules import (
    Outcome,
    RpgRuleset,
    RpgRulesetError,
    WoundBand,
    builtin_rpg_rulesets,
    load_ruleset,
)

__all__ = [
    "Character",
    "CharacterError",
    "Odds",
    "Outcome",
    "ProbeError",
    "ProbeResult",
    "RpgRuleset",
    "RpgRulesetError",
    "WoundBand",
    "builtin_rpg_rulesets",
    "card_counts",
    "load_ruleset",
    "probe_odds",
    "resolve_probe",
    "tie_outcome",
]
