"""``totenblatt probe`` and ``totenblatt odds``: the card-test RPG at the table, exact odds."""

from __future__ import annotations

import secrets
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from totenblatt.cli.app import (
    JsonOption,
    Lang,
    LangOption,
    app,
    console,
    fail,
    pick,
    plural,
    print_json,
    resolve_lang,
)
from totenblatt.rpg.narrate import narrate, wound_name
from totenblatt.rpg.odds import probe_odds, success_table
from totenblatt.rpg.probe import resolve_probe
from totenblatt.rpg.rules import RpgRuleset

__all__ = ["odds", "probe", "write_heatmap"]

SkillOption = Annotated[
    int | None,
    typer.Option(
        "--skill", "-s", help="The player's level (Fähigkeit), 0 or more.", show_default=False
    ),
]
DifficultyOption = Annotated[
    int | None,
    typer.Option(
        "--difficulty",
        "-d",
        help="Difficulty (Schwierigkeitsstufe) or the opponent's level, 0 or more.",
        show_default=False,
    ),
]
PvpOption = Annotated[
    bool,
    typer.Option("--pvp", help="Player against player: equal sums at equal levels do nothing."),
]
JokersOption = Annotated[
    int, typer.Option("--jokers", "-j", help="Jokers the player may spend (D-33).")
]
RulesetOption = Annotated[
    str, typer.Option("--ruleset", help="RPG ruleset: built-in name or TOML file.")
]


def _values(text: str | None, what: str) -> list[str] | None:
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if not all(parts):
        fail(f"{what} {text!r}: expected card values separated by commas, e.g. 5,7 or J,2")
    return parts


def _level(value: int | None, option: str) -> int:
    if value is None:
        fail(f"missing option {option} (a level, 0 or more)")
    return value


def _cell(p: Fraction) -> str:
    """A chance in percent that never shows an impossible 0 or a certain 100 by rounding."""
    if p in (0, 1):
        return str(int(p * 100))
    text = f"{float(p) * 100:.1f}"
    return {"0.0": "<0.1", "100.0": ">99.9"}.get(text, text)


def _percent(p: Fraction) -> str:
    return f"{_cell(p)} %"


