"""Fixtures of the simulation tests (``cli`` itself lives in ``tests/conftest.py``)."""

from __future__ import annotations

import pytest

from totenblatt.cli.app import console


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console, so that Rich does not wrap the summary tables."""
    monkeypatch.setattr(console, "width", 240)
