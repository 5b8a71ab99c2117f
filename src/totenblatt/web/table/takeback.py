"""Whether a seat may ask to take back its last action: one answer for the request and the page.

A seat may ask while the game goes on and is not abandoned, no takeback is asked yet, and
the last stored position is its own decision whose events the engine calls retractable
(:func:`~totenblatt.wanted.ask.retractable`: it drew or showed no hidden card). The
request (:meth:`~totenblatt.web.table.night.nights.GameNight.ask_takeback`) is refused
with :func:`hindrance`'s reason; the seat's payload carries the same answer, so that its
page enables the takeback button exactly when the request would be taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from totenblatt.text.night import night_refusal
from totenblatt.wanted.ask import retractable
from totenblatt.wanted.engine import Game
from totenblatt.web.shell.words import refusal

__all__ = ["Hindrance", "hindrance"]


class Position(Protocol):
    """One stored position (a :class:`~totenblatt.web.table.room.Entry`)."""

    @property
    def seat(self) -> int:
        """The seat that decided (-1: not known)."""

    @property
    def events(self) -> int:
        """How many events the game had before it."""


class Asked(Protocol):
    """What the takeback rule needs of a room (a :class:`~totenblatt.web.table.room.Room`)."""

    @property
    def game(self) -> Game:
        """The engine's game."""

    @property
    def abandoned(self) -> bool:
        """The game takes no more actions."""

    @property
    def takeback(self) -> Mapping[str, Any] | None:
        """The takeback being asked."""

    @property
    def entries(self) -> Sequence[Position]:
        """The stored positions, in order."""


@dataclass(frozen=True, slots=True)
class Hindrance:
    """Why a seat may not ask for a takeback now: a refusal's key and the seat it names."""

    key: str
    """``abandoned`` or ``over``, or a key of :data:`totenblatt.text.night.REFUSALS`."""
    named: int | None = None
    """The seat whose name the reason says (None: none)."""

    def text(self, labels: Sequence[str], lang: str) -> str:
        """The reason in ``lang``, the named seat called by its label."""
        if self.key == "abandoned":
            return refusal("abandoned", lang)
        if self.named is None:
            return night_refusal(self.key, lang)
        name = labels[self.named] if 0 <= self.named < len(labels) else "?"
        return night_refusal(self.key, lang, name=name)


def hindrance(room: Asked, seat: int) -> Hindrance | None:
    """Why ``seat`` may not ask to take back its last action now; None: it may."""
    if room.abandoned:
        return Hindrance("abandoned")
    if room.game.is_over:
        return Hindrance("over")
    if room.takeback is not None:
        return Hindrance("asked", int(room.takeback["by"]))
    if not room.entries:
        return Hindrance("nothing")
    last = room.entries[-1]
    if last.seat != seat:
        return Hindrance("not_yours", last.seat)
    if not retractable(room.game.events[last.events :]):
        return Hindrance("hidden")
    return None
