"""The ladder: duplicate round robin on the runner, Bradley–Terry ratings, the command."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from totenblatt.sim.ladder import Ladder, Pairing, fit_ratings, play_ladder, plot_ladder, score_row

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def test_ratings_follow_the_results() -> None:
    even = fit_ratings(["a", "b"], {("a", "b"): (10, 10, 4)})
    assert even == pytest.approx([0.0, 0.0], abs=1e-6)
    strong = fit_ratings(["a", "b", "c"], {("a", "b"): (8, 2, 0), ("b", "c"): (8, 2, 0)})
    assert strong[0] == 0.0 and strong[1] < 0 and strong[2] < strong[1]
    # 3 to 1 is 75 %: about 191 Elo apart (a weak prior pulls it in a little)
    three = fit_ratings(["a", "b"], {("a", "b"): (300, 100, 0)})
    assert -191 < three[1] < -185
    # a bot that never wins keeps a finite rating (the prior's one drawn game)
    assert fit_ratings(["a", "b"], {("a", "b"): (0, 20, 0)})[1] < 1000


def test_a_game_scores_for_the_bot_on_the_winning_side() -> None:
    row = {"bots": ["x", "y"], "winners": [1]}
    assert score_row(row, "x", "y") == (0.0, 1.0, 0.0)
    assert score_row({"bots": ["y", "x"], "winners": [1]}, "x", "y") == (1.0, 0.0, 0.0)
    assert score_row({"bots": ["x", "y"], "winners": []}, "x", "y") == (0.0, 0.0, 1.0)
    three = {"bots": ["x", "y", "x"], "winners": [2]}
    assert score_row(three, "x", "y") == (1.0, 0.0, 0.0)


def test_a_small_ladder_is_reproducible_and_ranks_the_heuristic_above_random() -> None:
    first = play_ladder("duel", "base", ["random", "heuristic"], games=6, seed=2, workers=1)
    again = play_ladder("duel", "base", ["random", "heuristic"], games=5, seed=2, workers=1)
    assert first.as_dict()["pairings"] == again.as_dict()["pairings"]  # 5 is made even: 6
    (pair,) = first.pairings
    assert pair.games == 6 and pair.losses >= 5
    data = first.as_dict()
    assert [r["bot"] for r in data["ratings"]] == ["heuristic", "random"]
    best = data["ratings"][0]
    assert best["low"] <= best["elo"] <= best["high"]


def test_three_seats_alternate_the_bots() -> None:
    ladder = play_ladder("three-way", "base", ["random", "heuristic"], games=2, seed=1, workers=1)
    assert ladder.pairings[0].games == 2


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["random"], "two bots or more"),
        (["random", "random"], "twice"),
        (["random", "chess"], "unknown bot"),
        (["random", "ismcts:100ms"], "machine"),
    ],
)
def test_bad_ladders_are_refused(bots: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play_ladder("duel", "base", bots, games=2, workers=1)


def test_the_command_prints_json_and_draws_the_plot(cli: Cli, tmp_path: Path) -> None:
    plot = tmp_path / "ladder.png"
    args = ["ladder", "--bots", "random,heuristic", "--games", "4", "-w", "1", "-q"]
    code, out, err = cli([*args, "--json", "--plot", str(plot)])
    assert code == 0, err
    data = json.loads(out)
    assert data["run"]["bots"] == ["random", "heuristic"]
    assert data["pairings"][0]["games"] == 4
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, out, err = cli([*args, "--lang", "de"])
    assert code == 0, err
    assert "Paarungen" in out and "heuristic" in out
    assert re.search(r"\d,\d %", out) and not re.search(r"\d\.\d%", out)  # 50,0 %, not 50.0%


def test_the_command_refuses_bad_bots_in_one_line(cli: Cli) -> None:
    code, _, err = cli(["ladder", "--bots", "random,chess", "--games", "2", "-q"])
    assert code == 2
    assert "chess" in err and len(err.strip().splitlines()) == 1


def test_the_plot_draws_an_interval_that_leaves_out_the_rating(tmp_path: Path) -> None:
    """A percentile bootstrap interval need not contain the fitted rating (seen in a
    40-game duel ladder: the plot then failed and the run's table was never printed)."""
    ladder = Ladder(
        ["random", "heuristic", "ismcts:100"],
        [Pairing("random", "heuristic")],
        elo=[0.0, 551.0, 660.0],
        low=[0.0, 560.0, 446.0],  # heuristic's interval lies wholly above its rating
        high=[0.0, 623.0, 640.0],  # and ismcts's wholly below
    )
    path = tmp_path / "ladder.png"
    plot_ladder(ladder, path, "ladder", "Elo")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("how", ["raises", "folder gone"])
@pytest.mark.parametrize("json_mode", [True, False])
def test_a_failing_plot_loses_no_results(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, json_mode: bool
) -> None:
    """The plot is drawn after the games: should it fail, the results are printed all the
    same (the JSON without a "plot"), then one line says so on standard error, status 2."""
    import totenblatt.sim.ladder as ladder_module

    folder = tmp_path / "plots"
    folder.mkdir()
    plot = folder / "ladder.png"
    real = ladder_module.plot_ladder

    def failing_plot(ladder: Ladder, path: Path, title: str, xlabel: str) -> None:
        if how == "raises":
            raise RuntimeError("no canvas to draw on")
        folder.rmdir()  # gone after the command checked it
        real(ladder, path, title, xlabel)

    monkeypatch.setattr(ladder_module, "plot_ladder", failing_plot)
    args = ["ladder", "--bots", "random,heuristic", "--games", "2", "-w", "1", "-q"]
    code, out, err = cli([*args, "--plot", str(plot), *(["--json"] if json_mode else [])])
    assert code == 2, err
    if json_mode:
        data = json.loads(out)
        assert data["pairings"][0]["games"] == 2 and "plot" not in data
    else:
        assert "random vs heuristic" in out and "plot written" not in out
    assert not plot.exists()
    (line,) = err.strip().splitlines()
    assert line.startswith("error: the plot ") and str(plot) in line
    assert "Traceback" not in err
