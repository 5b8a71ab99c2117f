"""The fast game's state and the round's flow: cards, deals, cycles, the end (A3, A4, D-5, D-8).

:class:`Flow` holds a fast game's fields (plain lists of numbers) and what the rules do
between decisions: drawing and discarding, dealing the hands (one per seat, or per
character, D-5), the swap's and the bids' order, the end of a cycle, of a round and of the
game, a figure taken out. :class:`~totenblatt.wanted.fast.game.FastGame` is this with the
effects of the actions (:mod:`~totenblatt.wanted.fast.effects`) and their offers
(:mod:`~totenblatt.wanted.fast.offers`) on top.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from totenblatt.wanted.engine.events import (
    CardsDealt,
    DeckShuffled,
    DiscardsReshuffled,
    Event,
    FigureHandDealt,
    FigureOut,
    GameEnded,
    HandDealt,
    HandDiscarded,
    InitiativeWon,
    RoundEnded,
    RoundStarted,
    SeatOut,
)
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.fast.actions import ActionTable
from totenblatt.wanted.fast.cards import CARDS, JOKER, SUITS

if TYPE_CHECKING:
    from totenblatt.wanted.fast.spec import Spec

__all__ = [
    "ACTION",
    "BID",
    "DEFEND",
    "FATE",
    "JOKER_BID",
    "OVER",
    "PHASES",
    "SWAP_PHASE",
    "Flow",
    "shuffle",
]

SWAP_PHASE, BID, ACTION, DEFEND, FATE, OVER = range(6)
"""Phases by number, in the order of :class:`~totenblatt.wanted.engine.state.Phase`."""


PHASES = tuple(Phase)


_NONE = -1


JOKER_BID = 1_000
"""A joker's bid (A12), as ``checks.JOKER_BID``."""


_CLUB, _SPADE, _HEART, _DIAMOND, _JOKER_SUIT = 0, 1, 2, 3, 4


