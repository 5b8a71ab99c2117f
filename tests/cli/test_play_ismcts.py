"""``play --seats …,ismcts``: the search bot takes a seat in the terminal game."""

from __future__ import annotations

from rich.console import Console

from totenblatt.cli.app import Lang
from totenblatt.cli.play import SeatKind, Session, parse_seats
from totenblatt.wanted.bots import ISMCTSBot
from totenblatt.wanted.engine.game import new_game


def test_ismcts_is_a_seat_kind() -> None:
    assert parse_seats("human, ISMCTS", 3) == [SeatKind.HUMAN, SeatKind.ISMCTS, SeatKind.BOT]


def test_an_ismcts_seat_is_played_by_the_search_bot() -> None:
    game = new_game("duel", seed=5)
    session = Session(
        game, [SeatKind.ISMCTS, SeatKind.RANDOM], lang=Lang.EN, out=Console(file=None), seed=5
    )
    assert isinstance(session.bots[0], ISMCTSBot)
    assert session.bots[0].iterations is not None
