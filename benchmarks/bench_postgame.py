"""The post-game analysis: 60 decisions of one seat weighed at the default budget, 2 workers.

``python -m benchmarks postgame [--scenario S] [--ruleset R] [--workers N] [--budget B]
[--decisions D] [--check]`` — a game of HeuristicBot against itself (seed ``SEED``; the duel
unless ``--scenario`` says ``gangs``, ``three-way`` or ``heroes``, whose ruleset is
``extended``), the first ``DECISIONS`` decisions of seat 0 that the analysis weighs (more
than one weighed action), each weighed in ``DEFAULT_BUDGET`` worlds on a process pool of 2
workers (forkserver; the pool's start is inside the time), as
:func:`~totenblatt.sim.analysis.analyse_moments` weighs them. The aim of issue 45: at most
30 s on 2 cores. Wall time needs idle cores, so the load average is printed, and the work
itself apart: the CPU seconds every decision took in its worker, summed (half of it: what
the decisions cost on two free cores, the pool's start aside). ``--check`` weighs them
again in this process and checks the result is the same.
"""

from __future__ import annotations

import os
import time
from typing import Any

from totenblatt.sim.analysis import DEFAULT_BUDGET, analyse_moments, decision_seed, moments
from totenblatt.sim.analysis.evaluate import Evaluation, Moment, weighed
from totenblatt.sim.analysis.service import _run, _weigh, mark
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

SEED = 20
DECISIONS = 60
AIM_SECONDS = 30.0
ANALYSIS_SEED = 1
RULESETS = {"heroes": "extended"}
"""The ruleset a scenario is played with when ``--ruleset`` does not say."""


def timed(
    moment: Moment, budget: int, seed: int, ruleset: Ruleset, scenario: Scenario
) -> tuple[Evaluation | str | None, float]:
    """The analysis's own weighing of one decision, and the CPU seconds it took here."""
    start = time.process_time()
    found = _weigh(moment, budget, seed, ruleset, scenario)
    return found, time.process_time() - start


def _options(args: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"scenario": "duel", "ruleset": None, "workers": 2}
    out |= {"budget": DEFAULT_BUDGET, "decisions": DECISIONS, "check": False}
    while args:
        key = args.pop(0)
        if key == "--check":
            out["check"] = True
        elif key in ("--scenario", "--ruleset") and args:
            out[key[2:]] = args.pop(0)
        elif key in ("--workers", "--budget", "--decisions") and args:
            out[key[2:]] = int(args.pop(0))
        else:
            raise SystemExit(
                f"unknown option {key!r}: expected --scenario S, --ruleset R, --workers N, "
                "--budget B, --decisions D or --check"
            )
    return out


def main(options: list[str] | None = None) -> None:
    o = _options(list(options or []))
    scenario = o["scenario"]
    ruleset = o["ruleset"] or RULESETS.get(scenario, "base")
    game = new_game(scenario, ruleset, seed=SEED)
    game = play_game(game, [HeuristicBot(s) for s in range(game.seats)])
    found = [
        m for m in moments(game, 0) if len(weighed(m, decision_seed(ANALYSIS_SEED, m.index))) > 1
    ][: o["decisions"]]
    print(
        f"{scenario} ({ruleset}) seed {SEED}: {len(game.actions)} actions; "
        f"{len(found)} decisions of seat 0"
    )
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    budget, workers = o["budget"], o["workers"]
    jobs = [(m, budget, ANALYSIS_SEED, game.ruleset, game.scenario) for m in found]
    cpu0 = time.process_time()
    start = time.perf_counter()
    results = _run(jobs, timed, workers, None)
    wall = time.perf_counter() - start
    here = time.process_time() - cpu0
    evaluations = [ev for ev, _ in results if isinstance(ev, Evaluation)]
    cpu = sum(c for _, c in results)
    paths: dict[str, int] = {}
    for ev in evaluations:
        paths[ev.path] = paths.get(ev.path, 0) + 1
    rollouts = sum(e.rollouts for ev in evaluations for e in ev.estimates)
    marks = sum(
        mark(c.win, b.win, c.interval[1], b.interval[0]) is not None
        for ev in evaluations
        for c, b in [(ev.estimates[ev.chosen], ev.estimates[ev.best])]
    )
    print(
        f"budget {budget} worlds, {workers} workers: {len(evaluations)} decisions weighed "
        f"({paths}), {rollouts:,} rollouts, {marks} marked, in {wall:.1f} s wall; "
        f"aim ≤ {AIM_SECONDS:.0f} s: {'met' if wall <= AIM_SECONDS else 'NOT met'}"
    )
    print(
        f"CPU: {cpu:.1f} s in the workers ({rollouts / max(cpu, 1e-9):,.0f} rollouts per CPU "
        f"second), {here:.1f} s in this process; on 2 free cores ≈ {cpu / 2:.1f} s"
    )
    if o["check"]:
        pool, alone = (
            analyse_moments(
                found,
                seat=0,
                seats=game.seats,
                ruleset=game.ruleset,
                scenario=game.scenario,
                budget=budget,
                seed=ANALYSIS_SEED,
                workers=w,
            )
            for w in (workers, 1)
        )
        assert pool.to_json() == alone.to_json()  # the same on one process as on the pool
        print("checked: the same analysis on one process as on the pool")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
