"""A gang's roster as Markdown (or a JSON-ready dict) that reads well printed or pasted.

>>> from totenblatt.campaign.gang import Gang, Member
>>> from totenblatt.wanted.vocab import Ability, HeroType
>>> gang = Gang("Daltons", 2, (Member("Bob", HeroType.VETERAN, 7, 8, (Ability.COVER_1,)),))
>>> print(roster_markdown(gang, lang="en").splitlines()[4])
| Bob | veteran | 7/8 | Cover 1 | 0 |
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from totenblatt.campaign.events import (
    Event,
    ability_name,
    describe,
    event_to_dict,
    kind_name,
    notable,
)
from totenblatt.campaign.gang import Gang, Member, MemberStatus

__all__ = ["HistoryEntry", "roster_dict", "roster_markdown"]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One logged command of a gang: what, when, the seed, what happened, whether undone."""

    what: str
    when: datetime
    seed: int | None
    events: tuple[Event, ...]
    undone: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "what": self.what,
            "when": self.when.isoformat(),
            "seed": self.seed,
            "undone": self.undone,
            "events": [event_to_dict(e) for e in self.events],
        }


def _abilities(member: Member, lang: str) -> str:
    return ", ".join(ability_name(a, lang) for a in member.abilities) or "—"


def _fate(member: Member, lang: str) -> str:
    if member.status is MemberStatus.DIED:
        return "tot" if lang == "de" else "died"
    return "geopfert" if lang == "de" else "sacrificed"


def roster_markdown(gang: Gang, *, lang: str = "en", history: Sequence[HistoryEntry] = ()) -> str:
    """The roster, the fallen and the history as a Markdown document in ``en`` or ``de``."""
    de = lang == "de"
    head = (
        ("Name", "Typ", "HP", "Fähigkeiten", "Überlebte Kämpfe")
        if de
        else ("Name", "Kind", "HP", "Abilities", "Fights survived")
    )
    lines = [f"# Gang {gang.name}", ""]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for m in gang.members:
        row = (m.name, kind_name(m.kind, lang), f"{m.hp}/{m.hp_max}", _abilities(m, lang))
        lines.append("| " + " | ".join((*row, str(m.fights_survived))) + " |")
    lines.append("")
    summary = (
        f"Regelwerk {gang.ruleset} · Größe {gang.size} · {len(gang.members)} Mitglieder · "
        f"{gang.fights} Kämpfe"
        if de
        else f"Ruleset {gang.ruleset} · size {gang.size} · {len(gang.members)} members · "
        f"{gang.fights} fights"
    )
    lines.append(summary)
    if gang.lost_heroes:
        kinds = ", ".join(kind_name(k, lang) for k in gang.lost_heroes)
        lines += [
            "",
            f"Ersatz anheuerbar für: {kinds}" if de else f"May hire a replacement for: {kinds}",
        ]
    if gang.fallen:
        lines += ["", "## Gefallen und geopfert" if de else "## Fallen and sacrificed", ""]
        fhead = (
            ("Name", "Typ", "Schicksal", "Überlebte Kämpfe")
            if de
            else ("Name", "Kind", "Fate", "Fights survived")
        )
        lines += ["| " + " | ".join(fhead) + " |", "|" + "---|" * len(fhead)]
        for m in gang.fallen:
            row = (m.name, kind_name(m.kind, lang), _fate(m, lang), str(m.fights_survived))
            lines.append("| " + " | ".join(row) + " |")
    shown = [h for h in history if not h.undone]
    if shown:
        lines += ["", "## Chronik" if de else "## History", ""]
        for i, entry in enumerate(shown, start=1):
            seed = f", Seed {entry.seed}" if entry.seed is not None else ""
            lines.append(f"{i}. **{entry.what}** ({entry.when:%Y-%m-%d %H:%M}{seed})")
            lines += [f"   - {describe(e, lang)}" for e in notable(entry.events)]
    return "\n".join(lines) + "\n"


def roster_dict(gang: Gang, *, history: Sequence[HistoryEntry] = ()) -> dict[str, Any]:
    """The public gang shape plus the fallen and the history, for ``gang export --format json``."""
    fallen = [m.to_dict() | {"fate": m.status.value} for m in gang.fallen]
    return gang.to_dict() | {
        "ruleset": gang.ruleset,
        "fights": gang.fights,
        "lost_heroes": [k.value for k in gang.lost_heroes],
        "fallen": fallen,
        "history": [h.to_dict() for h in history if not h.undone],
    }
