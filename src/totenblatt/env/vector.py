"""N games in one call on the fast path: Gymnasium's vector API and a self-play form.

:class:`WantedVectorEnv` is ``num_envs`` copies of
:class:`~totenblatt.env.single.SingleAgentEnv` (``core="fast"``, random opponents, concede
off) stepped together: observations and masks as ``(N, …)`` numpy arrays, rewards,
terminations and truncations as ``(N,)`` ones, Gymnasium's ``VectorEnv`` with its
default *next-step* autoreset (``metadata["autoreset_mode"]``). Game ``i`` is the single
environment's game step for step: ``reset(seed=s)`` plays seed ``s + i`` in game ``i``
(a list gives each its seed), each game's next seeds are drawn from its own
``np_random`` as the single environment's ``reset()`` draws them, and the opponent's
random choices come from the same generator (:func:`~totenblatt.wanted.bots.bot_seed`).

>>> import numpy as np
>>> envs = WantedVectorEnv(4)
>>> obs, infos = envs.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 342), (4, 814))
>>> rng = np.random.default_rng(0)
>>> actions = [int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]]
>>> obs, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, terminations.dtype
((4,), dtype('bool'))

* The step after a game ended resets that game (its action is ignored; reward 0, not
  terminated): Gymnasium's ``AutoresetMode.NEXT_STEP``.
* An illegal action ends that game as a loss (reward −1, its mask all zeros), as the
  single environment's default ``on_illegal="lose"``.
* ``infos`` is empty (the single environment's ``legal_actions`` are the mask's ones; its
  ``phase`` is not kept: it would cost a dict per game and step).
* ``seats``: the learner's seat in every game (an int) or per game (a sequence).
* The arrays returned are fresh each call (``copy=False``: the env's own observation,
  mask, reward, termination and truncation arrays, written in place by the next call —
  cheaper for a learner that copies what it keeps; do not write into them).
* The per-game loop runs compiled (:mod:`~totenblatt.env.vector_loop`); only the deals
  (seeds and the opponents' generators) are made here, once a game.

:class:`WantedVectorSelfPlay` is the multi-agent form (PettingZoo's AEC agents, batched
as pgx batches them): the caller plays every seat of ``num_envs`` games; ``to_act`` says
whose turn it is in each, the observation and mask are that seat's, rewards are
``(N, seats)``; it equals ``num_envs`` :mod:`~totenblatt.env.wanted_fast_v0`
environments step for step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from totenblatt.env.episode import SEED_BOUND
from totenblatt.env.vector_loop import LearnerLoop, SelfPlayLoop
from totenblatt.wanted.bots import bot_seed
from totenblatt.wanted.encoding import HIGH, FastObserver, MoveSlots, ObservationLayout
from totenblatt.wanted.fast import new_fast_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario, load_scenario, ruleset_for

__all__ = ["VECTOR_GYM_ID", "WantedVectorEnv", "WantedVectorSelfPlay"]

VECTOR_GYM_ID = "totenblatt/WantedVector-v0"
"""``gymnasium.make_vec(VECTOR_GYM_ID, num_envs=256, vectorization_mode="vector_entry_point")``."""

Seeds = int | Sequence[int] | None


class _Setup:
    """What every game of a batch shares: the rules on the fast path, slots, layout."""

    def __init__(
        self,
        scenario: str | Path | Scenario,
        ruleset: str | Path | Ruleset | None,
        options: Mapping[str, Any] | None,
    ) -> None:
        self.scenario = load_scenario(scenario)
        rules = Ruleset.load(ruleset_for(self.scenario) if ruleset is None else ruleset)
        if options:
            rules = rules.with_options(**dict(options))
        self.scenario.check_ruleset(rules)
        self.ruleset = rules
        self.template = new_fast_game(self.scenario, rules, 0)
        self.slots = MoveSlots(self.template)
        self.layout = ObservationLayout(self.scenario, rules)
        self.seats = self.scenario.seats
        self.single_observation_space = gym.spaces.Dict(
            {
                "observation": gym.spaces.Box(0.0, HIGH, (self.layout.size,), np.float32),
                "action_mask": gym.spaces.Box(0, 1, (self.slots.size,), np.int8),
            }
        )
        self.single_action_space = gym.spaces.Discrete(self.slots.size)

    def observer(self) -> FastObserver:
        return FastObserver(self.layout, self.template)


def _seeds(seed: Seeds, n: int) -> list[int | None]:
    if seed is None:
        return [None] * n
    if isinstance(seed, int | np.integer) and not isinstance(seed, bool):
        if seed < 0:
            raise ValueError(f"seed {seed!r} is not a whole number of 0 or more")
        return [int(seed) + i for i in range(n)]
    found = list(seed)  # type: ignore[arg-type]
    if len(found) != n:
        raise ValueError(f"{len(found)} seeds for {n} games")
    for s in found:
        if isinstance(s, bool) or not isinstance(s, int | np.integer) or s < 0:
            raise ValueError(f"seed {s!r} is not a whole number of 0 or more")
    return [int(s) for s in found]


def _game_seed(randoms: list[np.random.Generator | None], i: int, seed: int | None) -> int:
    """Game ``i``'s next seed: ``seed``, its seed stream restarted of it (as Gymnasium's
    ``np_random(seed)``), else the next of its stream (fresh entropy the first time) — the
    seeds an AEC environment's ``reset()`` draws after ``reset(seed=…)``."""
    if seed is not None:
        randoms[i] = np.random.default_rng(seed)
        return seed
    stream = randoms[i]
    if stream is None:
        stream = randoms[i] = np.random.default_rng()
    return int(stream.integers(SEED_BOUND))


