"""``probe --character`` as a game master uses it: jokers asked or given, opposed tests between
two sheets, shifted levels with reasons, a missing skill at level 0; ``odds --margins``."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from totenblatt.rpg import Outcome, probe_odds, resolve_probe

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


@pytest.fixture
def db(cli: Cli, tmp_path: Path) -> tuple[str, str]:
    """A database with Trevor and Diana (players) and Rafael (the GM's NPC)."""
    where = ("--db", f"sqlite:///{tmp_path / 'rpg.db'}")
    for args in (
        ["Trevor", "--skill", "Sportlichkeit=2"],
        ["Diana", "--skill", "Handliches Gemetzel=3", "--skill", "Konstitution=1"],
        ["Rafael", "--npc", "--skill", "Handliches Gemetzel=3", "--skill", "Handliche Wummen=2"],
    ):
        assert cli(["character", "create", *args, *where])[0] == 0
    return where


def sheet(cli: Cli, db: tuple[str, str], name: str) -> dict[str, Any]:
    code, out, err = cli(["character", "show", name, "--json", *db])
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


WALL = ["probe", "-c", "Trevor", "-s", "Sportlichkeit", "-d", "3"]


def failing_seed() -> int:
    """A seed whose draw of Sportlichkeit 2 against 3 fails and a joker can draw (the core's)."""
    return next(
        s
        for s in range(1000)
        if resolve_probe(2, 3, seed=s).outcome is Outcome.FAILURE
        and resolve_probe(2, 3, jokers=1, seed=s).jokers_spent == 1
    )


def test_without_jokers_the_player_is_asked_and_yes_spends_one(
    cli: Cli, db: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = str(failing_seed())
    monkeypatch.setattr("sys.stdin", io.StringIO("ja\n"))
    code, out, err = cli([*WALL, "--seed", seed, "--lang", "de", *db])
    assert code == 0, err
    assert "Einen Joker einsetzen (noch 1)? [j/N]" in out and "Du setzt einen Joker ein" in out
    assert sheet(cli, db, "Trevor")["jokers"] == 0
    expected = resolve_probe(2, 3, jokers=1, seed=int(seed))
    assert str(expected.player_total) in out


def test_asked_and_declined_or_nobody_to_ask_spends_none(
    cli: Cli, db: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = str(failing_seed())
    for answer in ("n\n", ""):  # no, and an empty input (nobody at the keyboard)
        monkeypatch.setattr("sys.stdin", io.StringIO(answer))
        code, out, err = cli([*WALL, "--seed", seed, "--lang", "en", *db])
        assert code == 0 and "Spend a joker (1 left)? [y/N]" in out, err
        assert "You spend a joker" not in out and sheet(cli, db, "Trevor")["jokers"] == 1
        cli(["character", "heal", "Trevor", *db])
    code, out, _ = cli([*WALL, "--seed", seed, "--json", *db])  # JSON never asks
    assert code == 0 and json.loads(out)["jokers_spent"] == 0


def test_joker_cards_given_at_the_table_are_the_jokers_spent(cli: Cli, db: tuple[str, str]) -> None:
    # Trevor 8 against the GM's 5 + 7 = 12; his joker draws a 9: 17, he makes it.
    code, out, err = cli([*WALL, "--cards", "8,9", "--against", "5,7", "--json", *db])
    data = json.loads(out)
    assert code == 0, err
    assert (data["jokers_spent"], data["outcome"], data["character"]["jokers"]) == (
        1, "success", 0,
    )  # fmt: skip


def test_jokers_n_spends_at_most_n_and_never_more_than_the_sheet_holds(
    cli: Cli, db: tuple[str, str]
) -> None:
    base = [*WALL, "--cards", "1,2,3", "--against", "13,12", "--json"]
    code, _, err = cli([*base, "--jokers", "2", *db])
    assert code == 2 and "holds 1 jokers and cannot spend 2" in err
    assert cli(["character", "joker", "add", "Trevor", "-n", "2", *db])[0] == 0
    code, out, err = cli([*base, "--jokers", "2", *db])
    data = json.loads(out)
    assert code == 0 and data["jokers_spent"] == 2 and data["character"]["jokers"] == 1
    assert data["outcome"] == "failure" and data["character"]["bands"] == {"normal": 1}


def test_diana_against_rafael_the_loser_is_wounded_on_his_sheet(
    cli: Cli, db: tuple[str, str]
) -> None:
    # Seed 004: Handliches Gemetzel 3 against 3, Diana draws 10, Rafael 7: a light wound.
    fight = ["probe", "-c", "Diana", "-s", "Handliches Gemetzel", "--against-character", "Rafael"]
    code, out, err = cli([*fight, "--cards", "10", "--against", "7", "--json", *db])
    data = json.loads(out)
    assert code == 0, err
    assert (data["outcome"], data["pvp"], data["wound"]) == ("success", False, "light")
    assert data["against_character"]["wounds"] == 1 and data["character"]["wounds"] == 0
    assert sheet(cli, db, "Rafael")["bands"] == {"light": 1}
    code, out, _ = cli([*fight, "--cards", "10", "--against", "7", "--lang", "de", *db])
    assert code == 0 and "Auf dem Bogen von Rafael: eine Leichte Wunde" in out


def test_rafaels_revolver_shifted_up_dianas_club_down_she_takes_a_normal_wound(
    cli: Cli, db: tuple[str, str]
) -> None:
    # Seed 004: the GM raises Rafael's Handliche Wummen 2 to 3 and lowers Diana's 3 to 2;
    # Rafael draws a jack and a 2 (13), Diana the ace: a normal wound for her.
    args = [
        "probe", "-c", "Diana", "-s", "Handliches Gemetzel", "--shift=-1:Totschläger",
        "--against-character", "Rafael", "--against-skill", "Handliche Wummen",
        "--against-shift", "+1:Revolver", "--cards", "A", "--against", "J,2",
    ]  # fmt: skip
    code, out, err = cli([*args, "--json", *db])
    data = json.loads(out)
    assert code == 0, err
    assert (data["skill"], data["difficulty"], data["levels"]) == (
        2, 3, {"player": 3, "opponent": 2},
    )  # fmt: skip
    assert data["shifts"]["opponent"] == [{"by": 1, "reason": "Revolver"}]
    assert (data["outcome"], data["margin"], data["wound"]) == ("failure", 12, "normal")
    assert data["character"]["wounds"] == 3 and data["against_character"]["wounds"] == 0
    code, out, _ = cli([*args[:-4], "--cards", "A", "--against", "J,2", "--lang", "en", *db])
    assert "Level of Diana: 3 → 2 (-1 Totschläger)" in out
    assert "Level of Rafael: 2 → 3 (+1 Revolver)" in out


def test_two_player_characters_draw_player_against_player(cli: Cli, db: tuple[str, str]) -> None:
    cli(["character", "create", "Sarah", "--skill", "Handliches Gemetzel=3", *db])
    fight = ["probe", "-c", "Diana", "-s", "Handliches Gemetzel", "--against-character", "Sarah"]
    code, out, _ = cli([*fight, "--cards", "13", "--against", "13", "--json", *db])
    data = json.loads(out)
    assert code == 0 and data["pvp"] and data["outcome"] == "nothing" and data["wound"] is None


def test_a_skill_the_sheet_lacks_is_level_0_d39(cli: Cli, db: tuple[str, str]) -> None:
    args = ["probe", "-c", "Trevor", "-s", "Kochen", "-d", "1", "--cards", "5"]
    code, out, _ = cli([*args, "--against", "3,4", "--json", *db])
    assert code == 0 and json.loads(out)["skill"] == 0
    code, out, _ = cli([*args, "--against", "3,4", "--lang", "de", *db])
    assert "Trevor hat keine Fähigkeit 'Kochen' auf dem Bogen: Stufe 0 (D-39)." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-c", "Rafael", "-s", "Handliches Gemetzel", "--against-character", "Diana"],
         "Rafael is an NPC and Diana a player character: test the player character"),
        (["-c", "Diana", "-s", "x", "--against-character", "diana"], "against itself"),
        (["-c", "Diana", "-s", "x", "--against-character", "Rafael", "-d", "2"],
         "leave out --difficulty"),
        (["-c", "Diana", "-s", "x"], "missing option --difficulty"),
        (["-s", "2", "--against-character", "Rafael", "-d", "1"], "need --character"),
        (["-c", "Diana", "-s", "x", "-d", "1", "--shift", "1"], "--shift: cannot read the shift"),
        (["-c", "Diana", "-s", "x", "-d", "1", "--shift", "-4:Dunkel"], "shifted to -4"),
        (["-s", "2", "-d", "1", "--against-shift", "+1:"], "reason is empty"),
        (["-c", "Diana", "-s", "x", "--against-character", "Nobody"], "no character 'Nobody'"),
    ],
)  # fmt: skip
def test_bad_sheet_tests_exit_2_with_one_line(
    cli: Cli, db: tuple[str, str], args: list[str], message: str
) -> None:
    code, out, err = cli(["probe", *args, *db] if "-c" in args else ["probe", *args])
    assert code == 2 and out == "" and message in err and err.count("\n") == 1, err


