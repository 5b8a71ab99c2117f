"""Games of the web table: the referee setup, the seats and every action, one transaction each.

A game is its setup (a referee save of the freshly dealt game: ruleset, scenario and
the secret seed) plus its actions in order, so replaying them rebuilds it after a
restart. Appending an action names the position it takes: a second writer that
saw the same game gets :class:`ActionConflictError` and nothing is written. A game
nobody touched (no action, no join) for the server's idle time ends as abandoned
(:meth:`WebGames.abandon_idle`) and takes no more actions.

>>> from totenblatt.store.core import Database
>>> with Database("sqlite:///:memory:") as db:
...     games = WebGames(db)
...     seats = [SeatRecord("human", "ab" * 32), SeatRecord("bot", None)]
...     games.create("g1", scenario="duel", ruleset="base", lang="en", seats=seats,
...                  spectator_token="cd" * 32, setup="{}", summary={"round": 1})
...     games.append("g1", 0, {"type": "pass"}, summary={"round": 1}, over=False)
...     [a["type"] for a in games.load("g1").actions]
['pass']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from totenblatt.store.core import Database
from totenblatt.store.models import WebActionRow, WebGameRow, from_row
from totenblatt.store.night_records import UNDONE, ChatRecord, read_chat, read_takebacks
from totenblatt.store.table_records import (
    ABANDONED,
    OVER,
    PLAYING,
    ActionConflictError,
    RematchExistsError,
    SeatRecord,
    TurnMark,
    WebGameNotFoundError,
    WebGameRecord,
    WebGameStamp,
    WebGameSummary,
    WebGameTally,
    read_seat,
)
from totenblatt.store.table_sql import (
    ACTIONS,
    ADVANCE,
    GAMES,
    TAKEBACKS,
    TURNS,
    append_statement,
    mark_turn,
)

__all__ = ["WebGames"]

_CREATION_LOCK = 0x70746E63  # PostgreSQL advisory lock key while admitting a new game


class WebGames:
    """The web table's games in a :class:`~totenblatt.store.core.Database`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def create(
        self,
        game_id: str,
        *,
        scenario: str,
        ruleset: str,
        lang: str,
        seats: Sequence[SeatRecord],
        spectator_token: str,
        setup: str,
        summary: dict[str, Any],
        owner: str | None = None,
        admit: Callable[[WebGameTally], None] | None = None,
        name: str | None = None,
        rematch_of: str | None = None,
        turn: TurnMark | None = None,
        clock: dict[str, Any] | None = None,
    ) -> None:
        """Store a new game with no actions, created by ``owner`` (a client's hash).

        ``admit`` is called with the :meth:`tally` of ``owner`` in the same transaction,
        before the game is added, and refuses it by raising: two creations at once
        cannot both take the last place. ``rematch_of``: the finished game this one is
        the rematch of, linked in the same transaction (:class:`RematchExistsError` when
        that game already has one: nothing is stored then). ``turn``: whether a bot acts
        first (stored for several server processes; None: not tracked). ``clock``: a game
        that lasts days, its clock's stored form (:meth:`set_clock` keeps it).
        """
        now = self.db.clock()
        with self.db.transaction() as session:
            if admit is not None:
                if session.get_bind().dialect.name == "postgresql":
                    session.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"), {"key": _CREATION_LOCK}
                    )
                admit(self._tally(session, owner))
            session.add(
                WebGameRow(
                    id=game_id,
                    scenario=scenario,
                    ruleset=ruleset,
                    lang=lang,
                    seats=[s.stored() for s in seats],
                    spectator_token=spectator_token,
                    setup=setup,
                    actions=0,
                    status=PLAYING,
                    summary=summary,
                    created_at=now,
                    updated_at=now,
                    owner=owner,
                    name=name,
                    **({} if clock is None else {"clock": clock}),  # none: SQL NULL, not JSON null
                )
            )
            if rematch_of is not None:
                session.flush()  # the new row first: the old one may then name it
                linked = session.connection().execute(
                    update(WebGameRow)
                    .where(WebGameRow.id == rematch_of, WebGameRow.rematch_id.is_(None))
                    .values(rematch_id=game_id)
                )
                if linked.rowcount != 1:
                    raise RematchExistsError(f"game {rematch_of!r} already has its rematch")
            if turn is not None and turn.seat is not None:
                session.flush()
                mark_turn(session.connection(), game_id, 0, turn)

    def tally(self, owner: str | None = None) -> WebGameTally:
        """How many unfinished games count against the limits (``owner``: whose bot games)."""
        with self.db.transaction(write=False) as session:
            return self._tally(session, owner)

    @staticmethod
    def _tally(session: Session, owner: str | None) -> WebGameTally:
        rows = session.execute(
            select(WebGameRow.seats, WebGameRow.owner).where(WebGameRow.status == PLAYING)
        ).all()
        playing = bots = mine = held = 0
        for seats, who in rows:
            humans = [s for s in seats if s.get("kind") == "human"]
            if not humans:
                bots += 1
                mine += owner is not None and who == owner
                continue
            held += owner is not None and who == owner
            if any(s.get("joined") for s in humans):
                playing += 1
        return WebGameTally(playing, bots, mine, held)

    def abandon_idle(self, idle: timedelta, keep: Collection[str] = ()) -> list[str]:
        """End as abandoned every unfinished game untouched for ``idle`` (no action, no
        join), except those in ``keep`` and games with a clock (a game that lasts days: its
        clock ends the wait); their ids."""
        cutoff = self.db.clock() - idle
        with self.db.transaction() as session:
            found = session.scalars(
                select(WebGameRow.id).where(
                    WebGameRow.status == PLAYING,
                    WebGameRow.updated_at < cutoff,
                    WebGameRow.clock.is_(None),
                )
            ).all()
            ids = [i for i in found if i not in keep]
            for start in range(0, len(ids), 500):
                session.execute(
                    update(WebGameRow)
                    .where(
                        WebGameRow.id.in_(ids[start : start + 500]),
                        WebGameRow.status == PLAYING,
                        WebGameRow.updated_at < cutoff,
                    )
                    .values(status=ABANDONED)
                )
            return ids

    def append(
        self,
        game_id: str,
        position: int,
        action: dict[str, Any] | list[dict[str, Any]],
        *,
        summary: dict[str, Any],
        over: bool,
        turn: TurnMark | None = None,
        notice: tuple[str, str] | None = None,
    ) -> None:
        """Store ``action`` as the game's action number ``position`` (from 0), in one transaction.

        A list is one decision and the passes the server made after it for seats that pass
        their bids automatically (they take no number of their own). A takeback being
        asked lapses. Raises :class:`ActionConflictError` when the game does not have exactly
        ``position`` actions (someone else appended first) and writes nothing then.
        ``turn``: whose turn the new position leaves (a bot's: ``web_bot_turns``; None:
        not tracked, as with one server process). ``notice``: a channel and payload that
        PostgreSQL's ``NOTIFY`` sends once the action is stored (ignored on SQLite).
        """
        now = self.db.clock()
        values = {
            "game": game_id,
            "position": position,
            "next": position + 1,
            "status": OVER if over else PLAYING,
            "summary": summary,
            "now": now,
        }
        if self.db.engine.dialect.name == "postgresql":
            self._append_at_once(values, action, turn, notice)
            return
        with self.db.transaction() as session:
            conn = session.connection()  # Core statements: this runs after every action
            if conn.execute(ADVANCE, values).rowcount != 1:
                self._refuse_append(session, game_id, position)
            try:
                conn.execute(
                    ACTIONS.insert(),
                    {"game_id": game_id, "position": position, "action": action, "created_at": now},
                )
            except IntegrityError:
                raise ActionConflictError(
                    f"game {game_id!r} already has an action number {position + 1}"
                ) from None
            if turn is not None:
                mark_turn(conn, game_id, position + 1, turn)

    def _append_at_once(
        self,
        values: dict[str, Any],
        action: dict[str, Any] | list[dict[str, Any]],
        turn: TurnMark | None,
        notice: tuple[str, str] | None,
    ) -> None:
        """:meth:`append` on PostgreSQL: one statement (the count, the action, the turn, the
        notice), committed as it ends — one round trip where the transaction took five, on
        the path every action of a shared server takes (docs/performance.md)."""
        mark = None if turn is None else turn.seat is not None
        statement = append_statement(mark, notice is not None)
        params = {**values, "at": values["position"], "action": action}
        if turn is not None and turn.seat is not None:
            params.update(seat=turn.seat, holder=turn.holder, expires=turn.expires)
        if notice is not None:
            params.update(channel=notice[0], notice=notice[1])
        with self.db.statements() as conn:
            try:
                count = conn.execute(statement, params).scalar_one()
            except IntegrityError:
                count = 0
            if count != 1:
                with Session(conn) as session:
                    self._refuse_append(session, values["game"], values["position"])

    @staticmethod
    def _refuse_append(session: Session, game_id: str, position: int) -> None:
        """Why the action number ``position + 1`` was not stored (raises, always)."""
        row = session.get(WebGameRow, game_id)
        if row is None:
            raise WebGameNotFoundError(f"no web game {game_id!r}")
        if row.status != PLAYING:
            raise ActionConflictError(f"game {game_id!r} is {row.status}: no more actions")
        raise ActionConflictError(
            f"game {game_id!r} already has another action number {position + 1}"
        )

    def stamp(self, game_id: str) -> WebGameStamp:
        """How far the stored game is (:class:`WebGameStamp`: no actions, no chat)."""
        undone = (
            select(func.count())
            .select_from(TAKEBACKS)
            .where(TAKEBACKS.c.game_id == game_id, TAKEBACKS.c.outcome == UNDONE)
            .scalar_subquery()
        )
        query = select(
            GAMES.c.actions,
            undone,
            GAMES.c.status,
            GAMES.c.takeback,
            GAMES.c.seats,
            GAMES.c.rematch_id,
        ).where(GAMES.c.id == game_id)
        with self.db.statements() as conn:  # one statement: no transaction around it
            row = conn.execute(query).first()
        if row is None:
            raise WebGameNotFoundError(f"no web game {game_id!r}")
        actions, count, status, takeback, seats, rematch_id = row
        return WebGameStamp(
            actions=actions,
            undone=int(count or 0),
            status=status,
            takeback=takeback,
            seats=tuple(read_seat(s) for s in seats),
            joined=tuple(bool(s.get("joined")) for s in seats),
            rematch_id=rematch_id,
        )

    def serials(self, game_ids: Collection[str]) -> dict[str, int]:
        """Each game's :attr:`WebGameStamp.serial`, in one query (unknown ids left out)."""
        if not game_ids:
            return {}
        undone = (
            select(TAKEBACKS.c.game_id, func.count().label("n"))
            .where(TAKEBACKS.c.outcome == UNDONE, TAKEBACKS.c.game_id.in_(list(game_ids)))
            .group_by(TAKEBACKS.c.game_id)
        )
        with self.db.transaction(write=False) as session:
            conn = session.connection()
            counts = {g: int(n) for g, n in conn.execute(undone)}
            rows = conn.execute(
                select(GAMES.c.id, GAMES.c.actions).where(GAMES.c.id.in_(list(game_ids)))
            )
            return {g: a + 2 * counts.get(g, 0) for g, a in rows}

    def chat(self, game_id: str) -> tuple[ChatRecord, ...]:
        """The game's chat lines kept, oldest first."""
        with self.db.transaction(write=False) as session:
            return tuple(read_chat(session, game_id))

    def untracked(self) -> list[str]:
        """Unfinished games with a bot seat but no stored turn (several processes: those
        stored before the turns were, whose bot may be to act)."""
        query = (
            select(GAMES.c.id, GAMES.c.seats)
            .where(
                GAMES.c.status == PLAYING,
                ~select(TURNS.c.game_id).where(TURNS.c.game_id == GAMES.c.id).exists(),
            )
            .order_by(GAMES.c.created_at)
        )
        with self.db.transaction(write=False) as session:
            rows = session.connection().execute(query).all()
        return [g for g, seats in rows if any(s.get("kind") != "human" for s in seats)]

    def actions_since(self, game_id: str, position: int) -> list[dict[str, Any]]:
        """The stored positions from number ``position`` (from 0) on, in order."""
        query = (
            select(ACTIONS.c.action)
            .where(ACTIONS.c.game_id == game_id, ACTIONS.c.position >= position)
            .order_by(ACTIONS.c.position)
        )
        with self.db.statements() as conn:
            return list(conn.execute(query).scalars())

    def load(self, game_id: str) -> WebGameRecord:
        """The game with its actions in order; :class:`WebGameNotFoundError` if unknown."""
        with self.db.transaction(write=False) as session:
            row = session.get(WebGameRow, game_id)
            if row is None:
                raise WebGameNotFoundError(f"no web game {game_id!r}")
            actions = session.scalars(
                select(WebActionRow.action)
                .where(WebActionRow.game_id == game_id)
                .order_by(WebActionRow.position)
            ).all()
            rematch = None
            if row.rematch_id is not None:
                rematch = session.scalar(
                    select(WebGameRow.spectator_token).where(WebGameRow.id == row.rematch_id)
                )
            return from_row(
                WebGameRecord,
                row,
                seats=tuple(read_seat(s) for s in row.seats),
                actions=tuple(actions),
                joined=tuple(bool(s.get("joined")) for s in row.seats),
                rematch_spectator=rematch,
                chat=tuple(read_chat(session, game_id)),
                takebacks=tuple(read_takebacks(session, game_id)),
            )

    def ids(self, *, playing_only: bool = False) -> list[str]:
        """Every game's id, oldest first (``playing_only``: games not over)."""
        query = select(WebGameRow.id).order_by(WebGameRow.created_at, WebGameRow.id)
        if playing_only:
            query = query.where(WebGameRow.status == PLAYING)
        with self.db.transaction(write=False) as session:
            return list(session.scalars(query).all())

    def count(self, *, playing_only: bool = False) -> int:
        """How many games there are (``playing_only``: not over)."""
        query = select(func.count()).select_from(WebGameRow)
        if playing_only:
            query = query.where(WebGameRow.status == PLAYING)
        with self.db.transaction(write=False) as session:
            return int(session.scalar(query) or 0)

    def summaries(self, limit: int = 50) -> list[WebGameSummary]:
        """The most recently changed games first, at most ``limit``."""
        query = select(WebGameRow).order_by(WebGameRow.updated_at.desc()).limit(limit)
        with self.db.transaction(write=False) as session:
            return [
                from_row(
                    WebGameSummary,
                    row,
                    kinds=tuple(s["kind"] for s in row.seats),
                    summary=dict(row.summary),
                    joined=tuple(bool(s.get("joined")) for s in row.seats),
                    players=tuple(s.get("player") for s in row.seats),
                )
                for row in session.scalars(query).all()
            ]

    def join(self, game_id: str, seats: Sequence[int]) -> None:
        """Mark ``seats`` as taken: their invite links have connected (the lobby's "open")."""
        with self.db.transaction() as session:
            row = session.get(WebGameRow, game_id)
            if row is None:
                raise WebGameNotFoundError(f"no web game {game_id!r}")
            marked = [
                {**seat, "joined": True} if i in seats else seat for i, seat in enumerate(row.seats)
            ]
            if marked != row.seats:
                row.seats = marked  # a new list: the JSON column sees the change
                row.updated_at = self.db.clock()

    def clocked(self) -> list[str]:
        """The unfinished games with a clock (a restarted server arms their flags)."""
        query = select(WebGameRow.id).where(
            WebGameRow.status == PLAYING, WebGameRow.clock.is_not(None)
        )
        with self.db.transaction(write=False) as session:
            return list(session.scalars(query.order_by(WebGameRow.created_at)).all())

    def set_clock(self, game_id: str, clock: dict[str, Any]) -> None:
        """Keep a game's clock (its stored form) after a decision started or ended."""
        with self.db.transaction() as session:
            row = session.get(WebGameRow, game_id)
            if row is None:
                raise WebGameNotFoundError(f"no web game {game_id!r}")
            row.clock = clock

    def webhooks(self, game_id: str) -> dict[int, tuple[str, str | None]]:
        """Each seat's webhook and the page its call names, by seat (seats without: none)."""
        with self.db.transaction(write=False) as session:
            seats = session.scalar(select(WebGameRow.seats).where(WebGameRow.id == game_id))
        if seats is None:
            raise WebGameNotFoundError(f"no web game {game_id!r}")
        return {
            s: (seat["webhook"], seat.get("hook_page"))
            for s, seat in enumerate(seats)
            if seat.get("webhook")
        }

    def set_webhook(
        self, game_id: str, seat: int, url: str | None, page: str | None = None
    ) -> None:
        """Keep the URL ``seat``'s "your turn" goes to (None: no webhook) and the seat's
        page (without its token) that call names."""
        with self.db.transaction() as session:
            row = session.get(WebGameRow, game_id)
            if row is None:
                raise WebGameNotFoundError(f"no web game {game_id!r}")
            if not 0 <= seat < len(row.seats):
                raise ValueError(f"game {game_id!r} has no seat {seat}")
            seats = [dict(s) for s in row.seats]
            seats[seat].pop("webhook", None)
            seats[seat].pop("hook_page", None)
            if url is not None:
                seats[seat].update(webhook=url, hook_page=page)
            row.seats = seats  # a new list: the JSON column sees the change
