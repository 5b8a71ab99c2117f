"""Fixtures of the CLI tests (``cli`` itself lives in ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from totenblatt.cli.app import console


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide console, so that Rich does not wrap the table cells and lines tests look for.

    A module that needs another width overrides this fixture by name.
    """
    monkeypatch.setattr(console, "width", 240)


@pytest.fixture
def shows(
    cli: Callable[[list[str]], tuple[int, str, str]],
) -> Callable[[list[str], Sequence[str]], None]:
    """``shows(args, fragments)``: ``totenblatt args`` succeeds with nothing on standard
    error, and its output holds every one of ``fragments`` (a missing one is named)."""

    def check(args: list[str], fragments: Sequence[str]) -> None:
        code, out, err = cli(args)
        assert (code, err) == (0, "")
        for fragment in fragments:
            assert fragment in out, fragment

    return check
