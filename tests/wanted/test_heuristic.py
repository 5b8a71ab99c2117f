"""HeuristicBot: it beats RandomBot, decides from the view alone, and plays the rules of thumb."""

from __future__ import annotations

import ast
import inspect
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from totenblatt.cards import Card, full_deck
from totenblatt.wanted.bots import Bot, RandomBot, heuristic, play_game
from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.engine.actions import Attack, Bid, Defend, Pass, Swap
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.odds import view_attack_odds

GAMES = 200
CHUNKS = 4


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_beats_random_bot_in_gangs(chunk: int) -> None:
    """Acceptance: 200 seeded gangs games, seats alternating; at least 80% won in every quarter."""
    size = GAMES // CHUNKS
    wins = 0
    for seed in range(chunk * size, (chunk + 1) * size):
        seat = seed % 2
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed)]
        bots[seat] = HeuristicBot(seed)
        game = play_game(new_game("gangs", seed=seed), bots)
        wins += seat in game.winners
    assert wins >= 0.8 * size, f"won {wins} of {size}"


def test_is_a_bot_and_deterministic() -> None:
    assert isinstance(HeuristicBot(), Bot)
    runs = [
        play_game(new_game("duel", seed=8), [HeuristicBot(3), HeuristicBot(4)]).actions
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_plays_three_way_to_the_end() -> None:
    game = play_game(new_game("three-way", seed=2), [HeuristicBot(s) for s in range(3)])
    assert game.is_over


def test_decides_from_the_view_alone() -> None:
    """A JSON copy of the view gives the same decision: nothing else is read."""
    game = new_game("gangs", seed=12)
    twin = HeuristicBot(5)
    bot = HeuristicBot(5)
    for _ in range(150):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        copied = json.loads(json.dumps(view))
        action = bot.choose(view, legal)
        assert twin.choose(copied, list(legal)) == action
        game.apply(action)


def test_module_never_touches_the_game() -> None:
    """The bot module imports neither the engine nor the state; it has no Game to read."""
    tree = ast.parse(inspect.getsource(heuristic))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not imported & {
        "totenblatt.wanted.engine.game",
        "totenblatt.wanted.engine.state",
        "totenblatt.wanted.engine.flow",
        "totenblatt.wanted.engine.checks",
    }
    assert "Game" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


# -- rules of thumb on a small yard -----------------------------------------------------------


def yard(tmp_path: Path, figures: str) -> Path:
    text = (
        'title = "Yard"\nwidth = 24\nheight = 24\nseats = 2\n'
        '[[terrain]]\nname = "Wall"\nkind = "wall"\nrect = [16, 14, 4, 0.5]\n' + figures
    )
    path = tmp_path / "yard.toml"
    path.write_text(text, encoding="utf-8")
    return path


def figure(name: str, seat: int, weapon: str, x: float, y: float) -> str:
    return (
        f'[[figures]]\nname = "{name}"\nseat = {seat}\nweapon = "{weapon}"\nposition = [{x}, {y}]\n'
    )


Start = Callable[..., Game]
"""``start(path, hands, dealer=1)``: exactly these hands, the dead man's hand unused cards."""


@pytest.fixture
def start(stacked_game: Callable[..., Game]) -> Start:
    """``stacked_game`` (seed 3) with the first five cards no hand holds as the dead hand."""

    def make(path: Path, hands: dict[int, list[str]], dealer: int = 1) -> Game:
        used = {Card.parse(c) for hand in hands.values() for c in hand}
        dead = [str(c) for c in full_deck(0) if c not in used][:5]
        return stacked_game(path, hands, dealer=dealer, dead=dead, seed=3)

    return make


def test_defends_with_the_cheapest_heart_that_makes_it_miss(tmp_path: Path, start: Start) -> None:
    path = yard(tmp_path, figure("Billy", 0, "colt", 4, 4) + figure("Paco", 1, "colt", 4, 8))
    game = start(path, {0: ["5♠", "2♣", "3♣", "4♣", "6♣"], 1: ["2♥", "5♥", "9♥", "K♥", "Joker"]})
    while game.phase is not Phase.ACTION:
        game.apply(Pass())
    game.apply(Attack(Card.parse("5♠"), "Billy", "Paco"))  # 5 + 1 (>2-6") = 6
    assert (game.phase, game.to_act) == (Phase.DEFEND, 1)
    bot = HeuristicBot(1, scenario=path)
    assert bot.choose(game.view(1), game.legal_actions()) == Defend(Card.parse("9♥"))


def test_saves_the_joker_when_a_small_heart_leaves_one_wound(tmp_path: Path, start: Start) -> None:
    path = yard(tmp_path, figure("Billy", 0, "colt", 4, 4) + figure("Paco", 1, "colt", 4, 8))
    game = start(path, {0: ["4♠", "2♣", "3♣", "4♣", "6♣"], 1: ["2♥", "Joker", "7♣", "4♦", "5♣"]})
    while game.phase is not Phase.ACTION:
        game.apply(Pass())
    game.apply(Attack(Card.parse("4♠"), "Billy", "Paco"))  # 5: 3 wounds bare, 1 against 2♥
    choice = HeuristicBot(1, scenario=path).choose(game.view(1), game.legal_actions())
    assert choice == Defend(Card.parse("2♥"))


def test_shoots_the_target_out_of_cover(tmp_path: Path, start: Start) -> None:
    figures = (
        figure("Billy", 0, "winchester", 18, 6)
        + figure("Paco", 1, "colt", 8, 15)
        + figure("Pete", 1, "colt", 18, 15.2)
    )
    path = yard(tmp_path, figures)
    game = start(path, {0: ["Q♠", "2♣", "3♣", "4♣", "6♣"], 1: ["7♥", "5♣", "8♣", "9♣", "10♣"]})
    while game.phase is not Phase.ACTION:
        game.apply(Pass())
    view, legal = game.view(0), game.legal_actions()
    choice = HeuristicBot(1, scenario=path).choose(view, legal)
    assert isinstance(choice, Attack) and choice.target == "Paco"
    table = game.scenario.table(game.ruleset)
    odds = {
        a.target: view_attack_odds(view, a, table=table, ruleset=game.ruleset).expected
        for a in legal
        if isinstance(a, Attack)
    }
    assert odds["Paco"] > odds["Pete"]


def test_swaps_a_poor_hand_and_keeps_a_good_one(tmp_path: Path, start: Start) -> None:
    path = yard(tmp_path, figure("Billy", 0, "colt", 4, 4) + figure("Paco", 1, "colt", 4, 8))
    poor = start(
        path, {0: ["2♣", "3♦", "2♦", "3♣", "4♦"], 1: ["A♠", "K♠", "Q♠", "J♠", "10♠"]}, dealer=0
    )
    assert poor.phase is Phase.SWAP and poor.to_act == 0
    assert HeuristicBot(1, scenario=path).choose(poor.view(0), poor.legal_actions()) == Swap()
    good = start(
        path, {0: ["A♠", "K♠", "Q♠", "J♠", "10♥"], 1: ["2♣", "3♦", "2♦", "3♣", "4♦"]}, dealer=0
    )
    assert HeuristicBot(1, scenario=path).choose(good.view(0), good.legal_actions()) == Pass()


def test_bids_the_smallest_diamond_that_leads_with_an_attack_ready(
    tmp_path: Path, start: Start
) -> None:
    path = yard(tmp_path, figure("Billy", 0, "colt", 4, 4) + figure("Paco", 1, "colt", 4, 8))
    game = start(path, {0: ["A♠", "3♦", "9♦", "K♦", "2♣"], 1: ["7♦", "5♣", "8♣", "9♣", "10♣"]})
    game.apply(Pass())  # seat 1 (the dealer) keeps its hand
    game.apply(Pass())  # seat 0 keeps its hand
    assert game.phase is Phase.BID and game.to_act == 1  # bidding starts with the dealer
    game.apply(Bid(Card.parse("7♦")))
    choice = HeuristicBot(1, scenario=path).choose(game.view(0), game.legal_actions())
    assert choice == Bid(Card.parse("9♦"))


def test_does_not_bid_with_nothing_to_shoot(tmp_path: Path, start: Start) -> None:
    path = yard(tmp_path, figure("Billy", 0, "colt", 2, 2) + figure("Paco", 1, "colt", 22, 22))
    game = start(path, {0: ["A♠", "3♦", "9♦", "K♦", "2♣"], 1: ["4♥", "5♣", "8♣", "9♣", "10♣"]})
    while not (game.phase is Phase.BID and game.to_act == 0):
        game.apply(Pass())
    assert HeuristicBot(1, scenario=path).choose(game.view(0), game.legal_actions()) == Pass()
