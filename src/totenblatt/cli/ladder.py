"""``totenblatt ladder``: a round robin of bots on every core, Bradley–Terry ratings, a plot."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from totenblatt.cli._option_groups import TerminalOut
from totenblatt.cli.app import (
    CliError,
    app,
    check_writable,
    console,
    err_console,
    fail,
    print_json,
)
from totenblatt.cli.options import (
    DaskOption,
    RunSeedOption,
    WorkersOption,
    bots_option,
    games_option,
    plot_option,
)
from totenblatt.cli.sim import RunSetup, plays_many_games, progress_bar, run_setup_options
from totenblatt.messages import Message
from totenblatt.text import describe_error, error_line
from totenblatt.text.catalog import N_, words

if TYPE_CHECKING:
    from totenblatt.sim.ladder import Ladder


@app.command(
    help=N_("Play every pair of BOTS against each other and rate them (Bradley–Terry, Elo scale).")
)
@plays_many_games
@run_setup_options
def ladder(
    setup: RunSetup,
    bots: Annotated[
        str,
        bots_option(
            N_(
                "Two or more bots, comma-separated: random, heuristic, ismcts:N (N "
                "rollouts), learned:PATH (a trained policy)."
            )
        ),
    ] = "random,heuristic,ismcts:200",
    games: Annotated[
        int, games_option(N_("Games per pair of bots, 1 to 10^6 (made even)."), most=1_000_000)
    ] = 40,
    seed: RunSeedOption = 0,
    workers: WorkersOption = None,
    dask: DaskOption = None,
    plot: Annotated[
        Path | None, plot_option(N_("Write the ratings as a PNG picture here."))
    ] = None,
    *,
    shown: TerminalOut,
) -> None:
    """Play every pair of BOTS against each other and rate them (Bradley–Terry, Elo scale)."""
    from totenblatt.sim.ladder import ladder_bots, play_ladder, plot_ladder
    from totenblatt.sim.runner import RunError

    language = shown.language().value
    json_ = shown.json
    w = words(language)
    if plot is not None:
        check_writable(plot)
    names = ladder_bots([b for b in bots.split(",") if b.strip()], games)
    scenario = setup.scenario
    ruleset, options = setup.rules()
    _check_files(scenario, ruleset)  # before the progress bar: a refusal is one line
    pairs = len(names) * (len(names) - 1) // 2
    total = pairs * 2 * ((games + 1) // 2)
    try:
        with progress_bar(total, w.phrase("ladder games"), quiet=shown.quiet or json_) as advance:
            result = play_ladder(
                scenario,
                ruleset,
                names,
                games=games,
                seed=seed,
                options=options,
                workers=workers,
                dask=dask,
                progress=advance,
            )
    except RunError as exc:
        fail(str(exc))
    if not json_:
        _print(result, language)  # first: the games are not lost should the plot fail
    failed: Exception | None = None
    if plot is not None:
        title = w.phrase("Ladder: {scenario} ({ruleset})", scenario=scenario, ruleset=ruleset)
        try:
            plot_ladder(
                result, plot, title, w.phrase("Elo (Bradley–Terry), 95 % bootstrap interval")
            )
        except Exception as exc:  # any: the results are printed all the same, then one line
            failed = exc
    written = plot is not None and failed is None
    if json_:  # the run's results in any case; "plot" only when it was written
        print_json(result.as_dict() | ({"plot": str(plot)} if written else {}))
    elif written:
        console.print(w.phrase("plot written to {path}", path=str(plot)))
    if failed is not None:
        assert plot is not None
        err_console.print(_plot_failed(plot, failed, language), markup=False)
    if result.interrupted:
        err_console.print(w.phrase("interrupted: the ratings count the games finished so far"))
        raise typer.Exit(130)
    if failed is not None:
        raise typer.Exit(2)


def _plot_failed(plot: Path, exc: Exception, language: str) -> str:
    """``error: the plot 'x.png' was not written: …``, the line of a plot that failed.

    >>> _plot_failed(Path("x.png"), RuntimeError("no canvas"), "de")
    "Fehler: die Grafik 'x.png' wurde nicht geschrieben: no canvas"
    """
    message = Message(
        "the plot {path} was not written: {reason}",
        path=repr(str(plot)),
        reason=describe_error(exc, language),
    )
    return error_line(CliError(message), language)


def _print(result: Ladder, language: str) -> None:
    w = words(language)
    data = result.as_dict()
    pairs = len(result.pairings)
    console.print(
        w.phrase(
            "{pairs} pairings of {games} games each",
            pairs=pairs,
            games=data["run"]["games_per_pair"],
        )
    )
    for table in _tables(result, language):
        console.print(table)
    games = sum(p.games for p in result.pairings)
    seconds = w.number(result.seconds, 1)
    console.print(w.phrase("{games} games in {seconds} s", games=games, seconds=seconds))


def _tables(result: Ladder, language: str) -> tuple[Table, Table]:
    """The ratings (bootstrap intervals) and the pairings (Wilson intervals) as tables.

    >>> from totenblatt.sim.ladder import Ladder, Pairing
    >>> ladder = Ladder(["a", "b"], [Pairing("a", "b", 3, 1, 0)], [0.0, -190.0],
    ...                 [0.0, -400.0], [0.0, -20.0], {"games_per_pair": 4})
    >>> ratings, pairings = _tables(ladder, "en")
    >>> [str(c.header) for c in ratings.columns]
    ['#', 'bot', 'Elo', '95 % bootstrap interval', 'games']
    >>> [str(c.header) for c in pairings.columns]
    ['pairing', 'won–lost–drawn', 'score of the first', '95 % Wilson interval']
    >>> import io
    >>> from rich.console import Console
    >>> out = Console(width=100, record=True, file=io.StringIO())
    >>> out.print(ratings, pairings)
    >>> text = out.export_text()
    >>> "-400 … -20" in text, "75.0%" in text, "30.1%–95.4%" in text
    (True, True, True)
    """
    w = words(language)
    data = result.as_dict()
    ratings = Table(box=None, pad_edge=False)
    ratings.add_column("#", justify="right")
    ratings.add_column(w.phrase("bot"), justify="left")
    for head in ("Elo", w.phrase("95 % bootstrap interval"), w.phrase("games")):
        ratings.add_column(head, justify="right")
    for rank, r in enumerate(data["ratings"], 1):
        bounds = f"{r['low']:+.0f} … {r['high']:+.0f}"
        ratings.add_row(str(rank), r["bot"], f"{r['elo']:+.0f}", bounds, str(r["games"]))
    table = Table(box=None, pad_edge=False)
    table.add_column(w.phrase("pairing"), justify="left")
    heads = (w.phrase("won–lost–drawn"), w.phrase("score of the first"))
    for head in (*heads, w.phrase("95 % Wilson interval")):
        table.add_column(head, justify="right")
    for p in data["pairings"]:
        table.add_row(
            w.phrase("{first} vs {second}", first=p["first"], second=p["second"]),
            f"{p['first_wins']:.0f}–{p['second_wins']:.0f}–{p['draws']:.0f}",
            w.numeral(p["first_score"], ".1%"),
            f"{w.numeral(p['low'], '.1%')}–{w.numeral(p['high'], '.1%')}",
        )
    return ratings, table


def _check_files(scenario: str, ruleset: str) -> None:
    """Load the scenario and ruleset once, so a bad one is refused before any game starts."""
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import load_scenario

    load_scenario(scenario)
    Ruleset.load(ruleset)
