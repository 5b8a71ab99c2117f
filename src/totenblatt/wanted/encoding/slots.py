"""Stable action slots: every action the engine offers, mapped to one index of a fixed range.

The engine offers a finite, changing list of actions (``Game.legal_actions``);
moves are continuous, so it offers a menu of useful paths per club card. A
learning agent needs a fixed ``Discrete(n)`` space instead, where an index means
the same kind of action at every step. :class:`ActionSlots` lays the indices out
in blocks, sized for one scenario and ruleset:

========== =========================================================================
block       one slot per
========== =========================================================================
pass        —
concede     —
swap        hand × (whole hand, or the 1st … 5th offered partial swap of a veteran)
bid         hand × card *way*
attack      own attacker × target figure × card way
move        card way × (own figure × (1st … K-th offered path of it, or "moves
            nobody") + 1st … G-th group move + "moves nobody" with the seat's hand)
defend      card way × Cover choice (in the engine's order) × Queen of Hearts extra card
redraw      card × own paying figure × hand the card comes from
reveal      own figure
tempt fate  card × own figure
keep        card
========== =========================================================================

A *hand* is the seat's one hand (``per_player``) or the hand of its n-th figure
(``per_character``, D-5). A *card way* says how a card is played for a role
(clubs move, spades attack, hearts defend, diamonds bid): 0–12 a card of that
suit by rank (2 … ace), 13 a joker, and with abilities 14–17 a 2 of clubs,
spades, hearts or diamonds played as a joker (Wild 2). Cards are numbered 0–52:
suit by suit (clubs, spades, hearts, diamonds) from 2 to ace, then the joker.
Own figures are the seat's figures in scenario order; targets are all figures in
scenario order. Offered paths are numbered in the order the engine offers them
(towards the nearest enemies, half way, away, cover spots — docs/engine.md).

>>> from totenblatt.wanted.engine.game import new_game
>>> game = new_game("duel", seed=1)
>>> slots = ActionSlots(game.scenario, game.ruleset)
>>> table = slots.encode(game.legal_actions(), game.to_act)
>>> sorted(table.values(), key=str) == sorted(game.legal_actions(), key=str)
True
>>> slots.describe(min(table)), slots.size
('pass[0]', 527)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from totenblatt.cards import Card, Rank, Suit
from totenblatt.wanted.ask import defence_room
from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.actions import Action
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = ["CARDS", "PATHS", "ActionSlots", "SlotError", "card_index"]

CARDS = 53
"""Card numbers: 52 French cards and the joker."""
PATHS = 18
"""Offered paths of one figure per club (8 at the club's inches, 8 more with Light-Footed
inches, 2 when a group move moves only this figure)."""
GROUPS = 2
"""Group moves per club (everybody towards the nearest enemy, everybody to cover)."""
PARTIAL_SWAPS = 5
"""Partial swaps offered to a veteran (its weakest cards, and the weakest keeping a suit)."""

_SUITS = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}


class SlotError(RuntimeError):
    """An offered action does not fit its block (a limit of the layout was passed)."""


def card_index(card: Card) -> int:
    """The card's number 0–52 (clubs, spades, hearts, diamonds from 2 to ace; joker 52).

    >>> card_index(Card.parse("2♣")), card_index(Card.parse("A♦")), card_index(Card.parse("Joker"))
    (0, 51, 52)
    """
    if card.rank is None or card.suit is None:
        return 52
    return _SUIT_INDEX[card.suit] * 13 + int(card.rank) - int(Rank.TWO)


@dataclass(frozen=True, slots=True)
class Block:
    """One kind of action: its first index and its shape (the slot is row-major in it)."""

    name: str
    start: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        """Number of slots."""
        n = 1
        for d in self.shape:
            n *= d
        return n

    def index(self, *at: int) -> int:
        """The slot of position ``at`` (one coordinate per dimension)."""
        flat = 0
        for value, dim in zip(at, self.shape, strict=True):
            if not 0 <= value < dim:
                raise SlotError(
                    f"{self.name} slot {at} is outside the block's shape {self.shape}: "
                    "the scenario offers more than this layout holds"
                )
            flat = flat * dim + value
        return self.start + flat


class ActionSlots:
    """The fixed action layout of one scenario and ruleset (see the module docstring)."""

    def __init__(self, scenario: Scenario, ruleset: Ruleset) -> None:
        self.figures = tuple(f.name for f in scenario.figures)
        self.seats = scenario.seats
        self.own: tuple[tuple[str, ...], ...] = tuple(
            tuple(f.name for f in scenario.figures if f.seat == s) for s in range(scenario.seats)
        )
        self.own_index = [{name: i for i, name in enumerate(names)} for names in self.own]
        self.figure_index = {name: i for i, name in enumerate(self.figures)}
        own_max = max((len(o) for o in self.own), default=1) or 1
        self.per_character = ruleset.round.hand_mode == "per_character"
        abilities = ruleset.abilities.enabled
        self.ways = 18 if abilities else 14
        hands = own_max if self.per_character else 1
        room = defence_room(scenario, ruleset)
        covers, queen = room.cover_choices, room.queen_of_hearts
        partial = PARTIAL_SWAPS if ruleset.heroes.enabled else 0
        blocks: list[Block] = []
        at = 0
        for name, shape in (
            ("pass", (1,)),
            ("concede", (1,)),
            ("swap", (hands, 1 + partial)),
            ("bid", (hands, self.ways)),
            ("attack", (own_max, len(self.figures), self.ways)),
            ("move", (self.ways, own_max * (PATHS + 1) + GROUPS + 1)),
            ("defend", (self.ways, covers, CARDS + 1 if queen else 1)),
            ("redraw", (CARDS, own_max, hands)),
            ("reveal", (own_max,)),
            ("tempt_fate", (CARDS, own_max)),
            ("keep", (CARDS,)),
        ):
            block = Block(name, at, shape)
            blocks.append(block)
            at += block.size
        self.blocks = {b.name: b for b in blocks}
        self.size = at
        """Number of slots: the ``n`` of the ``Discrete(n)`` action space."""
        self._own_max = own_max

    # -- encoding --------------------------------------------------------------------

    def way(self, card: Card, suit: Suit, wild: bool) -> int:
        """The card way of ``card`` played for ``suit``'s role (see the module docstring)."""
        if wild:
            if card.suit is None:
                raise SlotError("a joker is not played as a wild 2")
            return 14 + _SUIT_INDEX[card.suit]
        if card.rank is None:
            return 13
        if card.suit is not suit:
            raise SlotError(f"{card} is not a {suit.value[:-1]}")
        return int(card.rank) - int(Rank.TWO)

    def _hand(self, seat: int, figure: str | None) -> int:
        return 0 if figure is None else self.own_index[seat][figure]

    def encode(self, actions: Sequence[Action], seat: int) -> dict[int, Action]:
        """Slot -> action for the legal ``actions`` of ``seat`` (``SlotError`` if two collide)."""
        out: dict[int, Action] = {}
        ordinal = _Ordinals()
        b = self.blocks
        own = self.own_index[seat]
        for action in actions:
            if isinstance(action, act.Pass):
                slot = b["pass"].index(0)
            elif isinstance(action, act.Concede):
                slot = b["concede"].index(0)
            elif isinstance(action, act.Swap):
                hand = self._hand(seat, action.figure)
                k = 0 if not action.cards else 1 + ordinal(("swap", hand), action.cards)
                slot = b["swap"].index(hand, k)
            elif isinstance(action, act.Bid):
                way = self.way(action.card, Suit.DIAMONDS, action.wild)
                slot = b["bid"].index(self._hand(seat, action.figure), way)
            elif isinstance(action, act.Attack):
                way = self.way(action.card, Suit.SPADES, action.wild)
                target = self.figure_index[action.target]
                slot = b["attack"].index(own[action.attacker], target, way)
            elif isinstance(action, act.Move):
                way = self.way(action.card, Suit.CLUBS, action.wild)
                slot = b["move"].index(way, self._move_column(action, own, ordinal, way))
            elif isinstance(action, act.Defend):
                way = self.way(action.card, Suit.HEARTS, action.wild)
                cover = ordinal(("covers", way), action.covers)
                extra = 0 if action.extra is None else 1 + card_index(action.extra)
                slot = b["defend"].index(way, cover, extra)
            elif isinstance(action, act.Redraw):
                hand = self._hand(seat, action.figure or action.payer) if self.per_character else 0
                slot = b["redraw"].index(card_index(action.card), own[action.payer], hand)
            elif isinstance(action, act.Reveal):
                slot = b["reveal"].index(own[action.figure])
            elif isinstance(action, act.TemptFate):
                slot = b["tempt_fate"].index(card_index(action.card), own[action.figure])
            elif isinstance(action, act.Keep):
                slot = b["keep"].index(card_index(action.card))
            else:  # pragma: no cover - every action kind is handled above
                raise SlotError(f"{action!r} has no slot")
            if slot in out and out[slot] != action:
                raise SlotError(f"{action!r} and {out[slot]!r} share slot {slot}")
            out[slot] = action
        return out

    def _move_column(
        self,
        move: act.Move,
        own: Mapping[str, int],
        ordinal: _Ordinals,
        way: int,
    ) -> int:
        per_figure = PATHS + 1
        if not move.steps:
            if move.figure is None:
                return self._own_max * per_figure + GROUPS
            return own[move.figure] * per_figure + PATHS
        if len(move.steps) == 1:
            fig = own[move.steps[0].figure]
            k = ordinal(("path", way, fig), move.steps)
            if k >= PATHS:
                raise SlotError(f"more than {PATHS} offered paths for one figure and club")
            return fig * per_figure + k
        k = ordinal(("group", way), move.steps)
        if k >= GROUPS:
            raise SlotError(f"more than {GROUPS} offered group moves for one club")
        return self._own_max * per_figure + k

    @staticmethod
    def decode_with(table: Mapping[int, Action], slot: int) -> Action:
        """The action in ``slot`` of an :meth:`encode` table; ``ValueError`` if it is not legal."""
        found = table.get(int(slot))
        if found is None:
            raise ValueError(f"action {slot!r} is not legal now (its action_mask entry is 0)")
        return found

    def describe(self, slot: int) -> str:
        """Which block and position ``slot`` is, e.g. ``attack[0, 1, 10]`` (for people and logs)."""
        if not 0 <= slot < self.size:
            raise ValueError(f"slot {slot!r} is outside 0 to {self.size - 1}")
        for block in self.blocks.values():
            if block.start <= slot < block.start + block.size:
                rest = slot - block.start
                at: list[int] = []
                for dim in reversed(block.shape):
                    at.append(rest % dim)
                    rest //= dim
                return f"{block.name}[{', '.join(str(v) for v in reversed(at))}]"
        raise AssertionError("unreachable")  # pragma: no cover


class _Ordinals:
    """Numbers variants in order of first appearance within a group (offered paths, swaps)."""

    def __init__(self) -> None:
        self._seen: dict[tuple[object, ...], dict[object, int]] = {}

    def __call__(self, group: tuple[object, ...], variant: object) -> int:
        seen = self._seen.setdefault(group, {})
        return seen.setdefault(variant, len(seen))
