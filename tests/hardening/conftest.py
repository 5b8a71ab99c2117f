"""Fixtures of the hardening tests: a database of its own per test, a wide console."""

from __future__ import annotations

from pathlib import Path

import pytest

from totenblatt.cli.app import console


@pytest.fixture(autouse=True)
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets an empty SQLite database in its temp dir (the default URL)."""
    path = tmp_path / "campaign.db"
    monkeypatch.setenv("TOTENBLATT_DATABASE_URL", f"sqlite:///{path}")
    return path


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console: Rich does not wrap the lines the tests look for."""
    monkeypatch.setattr(console, "width", 240)
