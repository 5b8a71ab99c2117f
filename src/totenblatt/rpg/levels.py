"""What sets a side's level in a test: a skill, the game master's shifts, the special cases.

Fuzzy levels (Schwammige Fähigkeitsstufen, C4): gear, weather, size, distance or a
weapon shift a level up or down, each :class:`Shift` with its reason. A target that
does not know it is shot at has Beweglichkeit 0 (:data:`UNAWARE`, D-39); a hand
grenade is the acting side at level 5 or 6 (:data:`GRENADE_LEVELS`, D-40), whatever
the thrower's skill.

>>> s = Shift.parse("+1:Revolver gegen Totschläger")
>>> s.by, s.reason, shifted(2, [s]), shifted(3, [Shift(-1, "Totschläger")])
(1, 'Revolver gegen Totschläger', 3, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from totenblatt.messages import Message
from totenblatt.names import clean_name
from totenblatt.rpg.probe import ProbeError, check_level

__all__ = [
    "GRENADE_LEVELS",
    "MAX_SHIFT",
    "REASON_MAX",
    "UNAWARE",
    "Shift",
    "ShiftError",
    "grenade_level",
    "shifted",
]

MAX_SHIFT = 12
"""The largest shift of one level, up or down."""
REASON_MAX = 120
"""The longest reason of a shift (characters)."""
UNAWARE = 0
"""The Beweglichkeit of a target that does not know it is shot at (C4, D-39)."""
GRENADE_LEVELS = (5, 6)
"""A hand grenade's level, the game master's choice (C4, D-40)."""


class ShiftError(ProbeError):
    """A shift or special level that cannot be: no reason, not a whole number, below 0."""


@dataclass(frozen=True, slots=True)
class Shift:
    """One shift of a level by ``by`` (up if positive), for ``reason`` (shown to everyone)."""

    by: int
    reason: str

    def __post_init__(self) -> None:
        if isinstance(self.by, bool) or not isinstance(self.by, int) or self.by == 0:
            raise ShiftError(
                Message(
                    "a shift is a whole number other than 0, got {value}",
                    value=repr(self.by)[:40],
                )
            )
        if abs(self.by) > MAX_SHIFT:
            raise ShiftError(
                Message(
                    "a shift is at most {most} levels up or down, got {value}",
                    most=MAX_SHIFT,
                    value=self.by,
                )
            )
        reason = clean_name(self.reason, what="reason", limit=REASON_MAX, error=ShiftError)
        object.__setattr__(self, "reason", reason)

    @classmethod
    def parse(cls, text: str) -> Shift:
        """``"+1:rain"``, ``"-2:Totschläger"``: the shift, a colon, the reason."""
        by, colon, reason = text.partition(":") if isinstance(text, str) else ("", "", "")
        try:
            number = int(by.strip())
        except ValueError:
            number = None
        if not colon or number is None:
            raise ShiftError(
                Message(
                    "cannot read the shift {value}: expected N:REASON, e.g. +1:rain or -1:club",
                    value=repr(text)[:60],
                )
            )
        return cls(number, reason)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Shift:
        """Read back :meth:`to_dict`."""
        return cls(data["by"], data["reason"])

    def to_dict(self) -> dict[str, Any]:
        """``{"by": int, "reason": str}``."""
        return {"by": self.by, "reason": self.reason}


def shifted(level: int, shifts: Iterable[Shift]) -> int:
    """``level`` after every shift; below 0 is refused (0 is the lowest, D-39).

    Without shifts ``level`` is returned as given (the test checks it).
    """
    by = [s.by for s in shifts]
    if not by:
        return level
    total = check_level(level, "level") + sum(by)
    if total < 0:
        raise ShiftError(
            Message(
                "level {level} shifted to {total}: a level is at least 0 (0 = unaware, D-39)",
                level=level,
                total=total,
            )
        )
    return total


def grenade_level(level: object) -> int:
    """A hand grenade's level: 5 or 6 (D-40), else :class:`ShiftError`."""
    if isinstance(level, bool) or level not in GRENADE_LEVELS:
        raise ShiftError(
            Message(
                "a hand grenade draws at level 5 or 6 (D-40), got {value}",
                value=repr(level)[:40],
            )
        )
    assert isinstance(level, int)
    return level
