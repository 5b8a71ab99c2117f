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
every scenario, both rulesets, both hand modes (D-5), the ruleset as it is and every field
of it changed alone, ``G`` games a cell on both, or the fast path's refusal checked to name
the rule it does not play; and the campaign's fights (:func:`campaign_fights`: gangs made
by the campaign on each template, their members the figures) under the extended rules,
both hand modes, every field changed alone. Prints the counts, the refusals by reason, and the first
disagreement if there is one (exit 1).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.fast.agreement import (
    SCENARIOS,
    cells,
    extended_scenarios,
    play_both,
    walk_cell,
)
from totenblatt.wanted.table.scenario import Scenario


def play(scenario: str, seed: int, every: int) -> tuple[int, int]:
    """Play one game on both; (decisions, move shadows checked). DisagreementError (an
    AssertionError) at the first difference."""
    concede = 0.01 if seed % 7 == 0 else 0.0
    played = play_both(new_game(scenario, seed=seed), seed, every_move=every, concede=concede)
    return played.decisions, played.shadows


def campaign_fights() -> list[Scenario]:
    """Fights of campaign gangs (four members, a hero leading each: a veteran, a gunslinger,
    one wounded member in three) on the campaign's templates: two gangs on ``gangs`` and on
    ``three-way``, three gangs on ``three-way``."""
    import random
    from dataclasses import replace

    from totenblatt.campaign.battle import build_fight
    from totenblatt.campaign.creation import create_gang
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.vocab import HeroType

    rules = Ruleset.load("extended")
    kinds = (HeroType.VETERAN, HeroType.GUNSLINGER, HeroType.VETERAN)
    out = []
    for template, count in (("gangs", 2), ("three-way", 2), ("three-way", 3)):
        rng = random.Random(41 + count)
        gangs = [create_gang(f"G{k}", kinds[k], rules, rng, size=4)[0] for k in range(count)]
        scenario = build_fight(gangs, template, rules).scenario
        wounded = tuple(
            replace(f, hp=f.hp - 1) if i % 3 == 0 and f.hp and f.hp > 1 else f
            for i, f in enumerate(scenario.figures)
        )
        out.append(replace(scenario, name=f"campaign-{template}-{count}", figures=wounded))
    return out


def walk(games: int, every: int) -> int:
    """The agreement walk, ``games`` a cell; exit status."""
    start = time.process_time()
    counts: collections.Counter[str] = collections.Counter()
    reasons: collections.Counter[str] = collections.Counter()
    decisions = 0
    every_cell = [
        *cells([*SCENARIOS, *extended_scenarios()]),
        *cells(campaign_fights(), ("extended",)),
    ]
    for i, cell in enumerate(every_cell):
        seeds = [20_000 + games * i + k for k in range(games)]
        try:
            result = walk_cell(cell, seeds, every_move=every)
        except AssertionError as exc:
            print(f"walk {cell.label}: {exc}")
            return 1
        if i % 500 == 499:
            print(f"  … {i + 1} of {len(every_cell)} cells walked", flush=True)
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
