"""The vector environments' per-game loops, compiled with the fast path (``vector_loop.pxd``).

:class:`LearnerLoop` steps the games of a :class:`~totenblatt.env.vector.WantedVectorEnv`
(one learner seat each, random opponents) and :class:`SelfPlayLoop` those of a
:class:`~totenblatt.env.vector.WantedVectorSelfPlay` (the caller plays every seat). Each
writes every game's row of the env's ``(N, …)`` arrays in place (the observation, the
action mask, the reward and whether the game ended): no array is made a step. The seeds
stay the env's: a game that ended at the last step is handed back, and the env deals it
(:meth:`LearnerLoop.start`). The loops are the per-game code the envs ran before, moved
here to run in C; they play the same moves and write the same numbers.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.wanted.encoding import FastObserver, MoveSlots, left_out
from totenblatt.wanted.fast import FastGame

__all__ = ["BLOCK", "LearnerLoop", "SelfPlayLoop"]

BLOCK = 32
"""How many 32-bit outputs of an opponent's generator the learner loop fetches at once."""


class _Rows:
    """The games of a batch, their observers and legal slots, and the arrays their rows go to.

    A game's legal slots are folded in place (:meth:`MoveSlots.fold_ids`): row ``i`` of
    ``taken`` (``size`` items from ``i * size``) holds them ascending, of ``chosen`` where
    in the legal ids the id each plays is, ``count[i]`` how many (0: the game is over, or
    not dealt); no marks are made a step.
    """

    def __init__(
        self,
        slots: MoveSlots,
        observers: list[FastObserver],
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        rewards: npt.NDArray[np.float64],
        ended: npt.NDArray[np.uint8],
    ) -> None:
        self.slots = slots
        self.observers = observers
        self.n = n = len(observers)
        self.games: list[Any] = [None] * n
        self.size = size = slots.size
        # the games' rows of slots one after another (``array`` and ``memoryview``: quick
        # items from source as well; typed views of them when compiled)
        self.taken = memoryview(array("i", [0]) * (n * size))
        self.chosen = memoryview(array("i", [0]) * (n * size))
        self.count = memoryview(array("i", [0]) * n)
        self.obs, self.mask, self.rewards, self.ended = obs, mask, rewards, ended
        # typed views of the same arrays when compiled
        self._obs, self._mask, self._rewards, self._ended = obs, mask, rewards, ended
        self._taken, self._chosen, self._count = self.taken, self.chosen, self.count

    def _fold(self, i: int, game: FastGame) -> int:
        """Fold the legal ids of ``game``'s seat to act into row ``i`` (without concede
        unless it is the only one: :func:`left_out`); how many slots."""
        ids = game.legal_actions()
        skip = left_out(ids, False)
        at, end = i * self.size, (i + 1) * self.size
        return self.slots.fold_ids(ids, skip, self._taken[at:end], self._chosen[at:end])

    def _plays(self, i: int, slot: int) -> int:
        """The fast id that ``slot`` plays in game ``i`` now (-1: it is not legal)."""
        taken, at = self._taken, i * self.size
        lo, hi = at, at + self._count[i]
        end = hi
        while lo < hi:
            mid = (lo + hi) // 2
            if taken[mid] < slot:
                lo = mid + 1
            else:
                hi = mid
        if lo < end and taken[lo] == slot:
            return int(self.games[i].legal_actions()[self._chosen[lo]])
        return -1

    def _write(self, i: int, game: FastGame, seat: int) -> None:
        """Game ``i``'s observation row: ``seat``'s vector now."""
        observer = self.observers[i]
        observer.update(game, seat)
        self._obs[i, :] = observer.kept_row(seat)

    def _mark(self, i: int, game: FastGame | None) -> None:
        """Game ``i``'s legal slots and mask row: those of ``game``'s seat to act (None:
        none, all zeros)."""
        mask, taken, at = self._mask, self._taken, i * self.size
        mask[i, :] = 0
        n = 0 if game is None else self._fold(i, game)
        self._count[i] = n
        for j in range(at, at + n):
            mask[i, taken[j]] = 1


