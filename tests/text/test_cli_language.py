"""The command line speaks the chosen language, refusals included (--lang, $TOTENBLATT_LANG)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from .fragments import english_on

Cli = Callable[[Sequence[str]], tuple[int, str, str]]
HEART = ["attack", "-a", "4H", "-w", "colt", "-d", "3"]
GERMAN = "Fehler: 4♥ kann nicht angreifen: nur Pik (oder ein Joker) greift an (A8)\n"
ENGLISH = "error: 4♥ cannot attack: only a spade (or a joker) attacks (A8)\n"


pytestmark = pytest.mark.usefixtures("no_language")


def test_a_heart_is_no_attack_in_german_with_lang(cli: Cli) -> None:
    assert cli([*HEART, "--lang", "de"]) == (2, "", GERMAN)
    assert cli([*HEART, "--lang=de"]) == (2, "", GERMAN)


def test_english_without_lang_and_german_from_the_locale(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli(HEART) == (2, "", ENGLISH)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert cli(HEART) == (2, "", GERMAN)
    monkeypatch.setenv("TOTENBLATT_LANG", "en")
    assert cli(HEART) == (2, "", ENGLISH)


def test_a_real_process_with_a_german_locale() -> None:
    script = Path(sys.executable).with_name("totenblatt")
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    env.update(LANG="de_DE.UTF-8", PYTHONIOENCODING="utf-8")
    env.pop("TOTENBLATT_LANG", None)
    done = subprocess.run(
        [str(script), *HEART], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", GERMAN)


@pytest.mark.parametrize(
    "args",
    [
        ["attack", "-a", "Q♠", "-w", "bazooka", "-d", "3"],
        ["attack", "-a", "Pik-Zwölf", "-w", "colt", "-d", "3"],
        ["attack", "-a", "Q♠", "-w", "colt", "-d", "3", "-c", "nowhere"],
        ["attack", "-a", "Q♠", "-w", "colt", "-d", "3", "--ruleset", "basic"],
        ["play", "--seats", "human,alien"],
        ["play", "--scenario", "moon"],
        ["probe", "--skill", "2"],
        ["gang", "show", "Nobody"],
    ],
    ids=["weapon", "card", "cover", "ruleset", "seats", "scenario", "option", "gang"],
)
def test_refusals_are_one_german_line(args: list[str], cli: Cli, tmp_path: Path) -> None:
    db = ["--db", str(tmp_path / "t.db")] if args[0] == "gang" else []
    code, out, err = cli([*args, *db, "--lang", "de"])
    assert (code, out) == (2, "")
    assert err.startswith("Fehler: ") and err.count("\n") == 1, err
    assert english_on(err) == [], err


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "--ruleset", "extended"],
        ["abilities"],
        ["scenarios"],
        ["scenarios", "show", "heroes"],
        ["attack", "-a", "10♠", "-w", "colt", "-d", "27", "--defense", "9♥", "-c", "light",
         "--attacker-ability", "sharpshooter", "--attacker-ability", "picture_book_10"],
        ["demo"],
        ["probe", "-s", "3", "-d", "5", "--cards", "3", "--against", "K,Q,A"],
        ["odds", "-s", "2", "-d", "3", "--pvp", "-j", "1"],
        ["odds", "--table", "--max-level", "3"],
        ["draw-ability", "--seed", "5"],
    ],
    ids=["rules", "abilities", "scenarios", "scenario", "attack", "demo", "probe", "odds",
         "odds-table", "draw-ability"],
)  # fmt: skip
def test_german_output_has_no_english_sentence(args: list[str], cli: Cli) -> None:
    code, out, err = cli([*args, "--lang", "de"])
    assert (code, err) == (0, "")
    assert english_on(out) == [], english_on(out)
