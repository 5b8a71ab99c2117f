"""``totenblatt play --lang de`` shows no English sentence, refusals included (real typed input)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console

from totenblatt.cli.app import Lang
from totenblatt.cli.play import run_play

from .fragments import english_on

REFUSALS = [
    "hilfe", "mehr", "karte", "protokoll", "chancen",
    "fliegen",                    # not a command
    "99",                         # no such choice
    "",                           # nothing typed
    "biete Kaiser",               # not a card
    "biete K♦",                   # not the decision at hand (or not in the hand)
    "schieß Billy Paco mit A♠",   # a card not in the hand, or no line of fire
    "schieß Billy",               # at whom?
    "bewege Niemand 1,1",         # which figure?
    "bewege Billy",               # where to?
    "bewege Billy 12,30",         # the engine: the move costs more than any club gives
    "bewege Billy 70,8",          # the engine: the path leaves the table
    "bewege Billy 12,8 mit Q♠",   # the engine: a spade moves nobody (or not in the hand)
    "tausche jetzt",              # takes nothing after it
    "nachziehen",                 # which card?
    "aufdecken Billy",            # not a hidden figure
    "schicksal",                  # which card?
    "aufgeben",                   # asked, and not confirmed
]  # fmt: skip


def answers(rng: random.Random, limit: int) -> Callable[[str], str]:
    """A refusal, then a listed choice, in turn (so refusals meet every kind of decision),
    later random choices with a refusal now and then; ``ende`` after ``limit`` prompts.
    """
    script: Iterator[str] = iter(REFUSALS)
    asked = 0

    def ask(prompt: str) -> str:
        nonlocal asked
        if prompt != "> ":  # "Wirklich aufgeben? (j/N)": no
            return "n"
        asked += 1
        if asked > limit:
            return "ende"
        if asked % 2:
            typed = next(script, None)
            if typed is not None:
                return typed
        if rng.random() < 0.1:
            return rng.choice(REFUSALS)
        return str(rng.randint(1, 3))

    return ask


@pytest.mark.parametrize(("scenario", "seed"), [("duel", 4), ("heroes", 7)])
def test_a_german_game_has_no_english_on_the_screen(
    scenario: str, seed: int, strict_de: set[str]
) -> None:
    buffer = io.StringIO()
    out = Console(file=buffer, width=100, height=40, color_system=None, highlight=False)
    code = run_play(
        scenario=scenario,
        seats="human,bot",
        seed=seed,
        lang=Lang.DE,
        out=out,
        ask=answers(random.Random(seed), 160),
    )
    screen = buffer.getvalue()
    assert code == 0
    for words in ("Nicht erlaubt:", "? unbekannte Eingabe", "? es gibt keine Wahl 99",
                  "Tippe die Nummer einer Wahl", "? welche Figur? deine:",
                  "'Kaiser' ist keine Karte"):  # fmt: skip
        assert words in screen, words
    assert "Spieler 1" in screen and "Runde" in screen
    assert english_on(screen) == [], english_on(screen)
    assert len(strict_de) > 60  # every German lookup hit the catalog (strict_de asserts it)
