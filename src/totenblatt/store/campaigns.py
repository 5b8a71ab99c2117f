"""Campaigns of the web table in the database: their gangs, fights and aftermaths.

A campaign groups stored gangs (those of ``totenblatt gang``: the CLI and the web show the
same gang); each gang is in one campaign at most. A fight of a campaign is a web game
(:mod:`~totenblatt.store.tables`) plus one row per gang: its seat, the gang as it went
in, who sat out, the sacrifice chosen at a concession, and — once its owner confirmed —
its aftermath. Confirming writes the gang's post-fight steps (computed by
:func:`totenblatt.campaign.plan`) with their audit rows in the same transaction that marks
the confirmation, and only when it was not confirmed yet: a second confirmation, from
another tab or a retry, finds it done and changes nothing. Tokens are kept as SHA-256
hashes only (the web layer makes and compares them).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.orm import Session

from totenblatt.campaign import Event, Gang, Step
from totenblatt.messages import Message
from totenblatt.names import NAME_MAX, clean_name
from totenblatt.store.battle_log import FightEntry, fight_entries
from totenblatt.store.core import Database
from totenblatt.store.database import StoreError
from totenblatt.store.gangs import Gangs, created_gang
from totenblatt.store.models import (
    AuditRow,
    CampaignFightGangRow,
    CampaignFightRow,
    CampaignGangRow,
    CampaignRow,
    GangRow,
    WebGameRow,
)
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = [
    "PLAYING",
    "RECORDED",
    "CampaignConflictError",
    "CampaignFight",
    "CampaignGang",
    "CampaignNotFoundError",
    "CampaignRecord",
    "Campaigns",
    "FightSide",
    "GameInfo",
    "NewSide",
]

PLAYING = "playing"
"""A fight not recorded for every gang yet (its game may be over: then it is in its aftermath)."""
RECORDED = "recorded"
"""Every gang of the fight confirmed its aftermath."""


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
                if side.gang_id == gang_id and not side.confirmed:
                    return fight
        return None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the campaign pages show of a fight's web game: its status and public link."""

    status: str
    spectator_token: str
    summary: dict[str, Any]


def _side(row: CampaignFightGangRow) -> FightSide:
    return FightSide(
        gang_id=row.gang_id,
        seat=row.seat,
        kind=row.kind,
        before=Gang.from_record(row.before),
        absent=tuple(row.absent),
        figures=tuple((str(f), str(m)) for f, m in row.figures),
        sacrifice=row.sacrifice,
        result=row.result,
        kills=row.kills,
        choices=row.choices,
        confirmed_at=row.confirmed_at,
    )


def _fight(row: CampaignFightRow, sides: Sequence[CampaignFightGangRow]) -> CampaignFight:
    return CampaignFight(
        id=row.id,
        campaign_id=row.campaign_id,
        game_id=row.game_id,
        scenario=row.scenario,
        ruleset=row.ruleset,
        seed=row.seed,
        status=row.status,
        created_at=row.created_at,
        recorded_at=row.recorded_at,
        sides=tuple(_side(s) for s in sorted(sides, key=lambda s: s.seat)),
    )


