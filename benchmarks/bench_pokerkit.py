"""Engine speed side by side with pokerkit, in one process: decisions per second.

``python -m benchmarks pokerkit`` — needs pokerkit (a dev dependency of this benchmark).

Both engines play random self-play with new seeds (cold: Totenblatt's table
computes routes and cover for fresh positions), one core, **CPU time** of this
process (load on other cores does not distort it), best of ``ROUNDS`` alternating
runs so both sides see the same machine state:

* *engine* decisions/s count only the rules engine: listing the legal actions and
  applying the chosen one (Totenblatt: ``legal_actions()`` + ``apply()``;
  pokerkit: ``can_fold`` / ``can_check_or_call`` / ``can_complete_bet_or_raise_to``
  and the raise bounds, then the operation);
* *loop* decisions/s count everything a simulator pays: new game / new hand, the
  random choice and the engine.

pokerkit plays six-handed no-limit Texas hold'em (blinds 1/2, stacks 200, every
non-decision step automated). Totenblatt plays ``gangs`` (5 v 5) and ``duel``
with RandomBot at every seat, on the reference engine and on the fast path
(:mod:`totenblatt.wanted.fast`: ``legal_actions()`` + ``apply()`` of integer ids, a
uniformly random id but Concede, as RandomBot; the game is made by the reference
``new_game`` and copied, which the *loop* figure counts). Also: HeuristicBot against
HeuristicBot on ``gangs``, games and decisions per CPU second (one core).
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable
from typing import Any, cast

from totenblatt.wanted import Game, new_game
from totenblatt.wanted.bots import HeuristicBot, RandomBot
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.fast import FastGame

SECONDS = 4.0
"""CPU seconds per measurement."""
ROUNDS = 3
"""Alternating measurements per engine; the best counts."""
HEURISTIC_GAMES = 24


def pokerkit_hand() -> Callable[[random.Random], tuple[int, float]] | None:
    """pokerkit's random six-handed hand, its warnings silenced (it warns about folds that
    need not be made); None, saying how to install it, where pokerkit is missing."""
    warnings.simplefilter("ignore")
    hand = _pokerkit()
    if hand is None:
        print("pokerkit is not installed: pip install pokerkit (dev dependency)")
    return hand


def _pokerkit() -> Callable[[random.Random], tuple[int, float]] | None:
    try:
        from pokerkit import Automation, Mode, NoLimitTexasHoldem
    except ImportError:
        return None
    automations = tuple(Automation)
    clock = time.process_time

    def hand(rng: random.Random) -> tuple[int, float]:
        state: Any = NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, 200, 6, mode=Mode.CASH_GAME
        )
        decisions, engine = 0, 0.0
        while state.status:
            t0 = clock()
            options = []
            if state.can_fold():
                options.append(0)
            if state.can_check_or_call():
                options.append(1)
            if state.can_complete_bet_or_raise_to():
                options.append(2)
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
            t1 = clock()
            choice = options[rng.randrange(len(options))]
            amount = rng.randint(low, high) if choice == 2 else 0
            t2 = clock()
            if choice == 0:
                state.fold()
            elif choice == 1:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(amount)
            engine += (t1 - t0) + (clock() - t2)
            decisions += 1
        return decisions, engine

    return hand


def _totenblatt(scenario: str) -> Callable[[random.Random], tuple[int, float]]:
    def game(rng: random.Random) -> tuple[int, float]:
        seed = rng.randrange(2**62)
        return random_play(new_game(scenario, seed=seed), seed)

    return game


_UNREAD = cast("View", {})  # RandomBot never reads the view: none is built for it


def random_play(g: Game, seed: int) -> tuple[int, float]:
    """RandomBot (seeded ``seed + seat``) at every seat of ``g`` to the end: the decisions
    and the CPU seconds of the engine alone (``legal_actions()`` and ``apply()``)."""
    clock = time.process_time
    bots = [RandomBot(seed + s) for s in range(g.seats)]
    decisions, engine = 0, 0.0
    while (seat := g.to_act) is not None:
        t0 = clock()
        legal = g.legal_actions()
        t1 = clock()
        action = bots[seat].choose(_UNREAD, legal)
        t2 = clock()
        g.apply(action)
        engine += (t1 - t0) + (clock() - t2)
        decisions += 1
    return decisions, engine


def fast_random_play(g: FastGame, seed: int) -> tuple[int, float]:
    """A random id but Concede (as RandomBot, seeded ``seed``) at every decision of the fast
    game ``g`` to the end: the decisions and the CPU seconds of the engine alone."""
    clock = time.process_time
    pick = random.Random(seed)
    decisions, engine = 0, 0.0
    while not g.is_over:
        t0 = clock()
        legal = g.legal_actions()
        t1 = clock()
        n = len(legal)  # Concede is offered last: RandomBot leaves it out
        action = legal[pick.randrange(n - 1)] if n > 1 else legal[0]
        t2 = clock()
        g.apply(action)
        engine += (t1 - t0) + (clock() - t2)
        decisions += 1
    return decisions, engine


def _fast(scenario: str) -> Callable[[random.Random], tuple[int, float]]:
    def game(rng: random.Random) -> tuple[int, float]:
        seed = rng.randrange(2**62)
        return fast_random_play(FastGame.from_game(new_game(scenario, seed=seed)), seed)

    return game


def warm(scenario: str) -> None:
    """Build the table, its path finder and the fast path's board (each built once per
    table) before the clock."""
    game = new_game(scenario, seed=0)
    game.state.geo.router  # noqa: B018 (the property builds it)
    FastGame.from_game(game).spec.board.prepare()


def measure(
    play: Callable[[random.Random], tuple[int, float]], seed: int, seconds: float = SECONDS
) -> dict[str, float]:
    """Play until ``seconds`` of CPU time: engine and whole-loop decisions per second, games
    per second and decisions per game."""
    rng = random.Random(seed)
    start = time.process_time()
    decisions, engine, games = 0, 0.0, 0
    while time.process_time() - start < seconds:
        n, e = play(rng)
        decisions, engine, games = decisions + n, engine + e, games + 1
    loop = time.process_time() - start
    return {
        "engine": decisions / engine,
        "loop": decisions / loop,
        "games_per_s": games / loop,
        "decisions_per_game": decisions / games,
    }


def heuristic_speed(scenario: str = "gangs", games: int = HEURISTIC_GAMES) -> tuple[float, float]:
    """HeuristicBot against HeuristicBot (seeds 1000+): games and decisions per CPU second.

    Games per second depend on the scenario's round limit (longer games, fewer per
    second); decisions per second do not.
    """
    warm(scenario)
    decisions = 0
    start = time.process_time()
    for seed in range(1000, 1000 + games):
        g = new_game(scenario, seed=seed)
        bots = [HeuristicBot(seed * 10 + s) for s in range(g.seats)]
        while (seat := g.to_act) is not None:
            g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
            decisions += 1
    spent = time.process_time() - start
    return games / spent, decisions / spent


def main() -> None:
    """Print the side-by-side table."""
    poker = pokerkit_hand()
    if poker is None:
        return
    engines: dict[str, Callable[[random.Random], tuple[int, float]]] = {
        "pokerkit NLHE 6-max": poker,
        "gangs": _totenblatt("gangs"),
        "duel": _totenblatt("duel"),
        "gangs, fast path": _fast("gangs"),
        "duel, fast path": _fast("duel"),
    }
    for name in ("gangs", "duel"):
        warm(name)
    best: dict[str, dict[str, float]] = {}
    for r in range(ROUNDS):
        for name, play in engines.items():
            found = measure(play, seed=1000 * r + 7)
            if name not in best or found["engine"] > best[name]["engine"]:
                best[name] = found
    base = best["pokerkit NLHE 6-max"]
    print("| engine | decisions/game | engine dec/s | × pokerkit | loop dec/s | × pokerkit |")
    print("|---|---|---|---|---|---|")
    for name, f in best.items():
        print(
            f"| {name} | {f['decisions_per_game']:.0f} | {f['engine']:,.0f} "
            f"| {f['engine'] / base['engine']:.2f} | {f['loop']:,.0f} "
            f"| {f['loop'] / base['loop']:.2f} |"
        )
    games, decisions = heuristic_speed()
    print(
        f"\nHeuristicBot vs HeuristicBot, gangs: {games:.1f} games/s, {decisions:,.0f} decisions/s"
    )


if __name__ == "__main__":
    main()
