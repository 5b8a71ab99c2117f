"""The post-game analysis (issue 45): secrecy, known best actions, marks, determinism."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace
from pathlib import Path

import pytest

from totenblatt.sim.analysis import (
    Moment,
    analyse,
    analyse_moments,
    analyse_public_points,
    evaluate,
    mark,
    moments,
    public_points,
)
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.actions import Attack, Pass
from totenblatt.wanted.engine.determinize import shuffle_hidden
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.odds import view_attack_odds

BUDGET = 4


@pytest.fixture(scope="module")
def finished() -> Game:
    return play_game(new_game("duel", seed=11), [HeuristicBot(0), HeuristicBot(1)])


POSITIONS = Path(__file__).parent / "positions"


def _at(seed: int, decisions: int) -> Game:
    """A position of a duel of seed ``seed`` after ``decisions`` actions (of heuristic bots
    when it was saved; kept as seed and actions, so the bots' tuning does not move it)."""
    text = (POSITIONS / f"duel-{seed}-{decisions}.json").read_text(encoding="utf-8")
    game = Game.from_json(text)
    assert len(game.actions) == decisions and not game.is_over
    return game


def _moment(game: Game, chosen: object) -> Moment:
    seat = game.to_act
    assert seat is not None
    legal = tuple(game.legal_actions())
    assert chosen in legal
    return Moment(len(game.actions), game.round, seat, game.view(seat), legal, chosen)  # type: ignore[arg-type]


def _twin_moments(game: Game, seat: int, rng: random.Random) -> tuple[list[Moment], int]:
    """The moments of ``seat`` taken from twins whose cards hidden from ``seat`` are dealt
    anew at every decision; how many twins had another opponent hand."""
    replay = game.dealt_again()
    out: list[Moment] = []
    moved = 0
    for index, action in enumerate(game.actions):
        if replay.to_act == seat:
            twin = shuffle_hidden(replay, seat, rng)
            other = 1 - seat
            moved += twin.state.hands[other] != replay.state.hands[other]
            out.append(
                Moment(
                    index, twin.round, seat, twin.view(seat), tuple(twin.legal_actions()), action
                )
            )
        replay.apply(action)
    return out, moved


def test_an_analysis_is_made_from_the_seats_views_alone(finished: Game) -> None:
    """Deal the hands hidden from the seat differently at every decision: same analysis."""
    for seat in (0, 1):
        real = moments(finished, seat)[:12]
        twins, moved = _twin_moments(finished, seat, random.Random(seat))
        twins = twins[:12]
        assert moved >= 6  # the other hand really was another in most of them
        assert [m.view for m in real] == [m.view for m in twins]
        common = {
            "seat": seat,
            "seats": 2,
            "ruleset": finished.ruleset,
            "scenario": finished.scenario,
            "budget": BUDGET,
            "seed": 3,
            "workers": 1,
        }
        a = analyse_moments(real, **common).to_json()  # type: ignore[arg-type]
        b = analyse_moments(twins, **common).to_json()  # type: ignore[arg-type]
        assert a["decisions"], "something was weighed"
        assert a == b


def test_the_spectators_analysis_is_made_from_the_public_view_alone(finished: Game) -> None:
    points = public_points(finished, seat=0)[:10]
    replay = finished.dealt_again()
    shuffled = []
    wanted = {p.index for p in points}
    rng = random.Random(5)
    for index, action in enumerate(finished.actions):
        replay.apply(action)
        if index in wanted and not replay.is_over:
            twin = shuffle_hidden(shuffle_hidden(replay, 0, rng), 1, rng)
            assert twin.state.hands != replay.state.hands
            shuffled.append(replace(points[len(shuffled)], view=twin.view(None)))
        elif index in wanted:
            shuffled.append(points[len(shuffled)])
    assert [p.view for p in points] == [p.view for p in shuffled]
    common = {
        "seats": 2,
        "ruleset": finished.ruleset,
        "scenario": finished.scenario,
        "budget": BUDGET,
        "seed": 1,
        "workers": 1,
    }
    a = analyse_public_points(points, **common).to_json()  # type: ignore[arg-type]
    assert a == analyse_public_points(shuffled, **common).to_json()  # type: ignore[arg-type]
    assert a["seat"] is None and a["public"] and a["decisions"] == []
    assert len(a["curve"]) == len(points)
    # no hand of any seat in the public form
    text = str(a)
    assert "hand" not in text


@pytest.mark.parametrize(("seed", "decisions"), [(135, 74), (167, 107)])
def test_the_shot_that_takes_the_last_enemy_out_is_best_and_passing_a_blunder(
    seed: int, decisions: int
) -> None:
    game = _at(seed, decisions)
    seat = game.to_act
    assert seat is not None
    st = game.state
    enemies = [f for f in st.figures if not f.out and st.teams[f.seat] != st.teams[seat]]
    assert len(enemies) == 1
    target = enemies[0]
    passing = next(a for a in game.legal_actions() if isinstance(a, Pass))
    ev = evaluate(_moment(game, passing), 24, 7)
    assert ev is not None and ev.path == "fast"
    best = ev.estimates[ev.best]
    assert isinstance(best.action, Attack) and best.action.target == target.name
    odds = view_attack_odds(game.view(seat), best.action)
    assert odds.at_least(target.hp + 1) >= 0.85  # it takes the last enemy out
    chosen = ev.estimates[ev.chosen]
    assert mark(chosen.win, best.win, chosen.interval[1], best.interval[0]) == "blunder"
    assert best.hit is not None and best.hit == pytest.approx(float(odds.hit))


@pytest.mark.parametrize(("seed", "decisions"), [(2, 67), (5, 49), (6, 139)])
def test_the_defence_that_blocks_is_best_and_the_other_a_blunder(seed: int, decisions: int) -> None:
    game = _at(seed, decisions)
    seat = game.to_act
    assert seat is not None
    (mine,) = [f for f in game.state.figures if not f.out and f.seat == seat]
    falls = {}
    for action in game.legal_actions():
        twin = game.clone()
        twin.apply(action)
        falls[action] = twin.figure(mine.name).out
    assert any(falls.values()) and not all(falls.values())
    failing = next(a for a, out in falls.items() if out)
    ev = evaluate(_moment(game, failing), 24, 7)
    assert ev is not None
    best = ev.estimates[ev.best]
    assert not falls[best.action]  # the best blocks
    chosen = ev.estimates[ev.chosen]
    assert chosen.win == 0.0
    assert mark(chosen.win, best.win, chosen.interval[1], best.interval[0]) == "blunder"


def test_no_mark_when_the_intervals_overlap() -> None:
    assert mark(0.40, 0.70, 0.62, 0.55) is None  # 30 points apart, but the intervals touch
    assert mark(0.40, 0.70, 0.50, 0.60) == "blunder"
    assert mark(0.55, 0.70, 0.60, 0.62) == "mistake"
    assert mark(0.60, 0.66, 0.61, 0.62) == "inaccuracy"
    assert mark(0.60, 0.63, 0.61, 0.62) is None


def test_an_analysis_is_reproducible_by_its_seed_on_any_number_of_processes(
    finished: Game,
) -> None:
    short = Game.from_json(finished.to_json())
    a = analyse(short, 0, budget=2, seed=9, workers=1).to_json()
    kept = analyse(short, 0, budget=2, seed=9, workers=1).compact()
    assert a == kept.to_json()  # what a server keeps says all the same
    assert all(ev.moment.view == {} for ev in kept.evaluations)
    assert a != analyse(short, 0, budget=2, seed=10, workers=1).to_json()
    assert a["seat"] == 0
    indices = [d["index"] for d in a["decisions"]]
    assert indices == sorted(indices) and [c["index"] for c in a["curve"]] == indices
    for d in a["decisions"]:
        assert d["best_win"] >= d["chosen_win"]
        lo, hi = d["interval"]
        assert lo <= d["chosen_win"] <= hi
        assert d["mark"] in (None, "inaccuracy", "mistake", "blunder")


def test_a_process_pool_gives_what_one_process_gives(finished: Game) -> None:
    found = moments(finished, 1)[:6]
    common = {
        "seat": 1,
        "seats": 2,
        "ruleset": finished.ruleset,
        "scenario": finished.scenario,
        "budget": 2,
        "seed": 5,
    }
    seen: list[float] = []
    pooled = analyse_moments(found, workers=2, progress=seen.append, **common)  # type: ignore[arg-type]
    assert pooled.to_json() == analyse_moments(found, workers=1, **common).to_json()  # type: ignore[arg-type]
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)


