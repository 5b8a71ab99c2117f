"""One seat as a Gymnasium environment, bots of the registry in the others (``SingleAgentEnv``).

>>> env = SingleAgentEnv("duel", opponents=["heuristic"], seat=0)
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), sorted(info)
(['action_mask', 'observation'], ['info_state', 'legal_actions', 'phase'])
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> done = False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     obs, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0)
True

* The learner plays ``seat``; the other seats are bots of
  :func:`~totenblatt.wanted.bots.make_bot` (``random``, ``heuristic``, ``ismcts:200``, …),
  one name per other seat (or one name for all), each seeded from the game's seed
  (:func:`~totenblatt.wanted.bots.bot_seed`). A bot chooses among the slots legal in the
  environment but the concede slot (unless it is the only one): ``allow_concede`` is the
  learner's alone. So the opponents never end a game by giving up — ``reset()`` never
  returns a finished game (no deal is skipped: the learner always acts in the first
  round, before any figure can fall), and conceding is no signal to wait for.
* ``allow_concede`` is off by default (as in the AEC environments): the concede slot is
  never legal for the learner unless it is the only one.
* ``core="reference"`` (the default) plays :mod:`~totenblatt.env.wanted_v0` (any bot);
  ``core="fast"`` plays :mod:`~totenblatt.env.wanted_fast_v0`, faster, with ``random``
  opponents (uniform over the legal slots) or ``learned:PATH`` ones: the registry's bots
  read the reference engine's views.
* ``learned:PATH``: a policy of either kind — linear (``python -m totenblatt.env.train``)
  or a network (``python -m totenblatt.env.learn_duel``, such as the shipped
  ``duel_policy.npz``) — read by the registry's
  :func:`~totenblatt.wanted.bots.load_policy` and played greedy by
  :class:`~totenblatt.wanted.bots.LearnedBot` as everywhere: ``decide`` on the fast game
  (the fast core's own; on the reference core a fast copy of the game at its turns), and
  the fast id it decides is played (the reference action it stands for on the reference
  core). A file the bot cannot play raises its :class:`~totenblatt.wanted.bots.PolicyError`.
* Spaces: the PettingZoo environment's for the seat — ``Dict(observation, action_mask)``
  and ``Discrete(n)``; :meth:`SingleAgentEnv.action_masks` gives the mask (the
  convention of sb3-contrib's ``MaskablePPO``).
* Rewards: +1 / −1 / 0 for the learner's seat when the game ends, 0 before.
* ``info``: ``legal_actions``, ``phase`` and ``info_state`` (the seat's own view and
  actions as text; ``info_state=False`` leaves it out: it costs more than a fast step).
* An illegal action ends the episode as a loss (reward −1, ``info["illegal_action"]``),
  or raises ``ValueError`` with ``on_illegal="raise"``.
* Registered in Gymnasium as ``totenblatt/Wanted-v0`` (once this module is imported):
  ``gymnasium.make("totenblatt/Wanted-v0", opponents="heuristic")``.
* Seeding: ``reset(seed=s)`` plays the game of seed ``s``; ``reset()`` the next seed of
  ``np_random`` (fresh entropy before any seed: Gymnasium's rule); ``episode_seed`` is
  the game's seed (never in ``info`` or the observation).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from totenblatt.env import wanted_fast_v0, wanted_v0
from totenblatt.env.episode import SEED_BOUND, Observation, SeatEnv
from totenblatt.wanted.bots import (
    Bot,
    LearnedBot,
    PolicyError,
    bot_seed,
    check_bot_name,
    load_policy,
    make_bot,
)
from totenblatt.wanted.engine import Action, Game
from totenblatt.wanted.fast import FastGame, FastUnsupportedError
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = ["CORES", "GYM_ID", "LEARNED", "SingleAgentEnv"]

GYM_ID = "totenblatt/Wanted-v0"
"""The id in Gymnasium's registry: ``gymnasium.make(GYM_ID, scenario="duel", opponents=…)``."""

LEARNED = "learned:"
"""An opponent name ``learned:PATH``: the policy saved at PATH, linear or a network
(greedy; either core)."""

