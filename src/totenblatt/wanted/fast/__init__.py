"""The fast path: the game on flat state with integer actions, for bots, the lab and agents.

:class:`FastGame` (made from a reference game by :meth:`FastGame.from_game`) plays the
same rules as :mod:`totenblatt.wanted.engine`; moves go to the destinations of the
table's :class:`Board`, and every action id has a shadow in the reference engine that
is legal there and costs the same (docs/engine.md, "The fast path"). What it does not
play it refuses by name (:class:`FastUnsupportedError`); :func:`fast_refusal` says so
beforehand, cheaply, and :data:`HONOURED` lists the ruleset fields it plays.
"""

from totenblatt.wanted.fast.actions import ActionTable
from totenblatt.wanted.fast.board import Board, board_for
from totenblatt.wanted.fast.game import (
    HONOURED,
    FastGame,
    FastUnsupportedError,
    fast_refusal,
    new_fast_game,
)

__all__ = [
    "HONOURED",
    "ActionTable",
    "Board",
    "FastGame",
    "FastUnsupportedError",
    "board_for",
    "fast_refusal",
    "new_fast_game",
]
