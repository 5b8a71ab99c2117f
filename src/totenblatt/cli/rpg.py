"""``totenblatt probe`` and ``totenblatt odds``: the card-test RPG at the table, exact odds."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from totenblatt.cli.app import app, check_writable, console, fail, print_json
from totenblatt.cli.options import (
    DbOption,
    JsonOption,
    Lang,
    LangOption,
    RpgRulesetOption,
    plot_option,
    resolve_lang,
    seed_option,
)
from totenblatt.cli.plot_file import writing
from totenblatt.cli.rpg_plots import cell, write_curves, write_heatmap
from totenblatt.messages import Message
from totenblatt.rpg.levels import shifted
from totenblatt.rpg.odds import Odds, margin_rows, probe_odds, success_table
from totenblatt.rpg.probe import resolve_probe
from totenblatt.rpg.rules import Outcome, RpgRuleset
from totenblatt.text import words
from totenblatt.text.catalog import N_
from totenblatt.text.rpg import wound_name

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
ProbeJokersOption = Annotated[
    int | None,
    typer.Option(
        "--jokers",
        "-j",
        min=0,
        max=99,
        help=N_(
            "Jokers the player may spend, 0 to 99, each only while the test is not a success "
            "(D-33). With --character and without it: asked before each joker."
        ),
        show_default=False,
    ),
]


def _shift_option(name: str, help: str) -> Any:
    """A repeatable ``N:REASON`` shift of one side's level (read by ``parse_shifts``)."""
    return typer.Option(name, metavar="N:REASON", help=help, show_default=False)


