"""The bot protocol, and a loop that lets bots play a game to its end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from totenblatt.wanted.engine.actions import Action

if TYPE_CHECKING:
    from totenblatt.wanted.engine.game import Game

__all__ = ["Bot", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """A player that decides from what its seat may know: the view and the legal actions."""

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``."""
        ...


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