CORES = ("reference", "fast")
"""The engines a :class:`SingleAgentEnv` plays on."""


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    """One seat of a Wanted game against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        scenario: str | Path | Scenario = "duel",
        opponents: Sequence[str] | str = ("random",),
        seat: int = 0,
        ruleset: str | Path | Ruleset | None = None,
        *,
        core: str = "reference",
        allow_concede: bool = False,
        options: Mapping[str, Any] | None = None,
        on_illegal: str = "lose",
        info_state: bool = True,
    ) -> None:
        if core not in CORES:
            raise ValueError(f"core {core!r}: expected one of {', '.join(CORES)}")
        if on_illegal not in ("lose", "raise"):
            raise ValueError(f"on_illegal {on_illegal!r}: expected 'lose' or 'raise'")
        self.core = core
        self.on_illegal = on_illegal
        self.aec: SeatEnv[Any]
        make = wanted_fast_v0.raw_env if core == "fast" else wanted_v0.raw_env
        self.aec = make(
            scenario, ruleset, options=options, allow_concede=allow_concede, info_state=info_state
        )
        seats = self.aec.scenario.seats
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat}: the scenario has seats 0 to {seats - 1}")
        names = [opponents] if isinstance(opponents, str) else list(opponents)
        if len(names) == 1:
            names *= seats - 1
        if len(names) != seats - 1:
            raise ValueError(f"{len(names)} opponents for {seats - 1} other seats")
        self.opponents = [_opponent(n) for n in names]
        self._learned = {n: self._learned_bot(n) for n in self.opponents if n.startswith(LEARNED)}
        """Per ``learned:PATH`` opponent: the bot that decides for it (on either core)."""
        if core == "fast" and any(n != "random" and n not in self._learned for n in self.opponents):
            raise ValueError(
                "the fast core seats only 'random' and 'learned:PATH' opponents (the "
                "registry's bots read the reference engine's views): use core='reference'"
            )
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.episode_seed: int | None = None
        self._bots: dict[int, Bot | np.random.Generator] = {}
        self._over = False

    def _learned_bot(self, name: str) -> LearnedBot:
        """The bot of ``learned:PATH``: the registry's policy of PATH (either kind) for this
        game; :class:`PolicyError` (a ``ValueError``) names the opponent and what is wrong,
        :class:`FastUnsupportedError` the rules the learned bot does not read (heroes)."""
        try:
            policy = load_policy(name[len(LEARNED) :])
            return LearnedBot(policy, scenario=self.aec.scenario, ruleset=self.aec.ruleset)
        except (PolicyError, FastUnsupportedError) as exc:
            raise type(exc)(f"{name}: {exc}") from None

    # -- the episode -------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: of ``seed``, or of the next seed of ``np_random``."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(SEED_BOUND)) if seed is None else int(seed)
        self.episode_seed = game_seed
        self.aec.reset(seed=game_seed)
        self._over = False
        others = [s for s in range(self.aec.scenario.seats) if s != self.seat]
        self._bots = {}
        for name, s in zip(self.opponents, others, strict=True):
            bseed = bot_seed(game_seed, s)
            if name in self._learned:
                self._bots[s] = self._learned[name]
            elif self.core == "fast":
                self._bots[s] = np.random.default_rng(bseed)
            else:
                self._bots[s] = make_bot(
                    name, bseed, scenario=self.aec.scenario, ruleset=self.aec.ruleset
                )
        self._play_others()
        return self.aec.observe(self.agent), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (a slot) for the learner, then the bots until its turn or the end."""
        aec = self.aec
        if aec.game is None:
            raise RuntimeError("call reset() before step()")
        if self._over or aec.terminations[self.agent]:
            raise RuntimeError("the game is over: call reset()")
        slot = int(action)
        if slot not in aec.infos[self.agent]["legal_actions"]:
            if self.on_illegal == "raise":
                raise ValueError(f"action {slot} is not legal now (its action_mask entry is 0)")
            obs = aec.observe(self.agent)
            obs["action_mask"][:] = 0
            self._over = True
            return obs, -1.0, True, False, {**self._info(), "illegal_action": True}
        aec.step(slot)
        self._play_others()
        done = aec.terminations[self.agent] or aec.truncations[self.agent]
        reward = float(aec._cumulative_rewards[self.agent]) if done else 0.0
        return aec.observe(self.agent), reward, bool(done), False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal slots as booleans (sb3-contrib's ``MaskablePPO`` asks this)."""
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def _info(self) -> dict[str, Any]:
        info = dict(self.aec.infos.get(self.agent, {}))
        info.setdefault("legal_actions", [])
        info.setdefault("phase", "over")
        if "info_state" not in info and self.aec.info_state_in_info:
            info["info_state"] = self.aec.info_state(self.agent)
        return info

    def _play_others(self) -> None:
        aec = self.aec
        while aec.agents and not aec.terminations[self.agent]:
            agent = aec.agent_selection
            if agent == self.agent:
                return
            slot = self._choose(aec._seat[agent], agent)
            if slot >= 0:
                aec.step(slot)

    def _choose(self, seat: int, agent: str) -> int:
        bot = self._bots[seat]
        if isinstance(bot, LearnedBot):
            return self._play_learned(bot, seat)
        legal: list[int] = self.aec.infos[agent]["legal_actions"]
        concede = self.aec.concede_slot
        if concede in legal and len(legal) > 1:  # allow_concede is the learner's alone
            legal = [slot for slot in legal if slot != concede]
        if isinstance(bot, np.random.Generator):
            return legal[int(bot.integers(len(legal)))]
        aec = self.aec
        assert isinstance(aec, wanted_v0.WantedEnv)
        game: Game = aec._game()
        by_action: dict[Action, int] = {}
        for slot in legal:
            by_action.setdefault(aec.action(slot), slot)
        choice = bot.choose(game.view(seat), list(by_action))
        return by_action[choice]

    def _play_learned(self, bot: LearnedBot, seat: int) -> int:
        """Play the fast id ``bot.decide`` gives for ``seat`` (it never concedes while it
        has another choice): on the fast core decided on the environment's own game and
        played as that id, on the reference core decided on a fast copy of the game and
        played as the reference action the id stands for (-1: played, no slot)."""
        aec = self.aec
        if isinstance(aec, wanted_fast_v0.WantedFastEnv):
            aec.play_fast(bot.decide(aec._game(), seat))
            return -1
        assert isinstance(aec, wanted_v0.WantedEnv)
        fast = FastGame.from_game(aec._game())
        aec.play_action(fast.shadow(bot.decide(fast, seat)))
        return -1

    def render(self) -> None:
        """No pictures (render the PettingZoo environment for them)."""
        return None

    def close(self) -> None:
        """Release the PettingZoo environment."""
        self.aec.close()


def _opponent(name: str) -> str:
    """A bot's name of the registry, normalised, or ``learned:PATH`` as given."""
    if isinstance(name, str) and name.strip().lower().startswith(LEARNED):
        path = name.strip()[len(LEARNED) :]
        if not path:
            raise ValueError(f"bot {name!r}: name the policy file (learned:PATH)")
        return LEARNED + path
    return check_bot_name(name)


if GYM_ID not in gym.registry:
    gym.register(
        GYM_ID, entry_point="totenblatt.env.single:SingleAgentEnv", disable_env_checker=True
    )
