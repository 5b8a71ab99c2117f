"""``fight record`` for the battle log: --against, --result, --scenario, --note, --kills and
--absent (a member who sat the fight out), stored with the fight and undone with it."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from totenblatt.store import Store

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


@pytest.fixture
def db(tmp_path: Path, cli: Cli) -> str:
    url = f"sqlite:///{tmp_path / 'log.db'}"
    for name, leader, members in (
        ("Daltons", "veteran", ["Emmett", "Grat", "Bill"]),
        ("Clantons", "gunslinger", ["Billy", "Frank"]),
    ):
        args = ["gang", "create", name, "--leader", leader, "--size", str(len(members) + 1)]
        args += ["--leader-name", f"{name[:-1]} Boss", "--seed", "3", "--db", url]
        for member in members:
            args += ["--member", member]
        code, _, err = cli(args)
        assert code == 0, err
    return url


def record(cli: Cli, db: str, *args: str) -> tuple[int, str, str]:
    return cli(["fight", "record", "Daltons", *args, "--db", db, "--json"])


def test_the_fight_enters_the_battle_log(cli: Cli, db: str) -> None:
    code, out, err = record(
        cli, db, "--against", "clantons", "--result", "won", "--scenario", "Mill Creek",
        "--note", "Ike ran.", "--kills", "2", "--hp", "Grat=3", "--absent", "Bill", "--seed", "4",
    )  # fmt: skip
    assert code == 0, err
    members = {m["name"]: m for m in json.loads(out)["members"]}
    assert members["Grat"]["hp"] == 4 and members["Grat"]["fights_survived"] == 1
    assert members["Bill"]["fights_survived"] == 0  # sat out: not counted (D-28)
    with Store(db) as store:
        (entry,) = store.gangs.fights("Daltons")
    assert entry.against == ("Clantons",)  # the stored gang's own name
    assert (entry.result, entry.scenario, entry.note, entry.kills) == (
        "won", "Mill Creek", "Ike ran.", 2,
    )  # fmt: skip
    assert entry.absent == ("Bill",) and not entry.undone


def test_an_absent_member_is_unchanged_even_when_wounded(cli: Cli, db: str) -> None:
    assert record(cli, db, "--hp", "Bill=2", "--seed", "1")[0] == 0
    code, out, _ = record(cli, db, "--absent", "bill", "--seed", "2")
    assert code == 0
    bill = next(m for m in json.loads(out)["members"] if m["name"] == "Bill")
    assert (bill["hp"], bill["fights_survived"]) == (3, 1)  # 2 + 1 after fight 1, not 4 now


def test_a_conceded_result_needs_its_sacrifice_and_undo_takes_the_entry_back(
    cli: Cli, db: str
) -> None:
    code, _, err = record(cli, db, "--result", "conceded")
    assert code == 2 and "exactly one sacrifice" in err
    assert record(cli, db, "--result", "conceded", "--sacrifice", "Emmett")[0] == 0
    assert cli(["fight", "undo", "Daltons", "--db", db])[0] == 0
    with Store(db) as store:
        (entry,) = store.gangs.fights("Daltons")
    assert entry.result == "conceded" and entry.undone


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--result", "draw"], "'draw' is not one of"),
        (["--conceded", "--sacrifice", "Emmett", "--result", "won"], "contradict each other"),
        (["--absent", "Grat", "--hp", "Grat=2"], "'Grat' sat the fight out"),
        (["--absent", "Grat", "--absent", "grat"], "named twice as absent"),
        (["--absent", "Nobody"], "no living member 'Nobody'"),
        (["--against", "Daltons"], "a gang does not fight itself"),
        (["--kills", "-1"], "--kills"),
        (["--note", "x" * 501], "at most 500"),
        (["--scenario", "bad\x1b[31m"], "holds"),
        (["--conceded", "--sacrifice", "Bill", "--absent", "Bill"], "cannot be sacrificed"),
    ],
)
def test_bad_log_options_exit_2_with_one_line_and_change_nothing(
    cli: Cli, db: str, args: list[str], message: str
) -> None:
    code, out, err = record(cli, db, *args)
    assert code == 2 and out == "", (out, err)
    assert err.count("\n") == 1 and message in err, err
    with Store(db) as store:
        assert store.gangs.fights("Daltons") == []
        assert all(m.fights_survived == 0 for m in store.gangs.get("Daltons").members)


def test_german_help_names_the_new_options(cli: Cli) -> None:
    code, out, _ = cli(["fight", "record", "--help", "--lang", "de"])
    assert code == 0
    for option in ("--against", "--result", "--scenario", "--note", "--absent", "--kills"):
        assert option in out
    assert "aussetzte" in out  # --absent explained in German