@app.command()
def probe(
    skill: SkillOption = None,
    difficulty: DifficultyOption = None,
    pvp: PvpOption = False,
    jokers: JokersOption = 0,
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards",
            help="Cards the player drew at the table (base cards, then joker cards): 8 or J,2.",
        ),
    ] = None,
    against: Annotated[
        str | None,
        typer.Option("--against", help="Cards the game master / opponent drew: 5,7."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for the cards not given (default: random).")
    ] = None,
    ruleset: RulesetOption = "rpg",
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Resolve one skill test (Probe): draw or read the cards and tell the result.

    Both sides draw one card, the higher level the difference more (0 = unaware target).
    Higher sum wins; equal sums go to the higher level, then to the player (--pvp: nothing).
    / Eine Probe: Karten ziehen oder eingeben, Ergebnis mit Wunde.
    """
    language = resolve_lang(lang)
    if seed is None:
        seed = secrets.randbelow(2**32)
    try:
        rules = RpgRuleset.load(ruleset)
        result = resolve_probe(
            _level(skill, "--skill"),
            _level(difficulty, "--difficulty"),
            pvp=pvp,
            jokers=jokers,
            player_cards=_values(cards, "--cards"),
            opponent_cards=_values(against, "--against"),
            seed=seed,
            ruleset=rules,
        )
    except ValueError as exc:
        fail(str(exc))
    if json:
        print_json(result.to_dict() | {"seed": seed, "ruleset": rules.name})
        return
    for line in narrate(result, language.value, rules):
        console.print(line, markup=False, soft_wrap=True)
    if cards is None or against is None:
        console.print(pick(language, f"(seed {seed})", f"(Seed {seed})"), style="dim")


@app.command()
def odds(
    skill: SkillOption = None,
    difficulty: DifficultyOption = None,
    pvp: PvpOption = False,
    jokers: JokersOption = 0,
    table: Annotated[
        bool,
        typer.Option("--table", help="The success chance for every skill x difficulty 0..8."),
    ] = False,
    max_level: Annotated[
        int, typer.Option("--max-level", help="Highest level in the table.", min=0, max=12)
    ] = 8,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Also draw the table as a heatmap PNG (implies --table)."),
    ] = None,
    ruleset: RulesetOption = "rpg",
    json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Exact odds of a skill test, as fractions and percent (jokers spent only while behind).

    / Exakte Erfolgschancen einer Probe, als Bruch und Prozent; --table für die ganze Matrix.
    """
    language = resolve_lang(lang)
    try:
        rules = RpgRuleset.load(ruleset)
        if table or plot is not None:
            if skill is not None or difficulty is not None:
                fail("--table shows every skill and difficulty: leave out --skill/--difficulty")
            _table(max_level, jokers, pvp, rules, plot, json, language)
            return
        result = probe_odds(
            _level(skill, "--skill"),
            _level(difficulty, "--difficulty"),
            pvp=pvp,
            jokers=jokers,
            ruleset=rules,
        )
    except ValueError as exc:
        fail(str(exc))
    if json:
        print_json(result.to_dict())
        return
    name = rules.difficulty_name(result.difficulty, language.value)
    levels = f"{result.skill} / {result.difficulty}"
    counts = f"{result.player_cards} / {result.opponent_cards}"
    console.print(
        pick(
            language,
            f"Player against player, levels {levels}" if pvp else f"Levels {levels} ({name})",
            f"Spieler gegen Spieler, Stufen {levels}" if pvp else f"Stufen {levels} ({name})",
        )
        + pick(
            language, f"; cards {counts}; jokers {jokers}", f"; Karten {counts}; Joker {jokers}"
        ),
        markup=False,
        soft_wrap=True,
    )
    grid = Table(show_header=True, header_style="bold")
    grid.add_column(pick(language, "result", "Ergebnis"))
    grid.add_column(pick(language, "chance", "Chance"), justify="right")
    grid.add_column("%", justify="right")
    rows = [
        (pick(language, "success", "gelungen"), result.success),
        (pick(language, "failure", "gescheitert"), result.failure),
    ]
    if pvp:
        rows.append((pick(language, "nothing happens", "nichts passiert"), result.nothing))
    for band, chance in result.wound.items():
        if band is not None:
            rows.append(
                (
                    pick(language, "loser takes ", "Verlierer: ")
                    + wound_name(band, language.value),
                    chance,
                )
            )
    for label, chance in rows:
        grid.add_row(label, str(chance), _percent(chance))
    console.print(grid)
    if jokers:
        mean = f"{result.expected_jokers} ≈ {float(result.expected_jokers):.3f}"
        console.print(
            pick(
                language, f"Expected jokers spent: {mean}", f"Erwartete eingesetzte Joker: {mean}"
            ),
            markup=False,
            soft_wrap=True,
        )


def write_heatmap(table: list[list[Fraction]], path: Path, title: str) -> None:
    """Draw a success table as a heatmap PNG (matplotlib, Agg backend, no pyplot state)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7, 6), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    data = [[float(p) * 100 for p in row] for row in table]
    image = ax.imshow(data, cmap="RdYlGn", vmin=0, vmax=100, origin="lower")
    for s, row in enumerate(table):
        for d, chance in enumerate(row):
            ax.text(d, s, _cell(chance), ha="center", va="center", fontsize=7)
    ax.set_xlabel("difficulty / Schwierigkeit")
    ax.set_ylabel("skill / Fähigkeit")
    ax.set_xticks(range(len(table)))
    ax.set_yticks(range(len(table)))
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label="success %")
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
    table = success_table(max_level, jokers=jokers, pvp=pvp, ruleset=rules)
    if plot is not None:
        title = f"P(success), {plural(jokers, 'joker', 'jokers')}" + (", PvP" if pvp else "")
        try:
            write_heatmap(table, plot, title)
        except OSError as exc:
            fail(f"cannot write {str(plot)!r}: {exc.strerror or exc}")
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
        title=pick(
            language,
            f"Success % (rows: skill, columns: difficulty), {plural(jokers, 'joker', 'jokers')}",
            f"Erfolg in % (Zeilen: Fähigkeit, Spalten: Schwierigkeit), {jokers} Joker",
        )
    )
    grid.add_column("")
    for d in range(max_level + 1):
        grid.add_column(str(d), justify="right")
    for s, row in enumerate(table):
        grid.add_row(str(s), *(_cell(p) for p in row))
    console.print(grid)
    if plot is not None:
        console.print(pick(language, f"Heatmap written to {plot}", f"Heatmap geschrieben: {plot}"))
