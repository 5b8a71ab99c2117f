"""``totenblatt balance``: a small run of each command writes its report; bad input is one line."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from totenblatt.cli.balance import parse_counts

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def test_heroes_writes_report_plots_and_json(cli: Cli, tmp_path: Path) -> None:
    args = ["balance", "heroes", "--hero", "gunslinger", "--cowboys", "1,2", "--games", "3"]
    code, out, err = cli([*args, "-w", "1", "--out", str(tmp_path), "-q", "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["hero"] == "gunslinger" and data["claim"] == 3
    assert set(data["modes"]) == {"per_player", "per_character"}
    assert [p["cowboys"] for p in data["modes"]["per_player"]["points"]] == [1, 2]
    assert data["timing"]["games"] == 12
    names = {p.name for p in tmp_path.iterdir()}
    assert {"heroes-gunslinger.md", "heroes-gunslinger.json"} <= names
    assert "heroes-gunslinger-per_character.png" in names


@pytest.mark.parametrize(
    "args",
    [
        ["seats", "--scenario", "duel", "--bot", "random"],
        ["rounds", "--scenario", "duel", "--bot", "random", "--cap", "10"],
        ["abilities", "--ability", "sharpshooter", "--ability", "Schnellfinger 1"],
    ],
)
def test_every_experiment_runs_small(cli: Cli, tmp_path: Path, args: list[str]) -> None:
    code, out, err = cli(["balance", *args, "--games", "2", "-w", "1", "-o", str(tmp_path), "-q"])
    assert code == 0, err
    assert "games in" in out
    assert any(p.suffix == ".png" for p in tmp_path.iterdir())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["heroes", "--cowboys", "0-3"], "--cowboys '0-3': expected counts from 1 to 40"),
        (["heroes", "--hero", "cowboy"], "--hero 'cowboy': expected veteran or gunslinger"),
        (["heroes", "--hero", "sheriff"], "--hero 'sheriff': expected veteran or gunslinger"),
        (["heroes", "--mode", "per_table"], "hand mode 'per_table'"),
        (["abilities", "--ability", "flying"], "flying"),
        (["seats", "--bot", "cheater"], "unknown bot 'cheater'"),
    ],
)
def test_bad_input_is_one_line(cli: Cli, tmp_path: Path, args: list[str], message: str) -> None:
    code, _, err = cli(["balance", *args, "--games", "1", "-w", "1", "-o", str(tmp_path), "-q"])
    assert code == 2, err
    assert message in err and "Traceback" not in err


def test_out_must_be_a_folder(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    target.write_text("x")
    code, _, err = cli(["balance", "seats", "-s", "duel", "-n", "1", "-w", "1", "-o", str(target)])
    assert code == 2 and "is a file: expected a folder" in err


def test_parse_counts() -> None:
    assert parse_counts("3") == [3]
    assert parse_counts("1-3, 5") == [1, 2, 3, 5]
    with pytest.raises(ValueError, match="expected counts"):
        parse_counts("a-b")
