"""What a feature may ask of the table's hub of games, as protocols.

The hub (:class:`~totenblatt.web.table.hub.Hub`) belongs to the table; the
application starts it and keeps it as ``app.state.hub``
(:func:`~totenblatt.web.app.create_app` checks that it is a :class:`GameHost`).
Features other than the table read it through these protocols, so they need not
import the table: the analysis finds a game's :class:`GameRoom`, the stories share
the hub's store, bus and tasks.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from totenblatt.store.tables import WebGames
from totenblatt.wanted.engine import Game
from totenblatt.web.shell.bus import Bus

__all__ = ["SETUP_READERS", "GameHost", "GameRoom", "SeatViewer", "read_setup"]


SETUP_READERS: dict[str, Callable[[str], Game]] = {}
"""Readers of stored setups that are not an engine save, by how their text begins: a feature
whose games the engine cannot save registers one (a campaign fight's scenario is made of
its gangs, not loaded from a file). The reader deals the game; the hub replays its actions."""


def read_setup(setup: str) -> Game:
    """The dealt game of a stored setup: an engine save, or a format a feature registered."""
    for prefix, reader in SETUP_READERS.items():
        if setup.startswith(prefix):
            return reader(setup)
    return Game.from_json(setup)


class SeatViewer(Protocol):
    """Who is asking: a seat, or a spectator (``seat`` None)."""

    @property
    def seat(self) -> int | None:
        """The seat, None for a spectator."""


class GameRoom(Protocol):
    """One game of the hub: its id, the game, its language and who its tokens belong to."""

    @property
    def id(self) -> str:
        """The game's id."""

    @property
    def game(self) -> Game:
        """The game itself (the core's)."""

    @property
    def lang(self) -> str:
        """The game's language."""

    def viewer(self, token: str | None) -> SeatViewer:
        """The seat (or spectator) ``token`` belongs to; a 403 if none."""

    def labels(self, lang: str) -> list[str]:
        """The seats' names in ``lang``."""


class GameHost(Protocol):
    """The hub of games as the features see it: its games, its store, its bus, its tasks."""

    @property
    def games(self) -> WebGames:
        """The stored games (and through them the server's database)."""

    @property
    def shared(self) -> bool:
        """Whether several server processes share the database (PostgreSQL)."""

    @property
    def bus(self) -> Bus | None:
        """The notices between the processes (None: one process)."""

    @property
    def others(self) -> dict[str, Callable[[str, int], None]]:
        """Listeners for the bus's notices of other kinds than games, by kind."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of the hub's (cancelled when the hub stops)."""

    async def room(self, game_id: str) -> GameRoom:
        """The game ``game_id`` (a 404 if there is none)."""
