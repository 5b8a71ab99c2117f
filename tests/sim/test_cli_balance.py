"""``totenblatt balance``: a small run of each command writes its report; bad input is one line."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
import typer
import typer.main

from totenblatt.cli import app, load_commands
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


def test_the_reproduce_line_keeps_every_option_given(cli: Cli, tmp_path: Path) -> None:
    args = ["balance", "heroes", "--hero", "gunslinger", "--games", "2", "--cowboys", "1-2",
            "--mode", "per_player", "--table", "duel", "--round-limit", "12",
            "--weapon", "winchester", "--bots", "random", "--seed", "7"]  # fmt: skip
    code, out, err = cli([*args, "-w", "1", "-o", str(tmp_path), "-q", "--json"])
    assert code == 0, err
    line = json.loads(out)["command"]
    assert shlex.split(line) == ["totenblatt", *args]
    report = (tmp_path / "heroes-gunslinger.md").read_text(encoding="utf-8")
    assert report.count(f"\n    {line}\n") == 2  # the English and the German report
    assert "Reproduce with:" in report and "Nachrechnen mit:" in report


GIVEN = {
    "heroes": ["--hero", "gunslinger", "--games", "5", "--cowboys", "1-4", "--mode",
               "per_character", "--table", "gangs", "--round-limit", "0", "--weapon",
               "shotgun", "--bots", "random,heuristic", "--seed", "3"],
    "abilities": ["--scenario", "gangs", "--ability", "cover_1", "--ability", "wild_2",
                  "--option", "hand_mode=per_character", "--games", "4", "--bots", "random",
                  "--seed", "9"],
    "seats": ["--scenario", "duel", "--scenario", "gangs", "--games", "6", "--bot", "random",
              "--seed", "2"],
    "rounds": ["--scenario", "three-way", "--games", "8", "--cap", "12", "--target", "0.75",
               "--bot", "random", "--seed", "4"],
}  # fmt: skip
"""Every option of each experiment that shapes its findings, none at its default."""


@pytest.mark.parametrize("name", sorted(GIVEN))
def test_the_reproduce_line_parses_back_to_the_same_experiment(name: str) -> None:
    from totenblatt.cli.balance import NOT_REPRODUCED
    from totenblatt.cli.options import command_line

    load_commands()
    balance = typer.main.get_command(app).commands["balance"]
    command = balance.commands[name]  # type: ignore[attr-defined]
    shaping = {p.name for p in command.params} - NOT_REPRODUCED
    given = GIVEN[name]
    assert {p.name for p in command.params if set(p.opts) & set(given)} == shaping
    extra = ["-o", "x", "-w", "2", "--dask", "local", "-q", "--json", "--lang", "de"]
    ctx = command.make_context(name, [*given, *extra], parent=_parent(balance))
    line = command_line(ctx, leave_out=NOT_REPRODUCED)
    words = shlex.split(line)
    assert words[:3] == ["totenblatt", "balance", name]
    assert words[3:] == given
    again = command.make_context(name, words[3:], parent=_parent(balance))
    for key in shaping:
        assert _plain(again.params[key]) == _plain(ctx.params[key]), key


def _parent(group: typer.core.TyperGroup) -> typer.Context:
    root = typer.Context(typer.main.get_command(app), info_name="totenblatt")
    return typer.Context(group, info_name="balance", parent=root)


def _plain(value: object) -> object:
    return list(value) if isinstance(value, list | tuple) else value


def test_the_reproduce_line_replays_the_same_findings(cli: Cli, tmp_path: Path) -> None:
    """Run the line a report prints (in another folder): the findings are the same, byte for
    byte (the JSON without its timing), and so are the reports."""
    args = ["balance", "rounds", "--scenario", "duel", "--scenario", "gangs", "--games", "6",
            "--cap", "12", "--bot", "heuristic", "--seed", "5"]  # fmt: skip
    first, again = tmp_path / "first", tmp_path / "again"
    code, out, err = cli([*args, "-w", "1", "-o", str(first), "-q", "--json"])
    assert code == 0, err
    line = shlex.split(json.loads(out)["command"])
    assert line[0] == "totenblatt"
    code, out, err = cli([*line[1:], "-w", "2", "-o", str(again), "-q"])
    assert code == 0, err

    def findings(folder: Path) -> dict[str, object]:
        data = json.loads((folder / "rounds.json").read_text(encoding="utf-8"))
        data.pop("timing")
        return data

    assert findings(first) == findings(again)
    assert (first / "rounds.md").read_bytes() == (again / "rounds.md").read_bytes()
