"""``balance rounds``: how long games last, and the round limit each scenario needs (D-22).

Every scenario is played with its round limit raised to ``cap`` (the bots do not
look at the limit, so a game decided in round r is decided under any limit ≥ r).
The estimated ``round_limit`` is the smallest L such that at least ``target``
(90 %) of the games have a side standing by the end of round L; None when even
``cap`` rounds are not enough. A change of a scenario's limit is *recommended* only where
the games show it beyond chance (:func:`standing_change`): a cut to L when the share
decided by round L is at least ``target`` by a one-sided exact binomial test, a raise
when the share decided by the limit now is below it; the tests of all scenarios of the
report are corrected together (Holm), and a cut is tested from the limit now downwards,
round by round, at the level Holm left the scenario (a fixed sequence: the first round
that does not stand ends it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Unpack

from totenblatt.sim.balance.core import (
    DEFAULT_SCENARIOS,
    CellOptions,
    PerScenario,
    per_scenario_setup,
    report_head,
)
from totenblatt.sim.balance.plotting import COLOURS, figure, save
from totenblatt.sim.play import Row
from totenblatt.sim.scenarios import with_round_limit
from totenblatt.sim.stats import ALPHA, holm, share_at_least, share_below, share_rate
from totenblatt.sim.wording import numeral, say, share
from totenblatt.wanted.table import load_scenario

__all__ = ["RoundsExperiment", "recommended_limit", "standing_change"]

STANDING = "last_side_standing"


def recommended_limit(ends: Sequence[int | None], target: float) -> int | None:
    """The smallest L with at least ``target`` of the games decided by round L (None: never).

    ``ends`` holds the round a side was left standing, or None (not decided).

    >>> recommended_limit([1, 2, 2, 3, None], 0.8), recommended_limit([1, None], 0.9)
    (3, None)
    """
    decided = sorted(r for r in ends if r is not None)
    need = target * len(ends)
    for count, end in enumerate(decided, start=1):
        if count >= need - 1e-9:
            return end
    return None


def _decided_by(ends: Sequence[int | None], limit: int) -> int:
    return sum(1 for e in ends if e is not None and e <= limit)


def _first_test(ends: Sequence[int | None], now: int | None, target: float) -> tuple[str, float]:
    """The one test that opens a scenario's family: a cut by one round (``"cut"``), or a
    raise (``"raise"``) when the limit now decides fewer than ``target`` of the games."""
    n = len(ends)
    if not now or not n:
        return "keep", 1.0
    if _decided_by(ends, now) < target * n:
        return "raise", share_below(_decided_by(ends, now), n, target)
    if now <= 1:
        return "keep", 1.0
    return "cut", share_at_least(_decided_by(ends, now - 1), n, target)


def standing_change(
    scenarios: Sequence[tuple[Sequence[int | None], int | None]],
    target: float,
    cap: int,
    alpha: float = ALPHA,
) -> list[dict[str, Any]]:
    """Per scenario (its games' ends and its limit now) the change that stands: ``kind``
    (cut, raise, keep, or never: too few games decided below the limit now and by the cap
    too), ``limit`` (the new limit; the limit now otherwise), ``p`` and
    ``p_holm`` of its first test (see the module docstring).

    >>> thirty = [1] * 14 + [3] * 10 + [6] * 3 + [None] * 3  # the duel: 27 of 30 by round 6
    >>> [c["kind"] for c in standing_change([(thirty, 10)], 0.9, 40)]
    ['keep']
    >>> quick = [1] * 200 + [2] * 100  # 300 games, every one decided by round 2
    >>> found = standing_change([(quick, 10)], 0.9, 40)[0]
    >>> found["kind"], found["limit"]
    ('cut', 2)
    """
    firsts = [_first_test(ends, now, target) for ends, now in scenarios]
    adjusted = holm([p for _, p in firsts])
    order = sorted(range(len(firsts)), key=lambda i: firsts[i][1])
    level = {i: alpha / (len(firsts) - rank) for rank, i in enumerate(order)}
    out = []
    for i, ((ends, now), (kind, p)) in enumerate(zip(scenarios, firsts, strict=True)):
        stands = kind != "keep" and adjusted[i] <= alpha
        limit = now
        if stands and kind == "raise":
            found = recommended_limit(ends, target)
            if found is None:  # no limit up to the cap decides enough: nothing to raise to
                kind = "never"
            else:
                limit = found
        elif stands and kind == "cut" and now:
            limit = now - 1
            n = len(ends)
            while limit > 1 and share_at_least(_decided_by(ends, limit - 1), n, target) <= level[i]:
                limit -= 1
        out.append(
            {"kind": kind if stands else "keep", "limit": limit, "p": p, "p_holm": adjusted[i]}
        )
    return out


class RoundsExperiment(PerScenario):
    """One cell per scenario with the round limit raised to ``cap``."""

    name = "rounds"

    def __init__(self, *, cap: int = 40, target: float = 0.9, **cells: Unpack[CellOptions]) -> None:
        if not 0 < target <= 1:
            raise ValueError(f"target {target}: expected a share above 0 and at most 1")
        self.cap, self.target = cap, target
        scenarios = cells.get("scenarios", DEFAULT_SCENARIOS)
        self.current = {s: load_scenario(s).round_limit for s in scenarios}
        super().__init__(table=lambda s: with_round_limit(load_scenario(s), cap), **cells)

    def analyse(self, rows: Mapping[str, Sequence[Row]]) -> dict[str, Any]:
        """Length distributions, the share decided by each round, the recommended limit."""
        out = []
        every_end = []
        for cell in self._cells:
            found = rows.get(cell.key, [])
            ends = [r["rounds"] if r["end_reason"] == STANDING else None for r in found]
            every_end.append((ends, self.current[cell.key]))
            n = len(ends)
            counts = Counter(e for e in ends if e is not None)
            cumulative, total = [], 0
            for r in range(1, self.cap + 1):
                total += counts.get(r, 0)
                cumulative.append(total / n if n else 0.0)
            now = self.current[cell.key]
            decided_now = sum(1 for e in ends if e is not None and now and e <= now)
            shares = share_rate(decided_now, n)
            out.append(
                {
                    "scenario": cell.key,
                    "ruleset": cell.spec.ruleset.name,
                    "games": n,
                    "current_limit": now,
                    "decided_by_current_limit": shares,
                    "decided_by_cap": cumulative[-1] if cumulative else 0.0,
                    "ends": {str(k): v for k, v in sorted(counts.items())},
                    "cumulative": cumulative,
                    "estimated_limit": recommended_limit(ends, self.target),
                }
            )
        changes = standing_change(every_end, self.target, self.cap)
        for scenario, change in zip(out, changes, strict=True):
            scenario["change"] = change
            moved = change["kind"] in ("cut", "raise")
            scenario["recommended_limit"] = change["limit"] if moved else None
        return {
            **self.head(),
            "cap": self.cap,
            "target": self.target,
            "scenarios": out,
        }

    def plots(self, summary: Mapping[str, Any], folder: Path) -> list[Path]:
        """The share of games decided by each round, one line per scenario."""
        fig, ax = figure()
        for i, s in enumerate(summary["scenarios"]):
            xs = list(range(1, len(s["cumulative"]) + 1))
            colour = COLOURS[i % len(COLOURS)]
            ax.step(xs, s["cumulative"], where="post", color=colour, label=s["scenario"])
            if s["current_limit"]:
                ax.plot(
                    [s["current_limit"]],
                    [s["decided_by_current_limit"]["rate"]],
                    marker="o",
                    color=colour,
                    ms=5,
                )
        ax.axhline(summary["target"], color="#888888", linestyle="--", linewidth=0.8)
        ax.set_ylim(0, 1.02)
        ax.set_xlabel("round / Runde")
        ax.set_ylabel("decided / entschieden")
        ax.legend(fontsize=8, loc="lower right")
        ax.set_title("games with a side standing by round / entschiedene Spiele", fontsize=10)
        return [save(fig, folder / "rounds.png")]

    def markdown(self, summary: Mapping[str, Any], plots: Sequence[Path], lang: str) -> str:
        """The report in one language."""
        setup = per_scenario_setup(summary) | {"cap": summary["cap"], "target": summary["target"]}
        lines = report_head("rounds", summary, plots, lang, columns=5, setup=setup)
        for s in summary["scenarios"]:
            now = s["decided_by_current_limit"]
            estimate = s.get("estimated_limit")
            lines.append(
                f"| {s['scenario']} | {s['current_limit'] or '—'} | {share(now, lang)} "
                f"| {numeral(s['decided_by_cap'], '.0%', lang)} "
                f"| {estimate if estimate is not None else '—'} |"
            )
        lines.append("")
        for s in summary["scenarios"]:
            change = s.get("change") or {"kind": "keep", "p_holm": 1.0}
            best = s["recommended_limit"]
            p_holm = numeral(change["p_holm"], ".3f", lang)
            if s.get("estimated_limit") is None:
                text = say("rounds_never", lang, scenario=s["scenario"], cap=summary["cap"])
            elif best is not None:
                text = say("rounds_limit", lang, scenario=s["scenario"], limit=best, p=p_holm)
            else:
                text = say(
                    "rounds_keep", lang, scenario=s["scenario"], limit=s["current_limit"] or "—",
                    p=p_holm,
                )  # fmt: skip
            lines.append(f"- {text}")
        return "\n".join(lines)
