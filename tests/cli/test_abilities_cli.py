"""``totenblatt abilities`` (the B1 table) and ``totenblatt draw-ability`` (one seeded draw)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from totenblatt.campaign.abilities import draw_ability
from totenblatt.cards import Card
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py
Shows = Callable[[list[str], list[str]], None]  # the fixture in tests/cli/conftest.py


@pytest.mark.parametrize(
    ("lang", "fragments"),
    [
        ("en", ["Abilities (B1)", "Quick Fingers 1", "+1 on all diamonds", "Tempt Fate",
                "Nine Lives", "Picture-Book 10", "Queen of Hearts", "Sharpshooter",
                '0–3", >3–9", >9–15", >15–28", >28–39"', "Pay the Piper", "Wild 2", "Joker",
                "once per fight"]),
        ("de", ["Fähigkeiten (B1)", "Schnellfinger 1", "+1 auf alle Karokarten", "Leichtfüßig 2",
                "Deckung 3", "Spiel mit dem Schicksal", "Neun Leben", "Bilderbuch-10",
                "Königin der Herzen", "Scharfschütze", "Bezahl den Pfeifer", "Wilde 2", "As",
                "einmal pro Kampf"]),
    ],
)  # fmt: skip
def test_the_ability_table_in_both_languages(lang: str, fragments: list[str], shows: Shows) -> None:
    shows(["abilities", "--lang", lang], fragments)


def test_the_ability_table_as_json(cli: Cli) -> None:
    code, out, _ = cli(["abilities", "--json", "--lang", "en"])
    data = json.loads(out)
    rules = Ruleset.load("extended")
    assert code == 0 and data["ruleset"] == "extended"
    assert [row["card"] for row in data["abilities"]] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Joker"
    ]  # fmt: skip
    assert {row["ability"] for row in data["abilities"]} == {a.value for a in Ability}
    for row in data["abilities"]:
        assert rules.abilities.table[row["card"]].value == row["ability"]


def test_draw_ability_is_seeded_and_names_the_cards_ability(
    cli: Cli,
) -> None:
    rules = Ruleset.load("extended")
    drawn = {seed: draw_ability(random.Random(seed), rules) for seed in range(400)}
    assert {d.ability for d in drawn.values()} == set(Ability)  # jokers are in the deck too
    joker = next(seed for seed, d in drawn.items() if d.card.is_joker)
    for seed in (0, 1, 2, joker):
        code, out, _ = cli(["draw-ability", "--seed", str(seed), "--json"])
        data = json.loads(out)
        assert code == 0 and data["seed"] == seed and data["deck"] == 54
        assert data["drawn"] == str(drawn[seed].card)
        assert rules.ability_for(Card.parse(data["drawn"])).value == data["ability"]
        again = cli(["draw-ability", "--seed", str(seed), "--json"])[1]
        assert json.loads(again) == data
    assert data["ability"] == "wild_2" and data["card"] == "Joker"


def test_draw_ability_as_text_tells_the_seed(cli: Cli) -> None:
    code, out, _ = cli(["draw-ability", "--lang", "de"])
    assert code == 0 and "Gezogen aus 54 Karten" in out and "(Seed " in out
    code, out, _ = cli(["draw-ability", "--seed", "4", "--lang", "en"])
    assert "Drawn from 54 cards" in out and "(seed 4)" in out


def test_a_bad_ruleset_is_one_line_and_exit_2(cli: Cli) -> None:
    code, out, err = cli(["abilities", "--ruleset", "nowhere"])
    assert code == 2 and out == "" and err.startswith("error:") and len(err.splitlines()) == 1


def test_the_installed_command_runs() -> None:
    exe = Path(sys.executable).with_name("totenblatt")
    done = subprocess.run(
        [str(exe), "abilities", "--lang", "de"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "Spiel mit dem Schicksal" in done.stdout


@pytest.mark.parametrize("lang", ["en", "de"])
def test_draw_ability_names_the_card_once(cli: Cli, lang: str) -> None:
    rules = Ruleset.load("extended")
    drawn = {seed: draw_ability(random.Random(seed), rules).card for seed in range(200)}
    number = next(s for s, c in drawn.items() if c.rank is not None and c.rank.value <= 10)
    picture = next(s for s, c in drawn.items() if c.rank is not None and c.rank.value > 10)
    joker = next(s for s, c in drawn.items() if c.is_joker)
    for seed, shown in (
        (number, str(drawn[number])),
        (picture, f"{drawn[picture]} ({drawn[picture].name(lang)})"),
        (joker, "Joker"),
    ):
        out = cli(["draw-ability", "--seed", str(seed), "--lang", lang])[1]
        card = out.splitlines()[0].split(": ", 1)[1].split(" → ")[0]
        assert card == shown, (seed, out)
