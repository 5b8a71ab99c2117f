"""``totenblatt odds attack``: the exact odds of one shot at a real table (A8-A12).

The figures come from :func:`totenblatt.wanted.odds.attack_odds` — the same exact
odds the engine's hint and bots use: the defender holds ``--hand`` cards drawn from
the cards not yet seen and plays the heart or joker that leaves the fewest wounds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypedDict

import typer
from rich.table import Table

from totenblatt.cards import Card, to_card
from totenblatt.cli._shot import check_distance, nine_lives, with_wild
from totenblatt.cli.app import check_writable, console, fail, print_json
from totenblatt.cli.options import (
    AttackerAbilityOption,
    CoverOption,
    DefenderAbilityOption,
    DistanceOption,
    JsonOption,
    LangOption,
    OptionalAttackCardOption,
    RulesetOption,
    WeaponOption,
    WildDefenseOption,
    WildOption,
    plot_option,
    target_ability_option,
    target_hp_option,
)
from totenblatt.cli.options import resolve_lang as _lang
from totenblatt.cli.plot_file import writing
from totenblatt.cli.rpg import odds_app
from totenblatt.messages import Message
from totenblatt.text import render, words
from totenblatt.text.catalog import N_, chance_digits
from totenblatt.text.odds import hand_head, ranked_attacks
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

    Refuses a seen card the deck does not hold that often (``--seen 4♥,4♥`` in one deck):
    :func:`~totenblatt.wanted.odds.table_pool`.
    """
    from totenblatt.wanted.odds import table_pool

    return table_pool([attack, *seen], rules)


def _percent(p: Fraction) -> str:
    return f"{chance_digits(p, 1)} %"


_HELP = N_(
    "The exact odds of one shot: the wounds and the chance to hit (A8-A12).\n\n"
    "The defender holds --hand cards drawn from the cards not yet seen and plays the heart "
    "(or joker) that leaves the fewest wounds, none when no card helps; its abilities "
    "(--defender-ability) count. With --cards, every spade (and joker) of your hand is "
    "ranked: which one to play."
)


HandCardsOption = Annotated[
    str | None,
    typer.Option(
        "--cards",
        metavar="CARDS",
        help=N_(
            "Your hand instead of --attack: Q♠,3♠,7♣ — each spade and joker is ranked "
            "(which spade should I play?); the hand's cards are not in the defender's."
        ),
    ),
]
DefenderHandOption = Annotated[
    int,
    typer.Option("--hand", min=0, max=200, help=N_("Cards in the defender's hand."), metavar="N"),
]
SeenOption = Annotated[
    str | None,
    typer.Option(
        "--seen",
        help=N_(
            "Cards already seen, not in the defender's hand: 4♥,K♥,2♣ (your own hand, "
            "cards played face up)."
        ),
        metavar="CARDS",
    ),
]
SharpshooterOption = Annotated[
    bool, typer.Option("--sharpshooter", help=N_("The attacker has Sharpshooter."))
]
OddsTargetHpOption = Annotated[
    int | None,
    target_hp_option(N_("The target's HP: also the chance it is out of the game (A11).")),
]
OddsTargetAbilityOption = Annotated[
    list[str] | None,
    target_ability_option(
        N_(
            "The target's abilities that act after the hit: nine_lives (its draw counts "
            "in the chance it is out). Needs --target-hp."
        )
    ),
]
DistancePlotOption = Annotated[
    Path | None,
    plot_option(N_("Also draw wounds and hit chance over distance for the three weapons (PNG).")),
]


