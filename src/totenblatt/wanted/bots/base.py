"""The bot protocol, and a loop that lets bots play a game to its end."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from totenblatt.wanted.engine.actions import Action
from totenblatt.wanted.engine.views import View

if TYPE_CHECKING:
    from totenblatt.wanted.engine.game import Game

__all__ = ["Bot", "bot_seed", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """A player that decides from what its seat may know: the view and the legal actions."""

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``."""
        ...


def bot_seed(game_secret: int, seat: int) -> int:
    """The seed of the bot at ``seat``, derived from the game's secret seed (64 bits).

    A one-way hash: the bot's choices reveal nothing of the game's seed, and no public
    number (seat, round, the seed a person typed) gives a bot's seed without the secret.

    >>> bot_seed(7, 0) == bot_seed(7, 0) != bot_seed(7, 1)
    True
    >>> 0 <= bot_seed(2**64 - 1, 3) < 2**64
    True
    """
    digest = hashlib.sha256(f"totenblatt/bot/{game_secret}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(game: Game, bots: Sequence[Bot], *, max_decisions: int = 100_000) -> Game:
    """Let ``bots[seat]`` decide for every seat until the game ends; returns ``game``.

    >>> from totenblatt.wanted.engine.game import new_game
    >>> from totenblatt.wanted.bots.random_bot import RandomBot
    >>> play_game(new_game("duel", seed=1), [RandomBot(1), RandomBot(2)]).is_over
    True
    """
    if len(bots) != game.seats:
        raise ValueError(f"{len(bots)} bots for {game.seats} seats")
    for _ in range(max_decisions):
        seat = game.to_act
        if seat is None:
            return game
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    raise RuntimeError(f"the game did not end within {max_decisions} decisions")