def test_a_shift_without_sheets_shifts_the_levels_drawn(cli: Cli) -> None:
    code, out, _ = cli(["probe", "-s", "2", "-d", "3", "--shift", "+1:Seil", "--cards", "1",
                        "--against", "9,8", "--against-shift=+1:Regen", "--json"])  # fmt: skip
    data = json.loads(out)
    assert code == 0 and (data["skill"], data["difficulty"]) == (3, 4)
    assert data["levels"] == {"player": 2, "opponent": 3}


def test_odds_margins_give_every_margin_its_meaning_and_exact_chance(cli: Cli) -> None:
    code, out, _ = cli(["odds", "-s", "3", "-d", "3", "--margins", "--json"])
    data = json.loads(out)
    rows = {r["margin"]: r for r in data["margins"]}
    assert code == 0 and sum(Fraction(r["chance"]) for r in rows.values()) == 1
    assert rows[0] == {
        "margin": 0, "outcome": "success", "wound": "light", "chance": "1/13",
        "float": pytest.approx(1 / 13),
    }  # fmt: skip
    assert rows[-12]["wound"] == "normal" and rows[-12]["outcome"] == "failure"
    exact = probe_odds(3, 3).margin
    assert {m: Fraction(r["chance"]) for m, r in rows.items()} == exact
    code, out, _ = cli(["odds", "-s", "3", "-d", "3", "--pvp", "--margins", "--lang", "de"])
    assert code == 0 and "Vorsprung" in out and "nichts passiert" in out
    code, _, err = cli(["odds", "--table", "--margins"])
    assert code == 2 and "--margins" in err
