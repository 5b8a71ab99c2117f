"""Movement (A6, D-11), hidden (A7, D-12, D-13), line of fire and cover from the table (D-15, D-17).

A test range: 48" x 24" with a saloon (door west, window north), scrub (difficult),
rocks (hard cover), a fence (light) and a trough (medium). Seat 0 acts first.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from scenario_text import figure, terrain
from totenblatt.cards import Card
from totenblatt.wanted.engine.actions import Attack, Bid, Move, MoveStep, Pass, Reveal
from totenblatt.wanted.engine.events import AttackDeclared, FigureRevealed, FiguresMoved
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.state import Phase

At = Callable[..., bool]
"""The ``at`` fixture (tests/wanted/conftest.py): is the game at this decision?"""

RANGE = "\n".join(
    [
        'title = "Test range"\nwidth = 48\nheight = 24\nseats = 2\n',
        terrain(
            "Saloon",
            "building",
            (30, 4, 10, 8),
            openings=[
                {"kind": "door", "side": "west", "at": 3, "width": 1.5},
                {"kind": "window", "side": "north", "at": 4, "width": 1.5},
            ],
        ),
        terrain("Scrub", "rough", (4, 14, 8, 6)),
        terrain("Rocks", "rocks", (20, 14, 2, 2)),
        terrain("Fence", "fence", (16, 2, 0.25, 8)),
        terrain("Trough", "trough", (24, 18, 2, 1)),
    ]
)

SEAT0 = ["8♣", "Joker", "10♠", "9♦", "2♥"]
SEAT1 = ["5♣", "6♥", "7♥", "8♥", "10♦"]


Start = Callable[..., Game]
"""``start(figures, seat0=SEAT0, seat1=SEAT1, **options)``: the range, seat 0 to act."""


def range_toml(figures: dict[str, tuple[int, tuple[float, float]]]) -> str:
    text = RANGE
    for name, (seat, position) in figures.items():
        text += "\n" + figure(name, seat, position)
    return text


@pytest.fixture
def start(action_game: Callable[..., Game]) -> Start:
    """Seat 0 to act (dealer 1, nobody bids: left of the dealer acts first, D-35; seed 5)."""

    def make(
        figures: dict[str, tuple[int, tuple[float, float]]],
        seat0: list[str] = SEAT0,
        seat1: list[str] = SEAT1,
        **options: Any,
    ) -> Game:
        return action_game(range_toml(figures), {0: seat0, 1: seat1}, seed=5, **options)

    return make


def move(card: str, *steps: tuple[str, list[tuple[float, float]]], hide: bool = False) -> Move:
    return Move(Card.parse(card), tuple(MoveStep(f, tuple(p), hide) for f, p in steps))


FAR = {"Billy": (0, (2.0, 17.0)), "Kid": (0, (2.0, 2.0)), "Paco": (1, (46.0, 22.0))}


# -- movement costs (A6) --------------------------------------------------------------


def test_open_ground_costs_the_distance(start: Start) -> None:
    game = start(FAR)
    events = game.apply(move("8♣", ("Kid", [(2, 2), (9, 2)])))
    moved = next(e for e in events if isinstance(e, FiguresMoved))
    assert moved.inches == 8 and moved.moves[0].cost == pytest.approx(7.0)
    assert game.figure("Kid").pos == (9.0, 2.0)


def test_difficult_terrain_costs_double(start: Start) -> None:
    game = start(FAR)
    path = [(2.0, 17.0), (8.0, 17.0)]  # 2" open, then 4" of scrub = 8"
    assert 'costs 10"' in str(game.why_illegal(move("8♣", ("Billy", path))))
    events = game.apply(move("Joker", ("Billy", path)))
    moved = next(e for e in events if isinstance(e, FiguresMoved))
    assert moved.inches == 12 and moved.moves[0].cost == pytest.approx(10.0)


def test_moving_through_a_window_costs_five_more(start: Start) -> None:
    game = start({**FAR, "Kid": (0, (34.75, 14.0))})
    path = [(34.75, 14.0), (34.75, 10.0)]  # 4" + the window's 5"
    assert 'costs 9"' in str(game.why_illegal(move("8♣", ("Kid", path))))
    assert game.why_illegal(move("Joker", ("Kid", path))) is None


def test_walls_only_through_doors_and_windows(start: Start) -> None:
    game = start({**FAR, "Kid": (0, (28.0, 10.0))})
    reason = game.why_illegal(move("8♣", ("Kid", [(28, 10), (32, 10)])))
    assert "wall of Saloon" in str(reason)
    door = [(28.0, 10.0), (28.0, 7.75), (32.0, 7.75)]
    assert game.why_illegal(move("8♣", ("Kid", door))) is None


def test_a_club_may_be_split_over_figures(start: Start) -> None:
    game = start(FAR)
    split = move("8♣", ("Kid", [(2, 2), (7, 2)]), ("Billy", [(2, 17), (2, 14)]))
    too_far = move("8♣", ("Kid", [(2, 2), (7, 2)]), ("Billy", [(2, 17), (2, 13)]))
    assert 'costs 9"' in str(game.why_illegal(too_far))
    events = game.apply(split)
    moved = next(e for e in events if isinstance(e, FiguresMoved))
    assert [(m.figure, m.cost) for m in moved.moves] == [("Kid", 5.0), ("Billy", 3.0)]
    assert game.figure("Billy").pos == (2.0, 14.0)


def test_illegal_moves_say_why(start: Start) -> None:
    game = start(FAR)
    reasons = {
        "onto Kid": move("8♣", ("Billy", [(2, 17), (2, 2.5)])),
        "off the table": move("8♣", ("Kid", [(2, 2), (-1, 2)])),
        "wrong start": move("8♣", ("Kid", [(3, 2), (5, 2)])),
        "not own figure": move("8♣", ("Paco", [(46, 22), (44, 22)])),
        "twice": move("8♣", ("Kid", [(2, 2), (3, 2)]), ("Kid", [(3, 2), (4, 2)])),
        "no such figure": move("8♣", ("Zorro", [(2, 2), (3, 2)])),
        "not a club": move("10♠", ("Kid", [(2, 2), (3, 2)])),
    }
    expected = {
        "onto Kid": "on the base of Kid",
        "off the table": "leaves the table",
        "wrong start": "starts at",
        "not own figure": "is not one of your figures",
        "twice": "twice",
        "no such figure": "no figure named 'Zorro'",
        "not a club": "club",
    }
    for key, action in reasons.items():
        assert expected[key] in str(game.why_illegal(action)), key


def test_offered_moves_are_legal_and_go_where_the_docs_say(start: Start) -> None:
    game = start(FAR)
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    assert moves and all(game.why_illegal(m) is None for m in moves)
    assert {m.card for m in moves} == {Card.parse("8♣"), Card.parse("Joker")}
    paco = game.figure("Paco").pos
    for name in ("Billy", "Kid"):
        start_pos = game.figure(name).pos
        ends = [
            m.steps[0].path[-1] for m in moves if len(m.steps) == 1 and m.steps[0].figure == name
        ]
        closer = [math.dist(start_pos, paco) - math.dist(e, paco) for e in ends]
        assert max(closer) > 7  # a full move towards the enemy
        assert any(3 < c < 5 for c in closer)  # a half move
        assert min(closer) < 0  # away
    assert any(len(m.steps) == 2 for m in moves)  # the group moves


def test_any_legal_path_is_accepted(start: Start) -> None:
    game = start(FAR)
    zigzag = move("8♣", ("Kid", [(2, 2), (4, 4), (6, 2), (7, 3)]))
    assert zigzag not in game.legal_actions()
    game.apply(zigzag)
    assert game.figure("Kid").pos == (7.0, 3.0)


# -- hidden (A7, D-12, D-13) ----------------------------------------------------------


def test_hide_only_in_hard_cover(start: Start) -> None:
    game = start({**FAR, "Kid": (0, (17.0, 15.0))})
    open_ground = move("8♣", ("Kid", [(17, 15), (17, 12)]), hide=True)
    assert "not in hard cover (D-12)" in str(game.why_illegal(open_ground))
    events = game.apply(move("8♣", ("Kid", [(17, 15), (18.6, 15)]), hide=True))
    moved = next(e for e in events if isinstance(e, FiguresMoved))
    assert moved.moves[0].hidden and game.figure("Kid").hidden
    assert game.view(1)["figures"][1]["hidden"] is True


def test_hide_only_after_a_step_that_moves_a7(start: Start) -> None:
    """A7 "nach deren Bewegung": a 0" step in hard cover may not declare the figure hidden."""
    game = start({**FAR, "Kid": (0, (18.6, 15.0))})
    standing = move("8♣", ("Kid", [(18.6, 15), (18.6, 15)]), hide=True)
    assert "cannot hide without moving" in str(game.why_illegal(standing))
    assert not any(
        s.hide and s.path[0] == s.path[-1]
        for a in game.legal_actions()
        if isinstance(a, Move)
        for s in a.steps
    )
    game.apply(move("8♣", ("Kid", [(18.6, 15), (18.6, 15.5)]), hide=True))
    assert game.figure("Kid").hidden


