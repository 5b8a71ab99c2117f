"""``totenblatt balance``: experiments that put the rules to the test and write a report."""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markdown import Markdown

from totenblatt.cli._option_groups import TERMINAL_GROUP, option, with_options
from totenblatt.cli.app import app, console, err_console, fail, print_json
from totenblatt.cli.options import (
    DaskOption,
    RulesetOptionsOption,
    RunSeedOption,
    WorkersOption,
    bots_option,
    command_line,
    games_option,
    resolve_lang,
    round_limit_option,
    scenario_option,
    weapon_option,
)
from totenblatt.cli.sim import needing_sim, running
from totenblatt.messages import Message
from totenblatt.text.catalog import N_

if TYPE_CHECKING:
    from totenblatt.sim.balance.core import Experiment

balance_app = typer.Typer(
    help=N_(
        "Balance experiments: heroes against cowboys (B2, D-5), abilities, seats, round "
        "limits; Markdown report with plots and JSON."
    ),
    no_args_is_help=True,
)
app.add_typer(balance_app, name="balance")

GamesOption = Annotated[
    int, games_option(N_("Games per point (cell) of the experiment, 1 to 10^6."), most=1_000_000)
]
OutOption = Annotated[
    Path, typer.Option("--out", "-o", help=N_("Folder for the report (created when missing)."))
]
BotOption = Annotated[str, typer.Option("--bot", help=N_("The bot at every seat."))]
ScenariosOption = Annotated[
    list[str] | None, scenario_option(N_("Scenario (repeatable; default: every built-in one)."))
]
_REPORT_GROUP = (
    option("workers", WorkersOption, None),
    option("dask", DaskOption, None),
    option("out", OutOption, Path("balance")),
    *TERMINAL_GROUP,
)
"""The options every experiment command takes after its own (:func:`_run` reads them from
the command's context): where it plays, where the report goes, what the terminal shows."""
_with_report_group = with_options(*_REPORT_GROUP)


def _report_options(command: Callable[..., None]) -> Callable[..., None]:
    """A decorator: an experiment command checks the ``sim`` extra first and takes the
    options of :data:`_REPORT_GROUP` after its own."""
    return _with_report_group(needing_sim(command))


NOT_REPRODUCED = frozenset(p.name for p in _REPORT_GROUP)
"""Options that change where a report goes and what the terminal shows, not its findings:
the report's line to run the experiment again leaves them out."""


def parse_counts(text: str) -> list[int]:
    """``1-10`` or ``1,2,3,5,8`` or ``1-4,6,8`` as a sorted list of counts.

    >>> parse_counts("1-4,6,8")
    [1, 2, 3, 4, 6, 8]
    """
    out: set[int] = set()
    try:
        for part in text.split(","):
            low, sep, high = part.strip().partition("-")
            first = int(low)
            last = int(high) if sep else first
            if first < 1 or last < first or last > 40:
                raise ValueError
            out.update(range(first, last + 1))
    except ValueError:
        raise ValueError(
            f"--cowboys {text!r}: expected counts from 1 to 40 like 1-10 or 1,2,3,5,8"
        ) from None
    return sorted(out)


def _run(ctx: typer.Context, experiment: Experiment) -> None:
    """Play ``experiment`` and write its report, with the options every experiment command
    takes after its own (``--workers``, ``--dask``, ``--out``, ``--quiet``, ``--json``,
    ``--lang``, read from ``ctx``); the report's line to run it again holds every option
    that shapes the findings, as parsed."""
    from totenblatt.sim.balance.core import run_experiment, write_report
    from totenblatt.sim.runner import RunError
    from totenblatt.sim.wording import say

    given = ctx.params
    out: Path = given["out"]
    workers: int | None = given["workers"]
    dask: str | None = given["dask"]
    quiet: bool = given["quiet"]
    json_: bool = given["json"]
    lang = resolve_lang(given["lang"]).value
    command = command_line(ctx, leave_out=NOT_REPRODUCED)
    if out.exists() and not out.is_dir():
        fail(
            Message("--out {path} is a file: expected a folder for the report", path=repr(str(out)))
        )
    total = sum(c.games for c in experiment.cells())
    start = time.perf_counter()
    with running(workers, dask, total, say("progress", lang), quiet=quiet) as (runner, advance):
        try:
            rows, outcome = run_experiment(experiment, runner, progress=advance)
        except RunError as exc:
            fail(str(exc))
        used = runner.workers
    if outcome.interrupted:
        err_console.print(say("balance_interrupted", lang, done=outcome.games, total=total))
        raise typer.Exit(130)
    seconds = time.perf_counter() - start
    timing = {
        "seconds": round(seconds, 1),
        "games": outcome.games,
        "games_per_s": round(outcome.games / outcome.seconds, 2) if outcome.seconds else None,
        "workers": used,
        "dask": dask,
        "machine": f"{platform.machine()}, Python {platform.python_version()}",
    }
    summary, files = write_report(experiment, rows, out, timing=timing, command=command)
    if json_:
        print_json({"experiment": experiment.name, **summary, "timing": timing,
                    "files": [str(f) for f in files]})  # fmt: skip
        return
    console.print(Markdown(experiment.markdown(summary, [], lang)))
    console.print(say("balance_done", lang, games=outcome.games, seconds=seconds, folder=str(out)))
    for path in files:
        console.print(f"  {path}")


