"""``totenblatt probe`` and ``totenblatt odds``: the card-test RPG at the table, exact odds."""

from __future__ import annotations

import secrets
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from totenblatt.cli.app import app, check_writable, console, fail, print_json
from totenblatt.cli.options import (
    DbOption,
    JsonOption,
    Lang,
    LangOption,
    RpgRulesetOption,
    resolve_lang,
    seed_option,
)
from totenblatt.messages import Message
from totenblatt.rpg.character import Character
from totenblatt.rpg.odds import probe_odds, success_table
from totenblatt.rpg.probe import resolve_probe
from totenblatt.rpg.rules import RpgRuleset
from totenblatt.text import words
from totenblatt.text.catalog import N_
from totenblatt.text.rpg import narrate_probe, wound_name

__all__ = ["odds", "odds_app", "probe", "write_curves", "write_heatmap"]

SkillOption = Annotated[
    int | None,
    typer.Option(
        "--skill",
        "-s",
        max=99,
        help=N_("The player's level (Fähigkeit), 0 to 99."),
        show_default=False,
    ),
]
DifficultyOption = Annotated[
    int | None,
    typer.Option(
        "--difficulty",
        "-d",
        max=99,
        help=N_("Difficulty (Schwierigkeitsstufe) or the opponent's level, 0 to 99."),
        show_default=False,
    ),
]
PvpOption = Annotated[
    bool,
    typer.Option("--pvp", help=N_("Player against player: equal sums at equal levels do nothing.")),
]
OpponentOption = Annotated[
    bool,
    typer.Option(
        "--opponent",
        help=N_(
            "--difficulty is an opponent's level (a fight, C4): a success wounds the "
            "opponent. Without it (and without --pvp) the test is against a difficulty."
        ),
    ),
]
JokersOption = Annotated[
    int,
    typer.Option("--jokers", "-j", max=99, help=N_("Jokers the player may spend, 0 to 99 (D-33).")),
]


def _values(text: str | None, what: str) -> list[str] | None:
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if not all(parts):
        fail(
            Message(
                "{option} {text}: expected card values separated by commas, e.g. 5,7 or J,2",
                option=what,
                text=repr(text),
            )
        )
    return parts


def _level(value: int | None, option: str) -> int:
    if value is None:
        fail(Message("missing option {option} (a level, 0 or more)", option=option))
    return value


def _cell(p: Fraction) -> str:
    """A chance in percent that never shows an impossible 0 or a certain 100 by rounding."""
    if p in (0, 1):
        return str(int(p * 100))
    text = f"{float(p) * 100:.1f}"
    return {"0.0": "<0.1", "100.0": ">99.9"}.get(text, text)


def _percent(p: Fraction) -> str:
    return f"{_cell(p)} %"


ProbeSkillOption = Annotated[
    str | None,
    typer.Option(
        "--skill",
        "-s",
        help=N_(
            "The player's level (Fähigkeit), 0 to 99; with --character the name of a skill "
            "on the sheet."
        ),
        show_default=False,
        metavar="LEVEL|SKILL",
    ),
]


