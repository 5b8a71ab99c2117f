"""A command that needs an extra which is not installed says which, in one line, exit 2.

The extra is hidden, not uninstalled: the command runs in a fresh interpreter whose
import system refuses the extra's modules (as if they were not installed).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HIDE = """
import importlib.abc, sys
HIDDEN = set(sys.argv[1].split(","))
class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
for name in list(sys.modules):
    if name.partition(".")[0] in HIDDEN:
        del sys.modules[name]
sys.meta_path.insert(0, Hidden())
"""
RUN = HIDE + "from totenblatt.cli import main\nmain(sys.argv[2:])\n"
SIM = "pyarrow,dask,distributed"
LINE = (
    "error: this needs the 'sim' extra (pyarrow is not installed): pip install 'totenblatt[sim]'\n"
)


def _run(hidden: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN, hidden, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "TOTENBLATT_LANG": "en"},
    )


@pytest.mark.parametrize(
    "args",
    [
        ["balance", "heroes", "--games", "1"],
        ["balance", "seats", "--games", "1"],
        ["balance", "rounds", "--games", "1"],
        ["balance", "abilities", "--games", "1"],
        ["sim", "--games", "1"],
        ["ladder", "--games", "2"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_without_the_sim_extra_a_command_names_it(args: list[str], tmp_path: Path) -> None:
    out = ["-o", str(tmp_path / "out")] if args[0] != "ladder" else []
    done = _run(SIM, *args, *out)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", LINE)
    assert not (tmp_path / "out").exists()  # refused before any work


def test_the_line_is_in_the_readers_language(tmp_path: Path) -> None:
    done = _run(SIM, "balance", "heroes", "-o", str(tmp_path), "--lang", "de")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == (
        "Fehler: dafür fehlt das Extra 'sim' (pyarrow ist nicht installiert): "
        "pip install 'totenblatt[sim]'\n"
    )


def test_a_missing_module_of_no_extra_is_a_bug_and_not_hidden() -> None:
    done = _run("pydantic", "rules")
    assert done.returncode == 1 and "Traceback" in done.stderr  # no extra to name: a real error
