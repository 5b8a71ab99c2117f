"""A test drawn at the table step by step: each side draws from its own shuffled pile.

At a real table (C1, C3) both sides draw their cards from their own 13-card pile,
the cards turn face up, and the player may then spend jokers one at a time while
the test is not a success (C6, D-33); after the test every pile is reshuffled.
:class:`Drawing` is that test as a value: each step returns a new one, and
:meth:`Drawing.result` is :func:`~totenblatt.rpg.probe.resolve_probe` of the cards
drawn, so the rules live there alone. A pile's order comes from a secret
(:func:`pile_seed`, :func:`pile_order`): one secret per story gives a fresh,
reproducible shuffle per test and side that nobody can tell from the cards seen.

>>> rest = tuple(v for v in range(1, 14) if v not in (5, 7, 8, 9))
>>> d = Drawing.start(2, 3, player_pile=(8, 9, 5, 7, *rest), opponent_pile=(5, 7, 8, 9, *rest))
>>> d = d.draw(Side.PLAYER).draw(Side.OPPONENT)
>>> d.cards(Side.PLAYER), d.cards(Side.OPPONENT), d.result().outcome.value
((8,), (5, 7), 'failure')
>>> d.may_spend(jokers=1), d.spend_joker(jokers=1).result().outcome.value  # 17 against 12
(True, 'success')
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from totenblatt.messages import Message
from totenblatt.rpg.probe import ProbeError, ProbeResult, card_counts, plan_draw, resolve_probe
from totenblatt.rpg.rules import Outcome, RpgRuleset

__all__ = ["DrawError", "Drawing", "Side", "loser", "pile_order", "pile_seed"]


class Side(StrEnum):
    """A side of a test: the player (the skill tested) or the opponent (difficulty or rival)."""

    PLAYER = "player"
    OPPONENT = "opponent"


class DrawError(ProbeError):
    """A step the test does not allow now: a second draw, a joker while winning, no joker."""


def _refuse(message: Message) -> DrawError:
    return DrawError(message)


def pile_seed(secret: int, test: int, side: Side) -> int:
    """The seed of one side's pile in test number ``test`` of a story with ``secret`` (one-way).

    >>> len({pile_seed(7, 1, Side.PLAYER), pile_seed(7, 1, "opponent"), pile_seed(7, 2, "player")})
    3
    """
    text = f"totenblatt-rpg-pile/{secret}/{test}/{Side(side).value}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def pile_order(seed: int, ruleset: str | Path | RpgRuleset = "rpg") -> tuple[int, ...]:
    """A freshly shuffled pile (C1: after every test), top card first.

    >>> sorted(pile_order(1)) == list(range(1, 14))
    True
    """
    rules = RpgRuleset.load(ruleset)
    return tuple(random.Random(seed).sample(rules.pile_values, rules.pile_size))


def loser(result: ProbeResult) -> Side | None:
    """The side that lost (and takes the wound in a fight), or None when nothing happened."""
    if result.outcome is Outcome.FAILURE:
        return Side.PLAYER
    if result.outcome is Outcome.SUCCESS:
        return Side.OPPONENT
    return None


_SIDE_WORDS = {Side.PLAYER: Message("player"), Side.OPPONENT: Message("opponent")}


@dataclass(frozen=True)
class Drawing:
    """One test at the table: the levels, both piles (secret), who drew, the jokers spent."""

    skill: int
    difficulty: int
    player_pile: tuple[int, ...] = field(repr=False)
    opponent_pile: tuple[int, ...] = field(repr=False)
    pvp: bool = False
    drawn: frozenset[Side] = frozenset()
    jokers_spent: int = 0
    stopped: bool = False
    """The player (or the game master) ended the test: no more jokers."""
    ruleset: RpgRuleset = field(default_factory=RpgRuleset.load, compare=False, repr=False)

    @classmethod
    def start(
        cls,
        skill: int,
        difficulty: int,
        *,
        player_pile: tuple[int, ...],
        opponent_pile: tuple[int, ...],
        pvp: bool = False,
        ruleset: str | Path | RpgRuleset = "rpg",
    ) -> Drawing:
        """A test nobody has drawn in yet; levels and piles are checked (:class:`ProbeError`)."""
        rules = RpgRuleset.load(ruleset)
        plan_draw(skill, difficulty, 0, rules)  # the levels, and that each draw fits a pile
        for pile in (player_pile, opponent_pile):
            if sorted(pile) != sorted(rules.pile_values):
                raise _refuse(
                    Message(
                        "a pile must hold the cards of the ruleset once each ({size} cards)",
                        size=rules.pile_size,
                    )
                )
        return cls(skill, difficulty, tuple(player_pile), tuple(opponent_pile), pvp, ruleset=rules)

    @property
    def counts(self) -> tuple[int, int]:
        """Base cards of player and opponent (C3, D-39)."""
        return card_counts(self.skill, self.difficulty)

    @property
    def revealed(self) -> bool:
        """Both sides drew: every card drawn is face up."""
        return len(self.drawn) == len(Side)

    def cards(self, side: Side) -> tuple[int, ...]:
        """The cards ``side`` drew (the player's base cards, then one per joker); () before."""
        if side not in self.drawn:
            return ()
        if side is Side.PLAYER:
            return self.player_pile[: self.counts[0] + self.jokers_spent]
        return self.opponent_pile[: self.counts[1]]

    def draw(self, side: Side) -> Drawing:
        """``side`` draws its base cards from its pile (once per test)."""
        side = Side(side)
        if side in self.drawn:
            raise _refuse(
                Message("the {side} has drawn already in this test", side=_SIDE_WORDS[side])
            )
        return replace(self, drawn=self.drawn | {side})

    def result(self) -> ProbeResult:
        """The test as it stands, resolved by the core from the cards drawn."""
        if not self.revealed:
            raise _refuse(Message("the cards are not all face up yet: both sides draw first"))
        return resolve_probe(
            self.skill,
            self.difficulty,
            pvp=self.pvp,
            jokers=self.jokers_spent,
            player_cards=self.cards(Side.PLAYER),
            opponent_cards=self.cards(Side.OPPONENT),
            ruleset=self.ruleset,
        )

    def refusal(self, jokers: int) -> Message | None:
        """Why the player holding ``jokers`` may not spend one now, or None when it may."""
        if not self.revealed:
            return Message("the cards are not all face up yet: a joker comes after both draws")
        if self.stopped:
            return Message("the test is over: no more jokers")
        if self.result().outcome is Outcome.SUCCESS:
            return Message("the test is already won: a joker is spent only while it is not (D-33)")
        if jokers <= 0:
            return Message("no joker left")
        if len(self.cards(Side.PLAYER)) >= len(self.player_pile):
            return Message("the pile is empty: no card left to draw")
        return None

    def may_spend(self, jokers: int) -> bool:
        """True when the player holding ``jokers`` may spend one now (D-33)."""
        return self.refusal(jokers) is None

    def spend_joker(self, jokers: int) -> Drawing:
        """The player spends one of its ``jokers``: one more card from its pile."""
        why = self.refusal(jokers)
        if why is not None:
            raise _refuse(why)
        return replace(self, jokers_spent=self.jokers_spent + 1)

    def stop(self) -> Drawing:
        """The player spends no more jokers: the test ends as it stands."""
        if not self.revealed:
            raise _refuse(Message("the cards are not all face up yet: both sides draw first"))
        return replace(self, stopped=True)

    def finished(self, jokers: int) -> bool:
        """The test is decided: face up and no joker can (or will) be spent any more."""
        return self.revealed and (self.stopped or not self.may_spend(jokers))
