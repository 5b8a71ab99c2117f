"""``balance rounds``: how long games last, and the round limit each scenario needs (D-22).

Every scenario is played with its round limit raised to ``cap`` (the bots do not
look at the limit, so a game decided in round r is decided under any limit ≥ r).
The recommended ``round_limit`` is the smallest L such that at least ``target``
(90 %) of the games have a side standing by the end of round L; None when even
``cap`` rounds are not enough.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from totenblatt.sim.balance.core import PerScenario, per_scenario_setup, report_head
from totenblatt.sim.balance.plotting import COLOURS, figure, save
from totenblatt.sim.balance.seats import DEFAULT_SCENARIOS
from totenblatt.sim.play import Row
from totenblatt.sim.scenarios import with_round_limit
from totenblatt.sim.stats import share_rate
from totenblatt.sim.wording import numeral, say, share
from totenblatt.wanted.table import load_scenario

__all__ = ["RoundsExperiment", "recommended_limit"]

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


class RoundsExperiment(PerScenario):
    """One cell per scenario with the round limit raised to ``cap``."""

    name = "rounds"

    def __init__(
        self,
        *,
        scenarios: Sequence[str] = DEFAULT_SCENARIOS,
        games: int = 300,
        seed: int = 0,
        bot: str = "heuristic",
        cap: int = 40,
        target: float = 0.9,
    ) -> None:
        if not 0 < target <= 1:
            raise ValueError(f"target {target}: expected a share above 0 and at most 1")
        self.cap, self.target = cap, target
        self.current = {s: load_scenario(s).round_limit for s in scenarios}
        super().__init__(
            scenarios, games, seed, bot, lambda s: with_round_limit(load_scenario(s), cap)
        )

    def analyse(self, rows: Mapping[str, Sequence[Row]]) -> dict[str, Any]:
        """Length distributions, the share decided by each round, the recommended limit."""
        out = []
        for cell in self._cells:
            found = rows.get(cell.key, [])
            ends = [r["rounds"] if r["end_reason"] == STANDING else None for r in found]
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
                    "recommended_limit": recommended_limit(ends, self.target),
                }
            )
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
            best = s["recommended_limit"]
            lines.append(
                f"| {s['scenario']} | {s['current_limit'] or '—'} | {share(now, lang)} "
                f"| {numeral(s['decided_by_cap'], '.0%', lang)} "
                f"| {best if best is not None else '—'} |"
            )
        lines.append("")
        for s in summary["scenarios"]:
            best = s["recommended_limit"]
            if best is None:
                text = say("rounds_never", lang, scenario=s["scenario"], cap=summary["cap"])
            else:
                text = say("rounds_limit", lang, scenario=s["scenario"], limit=best)
            lines.append(f"- {text}")
        return "\n".join(lines)
