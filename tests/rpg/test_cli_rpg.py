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
    code, out, _ = cli(
        [
            "probe",
            "--skill",
            "2",
            "--difficulty",
            "3",
            "--cards",
            "8",
            "--against",
            "5,7",
            "--lang",
            "de",
        ]
    )
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


def test_probe_pvp_tie_in_english(cli: Cli) -> None:
    code, out, _ = cli(
        [
            "probe",
            "-s",
            "3",
            "-d",
            "3",
            "--pvp",
            "--cards",
            "K",
            "--against",
            "King of spades",
            "--lang",
            "en",
        ]
    )
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
    assert "Im Kampf erleidet dein Gegner eine Leichte Wunde." in done.stdout
    bad = subprocess.run(
        [str(BIN), "odds", "--skill", "-2", "--difficulty", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
