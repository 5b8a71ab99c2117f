"""Start-up of the command line: whole processes, as a person waits for them.

Each command line runs as a fresh ``python -m totenblatt …`` process (interpreter
start, imports, the answer) several times; printed: the minimum and the median
wall time, and the median CPU time (user + system) of the process, which a busy
machine inflates less than the wall time. Run: ``python -m benchmarks startup``.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

RUNS = 7
"""Processes per command line (the first warms the file cache and is not counted)."""

LINES: tuple[tuple[str, ...], ...] = (
    ("--help",),
    ("attack", "--help"),
    ("attack", "-a", "Q♠", "-w", "colt", "-d", "3"),
    ("probe", "-s", "2", "-d", "3", "--seed", "1"),
    ("odds", "-s", "2", "-d", "3"),
    ("odds", "attack", "-a", "Q♠", "-w", "colt", "-d", "14"),
    ("demo",),
)
"""The command lines timed (``--help``, ``attack``, ``probe``, ``odds`` should be fast)."""


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_line(args: tuple[str, ...], runs: int = RUNS) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``runs`` processes running ``python -m totenblatt args``."""
    env = {**os.environ, "TOTENBLATT_LANG": "en", "COLUMNS": "80"}
    command = [sys.executable, "-m", "totenblatt", *args]
    subprocess.run(command, env=env, capture_output=True, check=True)  # warm the file cache
    wall, cpu = [], []
    for _ in range(runs):
        start, used = time.perf_counter(), _cpu()
        subprocess.run(command, env=env, capture_output=True, check=True)
        wall.append(time.perf_counter() - start)
        cpu.append(_cpu() - used)
    return wall, cpu


def _line(label: str, wall: list[float], cpu: list[float]) -> str:
    return (
        f"{label:<50} wall min {min(wall):.3f} s, median {statistics.median(wall):.3f} s; "
        f"cpu median {statistics.median(cpu):.3f} s"
    )


def main() -> None:
    """Print the figures per command line, and the bare interpreter's."""
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    wall, cpu = [], []
    for _ in range(RUNS):
        start, used = time.perf_counter(), _cpu()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        wall.append(time.perf_counter() - start)
        cpu.append(_cpu() - used)
    print(_line("python -c pass", wall, cpu))
    for args in LINES:
        print(_line("totenblatt " + " ".join(args), *time_line(args)))


if __name__ == "__main__":
    main()
