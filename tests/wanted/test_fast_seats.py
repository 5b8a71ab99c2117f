"""The lab's bots on the fast path: the fast heuristic makes the heuristic's choices where both
see the same menu, and every fast seat plays legal ids from its seed alone."""

from __future__ import annotations

import pytest

from totenblatt.wanted.bots import HeuristicBot
from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.bots.fast_seats import FastRandom, fast_seat
from totenblatt.wanted.engine.actions import TemptFate
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast import FastGame, new_fast_game
from totenblatt.wanted.rules import Ruleset

_SWAP, _DEFEND, _FATE = 0, 3, 4
"""The fast path's phases whose menus are the reference engine's (a card or a pass)."""


@pytest.mark.parametrize(
    ("scenario", "ruleset", "hands", "seeds"),
    [
        ("duel", "base", "per_player", 3),
        ("gangs", "base", "per_player", 1),
        ("heroes", "extended", "per_player", 2),
        ("heroes", "extended", "per_character", 2),
    ],
)
def test_the_fast_heuristic_chooses_as_the_heuristic_where_the_menu_is_the_same(
    scenario: str, ruleset: str, hands: str, seeds: int
) -> None:
    """Choice for choice on the positions of seeded games the heuristic plays: wherever the
    menu is the same — swap or not (whole or a hero's partial swap, D-27; per character a
    figure's hand, D-5), which heart or none (with Cover, Queen of Hearts, a wild 2), Tempt
    Fate and which card to keep — the fast policy answers alike (heroes: abilities B1 and
    hero types B2 in play)."""
    rules = Ruleset.load(ruleset).with_options(hand_mode=hands)
    compared = {_SWAP: 0, _DEFEND: 0, "tempt": 0}
    for seed in range(seeds):
        game = new_game(scenario, rules, seed=seed)
        bots = [HeuristicBot(50 + seat) for seat in range(game.seats)]
        policy = FastPolicy(0)
        for _ in range(400):
            seat = game.to_act
            if seat is None:
                break
            chosen = bots[seat].choose(game.view(seat), game.legal_actions())
            fast = FastGame.from_game(game)
            if len(fast.legal_actions()) > 1:
                mine = fast.shadow(policy.choose(fast))
                if fast.phase in (_SWAP, _DEFEND, _FATE):
                    assert mine == chosen
                    compared[min(fast.phase, _DEFEND)] += 1
                elif isinstance(chosen, TemptFate) or isinstance(mine, TemptFate):
                    assert mine == chosen
                    compared["tempt"] += 1
            game.apply(chosen)
    assert compared[_SWAP] >= 5 and compared[_DEFEND] >= 5
    if scenario == "heroes":
        assert compared["tempt"] >= 1


def test_fast_seats_are_their_seeds() -> None:
    def play(seed: int) -> tuple[tuple[int, ...], int]:
        game = new_fast_game("gangs", seed=seed)
        seats = [FastRandom(seed + 1), fast_seat("heuristic", 0)]
        moves = 0
        while not game.is_over:
            action = seats[game.to_act].decide(game)  # type: ignore[union-attr]
            assert action in game.legal_actions()
            game.play(action)
            moves += 1
        return game.winners, moves

    assert play(4) == play(4)


def test_the_random_seat_concedes_only_when_nothing_else_is_left() -> None:
    from totenblatt.wanted.fast.actions import CONCEDE

    game = new_fast_game("duel", seed=2)
    seat = FastRandom(0)
    while not game.is_over:
        action = seat.decide(game)
        assert action != CONCEDE or game.legal_actions() == [CONCEDE]
        game.play(action)


def test_bots_without_a_fast_form_have_none() -> None:
    assert fast_seat("ismcts:20", 1) is None
    assert fast_seat("fast-ismcts", 1) is None
    assert fast_seat("heuristic", 1) is not None


def test_the_hard_bot_searches_by_rollouts_per_scenario() -> None:
    """Its budget is the scenario's rollouts; with no cap a decision is the view's and the
    seed's alone (the lab's hard bot), and the cap is only a guard."""
    from totenblatt.sim.spec import make_bot as lab_bot
    from totenblatt.wanted.bots import make_bot
    from totenblatt.wanted.bots.fast_search import HARD_CAP_MS, HardBot, hard_rollouts
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table import load_scenario

    game = new_game("duel", seed=4)
    while game.state.phase.value != "action":
        game.apply(HeuristicBot(1).choose(game.view(game.to_act), game.legal_actions()))
    seat = game.to_act
    assert seat is not None
    bot = make_bot("hard", 5)
    assert isinstance(bot, HardBot) and bot.time_ms == HARD_CAP_MS
    lab = lab_bot("hard", 5, load_scenario("duel"), Ruleset.load("base"))
    assert isinstance(lab, HardBot) and lab.time_ms is None
    view, legal = game.view(seat), game.legal_actions()
    first = lab.choose(view, legal)
    assert lab.iterations == hard_rollouts("duel", 2)
    assert 0 < lab.last_iterations <= lab.iterations
    again = lab_bot("hard", 5, load_scenario("duel"), Ruleset.load("base"))
    assert again.choose(view, legal) == first
    assert again.last_scores == lab.last_scores
    with pytest.raises(ValueError, match="rollouts"):
        make_bot("hard:300ms", 1)


def test_a_game_played_on_the_fast_path_keeps_the_engines_events() -> None:
    """The fast seats decide, the engine's game follows every decision: it ends as the fast
    game does, with the engine's own events (what fight play narrates and records)."""
    from totenblatt.wanted.bots import fast_bots, play_on_fast_path
    from totenblatt.wanted.engine.events import GameEnded

    for scenario in ("duel", "gangs"):
        game = new_game(scenario, seed=8)
        seats = fast_bots(["heuristic", "random"], [1, 2])
        assert seats is not None
        twin = new_fast_game(scenario, seed=8)
        mirror = fast_bots(["heuristic", "random"], [1, 2])
        assert mirror is not None
        while not twin.is_over:
            twin.play(mirror[twin.to_act].decide(twin))
        play_on_fast_path(game, seats)
        assert game.is_over and game.winners == twin.winners
        assert [f.hp for f in game.state.figures] == twin.hp
        assert isinstance(game.state.events[-1], GameEnded)
    assert fast_bots(["heuristic", "ismcts"], [1, 2]) is None


def test_a_refused_game_is_left_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    import totenblatt.wanted.fast as fast_path
    from totenblatt.wanted.bots import fast_bots, play_on_fast_path
    from totenblatt.wanted.fast import FastUnsupportedError

    class Refusing:  # the fast path's answer for rules it does not play (a compiled
        @staticmethod  # FastGame's methods cannot be patched: the name is)
        def from_game(game: object, **options: object) -> None:
            raise FastUnsupportedError("refused for the test")

    monkeypatch.setattr(fast_path, "FastGame", Refusing)
    game = new_game("duel", seed=1)
    seats = fast_bots(["random", "random"], [1, 2])
    assert seats is not None
    with pytest.raises(FastUnsupportedError):
        play_on_fast_path(game, seats)
    assert game.state.events == new_game("duel", seed=1).state.events