def _probe_level(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        value = 100
    if value > 99:  # below 0: the core names the rule
        fail(
            Message(
                "--skill {text}: expected a level 0 to 99 (or a skill name with --character)",
                text=repr(text),
            )
        )
    return value


_PROBE_HELP = N_(
    "Resolve one skill test (Probe): draw or read the cards and tell the result.\n\n"
    "Both sides draw one card, the higher level the difference more (0 = unaware target). "
    "Higher sum wins; equal sums go to the higher level, then to the player (--pvp: nothing)."
)


@app.command(help=_PROBE_HELP)
def probe(
    skill: ProbeSkillOption = None,
    difficulty: DifficultyOption = None,
    pvp: PvpOption = False,
    opponent: OpponentOption = False,
    jokers: JokersOption = 0,
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards",
            help=N_("Cards the player drew at the table (base cards, then joker cards): 8 or J,2."),
        ),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option("--against", help=N_("Cards the game master / opponent drew: 5,7.")),
    ] = None,
    seed: Annotated[
        int | None, seed_option(N_("Seed for the cards not given, 0 to 2**64-1 (default: random)."))
    ] = None,
    character: Annotated[
        str | None,
        typer.Option(
            "--character",
            "-c",
            help=N_(
                "A character of the database: its level of --skill and its jokers play, and "
                "the jokers spent and the wound taken are written on its sheet."
            ),
            metavar="NAME",
        ),
    ] = None,
    db: DbOption = None,
    ruleset: RpgRulesetOption = "rpg",
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Resolve one skill test (Probe): draw or read the cards and tell the result.

    Both sides draw one card, the higher level the difference more (0 = unaware target).
    Higher sum wins; equal sums go to the higher level, then to the player (--pvp: nothing).
    """
    language = resolve_lang(lang)
    if seed is None:
        seed = secrets.randbelow(2**32)
    if db is not None and character is None:
        fail(Message("--db names the database of --character: give --character NAME too"))
    if character is not None:
        _probe_character(
            character, skill, _level(difficulty, "--difficulty"), pvp, jokers, cards, against,
            seed, db, json, language, opponent=opponent,
        )  # fmt: skip
        return
    rules = RpgRuleset.load(ruleset)
    result = resolve_probe(
        _level(_probe_level(skill), "--skill"),
        _level(difficulty, "--difficulty"),
        pvp=pvp,
        jokers=jokers,
        player_cards=_values(cards, "--cards"),
        opponent_cards=_values(against, "--against"),
        seed=seed,
        ruleset=rules,
    )
    if json:
        print_json(result.to_dict() | {"seed": seed, "ruleset": rules.name})
        return
    for line in narrate_probe(result, language, rules, opponent=opponent):
        console.print(line, markup=False, soft_wrap=True)
    if cards is None or against is None:
        console.print(words(language).phrase("(seed {seed})", seed=seed), style="dim")


def _probe_character(
    name: str,
    skill: str | None,
    difficulty: int,
    pvp: bool,
    jokers: int,
    cards: str | None,
    against: str | None,
    seed: int,
    db: str | None,
    json: bool,
    language: Lang,
    *,
    opponent: bool,
) -> None:
    """A test of a stored character: its level and jokers; the sheet records the result."""
    from totenblatt.cli.character import character_dict
    from totenblatt.rpg.rules import Outcome
    from totenblatt.store import Store

    if skill is None:
        fail(Message("missing option --skill (with --character: the name of a skill)"))
    with Store(db) as store:
        sheet = store.characters.get(name)
        if sheet.is_out:
            fail(
                Message(
                    "{name} is out (Fallobst, D-32) and takes no test; heal the character first",
                    name=sheet.name,
                )
            )
        if jokers > sheet.jokers:
            fail(
                Message(
                    "{name} holds {held} jokers and cannot spend {count}",
                    name=sheet.name,
                    held=sheet.jokers,
                    count=jokers,
                )
            )
        rules = sheet.rules
        result = resolve_probe(
            sheet.level(skill),
            difficulty,
            pvp=pvp,
            jokers=jokers or sheet.jokers,
            player_cards=_values(cards, "--cards"),
            opponent_cards=_values(against, "--against"),
            seed=seed,
            ruleset=rules,
        )
        hurt = result.outcome is Outcome.FAILURE and result.wound is not None

        def record(c: Character) -> Character:
            after = c.spent_jokers(result.jokers_spent) if result.jokers_spent else c
            return after.with_wound(result.wound) if hurt and result.wound else after

        args = {"skill": skill, "difficulty": difficulty, "seed": seed}
        after = store.characters.change([name], "probe", record, args | result.to_dict())[0]
    if json:
        data = result.to_dict() | {"seed": seed, "ruleset": rules.name}
        print_json(data | {"character": character_dict(after)})
        return
    for line in narrate_probe(result, language, rules, opponent=opponent):
        console.print(line, markup=False, soft_wrap=True)
    w = words(language)
    wound = wound_name(result.wound, language) if hurt and result.wound else w.phrase("no wound")
    console.print(
        w.phrase(
            "On {name}'s sheet: {wound}, {wounds}/{capacity} wound points, {jokers} jokers left.",
            name=after.name,
            wound=wound,
            wounds=after.wounds,
            capacity=after.capacity,
            jokers=after.jokers,
        ),
        markup=False,
    )
    if cards is None or against is None:
        console.print(w.phrase("(seed {seed})", seed=seed), style="dim")


odds_app = typer.Typer(
    name="odds",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    subcommand_metavar="[attack]",
)
app.add_typer(odds_app, name="odds")


_ODDS_HELP = N_(
    "Exact odds: a skill test of the RPG (--skill, --difficulty, --table), or one shot of "
    "the card game (odds attack).\n\n"
    "A skill test's odds are fractions and percent (jokers spent only while behind); "
    "--table gives the whole matrix of skills and difficulties."
)


@odds_app.callback(invoke_without_command=True, help=_ODDS_HELP)
def odds(
    ctx: typer.Context,
    skill: SkillOption = None,
    difficulty: DifficultyOption = None,
    pvp: PvpOption = False,
    jokers: JokersOption = 0,
    table: Annotated[
        bool,
        typer.Option("--table", help=N_("The success chance for every skill x difficulty 0..8.")),
    ] = False,
    max_level: Annotated[
        int, typer.Option("--max-level", help=N_("Highest level in the table."), min=0, max=12)
    ] = 8,
    curve: Annotated[
        bool,
        typer.Option(
            "--curve",
            help=N_(
                "The success chance over the level difference (skill − difficulty), one "
                "curve per joker count 0 to --jokers (default 0 to 3); --difficulty holds still."
            ),
        ),
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help=N_("Also draw a PNG: the heatmap of --table (implied), or the curves of --curve."),
            metavar="FILE",
        ),
    ] = None,
    ruleset: RpgRulesetOption = "rpg",
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Exact odds of a skill test (the help text is :data:`_ODDS_HELP`)."""
    if ctx.invoked_subcommand is not None:
        return
    language = resolve_lang(lang)
    w = words(language)
    rules = RpgRuleset.load(ruleset)
    if curve:
        if table or skill is not None:
            fail(Message("--curve varies the skill: leave out --table and --skill"))
        base = max_level // 2 if difficulty is None else min(difficulty, max_level)
        _curve(max_level, base, jokers or 3, pvp, rules, plot, json, language)
        return
    if table or plot is not None:
        if skill is not None or difficulty is not None:
            fail(
                Message("--table shows every skill and difficulty: leave out --skill/--difficulty")
            )
        _table(max_level, jokers, pvp, rules, plot, json, language)
        return
    result = probe_odds(
        _level(skill, "--skill"),
        _level(difficulty, "--difficulty"),
        pvp=pvp,
        jokers=jokers,
        ruleset=rules,
    )
    if json:
        print_json(result.to_dict())
        return
    levels = f"{result.skill} / {result.difficulty}"
    counts = f"{result.player_cards} / {result.opponent_cards}"
    if pvp:
        head = w.phrase("Player against player, levels {levels}", levels=levels)
    else:
        name = rules.difficulty_name(result.difficulty, language)
        head = w.phrase("Levels {levels} ({name})", levels=levels, name=name)
    console.print(
        w.phrase(
            "{head}; cards {counts}; jokers {jokers}", head=head, counts=counts, jokers=jokers
        ),
        markup=False,
        soft_wrap=True,
    )
    grid = Table(show_header=True, header_style="bold")
    grid.add_column(w.phrase("result"))
    grid.add_column(w.phrase("chance"), justify="right")
    grid.add_column("%", justify="right")
    rows = [(w.phrase("success"), result.success), (w.phrase("failure"), result.failure)]
    if pvp:
        rows.append((w.phrase("nothing happens"), result.nothing))
    for band, chance in result.wound.items():
        if band is not None:
            rows.append((w.phrase("loser takes {wound}", wound=wound_name(band, language)), chance))
    for label, chance in rows:
        grid.add_row(label, str(chance), _percent(chance))
    console.print(grid)
    if jokers:
        mean = f"{result.expected_jokers} ≈ {float(result.expected_jokers):.3f}"
        console.print(
            w.phrase("Expected jokers spent: {mean}", mean=mean), markup=False, soft_wrap=True
        )


