"""``totenblatt abilities`` (the B1 table) and ``totenblatt draw-ability`` (one draw, B1)."""

from __future__ import annotations

import random
from typing import Annotated, Any

import typer
from rich.table import Table

from totenblatt.campaign.abilities import draw_ability
from totenblatt.cards import Card, Rank
from totenblatt.cli.app import (
    JsonOption,
    Lang,
    LangOption,
    app,
    console,
    pick,
    print_json,
    resolve_lang,
)
from totenblatt.cli.narrate import band_label
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability

RulesetOption = Annotated[
    str,
    typer.Option("--ruleset", help="Built-in ruleset (base, extended) or a TOML file."),
]

_EFFECT: dict[Ability, tuple[str, str]] = {
    Ability.QUICK_FINGERS_1: ("+1 on all diamonds", "+1 auf alle Karokarten"),
    Ability.LIGHT_FOOTED_1: ("+1 on all clubs", "+1 auf alle Kreuzkarten"),
    Ability.LIGHT_FOOTED_2: ("+2 on all clubs", "+2 auf alle Kreuzkarten"),
    Ability.COVER_1: ("once per fight +1 on one heart", "einmal pro Spiel +1 auf eine Herzkarte"),
    Ability.COVER_2: ("once per fight +2 on one heart", "einmal pro Spiel +2 auf eine Herzkarte"),
    Ability.COVER_3: ("once per fight +3 on one heart", "einmal pro Spiel +3 auf eine Herzkarte"),
    Ability.TEMPT_FATE: (
        "once per fight exchange one hand card: draw 2, keep 1",
        "einmal pro Spiel eine Handkarte tauschen: 2 ziehen, 1 aussuchen",
    ),
    Ability.NINE_LIVES: (
        "when killed, it and its killer each draw 1 card; if its card is higher it stays "
        "in the game (with 0 HP)",
        "wird er getötet, ziehen er und sein Killer je 1 Karte; ist seine höher, bleibt er "
        "im Spiel (ohne HP)",
    ),
    Ability.PICTURE_BOOK_10: (
        "every 10 may be treated as a picture card",
        "jede 10 darf wie eine Bildkarte behandelt werden",
    ),
    Ability.QUICK_FINGERS_2: ("+2 on all diamonds", "+2 auf alle Karokarten"),
    Ability.QUEEN_OF_HEARTS: (
        "with every heart, may add one more hand card whose value also counts for defence "
        "(both discarded)",
        "zu jeder Herzkarte darf eine weitere Handkarte gelegt werden, deren Wert für die "
        "Verteidigung zählt (beide abgelegt)",
    ),
    Ability.SHARPSHOOTER: ("range bands become {bands}", "Reichweiten werden {bands}"),
    Ability.PAY_THE_PIPER: ("HP maximum +1 (and HP +1)", "HP-Maximum +1 (und HP +1)"),
    Ability.WILD_2: ("every 2 may be treated as a joker", "jede 2 darf wie ein Joker gelten"),
}
"""B1: what each ability does, in English and German (the seed's wording)."""


def ability_name(ability: Ability, lang: Lang) -> str:
    """``Light-Footed 2`` / ``Leichtfüßig 2`` (the names of rules.md B1 and the seed)."""
    return pick(lang, ability.english, ability.german)


def effect(ability: Ability, rules: Ruleset, lang: Lang) -> str:
    """What ``ability`` does, in ``lang`` (Sharpshooter with the ruleset's bands)."""
    bands = rules.attack.sharpshooter_bands
    labels = ", ".join(band_label(bands, i) for i in range(len(bands)))
    return pick(lang, *_EFFECT[ability]).format(bands=labels)


def _labels() -> list[str]:
    return [r.label for r in Rank] + ["Joker"]


def _card_label(label: str, lang: Lang) -> str:
    german = {"J": "B", "Q": "D", "K": "K", "A": "As"}
    return german.get(label, label) if lang is Lang.DE else label


def _row(label: str, rules: Ruleset, lang: Lang) -> dict[str, Any]:
    ability = rules.abilities.table[label]
    return {
        "card": label,
        "ability": ability.value,
        "name": ability_name(ability, lang),
        "effect": effect(ability, rules, lang),
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
    table = Table(title=pick(language, "Abilities (B1)", "Fähigkeiten (B1)"))
    table.add_column(pick(language, "Card", "Karte"))
    table.add_column(pick(language, "Ability", "Fähigkeit"))
    table.add_column(pick(language, "Effect", "Beschreibung"))
    for row in rows:
        table.add_row(_card_label(row["card"], language), row["name"], row["effect"])
    table.caption = pick(
        language,
        "Abilities add up; drawing the same card twice gives the ability twice. "
        "'Once per game' means once per fight.",
        "Fähigkeiten sind kumulativ; dieselbe Karte zweimal gibt die Fähigkeit zweimal. "
        "'Einmal pro Spiel' heißt einmal pro Kampf.",
    )
    console.print(table)


@app.command("draw-ability")
def draw_ability_command(
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the draw (default: a random one, printed)."),
    ] = None,
    ruleset: RulesetOption = "extended",
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Draw one card from a full deck with jokers (B1, B5) and name the ability it gives."""
    language = resolve_lang(lang)
    rules = Ruleset.load(ruleset)
    used = seed if seed is not None else random.SystemRandom().randrange(2**31)
    draw = draw_ability(random.Random(used), rules)
    key = "Joker" if draw.card.rank is None else draw.card.rank.label
    label = _card_label(key, language)
    deck = 52 + rules.campaign.ability_draw_jokers
    if json_out:
        print_json(
            {"seed": used, "deck": deck, "drawn": str(draw.card), **_row(key, rules, language)}
        )
        return
    name = ability_name(draw.ability, language)
    console.print(
        pick(
            language,
            f"Drawn from {deck} cards: [bold]{_text(draw.card, language)}[/] ({label}) → "
            f"[bold]{name}[/]: {effect(draw.ability, rules, language)}",
            f"Gezogen aus {deck} Karten: [bold]{_text(draw.card, language)}[/] ({label}) → "
            f"[bold]{name}[/]: {effect(draw.ability, rules, language)}",
        )
    )
    console.print(pick(language, f"(seed {used})", f"(Seed {used})"), style="dim")


def _text(card: Card, lang: Lang) -> str:
    return str(card) if card.is_joker else f"{card} {card.name(lang.value)}"
