"""A ladder of bots: a round robin played by the simulation runner, Bradley–Terry ratings.

Every pair of bots plays ``games`` games in *duplicate*: deal *i* is played twice,
once with the first bot in seat 0 (and every other even seat) and once with the
seats swapped, so luck of the deal cancels. Every pair meets on the same deals
(the run seed alone picks them). A game counts as a win for the bot whose seats
are among the winners while the other's are not; a draw (or both on the winning
team) counts half for each.

Ratings: the Bradley–Terry model (P(a beats b) = p_a / (p_a + p_b)) fitted by the
MM algorithm (Hunter 2004) with draws as half wins and a weak prior (one drawn
game between every pair, so a bot that never wins keeps a finite rating), on the
Elo scale (400 · log10 p), the first bot at 0. Intervals: 95 % percentile
intervals of a parametric bootstrap (every pair's games played again from the
fitted model, draws at their observed rate; seeded). Pairwise win rates carry 95 %
Wilson intervals.

>>> ratings = fit_ratings(["a", "b"], {("a", "b"): (30, 10, 0)})
>>> [round(r, 0) for r in ratings]
[0.0, -185.0]
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from totenblatt.sim.play import Row
from totenblatt.sim.runner import Job, Runner
from totenblatt.sim.spec import RunSpec, check_bot, derive_seed
from totenblatt.sim.stats import wilson

__all__ = [
    "Ladder",
    "Pairing",
    "fit_ratings",
    "ladder_bots",
    "play_ladder",
    "plot_ladder",
    "score_row",
]

PRIOR_DRAWS = 1.0
"""Virtual drawn games between every pair (keeps ratings finite)."""
BOOTSTRAP = 400
"""Bootstrap resamples for the rating intervals."""

Result = tuple[float, float, float]
"""(wins of the first bot, wins of the second, draws)."""


@dataclass
class Pairing:
    """The games of two bots against each other."""

    first: str
    second: str
    wins: float = 0.0
    losses: float = 0.0
    draws: float = 0.0

    @property
    def names(self) -> tuple[str, str]:
        """Both bots."""
        return self.first, self.second

    @property
    def games(self) -> int:
        """Games played."""
        return int(self.wins + self.losses + self.draws)

    def as_dict(self) -> dict[str, Any]:
        """JSON data: the counts, the first bot's score rate and its Wilson interval."""
        n = self.games
        points = self.wins + self.draws / 2
        low, high = wilson(points, n) if n else (0.0, 1.0)
        return {
            "first": self.first,
            "second": self.second,
            "games": n,
            "first_wins": self.wins,
            "second_wins": self.losses,
            "draws": self.draws,
            "first_score": points / n if n else math.nan,
            "low": low,
            "high": high,
        }


@dataclass
class Ladder:
    """A finished ladder: pairings, ratings (Elo scale) with intervals, and the run."""

    bots: list[str]
    pairings: list[Pairing]
    elo: list[float]
    low: list[float]
    high: list[float]
    run: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    interrupted: bool = False

    def as_dict(self) -> dict[str, Any]:
        """JSON data of the ladder, best bot first."""
        order = sorted(range(len(self.bots)), key=lambda i: -self.elo[i])
        return {
            "run": self.run,
            "seconds": round(self.seconds, 1),
            "interrupted": self.interrupted,
            "ratings": [
                {
                    "bot": self.bots[i],
                    "elo": round(self.elo[i], 1),
                    "low": round(self.low[i], 1),
                    "high": round(self.high[i], 1),
                    "games": sum(p.games for p in self.pairings if self.bots[i] in p.names),
                }
                for i in order
            ],
            "pairings": [p.as_dict() for p in self.pairings],
        }


def score_row(row: Row, first: str, second: str) -> Result:
    """One game's result between ``first`` and ``second`` (see the module docstring)."""
    winners = set(row["winners"])
    mine = {s for s, b in enumerate(row["bots"]) if b == first}
    theirs = {s for s, b in enumerate(row["bots"]) if b == second}
    a, b = bool(mine & winners), bool(theirs & winners)
    if a and not b:
        return 1.0, 0.0, 0.0
    if b and not a:
        return 0.0, 1.0, 0.0
    return 0.0, 0.0, 1.0


def fit_ratings(
    bots: Sequence[str],
    results: Mapping[tuple[str, str], Result],
    *,
    prior: float = PRIOR_DRAWS,
    rounds: int = 2000,
) -> list[float]:
    """Bradley–Terry ratings on the Elo scale, the first bot at 0 (see the module docstring)."""
    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    wins = [[0.0] * n for _ in range(n)]
    for (a, b), (w, l_, d) in results.items():
        i, j = index[a], index[b]
        wins[i][j] += w + d / 2 + prior / 2
        wins[j][i] += l_ + d / 2 + prior / 2
    games = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    p = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            total = sum(wins[i])
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            new.append(total / denom if denom else p[i])
        scale = math.exp(sum(math.log(max(x, 1e-300)) for x in new) / n)
        new = [x / scale for x in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True))
        p = new
        if change < 1e-10:
            break
    base = math.log10(p[0])
    return [400 * (math.log10(x) - base) for x in p]


