"""``totenblatt odds attack``: the exact odds of one shot at a real table (A8-A12).

The figures come from :func:`totenblatt.wanted.odds.attack_odds` — the same exact
odds the engine's hint and bots use: the defender holds ``--hand`` cards drawn from
the cards not yet seen and plays the heart or joker that leaves the fewest wounds.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from totenblatt.cards import Card, full_deck, to_card
from totenblatt.cli.app import check_writable, console, fail, print_json
from totenblatt.cli.options import (
    AttackCardOption,
    DistanceOption,
    JsonOption,
    LangOption,
    RulesetOption,
    WeaponOption,
)
from totenblatt.cli.options import resolve_lang as _lang
from totenblatt.cli.rpg import odds_app
from totenblatt.messages import Message
from totenblatt.text import render, words
from totenblatt.text.catalog import N_
from totenblatt.text.vocab import card_text, cover_name, weapon_name

if TYPE_CHECKING:
    from totenblatt.wanted.odds import AttackOdds
    from totenblatt.wanted.rules import Ruleset

__all__ = ["odds_attack", "parse_seen", "unseen_pool", "write_attack_plot"]


def parse_seen(text: str | None) -> list[Card]:
    """Cards separated by commas or spaces (``4♥,K♥ 2♣``); an empty text is no card."""
    if text is None:
        return []
    return [to_card(part) for part in text.replace(",", " ").split()]


def unseen_pool(rules: Ruleset, attack: Card, seen: list[Card]) -> Counter[Card]:
    """The ruleset's deck(s) minus the attack card minus every card seen.

    Refuses a seen card the deck does not hold that often (``--seen 4♥,4♥`` in one deck).
    """
    pool = Counter(full_deck(rules.cards.jokers) * rules.cards.deck_count)
    for card in (attack, *seen):
        if pool[card] <= 0:
            fail(
                Message(
                    "--seen: {card} is seen more often than the deck holds it "
                    "(the attack card counts as seen)",
                    card=card,
                )
            )
        pool[card] -= 1
    return +pool


def _percent(p: Fraction) -> str:
    if p in (0, 1):
        return f"{int(p * 100)} %"
    text = f"{float(p) * 100:.1f}"
    return {"0.0": "<0.1", "100.0": ">99.9"}.get(text, text) + " %"


_HELP = N_(
    "The exact odds of one shot: the wounds and the chance to hit (A8-A12).\n\n"
    "The defender holds --hand cards drawn from the cards not yet seen and plays the heart "
    "(or joker) that leaves the fewest wounds, none when no card helps."
)


@odds_app.command("attack", help=_HELP)
def odds_attack(
    attack: AttackCardOption,
    weapon: WeaponOption,
    distance: DistanceOption,
    cover: Annotated[
        str,
        typer.Option(
            "--cover",
            "-c",
            help=N_("none, light, medium, hard, hidden (keine, leicht, mittel, hart, versteckt)."),
        ),
    ] = "none",
    hand: Annotated[
        int,
        typer.Option(
            "--hand", min=0, max=200, help=N_("Cards in the defender's hand."), metavar="N"
        ),
    ] = 5,
    seen: Annotated[
        str | None,
        typer.Option(
            "--seen",
            help=N_(
                "Cards already seen, not in the defender's hand: 4♥,K♥,2♣ (your own hand, "
                "cards played face up)."
            ),
            metavar="CARDS",
        ),
    ] = None,
    wild: Annotated[
        bool,
        typer.Option("--wild", help=N_("Play the 2 as a joker (Wild 2): 2 wounds on a hit.")),
    ] = False,
    sharpshooter: Annotated[
        bool, typer.Option("--sharpshooter", help=N_("The attacker has Sharpshooter."))
    ] = False,
    ruleset: RulesetOption = "base",
    json: JsonOption = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help=N_("Also draw wounds and hit chance over distance for the three weapons (PNG)."),
            metavar="FILE",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """The exact odds of one shot (A8-A12); the help text is :data:`_HELP`."""
    from totenblatt.wanted.odds import ASSUMPTION_MESSAGE, attack_odds, defense_odds
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.vocab import Ability

    language = _lang(lang)
    if not math.isfinite(distance):
        fail(
            Message(
                "--distance must be a finite number of inches >= 0, got {value}", value=distance
            )
        )
    rules = Ruleset.load(ruleset)
    card = to_card(attack)
    abilities: list[str] = [
        *([Ability.WILD_2] if wild else []),
        *([Ability.SHARPSHOOTER] if sharpshooter else []),
    ]
    pool = unseen_pool(rules, card, parse_seen(seen))
    if plot is not None:
        check_writable(plot)
    defense = defense_odds(pool, hand, rules)
    result = attack_odds(
        card,
        weapon=weapon,
        distance=distance,
        cover=cover,
        defense=defense,
        attacker_abilities=abilities,
        ruleset=rules,
    )
    if plot is not None:
        write_attack_plot(
            card,
            defense_pool=pool,
            hand=hand,
            cover=cover,
            abilities=abilities,
            rules=rules,
            path=plot,
            lang=language,
        )
    if json:
        print_json(_to_json(result, rules, plot))
        return
    w = words(language)
    console.print(
        w.phrase(
            "{card}, {weapon}, {distance}, {cover}; the defender holds {hand} of {unseen} "
            "unseen cards",
            card=card_text(card, language),
            weapon=weapon_name(rules, result.weapon, language),
            distance=w.inches(distance),
            cover=cover_name(result.cover, language),
            hand=defense.hand_size,
            unseen=defense.unseen,
        ),
        markup=False,
    )
    grid = Table(show_header=True, header_style="bold")
    grid.add_column(w.phrase("wounds"), justify="right")
    grid.add_column(w.phrase("chance"), justify="right")
    grid.add_column("%", justify="right")
    for wounds, p in result.wounds:
        grid.add_row(str(wounds), str(p), _percent(p))
    console.print(grid)
    expected = f"{result.expected} ≈ {float(result.expected):.2f}"
    console.print(
        w.phrase(
            "Hit: {hit} ({percent}); expected wounds: {expected}",
            hit=str(result.hit),
            percent=_percent(result.hit),
            expected=expected,
        ),
        markup=False,
    )
    console.print(render(ASSUMPTION_MESSAGE, language), style="dim", markup=False)
    if plot is not None:
        console.print(w.phrase("Plot written to {file}", file=str(plot)), markup=False)


def _to_json(result: AttackOdds, rules: Ruleset, plot: Path | None) -> dict[str, Any]:
    from totenblatt.wanted.odds import ASSUMPTION

    return {
        "attack": str(result.card),
        "weapon": result.weapon,
        "distance": result.distance,
        "cover": result.cover.value,
        "hand": result.defense.hand_size,
        "unseen": result.defense.unseen,
        "ruleset": rules.name,
        "wounds": {str(w): str(p) for w, p in result.wounds},
        "wounds_float": {str(w): float(p) for w, p in result.wounds},
        "hit": str(result.hit),
        "hit_float": float(result.hit),
        "expected": str(result.expected),
        "expected_float": float(result.expected),
        "assumption": ASSUMPTION,
        "plot": None if plot is None else str(plot),
    }


def write_attack_plot(
    card: Card,
    *,
    defense_pool: Counter[Card],
    hand: int,
    cover: str,
    abilities: list[str],
    rules: Ruleset,
    path: Path,
    lang: str,
) -> None:
    """Expected wounds and hit chance of ``card`` over distance, one line per weapon (PNG).

    Every point is an exact :func:`~totenblatt.wanted.odds.attack_odds` (matplotlib, Agg).
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from totenblatt.wanted.odds import attack_odds, defense_odds

    w = words(lang)
    defense = defense_odds(defense_pool, hand, rules)
    bands = rules.attack.bands
    top = bands[-1] + 4
    xs = [i / 4 for i in range(int(top * 4) + 1)]
    fig = Figure(figsize=(8, 6), dpi=100)
    FigureCanvasAgg(fig)
    ax_w, ax_h = fig.subplots(2, 1, sharex=True)
    styles = ("-", "--", ":")
    colours = ("#0072B2", "#E69F00", "#009E73")  # Okabe-Ito: safe for colour-blind readers
    for i, key in enumerate(rules.weapons):
        rows = [
            attack_odds(
                card,
                weapon=key,
                distance=x,
                cover=cover,
                defense=defense,
                attacker_abilities=abilities,
                ruleset=rules,
            )
            for x in xs
        ]
        label = weapon_name(rules, key, lang)
        ls = styles[i % len(styles)]
        ax_w.plot(xs, [float(r.expected) for r in rows], ls, c=colours[i % 3], label=label, lw=2)
        ax_h.plot(xs, [float(r.hit) * 100 for r in rows], ls, c=colours[i % 3], label=label, lw=2)
    for edge in bands:
        for ax in (ax_w, ax_h):
            ax.axvline(edge, color="0.85", linewidth=0.8, zorder=0)
    ax_w.set_ylabel(w.phrase("expected wounds"))
    ax_h.set_ylabel(w.phrase("hit chance %"))
    ax_h.set_ylim(0, 100)
    ax_h.set_xlabel(w.phrase("distance (inches)"))
    ax_w.legend()
    ax_w.set_title(
        w.phrase(
            "{card} against {cover}, defender holds {hand} cards",
            card=card_text(card, lang),
            cover=cover_name(cover, lang),
            hand=defense.hand_size,
        )
    )
    fig.tight_layout()
    try:
        fig.savefig(path, format="png")
    except OSError as exc:
        fail(
            Message(
                "cannot write {file}: {reason}", file=repr(str(path)), reason=exc.strerror or exc
            )
        )
