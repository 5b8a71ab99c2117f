"""The board's lines of fire worked out a row at a time are the reference table's answers.

:class:`~totenblatt.wanted.fast.sightlines.SightLines` gives a verdict only where the
geometry is beyond doubt; every verdict it gives must be the table's own
(``wall_between``), and the board's ``sight`` must equal ``Table.sight`` either way round,
whether a row was worked out or not.
"""

from __future__ import annotations

import numpy as np
import pytest

from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast import FastGame
from totenblatt.wanted.fast.board import ROW_AFTER, Board
from totenblatt.wanted.fast.sightlines import BLOCKED, CLEAR, UNSURE, SightLines
from totenblatt.wanted.table.measure import Table, Terrain


def _board(scenario: str) -> Board:
    return FastGame.from_game(new_game(scenario, "extended", seed=0)).spec.board


@pytest.mark.parametrize("scenario", ["heroes", "duel", "gangs"])
def test_every_verdict_is_the_tables(scenario: str) -> None:
    board = _board(scenario)
    table = board.table
    lines = SightLines(table, board._dest_xy)
    counts = {BLOCKED: 0, CLEAR: 0, UNSURE: 0}
    n = board.destinations
    for i in range(0, n, 5):
        row = lines.row(i)
        assert len(row) == n and row[i] == UNSURE
        for j in range(n):
            verdict = row[j]
            counts[verdict] += 1
            if verdict != UNSURE:
                a, b = board.points[i], board.points[j]
                assert table.line_of_fire(min(a, b), max(a, b)) == (verdict == CLEAR), (a, b)
    # the rows decide nearly every pair, both ways
    assert counts[BLOCKED] > 0 and counts[CLEAR] > 0
    assert counts[UNSURE] < 0.05 * sum(counts.values())


def test_a_line_along_a_wall_is_left_to_the_table() -> None:
    hut = Terrain.rect("Hut", "building", 4, 4, 4, 4)
    table = Table(12, 12, (hut,))
    xy = [(2.0, 4.0), (10.0, 4.0), (2.0, 3.0), (10.0, 9.0), (2.0, 10.0), (6.0, 6.0)]
    lines = SightLines(table, np.array(xy, dtype=np.float64))
    along, across, beside, into = lines.row(0)[1], lines.row(2)[3], lines.row(2)[4], lines.row(5)
    assert along == UNSURE  # runs along the wall's edge: the table decides
    assert table.line_of_fire(xy[0], xy[1]) is False
    assert across == BLOCKED and beside == CLEAR
    assert into[2] == into[3] == CLEAR  # a shooter inside the hut: its walls never block (D-15)
    assert lines.row(2)[5] == CLEAR  # nor do they for a target inside it


@pytest.mark.parametrize("prepared", [False, True])
def test_board_sight_is_the_tables_either_way(prepared: bool) -> None:
    board = _board("heroes")
    board._sight.clear()
    if not prepared:
        board._rows[:] = [None] * len(board._rows)
        board._asked[:] = [0] * len(board._asked)
    else:
        board.prepare()
    n = board.destinations
    pairs = [(i, (i * 37 + k * 11) % n) for i in range(0, n, 3) for k in range(ROW_AFTER * 3)]
    for i, j in pairs:
        a, b = board.points[i], board.points[j]
        assert board.sight(i, j) == board.sight(j, i) == board.table.sight(min(a, b), max(a, b))
    assert all(row is not None for row in board._rows) or not prepared
    assert any(row is not None for row in board._rows)  # asked often: rows worked out