@odds_app.command("attack", help=_HELP)
def odds_attack(
    weapon: WeaponOption,
    distance: DistanceOption,
    attack: OptionalAttackCardOption = None,
    cards: HandCardsOption = None,
    cover: CoverOption = "none",
    hand: DefenderHandOption = 5,
    seen: SeenOption = None,
    wild: WildOption = False,
    wild_defense: WildDefenseOption = False,
    sharpshooter: SharpshooterOption = False,
    attacker_ability: AttackerAbilityOption = None,
    defender_ability: DefenderAbilityOption = None,
    target_hp: OddsTargetHpOption = None,
    target_ability: OddsTargetAbilityOption = None,
    ruleset: RulesetOption = "base",
    json: JsonOption = False,
    plot: DistancePlotOption = None,
    lang: LangOption = None,
) -> None:
    """The exact odds of one shot (A8-A12); the help text is :data:`_HELP`."""
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.vocab import Ability

    language = _lang(lang)
    check_distance(distance)
    if attack is None and cards is None:
        fail(Message("give --attack (one card) or --cards (your hand)"))
    if attack is not None and cards is not None:
        fail(Message("give --attack (one card) or --cards (your hand), not both"))
    if plot is not None and cards is not None:
        fail(Message("--plot draws one card: give --attack instead of --cards"))
    rules = Ruleset.load(ruleset)
    shot = Shot(
        _Situation(
            weapon=weapon,
            distance=distance,
            cover=cover,
            hand_size=hand,
            seen=tuple(parse_seen(seen)),
            attacker_abilities=(
                *with_wild(attacker_ability, wild),
                *([Ability.SHARPSHOOTER] if sharpshooter else []),
            ),
            defender_abilities=with_wild(defender_ability, wild_defense),
            ruleset=rules,
        ),
        target_hp=target_hp,
        nine_lives=nine_lives(target_ability, target_hp),
    )
    if cards is not None:
        _rank_hand(parse_seen(cards), shot, rules, language, json_out=json)
        return
    assert attack is not None
    _one_card(to_card(attack), shot, rules, language, json_out=json, plot=plot)


class _Situation(TypedDict):
    """The keyword arguments of the odds of one shot, besides the attack card(s)."""

    weapon: str
    distance: float
    cover: str
    hand_size: int
    seen: tuple[Card, ...]
    attacker_abilities: tuple[str, ...]
    defender_abilities: tuple[str, ...]
    ruleset: Ruleset


@dataclass(frozen=True)
class Shot:
    """What ``odds attack`` was given besides the attack card(s)."""

    table: _Situation
    """The table as the odds functions take it (``shot_odds``, ``hand_odds``)."""
    target_hp: int | None
    nine_lives: bool

    def report(self, odds: AttackOdds, rules: Ruleset) -> dict[str, Any]:
        """The core's JSON of ``odds``: the figures, the abilities as the core read them,
        and the chance the target is out (:func:`~totenblatt.wanted.odds.odds_report`)."""
        from totenblatt.wanted.odds import odds_report

        return odds_report(
            odds,
            attacker_abilities=self.table["attacker_abilities"],
            target_hp=self.target_hp,
            nine_lives=self.nine_lives,
            ruleset=rules,
        )

    def extra(self, odds: AttackOdds, rules: Ruleset) -> dict[str, Any]:
        """The abilities as the core read them, and the chance the target is out."""
        return {k: v for k, v in self.report(odds, rules).items() if k not in odds.to_dict()}


def _one_card(
    card: Card, shot: Shot, rules: Ruleset, language: str, *, json_out: bool, plot: Path | None
) -> None:
    from totenblatt.wanted.odds import ASSUMPTION_MESSAGE, shot_odds

    if plot is not None:
        check_writable(plot)
    result = shot_odds(card, **shot.table)
    if plot is not None:
        write_attack_plot(
            card,
            defense_pool=unseen_pool(rules, card, list(shot.table["seen"])),
            hand=shot.table["hand_size"],
            cover=shot.table["cover"],
            abilities=list(shot.table["attacker_abilities"]),
            rules=rules,
            path=plot,
            lang=language,
            defender_abilities=shot.table["defender_abilities"],
        )
    if json_out:
        print_json(_to_json(result, rules, plot) | shot.extra(result, rules))
        return
    w = words(language)
    _shot_lines(_ONE_CARD, result, shot, rules, language, card=card_text(card, language))
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
    _out_line(result, shot, rules, language)
    console.print(render(ASSUMPTION_MESSAGE, language), style="dim", markup=False)
    if plot is not None:
        console.print(w.phrase("Plot written to {file}", file=str(plot)), markup=False)


_ONE_CARD = N_(
    "{card}, {weapon}, {distance}, {cover}; the defender holds {hand} of {unseen} unseen cards"
)
_HAND = N_(
    "Your hand {cards}; {weapon}, {distance}, {cover}; the defender holds {hand} of "
    "{unseen} unseen cards"
)


