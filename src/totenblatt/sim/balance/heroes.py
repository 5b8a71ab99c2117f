"""``balance heroes``: one hero against N standard cowboys, in both hand modes (B2, D-5).

The designer's claim (B2): a veteran (Haudegen) is worth about 5 standard
cowboys in a fight, a gunslinger (Revolverheld) about 3. For every N and both
readings of D-5 the experiment plays paired games (game *i* of every cell from
the same seed) and reports the hero's win rate with a 95 % Wilson interval, the
N where the hero is even (the rate crosses 50 %, linear between points; its
range from where the interval's ends cross — open, "more than N", where an end does
not cross within the range played), whether "about" the claim holds (within ±1 cowboy)
and which mode D-5 should default to: a mode is recommended only where the claim holds
in it and the other mode's whole range of the even point lies outside "about" the claim
(else the data do not tell the modes apart, and the report says so).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from totenblatt.sim.balance.core import Cell, setup_lines
from totenblatt.sim.balance.plotting import COLOURS, error_bars, figure, save
from totenblatt.sim.play import Row
from totenblatt.sim.scenarios import hero_against_cowboys
from totenblatt.sim.spec import RunSpec
from totenblatt.sim.stats import crossing, share_rate
from totenblatt.sim.wording import numeral, say
from totenblatt.wanted.vocab import HeroType

__all__ = ["CLAIMS", "MODES", "HeroesExperiment"]

CLAIMS = {HeroType.VETERAN: 5, HeroType.GUNSLINGER: 3}
"""B2: how many standard cowboys a hero is worth, by the designer's word."""
MODES = ("per_player", "per_character")
"""The two readings of D-5."""
TOLERANCE = 1.0
"""'About N' holds when the even point is within this many cowboys of N."""


