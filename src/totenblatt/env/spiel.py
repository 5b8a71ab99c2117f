"""The duel on the fast core as an OpenSpiel game (``python_totenblatt_wanted``).

Needs the ``research`` extra (``pip install 'totenblatt[env,research]'``: open_spiel).
Importing this module registers the game:

>>> import pyspiel
>>> import totenblatt.env.spiel
>>> game = pyspiel.load_game("python_totenblatt_wanted", {"deals": 10})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 10)
>>> state.apply_action(3)  # the deal of seed 3
>>> state.current_player() in (0, 1), len(state.observation_tensor(0))
(True, 342)

* Players: the duel's two seats. Actions: the fast core's integer ids
  (:class:`~totenblatt.wanted.fast.ActionTable`, 9,927 in the duel); ``legal_actions()``
  are the fast game's legal ids (without concede unless ``allow_concede=True``).
* Chance: one chance node at the start, ``deals`` outcomes (default 1,000) of equal
  chance: outcome *s* deals the game of seed *s* (``new_game("duel", seed=s)``). Not a
  chance node per card: the deck has 53! orders and the game reshuffles its discards
  from its own random stream during play, so the seed is the one chance outcome that
  fixes all of it (the fast core draws nothing else). No player sees the outcome.
* Observation: the tensor is the PettingZoo environment's vector of the seat's own view
  (:class:`~totenblatt.wanted.encoding.FastObserver`, 342 numbers in the duel); the
  string names its non-zero entries (:func:`~totenblatt.env.infostate.observation_string`).
* Information state: the string is perfect recall of the player's own decisions —
  the observation string and the action at each of its past turns, then its observation
  now; the tensor is the observation tensor (not perfect recall).
* Returns: +1 for the winner, −1 for the loser, 0 each on a draw (zero-sum).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.extras import require

require("research")

import pyspiel  # noqa: E402

from totenblatt.env.infostate import observation_string  # noqa: E402
from totenblatt.wanted.encoding import FastObserver, ObservationLayout  # noqa: E402
from totenblatt.wanted.fast import FastGame, new_fast_game  # noqa: E402
from totenblatt.wanted.table.scenario import load_scenario  # noqa: E402

__all__ = ["CONCEDE", "DEALS", "MAX_GAME_LENGTH", "NAME", "WantedSpielGame", "WantedSpielState"]

NAME = "python_totenblatt_wanted"
"""The game's short name in OpenSpiel."""
DEALS = 1000
"""Chance outcomes (deals, seeds 0 … DEALS − 1) unless the ``deals`` parameter says."""
MAX_GAME_LENGTH = 1000
"""A bound on the decisions of a duel, with room (random play without concede: 64 on
average, 149 at most in 3,000 games; the round limit ends every game)."""
CONCEDE = 1
"""The fast core's concede id."""
SCENARIO = "duel"

_SCENARIO = load_scenario(SCENARIO)
_TEMPLATE = new_fast_game(_SCENARIO, "base", 0)
_LAYOUT = ObservationLayout(_SCENARIO, _TEMPLATE.spec.rules)
_OBSERVER = FastObserver(_LAYOUT, _TEMPLATE)
_PHASES = ("swap", "bid", "action", "defend", "fate", "over")
_FIELDS = tuple(f for f in FastGame.__slots__ if f not in ("spec", "log", "_legal"))

GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Totenblatt: Wanted: Dead or Alive (duel, fast core)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"deals": DEALS, "allow_concede": False},
)


class WantedSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The duel as a Python game of OpenSpiel (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.deals = int(params.get("deals", DEALS))
        if self.deals < 1:
            raise ValueError(f"deals {self.deals}: expected 1 or more")
        self.allow_concede = bool(params.get("allow_concede", False))
        info = pyspiel.GameInfo(
            num_distinct_actions=_TEMPLATE.actions.size,
            max_chance_outcomes=self.deals,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> WantedSpielState:
        """The state before the deal (a chance node)."""
        return WantedSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WantedObserver:
        """An observer: perfect recall gives the information state, else the observation."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return WantedObserver(self, recall)


class WantedSpielState(pyspiel.State):  # type: ignore[misc]
    """A duel in OpenSpiel: before the deal, a fast game, its players' own records."""

    def __init__(self, game: WantedSpielGame) -> None:
        super().__init__(game)
        self.deals = game.deals
        self.allow_concede = game.allow_concede
        self.held: _Held | None = None
        """The fast game (after the deal)."""
        self.records: list[list[str]] = [[], []]
        """Per player, its past turns as ``observation>action`` (perfect recall)."""

    @property
    def game(self) -> FastGame | None:
        """The fast game (None before the deal)."""
        return None if self.held is None else self.held.game

    # -- OpenSpiel's API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, CHANCE before the deal, TERMINAL at the end."""
        game = self.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(game.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        game = self.game
        if game is None or game.is_over or player != game.to_act:
            return []
        ids = game.legal_actions()
        if not self.allow_concede and CONCEDE in ids and len(ids) > 1:
            ids = [a for a in ids if a != CONCEDE]
        return sorted(ids)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, of equal chance."""
        p = 1.0 / self.deals
        return [(s, p) for s in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            if not 0 <= action < self.deals:
                raise ValueError(f"deal {action} is not one of 0 … {self.deals - 1}")
            self.held = _Held(_TEMPLATE.fresh(int(action)))
            return
        player = self.game.to_act
        self.records[player].append(f"{self.observation_string(player)}>{action}")
        self.game.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{action}"
        game = self.game
        if game is None:
            return f"Action:{action}"
        return (
            f"{action}:{game.shadow(action)!r}" if action in game.legal_actions() else str(action)
        )

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        """+1 / −1 for the winner and loser at the end, 0 each on a draw and before."""
        game = self.game
        if game is None or not game.is_over or not game.winners:
            return [0.0, 0.0]
        return [1.0 if s in game.winners else -1.0 for s in range(2)]

    def __str__(self) -> str:
        game = self.game
        if game is None:
            return "deal"
        return (
            f"round {game.round} phase {_PHASES[game.phase]} to_act {game.to_act} "
            f"hp {game.hp} pos {game.pos} hands {game.hands} history {self.history()}"
        )

    # -- what a player sees ------------------------------------------------------------

    def observation_vector(self, player: int) -> npt.NDArray[np.float32]:
        """The player's observation vector (zeros before the deal)."""
        if self.game is None:
            return np.zeros(_LAYOUT.size, dtype=np.float32)
        return _OBSERVER.encode(self.game, player)

    def observation_string(self, player: int) -> str:
        """The player's observation as text."""
        if self.game is None:
            return f"seat {player} deal"
        return f"seat {player} " + observation_string(_LAYOUT, self.observation_vector(player))

    def information_state_string(self, player: int) -> str:
        """The player's past turns (what it saw, what it did) and what it sees now."""
        return "|".join([*self.records[player], self.observation_string(player)])


class _Held:
    """A fast game in a state's ``__dict__``: OpenSpiel clones a Python state by pickling
    its ``__dict__``, and this pickles the game's lists only, not its setup (shared)."""

    __slots__ = ("game",)

    def __init__(self, game: FastGame) -> None:
        self.game = game

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        game = self.game
        return _unheld, (tuple(getattr(game, f) for f in _FIELDS),)


def _unheld(values: tuple[Any, ...]) -> _Held:
    game = FastGame.__new__(FastGame)
    game.spec = _TEMPLATE.spec
    for name, value in zip(_FIELDS, values, strict=True):
        setattr(game, name, value)
    game.log = None
    game._legal = None
    return _Held(game)


class WantedObserver:
    """OpenSpiel's PyObserver: ``tensor``, ``dict``, :meth:`set_from`, :meth:`string_from`."""

    def __init__(self, game: WantedSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(_LAYOUT.size, dtype=np.float32)
        self.dict = {
            name: self.tensor[start : start + length] for name, start, length in _LAYOUT.segments
        }

    def set_from(self, state: WantedSpielState, player: int) -> None:
        """Fill :attr:`tensor` with the player's observation vector."""
        self.tensor[:] = state.observation_vector(player)

    def string_from(self, state: WantedSpielState, player: int) -> str:
        """The information-state string (perfect recall) or the observation string."""
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


pyspiel.register_game(GAME_TYPE, WantedSpielGame)