def _shot_lines(
    msgid: str, odds: AttackOdds, shot: Shot, rules: Ruleset, language: str, **cards: str
) -> None:
    """The shot above its odds (``msgid``: one card's or the hand's sentence, with
    ``cards``), then the defender's abilities when it has some."""
    w = words(language)
    console.print(
        w.phrase(
            msgid,
            **cards,
            weapon=weapon_name(rules, odds.weapon, language),
            distance=w.inches(shot.table["distance"]),
            cover=cover_name(odds.cover, language),
            hand=odds.defense.hand_size,
            unseen=odds.defense.unseen,
        ),
        markup=False,
    )
    _abilities_line(odds, shot, language)


def _abilities_line(result: AttackOdds, shot: Shot, language: str) -> None:
    """The defender's abilities, when it has some (they change its best choice)."""
    from totenblatt.text.vocab import ability_name

    if result.defender_abilities:
        names = ", ".join(ability_name(a, language) for a in result.defender_abilities)
        console.print(
            words(language).phrase("The defender's abilities: {names}", names=names),
            markup=False,
        )


_OUT = N_("Out of the game (at least {wounds} wounds): {out} ({percent})")
_OUT_LIVES = N_(
    "Out of the game (at least {wounds} wounds, Nine Lives' draw lost): {out} ({percent})"
)


def _out_line(result: AttackOdds, shot: Shot, rules: Ruleset, language: str) -> None:
    from totenblatt.wanted.odds import out_odds

    if shot.target_hp is None:
        return
    out = out_odds(result, shot.target_hp, nine_lives=shot.nine_lives, ruleset=rules)
    w = words(language)
    key = _OUT_LIVES if shot.nine_lives else _OUT
    console.print(
        w.phrase(key, wounds=shot.target_hp + 1, out=str(out), percent=_percent(out)),
        markup=False,
    )


def _rank_hand(
    hand: list[Card], shot: Shot, rules: Ruleset, language: str, *, json_out: bool
) -> None:
    """``--cards``: each attack of the hand with its odds, best first."""
    from totenblatt.wanted.odds import ASSUMPTION, ASSUMPTION_MESSAGE, hand_odds, out_odds

    options = hand_odds(hand, **shot.table, target_hp=shot.target_hp)
    if not options:
        fail(
            Message(
                "--cards {cards}: no spade or joker to attack with",
                cards=", ".join(str(c) for c in hand),
            )
        )
    first = options[0].odds
    if json_out:
        print_json(
            hand_head(hand, options)
            | {
                "ruleset": rules.name,
                "attacks": ranked_attacks(options, lambda odds: shot.report(odds, rules)),
                "best": str(options[0].card),
                "assumption": ASSUMPTION,
            }
        )
        return
    w = words(language)
    _shot_lines(_HAND, first, shot, rules, language, cards=" ".join(str(c) for c in hand))
    grid = Table(show_header=True, header_style="bold")
    grid.add_column("#", justify="right")
    grid.add_column(w.phrase("card"))
    grid.add_column(w.phrase("hit"), justify="right")
    grid.add_column(w.phrase("expected wounds"), justify="right")
    grid.add_column(w.phrase("wounds"))
    if shot.target_hp is not None:
        grid.add_column(w.phrase("out"), justify="right")
    for rank, option in enumerate(options, 1):
        odds = option.odds
        label = card_text(option.card, language)
        if option.wild:
            label = w.phrase("{card} as a joker (Wild 2)", card=label)
        spread = " · ".join(f"{n}: {_percent(p)}" for n, p in odds.wounds)
        row = [str(rank), label, _percent(odds.hit), f"{float(odds.expected):.2f}", spread]
        if shot.target_hp is not None:
            out = out_odds(odds, shot.target_hp, nine_lives=shot.nine_lives, ruleset=rules)
            row.append(_percent(out))
        grid.add_row(*row)
    console.print(grid)
    console.print(w.phrase("Play {card}.", card=card_text(options[0].card, language)), markup=False)
    console.print(render(ASSUMPTION_MESSAGE, language), style="dim", markup=False)


def _to_json(result: AttackOdds, rules: Ruleset, plot: Path | None) -> dict[str, Any]:
    from totenblatt.wanted.odds import ASSUMPTION

    data = result.to_dict()
    return {
        **{k: data[k] for k in ("attack", "weapon", "distance", "cover", "hand", "unseen")},
        "ruleset": rules.name,
        **{k: data[k] for k in data if k.startswith(("wounds", "hit", "expected"))},
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
    defender_abilities: tuple[str, ...] = (),
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
                defender_abilities=defender_abilities,
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
    with writing(path):
        fig.savefig(path, format="png")
