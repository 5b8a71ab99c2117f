"""Exact odds of a test (Probe) as fractions, jokers included (D-33).

The method: each side draws without replacement from its own pile, so a side's
sum after ``k`` cards has the distribution ``N[k][s] / C(n, k)``, where ``N[k][s]``
counts the ``k``-card subsets with sum ``s`` (one subset-sum DP over the pile).
Jokers draw one card at a time while the player is not yet succeeding, i.e. while
the player's running total is below a threshold ``T`` set by the opponent's sum.
Because card values are positive, "still drawing before card ``k + 1``" is just
"the first ``k`` cards sum below ``T``"; the next card is any card outside those
``k``, so the step needs ``G_v[k][s]``: the ``k``-subsets with sum ``s`` that miss a
given card of value ``v`` (``G_v[k][s] = N[k][s] - G_v[k-1][s-v]``). Prefix sums of
these counts over ``s < T`` answer every threshold at once. All counts are integers
over one common denominator; fractions are formed at the end.

>>> o = probe_odds(2, 3)
>>> o.success, o.failure, o.nothing
(Fraction(125, 1014), Fraction(889, 1014), Fraction(0, 1))
>>> probe_odds(2, 3, jokers=1).success > o.success
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from pathlib import Path
from typing import Any

from totenblatt.rpg.probe import plan_draw, tie_outcome
from totenblatt.rpg.rules import Outcome, RpgRuleset, WoundBand

__all__ = ["MarginRow", "Odds", "clear_cache", "margin_rows", "probe_odds", "success_table"]


@dataclass(frozen=True)
class Odds:
    """Exact odds of a test: outcome chances, signed margin and wound-band distributions.

    ``margin`` maps player total minus opponent total to its chance; ``wound`` maps the
    D-31 band of the losing side (``None``: nothing happened) to its chance;
    ``expected_jokers`` is the mean number of jokers spent under D-33.
    """

    skill: int
    difficulty: int
    pvp: bool
    jokers: int
    player_cards: int
    opponent_cards: int
    success: Fraction
    failure: Fraction
    nothing: Fraction
    margin: dict[int, Fraction] = field(hash=False)
    wound: dict[WoundBand | None, Fraction] = field(hash=False)
    expected_jokers: Fraction

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict: every chance as ``"p/q"`` text plus a float."""

        def frac(x: Fraction) -> dict[str, Any]:
            """A chance as its fraction text and a float."""
            return {"fraction": str(x), "float": float(x)}

        return {
            "skill": self.skill,
            "difficulty": self.difficulty,
            "pvp": self.pvp,
            "jokers": self.jokers,
            "player_cards": self.player_cards,
            "opponent_cards": self.opponent_cards,
            "success": frac(self.success),
            "failure": frac(self.failure),
            "nothing": frac(self.nothing),
            "expected_jokers": frac(self.expected_jokers),
            "wound": {
                "none" if band is None else band.value: frac(p) for band, p in self.wound.items()
            },
            "margin": {str(m): frac(p) for m, p in self.margin.items()},
        }


@dataclass(frozen=True)
class _Pile:
    """Subset-sum counts of one pile, computed once per pile."""

    n: int
    total: int
    subsets: tuple[tuple[int, ...], ...]
    """``subsets[k][s]``: number of k-card subsets with sum s."""
    cumulative: tuple[tuple[tuple[int, ...], ...], ...]
    """``cumulative[k][t][a]``: sum over s < t and card c of the k-subsets without c that
    have sum s and s + value(c) = a (the ways to be below t after k cards and reach a)."""


@lru_cache(maxsize=16)
def _pile(values: tuple[int, ...]) -> _Pile:
    n, total = len(values), sum(values)
    subsets = [[0] * (total + 1) for _ in range(n + 1)]
    subsets[0][0] = 1
    for v in values:
        for k in range(n, 0, -1):
            row, below = subsets[k], subsets[k - 1]
            for s in range(total, v - 1, -1):
                if below[s - v]:
                    row[s] += below[s - v]
    multiplicity = {v: values.count(v) for v in sorted(set(values))}
    # without[v][k][s] = multiplicity(v) * (k-subsets with sum s missing one given card of value v)
    without: dict[int, list[list[int]]] = {}
    for v, mult in multiplicity.items():
        g = [[0] * (total + 1) for _ in range(n)]
        g[0][0] = 1
        for k in range(1, n):
            for s in range(total + 1):
                g[k][s] = subsets[k][s] - (g[k - 1][s - v] if s >= v else 0)
        without[v] = [[mult * x for x in row] for row in g]
    cumulative = []
    for k in range(n):
        row = [0] * (total + 1)
        rows = [tuple(row)]
        for s in range(total + 1):
            for v, g in without.items():
                if g[k][s] and s + v <= total:
                    row[s + v] += g[k][s]
            rows.append(tuple(row))
        cumulative.append(tuple(rows))
    return _Pile(
        n=n,
        total=total,
        subsets=tuple(tuple(r) for r in subsets),
        cumulative=tuple(cumulative),
    )


