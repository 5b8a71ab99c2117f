"""``balance abilities``: what one ability (B1) is worth — the win-rate change from giving it
to one figure, on paired seeds against the same opponents.

The baseline cell plays the scenario as it is; each ability cell adds that
ability to the first figure of seat 0. Game *i* of every cell starts from the
same seed, so the difference of win rates is measured pair by pair (won with the
ability − won without, per seed). Only the discordant seeds (won one way, not the other)
tell: the exact sign test on them (McNemar's exact test) gives each ability's p-value,
Holm's correction across all the abilities of the report its adjusted one, and an
ability's change is marked only where that stays below 5 %; its 95 % bounds are exact
given the discordant seeds (:func:`~totenblatt.sim.stats.paired_change`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from totenblatt.sim.balance.core import Cell, report_head
from totenblatt.sim.balance.plotting import COLOURS, error_bars, figure, save
from totenblatt.sim.play import Row
from totenblatt.sim.scenarios import with_ability
from totenblatt.sim.spec import RunSpec
from totenblatt.sim.stats import ALPHA, holm, paired_change, rate
from totenblatt.sim.wording import numeral, say
from totenblatt.wanted.table import load_scenario
from totenblatt.wanted.vocab import Ability

__all__ = ["BASELINE", "AbilitiesExperiment", "ability_label"]

BASELINE = "none"
"""The cell key of the scenario without an added ability."""


def ability_label(result: Mapping[str, Any]) -> str:
    """An ability's name on the plot, English and German like the axis labels.

    >>> ability_label({"ability": "light_footed_2", "name_en": "Light-Footed 2",
    ...                "name_de": "Leichtfüßig 2"})
    'Light-Footed 2 / Leichtfüßig 2'
    >>> ability_label({"ability": "sharpshooter"})
    'sharpshooter'
    """
    english = result.get("name_en") or result["ability"]
    german = result.get("name_de")
    return f"{english} / {german}" if german and german != english else str(english)


class AbilitiesExperiment:
    """Seat 0's first figure with each ability against the scenario as it is."""

    def __init__(
        self,
        *,
        scenario: str = "duel",
        abilities: Sequence[str] | None = None,
        games: int = 300,
        seed: int = 0,
        bots: Sequence[str] = ("heuristic",),
        options: Sequence[tuple[str, Any]] = (),
    ) -> None:
        chosen = [Ability(a) for a in abilities] if abilities else list(Ability)
        base = load_scenario(scenario)
        self.name = f"abilities-{base.name}"
        self.scenario, self.games, self.seed, self.bots = base.name, games, seed, tuple(bots)
        self.figure = base.figures_of(0)[0].name
        self.abilities = chosen
        self.options = tuple(options)
        variants = [(BASELINE, base), *((a.value, with_ability(base, a)) for a in chosen)]
        self._cells = [
            Cell(
                key,
                RunSpec.make(scen, "extended", bots=self.bots, seed=seed, options=self.options),
                games,
            )
            for key, scen in variants
        ]

    def cells(self) -> list[Cell]:
        """The baseline and one cell per ability."""
        return list(self._cells)

    def analyse(self, rows: Mapping[str, Sequence[Row]]) -> dict[str, Any]:
        """Seat 0's win rate per ability and its paired change against the baseline."""
        base = {r["game"]: 0 in r["winners"] for r in rows.get(BASELINE, [])}
        n_base = len(base)
        results: list[dict[str, Any]] = []
        for ability in self.abilities:
            found = rows.get(ability.value, [])
            wins = {r["game"]: 0 in r["winners"] for r in found}
            games = [g for g in wins if g in base]
            paired = paired_change([wins[g] for g in games], [base[g] for g in games])
            r = rate(sum(wins.values()), len(wins))
            results.append(
                {
                    "ability": ability.value,
                    "name_en": ability.english,
                    "name_de": ability.german,
                    "rate": r["rate"],
                    "low": r["low"],
                    "high": r["high"],
                    "change": paired["change"],
                    "change_low": paired["low"],
                    "change_high": paired["high"],
                    "discordant_wins": paired["wins"],
                    "discordant_losses": paired["losses"],
                    "p": paired["p"],
                }
            )
        for result, adjusted in zip(results, holm([x["p"] for x in results]), strict=True):
            result["p_holm"] = adjusted
            result["significant"] = adjusted <= ALPHA
        results.sort(key=lambda x: math.inf if math.isnan(x["change"]) else -x["change"])
        b = rate(sum(base.values()), n_base)
        return {
            "scenario": self.scenario,
            "figure": self.figure,
            "bots": list(self.bots),
            "options": dict(self.options),
            "seed": self.seed,
            "games_per_cell": self.games,
            "baseline": {"rate": b["rate"], "low": b["low"], "high": b["high"], "games": n_base},
            "abilities": results,
        }

    def plots(self, summary: Mapping[str, Any], folder: Path) -> list[Path]:
        """Horizontal bars: the change of seat 0's win rate per ability, with 95 % intervals."""
        found = list(reversed(summary["abilities"]))
        fig, ax = figure(7.0, 0.28 * len(found) + 1.2)
        ys = range(len(found))
        changes = [a["change"] * 100 for a in found]
        errors = [
            [e * 100 for e in side]
            for side in error_bars(found, "change_low", "change_high", "change")
        ]
        colours = [COLOURS[0] if c >= 0 else COLOURS[1] for c in changes]
        ax.barh(list(ys), changes, xerr=errors, color=colours, height=0.6, capsize=2)
        ax.set_yticks(list(ys), [ability_label(a) for a in found], fontsize=8)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel("change of win rate, points / Änderung der Siegquote, Punkte")
        who, where = summary["figure"], summary["scenario"]
        ax.set_title(f"one ability for {who} / eine Fähigkeit für {who} — {where}", fontsize=10)
        return [save(fig, folder / f"{self.name}.png")]

    def markdown(self, summary: Mapping[str, Any], plots: Sequence[Path], lang: str) -> str:
        """The report in one language."""
        base = summary["baseline"]
        setup = {
            "figure": summary["figure"],
            "scenario": summary["scenario"],
            "bots": ", ".join(summary["bots"]),
            "games": summary["games_per_cell"],
            "seed": summary["seed"],
            "rate": base["rate"],
            "low": base["low"],
            "high": base["high"],
        }
        title = {"scenario": summary["scenario"]}
        lines = report_head("abilities", summary, plots, lang, columns=6, title=title, setup=setup)
        for a in summary["abilities"]:
            name = a["name_de"] if lang == "de" else a["name_en"]
            mark = " *" if a["significant"] else ""
            rate, low, high = (numeral(a[k], ".0%", lang) for k in ("rate", "low", "high"))
            change, c_low, c_high = (
                numeral(a[k] * 100, "+.1f", lang) for k in ("change", "change_low", "change_high")
            )
            p_holm = numeral(a["p_holm"], ".3f", lang)
            lines.append(
                f"| {name} (`{a['ability']}`) | {rate} | {low}–{high} "
                f"| {change}{mark} | {c_low} … {c_high} "
                f"| {a['discordant_wins']}–{a['discordant_losses']}, {p_holm} |"
            )
        lines += ["", say("abilities_note", lang, n=len(summary["abilities"]))]
        return "\n".join(lines)
