"""The house's import rules: no circles between modules, the layers of docs/architecture.md."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from import_cycles import cycles

ROOT = Path(__file__).parents[2]


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The circles of imports between the graph's modules."""
    return cycles(graph.modules, graph.find_modules_directly_imported_by)


@pytest.mark.parametrize("type_checking", [False, True], ids=["run-time", "with-type-hints"])
def test_no_import_cycles(type_checking: bool) -> None:
    """No cycle of imports, at run time or with the type hints' imports: so every module
    imports first, in any order (the doctest run imports each one)."""
    graph = grimp.build_graph(
        "totenblatt", exclude_type_checking_imports=not type_checking, cache_dir=None
    )
    assert graph.modules, "no modules found"
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for name in ("a", "b", "c", "d"):
        graph.add_module(name)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    graph.add_import(importer="c", imported="d")
    assert _cycles(graph) == [["a", "b", "c"]]


def test_import_linter_contracts_hold() -> None:
    """The contracts in pyproject.toml (import-linter is a dev dependency)."""
    exe = Path(sys.executable).with_name("lint-imports")
    assert exe.exists() or shutil.which("lint-imports"), "install the dev extra: import-linter"
    done = subprocess.run(
        [str(exe), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " 0 broken" in done.stdout
