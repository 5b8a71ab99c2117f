"""``totenblatt attack``: the attack resolver for a real table."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from rich.panel import Panel
from rich.text import Text

from totenblatt.cli._shot import check_distance, nine_lives, with_wild
from totenblatt.cli.app import app, console, fail, print_json
from totenblatt.cli.options import (
    AttackCardOption,
    AttackerAbilityOption,
    CoverOption,
    DefenderAbilityOption,
    DefenseCardOption,
    DistanceOption,
    JsonOption,
    Lang,
    LangOption,
    RulesetOption,
    WeaponOption,
    WildDefenseOption,
    WildOption,
    resolve_lang,
    seed_option,
    target_ability_option,
    target_hp_option,
)
from totenblatt.messages import Message
from totenblatt.text import words
from totenblatt.text.attack import (
    booklet_note,
    explain_aftermath,
    explain_attack,
    fate_verdict,
    verdict,
)
from totenblatt.text.catalog import N_
from totenblatt.wanted.combat import Aftermath, AttackResult, resolve_inputs, take_wounds
from totenblatt.wanted.rules import Ruleset

_ATTACK_HELP = N_(
    "Resolve one attack: spade + weapon modifier against heart + cover (rules A8–A12).\n\n"
    "Example: totenblatt attack --attack Q♠ --weapon winchester --distance 7 --defense 4♥ "
    "--cover medium"
)


def _hp_option(name: str, least: int, help: str) -> Any:
    """An option of HP, ``least`` to 99."""
    return typer.Option(name, min=least, max=99, metavar="N", help=help)


ExtraDefenseOption = Annotated[
    str | None,
    typer.Option("--extra-defense", help=N_("Queen of Hearts: the extra card added to the heart.")),
]
TargetHpOption = Annotated[
    int | None,
    target_hp_option(
        N_(
            "The target's HP: the wounds are then taken one at a time (A11) — a wound at "
            "0 HP takes it out of the game and the attacker gains 1 HP."
        )
    ),
]
TargetAbilityOption = Annotated[
    list[str] | None,
    target_ability_option(
        N_(
            "The target's abilities that act after the hit: nine_lives (Neun Leben); "
            "repeatable or comma-separated. Needs --target-hp."
        )
    ),
]
AttackerHpOption = Annotated[
    int | None,
    _hp_option(
        "--attacker-hp",
        0,
        N_("The attacker's HP: its reward for a kill stops at its maximum (D-4)."),
    ),
]
AttackerMaxHpOption = Annotated[
    int | None,
    _hp_option("--attacker-max-hp", 1, N_("The attacker's HP maximum (default: the ruleset's).")),
]
NineLivesDrawOption = Annotated[
    str | None,
    typer.Option(
        "--nine-lives-draw",
        metavar="CARDS",
        help=N_(
            "Nine Lives: the two cards drawn at the table, the target's first (9♦,4♣); "
            "without it they are drawn here from a shuffled deck."
        ),
    ),
]
DrawSeedOption = Annotated[
    int | None,
    seed_option(N_("Seed of the Nine Lives draw, 0 to 2**64-1 (default: a random one).")),
]


@app.command(help=_ATTACK_HELP)
def attack(
    attack_card: AttackCardOption,
    weapon: WeaponOption,
    distance: DistanceOption,
    defense: DefenseCardOption = None,
    cover: CoverOption = "none",
    attacker_ability: AttackerAbilityOption = None,
    defender_ability: DefenderAbilityOption = None,
    extra_defense: ExtraDefenseOption = None,
    wild: WildOption = False,
    wild_defense: WildDefenseOption = False,
    target_hp: TargetHpOption = None,
    target_ability: TargetAbilityOption = None,
    attacker_hp: AttackerHpOption = None,
    attacker_max_hp: AttackerMaxHpOption = None,
    nine_lives_draw: NineLivesDrawOption = None,
    seed: DrawSeedOption = None,
    ruleset: RulesetOption = "base",
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Resolve one attack: spade + weapon modifier against heart + cover (rules A8–A12).

    Example: totenblatt attack --attack Q♠ --weapon winchester --distance 7
    --defense 4♥ --cover medium --target-hp 2
    """
    language = resolve_lang(lang)
    check_distance(distance)
    fate = _fate(target_hp, target_ability, attacker_hp, attacker_max_hp, nine_lives_draw, seed)
    _show(
        Attack(
            attack_card,
            weapon,
            distance,
            defense,
            cover,
            with_wild(attacker_ability, wild),
            with_wild(defender_ability, wild_defense),
            extra_defense,
        ),
        Ruleset.load(ruleset),
        language,
        json_out=json_out,
        fate=fate,
    )


