"""``totenblatt analyse``: the JSON of issue 45, the report and its graph, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_output import Cli, cli_json
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.game import new_game

MARKS = (None, "inaccuracy", "mistake", "blunder")


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = play_game(new_game("duel", seed=11), [HeuristicBot(0), HeuristicBot(1)])
    path = tmp_path_factory.mktemp("analyse") / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return path


def test_the_json_has_the_shape_of_the_issue(cli: Cli, saved: Path) -> None:
    args = ["analyse", str(saved), "--seat", "1", "--budget", "2", "--workers", "1", "-q"]
    data = cli_json(cli, *args, "--seed", "4")
    assert data["seat"] == 1
    assert data["decisions"] and data["curve"]
    for d in data["decisions"]:
        assert isinstance(d["index"], int) and isinstance(d["round"], int)
        assert isinstance(d["chosen"], dict) and "type" in d["chosen"]
        assert isinstance(d["best"], dict) and "type" in d["best"]
        assert 0 <= d["chosen_win"] <= d["best_win"] <= 1
        lo, hi = d["interval"]
        assert 0 <= lo <= d["chosen_win"] <= hi <= 1
        assert d["mark"] in MARKS
    for point in data["curve"]:
        assert isinstance(point["index"], int)
        assert len(point["win"]) == 2 and all(0 <= w <= 1 for w in point["win"])
    assert data == cli_json(cli, *args, "--seed", "4")  # --seed makes it reproducible


def test_the_report_is_markdown_with_its_graph(cli: Cli, saved: Path, tmp_path: Path) -> None:
    report = tmp_path / "where.md"
    code, out, err = cli(
        [
            "analyse",
            str(saved),
            "--budget",
            "1",
            "-w",
            "1",
            "-q",
            "--report",
            str(report),
            "--lang",
            "de",
        ]
    )
    assert code == 0, err
    text = report.read_text(encoding="utf-8")
    assert text.startswith("# ") and "(where.png)" in text
    assert (tmp_path / "where.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "#" in out  # the table of decisions


def test_errors_are_one_line_exit_2(cli: Cli, saved: Path, tmp_path: Path) -> None:
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(new_game("duel", seed=3).to_json(), encoding="utf-8")
    public = tmp_path / "public.json"
    public.write_text(json.dumps({"format": "totenblatt-public-replay"}), encoding="utf-8")
    for args in (
        [str(tmp_path / "missing.json")],
        [str(unfinished)],
        [str(saved), "--seat", "2"],
        [str(saved), "--budget", "0"],
        [str(public)],
    ):
        code, out, err = cli(["analyse", *args])
        assert code == 2, (args, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert out == ""