@balance_app.command(
    help=N_("One hero against N standard cowboys in both hand modes: is the designer's claim true?")
)
@_report_options
def heroes(
    ctx: typer.Context,
    hero: Annotated[
        str, typer.Option("--hero", help=N_("veteran (Haudegen) or gunslinger (Revolverheld)."))
    ] = "veteran",
    games: GamesOption = 300,
    cowboys: Annotated[
        str | None,
        typer.Option(
            "--cowboys", help=N_("Numbers of cowboys N (default veteran 1-10, gunslinger 1-8).")
        ),
    ] = None,
    mode: Annotated[
        list[str] | None,
        typer.Option("--mode", help=N_("hand_mode per_player / per_character (default both).")),
    ] = None,
    table: Annotated[
        str, typer.Option("--table", help=N_("A point-symmetric two-seat built-in scenario."))
    ] = "duel",
    round_limit: Annotated[
        int, round_limit_option(N_("Round limit of every game, 0 (none) to 1000."), least=0)
    ] = 30,
    weapon: Annotated[str, weapon_option(N_("Everyone's weapon."), short=False)] = "colt",
    bots: Annotated[
        str, bots_option(N_("Bot of the hero's seat and the cowboys' (or one)."))
    ] = "heuristic",
    seed: RunSeedOption = 0,
) -> None:
    """One hero against N standard cowboys in both hand modes: is the designer's claim true?"""
    from totenblatt.sim.balance.heroes import MODES, HeroesExperiment

    experiment = HeroesExperiment(
        hero,
        cowboys=parse_counts(cowboys) if cowboys else None,
        modes=mode or MODES,
        games=games,
        seed=seed,
        bots=bots.split(","),
        table=table,
        round_limit=round_limit or None,
        weapon=weapon,
    )
    _run(ctx, experiment)


@balance_app.command(
    help=N_("The win-rate change from giving one figure each ability (paired seeds).")
)
@_report_options
def abilities(
    ctx: typer.Context,
    scenario: Annotated[str, scenario_option(N_("The scenario (extended rules)."))] = "duel",
    ability: Annotated[
        list[str] | None,
        typer.Option("--ability", help=N_("Ability (repeatable; default all 14).")),
    ] = None,
    option: RulesetOptionsOption = None,
    games: GamesOption = 300,
    bots: Annotated[str, bots_option(N_("Bots seat by seat (or one)."))] = "heuristic",
    seed: RunSeedOption = 0,
) -> None:
    """The win-rate change from giving one figure each ability (paired seeds)."""
    from totenblatt.sim.balance.abilities import AbilitiesExperiment
    from totenblatt.sim.spec import parse_option
    from totenblatt.wanted.vocab import Ability, parse_word

    chosen = [parse_word(Ability, a, "ability").value for a in ability or []]
    experiment = AbilitiesExperiment(
        scenario=scenario,
        abilities=chosen or None,
        games=games,
        seed=seed,
        bots=bots.split(","),
        options=[parse_option(o) for o in option or []],
    )
    _run(ctx, experiment)


@balance_app.command(help=N_("First-dealer and seat advantage per scenario."))
@_report_options
def seats(
    ctx: typer.Context,
    scenario: ScenariosOption = None,
    games: GamesOption = 300,
    bot: BotOption = "heuristic",
    seed: RunSeedOption = 0,
) -> None:
    """First-dealer and seat advantage per scenario."""
    from totenblatt.sim.balance.seats import DEFAULT_SCENARIOS, SeatsExperiment

    experiment = SeatsExperiment(
        scenarios=scenario or DEFAULT_SCENARIOS, games=games, seed=seed, bot=bot
    )
    _run(ctx, experiment)


@balance_app.command(
    help=N_("Game lengths per scenario and the round limit by which 90 % are decided (D-22).")
)
@_report_options
def rounds(
    ctx: typer.Context,
    scenario: ScenariosOption = None,
    games: GamesOption = 300,
    cap: Annotated[
        int,
        typer.Option(
            "--cap", min=1, max=1000, help=N_("Round limit the games are played to, 1 to 1000.")
        ),
    ] = 40,
    target: Annotated[
        float,
        typer.Option("--target", min=0.01, max=1.0, help=N_("Share of decided games wanted.")),
    ] = 0.9,
    bot: BotOption = "heuristic",
    seed: RunSeedOption = 0,
) -> None:
    """Game lengths per scenario and the round limit by which 90 % are decided (D-22)."""
    from totenblatt.sim.balance.rounds import RoundsExperiment
    from totenblatt.sim.balance.seats import DEFAULT_SCENARIOS

    experiment = RoundsExperiment(
        scenarios=scenario or DEFAULT_SCENARIOS,
        games=games,
        seed=seed,
        bot=bot,
        cap=cap,
        target=target,
    )
    _run(ctx, experiment)
