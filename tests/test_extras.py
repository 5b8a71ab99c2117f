"""The extras the code names are the extras ``pyproject.toml`` declares."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from totenblatt.extras import EXTRAS, MissingExtraError, extra_for, missing_extra, require

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def _declared() -> dict[str, list[str]]:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    extras: dict[str, list[str]] = data["project"]["optional-dependencies"]
    return {name: reqs for name, reqs in extras.items() if name != "dev"}


def test_every_extra_and_its_packages_are_known() -> None:
    declared = _declared()
    assert set(EXTRAS) == set(declared)
    for extra, requirements in declared.items():
        for requirement in requirements:
            package = re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0].lower()
            assert package.replace("-", "_") in EXTRAS[extra], (extra, package)
            assert extra_for(package) == extra


def test_a_missing_module_of_an_extra_becomes_its_error() -> None:
    found = missing_extra(
        ModuleNotFoundError("No module named 'pyarrow.parquet'", name="pyarrow.parquet")
    )
    assert isinstance(found, MissingExtraError) and found.extra == "sim"
    assert "pip install 'totenblatt[sim]'" in str(found)
    assert missing_extra(ModuleNotFoundError("No module named 'numpy'", name="numpy")) is None
    assert missing_extra(ImportError("cannot import name 'x'")) is None


def test_require_passes_when_installed_and_refuses_an_unknown_extra() -> None:
    require("sim", "pyarrow")
    require("env")
    with pytest.raises(KeyError):
        require("nonsense")
