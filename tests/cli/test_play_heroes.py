"""Terminal play with the extended rules: the heroes scenario, ability marks, the new choices,
typed Tempt Fate and keep, and every new event told in both languages."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from play_context import ctx_for
from self_play import decisions
from totenblatt.cards import Card
from totenblatt.cli._play_choices import build_choices
from totenblatt.cli._play_input import parse_input
from totenblatt.cli._play_screen import ability_marks, status_panel
from totenblatt.cli.app import Lang
from totenblatt.cli.play import default_ruleset, run_play
from totenblatt.text import Narrator, seat_labels
from totenblatt.wanted.bots import RandomBot, play_game
from totenblatt.wanted.engine.actions import Defend, Keep, Pass, TemptFate
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset

PER_CHARACTER = Ruleset.load("extended").with_options(hand_mode="per_character")


def screen(width: int = 120, height: int = 50) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=width, height=height, highlight=False), buffer


def random_answers(seed: int, limit: int = 60) -> Callable[[str], str]:
    """An ``ask`` that picks one of the first listed choices, and concedes after ``limit``."""
    rng = random.Random(seed)
    asked = 0

    def ask(prompt: str) -> str:
        nonlocal asked
        asked += 1
        if asked > limit:
            return "y" if "concede" in prompt or "aufgeben" in prompt else "concede"
        return str(rng.randrange(1, 4))

    return ask


def test_the_heroes_scenario_plays_with_the_extended_rules_by_default() -> None:
    assert default_ruleset("heroes") == "extended" and default_ruleset("gangs") == "base"
    out, buffer = screen()
    assert run_play(scenario="heroes", seats="bot,bot", seed=3, out=out) == 0
    text = buffer.getvalue()
    assert "ruleset extended" in text and "Pay the Piper: Curly Bill starts with 7/7 HP." in text
    assert "HP:" in text.splitlines()[-1]


@pytest.mark.parametrize(("lang", "seed"), [(Lang.EN, 1), (Lang.DE, 2)])
def test_a_human_plays_heroes_from_a_script(lang: Lang, seed: int) -> None:
    out, buffer = screen()
    ask = random_answers(seed)
    assert (
        run_play(scenario="heroes", seats="human,bot", seed=seed, lang=lang, out=out, ask=ask) == 0
    )
    text = buffer.getvalue()
    assert "HP:" in text.splitlines()[-1]
    assert ("vet." if lang is Lang.EN else "Haud.") in text  # the veteran in the panel
    assert ("QoH" if lang is Lang.EN else "KdH") in text  # Morgan's Queen of Hearts


def test_a_human_plays_per_character_hands(tmp_path: Path) -> None:
    out, buffer = screen()
    house = tmp_path / "house.toml"
    house.write_text('extends = "extended"\nname = "house"\n[round]\nhand_mode = "per_character"\n')
    run_play(
        scenario="heroes",
        seats="human,bot",
        seed=5,
        ruleset=str(house),
        out=out,
        ask=random_answers(5),
    )
    text = buffer.getvalue()
    assert " Wyatt: " in text and " Virgil: " in text  # each figure's own hand in the panel


def test_ability_marks_strike_the_spent_uses() -> None:
    game = new_game("heroes", "extended", seed=1)
    ctx = ctx_for(game)
    wyatt = next(f for f in game.view(0)["figures"] if f["name"] == "Wyatt")
    assert ability_marks(wyatt, ctx).plain == "C3 LF2 TF 9L"
    spent = {**wyatt, "spent": ["cover_3"]}
    assert next(span.style for span in ability_marks(spent, ctx).spans) == "dim strike"
    console = Console(file=io.StringIO(), width=60, highlight=False)
    console.print(status_panel(game.view(0), ctx, ["P1", "P2"], ["you", "bot"], "Heroes"))


def fate_game() -> Game:
    """Seat 0 (Wyatt has Tempt Fate) at its first action decision."""
    game = new_game("heroes", "extended", seed=4)
    for _ in range(50):
        if game.phase is Phase.ACTION and game.to_act == 0:
            return game
        game.apply(Pass())
    raise AssertionError("no action decision of seat 0")


def test_tempt_fate_choices_and_typed_words() -> None:
    game = fate_game()
    view, legal, ctx = game.view(0), game.legal_actions(), ctx_for(game)
    tempt = next(a for a in legal if isinstance(a, TemptFate))
    labels = {c.label for c in build_choices(view, legal, ctx)}
    assert f"Tempt Fate (Wyatt): give {tempt.card}, draw two, keep one" in labels
    typed = parse_input(f"fate {tempt.card}", [], view, ctx, legal)
    assert typed == TemptFate(tempt.card, "Wyatt")
    assert parse_input("keep", [], view, ctx, legal) == Pass()
    game.apply(tempt)
    view, legal = game.view(0), game.legal_actions()
    first, second = view["decision"]["cards"]
    choices = build_choices(view, legal, ctx)
    assert choices[0].label == f"Keep {first} (discard {second})"
    assert parse_input(f"keep {second}", choices, view, ctx, legal) == Keep(Card.parse(second))
    german = build_choices(view, legal, ctx_for(game, Lang.DE))
    assert german[0].label == f"{first} behalten ({second} ablegen)"


def test_defence_labels_count_cover_and_queen_of_hearts(tmp_path: Path) -> None:
    for seed in range(40):
        game = new_game("heroes", "extended", seed=seed)
        for seat, legal in decisions(game, [RandomBot(seed), RandomBot(seed + 1)], 400):
            extended = [a for a in legal if isinstance(a, Defend) and (a.covers or a.extra)]
            if extended:
                ctx = ctx_for(game)
                labels = [c.label for c in build_choices(game.view(seat), extended, ctx)]
                assert all("(" in label and "wound" in label for label in labels)
                return
    raise AssertionError("no defence with Cover or Queen of Hearts came up")


def test_every_new_event_is_told_in_both_languages(tmp_path: Path) -> None:
    figures = (
        '[[figures]]\nname = "Vet"\nseat = 0\nkind = "veteran"\nweapon = "colt"\n'
        "position = [4, 4]\n"  # no abilities given: the veteran draws its four
        '[[figures]]\nname = "Kid"\nseat = 1\nweapon = "colt"\nposition = [30, 20]\n'
        'abilities = ["nine_lives", "tempt_fate", "wild_2", "quick_fingers_2", "pay_the_piper"]\n'
    )
    path = tmp_path / "yard.toml"
    path.write_text(f'title = "Yard"\nwidth = 36\nheight = 24\nseats = 2\n{figures}')
    told: set[str] = set()
    for seed in range(12):
        for rules in ("extended", PER_CHARACTER):
            game = play_game(
                new_game(path, rules, seed=seed), [RandomBot(seed), RandomBot(seed + 1)]
            )
            for lang in (Lang.EN, Lang.DE):
                narrator = Narrator(lang, seat_labels(2, lang), you=seed % 2)
                for data in game.event_dicts():
                    line = narrator.event(data)
                    if line is not None:
                        told.add(data["type"])
                        assert line.strip() and "{" not in line, line
    new = {
        "ability_drawn",
        "piper_paid",
        "figure_hand_dealt",
        "fate_tempted",
        "fate_drawn",
        "fate_kept",
        "nine_lives_drawn",
    }
    assert new <= told, new - told


def test_labels_for_every_legal_action_of_extended_games() -> None:
    seen: set[str] = set()
    for seed, rules in ((1, "extended"), (2, PER_CHARACTER)):
        game = new_game("heroes", rules, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        for step, (seat, legal) in enumerate(decisions(game, bots, 300)):
            if step % 5 == 0:
                for choice in build_choices(game.view(seat), legal, ctx_for(game, Lang.DE)):
                    assert choice.label and "{" not in choice.label
                    seen.add(choice.group)
    assert {"swap", "bid", "move", "attack", "temptfate"} <= seen
