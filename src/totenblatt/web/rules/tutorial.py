"""The tutorial: a duel against the bot on a stacked deal that teaches one thing at a time.

The deal is fixed (:data:`HANDS`, :data:`DEAD_HAND`, :data:`NEXT`): the learner deals and holds
a diamond to bid with, clubs to move by, a spade to shoot, a heart to defend and a poor card to
redraw; the dead man's hand is as good, so swapping teaches nothing wrong. Only this first
deal is stacked: the rest of the deck, the bot's choices and every later round come from the
game's secret seed as in any game. The page (``static/js/tutorial.js``) follows the lessons
(:data:`LESSONS`) in the seat's own events and says what to try next.

>>> spec = tutorial_spec("de")
>>> spec.kinds, spec.dealer, spec.deck_order[:5]
(('human', 'bot'), 0, ('5♦', '8♣', 'J♠', '3♥', '4♣'))
"""

from __future__ import annotations

from totenblatt.wanted.engine import stacked_deal
from totenblatt.web.shell.games import GameSpec

__all__ = ["DEAD_HAND", "HANDS", "LESSONS", "NEXT", "tutorial_spec"]

HANDS: dict[int, list[str]] = {
    0: ["Q♦", "10♣", "K♠", "9♥", "2♣"],
    1: ["5♦", "8♣", "J♠", "3♥", "4♣"],
}
"""The learner's (seat 0) and the bot's (seat 1) first hands."""

DEAD_HAND = ["J♦", "9♣", "Q♠", "10♥", "3♣"]
"""The first dead man's hand: as useful as the learner's own."""

NEXT = ["A♣", "7♠", "8♥"]
"""The next cards drawn (a redraw's new card first)."""

LESSONS = ("swap", "redraw", "bid", "move", "hide", "shoot", "defend")
"""What the tutorial teaches, in the order it is usually met."""


def tutorial_spec(lang: str) -> GameSpec:
    """The tutorial's game: the duel, base rules, the learner dealing against the bot."""
    order = stacked_deal(0, HANDS, DEAD_HAND, NEXT)
    return GameSpec(
        "duel",
        "base",
        ("human", "bot"),
        lang,
        None,
        dealer=0,
        deck_order=tuple(str(c) for c in order),
    )
