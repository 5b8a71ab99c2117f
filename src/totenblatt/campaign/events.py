"""What a campaign step did, as frozen values: returned by every change, logged.

Events are values, not sentences: ``totenblatt.text.campaign.describe`` words them in the
reader's language.

>>> e = AbilityGained("Jesse Carver", Ability.COVER_3, Card.parse("7♥"))
>>> event_to_dict(e)
{'event': 'ability_gained', 'member': 'Jesse Carver', 'ability': 'cover_3', 'card': '7♥'}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from totenblatt.cards import Card
from totenblatt.codec import Codec
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = [
    "CODEC",
    "AbilityGained",
    "Armed",
    "Died",
    "Dismissed",
    "Event",
    "FightCounted",
    "GangRenamed",
    "HireForfeited",
    "Hired",
    "Joined",
    "LeaderChosen",
    "MaxHpRaised",
    "NotCounted",
    "Paid",
    "Promoted",
    "Recovered",
    "Renamed",
    "Sacrificed",
    "event_from_dict",
    "event_to_dict",
    "notable",
]


@dataclass(frozen=True, slots=True)
class Joined:
    """A new member: founder, hired hero or fill-up cowboy."""

    tag: ClassVar[str] = "joined"
    member: str
    kind: HeroType
    hp: int


@dataclass(frozen=True, slots=True)
class AbilityGained:
    """An ability gained; ``card`` is the card drawn, ``None`` when the player chose it (B2)."""

    tag: ClassVar[str] = "ability_gained"
    member: str
    ability: Ability
    card: Card | None


@dataclass(frozen=True, slots=True)
class Recovered:
    """A wounded survivor regains HP after the fight (B5)."""

    tag: ClassVar[str] = "recovered"
    member: str
    hp_before: int
    hp_after: int


@dataclass(frozen=True, slots=True)
class FightCounted:
    """A survivor's fight counts for advancement (B5, D-28)."""

    tag: ClassVar[str] = "fight_counted"
    member: str
    fights_survived: int


@dataclass(frozen=True, slots=True)
class NotCounted:
    """A conceded fight: no survivor's count goes up (B4, D-28)."""

    tag: ClassVar[str] = "not_counted"


@dataclass(frozen=True, slots=True)
class Promoted:
    """A gunslinger becomes a veteran and keeps its HP maximum (B5, D-28)."""

    tag: ClassVar[str] = "promoted"
    member: str
    hp_max: int


@dataclass(frozen=True, slots=True)
class MaxHpRaised:
    """A veteran's HP maximum grows (B5)."""

    tag: ClassVar[str] = "max_hp_raised"
    member: str
    hp_max: int


@dataclass(frozen=True, slots=True)
class Died:
    """A member killed in the fight (A11)."""

    tag: ClassVar[str] = "died"
    member: str
    kind: HeroType


@dataclass(frozen=True, slots=True)
class Sacrificed:
    """The member sacrificed to concede (B4); the gang's size shrinks to ``size``."""

    tag: ClassVar[str] = "sacrificed"
    member: str
    kind: HeroType
    size: int


@dataclass(frozen=True, slots=True)
class Paid:
    """HP a survivor pays towards a hire (B6, D-29)."""

    tag: ClassVar[str] = "paid"
    member: str
    hp: int
    hp_left: int


@dataclass(frozen=True, slots=True)
class Hired:
    """A replacement hero hired for ``cost`` HP (B6)."""

    tag: ClassVar[str] = "hired"
    member: str
    kind: HeroType
    cost: int


@dataclass(frozen=True, slots=True)
class HireForfeited:
    """Filling up ends recruitment: lost heroes not replaced by then stay unreplaced."""

    tag: ClassVar[str] = "hire_forfeited"
    kinds: tuple[HeroType, ...]


@dataclass(frozen=True, slots=True)
class GangRenamed:
    """The gang took a new name."""

    tag: ClassVar[str] = "gang_renamed"
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Renamed:
    """A member took a new name."""

    tag: ClassVar[str] = "renamed"
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Dismissed:
    """A member sent away by the player for good, counted like a sacrifice: the gang's size
    shrinks by 1 (D-42)."""

    tag: ClassVar[str] = "dismissed"
    member: str
    kind: HeroType


@dataclass(frozen=True, slots=True)
class Armed:
    """A member took another weapon (a key of the gang's ruleset)."""

    tag: ClassVar[str] = "armed"
    member: str
    weapon: str
    before: str


@dataclass(frozen=True, slots=True)
class LeaderChosen:
    """The owner chose a new leader after the leader was lost: it heads the roster (B3)."""

    tag: ClassVar[str] = "leader_chosen"
    member: str
    kind: HeroType


Event = (
    Joined
    | AbilityGained
    | Recovered
    | FightCounted
    | NotCounted
    | Promoted
    | MaxHpRaised
    | Died
    | Sacrificed
    | Paid
    | Hired
    | HireForfeited
    | GangRenamed
    | Renamed
    | Dismissed
    | Armed
    | LeaderChosen
)
"""Anything a campaign step reports."""


CODEC = Codec(key="event", tag_attr="tag", family="campaign event")
"""The JSON form of the events (:mod:`totenblatt.codec`): ``{"event": tag, ...fields}``."""
CODEC.register_all(
    (
        Joined, AbilityGained, Recovered, FightCounted, NotCounted, Promoted,
        MaxHpRaised, Died, Sacrificed, Paid, Hired, HireForfeited, GangRenamed, Renamed,
        Dismissed, Armed, LeaderChosen,
    )
)  # fmt: skip


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: ``{"event": tag, ...fields}`` (cards as text, enums as values)."""
    return CODEC.to_dict(event)


def event_from_dict(data: dict[str, Any]) -> Event:
    """Read :func:`event_to_dict` output back (``ValueError`` says what is wrong with it).

    >>> e = Hired("Kit", HeroType.VETERAN, 10)
    >>> event_from_dict(event_to_dict(e)) == e
    True
    """
    event: Event = CODEC.from_dict(data)
    return event


def notable(events: Iterable[Event]) -> tuple[Event, ...]:
    """The events worth a line for a reader: all but the routine fight counts."""
    return tuple(e for e in events if not isinstance(e, FightCounted))
