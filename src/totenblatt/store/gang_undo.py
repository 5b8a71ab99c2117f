"""``fight undo`` and the aftermath's bounds: what a gang's audit log says came after a fight.

Undoing restores the gang as it was before its last recorded fight and marks that fight and
everything after it (renames aside) undone. A campaign fight between several gangs is one
record for all (D-43): undone for every gang that recorded it, in one transaction, or
refused when another of them recorded a later fight; a side still awaiting its owner's
confirmation is closed with it (its fight is marked undone). :func:`in_aftermath` bounds
filling up (D-42).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.campaign import Gang, Member, name_key
from totenblatt.messages import Message
from totenblatt.store.battle_log import FIGHT_COMMANDS
from totenblatt.store.database import StoreError
from totenblatt.store.gang_rows import Change, find_row, row_by_id, to_gang, write_change
from totenblatt.store.models import (
    AuditRow,
    CampaignFightGangRow,
    CampaignFightRow,
    CampaignGangRow,
    GangRow,
)

if TYPE_CHECKING:
    from totenblatt.store.core import Database


class Gangs(Protocol):
    """What the undo needs of :class:`~totenblatt.store.gangs.Gangs` (no import back to it)."""

    store: Database


__all__ = ["LEADER", "RENAMES", "UNDONE", "in_aftermath", "keep_names", "undo_fight"]

RENAMES = ("gang rename", "member rename")
"""Audit ``what`` values that ``fight undo`` keeps: a name is not part of a fight."""

LEADER = "gang leader"
"""The audit ``what`` of a new leader the owner chose after a fight: it does not end the
aftermath (filling up may follow, D-42)."""

UNDONE = "undone"
"""The status of a campaign fight undone before every side was confirmed (D-43)."""


def undo_fight(gangs: Gangs, name: str) -> Change:
    """Reverse the gang's last recorded fight and every change made to it since (D-43 for a
    campaign fight: for every gang that recorded it, or refused)."""
    with gangs.store.transaction() as session:
        row = find_row(session, name, lock=True)
        _not_waiting(session, row)
        audits, fight_at = _last_fight(session, row)
        shared = (audits[fight_at].args or {}).get("campaign_fight")
        others = [] if shared is None else _shared(session, row, str(shared))
        change = _undo(gangs, session, row, audits, fight_at)
        for other, theirs, at in others:
            _undo(gangs, session, other, theirs, at)
        if shared is not None:
            _close(session, str(shared))
    return change


def _not_waiting(session: Session, row: GangRow) -> None:
    """Refuse to undo while the gang's side of a campaign fight awaits its record: the
    fight before it is not its last (D-43)."""
    waiting = session.scalars(
        select(CampaignFightRow.id)
        .join(CampaignFightGangRow, CampaignFightGangRow.fight_id == CampaignFightRow.id)
        .join(CampaignGangRow, CampaignGangRow.id == CampaignFightGangRow.gang_id)
        .where(
            CampaignGangRow.gang_id == row.id,
            CampaignFightGangRow.confirmed_at.is_(None),
            CampaignFightRow.status != UNDONE,
        )
    ).first()
    if waiting is not None:
        raise StoreError(
            Message(
                "gang {gang} is in a campaign fight not recorded yet: record its side first "
                "(then fight undo takes that one back)",
                gang=repr(row.name),
            )
        )


def _shared(
    session: Session, row: GangRow, shared: str
) -> list[tuple[GangRow, Sequence[AuditRow], int]]:
    """The other gangs' records of the campaign fight ``shared``, each its gang's last fight
    (else StoreError: undo the later one first)."""
    rows = session.scalars(
        select(AuditRow).where(
            AuditRow.what.in_(list(FIGHT_COMMANDS)),
            AuditRow.undone_at.is_(None),
            AuditRow.gang_id.is_not(None),
            AuditRow.gang_id != row.id,
        )
    ).all()
    others = []
    for audit in rows:
        if (audit.args or {}).get("campaign_fight") != shared:
            continue
        assert audit.gang_id is not None
        other = row_by_id(session, audit.gang_id, lock=True)
        theirs, at = _last_fight(session, other)
        if theirs[at].id != audit.id:
            raise StoreError(
                Message(
                    "gang {other} recorded a later fight after this campaign "
                    "fight: undo that one first (D-43)",
                    other=repr(other.name),
                )
            )
        others.append((other, theirs, at))
    return others


def _close(session: Session, fight_id: str) -> None:
    """Mark the campaign fight undone when a side of it was never confirmed: that side no
    longer awaits its owner (a confirmed fight stays ``recorded``, its log rows undone)."""
    fight = session.get(CampaignFightRow, fight_id)
    if fight is None:
        return
    waiting = session.scalars(
        select(CampaignFightGangRow.gang_id).where(
            CampaignFightGangRow.fight_id == fight_id,
            CampaignFightGangRow.confirmed_at.is_(None),
        )
    ).first()
    if waiting is not None:
        fight.status = UNDONE
        session.flush()


def _last_fight(session: Session, row: GangRow) -> tuple[Sequence[AuditRow], int]:
    audits = session.scalars(
        select(AuditRow)
        .where(AuditRow.gang_id == row.id, AuditRow.undone_at.is_(None))
        .order_by(AuditRow.id.desc())
    ).all()
    fight_at = next((i for i, a in enumerate(audits) if a.what in FIGHT_COMMANDS), None)
    if fight_at is None:
        raise StoreError(f"gang {row.name!r} has no recorded fight to undo")
    return audits, fight_at


def _undo(
    gangs: Gangs, session: Session, row: GangRow, audits: Sequence[AuditRow], fight_at: int
) -> Change:
    """Undo the fight ``audits[fight_at]`` of the gang of ``row`` and what followed it."""
    fight = audits[fight_at]
    assert fight.before is not None
    now = to_gang(row)
    since = list(reversed(audits[: fight_at + 1]))
    restored = keep_names(Gang.from_record(fight.before), fight.before, since, now)
    undone = [a for a in since if a.what not in RENAMES]
    stamp = gangs.store.clock()
    for audit in undone:
        audit.undone_at = stamp
    args = {"undone": [a.id for a in undone]}
    write_change(gangs.store, session, row, "fight undo", now, restored, (), args=args)
    return Change(restored, (), None, tuple(a.what for a in undone))


def in_aftermath(session: Session, row: GangRow) -> None:
    """Refuse filling up outside a fight's aftermath (D-42): the gang's last change (renames
    and a new leader aside) must be a recorded fight or the hire right after one."""
    last = session.scalars(
        select(AuditRow)
        .where(AuditRow.gang_id == row.id, AuditRow.undone_at.is_(None))
        .where(AuditRow.what.not_in([*RENAMES, LEADER]))
        .order_by(AuditRow.id.desc())
        .limit(2)
    ).all()
    whats = [a.what for a in last]
    if whats and (
        whats[0] in FIGHT_COMMANDS
        or (whats[0] == "gang recruit" and len(whats) > 1 and whats[1] in FIGHT_COMMANDS)
    ):
        return
    raise StoreError(
        Message(
            "gang {gang} fills up only in a fight's aftermath, right after the fight is "
            "recorded or its hire (B6, D-42); a member dismissed between fights is not "
            "replaced",
            gang=repr(row.name),
        )
    )


def keep_names(
    restored: Gang, record: dict[str, Any], since: Sequence[AuditRow], now: Gang
) -> Gang:
    """The gang restored by ``fight undo``, under the names given since the fight.

    Renames are not part of a fight: those logged after it (``since``, oldest first) are
    applied to the restored gang. A member whose record predates weapons (migration 0004)
    keeps the weapon it carries now.
    """
    everyone = (*restored.members, *restored.fallen)
    final = {name_key(m.name): m.name for m in everyone}  # name at the fight -> name now
    gang_name = restored.name
    for audit in since:
        old, new = str(audit.args.get("old", "")), str(audit.args.get("new", ""))
        if audit.what == "gang rename":
            gang_name = new
        elif audit.what == "member rename":
            key = next((k for k, n in final.items() if name_key(n) == name_key(old)), None)
            if key is not None:  # else: a member who joined after the fight
                final[key] = new
    current = {name_key(m.name): m for m in (*now.members, *now.fallen)}
    unarmed = {
        name_key(str(m["name"]))
        for m in (*record.get("members", ()), *record.get("fallen", ()))
        if "weapon" not in m
    }

    def fix(member: Member) -> Member:
        key = name_key(member.name)
        name = final[key]
        weapon = member.weapon
        if key in unarmed and name_key(name) in current:
            weapon = current[name_key(name)].weapon
        return replace(member, name=name, weapon=weapon)

    return replace(
        restored,
        name=gang_name,
        members=tuple(fix(m) for m in restored.members),
        fallen=tuple(fix(m) for m in restored.fallen),
    )
