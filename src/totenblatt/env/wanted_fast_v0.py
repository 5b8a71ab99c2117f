"""Wanted on the fast path as a PettingZoo AEC environment (``totenblatt.env.wanted_fast_v0``).

The same game, agents, observation vector and rewards as :mod:`totenblatt.env.wanted_v0`,
played on :class:`~totenblatt.wanted.fast.FastGame`:

* Actions: ``Discrete(n)`` over the fast path's fixed action table
  (:class:`~totenblatt.wanted.fast.ActionTable`: pass, concede, swap, bids, defences,
  attacks, redraws, reveals) with one change: a move slot is *own figure × destination ×
  hidden* and plays the smallest club of the hand that pays for it (a joker last), so
  the move block is as large as the board, not fourteen times (one more slot: a club
  played, nobody moved). The ``action_mask`` marks the legal slots. The moves are not
  wanted_v0's menu (towards the enemy, away, cover spots, group moves) but every
  destination a club reaches; ``env.unwrapped.shadow(i)`` is the reference engine's
  action a slot stands for now. ``env.unwrapped.play_fast(id)`` plays a fast id itself
  for the agent to act (also one no slot plays: a learned bot's choice, as
  :class:`~totenblatt.env.single.SingleAgentEnv` seats it), as ``wanted_v0``'s
  ``play_action`` plays an engine action.
* Observations: the vector of :mod:`~totenblatt.wanted.encoding.observation`, made from
  the fast game's lists (:class:`~totenblatt.wanted.encoding.FastObserver`), not from a
  view: one vector per seat kept up to date (only what changed is rewritten), the mask
  marked from the fast path's legal ids.
* Order: the environment checks it itself (``reset()`` first), so :func:`env` returns it
  without PettingZoo's order-enforcing wrapper, whose attribute look-ups cost more than a
  step of the game.
* Concede: the concede slot (1) is never legal unless ``allow_concede=True`` (or it is
  the only legal slot); off, a random agent plays whole games.
* ``info``: per agent ``legal_actions`` (slots; empty unless it is to act) and ``phase``;
  the agent to act's also ``info_state`` (text of the seat's own view and own actions:
  :mod:`totenblatt.env.infostate`) when made with ``info_state=True``: off by default,
  as the text costs about as much as a step of the game (duel, random agents, per CPU
  second: ~29,000 steps without ``info``, ~25,000 with it, ~17,000 with the text);
  ``env.info_state(agent)`` gives any agent's on demand.
* Rules: those the fast path plays (:mod:`totenblatt.wanted.fast`: the base rules and,
  as it grows, more; ``FastUnsupportedError`` names what it does not, such as
  per-character hands). ``reset(seed=s)`` deals the game
  ``new_game(scenario, ruleset, seed=s)`` deals; ``reset()`` draws a seed (fresh entropy
  before any seed was given, else the stream of the last given seed; ``episode_seed``).

>>> import numpy as np
>>> env = raw_env("duel")
>>> env.reset(seed=7)
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     legal = np.flatnonzero(obs["action_mask"])
...     env.step(None if terminated or truncated else int(rng.choice(legal)))
>>> env.agents
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from totenblatt.env.episode import Observation, SeatEnv
from totenblatt.wanted.encoding import FastObserver, Marks, MoveSlots, ObservationLayout, plays
from totenblatt.wanted.engine import Action, Phase
from totenblatt.wanted.fast import FastGame, new_fast_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = ["WantedFastEnv", "env", "raw_env"]

_PHASES = tuple(p.value for p in Phase)
_OVER = _PHASES.index(Phase.OVER.value)
CONCEDE = 1
"""The concede slot (and the fast path's concede id)."""


class WantedFastEnv(SeatEnv[FastGame]):
    """The AEC environment on the fast path (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "wanted_fast_v0",
        "render_modes": [],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        scenario: str | Path | Scenario = "duel",
        ruleset: str | Path | Ruleset | None = None,
        *,
        options: Mapping[str, Any] | None = None,
        allow_concede: bool = False,
        info_state: bool = False,
    ) -> None:
        super().__init__()
        self.render_mode = None
        self.ruleset = self._load_rules(scenario, ruleset, options)
        self._template = new_fast_game(self.scenario, self.ruleset, 0)
        self.table = self._template.actions
        self.slots = MoveSlots(self._template)
        self.layout = ObservationLayout(self.scenario, self.ruleset)
        self.observer = FastObserver(self.layout, self._template)
        self.concede_slot = CONCEDE
        self._seat_agents(self.layout.size, self.slots.size, allow_concede, info_state)
        self._no_mask = np.zeros(self.slots.size, dtype=np.int8)
        self._marked: tuple[int, FastGame, Marks] | None = None
        self._forced: int | None = None

    def _deal(self, seed: int) -> FastGame:
        return self._template.fresh(seed)

    def observe(self, agent: str) -> Observation:
        """The agent's observation vector and its action mask (zeros unless it is to act):
        the seat's vector kept up to date (:meth:`FastObserver.update`), the mask marked
        from the fast path's legal ids; fresh arrays every call."""
        cached = self._cache.get(agent)
        if cached is None or cached[0] != self._steps:
            game = self.game
            if game is None:
                raise RuntimeError("call reset() before using the environment")
            seat = self._seat[agent]
            if game.to_act == seat and game.phase != _OVER:
                mask = self._marks(game)[0]
            else:
                mask = self._no_mask
            vector = self.observer.update(game, seat)
            cached = self._cache[agent] = (
                self._steps,
                {"observation": vector, "action_mask": mask},
            )
        obs = cached[1]
        return {"observation": obs["observation"].copy(), "action_mask": obs["action_mask"].copy()}

    def _observation(self, seat: int) -> Observation:
        """The seat's observation made from scratch (the reference :meth:`observe` keeps)."""
        game = self._game()
        mask = np.zeros(self.slots.size, dtype=np.int8)
        if game.to_act == seat and not game.is_over:
            mask[self.slots.legal(game)] = 1
            if not self.allow_concede and mask.sum() > 1:
                mask[CONCEDE] = 0
        return {"observation": self.observer.encode(game, seat), "action_mask": mask}

    def _marks(self, game: FastGame) -> Marks:
        """The mask, the legal slots and the ids they play, of the agent to act (once a
        step: :meth:`MoveSlots.marks`)."""
        now = self._marked
        if now is None or now[0] != self._steps or now[1] is not game:
            ids = game.legal_actions()
            now = self._marked = (self._steps, game, self.slots.marks(ids, self.allow_concede))
        return now[2]

    def _phase(self) -> str:
        return _PHASES[self._game().phase]

    def _legal_slots(self, agent: str) -> list[int]:
        game = self._game()
        if game.to_act != self._seat[agent] or game.phase == _OVER:
            return []
        return list(self._marks(game)[1])

    def shadow(self, action: int) -> Action:
        """The reference engine's action that slot ``action`` stands for now."""
        game = self._game()
        found: Action = game.shadow(self.slots.engine_id(game, int(action)))
        return found

    def _play(self, game: FastGame, slot: int) -> None:
        forced = self._forced  # play_fast's id, played as the slot -1 (no marks needed)
        action = forced if forced is not None and slot == -1 else plays(self._marks(game), slot)
        if action < 0:
            raise ValueError(f"action {slot!r} is not legal now (its action_mask entry is 0)")
        game.play(action)

    def play_fast(self, action: int) -> None:
        """Play the fast id ``action`` for the agent to act, as :meth:`step` plays a slot:
        any id of ``game.legal_actions()``, also one no slot plays (a move paid with another
        club than the slot's smallest: a learned bot's choice); ``ValueError`` for any
        other. Its agent's own record shows ``-1`` (as ``wanted_v0``'s ``play_action``)."""
        game = self._game()
        if game.is_over or int(action) not in game.legal_actions():
            raise ValueError(
                f"fast id {action!r} is not legal now: expected one of the game's "
                f"legal_actions() ({len(game.legal_actions())} ids)"
            )
        self._forced = int(action)
        try:
            self.step(-1)
        finally:
            self._forced = None

    def _refresh(self) -> None:
        game = self._game()
        if not game.is_over:
            self.agent_selection = self.possible_agents[game.to_act]

    def render(self) -> None:
        """No pictures: render the reference engine's game (wanted_v0) for them."""
        return None

    def close(self) -> None:
        """Nothing to release."""


raw_env = WantedFastEnv
"""The environment without wrappers (``allow_concede``: may an agent concede)."""

env = WantedFastEnv
"""The environment (it checks the order of calls itself: ``reset()`` first)."""
