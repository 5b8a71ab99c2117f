"""The balance lab: mass simulation of Wanted games by bots, and balance experiments.

Game *i* of a run is played from a seed derived from the run's seed and *i*
alone (:func:`derive_seed`), so a run gives the same rows on one core, on every
core (process pool) or on a Dask cluster. Rows go to Parquet (:mod:`.rows`);
experiments (:mod:`.balance`) write Markdown reports with plots and JSON.
"""

from totenblatt.sim.play import Row, play_chunk, play_one
from totenblatt.sim.runner import Outcome, RunError, Runner, default_workers
from totenblatt.sim.spec import RunSpec, bot_names, derive_seed, parse_option

__all__ = [
    "Outcome",
    "Row",
    "RunError",
    "RunSpec",
    "Runner",
    "bot_names",
    "default_workers",
    "derive_seed",
    "parse_option",
    "play_chunk",
    "play_one",
]
