"""``totenblatt analyse``: where was a game lost? Every decision of a seat weighed afterwards.

The work is :func:`totenblatt.sim.analysis.analyse`'s (docs/analysis.md); this command
reads the game, shows a progress bar, and prints the decisions, the turning points and
the marks — or the JSON (``--json``), or writes a Markdown report with its graph.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from totenblatt.cli.app import app, check_writable, console, err_console, fail, print_json
from totenblatt.cli.options import JsonOption, LangOption, resolve_lang, seed_option
from totenblatt.messages import Message
from totenblatt.text import words
from totenblatt.text.catalog import N_

MAX_BUDGET = 10_000


def _default_seat(game: Any) -> int:
    """The first seat that did not win (where the game was lost), else seat 0."""
    winners = set(game.winners)
    return next((s for s in range(game.seats) if s not in winners), 0)


@app.command(
    help=N_(
        "Analyse a finished game: every decision of a seat weighed from its own view then, "
        "the mistakes marked, each side's chance over the game."
    )
)
def analyse(
    file: Annotated[
        Path, typer.Argument(help=N_("A finished game saved with 'totenblatt play --save FILE'."))
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            min=0,
            max=7,
            help=N_("The seat to analyse, 0 to 7 (default: the first that lost)."),
        ),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget",
            min=1,
            max=MAX_BUDGET,
            help=N_("Worlds each decision is weighed in (default 96; more: narrower intervals)."),
        ),
    ] = None,
    seed: Annotated[
        int, seed_option(N_("Seed of the analysis, 0 to 2**64-1: the same seed, the same result."))
    ] = 0,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", "-w", min=1, max=256, help=N_("Processes (default: every core).")
        ),
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report", help=N_("Write a Markdown report to this file, its graph (PNG) beside it.")
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=N_("No progress bar."))] = False,
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Analyse a finished game (see the module docstring)."""
    from totenblatt.cli._play_replay import read_replay_file
    from totenblatt.sim.analysis import DEFAULT_BUDGET
    from totenblatt.sim.analysis import analyse as run
    from totenblatt.wanted.engine import Game

    language = resolve_lang(lang)
    game = read_replay_file(file)
    if not isinstance(game, Game):
        fail(
            Message(
                "{file} is a public replay: it holds no hand and no seed, so its decisions "
                "cannot be weighed; analyse a file of 'totenblatt play --save' or open the "
                "game's Analysis in the browser",
                file=repr(str(file)),
            )
        )
    if not game.is_over:
        fail(
            Message(
                "the game in {file} is not finished: only a finished game is analysed",
                file=repr(str(file)),
            )
        )
    if seat is not None and seat >= game.seats:
        fail(
            Message(
                "--seat {seat}: this game has seats 0 to {last}", seat=seat, last=game.seats - 1
            )
        )
    if report is not None:
        check_writable(report)
        check_writable(report.with_suffix(".png"))
    chosen = seat if seat is not None else _default_seat(game)
    w = words(language)
    worlds = budget or DEFAULT_BUDGET
    if quiet:
        result = run(game, chosen, budget=worlds, seed=seed, workers=workers)
    else:
        bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.percentage:>3.0f}%"),
            TimeElapsedColumn(),
            console=err_console,
        )
        with bar:
            task = bar.add_task(w.phrase("Analysing"), total=1.0)
            result = run(
                game,
                chosen,
                budget=worlds,
                seed=seed,
                workers=workers,
                progress=lambda done: bar.update(task, completed=done),
            )
    data = result.to_json(language)
    if report is not None:
        from totenblatt.sim.analysis.report import write_report

        write_report(data, report, language)
    if json_out:
        print_json(data)
        return
    _show(data, language)


def _show(data: dict[str, Any], lang: str) -> None:
    from totenblatt.text.analysis import action_words, mark_words

    w = words(lang)
    table = Table(title=w.phrase("Analysis of seat {seat}", seat=data["seat"]))
    for name in ("#", w.phrase("Round"), w.phrase("Played"), w.phrase("Best"), w.phrase("Mark")):
        table.add_column(name)
    for d in data["decisions"]:
        played = f"{action_words(d['chosen'], lang)} {w.percent(d['chosen_win'])}"
        lo, hi = d["interval"]
        played += f" ({w.percent(lo)}–{w.percent(hi)})"
        best = (
            ""
            if d["best"] == d["chosen"]
            else f"{action_words(d['best'], lang)} {w.percent(d['best_win'])}"
        )
        table.add_row(str(d["index"]), str(d["round"]), played, best, mark_words(d["mark"], lang))
    console.print(table)
    for p in data["turning_points"]:
        console.print(p["text"])