class HeroesExperiment:
    """Hero (seat 0) against 1…N cowboys (seat 1) on a point-symmetric built-in table."""

    def __init__(
        self,
        hero: HeroType | str = HeroType.VETERAN,
        *,
        cowboys: Sequence[int] | None = None,
        modes: Sequence[str] = MODES,
        games: int = 300,
        seed: int = 0,
        bots: Sequence[str] = ("heuristic",),
        table: str = "duel",
        round_limit: int | None = 30,
        weapon: str = "colt",
    ) -> None:
        known = {h.value: h for h in CLAIMS}
        if str(hero) not in known:
            raise ValueError(f"--hero {str(hero)!r}: expected veteran or gunslinger")
        self.hero = known[str(hero)]
        for mode in modes:
            if mode not in MODES:
                raise ValueError(f"hand mode {mode!r}: expected one of {', '.join(MODES)}")
        counts = sorted(set(cowboys or range(1, 11 if self.hero is HeroType.VETERAN else 9)))
        if not counts or counts[0] < 1:
            raise ValueError(f"cowboys {counts}: expected counts of 1 or more")
        self.name = f"heroes-{self.hero.value}"
        self.claim = CLAIMS[self.hero]
        self.counts, self.modes, self.games, self.seed = counts, tuple(modes), games, seed
        self.table, self.round_limit, self.weapon = table, round_limit, weapon
        self.bots = tuple(bots)
        self._cells = [
            Cell(
                f"{mode}/{n}",
                RunSpec.make(
                    hero_against_cowboys(
                        self.hero, n, table=table, weapon=weapon, round_limit=round_limit
                    ),
                    "extended",
                    bots=self.bots,
                    seed=seed,
                    options=[("hand_mode", mode)],
                ),
                games,
            )
            for mode in self.modes
            for n in counts
        ]

    def cells(self) -> list[Cell]:
        """One cell per hand mode and number of cowboys."""
        return list(self._cells)

    # -- findings ----------------------------------------------------------------------

    def analyse(self, rows: Mapping[str, Sequence[Row]]) -> dict[str, Any]:
        """Win rates per N and mode, even points, the claim's verdict, the D-5 advice."""
        modes: dict[str, Any] = {}
        for mode in self.modes:
            points = [self._point(n, rows.get(f"{mode}/{n}", [])) for n in self.counts]
            xs = [p["cowboys"] for p in points]
            even = crossing(xs, [p["rate"] for p in points], 0.5)
            beyond = None
            if even is None and points:
                beyond = "above" if points[-1]["rate"] > 0.5 else "below"
            even_low = crossing(xs, [p["low"] for p in points], 0.5)
            even_high = crossing(xs, [p["high"] for p in points], 0.5)
            modes[mode] = {
                "points": points,
                "even": even,
                "even_low": even_low,
                "even_high": even_high,
                "even_low_open": _open_end(even_low, [p["low"] for p in points]),
                "even_high_open": _open_end(even_high, [p["high"] for p in points]),
                "even_beyond": beyond,
                "claim_holds": even is not None and abs(even - self.claim) <= TOLERANCE,
                "claim_excluded": _excluded(even_low, even_high, points, self.claim),
            }
        return {
            "hero": self.hero.value,
            "claim": self.claim,
            "tolerance": TOLERANCE,
            "table": self.table,
            "round_limit": self.round_limit,
            "weapon": self.weapon,
            "bots": list(self.bots),
            "seed": self.seed,
            "games_per_point": self.games,
            "cowboys": self.counts,
            "modes": modes,
            "recommended_mode": self._recommend(modes),
        }

    @staticmethod
    def _point(n: int, rows: Sequence[Row]) -> dict[str, Any]:
        games = len(rows)
        hero = sum(1 for r in rows if 0 in r["winners"])
        cowboys = sum(1 for r in rows if 1 in r["winners"])
        limit = sum(1 for r in rows if r["end_reason"] == "round_limit")
        won = [r for r in rows if 0 in r["winners"]]
        return {
            "cowboys": n,
            "games": games,
            "hero_wins": hero,
            "cowboy_wins": cowboys,
            "draws": games - hero - cowboys,
            **share_rate(hero, games),
            "round_limit_share": limit / games if games else math.nan,
            "rounds_mean": sum(r["rounds"] for r in rows) / games if games else math.nan,
            "hero_hp_left_when_winning": (
                sum(r["hp_left"][0] for r in won) / len(won) if won else None
            ),
        }

    def _recommend(self, modes: Mapping[str, Any]) -> str | None:
        """The mode where the claim holds while every other mode's whole range of the even
        point excludes it; None when the data do not tell the modes apart."""
        holding = [m for m in modes if modes[m]["claim_holds"]]
        if len(holding) != 1:
            return None
        others = [m for m in modes if m != holding[0]]
        return holding[0] if all(modes[m]["claim_excluded"] for m in others) else None

    # -- plots and text -----------------------------------------------------------------

    def plots(self, summary: Mapping[str, Any], folder: Path) -> list[Path]:
        """One plot per mode: the hero's win rate against N with 95 % intervals."""
        out = []
        for i, (mode, found) in enumerate(summary["modes"].items()):
            points = found["points"]
            xs = [p["cowboys"] for p in points]
            ys = [p["rate"] for p in points]
            fig, ax = figure()
            colour = COLOURS[i % len(COLOURS)]
            ax.errorbar(xs, ys, yerr=error_bars(points), color=colour, marker="o", ms=4, capsize=3)
            ax.axhline(0.5, color="#888888", linewidth=0.8, linestyle="--")
            ax.axvline(self.claim, color=COLOURS[1], linewidth=1.0, linestyle=":")
            ax.text(self.claim, 0.62, " claim / Behauptung", color=COLOURS[1], fontsize=8)
            if found["even"] is not None:
                ax.plot([found["even"]], [0.5], marker="D", color="black", ms=5)
            ax.set_ylim(-0.02, 1.02)
            ax.set_xticks(xs)
            ax.set_xlabel("standard cowboys N / Standardcowboys N")
            en, de = self.hero.value, self.hero.german
            ax.set_ylabel(f"{en} wins / Siege")
            ax.set_title(f"{en} / {de} vs N cowboys — hand_mode {mode}", fontsize=10)
            out.append(save(fig, folder / f"{self.name}-{mode}.png"))
        return out

    def markdown(self, summary: Mapping[str, Any], plots: Sequence[Path], lang: str) -> str:
        """The report in one language."""
        hero = summary["hero"]
        setup = setup_lines(
            say(
                "heroes_setup",
                lang,
                hero=_hero_word(hero, lang),
                table=summary["table"],
                weapon=summary["weapon"],
                limit=summary["round_limit"] or "—",
                bots=", ".join(summary["bots"]),
                games=summary["games_per_point"],
                seed=summary["seed"],
            ),
            summary,
            lang,
        )
        lines = [
            say("heroes_title", lang, hero=_hero_word(hero, lang), claim=summary["claim"]),
            "",
            *setup,
        ]
        plot_of = {p.stem.rsplit("-", 1)[-1]: p.name for p in plots}
        for mode, found in summary["modes"].items():
            lines += [f"### hand_mode = {mode}", ""]
            if mode in plot_of:
                lines += [f"![{mode}]({plot_of[mode]})", ""]
            lines += [say("heroes_table_head", lang), "|---|---|---|---|---|---|"]
            for p in found["points"]:
                rate, low, high, limit = (
                    numeral(p[k], ".0%", lang) for k in ("rate", "low", "high", "round_limit_share")
                )
                lines.append(
                    f"| {p['cowboys']} | {p['games']} | {p['hero_wins']} | {rate} "
                    f"| {low}–{high} | {limit} |"
                )
            lines += ["", self._verdict(found, summary, lang), ""]
        lines += [say("heroes_d5_head", lang), "", self._advice(summary, lang)]
        return "\n".join(lines)

    def _verdict(self, found: Mapping[str, Any], summary: Mapping[str, Any], lang: str) -> str:
        claim = summary["claim"]
        most, least = max(summary["cowboys"]), min(summary["cowboys"])
        if found["even"] is None:
            key = "heroes_even_above" if found["even_beyond"] == "above" else "heroes_even_below"
            text = say(key, lang, most=most, least=least)
        else:
            low, high = found["even_low"], found["even_high"]
            open_low = found.get("even_low_open") == "below" or low is None
            open_high = found.get("even_high_open") == "above" or high is None
            if open_low and open_high:
                text = say("heroes_even_open", lang, even=found["even"], least=least, most=most)
            elif open_high:
                text = say("heroes_even_open_high", lang, even=found["even"], low=low, most=most)
            elif open_low:
                text = say("heroes_even_open_low", lang, even=found["even"], least=least, high=high)
            else:
                text = say("heroes_even", lang, even=found["even"], low=low, high=high)
        holds = "heroes_holds" if found["claim_holds"] else "heroes_fails"
        return f"{text} {say(holds, lang, claim=claim)}"

    def _advice(self, summary: Mapping[str, Any], lang: str) -> str:
        mode = summary["recommended_mode"]
        if mode is not None:
            return say("heroes_d5", lang, mode=mode, claim=summary["claim"])
        if all(found["even"] is None for found in summary["modes"].values()):
            return say("heroes_d5_none", lang, claim=summary["claim"])
        return say("heroes_d5_open", lang, claim=summary["claim"])


