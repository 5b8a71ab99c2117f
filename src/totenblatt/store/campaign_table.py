"""Fights of a campaign played on a real table: one record for every gang in it (D-43).

``fight record X --against Y`` with X and Y gangs of one campaign stores one campaign fight
(no web game: its ``game_id`` starts with :data:`~.campaign_records.TABLE`) with a side per
gang. X's side is recorded at once — its aftermath by the one road
(:func:`~totenblatt.store.gangs.aftermath_steps`), its audit rows naming the fight — and
Y's side awaits its owner, exactly as a side of a web fight does: Y is busy (its roster
waits) until ``fight record Y`` gives its outcome and confirms it
(:meth:`Campaigns.confirm`, once). ``fight undo`` undoes it for every gang that recorded it
and closes a side still waiting (:mod:`.gang_undo`).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.campaign import FightOutcome, Step, Wanted
from totenblatt.campaign.league import answer
from totenblatt.messages import Message
from totenblatt.store.campaign_records import (
    PLAYING,
    TABLE,
    CampaignConflictError,
    CampaignFight,
    CampaignRecord,
    FightSide,
    read_campaign,
)
from totenblatt.store.campaigns import Campaigns
from totenblatt.store.gang_rows import (
    Change,
    GangNotFoundError,
    checked_seed,
    find_row,
    to_gang,
)
from totenblatt.store.gangs import aftermath_steps
from totenblatt.store.models import CampaignFightGangRow, CampaignFightRow, CampaignGangRow

__all__ = ["CampaignTable", "Pending"]

Pending = tuple[CampaignFight, FightSide]
"""A campaign fight a gang has not confirmed yet, and its side of it."""


def _link(session: Session, name: str) -> CampaignGangRow | None:
    """The campaign link of the stored gang ``name`` (None: in no campaign)."""
    row = find_row(session, name)
    return session.scalars(select(CampaignGangRow).where(CampaignGangRow.gang_id == row.id)).first()


def _busy(record: CampaignRecord, link_id: str) -> None:
    """Refuse a gang that is in a campaign fight not recorded yet (its aftermath comes first)."""
    if record.pending(link_id) is not None:
        raise CampaignConflictError(
            Message(
                "gang {gang} is still in a fight that is not recorded yet: "
                "finish its aftermath first",
                gang=repr(record.gang(link_id).gang.name),
            )
        )


class CampaignTable:
    """The table fights of the campaigns of one database (see the module docstring)."""

    def __init__(self, campaigns: Campaigns) -> None:
        self.campaigns = campaigns
        self.db = campaigns.db

    def pending(self, name: str) -> Pending | None:
        """The campaign fight gang ``name`` has not confirmed yet (a web or a table fight)
        and its side; None when it is free or in no campaign."""
        with self.db.transaction(write=False) as session:
            link = _link(session, name)
            if link is None:
                return None
            fight = read_campaign(session, link.campaign_id).pending(link.id)
            return None if fight is None else (fight, fight.side(link.id))

    def shared(self, name: str, against: Sequence[str]) -> bool:
        """Whether gang ``name`` and every gang ``against`` (at least one) are gangs of one
        campaign: then their fight is one record for all (D-43)."""
        if not against:
            return False
        with self.db.transaction(write=False) as session:
            try:
                links = [_link(session, n) for n in (name, *against)]
            except GangNotFoundError:  # an opponent kept elsewhere: not of the campaign
                return False
        return all(link is not None for link in links) and (
            len({link.campaign_id for link in links if link is not None}) == 1
        )

    def record(
        self,
        name: str,
        against: Sequence[str],
        outcome: FightOutcome,
        wanted: Wanted,
        *,
        seed: int | None,
        absent: Collection[str] = (),
        log: dict[str, Any],
    ) -> tuple[Change, str]:
        """Record gang ``name``'s side of a table fight against the gangs ``against`` of its
        campaign (one transaction): the fight with a side per gang, ``name``'s aftermath
        with its audit rows; the other sides await their owners. The change and the fight's id.
        """
        seed = checked_seed(seed)
        fight_id = secrets.token_urlsafe(6)
        now = self.db.clock()
        with self.db.transaction() as session:
            own = _link(session, name)
            others = [_link(session, n) for n in against]
            assert own is not None and all(o is not None for o in others)
            record = read_campaign(session, own.campaign_id)
            links = [own, *(o for o in others if o is not None)]
            for link in links:
                _busy(record, link.id)
            row = find_row(session, name, lock=True)
            before = to_gang(row)
            tag = {"campaign": own.campaign_id, "campaign_fight": fight_id}
            resolved, steps = aftermath_steps(
                before, outcome, wanted, seed, absent=absent, log=log | tag
            )
            result = log.get("result")
            session.add(
                CampaignFightRow(
                    id=fight_id,
                    campaign_id=own.campaign_id,
                    game_id=f"{TABLE}{fight_id}",
                    scenario=str(log.get("scenario") or ""),
                    ruleset=before.ruleset,
                    seed=secrets.randbits(63),
                    status=PLAYING,
                    created_at=now,
                    recorded_at=None,
                )
            )
            session.flush()  # the fight before its sides
            implied = answer(
                [None if result is None else str(result)] + [None] * (len(others) - 1), None
            )
            for seat, link in enumerate(links):
                mine = seat == 0
                session.add(
                    CampaignFightGangRow(
                        fight_id=fight_id,
                        gang_id=link.id,
                        seat=seat,
                        kind="table",
                        before=(before if mine else record.gang(link.id).gang).to_record(),
                        absent=list(absent) if mine else [],
                        figures=[],
                        result=result if mine else implied,
                        kills=log.get("kills", 0) if mine else None,
                        choices=wanted.to_dict() if mine else None,
                        confirmed_at=now if mine else None,
                    )
                )
            session.flush()
            self.campaigns.gangs.write_steps(
                session, row, _tagged(steps, fight_id), fight="fight record"
            )
        events = tuple(e for step in resolved.steps for e in step.events)
        return Change(resolved.steps[-1].gang, events, seed), fight_id

    def confirm(
        self,
        pending: Pending,
        outcome: FightOutcome,
        wanted: Wanted,
        *,
        seed: int | None,
        absent: Collection[str] = (),
        log: dict[str, Any],
    ) -> Change:
        """Record a gang's waiting side of a table fight with its owner's outcome (once; the
        gang must be as it went in). ``log``'s result must agree with the other sides'
        (:func:`~totenblatt.campaign.league.answer`); none given takes the one they imply."""
        fight, side = pending
        seed = checked_seed(seed)
        theirs = [s.result for s in fight.sides if s.gang_id != side.gang_id]
        claimed = log.get("result")
        result = answer(theirs, None if claimed is None else str(claimed))
        tag = {"campaign": fight.campaign_id, "campaign_fight": fight.id}
        resolved, steps = aftermath_steps(
            side.before, outcome, wanted, seed, absent=absent, log=log | tag | {"result": result}
        )
        self.campaigns.confirm(
            fight.id,
            side.gang_id,
            _tagged(steps, fight.id),
            result=result,
            kills=int(log.get("kills") or 0),
            choices=wanted.to_dict(),
        )
        events = tuple(e for step in resolved.steps for e in step.events)
        return Change(resolved.steps[-1].gang, events, seed)


def _tagged(steps: Sequence[tuple[Step, dict[str, Any]]], fight_id: str) -> list[Any]:
    """The steps with the fight named in every audit row after the fight's (as the web's)."""
    return [
        (step, args if step.what == "fight" else {"campaign_fight": fight_id} | args)
        for step, args in steps
    ]
