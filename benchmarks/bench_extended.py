"""The extended rules: random play on the fast path against the reference engine (issue 41).

``python -m benchmarks extended [--games duel,heroes] [--rounds N]``

Random play (RandomBot on the reference engine; a random id but Concede on the fast path,
dealt by ``new_fast_game``) in one process, the engines alternating round by round, CPU
time. For each game: the extended duel (``duel`` under ``extended``: no figure with an
ability or a hero type), the gangs led by gunslingers with two abilities each
(``gangs+abilities`` of :func:`~totenblatt.wanted.fast.agreement.extended_scenarios`:
hero hands, Quick Fingers, Light-Footed, Sharpshooter, Picture-Book 10, Nine Lives,
Pay the Piper), the duel of two gunslingers with Nine Lives and Light-Footed, and the
``heroes`` scenario — or the fast path's refusal of it, by name. Prints decisions per
CPU second of the engine alone (listing and applying) and of the whole loop, games per
CPU second, and the fast path's ratios.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from benchmarks.bench_pokerkit import fast_random_play, measure, random_play
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast import FastGame, fast_refusal, new_fast_game
from totenblatt.wanted.fast.agreement import extended_scenarios
from totenblatt.wanted.table.scenario import Scenario

SECONDS = 2.0
"""CPU seconds per engine and round."""
ROUNDS = 3

Play = Callable[[random.Random], tuple[int, float]]


def _reference(scenario: str | Scenario) -> Play:
    def game(rng: random.Random) -> tuple[int, float]:
        seed = rng.randrange(2**62)
        return random_play(new_game(scenario, "extended", seed=seed), seed)

    return game


def _fast(scenario: str | Scenario) -> Play:
    clock = time.process_time

    def game(rng: random.Random) -> tuple[int, float]:
        seed = rng.randrange(2**62)
        t0 = clock()
        g = new_fast_game(scenario, "extended", seed)
        dealt = clock() - t0
        decisions, engine = fast_random_play(g, seed)
        return decisions, dealt + engine

    return game


def main(options: list[str] | None = None) -> None:
    """Print the side-by-side table (``--games``: a comma-separated choice of duel, gangs,
    gunslingers, heroes; ``--rounds``: rounds of the engines in turn)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks extended")
    parser.add_argument("--games", default="duel,gangs,gunslingers,heroes")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args(options or [])
    chosen = {s.name: s for s in extended_scenarios()}
    every: dict[str, tuple[str, str | Scenario]] = {
        "duel": ("duel (extended)", "duel"),
        "gangs": ("gangs+abilities", chosen["gangs+abilities"]),
        "gunslingers": ("duel+gunslinger", chosen["duel+gunslinger"]),
        "heroes": ("heroes", "heroes"),
    }
    games = dict(every[key.strip()] for key in args.games.split(","))
    for name, scenario in list(games.items()):
        refused = fast_refusal(scenario, "extended")
        if refused is not None:
            print(f"{name}: not on the fast path: {refused}")
            del games[name]
            continue
        game = new_game(scenario, "extended", seed=0)
        game.state.geo.router  # noqa: B018 (the property builds it)
        FastGame.from_game(game).spec.board.prepare()
    print("| game | engine | decisions/game | engine dec/s | loop dec/s | games/s |")
    print("|---|---|---|---|---|---|")
    for name, scenario in games.items():
        best: dict[str, dict[str, float]] = {}
        ratios: list[tuple[float, float, float]] = []
        for r in range(args.rounds):
            ref = measure(_reference(scenario), 1000 * r + 7, SECONDS)
            fast = measure(_fast(scenario), 1000 * r + 7, SECONDS)
            ratios.append(
                (
                    fast["engine"] / ref["engine"],
                    fast["loop"] / ref["loop"],
                    fast["games_per_s"] / ref["games_per_s"],
                )
            )
            for label, found in (("reference", ref), ("fast path", fast)):
                if label not in best or found["loop"] > best[label]["loop"]:
                    best[label] = found
        for label, found in best.items():
            print(
                f"| {name} | {label} | {found['decisions_per_game']:.0f} "
                f"| {found['engine']:,.0f} | {found['loop']:,.0f} | {found['games_per_s']:.2f} |"
            )
        shown = " / ".join(
            f"{e:.2f}× engine, {lo:.2f}× loop, {g:.2f}× games" for e, lo, g in ratios
        )
        print(f"| {name} | fast ÷ reference, each round | {shown} | | | |")


if __name__ == "__main__":
    main()
