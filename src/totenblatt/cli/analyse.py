"""``totenblatt analyse``: where was a game lost? Every decision of a seat weighed afterwards.

The work is :func:`totenblatt.sim.analysis.analyse`'s (docs/analysis.md); this command
reads the game, shows a progress bar, and prints the decisions, the turning points and
the marks — or the JSON (``--json``), or writes a Markdown report with its graph.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from totenblatt.cli.app import app, check_writable, console, err_console, fail, print_json
from totenblatt.cli.options import (
    JsonOption,
    LangOption,
    QuietOption,
    resolve_lang,
    seed_option,
    workers_option,
)
from totenblatt.messages import Message
from totenblatt.text import words
from totenblatt.text.catalog import N_

if TYPE_CHECKING:
    from totenblatt.sim.analysis import Analysis
    from totenblatt.wanted.ask import PublicRecord
    from totenblatt.wanted.engine import Game

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
        Path,
        typer.Argument(
            help=N_(
                "A finished game: a file of 'totenblatt play --save FILE', or the browser's "
                "public replay (then each side's chance from the public view)."
            )
        ),
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
    workers: Annotated[int | None, workers_option(N_("Processes (default: every core)."))] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report", help=N_("Write a Markdown report to this file, its graph (PNG) beside it.")
        ),
    ] = None,
    quiet: QuietOption = False,
    json_out: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Analyse a finished game (see the module docstring)."""
    from totenblatt.sim.analysis import DEFAULT_BUDGET
    from totenblatt.wanted.engine import Game

    language = resolve_lang(lang)
    found = _finished(file)
    if seat is not None and seat >= found.seats:
        fail(
            Message(
                "--seat {seat}: this game has seats 0 to {last}", seat=seat, last=found.seats - 1
            )
        )
    if report is not None:
        check_writable(report)
        check_writable(report.with_suffix(".png"))
    chosen = seat if seat is not None else _default_seat(found)
    w = words(language)
    run = _runner(found, file, chosen, budget or DEFAULT_BUDGET, seed, workers)
    if not quiet and not json_out and not isinstance(found, Game):
        err_console.print(_public_notice(chosen, language))
    data = _with_bar(run, w.phrase("Analysing"), quiet=quiet).to_json(language)
    if report is not None:
        from totenblatt.sim.analysis.report import write_report

        write_report(data, report, language)
    if json_out:
        print_json(data)
        return
    _show(data, language)


def _public_notice(seat: int, language: str) -> str:
    """What a public replay's analysis shows, and what a referee save would."""
    return words(language).phrase(
        "A public replay holds no hand: each side's chance after every decision of "
        "seat {seat}, from the public view; a referee save ('totenblatt play --save') "
        "has every decision weighed.",
        seat=seat,
    )


def _with_bar(
    run: Callable[[Callable[[float], None] | None], Analysis], label: str, *, quiet: bool
) -> Analysis:
    """``run`` with a progress bar on standard error (share done, time), none when ``quiet``."""
    if quiet:
        return run(None)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        console=err_console,
    )
    with bar:
        task = bar.add_task(label, total=1.0)
        return run(lambda done: bar.update(task, completed=done))


def _finished(file: Path) -> Game | PublicRecord:
    """The finished game in ``file``: a referee save or the browser's public replay."""
    from totenblatt.cli._play_replay import read_replay_file

    found = read_replay_file(file)
    if not found.is_over:
        fail(
            Message(
                "the game in {file} is not finished: only a finished game is analysed",
                file=repr(str(file)),
            )
        )
    return found


def _runner(
    found: Game | PublicRecord, file: Path, seat: int, budget: int, seed: int, workers: int | None
) -> Callable[[Callable[[float], None] | None], Analysis]:
    """The analysis to run, given a progress callback: of the seat's own decisions from a
    referee save; the public form from a public replay (rebuilt first: a record that
    cannot be played again is refused here, in one line)."""
    from totenblatt.sim.analysis import analyse, record_points
    from totenblatt.sim.analysis import analyse_public_points as public
    from totenblatt.sim.analysis.public import RebuildError
    from totenblatt.wanted.engine import Game

    common: dict[str, Any] = {"budget": budget, "seed": seed, "workers": workers}
    if isinstance(found, Game):
        return lambda progress: analyse(found, seat, progress=progress, **common)
    try:
        points = record_points(found, seat)
    except RebuildError as exc:
        fail(
            Message(
                "{file}: {problem}; analyse a referee save of the game instead "
                "('totenblatt play --save FILE' writes one; the browser's export holds no "
                "hand), or open the game's Analysis in the browser",
                file=repr(str(file)),
                problem=exc.message,
            )
        )
    return lambda progress: public(
        points,
        seats=found.seats,
        ruleset=found.ruleset,
        scenario=found.scenario,
        progress=progress,
        **common,
    )


def _show(data: dict[str, Any], lang: str) -> None:
    from totenblatt.text.analysis import action_words, mark_words, seat_name

    w = words(lang)
    if data["public"]:
        _show_curve(data, lang)
        return
    table = Table(title=w.phrase("Analysis of {seat}", seat=seat_name(data["seat"], lang)))
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
        table.add_row(
            str(d["index"] + 1), str(d["round"]), played, best, mark_words(d["mark"], lang)
        )
    console.print(table)
    for p in data["turning_points"]:
        console.print(p["text"])


def _show_curve(data: dict[str, Any], lang: str) -> None:
    """The public form: each seat's estimated chance after each point of the curve."""
    w = words(lang)
    table = Table(title=w.phrase("Analysis (public view)"))
    table.add_column("#")
    table.add_column(w.phrase("Round"))
    for s in range(int(data["seats"])):
        table.add_column(w.phrase("Seat {seat}", seat=s))
    for p in data["curve"]:
        table.add_row(str(p["index"]), str(p["round"]), *(w.percent(x) for x in p["win"]))
    console.print(table)
