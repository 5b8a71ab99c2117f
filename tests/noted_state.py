"""The engine's state with one more private field, for the tests that a new private fact
reaches its own seat and nobody else (the engine's views, the web's spectator)."""

from __future__ import annotations

from dataclasses import dataclass, field

from totenblatt.wanted.engine.state import GameState


@dataclass(slots=True)
class NotedState(GameState):
    """The engine's state with one more private field: a note per seat (``note-of-seat-s``)."""

    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        GameState.__post_init__(self)
        self.notes = [f"note-of-seat-{s}" for s in range(self.seats)]
