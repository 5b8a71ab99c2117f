"""``totenblatt rules``: the tables of a ruleset as text (two languages) and as JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from totenblatt.cli import main
from totenblatt.cli.app import console
from totenblatt.wanted.rules import Ruleset


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console, so that Rich does not wrap table cells."""
    monkeypatch.setattr(console, "width", 200)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the CLI in-process: exit code, stdout, stderr."""
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    else:  # pragma: no cover - main always exits
        code = 0
    out, err = capsys.readouterr()
    return code, out, err


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
def test_rules_text(lang: str, fragments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rules", "--lang", lang], capsys)
    assert (code, err) == (0, "")
    for fragment in fragments:
        assert fragment in out, fragment


@pytest.mark.parametrize("name", ["base", "extended"])
def test_rules_json_is_the_whole_ruleset(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rules", "--ruleset", name, "--json"], capsys)
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data == Ruleset.load(name).model_dump(mode="json")
    assert data["name"] == name
    assert data["abilities"]["enabled"] is (name == "extended")
    assert data["heroes"]["enabled"] is (name == "extended")
    assert data["weapons"]["shotgun"]["modifiers"] == [4, 3, 0, "miss", "miss"]


def test_rules_json_round_trips_into_a_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(["rules", "--ruleset", "extended", "--json"], capsys)[1])
    assert Ruleset.model_validate(data, strict=False) == Ruleset.load("extended")


def test_rules_of_a_user_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "extended"\nname = "house"\n[cover]\nhard = 5\n', encoding="utf-8")
    code, out, _ = run(["rules", "--ruleset", str(path), "--lang", "en"], capsys)
    assert code == 0
    assert "house" in out and "+5" in out
    data = json.loads(run(["rules", "--ruleset", str(path), "--json"], capsys)[1])
    assert (data["name"], data["cover"]["hard"], data["abilities"]["enabled"]) == ("house", 5, True)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [(None, ["'nope'", "base, extended"]),
     ('extends = "base"\n[cover]\nlite = 2\n', ["bad.toml", "'cover.lite'"]),
     ('extends = "base"\n[cards]\njokers = "two"\n', ["bad.toml", "'cards.jokers'"])],
    ids=["unknown-name", "unknown-key", "wrong-type"],
)  # fmt: skip
def test_bad_ruleset_exits_2_with_one_line(
    tmp_path: Path, text: str | None, fragments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    target = "nope"
    if text is not None:
        path = tmp_path / "bad.toml"
        path.write_text(text, encoding="utf-8")
        target = str(path)
    code, out, err = run(["rules", "--ruleset", target], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1
    for fragment in fragments:
        assert fragment in err


def test_help_lists_the_built_ins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "--help"], capsys)
    assert code == 0
    assert "base, extended" in out
    assert "--json" in out


def test_real_process_rules_json() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="200")
    done = subprocess.run(
        [sys.executable, "-m", "totenblatt", "rules", "--ruleset", "extended", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["heroes"]["gunslinger"]["hp"] == 10


def test_real_process_unknown_ruleset() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run(
        [str(Path(sys.executable).parent / "totenblatt"), "rules", "--ruleset", "nope"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "base, extended" in done.stderr
