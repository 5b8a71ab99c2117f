"""A fight's outcome for one gang, read the same way wherever it is recorded or asked about.

The terminal (``fight play``), the browser's campaign and the store record a played
fight with the same facts of its :class:`~totenblatt.campaign.advancement.FightOutcome`;
the conceding side's sacrifice is chosen among its survivors at their final HP.

>>> from totenblatt.campaign.advancement import FightOutcome, MemberOutcome
>>> outcome = FightOutcome({"Kit": MemberOutcome(died=True), "Jo": MemberOutcome(hp=2)})
>>> outcome_args(outcome)
{'died': ['Kit'], 'hp': {'Jo': 2}, 'conceded': False, 'sacrifice': None}
>>> survivors_hp(outcome)
{'Jo': 2}
"""

from __future__ import annotations

from typing import Any

from totenblatt.campaign.advancement import FightOutcome

__all__ = ["outcome_args", "survivors_hp"]


def outcome_args(outcome: FightOutcome) -> dict[str, Any]:
    """The outcome as JSON: who died, the HP given, whether the gang conceded, who was
    sacrificed."""
    return {
        "died": [n for n, o in outcome.members.items() if o.died],
        "hp": {n: o.hp for n, o in outcome.members.items() if o.hp is not None},
        "conceded": outcome.conceded,
        "sacrifice": outcome.sacrifice,
    }


def survivors_hp(outcome: FightOutcome) -> dict[str, int]:
    """The final HP of each member who lived and whose HP the outcome gives."""
    return {n: o.hp for n, o in outcome.members.items() if not o.died and o.hp is not None}
