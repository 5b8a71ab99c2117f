"""Bots playing a game on for a number of decisions (``play_game`` of the bots plays it to
its end and fails a game that does not end)."""

from __future__ import annotations

from collections.abc import Sequence

from totenblatt.wanted.bots import Bot
from totenblatt.wanted.engine import Game


def play_some(game: Game, bots: Sequence[Bot], decisions: int) -> Game:
    """``bots[seat]`` decide for their seats, ``decisions`` times or until the game is over;
    returns ``game``."""
    for _ in range(decisions):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game
