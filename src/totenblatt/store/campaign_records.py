"""A campaign as read from the database: its gangs, its fights with their sides, its log.

Frozen values the campaigns' store (:mod:`.campaigns`) answers with, and
:func:`read_campaign`, which reads one campaign in a transaction of the caller.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.campaign import Gang
from totenblatt.messages import Message
from totenblatt.store.battle_log import FightEntry, fight_entries
from totenblatt.store.database import StoreError
from totenblatt.store.gang_rows import row_by_id, to_gang
from totenblatt.store.gang_undo import UNDONE
from totenblatt.store.models import (
    AuditRow,
    CampaignFightGangRow,
    CampaignFightRow,
    CampaignGangRow,
    CampaignRow,
    from_row,
)

__all__ = [
    "PLAYING",
    "RECORDED",
    "TABLE",
    "UNDONE",
    "CampaignConflictError",
    "CampaignFight",
    "CampaignGang",
    "CampaignNotFoundError",
    "CampaignRecord",
    "FightSide",
    "GameInfo",
    "Loss",
    "NewSide",
    "before_fighters",
    "campaign_row",
    "fight_of_rows",
    "read_campaign",
]

PLAYING = "playing"
"""A fight not recorded for every gang yet (its game may be over: then it is in its aftermath)."""
RECORDED = "recorded"
"""Every gang of the fight confirmed its aftermath."""

TABLE = "table:"
"""The start of the ``game_id`` of a fight played on a real table (``fight record --against``):
it has no web game; each side's owner records its outcome (D-43)."""


class CampaignNotFoundError(StoreError):
    """No campaign, campaign gang or campaign fight of that id."""


class CampaignConflictError(StoreError):
    """A change the campaign's state refuses now: a gang busy in a fight, a gang changed
    since its fight began, a second confirmation, a gang already in a campaign."""


@dataclass(frozen=True, slots=True)
class CampaignGang:
    """A gang of a campaign: its id in the campaign, the stored gang, its owner's token hash."""

    id: str
    gang_id: int
    gang: Gang
    owner_hash: str
    position: int
    joined: datetime | None = None
    """When the gang joined the campaign (D-43: its standings count fights from then)."""


@dataclass(frozen=True, slots=True)
class NewSide:
    """A gang's side of a new fight: its campaign gang id, seat, who plays it, the gang as it
    goes in, who sits out, and which figure is which member."""

    gang_id: str
    seat: int
    kind: str
    before: Gang
    absent: tuple[str, ...]
    figures: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class FightSide(NewSide):
    """One gang's side of a campaign fight (see :class:`CampaignFightGangRow`): the side as it
    went in, and its outcome."""

    sacrifice: str | None
    result: str | None
    kills: int | None
    choices: dict[str, Any] | None
    confirmed_at: datetime | None

    @property
    def confirmed(self) -> bool:
        """True once the gang's owner confirmed its aftermath."""
        return self.confirmed_at is not None

    @property
    def fighters(self) -> Gang:
        """The gang as it stood at the table: ``before`` without the members who sat out."""
        return before_fighters(self.before, self.absent)


_T = TypeVar("_T")


def _one(found: Iterator[_T], missing: Message) -> _T:
    """The first item ``found``; CampaignNotFoundError saying ``missing`` when there is none."""
    for item in found:
        return item
    raise CampaignNotFoundError(missing)


def before_fighters(gang: Gang, absent: Sequence[str]) -> Gang:
    """``gang`` with only the members who take part (not in ``absent``)."""
    return gang.replace_members(m for m in gang.members if m.name not in absent)


@dataclass(frozen=True, slots=True)
class CampaignFight:
    """A fight of a campaign: its web game, template, ruleset, secret seed, status, sides."""

    id: str
    campaign_id: str
    game_id: str
    scenario: str
    ruleset: str
    seed: int
    status: str
    created_at: datetime
    recorded_at: datetime | None
    sides: tuple[FightSide, ...]

    def side(self, gang_id: str) -> FightSide:
        """The side of the campaign gang ``gang_id``; CampaignNotFoundError if it did not fight."""
        return _one(
            (s for s in self.sides if s.gang_id == gang_id),
            Message(
                "gang {gang} does not fight in fight {fight}",
                gang=repr(gang_id),
                fight=repr(self.id),
            ),
        )