def _open_end(crossed: float | None, bound: Sequence[float]) -> str | None:
    """Where an end of the even point's range lies when its curve does not cross 50 % in
    the range played: "above" the most cowboys (still above 50 % there), "below" the fewest
    (already below), else None (it crossed)."""
    if crossed is not None or not bound:
        return None
    return "above" if bound[-1] > 0.5 else "below"


def _excluded(
    low: float | None, high: float | None, points: Sequence[Mapping[str, Any]], claim: int
) -> bool:
    """Whether the whole 95 % range of the even point lies outside ``claim`` ± TOLERANCE.

    An end that does not cross within the range played is open (below the fewest
    cowboys, above the most) or, when its curve stays on the far side, lies beyond the
    range (then the range's edge is a safe bound for it)."""
    if not points:
        return False
    xs = [p["cowboys"] for p in points]
    # the low curve above 50 % throughout: the even point lies beyond the most cowboys
    start = low if low is not None else xs[-1] if points[-1]["low"] > 0.5 else -math.inf
    # the high curve below 50 % throughout: the even point lies before the fewest
    end = high if high is not None else math.inf if points[-1]["high"] > 0.5 else xs[0]
    return end < claim - TOLERANCE or start > claim + TOLERANCE


def _hero_word(hero: str, lang: str) -> str:
    kind = HeroType(hero)
    return kind.german if lang == "de" else kind.value
