"""The fast path against the reference engine over thousands of seeded games.

``python -m benchmarks.fast_agreement [--duel N] [--gangs N] [--three-way N] [--every K]``

Each game is played on both at once by :func:`totenblatt.wanted.fast.agreement.play_both`
(``tests/wanted/fast/test_fast_agreement.py`` plays a few dozen): a random legal fast id
(never Concede, but in every seventh game with a chance of 1 % a decision), its shadow
applied to the reference game; after every decision the two event logs must be equal,
before it the actions of every kind but moves and whether a move is offered, and at every
``K``-th decision every offered fast move's shadow must be legal in the reference engine
at the same cost. Prints the games, decisions and shadows checked per scenario, and the
first disagreement if there is one.
"""

from __future__ import annotations

import argparse
import sys
import time

from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast.agreement import play_both


def play(scenario: str, seed: int, every: int) -> tuple[int, int]:
    """Play one game on both; (decisions, move shadows checked). DisagreementError (an
    AssertionError) at the first difference."""
    concede = 0.01 if seed % 7 == 0 else 0.0
    played = play_both(new_game(scenario, seed=seed), seed, every_move=every, concede=concede)
    return played.decisions, played.shadows


def main(argv: list[str]) -> int:
    """Play the games; print the counts (exit 1 at the first disagreement)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duel", type=int, default=2000)
    parser.add_argument("--gangs", type=int, default=300)
    parser.add_argument("--three-way", type=int, default=300)
    parser.add_argument("--every", type=int, default=10)
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
