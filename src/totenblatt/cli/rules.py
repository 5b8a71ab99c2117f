"""``totenblatt rules``: the tables of a ruleset, as a player reads them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from rich.table import Table
from rich.text import Text

from totenblatt.cli.app import app, console, print_json
from totenblatt.cli.options import JsonOption, Lang, LangOption, RulesetOption, resolve_lang
from totenblatt.text import words
from totenblatt.text.vocab import band_label, cover_word, ruleset_description
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import CoverLevel


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
    """Print the tables of a ruleset: card values, weapons, cover, damage, options."""
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
    console.print(_options(r, language))
