"""The fast path against the reference engine over thousands of seeded games.

``python -m benchmarks.fast_agreement [--duel N] [--gangs N] [--three-way N] [--every K]
[--walk G]``

Each game is played on both at once by :func:`totenblatt.wanted.fast.agreement.play_both`
(``tests/wanted/fast/test_fast_agreement.py`` plays a sample): a random legal fast id
(never Concede, but in every seventh game with a chance of 1 % a decision), its shadow
applied to the reference game; after every decision the two event logs must be equal,
before it the actions of every kind but moves and whether a move is offered, and at every
``K``-th decision every offered fast move's shadow must be legal in the reference engine
at the same cost.

Then the agreement walk (issue 41, :func:`~totenblatt.wanted.fast.agreement.cells`):
every scenario, both rulesets, both hand modes, the ruleset as it is and every field of it
changed alone, ``G`` games a cell on both, or the fast path's refusal checked to name the
rule it does not play. Prints the counts, the refusals by reason, and the first
disagreement if there is one (exit 1).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast.agreement import cells, play_both, walk_cell


def play(scenario: str, seed: int, every: int) -> tuple[int, int]:
    """Play one game on both; (decisions, move shadows checked). DisagreementError (an
    AssertionError) at the first difference."""
    concede = 0.01 if seed % 7 == 0 else 0.0
    played = play_both(new_game(scenario, seed=seed), seed, every_move=every, concede=concede)
    return played.decisions, played.shadows


def walk(games: int, every: int) -> int:
    """The agreement walk, ``games`` a cell; exit status."""
    start = time.process_time()
    counts: collections.Counter[str] = collections.Counter()
    reasons: collections.Counter[str] = collections.Counter()
    decisions = 0
    for i, cell in enumerate(cells()):
        seeds = [20_000 + games * i + k for k in range(games)]
        try:
            result = walk_cell(cell, seeds, every_move=every)
        except AssertionError as exc:
            print(f"walk {cell.label}: {exc}")
            return 1
        if result.refused is not None:
            counts["refused"] += 1
            reasons[result.refused.split(" of ")[0]] += 1
        elif result.no_game is not None:
            counts["no game"] += 1
        else:
            counts["played"] += 1
            counts["games"] += result.games
            decisions += result.decisions
    spent = time.process_time() - start
    print(
        f"walk: {counts['played']} cells played ({counts['games']} games, {decisions} "
        f"decisions, all agree), {counts['refused']} refused by name, {counts['no game']} "
        f"not a game of the reference engine ({spent:.0f} CPU s)",
        flush=True,
    )
    for reason, n in reasons.most_common():
        print(f"  {n:>4} cells refused: {reason}")
    return 0


def main(argv: list[str]) -> int:
    """Play the games; print the counts (exit 1 at the first disagreement)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duel", type=int, default=2000)
    parser.add_argument("--gangs", type=int, default=300)
    parser.add_argument("--three-way", type=int, default=300)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--walk", type=int, default=3, help="games per cell of the walk")
    args = parser.parse_args(argv)
    for scenario, games in (
        ("duel", args.duel),
        ("gangs", args.gangs),
        ("three-way", args.three_way),
    ):
        start = time.process_time()
        decisions = shadows = 0
        for seed in range(10_000, 10_000 + games):
            try:
                d, s = play(scenario, seed, args.every)
            except AssertionError as exc:
                print(f"{scenario} seed {seed}: {exc}")
                return 1
            decisions += d
            shadows += s
        spent = time.process_time() - start
        print(
            f"{scenario:<10} {games:>5} games {decisions:>8} decisions {shadows:>8} move shadows "
            f"checked: all agree ({spent:.0f} CPU s)",
            flush=True,
        )
    if args.walk:
        return walk(args.walk, args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
