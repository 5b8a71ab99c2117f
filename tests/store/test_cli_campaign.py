"""``totenblatt gang ...`` / ``fight ...``: JSON shapes, tables, bad input exits 2 untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from totenblatt.cli.campaign import BadOptionError, parse_pairs

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py
CliJson = Callable[[list[str]], Any]  # the fixture in tests/store/conftest.py
Refuses = Callable[[list[str], str], None]  # the fixture in tests/store/conftest.py

BIN = Path(sys.executable).parent / "totenblatt"
MEMBER_KEYS = ["name", "kind", "weapon", "hp", "hp_max", "abilities", "fights_survived"]


def create(cli_json: CliJson, db: str, *extra: str) -> dict[str, Any]:
    data: dict[str, Any] = cli_json(
        ["gang", "create", "Die Daltons", "--leader", "veteran", "--size", "4",
         "--leader-name", "Bob Dalton", "--member", "Emmett Dalton", "--member", "Grat Dalton",
         "--member", "Bill Doolin", "--ability", "cover_3", "--ability", "2", "--seed", "1",
         "--db", db, *extra]
    )  # fmt: skip
    return data


def assert_gang_shape(data: dict[str, Any]) -> None:
    assert list(data) == ["name", "size", "members"]
    for member in data["members"]:
        assert list(member) == MEMBER_KEYS
        assert member["kind"] in ("cowboy", "gunslinger", "veteran")
        assert all(isinstance(a, str) and a.islower() for a in member["abilities"])


def test_gang_show_json_prints_exactly_the_issue_shape(cli_json: CliJson, db_url: str) -> None:
    create(cli_json, db_url)
    data = cli_json(["gang", "show", "die daltons", "--db", db_url])
    assert_gang_shape(data)
    assert data["name"] == "Die Daltons" and data["size"] == 4
    bob = data["members"][0]
    assert bob["name"] == "Bob Dalton" and bob["kind"] == "veteran"
    assert (bob["hp"], bob["hp_max"], bob["fights_survived"]) == (8, 8, 0)
    assert bob["abilities"][:2] == ["cover_3", "quick_fingers_1"] and len(bob["abilities"]) == 4
    assert len(set(bob["abilities"])) == 4  # distinct (D-41)
    assert [m["name"] for m in data["members"][1:]] == [
        "Emmett Dalton",
        "Grat Dalton",
        "Bill Doolin",
    ]


def test_every_changing_command_prints_the_gang_shape(cli_json: CliJson, db_url: str) -> None:
    db = ("--db", db_url)
    assert_gang_shape(create(cli_json, db_url))
    fought = cli_json(
        ["fight", "record", "Daltons", "--died", "Bob", "--hp", "Emmett=2",
         "--hp", "Grat Dalton=0", "--seed", "5", *db]
    )  # fmt: skip
    assert_gang_shape(fought)
    assert [(m["name"], m["hp"], m["fights_survived"]) for m in fought["members"]] == [
        ("Emmett Dalton", 3, 1),
        ("Grat Dalton", 1, 1),
        ("Bill Doolin", 6, 1),
    ]  # Bob died and is not listed; the wounded recovered 1 HP
    hired = cli_json(
        ["gang", "recruit", "Daltons", "--hero", "gunslinger", "--pay", "Bill=5",
         "--name", "Kit Starr", "--ability", "2", "--seed", "6", *db]
    )  # fmt: skip
    assert_gang_shape(hired)
    kit = hired["members"][-1]
    assert (kit["name"], kit["kind"], kit["hp"], kit["abilities"][0]) == (
        "Kit Starr", "gunslinger", 10, "quick_fingers_1",
    )  # fmt: skip
    conceded = cli_json(["fight", "record", "Daltons", "--conceded", "--sacrifice", "Kit", *db])
    assert conceded["size"] == 3 and len(conceded["members"]) == 3
    assert [m["fights_survived"] for m in conceded["members"]] == [1, 1, 1]  # not counted
    undone = cli_json(["fight", "undo", "Daltons", *db])
    assert undone == hired
    fought_again = cli_json(["fight", "record", "Daltons", "--died", "Kit", "--died", "Grat", *db])
    assert len(fought_again["members"]) == 2
    filled = cli_json(["gang", "fill", "Daltons", "--name", "Newt", "--seed", "3", *db])
    assert_gang_shape(filled)
    assert len(filled["members"]) == 4 and filled["members"][2]["name"] == "Newt"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["gang", "show", "Nobody"], "no gang 'Nobody'; known gangs: Die Daltons"),
        (["fight", "record", "Nobody"], "no gang 'Nobody'"),
        (["fight", "record", "Daltons", "--died", "Zed"], "no living member 'Zed'"),
        (
            ["fight", "record", "Daltons", "--hp", "Bob=9"],
            "'Bob Dalton' cannot end the fight with 9 HP: expected 0 to its maximum 8",
        ),
        (["fight", "record", "Daltons", "--hp", "Bob=-1"], "with -1 HP"),
        (["fight", "record", "Daltons", "--hp", "Bob"], "malformed --hp 'Bob': expected MEMBER=N"),
        (["fight", "record", "Daltons", "--hp", "Bob=x"], "malformed --hp 'Bob=x'"),
        (["fight", "record", "Daltons", "--hp", "=3"], "malformed --hp '=3'"),
        (["fight", "record", "Daltons", "--hp", "Bob=2.5"], "malformed --hp 'Bob=2.5'"),
        (["fight", "record", "Daltons", "--died", "Bob", "--hp", "Bob=2"], "--died and --hp"),
        (
            ["fight", "record", "Daltons", "--conceded", "--sacrifice", "Grat", "--hp", "Grat=2"],
            "may not be sacrificed",
        ),
        (["fight", "record", "Daltons", "--conceded"], "exactly one sacrifice"),
        (["fight", "undo", "Daltons"], "no recorded fight to undo"),
        (
            ["gang", "recruit", "Daltons", "--hero", "veteran", "--pay", "Bill=10"],
            "nobody to replace",
        ),
        (
            ["gang", "recruit", "Daltons", "--hero", "cowboy"],
            "--hero 'cowboy': expected veteran or gunslinger",
        ),
        (["gang", "fill", "Daltons"], "only in a fight's aftermath"),
        (
            ["gang", "create", "Big", "--leader", "veteran", "--size", "11"],
            "1 to 10 members (B3); got size 11",
        ),
        (["gang", "create", "Big", "--leader", "cowboy"], "expected veteran or gunslinger"),
        (["gang", "create", "Big", "--leader", "veteran", "--ability", "K"], "number cards 2-10"),
        (
            ["gang", "create", "Big", "--leader", "veteran", "--ability", "fast"],
            "unknown ability 'fast'",
        ),
        (["gang", "create", "die daltons", "--leader", "veteran"], "already exists"),
        (["gang", "create", "X", "--leader", "veteran", "--seed", "-5"], "seed"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_leaves_the_database_unchanged(
    cli_json: CliJson, db_url: str, refuses: Refuses, args: list[str], message: str
) -> None:
    create(cli_json, db_url)
    refuses(args, message)


def test_an_unaffordable_hire_exits_2_and_changes_nothing(
    cli: Cli, cli_json: CliJson, db_url: str, fingerprint: Callable[[str], str]
) -> None:
    create(cli_json, db_url)
    db = ("--db", db_url)
    cli_json(["fight", "record", "Daltons", "--died", "Bob", "--hp", "Emmett=1",
              "--hp", "Grat=1", "--hp", "Bill=1", *db])  # fmt: skip
    before = fingerprint(db_url)
    code, _, err = cli(
        ["gang", "recruit", "Daltons", "--hero", "veteran",
         "--pay", "Emmett=2", "--pay", "Grat=2", "--pay", "Bill=2", *db]
    )  # fmt: skip
    assert code == 2 and "cannot pay for a veteran: it costs 10 HP" in err
    assert fingerprint(db_url) == before


def test_text_output_is_a_table_in_english_or_german(cli: Cli, tmp_path: Path) -> None:
    db = ("--db", str(tmp_path / "t.db"))
    code, out, _ = cli(["gang", "create", "Daltons", "--leader", "gunslinger",
                        "--size", "3", "--seed", "2", "--lang", "de", *db])  # fmt: skip
    assert code == 0 and "Revolverheld" in out and "Standardcowboy" in out and "Seed 2" in out
    code, out, _ = cli(["fight", "record", "Daltons", "--seed", "3", "--lang", "en", *db])
    assert code == 0 and "gunslinger" in out and "3 of 3 · 1 fight" in out
    code, out, _ = cli(["fight", "record", "Daltons", "--seed", "4", "--lang", "de", *db])
    assert code == 0 and "zieht" in out and "Kämpfe" in out  # 2nd fight: cowboys draw
    code, out, _ = cli(["gang", "list", "--lang", "de", *db])
    assert code == 0 and "Daltons" in out and "Anführer" in out
    code, out, _ = cli(["gang", "history", "Daltons", "--lang", "en", *db])
    assert code == 0 and "fight record · seed 4" in out and " draws " in out


def test_gang_list_json(cli_json: CliJson, db_url: str) -> None:
    assert cli_json(["gang", "list", "--db", db_url]) == {"gangs": []}
    created = create(cli_json, db_url)
    assert cli_json(["gang", "list", "--db", db_url]) == {"gangs": [created]}


def test_gang_export_markdown_and_json(cli: Cli, cli_json: CliJson, tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    create(cli_json, db)
    cli_json(["fight", "record", "Daltons", "--died", "Grat", "--seed", "1", "--db", db])
    code, out, _ = cli(["gang", "export", "Daltons", "--lang", "en", "--db", db])
    assert code == 0 and out.startswith("# Gang Die Daltons\n")
    assert "| Grat Dalton | cowboy | died | 0 |" in out and "## History" in out
    target = tmp_path / "roster.json"
    code, _, _ = cli(["gang", "export", "Daltons", "--format", "json", "-o", str(target),
                      "--db", db])  # fmt: skip
    data = json.loads(target.read_text(encoding="utf-8"))
    assert code == 0 and data["fallen"][0]["name"] == "Grat Dalton"
    assert [h["what"] for h in data["history"]] == ["gang create", "fight record"]


def test_the_environment_names_the_database(
    cli_json: CliJson, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOTENBLATT_DATABASE_URL", str(tmp_path / "env.db"))
    cli_json(["gang", "create", "Daltons", "--leader", "veteran", "--size", "2"])
    assert (tmp_path / "env.db").is_file()


def test_parse_pairs_reads_names_with_spaces_and_refuses_the_malformed() -> None:
    assert parse_pairs(["Jesse Carver = 3"], "--pay") == {"Jesse Carver": 3}
    with pytest.raises(BadOptionError, match="given twice"):
        parse_pairs(["A=1", "A=2"], "--pay")


def test_the_real_command_runs(tmp_path: Path) -> None:
    env = os.environ | {"TOTENBLATT_DATABASE_URL": str(tmp_path / "sub.db"), "LANG": "C"}
    made = subprocess.run(
        [str(BIN), "gang", "create", "Daltons", "--leader", "veteran", "--size", "3",
         "--seed", "9", "--json"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    shown = subprocess.run(
        [str(BIN), "gang", "show", "Daltons", "--json"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert json.loads(shown.stdout) == json.loads(made.stdout)
    bad = subprocess.run(
        [str(BIN), "fight", "record", "Daltons", "--hp", "nobody"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and bad.stdout == ""


RECORDER = """
import pathlib, sys, time
from totenblatt.cli import main
db, gang, go, fights = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]), int(sys.argv[4])
while not go.exists():
    time.sleep(0.002)
for i in range(fights):
    try:
        main(["fight", "record", gang, "--hp", "Bob=5", "--seed", str(i), "--db", db, "--json"])
    except SystemExit as exc:
        if exc.code:
            sys.exit(exc.code)
"""


def test_two_processes_record_fights_for_different_gangs_at_once_on_sqlite(
    cli: Cli, cli_json: CliJson, tmp_path: Path
) -> None:
    db = str(tmp_path / "shared.db")
    for name in ("Daltons", "Clantons"):
        cli_json(["gang", "create", name, "--leader", "veteran", "--size", "3",
                  "--leader-name", "Bob", "--db", db])  # fmt: skip
    go = tmp_path / "go"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RECORDER, db, name, str(go), "12"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("Daltons", "Clantons")
    ]
    go.touch()
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], errors
    for name in ("Daltons", "Clantons"):
        gang = cli_json(["gang", "show", name, "--db", db])
        assert [m["fights_survived"] for m in gang["members"]] == [12, 12, 12]
        _, out, _ = cli(["gang", "history", name, "--json", "--db", db])
        assert len(json.loads(out)["history"]) == 13
