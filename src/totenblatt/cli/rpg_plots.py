"""Plots of the RPG's exact odds: the success heatmap (``odds --table --plot``) and the
curves over the level difference (``odds --curve --plot``); matplotlib, Agg backend."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from totenblatt.text import words
from totenblatt.text.catalog import chance_digits

__all__ = ["cell", "write_curves", "write_heatmap"]


def cell(p: Fraction) -> str:
    """A chance in percent that never shows an impossible 0 or a certain 100 by rounding."""
    return chance_digits(p, 1)


def write_heatmap(table: list[list[Fraction]], path: Path, title: str, lang: str = "en") -> None:
    """Draw a success table as a heatmap PNG (matplotlib, Agg backend, no pyplot state).

    Colour-blind safe (cividis: dark blue to yellow, also readable in grey); every cell's
    label is white on the dark half and black on the light half.
    """
    w = words(lang)
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    n = len(table)
    size = max(6.0, 0.6 * n + 2)
    fig = Figure(figsize=(size + 1, size), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    data = [[float(p) * 100 for p in row] for row in table]
    image = ax.imshow(data, cmap="cividis", vmin=0, vmax=100, origin="lower")
    for s, row in enumerate(table):
        for d, chance in enumerate(row):
            colour = "white" if float(chance) < 0.55 else "black"
            ax.text(d, s, cell(chance), ha="center", va="center", fontsize=8, color=colour)
    ax.set_xlabel(w.phrase("difficulty"))
    ax.set_ylabel(w.phrase("skill"))
    ax.set_xticks(range(len(table)))
    ax.set_yticks(range(len(table)))
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label=w.phrase("success %"))
    fig.tight_layout()
    fig.savefig(path, format="png")


def write_curves(
    curves: dict[int, list[tuple[int, Fraction]]], path: Path, title: str, lang: str = "en"
) -> None:
    """Draw success over level difference, one line per joker count (PNG, Agg backend)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    w = words(lang)
    fig = Figure(figsize=(8, 5), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    colours = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000")
    markers = ("o", "s", "^", "D", "v", "P", "X")
    for i, (count, points) in enumerate(sorted(curves.items())):
        ax.plot(
            [d for d, _ in points],
            [float(p) * 100 for _, p in points],
            marker=markers[i % len(markers)],
            color=colours[i % len(colours)],
            label=w.phrase_n("{n} joker", "{n} jokers", count),
        )
    ax.set_xlabel(w.phrase("level difference (skill − difficulty)"))
    ax.set_ylabel(w.phrase("success %"))
    ax.set_ylim(0, 100)
    ax.grid(True, color="0.9")
    ax.legend()
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, format="png")
