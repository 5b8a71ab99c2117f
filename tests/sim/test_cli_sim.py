"""``totenblatt sim``: the acceptance run on 1 and 2 workers and Dask, resume, errors."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pyarrow.parquet as pq

from totenblatt.sim.rows import read_rows

Cli = Callable[[Sequence[str]], tuple[int, str, str]]
RUN = ["sim", "--scenario", "duel", "--bots", "heuristic,random", "--seed", "3", "-q"]


def test_workers_and_dask_write_identical_files(cli: Cli, tmp_path: Path) -> None:
    tables = []
    executors = {"a": ["-w", "1"], "b": ["-w", "2"], "c": ["--dask", "local", "-w", "2"]}
    for name, extra in executors.items():
        out = tmp_path / f"{name}.parquet"
        code, _, err = cli([*RUN, "--games", "12", *extra, "--out", str(out)])
        assert code == 0, err
        tables.append(pq.read_table(out))
    assert tables[0].num_rows == 12
    assert tables[0].column("game").to_pylist() == list(range(12))
    assert tables[0].equals(tables[1]) and tables[0].equals(tables[2])


def test_summary_and_json(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    code, text, _ = cli([*RUN, "--games", "6", "--workers", "1", "--out", str(out), "--lang", "en"])
    assert code == 0
    assert "heuristic" in text and "95 % Wilson interval" in text and "6 games in" in text
    code, text, _ = cli([*RUN, "--games", "6", "--out", str(out), "--resume", "--lang", "de"])
    assert code == 0
    assert "Spielende: eine Seite allein übrig" in text and re.search(r"\d,\d %", text)
    code, text, _ = cli([*RUN, "--games", "6", "--out", str(out), "--resume", "--json"])
    assert code == 0
    data = json.loads(text)
    assert data["played_now"] == 0 and data["summary"]["games"] == 6
    assert data["run"]["bots"] == ["heuristic", "random"] and data["run"]["seed"] == 3


def test_resume_plays_only_the_missing_games(cli: Cli, tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.parquet", tmp_path / "part.parquet"
    assert cli([*RUN, "--games", "10", "--workers", "1", "--out", str(whole)])[0] == 0
    assert cli([*RUN, "--games", "4", "--workers", "1", "--out", str(part)])[0] == 0
    code, _, err = cli([*RUN, "--games", "10", "--workers", "2", "--out", str(part), "--resume"])
    assert code == 0
    assert "4 games already in" in err
    assert read_rows(part) == read_rows(whole)


def test_existing_files_and_other_runs_are_refused(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    assert cli([*RUN, "--games", "2", "--workers", "1", "--out", str(out)])[0] == 0
    code, _, err = cli([*RUN, "--games", "2", "--workers", "1", "--out", str(out)])
    assert code == 2 and "pass --resume to continue it or --overwrite" in err
    code, _, err = cli(
        ["sim", "--seed", "4", "--games", "2", "--out", str(out), "--resume", "--lang", "en"]
    )
    assert code == 2 and "holds another run (other bots, seed)" in err
    code, _, _ = cli(["sim", "--seed", "4", "-n", "2", "-w", "1", "--out", str(out), "--overwrite"])
    assert code == 0
    assert read_rows(out)[1]["seed"] == 4


def test_bad_input_is_one_line(cli: Cli, tmp_path: Path) -> None:
    out = str(tmp_path / "r.parquet")
    cases = [
        (["--bots", "heuristic,robot"], "unknown bot 'robot'"),
        (["--scenario", "nowhere"], "nowhere"),
        (["--option", "hand_mode"], "is not key=value"),
        (["--option", "hand_mode=everyone"], "hand_mode"),
        (["--out", str(tmp_path / "missing" / "r.parquet")], "does not exist"),
        (["--games", "0"], "--games"),
        (["--out", "/proc/r.parquet"], "cannot write '/proc/r.parquet'"),  # before any game
    ]
    for extra, message in cases:
        code, _, err = cli(["sim", "--out", out, "-q", *extra])
        assert code == 2, (extra, err)
        assert message in err and "Traceback" not in err
        assert len(err.strip().splitlines()) <= 2, err


def test_a_search_budget_beyond_the_bounds_is_refused_before_any_game(
    cli: Cli, tmp_path: Path
) -> None:
    out = tmp_path / "r.parquet"
    code, _, err = cli(["sim", "--out", str(out), "-q", "--bots", "ismcts:99999999999"])
    assert code == 2 and err.count("\n") == 1, err
    assert "the budget must be 1 to 100000 rollouts" in err and not out.exists()


def test_a_scenario_with_heroes_brings_its_ruleset(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    args = ["sim", "-s", "heroes", "--bots", "random", "-n", "2", "-w", "1", "-q", "--json"]
    code, text, err = cli([*args, "--out", str(out)])
    assert code == 0, err
    assert json.loads(text)["run"]["ruleset"] == "extended"
    code, _, err = cli([*args, "--out", str(tmp_path / "b.parquet"), "--ruleset", "base"])
    assert code == 2 and "use the 'extended' ruleset" in err  # named: as named, refused
