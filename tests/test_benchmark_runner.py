"""``python -m benchmarks``: what it says before it runs anything (no benchmark is run here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _runner(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_help_lists_every_benchmark_with_what_it_measures() -> None:
    done = _runner("--help")
    assert done.returncode == 0, done.stderr
    for name in ("env", "ismcts", "pokerkit", "web"):
        assert f"\n  {name} " in done.stdout
    assert "PettingZoo" in done.stdout


def test_options_for_a_benchmark_that_takes_none_are_refused_in_one_line() -> None:
    done = _runner("env", "--games", "3")
    assert done.returncode == 2
    assert done.stderr == "benchmark(s) env take no options; got --games 3\n"
    assert done.stdout == ""


def test_an_unknown_name_is_refused_with_the_names_there_are() -> None:
    done = _runner("nope")
    assert done.returncode == 2
    assert done.stderr.startswith("unknown benchmark(s) nope; expected some of bots, combat")
