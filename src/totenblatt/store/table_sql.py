"""The web table's tables as SQLAlchemy Core tables, and the statements of an append.

:data:`ADVANCE` counts an action in; :func:`append_statement` is
:meth:`~totenblatt.store.tables.WebGames.append` as one statement on PostgreSQL;
:func:`mark_turn` stores whose turn a position is (a bot's, with its lease, or nobody's).
"""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import CTE, Select, String, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection

from totenblatt.store.models import WebActionRow, WebBotTurnRow, WebGameRow, WebTakebackRow
from totenblatt.store.table_records import PLAYING, TurnMark

__all__ = ["ACTIONS", "ADVANCE", "GAMES", "TAKEBACKS", "TURNS", "append_statement", "mark_turn"]

GAMES: Table = WebGameRow.__table__  # type: ignore[assignment]
"""``web_games``."""
ACTIONS: Table = WebActionRow.__table__  # type: ignore[assignment]
"""``web_actions``."""
TURNS: Table = WebBotTurnRow.__table__  # type: ignore[assignment]
"""``web_bot_turns``."""
TAKEBACKS: Table = WebTakebackRow.__table__  # type: ignore[assignment]
"""``web_takebacks``."""
ADVANCE = (
    update(GAMES)
    .where(
        GAMES.c.id == bindparam("game"),
        GAMES.c.actions == bindparam("position"),
        GAMES.c.status == PLAYING,
    )
    .values(
        actions=bindparam("next"),
        status=bindparam("status"),
        summary=bindparam("summary"),
        updated_at=bindparam("now"),
        takeback=None,
    )
)
"""Count the new action in, only if the game is playing and has exactly ``position`` actions;
a takeback being asked lapses (the game moved on)."""


@functools.cache
def append_statement(mark: bool | None, notify: bool) -> Select[Any]:
    """:meth:`WebGames.append`'s one statement on PostgreSQL (built once: SQLAlchemy then
    finds it compiled by its identity) — ``mark``: None, the turn is not kept; False, the
    new position is nobody's bot's; True, a bot's. ``notify``: ``pg_notify`` once if the
    action was stored (delivered when the statement commits)."""
    moved = ADVANCE.returning(GAMES.c.id).cte("moved")
    added = (
        insert(ACTIONS)
        .from_select(
            ["game_id", "position", "action", "created_at"],
            select(
                moved.c.id,
                bindparam("at", type_=ACTIONS.c.position.type),
                bindparam("action", type_=ACTIONS.c.action.type),
                bindparam("now", type_=ACTIONS.c.created_at.type),
            ),
        )
        .returning(ACTIONS.c.position)
        .cte("added")
    )
    statement: Select[Any] = select(func.count()).select_from(added)
    if notify:
        notified = (
            select(
                func.pg_notify(
                    bindparam("channel", type_=String), bindparam("notice", type_=String)
                )
            )
            .select_from(added)
            .cte("notified")
        )
        statement = statement.add_columns(
            select(func.count()).select_from(notified).scalar_subquery()
        )
    return statement if mark is None else statement.add_cte(_mark_after(moved, mark))


def _mark_after(moved: CTE, bot: bool) -> CTE:
    """:func:`mark_turn` as a part of :meth:`WebGames.append`'s one statement on PostgreSQL: done
    only if ``moved`` (the count's update) found the game; the position is its ``next``."""
    if not bot:
        return delete(TURNS).where(TURNS.c.game_id.in_(select(moved.c.id))).cte("unmarked")
    columns = ("position", "seat", "holder", "expires_at")
    statement = pg_insert(TURNS).from_select(
        ["game_id", *columns],
        select(
            moved.c.id,
            bindparam("next", type_=TURNS.c.position.type),
            bindparam("seat", type_=TURNS.c.seat.type),
            bindparam("holder", type_=TURNS.c.holder.type),
            bindparam("expires", type_=TURNS.c.expires_at.type),
        ),
    )
    upsert = statement.on_conflict_do_update(
        index_elements=[TURNS.c.game_id], set_={k: statement.excluded[k] for k in columns}
    )
    return upsert.cte("marked")


def mark_turn(conn: Connection, game_id: str, position: int, turn: TurnMark) -> None:
    """Store whose turn ``position`` of the game is: a bot's (with its lease), or nobody's."""
    if turn.seat is None:
        conn.execute(delete(TURNS).where(TURNS.c.game_id == game_id))
        return
    values = {
        "game_id": game_id,
        "position": position,
        "seat": turn.seat,
        "holder": turn.holder,
        "expires_at": turn.expires,
    }
    insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
    statement = insert(TURNS).values(values)
    conn.execute(
        statement.on_conflict_do_update(
            index_elements=[TURNS.c.game_id],
            set_={k: statement.excluded[k] for k in values if k != "game_id"},
        )
    )