def _bootstrap(
    bots: Sequence[str],
    results: Mapping[tuple[str, str], Result],
    elo: Sequence[float],
    seed: int,
) -> tuple[list[float], list[float]]:
    """Percentile intervals of a parametric bootstrap: games re-played from the fitted model."""
    rng = random.Random(seed)
    index = {b: i for i, b in enumerate(bots)}
    model: list[tuple[tuple[str, str], int, float, float]] = []
    for (a, b), (w, l_, d) in results.items():
        n = int(w + l_ + d)
        draw = (d + 0.5) / (n + 1)
        first = 1 / (1 + 10 ** ((elo[index[b]] - elo[index[a]]) / 400))
        model.append(((a, b), n, draw, first))
    samples: list[list[float]] = []
    for _ in range(BOOTSTRAP):
        drawn: dict[tuple[str, str], Result] = {}
        for pair, n, draw, first in model:
            counts = [0.0, 0.0, 0.0]
            for _ in range(n):
                if rng.random() < draw:
                    counts[2] += 1
                else:
                    counts[0 if rng.random() < first else 1] += 1
            drawn[pair] = (counts[0], counts[1], counts[2])
        samples.append(fit_ratings(bots, drawn, rounds=300))
    low, high = [], []
    for i in range(len(bots)):
        values = sorted(s[i] for s in samples)
        low.append(values[int(0.025 * (len(values) - 1))])
        high.append(values[math.ceil(0.975 * (len(values) - 1))])
    return low, high


def _pattern(first: str, second: str, seats: int) -> tuple[str, ...]:
    return tuple(first if s % 2 == 0 else second for s in range(seats))


def ladder_bots(bots: Sequence[str], games: int) -> list[str]:
    """The checked bot names of a ladder; ``ValueError`` for fewer than two, a bot named
    twice, an unknown bot or fewer than one game per pair."""
    names = [check_bot(b) for b in bots]
    if len(names) < 2:
        raise ValueError(f"a ladder needs two bots or more, got {', '.join(names) or 'none'}")
    if len(set(names)) != len(names):
        raise ValueError(f"--bots names a bot twice: {', '.join(names)}")
    if games < 1:
        raise ValueError(f"--games {games}: expected 1 or more")
    return names


def play_ladder(
    scenario: Any,
    ruleset: Any,
    bots: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    options: Sequence[tuple[str, Any]] = (),
    workers: int | None = None,
    dask: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Ladder:
    """Play the round robin of ``bots`` on the runner and fit the ratings.

    ``games`` per pair (rounded up to an even number: every deal twice, seats swapped).
    """
    names = ladder_bots(bots, games)
    deals = (games + 1) // 2
    deal_seed = derive_seed(seed, 1)
    probe = RunSpec.make(scenario, ruleset, bots=names[:1], seed=deal_seed, options=options)
    seats = probe.scenario.seats
    jobs: list[Job] = []
    pairings: list[Pairing] = []
    for first, second in itertools.combinations(names, 2):
        pairings.append(Pairing(first, second))
        for a, b in ((first, second), (second, first)):
            bots_ = _pattern(a, b, seats)
            spec = RunSpec.make(scenario, ruleset, bots=bots_, seed=deal_seed, options=options)
            jobs.append((spec, range(deals)))
    start = time.perf_counter()
    with Runner(workers, dask) as runner:
        outcome = runner.run(jobs, progress=progress)
    results: dict[tuple[str, str], Result] = {}
    for k, pairing in enumerate(pairings):
        for rows in (outcome.rows[2 * k], outcome.rows[2 * k + 1]):
            for row in rows:
                w, l_, d = score_row(row, pairing.first, pairing.second)
                pairing.wins += w
                pairing.losses += l_
                pairing.draws += d
        results[(pairing.first, pairing.second)] = (pairing.wins, pairing.losses, pairing.draws)
    elo = fit_ratings(names, results)
    low, high = _bootstrap(names, results, elo, seed)
    run = {
        "scenario": probe.scenario_ref or probe.scenario.name,
        "ruleset": probe.ruleset_ref or probe.ruleset.name,
        "options": dict(probe.options),
        "bots": names,
        "games_per_pair": 2 * deals,
        "seed": seed,
    }
    seconds = time.perf_counter() - start
    return Ladder(names, pairings, elo, low, high, run, seconds, outcome.interrupted)


def plot_ladder(ladder: Ladder, path: Path, title: str, xlabel: str) -> None:
    """The ratings with their intervals as a PNG (matplotlib, Agg), titled by the caller."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    order = sorted(range(len(ladder.bots)), key=lambda i: ladder.elo[i])
    figure = Figure(figsize=(6.4, 0.6 * len(order) + 1.4), dpi=110)
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    ys = list(range(len(order)))
    elo = [ladder.elo[i] for i in order]
    low = [ladder.low[i] for i in order]
    high = [ladder.high[i] for i in order]
    # the interval as it is: a percentile bootstrap need not contain the fitted rating
    ax.hlines(ys, low, high, color="#555555", linewidth=1.2)
    ax.plot(low + high, ys + ys, "|", color="#555555", markersize=9)
    ax.plot(elo, ys, "o", color="#8e2b1c")
    ax.set_yticks(ys, [ladder.bots[i] for i in order])
    ax.axvline(0, color="#bbbbbb", linewidth=0.8)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    figure.tight_layout()
    figure.savefig(path)
