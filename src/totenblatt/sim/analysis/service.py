"""The post-game analysis: every decision of a seat weighed from that seat's view then.

:func:`moments` replays a finished game (its seed and actions) and keeps, for each
decision of one seat, what that seat knew — its view and its legal actions — and what
it chose; :func:`analyse` weighs every one of them (:func:`~.evaluate.evaluate`, on a
process pool over the cores) and marks a decision by the drop in the estimated chance
to win from the best weighed action to the chosen one:

=============  =====================
mark           drop at least
=============  =====================
inaccuracy     :data:`INACCURACY`
mistake        :data:`MISTAKE`
blunder        :data:`BLUNDER`
=============  =====================

— and only when the two actions' intervals do not overlap (the chosen one's upper end
below the best one's lower end). The curve is each seat's estimated chance after each
decision, as the deciding seat saw it. A spectator's analysis (:func:`public_analysis`)
is made from the public view alone: the curve after each decision, no decision weighed
(the alternatives of a decision are the seat's hand, which a spectator never saw).

Deterministic for its ``seed``: decision *i* is weighed from a seed derived from the
analysis seed and *i* alone, whichever process weighs it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from multiprocessing import get_context
from typing import Any, TypedDict, Unpack

from totenblatt.messages import MessageError
from totenblatt.sim.analysis.evaluate import Evaluation, Moment, evaluate, position_value
from totenblatt.sim.runner import default_workers
from totenblatt.text.analysis import action_words, turning_line
from totenblatt.wanted.engine.actions import action_to_dict
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "BLUNDER",
    "DEFAULT_BUDGET",
    "INACCURACY",
    "MISTAKE",
    "Analysis",
    "Progress",
    "PublicPoint",
    "RunOptions",
    "analyse",
    "analyse_moments",
    "analyse_public_points",
    "decision_seed",
    "mark",
    "moments",
    "public_analysis",
    "public_points",
    "result_of",
]

INACCURACY = 0.05
"""A drop of at least 5 points of estimated chance to win (intervals apart): an inaccuracy."""
MISTAKE = 0.10
"""At least 10 points: a mistake."""
BLUNDER = 0.20
"""At least 20 points: a blunder."""
DEFAULT_BUDGET = 96
"""Worlds a decision is weighed in (each weighed action is played once in every world)."""
TURNS = 0.15
"""A change of the seat's estimated chance of at least this much between two of its
decisions is a turning point (the three largest are named)."""

Progress = Callable[[float], None]
"""Called with the share done (0 to 1) as decisions are weighed."""


def decision_seed(seed: int, index: int) -> int:
    """The seed decision ``index`` is weighed from (64 bits of a hash of both)."""
    digest = hashlib.sha256(f"totenblatt/analysis/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def mark(chosen: float, best: float, chosen_hi: float, best_lo: float) -> str | None:
    """The mark of a decision: by the drop from ``best`` to ``chosen``, None when the
    chosen action's interval reaches the best one's (``chosen_hi >= best_lo``).

    >>> mark(0.2, 0.9, 0.3, 0.8), mark(0.5, 0.62, 0.55, 0.58), mark(0.2, 0.9, 0.85, 0.8)
    ('blunder', 'mistake', None)
    """
    if chosen_hi >= best_lo:
        return None
    drop = best - chosen
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return None


def moments(game: Game, seat: int) -> list[Moment]:
    """Every decision of ``seat`` in ``game`` replayed from its setup: the seat's view and
    legal actions then, and the action it took (forced ones too; :func:`analyse` skips
    those with nothing to weigh)."""
    if not 0 <= seat < game.seats:
        raise ValueError(f"seat {seat} is not a seat of this game (0 to {game.seats - 1})")
    replay = game.dealt_again()
    out: list[Moment] = []
    for index, action in enumerate(game.actions):
        if replay.to_act == seat:
            legal = tuple(replay.legal_actions())
            out.append(Moment(index, replay.round, seat, replay.view(seat), legal, action))
        replay.apply(action)
    return out


@dataclass
class Analysis:
    """The analysis of one seat (or the public one): JSON as the CLI and the web give it."""

    seat: int | None
    seats: int
    budget: int
    seed: int
    evaluations: list[Evaluation] = field(default_factory=list)
    public_curve: list[tuple[int, int, tuple[float, ...]]] = field(default_factory=list)
    """(index, round, chances) of a spectator's analysis."""
    paths: dict[str, int] = field(default_factory=dict)
    failed: list[tuple[int, str]] = field(default_factory=list)
    """Decisions (or points) that could not be weighed, and why: left out, said in the JSON."""

    def decisions(self, lang: str = "en") -> list[dict[str, Any]]:
        """Each weighed decision: the issue's keys, the best action's interval, the
        rollouts, every weighed action, and the two actions in words of ``lang``."""
        out = []
        for ev in self.evaluations:
            chosen = ev.estimates[ev.chosen]
            best = ev.estimates[ev.best]
            out.append(
                {
                    "index": ev.moment.index,
                    "round": ev.moment.round,
                    "chosen": action_to_dict(chosen.action),
                    "best": action_to_dict(best.action),
                    "chosen_win": round(chosen.win, 4),
                    "best_win": round(best.win, 4),
                    "interval": [round(chosen.interval[0], 4), round(chosen.interval[1], 4)],
                    "best_interval": [round(best.interval[0], 4), round(best.interval[1], 4)],
                    "rollouts": chosen.rollouts,
                    "mark": mark(chosen.win, best.win, chosen.interval[1], best.interval[0]),
                    "weighed": [e.to_json() for e in ev.estimates],
                    "chosen_text": action_words(action_to_dict(chosen.action), lang),
                    "best_text": action_words(action_to_dict(best.action), lang),
                    "chosen_hit": chosen.hit,
                    "best_hit": best.hit,
                }
            )
        return out

    def curve(self) -> list[dict[str, Any]]:
        if self.seat is None:
            return [
                {"index": i, "round": r, "win": [round(w, 4) for w in wins]}
                for i, r, wins in self.public_curve
            ]
        return [
            {
                "index": ev.moment.index,
                "round": ev.moment.round,
                "win": [round(w, 4) for w in ev.estimates[ev.chosen].seats],
            }
            for ev in self.evaluations
        ]

    def compact(self) -> Analysis:
        """This analysis without the views and legal actions it was made from (all its JSON
        still says): what a server keeps."""
        for i, ev in enumerate(self.evaluations):
            light = replace(ev.moment, view={}, legal=())  # type: ignore[typeddict-item]
            self.evaluations[i] = replace(ev, moment=light)
        return self

    def turning_points(self) -> list[dict[str, Any]]:
        """The (at most three) decisions after which the seat's chance moved most, by at
        least :data:`TURNS`, in the order of the game: the chance before and after, the
        chosen and the best weighed action."""
        if self.seat is None:
            return []
        found: list[dict[str, Any]] = []
        before = 1.0 / max(1, self.seats)
        for ev in self.evaluations:
            chosen = ev.estimates[ev.chosen]
            after = chosen.win
            if abs(after - before) >= TURNS:
                found.append(
                    {
                        "index": ev.moment.index,
                        "round": ev.moment.round,
                        "before": round(before, 4),
                        "after": round(after, 4),
                        "chosen": chosen.to_json(),
                        "best": ev.estimates[ev.best].to_json(),
                    }
                )
            before = after
        found.sort(key=lambda p: -abs(float(p["after"]) - float(p["before"])))
        return sorted(found[:3], key=lambda p: p["index"])

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """``{"seat", "decisions", "curve", ...}`` (docs/analysis.md); the turning points
        in words of ``lang``."""
        turns = [{**p, "text": turning_line(p, lang)} for p in self.turning_points()]
        return {
            "seat": self.seat,
            "public": self.seat is None,
            "seats": self.seats,
            "budget": self.budget,
            "seed": self.seed,
            "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
            "decisions": self.decisions(lang),
            "curve": self.curve(),
            "turning_points": turns,
            "failed": [{"index": i, "error": e} for i, e in self.failed],
        }


