"""The server's scenario folder: a scenario's text by name, and saving a new one atomically.

A name is :data:`~totenblatt.wanted.table.scenario.SCENARIO_NAME` (no path, no dot), so
``NAME.toml`` never leaves the folder. A new file is written beside its final name under a
temporary name, flushed to disk, then linked into place, which fails when the name exists:
a reader never sees half a file, and a saved scenario is never replaced (the games stored
on it replay on it).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from importlib import resources
from pathlib import Path

from totenblatt.datafiles import MAX_TOML_BYTES, read_text
from totenblatt.wanted.table.scenario import (
    SCENARIO_NAME,
    ScenarioError,
    builtin_scenarios,
    find_scenario,
)
from totenblatt.web.shell.errors import ConflictError, InvalidError, NotFoundError

__all__ = ["check_name", "save_text", "scenario_text"]


def check_name(name: str) -> str:
    """``name`` when a saved scenario may be called so; else :class:`InvalidError` (422)."""
    if SCENARIO_NAME.fullmatch(name) is None:
        raise InvalidError(
            f"the name {name[:60]!r} is not a scenario's file name: expected 1 to 40 of a-z, "
            "0-9, - and _, beginning with a letter or digit"
        )
    return name


def scenario_text(name: str) -> tuple[str, bool]:
    """The TOML text of the scenario called ``name`` and whether it is a built-in one."""
    found = find_scenario(name)
    if found is None:
        raise NotFoundError(f"no scenario named {name[:60]!r}")
    if isinstance(found, str):
        root = resources.files("totenblatt.wanted.table").joinpath("scenarios")
        return root.joinpath(f"{found}.toml").read_text(encoding="utf-8"), True
    try:
        return read_text(found, limit=MAX_TOML_BYTES, error=ScenarioError, label=name), False
    except ScenarioError as exc:
        raise InvalidError(str(exc)[:500]) from None


def save_text(folder: Path | None, name: str, text: str) -> None:
    """Write ``text`` as ``folder/NAME.toml``; 409 when the name is taken or there is no
    folder (the text is checked by the caller)."""
    if folder is None:
        raise ConflictError(
            "this server has no scenario folder: its operator starts it with "
            "totenblatt serve --scenario-dir DIR"
        )
    if name in builtin_scenarios():
        raise ConflictError(f"{name!r} is a built-in scenario: choose another name")
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / f"{check_name(name)}.toml"
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, final)  # atomic, and never over an existing file
        except FileExistsError:
            raise ConflictError(
                f"a scenario named {name!r} is saved already (games stored on it replay on "
                "it): save under another name"
            ) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
