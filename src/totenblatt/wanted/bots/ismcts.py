"""A bot that searches: information-set Monte Carlo tree search (ISMCTS) from its view alone.

The search samples *worlds* — whole games consistent with the seat's view, the
cards it has not seen dealt at random
(:class:`~totenblatt.wanted.engine.determinize.Determinizer`) — and plays the
future out in them:

1. *Weighed actions.* The legal actions are pruned to the ones worth a search
   (:func:`candidates`): every swap, bid (equal-valued diamonds merged) and
   defence; in the action phase passing, the heuristic's own choice, the best
   attacks by exact odds and the best moves by the heuristic's spot values (one
   per club value). Redraws, Tempt Fate and Reveal are weighed when the heuristic
   proposes them; conceding never.
2. *Paired rollouts at the root.* Each world is played once after *every* weighed
   action, with the same random numbers, so the luck of the deal cancels when two
   actions are compared. Below each root action one search tree is shared by all
   worlds (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): once a
   node has been reached ``expand_after`` times, the seat to act there picks among
   the actions weighed *in this world* by UCB1 with availability counts; before
   that, and beyond the tree, :class:`HeuristicBot` plays every seat (the
   *rollout*) to the end of the round (at most ``horizon`` decisions).
3. *Scores*: a finished game is +1 for a winner, −1 for a loser, 0 for a draw; a
   rollout cut off at the end of the round scores each side's figures (HP plus a
   bonus for being in the game) against the strongest other side, squashed into
   (−1, 1). Each tree edge keeps the scores of the seat that chose it.
4. *Choice.* After :data:`SETTLE` worlds an action whose paired lead over the
   heuristic's choice is clearly negative is dropped; with one action left the
   search stops early. The action with the largest paired lead that exceeds
   ``margin`` standard errors (and ``min_lead``, 0 by default) is chosen, else the
   heuristic's own.

What it may read: the view and the legal actions — nothing else; two games that
differ only in cards hidden from the seat give the same decision for the same seed.
Budget: ``iterations`` (rollouts) per decision, and/or ``time_ms``; with an
iteration budget alone a decision is a function of view, legal actions and seed.

>>> from totenblatt.wanted.engine.game import new_game
>>> from totenblatt.wanted.bots import HeuristicBot, play_game
>>> game = play_game(new_game("duel", seed=3), [ISMCTSBot(1, iterations=20), HeuristicBot(2)])
>>> game.is_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.bots.reading import Decision
from totenblatt.wanted.engine.actions import (
    Action,
    Bid,
    Concede,
    Move,
    Pass,
    Redraw,
    Reveal,
    TemptFate,
)
from totenblatt.wanted.engine.determinize import Determinizer
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario, load_scenario

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSBot", "Rollout", "Sample", "candidates", "score"]

Sample = Callable[[random.Random], Any]
"""Draws one world consistent with the view (a reference ``Game`` or a fast one)."""
Rollout = Callable[["_Node", Any, Action, int], list[float]]
"""Plays one weighed action out in a copy of a world below its root; every seat's score."""

DEFAULT_ITERATIONS = 100
"""Rollouts per decision when no budget is given (in the duel ladder of docs/bots.md as
strong as 300; about 0.4 s a decision in ``gangs``)."""

ALIVE_BONUS = 3.0
"""What a figure still in the game is worth beyond its HP, in a cut-off rollout's score."""
SCORE_SCALE = 6.0
"""HP (plus bonuses) of lead that scores about 0.76 (tanh 1) in a cut-off rollout."""
ATTACKS = 3
"""Attacks weighed in the action phase (the best by the heuristic's exact odds)."""
MOVES = 3
"""Moves weighed in the action phase (the best by spot value, one per club value)."""
SETTLE = 6
"""Worlds every weighed action is played in before clearly worse ones are dropped."""
DROP = 2.0
"""An action is dropped when its paired lead over the heuristic's choice stays below zero
by this many standard errors (it is clearly worse); with one action left the search stops."""


class _Node:
    """One decision reached by a sequence of actions; edges hold the chooser's statistics."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        """Sum of the scores of the seat whose action led here."""
        self.available = 0
        """How often this node's action was available when its parent was visited."""

    def back_up(self, path: list[tuple[_Node, int]], result: list[float]) -> list[float]:
        """Count a playout from this root down ``path`` (node, seat that chose it) that
        scored ``result``; ``result``."""
        self.visits += 1
        for child, actor in path:
            child.visits += 1
            child.total += result[actor]
        return result


def score(game: Game) -> list[float]:
    """Each seat's score in [−1, 1]: the result when the game is over, else the material lead.

    >>> from totenblatt.wanted.engine.game import new_game
    >>> score(new_game("duel", seed=1))
    [0.0, 0.0]
    """
    st = game.state
    if game.is_over:
        if not st.winners:
            return [0.0] * st.seats
        return [1.0 if s in st.winners else -1.0 for s in range(st.seats)]
    teams: dict[int, float] = {}
    for fig in st.figures:
        if not fig.out and st.in_game(fig.seat):
            teams[fig.team] = teams.get(fig.team, 0.0) + fig.hp + ALIVE_BONUS
    out: list[float] = []
    for s in range(st.seats):
        mine = teams.get(st.teams[s], 0.0)
        others = max((v for t, v in teams.items() if t != st.teams[s]), default=0.0)
        out.append(math.tanh((mine - others) / SCORE_SCALE))
    return out


