"""A game that lasts days in the store: its clock and the seats' webhooks kept (issue 42)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from totenblatt.store.core import Database
from totenblatt.store.table_records import SeatRecord, WebGameNotFoundError
from totenblatt.store.tables import WebGames

SEATS = [SeatRecord("human", "ab" * 32), SeatRecord("human", "ef" * 32)]
CLOCK = {
    "rule": {"per_decision_hours": 24.0},
    "left": [86400.0, 86400.0],
    "running": None,
    "since": None,
}


def create(games: WebGames, game_id: str, clock: dict[str, object] | None) -> None:
    games.create(game_id, scenario="duel", ruleset="base", lang="en", seats=SEATS,
                 spectator_token="cd" * 32, setup="{}", summary={}, clock=clock)  # fmt: skip


def test_the_clock_is_kept_and_read_back(db_url: str) -> None:
    with Database(db_url) as db:
        games = WebGames(db)
        create(games, "g1", CLOCK)
        create(games, "g2", None)
        assert games.load("g1").clock == CLOCK and games.load("g2").clock is None
        running = {**CLOCK, "left": [86000.0, 86400.0], "running": 1, "since": 1.8e9}
        games.set_clock("g1", running)
    with Database(db_url) as db:  # another process later: the same clock
        assert WebGames(db).load("g1").clock == running
        with pytest.raises(WebGameNotFoundError):
            WebGames(db).set_clock("nope", CLOCK)


def test_a_seats_webhook_is_kept_beside_its_other_options(db_url: str) -> None:
    with Database(db_url) as db:
        games = WebGames(db)
        create(games, "g1", CLOCK)
        games.join("g1", [0])
        games.set_webhook("g1", 1, "https://hooks.example/kit", "https://t.example/games/g1")
        record = games.load("g1")
        assert [s.webhook for s in record.seats] == [None, "https://hooks.example/kit"]
        assert record.seats[1].hook_page == "https://t.example/games/g1"
        assert games.webhooks("g1") == {
            1: ("https://hooks.example/kit", "https://t.example/games/g1")
        }
        assert record.joined == (True, False) and record.seats[1].token_hash == "ef" * 32
        games.set_webhook("g1", 1, None)
        assert games.load("g1").seats[1].webhook is None
        with pytest.raises(ValueError, match="no seat 2"):
            games.set_webhook("g1", 2, "https://hooks.example/x")
        with pytest.raises(WebGameNotFoundError):
            games.set_webhook("nope", 0, None)
        with pytest.raises(WebGameNotFoundError):
            games.webhooks("nope")


def test_a_game_with_a_clock_does_not_end_idle(db_url: str) -> None:
    with Database(db_url) as db:
        games = WebGames(db)
        create(games, "timed", CLOCK)
        create(games, "plain", None)
        assert games.clocked() == ["timed"]
        assert games.abandon_idle(timedelta(seconds=-60)) == ["plain"]
        assert games.load("timed").status == "playing"