def _actions(actions: Any, n: int) -> list[int]:
    """``actions`` as a list of ``n`` ints (``ValueError`` for another count)."""
    acts = np.asarray(actions).reshape(-1)
    if acts.shape != (n,):
        raise ValueError(f"{acts.size} actions for {n} games")
    found: list[int] = acts.astype(np.int64, copy=False).tolist()
    return found


class _Batch:
    """What both batches keep: the setup of their games, how many, and each game's seed
    stream (the seeds an AEC environment's ``reset()`` draws after ``reset(seed=…)``)."""

    num_envs: int
    _setup: _Setup

    def _begin(
        self,
        num_envs: int,
        scenario: str | Path | Scenario,
        ruleset: str | Path | Ruleset | None,
        options: Mapping[str, Any] | None,
    ) -> _Setup:
        """Check ``num_envs`` and keep it, the setup and fresh seed streams."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs {num_envs!r}: expected a whole number of 1 or more")
        self._setup = _Setup(scenario, ruleset, options)
        self.num_envs = num_envs
        self._randoms: list[np.random.Generator | None] = [None] * num_envs
        self.episode_seeds = [0] * num_envs
        """Each game's seed now."""
        self._started = False
        return self._setup

    def _deal(self, i: int, seed: int | None) -> None:
        raise NotImplementedError

    def _next_seed(self, i: int, seed: int | None) -> int:
        """Game ``i``'s seed anew: ``seed`` (its seed stream restarted), else the next of it."""
        found = self.episode_seeds[i] = _game_seed(self._randoms, i, seed)
        return found

    def _deal_all(self, seed: Seeds) -> None:
        """Every game anew (``seed``: game ``i`` plays ``seed + i``; a list: one each)."""
        for i, s in enumerate(_seeds(seed, self.num_envs)):
            self._deal(i, s)
        self._started = True

    def _play(self, loop: LearnerLoop | SelfPlayLoop, actions: Any) -> None:
        """One action for each game of ``loop``; a game that ended starts anew."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        for i in loop.step(_actions(actions, self.num_envs)):
            self._deal(i, None)


class WantedVectorEnv(_Batch, VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` single-seat games against random opponents (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (Gymnasium's)
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        num_envs: int = 256,
        scenario: str | Path | Scenario = "duel",
        seats: int | Sequence[int] = 0,
        ruleset: str | Path | Ruleset | None = None,
        *,
        options: Mapping[str, Any] | None = None,
        copy: bool = True,
    ) -> None:
        setup = self._begin(num_envs, scenario, ruleset, options)
        n = num_envs
        found = [seats] * n if isinstance(seats, int) else list(seats)
        if len(found) != n:
            raise ValueError(f"{len(found)} seats for {n} games")
        for s in found:
            if not 0 <= s < setup.seats:
                raise ValueError(f"seat {s}: the scenario has seats 0 to {setup.seats - 1}")
        self.seats = [int(s) for s in found]
        self.copy = bool(copy)
        self.single_observation_space = setup.single_observation_space
        self.single_action_space = setup.single_action_space
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.render_mode = None
        self.closed = False
        self._obs = np.zeros((n, setup.layout.size), np.float32)
        self._mask = np.zeros((n, setup.slots.size), np.int8)
        self._rewards = np.zeros(n, np.float64)
        self._ended = np.zeros(n, np.uint8)
        self._truncated = np.zeros(n, bool)
        self._loop = LearnerLoop(
            setup.slots,
            [setup.observer() for _ in range(n)],
            self.seats,
            self._obs,
            self._mask,
            self._rewards,
            self._ended,
            setup.seats,
        )

    def _deal(self, i: int, seed: int | None) -> None:
        """Game ``i`` anew: of ``seed`` (its seed stream restarted), else the next of it."""
        seed = self._next_seed(i, seed)
        seat = self.seats[i]
        bots = [
            None if s == seat else np.random.default_rng(bot_seed(seed, s))
            for s in range(self._setup.seats)
        ]
        self._loop.start(i, self._setup.template.fresh(seed), bots)

    # -- Gymnasium's vector API --------------------------------------------------------

    def reset(
        self, *, seed: Seeds = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Every game anew (``seed``: game ``i`` plays ``seed + i``; a list: one each)."""
        self._deal_all(seed)
        return self._observation(), {}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, Any], npt.NDArray[np.float64], Any, Any, dict[str, Any]]:
        """Each game's action (a slot) for the learner, then its opponents; a game that
        ended at the last step starts anew instead."""
        self._play(self._loop, actions)
        ended = self._ended.view(bool)
        if self.copy:
            return (
                self._observation(),
                self._rewards.copy(),
                ended.copy(),
                self._truncated.copy(),
                {},
            )
        return self._observation(), self._rewards, ended, self._truncated, {}

    def _observation(self) -> dict[str, Any]:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._obs, "action_mask": self._mask}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every game's legal slots as booleans, ``(N, slots)``."""
        return self._mask.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""