def candidates(policy: HeuristicBot, view: View, legal: Sequence[Action]) -> list[Action]:
    """The legal actions worth a search, the heuristic's choice first (see the module doc)."""
    options: list[Action] = [a for a in legal if not isinstance(a, Concede)] or list(legal)
    if len(options) <= 1:
        return options
    policy._planned = None  # a plan of an earlier, other game (world) does not count here
    first = policy.choose(view, options)
    policy._planned = None
    out: dict[Action, None] = {first: None}
    phase = view["phase"]
    if phase == Phase.ACTION:
        out.setdefault(_pass(options), None)
        d = Decision(policy, view)
        legal_set = set(options)
        for _, attack, attacker, _ in d.best_attacks():
            if len(out) >= 2 + ATTACKS:
                break
            if attacker.hidden:
                continue
            if attack in legal_set:
                out.setdefault(attack, None)
        for move in _best_moves(d, options):
            out.setdefault(move, None)
        return list(out)
    seen: set[tuple[object, ...]] = set()
    rules = policy.context(view)[0]
    for a in options:
        if isinstance(a, Redraw | TemptFate | Reveal):
            continue  # weighed only when the heuristic proposes them
        if isinstance(a, Bid):
            worth = 1_000 if a.card.is_joker or a.wild else rules.card_value(a.card)
            key: tuple[object, ...] = (worth, a.figure)
            if key in seen:
                continue
            seen.add(key)
        out.setdefault(a, None)
    return list(out)


def _best_moves(d: Decision, options: Sequence[Action]) -> list[Action]:
    """The moves that improve the movers' spots most, at most one per club value."""
    scored: list[tuple[float, int, Action]] = []
    for i, move in enumerate(options):
        if not isinstance(move, Move) or not move.steps:
            continue
        scored.append((d.move_gain(move), i, move))
    scored.sort(key=lambda item: (-item[0], item[1]))
    out: list[Action] = []
    values: set[tuple[int, bool]] = set()
    for _, _, move in scored:
        assert isinstance(move, Move)
        key = (d.value(move.card) if not move.card.is_joker else 99, move.wild)
        if key in values:
            continue
        values.add(key)
        out.append(move)
        if len(out) >= MOVES:
            break
    return out


def _pass(options: Sequence[Action]) -> Action:
    for a in options:
        if isinstance(a, Pass):
            return a
    return options[0]