def write_heatmap(table: list[list[Fraction]], path: Path, title: str, lang: str = "en") -> None:
    """Draw a success table as a heatmap PNG (matplotlib, Agg backend, no pyplot state).

    Colour-blind safe (cividis: dark blue to yellow, also readable in grey); every cell's
    label is white on the dark half and black on the light half.
    """
    w = words(lang)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    n = len(table)
    size = max(6.0, 0.6 * n + 2)
    fig = Figure(figsize=(size + 1, size), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    data = [[float(p) * 100 for p in row] for row in table]
    image = ax.imshow(data, cmap="cividis", vmin=0, vmax=100, origin="lower")
    for s, row in enumerate(table):
        for d, chance in enumerate(row):
            colour = "white" if float(chance) < 0.55 else "black"
            ax.text(d, s, _cell(chance), ha="center", va="center", fontsize=8, color=colour)
    ax.set_xlabel(w.phrase("difficulty"))
    ax.set_ylabel(w.phrase("skill"))
    ax.set_xticks(range(len(table)))
    ax.set_yticks(range(len(table)))
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label=w.phrase("success %"))
    fig.tight_layout()
    fig.savefig(path, format="png")


def _table(
    max_level: int,
    jokers: int,
    pvp: bool,
    rules: RpgRuleset,
    plot: Path | None,
    json: bool,
    language: Lang,
) -> None:
    if plot is not None:
        check_writable(plot)  # a new name or a regular file: never a FIFO or a device
    table = success_table(max_level, jokers=jokers, pvp=pvp, ruleset=rules)
    w = words(language)
    if plot is not None:
        title = w.phrase_n("P(success), {n} joker", "P(success), {n} jokers", jokers)
        title += w.phrase(", player against player") if pvp else ""
        try:
            write_heatmap(table, plot, title, language)
        except OSError as exc:
            fail(
                Message(
                    "cannot write {file}: {reason}",
                    file=repr(str(plot)),
                    reason=exc.strerror or exc,
                )
            )
    if json:
        print_json(
            {
                "jokers": jokers,
                "pvp": pvp,
                "rows": "skill",
                "columns": "difficulty",
                "success": [[str(p) for p in row] for row in table],
                "success_float": [[float(p) for p in row] for row in table],
                "plot": None if plot is None else str(plot),
            }
        )
        return
    grid = Table(
        title=w.phrase_n(
            "Success % (rows: skill, columns: difficulty), {n} joker",
            "Success % (rows: skill, columns: difficulty), {n} jokers",
            jokers,
        )
    )
    grid.add_column("")
    for d in range(max_level + 1):
        grid.add_column(str(d), justify="right")
    for s, row in enumerate(table):
        grid.add_row(str(s), *(_cell(p) for p in row))
    console.print(grid)
    if plot is not None:
        console.print(w.phrase("Heatmap written to {file}", file=str(plot)))