class WantedVectorSelfPlay(_Batch):
    """``num_envs`` games, every seat played by the caller (see the module docstring).

    After :meth:`reset` and each :meth:`step`: ``to_act`` ``(N,)`` is the seat to act in
    each game, ``observation`` ``(N, size)`` and ``action_mask`` ``(N, slots)`` are that
    seat's; :meth:`step` returns ``rewards`` ``(N, seats)`` (±1 / 0 to every seat of a
    game that ended), ``terminated`` ``(N,)``. :meth:`observe` gives any seat's ``(N,
    …)`` arrays (its mask zero where it is not to act), as PettingZoo's ``observe``.
    """

    def __init__(
        self,
        num_envs: int = 256,
        scenario: str | Path | Scenario = "duel",
        ruleset: str | Path | Ruleset | None = None,
        *,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        setup = self._begin(num_envs, scenario, ruleset, options)
        n = num_envs
        self.possible_agents = [f"seat_{s}" for s in range(setup.seats)]
        self.single_observation_space = setup.single_observation_space
        self.single_action_space = setup.single_action_space
        self.to_act = np.zeros(n, np.int64)
        self.observation = np.zeros((n, setup.layout.size), np.float32)
        self.action_mask = np.zeros((n, setup.slots.size), np.int8)
        self._rewards = np.zeros((n, setup.seats), np.float64)
        self._ended = np.zeros(n, np.uint8)
        self._observers = [setup.observer() for _ in range(n)]
        self._loop = SelfPlayLoop(
            setup.slots,
            self._observers,
            self.observation,
            self.action_mask,
            self._rewards,
            self._ended,
            self.to_act,
        )

    def _deal(self, i: int, seed: int | None) -> None:
        seed = self._next_seed(i, seed)
        self._loop.start(i, self._setup.template.fresh(seed))

    def reset(self, seed: Seeds = None) -> None:
        """Every game anew (``seed``: game ``i`` plays ``seed + i``; a list: one each;
        the next deals of game ``i`` are the seeds an AEC environment's ``reset()`` draws
        after ``reset(seed=…)``)."""
        self._deal_all(seed)

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """Each game's action (a slot) for its seat to act; a game that ended at the last
        step starts anew instead. The rewards ``(N, seats)`` and ``terminated`` ``(N,)``
        (fresh arrays; ``ValueError``, nothing played, for an action its mask does not
        allow)."""
        self._play(self._loop, actions)
        return self._rewards.copy(), self._ended.astype(bool)

    @property
    def games(self) -> tuple[Any, ...]:
        """Each game's :class:`~totenblatt.wanted.fast.FastGame` now, for a caller whose
        seat is a bot deciding on the game itself (a fast seat of
        :func:`~totenblatt.wanted.bots.fast_seat`, which reads only its seat's knowledge);
        not to be played on (step the env)."""
        return tuple(self._loop.games)

    @property
    def slot_of(self) -> Any:
        """Each fast id's action slot (:attr:`MoveSlots.slot_of`): a fast seat's choice
        as the action :meth:`step` takes (a move plays its slot's smallest club)."""
        return self._setup.slots.slot_of

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's observation ``(N, size)`` and mask ``(N, slots)`` in every game
        (the mask zero where it is not to act), as PettingZoo's ``observe``."""
        seat = self.possible_agents.index(agent)
        out = np.empty_like(self.observation)
        mask = np.zeros_like(self.action_mask)
        for i, game in enumerate(self._loop.games):
            out[i] = self._observers[i].update(game, seat)
            if not self._ended[i] and game.to_act == seat and not game.is_over:
                mask[i] = self.action_mask[i]
        return {"observation": out, "action_mask": mask}


if VECTOR_GYM_ID not in gym.registry:
    gym.register(VECTOR_GYM_ID, vector_entry_point="totenblatt.env.vector:WantedVectorEnv")
