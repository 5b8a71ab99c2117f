"""The duel on the fast core as an OpenSpiel game (``python_totenblatt_wanted``), and a
small configuration of it (``python_totenblatt_wanted_small``) that exact solvers finish.

Needs the ``research`` extra (``pip install 'totenblatt[env,research]'``: open_spiel).
Importing this module registers both games:

>>> import pyspiel
>>> import totenblatt.env.spiel
>>> game = pyspiel.load_game("python_totenblatt_wanted", {"deals": 10})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 10)
>>> state.apply_action(3)  # the deal of seed 3
>>> state.current_player() in (0, 1), len(state.observation_tensor(0))
(True, 342)
>>> state.information_state_string() == state.information_state_string(state.current_player())
True

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
  now; the tensor is the observation tensor (not perfect recall). The string methods
  and the tensors take the player as pyspiel's C++ games do: omitted, the player to act.
* Returns: +1 for the winner, −1 for the loser, 0 each on a draw (zero-sum).
* ``resample_from_infostate(player, sampler)``: a state the player cannot tell from
  this one — the game as the player sees it (its view, replayed on the reference
  engine from the deal and the actions) dealt into one world by the engine's
  determiniser (the cards the player has not seen anywhere they may be, a new random
  stream), drawn from ``sampler`` (pyspiel's ``UniformProbabilitySampler`` or any
  callable giving a number in [0, 1)). The player's information-state string is the
  same; the other player's past turns read ``?`` (its past views are not dealt).
  ``history()`` stays this state's (the caller holds it anyway). So OpenSpiel's
  ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) plays whole games.
* The small configuration, ``python_totenblatt_wanted_small`` (:data:`SMALL`): one
  gunman each on a bare 6" × 6" table, 4" apart; one round; a hand of one card and a
  dead man's hand of one; no jokers (the deck stays the 52 cards: the rules know no
  smaller one — a deal shows 3 to 6 of them); ``deals`` default 4. About 490 decision
  nodes a deal: OpenSpiel's exact tools run in minutes — C++ CFR+ takes the average
  policy from the uniform one's exploitability 0.80 to 0.003 in 50 iterations at 4
  deals (docs/research.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from totenblatt.extras import require

require("research")

import pyspiel  # noqa: E402

from totenblatt.env.infostate import observation_string  # noqa: E402
from totenblatt.wanted.bots import LearnedBot, LinearPolicy  # noqa: E402
from totenblatt.wanted.encoding import FastObserver, MoveSlots, ObservationLayout  # noqa: E402
from totenblatt.wanted.engine import new_game  # noqa: E402
from totenblatt.wanted.engine.views import View  # noqa: E402
from totenblatt.wanted.fast import FastGame, new_fast_game  # noqa: E402
from totenblatt.wanted.rules import Ruleset  # noqa: E402
from totenblatt.wanted.table.scenario import Scenario, load_scenario, parse_scenario  # noqa: E402

__all__ = [
    "CONCEDE",
    "DEALS",
    "MAX_GAME_LENGTH",
    "NAME",
    "SMALL",
    "SMALL_NAME",
    "Config",
    "WantedSpielGame",
    "WantedSpielSmallGame",
    "WantedSpielState",
]

NAME = "python_totenblatt_wanted"
"""The game's short name in OpenSpiel."""
SMALL_NAME = "python_totenblatt_wanted_small"
"""The small configuration's short name."""
DEALS = 1000
"""Chance outcomes (deals, seeds 0 … DEALS − 1) unless the ``deals`` parameter says."""
MAX_GAME_LENGTH = 1000
"""A bound on the decisions of a duel, with room (random play without concede: 64 on
average, 149 at most in 3,000 games; the round limit ends every game)."""
CONCEDE = 1
"""The fast core's concede id."""
SCENARIO = "duel"
_PHASES = ("swap", "bid", "action", "defend", "fate", "over")
_FIELDS = tuple(f for f in FastGame.__slots__ if f not in ("spec", "log", "_legal"))

_STANDOFF = """
title = "Standoff"
title_de = "Showdown"
description = "Two gunmen on a bare patch of street, in Colt range: one round, one card."
description_de = "Zwei Revolverhelden auf nacktem Boden, in Colt-Reichweite: eine Runde."
width = 6
height = 6
seats = 2
round_limit = 1

[[figures]]
name = "Billy"
seat = 0
weapon = "colt"
position = [3, 1]

[[figures]]
name = "Paco"
seat = 1
weapon = "colt"
position = [3, 5]
"""


