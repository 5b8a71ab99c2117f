"""The arithmetic of a gunfight: one spade against one heart (A8-A12, B1).

The result carries its inputs, normalised (cards, weapon key, cover levels,
abilities), and the cover that counted, so an explanation needs nothing else.

>>> r = resolve_attack("Q♠", weapon="gewehr", distance=7, defense="Herz 4", cover="mittel")
>>> r.attack_value, r.defense_value, r.base_wounds, r.extra_wounds, r.wounds
(11, 6, 2, 1, 3)
>>> str(r.defense), r.weapon, r.effective_cover, r.booklet_wounds
('4♥', 'winchester', <CoverLevel.MEDIUM: 'medium'>, 2)
>>> resolve_attack("A♠", weapon="colt", distance=1.5, cover="hidden").effective_cover
<CoverLevel.HARD: 'hard'>

What the wounds then do to the target (A11: one at a time, out at 0 HP with another wound,
the killer gains 1 HP; B1 9: Nine Lives draws) is :func:`take_wounds`:

>>> after = take_wounds(r.wounds, target_hp=2, killer_hp=4)
>>> after.hp, after.out, after.killer_gain, after.killer_hp
(0, True, 1, 5)
>>> saved = take_wounds(3, target_hp=2, nine_lives=("9♦", "4♣"))
>>> saved.hp, saved.out, saved.nine_lives.survived, saved.killer_gain
(0, False, True, 0)
"""

from totenblatt.wanted.combat.attack import (
    ATTACKER_ABILITIES,
    DEFENDER_ABILITIES,
    AttackInputError,
    AttackInputs,
    AttackResult,
    Reason,
    parse_abilities,
    resolve_attack,
    resolve_inputs,
)
from totenblatt.wanted.combat.wounds import (
    JOKER_HIGH,
    Aftermath,
    NineLivesDraw,
    draw_nine_lives,
    nine_lives_survives,
    take_wounds,
)

__all__ = [
    "ATTACKER_ABILITIES",
    "DEFENDER_ABILITIES",
    "JOKER_HIGH",
    "Aftermath",
    "AttackInputError",
    "AttackInputs",
    "AttackResult",
    "NineLivesDraw",
    "Reason",
    "draw_nine_lives",
    "nine_lives_survives",
    "parse_abilities",
    "resolve_attack",
    "resolve_inputs",
    "take_wounds",
]
