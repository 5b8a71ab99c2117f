"""Benchmark: the exact RPG odds table (9 x 9 levels, 0-3 jokers), and icepool side by side.

Run: ``.venv/bin/python -m benchmarks.bench_rpg``. icepool is a dev dependency of this
benchmark only (imported here, never by the package).
"""

from __future__ import annotations

import time
from fractions import Fraction

import icepool

from totenblatt.rpg import Odds, Outcome, probe_odds, tie_outcome
from totenblatt.rpg.odds import clear_cache
from totenblatt.rpg.probe import card_counts
from totenblatt.rpg.rules import load_ruleset

LEVELS = range(9)


def our_table(jokers: int, *, pvp: bool = False) -> dict[tuple[int, int], Odds]:
    return {(s, d): probe_odds(s, d, jokers=jokers, pvp=pvp) for s in LEVELS for d in LEVELS}


def icepool_table(
    *, pvp: bool = False
) -> dict[tuple[int, int], tuple[Fraction, dict[int, Fraction]]]:
    """The no-joker table with icepool: deal from a 13-card deck per side, margin = A - B."""
    pile = load_ruleset().pile_values
    table = {}
    for s in LEVELS:
        for d in LEVELS:
            player, opponent = card_counts(s, d)
            margin = icepool.Deck(pile).deal(player).sum() - icepool.Deck(pile).deal(opponent).sum()
            dist = {int(m): Fraction(margin.probability(m)) for m in margin.outcomes()}
            tie_wins = tie_outcome(s, d, pvp=pvp) is Outcome.SUCCESS
            success = sum(
                (p for m, p in dist.items() if m > 0 or (m == 0 and tie_wins)), Fraction(0)
            )
            table[(s, d)] = (success, dist)
    return table


def timed(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    print("RPG exact odds (skill x difficulty 0..8, full Odds: outcomes, margins, wounds, jokers)")
    clear_cache()
    total = 0.0
    tables = {}
    for jokers in range(4):
        tables[jokers], seconds = timed(our_table, jokers)
        total += seconds
        print(f"  jokers={jokers}: 81 cells in {seconds * 1000:8.1f} ms (cold cache per pile)")
    print(f"  whole table, jokers 0-3 (324 cells): {total * 1000:.1f} ms cold")
    _, warm = timed(lambda: [our_table(j) for j in range(4)])
    print(f"  same again, warm cache: {warm * 1000:.1f} ms")
    clear_cache()
    _, pvp_seconds = timed(lambda: [our_table(j, pvp=True) for j in range(4)])
    print(f"  PvP table, jokers 0-3: {pvp_seconds * 1000:.1f} ms cold")

    print("No-joker table side by side with icepool (first run in this process, then best of 5):")
    clear_cache()
    ours, ours_first = timed(our_table, 0)
    theirs, icepool_first = timed(icepool_table)
    equal = all(
        ours[key].success == success and ours[key].margin == dist
        for key, (success, dist) in theirs.items()
    )
    exact = all(isinstance(o.success, Fraction) for o in ours.values())
    ours_best = icepool_best = float("inf")
    for _ in range(5):
        clear_cache()
        ours_best = min(ours_best, timed(our_table, 0)[1])
        icepool_best = min(icepool_best, timed(icepool_table)[1])
    for label, mine, theirs_s in (
        ("first run", ours_first, icepool_first),
        ("best of 5", ours_best, icepool_best),
    ):
        print(
            f"  {label}:  totenblatt {mine * 1000:7.1f} ms   icepool {theirs_s * 1000:7.1f} ms"
            f"   ratio icepool/totenblatt {theirs_s / mine:.1f}x"
        )
    print(f"  exact fractions: {exact}; success and margin distributions equal: {equal}")
    if not (equal and exact):
        raise SystemExit("icepool and totenblatt disagree")


if __name__ == "__main__":
    main()
