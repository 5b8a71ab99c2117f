"""The search bot with its rollouts on the fast path: ISMCTS over fast worlds.

:class:`FastISMCTSBot` is :class:`~totenblatt.wanted.bots.ismcts.ISMCTSBot` — the same
weighed actions at the root (the heuristic's choice on the view, the best attacks and
moves of the reference engine's menu), the same worlds dealt from the view, the same
paired rollouts, tree, scores and choice — but every world is copied to a
:class:`~totenblatt.wanted.fast.FastGame` once and the futures are played there, with
:class:`~totenblatt.wanted.bots.fast_policy.FastPolicy` for every seat and the board's
destinations as the moves below the root. A rollout costs a fraction of a reference one,
so the same time buys several times the rollouts; its choices differ from ISMCTSBot's
(another rollout policy). Games the fast path does not play (abilities, heroes, per
character) are searched by ISMCTSBot itself.

>>> from totenblatt.wanted.engine.game import new_game
>>> from totenblatt.wanted.bots import HeuristicBot, play_game
>>> game = play_game(new_game("duel", seed=3), [FastISMCTSBot(1, iterations=20), HeuristicBot(2)])
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.bots.fast_policy import FastPolicy
from totenblatt.wanted.bots.ismcts import ISMCTSBot, Rollout, Sample, _Node
from totenblatt.wanted.engine.actions import Action, Move
from totenblatt.wanted.engine.determinize import Determinizer
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.fast import FastGame, FastUnsupportedError
from totenblatt.wanted.fast.cards import number
from totenblatt.wanted.fast.flow import shuffle
from totenblatt.wanted.fast.game import OVER

if TYPE_CHECKING:
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "HARD_CAP_MS",
    "HARD_ROLLOUTS",
    "FastISMCTSBot",
    "HardBot",
    "fast_score",
    "hard_bot",
    "hard_rollouts",
    "play_root",
]

ALIVE_BONUS = 3.0
SCORE_SCALE = 6.0


def fast_score(game: FastGame) -> list[float]:
    """:func:`~totenblatt.wanted.bots.ismcts.score` of a fast game: the result when over,
    else each side's material lead squashed into (−1, 1)."""
    import math

    spec = game.spec
    seats = spec.seats
    if game.phase == OVER:
        if not game.winners:
            return [0.0] * seats
        return [1.0 if s in game.winners else -1.0 for s in range(seats)]
    teams: dict[int, float] = {}
    for f in range(spec.n):
        seat = spec.fig_seat[f]
        if not game.out[f] and game.alive[seat] > 0 and not game.conceded[seat]:
            team = spec.fig_team[f]
            teams[team] = teams.get(team, 0.0) + game.hp[f] + ALIVE_BONUS
    out: list[float] = []
    for s in range(seats):
        mine = teams.get(spec.teams[s], 0.0)
        others = max((v for t, v in teams.items() if t != spec.teams[s]), default=0.0)
        out.append(math.tanh((mine - others) / SCORE_SCALE))
    return out


HARD_ROLLOUTS: dict[str, int] = {"duel": 200, "gangs": 200}
"""The hard bot's rollouts a searched decision, per scenario: where its strength curve
against HeuristicBot is flat, within a p95 of 0.3 s a searched decision on one quiet core
(docs/bots.md, ``python -m benchmarks.hard_bot_rollouts``). Other scenarios: the duel's
budget for one figure a side, the gangs' for more."""
HARD_CAP_MS = 1200.0
"""The hard bot's wall-clock cap a decision (a busy machine's guard, not its budget): the
lobby's think time of before."""


def hard_rollouts(scenario: str, figures: int) -> int:
    """The hard bot's rollout budget for a scenario (by name) with ``figures`` figures.

    >>> hard_rollouts("duel", 2), hard_rollouts("gangs", 10), hard_rollouts("mine", 2)
    (200, 200, 200)
    """
    found = HARD_ROLLOUTS.get(scenario)
    if found is not None:
        return found
    return HARD_ROLLOUTS["duel"] if figures <= 2 else HARD_ROLLOUTS["gangs"]


class FastWorlds:
    """:class:`Determinizer` on the fast path: the same worlds, dealt into copies of one
    fast game (the view is read and copied once)."""

    def __init__(self, sampler: Determinizer) -> None:
        self.base = FastGame.from_game(sampler.sample(random.Random(0)))
        self.unseen = [number(c) for c in sampler.unseen]
        self.known = [None if h is None else [number(c) for c in h] for h in sampler.known]
        self.sizes = list(sampler.sizes)
        self.seen = [number(c) for c in sampler.seen]
        self.hidden_discards = sampler.hidden_discards
        view = sampler.view
        self.dead = int(view["dead_hand"])
        self.draw = int(view["draw_pile"])

    def sample(self, rng: random.Random) -> FastGame:
        """A world (as ``Determinizer.sample`` deals it from ``rng``); its own random
        generator is left for the caller to set."""
        cards = self.unseen.copy()
        shuffle(rng, cards)
        at = 0
        hands = []
        for known, size in zip(self.known, self.sizes, strict=True):
            if known is None:
                hands.append(cards[at : at + size])
                at += size
            else:
                hands.append(known.copy())
        world = self.base.clone(rng=False)
        world.hands = hands
        world.dead = cards[at : at + self.dead]
        at += self.dead
        discard = self.seen + cards[at : at + self.hidden_discards]
        at += self.hidden_discards
        shuffle(rng, discard)
        world.discard = discard
        world.draw = cards[at : at + self.draw]
        rng.getrandbits(64)  # the reference world's generator, drawn alike
        world._legal = None
        return world


