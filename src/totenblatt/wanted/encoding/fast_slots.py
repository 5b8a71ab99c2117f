"""The fast environment's action slots: the fast path's action ids, with the moves folded.

The fast path numbers every move by club card, figure, destination and hidden flag; a
learner needs fewer slots that mean the same at every step. :class:`MoveSlots` folds
the moves of every club into one block (own figure × destination × hidden) and plays
the smallest club that pays for the chosen one; every other id keeps its slot.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from totenblatt.wanted.fast import FastGame
from totenblatt.wanted.fast.actions import CONCEDE

__all__ = ["MASKS", "MoveSlots", "without_concede"]

_Marks = tuple[npt.NDArray[np.int8], tuple[int, ...]]
MASKS = 4096
"""How many id lists :meth:`MoveSlots.marks` remembers (then it starts afresh)."""


def without_concede(ids: list[int]) -> list[int]:
    """The fast ids ``ids`` without concede, unless it is the only one (what a learner is
    offered when conceding is not allowed)."""
    if CONCEDE in ids and len(ids) > 1:
        return [a for a in ids if a != CONCEDE]
    return ids


class MoveSlots:
    """The environment's action slots: the fast path's ids with the moves folded by club.

    Slots below the move block and above it are the action table's ids (shifted); a move
    slot is ``move + (own slot * destinations + destination) * 2 + hidden`` and plays the
    smallest club that pays for it; the slot after the moves plays the smallest club
    moving nobody.
    """

    def __init__(self, game: FastGame) -> None:
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
        self.slot_of = [self._slot(a) for a in range(t.size)]
        """Each fast id's slot."""
        self._marks: dict[bool, dict[tuple[int, ...], _Marks]] = {True: {}, False: {}}

    def _slot(self, a: int) -> int:
        t = self.table
        if t.move <= a < t.nobody:
            return self.move + (a - t.move) % self.fold
        if t.nobody <= a < t.redraw:
            return self.nobody
        return a - self.shift if a >= t.redraw else a

    def marks(
        self, ids: list[int], concede: bool = True
    ) -> tuple[npt.NDArray[np.int8], tuple[int, ...]]:
        """The action mask of the fast ids ``ids`` (1 at their slots, as :meth:`legal`; a
        read-only array) and those slots ascending; without concede unless ``concede`` or
        it is the only id (:func:`without_concede`). Remembered for the same ids (the last
        :data:`MASKS` id lists)."""
        key = tuple(ids)
        memo = self._marks[concede]
        found = memo.get(key)
        if found is None:
            slot_of = self.slot_of
            taken = sorted({slot_of[a] for a in (ids if concede else without_concede(ids))})
            marks = bytearray(self.size)
            for k in taken:
                marks[k] = 1
            mask = np.frombuffer(bytes(marks), dtype=np.int8)  # read-only: over bytes
            if len(memo) >= MASKS:
                memo.clear()
            memo[key] = found = (mask, tuple(taken))
        return found

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
