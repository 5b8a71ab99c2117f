"""What every balance experiment shares: cells of games, running them, writing the report.

An experiment is a list of :class:`Cell` (a run spec and a number of games), an
analysis of their rows into a JSON-ready summary, plots and a Markdown text.
Every cell plays game indices ``0 … games-1`` from the experiment's seed, so two
cells are *paired*: game *i* of each starts from the same seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypedDict

import pyarrow as pa
import pyarrow.parquet as pq

from totenblatt.sim.play import Row
from totenblatt.sim.rows import atomic_write, rows_table
from totenblatt.sim.runner import Outcome, Runner
from totenblatt.sim.spec import RunSpec
from totenblatt.sim.wording import say
from totenblatt.wanted.table import Scenario
from totenblatt.wanted.table.scenario import ruleset_for

__all__ = [
    "DEFAULT_SCENARIOS",
    "Cell",
    "CellOptions",
    "Experiment",
    "PerScenario",
    "Report",
    "decisive",
    "per_scenario_setup",
    "report_head",
    "run_experiment",
    "setup_lines",
    "write_report",
]

DEFAULT_SCENARIOS = ("duel", "gangs", "three-way", "heroes")
"""The built-in scenarios."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One point of an experiment: ``games`` games of ``spec`` (indices from 0)."""

    key: str
    spec: RunSpec
    games: int


class Experiment(Protocol):
    """A balance question: its cells, and how their rows become findings."""

    name: str
    """File stem of the report (``heroes-veteran``)."""

    def cells(self) -> list[Cell]:
        """The cells to play."""
        ...

    def analyse(self, rows: Mapping[str, Sequence[Row]]) -> dict[str, Any]:
        """The findings as JSON data (no timings: they are reproducible from the seed)."""
        ...

    def plots(self, summary: Mapping[str, Any], folder: Path) -> list[Path]:
        """Write the PNG plots into ``folder``; their paths."""
        ...

    def markdown(self, summary: Mapping[str, Any], plots: Sequence[Path], lang: str) -> str:
        """The report in ``lang`` (de or en); plots are linked by file name."""
        ...


@dataclass
class Report:
    """What an experiment run produced."""

    summary: dict[str, Any]
    files: list[Path]
    outcome: Outcome


def decisive(rows: Sequence[Row]) -> list[Row]:
    """The games that have a winner (no draw, not unfinished)."""
    return [r for r in rows if r["winners"]]


def setup_lines(setup: str, summary: Mapping[str, Any], lang: str) -> list[str]:
    """A report's setup paragraph and, when the run recorded its command line
    (``summary["command"]``), that line to run it again.

    >>> setup_lines("Ten games.", {"command": "totenblatt balance seats --games 10"}, "en")
    ['Ten games. Reproduce with:', '', '    totenblatt balance seats --games 10', '']
    >>> setup_lines("Ten games.", {}, "en")
    ['Ten games.', '']
    """
    command = summary.get("command")
    if not command:
        return [setup, ""]
    return [f"{setup} {say('reproduce', lang)}", "", f"    {command}", ""]


def report_head(
    name: str,
    summary: Mapping[str, Any],
    plots: Sequence[Path],
    lang: str,
    *,
    columns: int,
    title: Mapping[str, Any] | None = None,
    setup: Mapping[str, Any],
) -> list[str]:
    """A report's opening: its title (the sentence ``{name}_title`` with ``title``), its
    setup (``{name}_setup`` with ``setup``, :func:`setup_lines`), the ``plots`` and the
    head of its table (the sentence ``{name}_table_head``, ``columns`` wide).

    >>> setup = per_scenario_setup({"bot": "random", "games_per_scenario": 10, "seed": 0})
    >>> report_head("seats", {}, [Path("seats.png")], "en", columns=2, setup=setup)[3:6]
    ['', '![seats](seats.png)', '']
    """
    return [
        say(f"{name}_title", lang, **(title or {})),
        "",
        *setup_lines(say(f"{name}_setup", lang, **setup), summary, lang),
        *(f"![{p.stem}]({p.name})" for p in plots),
        "",
        say(f"{name}_table_head", lang),
        "|---" * columns + "|",
    ]


