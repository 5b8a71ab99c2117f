"""The mutable game state: figures, piles, hands, phase and whose decision it is.

One :class:`GameState` per game; :meth:`GameState.clone` copies the mutable parts
and shares the immutable ones (ruleset, table, geometry caches).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from totenblatt.cards import Card, Suit
from totenblatt.wanted.engine.actions import Point
from totenblatt.wanted.engine.events import DiscardsReshuffled, Event
from totenblatt.wanted.vocab import Ability, HeroType

if TYPE_CHECKING:
    from totenblatt.wanted.engine.geometry import Geometry
    from totenblatt.wanted.rules import Ruleset

__all__ = ["FatePending", "Figure", "GameState", "PendingAttack", "Phase", "plays_as"]


class Phase(StrEnum):
    """What the seat to act decides."""

    SWAP = "swap"
    """A3.3: swap the hand for the dead man's hand, or keep it."""
    BID = "bid"
    """A4: bid a diamond for the initiative, or pass."""
    ACTION = "action"
    """A5: the active player plays a club, a spade, or nothing."""
    DEFEND = "defend"
    """A9: the target's player plays a heart, or none."""
    FATE = "fate"
    """B1 Tempt Fate, second step: keep one of the two cards drawn."""
    OVER = "over"
    """A13: the game has ended."""


@dataclass(slots=True)
class Figure:
    """A character on the table; ``kind``, ``abilities`` and ``spent`` serve the extended rules."""

    name: str
    seat: int
    team: int
    weapon: str
    pos: Point
    hp: int
    hp_max: int
    kind: HeroType = HeroType.COWBOY
    abilities: tuple[Ability, ...] = ()
    hidden: bool = False
    out: bool = False
    spent: tuple[Ability, ...] = ()
    """B1: one entry per use of a limited ability this fight (Cover, Tempt Fate, Nine Lives)."""

    def copy(self) -> Figure:
        """An independent copy."""
        return Figure(
            self.name,
            self.seat,
            self.team,
            self.weapon,
            self.pos,
            self.hp,
            self.hp_max,
            self.kind,
            self.abilities,
            self.hidden,
            self.out,
            self.spent,
        )


@dataclass(frozen=True, slots=True)
class PendingAttack:
    """An attack waiting for the defender's heart; inputs measured when it was declared."""

    seat: int
    card: Card
    attacker: str
    target: str
    distance: float
    cover: str
    target_hidden: bool
    wild: bool = False
    """B1 Wild 2: the attack card is a 2 played as a joker."""


@dataclass(frozen=True, slots=True)
class FatePending:
    """B1 Tempt Fate between its two steps: both drawn cards are in ``holder``'s hand."""

    seat: int
    figure: str
    holder: int
    drawn: tuple[Card, Card]
    resume: Phase
    """The decision the seat was at; it continues there after the keep."""