ShiftOption = Annotated[
    list[str] | None,
    _shift_option(
        "--shift",
        N_(
            "Shift the player's level by N for a reason (fuzzy levels, C4), e.g. "
            "--shift=+1:rope or --shift=-1:rain; repeat for several."
        ),
    ),
]
AgainstShiftOption = Annotated[
    list[str] | None,
    _shift_option(
        "--against-shift",
        N_(
            "Shift the difficulty or the opponent's level by N for a reason, e.g. "
            "--against-shift=-1:club; repeat for several."
        ),
    ),
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


def _percent(p: Fraction) -> str:
    return f"{cell(p)} %"


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


CardsOption = Annotated[
    str | None,
    typer.Option(
        "--cards",
        help=N_("Cards the player drew at the table (base cards, then joker cards): 8 or J,2."),
    ),
]
AgainstOption = Annotated[
    str | None,
    typer.Option("--against", help=N_("Cards the game master / opponent drew: 5,7.")),
]
ProbeSeedOption = Annotated[
    int | None, seed_option(N_("Seed for the cards not given, 0 to 2**64-1 (default: random)."))
]


def _character_option(*names: str, help: str) -> Any:
    """A character of the database, by ``NAME`` (read by ``probe_sheets``)."""
    return typer.Option(*names, metavar="NAME", help=help)


CharacterOption = Annotated[
    str | None,
    _character_option(
        "--character",
        "-c",
        help=N_(
            "A character of the database: its level of --skill (a skill it lacks: 0) and "
            "its jokers play, and the jokers spent and the wound taken are written on "
            "its sheet."
        ),
    ),
]
AgainstCharacterOption = Annotated[
    str | None,
    _character_option(
        "--against-character",
        help=N_(
            "With --character: the opponent is this character of the database, at its "
            "level of --against-skill; the loser's wound is written on its sheet. Two "
            "player characters draw player against player."
        ),
    ),
]
AgainstSkillOption = Annotated[
    str | None,
    typer.Option(
        "--against-skill",
        help=N_("The opponent's skill (default: the same as --skill), e.g. Beweglichkeit."),
        metavar="SKILL",
    ),
]
MarginsOption = Annotated[
    bool,
    typer.Option(
        "--margins",
        help=N_(
            "Also the margin's distribution: every difference of the sums (player minus "
            "opponent) with its outcome, the loser's wound and its chance."
        ),
    ),
]
TableOption = Annotated[
    bool,
    typer.Option("--table", help=N_("The success chance for every skill x difficulty 0..8.")),
]
MaxLevelOption = Annotated[
    int, typer.Option("--max-level", help=N_("Highest level in the table."), min=0, max=12)
]
CurveOption = Annotated[
    bool,
    typer.Option(
        "--curve",
        help=N_(
            "The success chance over the level difference (skill − difficulty), one "
            "curve per joker count 0 to --jokers (default 0 to 3); --difficulty holds still."
        ),
    ),
]
PlotOption = Annotated[
    Path | None,
    plot_option(N_("Also draw a PNG: the heatmap of --table (implied), or the curves of --curve.")),
]


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
    jokers: ProbeJokersOption = None,
    shift: ShiftOption = None,
    against_shift: AgainstShiftOption = None,
    cards: CardsOption = None,
    against: AgainstOption = None,
    seed: ProbeSeedOption = None,
    character: CharacterOption = None,
    against_character: AgainstCharacterOption = None,
    against_skill: AgainstSkillOption = None,
    db: DbOption = None,
    ruleset: RpgRulesetOption = "rpg",
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Resolve one skill test (Probe): draw or read the cards and tell the result.

    Both sides draw one card, the higher level the difference more (0 = unaware target).
    Higher sum wins; equal sums go to the higher level, then to the player (--pvp: nothing).
    """
    from totenblatt.cli.probe_sheets import (
        SheetProbe,
        parse_shifts,
        print_probe,
        probe_data,
        probe_lines,
        probe_sheets,
    )

    language = resolve_lang(lang)
    if seed is None:
        seed = secrets.randbelow(2**32)
    if db is not None and character is None:
        fail(Message("--db names the database of --character: give --character NAME too"))
    shifts = parse_shifts(shift, "--shift")
    against_shifts = parse_shifts(against_shift, "--against-shift")
    if character is not None:
        if skill is None:
            fail(Message("missing option --skill (with --character: the name of a skill)"))
        ask = SheetProbe(
            character, skill, difficulty, against_character, against_skill, shifts,
            against_shifts, pvp, opponent, jokers, _values(cards, "--cards"),
            _values(against, "--against"), seed,
        )  # fmt: skip
        probe_sheets(ask, db, json, language)
        return
    if against_character is not None or against_skill is not None:
        fail(Message("--against-character and --against-skill need --character NAME"))
    rules = RpgRuleset.load(ruleset)
    base = _level(_probe_level(skill), "--skill")
    base_against = _level(difficulty, "--difficulty")
    result = resolve_probe(
        shifted(base, shifts),
        shifted(base_against, against_shifts),
        pvp=pvp,
        jokers=jokers or 0,
        player_cards=_values(cards, "--cards"),
        opponent_cards=_values(against, "--against"),
        seed=seed,
        ruleset=rules,
    )
    bases = (base, base_against)
    if json:
        print_json(probe_data(result, seed, rules, bases, shifts, against_shifts))
        return
    sides = (Message("the player"), Message("the difficulty"))
    lines = probe_lines(
        sides, bases, (shifts, against_shifts), result, rules, opponent=opponent, lang=language
    )
    print_probe(lines, seed, language, drawn=cards is None or against is None)


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
    margins: MarginsOption = False,
    table: TableOption = False,
    max_level: MaxLevelOption = 8,
    curve: CurveOption = False,
    plot: PlotOption = None,
    ruleset: RpgRulesetOption = "rpg",
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Exact odds of a skill test (the help text is :data:`_ODDS_HELP`)."""
    if ctx.invoked_subcommand is not None:
        return
    language = resolve_lang(lang)
    rules = RpgRuleset.load(ruleset)
    if margins and (curve or table or plot is not None):
        fail(Message("--margins belongs to one test: leave out --table, --curve and --plot"))
    if curve:
        if table or skill is not None:
            fail(Message("--curve varies the skill: leave out --table and --skill"))
        base = max_level // 2 if difficulty is None else min(difficulty, max_level)
        _curve(max_level, base, jokers or 3, _Chart(pvp, rules, plot, json, language))
        return
    if table or plot is not None:
        if skill is not None or difficulty is not None:
            fail(
                Message("--table shows every skill and difficulty: leave out --skill/--difficulty")
            )
        _table(max_level, jokers, _Chart(pvp, rules, plot, json, language))
        return
    result = probe_odds(
        _level(skill, "--skill"),
        _level(difficulty, "--difficulty"),
        pvp=pvp,
        jokers=jokers,
        ruleset=rules,
    )
    if json:
        print_json(_odds_data(result, rules, margins=margins))
        return
    _print_odds(result, rules, pvp=pvp, jokers=jokers, margins=margins, language=language)


def _odds_data(result: Odds, rules: RpgRuleset, *, margins: bool) -> dict[str, Any]:
    """``odds --json``: the odds, and with ``margins`` every margin with its chance."""
    data = result.to_dict()
    if margins:
        data["margins"] = [
            {
                "margin": row.margin,
                "outcome": row.outcome.value,
                "wound": None if row.wound is None else row.wound.value,
                "chance": str(row.chance),
                "float": float(row.chance),
            }
            for row in margin_rows(result, rules)
        ]
    return data


def _print_odds(
    result: Odds, rules: RpgRuleset, *, pvp: bool, jokers: int, margins: bool, language: Lang
) -> None:
    """``odds`` in the terminal: the levels, a table of the chances, the jokers spent."""
    w = words(language)
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
    if margins:
        console.print(_margin_grid(result, rules, language))


def _margin_grid(result: Odds, rules: RpgRuleset, language: Lang) -> Table:
    """The margin's distribution: each signed margin, what it means, its chance (``--margins``)."""
    w = words(language)
    grid = Table(
        title=w.phrase("Margin (player − opponent)"), show_header=True, header_style="bold"
    )
    grid.add_column(w.phrase("margin"), justify="right")
    grid.add_column(w.phrase("result"))
    grid.add_column(w.phrase("chance"), justify="right")
    grid.add_column("%", justify="right")
    said = {
        Outcome.SUCCESS: w.phrase("success"),
        Outcome.FAILURE: w.phrase("failure"),
        Outcome.NOTHING: w.phrase("nothing happens"),
    }
    for row in margin_rows(result, rules):
        what = said[row.outcome]
        if row.wound is not None:
            what = w.phrase("{result}, {wound}", result=what, wound=wound_name(row.wound, language))
        grid.add_row(
            f"{row.margin:+d}" if row.margin else "0", what, str(row.chance), _percent(row.chance)
        )
    return grid


@dataclass(frozen=True)
class _Chart:
    """What the odds' whole table and their curve share: player against player or not,
    the ruleset, the PNG to draw (``--plot``), JSON or text, the language."""

    pvp: bool
    rules: RpgRuleset
    plot: Path | None
    json: bool
    language: Lang

    def check(self) -> None:
        """Refuse a ``--plot`` that cannot be written, before any work."""
        if self.plot is not None:
            check_writable(self.plot)  # a new name or a regular file: never a FIFO or a device

    def draw(self, title: str, write: Callable[[Path, str], None]) -> None:
        """Draw the PNG when asked: ``write(plot, title)``, the title telling pvp."""
        if self.plot is None:
            return
        title += words(self.language).phrase(", player against player") if self.pvp else ""
        with writing(self.plot):
            write(self.plot, title)

    def show(self, data: dict[str, Any], grid: Table, written: str) -> None:
        """``data`` as JSON with the plot's path, or ``grid`` and then, when a plot was
        drawn, the line saying so (``written``, a phrase with ``{file}``)."""
        if self.json:
            print_json(data | {"plot": None if self.plot is None else str(self.plot)})
            return
        console.print(grid)
        if self.plot is not None:
            line = words(self.language).phrase(written, file=str(self.plot))
            console.print(line, markup=False)


def _table(max_level: int, jokers: int, chart: _Chart) -> None:
    chart.check()
    language = chart.language
    table = success_table(max_level, jokers=jokers, pvp=chart.pvp, ruleset=chart.rules)
    w = words(language)
    title = w.phrase_n("P(success), {n} joker", "P(success), {n} jokers", jokers)
    chart.draw(title, lambda path, head: write_heatmap(table, path, head, language))
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
        grid.add_row(str(s), *(cell(p) for p in row))
    data = {
        "jokers": jokers,
        "pvp": chart.pvp,
        "rows": "skill",
        "columns": "difficulty",
        "success": [[str(p) for p in row] for row in table],
        "success_float": [[float(p) for p in row] for row in table],
    }
    chart.show(data, grid, N_("Heatmap written to {file}"))


def _curve(max_level: int, difficulty: int, most_jokers: int, chart: _Chart) -> None:
    chart.check()
    language = chart.language
    w = words(language)
    curves = {
        j: [
            (
                s - difficulty,
                probe_odds(s, difficulty, pvp=chart.pvp, jokers=j, ruleset=chart.rules).success,
            )
            for s in range(max_level + 1)
        ]
        for j in range(most_jokers + 1)
    }
    title = w.phrase("P(success) against difficulty {level}", level=difficulty)
    chart.draw(title, lambda path, head: write_curves(curves, path, head, language))
    grid = Table(
        title=w.phrase(
            "Chance of success (in %) by level difference, difficulty {level}", level=difficulty
        )
    )
    grid.add_column(w.phrase("difference"), justify="right")
    for j in curves:
        grid.add_column(w.phrase_n("{n} joker", "{n} jokers", j), justify="right")
    for i, (d, _) in enumerate(curves[0]):
        grid.add_row(f"{d:+d}" if d else "0", *(cell(curves[j][i][1]) for j in curves))
    data = {
        "difficulty": difficulty,
        "pvp": chart.pvp,
        "jokers": list(curves),
        "difference": [d for d, _ in curves[0]],
        "success": {str(j): [str(p) for _, p in pts] for j, pts in curves.items()},
        "success_float": {str(j): [float(p) for _, p in pts] for j, pts in curves.items()},
    }
    chart.show(data, grid, N_("Plot written to {file}"))
