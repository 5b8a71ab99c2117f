"""Fixtures of the engine's tests: events of a kind, and "is the game at this decision?"."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from totenblatt.wanted.engine.events import Event
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.state import Phase


@pytest.fixture
def of() -> Callable[[Iterable[Event], type[Any]], list[Any]]:
    """``of(events, Kind)``: the events of that kind, in order."""

    def pick(events: Iterable[Event], kind: type[Any]) -> list[Any]:
        return [e for e in events if isinstance(e, kind)]

    return pick


@pytest.fixture
def at() -> Callable[..., bool]:
    """``at(game, phase, seat=None)``: is ``game`` at a ``phase`` decision (of ``seat``)?"""

    def check(game: Game, phase: Phase, seat: int | None = None) -> bool:
        return game.phase is phase and seat in (None, game.to_act)

    return check
