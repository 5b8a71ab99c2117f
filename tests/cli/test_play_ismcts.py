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


def test_fight_play_seats_the_search_bot_too() -> None:
    import random

    from totenblatt.campaign import create_gang
    from totenblatt.campaign.battle import build_battle
    from totenblatt.cli.fight_play import _bots
    from totenblatt.wanted.bots import HeuristicBot, RandomBot
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.vocab import HeroType

    rules = Ruleset.load("extended")
    a, _ = create_gang("A", HeroType.VETERAN, rules, random.Random(1), size=3)
    b, _ = create_gang("B", HeroType.VETERAN, rules, random.Random(2), size=3)
    battle = build_battle(a, b, "gangs", rules)
    bots = _bots(parse_seats("ismcts,random", 2), battle, rules, 7)
    assert isinstance(bots[0], ISMCTSBot) and isinstance(bots[1], RandomBot)
    assert isinstance(_bots(parse_seats("bot,bot", 2), battle, rules, 7)[0], HeuristicBot)
