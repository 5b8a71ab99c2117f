"""The simulation runner: games per second on one worker, two workers and a Dask LocalCluster.

``python -m benchmarks sim`` — HeuristicBot against HeuristicBot on ``gangs``
(``GAMES`` games, run seed 1). *Parallel efficiency* = (games/s on W workers) /
(W × games/s on one), wall clock: it needs W idle cores, so the machine's load
average is printed — other work on the cores lowers it. *CPU efficiency* = CPU
seconds of one worker / CPU seconds of this process and all its worker
processes on W workers: the work the parallel path adds (starting processes,
importing, building the table once per worker, pickling), independent of the
load; W × CPU efficiency is the speed-up W free cores would give. One worker
plays in this process; two workers are a process pool (its processes start at
the first task, inside the play time); Dask runs a LocalCluster of two
single-threaded worker processes (starting the cluster is timed apart, "start").
Every run must give the same rows (checked).
"""

from __future__ import annotations

import os
import time

import psutil

from totenblatt.sim.runner import Runner
from totenblatt.sim.spec import RunSpec

GAMES = 60
SCENARIO = "gangs"


def _cpu() -> float:
    """CPU seconds of this process and every process it started (recursively)."""
    me = psutil.Process()
    total = 0.0
    for proc in (me, *me.children(recursive=True)):
        try:
            times = proc.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


def run(workers: int, dask: str | None = None) -> tuple[float, float, float, list[object]]:
    """(seconds to start the executor, seconds to play, CPU seconds to play, rows by game)."""
    spec = RunSpec.make(SCENARIO, bots=["heuristic"], seed=1)
    start = time.perf_counter()
    with Runner(workers, dask) as runner:
        opened = time.perf_counter()
        cpu = _cpu()
        outcome = runner.run([(spec, range(GAMES))])
        played = time.perf_counter() - opened
        cpu = _cpu() - cpu  # before the workers exit and take their times with them
    rows = sorted(outcome.rows[0], key=lambda r: int(r["game"]))
    return opened - start, played, cpu, list(rows)


def main() -> None:
    """Print games/s, parallel and CPU efficiency."""
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    _, one, one_cpu, base = run(1)
    print("| executor | start s | play s | games/s | parallel efficiency | CPU efficiency |")
    print("|---|---|---|---|---|---|")
    print(f"| 1 worker (in process) | 0.0 | {one:.1f} | {GAMES / one:.1f} | 1.00 | 1.00 |")
    for label, workers, dask in (
        ("2 workers (process pool)", 2, None),
        ("Dask LocalCluster, 2 workers", 2, "local"),
    ):
        opened, played, cpu, rows = run(workers, dask)
        assert rows == base, f"{label}: rows differ from one worker's"
        print(
            f"| {label} | {opened:.1f} | {played:.1f} | {GAMES / played:.1f} "
            f"| {one / played / workers:.2f} | {one_cpu / cpu:.2f} |"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
