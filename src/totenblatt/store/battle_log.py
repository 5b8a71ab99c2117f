"""The battle log: every recorded fight of a gang, read from its audit rows.

``fight record`` (a fight on a real table), ``fight play`` (the engine in a terminal) and a
campaign fight at the web table each write one audit row per gang with what the log needs
(opponents, result, scenario, kills, members who sat out, a note). Reading the log from
those rows keeps it true to ``fight undo``: an undone fight is marked so and counts for no
league table. Older rows without a ``result`` get one from what they hold (winner, end).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.store.models import AuditRow

__all__ = ["FIGHT_COMMANDS", "FightEntry", "fight_entries"]

FIGHT_COMMANDS = ("fight record", "fight play")
"""Audit ``what`` values of a recorded fight (``fight undo`` reverses them)."""

RESULTS = ("won", "lost", "conceded", "limit")
"""The results a fight is logged with (:class:`totenblatt.campaign.battle.Result`)."""


@dataclass(frozen=True, slots=True)
class FightEntry:
    """One gang's side of one recorded fight."""

    audit_id: int
    gang_id: int | None
    gang: str
    what: str
    when: datetime
    against: tuple[str, ...]
    result: str | None
    scenario: str | None
    kills: int
    died: tuple[str, ...]
    absent: tuple[str, ...]
    note: str | None
    campaign_fight: str | None
    undone: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (no seed: the log is public)."""
        return {
            "gang": self.gang,
            "what": self.what,
            "when": self.when.isoformat(),
            "against": list(self.against),
            "result": self.result,
            "scenario": self.scenario,
            "kills": self.kills,
            "died": list(self.died),
            "absent": list(self.absent),
            "note": self.note,
            "undone": self.undone,
        }


def _names(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value if v is not None)
    return ()


def _result(args: Mapping[str, Any], gang: str) -> str | None:
    stored = args.get("result")
    if stored in RESULTS:
        return str(stored)
    if args.get("conceded"):
        return "conceded"
    if "winner" not in args:  # a fight recorded without one (fight record)
        return None
    winner = args.get("winner")
    if winner is None:
        return "limit" if args.get("end_reason") == "round_limit" else None
    return "won" if winner == gang else "lost"


def _entry(row: AuditRow) -> FightEntry:
    args: Mapping[str, Any] = row.args or {}
    kills = args.get("kills", 0)
    return FightEntry(
        audit_id=row.id,
        gang_id=row.gang_id,
        gang=row.subject,
        what=row.what,
        when=row.created_at,
        against=_names(args.get("against", args.get("opponent"))),
        result=_result(args, row.subject),
        scenario=args.get("scenario") if isinstance(args.get("scenario"), str) else None,
        kills=kills if isinstance(kills, int) and not isinstance(kills, bool) else 0,
        died=_names(args.get("died")),
        absent=_names(args.get("absent")),
        note=args.get("note") if isinstance(args.get("note"), str) else None,
        campaign_fight=(
            args.get("campaign_fight") if isinstance(args.get("campaign_fight"), str) else None
        ),
        undone=row.undone_at is not None,
    )


def fight_entries(session: Session, gang_ids: Collection[int]) -> list[FightEntry]:
    """The recorded fights of the gangs ``gang_ids``, oldest first (undone ones marked)."""
    if not gang_ids:
        return []
    rows = session.scalars(
        select(AuditRow)
        .where(AuditRow.gang_id.in_(list(gang_ids)), AuditRow.what.in_(FIGHT_COMMANDS))
        .order_by(AuditRow.id)
    ).all()
    return [_entry(r) for r in rows]
