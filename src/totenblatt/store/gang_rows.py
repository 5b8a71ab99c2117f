"""Gangs in rows: reading and writing a gang's rows, finding one by name, new gangs and seeds.

The pieces :class:`~totenblatt.store.gangs.Gangs` and the campaigns' store share: a gang
to and from its :class:`~totenblatt.store.models.GangRow` and member rows, the lookup by
(a unique start of) its name, the refusal of a taken name, a new gang's audit arguments.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.campaign import (
    Event,
    Gang,
    Member,
    MemberStatus,
    create_gang,
    event_to_dict,
    name_key,
    name_matches,
)
from totenblatt.messages import Message
from totenblatt.names import listing
from totenblatt.store.database import StoreError
from totenblatt.store.models import GangRow, MemberRow, from_row
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

if TYPE_CHECKING:
    from totenblatt.store.core import Database
    from totenblatt.store.models import AuditRow

__all__ = [
    "Change",
    "GangNameTakenError",
    "GangNotFoundError",
    "GangOptions",
    "after_record",
    "check_free",
    "checked_seed",
    "created_gang",
    "find_row",
    "new_seed",
    "row_by_id",
    "to_gang",
    "write_change",
    "write_gang",
]


class GangNotFoundError(StoreError):
    """No gang of that name in the database."""


class GangNameTakenError(StoreError):
    """Another gang has that name already (names are unique, ignoring case)."""


@dataclass(frozen=True, slots=True)
class Change:
    """What a command did to one gang: the gang now, the events, the seed, what was undone."""

    gang: Gang
    events: tuple[Event, ...] = ()
    seed: int | None = None
    undone: tuple[str, ...] = ()


def to_gang(row: GangRow) -> Gang:
    """The gang a row holds (the living as members, the dead and the gone as fallen)."""
    members = [to_member(m) for m in row.members]
    return from_row(
        Gang,
        row,
        lost_heroes=tuple(HeroType(k) for k in row.lost_heroes),
        members=tuple(m for m in members if m.status is MemberStatus.ACTIVE),
        fallen=tuple(m for m in members if m.status is not MemberStatus.ACTIVE),
    )


def to_member(row: MemberRow) -> Member:
    """The member a member row holds."""
    return from_row(
        Member,
        row,
        kind=HeroType(row.kind),
        abilities=tuple(Ability(a) for a in row.abilities),
        status=MemberStatus(row.status),
    )


def write_gang(session: Session, row: GangRow, gang: Gang) -> None:
    """Make ``row`` and its member rows say exactly what ``gang`` says."""
    row.name = gang.name
    row.name_key = name_key(gang.name)
    row.size = gang.size
    row.fights = gang.fights
    row.lost_heroes = [k.value for k in gang.lost_heroes]
    existing = {m.name_key: m for m in row.members}
    wanted = [*gang.members, *gang.fallen]
    keys = {name_key(m.name) for m in wanted}
    for stale in [m for k, m in existing.items() if k not in keys]:
        row.members.remove(stale)
    for position, member in enumerate(wanted):
        key = name_key(member.name)
        target = existing.get(key)
        if target is None:
            target = MemberRow(name_key=key)
            row.members.append(target)
        target.position = position
        target.name = member.name
        target.kind = member.kind.value
        target.hp = member.hp
        target.hp_max = member.hp_max
        target.abilities = [a.value for a in member.abilities]
        target.fights_survived = member.fights_survived
        target.kind_fights = member.kind_fights
        target.status = member.status.value
        target.weapon = member.weapon
    session.flush()


def write_change(
    store: Database,
    session: Session,
    row: GangRow,
    what: str,
    before: Gang | None,
    after: Gang,
    events: Sequence[Event],
    *,
    args: dict[str, Any],
    seed: int | None = None,
) -> AuditRow:
    """Write ``after`` into ``row`` and add the change's audit row (``before`` and
    ``after`` the gang, ``events``) to ``session``."""
    write_gang(session, row, after)
    return store.audit(
        session,
        what=what,
        subject=row.name,
        subject_kind="gang",
        gang_id=row.id,
        seed=seed,
        args=args,
        before=None if before is None else before.to_record(),
        after=after_record(after, events),
    )


def after_record(gang: Gang, events: Sequence[Event]) -> dict[str, Any]:
    """An audit row's ``after``: the gang's record and the events."""
    return {"gang": gang.to_record(), "events": [event_to_dict(e) for e in events]}


def find_row(session: Session, name: str, *, lock: bool = False) -> GangRow:
    """The gang by exact name (case-insensitive), else the one whose name starts so."""
    key = name_key(name)
    gang_id = session.scalars(select(GangRow.id).where(GangRow.name_key == key)).first()
    if gang_id is None:
        known = session.execute(select(GangRow.id, GangRow.name).order_by(GangRow.name_key))
        rows = list(known)
        found = [r for r in rows if name_matches(name, r.name)]
        if len(found) == 1:
            gang_id = found[0].id
        elif found:
            which = listing(r.name for r in found)
            raise GangNotFoundError(
                Message(
                    "gang {name} is ambiguous: {which}; give the full name",
                    name=format(repr(name), ".60"),
                    which=which,
                )
            )
        else:
            listed = listing(r.name for r in rows)
            hint = f"known gangs: {listed}" if rows else "no gangs yet (see 'gang create')"
            raise GangNotFoundError(
                f"no gang {name!r:.60}; {hint}",
                message=Message(
                    "no gang {name}; known gangs: {known}",
                    name=format(repr(name), ".60"),
                    known=listed,
                )
                if rows
                else Message(
                    "no gang {name}; no gangs yet (see 'gang create')",
                    name=format(repr(name), ".60"),
                ),
            )
    stmt = select(GangRow).where(GangRow.id == gang_id)
    if lock:
        stmt = stmt.with_for_update()
    return session.scalars(stmt).one()


def row_by_id(session: Session, gang_id: int, *, lock: bool = False) -> GangRow:
    """The gang row ``gang_id`` (GangNotFoundError when it was deleted)."""
    stmt = select(GangRow).where(GangRow.id == gang_id)
    if lock:
        stmt = stmt.with_for_update()
    row = session.scalars(stmt).first()
    if row is None:
        raise GangNotFoundError(Message("gang #{id} no longer exists", id=gang_id))
    return row


def check_free(session: Session, name: str) -> None:
    """Refuse a gang name another gang has (ignoring case)."""
    taken = session.scalars(select(GangRow.name).where(GangRow.name_key == name_key(name))).first()
    if taken is not None:
        raise GangNameTakenError(Message("a gang called {name} already exists", name=repr(taken)))


class GangOptions(TypedDict, total=False):
    """What ``gang create`` (and a campaign's *New gang*) may choose besides the name, the
    leader's type and the seed (B3); left out: the defaults of
    :func:`totenblatt.campaign.create_gang`."""

    size: int | None
    abilities: Sequence[Ability]
    leader_name: str | None
    member_names: Sequence[str]
    ruleset: str
    weapons: Sequence[str]


def created_gang(
    name: str, leader: HeroType, *, seed: int, **options: Unpack[GangOptions]
) -> tuple[Gang, tuple[Event, ...], dict[str, Any]]:
    """A new gang (B3) drawn with ``seed``, its events and the audit's arguments of
    ``gang create`` (one place for the gang commands and the campaigns)."""
    ruleset = options.get("ruleset", "extended")
    args: dict[str, Any] = {
        "name": name,
        "leader": leader.value,
        "size": options.get("size"),
        "abilities": [a.value for a in options.get("abilities", ())],
        "leader_name": options.get("leader_name"),
        "member_names": list(options.get("member_names", ())),
        "ruleset": ruleset,
        "weapons": list(options.get("weapons", ())),
    }
    gang, events = create_gang(
        name,
        leader,
        Ruleset.load(ruleset),
        random.Random(seed),
        size=args["size"],
        abilities=options.get("abilities", ()),
        leader_name=args["leader_name"],
        member_names=args["member_names"],
        ruleset_name=ruleset,
        weapons=args["weapons"],
    )
    return gang, events, args


def new_seed() -> int:
    """A fresh seed for a command run without ``--seed`` (recorded in the audit log)."""
    return secrets.randbelow(2**32)


def checked_seed(seed: int | None) -> int:
    """``seed``, or a fresh one when None; StoreError when it is not 0 to 2**63-1."""
    if seed is None:
        return new_seed()
    if not 0 <= seed < 2**63:
        raise StoreError(f"a seed is a whole number from 0 to 2**63-1, got {seed!r}")
    return seed
