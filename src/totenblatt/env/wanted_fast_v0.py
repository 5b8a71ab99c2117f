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
  action a slot stands for now.
* Observations: the vector of :mod:`~totenblatt.env.observe`, made from the fast game's
  lists (:class:`~totenblatt.env.observe_fast.FastObserver`), not from a view.
* Order: the environment checks it itself (``reset()`` first), so :func:`env` returns it
  without PettingZoo's order-enforcing wrapper, whose attribute look-ups cost more than a
  step of the game.
* Rules: the base rules (and rulesets without abilities, heroes or per-character hands:
  ``FastUnsupportedError`` otherwise). ``reset(seed=s)`` deals the game
  ``new_game(scenario, ruleset, seed=s)`` deals.

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
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from totenblatt.env.episode import start_episode
from totenblatt.env.observe import HIGH, ObservationLayout
from totenblatt.env.observe_fast import FastObserver
from totenblatt.wanted.engine import Action
from totenblatt.wanted.fast import FastGame, new_fast_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario, load_scenario, ruleset_for

__all__ = ["WantedFastEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class WantedFastEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
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
    ) -> None:
        super().__init__()
        self.render_mode = None
        self.scenario = load_scenario(scenario)
        rules = Ruleset.load(ruleset_for(self.scenario) if ruleset is None else ruleset)
        if options:
            rules = rules.with_options(**dict(options))
        self.scenario.check_ruleset(rules)
        self.ruleset = rules
        self._template = new_fast_game(self.scenario, rules, 0)
        self.table = self._template.actions
        self.slots = MoveSlots(self._template)
        self.layout = ObservationLayout(self.scenario, rules)
        self.observer = FastObserver(self.layout, self._template)
        self.possible_agents = [f"seat_{s}" for s in range(self.scenario.seats)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, HIGH, (self.layout.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.slots.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.slots.size) for a in self.possible_agents}
        self._next_seed = 0
        self.game: FastGame | None = None
        self._cache: dict[str, tuple[int, Observation]] = {}
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete(n)`` over the action table."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``seed``, or the seed after the last game's."""
        seed = start_episode(self, seed)
        self.game = self._template.fresh(seed)
        self.agent_selection = self.possible_agents[self.game.to_act]

    def _game(self) -> FastGame:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def observe(self, agent: str) -> Observation:
        """The agent's observation vector and its action mask (zeros unless it is to act)."""
        cached = self._cache.get(agent)
        if cached is not None and cached[0] == self._steps:
            obs = cached[1]
            return {k: v.copy() for k, v in obs.items()}
        game = self._game()
        seat = self._seat[agent]
        mask = np.zeros(self.slots.size, dtype=np.int8)
        if game.to_act == seat and not game.is_over:
            mask[self.slots.legal(game)] = 1
        obs = {"observation": self.observer.encode(game, seat), "action_mask": mask}
        self._cache[agent] = (self._steps, obs)
        return {k: v.copy() for k, v in obs.items()}

    def shadow(self, action: int) -> Action:
        """The reference engine's action that slot ``action`` stands for now."""
        game = self._game()
        found: Action = game.shadow(self.slots.engine_id(game, int(action)))
        return found

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play the id ``action`` for the agent to act (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: expected an action index, got None")
        game = self._game()
        try:
            game.apply(self.slots.engine_id(game, int(action)))
        except ValueError:
            raise ValueError(
                f"action {action!r} is not legal now (its action_mask entry is 0)"
            ) from None
        self._steps += 1
        self._clear_rewards()
        if game.is_over:
            winners = set(game.winners)
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = 0.0 if not winners else (1.0 if seat in winners else -1.0)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[game.to_act]
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()

    def render(self) -> None:
        """No pictures: render the reference engine's game (wanted_v0) for them."""
        return None

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    scenario: str | Path | Scenario = "duel",
    ruleset: str | Path | Ruleset | None = None,
    *,
    options: Mapping[str, Any] | None = None,
) -> WantedFastEnv:
    """The environment without wrappers."""
    return WantedFastEnv(scenario, ruleset, options=options)


def env(
    scenario: str | Path | Scenario = "duel",
    ruleset: str | Path | Ruleset | None = None,
    *,
    options: Mapping[str, Any] | None = None,
) -> WantedFastEnv:
    """The environment (it checks the order of calls itself: ``reset()`` first)."""
    return raw_env(scenario, ruleset, options=options)


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