@dataclass(frozen=True)
class Fate:
    """What the wounds meet: the target's HP and Nine Lives, the attacker's HP (A11, B1 9)."""

    target_hp: int
    nine_lives: bool = False
    drawn: tuple[str, str] | None = None
    """Nine Lives' two cards as drawn at the table (the target's first)."""
    seed: int | None = None
    """The seed of a Nine Lives draw made here (when no cards were given)."""
    attacker_hp: int | None = None
    attacker_max_hp: int | None = None

    def apply(self, result: AttackResult, rules: Ruleset) -> Aftermath:
        """The core's answer (:func:`~totenblatt.wanted.combat.take_wounds`)."""
        lives: tuple[str, str] | random.Random | None = None
        if self.nine_lives:
            lives = self.drawn if self.drawn is not None else random.Random(self.seed)
        return take_wounds(
            result,
            target_hp=self.target_hp,
            nine_lives=lives,
            killer_hp=self.attacker_hp,
            killer_max=self.attacker_max_hp,
            ruleset=rules,
        )


def _fate(
    target_hp: int | None,
    target_ability: list[str] | None,
    attacker_hp: int | None,
    attacker_max_hp: int | None,
    nine_lives_draw: str | None,
    seed: int | None,
) -> Fate | None:
    """The target's fate options, checked together; None without ``--target-hp``."""
    if target_hp is None:
        given = {
            "--target-ability": target_ability,
            "--attacker-hp": attacker_hp,
            "--attacker-max-hp": attacker_max_hp,
            "--nine-lives-draw": nine_lives_draw,
            "--seed": seed,
        }
        for name, value in given.items():
            if value is not None:
                fail(Message("{option} needs --target-hp (the target's HP)", option=name))
        return None
    lives = nine_lives(target_ability, target_hp)
    drawn: tuple[str, str] | None = None
    if nine_lives_draw is not None:
        if not lives:
            fail(Message("--nine-lives-draw needs --target-ability nine_lives"))
        if seed is not None:
            fail(Message("--nine-lives-draw and --seed: give the cards or a seed, not both"))
        parts = [p for p in nine_lives_draw.replace(",", " ").split() if p]
        if len(parts) != 2:
            fail(
                Message(
                    "--nine-lives-draw takes two cards, the target's and the attacker's "
                    "(9♦,4♣), got {value}",
                    value=repr(nine_lives_draw),
                )
            )
        drawn = (parts[0], parts[1])
    elif lives and seed is None:
        seed = secrets.randbelow(2**31)
    return Fate(target_hp, lives, drawn, seed if lives else None, attacker_hp, attacker_max_hp)


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


def _show(
    a: Attack,
    rules: Ruleset,
    language: Lang,
    *,
    json_out: bool,
    title: str = "",
    fate: Fate | None = None,
) -> None:
    """Resolve ``a`` once and render the result: JSON, or the rules' walk-through; with a
    ``fate``, what the wounds do to the target (and Nine Lives' draw)."""
    result = resolve_inputs(a, rules)
    after = None if fate is None else fate.apply(result, rules)
    if json_out:
        out: dict[str, Any] = result.to_dict()
        if fate is not None and after is not None:
            drawn_here = after.nine_lives is not None and fate.drawn is None
            out["aftermath"] = after.to_dict() | {"seed": fate.seed if drawn_here else None}
        print_json(out)
        return
    lines = explain_attack(result, rules, language)
    style = "bold red" if result.wounds else "bold green"
    heading = title or words(language).phrase("Totenblatt — attack")
    body = Text("\n".join(lines) + "\n\n")
    body.append(verdict(result, language), style=style)
    note = booklet_note(result, language)
    if note is not None:
        body.append("\n\n" + note, style="italic")
    if fate is not None and after is not None:
        body.append("\n\n" + "\n".join(explain_aftermath(after, language)) + "\n\n")
        body.append(fate_verdict(after, language), style="bold red" if after.out else "bold")
        if after.nine_lives is not None and fate.drawn is None:
            body.append("\n" + words(language).phrase("(seed {seed})", seed=fate.seed), style="dim")
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
