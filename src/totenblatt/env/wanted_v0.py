"""Wanted: Dead or Alive as a PettingZoo AEC environment (``totenblatt.env.wanted_v0``).

>>> from totenblatt.env import wanted_v0
>>> env = wanted_v0.env(scenario="duel")
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), obs["action_mask"].dtype.name, env.agent_selection in env.agents
(['action_mask', 'observation'], 'int8', True)
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     env.step(action)
>>> env.agents
[]

* Agents ``seat_0``, ``seat_1``, … — one per seat of the scenario; the agent to
  act is the seat the engine asks (swap, bid, act, defend, keep); every agent
  stays until the game ends.
* Actions: ``Discrete(n)`` over the stable slots of :mod:`totenblatt.wanted.encoding.slots`
  (the engine's offered actions mapped to fixed indices); the observation's
  ``action_mask`` (int8) marks the legal ones. An illegal index raises
  ``ValueError``.
* Observations: ``{"observation": float32 vector, "action_mask": int8 vector}``;
  the vector is the agent's own view only (:mod:`totenblatt.wanted.encoding.observation`).
* Rewards: at the end, +1 for each seat of the winning side, −1 for the others,
  0 for all on a draw; 0 before.
* Rules: ``ruleset`` (a name, a file or a :class:`Ruleset`); without one, the ruleset
  the scenario needs (``base``, or ``extended`` for heroes and abilities).
* Seeding: ``reset(seed=s)`` plays the game ``new_game(scenario, ruleset, seed=s)``;
  ``reset()`` without a seed draws one: from fresh entropy (``os.urandom``) before any
  seed was given, else the next of the stream of the last given seed (so ``reset(seed=s)``
  then ``reset()`` repeat); ``env.unwrapped.episode_seed`` is the game's seed.
* Concede: the concede slot is never legal unless ``allow_concede=True`` (or it is the
  only legal slot).
* ``info``: per agent ``legal_actions`` (the legal slots; empty unless it is to act) and
  ``phase`` (``swap``, ``bid``, ``action``, ``defend``, …, ``over``); the agent to act's
  also ``info_state`` (text: the seat, its own actions so far, its observation;
  :mod:`totenblatt.env.infostate`; ``env.info_state(agent)`` for any agent;
  ``info_state=False`` leaves it out).
* Parallel API: none. The game is turn-based (one seat acts at a time), so PettingZoo's
  ``aec_to_parallel`` does not apply (``is_parallelizable`` is False).
* Rendering: ``"ansi"`` returns the table as text (terrain, figures, HP, whose
  turn); ``"rgb_array"`` the table as an RGB image (H × W × 3 uint8).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar, ParamSpec

import numpy as np
import numpy.typing as npt
from pettingzoo.utils import wrappers

from totenblatt.env.episode import Observation, SeatEnv
from totenblatt.text import resolve_lang
from totenblatt.wanted.encoding import ActionSlots, ObservationLayout
from totenblatt.wanted.engine import Action, Game, new_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = ["RENDER_MODES", "WantedEnv", "env", "raw_env"]

RENDER_MODES = ("ansi", "rgb_array")

P = ParamSpec("P")


class WantedEnv(SeatEnv[Game]):
    """The AEC environment (see the module docstring); ``env()`` wraps it with order checks."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "wanted_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        scenario: str | Path | Scenario = "duel",
        ruleset: str | Path | Ruleset | None = None,
        render_mode: str | None = None,
        *,
        options: Mapping[str, Any] | None = None,
        lang: str = "en",
        allow_concede: bool = False,
        info_state: bool = True,
    ) -> None:
        super().__init__()
        self.lang = resolve_lang(lang)  # of the "ansi" status lines
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode {render_mode!r} is not supported: expected None, "
                f"{' or '.join(repr(m) for m in RENDER_MODES)}"
            )
        self.render_mode = render_mode
        rules = self._load_rules(scenario, ruleset, options)
        new_game(self.scenario, rules, seed=0)  # refuses a scenario the ruleset cannot play
        self.ruleset = rules
        self.slots = ActionSlots(self.scenario, rules)
        self.layout = ObservationLayout(self.scenario, rules)
        self.concede_slot = self.slots.blocks["concede"].start
        self._seat_agents(self.layout.size, self.slots.size, allow_concede, info_state)
        self._table: dict[int, Action] = {}
        self._forced: Action | None = None
        self._figure: Any = None

    # -- the game ----------------------------------------------------------------------

    def _deal(self, seed: int) -> Game:
        return new_game(self.scenario, self.ruleset, seed=seed)

    def _refresh(self) -> None:
        """Whose turn it is and the legal slots, after a reset or a step."""
        game = self._game()
        seat = game.to_act
        if seat is None:
            self._table = {}
            return
        self.agent_selection = self.possible_agents[seat]
        table = self.slots.encode(game.legal_actions(), seat)
        if not self.allow_concede and self.concede_slot in table and len(table) > 1:
            del table[self.concede_slot]
        self._table = table

    def _phase(self) -> str:
        return str(self._game().phase.value)

    def _observation(self, seat: int) -> Observation:
        """The seat's view as numbers, and its action mask (all zeros unless it is to act)."""
        game = self._game()
        mask = np.zeros(self.slots.size, dtype=np.int8)
        if game.to_act == seat:
            mask[list(self._table)] = 1
        return {"observation": self.layout.encode(game.view(seat)), "action_mask": mask}

    def action(self, slot: int) -> Action:
        """The engine action that ``slot`` stands for now (``ValueError`` if it is not legal)."""
        return self.slots.decode_with(self._table, int(slot))

    def _play(self, game: Game, slot: int) -> None:
        forced = self._forced
        game.apply(self.action(slot) if forced is None else forced)

    def play_action(self, action: Action) -> None:
        """Play an engine action for the agent to act, as :meth:`step` plays a slot: any
        action the engine allows, also one no slot offers (a bot's choice, a fast-core
        shadow); ``ValueError`` for an illegal one. Its agent's own record shows ``-1``."""
        game = self._game()
        why = game.why_illegal(action)
        if why is not None:
            raise ValueError(f"{action!r} is not legal now: {why}")
        self._forced = action
        try:
            self.step(-1)
        finally:
            self._forced = None

    # -- rendering ---------------------------------------------------------------------

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table as text (``"ansi"``) or as an RGB image (``"rgb_array"``)."""
        if self.render_mode is None:
            return None
        from totenblatt.env import render

        game = self._game()
        if self.render_mode == "ansi":
            return render.ansi(game, lang=self.lang)
        image, self._figure = render.rgb(game, self._figure)
        return image

    def close(self) -> None:
        """Release the drawing surface of ``"rgb_array"``."""
        self._figure = None


raw_env = WantedEnv
"""The environment without wrappers."""


def _ordered(make: Callable[P, WantedEnv]) -> Callable[P, Any]:
    """``make`` with the same parameters (its signature shown), its environment wrapped."""

    def ordered(*args: P.args, **kwargs: P.kwargs) -> Any:
        """The environment wrapped in PettingZoo's order checks (reset before step, and so
        on); its parameters are :class:`WantedEnv`'s.

        ``ruleset`` defaults to the one the scenario needs (``extended`` for ``heroes``);
        ``options`` are ruleset options, e.g. ``{"hand_mode": "per_character"}``; ``lang``
        (``en`` or ``de``) is the language of the ``"ansi"`` picture's status lines;
        ``allow_concede`` lets the concede slot be legal (off by default).
        """
        return wrappers.OrderEnforcingWrapper(make(*args, **kwargs))

    ordered.__name__ = ordered.__qualname__ = "env"
    return functools.update_wrapper(ordered, make, assigned=(), updated=())


env = _ordered(WantedEnv)
