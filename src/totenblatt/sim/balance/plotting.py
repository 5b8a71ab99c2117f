"""Small, plain PNG plots (matplotlib, no display): a few tens of kilobytes each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

__all__ = ["COLOURS", "error_bars", "figure", "save"]

COLOURS = ("#1f5fa6", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#555555")
"""Line and bar colours, in order."""


def figure(width: float = 6.0, height: float = 3.4) -> tuple[Any, Any]:
    """A new figure and axes in the lab's plain style."""
    fig, ax = plt.subplots(figsize=(width, height), dpi=100)
    ax.grid(True, color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return fig, ax


def error_bars(
    points: Sequence[Mapping[str, float]], low: str = "low", high: str = "high", mid: str = "rate"
) -> list[list[float]]:
    """``yerr`` for ``errorbar``: distances from each point's ``mid`` to its interval ends."""
    return [
        [max(0.0, p[mid] - p[low]) for p in points],
        [max(0.0, p[high] - p[mid]) for p in points],
    ]


def save(fig: Any, path: Path) -> Path:
    """Write ``fig`` as a compact PNG and close it."""
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=90, metadata={"Software": None})
    plt.close(fig)
    return path