class Flow:
    """A fast game's fields and the round's flow (see the module docstring). The fields'
    ``__slots__`` are :class:`~totenblatt.wanted.fast.game.FastGame`'s (its layers declare
    none; the compiled build keeps them in this class's C struct, ``flow.pxd``)."""

    spec: Spec
    pos: list[int]
    hp: list[int]
    lives: list[int]
    """Nine Lives draws left per figure (-1: unlimited, D-24)."""
    uses: list[tuple[int, int, int, int]]
    """Uses left this fight per figure: Cover 1, 2, 3, Tempt Fate (B1)."""
    fate: tuple[int, int, int, int, int] | None
    """A Tempt Fate between its steps: seat, figure, the two cards drawn, the phase to resume."""
    hidden: list[bool]
    out: list[bool]
    alive: list[int]
    conceded: list[bool]
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    dead: list[int]
    dead_taken: bool
    round: int
    dealer: int
    phase: int
    to_act: int
    active: int
    swap_order: list[int]
    bid_order: list[int]
    bids: list[tuple[int, int, int]]
    cycle_played: bool
    empty_cycles: int
    first_cycle: bool
    redraws_used: list[int]
    pending: tuple[int, int, int, int, float, str, bool] | None
    """seat, card, attacker, target, distance, cover, target hidden."""
    pending_wild: bool
    """The pending attack's card is a 2 played as a joker (B1 Wild 2)."""
    winners: tuple[int, ...]
    end_reason: str | None
    seen_public: list[int]
    seen_private: list[list[int]]
    shuffles: int
    rng: random.Random
    log: list[Event] | None
    _legal: list[int] | None

    # -- what is going on --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase == OVER

    @property
    def seats(self) -> int:
        """Number of seats."""
        return self.spec.seats

    @property
    def actions(self) -> ActionTable:
        """The scenario's action table."""
        return self.spec.actions

    def in_game(self, seat: int) -> bool:
        """The seat still has a figure in the game and has not conceded."""
        return self.alive[seat] > 0 and not self.conceded[seat]

    def seats_in_game(self) -> list[int]:
        """Seats still playing, in seat order."""
        alive, conceded = self.alive, self.conceded
        return [s for s in range(self.spec.seats) if alive[s] > 0 and not conceded[s]]

    def round_from(self, start: int) -> list[int]:
        """Seats in the game round the table from ``start``."""
        n = self.spec.seats
        alive, conceded = self.alive, self.conceded
        out = []
        for i in range(n):
            s = (start + i) % n
            if alive[s] > 0 and not conceded[s]:
                out.append(s)
        return out

    def living(self, seat: int) -> list[int]:
        """The seat's figures in the game, in scenario order."""
        out = self.out
        return [f for f in self.spec.own[seat] if not out[f]]

    def seat_cards(self, seat: int) -> list[int]:
        """Every card ``seat`` holds: its hand, or per character (D-5) its figures' hands in
        figure order (a new list then; per player the hand itself: do not change it)."""
        holders = self.spec.holders[seat]
        if len(holders) == 1:
            return self.hands[holders[0]]
        return [c for h in holders for c in self.hands[h]]

    # -- hands and rights (D-5, D-7, D-27; B1 Wild 2, Tempt Fate) -------------------------

    def _seat_wild(self, seat: int) -> bool:
        """B1 Wild 2, per player: a living figure of the seat has Wild 2."""
        wild = self.spec.wild
        for f in self.living(seat):
            if wild[f]:
                return True
        return False

    def _swap_right(self, seat: int) -> int:
        """D-27: the best swap right of the seat's living heroes (-1: no hero, whole hand)."""
        right = -1
        spec = self.spec
        if spec.has_heroes:
            rights = spec.swap_right
            for f in self.living(seat):
                if rights[f] > right:
                    right = rights[f]
        return right

    def _right(self, fig: int) -> int:
        """D-27 per character: ``fig``'s own swap right (-1: no hero, the whole hand)."""
        return self.spec.swap_right[fig] if self.spec.has_heroes else -1

    def _holder(self, seat: int, hand: int) -> int:
        """The index in :attr:`hands` of ``seat``'s hand slot ``hand`` (an id's hand)."""
        return self.spec.actions.own[seat][hand] if self.spec.per_character else seat

    def partial_cards(self, seat: int, kept: int, holder: int = -1) -> list[int]:
        """The cards a partial swap gives (``heroes.partial_offers``): the k weakest (``kept``
        0, jokers last) or the k weakest keeping suit ``kept - 1`` (cards in hand order);
        ``holder``: per character the figure whose hand it is (-1: the seat's hand)."""
        hand = self.hands[seat if holder < 0 else holder]
        right = self._swap_right(seat) if holder < 0 else self._right(holder)
        value = self.spec.value
        suit = 4 if kept == 0 else kept - 1
        # one integer per card: kept suit last, then its worth (a joker highest), then place
        order = []
        for i, c in enumerate(hand):
            worth = JOKER_BID if c == JOKER else value[c]
            order.append(((SUITS[c] == suit) * 2048 + worth) * 1024 + i)
        order.sort()
        return [hand[i] for i in sorted(k % 1024 for k in order[:right])]

    def _may_swap(self, seat: int) -> bool:
        if self.dead_taken:
            return False
        spec = self.spec
        if spec.per_character:  # D-5, D-27: a figure with a hand and the right to swap it
            for f in self.living(seat):
                if self.hands[f] and self._right(f) != 0:
                    return True
            return False
        if not self.hands[seat]:
            return False
        if spec.has_heroes:  # D-27: the best right of the seat's living heroes; 0 = none
            right = -1
            rights = spec.swap_right
            for f in self.living(seat):
                if rights[f] > right:
                    right = rights[f]
            if right == 0:
                return False
        return True

    def _can_redraw(self, seat: int) -> bool:
        return self._may_redraw(seat, None)

    def _may_redraw(self, seat: int, living: list[int] | None) -> bool:
        """Whether ``seat`` may redraw; ``living``: its living figures, when known."""
        spec = self.spec
        if self.redraws_used[seat] >= spec.redraws:
            return False
        if not (self.draw or self.discard):
            return False
        if living is None:
            living = self.living(seat)
        if spec.per_character:  # D-7: any figure with the HP pays, whichever holds cards
            for f in living:
                if self.hands[f]:
                    break
            else:
                return False
        elif not self.hands[seat]:
            return False
        cost = spec.redraw_cost
        hp = self.hp
        for f in living:
            if hp[f] >= cost:
                return True
        return False

    def _tempters(self, living: list[int]) -> list[int]:
        """B1: the living figures with a Tempt Fate left, when two cards can be drawn."""
        if self.fate is not None or len(self.draw) + len(self.discard) < 2:
            return []
        uses = self.uses
        return [f for f in living if uses[f][3]]

    # -- cards -------------------------------------------------------------------------

    def _draw(self, n: int) -> list[int]:
        out = []
        for _ in range(n):
            if not self.draw:
                if not self.discard:
                    raise RuntimeError("no cards left in the draw or discard pile")
                self._reshuffle_discards()
            out.append(self.draw.pop())
        return out

    def _reshuffle_discards(self) -> None:
        pile = self.discard
        self.discard = []
        shuffle(self.rng, pile)
        self.draw[:0] = pile
        self.seen_public.clear()
        for seen in self.seen_private:
            seen.clear()
        if self.log is not None:
            self.log.append(DiscardsReshuffled(len(pile)))

    def _discard(self, cards: Sequence[int], face_up: bool, seat: int = -1) -> None:
        self.discard.extend(cards)
        if face_up:
            self.seen_public.extend(cards)
        elif seat >= 0:
            self.seen_private[seat].extend(cards)

    def _gather_and_shuffle(self) -> None:
        pile = self.draw
        pile.extend(self.discard)
        pile.extend(self.dead)
        for hand in self.hands:
            pile.extend(hand)
            hand.clear()
        self.discard = []
        self.dead = []
        self.seen_public.clear()
        for seen in self.seen_private:
            seen.clear()
        shuffle(self.rng, pile)
        orders = self.spec.deck_orders
        if self.shuffles < len(orders):
            for c in orders[self.shuffles]:
                pile.remove(c)
            pile.extend(reversed(orders[self.shuffles]))
        self.shuffles += 1

    def _play_card(self, holder: int, card: int) -> None:
        """Play ``card`` from hand ``holder`` (the seat's, or per character a figure's)."""
        self.hands[holder].remove(card)
        self.discard.append(card)
        self.seen_public.append(card)

    # -- the round ---------------------------------------------------------------------

    def _start_round(self) -> None:
        spec = self.spec
        log = self.log
        self.round += 1
        if log is not None:
            log.append(RoundStarted(self.round, self.dealer))
        if self.round == 1 or spec.every_round:
            self._gather_and_shuffle()
            if log is not None:
                log.append(DeckShuffled(len(self.draw)))
        sizes = [0] * spec.seats
        order = self.round_from(self.dealer + 1)
        if spec.per_character:
            self._deal_figures(order, sizes)
        else:
            for seat in order:
                size = spec.hand_size
                if spec.has_heroes:  # B2, D-5: the extra cards of the seat's living heroes
                    for f in self.living(seat):
                        size += spec.extra[f]
                self.hands[seat] = self._draw(size)
                sizes[seat] = len(self.hands[seat])
        self.dead = self._draw(spec.dead_size)
        self.dead_taken = False
        if log is not None:
            log.append(CardsDealt(tuple(sizes), len(self.dead)))
            for seat in order:
                if not spec.per_character:
                    log.append(HandDealt(seat, tuple([CARDS[c] for c in self.hands[seat]])))
                    continue
                for f in spec.holders[seat]:
                    if not self.out[f]:
                        cards = tuple([CARDS[c] for c in self.hands[f]])
                        log.append(FigureHandDealt(seat, spec.names[f], cards))
        self.redraws_used = [0] * spec.seats
        self.active = self.dealer
        self.first_cycle = True
        self.empty_cycles = 0
        self.phase = SWAP_PHASE
        swap_order = self.round_from(self.dealer) if self.dead else []
        self.swap_order = [s for s in swap_order if self._may_swap(s)]
        self._next_swapper()

    def _deal_figures(self, order: list[int], sizes: list[int]) -> None:
        """D-5 per character: each figure of the seats in ``order`` its own hand (5, a hero's
        extra cards on top, none for a figure out of the game)."""
        spec = self.spec
        out = self.out
        for seat in order:
            for f in spec.holders[seat]:
                size = 0 if out[f] else spec.hand_size + (spec.extra[f] if spec.has_heroes else 0)
                self.hands[f] = self._draw(size)
                sizes[seat] += size

    def _next_swapper(self) -> None:
        if self.swap_order and not self.dead_taken:
            self.phase = SWAP_PHASE
            self.to_act = self.swap_order[0]
        else:
            self.swap_order = []
            self._begin_cycle()

    def _anyone_can_play(self) -> bool:
        hands = self.hands
        spec = self.spec
        t = spec.actions
        wilds = t.wdefend > t.wbid
        if spec.per_character:
            wild = spec.wild
            for seat in self.seats_in_game():
                for f in self.living(seat):
                    for c in hands[f]:
                        if SUITS[c] != _HEART:
                            return True
                    if wilds and wild[f] and _has_two(hands[f]):
                        return True
            return False
        for seat in self.seats_in_game():
            for c in hands[seat]:
                if SUITS[c] != _HEART:
                    return True
            if wilds and _has_two(hands[seat]) and self._seat_wild(seat):
                return True  # D-8: a 2♥ played as a joker (B1 Wild 2)
        return False

    def _begin_cycle(self) -> None:
        if not self._anyone_can_play():
            self._end_round("no_playable_cards")
            return
        self.bid_order = self.round_from(self.active)
        self.bids = []
        self.cycle_played = False
        self.phase = BID
        self.to_act = self.bid_order[0]

    def _next_bidder(self) -> None:
        if self.bid_order:
            self.to_act = self.bid_order[0]
            return
        won_with = -1
        if self.bids:
            best_seat, best_card, best = self.bids[0]
            for seat, card, value in self.bids[1:]:
                if value > best:
                    best_seat, best_card, best = seat, card, value
            seat, won_with = best_seat, best_card
        elif self.first_cycle and self.spec.dealer_first and self.in_game(self.dealer):
            seat = self.dealer
        else:
            seat = self.round_from(self.active + 1)[0]
        self.first_cycle = False
        self.active = seat
        if self.log is not None:
            self.log.append(InitiativeWon(seat, None if won_with < 0 else CARDS[won_with]))
        self.phase = ACTION
        self.to_act = seat

    def _end_cycle(self) -> None:
        if self.phase == OVER:
            return
        self.empty_cycles = 0 if self.cycle_played else self.empty_cycles + 1
        if self.empty_cycles >= len(self.seats_in_game()):
            self._end_round("no_card_played")
        else:
            self._begin_cycle()

    def _end_round(self, reason: str) -> None:
        spec = self.spec
        order = self.round_from(self.dealer + 1)
        points: list[int | None] = [None] * spec.seats
        next_dealer = order[0] if order else self.dealer
        best = -1
        worth = spec.points
        for seat in order:
            value = 0
            for c in self.seat_cards(seat):
                value += worth[c]
            points[seat] = value
            if value > best:
                best, next_dealer = value, seat
        for seat in range(spec.seats):
            for h in spec.holders[seat]:
                self._discard(self.hands[h], False, seat)
                self.hands[h] = []
        self._discard(self.dead, False)
        self.dead = []
        if self.log is not None:
            self.log.append(RoundEnded(self.round, reason, tuple(points), next_dealer))
        limit = spec.round_limit
        if limit and self.round >= limit:
            self._end_by_hp()
            return
        self.dealer = next_dealer
        self._start_round()

    # -- the end -----------------------------------------------------------------------

    def _seat_hp(self) -> tuple[int, ...]:
        hp = [0] * self.spec.seats
        seat_of, out = self.spec.fig_seat, self.out
        for f, h in enumerate(self.hp):
            if not out[f]:
                hp[seat_of[f]] += h
        return tuple(hp)

    def _end_game(self, team: int | None, reason: str) -> None:
        self.phase = OVER
        self.to_act = _NONE
        self.pending = None
        teams = self.spec.teams
        self.winners = (
            () if team is None else tuple([s for s in range(len(teams)) if teams[s] == team])
        )
        self.end_reason = reason
        if self.log is not None:
            self.log.append(GameEnded(self.winners, reason, self._seat_hp()))

    def _check_victory(self, reason: str = "last_side_standing") -> bool:
        teams = {self.spec.teams[s] for s in self.seats_in_game()}
        if len(teams) > 1:
            return False
        self._end_game(teams.pop() if teams else None, reason)
        return True

    def _end_by_hp(self) -> None:
        seat_hp = self._seat_hp()
        team_hp: dict[int, int] = {}
        teams = self.spec.teams
        for seat in self.seats_in_game():
            team_hp[teams[seat]] = team_hp.get(teams[seat], 0) + seat_hp[seat]
        best = max(team_hp.values(), default=0)
        leaders = [t for t, hp in team_hp.items() if hp == best]
        self._end_game(leaders[0] if len(leaders) == 1 else None, "round_limit")

    def _leave(self, seat: int, reason: str) -> None:
        cards = self.seat_cards(seat)
        self._discard(cards, False, seat)
        if self.log is not None:
            self.log.append(HandDiscarded(seat, len(cards)))
        for h in self.spec.holders[seat]:
            self.hands[h] = []
        if self.log is not None:
            self.log.append(SeatOut(seat, reason))

    def _take_out(self, fig: int, killer: int) -> None:
        spec = self.spec
        seat = spec.fig_seat[fig]
        if not self.out[fig]:
            self.out[fig] = True
            self.hidden[fig] = False
            self.alive[seat] -= 1
        if self.log is not None:
            killed_by = None if killer < 0 else spec.names[killer]
            self.log.append(FigureOut(spec.names[fig], seat, killed_by))
        if spec.per_character:  # D-5: the figure's hand goes with it, face down
            hand = self.hands[fig]
            self._discard(hand, False, seat)
            if self.log is not None:
                self.log.append(HandDiscarded(seat, len(hand), spec.names[fig]))
            self.hands[fig] = []
        if not self.conceded[seat] and not self.alive[seat]:
            self._leave(seat, "eliminated")


def shuffle(rng: random.Random, pile: list[int]) -> None:
    """Shuffle ``pile`` in place as ``rng.shuffle(pile)`` does, drawing the same numbers
    (CPython's Fisher–Yates: each index below ``i + 1`` by rejection over ``getrandbits`` of
    its bit length), so the reference engine's deals come out the same; compiled, it is
    about ten times quicker than the library's loop."""
    bits = rng.getrandbits
    i = len(pile) - 1
    while i > 0:
        n = i + 1
        k = 0
        m = n
        while m:
            k += 1
            m >>= 1
        r = bits(k)
        while r >= n:
            r = bits(k)
        pile[i], pile[r] = pile[r], pile[i]
        i -= 1


def _has_two(hand: list[int]) -> bool:
    """A 2 of any suit in ``hand`` (B1 Wild 2)."""
    return any(c != JOKER and c % 13 == 0 for c in hand)


def _card(card_way: int, suit: int) -> int:
    return JOKER if card_way == 13 else suit * 13 + card_way


def _way(card: int) -> int:
    return 13 if card == JOKER else card % 13
