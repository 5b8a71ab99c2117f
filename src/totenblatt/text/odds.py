"""A ranked hand's odds as JSON: what ``odds attack --cards --json`` and the companion page give.

The figures are the core's (:func:`~totenblatt.wanted.odds.hand_odds`, one
:func:`~totenblatt.wanted.odds.odds_report` per attack); this module only lays
them out, once for both interfaces, so the terminal and the browser answer alike.

>>> from totenblatt.wanted.odds import hand_odds, odds_report
>>> options = hand_odds(["Q♠", "3♠", "7♣"], weapon="colt", distance=3, hand_size=4)
>>> head = hand_head(["Q♠", "3♠", "7♣"], options)
>>> head["cards"], head["weapon"], head["distance"], head["hand"]
(['Q♠', '3♠', '7♣'], 'colt', 3.0, 4)
>>> [(a["card"], a["wild"]) for a in ranked_attacks(options, odds_report)]
[('Q♠', False), ('3♠', False)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from totenblatt.cards import Card
    from totenblatt.wanted.odds import AttackOdds, HandOption

__all__ = ["hand_head", "ranked_attacks"]


def hand_head(hand: Iterable[Card | str], options: Sequence[HandOption]) -> dict[str, Any]:
    """The hand and the shot its attacks share (weapon, distance, cover, the defender's hand
    and the unseen cards), read from the best attack's odds."""
    first = options[0].odds
    return {
        "cards": [str(c) for c in hand],
        "weapon": first.weapon,
        "distance": first.distance,
        "cover": first.cover.value,
        "hand": first.defense.hand_size,
        "unseen": first.defense.unseen,
    }


def ranked_attacks(
    options: Sequence[HandOption], report: Callable[[AttackOdds], dict[str, Any]]
) -> list[dict[str, Any]]:
    """Each attack of the hand, best first: its card, whether a 2 is played as a joker
    (Wild 2), and ``report`` of its odds."""
    return [{"card": str(o.card), "wild": o.wild} | report(o.odds) for o in options]
