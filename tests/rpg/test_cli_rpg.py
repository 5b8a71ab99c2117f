"""The ``probe`` and ``odds`` commands: narration, JSON, tables, heatmap, errors exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from totenblatt.rpg import probe_odds

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py

BIN = Path(sys.executable).parent / "totenblatt"


def test_probe_narrates_trevors_fall_in_german(cli: Cli) -> None:
    levels = ["probe", "--skill", "2", "--difficulty", "3"]
    code, out, _ = cli([*levels, "--cards", "8", "--against", "5,7", "--lang", "de"])
    assert code == 0
    assert "Probe: Stufe 2 gegen Stufe 3 (heftig)." in out
    assert "Der Spielleiter zieht 5 + 7 – zusammen 12." in out
    assert "Du nimmst Schaden: eine Leichte Wunde." in out


def test_probe_json_with_seed_is_reproducible(cli: Cli) -> None:
    args = ("probe", "-s", "4", "-d", "2", "--jokers", "2", "--seed", "7", "--json")
    first = json.loads(cli([*args])[1])
    assert first == json.loads(cli([*args])[1])
    assert first["seed"] == 7 and len(first["player_cards"]) >= 3
    assert first["outcome"] in ("success", "failure")


def test_probe_tells_the_opponents_wound_only_in_a_fight(cli: Cli) -> None:
    wall = ["probe", "-s", "3", "-d", "3", "--cards", "10", "--against", "7", "--lang", "en"]
    code, out, _ = cli(wall)
    assert code == 0 and out.splitlines()[-1] == "Success: 10 against 7."
    code, out, _ = cli([*wall, "--opponent"])
    assert code == 0 and out.splitlines()[-1] == "In a fight your opponent takes a light wound."


def test_probe_pvp_tie_in_english(cli: Cli) -> None:
    args = ["probe", "-s", "3", "-d", "3", "--pvp", "--cards", "K", "--lang", "en"]
    code, out, _ = cli([*args, "--against", "King of spades"])
    assert code == 0 and "nothing happens" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["probe", "-s", "-1", "-d", "2"], "skill must be a whole number >= 0"),
        (["probe", "-s", "2", "-d", "2", "--cards", "14", "--against", "3"], "card value 14"),
        (["probe", "-s", "2", "-d", "2", "--cards", "0", "--against", "3"], "card value 0"),
        (["probe", "-s", "2", "-d", "3", "--cards", "8", "--against", "5"], "exactly 2"),
        (
            ["probe", "-s", "2", "-d", "3", "--cards", "8,", "--against", "5,7"],
            "separated by commas",
        ),
        (["probe", "-d", "3"], "missing option --skill"),
        (["odds", "-s", "2"], "missing option --difficulty"),
        (["odds", "-s", "2", "-d", "2", "--jokers", "-1"], "jokers must be"),
        (["odds", "--table", "-s", "2"], "leave out --skill"),
        (["odds", "-s", "2", "-d", "2", "--ruleset", "nope"], "no ruleset named 'nope'"),
    ],
)
def test_bad_input_exits_2_with_one_line(cli: Cli, args: list[str], message: str) -> None:
    code, out, err = cli(args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and err.startswith("error: ")


def test_odds_prints_fraction_and_percent(cli: Cli) -> None:
    code, out, _ = cli(["odds", "-s", "2", "-d", "3", "--jokers", "1", "--lang", "en"])
    exact = probe_odds(2, 3, jokers=1)
    assert code == 0
    assert str(exact.success) in out and f"{float(exact.success) * 100:.1f} %" in out
    assert "Expected jokers spent: 889/1014" in out


def test_odds_json_is_exact(cli: Cli) -> None:
    data = json.loads(cli(["odds", "-s", "3", "-d", "3", "--pvp", "--json"])[1])
    assert Fraction(data["nothing"]["fraction"]) == Fraction(1, 13)
    assert sum(Fraction(v["fraction"]) for v in data["margin"].values()) == 1


def test_odds_table_json_matches_probe_odds(cli: Cli) -> None:
    data = json.loads(cli(["odds", "--table", "--jokers", "1", "--json"])[1])
    assert len(data["success"]) == 9 and all(len(row) == 9 for row in data["success"])
    assert Fraction(data["success"][2][3]) == probe_odds(2, 3, jokers=1).success


def test_odds_table_heatmap_png_is_written(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "heat.png"
    code, out, _ = cli(["odds", "--table", "--jokers", "2", "--plot", str(target), "--lang", "de"])
    assert code == 0 and "Heatmap geschrieben" in out
    data = target.read_bytes()
    assert len(data) > 1000 and data[:8] == b"\x89PNG\r\n\x1a\n"


def test_odds_plot_to_an_unwritable_place_exits_2(cli: Cli, tmp_path: Path) -> None:
    code, _, err = cli(["odds", "--plot", str(tmp_path / "missing" / "heat.png")])
    assert code == 2 and "cannot write" in err


def test_real_subprocess_run() -> None:
    done = subprocess.run(
        [
            str(BIN),
            "probe",
            "--skill",
            "3",
            "--difficulty",
            "3",
            "--cards",
            "10",
            "--against",
            "7",
            "--lang",
            "de",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Gelungen: 10 gegen 7." in done.stdout
    assert "Gegner" not in done.stdout  # a test against a difficulty wounds nobody
    bad = subprocess.run(
        [str(BIN), "odds", "--skill", "-2", "--difficulty", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_character_wound_stops_at_capacity_and_story_new_says_so(cli: Cli, tmp_path: Path) -> None:
    """D-32: the wound reaching capacity takes Trevor out; another is refused (one line)."""
    db = ("--db", f"sqlite:///{tmp_path / 'rpg.db'}")
    assert cli(["character", "create", "Trevor", *db])[0] == 0
    code, out, _ = cli(["character", "wound", "Trevor", "fat", "--json", *db])
    assert code == 0 and json.loads(out)["wounds"] == 6
    code, _, err = cli(["character", "wound", "Trevor", "light", *db])
    assert code == 2 and "already out" in err and len(err.strip().splitlines()) == 1
    code, out, _ = cli(["story", "new", "--lang", "de", *db])
    assert code == 0 and "Joker" in out and "zurückgesetzt" in out


def test_gang_export_refuses_markdown_and_json_at_once(cli: Cli, tmp_path: Path) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'gangs.db'}")
    code, _, err = cli(["gang", "export", "Nobody", "--format", "md", "--json", *db])
    assert code == 2 and "--json" in err and len(err.strip().splitlines()) == 1


def test_odds_curve_success_over_level_difference_per_joker_count(cli: Cli, tmp_path: Path) -> None:
    from totenblatt.rpg.odds import probe_odds

    code, out, _ = cli(["odds", "--curve", "--difficulty", "3", "--max-level", "6", "--json"])
    data = json.loads(out)
    assert code == 0 and data["jokers"] == [0, 1, 2, 3] and data["difference"][0] == -3
    for j, row in data["success"].items():
        chances = [Fraction(p) for p in row]
        assert chances == sorted(chances)  # more level, more success
        assert chances[3] == probe_odds(3, 3, jokers=int(j)).success
    assert Fraction(data["success"]["0"][2]) < Fraction(data["success"]["3"][2])
    target = tmp_path / "curve.png"
    code, out, _ = cli(["odds", "--curve", "--plot", str(target), "--lang", "de"])
    assert code == 0 and target.read_bytes()[:4] == b"\x89PNG" and "Diagramm" in out
    code, _, err = cli(["odds", "--curve", "--table"])
    assert code == 2 and "--curve" in err


def test_gang_leader_and_fight_undo_read_cleanly(cli: Cli, tmp_path: Path) -> None:
    """--leader names only what it accepts; an undo leaves no empty line in the history."""
    db = ("--db", f"sqlite:///{tmp_path / 'gangs.db'}")
    code, _, err = cli(["gang", "create", "Daltons", "--leader", "cowboy", *db])
    assert code == 2 and "veteran or gunslinger" in err and "cowboy," not in err
    code, _, err = cli(["gang", "create", "Daltons", "--leader", "sheriff", *db])
    assert code == 2 and "veteran or gunslinger" in err and "cowboy," not in err
    assert cli(["gang", "create", "Daltons", "--leader", "veteran", "--seed", "1", *db])[0] == 0
    assert cli(["fight", "record", "Daltons", "--seed", "5", *db])[0] == 0
    assert cli(["fight", "undo", "Daltons", *db])[0] == 0
    code, out, _ = cli(["gang", "history", "Daltons", "--lang", "en", *db])
    assert code == 0 and "(undone)" in out and "fight undo" not in out


def test_jokers_are_awarded_and_spent_and_never_below_zero(cli: Cli, tmp_path: Path) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'rpg.db'}")
    assert cli(["character", "create", "Trevor", *db])[0] == 0
    code, out, _ = cli(["character", "joker", "add", "Trevor", "-n", "2", "--json", *db])
    assert code == 0 and json.loads(out)["jokers"] == 3
    code, out, _ = cli(["character", "joker", "spend", "trevor", "--json", *db])
    assert code == 0 and json.loads(out)["jokers"] == 2
    code, _, err = cli(["character", "joker", "spend", "Trevor", "-n", "3", *db])
    assert code == 2 and "holds 2 jokers" in err


def test_probe_of_a_character_uses_its_sheet_and_records_the_result(
    cli: Cli, tmp_path: Path
) -> None:
    """The sheet's level and jokers play; spent jokers and the wound are written back."""
    db = ("--db", f"sqlite:///{tmp_path / 'rpg.db'}")
    cli(["character", "create", "Trevor", "--skill", "Sportlichkeit=2", *db])
    args = ["probe", "--character", "trevor", "--skill", "sportlichkeit", "-d", "4"]
    code, out, _ = cli([*args, "--cards", "3,5", "--against", "4,10,9", "--json", *db])
    data = json.loads(out)
    assert code == 0 and data["skill"] == 2 and data["outcome"] == "failure"
    assert data["jokers_spent"] == 1  # the sheet's one joker, spent while behind
    sheet = data["character"]
    points = {"light": 1, "normal": 3, "fat": 6}[data["wound"]]
    assert sheet["jokers"] == 0 and sheet["wounds"] == points > 0
    cli(["character", "wound", "Trevor", "fat", *db])  # now out (Fallobst)
    code, _, err = cli([*args, "--seed", "1", *db])
    assert code == 2 and "out (Fallobst" in err
    code, _, err = cli(["probe", "-c", "Nobody", "-s", "Kochen", "-d", "1", *db])
    assert code == 2 and len(err.strip().splitlines()) == 1
    code, _, err = cli(["probe", "-s", "zwei", "-d", "1"])
    assert code == 2 and "level 0 to 99" in err