class LearnerLoop(_Rows):
    """``N`` games, a learner seat each and random opponents in the others (the per-game
    loop of :class:`~totenblatt.env.vector.WantedVectorEnv`)."""

    def __init__(
        self,
        slots: MoveSlots,
        observers: list[FastObserver],
        seats: list[int],
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        rewards: npt.NDArray[np.float64],
        ended: npt.NDArray[np.uint8],
        seat_count: int | None = None,
    ) -> None:
        super().__init__(slots, observers, obs, mask, rewards, ended)
        self.seats = list(seats)
        self.bots: list[list[Any]] = [[] for _ in range(self.n)]
        """Per game, per seat: the opponent's generator (None at the learner's seat)."""
        seat_count = max(self.seats) + 1 if seat_count is None else seat_count
        self.seat_count = seat_count
        self.raw = memoryview(array("I", [0]) * (self.n * seat_count * BLOCK))
        """Per game and seat (:data:`BLOCK` from ``(i * seat_count + seat) * BLOCK``): the
        next 32-bit outputs of its generator (:meth:`_draw`)."""
        self.at = memoryview(array("i", [BLOCK]) * (self.n * seat_count))
        """Per game and seat: how many of :attr:`raw` are used (:data:`BLOCK`: all)."""
        self._raw, self._at = self.raw, self.at  # typed views when compiled

    def start(self, i: int, game: FastGame, bots: list[Any]) -> None:
        """Game ``i`` is ``game`` (new), its opponents ``bots`` (a generator per seat, None
        at the learner's): they play to the learner's first turn; the rows are written."""
        seat = self.seats[i]
        self.games[i] = game
        self.bots[i] = bots
        for s in range(i * self.seat_count, (i + 1) * self.seat_count):
            self._at[s] = BLOCK
        self._ended[i] = 0
        self._others(i, game, bots, seat)
        self._show(i, game, seat)

    def step(self, actions: list[int]) -> list[int]:
        """Each game's action (a slot) for its learner, then its opponents to the learner's
        next turn or the end; rewards and ends written in place. The games that ended at
        the last step are not played (their action is ignored, their reward 0): returned,
        for the env to deal anew (:meth:`start`)."""
        rewards, ended = self._rewards, self._ended
        redeal = []
        for i in range(self.n):
            rewards[i] = 0.0
            if ended[i]:
                redeal.append(i)
                ended[i] = 0
                continue
            game = self.games[i]
            seat = self.seats[i]
            action = self._plays(i, actions[i])
            if action < 0:  # illegal: a loss, as the single environment's "lose"
                self._write(i, game, seat)
                self._mark(i, None)
                rewards[i] = -1.0
                ended[i] = 1
                continue
            game.play(action)
            self._others(i, game, self.bots[i], seat)
            self._show(i, game, seat)
            if game.is_over:
                winners = game.winners
                rewards[i] = 0.0 if not winners else (1.0 if seat in winners else -1.0)
                ended[i] = 1
        return redeal

    def _others(self, i: int, game: FastGame, bots: list[Any], seat: int) -> None:
        """The random opponents of game ``i`` until the learner's turn or the end (concede
        never theirs; their slots folded in the game's row, which :meth:`_show` rewrites)."""
        while not game.is_over and game.to_act != seat:
            k = self._draw(i, game.to_act, self._fold(i, game))
            game.play(game.legal_actions()[self._chosen[i * self.size + k]])

    def _draw(self, i: int, seat: int, n: int) -> int:
        """``int(generator.integers(n))`` of ``seat``'s generator in game ``i``, bit for
        bit: numpy's bounded draw (Lemire's, over the generator's 32-bit outputs; none
        drawn for ``n`` = 1), its outputs fetched :data:`BLOCK` at a time (the generators
        are the loop's alone: none of them is read elsewhere)."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError(f"no legal slot to draw from (game {i}, seat {seat})")
        span = n
        m = self._next32(i, seat) * span
        left = m & 0xFFFFFFFF
        if left < span:
            threshold = (0xFFFFFFFF - (span - 1)) % span
            while left < threshold:
                m = self._next32(i, seat) * span
                left = m & 0xFFFFFFFF
        return int(m >> 32)

    def _next32(self, i: int, seat: int) -> int:
        """The next 32-bit output of ``seat``'s generator in game ``i``."""
        place = i * self.seat_count + seat
        at = self._at[place]
        if at == BLOCK:
            bot = self.bots[i][seat]
            start = place * BLOCK
            self.raw[start : start + BLOCK] = bot.integers(0, 1 << 32, BLOCK, np.uint32)
            at = 0
        self._at[place] = at + 1
        return int(self._raw[place * BLOCK + at])

    def _show(self, i: int, game: FastGame, seat: int) -> None:
        """Game ``i``'s rows: the learner's observation and mask."""
        self._write(i, game, seat)
        self._mark(i, None if game.is_over else game)


class SelfPlayLoop(_Rows):
    """``N`` games, every seat the caller's (the per-game loop of
    :class:`~totenblatt.env.vector.WantedVectorSelfPlay`); ``rewards`` is ``(N, seats)``."""

    def __init__(
        self,
        slots: MoveSlots,
        observers: list[FastObserver],
        obs: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        rewards: npt.NDArray[np.float64],
        ended: npt.NDArray[np.uint8],
        to_act: npt.NDArray[np.int64],
    ) -> None:
        super().__init__(slots, observers, obs, mask, rewards.reshape(-1), ended)
        self.seat_count = rewards.shape[1]
        self.to_act = self._to_act = to_act

    def start(self, i: int, game: FastGame) -> None:
        """Game ``i`` is ``game`` (new): its rows written for the seat to act."""
        self.games[i] = game
        self._ended[i] = 0
        self._show(i, game)

    def _show(self, i: int, game: FastGame) -> None:
        if game.is_over:
            self._mark(i, None)
            return
        seat = game.to_act
        self._to_act[i] = seat
        self._write(i, game, seat)
        self._mark(i, game)

    def step(self, actions: list[int]) -> list[int]:
        """Each game's action (a slot) for its seat to act; rewards and ends written in
        place. The games that ended at the last step are returned, for the env to deal
        anew (:meth:`start`); ``ValueError`` for an action its mask does not allow."""
        rewards, ended, seats = self._rewards, self._ended, self.seat_count
        for i in range(self.n):
            if not ended[i] and self._plays(i, actions[i]) < 0:
                raise ValueError(
                    f"game {i}: action {actions[i]} is not legal now (its action_mask entry is 0)"
                )
        redeal = []
        for i in range(self.n):
            for s in range(seats):
                rewards[i * seats + s] = 0.0
            if ended[i]:
                redeal.append(i)
                ended[i] = 0
                continue
            game = self.games[i]
            game.play(self._plays(i, actions[i]))
            if game.is_over:
                winners = game.winners
                for s in range(seats):
                    rewards[i * seats + s] = 0.0 if not winners else (1.0 if s in winners else -1.0)
                ended[i] = 1
                self._mark(i, None)
                # the seat that ended it stays ``to_act`` (as an AEC env's agent_selection)
                self._write(i, game, self._to_act[i])
            else:
                self._show(i, game)
        return redeal