def write_curves(
    curves: dict[int, list[tuple[int, Fraction]]], path: Path, title: str, lang: str = "en"
) -> None:
    """Draw success over level difference, one line per joker count (PNG, Agg backend)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    w = words(lang)
    fig = Figure(figsize=(8, 5), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    colours = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000")
    markers = ("o", "s", "^", "D", "v", "P", "X")
    for i, (count, points) in enumerate(sorted(curves.items())):
        ax.plot(
            [d for d, _ in points],
            [float(p) * 100 for _, p in points],
            marker=markers[i % len(markers)],
            color=colours[i % len(colours)],
            label=w.phrase_n("{n} joker", "{n} jokers", count),
        )
    ax.set_xlabel(w.phrase("level difference (skill − difficulty)"))
    ax.set_ylabel(w.phrase("success %"))
    ax.set_ylim(0, 100)
    ax.grid(True, color="0.9")
    ax.legend()
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, format="png")


def _curve(
    max_level: int,
    difficulty: int,
    most_jokers: int,
    pvp: bool,
    rules: RpgRuleset,
    plot: Path | None,
    json: bool,
    language: Lang,
) -> None:
    if plot is not None:
        check_writable(plot)
    w = words(language)
    curves = {
        j: [
            (s - difficulty, probe_odds(s, difficulty, pvp=pvp, jokers=j, ruleset=rules).success)
            for s in range(max_level + 1)
        ]
        for j in range(most_jokers + 1)
    }
    if plot is not None:
        title = w.phrase("P(success) against difficulty {level}", level=difficulty)
        title += w.phrase(", player against player") if pvp else ""
        try:
            write_curves(curves, plot, title, language)
        except OSError as exc:
            fail(
                Message(
                    "cannot write {file}: {reason}",
                    file=repr(str(plot)),
                    reason=exc.strerror or exc,
                )
            )
    if json:
        print_json(
            {
                "difficulty": difficulty,
                "pvp": pvp,
                "jokers": list(curves),
                "difference": [d for d, _ in curves[0]],
                "success": {str(j): [str(p) for _, p in pts] for j, pts in curves.items()},
                "success_float": {str(j): [float(p) for _, p in pts] for j, pts in curves.items()},
                "plot": None if plot is None else str(plot),
            }
        )
        return
    grid = Table(
        title=w.phrase(
            "Chance of success (in %) by level difference, difficulty {level}", level=difficulty
        )
    )
    grid.add_column(w.phrase("difference"), justify="right")
    for j in curves:
        grid.add_column(w.phrase_n("{n} joker", "{n} jokers", j), justify="right")
    for i, (d, _) in enumerate(curves[0]):
        grid.add_row(f"{d:+d}" if d else "0", *(_cell(curves[j][i][1]) for j in curves))
    console.print(grid)
    if plot is not None:
        console.print(w.phrase("Plot written to {file}", file=str(plot)), markup=False)
