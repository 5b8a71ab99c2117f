"""One decision weighed from the deciding seat's view: paired rollouts in dealt worlds.

A :class:`Moment` is what a seat knew when it decided — its view, its legal actions — and
what it chose. :func:`evaluate` reads nothing else: the cards the seat had not seen are
dealt by the search's determinizer (:class:`~totenblatt.wanted.engine.determinize.
Determinizer`), never taken from the real game. The actions weighed are the search's
(:func:`~totenblatt.wanted.bots.ismcts.candidates`: every swap, bid and defence; in the
action phase passing, the heuristic's choice, the best attacks and moves) and the one
chosen. Each world is played once after every weighed action with the same random
numbers (paired), to the end of the game (at most :data:`ROUNDS` rounds on), by the search's
rollout policy — on the fast
path where the game's rules allow it (:class:`~totenblatt.wanted.fast.FastGame`, the
policy :class:`~totenblatt.wanted.bots.fast_policy.FastPolicy`), else on the reference
engine with :class:`~totenblatt.wanted.bots.heuristic.HeuristicBot`. An action's estimated
chance to win is the mean of its rollouts' results (a win 1, a draw ½, a loss 0; a
rollout cut off after :data:`ROUNDS` rounds or :data:`HORIZON` decisions counts its
material lead, squashed into (0, 1), as the search scores it), with a 95 % Wilson
interval over its rollout count.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from totenblatt.messages import MessageError
from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.bots.fast_search import FastWorlds, fast_score
from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.bots.ismcts import candidates, score
from totenblatt.wanted.engine.actions import Action, Attack, Move, Swap, action_to_dict
from totenblatt.wanted.engine.determinize import Determinizer
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.fast import FastGame, FastUnsupportedError
from totenblatt.wanted.odds import view_attack_odds
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "HORIZON",
    "Estimate",
    "Evaluation",
    "Moment",
    "evaluate",
    "position_value",
    "weighed",
    "wilson",
]

HORIZON = 48
"""Decisions a rollout plays at most before it is scored by material: as many as a duel's
rollout plays in its :data:`ROUNDS` rounds on average (47.6), so a duel is hardly cut
sooner, and a gang war's or three-way game's longer rounds (90 and 155 decisions in three)
cost about what a duel's do. (600 until 2026-12-06: paired, the estimates of 12 duel
decisions moved by 0.011 on average, of 10 gang-war decisions by 0.045; docs/performance.md.)"""
ROUNDS = 3
"""Rounds after the decision's a rollout plays at most: it stops when the fourth begins and
is scored by material (as the search scores a rollout cut off at the round's end). A duel
is mostly decided within them."""
Z = 1.96
"""The normal quantile of a 95 % interval."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A decision as its seat met it: the view then, the legal actions, the action chosen.

    ``index`` is the decision's place among all of the game's actions (0 = the first).
    """

    index: int
    round: int
    seat: int
    view: View
    legal: tuple[Action, ...]
    chosen: Action


@dataclass(frozen=True, slots=True)
class Estimate:
    """One weighed action: the deciding seat's mean result, its interval, every seat's mean."""

    action: Action
    win: float
    interval: tuple[float, float]
    rollouts: int
    seats: tuple[float, ...]
    hit: float | None = None
    """An attack's exact chance to wound, from the seat's view (None for other actions)."""
    distance: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": action_to_dict(self.action),
            "win": round(self.win, 4),
            "interval": [round(self.interval[0], 4), round(self.interval[1], 4)],
            "rollouts": self.rollouts,
        }
        if self.hit is not None:
            out["hit"] = round(self.hit, 4)
            out["distance"] = self.distance
        return out


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The weighed actions of one decision, the chosen one among them; ``path`` is
    ``"fast"`` or ``"reference"`` (where the rollouts were played)."""

    moment: Moment
    estimates: tuple[Estimate, ...]
    chosen: int
    path: str

    @property
    def best(self) -> int:
        """The weighed action with the highest estimate (the chosen one on a tie)."""
        top = max(e.win for e in self.estimates)
        if self.estimates[self.chosen].win >= top:
            return self.chosen
        return next(i for i, e in enumerate(self.estimates) if e.win >= top)


def wilson(mean: float, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``mean`` seen over ``n`` trials.

    >>> [round(x, 3) for x in wilson(0.5, 64)], [round(x, 3) for x in wilson(1.0, 64)]
    ([0.381, 0.619], [0.943, 1.0])
    >>> wilson(0.3, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, mean))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _wins(scores: Sequence[float]) -> list[float]:
    return [(s + 1.0) / 2.0 for s in scores]


Rollout = Callable[[Any, Action | None, int], list[float]]
Rows = list[list[float]]
"""One action's rollouts: every seat's result in each world."""


class _Worlds:
    """Worlds from one view and how an action is played out in one (fast or reference)."""

    def __init__(self, view: View, ruleset: Ruleset | None, scenario: Scenario | None) -> None:
        self.sampler = Determinizer(view, ruleset=ruleset, scenario=scenario)
        self.path = "reference"
        self.sample: Callable[[random.Random], Any] = self.sampler.sample
        self.rollout: Rollout = self._reference
        self._heuristic: dict[int, HeuristicBot] = {}
        self._ruleset = ruleset
        self._scenario = scenario
        try:
            fast = FastWorlds(self.sampler)
        except FastUnsupportedError:
            return
        self._fast_policies: dict[int, FastPolicy] = {}
        self._ids: dict[Action, int] = {}
        """Weighed actions the fast path plays by an id of its own (:func:`fast_id`)."""
        self._fast = fast
        self.path = "fast"
        self.sample = fast.sample
        self.rollout = self._fast_rollout

    def check(self, actions: Sequence[Action]) -> None:
        """Fall back to the reference engine when the fast path cannot play an action —
        neither by its form nor by an id of its own (:func:`fast_id`)."""
        if self.path != "fast":
            return
        world = self._fast.sample(random.Random(0))
        for action in actions:
            twin = world.clone(rng=False)
            twin.rng = random.Random(0)
            try:
                twin.play_reference(action)
            except (FastUnsupportedError, ValueError):  # a wild 2 or joker misread: its id
                code = fast_id(world, action)
                if code is None:
                    self.use_reference()
                    return
                self._ids[action] = code

    def use_reference(self) -> None:
        """Play on the reference engine from now on."""
        self.path = "reference"
        self.sample = self.sampler.sample
        self.rollout = self._reference

    def played(self, actions: Sequence[Action | None], worlds: int, seed: int) -> list[Rows]:
        """Every action played out in ``worlds`` worlds (paired: the same worlds and random
        numbers for each); on the reference engine when the fast path cannot play them."""
        try:
            return self._played(actions, worlds, seed)
        except (ValueError, MessageError):
            if self.path != "fast":
                raise
        self.use_reference()  # a rule the fast path does not play surfaced mid-rollout
        return self._played(actions, worlds, seed)

    def _played(self, actions: Sequence[Action | None], worlds: int, seed: int) -> list[Rows]:
        rng = random.Random(seed)
        results: list[Rows] = [[] for _ in actions]
        for _ in range(worlds):
            world = self.sample(rng)
            roll = rng.getrandbits(32)
            for i, action in enumerate(actions):
                results[i].append(self.rollout(world, action, roll))
        return results

    def _policy(self, seat: int) -> HeuristicBot:
        bot = self._heuristic.get(seat)
        if bot is None:
            bot = self._heuristic[seat] = HeuristicBot(
                seat, ruleset=self._ruleset, scenario=self._scenario
            )
        return bot

    def _reference(self, world: Game, action: Action | None, seed: int) -> list[float]:
        twin = world.clone()
        if action is not None:
            twin.apply(action)
        mixer = random.Random(seed)
        for s in range(twin.seats):
            bot = self._policy(s)
            bot.rng.seed(mixer.getrandbits(32))
            bot._planned = None  # a plan of another world does not count here
        steps = 0
        last = twin.round + ROUNDS
        while not twin.is_over and steps < HORIZON and twin.round <= last:
            actor = twin.to_act
            assert actor is not None
            twin.apply(self._policy(actor).choose(twin.view(actor), twin.legal_actions()))
            steps += 1
        return _wins(score(twin))

    def _fast_rollout(self, world: FastGame, action: Action | None, seed: int) -> list[float]:
        twin = world.clone(rng=False)
        twin.rng = random.Random(seed)
        if action is not None:
            code = self._ids.get(action)
            if code is None:
                twin.play_reference(action)
            else:
                twin.play(code)
        steps = 0
        last = twin.round + ROUNDS
        while not twin.is_over and steps < HORIZON and twin.round <= last:
            actor = twin.to_act
            policy = self._fast_policies.get(actor)
            if policy is None:
                policy = self._fast_policies[actor] = FastPolicy(actor)
            twin.play(policy.choose(twin))
            steps += 1
        return _wins(fast_score(twin))


def _same(world: FastGame, action: Any) -> Any:
    """What tells two reference actions apart on the fast path: a move by its card, its
    movers and the board nodes they end on; a swap by the set of its cards."""
    if isinstance(action, Move):
        node = world.spec.board.node
        steps = tuple((s.figure, node(s.path[-1]), s.hide) for s in action.steps)
        return ("move", action.card, action.wild, action.figure, steps)
    if isinstance(action, Swap):
        return ("swap", tuple(sorted(str(c) for c in action.cards)), action.figure)
    return action


def fast_id(world: FastGame, action: Action) -> int | None:
    """The fast path's own id for a reference action it does not take by its form (a
    veteran's partial swap, a wild 2's move or bid): the legal id that stands for the same
    action now (:meth:`FastGame.shadow`) — for a move, else the one of the same card and
    movers that ends nearest (the fast path's board has its own destinations, as a plain
    move's end is taken to its nearest node); None when there is none."""
    want = _same(world, action)
    near: list[tuple[float, int]] = []
    for code in world.legal_actions():
        shadow = world.shadow(code)
        found = _same(world, shadow)
        if found == want:
            return code
        if isinstance(action, Move) and isinstance(shadow, Move) and found[:4] == want[:4]:
            movers = [(s.figure, s.hide) for s in shadow.steps]
            if movers == [(s.figure, s.hide) for s in action.steps]:
                pairs = zip(action.steps, shadow.steps, strict=True)
                near.append((sum(math.dist(a.path[-1], b.path[-1]) for a, b in pairs), code))
    return min(near)[1] if near else None


def _odds(view: View, action: Action, ruleset: Ruleset | None) -> tuple[float | None, float | None]:
    if not isinstance(action, Attack):
        return None, None
    try:
        odds = view_attack_odds(view, action, ruleset=ruleset)
    except (ValueError, KeyError):
        return None, None
    return float(odds.hit), round(float(odds.distance), 1)


def weighed(
    moment: Moment,
    seed: int,
    *,
    ruleset: Ruleset | None = None,
    scenario: Scenario | None = None,
) -> list[Action]:
    """The actions :func:`evaluate` weighs at ``moment``: the search's candidates and the
    one chosen; none at the Tempt Fate keep step (its view is not rebuilt)."""
    if moment.view["phase"] == Phase.FATE:
        return []
    policy = HeuristicBot(moment.seat, ruleset=ruleset, scenario=scenario)
    policy.rng.seed(seed)
    options = candidates(policy, moment.view, list(moment.legal))
    if moment.chosen not in options:
        options.append(moment.chosen)
    return options


def evaluate(
    moment: Moment,
    worlds: int,
    seed: int,
    *,
    ruleset: Ruleset | None = None,
    scenario: Scenario | None = None,
) -> Evaluation | None:
    """The weighed actions of ``moment`` and the chosen one, each played out in ``worlds``
    dealt worlds; None for a decision with nothing to weigh (one option, or the Tempt Fate
    keep step, which the view does not rebuild). A function of the moment and ``seed``."""
    view = moment.view
    options = weighed(moment, seed, ruleset=ruleset, scenario=scenario)
    if len(options) <= 1:
        return None
    source = _Worlds(view, ruleset, scenario)
    source.check(options)
    results = source.played(options, worlds, seed)
    seat = moment.seat
    seats = len(view["hand_sizes"])
    estimates = []
    for action, rows in zip(options, results, strict=True):
        n = len(rows)
        means = tuple(sum(r[s] for r in rows) / n for s in range(seats))
        hit, distance = _odds(view, action, ruleset)
        estimates.append(
            Estimate(action, means[seat], wilson(means[seat], n), n, means, hit, distance)
        )
    return Evaluation(moment, tuple(estimates), options.index(moment.chosen), source.path)


def position_value(
    view: View,
    worlds: int,
    seed: int,
    *,
    ruleset: Ruleset | None = None,
    scenario: Scenario | None = None,
) -> tuple[float, ...] | None:
    """Every seat's estimated chance from ``view`` (a seat's or the public one): worlds
    dealt from it, played to the end by the rollout policy; None where the view cannot be
    rebuilt (the Tempt Fate keep step)."""
    if view["phase"] == Phase.FATE:
        return None
    source = _Worlds(view, ruleset, scenario)
    (rows,) = source.played([None], worlds, seed)
    seats = len(view["hand_sizes"])
    return tuple(sum(r[s] for r in rows) / worlds for s in range(seats))
