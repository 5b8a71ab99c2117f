"""Run the benchmarks: ``python -m benchmarks [NAME ...] [OPTIONS]`` (names without
``bench_``; ``--help`` lists them)."""

from __future__ import annotations

import importlib
import inspect
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
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip(), "\nOptions after the names go to the benchmarks that take some.\n")
        for name in names:
            doc = (importlib.import_module(f"benchmarks.{name}").__doc__ or "").strip()
            print(f"  {name.removeprefix('bench_'):<10} {doc.splitlines()[0] if doc else ''}")
        return 0
    first = next((i for i, a in enumerate(argv) if a.startswith("-")), len(argv))
    argv, options = argv[:first], argv[first:]
    wanted = [f"bench_{n.removeprefix('bench_')}" for n in argv] or names
    unknown = sorted(set(wanted) - set(names))
    if unknown:
        short = [n.removeprefix("bench_") for n in names]
        shown = ", ".join(n.removeprefix("bench_") for n in unknown)
        print(f"unknown benchmark(s) {shown}; expected some of {', '.join(short)}", file=sys.stderr)
        return 2
    modules = {name: importlib.import_module(f"benchmarks.{name}") for name in wanted}
    if options:
        plain = [n for n, m in modules.items() if not inspect.signature(m.main).parameters]
        if plain:
            shown = ", ".join(n.removeprefix("bench_") for n in plain)
            print(f"benchmark(s) {shown} take no options; got {' '.join(options)}", file=sys.stderr)
            return 2
    print(f"# Python {platform.python_version()} on {platform.machine()}, {platform.processor()}")
    print(f"# the fast path: {fast_path_build()}")
    for name in wanted:
        print(f"\n## {name}")
        start = time.perf_counter()
        module = modules[name]
        if options:
            module.main(options)
        else:
            module.main()
        print(f"({name} took {time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
