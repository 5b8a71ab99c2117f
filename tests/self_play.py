"""Bots playing a game on: decision by decision (a test looks at each before the bot takes
it), or for a number of decisions (``play_game`` of the bots plays a game to its end and
fails one that does not end)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from totenblatt.wanted.bots import Bot
from totenblatt.wanted.engine import Action, Game
from totenblatt.wanted.fast import FastGame

if TYPE_CHECKING:  # the env extra (Gymnasium, PettingZoo) only where a test uses it
    from totenblatt.env.wanted_fast_v0 import WantedFastEnv


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


def dealt(env: WantedFastEnv, seeds: Iterable[int]) -> Iterator[tuple[int, FastGame]]:
    """``env`` reset to each of ``seeds`` in turn: the seed and the fresh game it dealt."""
    for seed in seeds:
        env.reset(seed=seed)
        game = env.game
        assert game is not None
        yield seed, game