def test_rules_the_fast_path_does_not_play_go_to_the_reference_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from totenblatt.wanted.fast import FastUnsupportedError

    module = importlib.import_module("totenblatt.sim.analysis.evaluate")

    game = _at(135, 74)
    moment = _moment(game, next(a for a in game.legal_actions() if isinstance(a, Pass)))
    fast = evaluate(moment, 3, 7)
    assert fast is not None and fast.path == "fast"

    def unsupported(*_: object) -> None:
        raise FastUnsupportedError("not on the fast path")

    monkeypatch.setattr(module, "FastWorlds", unsupported)
    reference = evaluate(moment, 3, 7)
    assert reference is not None and reference.path == "reference"
    assert [e.action for e in reference.estimates] == [e.action for e in fast.estimates]
    monkeypatch.undo()

    calls: list[int] = []

    def fails_later(self: object, world: object, action: object, seed: int) -> list[float]:
        calls.append(seed)
        raise FastUnsupportedError("a rule surfaced mid-rollout")

    monkeypatch.setattr(module._Worlds, "_fast_rollout", fails_later)
    late = evaluate(moment, 3, 7)
    assert calls and late is not None and late.path == "reference"
    assert [e.win for e in late.estimates] == [e.win for e in reference.estimates]


def test_the_report_names_the_seat_and_counts_decisions_from_one() -> None:
    """The Markdown report reads like the page: the seat's name, decisions from 1."""
    from totenblatt.text.analysis import markdown_report

    attack = {"type": "attack", "card": "Q♠", "attacker": "Billy", "target": "Paco"}
    data = {
        "seat": 0,
        "budget": 8,
        "thresholds": {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.2},
        "decisions": [
            {
                "index": 0,
                "round": 1,
                "chosen": attack,
                "best": attack,
                "chosen_win": 0.4,
                "best_win": 0.6,
                "mark": "blunder",
            },
        ],
    }
    english = markdown_report(data, "en")
    assert english.startswith("# Analysis of Player 1\n") and "| 1 | 1 |" in english
    assert "seat 0" not in english and "| 0 |" not in english
    named = markdown_report(data, "de", labels=["Ann", "Bo"])
    assert named.startswith("# Analyse: Ann\n") and "| 1 | 1 |" in named
    assert data["decisions"][0]["index"] == 0  # the JSON keeps its indexes
