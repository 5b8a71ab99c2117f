"""``totenblatt attack`` and ``totenblatt demo``: text in two languages, JSON, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_output import flat
from totenblatt.wanted.combat import resolve_attack

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py

VENV_BIN = Path(sys.executable).parent
BILLY = ["attack", "-a", "Q♠", "-w", "winchester", "-d", "7", "--defense", "4♥", "-c", "medium"]


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({"COLUMNS": "200", "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"})
    return env


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    """``argv`` as a real process in :func:`subprocess_env`, its output as UTF-8 text."""
    return subprocess.run(
        list(argv),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=subprocess_env(),
        timeout=60,
        check=False,
    )


# -- text -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "fragments"),
    [
        ("en", ["Q♠ (queen of spades) = 10", 'Winchester at 7" (>6–12") +1 → attack value 11',
                "4♥ (4 of hearts) = 4, medium cover +2 → defence value 6",
                "Difference 11 − 6 = 5 (5 or more: 2 wounds)",
                "picture card against number card", "+1 wound", "HIT — 3 wounds"]),
        ("de", ["Q♠ (Pik-Dame) = 10", 'Winchester-Gewehr auf 7" (>6–12") +1 → Angriffswert 11',
                "4♥ (Herz-4) = 4, mittlere Deckung +2 → Verteidigungswert 6",
                "Differenz 11 − 6 = 5 (5 oder mehr: 2 Wunden)",
                "Bildkarte gegen Zahlenkarte", "+1 Wunde", "TREFFER — 3 Wunden"]),
    ],
)  # fmt: skip
def test_billy_paco_text(lang: str, fragments: list[str], cli: Cli) -> None:
    code, out, err = cli([*BILLY, "--lang", lang])
    assert (code, err) == (0, "")
    text = flat(out)
    for fragment in fragments:
        assert fragment in text


@pytest.mark.parametrize(
    ("args", "en", "de"),
    [
        (["-a", "5♠", "-w", "colt", "-d", "30"], "MISS — out of range",
         "VERFEHLT — außer Reichweite"),
        (["-a", "A♠", "-w", "colt", "-d", "3", "-c", "hidden"],
         "NOT A TARGET — hidden: the spade stays in hand",
         "KEIN ZIEL — versteckt: das Pik bleibt auf der Hand"),
        (["-a", "A♠", "-w", "colt", "-d", "1", "--defense", "Joker"], "BLOCKED by a joker",
         "ABGEWEHRT durch einen Joker"),
        (["-a", "Joker", "-w", "colt", "-d", "1", "--defense", "A♥"],
         "cannot be blocked by a normal heart: 2 wounds", "nicht abzuwehren: 2 Wunden"),
        (["-a", "2♠", "-w", "winchester", "-d", "1", "--defense", "10♥"], "MISS", "VERFEHLT"),
        (["-a", "10♠", "-w", "colt", "-d", "27", "--defense", "9♥", "-c", "light",
          "--attacker-ability", "sharpshooter", "--attacker-ability", "picture_book_10"],
         "sharpshooter bands", "Scharfschützen-Reichweiten"),
        (["-a", "K♠", "-w", "winchester", "-d", "7", "--defense", "10♥", "-c", "hard"],
         "No extra damage on a miss", "Kein Extraschaden ohne Treffer"),
    ],
    ids=["out-of-range", "hidden", "blocked", "joker", "miss", "sharpshooter", "no-extra-on-miss"],
)  # fmt: skip
@pytest.mark.parametrize("lang", ["en", "de"])
def test_outcomes_in_both_languages(args: list[str], en: str, de: str, lang: str, cli: Cli) -> None:
    code, out, err = cli(["attack", *args, "--lang", lang])
    assert (code, err) == (0, "")
    assert (en if lang == "en" else de) in flat(out)


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "Erratum D-19: the booklet's worked example says “2 wounds in total”, but the "
               "rules give 3 wounds: 2 for the difference of 5, plus 1 extra wound for the "
               "picture card against the number card (A10)."),
        ("de", "Erratum D-19: Das Beispiel im Regelheft sagt „2 Wunden gesamt“, nach den Regeln "
               "sind es aber 3 Wunden: 2 für die Differenz von 5, dazu 1 Extrawunde für die "
               "Bildkarte gegen die Zahlenkarte (A10)."),
    ],
)  # fmt: skip
def test_the_booklet_example_says_why_the_rules_give_3_d19(lang: str, note: str, cli: Cli) -> None:
    for args in (BILLY, ["attack", "-a", "Pik-Dame", "-w", "gewehr", "-d", "7.0", "--defense",
                         "Herz 4", "-c", "mittel"]):  # fmt: skip
        code, out, err = cli([*args, "--lang", lang])
        assert (code, err) == (0, "")
        assert note in flat(out)
    code, out, _ = cli(["demo", "--lang", lang])  # the demo's Billy → Paco too
    assert note in flat(out)


@pytest.mark.parametrize(
    "args",
    [
        ["-a", "Q♠", "-w", "winchester", "-d", "8", "--defense", "4♥", "-c", "medium"],
        ["-a", "K♠", "-w", "winchester", "-d", "7", "--defense", "4♥", "-c", "medium"],
        [*BILLY[1:], "--defender-ability", "cover_1"],
        [*BILLY[1:], "--json"],
    ],
    ids=["other-distance", "other-card", "with-ability", "json"],
)
def test_no_erratum_note_where_it_does_not_apply(args: list[str], cli: Cli) -> None:
    code, out, _ = cli(["attack", *args, "--lang", "en"])
    assert code == 0 and "D-19" not in out


def test_no_erratum_note_when_a_house_ruleset_gives_the_booklets_total(
    tmp_path: Path, cli: Cli
) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "base"\n[damage]\ntwo_wounds_from = 6\n')  # 5 is one wound
    code, out, _ = cli([*BILLY, "--ruleset", str(path), "--lang", "en"])
    assert code == 0 and "HIT — 2 wounds" in flat(out) and "D-19" not in out


def test_language_from_the_locale(monkeypatch: pytest.MonkeyPatch, cli: Cli) -> None:
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert "TREFFER — 3 Wunden" in flat(cli(BILLY)[1])
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert "HIT — 3 wounds" in flat(cli(BILLY)[1])
    assert "TREFFER — 3 Wunden" in flat(cli([*BILLY, "--lang", "DE"])[1])


# -- JSON -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "call"),
    [
        (BILLY[1:], {"attack": "Q♠", "weapon": "winchester", "distance": 7, "defense": "4♥",
                     "cover": "medium"}),
        (["-a", "Joker", "-w", "colt", "-d", "40"],
         {"attack": "Joker", "weapon": "colt", "distance": 40}),
        (["-a", "QS", "-w", "gewehr", "-d", "2", "--defense", "Herz 3", "--cover", "leicht",
          "--defender-ability", "cover_1", "--defender-ability", "cover_2",
          "--defender-ability", "queen_of_hearts", "--extra-defense", "Kreuz-As"],
         {"attack": "QS", "weapon": "gewehr", "distance": 2, "defense": "Herz 3",
          "cover": "leicht", "defender_abilities": ["cover_1", "cover_2", "queen_of_hearts"],
          "extra_defense": "Kreuz-As"}),
        (["-a", "2♥", "-w", "shotgun", "-d", "8.5", "--attacker-ability", "wild_2",
          "--attacker-ability", "sharpshooter"],
         {"attack": "2♥", "weapon": "shotgun", "distance": 8.5,
          "attacker_abilities": ["wild_2", "sharpshooter"]}),
    ],
    ids=["billy", "joker-out-of-range", "abilities", "wild-2"],
)  # fmt: skip
def test_json_is_one_object_with_the_attack_result(
    args: list[str], call: dict[str, Any], cli: Cli
) -> None:
    code, out, err = cli(["attack", *args, "--json"])
    assert (code, err) == (0, "")
    data = json.loads(out)  # one JSON document and nothing else
    assert data == resolve_attack(**call).to_dict()


def test_json_carries_the_inputs_and_the_cover_that_counted(cli: Cli) -> None:
    args = ["-a", "Pik-As", "-w", "revolver", "-d", "1.5", "-c", "versteckt", "--json"]
    data = json.loads(cli(["attack", *args])[1])
    assert {k: data[k] for k in ("attack", "weapon", "distance", "defense", "cover",
                                 "effective_cover", "attacker_abilities")} == {
        "attack": "A♠", "weapon": "colt", "distance": 1.5, "defense": None, "cover": "hidden",
        "effective_cover": "hard", "attacker_abilities": [],
    }  # fmt: skip


def test_json_with_a_user_ruleset(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "base"\n[weapons.colt]\nmodifiers = [5, 5, 5, 5, 5]\n')
    code, out, _ = cli(
        ["attack", "-a", "5♠", "-w", "colt", "-d", "30", "--ruleset", str(path), "--json"]
    )
    assert code == 0
    assert json.loads(out)["attack_value"] == 10


def test_billy_json_fields(cli: Cli) -> None:
    data = json.loads(cli([*BILLY, "--json"])[1])
    assert {k: data[k] for k in ("attack_value", "defense_value", "difference", "wounds")} == {
        "attack_value": 11,
        "defense_value": 6,
        "difference": 5,
        "wounds": 3,
    }
    assert (data["hit"], data["reason"], data["extra_wounds"]) == (True, "hit", 1)


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-a", "5♥", "-w", "colt", "-d", "3"], "5♥ cannot attack: only a spade"),
        (["-a", "Pik-Zwölf", "-w", "colt", "-d", "3"], "'Pik-Zwölf'"),
        (["-a", "Q♠", "-w", "bazooka", "-d", "3"], "'bazooka'"),
        (["-a", "Q♠", "-w", "colt", "-d", "-1"], "'-d': Input should be greater than or equal to"),
        (["-a", "Q♠", "-w", "colt", "-d", "far"], "--distance"),
        (["-a", "Q♠", "-w", "colt"], "--distance"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "--defense", "4♠"], "4♠ cannot defend"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "-c", "nowhere"], "'nowhere'"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "--attacker-ability", "flying"], "'flying'"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "--defender-ability", "cover_1"], "(Cover 1)"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "--defense", "4♥", "--extra-defense", "5♣"],
         "Queen of Hearts"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "--ruleset", "basic"], "'basic'"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "--lang", "fr"], "--lang"),
        (["-a", "Q♠", "-w", "colt", "-d", "3", "--json", "--defense", "XX"], "'XX'"),
    ],
    ids=["heart-attack", "unreadable-card", "weapon", "negative-distance", "text-distance",
         "missing-distance", "spade-defence", "cover", "ability", "cover-ability-without-heart",
         "extra-without-queen", "ruleset", "lang", "json-bad-defence"],
)  # fmt: skip
def test_bad_input_exits_2_with_one_line(args: list[str], fragment: str, cli: Cli) -> None:
    lang = [] if "--lang" in args else ["--lang", "en"]
    code, out, err = cli(["attack", *args, *lang])
    assert code == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1
    assert err.startswith("error: ")
    assert "Traceback" not in err
    assert fragment in err


def test_help(cli: Cli) -> None:
    code, out, _ = cli(["attack", "--help"])
    assert code == 0
    for option in ("--attack", "--weapon", "--distance", "--defense", "--cover", "--json",
                   "--lang", "--ruleset", "--extra-defense"):  # fmt: skip
        assert option in out


# -- demo -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "fragments"),
    [
        ("en", ["Billy → Paco", "HIT — 3 wounds", "BLOCKED by a joker", "MISS — out of range",
                "HIT — 5 wounds"]),
        ("de", ["Billy → Paco", "TREFFER — 3 Wunden", "ABGEWEHRT durch einen Joker",
                "VERFEHLT — außer Reichweite"]),
    ],
)  # fmt: skip
def test_demo(lang: str, fragments: list[str], cli: Cli) -> None:
    code, out, err = cli(["demo", "--lang", lang])
    assert (code, err) == (0, "")
    text = flat(out)
    for fragment in fragments:
        assert fragment in text


# -- real processes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [[str(VENV_BIN / "totenblatt")], [sys.executable, "-m", "totenblatt"]],
    ids=["script", "python-m"],
)
def test_real_process_json_and_text(command: list[str]) -> None:
    done = run(*command, *BILLY, "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["wounds"] == 3


@pytest.mark.parametrize(
    ("command", "args", "fragment"),
    [
        ([str(VENV_BIN / "totenblatt")], ["-a", "5♥", "-w", "colt", "-d", "3"], "5♥ cannot"),
        ([str(VENV_BIN / "totenblatt")], ["-a", "Q♠", "-w", "colt", "-d", "-2"],
         "greater than or equal to 0"),
        ([sys.executable, "-m", "totenblatt"], ["-a", "Q♠", "-w", "laser", "-d", "3"],
         "'laser'"),
        ([sys.executable, "-m", "totenblatt"], ["-a", "Q♠", "-w", "colt"], "--distance"),
    ],
    ids=["script-heart", "script-negative", "python-m-weapon", "python-m-missing-option"],
)  # fmt: skip
def test_real_process_bad_input(command: list[str], args: list[str], fragment: str) -> None:
    done = run(*command, "attack", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert fragment in done.stderr


def test_real_process_demo() -> None:
    done = run(str(VENV_BIN / "totenblatt"), "demo", "--lang", "de")
    assert (done.returncode, done.stderr) == (0, "")
    assert "TREFFER — 3 Wunden" in flat(done.stdout)


@pytest.mark.parametrize(
    ("args", "wounds"),
    [(["-a", "Q♠", "-w", "colt", "-d", "1"], 4), (["-a", "Joker", "-w", "colt", "-d", "1.5"], 2)],
    ids=["queen", "joker"],
)
def test_hidden_target_within_two_inches_is_hit_in_hard_cover(
    args: list[str], wounds: int, cli: Cli
) -> None:
    """D-12, D-21: within 2" a hidden target is attacked normally with hard cover (+4)."""
    code, out, _ = cli(["attack", *args, "-c", "hidden", "--json"])
    assert code == 0 and json.loads(out)["wounds"] == wounds


def test_wild_flag_commits_a_two_to_the_joker_reading(cli: Cli) -> None:
    """D-25: --wild plays the 2 as a joker (2 wounds); without it the 2 is a number (3 here)."""
    base = ["attack", "-a", "2♠", "-w", "shotgun", "-d", "1", "--json"]
    assert json.loads(cli([*base, "--wild"])[1])["wounds"] == 2
    assert json.loads(cli(base)[1])["wounds"] == 3
