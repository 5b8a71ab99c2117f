"""Pictures of the table for the environment: text with ANSI colours, and an RGB image.

Both show only what is public (terrain, figures, HP, whose turn) — never a hand.
The text uses the table's character picture (:func:`~totenblatt.wanted.table.rasterize`)
with each living figure as the first letter of its name in its seat's colour
(lower case while hidden) and ``x`` for a figure out of the game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.text import winner_line, words
from totenblatt.wanted.engine import Game
from totenblatt.wanted.table import TerrainKind, rasterize

__all__ = ["ansi", "rgb"]

_ANSI = ("\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[1;33m", "\x1b[1;35m", "\x1b[1;36m")
_RESET = "\x1b[0m"
_COLOURS = ("#c0392b", "#2e6fd8", "#27ae60", "#d4ac0d", "#8e44ad", "#17a2b8")
_FILL = {
    TerrainKind.BUILDING: "#8d6e63",
    TerrainKind.ROCKS: "#9e9e9e",
    TerrainKind.STONE_WALL: "#757575",
    TerrainKind.WALL: "#a1887f",
    TerrainKind.FENCE: "#d7ccc8",
    TerrainKind.RIVER: "#90caf9",
    TerrainKind.WATER: "#64b5f6",
    TerrainKind.ROUGH: "#aed581",
}


def _status(game: Game, lang: str) -> list[str]:
    """Whose turn, every seat's figures with HP (``x`` when out), the result: in ``lang``."""
    w = words(lang)
    st = game.state
    agents = [f"seat_{seat}" for seat in range(st.seats)]  # the environment's agent names
    limit = str(st.round_limit or "-")
    if st.to_act is not None:
        head = w.phrase(
            "round {round}/{limit}  phase {phase}  to act: {agent}",
            round=st.round,
            limit=limit,
            phase=st.phase.value,
            agent=agents[st.to_act],
        )
    else:
        head = w.phrase(
            "round {round}/{limit}  phase {phase}  game over",
            round=st.round,
            limit=limit,
            phase=st.phase.value,
        )
    lines = [head]
    for seat in range(st.seats):
        figs = [
            f"{f.name} {'x' if f.out else f'{f.hp}/{f.hp_max}'}"
            for f in st.figures
            if f.seat == seat
        ]
        lines.append(f"{_ANSI[seat % len(_ANSI)]}{agents[seat]}{_RESET}: " + ", ".join(figs))
    if game.is_over:
        lines.append(winner_line(game.winners, game.end_reason, agents, lang))
    return lines


def ansi(game: Game, cols: int | None = None, lang: str = "en") -> str:
    """The table as lines of text (top = far edge), figures coloured by seat, then a status.

    The status lines are in ``lang`` (``en`` or ``de``, through the text layer's catalogs).
    """
    table = game.scenario.table(game.ruleset)
    cols = cols or max(24, min(72, round(table.width * 2)))
    rows = max(8, round(cols * table.height / table.width / 2))
    grid = [list(line) for line in rasterize(table, cols, rows)]
    marks: dict[tuple[int, int], str] = {}
    for fig in sorted(game.state.figures, key=lambda f: not f.out):
        x, y = fig.pos
        c = min(cols - 1, max(0, int(x / table.width * cols)))
        r = min(rows - 1, max(0, int((table.height - y) / table.height * rows)))
        letter = "x" if fig.out else (fig.name[:1].lower() if fig.hidden else fig.name[:1].upper())
        marks[(r, c)] = f"{_ANSI[fig.seat % len(_ANSI)]}{letter}{_RESET}"
    lines = ["+" + "-" * cols + "+"]
    for r, row in enumerate(grid):
        lines.append("|" + "".join(marks.get((r, c), ch) for c, ch in enumerate(row)) + "|")
    lines.append("+" + "-" * cols + "+")
    return "\n".join(lines + _status(game, lang))


def rgb(game: Game, figure: Any = None, dpi: int = 60) -> tuple[npt.NDArray[np.uint8], Any]:
    """The table drawn with matplotlib (Agg): terrain, figures as seat-coloured discs.

    Returns the H × W × 3 image and the matplotlib figure to pass back next time.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, Polygon

    table = game.scenario.table(game.ruleset)
    if figure is None:
        figure = Figure(figsize=(table.width / 6, table.height / 6), dpi=dpi)
        FigureCanvasAgg(figure)
    figure.clear()
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, table.width)
    ax.set_ylim(0, table.height)
    ax.set_axis_off()
    ax.add_patch(
        Polygon(
            [(0, 0), (table.width, 0), (table.width, table.height), (0, table.height)],
            facecolor="#f3e5c0",
        )
    )
    for piece in table.terrain:
        colour = _FILL.get(piece.kind, "#bcaaa4")
        ax.add_patch(Polygon(piece.outline, closed=True, facecolor=colour, edgecolor="#4e342e"))
        for opening in piece.openings:
            (ax_, ay), (bx, by) = opening.a, opening.b
            ax.plot([ax_, bx], [ay, by], color="#fff8e1", linewidth=3)
    radius = table.radius
    for fig in game.state.figures:
        colour = _COLOURS[fig.seat % len(_COLOURS)]
        alpha = 0.25 if fig.out else (0.55 if fig.hidden else 1.0)
        ax.add_patch(Circle(fig.pos, radius, facecolor=colour, edgecolor="black", alpha=alpha))
        if not fig.out:
            ax.text(
                fig.pos[0],
                fig.pos[1] + radius * 1.3,
                f"{fig.name[:1]}{fig.hp}",
                ha="center",
                va="bottom",
                fontsize=8,
            )
    figure.canvas.draw()
    image = np.asarray(figure.canvas.buffer_rgba())[:, :, :3].copy()
    return image, figure