class Campaigns:
    """The campaigns of one :class:`~totenblatt.store.core.Database` (with its gangs)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.gangs = Gangs(db)

    # -- reading ---------------------------------------------------------------------------

    def get(self, campaign_id: str) -> CampaignRecord:
        """The campaign ``campaign_id`` with its gangs, fights and battle log."""
        with self.db.transaction(write=False) as session:
            return self._record(session, campaign_id)

    def _campaign_row(self, session: Session, campaign_id: str) -> CampaignRow:
        row = session.get(CampaignRow, campaign_id) if len(campaign_id) <= 24 else None
        if row is None:
            raise CampaignNotFoundError(Message("no such campaign"))
        return row

    def _record(self, session: Session, campaign_id: str) -> CampaignRecord:
        row = self._campaign_row(session, campaign_id)
        links = session.scalars(
            select(CampaignGangRow)
            .where(CampaignGangRow.campaign_id == campaign_id)
            .order_by(CampaignGangRow.position)
        ).all()
        gangs = tuple(
            CampaignGang(
                id=link.id,
                gang_id=link.gang_id,
                gang=Gangs.gang_of(self.gangs.row_by_id(session, link.gang_id)),
                owner_hash=link.owner_hash,
                position=link.position,
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
        fights = tuple(_fight(f, by_fight.get(f.id, [])) for f in fight_rows)
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
        return CampaignRecord(
            id=row.id,
            name=row.name,
            lang=row.lang,
            admin_hash=row.admin_hash,
            created_at=row.created_at,
            gangs=gangs,
            fights=fights,
            log=log,
            losses=losses,
        )

    def games(self, game_ids: Sequence[str]) -> dict[str, GameInfo]:
        """Status, spectator token and summary of the web games ``game_ids`` (those stored)."""
        if not game_ids:
            return {}
        with self.db.transaction(write=False) as session:
            rows = session.execute(
                select(
                    WebGameRow.id, WebGameRow.status, WebGameRow.spectator_token, WebGameRow.summary
                ).where(WebGameRow.id.in_(list(game_ids)))
            ).all()
            return {r.id: GameInfo(r.status, r.spectator_token, dict(r.summary)) for r in rows}

    def fight_of_game(self, game_id: str) -> CampaignFight | None:
        """The campaign fight played as web game ``game_id`` (None: not a campaign fight)."""
        with self.db.transaction(write=False) as session:
            row = session.scalars(
                select(CampaignFightRow).where(CampaignFightRow.game_id == game_id)
            ).first()
            if row is None:
                return None
            sides = session.scalars(
                select(CampaignFightGangRow).where(CampaignFightGangRow.fight_id == row.id)
            ).all()
            return _fight(row, sides)

    # -- campaigns and their gangs ---------------------------------------------------------

    def create(self, campaign_id: str, name: str, lang: str, admin_hash: str) -> CampaignRecord:
        """A new campaign (no gangs yet)."""
        clean = " ".join(clean_name(name, what="name", limit=NAME_MAX, error=StoreError).split())
        with self.db.transaction() as session:
            session.add(
                CampaignRow(
                    id=campaign_id,
                    name=clean,
                    lang=lang,
                    admin_hash=admin_hash,
                    created_at=self.db.clock(),
                )
            )
            session.flush()
            return self._record(session, campaign_id)

    def _link(
        self, session: Session, campaign_id: str, link_id: str, owner_hash: str, gang: GangRow
    ) -> CampaignGang:
        self._campaign_row(session, campaign_id)
        taken = session.scalars(
            select(CampaignGangRow.campaign_id).where(CampaignGangRow.gang_id == gang.id)
        ).first()
        if taken is not None:
            where = (
                Message("this campaign") if taken == campaign_id else Message("another campaign")
            )
            raise CampaignConflictError(
                Message("gang {gang} is already in {where}", gang=repr(gang.name), where=where)
            )
        position = len(
            session.scalars(
                select(CampaignGangRow.id).where(CampaignGangRow.campaign_id == campaign_id)
            ).all()
        )
        session.add(
            CampaignGangRow(
                id=link_id,
                campaign_id=campaign_id,
                gang_id=gang.id,
                owner_hash=owner_hash,
                position=position,
                created_at=self.db.clock(),
            )
        )
        session.flush()
        return CampaignGang(link_id, gang.id, Gangs.gang_of(gang), owner_hash, position)

    def new_gang(
        self,
        campaign_id: str,
        link_id: str,
        owner_hash: str,
        *,
        name: str,
        leader: HeroType,
        size: int | None,
        seed: int,
        leader_name: str | None = None,
        member_names: Sequence[str] = (),
        abilities: Sequence[Ability] = (),
        weapons: Sequence[str] = (),
        ruleset: str = "extended",
    ) -> tuple[CampaignGang, tuple[Event, ...]]:
        """Create a gang (B3, as ``gang create``) in the campaign: one transaction."""
        gang, events, args = created_gang(
            name,
            leader,
            size=size,
            abilities=abilities,
            leader_name=leader_name,
            member_names=member_names,
            ruleset=ruleset,
            seed=seed,
            weapons=weapons,
        )
        args["campaign"] = campaign_id
        with self.db.transaction() as session:
            self._campaign_row(session, campaign_id)
            row = self.gangs.add(session, gang, events, what="gang create", seed=seed, args=args)
            return self._link(session, campaign_id, link_id, owner_hash, row), events

    def import_gang(
        self, campaign_id: str, link_id: str, owner_hash: str, name: str
    ) -> CampaignGang:
        """Bring a stored gang (``gang create``) into the campaign."""
        with self.db.transaction() as session:
            row = self.gangs.row(session, name)
            return self._link(session, campaign_id, link_id, owner_hash, row)

    def import_roster(
        self, campaign_id: str, link_id: str, owner_hash: str, gang: Gang
    ) -> CampaignGang:
        """Store a gang read from its JSON export and bring it into the campaign."""
        with self.db.transaction() as session:
            self._campaign_row(session, campaign_id)
            row = self.gangs.add(
                session,
                gang,
                (),
                what="gang import",
                seed=None,
                args={"name": gang.name, "campaign": campaign_id, "record": gang.to_record()},
            )
            return self._link(session, campaign_id, link_id, owner_hash, row)

    # -- fights -----------------------------------------------------------------------------

    def start_fight(
        self,
        campaign_id: str,
        fight_id: str,
        game_id: str,
        *,
        scenario: str,
        ruleset: str,
        seed: int,
        sides: Sequence[NewSide],
    ) -> CampaignFight:
        """Store a new fight of the campaign (its web game is stored apart, see the web layer).

        Every gang must be in the campaign, free (no fight it has not confirmed) and as
        ``before`` says (nobody changed it meanwhile).
        """
        with self.db.transaction() as session:
            record = self._record(session, campaign_id)
            for side in sides:
                link = record.gang(side.gang_id)
                busy = record.pending(side.gang_id)
                if busy is not None:
                    raise CampaignConflictError(
                        Message(
                            "gang {gang} is still in a fight that is not recorded yet: "
                            "finish its aftermath first",
                            gang=repr(link.gang.name),
                        )
                    )
                current = Gangs.gang_of(self.gangs.row_by_id(session, link.gang_id, lock=True))
                if current != side.before:
                    raise _changed(current)
            session.add(
                CampaignFightRow(
                    id=fight_id,
                    campaign_id=campaign_id,
                    game_id=game_id,
                    scenario=scenario,
                    ruleset=ruleset,
                    seed=seed,
                    status=PLAYING,
                    created_at=self.db.clock(),
                    recorded_at=None,
                )
            )
            session.flush()  # the fight before its sides (no ORM relationship orders them)
            for side in sides:
                session.add(
                    CampaignFightGangRow(
                        fight_id=fight_id,
                        gang_id=side.gang_id,
                        seat=side.seat,
                        kind=side.kind,
                        before=side.before.to_record(),
                        absent=list(side.absent),
                        figures=[list(pair) for pair in side.figures],
                    )
                )
            session.flush()
            return self._record(session, campaign_id).fight(fight_id)

    def drop_fight(self, fight_id: str) -> None:
        """Forget a fight whose web game could not be stored (nothing was played)."""
        with self.db.transaction() as session:
            row = session.get(CampaignFightRow, fight_id)
            if row is not None:
                session.delete(row)

    def choose_sacrifice(self, fight_id: str, gang_id: str, member: str) -> bool:
        """Note the sacrifice a conceding gang chose (B4); False when one was chosen already."""
        with self.db.transaction() as session:
            return _claim_open_side(
                session,
                fight_id,
                gang_id,
                CampaignFightGangRow.sacrifice.is_(None),
                sacrifice=member,
            )

    def confirm(
        self,
        fight_id: str,
        gang_id: str,
        steps: Sequence[tuple[Step, dict[str, Any]]],
        *,
        result: str,
        kills: int,
        choices: dict[str, Any],
    ) -> CampaignFight:
        """Write one gang's aftermath: its ``steps`` (each with its audit row) and the
        confirmation, in one transaction, and only once.

        CampaignConflictError when it was confirmed already (nothing changes) or when the
        gang changed since the fight began (another command: nothing is recorded).
        """
        now = self.db.clock()
        with self.db.transaction() as session:
            if not _claim_open_side(
                session,
                fight_id,
                gang_id,
                confirmed_at=now,
                result=result,
                kills=kills,
                choices=choices,
            ):
                raise CampaignConflictError(
                    Message("this gang's aftermath is recorded already: nothing was changed")
                )
            side = session.get(CampaignFightGangRow, (fight_id, gang_id))
            link = session.get(CampaignGangRow, gang_id)
            fight = session.get(CampaignFightRow, fight_id)
            assert side is not None and link is not None and fight is not None
            row = self.gangs.row_by_id(session, link.gang_id, lock=True)
            current = Gangs.gang_of(row)
            if current != Gang.from_record(side.before):
                raise _changed(current)
            self.gangs.write_steps(session, row, steps)
            open_sides = session.scalars(
                select(CampaignFightGangRow.gang_id).where(
                    CampaignFightGangRow.fight_id == fight_id,
                    CampaignFightGangRow.confirmed_at.is_(None),
                )
            ).all()
            if not open_sides:
                fight.status = RECORDED
                fight.recorded_at = now
            session.flush()
            sides = session.scalars(
                select(CampaignFightGangRow).where(CampaignFightGangRow.fight_id == fight_id)
            ).all()
            return _fight(fight, sides)


def _claim_open_side(
    session: Session, fight_id: str, gang_id: str, *also: ColumnElement[bool], **values: Any
) -> bool:
    """Set ``values`` on the gang's side of the fight while it is not confirmed (and every
    condition ``also`` holds): True when it did, False when another got there first."""
    done = session.execute(
        update(CampaignFightGangRow)
        .where(
            CampaignFightGangRow.fight_id == fight_id,
            CampaignFightGangRow.gang_id == gang_id,
            *also,
            CampaignFightGangRow.confirmed_at.is_(None),
        )
        .values(**values)
    )
    return bool(getattr(done, "rowcount", 0) == 1)


def _changed(gang: Gang) -> CampaignConflictError:
    return CampaignConflictError(
        Message(
            "gang {gang} changed since its fight began (another command?): nothing recorded",
            gang=repr(gang.name),
        )
    )
