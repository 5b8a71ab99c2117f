"""The bots' turns of web games, claimed by one server process at a time (a lease).

Several ``totenblatt serve`` processes on one PostgreSQL play the same games. A game whose
bot is to act has a row in ``web_bot_turns`` (written with the action that led there,
:class:`~totenblatt.store.table_records.TurnMark`): the position at which the bot decides, its
seat, and the process that plays it until its lease expires. A process claims a turn
(:meth:`BotTurns.claim`, or many at once with :meth:`BotTurns.due`, which skips rows
another process is claiming at the same moment: ``FOR UPDATE SKIP LOCKED``), renews the
lease while its bot thinks and lets it go when done. A process that dies keeps its leases
only until they expire; then another claims them. A turn is applied at most once whoever
plays it: the store takes one action per position
(:class:`~totenblatt.store.table_records.ActionConflictError` for a second).

A row is current only while its game is playing, has exactly ``position`` actions and no
takeback is being asked; older rows are ignored (and overwritten by the next mark).

>>> from datetime import timedelta
>>> from totenblatt.store.core import Database
>>> from totenblatt.store.table_records import SeatRecord, TurnMark
>>> from totenblatt.store.tables import WebGames
>>> with Database("sqlite:///:memory:") as db:
...     WebGames(db).create("g1", scenario="duel", ruleset="base", lang="en",
...                         seats=[SeatRecord("bot", None), SeatRecord("bot", None)],
...                         spectator_token="cd" * 32, setup="{}", summary={},
...                         turn=TurnMark(0))
...     turns = BotTurns(db)
...     first = turns.due("a", timedelta(seconds=5))
...     second = turns.due("b", timedelta(seconds=5))
...     (first, second)
([('g1', 0)], [])
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import or_, select, update

from totenblatt.store.core import Database
from totenblatt.store.table_records import PLAYING, TurnMark
from totenblatt.store.table_sql import GAMES, TURNS, mark_turn

__all__ = ["BotTurns"]


class BotTurns:
    """Leases on the bots' turns of web games (see the module docstring)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def claim(self, game_id: str, position: int, seat: int, holder: str, lease: timedelta) -> bool:
        """Take the bot's turn at ``position`` for ``holder`` until ``lease`` from now; False
        when the game is not there (another action came first, a takeback is asked, it
        ended) or another process holds a live lease on it."""
        now = self.db.clock()
        with self.db.transaction() as session:
            conn = session.connection()
            game = conn.execute(  # the game row locked: claims and actions of it take turns
                select(GAMES.c.actions, GAMES.c.status, GAMES.c.takeback)
                .where(GAMES.c.id == game_id)
                .with_for_update()
            ).first()
            if game is None or game.actions != position or game.status != PLAYING:
                return False
            if game.takeback is not None:
                return False
            row = conn.execute(
                select(TURNS.c.position, TURNS.c.holder, TURNS.c.expires_at).where(
                    TURNS.c.game_id == game_id
                )
            ).first()
            if (
                row is not None
                and row.position == position
                and row.holder not in (None, holder)
                and row.expires_at is not None
                and _aware(row.expires_at) > now
            ):
                return False
            mark_turn(conn, game_id, position, TurnMark(seat, holder, now + lease))
            return True

    def renew(self, game_id: str, position: int, holder: str, lease: timedelta) -> bool:
        """Hold the turn ``lease`` longer; False when ``holder`` no longer holds it."""
        with self.db.transaction() as session:
            done = session.connection().execute(
                update(TURNS)
                .where(
                    TURNS.c.game_id == game_id,
                    TURNS.c.position == position,
                    TURNS.c.holder == holder,
                )
                .values(expires_at=self.db.clock() + lease)
            )
            return bool(done.rowcount == 1)

    def release(self, holder: str, game_id: str | None = None) -> int:
        """Let go of ``holder``'s leases (of one game, or all): others may claim them now."""
        query = update(TURNS).where(TURNS.c.holder == holder)
        if game_id is not None:
            query = query.where(TURNS.c.game_id == game_id)
        with self.db.transaction() as session:
            done = session.connection().execute(query.values(holder=None, expires_at=None))
            return int(done.rowcount)

    def due(self, holder: str, lease: timedelta, limit: int = 50) -> list[tuple[str, int]]:
        """Claim for ``holder`` the bots' turns that nobody plays (no lease, or one that
        expired), at most ``limit``: their games and positions. Rows another process is
        claiming at this moment are skipped, never waited for."""
        now = self.db.clock()
        free = or_(TURNS.c.expires_at.is_(None), TURNS.c.expires_at < now)
        query = (
            select(TURNS.c.game_id, TURNS.c.position, GAMES.c.takeback)
            .join(GAMES, GAMES.c.id == TURNS.c.game_id)
            .where(free, GAMES.c.actions == TURNS.c.position, GAMES.c.status == PLAYING)
            .order_by(TURNS.c.expires_at.is_not(None), TURNS.c.game_id)
            .limit(limit)
            .with_for_update(of=TURNS, skip_locked=True)
        )
        with self.db.transaction() as session:
            conn = session.connection()
            # a takeback being asked holds the bots (JSON null or none: nothing asked)
            found = [(g, p) for g, p, asked in conn.execute(query) if asked is None]
            if found:
                conn.execute(
                    update(TURNS)
                    .where(TURNS.c.game_id.in_([g for g, _ in found]))
                    .values(holder=holder, expires_at=now + lease)
                )
            return found


def _aware(moment: datetime) -> datetime:
    """A stored time with its zone (SQLite gives it back without one: it is UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
