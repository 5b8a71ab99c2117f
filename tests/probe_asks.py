"""Hypothesis strategies for a probe's arguments, shared by the probe's and the odds' tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def probe_asks(top: int, jokers: int) -> dict[str, st.SearchStrategy[Any]]:
    """``skill`` and ``difficulty`` from 0 to ``top``, ``jokers`` from 0 to ``jokers`` and
    ``pvp``: keyword strategies for ``@given(**probe_asks(...))``."""
    level = st.integers(0, top)
    return {
        "skill": level,
        "difficulty": level,
        "jokers": st.integers(0, jokers),
        "pvp": st.booleans(),
    }
