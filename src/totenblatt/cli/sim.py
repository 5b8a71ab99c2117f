"""``totenblatt sim``: many bot games on every core or a Dask cluster, one Parquet row per game."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from totenblatt.cli._option_groups import TerminalOut, option, packed_options, terminal_options
from totenblatt.cli.app import app, check_writable, console, err_console, fail, print_json
from totenblatt.cli.options import (
    BotsOption,
    DaskOption,
    OptionalRulesetOption,
    RulesetOptionsOption,
    RunSeedOption,
    ScenarioOption,
    WorkersOption,
    games_option,
    round_limit_option,
)
from totenblatt.extras import require
from totenblatt.messages import Message
from totenblatt.text.catalog import N_

if TYPE_CHECKING:
    from totenblatt.sim.runner import Runner
    from totenblatt.sim.spec import RunSpec

CHECKPOINT_SECONDS = 30.0
"""A running ``sim`` rewrites its file this often, so a crash loses little."""


class _Speed(ProgressColumn):
    """Games per second of the task so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:.1f} games/s")


def needs_sim_extra() -> None:
    """Stop with one line (before any work) when the ``sim`` extra is not installed."""
    require("sim", "pyarrow")  # dask only for --dask (the runner says so)


def needing_sim(command: Callable[..., None]) -> Callable[..., None]:
    """A decorator: the ``sim`` extra is checked first, before the command imports its
    modules (pyarrow)."""

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> None:
        needs_sim_extra()
        command(*args, **kwargs)

    return checked


def plays_many_games(command: Callable[..., None]) -> Callable[..., None]:
    """A decorator for a command that plays many games: the ``sim`` extra is checked first,
    and the command takes ``--quiet``, ``--json`` and ``--lang`` after its own options, as
    ``shown``."""
    return terminal_options(needing_sim(command))


@dataclass(frozen=True)
class RunSetup:
    """``--scenario``, ``--ruleset`` and ``--option`` of a run: its table and its rules."""

    scenario: str
    ruleset: str | None
    option: list[str] | None

    def rules(self) -> tuple[str, list[tuple[str, Any]]]:
        """The ruleset the run plays (``--ruleset``, else the one the scenario needs) and
        its ``--option key=value`` values, read."""
        from totenblatt.sim.spec import parse_option
        from totenblatt.wanted.table.scenario import ruleset_for

        options = [parse_option(o) for o in self.option or []]
        ruleset = self.ruleset if self.ruleset is not None else ruleset_for(self.scenario)
        return ruleset, options


run_setup_options = packed_options(
    (
        option("scenario", ScenarioOption, "duel"),
        option("ruleset", OptionalRulesetOption, None),
        option("option", RulesetOptionsOption, None),
    ),
    RunSetup,
    into="setup",
)
"""A decorator: the command takes ``--scenario``, ``--ruleset`` and ``--option`` where its
parameter ``setup`` stands, as one :class:`RunSetup`."""


