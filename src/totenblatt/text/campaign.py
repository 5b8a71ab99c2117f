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

from totenblatt.campaign import events as ev
from totenblatt.campaign.events import Event, notable
from totenblatt.campaign.export import HistoryEntry
from totenblatt.campaign.gang import Gang, Member, MemberStatus, fate
from totenblatt.campaign.recruitment import affordable, hirable, hire_cost, spare_hp
from totenblatt.cards import Card
from totenblatt.names import markdown_cell
from totenblatt.text.catalog import render, words
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


def describe(event: Event, lang: str = "en") -> str:
    """One line a person reads about a campaign step."""
    return _after_fight(event, lang) or _roster(event, lang)


def _after_fight(event: Event, lang: str) -> str | None:
    """A fight's events in words (B4, B5): joining, abilities, recovery, counts, deaths."""
    w = words(lang)
    match event:
        case ev.Joined(member, kind, hp):
            return w.phrase(
                "{member} joins ({kind}, {hp} HP)",
                member=member,
                kind=kind_name(kind, lang),
                hp=hp,
            )
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
        case ev.Recovered(member, before, after):
            return w.phrase(
                "{member} recovers: {before} → {after} HP",
                member=member,
                before=before,
                after=after,
            )
        case ev.FightCounted(member, count):
            return w.phrase("{member}: fights survived {count}", member=member, count=count)
        case ev.NotCounted():
            return w.phrase("Conceded fight: it does not count for advancement")
        case ev.Promoted(member, hp_max):
            return w.phrase(
                "{member} is promoted to veteran (keeps HP maximum {hp_max})",
                member=member,
                hp_max=hp_max,
            )
        case ev.MaxHpRaised(member, hp_max):
            return w.phrase("{member}: HP maximum rises to {hp_max}", member=member, hp_max=hp_max)
        case ev.Died(member, kind):
            return w.phrase("{member} ({kind}) is dead", member=member, kind=kind_name(kind, lang))
        case ev.Sacrificed(member, kind, size):
            return w.phrase(
                "{member} ({kind}) is sacrificed; the gang shrinks to {size}",
                member=member,
                kind=kind_name(kind, lang),
                size=size,
            )
    return None


def _roster(event: Event, lang: str) -> str:
    """The roster's events in words: payments and hires (B6), names, dismissals, weapons."""
    w = words(lang)
    match event:
        case ev.Paid(member, hp, left):
            return w.phrase("{member} pays {hp} HP ({left} left)", member=member, hp=hp, left=left)
        case ev.Hired(member, kind, cost):
            return w.phrase(
                "{member} hired as {kind} for {cost} HP",
                member=member,
                kind=kind_name(kind, lang),
                cost=cost,
            )
        case ev.HireForfeited(kinds):
            return w.phrase(
                "No replacement any more for: {kinds}",
                kinds=", ".join(kind_name(k, lang) for k in kinds),
            )
        case ev.GangRenamed(old, new):
            return w.phrase("The gang {old} is now called {new}", old=old, new=new)
        case ev.Renamed(old, new):
            return w.phrase("{old} is now called {new}", old=old, new=new)
        case ev.Dismissed(member, kind):
            return w.phrase(
                "{member} ({kind}) is dismissed and leaves the gang",
                member=member,
                kind=kind_name(kind, lang),
            )
        case ev.LeaderChosen(member, kind):
            return w.phrase(
                "{member} ({kind}) now leads the gang", member=member, kind=kind_name(kind, lang)
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
