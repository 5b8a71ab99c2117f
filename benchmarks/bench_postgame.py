"""The post-game analysis: 60 decisions of one seat weighed at the default budget, 2 workers.

``python -m benchmarks postgame [--workers N] [--budget B]`` — a duel of HeuristicBot
against itself (seed ``SEED``), the first ``DECISIONS`` decisions of seat 0 that the
analysis weighs (more than one weighed action), each weighed in ``DEFAULT_BUDGET`` worlds
(every weighed action played once in each, to the end of the game, on the fast path) on
a process pool of 2 workers (forkserver; the pool's start is inside the time). The aim
of issue 45: at most 30 s on 2 cores. Wall time needs idle cores, so the load average is
printed; the work itself is measured apart: the same decisions weighed again in this
process, CPU seconds (rollouts per CPU second, and half of it: what 60 decisions cost on
two free cores, the pool's start aside).
"""

from __future__ import annotations

import os
import time

from totenblatt.sim.analysis import DEFAULT_BUDGET, analyse_moments, decision_seed, moments
from totenblatt.sim.analysis.evaluate import weighed
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.game import new_game

SEED = 20
DECISIONS = 60
AIM_SECONDS = 30.0
ANALYSIS_SEED = 1


def main(options: list[str] | None = None) -> None:
    args = list(options or [])
    workers, budget = 2, DEFAULT_BUDGET
    while args:
        key = args.pop(0)
        if key == "--workers" and args:
            workers = int(args.pop(0))
        elif key == "--budget" and args:
            budget = int(args.pop(0))
        else:
            raise SystemExit(f"unknown option {key!r}: expected --workers N or --budget B")
    game = play_game(new_game("duel", seed=SEED), [HeuristicBot(0), HeuristicBot(1)])
    found = [
        m for m in moments(game, 0) if len(weighed(m, decision_seed(ANALYSIS_SEED, m.index))) > 1
    ][:DECISIONS]
    print(f"duel seed {SEED}: {len(game.actions)} actions; {len(found)} decisions of seat 0")
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    common = {
        "seat": 0,
        "seats": game.seats,
        "ruleset": game.ruleset,
        "scenario": game.scenario,
        "budget": budget,
        "seed": ANALYSIS_SEED,
    }
    start = time.perf_counter()
    result = analyse_moments(found, workers=workers, **common)  # type: ignore[arg-type]
    wall = time.perf_counter() - start
    rollouts = sum(e.rollouts for ev in result.evaluations for e in ev.estimates)
    marks = sum(d["mark"] is not None for d in result.to_json()["decisions"])
    print(
        f"budget {budget} worlds, {workers} workers: {len(result.evaluations)} decisions weighed "
        f"({result.paths}), {rollouts:,} rollouts, {marks} marked, in {wall:.1f} s wall; "
        f"aim ≤ {AIM_SECONDS:.0f} s: {'met' if wall <= AIM_SECONDS else 'NOT met'}"
    )
    cpu0 = time.process_time()
    sample = analyse_moments(found, workers=1, **common)  # type: ignore[arg-type]
    cpu = time.process_time() - cpu0
    done = sum(e.rollouts for ev in sample.evaluations for e in ev.estimates)
    assert sample.to_json() == result.to_json()  # the same on one process as on the pool
    print(
        f"in this process: {len(sample.evaluations)} decisions, {done:,} rollouts in "
        f"{cpu:.1f} CPU s ({done / max(cpu, 1e-9):,.0f} rollouts per CPU second); "
        f"on 2 free cores ≈ {cpu / 2:.1f} s"
    )
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
