"""``totenblatt rules``: the tables of a ruleset, as a player reads them."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from pydantic import BaseModel
from rich.table import Table

from totenblatt.cli.app import JsonOption, Lang, LangOption, app, console, pick, print_json
from totenblatt.cli.app import resolve_lang as _resolve_lang
from totenblatt.cli.narrate import band_label
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.wanted.vocab import CoverLevel


def _weapons(rules: Ruleset, lang: Lang) -> Table:
    table = Table(title=pick(lang, "Weapons (A8)", "Waffen (A8)"))
    table.add_column(pick(lang, "Range", "Reichweite"))
    for index in range(len(rules.attack.bands)):
        table.add_column(band_label(rules.attack.bands, index), justify="right")
    for weapon in rules.weapons.values():
        cells = [
            pick(lang, "miss", "verfehlt") if m == "miss" else f"{m:+d}" for m in weapon.modifiers
        ]
        table.add_row(weapon.name(lang.value), *cells)
    sharp = [band_label(rules.attack.sharpshooter_bands, i) for i in range(len(rules.attack.bands))]
    table.caption = pick(lang, "Sharpshooter bands: ", "Scharfschütze: ") + ", ".join(sharp)
    return table


def _cover(rules: Ruleset, lang: Lang) -> Table:
    table = Table(title=pick(lang, "Cover (A9)", "Deckung (A9)"))
    for level in (CoverLevel.LIGHT, CoverLevel.MEDIUM, CoverLevel.HARD):
        table.add_column(pick(lang, level.value, level.german), justify="right")
    table.add_column(pick(lang, "hidden in hard cover", "versteckt in harter Deckung"))
    table.add_row(
        *(
            f"{rules.cover_modifier(c):+d}"
            for c in (CoverLevel.LIGHT, CoverLevel.MEDIUM, CoverLevel.HARD)
        ),
        pick(lang, "cannot be hit", "unmöglich zu treffen"),
    )
    return table


def _damage(rules: Ruleset, lang: Lang) -> Table:
    d = rules.damage
    table = Table(title=pick(lang, "Damage (A10)", "Schaden (A10)"))
    table.add_column(pick(lang, "Difference", "Differenz"))
    table.add_column(pick(lang, "Wounds", "Wunden"), justify="right")
    table.add_row(f"< {d.one_wound_from}", pick(lang, "miss", "verfehlt"))
    table.add_row(f"{d.one_wound_from}–{d.two_wounds_from - 1}", "1")
    table.add_row(f"≥ {d.two_wounds_from}", "2")
    return table


def _options(rules: Ruleset, lang: Lang) -> Table:
    table = Table(title=pick(lang, "Options and numbers", "Optionen und Zahlen"))
    table.add_column(pick(lang, "Key", "Schlüssel"))
    table.add_column(pick(lang, "Value", "Wert"))
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
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            help=f"Built-in ({', '.join(builtin_rulesets())}) or a TOML file of your own.",
        ),
    ] = "base",
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Print the tables of a ruleset: card values, weapons, cover, damage, options."""
    language = _resolve_lang(lang)
    r = Ruleset.load(ruleset)
    if json_out:
        print_json(r.model_dump(mode="json"))
        return
    console.print(f"[bold]{r.name}[/] — {r.description}")
    console.print(
        pick(
            language,
            f"Card values: 2–10 as printed, J/Q/K = {r.cards.picture_value}, "
            f'A = {r.cards.ace_value}; joker: club {r.jokers.club_inches}", '
            f"spade {r.jokers.spade_wounds} wounds, heart blocks, diamond wins.",
            f"Kartenwerte: 2–10 wie angegeben, B/D/K = {r.cards.picture_value}, "
            f'As = {r.cards.ace_value}; Joker: Kreuz {r.jokers.club_inches}", '
            f"Pik {r.jokers.spade_wounds} Wunden, Herz wehrt ab, Karo gewinnt.",
        )
    )
    for table in (_weapons(r, language), _cover(r, language), _damage(r, language)):
        console.print(table)
    console.print(
        pick(
            language,
            "Extra wound per tier the attack card stands above the defence card: "
            "no card < number < picture < ace.",
            "Extrawunde je Stufe, die die Angriffskarte höher liegt: "
            "keine Karte < Zahlenkarte < Bildkarte < As.",
        )
    )
    console.print(_options(r, language))
