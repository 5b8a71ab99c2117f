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

from collections.abc import Sequence
from typing import Any, Unpack

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.orm import Session

from totenblatt.campaign import Event, Gang, Step
from totenblatt.messages import Message
from totenblatt.names import NAME_MAX, clean_name
from totenblatt.store.campaign_records import (
    PLAYING,
    RECORDED,
    UNDONE,
    CampaignConflictError,
    CampaignFight,
    CampaignGang,
    CampaignRecord,
    GameInfo,
    NewSide,
    campaign_row,
    fight_of_rows,
    read_campaign,
)
from totenblatt.store.core import Database
from totenblatt.store.database import StoreError
from totenblatt.store.gang_rows import GangOptions
from totenblatt.store.gangs import Gangs
from totenblatt.store.models import (
    CampaignFightGangRow,
    CampaignFightRow,
    CampaignGangRow,
    CampaignRow,
    GangRow,
    WebGameRow,
)
from totenblatt.wanted.vocab import HeroType

__all__ = ["Campaigns"]


class Campaigns:
    """The campaigns of one :class:`~totenblatt.store.core.Database` (with its gangs)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.gangs = Gangs(db)

    # -- reading ---------------------------------------------------------------------------

    def get(self, campaign_id: str) -> CampaignRecord:
        """The campaign ``campaign_id`` with its gangs, fights and battle log."""
        with self.db.transaction(write=False) as session:
            return read_campaign(session, campaign_id)

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
            return fight_of_rows(row, sides)

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
            return read_campaign(session, campaign_id)

    def _link(
        self, session: Session, campaign_id: str, link_id: str, owner_hash: str, gang: GangRow
    ) -> CampaignGang:
        campaign_row(session, campaign_id)
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
        seed: int,
        **options: Unpack[GangOptions],
    ) -> tuple[CampaignGang, tuple[Event, ...]]:
        """Create a gang (B3, as ``gang create``) in the campaign: one transaction."""
        links: list[CampaignGang] = []

        def join(session: Session, row: GangRow) -> None:
            campaign_row(session, campaign_id)
            links.append(self._link(session, campaign_id, link_id, owner_hash, row))

        change = self.gangs.create(
            name, leader, seed=seed, also={"campaign": campaign_id}, then=join, **options
        )
        return links[0], change.events

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
            campaign_row(session, campaign_id)
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
            record = read_campaign(session, campaign_id)
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
            return read_campaign(session, campaign_id).fight(fight_id)

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
        result: str | None,
        kills: int,
        choices: dict[str, Any],
    ) -> CampaignFight:
        """Write one gang's aftermath: its ``steps`` (each with its audit row) and the
        confirmation, in one transaction, and only once.

        CampaignConflictError when it was confirmed already (nothing changes), when the
        fight was undone meanwhile (D-43) or when the gang changed since the fight began
        (another command: nothing is recorded).
        """
        now = self.db.clock()
        with self.db.transaction() as session:
            undone = session.get(CampaignFightRow, fight_id)
            if undone is not None and undone.status == UNDONE:
                raise CampaignConflictError(
                    Message("this fight was undone by another gang: nothing to record (D-43)")
                )
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
            return fight_of_rows(fight, sides)


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
