"""TOML text of small test scenarios: a title, the table's size, its terrain and figures.

``scenario_toml("Open", figure("Billy", 0, (4, 4)), figure("Paco", 1, (40, 20)))`` is the
text a test hands to ``stacked_game``/``action_game`` (conftest.py) or writes to a file.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources


def _value(value: object) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def figure(
    name: str,
    seat: int,
    position: Sequence[float],
    *,
    weapon: str = "colt",
    abilities: Sequence[str] | None = None,
    **fields: object,
) -> str:
    """One ``[[figures]]`` table; ``abilities`` written only when given (even empty), then
    any other ``fields`` (``hp=3``, ``kind="veteran"``)."""
    lines = [
        "[[figures]]",
        f"name = {_value(name)}",
        f"seat = {seat}",
        f"weapon = {_value(weapon)}",
        f"position = {_value(list(position))}",
    ]
    if abilities is not None:
        lines.append(f"abilities = {_value(list(abilities))}")
    lines += [f"{key} = {_value(value)}" for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def terrain(name: str, kind: str, rect: Sequence[float], **fields: object) -> str:
    """One ``[[terrain]]`` table with a ``rect``, then any other ``fields`` (``openings``:
    a list of dicts, written as inline tables)."""
    lines = [
        "[[terrain]]",
        f"name = {_value(name)}",
        f"kind = {_value(kind)}",
        f"rect = {_value(list(rect))}",
    ]
    lines += [f"{key} = {_value(value)}" for key, value in fields.items()]
    return "\n".join(lines) + "\n"


def scenario_toml(title: str, *figures: str, width: int = 48, height: int = 24) -> str:
    """A two-seat scenario of ``figures`` (from :func:`figure`) on an open table."""
    head = f"title = {_value(title)}\nwidth = {width}\nheight = {height}\nseats = 2\n"
    return "\n".join([head, *figures])


def builtin_text(name: str) -> str:
    """The text of the built-in scenario ``name`` as the package ships it."""
    root = resources.files("totenblatt.wanted.table").joinpath("scenarios")
    return root.joinpath(f"{name}.toml").read_text(encoding="utf-8")
