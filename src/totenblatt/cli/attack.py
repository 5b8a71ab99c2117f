"""``totenblatt attack``: the attack resolver for a real table."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated

import typer
from rich.panel import Panel
from rich.text import Text

from totenblatt.cli.app import app, console, fail, print_json
from totenblatt.cli.options import (
    AttackCardOption,
    DefenseCardOption,
    DistanceOption,
    JsonOption,
    Lang,
    LangOption,
    RulesetOption,
    WeaponOption,
    resolve_lang,
)
from totenblatt.messages import Message
from totenblatt.text import words
from totenblatt.text.attack import booklet_note, explain_attack, verdict
from totenblatt.text.catalog import N_
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability

_ATTACK_HELP = N_(
    "Resolve one attack: spade + weapon modifier against heart + cover (rules A8–A12).\n\n"
    "Example: totenblatt attack --attack Q♠ --weapon winchester --distance 7 --defense 4♥ "
    "--cover medium"
)


@app.command(help=_ATTACK_HELP)
def attack(
    attack_card: AttackCardOption,
    weapon: WeaponOption,
    distance: DistanceOption,
    defense: DefenseCardOption = None,
    cover: Annotated[
        str,
        typer.Option(
            "--cover",
            "-c",
            help=N_("none, light, medium, hard, hidden (keine, leicht, mittel, hart, versteckt)."),
        ),
    ] = "none",
    attacker_ability: Annotated[
        list[str] | None,
        typer.Option(
            "--attacker-ability",
            help=N_("sharpshooter, picture_book_10, wild_2 (= --wild; repeatable)."),
        ),
    ] = None,
    defender_ability: Annotated[
        list[str] | None,
        typer.Option(
            "--defender-ability",
            help=N_(
                "cover_1, cover_2, cover_3, picture_book_10, wild_2, queen_of_hearts (repeatable)."
            ),
        ),
    ] = None,
    extra_defense: Annotated[
        str | None,
        typer.Option(
            "--extra-defense", help=N_("Queen of Hearts: the extra card added to the heart.")
        ),
    ] = None,
    wild: Annotated[
        bool,
        typer.Option(
            "--wild",
            help=N_(
                "Play the 2 as a joker (Wild 2): 2 wounds on a hit. Without it a 2 is the number 2."
            ),
        ),
    ] = False,
    ruleset: RulesetOption = "base",
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Resolve one attack: spade + weapon modifier against heart + cover (rules A8–A12).

    Example: totenblatt attack --attack Q♠ --weapon winchester --distance 7
    --defense 4♥ --cover medium
    """
    language = resolve_lang(lang)
    if not math.isfinite(distance):
        fail(
            Message(
                "--distance must be a finite number of inches >= 0, got {value}",
                value=repr(distance),
            )
        )
    _show(
        Attack(
            attack_card,
            weapon,
            distance,
            defense,
            cover,
            (*(attacker_ability or ()), *([Ability.WILD_2] if wild else [])),
            tuple(defender_ability or ()),
            extra_defense,
        ),
        Ruleset.load(ruleset),
        language,
        json_out=json_out,
    )


@dataclass(frozen=True)
class Attack:
    """One attack as typed at the command line."""

    attack: str
    weapon: str
    distance: float
    defense: str | None = None
    cover: str = "none"
    attacker_abilities: tuple[str, ...] = ()
    defender_abilities: tuple[str, ...] = ()
    extra_defense: str | None = None


def _show(a: Attack, rules: Ruleset, language: Lang, *, json_out: bool, title: str = "") -> None:
    """Resolve ``a`` once and render the result: JSON, or the rules' walk-through."""
    result = resolve_attack(
        a.attack,
        weapon=a.weapon,
        distance=a.distance,
        defense=a.defense,
        cover=a.cover,
        attacker_abilities=a.attacker_abilities,
        defender_abilities=a.defender_abilities,
        extra_defense=a.extra_defense,
        ruleset=rules,
    )
    if json_out:
        print_json(result.to_dict())
        return
    lines = explain_attack(result, rules, language)
    style = "bold red" if result.wounds else "bold green"
    heading = title or words(language).phrase("Totenblatt — attack")
    body = Text("\n".join(lines) + "\n\n")
    body.append(verdict(result, language), style=style)
    note = booklet_note(result, language)
    if note is not None:
        body.append("\n\n" + note, style="italic")
    console.print(Panel(body, title=heading, expand=False))


_DEMO = (
    (N_("Billy → Paco (A10, D-19)"), Attack("Q♠", "winchester", 7, "4♥", "medium")),
    (N_('Colt, 1.5", ace vs no card'), Attack("A♠", "colt", 1.5)),
    (N_('Shotgun, 14"'), Attack("K♠", "shotgun", 14, "9♥")),
    (N_("Joker vs joker (D-20)"), Attack("Joker", "colt", 5, "Joker")),
    (
        N_("Sharpshooter + Picture-Book 10"),
        Attack("10♠", "colt", 27, "9♥", "light", ("sharpshooter", "picture_book_10")),
    ),
)


_DEMO_HELP = N_(
    "A narrated tour of the attack resolver: five attacks from the rules, worked out step "
    "by step.\n\n"
    'Billy shoots Paco (the worked example, D-19), an ace at close range, a shotgun at 14", '
    "joker against joker (D-20), Sharpshooter with Picture-Book 10."
)


@app.command(help=_DEMO_HELP)
def demo(lang: LangOption = None) -> None:
    """A narrated tour of the attack resolver (the help text is :data:`_DEMO_HELP`)."""
    language = resolve_lang(lang)
    rules = Ruleset.load("base")
    console.rule("Totenblatt — Wanted: Dead or Alive")
    for title, attack_ in _DEMO:
        _show(attack_, rules, language, json_out=False, title=words(language).gettext(title))
