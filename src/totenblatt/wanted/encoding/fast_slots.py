"""The fast environment's action slots: the fast path's action ids, with the moves folded.

The fast path numbers every move by club card, figure, destination and hidden flag; a
learner needs fewer slots that mean the same at every step. :class:`MoveSlots` folds
the moves of every club into one block (own figure × destination × hidden) and plays
the smallest club that pays for the chosen one; every other id keeps its slot.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.wanted.fast import FastGame, FastUnsupportedError
from totenblatt.wanted.fast.actions import CONCEDE

__all__ = ["MASKS", "Marks", "MoveSlots", "left_out", "plays"]

Marks = tuple[npt.NDArray[np.int8], tuple[int, ...], tuple[int, ...]]
"""An action mask, its legal slots ascending and the fast id each of them plays (in the
same order; :func:`plays`)."""


def plays(marks: Marks, slot: int) -> int:
    """The fast id that ``slot`` plays by ``marks`` (-1: the slot is not legal)."""
    taken = marks[1]
    i = bisect_left(taken, slot)
    return marks[2][i] if i < len(taken) and taken[i] == slot else -1


_INT8 = np.dtype(np.int8)
MASKS = 4096
"""How many id lists :meth:`MoveSlots.marks` remembers (then it starts afresh)."""


def left_out(ids: list[int], concede: bool) -> int:
    """The id the marks of ``ids`` leave out: concede when it is not allowed and not the
    only one (what a learner is offered then), else none (-1)."""
    return CONCEDE if not concede and len(ids) > 1 else -1


class MoveSlots:
    """The environment's action slots: the fast path's ids with the moves folded by club.

    Slots below the move block and above it are the action table's ids (shifted); a move
    slot is ``move + (own slot * destinations + destination) * 2 + hidden`` and plays the
    smallest club that pays for it; the slot after the moves plays the smallest club
    moving nobody.
    """

    def __init__(self, game: FastGame) -> None:
        if game.spec.per_character:
            raise FastUnsupportedError(
                "the environment's slots and observation hold one hand per player: "
                "round.hand_mode 'per_character' (D-5) is not encoded"
            )
        t = game.actions
        self.table = t
        self.move = t.move
        self.fold = t.own_max * t.destinations * 2
        """Move ids of one club way."""
        self.nobody = t.move + self.fold
        self.shift = t.redraw - (self.nobody + 1)
        """What the redraw and reveal ids are above their slots."""
        self.size = t.size - self.shift
        spec = game.spec
        club = [13 if w == 13 else w for w in range(14)]
        self.inches = np.array(
            [spec.inches[52 if w == 13 else w] + (100 if w == 13 else 0) for w in club],
            dtype=np.float64,
        )
        """Per club way: its inches (a joker ranked last: it is a spade too)."""
        self.slot_of = array("q", [self._slot(a) for a in range(t.size)])
        """Each fast id's slot."""
        ways = sorted(range(14), key=lambda w: (self.inches[w], 52 if w == 13 else w))
        rank = [0] * 14
        for r, w in enumerate(ways):
            rank[w] = r
        self.rank_of = array("q", [self._rank(a, rank) for a in range(t.size)])
        """Each fast id's place among the ids of its slot: the club's (smallest first)."""
        self._marks: dict[bool, dict[tuple[int, ...], Marks]] = {True: {}, False: {}}
        self._best = array("q", [-1] * self.size)
        """Per slot, where in the ids marked its smallest club's id is (-1 between marks)."""
        self._slots = list(range(self.size))
        """The slot numbers as objects, handed out by :meth:`marks` (none made a step)."""
        self._slot_view, self._rank_view = self.slot_of, self.rank_of  # typed when compiled
        self._taken, self._chosen = array("i", [0] * self.size), array("i", [0] * self.size)
        """:meth:`fold_ids`'s buffers for :meth:`marks`."""

    def _slot(self, a: int) -> int:
        t = self.table
        if t.move <= a < t.nobody:
            return self.move + (a - t.move) % self.fold
        if t.nobody <= a < t.redraw:
            return self.nobody
        return a - self.shift if a >= t.redraw else a

    def _rank(self, a: int, rank: list[int]) -> int:
        t = self.table
        if t.move <= a < t.nobody:
            return rank[(a - t.move) // self.fold]
        if t.nobody <= a < t.redraw:
            return rank[a - t.nobody]
        return 0

    def marks(self, ids: list[int], concede: bool = True) -> Marks:
        """The action mask of the fast ids ``ids`` (1 at their slots, as :meth:`legal`; a
        read-only array), those slots ascending and the id each of them plays (a move
        slot's smallest club, as :meth:`engine_id`: :meth:`plays`); without concede unless
        ``concede`` or it is the only id (:func:`left_out`). Remembered for the
        same ids (the last :data:`MASKS` id lists)."""
        key = tuple(ids)
        memo = self._marks[concede]
        found = memo.get(key)
        if found is None:
            found = self._mark(ids, left_out(ids, concede))
            if len(memo) >= MASKS:
                memo.clear()
            memo[key] = found
        return found

    def fold_ids(self, ids: list[int], skip: int, taken: Any, chosen: Any) -> int:
        """Fold the fast ids ``ids`` (without the id ``skip``) into their slots: the slots
        ascending into ``taken``, and into ``chosen`` where in ``ids`` the id each of them
        plays is (a move slot's smallest club); their count. ``taken`` and ``chosen`` are
        int32 buffers of :attr:`size` or more (what the vector env writes in place)."""
        slot_of, rank_of, best = self._slot_view, self._rank_view, self._best
        n = 0
        try:
            for i in range(len(ids)):
                a = ids[i]
                if a == skip:
                    continue
                k = slot_of[a]
                b = best[k]
                if b < 0:
                    best[k] = i
                    j = n  # kept ascending as they come (a few dozen slots)
                    while j > 0 and taken[j - 1] > k:
                        taken[j] = taken[j - 1]
                        j -= 1
                    taken[j] = k
                    n += 1
                elif rank_of[a] < rank_of[ids[b]]:
                    best[k] = i
        except BaseException:  # an id outside the table: leave the scratch clean
            for j in range(n):
                best[taken[j]] = -1
            raise
        for j in range(n):
            k = taken[j]
            chosen[j] = best[k]
            best[k] = -1
        return n

    def _mark(self, ids: list[int], skip: int) -> Marks:
        """:meth:`marks` of ``ids`` without the id ``skip``, made afresh (the slots and ids
        it returns are the objects of :attr:`_slots` and ``ids``: no number is made)."""
        taken, chosen, slots = self._taken, self._chosen, self._slots
        n = self.fold_ids(ids, skip, taken, chosen)
        marks = bytearray(self.size)
        slots_of = []
        ids_of = []
        for j in range(n):
            k = taken[j]
            marks[k] = 1
            slots_of.append(slots[k])
            ids_of.append(ids[chosen[j]])
        mask = np.frombuffer(bytes(marks), dtype=_INT8)  # read-only: over bytes
        return mask, tuple(slots_of), tuple(ids_of)

    def legal(self, game: FastGame) -> npt.NDArray[np.intp]:
        """The legal slots now."""
        ids = np.fromiter(game.legal_actions(), dtype=np.intp)
        t = self.table
        out = ids.copy()
        moves = (ids >= t.move) & (ids < t.nobody)
        out[moves] = self.move + (ids[moves] - t.move) % self.fold
        out[(ids >= t.nobody) & (ids < t.redraw)] = self.nobody
        high = ids >= t.redraw
        out[high] = ids[high] - self.shift
        return out

    def engine_id(self, game: FastGame, slot: int) -> int:
        """The fast path's id that ``slot`` plays now (-1: none)."""
        t = self.table
        if slot < self.move:
            return slot
        if slot > self.nobody:
            return slot + self.shift
        seat = game.to_act
        clubs = sorted(
            {c for c in game.hands[seat] if c < 13 or c == 52},
            key=lambda c: (self.inches[13 if c == 52 else c], c),
        )
        if slot == self.nobody:
            for c in clubs:
                way = 13 if c == 52 else c
                if t.nobody + way in game.legal_actions():
                    return t.nobody + way
            return -1
        rest = slot - self.move
        k, rest = divmod(rest, t.destinations * 2)
        dest, hide = divmod(rest, 2)
        members = t.own[seat]
        if k >= len(members):
            return -1
        spec = game.spec
        fig = members[k]
        for c in clubs:
            if dest in spec.board.within(game.pos[fig], spec.inches[c]):
                way = 13 if c == 52 else c
                found = t.move_base(way, k) + 2 * dest + hide
                return found if found in game.legal_actions() else -1
        return -1
