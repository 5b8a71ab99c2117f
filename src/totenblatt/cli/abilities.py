"""``totenblatt abilities`` (the B1 table) and ``totenblatt draw-ability`` (draws, B1, B5)."""

from __future__ import annotations

import random
from typing import Annotated, Any

import typer
from rich.table import Table

from totenblatt.campaign.abilities import draw_ability
from totenblatt.cards import Card, Rank
from totenblatt.cli.app import app, console, print_json
from totenblatt.cli.options import (
    JsonOption,
    Lang,
    LangOption,
    RulesetOption,
    resolve_lang,
    seed_option,
)
from totenblatt.text import words
from totenblatt.text.catalog import N_
from totenblatt.text.vocab import ability_effect, ability_name
from totenblatt.wanted.rules import Ruleset


def _labels() -> list[str]:
    return [r.label for r in Rank] + ["Joker"]


_LETTERS = {"J": N_("J"), "Q": N_("Q"), "K": N_("K"), "A": N_("A")}
"""The letters of pictures and aces in the ability table (German: B, D, K, As)."""


def _card_label(label: str, lang: Lang) -> str:
    letter = _LETTERS.get(label)
    return label if letter is None else words(lang).gettext(letter)


def _row(label: str, rules: Ruleset, lang: Lang) -> dict[str, Any]:
    ability = rules.abilities.table[label]
    return {
        "card": label,
        "ability": ability.value,
        "name": ability_name(ability, lang),
        "effect": ability_effect(ability, rules, lang),
    }


@app.command()
def abilities(
    ruleset: RulesetOption = "extended",
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Print the ability table (B1): the card drawn, the ability it gives, what it does."""
    language = resolve_lang(lang)
    rules = Ruleset.load(ruleset)
    rows = [_row(label, rules, language) for label in _labels()]
    if json_out:
        print_json({"ruleset": rules.name, "abilities": rows})
        return
    w = words(language)
    table = Table(title=w.phrase("Abilities (B1)"))
    table.add_column(w.phrase("Card"))
    table.add_column(w.phrase("Ability"))
    table.add_column(w.phrase("Effect"))
    for row in rows:
        table.add_row(_card_label(row["card"], language), row["name"], row["effect"])
    table.caption = w.phrase(
        "Abilities add up; drawing the same card twice gives the ability twice. "
        "'Once per game' means once per fight."
    )
    console.print(table)


MAX_DRAWS = 20
"""The most abilities ``draw-ability --count`` draws at once."""


@app.command("draw-ability")
def draw_ability_command(
    seed: Annotated[
        int | None,
        seed_option(N_("Seed of the draw, 0 to 2**64-1 (default: a random one, printed).")),
    ] = None,
    count: Annotated[
        int,
        typer.Option(
            "--count",
            "-n",
            min=1,
            max=MAX_DRAWS,
            metavar="N",
            help=N_("How many abilities to draw, 1 to 20: each from a full deck (B5)."),
        ),
    ] = 1,
    ruleset: RulesetOption = "extended",
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Draw one card from a full deck with jokers (B1, B5) and name the ability it gives.

    With --count N, N cards, each from a full deck: the same card twice is the ability twice.
    """
    language = resolve_lang(lang)
    rules = Ruleset.load(ruleset)
    used = seed if seed is not None else random.SystemRandom().randrange(2**31)
    rng = random.Random(used)
    draws = [draw_ability(rng, rules) for _ in range(count)]
    deck = 52 + rules.campaign.ability_draw_jokers
    rows = [{"drawn": str(d.card), **_row(_key(d.card), rules, language)} for d in draws]
    if json_out:
        one = rows[0] if count == 1 else {}
        print_json({"seed": used, "deck": deck, **one, "count": count, "draws": rows})
        return
    w = words(language)
    if count == 1:
        draw = draws[0]
        console.print(
            w.phrase(
                "Drawn from {deck} cards: {card} → {ability}: {effect}",
                deck=deck,
                card=_text(draw.card, language),
                ability=ability_name(draw.ability, language),
                effect=ability_effect(draw.ability, rules, language),
            )
        )
    else:
        console.print(w.phrase("{n} draws, each from {deck} cards:", n=count, deck=deck))
        for index, draw in enumerate(draws, 1):
            console.print(
                f"{index:>2}. "
                + w.phrase(
                    "{card} → {ability}: {effect}",
                    card=_text(draw.card, language),
                    ability=ability_name(draw.ability, language),
                    effect=ability_effect(draw.ability, rules, language),
                )
            )
    console.print(w.phrase("(seed {seed})", seed=used), style="dim")


def _key(card: Card) -> str:
    """The row of the ability table a card names (``Q``, ``10``, ``Joker``)."""
    return "Joker" if card.rank is None else card.rank.label


def _text(card: Card, lang: Lang) -> str:
    """The card once: ``10♣``; a picture or an ace with its name (``Q♣ (Kreuz-Dame)``),
    which says the letter of its row in the ability table."""
    if card.is_joker or card.rank is None or card.rank.label not in _LETTERS:
        return str(card)
    return f"{card} ({card.name(lang)})"
