"""The test suite writes nothing outside its temporary folders (the guard in conftest.py)."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest

from totenblatt.store import default_url


def test_the_guard_sees_writes_outside_the_temporary_folders(write_guard: Any) -> None:
    before = len(write_guard.seen)
    outside = "/etc/totenblatt-never-written"
    try:  # simulated audit events: nothing is written
        write_guard.hook("open", (outside, "w", 0))
        write_guard.hook("open", (outside, None, os.O_WRONLY | os.O_CREAT))
        write_guard.hook("open", ("/etc/hostname", "r", os.O_RDONLY))  # reading: fine
        write_guard.hook("os.rename", ("/tmp/x", outside, -1, -1))
        write_guard.hook("os.remove", (outside, -1))
        write_guard.hook("os.mkdir", (outside, 0o777, -1))
        write_guard.hook("sqlite3.connect", (outside,))
        write_guard.hook("sqlite3.connect", (":memory:",))
        write_guard.hook("open", (os.path.join(tempfile.gettempdir(), "x"), "w", 0))
        found = write_guard.seen[before:]
    finally:
        del write_guard.seen[before:]
    assert [entry.split()[0] for entry in found] == [
        "open",
        "open",
        "os.rename",
        "os.remove",
        "os.mkdir",
        "sqlite3.connect",
    ]
    assert all(outside in entry for entry in found)


def test_real_writes_in_the_temp_dir_pass(tmp_path: Path, write_guard: Any) -> None:
    before = len(write_guard.seen)
    (tmp_path / "a.txt").write_text("x", encoding="utf-8")
    os.replace(tmp_path / "a.txt", tmp_path / "b.txt")
    sqlite3.connect(tmp_path / "c.db").close()
    assert write_guard.active and write_guard.seen[before:] == []


def test_home_xdg_and_the_default_database_are_in_the_sandbox(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TOTENBLATT_DATABASE_URL", raising=False)
    temp = os.path.realpath(tempfile.gettempdir())
    for var in ("HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "MPLCONFIGDIR"):
        assert os.path.realpath(os.environ[var]).startswith(temp + os.sep), var
    database = default_url().removeprefix("sqlite:///")
    assert os.path.realpath(database).startswith(temp + os.sep)
    assert Path("~").expanduser().resolve().is_relative_to(temp)