def _weigh(
    moment: Moment, budget: int, seed: int, ruleset: Ruleset, scenario: Scenario
) -> Evaluation | str | None:
    """The decision weighed; what went wrong when it could not be (the analysis goes on)."""
    try:
        return evaluate(
            moment, budget, decision_seed(seed, moment.index), ruleset=ruleset, scenario=scenario
        )
    except (ValueError, MessageError) as exc:
        return f"{type(exc).__name__}: {exc}"[:300]


def _value(
    index: int, view: Any, budget: int, seed: int, ruleset: Ruleset, scenario: Scenario
) -> tuple[float, ...] | str | None:
    try:
        return position_value(
            view, budget, decision_seed(seed, index), ruleset=ruleset, scenario=scenario
        )
    except (ValueError, MessageError) as exc:
        return f"{type(exc).__name__}: {exc}"[:300]


def _run(
    jobs: Sequence[tuple[Any, ...]],
    fn: Callable[..., Any],
    workers: int,
    progress: Progress | None,
) -> list[Any]:
    """``fn(*job)`` of every job, in order; on ``workers`` processes (1: this one)."""
    out: list[Any] = [None] * len(jobs)
    total = len(jobs) or 1
    if progress is not None:
        progress(0.0)
    if workers <= 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            out[i] = fn(*job)
            if progress is not None:
                progress((i + 1) / total)
        return out
    # forkserver: the caller may be a threaded server; a forked copy of its locks could hang.
    # The server imports the rollouts' modules once, so a worker starts without importing them.
    context = get_context("forkserver")
    context.set_forkserver_preload([fn.__module__, "totenblatt.wanted.fast"])
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(fn, *job): i for i, job in enumerate(jobs)}
        for done, future in enumerate(as_completed(futures), 1):
            out[futures[future]] = future.result()
            if progress is not None:
                progress(done / total)
    return out