@lru_cache(maxsize=4096)
def _player_final(
    values: tuple[int, ...], cards: int, jokers: int, threshold: int
) -> tuple[tuple[int, ...], int, int]:
    """The player's final total after ``cards`` base cards and up to ``jokers`` joker draws
    that stop once the total reaches ``threshold``: (counts by total, joker count sum, denominator).
    """
    pile = _pile(values)
    n, total = pile.n, pile.total
    last = min(n, cards + jokers)
    rest = factorial(n - last)
    denominator = factorial(n) // rest
    base = pile.subsets[cards]
    scale = factorial(cards) * factorial(n - cards) // rest
    if jokers == 0:
        return tuple(x * scale for x in base), 0, denominator
    t = min(max(threshold, 0), total + 1)
    final = [0] * (total + 1)
    for a in range(t, total + 1):
        final[a] = base[a] * scale
    spent = 0
    for i in range(1, jokers + 1):
        k = cards + i - 1  # cards in hand before this joker's draw
        if k == n:  # the pile is empty: whoever is still below the threshold stops here
            if total < t:
                final[total] += denominator
                spent += (i - 1) * denominator
            break
        scale = factorial(k) * factorial(n - k - 1) // rest
        reach = pile.cumulative[k][t]
        for a in range(0 if i == jokers else t, total + 1):
            if reach[a]:
                ways = reach[a] * scale
                final[a] += ways
                spent += i * ways
    return tuple(final), spent, denominator


@lru_cache(maxsize=4096)
def _margins(
    values: tuple[int, ...], player: int, opponent: int, jokers: int, tie_to_player: bool
) -> tuple[dict[int, int], int, int]:
    """Counts of the signed margin, the joker count sum, and their common denominator."""
    pile = _pile(values)
    counts: dict[int, int] = {}
    spent_sum = 0
    shift = 0 if tie_to_player else 1
    denominator = comb(pile.n, opponent)
    for b, q in enumerate(pile.subsets[opponent]):
        if not q:
            continue
        final, spent, player_den = _player_final(values, player, jokers, b + shift)
        spent_sum += q * spent
        for a, ways in enumerate(final):
            if ways:
                counts[a - b] = counts.get(a - b, 0) + q * ways
    return dict(sorted(counts.items())), spent_sum, denominator * player_den


def clear_cache() -> None:
    """Forget the cached pile tables and distributions (for cold-start benchmarks)."""
    _pile.cache_clear()
    _player_final.cache_clear()
    _margins.cache_clear()


def probe_odds(
    skill: int,
    difficulty: int,
    *,
    pvp: bool = False,
    jokers: int = 0,
    ruleset: str | Path | RpgRuleset = "rpg",
) -> Odds:
    """Exact odds of ``skill`` against ``difficulty`` with ``jokers`` spent as D-33 says.

    >>> probe_odds(3, 3).success, probe_odds(3, 3, pvp=True).nothing
    (Fraction(7, 13), Fraction(1, 13))
    """
    rules = RpgRuleset.load(ruleset)
    player, opponent = plan_draw(skill, difficulty, jokers, rules)
    tie = tie_outcome(skill, difficulty, pvp=pvp)
    counts, spent, denominator = _margins(
        rules.pile_values, player, opponent, jokers, tie is Outcome.SUCCESS
    )
    margin = {m: Fraction(c, denominator) for m, c in counts.items()}
    by_outcome = {o: Fraction(0) for o in Outcome}
    wound: dict[WoundBand | None, Fraction] = {}
    for m, p in margin.items():
        outcome, band = _at(m, tie, rules)
        by_outcome[outcome] += p
        wound[band] = wound.get(band, Fraction(0)) + p
    order: list[WoundBand | None] = [*WoundBand, None]
    return Odds(
        skill=skill,
        difficulty=difficulty,
        pvp=pvp,
        jokers=jokers,
        player_cards=player,
        opponent_cards=opponent,
        success=by_outcome[Outcome.SUCCESS],
        failure=by_outcome[Outcome.FAILURE],
        nothing=by_outcome[Outcome.NOTHING],
        margin=margin,
        wound={band: wound[band] for band in order if band in wound},
        expected_jokers=Fraction(spent, denominator),
    )


def _at(margin: int, tie: Outcome, rules: RpgRuleset) -> tuple[Outcome, WoundBand | None]:
    """The outcome and the loser's wound band at a signed margin (C3, D-31)."""
    outcome = Outcome.SUCCESS if margin > 0 else Outcome.FAILURE if margin < 0 else tie
    return outcome, None if outcome is Outcome.NOTHING else rules.wound_band(abs(margin))


@dataclass(frozen=True, slots=True)
class MarginRow:
    """One signed margin (player total minus opponent total): its outcome, wound, chance."""

    margin: int
    outcome: Outcome
    wound: WoundBand | None
    chance: Fraction


def margin_rows(odds: Odds, ruleset: str | Path | RpgRuleset = "rpg") -> list[MarginRow]:
    """The margin's distribution of ``odds`` row by row, each with what it means.

    >>> [(r.margin, r.outcome.value, r.chance) for r in margin_rows(probe_odds(3, 3))][12:14]
    [(0, 'success', Fraction(1, 13)), (1, 'success', Fraction(12, 169))]
    """
    rules = RpgRuleset.load(ruleset)
    tie = tie_outcome(odds.skill, odds.difficulty, pvp=odds.pvp)
    return [MarginRow(m, *_at(m, tie, rules), p) for m, p in odds.margin.items()]


def success_table(
    max_level: int = 8,
    *,
    jokers: int = 0,
    pvp: bool = False,
    ruleset: str | Path | RpgRuleset = "rpg",
) -> list[list[Fraction]]:
    """``table[skill][difficulty]``: the exact success chance for levels ``0..max_level``.

    >>> [str(p) for p in success_table(1)[1]]
    ['889/1014', '7/13']
    """
    rules = RpgRuleset.load(ruleset)
    levels = range(max_level + 1)
    return [
        [probe_odds(s, d, jokers=jokers, pvp=pvp, ruleset=rules).success for d in levels]
        for s in levels
    ]
