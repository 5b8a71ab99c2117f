"""A fresh clone's ``make run`` to the URL against a plain install of the same packages.

Each round, in turn: (a) a fresh clone of this checkout's HEAD runs ``make run`` (a new
venv, pip upgraded, the package installed with the table's extra) until ``serve`` prints
its address; (b) a fresh venv (pip upgraded) installs the same third-party packages —
the project's dependencies and its ``web`` extra, read from pyproject.toml — with no
project. Both use one pip cache (warmed by a first, untimed round) and pip's
configuration of this machine; wall time and the CPU seconds of the processes waited for
(the background compile is not one) are printed per round, with the ratios::

    python -m benchmarks.make_run_time --rounds 2 --work /tmp/make-run-time

The issue's aim: (a) within 1.6× of (b). On a shared machine the figures move with the
load; read them side by side, round by round.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import subprocess
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _packages() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["web"]]


def _env(cache: Path) -> dict[str, str]:
    env = dict(os.environ, PIP_CACHE_DIR=str(cache))
    env.pop("VIRTUAL_ENV", None)
    return env


def _children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def make_run(work: Path, cache: Path, port: int) -> float:
    """Seconds from ``make run`` in a fresh clone to the URL on its output (its CPU
    seconds, of every process it waited for, in ``LAST_CPU``)."""
    clone = work / "clone"
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    args = f"--port {port} --db {work / 'table.db'}"
    cpu = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.Popen(
        ["make", "run", f"SERVE_ARGS={args}"],
        cwd=clone,
        env=_env(cache),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if f":{port}" in line and "http" in line:
                return time.perf_counter() - start
        raise RuntimeError(f"make run ended without a URL (exit {proc.wait()})")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        LAST_CPU[0] = _children_cpu() - cpu  # the background compile is not a child
        _wait_for_background(clone)


def _wait_for_background(clone: Path) -> None:
    """Let the clone's background compile finish (it would load the next round): until it
    stamped its build or said it could not compile."""
    log = clone / "build" / "compiled.log"
    stamps = clone / "src" / "totenblatt" / "compiled.json"
    for _ in range(900):
        said = log.read_text(errors="replace") if log.exists() else ""
        if stamps.exists() or "not compiled" in said:
            return
        time.sleep(1)
    print(f"  (the background compile of {clone} still runs; see {log})")


LAST_CPU = [0.0]


def plain(work: Path, cache: Path) -> float:
    """Seconds for a fresh venv and the same third-party packages (CPU in ``LAST_CPU``)."""
    venv = work / "plain"
    shutil.rmtree(venv, ignore_errors=True)
    env = _env(cache)
    cpu = _children_cpu()
    start = time.perf_counter()
    subprocess.run(["python3", "-m", "venv", str(venv)], check=True, env=env)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True, env=env)
    subprocess.run([*pip, *_packages()], check=True, env=env)
    LAST_CPU[0] = _children_cpu() - cpu
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--work", type=Path, default=Path("/tmp/make-run-time"))
    parser.add_argument("--port", type=int, default=18_765)
    parser.add_argument("--no-warm", action="store_true", help="skip the untimed first round")
    opts = parser.parse_args(argv)
    # a TERM ends the rounds through their clean-up (the server of a clone stopped)
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    opts.work.mkdir(parents=True, exist_ok=True)
    cache = opts.work / "pip-cache"
    print(f"# python3 (as make run); pip cache {cache}; load {os.getloadavg()[0]:.1f}")
    if not opts.no_warm:
        plain(opts.work, cache)
        make_run(opts.work, cache, opts.port)
    for r in range(opts.rounds):
        a = make_run(opts.work, cache, opts.port)
        a_cpu = LAST_CPU[0]
        b = plain(opts.work, cache)
        b_cpu = LAST_CPU[0]
        load = os.getloadavg()[0]
        print(
            f"round {r + 1}: make run {a:.1f} s ({a_cpu:.1f} CPU s), plain install {b:.1f} s "
            f"({b_cpu:.1f} CPU s), ratio {a / b:.2f} wall, {a_cpu / b_cpu:.2f} CPU "
            f"(load {load:.1f})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
