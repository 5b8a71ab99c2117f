"""What a campaign step did, as frozen values: returned by every change, logged, described in DE/EN.

>>> e = AbilityGained("Jesse Carver", Ability.COVER_3, Card.parse("7♥"))
>>> describe(e, "en")
'Jesse Carver draws 7♥: Cover 3'
>>> describe(e, "de")
'Jesse Carver zieht Herz-7: Deckung 3'
>>> event_to_dict(e)
{'event': 'ability_gained', 'member': 'Jesse Carver', 'ability': 'cover_3', 'card': '7♥'}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from totenblatt.cards import Card
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = [
    "AbilityGained",
    "Died",
    "Event",
    "FightCounted",
    "HireForfeited",
    "Hired",
    "Joined",
    "MaxHpRaised",
    "NotCounted",
    "Paid",
    "Promoted",
    "Recovered",
    "Sacrificed",
    "ability_name",
    "describe",
    "event_from_dict",
    "event_to_dict",
    "kind_name",
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
)
"""Anything a campaign step reports."""


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict: ``{"event": tag, ...fields}`` (cards as text, enums as values)."""
    return {"event": event.tag} | {f.name: _plain(getattr(event, f.name)) for f in fields(event)}


_BY_TAG: dict[str, type[Event]] = {
    cls.tag: cls
    for cls in (
        Joined, AbilityGained, Recovered, FightCounted, NotCounted, Promoted,
        MaxHpRaised, Died, Sacrificed, Paid, Hired, HireForfeited,
    )
}  # fmt: skip


def _field_value(name: str, value: Any) -> Any:
    if name == "kind":
        return HeroType(value)
    if name == "kinds":
        return tuple(HeroType(v) for v in value)
    if name == "ability":
        return Ability(value)
    if name == "card":
        return None if value is None else Card.parse(value)
    return value


def event_from_dict(data: dict[str, Any]) -> Event:
    """Read :func:`event_to_dict` output back.

    >>> e = Hired("Kit", HeroType.VETERAN, 10)
    >>> event_from_dict(event_to_dict(e)) == e
    True
    """
    cls = _BY_TAG.get(str(data.get("event")))
    if cls is None:
        raise ValueError(f"unknown campaign event {data.get('event')!r}")
    return cls(**{f.name: _field_value(f.name, data[f.name]) for f in fields(cls)})


def kind_name(kind: HeroType, lang: str) -> str:
    """``cowboy`` / ``Standardcowboy`` etc."""
    return kind.german if lang == "de" else kind.value


def ability_name(ability: Ability, lang: str) -> str:
    """``Cover 3`` / ``Deckung 3``."""
    return ability.german if lang == "de" else ability.english


def notable(events: Iterable[Event]) -> tuple[Event, ...]:
    """The events worth a line for a reader: all but the routine fight counts."""
    return tuple(e for e in events if not isinstance(e, FightCounted))


def describe(event: Event, lang: str = "en") -> str:
    """One line a person reads, in ``en`` or ``de``."""
    de = lang == "de"
    match event:
        case Joined(member, kind, hp):
            return (
                f"{member} schließt sich an ({kind.german}, {hp} HP)"
                if de
                else f"{member} joins ({kind.value}, {hp} HP)"
            )
        case AbilityGained(member, ability, None):
            name = ability_name(ability, lang)
            return f"{member} wählt {name}" if de else f"{member} chooses {name}"
        case AbilityGained(member, ability, Card() as card):
            name = ability_name(ability, lang)
            return (
                f"{member} zieht {card.german()}: {name}"
                if de
                else f"{member} draws {card}: {name}"
            )
        case Recovered(member, before, after):
            return (
                f"{member} erholt sich: {before} → {after} HP"
                if de
                else f"{member} recovers: {before} → {after} HP"
            )
        case FightCounted(member, count):
            return (
                f"{member}: überlebte Kämpfe {count}"
                if de
                else f"{member}: fights survived {count}"
            )
        case NotCounted():
            return (
                "Aufgegebener Kampf: zählt nicht für die Charakterentwicklung"
                if de
                else "Conceded fight: it does not count for advancement"
            )
        case Promoted(member, hp_max):
            return (
                f"{member} wird zum Haudegen (HP-Maximum bleibt {hp_max})"
                if de
                else f"{member} is promoted to veteran (keeps HP maximum {hp_max})"
            )
        case MaxHpRaised(member, hp_max):
            return (
                f"{member}: HP-Maximum steigt auf {hp_max}"
                if de
                else f"{member}: HP maximum rises to {hp_max}"
            )
        case Died(member, kind):
            return f"{member} ({kind.german}) ist tot" if de else f"{member} ({kind.value}) is dead"
        case Sacrificed(member, kind, size):
            return (
                f"{member} ({kind.german}) opfert sich; die Gang schrumpft auf {size}"
                if de
                else f"{member} ({kind.value}) is sacrificed; the gang shrinks to {size}"
            )
        case Paid(member, hp, left):
            return (
                f"{member} zahlt {hp} HP (bleiben {left})"
                if de
                else f"{member} pays {hp} HP ({left} left)"
            )
        case Hired(member, kind, cost):
            return (
                f"{member} angeheuert als {kind.german} für {cost} HP"
                if de
                else f"{member} hired as {kind.value} for {cost} HP"
            )
        case HireForfeited(kinds):
            names = ", ".join(kind_name(k, lang) for k in kinds)
            return (
                f"Kein Ersatz mehr möglich für: {names}"
                if de
                else f"No replacement any more for: {names}"
            )
    raise AssertionError(f"unknown event {event!r}")  # pragma: no cover
