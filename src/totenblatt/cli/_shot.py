"""One shot as typed: what ``attack`` (the resolver) and ``odds attack`` both read.

Their options are declared once in :mod:`totenblatt.cli.options` (``--cover``,
``--attacker-ability``, ``--wild``, ``--target-ability`` …); these functions read
their values the same way for both commands. A refusal is one line (exit 2).

>>> with_wild(["sharpshooter"], True)
('sharpshooter', <Ability.WILD_2: 'wild_2'>)
>>> nine_lives(["nine_lives, "], 2), nine_lives(None, None)
(True, False)
"""

from __future__ import annotations

import math

from totenblatt.cli.app import fail
from totenblatt.messages import Message
from totenblatt.wanted.vocab import Ability, parse_word

__all__ = ["check_distance", "nine_lives", "with_wild"]


def check_distance(distance: float) -> None:
    """Refuse a distance that is not a finite number (``--distance``)."""
    if not math.isfinite(distance):
        fail(
            Message(
                "--distance must be a finite number of inches >= 0, got {value}",
                value=repr(distance),
            )
        )


def with_wild(given: list[str] | None, wild: bool) -> tuple[str, ...]:
    """A side's abilities (``--attacker-ability``, ``--defender-ability``) and Wild 2 when its
    flag (``--wild``, ``--wild-defense``) is given."""
    return (*(given or ()), *([Ability.WILD_2] if wild else []))


def nine_lives(given: list[str] | None, target_hp: int | None) -> bool:
    """``--target-ability`` (repeatable or comma-separated): whether the target has Nine
    Lives. It needs ``--target-hp``; any other ability is refused (it does not act after
    the hit)."""
    parts = [p.strip() for item in given or () for p in item.split(",") if p.strip()]
    if parts and target_hp is None:
        fail(Message("{option} needs --target-hp (the target's HP)", option="--target-ability"))
    for part in parts:
        if parse_word(Ability, part, "ability") is not Ability.NINE_LIVES:
            fail(
                Message(
                    "--target-ability: {name} does not act after the hit; expected nine_lives "
                    "(the heart's abilities go to --defender-ability)",
                    name=repr(part),
                )
            )
    return bool(parts)