@dataclass(eq=False)
class Config:
    """One configuration of the game: its scenario and rules on the fast path, the
    encodings, the sizes OpenSpiel is told."""

    name: str
    scenario: Scenario
    ruleset: Ruleset
    deals: int
    max_game_length: int
    long_name: str

    def __post_init__(self) -> None:
        self.template = new_fast_game(self.scenario, self.ruleset, 0)
        self.layout = ObservationLayout(self.scenario, self.template.spec.rules)
        self.observer = FastObserver(self.layout, self.template)
        self.game_type = pyspiel.GameType(
            short_name=self.name,
            long_name=self.long_name,
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
            parameter_specification={"deals": self.deals, "allow_concede": False},
        )
        self._determiniser: LearnedBot | None = None
        self._views: dict[tuple[int, tuple[int, ...], int], View] = {}

    def view(self, deal: int, played: Sequence[int], player: int) -> View:
        """``player``'s view of the game of ``deal`` after the fast ids ``played``: the
        game replayed on the reference engine (each id as the action it stands for)."""
        key = (deal, tuple(played), player)
        found = self._views.get(key)
        if found is None:
            reference = new_game(self.scenario, self.ruleset, deal)
            fast = self.template.fresh(deal)
            for action in played:
                reference.apply(fast.shadow(action))
                fast.apply(action)
            if len(self._views) >= 64:
                self._views.clear()
            found = self._views[key] = reference.view(player)
        return found

    def world(self, view: View, rng: random.Random) -> FastGame:
        """One world of ``view`` (the engine's determiniser, as the learned bot deals its
        worlds) on this configuration's fast setup."""
        if self._determiniser is None:
            self._determiniser = LearnedBot(
                _any_policy(self), scenario=self.scenario, ruleset=self.ruleset
            )
        world = self._determiniser.world(view, rng)
        return _unheld(self.name, tuple(getattr(world, f) for f in _FIELDS)).game


def _any_policy(config: Config) -> LinearPolicy:
    """A uniform policy of the configuration's sizes (the bot is used for its worlds)."""
    template = config.template
    bot_slots = MoveSlots(template).size
    return LinearPolicy.fresh(config.layout.size, bot_slots, config.scenario.name)


DUEL = Config(
    NAME,
    load_scenario(SCENARIO),
    Ruleset.load("base"),
    DEALS,
    MAX_GAME_LENGTH,
    "Totenblatt: Wanted: Dead or Alive (duel, fast core)",
)
"""The duel (``python_totenblatt_wanted``)."""
SMALL = Config(
    SMALL_NAME,
    parse_scenario(_STANDOFF, "standoff"),
    Ruleset.load("base").with_options(jokers=0, hand_size=1, dead_hand_size=1),
    4,
    40,
    "Totenblatt: Wanted: Dead or Alive (standoff: one round, one card, fast core)",
)
"""The small configuration (``python_totenblatt_wanted_small``)."""
CONFIGS = {c.name: c for c in (DUEL, SMALL)}
GAME_TYPE = DUEL.game_type


class WantedSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The duel as a Python game of OpenSpiel (see the module docstring)."""

    config: Config = DUEL

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        config = self.config
        self.deals = int(params.get("deals", config.deals))
        if self.deals < 1:
            raise ValueError(f"deals {self.deals}: expected 1 or more")
        self.allow_concede = bool(params.get("allow_concede", False))
        info = pyspiel.GameInfo(
            num_distinct_actions=config.template.actions.size,
            max_chance_outcomes=self.deals,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=config.max_game_length,
        )
        super().__init__(config.game_type, info, params)

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


class WantedSpielSmallGame(WantedSpielGame):
    """The small configuration (``python_totenblatt_wanted_small``, :data:`SMALL`)."""

    config = SMALL


class WantedSpielState(pyspiel.State):  # type: ignore[misc]
    """A duel in OpenSpiel: before the deal, a fast game, its players' own records."""

    def __init__(self, game: WantedSpielGame) -> None:
        super().__init__(game)
        self.config_name = game.config.name
        self.deals = game.deals
        self.allow_concede = game.allow_concede
        self.held: _Held | None = None
        """The fast game (after the deal)."""
        self.deal: int | None = None
        """The chance outcome (None before the deal); no player sees it."""
        self.played: list[int] = []
        """The fast ids played since the deal."""
        self.records: list[list[str]] = [[], []]
        """Per player, its past turns as ``observation>action`` (perfect recall)."""

    @property
    def config(self) -> Config:
        """The game's configuration."""
        return CONFIGS[self.config_name]

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
            self.deal = int(action)
            self.held = _Held(self.config.template.fresh(int(action)), self.config_name)
            return
        player = self.game.to_act
        self.records[player].append(f"{self.observation_string(player)}>{action}")
        self.played.append(int(action))
        self.game.apply(int(action))
        self.__dict__.pop("_seen", None)  # the observation strings kept are of the past

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

    def resample_from_infostate(self, player: int, sampler: Any = None) -> WantedSpielState:
        """A state ``player`` cannot tell from this one, its hidden cards dealt anew
        (see the module docstring); ``sampler()`` gives the world's random draw."""
        game = self.game
        clone: WantedSpielState = self.clone()
        if game is None or game.is_over or self.deal is None:
            return clone
        draw = sampler() if callable(sampler) else random.random()
        rng = random.Random(int(float(draw) * 2**53))
        view = self.config.view(self.deal, self.played, player)
        clone.held = _Held(self.config.world(view, rng), self.config_name)
        clone.__dict__.pop("_seen", None)
        other = 1 - player
        clone.records[other] = ["?"] * len(self.records[other])
        return clone

    # -- what a player sees ------------------------------------------------------------

    def _player(self, player: int | None) -> int:
        """``player``, or (omitted, as pyspiel allows) the player to act."""
        if player is None:
            player = self.current_player()
            if player < 0:
                raise ValueError("no player to act: name the player (information_state_string(p))")
        return int(player)

    def observation_vector(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """The player's observation vector (zeros before the deal)."""
        player = self._player(player)
        config = self.config
        if self.game is None:
            return np.zeros(config.layout.size, dtype=np.float32)
        return config.observer.encode(self.game, player)

    def observation_string(self, player: int | None = None) -> str:
        """The player's observation as text (omitted: the player to act's)."""
        player = self._player(player)
        if self.game is None:
            return f"seat {player} deal"
        kept = self.__dict__.setdefault("_seen", {})
        found = kept.get(player)
        if found is None:
            vector = self.observation_vector(player)
            found = kept[player] = f"seat {player} " + observation_string(
                self.config.layout, vector
            )
        return str(found)

    def information_state_string(self, player: int | None = None) -> str:
        """The player's past turns (what it saw, what it did) and what it sees now
        (omitted: the player to act's)."""
        player = self._player(player)
        return "|".join([*self.records[player], self.observation_string(player)])

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The player's observation vector as a list (omitted: the player to act's)."""
        return [float(x) for x in self.observation_vector(player)]

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The observation tensor (the information-state tensor is not perfect recall)."""
        return self.observation_tensor(player)


class _Held:
    """A fast game in a state's ``__dict__``: OpenSpiel clones a Python state by pickling
    its ``__dict__``, and this pickles the game's lists only, not its setup (shared)."""

    __slots__ = ("config", "game")

    def __init__(self, game: FastGame, config: str = NAME) -> None:
        self.game = game
        self.config = config

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        """A copy of the game (:meth:`FastGame.clone`: its lists, not its setup)."""
        return _Held(self.game.clone(), self.config)

    def __reduce__(self) -> tuple[Any, tuple[str, tuple[Any, ...]]]:
        game = self.game
        return _unheld, (self.config, tuple(getattr(game, f) for f in _FIELDS))


def _unheld(config: str, values: tuple[Any, ...]) -> _Held:
    game = FastGame.__new__(FastGame)
    game.spec = CONFIGS[config].template.spec
    for name, value in zip(_FIELDS, values, strict=True):
        setattr(game, name, value)
    game.log = None
    game._legal = None
    return _Held(game, config)


class WantedObserver:
    """OpenSpiel's PyObserver: ``tensor``, ``dict``, :meth:`set_from`, :meth:`string_from`."""

    def __init__(self, game: WantedSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        layout = game.config.layout
        self.tensor = np.zeros(layout.size, dtype=np.float32)
        self.dict = {
            name: self.tensor[start : start + length] for name, start, length in layout.segments
        }

    def set_from(self, state: WantedSpielState, player: int) -> None:
        """Fill :attr:`tensor` with the player's observation vector."""
        self.tensor[:] = state.observation_vector(player)

    def string_from(self, state: WantedSpielState, player: int) -> str:
        """The information-state string (perfect recall) or the observation string."""
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


pyspiel.register_game(DUEL.game_type, WantedSpielGame)
pyspiel.register_game(SMALL.game_type, WantedSpielSmallGame)
