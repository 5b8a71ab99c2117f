"""How many attacks per second ``resolve_attack`` resolves (mixed, realistic inputs).

``python -m benchmarks combat`` — best of 5 runs, the ruleset passed as an object and by name,
the cards as ``Card`` values and as text.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from totenblatt.cards import JOKER, Card, Rank, Suit
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.rules import Ruleset

RUNS = 5
ATTACKS = 20_000


def _attacks(n: int, seed: int = 1) -> list[dict[str, Any]]:
    """``n`` attacks as a game produces them: mostly plain, some jokers, cover and abilities."""
    rng = random.Random(seed)
    spades = [Card(rank, Suit.SPADES) for rank in Rank]
    hearts = [Card(rank, Suit.HEARTS) for rank in Rank]
    covers = ["none"] * 4 + ["light", "medium", "hard"] * 2 + ["hidden"]
    out: list[dict[str, Any]] = []
    for _ in range(n):
        call: dict[str, Any] = {
            "attack": JOKER if rng.random() < 0.04 else rng.choice(spades),
            "weapon": rng.choice(("colt", "winchester", "shotgun")),
            "distance": round(rng.uniform(0.5, 40), 2),
            "cover": rng.choice(covers),
        }
        roll = rng.random()
        if roll < 0.55:
            call["defense"] = rng.choice(hearts)
        elif roll < 0.58:
            call["defense"] = JOKER
        if rng.random() < 0.15:
            call["attacker_abilities"] = rng.sample(("sharpshooter", "picture_book_10"), k=1)
        if "defense" in call and rng.random() < 0.1:
            call["defender_abilities"] = [rng.choice(("cover_1", "cover_2", "cover_3"))]
        out.append(call)
    return out


def _as_text(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: str(v) if isinstance(v, Card) else v for k, v in c.items()} for c in calls]


def _rate(calls: list[dict[str, Any]], ruleset: Ruleset | str) -> float:
    """Best-of-``RUNS`` calls per second."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        for call in calls:
            resolve_attack(ruleset=ruleset, **call)
        best = min(best, time.perf_counter() - start)
    return len(calls) / best


def main() -> None:
    """Print resolve_attack calls per second for each way of passing cards and the ruleset."""
    calls = _attacks(ATTACKS)
    text = _as_text(calls)
    base = Ruleset.load("base")
    cases: list[tuple[str, Callable[[], float]]] = [
        ("Card values, Ruleset object", lambda: _rate(calls, base)),
        ("Card values, ruleset by name", lambda: _rate(calls, "base")),
        ("card text,   Ruleset object", lambda: _rate(text, base)),
        ("card text,   ruleset by name", lambda: _rate(text, "base")),
    ]
    print(f"resolve_attack, {ATTACKS} mixed attacks, best of {RUNS} runs")
    for label, measure in cases:
        rate = measure()
        print(f"  {label}: {rate:>10,.0f} calls/s ({1e6 / rate:.1f} µs per call)")


if __name__ == "__main__":
    main()
