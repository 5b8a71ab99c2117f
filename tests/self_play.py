"""Bots playing a game on: decision by decision (a test looks at each before the bot takes
it), or for a number of decisions (``play_game`` of the bots plays a game to its end and
fails one that does not end)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from totenblatt.wanted.bots import Bot
from totenblatt.wanted.engine import Action, Game


def decisions(game: Game, bots: Sequence[Bot], most: int) -> Iterator[tuple[int, list[Action]]]:
    """Each decision of ``game``, its seat and legal actions, before ``bots[seat]`` takes it:
    ``most`` of them, or until the game is over."""
    for _ in range(most):
        if game.is_over:
            return
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        yield seat, legal
        game.apply(bots[seat].choose(game.view(seat), legal))


def play_some(game: Game, bots: Sequence[Bot], most: int) -> Game:
    """``bots[seat]`` decide for their seats, ``most`` times or until the game is over;
    returns ``game``."""
    for _ in decisions(game, bots, most):
        pass
    return game
