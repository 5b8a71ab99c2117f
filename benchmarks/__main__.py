"""Run the benchmarks: ``python -m benchmarks [NAME ...]`` (names without ``bench_``)."""

from __future__ import annotations

import importlib
import pkgutil
import platform
import sys
import time
from pathlib import Path


def fast_path_build() -> str:
    """Whether the fast path's modules run compiled or from source (totenblatt.compiled)."""
    from totenblatt.compiled import MODULES, PURE, compiled_now

    for name in MODULES:
        importlib.import_module(name)
    built = compiled_now()
    if len(built) == len(MODULES):
        return f"compiled ({len(built)} modules; {PURE}=1 runs them from source)"
    return "from source (a build is missing or not of its source now: make compiled)"


def main(argv: list[str]) -> int:
    """Import and run each ``bench_*`` module's ``main()``; print machine and timings.

    Options after the names (``--processes 1,2``) go to each benchmark's ``main(options)``."""
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    first = next((i for i, a in enumerate(argv) if a.startswith("-")), len(argv))
    argv, options = argv[:first], argv[first:]
    wanted = [f"bench_{n.removeprefix('bench_')}" for n in argv] or names
    unknown = sorted(set(wanted) - set(names))
    if unknown:
        print(f"unknown benchmark(s) {unknown}; expected some of {names}", file=sys.stderr)
        return 2
    print(f"# Python {platform.python_version()} on {platform.machine()}, {platform.processor()}")
    print(f"# the fast path: {fast_path_build()}")
    for name in wanted:
        print(f"\n## {name}")
        start = time.perf_counter()
        module = importlib.import_module(f"benchmarks.{name}")
        if options:
            module.main(options)
        else:
            module.main()
        print(f"({name} took {time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
