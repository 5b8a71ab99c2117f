"""Gangs and their members as frozen values (B3), with the JSON shapes the CLI prints.

>>> m = Member("Jesse Carver", HeroType.COWBOY, hp=4, hp_max=6)
>>> gang = Gang("Daltons", size=3, members=(m,))
>>> gang.member("jesse").name, gang.to_dict()["members"][0]["hp"]
('Jesse Carver', 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from totenblatt.messages import Message, MessageError
from totenblatt.names import NAME_MAX, clean_name, listing, name_key
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = [
    "DEFAULT_WEAPON",
    "HEROES",
    "CampaignError",
    "Gang",
    "GangSizeError",
    "IllegalSacrificeError",
    "InvalidNameError",
    "Member",
    "MemberStatus",
    "RecruitmentError",
    "UnknownMemberError",
    "fate",
    "name_key",
    "name_matches",
]

HEROES = (HeroType.GUNSLINGER, HeroType.VETERAN)
"""The hero types (B2); everyone else is a standard cowboy."""

DEFAULT_WEAPON = "colt"
"""A member's weapon when nothing else is known (records written before weapons were kept)."""


class CampaignError(MessageError):
    """A campaign action the rules do not allow, or input naming no gang or member."""


class InvalidNameError(CampaignError):
    """A gang or member name that is empty, longer than 80 characters or not printable.

    Names are NFC-normalised and stripped; control and format characters (escape
    sequences, newlines, right-to-left overrides) are refused (see :mod:`totenblatt.names`).
    """


class UnknownMemberError(CampaignError):
    """A member name that matches no living member of the gang (or more than one)."""


class IllegalSacrificeError(CampaignError):
    """A concession whose sacrifice B4 does not allow."""


class RecruitmentError(CampaignError):
    """A hire or fill B6 does not allow (nothing to replace, unaffordable, no room)."""


class GangSizeError(CampaignError):
    """A gang size outside 1 .. the ruleset's maximum (B3)."""


class MemberStatus(StrEnum):
    """Where a member is: still riding with the gang, dead, or sacrificed in a concession."""

    ACTIVE = "active"
    """In the gang."""
    DIED = "died"
    """Killed in a fight (erledigt); a lost hero may be replaced (B6)."""
    SACRIFICED = "sacrificed"
    """Sacrificed to concede a fight (B4); never replaced."""
    DISMISSED = "dismissed"
    """Sent away by the player (``gang member dismiss``); the place is free for ``gang fill``."""


def fate(status: MemberStatus) -> Message:
    """What became of a former member, as a message: died, sacrificed or dismissed."""
    if status is MemberStatus.DIED:
        return Message("died")
    if status is MemberStatus.SACRIFICED:
        return Message("sacrificed")
    return Message("dismissed")


