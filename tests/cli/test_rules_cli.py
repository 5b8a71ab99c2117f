"""``totenblatt rules``: the tables of a ruleset as text (two languages) and as JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from totenblatt.wanted.rules import Ruleset

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py
Shows = Callable[[list[str], list[str]], None]  # the fixture in tests/cli/conftest.py


@pytest.mark.parametrize(
    ("lang", "fragments"),
    [
        ("en", ["base", "Card values", "J/Q/K = 10", "A = 11", "Weapons (A8)", "Colt .45",
                "Winchester", "Shotgun", '0–2"', '>24–36"', "miss", "+2", "-1",
                "Sharpshooter bands", '>28–39"', "Cover (A9)", "hidden in hard cover",
                "cannot be hit", "Damage (A10)", "1–4", "≥ 5", "Extra wound",
                "cover.cover_without_heart", "damage.extra_damage_on_miss",
                "jokers.heart_blocks_joker", "attack.bands", "2, 6, 12, 24, 36"]),
        ("de", ["Kartenwerte", "B/D/K = 10", "As = 11", "Waffen (A8)", "Reichweite", "verfehlt",
                "Scharfschütze", "Deckung (A9)", "leicht", "mittel", "hart",
                "unmöglich zu treffen", "Schaden (A10)", "Differenz", "Wunden", "Extrawunde",
                "Optionen und Zahlen"]),
    ],
)  # fmt: skip
def test_rules_text(lang: str, fragments: list[str], shows: Shows) -> None:
    shows(["rules", "--lang", lang], fragments)


@pytest.mark.parametrize("name", ["base", "extended"])
def test_rules_json_is_the_whole_ruleset(name: str, cli: Cli) -> None:
    code, out, err = cli(["rules", "--ruleset", name, "--json"])
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data == Ruleset.load(name).model_dump(mode="json")
    assert data["name"] == name
    assert data["abilities"]["enabled"] is (name == "extended")
    assert data["heroes"]["enabled"] is (name == "extended")
    assert data["weapons"]["shotgun"]["modifiers"] == [4, 3, 0, "miss", "miss"]


def test_rules_json_round_trips_into_a_ruleset(cli: Cli) -> None:
    data = json.loads(cli(["rules", "--ruleset", "extended", "--json"])[1])
    assert Ruleset.model_validate(data, strict=False) == Ruleset.load("extended")


def test_rules_of_a_user_file(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "extended"\nname = "house"\n[cover]\nhard = 5\n', encoding="utf-8")
    code, out, _ = cli(["rules", "--ruleset", str(path), "--lang", "en"])
    assert code == 0
    assert "house" in out and "+5" in out
    data = json.loads(cli(["rules", "--ruleset", str(path), "--json"])[1])
    assert (data["name"], data["cover"]["hard"], data["abilities"]["enabled"]) == ("house", 5, True)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [(None, ["'nope'", "base, extended"]),
     ('extends = "base"\n[cover]\nlite = 2\n', ["bad.toml", "'cover.lite'"]),
     ('extends = "base"\n[cards]\njokers = "two"\n', ["bad.toml", "'cards.jokers'"])],
    ids=["unknown-name", "unknown-key", "wrong-type"],
)  # fmt: skip
def test_bad_ruleset_exits_2_with_one_line(
    tmp_path: Path, text: str | None, fragments: list[str], cli: Cli
) -> None:
    target = "nope"
    if text is not None:
        path = tmp_path / "bad.toml"
        path.write_text(text, encoding="utf-8")
        target = str(path)
    code, out, err = cli(["rules", "--ruleset", target])
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1
    for fragment in fragments:
        assert fragment in err


def test_help_lists_the_built_ins(cli: Cli) -> None:
    code, out, _ = cli(["rules", "--help"])
    assert code == 0
    assert "base, extended" in out
    assert "--json" in out


def run(argv: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """``argv`` as a real process, UTF-8 text out, with ``env`` added to the environment."""
    return subprocess.run(
        argv,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=dict(os.environ, PYTHONIOENCODING="utf-8", **env),
        timeout=60,
        check=False,
    )


def test_real_process_rules_json() -> None:
    argv = [sys.executable, "-m", "totenblatt", "rules", "--ruleset", "extended", "--json"]
    done = run(argv, COLUMNS="200")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["heroes"]["gunslinger"]["hp"] == 10


def test_real_process_unknown_ruleset() -> None:
    done = run([str(Path(sys.executable).parent / "totenblatt"), "rules", "--ruleset", "nope"])
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "base, extended" in done.stderr


@pytest.mark.parametrize(
    ("name", "german"),
    [
        ("base", "Wanted: Dead or Alive, Basisregeln mit den dokumentierten Vorgaben"),
        ("extended", "Basisregeln mit Fähigkeiten, Heldentypen und Kampagnen"),
    ],
)
def test_the_description_of_a_built_in_ruleset_follows_the_language(
    name: str, german: str, cli: Cli
) -> None:
    first = cli(["rules", "--ruleset", name, "--lang", "de"])[1].splitlines()[0]
    assert first.startswith(f"{name} — {german}")
    english = cli(["rules", "--ruleset", name, "--lang", "en"])[1].splitlines()[0]
    assert english == f"{name} — {Ruleset.load(name).description}"


def test_every_built_in_description_is_in_the_catalogs() -> None:
    from totenblatt.text.vocab import RULESET_DESCRIPTIONS
    from totenblatt.wanted.rules import builtin_rulesets

    for name in builtin_rulesets():
        assert Ruleset.load(name).description in RULESET_DESCRIPTIONS, name


def test_a_description_of_ones_own_stays_as_written(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'extends = "base"\nname = "house"\ndescription = "Our house rules"\n', encoding="utf-8"
    )
    assert cli(["rules", "--ruleset", str(path), "--lang", "de"])[1].startswith(
        "house — Our house rules"
    )
