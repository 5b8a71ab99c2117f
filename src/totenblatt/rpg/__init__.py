"""The card-test RPG (seed 004): tests (Proben), exact odds, wounds, characters.

>>> from totenblatt.rpg import probe_odds, resolve_probe
>>> resolve_probe(2, 2, player_cards=[11], opponent_cards=[9]).outcome
<Outcome.SUCCESS: 'success'>
"""

from totenblatt.rpg.character import Character, CharacterError
from totenblatt.rpg.drawing import DrawError, Drawing, Side, loser, pile_order, pile_seed
from totenblatt.rpg.levels import GRENADE_LEVELS, UNAWARE, Shift, ShiftError, grenade_level, shifted
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
    "GRENADE_LEVELS",
    "UNAWARE",
    "Character",
    "CharacterError",
    "DrawError",
    "Drawing",
    "Odds",
    "Outcome",
    "ProbeError",
    "ProbeResult",
    "RpgRuleset",
    "RpgRulesetError",
    "Shift",
    "ShiftError",
    "Side",
    "WoundBand",
    "builtin_rpg_rulesets",
    "card_counts",
    "grenade_level",
    "load_ruleset",
    "loser",
    "pile_order",
    "pile_seed",
    "probe_odds",
    "resolve_probe",
    "shifted",
    "tie_outcome",
]