def test_inside_a_building_is_hard_cover(start: Start) -> None:
    game = start({**FAR, "Kid": (0, (28.0, 7.75))})
    game.apply(move("8♣", ("Kid", [(28, 7.75), (32, 7.75)]), hide=True))
    assert game.figure("Kid").hidden


def test_moving_ends_hiding_and_reveal_is_free(start: Start, at: At) -> None:
    seat0 = ["8♣", "7♣", "9♦", "J♦", "Joker"]
    game = start({**FAR, "Kid": (0, (17.0, 15.0))}, seat0=seat0)
    game.apply(move("8♣", ("Kid", [(17, 15), (18.6, 15)]), hide=True))
    while not at(game, Phase.BID, 0):
        game.apply(Pass())
    assert Reveal("Kid") in game.legal_actions()
    events = game.apply(Reveal("Kid"))
    assert events == [FigureRevealed(0, "Kid")]
    assert (game.phase, game.to_act) == (Phase.BID, 0)  # the decision stays
    assert not game.figure("Kid").hidden
    game.apply(Bid(Card.parse("J♦")))
    while not at(game, Phase.ACTION):
        game.apply(Pass())
    game.apply(move("7♣", ("Kid", [(18.6, 15), (19.5, 13.2)]), hide=True))
    assert game.figure("Kid").hidden  # hidden again after a move
    while not at(game, Phase.BID, 0):
        game.apply(Pass())
    game.apply(Bid(Card.parse("9♦")))
    while not at(game, Phase.ACTION):
        game.apply(Pass())
    game.apply(move("Joker", ("Kid", [(19.5, 13.2), (14, 13.2)])))
    assert not game.figure("Kid").hidden  # D-13: moving ends hiding


