"""``balance seats``: does the first dealer — or any seat — win more than its share?

Per scenario, the same bot at every seat; among the games with a winner, each
seat's share of wins, the first dealer's (A3.1, drawn at random per game) and the
first player's after the dealer (who acts first when nobody bids, D-35), each with
a 95 % Wilson interval against the fair share 1 / seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from totenblatt.sim.balance.core import (
    DEFAULT_SCENARIOS,
    PerScenario,
    decisive,
    per_scenario_setup,
    report_head,
)
from totenblatt.sim.balance.plotting import COLOURS, error_bars, figure, save
from totenblatt.sim.play import Row
from totenblatt.sim.stats import share_rate
from totenblatt.sim.wording import numeral, say, share

__all__ = ["DEFAULT_SCENARIOS", "SeatsExperiment"]


def _seat_label(seat: int) -> str:
    """A seat as people count it (from 1), in both languages.

    >>> _seat_label(0)
    'seat 1 / Platz 1'
    """
    return f"seat {seat + 1} / Platz {seat + 1}"


class SeatsExperiment(PerScenario):
    """One cell per scenario, the same bot everywhere."""

    name = "seats"

    def analyse(self, rows: Mapping[str, Sequence[Row]]) -> dict[str, Any]:
        """Win shares per seat, of the first dealer and of the first to act."""
        out = []
        for cell in self._cells:
            found = rows.get(cell.key, [])
            won = decisive(found)
            seats = cell.spec.scenario.seats
            n = len(won)

            dealer = sum(1 for r in won if r["first_dealer"] in r["winners"])
            first = sum(1 for r in won if (r["first_dealer"] + 1) % seats in r["winners"])
            out.append(
                {
                    "scenario": cell.key,
                    "ruleset": cell.spec.ruleset.name,
                    "seats": seats,
                    "games": len(found),
                    "decisive": n,
                    "round_limit_share": (
                        sum(1 for r in found if r["end_reason"] == "round_limit") / len(found)
                        if found
                        else 0.0
                    ),
                    "fair": 1 / seats,
                    "per_seat": [
                        {"seat": s, **share_rate(sum(1 for r in won if s in r["winners"]), n)}
                        for s in range(seats)
                    ],
                    "first_dealer": share_rate(dealer, n),
                    "first_to_act": share_rate(first, n),
                }
            )
        return {
            **self.head(),
            "scenarios": out,
        }

    def plots(self, summary: Mapping[str, Any], folder: Path) -> list[Path]:
        """Win shares with 95 % intervals per scenario against the fair share."""
        fig, ax = figure(6.0, 4.2)
        found = summary["scenarios"]
        for x, s in enumerate(found):
            ax.hlines(s["fair"], x - 0.4, x + 0.4, color="#888888", linestyle="--", linewidth=1)
            series = [(_seat_label(p["seat"]), p, i) for i, p in enumerate(s["per_seat"])]
            series += [
                ("first dealer / erster Geber", s["first_dealer"], 4),
                ("first to act / zuerst am Zug", s["first_to_act"], 5),
            ]
            for j, (label, p, colour) in enumerate(series):
                offset = -0.3 + 0.6 * j / max(1, len(series) - 1)
                ax.errorbar(
                    [x + offset],
                    [p["rate"]],
                    yerr=error_bars([p]),
                    color=COLOURS[colour % len(COLOURS)],
                    marker="D" if label.startswith("first") else "o",
                    ms=4,
                    capsize=2,
                    label=label if x == 0 or (label == _seat_label(2) and s["seats"] > 2) else None,
                )
        ax.set_xticks(range(len(found)), [s["scenario"] for s in found])
        ax.set_ylim(0, 1)
        ax.set_ylabel("share of wins / Siegesanteil")
        ax.legend(fontsize=7, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.1))
        ax.set_title("seat and first-dealer advantage / Platz- und Geber-Vorteil", fontsize=10)
        return [save(fig, folder / "seats.png")]

    def markdown(self, summary: Mapping[str, Any], plots: Sequence[Path], lang: str) -> str:
        """The report in one language."""
        setup = per_scenario_setup(summary)
        lines = report_head("seats", summary, plots, lang, columns=6, setup=setup)
        for s in summary["scenarios"]:
            seats = ", ".join(share(p, lang) for p in s["per_seat"])
            fair = numeral(s["fair"], ".0%", lang)
            lines.append(
                f"| {s['scenario']} | {s['decisive']}/{s['games']} | {fair} | {seats} "
                f"| {share(s['first_dealer'], lang)} | {share(s['first_to_act'], lang)} |"
            )
        lines += ["", *self._findings(summary, lang)]
        return "\n".join(lines)

    @staticmethod
    def _findings(summary: Mapping[str, Any], lang: str) -> list[str]:
        out = []
        for s in summary["scenarios"]:
            fair = s["fair"]
            named = [
                (say("seats_first_dealer", lang), s["first_dealer"]),
                (say("seats_first_to_act", lang), s["first_to_act"]),
                *((say("seats_seat", lang, seat=p["seat"] + 1), p) for p in s["per_seat"]),
            ]
            for who, p in named:
                if p["low"] > fair or p["high"] < fair:
                    key = "seats_more" if p["low"] > fair else "seats_less"
                    text = say(
                        key, lang, who=who, scenario=s["scenario"], rate=p["rate"], fair=fair
                    )
                    out.append(f"- {text}")
        return out or [say("seats_none", lang)]
