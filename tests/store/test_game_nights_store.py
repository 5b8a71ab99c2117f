"""A game night's storage: takebacks, refusals, options and rematch links, one transaction each."""

from __future__ import annotations

import pytest

from totenblatt.store.core import Database
from totenblatt.store.nights import GameNights
from totenblatt.store.table_records import ActionConflictError, RematchExistsError, SeatRecord
from totenblatt.store.tables import WebGames

SEATS = [SeatRecord("human", "ab" * 32, "Anna"), SeatRecord("human", "cd" * 32)]


def new(games: WebGames, game_id: str, **extra: object) -> None:
    games.create(
        game_id, scenario="duel", ruleset="base", lang="en", seats=SEATS,
        spectator_token=f"watch-{game_id}", setup="{}", summary={}, **extra,  # type: ignore[arg-type]
    )  # fmt: skip


def test_a_takeback_removes_the_last_action_and_is_recorded(db_url: str) -> None:
    with Database(db_url) as db:
        games, nights = WebGames(db), GameNights(db)
        new(games, "g1", name="Night")
        games.append("g1", 0, {"type": "pass"}, summary={}, over=False)
        games.append("g1", 1, [{"type": "pass"}, {"type": "pass"}], summary={}, over=False)
        nights.ask_takeback("g1", {"by": 1, "accepted": [], "position": 1})
        assert games.load("g1").takeback == {"by": 1, "accepted": [], "position": 1}
        record = nights.take_back(
            "g1", 1, seat=1, accepted=[0], events=9, undone=[{"type": "bid_passed", "seat": 1}]
        )
        loaded = games.load("g1")
        assert loaded.actions == ({"type": "pass"},) and loaded.takeback is None
        assert loaded.takebacks == (record,) and record.outcome == "undone"
        assert loaded.name == "Night" and [s.player for s in loaded.seats] == ["Anna", None]
        with pytest.raises(ActionConflictError):  # action 2 is not the last any more
            nights.take_back("g1", 1, seat=1, accepted=[0], events=9, undone=[])
        assert games.load("g1").actions == ({"type": "pass"},)
        games.append("g1", 1, {"type": "swap"}, summary={}, over=False)  # the place is free again


def test_a_refusal_is_recorded_and_the_takeback_lapses_with_the_next_action(db_url: str) -> None:
    with Database(db_url) as db:
        games, nights = WebGames(db), GameNights(db)
        new(games, "g1")
        games.append("g1", 0, {"type": "pass"}, summary={}, over=False)
        nights.ask_takeback("g1", {"by": 0, "accepted": [], "position": 0})
        refused = nights.refuse("g1", 0, seat=0, refused_by=1, events=5)
        assert games.load("g1").takebacks == (refused,) and games.load("g1").takeback is None
        nights.ask_takeback("g1", {"by": 0, "accepted": [], "position": 0})
        games.append("g1", 1, {"type": "pass"}, summary={}, over=False)
        assert games.load("g1").takeback is None


def test_options_and_one_rematch(db_url: str) -> None:
    with Database(db_url) as db:
        games, nights = WebGames(db), GameNights(db)
        new(games, "g1")
        nights.set_auto_pass("g1", 1, True)
        assert [s.auto_pass for s in games.load("g1").seats] == [False, True]
        nights.set_auto_pass("g1", 1, False)
        assert [s.auto_pass for s in games.load("g1").seats] == [False, False]
        new(games, "g2", rematch_of="g1")
        with pytest.raises(RematchExistsError):
            new(games, "g3", rematch_of="g1")
        assert games.count() == 2  # the second rematch was not stored
        loaded = games.load("g1")
        assert (loaded.rematch_id, loaded.rematch_spectator) == ("g2", "watch-g2")
