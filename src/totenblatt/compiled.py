"""The modules compiled with Cython, and their source as the fallback.

The fast path's hot modules (:data:`MODULES`) are plain Python; ``make run``, ``make
test`` and ``pip install`` also compile them with Cython (``build_compiled.py``, a build
hook) into extension modules beside their source, which Python then imports first. The
compiled module is the same code, so it gives the same results bit for bit
(``tests/test_compiled.py`` plays seeded games both ways); a ``.pxd`` file beside a
source (Cython's augmenting declarations, which Python never reads) gives its build C
types where a loop pays for them.

The compiled modules are used only while each is the build of the source beside it: the
build writes each source's size and CRC-32 to ``compiled.json``, and :func:`install` (run
when the package is imported) makes Python load every listed module from source when
any one source changed since, a build is missing, or ``TOTENBLATT_PURE=1``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

__all__ = [
    "MODULES",
    "PURE",
    "STAMPS",
    "compiled_now",
    "from_source",
    "install",
    "read_stamps",
    "source_digest",
    "source_of",
]

MODULES = (
    "totenblatt.wanted.fast.actions",
    "totenblatt.wanted.fast.board",
    "totenblatt.wanted.fast.spec",
    "totenblatt.wanted.fast.flow",
    "totenblatt.wanted.fast.effects",
    "totenblatt.wanted.fast.offers",
    "totenblatt.wanted.fast.game",
    "totenblatt.wanted.encoding.fast_observation",
    "totenblatt.wanted.encoding.fast_slots",
    "totenblatt.wanted.bots.fast_policy",
    "totenblatt.wanted.bots.fast_reading",
    "totenblatt.wanted.bots.fast_moves",
    "totenblatt.env.episode",
    "totenblatt.env.wanted_fast_v0",
    "totenblatt.env.vector_loop",
)
"""The modules compiled (each measured to pay: docs/performance.md, issue 27)."""

PURE = "TOTENBLATT_PURE"
"""Set this environment variable to 1 to run every module from its source."""

ROOT = Path(__file__).resolve().parent.parent
STAMPS = Path(__file__).resolve().with_name("compiled.json")
"""What the build wrote: module name → size and CRC-32 of the source it compiled."""


def source_of(module: str, root: Path = ROOT) -> Path:
    """The source file of ``module`` under ``root`` (the folder holding ``totenblatt``)."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_digest(path: Path) -> str:
    """A source file's size and CRC-32, as the build stamps it (enough to tell an edited
    source from its build; zlib, not hashlib: OpenSSL would cost every start 4 MB), with
    those of the ``.pxd`` beside it if there is one (the types of its build)."""
    data = path.read_bytes()
    found = f"{len(data)}:{zlib.crc32(data):08x}"
    types = path.with_suffix(".pxd")
    if types.exists():
        data = types.read_bytes()
        found += f"+{len(data)}:{zlib.crc32(data):08x}"
    return found


class _SourceFirst:
    """Finds the listed modules' source before any compiled twin (a meta path finder;
    not derived from ``importlib.abc``, whose import costs 20 ms at every start)."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def read_stamps(path: Path = STAMPS) -> dict[str, str]:
    """What a build recorded (empty when there is none or it cannot be read)."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def from_source(
    modules: Sequence[str] = MODULES,
    root: Path = ROOT,
    stamps: Path = STAMPS,
    pure: bool = False,
) -> dict[str, Path]:
    """The modules of ``modules`` to load from source under ``root``, and their files: all
    of them if the build of any one (as ``stamps`` records it) is not of its source now, or
    with ``pure``; else none. The builds are one set: a build may use another's C types
    (a ``.pxd`` that cimports them), which a module run from source does not have."""
    built = {} if pure else read_stamps(stamps)
    sources: dict[str, Path] = {}
    stale = pure
    for module in modules:
        source = source_of(module, root)
        if not source.exists():
            continue  # an installed wheel without sources: only the compiled module
        sources[module] = source
        stale = stale or built.get(module) != source_digest(source)
    return sources if stale else {}


def install() -> None:
    """Load every module of :data:`MODULES` from source when any build is not of its source
    now, or with ``TOTENBLATT_PURE=1`` (:func:`from_source`); idempotent."""
    if any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        return
    sources = from_source(pure=os.environ.get(PURE) == "1")
    if sources:
        sys.meta_path.insert(0, _SourceFirst(sources))


def compiled_now() -> list[str]:
    """The modules of :data:`MODULES` imported now from a compiled build."""
    return [
        name
        for name in MODULES
        if (module := sys.modules.get(name)) is not None
        and not str(getattr(module, "__file__", "")).endswith(".py")
    ]