# -- line of fire (D-15) and cover from the table (D-17) ------------------------------


def declared(game: Game, attacker: str, target: str) -> AttackDeclared:
    events = game.apply(Attack(Card.parse("10♠"), attacker, target))
    return next(e for e in events if isinstance(e, AttackDeclared))


def test_cover_behind_a_fence_is_light(start: Start) -> None:
    game = start({"Billy": (0, (12.0, 6.0)), "Paco": (1, (17.0, 6.0))})
    table = game.state.geo.table
    event = declared(game, "Billy", "Paco")
    assert event.cover == "light" == table.cover((12.0, 6.0), (17.0, 6.0))
    assert event.distance == pytest.approx(4.0)


def test_cover_behind_a_trough_is_medium(start: Start) -> None:
    game = start({"Billy": (0, (25.0, 12.2)), "Paco": (1, (25.0, 20.2))})
    assert declared(game, "Billy", "Paco").cover == "medium"


def test_inside_a_building_is_hard_cover_and_can_be_shot_at(start: Start) -> None:
    game = start({"Billy": (0, (28.0, 7.75)), "Paco": (1, (32.0, 7.75))})
    assert declared(game, "Billy", "Paco").cover == "hard"


def test_building_walls_block_the_line_of_fire(start: Start) -> None:
    game = start({"Billy": (0, (28.0, 8.0)), "Paco": (1, (42.0, 8.0))})
    attack = Attack(Card.parse("10♠"), "Billy", "Paco")
    assert attack not in game.legal_actions()
    assert "no line of fire" in str(game.why_illegal(attack))


def test_a_hidden_target_only_from_within_two_inches(start: Start, at: At) -> None:
    seat1 = ["5♣", "6♥", "7♥", "8♥", "10♦"]
    figures = {"Billy": (0, (18.6, 11.9)), "Paco": (1, (17.0, 15.0))}
    game = start(figures, seat1=seat1, dealer_acts_first_without_bids=False)
    game.apply(Pass())  # seat 0 waits; seat 1 (with the 10♦) takes the initiative
    while not at(game, Phase.ACTION, 1):
        game.apply(Bid(Card.parse("10♦")) if game.to_act == 1 else Pass())
    game.apply(move("5♣", ("Paco", [(17, 15), (18.6, 15)]), hide=True))
    while not at(game, Phase.ACTION, 0):
        game.apply(Bid(Card.parse("9♦")) if game.to_act == 0 else Pass())
    far = Attack(Card.parse("10♠"), "Billy", "Paco")
    assert "hidden" in str(game.why_illegal(far)) and far not in game.legal_actions()
    game.apply(move("8♣", ("Billy", [(18.6, 11.9), (18.6, 12.0)])))
    assert game.state.geo.sight((18.6, 12.0), (18.6, 15.0))[0] == pytest.approx(2.0)
    while not at(game, Phase.ACTION, 0):
        game.apply(Pass())
    event = declared(game, "Billy", "Paco")
    assert event.target_hidden and event.cover == "hard"  # D-12: attacked with hard cover