@contextmanager
def progress_bar(total: int, label: str, *, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar on standard error with games/s and ETA; yields ``advance(n)``."""
    if quiet:
        yield lambda n: None
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _Speed(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err_console,
        speed_estimate_period=60.0,
    )
    task = bar.add_task(label, total=total)
    with bar:
        yield lambda n: bar.advance(task, n)


@contextmanager
def running(
    workers: int | None, dask: str | None, total: int, label: str, *, quiet: bool
) -> Iterator[tuple[Runner, Callable[[int], None]]]:
    """A runner on ``workers`` processes (or the Dask cluster ``dask``) with a progress bar
    of ``total`` games: what a command that plays many games sets up; yields the runner
    and ``advance(n)``."""
    from totenblatt.sim.runner import Runner

    with Runner(workers, dask) as runner, progress_bar(total, label, quiet=quiet) as advance:
        yield runner, advance


@app.command(help=N_("Play GAMES seeded bot games and write one row per game to a Parquet file."))
@plays_many_games
@run_setup_options
def sim(
    out: Annotated[Path, typer.Option("--out", "-o", help=N_("Results file (Parquet)."))],
    setup: RunSetup,
    bots: BotsOption = "heuristic",
    games: Annotated[
        int,
        games_option(N_("Games to play, 1 to 10^7."), most=10_000_000),
    ] = 100,
    seed: RunSeedOption = 0,
    workers: WorkersOption = None,
    dask: DaskOption = None,
    rotate: Annotated[
        bool, typer.Option("--rotate", help=N_("Turn the bots one seat on with every game."))
    ] = False,
    round_limit: Annotated[
        int | None,
        round_limit_option(N_("Play to this round limit instead, 1 to 1000 (D-22)."), least=1),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help=N_("Continue the run in --out: play only missing games.")),
    ] = False,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help=N_("Replace an existing --out file."))
    ] = False,
    *,
    shown: TerminalOut,
) -> None:
    """Play GAMES seeded bot games and write one row per game to a Parquet file."""
    from totenblatt.sim.rows import write_rows
    from totenblatt.sim.scenarios import with_round_limit
    from totenblatt.sim.spec import RunSpec
    from totenblatt.sim.wording import say
    from totenblatt.wanted.table import Scenario, load_scenario

    language = shown.language().value
    if resume and overwrite:
        fail(Message("--resume and --overwrite exclude each other: choose one"))
    rules, options = setup.rules()
    table: str | Scenario = setup.scenario
    if round_limit is not None:
        table = with_round_limit(load_scenario(setup.scenario), round_limit)
    spec = RunSpec.make(
        table, rules, bots=bots.split(","), seed=seed, options=options, rotate=rotate
    )
    run = spec.describe()
    kept, todo = _missing(out, run, games, resume=resume, overwrite=overwrite, language=language)
    check_writable(out)  # before any game is played
    rows = list(kept)
    if not todo and not out.exists():
        write_rows(out, rows, run)
    label = say("progress", language)
    interrupted, seconds = _play_missing(
        spec, todo, rows, out, run, workers=workers, dask=dask, label=label, quiet=shown.quiet
    )
    played = len(rows) - len(kept)
    total = len([r for r in rows if int(r["game"]) < games])
    if interrupted:
        err_console.print(say("interrupted", language, done=total, total=games, path=str(out)))
    done = {"out": str(out), "run": run, "games_requested": games, "played_now": played}
    _tell(rows, done, interrupted, seconds, json_=shown.json, language=language)
    if interrupted:
        raise typer.Exit(130)


def _missing(
    out: Path, run: dict[str, Any], games: int, *, resume: bool, overwrite: bool, language: str
) -> tuple[list[dict[str, Any]], list[int]]:
    """The rows of the run already in ``out`` (``--resume``; refused when ``out`` holds
    another run, or exists and neither ``--resume`` nor ``--overwrite`` was given) and the
    games still to play, said on standard error."""
    from totenblatt.sim.rows import read_rows
    from totenblatt.sim.wording import say

    kept: list[dict[str, Any]] = []
    if out.exists() and not overwrite:
        if not resume:
            fail(say("exists", language, path=str(out)))
        kept, before = read_rows(out)
        differ = sorted(k for k in run.keys() | before.keys() if run.get(k) != before.get(k))
        if differ:
            fail(say("other_run", language, path=str(out), keys=", ".join(differ)))
    done = {int(r["game"]) for r in kept}
    todo = [i for i in range(games) if i not in done]
    if not todo:
        err_console.print(say("nothing_to_do", language, total=games, path=str(out)))
    elif kept:
        err_console.print(say("resumed", language, done=len(done), todo=len(todo), path=str(out)))
    return kept, todo


def _play_missing(
    spec: RunSpec,
    todo: list[int],
    rows: list[dict[str, Any]],
    out: Path,
    run: dict[str, Any],
    *,
    workers: int | None,
    dask: str | None,
    label: str,
    quiet: bool,
) -> tuple[bool, float]:
    """Play the games ``todo`` of ``spec`` into ``rows``, saved to ``out`` every
    :data:`CHECKPOINT_SECONDS` and at the end; (interrupted, seconds). A run that fails
    keeps what it played, then stops with one line."""
    from totenblatt.sim.rows import write_rows
    from totenblatt.sim.runner import RunError

    if not todo:
        return False, 0.0
    last_save = time.monotonic()

    def checkpoint(job: int, new: list[dict[str, Any]]) -> None:
        nonlocal last_save
        rows.extend(new)
        if time.monotonic() - last_save > CHECKPOINT_SECONDS:
            write_rows(out, rows, run)
            last_save = time.monotonic()

    failure: str | None = None
    with running(workers, dask, len(todo), label, quiet=quiet) as (runner, advance):
        try:
            outcome = runner.run([(spec, todo)], progress=advance, on_rows=checkpoint)
        except RunError as exc:
            outcome, failure = exc.outcome, str(exc)
    write_rows(out, rows, run)
    if failure is not None:
        fail(failure)
    return outcome.interrupted, outcome.seconds


def _tell(
    rows: list[dict[str, Any]],
    done: dict[str, Any],
    interrupted: bool,
    seconds: float,
    *,
    json_: bool,
    language: str,
) -> None:
    """The run's summary: a JSON object (``done``: the file, the run, the games asked for
    and played now, first), or the tables and the line of what was saved."""
    from totenblatt.sim.stats import summarize
    from totenblatt.sim.wording import say

    summary = summarize(rows)
    speed = done["played_now"] / seconds if seconds else 0.0
    if json_:
        print_json(
            done
            | {
                "interrupted": interrupted,
                "seconds": round(seconds, 3),
                "games_per_s": round(speed, 2),
                "summary": summary,
            }
        )
        return
    _print_summary(summary, language)
    saved = say("saved", language, done=len(rows), path=done["out"], seconds=seconds, rate=speed)
    console.print(saved)


def _wins(r: dict[str, Any], language: str) -> tuple[str, str, str]:
    """Wins, win rate and its interval of one bot or seat, as ``language`` writes numbers."""
    from totenblatt.sim.wording import numeral

    rate, low, high = (numeral(r[k], ".1%", language) for k in ("rate", "low", "high"))
    return f"{int(r['successes'])}/{r['n']}", rate, f"{low}–{high}"


def _print_summary(summary: dict[str, Any], language: str) -> None:
    from totenblatt.sim.wording import end_reason, say

    table = Table(box=None, pad_edge=False)
    for key in ("col_bot", "col_wins", "col_rate", "col_interval"):
        table.add_column(say(key, language), justify="left" if key == "col_bot" else "right")
    for name, r in summary["bots"].items():
        table.add_row(name, *_wins(r, language))
    seats = Table(box=None, pad_edge=False)
    for key in ("col_seat", "col_wins", "col_rate", "col_interval"):
        seats.add_column(say(key, language), justify="right")
    for r in summary["seats"]:
        seats.add_row(str(r["seat"]), *_wins(r, language))
    console.print(table)
    console.print(seats)
    reasons = ", ".join(f"{end_reason(k, language)} {v}" for k, v in summary["end_reasons"].items())
    console.print(say("draws", language, n=summary["draws"]))
    console.print(say("end_reasons", language, reasons=reasons))
    console.print(
        say("rounds", language, mean=summary["rounds_mean"], longest=summary["rounds_max"])
    )
