"""What a game night adds to a stored web game: its chat lines and its takebacks, as records.

Read inside the transaction that loads the game (:meth:`WebGames.load
<totenblatt.store.tables.WebGames.load>`), so the takebacks always agree with the actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.store.models import WebChatRow, WebTakebackRow, from_row

__all__ = [
    "CHAT_KEEP",
    "REFUSED",
    "UNDONE",
    "ChatRecord",
    "TakebackRecord",
    "read_chat",
    "read_takebacks",
]

CHAT_KEEP = 200
"""Chat lines a game keeps (older ones are deleted as new ones come)."""
UNDONE = "undone"
"""A takeback every other seat accepted: the action was taken back."""
REFUSED = "refused"
"""A takeback another seat refused."""


@dataclass(frozen=True, slots=True)
class ChatRecord:
    """One chat line: who (``seat`` None: a spectator), the text or the emote, when."""

    id: int
    seat: int | None
    text: str
    emote: str | None
    at: datetime


@dataclass(frozen=True, slots=True)
class TakebackRecord:
    """A takeback asked by ``seat`` of its action number ``position`` (from 0).

    ``outcome`` is :data:`UNDONE` (``answered_by``: the seats that accepted) or
    :data:`REFUSED` (the seat that refused); ``events`` counts the game's events when it
    was decided (where it stands in the log); ``undone`` holds the public events taken back.
    """

    position: int
    seat: int
    outcome: str
    answered_by: tuple[int, ...]
    events: int
    undone: tuple[dict[str, Any], ...]
    at: datetime


def _utc(when: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def chat_record(row: WebChatRow) -> ChatRecord:
    """The record of a chat row."""
    return ChatRecord(row.id, row.seat, row.text, row.emote, _utc(row.created_at))


def takeback_record(row: WebTakebackRow) -> TakebackRecord:
    """The record of a takeback row."""
    return from_row(
        TakebackRecord,
        row,
        answered_by=tuple(row.answered_by),
        undone=tuple(row.undone),
        at=_utc(row.created_at),
    )


def read_chat(session: Session, game_id: str, limit: int = CHAT_KEEP) -> list[ChatRecord]:
    """The newest ``limit`` chat lines of the game, oldest first."""
    rows = session.scalars(
        select(WebChatRow)
        .where(WebChatRow.game_id == game_id)
        .order_by(WebChatRow.id.desc())
        .limit(limit)
    ).all()
    return [chat_record(row) for row in reversed(rows)]


def read_takebacks(session: Session, game_id: str) -> list[TakebackRecord]:
    """The game's takebacks (done and refused), in order."""
    rows = session.scalars(
        select(WebTakebackRow).where(WebTakebackRow.game_id == game_id).order_by(WebTakebackRow.id)
    ).all()
    return [takeback_record(row) for row in rows]