class ISMCTSBot:
    """Information-set MCTS over worlds dealt from the view; deterministic per seed.

    ``iterations`` (rollouts; :data:`DEFAULT_ITERATIONS` when neither budget is
    given) and/or ``time_ms`` bound each decision. A rollout plays on to the end of
    the round (``round_end``; at most ``horizon`` decisions) before it is scored.
    ``exploration`` is the UCB1 constant below the root; a node is searched once it
    has been reached ``expand_after`` times (before that the heuristic plays it);
    ``margin``: how many standard errors an action must lead the heuristic's choice
    by to be chosen instead, and ``min_lead`` the least mean lead (in score units) it
    must have besides (0: any lead that clears the margin; a floor measured in
    docs/bots.md, not adopted: no stronger). ``ruleset`` and ``scenario`` name the
    game's rules and table when the view's names cannot be loaded (a ruleset or scenario
    that is not built in), as for :class:`HeuristicBot`.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        time_ms: float | None = None,
        horizon: int = 40,
        round_end: bool = True,
        exploration: float = 0.7,
        expand_after: int = 8,
        margin: float = 1.0,
        min_lead: float = 0.0,
        ruleset: str | Path | Ruleset | None = None,
        scenario: str | Path | Scenario | None = None,
    ) -> None:
        if iterations is None and time_ms is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be 1 or more, got {iterations!r}")
        if time_ms is not None and not time_ms > 0:
            raise ValueError(f"time_ms must be more than 0, got {time_ms!r}")
        if horizon < 0:
            raise ValueError(f"horizon must be 0 or more, got {horizon!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_ms = time_ms
        self.horizon = horizon
        self.round_end = round_end
        self.exploration = exploration
        self.expand_after = expand_after
        self.margin = margin
        self.min_lead = min_lead
        self._ruleset = None if ruleset is None else Ruleset.load(ruleset)
        self._scenario = None if scenario is None else load_scenario(scenario)
        self._policies: dict[int, HeuristicBot] = {}
        self.last_iterations = 0
        """Rollouts the last decision ran (for benchmarks)."""
        self.last_scores: list[list[float]] = []
        """The last decision's rollout scores, per weighed action (for tests: a function of
        the view, the legal actions and the seed alone)."""

    def _policy(self, seat: int) -> HeuristicBot:
        bot = self._policies.get(seat)
        if bot is None:
            bot = HeuristicBot(seat, ruleset=self._ruleset, scenario=self._scenario)
            self._policies[seat] = bot
        return bot

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The weighed action with the best paired result (one of ``legal_actions``)."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        seat: int = view["seat"]
        own = self._policy(seat)
        own.rng.seed(self.rng.getrandbits(64))
        options = candidates(own, view, legal_actions)
        self.last_iterations = 0
        self.last_scores = []
        if len(options) == 1 or view["phase"] == Phase.FATE:
            return options[0]  # the keep step: the heuristic keeps the better card
        sampler = Determinizer(view, ruleset=self._ruleset, scenario=self._scenario)
        sample, rollout = self._worlds(sampler)
        return self._search(seat, options, sample, rollout)

    def _worlds(self, sampler: Determinizer) -> tuple[Sample, Rollout]:
        """How worlds are drawn and how one weighed action is played out in one of them."""

        def rollout(root: _Node, world: Any, action: Action, seed: int) -> list[float]:
            twin = world.clone()
            twin.apply(action)
            return self._playout(root, twin, seed)

        return sampler.sample, rollout

    def _search(self, seat: int, options: list[Action], sample: Sample, rollout: Rollout) -> Action:
        """Paired rollouts of every weighed action in sampled worlds, within the budget."""
        roots = [_Node() for _ in options]
        results: list[list[float]] = [[] for _ in options]
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        active = list(range(len(options)))
        done = worlds = 0
        while len(active) > 1:
            if self.iterations is not None and done + len(active) > max(
                self.iterations, len(options)
            ):
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = sample(self.rng)
            seed = self.rng.getrandbits(32)
            for i in active:
                results[i].append(rollout(roots[i], world, options[i], seed)[seat])
            done += len(active)
            worlds += 1
            if worlds >= SETTLE:
                active = [0] + [i for i in active[1:] if _lead(results[i], results[0])[1] > 0]
        self.last_iterations = done
        self.last_scores = results
        return options[_pick(results, self.margin, self.min_lead)]

    def _playout(self, node: _Node, world: Game, seed: int) -> list[float]:
        """Walk the tree below a root action, then roll out; back up and return the scores."""
        mixer = random.Random(seed)
        for s in range(world.seats):
            policy = self._policy(s)
            policy.rng.seed(mixer.getrandbits(32))
            policy._planned = None
        start_round = world.round
        top = node
        path: list[tuple[_Node, int]] = []
        steps = 0
        while not world.is_over and node.visits >= self.expand_after:
            actor = world.to_act
            assert actor is not None
            options = candidates(self._policy(actor), world.view(actor), world.legal_actions())
            action, node = self._select(node, options)
            path.append((node, actor))
            world.apply(action)
            steps += 1
        while not world.is_over and steps < self.horizon:
            if self.round_end and world.round != start_round:
                break
            actor = world.to_act
            assert actor is not None
            world.apply(self._policy(actor).choose(world.view(actor), world.legal_actions()))
            steps += 1
        result = score(world)
        return top.back_up(path, result)

    def _select(self, node: _Node, options: list[Action]) -> tuple[Action, _Node]:
        children = node.children
        for a in options:
            if a not in children:
                child = children[a] = _Node()
                for b in options:
                    if b in children:
                        children[b].available += 1
                return a, child
        c = self.exploration
        best: tuple[float, Action] | None = None
        for a in options:
            child = children[a]
            child.available += 1
            if not child.visits:
                return a, child
            value = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if best is None or value > best[0]:
                best = (value, a)
        assert best is not None
        return best[1], children[best[1]]


def _lead(mine: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """Mean paired lead of ``mine`` over the first ``len(mine)`` results of ``base``, and an
    optimistic bound (mean plus ``DROP`` standard errors) below which an option is dropped."""
    n = len(mine)
    if n < 2:
        return 0.0, math.inf
    diffs = [a - b for a, b in zip(mine, base[:n], strict=True)]
    mean = sum(diffs) / n
    err = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean, mean + DROP * err if err else (math.inf if mean >= 0 else mean)


def _pick(results: Sequence[Sequence[float]], margin: float, min_lead: float = 0.0) -> int:
    """The option whose paired lead over option 0 (the heuristic's) is largest and clear.

    Option ``i`` counts only when its mean lead over option 0, on the worlds both
    were played in, exceeds ``margin`` standard errors of that lead and ``min_lead``;
    else option 0 stays.
    """
    base = results[0]
    best, best_lead = 0, 0.0
    for i in range(1, len(results)):
        mine = results[i]
        n = len(mine)
        if n < 2:
            continue
        diffs = [a - b for a, b in zip(mine, base[:n], strict=True)]
        mean = sum(diffs) / n
        err = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if mean > best_lead and mean > margin * err and mean > min_lead:
            best, best_lead = i, mean
    return best
