"""The lab's own loop on the fast path: ``totenblatt.sim.play_one`` against pokerkit and itself.

``python -m benchmarks lab`` — one process, one core, **CPU time**, best of ``ROUNDS``
alternating measurements (so every side sees the same machine state):

* random bots at every seat through :func:`totenblatt.sim.play_one` (what ``totenblatt sim``
  runs per game: a new game from its derived seed, the bots, the row) on ``duel`` and
  ``gangs``, decisions per CPU second, against pokerkit's no-limit hold'em 6-max hand
  loop (:mod:`benchmarks.bench_pokerkit`) — the issue's aims: duel ≥ 10×, gangs ≥ 6×;
* the same games through ``play_one`` on the reference engine (the fast path refused by
  hand: what every game cost before the lab used it);
* ``sim --bots heuristic,random`` on ``gangs``: games per CPU second, fast path against
  the reference engine (the aim: ≥ 6×).

The fast path's build matters (compiled or from source): the header of ``python -m
benchmarks`` says which ran.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from benchmarks.bench_pokerkit import pokerkit_hand
from totenblatt.sim import play as lab
from totenblatt.sim.spec import RunSpec

SECONDS = 3.0
"""CPU seconds per measurement."""
ROUNDS = 3


@contextmanager
def reference_engine() -> Iterator[None]:
    """Every game through ``play_one`` on the reference engine (as before the lab used the
    fast path): the fast path's refusal, for every spec."""
    kinds, fast = lab._KINDS, lab.new_fast_game

    def refused(*args: object, **kwargs: object) -> None:
        from totenblatt.wanted.fast import FastUnsupportedError

        raise FastUnsupportedError("the reference engine, for the benchmark")

    lab._KINDS, lab.new_fast_game = {}, refused  # type: ignore[assignment]
    try:
        yield
    finally:
        lab._KINDS, lab.new_fast_game = kinds, fast


def _loop(spec: RunSpec, reference: bool) -> Callable[[int], tuple[int, int]]:
    """Plays games ``start, start + 1, …`` of ``spec`` for ``SECONDS``: (games, decisions)."""

    def run(start: int) -> tuple[int, int]:
        games = decisions = 0
        clock = time.process_time
        begin = clock()
        with lab.fewer_collections():
            while clock() - begin < SECONDS:
                decisions += lab.play_one(spec, start + games)["decisions"]
                games += 1
        return games, decisions

    if not reference:
        return run

    def on_reference(start: int) -> tuple[int, int]:
        with reference_engine():
            return run(start)

    return on_reference


def _poker() -> Callable[[int], tuple[int, int]] | None:
    hand = pokerkit_hand()
    if hand is None:
        return None

    def run(start: int) -> tuple[int, int]:
        rng = random.Random(start)
        games = decisions = 0
        clock = time.process_time
        begin = clock()
        while clock() - begin < SECONDS:
            decisions += hand(rng)[0]
            games += 1
        return games, decisions

    return run


def main() -> None:
    """Print the tables."""
    poker = _poker()
    if poker is None:
        return
    duel = RunSpec.make("duel", bots=["random"], seed=1)
    gangs = RunSpec.make("gangs", bots=["random"], seed=1)
    mixed = RunSpec.make("gangs", bots=["heuristic", "random"], seed=1, rotate=True)
    loops: dict[str, Callable[[int], tuple[int, int]]] = {
        "pokerkit NLHE 6-max (hands)": poker,
        "play_one duel, random, fast path": _loop(duel, False),
        "play_one duel, random, reference": _loop(duel, True),
        "play_one gangs, random, fast path": _loop(gangs, False),
        "play_one gangs, random, reference": _loop(gangs, True),
        "play_one gangs, heuristic v random, fast path": _loop(mixed, False),
        "play_one gangs, heuristic v random, reference": _loop(mixed, True),
    }
    for spec in (duel, gangs, mixed):  # tables, boards, templates built before the clock
        lab.play_one(spec, 10**6)
        with reference_engine():
            lab.play_one(spec, 10**6)
    best: dict[str, tuple[float, float]] = {}
    for r in range(ROUNDS):
        for name, run in loops.items():
            begin = time.process_time()
            games, decisions = run(1000 * r)
            spent = time.process_time() - begin
            found = (games / spent, decisions / spent)
            if name not in best or found[1] > best[name][1]:
                best[name] = found
    poker_dps = best["pokerkit NLHE 6-max (hands)"][1]
    print("| loop | games/CPU s | decisions/CPU s | × pokerkit | fast ÷ reference |")
    print("|---|---|---|---|---|")
    for name, (gps, dps) in best.items():
        twin = name.replace("fast path", "reference")
        ratio = ""
        if twin != name and twin in best:
            ratio = f"{gps / best[twin][0]:.1f}× (games)"
        print(f"| {name} | {gps:,.1f} | {dps:,.0f} | {dps / poker_dps:.2f} | {ratio} |")


if __name__ == "__main__":
    main()
