"""A game night at the web table, stored: chat lines, takebacks, the players' options.

Each change is one transaction. A takeback removes the game's last action in the
transaction that records it, only if the game still has exactly that many actions
(:class:`~totenblatt.store.table_records.ActionConflictError` otherwise, nothing written); a
refused one is recorded too, for the log. A game keeps its newest
:data:`~totenblatt.store.night_records.CHAT_KEEP` chat lines.

>>> from totenblatt.store.core import Database
>>> from totenblatt.store.table_records import SeatRecord
>>> from totenblatt.store.tables import WebGames
>>> with Database("sqlite:///:memory:") as db:
...     WebGames(db).create("g1", scenario="duel", ruleset="base", lang="en",
...                         seats=[SeatRecord("human", "ab" * 32), SeatRecord("bot", None)],
...                         spectator_token="cd" * 32, setup="{}", summary={})
...     nights = GameNights(db)
...     line = nights.say("g1", 0, "howdy", None)
...     [c.text for c in WebGames(db).load("g1").chat]
['howdy']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, select, update

from totenblatt.store.core import Database
from totenblatt.store.models import WebActionRow, WebChatRow, WebGameRow, WebTakebackRow
from totenblatt.store.night_records import (
    CHAT_KEEP,
    REFUSED,
    UNDONE,
    ChatRecord,
    TakebackRecord,
    chat_record,
    takeback_record,
)
from totenblatt.store.table_records import PLAYING, ActionConflictError, WebGameNotFoundError
from totenblatt.store.table_sql import GAMES

__all__ = ["GameNights"]


class GameNights:
    """Chat, takebacks and seat options of the web table's games in a :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def say(
        self, game_id: str, seat: int | None, text: str, emote: str | None, keep: int = CHAT_KEEP
    ) -> ChatRecord:
        """Add a chat line of ``seat`` (None: a spectator); only the newest ``keep`` stay."""
        now = self.db.clock()
        with self.db.transaction() as session:
            if session.get(WebGameRow, game_id) is None:
                raise WebGameNotFoundError(f"no web game {game_id!r}")
            row = WebChatRow(game_id=game_id, seat=seat, text=text, emote=emote, created_at=now)
            session.add(row)
            session.flush()
            oldest = session.scalars(
                select(WebChatRow.id)
                .where(WebChatRow.game_id == game_id)
                .order_by(WebChatRow.id.desc())
                .offset(keep - 1)
                .limit(1)
            ).first()
            if oldest is not None:
                session.execute(
                    delete(WebChatRow).where(WebChatRow.game_id == game_id, WebChatRow.id < oldest)
                )
            return chat_record(row)

    def ask_takeback(self, game_id: str, request: dict[str, Any] | None) -> None:
        """Store the takeback being asked (None: none is)."""
        with self.db.transaction() as session:
            done = session.connection().execute(
                update(WebGameRow).where(WebGameRow.id == game_id).values(takeback=request)
            )
            if done.rowcount != 1:
                raise WebGameNotFoundError(f"no web game {game_id!r}")

    def take_back(
        self,
        game_id: str,
        position: int,
        *,
        seat: int,
        accepted: Sequence[int],
        events: int,
        undone: Sequence[dict[str, Any]],
    ) -> TakebackRecord:
        """Remove the game's action number ``position`` (its last) and record the takeback.

        :class:`ActionConflictError` when the game is not playing with exactly
        ``position + 1`` actions (it moved on): nothing is written then.
        """
        now = self.db.clock()
        with self.db.transaction() as session:
            moved = session.connection().execute(
                update(GAMES)
                .where(
                    GAMES.c.id == game_id,
                    GAMES.c.actions == position + 1,
                    GAMES.c.status == PLAYING,
                )
                .values(actions=position, takeback=None, updated_at=now)
            )
            if moved.rowcount != 1:
                raise ActionConflictError(
                    f"game {game_id!r} no longer has action number {position + 1} as its last"
                )
            session.execute(
                delete(WebActionRow).where(
                    WebActionRow.game_id == game_id, WebActionRow.position == position
                )
            )
            row = WebTakebackRow(
                game_id=game_id,
                position=position,
                seat=seat,
                outcome=UNDONE,
                answered_by=list(accepted),
                events=events,
                undone=list(undone),
                created_at=now,
            )
            session.add(row)
            session.flush()
            return takeback_record(row)

    def refuse(
        self, game_id: str, position: int, *, seat: int, refused_by: int, events: int
    ) -> TakebackRecord:
        """Record that ``refused_by`` refused the takeback ``seat`` asked; none is asked now."""
        now = self.db.clock()
        with self.db.transaction() as session:
            done = session.connection().execute(
                update(WebGameRow).where(WebGameRow.id == game_id).values(takeback=None)
            )
            if done.rowcount != 1:
                raise WebGameNotFoundError(f"no web game {game_id!r}")
            row = WebTakebackRow(
                game_id=game_id,
                position=position,
                seat=seat,
                outcome=REFUSED,
                answered_by=[refused_by],
                events=events,
                undone=[],
                created_at=now,
            )
            session.add(row)
            session.flush()
            return takeback_record(row)

    def set_auto_pass(self, game_id: str, seat: int, on: bool) -> None:
        """Whether ``seat`` passes its bids automatically."""
        with self.db.transaction() as session:
            row = session.get(WebGameRow, game_id)
            if row is None:
                raise WebGameNotFoundError(f"no web game {game_id!r}")
            seats = [dict(s) for s in row.seats]
            if on:
                seats[seat]["auto_pass"] = True
            else:
                seats[seat].pop("auto_pass", None)
            if seats != row.seats:
                row.seats = seats  # a new list: the JSON column sees the change
