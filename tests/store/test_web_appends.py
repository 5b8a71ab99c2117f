"""Storing a web game's actions: one per position, the bot's turn beside it, refusals write nothing.

On PostgreSQL an action is stored by one statement (count, action, turn); on SQLite by one
transaction of three: both must keep the same promises.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from totenblatt.store.core import Database
from totenblatt.store.models import WebBotTurnRow
from totenblatt.store.table_records import (
    ActionConflictError,
    SeatRecord,
    TurnMark,
    WebGameNotFoundError,
)
from totenblatt.store.tables import WebGames

SEATS = [SeatRecord("human", "ab" * 32), SeatRecord("bot", None)]


def turns(db: Database) -> list[tuple[str, int, int, str | None]]:
    with db.transaction(write=False) as session:
        rows = session.scalars(select(WebBotTurnRow)).all()
        return [(r.game_id, r.position, r.seat, r.holder) for r in rows]


def test_actions_and_the_bots_turn_are_stored_together(db_url: str) -> None:
    with Database(db_url) as db:
        games = WebGames(db)
        games.create("g1", scenario="duel", ruleset="base", lang="en", seats=SEATS,
                     spectator_token="cd" * 32, setup="{}", summary={})  # fmt: skip
        lease = db.clock() + timedelta(seconds=30)
        games.append("g1", 0, {"type": "pass"}, summary={"round": 1}, over=False)
        assert turns(db) == []  # not kept (one process)
        games.append("g1", 1, [{"type": "swap"}, {"type": "pass"}], summary={"round": 1},
                     over=False, turn=TurnMark(1, "p1", lease))  # fmt: skip
        assert turns(db) == [("g1", 2, 1, "p1")]
        games.append(
            "g1", 2, {"type": "pass"}, summary={}, over=False, turn=TurnMark(1, "p2", lease)
        )
        assert turns(db) == [("g1", 3, 1, "p2")]  # the one row moves on
        games.append("g1", 3, {"type": "pass"}, summary={}, over=False, turn=TurnMark(None))
        assert turns(db) == []
        loaded = games.load("g1")
        assert loaded.actions == (
            {"type": "pass"},
            [{"type": "swap"}, {"type": "pass"}],
            {"type": "pass"},
            {"type": "pass"},
        )
        assert games.stamp("g1").actions == 4


def test_a_refused_action_writes_nothing(db_url: str) -> None:
    with Database(db_url) as db:
        games = WebGames(db)
        games.create("g1", scenario="duel", ruleset="base", lang="en", seats=SEATS,
                     spectator_token="cd" * 32, setup="{}", summary={"round": 1})  # fmt: skip
        lease = db.clock() + timedelta(seconds=30)
        games.append(
            "g1", 0, {"type": "pass"}, summary={}, over=False, turn=TurnMark(1, "p1", lease)
        )
        with pytest.raises(ActionConflictError, match="already has another action number 1"):
            games.append("g1", 0, {"type": "swap"}, summary={}, over=False, turn=TurnMark(None))
        with pytest.raises(ActionConflictError, match="another action number 3"):
            games.append("g1", 2, {"type": "swap"}, summary={}, over=False)
        with pytest.raises(WebGameNotFoundError, match="no web game 'nope'"):
            games.append("nope", 0, {"type": "pass"}, summary={}, over=False, turn=TurnMark(None))
        assert games.load("g1").actions == ({"type": "pass"},)
        assert turns(db) == [("g1", 1, 1, "p1")]
        games.append("g1", 1, {"type": "pass"}, summary={}, over=True, turn=TurnMark(None))
        with pytest.raises(ActionConflictError, match="is over: no more actions"):
            games.append("g1", 2, {"type": "pass"}, summary={}, over=False)
        assert len(games.load("g1").actions) == 2 and turns(db) == []


def test_a_stored_actions_notice_goes_with_it_and_a_refused_ones_not(db_url: str) -> None:
    """PostgreSQL: the ``NOTIFY`` of an action is part of the statement that stores it —
    sent once it is stored, never for an action refused."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite has no NOTIFY (one process)")
    import psycopg

    from totenblatt.web.shell.bus import conninfo

    with Database(db_url) as db, psycopg.connect(conninfo(db_url), autocommit=True) as ear:
        ear.execute("LISTEN tb_test")
        games = WebGames(db)
        games.create("g1", scenario="duel", ruleset="base", lang="en", seats=SEATS,
                     spectator_token="cd" * 32, setup="{}", summary={})  # fmt: skip
        games.append(
            "g1", 0, {"type": "pass"}, summary={}, over=False, notice=("tb_test", "g1 1 p")
        )
        with pytest.raises(ActionConflictError):
            games.append(
                "g1", 0, {"type": "pass"}, summary={}, over=False, notice=("tb_test", "no")
            )
        games.append("g1", 1, {"type": "pass"}, summary={}, over=False, turn=TurnMark(None),
                     notice=("tb_test", "g1 2 p"))  # fmt: skip
        heard = [n.payload for n in ear.notifies(timeout=0.5)]
        assert heard == ["g1 1 p", "g1 2 p"]
