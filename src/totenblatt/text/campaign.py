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
from dataclasses import fields

from totenblatt.campaign import events as ev
from totenblatt.campaign.events import Event, notable
from totenblatt.campaign.export import HistoryEntry
from totenblatt.campaign.gang import Gang, Member, MemberStatus, fate
from totenblatt.campaign.recruitment import affordable, hirable, hire_cost, spare_hp
from totenblatt.cards import Card
from totenblatt.names import markdown_cell
from totenblatt.text.catalog import N_, render, words
from totenblatt.text.vocab import ability_name, kind_name, weapon_name
from totenblatt.wanted.rules import Ruleset

__all__ = ["describe", "gang_weapon", "hire_hint", "roster_markdown"]


def _rules(gang: Gang) -> Ruleset | None:
    try:
        return Ruleset.load(gang.ruleset)
    except (ValueError, OSError):  # a ruleset file gone since
        return None


def hire_hint(gang: Gang, lang: str = "en", *, command: bool = True) -> str | None:
    """What the gang may hire now — only what the survivors can pay (B6, D-29) — or why not.

    None when it lost no hero, or has no room or heroes enough. ``command`` adds the
    command that does it (``gang recruit``, ``gang fill``).

    >>> from totenblatt.wanted.vocab import HeroType
    >>> ann = Member("Ann", HeroType.COWBOY, 3, 6)
    >>> poor = Gang("D", 3, (ann,), lost_heroes=(HeroType.VETERAN,))
    >>> hire_hint(poor)
    'no replacement affordable: the survivors can pay 3 HP, a gunslinger costs 5 HP (gang fill)'
    """
    rules = _rules(gang) if gang.lost_heroes else None
    if rules is None:
        return None
    w = words(lang)
    offers = affordable(gang, rules)
    if offers:
        listed = ", ".join(f"{kind_name(k, lang)} ({hire_cost(k, rules)} HP)" for k in offers)
        if command:
            return w.phrase("may hire: {offers} (gang recruit)", offers=listed)
        return w.phrase("May hire a replacement for: {kinds}", kinds=listed)
    spare = spare_hp(gang, rules)
    cheapest = min(hirable(gang, rules), key=lambda k: hire_cost(k, rules), default=None)
    if cheapest is None or hire_cost(cheapest, rules) <= spare:
        return None  # no room, or heroes enough: nothing to suggest
    return w.phrase(
        "no replacement affordable: the survivors can pay {spare} HP, a {kind} costs "
        "{cost} HP (gang fill)",
        spare=spare,
        kind=kind_name(cheapest, lang),
        cost=hire_cost(cheapest, rules),
    )


def gang_weapon(gang: Gang, key: str, lang: str = "en") -> str:
    """A weapon key of ``gang``'s ruleset in words (``Winchester-Gewehr``); unknown: the key.

    >>> gang_weapon(Gang("D", 1, ()), "winchester", "de")
    'Winchester-Gewehr'
    """
    rules = _rules(gang)
    return key if rules is None else weapon_name(rules, key, lang)


_LINES: dict[type[Event], str] = {
    ev.Joined: N_("{member} joins ({kind}, {hp} HP)"),
    ev.Recovered: N_("{member} recovers: {before} → {after} HP"),
    ev.FightCounted: N_("{member}: fights survived {count}"),
    ev.NotCounted: N_("Conceded fight: it does not count for advancement"),
    ev.Promoted: N_("{member} is promoted to veteran (keeps HP maximum {hp_max})"),
    ev.MaxHpRaised: N_("{member}: HP maximum rises to {hp_max}"),
    ev.Died: N_("{member} ({kind}) is dead"),
    ev.Sacrificed: N_("{member} ({kind}) is sacrificed; the gang shrinks to {size}"),
    ev.Paid: N_("{member} pays {hp} HP ({left} left)"),
    ev.Hired: N_("{member} hired as {kind} for {cost} HP"),
    ev.HireForfeited: N_("No replacement any more for: {kinds}"),
    ev.GangRenamed: N_("The gang {old} is now called {new}"),
    ev.Renamed: N_("{old} is now called {new}"),
    ev.Dismissed: N_("{member} ({kind}) is dismissed and leaves the gang"),
    ev.LeaderChosen: N_("{member} ({kind}) now leads the gang"),
}
"""The line of each campaign step told by its fields alone (kinds in words, lists joined)."""

_PLACEHOLDERS = {
    "hp_before": "before",
    "hp_after": "after",
    "fights_survived": "count",
    "hp_left": "left",
}
"""Event fields a line calls by a shorter name."""


def describe(event: Event, lang: str = "en") -> str:
    """One line a person reads about a campaign step."""
    w = words(lang)
    line = _LINES.get(type(event))
    if line is not None:
        values = {_PLACEHOLDERS.get(f.name, f.name): getattr(event, f.name) for f in fields(event)}
        return w.phrase(line, **values)
    match event:
        case ev.AbilityGained(member, ability, None):
            return w.phrase(
                "{member} chooses {ability}", member=member, ability=ability_name(ability, lang)
            )
        case ev.AbilityGained(member, ability, Card() as card):
            return w.phrase(
                "{member} draws {card}: {ability}",
                member=member,
                card=card.name(lang) if lang == "de" else str(card),
                ability=ability_name(ability, lang),
            )
        case ev.Armed(member, weapon, before):
            base = Ruleset.load("extended")
            return w.phrase(
                "{member} swaps {before} for {weapon}",
                member=member,
                before=weapon_name(base, before, lang),
                weapon=weapon_name(base, weapon, lang),
            )
    raise AssertionError(f"unknown event {event!r}")  # pragma: no cover


def _abilities(member: Member, lang: str) -> str:
    return ", ".join(ability_name(a, lang) for a in member.abilities) or "—"


def _fate(member: Member, lang: str) -> str:
    return render(fate(member.status), lang)


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def roster_markdown(gang: Gang, *, lang: str = "en", history: Sequence[HistoryEntry] = ()) -> str:
    """The roster, the fallen and the history as a Markdown document.

    >>> from totenblatt.wanted.vocab import Ability, HeroType
    >>> gang = Gang("Daltons", 2, (Member("Bob", HeroType.VETERAN, 7, 8, (Ability.COVER_1,)),))
    >>> print(roster_markdown(gang, lang="en").splitlines()[4])
    | Bob | veteran | Colt .45 | 7/8 | Cover 1 | 0 |
    """
    w = words(lang)
    head = (
        w.phrase("Name"),
        w.phrase("Kind"),
        w.phrase("Weapon"),
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
            markdown_cell(gang_weapon(gang, m.weapon, lang)),
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
    hint = hire_hint(gang, lang, command=False)
    if hint is not None:
        lines += ["", hint]
    if gang.fallen:
        gone = any(m.status is MemberStatus.DISMISSED for m in gang.fallen)
        title = w.phrase("## Former members") if gone else w.phrase("## Fallen and sacrificed")
        lines += ["", title, ""]
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
