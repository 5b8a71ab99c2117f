"""A bot that picks uniformly at random among the legal actions (never conceding)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from totenblatt.wanted.engine.actions import Action, Concede
from totenblatt.wanted.engine.views import View

__all__ = ["RandomBot"]


class RandomBot:
    """Uniformly random legal actions from its own seeded ``random.Random``.

    It concedes only when ``concede`` is true (then Concede is one choice among all).

    >>> from totenblatt.wanted.engine.actions import Pass
    >>> RandomBot(1).choose({}, [Pass()])
    Pass()
    """

    def __init__(self, seed: int = 0, *, concede: bool = False) -> None:
        self.rng = random.Random(seed)
        self.concede = concede

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """A random legal action."""
        options = legal_actions
        if not self.concede:
            options = [a for a in legal_actions if not isinstance(a, Concede)] or legal_actions
        if not options:
            raise ValueError("no legal action to choose from")
        return options[self.rng.randrange(len(options))]
