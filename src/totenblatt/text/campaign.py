"""Campaign steps and rosters in words: one line per event, a gang's roster as Markdown.

>>> from totenblatt.cards import Card
>>> from totenblatt.campaign.events import AbilityGained
>>> from totenblatt.wanted.vocab import Ability
>>> e = AbilityGained("Jesse Carver", Ability.COVER_3, Card.parse("7♥"))
>>> describe(e, "en"), describe(e, "de")
('Jesse Carver draws 7♥: Cover 3', 'Jesse Carver zieht Herz-7: Deckung 3')
"""

from __future__ import annotations

from collections.abc import Sequence

from totenblatt.campaign.events import (
    AbilityGained,
    Died,
    Event,
    FightCounted,
    Hired,
    HireForfeited,
    Joined,
    MaxHpRaised,
    NotCounted,
    Paid,
    Promoted,
    Recovered,
    Sacrificed,
    notable,
)
from totenblatt.campaign.export import HistoryEntry
from totenblatt.campaign.gang import Gang, Member, MemberStatus
from totenblatt.cards import Card
from totenblatt.names import markdown_cell
from totenblatt.text.catalog import words
from totenblatt.text.vocab import ability_name, kind_name

__all__ = ["describe", "roster_markdown"]


def describe(event: Event, lang: str = "en") -> str:
    """One line a person reads about a campaign step."""
    w = words(lang)
    match event:
        case Joined(member, kind, hp):
            return w.phrase(
                "{member} joins ({kind}, {hp} HP)",
                member=member,
                kind=kind_name(kind, lang),
                hp=hp,
            )
        case AbilityGained(member, ability, None):
            return w.phrase(
                "{member} chooses {ability}", member=member, ability=ability_name(ability, lang)
            )
        case AbilityGained(member, ability, Card() as card):
            return w.phrase(
                "{member} draws {card}: {ability}",
                member=member,
                card=card.name(lang) if lang == "de" else str(card),
                ability=ability_name(ability, lang),
            )
        case Recovered(member, before, after):
            return w.phrase(
                "{member} recovers: {before} → {after} HP",
                member=member,
                before=before,
                after=after,
            )
        case FightCounted(member, count):
            return w.phrase("{member}: fights survived {count}", member=member, count=count)
        case NotCounted():
            return w.phrase("Conceded fight: it does not count for advancement")
        case Promoted(member, hp_max):
            return w.phrase(
                "{member} is promoted to veteran (keeps HP maximum {hp_max})",
                member=member,
                hp_max=hp_max,
            )
        case MaxHpRaised(member, hp_max):
            return w.phrase("{member}: HP maximum rises to {hp_max}", member=member, hp_max=hp_max)
        case Died(member, kind):
            return w.phrase("{member} ({kind}) is dead", member=member, kind=kind_name(kind, lang))
        case Sacrificed(member, kind, size):
            return w.phrase(
                "{member} ({kind}) is sacrificed; the gang shrinks to {size}",
                member=member,
                kind=kind_name(kind, lang),
                size=size,
            )
        case Paid(member, hp, left):
            return w.phrase("{member} pays {hp} HP ({left} left)", member=member, hp=hp, left=left)
        case Hired(member, kind, cost):
            return w.phrase(
                "{member} hired as {kind} for {cost} HP",
                member=member,
                kind=kind_name(kind, lang),
                cost=cost,
            )
        case HireForfeited(kinds):
            return w.phrase(
                "No replacement any more for: {kinds}",
                kinds=", ".join(kind_name(k, lang) for k in kinds),
            )
    raise AssertionError(f"unknown event {event!r}")  # pragma: no cover


def _abilities(member: Member, lang: str) -> str:
    return ", ".join(ability_name(a, lang) for a in member.abilities) or "—"


def _fate(member: Member, lang: str) -> str:
    w = words(lang)
    return w.phrase("died") if member.status is MemberStatus.DIED else w.phrase("sacrificed")


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def roster_markdown(gang: Gang, *, lang: str = "en", history: Sequence[HistoryEntry] = ()) -> str:
    """The roster, the fallen and the history as a Markdown document.

    >>> from totenblatt.wanted.vocab import Ability, HeroType
    >>> gang = Gang("Daltons", 2, (Member("Bob", HeroType.VETERAN, 7, 8, (Ability.COVER_1,)),))
    >>> print(roster_markdown(gang, lang="en").splitlines()[4])
    | Bob | veteran | 7/8 | Cover 1 | 0 |
    """
    w = words(lang)
    head = (
        w.phrase("Name"),
        w.phrase("Kind"),
        "HP",
        w.phrase("Abilities"),
        w.phrase("Fights survived"),
    )
    lines = [w.phrase("# Gang {name}", name=markdown_cell(gang.name)), ""]
    lines += [_row(head), "|" + "---|" * len(head)]
    for m in gang.members:
        row = (
            markdown_cell(m.name),
            kind_name(m.kind, lang),
            f"{m.hp}/{m.hp_max}",
            _abilities(m, lang),
        )
        lines.append(_row((*row, str(m.fights_survived))))
    lines.append("")
    summary = (
        w.phrase("Ruleset {ruleset}", ruleset=gang.ruleset),
        w.phrase("size {size}", size=gang.size),
        w.phrase_n("{n} member", "{n} members", len(gang.members)),
        w.phrase_n("{n} fight", "{n} fights", gang.fights),
    )
    lines.append(" · ".join(summary))
    if gang.lost_heroes:
        kinds = ", ".join(kind_name(k, lang) for k in gang.lost_heroes)
        lines += ["", w.phrase("May hire a replacement for: {kinds}", kinds=kinds)]
    if gang.fallen:
        lines += ["", w.phrase("## Fallen and sacrificed"), ""]
        fhead = (w.phrase("Name"), w.phrase("Kind"), w.phrase("Fate"), w.phrase("Fights survived"))
        lines += [_row(fhead), "|" + "---|" * len(fhead)]
        for m in gang.fallen:
            lines.append(
                _row(
                    (
                        markdown_cell(m.name),
                        kind_name(m.kind, lang),
                        _fate(m, lang),
                        str(m.fights_survived),
                    )
                )
            )
    shown = [h for h in history if not h.undone]
    if shown:
        lines += ["", w.phrase("## History"), ""]
        for i, entry in enumerate(shown, start=1):
            when = f"{entry.when:%Y-%m-%d %H:%M}"
            if entry.seed is not None:
                when = w.phrase("{when}, Seed {seed}", when=when, seed=entry.seed)
            lines.append(f"{i}. **{markdown_cell(entry.what)}** ({when})")
            lines += [f"   - {markdown_cell(describe(e, lang))}" for e in notable(entry.events)]
    return "\n".join(lines) + "\n"
