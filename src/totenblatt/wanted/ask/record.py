"""The game as it began: what a replay starts from, public facts only."""

from __future__ import annotations

from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.views import PublicView

__all__ = ["dealt_view"]


def dealt_view(game: Game) -> PublicView:
    """The public view of ``game`` as it was dealt, before any action (dealt again)."""
    setup = game.setup
    again = new_game(
        setup.scenario,
        setup.ruleset,
        setup.seed,
        dealer=setup.dealer,
        deck_order=setup.deck_orders or None,
    )
    return again.view(None)