class FastISMCTSBot(ISMCTSBot):
    """ISMCTS whose worlds are played on the fast path (see the module docstring)."""

    def __init__(self, seed: int = 0, **options: object) -> None:
        super().__init__(seed, **options)  # type: ignore[arg-type]
        self._fast: dict[int, FastPolicy] = {}

    def _fast_policy(self, seat: int) -> FastPolicy:
        found = self._fast.get(seat)
        if found is None:
            found = self._fast[seat] = FastPolicy(seat)
        return found

    def _worlds(self, sampler: Determinizer) -> tuple[Sample, Rollout]:
        """Worlds on the fast path; rules it does not play go to the reference search."""
        try:
            worlds_of = FastWorlds(sampler)
        except FastUnsupportedError:
            return super()._worlds(sampler)

        def rollout(root: _Node, world: Any, action: Action, seed: int) -> list[float]:
            twin = world.clone(rng=False)
            twin.rng = random.Random(seed)
            play_root(twin, action)
            return self._fast_playout(root, twin, seed)

        return worlds_of.sample, rollout

    def _fast_playout(self, node: _Node, world: FastGame, seed: int) -> list[float]:
        start_round = world.round
        top = node
        path: list[tuple[_Node, int]] = []
        steps = 0
        while world.phase != OVER and node.visits >= self.expand_after:
            actor = world.to_act
            options = self._fast_policy(actor).candidates(world)
            action, node = self._select(node, options)  # type: ignore[arg-type]
            path.append((node, actor))
            world.play(action)  # type: ignore[arg-type]
            steps += 1
        while world.phase != OVER and steps < self.horizon:
            if self.round_end and world.round != start_round:
                break
            world.play(self._fast_policy(world.to_act).choose(world))
            steps += 1
        result = fast_score(world)
        return top.back_up(path, result)


def play_root(game: FastGame, action: Action) -> None:
    """Play the reference engine's ``action`` in ``game``: by ``FastGame.play_reference``, or
    where that refuses it (a partial swap, a 2 played as a joker: D-27, B1) by the fast id
    that stands for it — the same shadow, a move's figures ending on the same nodes."""
    try:
        game.play_reference(action)
        return
    except FastUnsupportedError:
        board = game.spec.board
        wanted = _key(action, board)
        legal = game.legal_actions()
        for found in legal:
            if _key(game.shadow(found), board) == wanted:
                game.play(found)
                return
        if isinstance(action, Move):  # a wild move off the fast menu: its nearest offer
            near = _nearest_move(game, action, legal)
            if near is not None:
                game.play(near)
                return
        raise


def _nearest_move(game: FastGame, action: Move, legal: Sequence[int]) -> int | None:
    """The fast move of the same card, wild flag and figures whose ends lie nearest to
    ``action``'s (the reference may end a wild move off the fast path's destinations)."""
    want = {s.figure: s.path[-1] for s in action.steps}
    best: tuple[float, int] | None = None
    for found in legal:
        shadow = game.shadow(found)
        if not isinstance(shadow, Move) or (shadow.card, shadow.wild) != (action.card, action.wild):
            continue
        ends = {s.figure: s.path[-1] for s in shadow.steps}
        if ends.keys() != want.keys():
            continue
        gap = sum((ends[f][0] - x) ** 2 + (ends[f][1] - y) ** 2 for f, (x, y) in want.items())
        if best is None or (gap, found) < best:
            best = (gap, found)
    return None if best is None else best[1]


def _key(action: Action, board: Any) -> object:
    """What identifies a reference action for :func:`play_root`: itself, or for a move its
    card, wild flag and each step's figure, end node and hiding."""
    if isinstance(action, Move):
        ends = tuple((s.figure, board.node(s.path[-1]), s.hide) for s in action.steps)
        return ("move", action.card, action.wild, ends)
    return action


class HardBot(FastISMCTSBot):
    """The hard bot: the fast search with a budget in rollouts (:func:`hard_rollouts` of
    the view's scenario, or ``rollouts``), wall time only as a cap (``cap_ms``; None: no
    cap, a decision then a function of the view and the seed alone, as the lab needs)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        rollouts: int | None = None,
        cap_ms: float | None = HARD_CAP_MS,
        **options: object,
    ) -> None:
        super().__init__(seed, iterations=rollouts or 1, time_ms=cap_ms, **options)
        self.rollouts = rollouts

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The search's choice within the scenario's rollouts (or the cap)."""
        if self.rollouts is None:
            self.iterations = hard_rollouts(str(view["scenario"]), len(view["figures"]))
        return super().choose(view, legal_actions)


def hard_bot(
    scenario: str | Path | Scenario,
    seed: int = 0,
    *,
    ruleset: str | Path | Ruleset | None = None,
    cap_ms: float | None = HARD_CAP_MS,
) -> HardBot:
    """The hard bot for a game of ``scenario`` (a built-in name, a file or a scenario): its
    rollouts fixed to :func:`hard_rollouts` of that scenario, wall time only as ``cap_ms``
    (None: no cap). The lobby's constructor: a table sets ``bot.time_ms`` anew before a
    decision when its think time left is shorter than the cap.

    >>> bot = hard_bot("gangs", 3)
    >>> bot.rollouts == hard_rollouts("gangs", 10), bot.time_ms == HARD_CAP_MS
    (True, True)
    """
    from totenblatt.wanted.table.scenario import load_scenario

    found = load_scenario(scenario)
    rollouts = hard_rollouts(found.name, len(found.figures))
    return HardBot(seed, rollouts=rollouts, cap_ms=cap_ms, ruleset=ruleset, scenario=found)
