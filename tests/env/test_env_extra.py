"""``import totenblatt.env`` without the ``env`` extra: an ImportError that names the extra."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SCRIPT = """
import importlib, importlib.abc, sys
hidden = sys.argv[1]
class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] == hidden:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Hidden())
try:
    importlib.import_module(sys.argv[2])
except ImportError as exc:
    print(type(exc).__name__, exc.name, str(exc), sep="|")
else:
    print("imported")
"""


@pytest.mark.parametrize(
    ("module", "importing", "extra"),
    [
        ("pettingzoo", "totenblatt.env", "env"),
        ("gymnasium", "totenblatt.env", "env"),
        ("pyspiel", "totenblatt.env.spiel", "research"),
        ("open_spiel", "totenblatt.env.spiel_examples", "research"),
    ],
)
def test_importing_the_env_without_its_extra_says_what_to_install(
    module: str, importing: str, extra: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, module, importing],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**os.environ},
    )
    kind, name, message = done.stdout.strip().split("|")
    assert (kind, name) == ("MissingExtraError", module)
    assert message == (
        f"this needs the '{extra}' extra ({module} is not installed): "
        f"pip install 'totenblatt[{extra}]'"
    )


def test_with_the_extra_the_env_imports() -> None:
    import totenblatt.env
    from totenblatt.env import wanted_v0

    assert totenblatt.env.__name__ == "totenblatt.env" and wanted_v0.env is not None
