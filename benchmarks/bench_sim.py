"""The simulation runner: games per second on one worker, two workers and a Dask LocalCluster.

``python -m benchmarks sim`` — HeuristicBot against HeuristicBot on ``gangs``
(``GAMES`` games, run seed 1), wall clock. *Parallel efficiency* = (games/s on W
workers) / (W × games/s on one). One worker plays in this process; two workers are
a process pool (the play time includes starting its processes, which happens at
the first task); Dask runs a LocalCluster of two single-threaded worker processes
(starting the cluster is timed apart, as "start").
Every run must give the same rows (checked). The machine's load average is
printed: other work on the cores lowers the parallel figures.
"""

from __future__ import annotations

import os
import time

from totenblatt.sim.runner import Runner
from totenblatt.sim.spec import RunSpec

GAMES = 60
SCENARIO = "gangs"


def run(workers: int, dask: str | None = None) -> tuple[float, float, list[dict[str, object]]]:
    """(seconds to start the executor, seconds to play, rows sorted by game)."""
    spec = RunSpec.make(SCENARIO, bots=["heuristic"], seed=1)
    start = time.perf_counter()
    with Runner(workers, dask) as runner:
        opened = time.perf_counter()
        outcome = runner.run([(spec, range(GAMES))])
    played = time.perf_counter() - opened
    rows = sorted(outcome.rows[0], key=lambda r: int(r["game"]))  # type: ignore[call-overload]
    return opened - start, played, rows


def main() -> None:
    """Print games/s and parallel efficiency."""
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    _, one, base = run(1)
    print("| executor | start s | play s | games/s | efficiency |")
    print("|---|---|---|---|---|")
    print(f"| 1 worker (in process) | 0.0 | {one:.1f} | {GAMES / one:.1f} | 1.00 |")
    for label, workers, dask in (
        ("2 workers (process pool)", 2, None),
        ("Dask LocalCluster, 2 workers", 2, "local"),
    ):
        opened, played, rows = run(workers, dask)
        assert rows == base, f"{label}: rows differ from one worker's"
        print(
            f"| {label} | {opened:.1f} | {played:.1f} | {GAMES / played:.1f} "
            f"| {one / played / workers:.2f} |"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
