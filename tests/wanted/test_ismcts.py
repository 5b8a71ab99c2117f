"""ISMCTSBot: legal, deterministic per seed, weighs the heuristic's choice, scores results."""

from __future__ import annotations

import pytest

from totenblatt.wanted.bots import (
    HeuristicBot,
    ISMCTSBot,
    RandomBot,
    check_bot_name,
    make_bot,
    play_game,
)
from totenblatt.wanted.bots.ismcts import DEFAULT_ITERATIONS, _pick, candidates, score
from totenblatt.wanted.engine.actions import Attack, Concede, Pass
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.rules import Ruleset

PER_CHARACTER = Ruleset.load("extended").with_options(hand_mode="per_character")


def first_action_phase(scenario: str, seed: int, *, attacks: bool = False) -> Game:
    """A game at an action decision with many offered actions (and an attack if asked)."""
    game = new_game(scenario, seed=seed)
    bots = [HeuristicBot(s) for s in range(game.seats)]
    while not game.is_over:
        legal = game.legal_actions()
        many = game.phase.value == "action" and len(legal) > 10
        if many and (not attacks or any(isinstance(a, Attack) for a in legal)):
            return game
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), legal))
    raise AssertionError("no such decision")


@pytest.mark.parametrize(
    ("scenario", "ruleset"),
    [("duel", "base"), ("three-way", "base"), ("heroes", PER_CHARACTER)],
)
def test_plays_whole_games_with_legal_actions(scenario: str, ruleset: str | Ruleset) -> None:
    game = new_game(scenario, ruleset, seed=21)
    bots = [ISMCTSBot(1, iterations=8, horizon=10)] + [RandomBot(s) for s in range(1, game.seats)]
    play_game(game, bots)  # Game.apply refuses any illegal action
    assert game.is_over


def test_same_seed_same_decision_other_seed_may_differ() -> None:
    game = first_action_phase("gangs", 3)
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    picks = {ISMCTSBot(s, iterations=30).choose(view, legal) for s in (5, 5, 5)}
    assert len(picks) == 1
    bot = ISMCTSBot(5, iterations=30)
    assert bot.choose(view, legal) in picks
    assert bot.last_iterations >= 30 - len(candidates(HeuristicBot(0), view, legal))


def test_candidates_put_the_heuristic_first_and_never_concede() -> None:
    game = first_action_phase("gangs", 4, attacks=True)
    seat = game.to_act
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    options = candidates(HeuristicBot(7), view, legal)
    assert options[0] == HeuristicBot(7).choose(view, legal)
    assert Pass() in options
    assert not any(isinstance(a, Concede) for a in options)
    assert set(options) <= set(legal)
    assert 3 <= len(options) < len(legal)
    assert any(isinstance(a, Attack) for a in options)


def test_a_time_budget_still_searches() -> None:
    game = first_action_phase("duel", 2)
    seat = game.to_act
    assert seat is not None
    bot = ISMCTSBot(1, time_ms=50)
    assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
    assert bot.last_iterations >= 1


def test_score_is_the_result_at_the_end_and_the_material_lead_before() -> None:
    game = new_game("duel", seed=1)
    assert score(game) == [0.0, 0.0]
    game.state.figures[0].hp -= 3
    lead = score(game)
    assert lead[0] < 0 < lead[1] < 1 and lead[0] == -lead[1]
    over = play_game(new_game("duel", seed=2), [HeuristicBot(1), RandomBot(2)])
    result = score(over)
    if over.winners:
        assert sorted(result) == [-1.0, 1.0]
    else:
        assert result == [0.0, 0.0]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": 0}, "iterations"),
        ({"time_ms": 0}, "time_ms"),
        ({"horizon": -1}, "horizon"),
    ],
)
def test_bad_budgets_are_refused(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSBot(1, **kwargs)  # type: ignore[arg-type]


def test_the_registry_names_every_bot() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("heuristic", 1, "duel", "base"), HeuristicBot)
    bot = make_bot("ISMCTS", 1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == DEFAULT_ITERATIONS
    timed = make_bot("ismcts:250ms", 1)
    assert isinstance(timed, ISMCTSBot) and timed.time_ms == 250.0 and timed.iterations is None
    assert check_bot_name(" ismcts:0300 ") == "ismcts:300"
    for bad, message in [
        ("minimax", "unknown bot"),
        ("heuristic:5", "only ismcts"),
        ("ismcts:fast", "budget"),
        ("ismcts:-5", "budget"),
    ]:
        with pytest.raises(ValueError, match=message):
            make_bot(bad, 1)


def test_a_whole_game_repeats_for_the_same_seeds() -> None:
    """Deterministic per seed across a game (the bot object carries state between decisions)."""

    def actions(bot_seed: int) -> list[str]:
        game = new_game("gangs", seed=8)
        bots = [ISMCTSBot(bot_seed, iterations=10, horizon=10), HeuristicBot(2)]
        return [str(a) for a in play_game(game, bots).actions]

    first = actions(4)
    assert len(first) > 20
    assert actions(4) == first


def test_the_choice_needs_a_clear_lead_and_at_least_min_lead() -> None:
    heuristic = [0.0, 0.5, -0.5, 0.0, 0.2, -0.2]
    steady = [x + 0.03 for x in heuristic]  # a lead of 0.03 in every world: many errors clear
    large = [x + d for x, d in zip(heuristic, [0.2, 0.0, 0.4, 0.1, 0.3, 0.2], strict=True)]
    noisy = [x + d for x, d in zip(heuristic, [0.9, -0.8, 0.9, -0.8, 0.9, -0.6], strict=True)]
    assert _pick([heuristic, steady], 1.0) == 1  # the default: one standard error is enough
    assert _pick([heuristic, steady], 1.0, min_lead=0.05) == 0  # too small a lead
    assert _pick([heuristic, steady, large], 1.0, min_lead=0.05) == 2
    assert _pick([heuristic, noisy], 1.0) == 0  # a lead of 0.08 within its error
    assert _pick([heuristic, large], 4.0) == 0
    assert ISMCTSBot(1).min_lead == 0.0  # by default: the rule as it was
    assert ISMCTSBot(1, min_lead=0.05).min_lead == 0.05