@dataclass(frozen=True, slots=True)
class Loss:
    """A member a gang dismissed between fights (D-42), from the gang's audit log."""

    gang_id: int
    member: str
    kind: str
    when: datetime
    undone: bool


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    """A campaign: name, language, the arbitrator's token hash, its gangs, fights and log."""

    id: str
    name: str
    lang: str
    admin_hash: str
    created_at: datetime
    gangs: tuple[CampaignGang, ...]
    fights: tuple[CampaignFight, ...]
    log: tuple[FightEntry, ...]
    """Every recorded fight of its gangs (web, terminal and table), oldest first."""
    losses: tuple[Loss, ...] = ()
    """Members its gangs dismissed between fights (D-42: counted like a sacrifice)."""

    def gang(self, gang_id: str) -> CampaignGang:
        """The campaign gang ``gang_id``; CampaignNotFoundError if it is not in the campaign."""
        return _one(
            (g for g in self.gangs if g.id == gang_id),
            Message("this campaign has no gang {gang}", gang=repr(gang_id)[:40]),
        )

    def fight(self, fight_id: str) -> CampaignFight:
        """The fight ``fight_id`` of the campaign; CampaignNotFoundError if none."""
        return _one(
            (f for f in self.fights if f.id == fight_id),
            Message("this campaign has no fight {fight}", fight=repr(fight_id)[:40]),
        )

    def pending(self, gang_id: str) -> CampaignFight | None:
        """The fight ``gang_id`` is in and has not confirmed yet (None when it is free)."""
        for fight in self.fights:
            for side in fight.sides:
                if side.gang_id == gang_id and not side.confirmed and fight.status != UNDONE:
                    return fight
        return None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the campaign pages show of a fight's web game: its status and public link."""

    status: str
    spectator_token: str
    summary: dict[str, Any]


def _side(row: CampaignFightGangRow) -> FightSide:
    return from_row(
        FightSide,
        row,
        before=Gang.from_record(row.before),
        absent=tuple(row.absent),
        figures=tuple((str(f), str(m)) for f, m in row.figures),
    )


def fight_of_rows(row: CampaignFightRow, sides: Sequence[CampaignFightGangRow]) -> CampaignFight:
    """The fight a fight row and its side rows hold."""
    ordered = sorted(sides, key=lambda s: s.seat)
    return from_row(CampaignFight, row, sides=tuple(_side(s) for s in ordered))


def campaign_row(session: Session, campaign_id: str) -> CampaignRow:
    """The campaign's row; CampaignNotFoundError when there is none."""
    row = session.get(CampaignRow, campaign_id) if len(campaign_id) <= 24 else None
    if row is None:
        raise CampaignNotFoundError(Message("no such campaign"))
    return row


def read_campaign(session: Session, campaign_id: str) -> CampaignRecord:
    """The campaign ``campaign_id`` with its gangs, fights, battle log and losses."""
    row = campaign_row(session, campaign_id)
    links = session.scalars(
        select(CampaignGangRow)
        .where(CampaignGangRow.campaign_id == campaign_id)
        .order_by(CampaignGangRow.position)
    ).all()
    gangs = tuple(
        from_row(
            CampaignGang,
            link,
            gang=to_gang(row_by_id(session, link.gang_id)),
            joined=link.created_at,
        )
        for link in links
    )
    fight_rows = session.scalars(
        select(CampaignFightRow)
        .where(CampaignFightRow.campaign_id == campaign_id)
        .order_by(CampaignFightRow.created_at, CampaignFightRow.id)
    ).all()
    side_rows = session.scalars(
        select(CampaignFightGangRow).where(
            CampaignFightGangRow.fight_id.in_([f.id for f in fight_rows])
        )
    ).all()
    by_fight: dict[str, list[CampaignFightGangRow]] = {}
    for side in side_rows:
        by_fight.setdefault(side.fight_id, []).append(side)
    fights = tuple(fight_of_rows(f, by_fight.get(f.id, [])) for f in fight_rows)
    log = tuple(fight_entries(session, [g.gang_id for g in gangs]))
    dismissals = session.scalars(
        select(AuditRow)
        .where(
            AuditRow.gang_id.in_([g.gang_id for g in gangs]),
            AuditRow.what == "member dismiss",
        )
        .order_by(AuditRow.id)
    ).all()
    losses = tuple(
        Loss(
            a.gang_id,
            str(e.get("member")),
            str(e.get("kind")),
            a.created_at,
            a.undone_at is not None,
        )
        for a in dismissals
        if a.gang_id is not None
        for e in (a.after or {}).get("events", [])
        if e.get("event") == "dismissed"
    )
    return from_row(CampaignRecord, row, gangs=gangs, fights=fights, log=log, losses=losses)
