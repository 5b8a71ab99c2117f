"""What the fast game offers: the legal ids of the seat to act, and whether it has a choice.

:class:`Offers` is :class:`~totenblatt.wanted.fast.effects.Effects` with the offers: the
swaps, bids, defences (Cover, Queen of Hearts), attacks, moves (the board's destinations a
club pays for, each mover's menu kept per node, club and inches), reveals, redraws and
Tempt Fate, from one hand per seat or, per character (D-5), from each figure's own hand;
and :meth:`Offers._settle`, which passes for a seat without a choice as the reference
engine does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totenblatt.wanted.fast.actions import CONCEDE, COVER_CODES, PASS, SWAP
from totenblatt.wanted.fast.cards import JOKER, SUITS
from totenblatt.wanted.fast.effects import Effects
from totenblatt.wanted.fast.flow import (
    _CLUB,
    _DIAMOND,
    _HEART,
    _JOKER_SUIT,
    _SPADE,
    ACTION,
    BID,
    DEFEND,
    FATE,
    OVER,
    SWAP_PHASE,
    _has_two,
)

if TYPE_CHECKING:
    from totenblatt.wanted.fast.spec import Spec

__all__ = ["Offers"]


class Offers(Effects):
    """The fast game's state, effects and offers (see the module docstring)."""

    def _offers(self) -> list[int]:
        seat = self.to_act
        phase = self.phase
        spec = self.spec
        t = spec.actions
        if phase == FATE:  # B1 Tempt Fate: keep one of the two drawn
            assert self.fate is not None
            first, second = self.fate[2], self.fate[3]
            keeps = [t.keep + first] if first == second else [t.keep + first, t.keep + second]
            return [*keeps, CONCEDE]
        out = [PASS]
        pc = spec.per_character
        living = self.living(seat)
        if phase == SWAP_PHASE:
            if self.swap_order and self.swap_order[0] == seat and self._may_swap(seat):
                self._swap_offers(seat, living, out)
        elif phase == BID:
            wild = t.wdefend > t.wbid and self._seat_wild(seat)
            for h in living if pc else [seat]:
                k = t.slot[h] if pc else 0
                hand = self.hands[h]
                _offer_ways(out, hand, _DIAMOND, t.bid + k, t.hands)
                if wild:
                    _offer_twos(out, hand, t.wbid + k, t.hands)
        elif phase == DEFEND:
            assert self.pending is not None
            hand = self.hands[self.pending[3] if pc else seat]
            _offer_ways(out, hand, _HEART, t.defend, 1)
            if t.wdefend > t.wbid and spec.wild[self.pending[3]]:
                _offer_twos(out, hand, t.wdefend, 1)
            if t.tempt > t.cover:
                self._cover_offers(hand, out)
            if t.size > t.queen and t.wbid > t.queen:
                self._queen_offers(hand, out)
        elif phase == ACTION:
            if pc:
                for f in living:
                    self._action_offers(seat, self.hands[f], out, f)
            else:
                self._action_offers(seat, self.hands[seat], out, -1)
        if phase <= DEFEND:
            hidden = self.hidden
            for f in living:
                if hidden[f]:
                    out.append(t.reveal + t.slot[f])
            if self._may_redraw(seat, living):
                cost = spec.redraw_cost
                hp = self.hp
                payers = [t.slot[f] for f in living if hp[f] >= cost]
                for h in living if pc else [seat]:
                    k = t.slot[h] if pc else 0
                    done: set[int] = set()
                    for c in self.hands[h]:
                        if c not in done:
                            done.add(c)
                            base = t.redraw + (c * t.hands + k) * t.own_max
                            for p in payers:
                                out.append(base + p)
            if t.keep > t.tempt:
                for f in self._tempters(living):
                    done = set()
                    for c in self.hands[f if pc else seat]:
                        if c not in done:
                            done.add(c)
                            out.append(t.tempt + c * t.own_max + t.slot[f])
        out.append(CONCEDE)
        return out

    def _action_offers(self, seat: int, hand: list[int], out: list[int], mover: int) -> None:
        """The attacks and moves of ``hand`` (``mover``: per character the figure whose hand it
        is, the only one its cards are played for; -1 per player)."""
        t = self.spec.actions
        spades: list[int] = []
        clubs: list[int] = []
        seen = seen_c = 0
        for c in hand:
            s = SUITS[c]
            if s == _JOKER_SUIT:
                if not seen & (1 << 13):
                    seen |= 1 << 13
                    spades.append(13)
                if not seen_c & (1 << 13):
                    seen_c |= 1 << 13
                    clubs.append(c)
            elif s == _SPADE:
                way = c % 13
                if not seen & (1 << way):
                    seen |= 1 << way
                    spades.append(way)
            elif s == _CLUB and not seen_c & (1 << c):
                seen_c |= 1 << c
                clubs.append(c)
        twos: list[int] = []
        if t.wdefend > t.wbid and (self.spec.wild[mover] if mover >= 0 else self._seat_wild(seat)):
            _offer_twos(twos, hand, 0, 1)
        pairs = self._attack_pairs(seat) if spades or twos else []
        if pairs:
            for way in spades:
                for a, target in pairs:
                    if mover < 0 or a == mover:
                        out.append(t.attack_id(t.slot[a], target, way))
        if clubs:
            self._move_offers(seat, clubs, out, False, mover)
        if twos:  # B1 Wild 2: a 2 as a joker, for a figure with Wild 2
            wild = self.spec.wild
            for suit in twos:
                for a, target in pairs:
                    if wild[a] and (mover < 0 or a == mover):
                        out.append(t.wattack_id(t.wild_slot[a], target, suit))
            self._move_offers(seat, [13 * s for s in twos], out, True, mover)

    def _swap_offers(self, seat: int, living: list[int], out: list[int]) -> None:
        """A3.3, D-27: the whole hand, or the partial swaps; per character each figure's."""
        t = self.spec.actions
        if not self.spec.per_character:
            right = self._swap_right(seat)
            if right < 0 or right >= len(self.hands[seat]):
                out.append(SWAP)
            else:
                self._partial_offers(seat, out)
            return
        for f in living:
            hand = self.hands[f]
            right = self._right(f)
            if right == 0 or not hand:
                continue
            if right < 0 or right >= len(hand):
                out.append(t.pswap + t.slot[f])
            else:
                self._partial_offers(seat, out, f)

    def _partial_offers(self, seat: int, out: list[int], holder: int = -1) -> None:
        t = self.spec.actions
        hand = self.hands[seat if holder < 0 else holder]
        slot = 0 if holder < 0 else t.slot[holder]
        seen: list[list[int]] = []
        suits = {SUITS[c] for c in hand}
        for kept in range(5):
            if kept and kept - 1 not in suits:
                continue
            given = self.partial_cards(seat, kept, holder)
            if given not in seen:
                seen.append(given)
                out.append(t.partial_id(kept, slot))

    def _cover_offers(self, hand: list[int], out: list[int]) -> None:
        """B1 Cover: each heart (not a joker) with each choice of the target's unused Cover."""
        assert self.pending is not None
        u1, u2, u3, _ = self.uses[self.pending[3]]
        if not (u1 or u2 or u3):
            return
        t = self.spec.actions
        seen = 0
        for c in hand:
            if SUITS[c] == _HEART and not seen & (1 << c):
                seen |= 1 << c
                base = t.cover + (c % 13) * COVER_CODES
                for n3 in range(u3 + 1):
                    for n2 in range(u2 + 1):
                        for n1 in range(u1 + 1):
                            if n1 or n2 or n3:
                                out.append(base + n1 + 4 * n2 + 16 * n3)

    def _queen_offers(self, hand: list[int], out: list[int]) -> None:
        """B1 Queen of Hearts (D-26): each heart (not a joker) with a second card of the
        hand (not a joker), with each choice of the target's unused Cover."""
        assert self.pending is not None
        target = self.pending[3]
        if not self.spec.queen[target]:
            return
        u1, u2, u3, _ = self.uses[target]
        t = self.spec.actions
        seen = 0
        for c in hand:
            if SUITS[c] != _HEART or seen & (1 << c):
                continue
            seen |= 1 << c
            extras = []
            done = 0
            twice = hand.count(c) > 1
            for e in hand:
                if e != JOKER and not done & (1 << e) and (e != c or twice):
                    done |= 1 << e
                    extras.append(e)
            for n3 in range(u3 + 1):
                for n2 in range(u2 + 1):
                    for n1 in range(u1 + 1):
                        code = n1 + 4 * n2 + 16 * n3
                        base = t.queen + ((c % 13) * t.queen_codes + code) * 52
                        for e in extras:
                            out.append(base + e)

    # -- moves and attacks ---------------------------------------------------------------

    def _move_offers(
        self, seat: int, clubs: list[int], out: list[int], wild: bool, mover: int = -1
    ) -> None:
        """The move ids of ``clubs`` (``wild``: 2s played as jokers, B1 Wild 2, moving only
        figures with Wild 2), or a club moving nobody where no figure can go anywhere;
        ``mover``: per character (D-5) the one figure the hand's clubs move (-1: any)."""
        spec = self.spec
        t = spec.actions
        pos, fig_out = self.pos, self.out
        movers = self.living(seat) if mover < 0 else [mover]
        if wild:
            movers = [f for f in movers if spec.wild[f]]
        # per mover: the destinations within its reach that another figure's base is on (its
        # own base aside), kept on the spec for the places and outs they were found for
        here_now = (seat, wild, mover, tuple(pos), tuple(fig_out))
        memo = spec.crowd_memo
        if memo is not None and memo[0] == here_now:
            blocked: list[list[int]] = memo[1]
        else:
            blocked = self._crowds(movers)
            spec.crowd_memo = (here_now, blocked)
        menus = spec.menus
        club = spec.club
        nodes = t.destinations
        for c in clubs:
            inches = spec.inches[JOKER if wild else c]
            card_way = 13 if c == JOKER else c % 13
            offered = False
            for k in range(len(movers)):
                f = movers[k]
                here = pos[f]
                budget = inches
                if c != JOKER and not wild:
                    budget += club[f]  # B1 Light-Footed (never a joker's, D-36)
                if wild:
                    base = t.wmove_base(c // 13, t.wild_slot[f])
                else:
                    base = t.move_base(card_way, t.slot[f])
                key = (base * nodes + here) * 1024 + budget  # budget: a club's inches, < 1024
                menu = menus.get(key)
                if menu is None:
                    menu = menus[key] = _menu(spec, base, here, budget)
                ids, where = menu
                if not ids:
                    continue
                crowd = blocked[k]
                cuts: list[int] = []
                size = len(ids)
                for j in crowd:
                    i = where.get(j, -1)
                    if 0 <= i < size:  # within this budget
                        cuts.append(i)
                if cuts:
                    # the menu but the crowded destinations' ids (one, or two when hard)
                    cuts.sort()
                    before = len(out)
                    start = 0
                    for i in cuts:
                        if i > start:
                            out.extend(ids[start:i])
                        start = i + 1
                        if start < len(ids) and ids[start] == ids[i] + 1:
                            start += 1
                    if start < len(ids):
                        out.extend(ids[start:])
                    if len(out) > before:
                        offered = True
                else:
                    out.extend(ids)
                    offered = True
            if not offered:
                if wild:
                    k = t.wild_slot[mover] if mover >= 0 else 0
                    out.append(t.wnobody + c // 13 * t.whands + k)
                else:
                    out.append(t.nobody + card_way * t.hands + (t.slot[mover] if mover >= 0 else 0))

    def _crowds(self, movers: list[int]) -> list[list[int]]:
        """Per mover: the destinations within its reach another figure's base is on (its own
        base aside: a figure that stays put may end on its own place)."""
        spec = self.spec
        board = spec.board
        pos, fig_out = self.pos, self.out
        taken: dict[int, int] = {}
        for g in range(spec.n):
            if not fig_out[g]:
                for j in board.conflicts(pos[g]):
                    taken[j] = taken.get(j, 0) + 1
        near = spec.near
        out = []
        for f in movers:
            here = pos[f]
            mine = board.conflicts(here)
            reach = near.get(here)
            if reach is None:
                reach = near[here] = frozenset(board.reach(here)[1])
            out.append([j for j, n in taken.items() if n > (j in mine) and j in reach])
        return out

    def blocked(self, fig: int) -> set[int]:
        """Destinations ``fig`` may not end a move on now (another figure's base is there)."""
        board = self.spec.board
        pos, fig_out = self.pos, self.out
        out: set[int] = set()
        for g in range(self.spec.n):
            if g != fig and not fig_out[g]:
                out.update(board.conflicts(pos[g]))
        return out

    def _attack_pairs(self, seat: int, revealed: bool = False) -> list[tuple[int, int]]:
        """Every (attacker, target) pair ``seat`` may shoot now (``revealed``: also its hidden
        figures', as if they were revealed first). The last answer is kept on the spec for
        the figures' places, hidings and outs it was for (a decision asks twice: may the seat
        attack, and which attacks); the list is shared: read it, do not change it."""
        spec = self.spec
        out, hidden, pos = self.out, self.hidden, self.pos
        key = (seat, revealed, tuple(pos), tuple(hidden), tuple(out))
        memo = spec.pairs_memo
        if memo is not None and memo[0] == key:
            kept: list[tuple[int, int]] = memo[1]
            return kept
        own = [f for f in spec.own[seat] if not out[f] and (revealed or not hidden[f])]
        if not own:
            spec.pairs_memo = (key, [])
            return []
        team = spec.teams[seat]
        fig_team = spec.fig_team
        board = spec.board
        pairs = []
        for a in own:
            for t in range(spec.n):
                if out[t] or fig_team[t] == team:
                    continue
                distance, line = board.sight(pos[a], pos[t])
                if not line:
                    continue
                if hidden[t] and distance > spec.reach:
                    continue
                if not spec.out_of_range and spec.misses(a, distance):
                    continue
                pairs.append((a, t))
        spec.pairs_memo = (key, pairs)
        return pairs

    # -- a choice, or a pass -------------------------------------------------------------

    def _has_choice(self, seat: int) -> bool:
        phase = self.phase
        if phase in (SWAP_PHASE, FATE):
            return True
        if self.spec.per_character:
            if self._hand_choice(seat):
                return True
        elif self._card_choice(seat, self.hands[seat]):
            return True
        hidden = self.hidden
        living = self.living(seat)
        for f in living:
            if hidden[f]:
                return True
        if self.spec.actions.keep > self.spec.actions.tempt and self._tempters(living):
            return True
        return self._may_redraw(seat, living)

    def _card_choice(self, seat: int, hand: list[int]) -> bool:
        """Per player: a card of ``hand`` is a choice in this bid, defence or action."""
        phase = self.phase
        t = self.spec.actions
        wilds = t.wdefend > t.wbid
        if phase == BID:
            return _holds(hand, _DIAMOND) or (wilds and _has_two(hand) and self._seat_wild(seat))
        if phase == DEFEND:
            assert self.pending is not None
            return _holds(hand, _HEART) or (
                wilds and _has_two(hand) and self.spec.wild[self.pending[3]]
            )
        if phase == ACTION:
            found = _club_or_spade(hand)
            if found == 2:
                return True
            if wilds and _has_two(hand) and self._seat_wild(seat):
                return True  # a 2 moves as a joker's club (the seat decides, as with a club)
            return found == 1 and bool(self._attack_pairs(seat))
        return False

    def _hand_choice(self, seat: int) -> bool:
        """Per character (D-5): a card of one of the seat's figures' hands is a choice now
        (a bid, the target's heart, a club or spade its own figure may play)."""
        phase = self.phase
        spec = self.spec
        t = spec.actions
        wilds = t.wdefend > t.wbid
        hands = self.hands
        if phase == DEFEND:
            assert self.pending is not None
            target = self.pending[3]
            hand = hands[target]
            return _holds(hand, _HEART) or (wilds and spec.wild[target] and _has_two(hand))
        living = self.living(seat)
        if phase == BID:
            seat_wild = wilds and self._seat_wild(seat)
            for f in living:
                if _holds(hands[f], _DIAMOND) or (seat_wild and _has_two(hands[f])):
                    return True
            return False
        for f in living:  # the action
            hand = hands[f]
            found = _club_or_spade(hand)
            if found == 2 or (wilds and spec.wild[f] and _has_two(hand)):
                return True
            if found == 1:
                for a, _ in self._attack_pairs(seat):
                    if a == f:
                        return True
        return False

    def _settle(self) -> None:
        while self.phase != OVER and self.to_act >= 0 and not self._has_choice(self.to_act):
            self._pass(self.to_act)


def _holds(hand: list[int], suit: int) -> bool:
    """``hand`` holds a card of ``suit`` or a joker."""
    for c in hand:
        s = SUITS[c]
        if s in (suit, _JOKER_SUIT):
            return True
    return False


def _club_or_spade(hand: list[int]) -> int:
    """2 when ``hand`` holds a club or a joker (a move to play), else 1 when a spade, else 0."""
    spade = 0
    for c in hand:
        s = SUITS[c]
        if s in (_CLUB, _JOKER_SUIT):
            return 2
        if s == _SPADE:
            spade = 1
    return spade


def _offer_twos(out: list[int], hand: list[int], base: int, step: int) -> None:
    """Append ``base`` + suit × ``step`` for each suit of a 2 in ``hand``, once per suit, in
    the hand's order (B1 Wild 2)."""
    seen = 0
    for c in hand:
        if c != JOKER and c % 13 == 0 and not seen & (1 << (c // 13)):
            seen |= 1 << (c // 13)
            out.append(base + c // 13 * step)


def _offer_ways(out: list[int], hand: list[int], suit: int, base: int, step: int) -> None:
    """Append ``base`` + way × ``step`` for each way a card of ``suit`` (or a joker) in ``hand``
    is played, once per way, in the hand's order."""
    seen = 0
    for c in hand:
        s = SUITS[c]
        if s in (suit, _JOKER_SUIT):
            way = 13 if c == JOKER else c % 13
            if not seen & (1 << way):
                seen |= 1 << way
                out.append(base + way * step)


def _menu(spec: Spec, base: int, here: int, budget: int) -> tuple[list[int], dict[int, int]]:
    """The move ids from node ``here`` for ``budget`` inches (``base``: the id of destination 0
    for this club and mover), and where each destination's first id is among them (a
    destination beyond the budget may be named there too, past the ids' end): the board's
    shape of the node's menu (``Board.menu_shape``, every budget at once), begun and
    shifted by ``base``."""
    board = spec.board
    offsets, where, ends = board.menu_shape(here)
    n = ends[board.count_within(here, budget)]
    ids: list[int] = []
    for k in range(n):  # a C loop in the compiled build (offers.pxd)
        ids.append(base + offsets[k])
    return ids, where
