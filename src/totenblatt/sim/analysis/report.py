"""An analysis as files: the graph of each side's chance (PNG) and the Markdown report."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from totenblatt.text.analysis import markdown_report
from totenblatt.text.catalog import words

__all__ = ["curve_png", "plot_curve", "write_report"]

_MARKS = {"inaccuracy": "#d9a400", "mistake": "#e06c00", "blunder": "#c0392b"}


def plot_curve(data: Mapping[str, Any], path: Path | IO[bytes], lang: str) -> None:
    """The curve of every seat's estimated chance to win as a small PNG (to a path or a
    binary file); marked decisions as dots on the analysed seat's line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    w = words(lang)
    curve: Sequence[Mapping[str, Any]] = data.get("curve", [])
    fig, ax = plt.subplots(figsize=(7, 3.2), dpi=100)
    xs = [p["index"] for p in curve]
    seats = int(data.get("seats", 2))
    for s in range(seats):
        ax.plot(
            xs,
            [p["win"][s] for p in curve],
            label=w.phrase("Seat {seat}", seat=s),
            linewidth=2 if s == data.get("seat") else 1,
        )
    seat = data.get("seat")
    if seat is not None:
        for d in data.get("decisions", []):
            if d.get("mark"):
                ax.scatter([d["index"]], [d["chosen_win"]], color=_MARKS[d["mark"]], zorder=3)
    ax.set_ylim(0, 1)
    ax.set_xlabel(w.phrase("Decision"))
    ax.set_ylabel(w.phrase("Chance to win"))
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, format="png")
    plt.close(fig)


def curve_png(data: Mapping[str, Any], lang: str) -> bytes:
    """:func:`plot_curve` as the bytes of a PNG."""
    import io

    out = io.BytesIO()
    plot_curve(data, out, lang)
    return out.getvalue()


def write_report(data: Mapping[str, Any], path: Path, lang: str) -> Path:
    """The Markdown report at ``path`` and its graph beside it (same name, ``.png``);
    the graph's path."""
    png = path.with_suffix(".png")
    plot_curve(data, png, lang)
    path.write_text(markdown_report(data, lang, png.name), encoding="utf-8")
    return png