class RunOptions(TypedDict, total=False):
    """How an analysis runs, every key optional: ``budget`` worlds per decision
    (:data:`DEFAULT_BUDGET`), ``seed`` (0), ``workers`` processes (None: one per core) and
    ``progress``, told the share done."""

    budget: int
    seed: int
    workers: int | None
    progress: Progress | None


class _Table(TypedDict):
    seats: int
    ruleset: Ruleset
    scenario: Scenario


def _table(game: Game) -> _Table:
    """What an analysis needs of ``game`` besides its decisions."""
    return {"seats": game.seats, "ruleset": game.ruleset, "scenario": game.scenario}


def _budget_and_seed(run: RunOptions) -> tuple[int, int]:
    """The budget and seed of ``run`` (a budget under 1 world refused)."""
    budget = run.get("budget", DEFAULT_BUDGET)
    if budget < 1:
        raise ValueError(f"the budget must be 1 world or more, got {budget}")
    return budget, run.get("seed", 0)


def _spread(jobs: Sequence[tuple[Any, ...]], fn: Callable[..., Any], run: RunOptions) -> list[Any]:
    """:func:`_run` with the workers and progress of ``run``."""
    return _run(jobs, fn, run.get("workers") or default_workers(), run.get("progress"))


def analyse(game: Game, seat: int, **run: Unpack[RunOptions]) -> Analysis:
    """Weigh every decision of ``seat`` in the finished ``game`` from its own view then."""
    return analyse_moments(moments(game, seat), seat=seat, **_table(game), **run)


def analyse_moments(
    found: Sequence[Moment],
    *,
    seat: int,
    seats: int,
    ruleset: Ruleset,
    scenario: Scenario,
    **run: Unpack[RunOptions],
) -> Analysis:
    """The analysis of ``seat`` from its moments alone (its views, legal actions, choices)."""
    budget, seed = _budget_and_seed(run)
    jobs = [(m, budget, seed, ruleset, scenario) for m in found]
    results = _spread(jobs, _weigh, run)
    out = Analysis(seat, seats, budget, seed)
    for moment, ev in zip(found, results, strict=True):
        if isinstance(ev, str):
            out.failed.append((moment.index, ev))
        elif ev is not None:
            out.evaluations.append(ev)
            out.paths[ev.path] = out.paths.get(ev.path, 0) + 1
    return out


@dataclass(frozen=True, slots=True)
class PublicPoint:
    """A point of a spectator's curve: after decision ``index``, the public view then (or
    the result, when the game ended there)."""

    index: int
    round: int
    view: Any
    result: tuple[float, ...] | None


def result_of(game: Game) -> tuple[float, ...]:
    """Every seat's result of the finished ``game``: a win 1, a loss 0, a draw ½."""
    winners = game.winners
    return tuple((1.0 if s in winners else 0.0) if winners else 0.5 for s in range(game.seats))


def public_points(game: Game, seat: int | None = None) -> list[PublicPoint]:
    """After every decision of ``seat`` (None: every decision with a choice) of ``game``:
    the public view, or the result when the game ended with it."""
    replay = game.dealt_again()
    out: list[PublicPoint] = []
    for index, action in enumerate(game.actions):
        actor = replay.to_act
        choice = len(replay.legal_actions()) > 1
        at_round = replay.round
        replay.apply(action)
        if (seat is not None and actor != seat) or (seat is None and not choice):
            continue
        if replay.is_over:
            out.append(PublicPoint(index, at_round, None, result_of(replay)))
        else:
            out.append(PublicPoint(index, at_round, replay.view(None), None))
    return out


def public_analysis(game: Game, *, seat: int | None = None, **run: Unpack[RunOptions]) -> Analysis:
    """A spectator's analysis: each seat's chance after every decision (of ``seat``, or
    every decision with a choice), from the public view alone; no decision weighed."""
    return analyse_public_points(public_points(game, seat), **_table(game), **run)


def analyse_public_points(
    points: Sequence[PublicPoint],
    *,
    seats: int,
    ruleset: Ruleset,
    scenario: Scenario,
    **run: Unpack[RunOptions],
) -> Analysis:
    """A spectator's analysis from the public points alone."""
    budget, seed = _budget_and_seed(run)
    jobs = [(p.index, p.view, budget, seed, ruleset, scenario) for p in points if p.view]
    values = _spread(jobs, _value, run)
    out = Analysis(None, seats, budget, seed)
    found = {}
    for job, value in zip(jobs, values, strict=True):
        if isinstance(value, str):
            out.failed.append((job[0], value))
        else:
            found[job[0]] = value
    for p in points:
        value = p.result if p.result is not None else found.get(p.index)
        if value is not None:
            out.public_curve.append((p.index, p.round, value))
    return out