class CellOptions(TypedDict, total=False):
    """What a :class:`PerScenario` experiment takes, every key optional: the
    ``scenarios`` (:data:`DEFAULT_SCENARIOS`), ``games`` per cell (300), the ``seed`` (0)
    and the ``bot`` at every seat (``heuristic``)."""

    scenarios: Sequence[str]
    games: int
    seed: int
    bot: str


class PerScenario:
    """An experiment of one cell per scenario, the same bot at every seat (seats, rounds).

    ``table`` makes the table a scenario is played on (default: the scenario as it is).
    """

    name: str

    def __init__(
        self,
        *,
        scenarios: Sequence[str] = DEFAULT_SCENARIOS,
        games: int = 300,
        seed: int = 0,
        bot: str = "heuristic",
        table: Callable[[str], str | Scenario] = str,
    ) -> None:
        self.scenarios, self.games, self.seed, self.bot = tuple(scenarios), games, seed, bot
        self._cells = [
            Cell(s, RunSpec.make(table(s), ruleset_for(s), bots=[bot], seed=seed), games)
            for s in self.scenarios
        ]

    def cells(self) -> list[Cell]:
        """One cell per scenario."""
        return list(self._cells)

    def head(self) -> dict[str, Any]:
        """What a summary starts with: the bot, the seed, the games per scenario."""
        return {"bot": self.bot, "seed": self.seed, "games_per_scenario": self.games}


def per_scenario_setup(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The setup the experiments per scenario (seats, rounds) report: the bot at every seat,
    the games per scenario, the seed."""
    return {"bot": summary["bot"], "games": summary["games_per_scenario"], "seed": summary["seed"]}


def run_experiment(
    experiment: Experiment,
    runner: Runner,
    *,
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, list[Row]], Outcome]:
    """Play every cell; the rows by cell key (sorted by game) and the run's outcome."""
    cells = experiment.cells()
    outcome = runner.run([(c.spec, range(c.games)) for c in cells], progress=progress)
    rows = {
        cell.key: sorted(found, key=lambda r: int(r["game"]))
        for cell, found in zip(cells, outcome.rows, strict=True)
    }
    return rows, outcome


def write_report(
    experiment: Experiment,
    rows: Mapping[str, Sequence[Row]],
    folder: Path,
    *,
    timing: Mapping[str, Any] | None = None,
    command: str | None = None,
) -> tuple[dict[str, Any], list[Path]]:
    """Analyse, then write ``NAME.md`` (English and German), ``NAME.json``, the PNG plots
    and ``NAME.parquet`` (every game, with its cell) into ``folder``.

    ``command`` is the command line that runs the experiment again (the summary keeps
    it; the report shows it)."""
    folder.mkdir(parents=True, exist_ok=True)
    summary = experiment.analyse(rows)
    if command:
        summary["command"] = command
    plots = experiment.plots(summary, folder)
    name = experiment.name
    text = (
        experiment.markdown(summary, plots, "en")
        + "\n\n"
        + experiment.markdown(summary, plots, "de")
    )
    files = [*plots]
    files.append(_write(folder / f"{name}.md", text.rstrip() + "\n"))
    data = {"experiment": name, **summary, "timing": dict(timing or {})}
    files.append(_write(folder / f"{name}.json", json.dumps(data, indent=2, ensure_ascii=False)))
    files.append(_write_rows(folder / f"{name}.parquet", rows, experiment))
    return summary, files


def _write(path: Path, text: str) -> Path:
    return atomic_write(path, lambda tmp: Path(tmp).write_text(text, encoding="utf-8"))


def _write_rows(path: Path, rows: Mapping[str, Sequence[Row]], experiment: Experiment) -> Path:
    tables = []
    for cell in experiment.cells():
        table = rows_table(rows.get(cell.key, []))
        label = pa.array([cell.key] * table.num_rows, pa.string())
        tables.append(table.append_column("cell", label))
    runs = {c.key: c.spec.describe() for c in experiment.cells()}
    whole = pa.concat_tables(tables)
    whole = whole.replace_schema_metadata({b"totenblatt.balance": json.dumps(runs).encode()})
    return atomic_write(path, lambda tmp: pq.write_table(whole, tmp, compression="zstd"))
