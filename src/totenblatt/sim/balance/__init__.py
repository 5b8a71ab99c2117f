"""Balance experiments: heroes against cowboys, abilities, seats, round limits.

Each experiment is a set of cells (a run spec and a number of games) played by
the runner, then analysed into a JSON summary, PNG plots and a Markdown report
in English and German (:func:`~totenblatt.sim.balance.core.write_report`).
"""

from totenblatt.sim.balance.abilities import AbilitiesExperiment
from totenblatt.sim.balance.core import Cell, Experiment, run_experiment, write_report
from totenblatt.sim.balance.heroes import HeroesExperiment
from totenblatt.sim.balance.rounds import RoundsExperiment
from totenblatt.sim.balance.seats import SeatsExperiment

__all__ = [
    "AbilitiesExperiment",
    "Cell",
    "Experiment",
    "HeroesExperiment",
    "RoundsExperiment",
    "SeatsExperiment",
    "run_experiment",
    "write_report",
]
