"""The learned bot's teacher: one step of rollout improvement over the heuristic.

The fast heuristic plays both seats of ``num_envs`` duels of
:class:`~totenblatt.env.vector.WantedVectorSelfPlay`. At some of the learner seat's
decisions (seat ``i % 2`` of game ``i``) the teacher tries the heuristic's proposal and
the other choices the search bot would weigh (the heuristic's own ``candidates``: in
the action phase passing, its best attacks and moves; else every choice but conceding,
redrawing and revealing), at most ``tries`` slots: each is played on a copy of the true
game (:meth:`~totenblatt.wanted.fast.FastGame.clone`, its random generator too) and
played on by the heuristic at both seats to the end of the round (at most ``horizon``
decisions), then scored as the search bot scores a rollout
(:func:`~totenblatt.wanted.bots.fast_score`: the result if the game is over, else the
material lead squashed into (−1, 1)). Every try plays the same deal with the same cards
to come, so a slot's score minus the proposal's is its advantage *in this deal*;
averaged over the deals a seat cannot tell apart, it is the slot's advantage given what
the seat knows — what the network learns from the seat's observation alone. The true
game is the teacher's (at training time); the learner never reads it.

This is the rollout algorithm (Tesauro and Galperin, 1996) distilled into a network:
the search bot's root (its candidates, rollouts and scores) without its search at play
time.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from totenblatt.env.vector import WantedVectorSelfPlay
from totenblatt.wanted.bots import FastSeat, fast_score, fast_seat
from totenblatt.wanted.encoding import MoveSlots, plays
from totenblatt.wanted.fast import FastGame, new_fast_game

__all__ = ["Labels", "Teacher", "outcome"]


@dataclass
class Labels:
    """Tried decisions: the seat's observation, its proposal's slot, the slots tried
    (``-1``: none; the proposal first) and each one's advantage over the proposal."""

    obs: npt.NDArray[np.float32]
    proposal: npt.NDArray[np.intp]
    tried: npt.NDArray[np.intp]
    advantage: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return len(self.proposal)

    @classmethod
    def join(cls, parts: list[Labels]) -> Labels:
        """All of ``parts`` in one."""
        return cls(
            np.concatenate([p.obs for p in parts]),
            np.concatenate([p.proposal for p in parts]),
            np.concatenate([p.tried for p in parts]),
            np.concatenate([p.advantage for p in parts]),
        )


def outcome(game: FastGame, seat: int, heuristic: FastSeat, horizon: int = 40) -> float:
    """``game`` (a copy: it is played on) played on by the heuristic at every seat to the
    end of its round (at most ``horizon`` decisions), scored for ``seat`` by
    :func:`~totenblatt.wanted.bots.fast_score`."""
    start = game.round
    for _ in range(horizon):
        if game.is_over or game.round != start:
            break
        game.play(heuristic.decide(game))
    return fast_score(game)[seat]


class Teacher:
    """Labels decisions of heuristic duels (see the module docstring): ``tries`` slots a
    decision (the proposal and ``tries - 1`` others drawn), at a share ``rate`` of the
    learner seat's decisions with more than one slot."""

    def __init__(
        self, num_envs: int, seed: int, tries: int = 8, rate: float = 0.5, horizon: int = 40
    ) -> None:
        self.envs = WantedVectorSelfPlay(num_envs, "duel")
        self.envs.reset(seed=seed)
        self.rng = np.random.default_rng(seed)
        self.tries, self.rate, self.horizon = tries, rate, horizon
        self.slots = MoveSlots(new_fast_game("duel", seed=0))
        self.slot_of = np.frombuffer(self.envs.slot_of, dtype=np.int64)
        heuristic = fast_seat("heuristic", 0)
        assert heuristic is not None
        self.heuristic = heuristic
        self.candidates = heuristic.policy.candidates  # type: ignore[attr-defined]
        """The heuristic's choices worth a search (its own first)."""
        self.seat = np.arange(num_envs) % 2
        self.ended = np.zeros(num_envs, bool)

    def label(self, wanted: int) -> Labels:
        """Step the duels until ``wanted`` decisions are labelled."""
        obs: list[npt.NDArray[np.float32]] = []
        proposal: list[int] = []
        tried: list[list[int]] = []
        advantage: list[list[float]] = []
        envs = self.envs
        while len(obs) < wanted:
            actions = np.zeros(envs.num_envs, np.int64)
            games = envs.games
            for i in np.flatnonzero(~self.ended):
                game = games[i]
                chosen = self.heuristic.decide(game)
                actions[i] = self.slot_of[chosen]
                if game.to_act != self.seat[i] or self.rng.random() >= self.rate:
                    continue
                legal = np.flatnonzero(envs.action_mask[i])
                if len(legal) < 2:
                    continue
                slots, gains = self._try(game, int(actions[i]), chosen, legal)
                if len(slots) < 2:
                    continue
                obs.append(envs.observation[i].copy())
                proposal.append(int(actions[i]))
                tried.append(slots)
                advantage.append(gains)
            _, self.ended = envs.step(actions)
        width = self.tries
        tried_a = np.full((len(tried), width), -1, np.intp)
        gains_a = np.zeros((len(tried), width), np.float32)
        for r, (s, g) in enumerate(zip(tried, advantage, strict=True)):
            tried_a[r, : len(s)] = s
            gains_a[r, : len(g)] = g
        return Labels(np.stack(obs), np.array(proposal, np.intp), tried_a, gains_a)

    def _try(
        self, game: FastGame, proposed: int, chosen: int, legal: npt.NDArray[np.intp]
    ) -> tuple[list[int], list[float]]:
        """The proposal and the heuristic's other candidates (as slots), each one's score
        minus the proposal's."""
        seat = game.to_act
        marks = self.slots.marks(game.legal_actions(), concede=False)
        picks: dict[int, None] = {}
        for a in self.candidates(game):
            slot = int(self.slot_of[a])
            if slot != proposed and marks[0][slot] and len(picks) < self.tries - 1:
                picks.setdefault(slot, None)
        first = game.clone()
        first.play(chosen)
        base = outcome(first, seat, self.heuristic, self.horizon)
        slots, gains = [proposed], [0.0]
        for slot in picks:
            copy = game.clone()
            copy.play(plays(marks, slot))
            slots.append(slot)
            gains.append(outcome(copy, seat, self.heuristic, self.horizon) - base)
        return slots, gains
