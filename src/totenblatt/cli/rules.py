"""``totenblatt rules``: the tables of a ruleset, as a player reads them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from rich.table import Table
from rich.text import Text

from totenblatt.cli.app import app, console, print_json
from totenblatt.cli.options import JsonOption, Lang, LangOption, RulesetOption, resolve_lang
from totenblatt.text import words
from totenblatt.text.vocab import (
    ability_effect,
    ability_name,
    band_label,
    cover_word,
    kind_name,
    ruleset_description,
)
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import CoverLevel, HeroType


def _weapons(rules: Ruleset, lang: Lang) -> Table:
    w = words(lang)
    table = Table(title=w.phrase("Weapons (A8)"))
    table.add_column(w.phrase("Range"))
    for index in range(len(rules.attack.bands)):
        table.add_column(band_label(rules.attack.bands, index), justify="right")
    for weapon in rules.weapons.values():
        cells = [w.phrase("miss") if m == "miss" else f"{m:+d}" for m in weapon.modifiers]
        table.add_row(weapon.name(lang), *cells)
    sharp = [band_label(rules.attack.sharpshooter_bands, i) for i in range(len(rules.attack.bands))]
    table.caption = w.phrase("Sharpshooter bands: {bands}", bands=", ".join(sharp))
    return table


def _cover(rules: Ruleset, lang: Lang) -> Table:
    w = words(lang)
    levels = (CoverLevel.LIGHT, CoverLevel.MEDIUM, CoverLevel.HARD)
    table = Table(title=w.phrase("Cover (A9)"))
    for level in levels:
        table.add_column(cover_word(level, lang), justify="right")
    table.add_column(cover_word(CoverLevel.HIDDEN, lang))
    table.add_row(*(f"{rules.cover_modifier(c):+d}" for c in levels), w.phrase("cannot be hit"))
    return table


def _damage(rules: Ruleset, lang: Lang) -> Table:
    w = words(lang)
    d = rules.damage
    table = Table(title=w.phrase("Damage (A10)"))
    table.add_column(w.phrase("Difference"))
    table.add_column(w.phrase("Wounds"), justify="right")
    table.add_row(f"< {d.one_wound_from}", w.phrase("miss"))
    table.add_row(f"{d.one_wound_from}–{d.two_wounds_from - 1}", "1")
    table.add_row(f"≥ {d.two_wounds_from}", "2")
    return table


_LETTERS = frozenset({"J", "Q", "K", "A"})
"""Card letters of the ability table that have a German letter in the catalogs."""


def _abilities(rules: Ruleset, lang: Lang) -> Table:
    """The ability table (B1): the card drawn, the ability, what it does."""
    w = words(lang)
    table = Table(title=w.phrase("Abilities (B1)"))
    table.add_column(w.phrase("Card"))
    table.add_column(w.phrase("Ability"))
    table.add_column(w.phrase("Effect"))
    for card, ability in rules.abilities.table.items():
        label = w.gettext(card) if card in _LETTERS else card  # German: B, D, K, As
        table.add_row(label, ability_name(ability, lang), ability_effect(ability, rules, lang))
    table.caption = w.phrase(
        "Abilities add up; drawing the same card twice gives the ability twice. "
        "'Once per game' means once per fight."
    )
    return table


def _heroes(rules: Ruleset, lang: Lang) -> Table:
    """The kinds of character (B2): HP, abilities, cards, the swap."""
    w = words(lang)
    table = Table(title=w.phrase("Hero types (B2)"))
    table.add_column(w.phrase("Kind"))
    table.add_column(w.phrase("HP (max)"), justify="right")
    table.add_column(w.phrase("Abilities"), justify="right")
    table.add_column(w.phrase("Hand cards"), justify="right")
    table.add_column(w.phrase("Swap"))
    hp, hand = rules.hp, rules.round.hand_size
    table.add_row(
        kind_name(HeroType.COWBOY, lang),
        f"{hp.start} ({hp.maximum})",
        "0",
        str(hand),
        w.phrase("the whole hand"),
    )
    for kind, hero in (
        (HeroType.GUNSLINGER, rules.heroes.gunslinger),
        (HeroType.VETERAN, rules.heroes.veteran),
    ):
        swap = (
            w.phrase("no swap")
            if hero.swap_cards == 0
            else w.phrase_n("{n} card", "{n} cards", hero.swap_cards)
        )
        table.add_row(
            kind_name(kind, lang),
            f"{hero.hp} ({hero.hp_max})",
            str(hero.abilities),
            f"{hand} + {hero.extra_cards}",
            swap,
        )
    table.caption = w.phrase(
        "Heroes choose their abilities among the number cards (2–10); at most {n} hero per side.",
        n=rules.heroes.max_heroes_per_side,
    )
    return table


def _options(rules: Ruleset, lang: Lang) -> Table:
    w = words(lang)
    table = Table(title=w.phrase("Options and numbers"))
    table.add_column(w.phrase("Key"))
    table.add_column(w.phrase("Value"))
    for section, value in rules:
        if isinstance(value, BaseModel):
            for key, leaf in value:
                if not isinstance(leaf, BaseModel | dict):
                    table.add_row(f"{section}.{key}", _fmt(leaf))
    return table


def _fmt(value: Any) -> str:
    if isinstance(value, tuple):
        return ", ".join(f"{v:g}" if isinstance(v, float) else str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@app.command()
def rules(
    ruleset: RulesetOption = "base",
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Print the tables of a ruleset: card values, weapons, cover, damage, options.

    With the extended rules also the ability table (B1) and the hero types (B2).
    """
    language = resolve_lang(lang)
    r = Ruleset.load(ruleset)
    if json_out:
        print_json(r.model_dump(mode="json"))
        return
    console.print(Text(r.name, style="bold"), "—", ruleset_description(r, language))
    w = words(language)
    console.print(
        w.phrase(
            "Card values: 2–10 as printed, J/Q/K = {picture}, A = {ace}; joker: club "
            '{club}", spade {spade} wounds, heart blocks, diamond wins.',
            picture=r.cards.picture_value,
            ace=r.cards.ace_value,
            club=r.jokers.club_inches,
            spade=r.jokers.spade_wounds,
        )
    )
    for table in (_weapons(r, language), _cover(r, language), _damage(r, language)):
        console.print(table)
    console.print(
        w.phrase(
            "Extra wound per tier the attack card stands above the defence card: "
            "no card < number < picture < ace."
        )
    )
    if r.abilities.enabled:
        console.print(_abilities(r, language))
    if r.heroes.enabled:
        console.print(_heroes(r, language))
    if not (r.abilities.enabled and r.heroes.enabled):
        console.print(
            w.phrase(
                "Abilities and hero types are extended rules: totenblatt rules --ruleset extended"
            )
        )
    console.print(_options(r, language))