def _clean(name: object, what: str, needs: Message) -> str:
    """``name`` as :func:`~totenblatt.names.clean_name` cleans it (``what``: the kind of name
    in its errors); ``needs`` when it is no text or only spaces."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidNameError(needs)
    return clean_name(name, what=what, limit=NAME_MAX, error=InvalidNameError)


@dataclass(frozen=True, slots=True)
class Member:
    """One gang member. ``kind_fights`` counts survived fights in the current kind (D-28).

    ``weapon`` is the key of a weapon of the gang's ruleset (``colt``, ``winchester``,
    ``shotgun`` in the built-in ones): the member fields it in ``fight play``.
    """

    name: str
    kind: HeroType
    hp: int
    hp_max: int
    abilities: tuple[Ability, ...] = ()
    fights_survived: int = 0
    kind_fights: int = 0
    status: MemberStatus = MemberStatus.ACTIVE
    weapon: str = DEFAULT_WEAPON

    def __post_init__(self) -> None:
        needs = Message("a member needs a name, got {value}", value=repr(self.name)[:40])
        object.__setattr__(self, "name", _clean(self.name, "member name", needs))
        if not 0 <= self.hp <= self.hp_max:
            raise CampaignError(
                Message(
                    "{name} cannot have {hp} HP: expected 0 to its maximum {hp_max}",
                    name=repr(self.name),
                    hp=self.hp,
                    hp_max=self.hp_max,
                )
            )

    @property
    def is_hero(self) -> bool:
        """True for a gunslinger or a veteran."""
        return self.kind in HEROES

    def to_dict(self) -> dict[str, Any]:
        """The public shape: name, kind, weapon, hp, hp_max, abilities, fights_survived."""
        return {
            "name": self.name,
            "kind": self.kind.value,
            "weapon": self.weapon,
            "hp": self.hp,
            "hp_max": self.hp_max,
            "abilities": [a.value for a in self.abilities],
            "fights_survived": self.fights_survived,
        }

    def to_record(self) -> dict[str, Any]:
        """Everything, for the audit log and undo."""
        return self.to_dict() | {"kind_fights": self.kind_fights, "status": self.status.value}

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Member:
        """Read :meth:`to_record` output back."""
        return cls(
            name=str(data["name"]),
            kind=HeroType(data["kind"]),
            hp=int(data["hp"]),
            hp_max=int(data["hp_max"]),
            abilities=tuple(Ability(a) for a in data["abilities"]),
            fights_survived=int(data["fights_survived"]),
            kind_fights=int(data.get("kind_fights", data["fights_survived"])),
            status=MemberStatus(data.get("status", MemberStatus.ACTIVE.value)),
            weapon=str(data.get("weapon", DEFAULT_WEAPON)),
        )


@dataclass(frozen=True, slots=True)
class Gang:
    """A campaign gang: living ``members`` in roster order, the ``fallen``, and what B6 allows.

    ``size`` is the size the gang refills to (its original size minus one per concession);
    ``lost_heroes`` are the hero types killed in the last fight that may still be replaced.
    """

    name: str
    size: int
    members: tuple[Member, ...]
    fallen: tuple[Member, ...] = ()
    lost_heroes: tuple[HeroType, ...] = ()
    fights: int = 0
    ruleset: str = "extended"

    def __post_init__(self) -> None:
        needs = Message("a gang needs a name, got {value}", value=repr(self.name)[:40])
        object.__setattr__(self, "name", _clean(self.name, "gang name", needs))
        keys = [name_key(m.name) for m in (*self.members, *self.fallen)]
        if len(set(keys)) != len(keys):
            dupes = sorted({k for k in keys if keys.count(k) > 1})
            raise CampaignError(
                Message(
                    "gang {gang}: member names must be unique, got {dupes}",
                    gang=repr(self.name),
                    dupes=dupes,
                )
            )

    @property
    def taken_names(self) -> frozenset[str]:
        """Name keys of everyone who ever rode with the gang (names stay unique)."""
        return frozenset(name_key(m.name) for m in (*self.members, *self.fallen))

    @property
    def heroes(self) -> tuple[Member, ...]:
        """The living heroes."""
        return tuple(m for m in self.members if m.is_hero)

    def member(self, query: str) -> Member:
        """The living member named ``query``: exact name, else the one whose name starts so.

        Raises :class:`UnknownMemberError` for no match or an ambiguous one.
        """
        key = name_key(query)
        exact = [m for m in self.members if name_key(m.name) == key]
        if exact:
            return exact[0]
        found = [m for m in self.members if name_matches(query, m.name)]
        if len(found) == 1:
            return found[0]
        names = listing(m.name for m in self.members) if self.members else "nobody"
        if found:
            which = listing(m.name for m in found)
            raise UnknownMemberError(
                Message(
                    "member {query} of gang {gang} is ambiguous: {which}; give the full name",
                    query=repr(query),
                    gang=repr(self.name),
                    which=which,
                )
            )
        fallen = [m for m in self.fallen if name_key(m.name) == key]
        if fallen:
            raise UnknownMemberError(
                Message(
                    "member {query} of gang {gang} is no longer with it ({status}); "
                    "living members: {names}",
                    query=repr(query),
                    gang=repr(self.name),
                    status=fate(fallen[0].status),
                    names=names if self.members else Message("nobody"),
                )
            )
        raise UnknownMemberError(
            Message(
                "gang {gang} has no living member {query}; living members: {names}",
                gang=repr(self.name),
                query=repr(query),
                names=names if self.members else Message("nobody"),
            )
        )

    def each_once(
        self, queries: Iterable[str], twice: Callable[[Member, str], Message]
    ) -> Iterator[Member]:
        """The living member each query names (:meth:`member`), in order; a member named a
        second time is refused with ``twice(member, query)`` as a :class:`CampaignError`."""
        seen: set[str] = set()
        for query in queries:
            member = self.member(query)
            if member.name in seen:
                raise CampaignError(twice(member, query))
            seen.add(member.name)
            yield member

    def replace_members(self, members: Iterable[Member]) -> Gang:
        """A copy with these living members."""
        return replace(self, members=tuple(members))

    def to_dict(self) -> dict[str, Any]:
        """The public shape: ``{"name", "size", "members": [...]}`` with living members only."""
        return {
            "name": self.name,
            "size": self.size,
            "members": [m.to_dict() for m in self.members],
        }

    def to_record(self) -> dict[str, Any]:
        """Everything, for the audit log and undo."""
        return {
            "name": self.name,
            "size": self.size,
            "ruleset": self.ruleset,
            "fights": self.fights,
            "lost_heroes": [k.value for k in self.lost_heroes],
            "members": [m.to_record() for m in self.members],
            "fallen": [m.to_record() for m in self.fallen],
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Gang:
        """Read :meth:`to_record` output back.

        >>> g = Gang("D", 2, (Member("A", HeroType.VETERAN, 8, 8),), lost_heroes=())
        >>> Gang.from_record(g.to_record()) == g
        True
        """
        return cls(
            name=str(data["name"]),
            size=int(data["size"]),
            ruleset=str(data.get("ruleset", "extended")),
            fights=int(data.get("fights", 0)),
            lost_heroes=tuple(HeroType(k) for k in data.get("lost_heroes", ())),
            members=tuple(Member.from_record(m) for m in data["members"]),
            fallen=tuple(Member.from_record(m) for m in data.get("fallen", ())),
        )


def name_matches(query: str, name: str) -> bool:
    """True when ``query`` starts the name or one of its later words (ignoring case).

    >>> name_matches("carv", "Jesse Carver"), name_matches("esse", "Jesse Carver")
    (True, False)
    """
    key = name_key(query)
    words = name_key(name).split(" ")
    return bool(key) and any(" ".join(words[i:]).startswith(key) for i in range(len(words)))
