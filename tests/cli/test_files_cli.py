"""Files the CLI writes: whole or not at all, and one clear line when it cannot."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from totenblatt.cli.app import check_writable, write_text_atomic

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def test_atomic_write_replaces_the_file_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_text_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left


@pytest.mark.parametrize(
    ("where", "message"),
    [("missing/out.txt", "does not exist"), (".", "is a directory")],
)
def test_unwritable_targets_are_refused_before_anything_is_written(
    tmp_path: Path, where: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        check_writable(tmp_path / where)
    assert not (tmp_path / "missing").exists()


def test_play_save_into_a_missing_folder_is_one_line_exit_2(tmp_path: Path, cli: Cli) -> None:
    code, out, err = cli(["play", "--seats", "bot,bot", "--save", str(tmp_path / "no" / "g.json")])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "does not exist" in err


def test_play_save_writes_a_game_that_loads(tmp_path: Path, cli: Cli) -> None:
    save = tmp_path / "g.json"
    code, _, err = cli(["play", "--seats", "bot,bot", "--seed", "2", "--save", str(save)])
    assert code == 0, err
    assert json.loads(save.read_text(encoding="utf-8"))
    code, out, err = cli(["replay", str(save)])
    assert code == 0 and out, err


def test_main_turns_os_errors_into_one_line(tmp_path: Path, cli: Cli) -> None:
    code, out, err = cli(["replay", str(tmp_path)])  # a folder, not a saved game
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


def test_gang_export_writes_whole_files_and_refuses_a_folder(
    tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOTENBLATT_DATABASE_URL", f"sqlite:///{tmp_path / 'c.db'}")
    assert cli(["gang", "create", "Daltons", "--leader", "veteran", "--seed", "1"])[0] == 0
    code, out, err = cli(["gang", "export", "Daltons", "-o", str(tmp_path)])
    assert code == 2 and out == "" and "is a directory" in err and err.count("\n") == 1
    target = tmp_path / "daltons.json"
    code, out, err = cli(
        ["gang", "export", "Daltons", "--format", "json", "-o", str(target), "--json"]
    )
    assert code == 0, err
    assert json.loads(out) == {"written": str(target)}  # --json keeps stdout JSON
    assert json.loads(target.read_text(encoding="utf-8"))["name"] == "Daltons"


def test_version(cli: Cli) -> None:
    code, out, _ = cli(["--version"])
    assert code == 0 and out.startswith("totenblatt ")


def test_a_file_that_is_not_a_saved_game_is_one_line(tmp_path: Path, cli: Cli) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\xff\xfe\x00")
    for args in (["replay", str(junk)], ["play", "--load", str(junk)]):
        code, out, err = cli(args)
        assert code == 2 and out == "" and "is not a saved game" in err and err.count("\n") == 1


def test_load_keeps_the_saved_seed(tmp_path: Path, cli: Cli) -> None:
    save = tmp_path / "g.json"
    assert cli(["play", "--seats", "bot,bot", "--seed", "2", "--save", str(save)])[0] == 0
    code, _, err = cli(["play", "--load", str(save), "--seed", "3"])
    assert code == 2 and "--seed cannot be used with --load" in err


def test_a_member_cannot_die_twice(
    tmp_path: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOTENBLATT_DATABASE_URL", f"sqlite:///{tmp_path / 'c.db'}")
    assert cli(["gang", "create", "Daltons", "--leader", "veteran", "--seed", "1"])[0] == 0
    before = (tmp_path / "c.db").read_bytes()
    code, _, err = cli(["fight", "record", "Daltons", "--died", "Kid", "--died", "Kid"])
    assert code == 2 and "more than once" in err and err.count("\n") == 1
    assert (tmp_path / "c.db").read_bytes() == before
