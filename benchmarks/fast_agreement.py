"""The fast path against the reference engine over thousands of seeded games.

``python -m benchmarks.fast_agreement [--duel N] [--gangs N] [--three-way N] [--every K]``

Each game is played on both at once (``tests/wanted/fast/test_fast_agreement.py`` plays
a few dozen the same way): a random legal fast id (never Concede, but in every seventh
game with a chance of 1 % a decision), its shadow applied to the reference game; after
every decision the two event logs must be equal, before it the actions of every kind but
moves and whether a move is offered, and at every ``K``-th decision every offered fast
move's shadow must be legal in the reference engine at the same cost. Prints the games,
decisions and shadows checked per scenario, and the first disagreement if there is one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from totenblatt.wanted.engine.actions import Move
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.engine.moves import step_costs
from totenblatt.wanted.fast import FastGame
from totenblatt.wanted.fast.actions import CONCEDE


def play(scenario: str, seed: int, every: int) -> tuple[int, int]:
    """Play one game on both; (decisions, move shadows checked). AssertionError on a
    disagreement."""
    game = new_game(scenario, seed=seed)
    fast = FastGame.from_game(game, record=True)
    rng = random.Random(seed)
    concede = 0.01 if seed % 7 == 0 else 0.0
    start = len(game.events)
    decisions = shadows = 0
    while not game.is_over:
        assert fast.to_act == game.to_act, "a different seat to act"
        ids = fast.legal_actions()
        offered = [fast.shadow(a) for a in ids]
        reference = game.legal_actions()
        assert {a for a in offered if not isinstance(a, Move)} == {
            a for a in reference if not isinstance(a, Move)
        }, "different actions offered"
        assert any(isinstance(a, Move) for a in offered) == any(
            isinstance(a, Move) for a in reference
        ), "a move offered by one only"
        if every and decisions % every == 0:
            seat = game.to_act
            assert seat is not None
            board = fast.spec.board
            for shadow in offered:
                if isinstance(shadow, Move) and shadow.steps:
                    assert game.why_illegal(shadow) is None, f"illegal shadow {shadow!r}"
                    step = shadow.steps[0]
                    here = fast.pos[fast.spec.by_name[step.figure]]
                    cost = board.cost(here, board.index[step.path[-1]])
                    assert step_costs(game.state, seat, shadow.steps) == (cost,), "other cost"
                    shadows += 1
        options = [a for a in ids if a != CONCEDE] or ids
        if concede and rng.random() < concede:
            options = [CONCEDE]
        action = rng.choice(options)
        game.apply(fast.shadow(action))
        fast.apply(action)
        assert list(game.events[start:]) == fast.log, "different events"
        decisions += 1
    assert fast.is_over and fast.winners == game.winners, "a different end"
    return decisions, shadows


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
