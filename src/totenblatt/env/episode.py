"""What every AEC environment of the package shares: seats as agents, spaces, episodes, rewards."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from totenblatt.env.infostate import info_state_string, observation_string
from totenblatt.wanted.encoding import HIGH, ObservationLayout
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario, load_scenario, ruleset_for

__all__ = ["Observation", "SeatEnv", "start_episode"]

Observation = dict[str, npt.NDArray[Any]]


class _Played(Protocol):
    """What :meth:`SeatEnv.step` reads of a game after a move."""

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> Any: ...


SEED_BOUND = 2**63
"""Seeds drawn for an unseeded ``reset()`` are below this."""


def start_episode(env: Any, seed: int | None) -> int:
    """The seed of the new episode, its books cleared.

    ``seed`` if given (and a stream of seeds started from it); without one, the next seed
    of that stream, or, before any seed was given, of a stream from fresh entropy
    (``os.urandom`` through :class:`numpy.random.SeedSequence`): two fresh environments
    play different games, and ``reset(seed=s)`` then ``reset()`` repeat. Sets
    ``episode_seed``, ``agents``, ``rewards``, ``_cumulative_rewards``, ``terminations``,
    ``truncations``, ``infos``, ``_steps`` and ``_cache`` of ``env``; ``ValueError`` for a
    seed that is not a whole number of 0 or more.
    """
    if seed is None:
        stream = env._seeds
        if stream is None:
            stream = np.random.default_rng(np.random.SeedSequence())
        elif isinstance(stream, int):  # the stream of the last seed given, started now
            stream = np.random.default_rng(stream)
        env._seeds = stream
        seed = int(stream.integers(SEED_BOUND))
    elif isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed {seed!r} is not a whole number of 0 or more")
    else:
        env._seeds = int(seed)  # its stream is started by the next reset() without a seed
    seed = int(seed)
    env.episode_seed = seed
    env.agents = env.possible_agents.copy()
    env.rewards = {a: 0.0 for a in env.agents}
    env._cumulative_rewards = {a: 0.0 for a in env.agents}
    env.terminations = {a: False for a in env.agents}
    env.truncations = {a: False for a in env.agents}
    env.infos = {a: {} for a in env.agents}
    env._mine = {a: [] for a in env.agents}
    env._steps = 0
    env._cache = {}
    return seed


G = TypeVar("G", bound=_Played)


class SeatEnv(AECEnv, Generic[G]):  # type: ignore[misc]  # pettingzoo ships no type information
    """One agent per seat: the spaces, the observation cache, a step's books and rewards.

    A subclass loads its rules with :meth:`_load_rules`, sets its spaces with
    :meth:`_seat_agents` and supplies :meth:`_deal` (a game of a seed), :meth:`_observation`
    (an agent's view and mask), :meth:`_play` (apply a slot) and :meth:`_refresh`.
    """

    scenario: Scenario
    ruleset: Ruleset
    layout: ObservationLayout
    game: G | None
    allow_concede: bool
    """Whether the concede slot may be legal (off: it never is, unless it is the only one)."""
    concede_slot: int
    """The action slot that concedes the game."""
    info_state_in_info: bool
    """Whether the agent to act's ``info`` holds its ``info_state`` string (it costs)."""

    def _load_rules(
        self,
        scenario: str | Path | Scenario,
        ruleset: str | Path | Ruleset | None,
        options: Mapping[str, Any] | None,
    ) -> Ruleset:
        """Set ``scenario``; the ruleset asked for (or the scenario's) with ``options``, checked."""
        self.scenario = load_scenario(scenario)
        rules = Ruleset.load(ruleset_for(self.scenario) if ruleset is None else ruleset)
        if options:
            rules = rules.with_options(**dict(options))
        self.scenario.check_ruleset(rules)
        return rules

    def _seat_agents(
        self, observation_size: int, slots: int, allow_concede: bool, info_state: bool = True
    ) -> None:
        """An agent per seat and its spaces: a vector of ``observation_size``, ``slots`` actions."""
        self.allow_concede = bool(allow_concede)
        self.info_state_in_info = bool(info_state)
        self._mine: dict[str, list[int]] = {}
        self.possible_agents = [f"seat_{s}" for s in range(self.scenario.seats)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, HIGH, (observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (slots,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(slots) for a in self.possible_agents}
        self._seeds: np.random.Generator | int | None = None
        """The stream of seeds for ``reset()`` without one (an int: the seed it starts from)."""
        self.episode_seed: int | None = None
        self._cache: dict[str, tuple[int, Observation]] = {}
        self._steps = 0
        self.game = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete(n)`` over the action slots."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``seed``; without one, a seed drawn (:func:`start_episode`)."""
        self.game = self._deal(start_episode(self, seed))
        self._refresh()
        self._update_infos()

    def _deal(self, seed: int) -> G:
        """A new game of ``seed``."""
        raise NotImplementedError

    def _game(self) -> G:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def observe(self, agent: str) -> Observation:
        """The agent's observation vector and its action mask (zeros unless it is to act)."""
        cached = self._cache.get(agent)
        if cached is not None and cached[0] == self._steps:
            return {k: v.copy() for k, v in cached[1].items()}
        obs = self._observation(self._seat[agent])
        self._cache[agent] = (self._steps, obs)
        return {k: v.copy() for k, v in obs.items()}

    def _observation(self, seat: int) -> Observation:
        """The seat's vector and action mask, now."""
        raise NotImplementedError

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play the slot ``action`` for the agent to act (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: expected an action index, got None")
        game = self._game()
        self._play(game, int(action))
        self._mine[agent].append(int(action))
        self._steps += 1
        rewards = self.rewards
        for a in rewards:  # AECEnv._clear_rewards
            rewards[a] = 0
        if game.is_over:
            winners = set(game.winners)
            for a in self.agents:
                seat = self._seat[a]
                rewards[a] = 0.0 if not winners else (1.0 if seat in winners else -1.0)
                self.terminations[a] = True
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        self._refresh()
        self._update_infos()
        for a, reward in rewards.items():  # AECEnv._accumulate_rewards
            cumulative[a] += reward

    def _update_infos(self) -> None:
        """Every agent's ``info``: its legal slots (empty unless it is to act) and the
        phase; the agent to act's also its information-state string (:meth:`info_state`;
        unless ``info_state`` is off)."""
        phase = self._phase()
        game = self._game()
        to_act = None if game.is_over else self.agent_selection
        for agent in self.agents:
            if agent != to_act:
                self.infos[agent] = {"legal_actions": [], "phase": phase}
                continue
            info: dict[str, Any] = {"legal_actions": self._legal_slots(agent), "phase": phase}
            if self.info_state_in_info:
                info["info_state"] = self.info_state(agent)
            self.infos[agent] = info

    def _legal_slots(self, agent: str) -> list[int]:
        """The agent's legal slots now (ascending)."""
        return [int(i) for i in np.flatnonzero(self.observe(agent)["action_mask"])]

    def observation_string(self, agent: str) -> str:
        """The agent's observation as text (:mod:`totenblatt.env.infostate`)."""
        return observation_string(self.layout, self.observe(agent)["observation"])

    def info_state(self, agent: str) -> str:
        """The agent's information state as text: its seat, its own actions in this game
        and its observation now; nothing another seat alone knows."""
        return self._info_state(agent, self.observe(agent)["observation"])

    def _info_state(self, agent: str, vector: npt.NDArray[Any]) -> str:
        seat = self._seat[agent]
        return info_state_string(
            seat, self._mine.get(agent, ()), observation_string(self.layout, vector)
        )

    def _phase(self) -> str:
        """The phase of the game now (``swap``, ``bid``, ``action``, ``defend``, ``over``…)."""
        raise NotImplementedError

    def _play(self, game: G, slot: int) -> None:
        """Apply ``slot`` for the agent to act (``ValueError`` if it is not legal)."""
        raise NotImplementedError

    def _refresh(self) -> None:
        """Select the agent to act after a reset or a step (while the game goes on)."""
        raise NotImplementedError
