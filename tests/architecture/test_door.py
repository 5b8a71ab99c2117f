"""The interfaces' door (issue 22): every module of ``wanted`` is a public face or listed internal.

The ``public-faces`` contract of pyproject.toml forbids the interfaces (cli, web, env)
the internals of ``wanted`` by name. A module added to ``wanted`` must be named here
as a public face or there as an internal: else it would be public by default.
"""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path
from typing import Any

import totenblatt.wanted

PUBLIC_FACES = {
    "totenblatt.wanted",
    "totenblatt.wanted.ask",
    "totenblatt.wanted.bots",
    "totenblatt.wanted.combat",
    "totenblatt.wanted.encoding",
    "totenblatt.wanted.engine",
    "totenblatt.wanted.engine.actions",
    "totenblatt.wanted.engine.events",
    "totenblatt.wanted.engine.views",
    "totenblatt.wanted.fast",
    "totenblatt.wanted.odds",
    "totenblatt.wanted.rules",
    "totenblatt.wanted.table",
    "totenblatt.wanted.table.scenario",
    "totenblatt.wanted.table.scenario_json",
    "totenblatt.wanted.vocab",
}
"""What the interfaces may import from ``wanted`` (docs/architecture.md, "The door")."""

ROOT = Path(__file__).resolve().parents[2]


def contract() -> dict[str, Any]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = [
        c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "public-faces"
    ]
    assert len(found) == 1, "pyproject.toml needs the public-faces contract"
    return found[0]


def modules() -> set[str]:
    found = {"totenblatt.wanted"}
    for info in pkgutil.walk_packages(totenblatt.wanted.__path__, "totenblatt.wanted."):
        found.add(info.name)
    return found


def test_every_module_of_wanted_is_public_or_forbidden_to_the_interfaces() -> None:
    forbidden = set(contract()["forbidden_modules"])
    everything = modules()
    assert everything >= PUBLIC_FACES
    assert forbidden <= everything, f"no such module: {sorted(forbidden - everything)}"
    assert not PUBLIC_FACES & forbidden
    unclassified = everything - PUBLIC_FACES - forbidden
    assert not unclassified, f"name these public or internal: {sorted(unclassified)}"


def test_the_contract_guards_every_interface() -> None:
    found = contract()
    assert found["type"] == "forbidden" and found.get("allow_indirect_imports") is True
    assert set(found["source_modules"]) == {"totenblatt.cli", "totenblatt.web", "totenblatt.env"}