def plays_as(card: Card, suit: Suit) -> bool:
    """True when ``card`` may be played as ``suit``: that suit, or a joker (A12)."""
    return card.suit is suit or card.suit is None


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game. Cards are in exactly one pile or hand."""

    ruleset: Ruleset
    geo: Geometry
    seats: int
    teams: tuple[int, ...]
    figures: list[Figure]
    rng: random.Random
    decks: int = 1
    round_limit: int | None = None
    """D-22: the game ends after this round (None: no limit)."""
    draw_pile: list[Card] = field(default_factory=list)
    """Top of the pile is the end of the list."""
    discard_pile: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    """One hand per holder: per seat (D-5 ``per_player``) or per figure (``per_character``)."""
    dead_hand: list[Card] = field(default_factory=list)
    dead_taken: bool = False
    round: int = 0
    dealer: int = 0
    phase: Phase = Phase.SWAP
    to_act: int | None = None
    active: int = 0
    swap_order: list[int] = field(default_factory=list)
    bid_order: list[int] = field(default_factory=list)
    bids: list[tuple[int, Card, int]] = field(default_factory=list)
    """This cycle's bids: seat, card, bid value (D-10, D-23, D-36)."""
    cycle_played: bool = False
    empty_cycles: int = 0
    first_cycle: bool = True
    redraws_used: list[int] = field(default_factory=list)
    pending: PendingAttack | None = None
    fate: FatePending | None = None
    conceded: list[bool] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    end_reason: str | None = None
    seen_public: list[Card] = field(default_factory=list)
    """Cards discarded face up since the last full shuffle."""
    seen_private: list[list[Card]] = field(default_factory=list)
    """Per seat: cards it discarded face down since the last full shuffle."""
    shuffles: int = 0
    deck_orders: tuple[tuple[Card, ...], ...] = ()
    events: list[Event] = field(default_factory=list)
    by_name: dict[str, Figure] = field(default_factory=dict)
    alive: list[int] = field(default_factory=list)
    """Per seat: figures still in the game."""
    per_character: bool = False
    """D-5 ``per_character``: every figure holds its own hand (holder = figure index)."""
    index: dict[str, int] = field(default_factory=dict)
    """Figure name -> its index in ``figures`` (its holder in per-character mode)."""
    holders: list[tuple[int, ...]] = field(default_factory=list)
    """Per seat: the indices of its hands in ``hands``."""
    has_abilities: bool = False
    """Some figure has an ability (B1): the ability rules need looking at."""
    has_heroes: bool = False
    """Some figure is a gunslinger or veteran (B2)."""
    attack_memo: tuple[Hashable, Any] | None = field(default=None, repr=False, compare=False)
    """The last answer of ``checks.attack_pairs`` and the figures' state it was for (the
    engine asks it twice a decision: may the seat attack, and which attacks)."""

    def __post_init__(self) -> None:
        self.by_name = {f.name: f for f in self.figures}
        self.index = {f.name: i for i, f in enumerate(self.figures)}
        self.alive = [0] * self.seats
        for f in self.figures:
            if not f.out:
                self.alive[f.seat] += 1
        self.per_character = self.ruleset.round.hand_mode == "per_character"
        self.has_abilities = any(f.abilities for f in self.figures)
        self.has_heroes = any(f.kind is not HeroType.COWBOY for f in self.figures)
        if self.per_character:
            self.holders = [
                tuple(i for i, f in enumerate(self.figures) if f.seat == s)
                for s in range(self.seats)
            ]
        else:
            self.holders = [(s,) for s in range(self.seats)]
        if not self.hands:
            self.hands = [
                [] for _ in range(len(self.figures) if self.per_character else self.seats)
            ]
            self.redraws_used = [0] * self.seats
            self.conceded = [False] * self.seats
            self.seen_private = [[] for _ in range(self.seats)]

    # -- who is in the game ----------------------------------------------------------

    def in_game(self, seat: int) -> bool:
        """True while the seat has a figure in the game and has not conceded."""
        return self.alive[seat] > 0 and not self.conceded[seat]

    def take_out(self, fig: Figure) -> None:
        """Mark ``fig`` out of the game (A11)."""
        if not fig.out:
            fig.out = True
            fig.hidden = False
            self.alive[fig.seat] -= 1

    def seats_in_game(self) -> list[int]:
        """Seats still playing, in seat order."""
        return [s for s in range(self.seats) if self.in_game(s)]

    def round_from(self, start: int) -> list[int]:
        """Seats in the game going round the table (left = next index), starting at ``start``."""
        return [seat for i in range(self.seats) if self.in_game(seat := (start + i) % self.seats)]

    def living(self, seat: int) -> list[Figure]:
        """The seat's figures still in the game, in scenario order."""
        return [f for f in self.figures if f.seat == seat and not f.out]

    def enemies(self, seat: int) -> list[Figure]:
        """Figures still in the game on other teams than ``seat``'s."""
        team = self.teams[seat]
        return [f for f in self.figures if not f.out and f.team != team]

    # -- hands (D-5) -----------------------------------------------------------------

    def holder(self, seat: int, figure: str | None = None) -> int:
        """The hand a card of ``seat`` comes from: the seat's, or ``figure``'s (per character)."""
        if not self.per_character:
            return seat
        assert figure is not None, "per-character mode needs the figure whose hand it is"
        return self.index[figure]

    def holder_figure(self, holder: int) -> Figure | None:
        """The figure holding hand ``holder`` (per-character mode), else None."""
        return self.figures[holder] if self.per_character else None

    def seat_cards(self, seat: int) -> list[Card]:
        """Every card the seat holds (its hand, or its figures' hands in figure order)."""
        hands = self.holders[seat]
        if len(hands) == 1:
            return self.hands[hands[0]]
        return [c for h in hands for c in self.hands[h]]

    def can_draw(self, n: int) -> bool:
        """True when ``n`` cards can be drawn (the discards shuffled in if needed)."""
        return len(self.draw_pile) + len(self.discard_pile) >= n

    # -- cards -----------------------------------------------------------------------

    def draw(self, n: int) -> list[Card]:
        """Draw ``n`` cards from the top; shuffle the discards in when the pile runs out."""
        out: list[Card] = []
        for _ in range(n):
            if not self.draw_pile:
                if not self.discard_pile:
                    raise RuntimeError("no cards left in the draw or discard pile")
                self.reshuffle_discards()
            out.append(self.draw_pile.pop())
        return out

    def reshuffle_discards(self) -> None:
        """Shuffle the discard pile under the draw pile (it ran out, or D-3 ``when_empty``)."""
        pile = self.discard_pile
        self.discard_pile = []
        self.rng.shuffle(pile)
        self.draw_pile[:0] = pile
        self.seen_public.clear()
        for seen in self.seen_private:
            seen.clear()
        self.events.append(DiscardsReshuffled(len(pile)))

    def discard(self, cards: Sequence[Card], *, face_up: bool, seat: int | None = None) -> None:
        """Put cards on the discard pile (D-34); face-down ones are remembered by their seat."""
        self.discard_pile.extend(cards)
        if face_up:
            self.seen_public.extend(cards)
        elif seat is not None:
            self.seen_private[seat].extend(cards)

    def gather_and_shuffle(self) -> None:
        """D-3: all cards back into the draw pile, shuffled; then any stacked order on top."""
        pile = self.draw_pile
        pile.extend(self.discard_pile)
        pile.extend(self.dead_hand)
        for hand in self.hands:
            pile.extend(hand)
            hand.clear()
        self.discard_pile = []
        self.dead_hand = []
        self.seen_public.clear()
        for seen in self.seen_private:
            seen.clear()
        self.rng.shuffle(pile)
        if self.shuffles < len(self.deck_orders):
            stack_on_top(pile, self.deck_orders[self.shuffles])
        self.shuffles += 1

    def all_cards(self) -> list[Card]:
        """Every card of the game wherever it is (for conservation checks)."""
        cards = [*self.draw_pile, *self.discard_pile, *self.dead_hand]
        for hand in self.hands:
            cards.extend(hand)
        return cards

    # -- copies ----------------------------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy sharing only immutable parts."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return GameState(
            ruleset=self.ruleset,
            geo=self.geo,
            seats=self.seats,
            teams=self.teams,
            figures=[f.copy() for f in self.figures],
            rng=rng,
            decks=self.decks,
            round_limit=self.round_limit,
            draw_pile=self.draw_pile.copy(),
            discard_pile=self.discard_pile.copy(),
            hands=[h.copy() for h in self.hands],
            dead_hand=self.dead_hand.copy(),
            dead_taken=self.dead_taken,
            round=self.round,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            active=self.active,
            swap_order=self.swap_order.copy(),
            bid_order=self.bid_order.copy(),
            bids=self.bids.copy(),
            cycle_played=self.cycle_played,
            empty_cycles=self.empty_cycles,
            first_cycle=self.first_cycle,
            redraws_used=self.redraws_used.copy(),
            pending=self.pending,
            fate=self.fate,
            conceded=self.conceded.copy(),
            winners=self.winners,
            end_reason=self.end_reason,
            seen_public=self.seen_public.copy(),
            seen_private=[s.copy() for s in self.seen_private],
            shuffles=self.shuffles,
            deck_orders=self.deck_orders,
            events=self.events.copy(),
        )


def stack_on_top(pile: list[Card], order: Sequence[Card]) -> None:
    """Move the cards of ``order`` to the top of ``pile`` so they are drawn in that order.

    >>> from totenblatt.cards import Card
    >>> pile = [Card.parse(c) for c in ("2♣", "3♣", "4♣")]
    >>> stack_on_top(pile, [Card.parse("2♣")])
    >>> [str(c) for c in pile]
    ['3♣', '4♣', '2♣']
    """
    for card in order:
        try:
            pile.remove(card)
        except ValueError:
            raise ValueError(
                f"stacked deck order asks for {str(card)!r} more often than the deck holds it"
            ) from None
    pile.extend(reversed(order))
