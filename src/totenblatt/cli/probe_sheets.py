"""``totenblatt probe --character``: a test of a stored sheet, alone or against another sheet.

The sheet's level of the skill plays (a skill it lacks is level 0, D-39), shifted
by the game master's ``--shift N:REASON`` (fuzzy levels, C4). Jokers: ``--jokers N``
spends up to N while the test is not a success (D-33); without it the command asks
before each one (no answer is no), and joker cards given in ``--cards`` (beyond the
base cards) are the jokers spent. Against another sheet (``--against-character``)
the loser takes the wound (a fight, C4); two player characters draw player against
player. Spent jokers and wounds are written on the sheets in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from totenblatt.cli.app import console, fail, print_json
from totenblatt.cli.options import Lang
from totenblatt.messages import Message, message_of
from totenblatt.names import same_name
from totenblatt.rpg.character import Character
from totenblatt.rpg.drawing import Side, loser
from totenblatt.rpg.levels import Shift, ShiftError, shifted
from totenblatt.rpg.probe import ProbeResult, card_counts, resolve_probe
from totenblatt.rpg.rules import Outcome, RpgRuleset
from totenblatt.text import words
from totenblatt.text.rpg import narrate_probe, wound_name

if TYPE_CHECKING:
    from totenblatt.store import Store

__all__ = [
    "SheetProbe",
    "parse_shifts",
    "print_probe",
    "probe_data",
    "probe_lines",
    "probe_sheets",
    "shift_lines",
]

_YES = frozenset({"y", "yes", "j", "ja"})


def parse_shifts(values: Sequence[str] | None, option: str) -> list[Shift]:
    """The ``N:REASON`` values of ``option`` as shifts; a bad one stops with one line."""
    out = []
    for text in values or ():
        try:
            out.append(Shift.parse(text))
        except ShiftError as exc:
            fail(Message("{option}: {problem}", option=option, problem=message_of(exc) or exc))
    return out


def shift_lines(who: str | Message, base: int, shifts: Sequence[Shift], lang: Lang) -> list[str]:
    """``Level of Rafael: 2 → 3 (+1 Revolver)`` for a shifted side; nothing when unshifted."""
    if not shifts:
        return []
    w = words(lang)
    reasons = "; ".join(f"{s.by:+d} {s.reason}" for s in shifts)
    name = who if isinstance(who, str) else w.render(who)
    level = base + sum(s.by for s in shifts)
    return [
        w.phrase(
            "Level of {name}: {base} → {level} ({reasons})",
            name=name,
            base=base,
            level=level,
            reasons=reasons,
        )
    ]


def probe_data(
    result: ProbeResult,
    seed: int,
    rules: RpgRuleset,
    bases: tuple[int, int],
    shifts: Sequence[Shift],
    against_shifts: Sequence[Shift],
) -> dict[str, Any]:
    """A test's JSON (``probe --json``): the result, the seed, the ruleset, both sides'
    levels before their shifts and the shifts."""
    data = result.to_dict() | {"seed": seed, "ruleset": rules.name}
    data["levels"] = {"player": bases[0], "opponent": bases[1]}
    data["shifts"] = {
        "player": [s.to_dict() for s in shifts],
        "opponent": [s.to_dict() for s in against_shifts],
    }
    return data


def probe_lines(
    sides: tuple[str | Message, str | Message],
    bases: tuple[int, int],
    shifts: tuple[Sequence[Shift], Sequence[Shift]],
    result: ProbeResult,
    rules: RpgRuleset,
    *,
    opponent: bool,
    lang: Lang,
) -> list[str]:
    """A test told: each shifted side's level (:func:`shift_lines`), then the draw."""
    lines = shift_lines(sides[0], bases[0], shifts[0], lang)
    lines += shift_lines(sides[1], bases[1], shifts[1], lang)
    return lines + narrate_probe(result, lang, rules, opponent=opponent)


def print_probe(lines: Sequence[str], seed: int, lang: Lang, *, drawn: bool) -> None:
    """Print a test's lines, and its seed when cards were ``drawn`` here (not all given)."""
    for line in lines:
        console.print(line, markup=False, soft_wrap=True)
    if drawn:
        console.print(words(lang).phrase("(seed {seed})", seed=seed), style="dim")


def _can_spend(sheet: Character, count: int) -> None:
    """Refuse spending more jokers than the sheet holds (D-33)."""
    if count > sheet.jokers:
        fail(
            Message(
                "{name} holds {held} jokers and cannot spend {count}",
                name=sheet.name,
                held=sheet.jokers,
                count=count,
            )
        )


@dataclass(frozen=True)
class SheetProbe:
    """What ``probe --character`` was asked (parsed options)."""

    name: str
    skill: str
    difficulty: int | None
    against: str | None
    against_skill: str | None
    shifts: list[Shift]
    against_shifts: list[Shift]
    pvp: bool
    opponent: bool
    jokers: int | None
    cards: list[str] | None
    against_cards: list[str] | None
    seed: int


def _ready(store: Store, ask: SheetProbe) -> tuple[Character, Character | None]:
    """The sheets of the test, refused when out, the same one twice or an NPC against a PC."""
    sheet = store.characters.get(ask.name)
    rival = store.characters.get(ask.against) if ask.against is not None else None
    if rival is not None:
        if same_name(rival.name, sheet.name):
            fail(Message("{name} cannot be tested against itself", name=sheet.name))
        if rival.player and not sheet.player:
            fail(
                Message(
                    "{npc} is an NPC and {pc} a player character: test the player character "
                    "(--character {pc} --against-character {npc}); ties favour the player (C3)",
                    npc=sheet.name,
                    pc=rival.name,
                )
            )
        if ask.difficulty is not None or ask.pvp or ask.opponent:
            fail(
                Message(
                    "--against-character sets the opponent's level and the kind of test: "
                    "leave out --difficulty, --pvp and --opponent"
                )
            )
    elif ask.difficulty is None:
        fail(Message("missing option --difficulty (or --against-character NAME)"))
    for c in (sheet, rival):
        if c is not None and c.is_out:
            fail(
                Message(
                    "{name} is out (Fallobst, D-32) and takes no test; heal the character first",
                    name=c.name,
                )
            )
    if ask.jokers is not None:
        _can_spend(sheet, ask.jokers)
    return sheet, rival


def _asked(resolve: Callable[[int], ProbeResult], held: int, size: int, lang: Lang) -> ProbeResult:
    """Draw, then ask before each joker while the test is not a success (D-33)."""
    w = words(lang)
    result = resolve(0)
    spent = 0
    while (
        result.outcome is not Outcome.SUCCESS and spent < held and len(result.player_cards) < size
    ):
        prompt = w.phrase(
            "{mine} against {theirs}: not a success yet. Spend a joker ({left} left)? [y/N] ",
            mine=result.player_total,
            theirs=result.opponent_total,
            left=held - spent,
        )
        try:
            answer = input(prompt)
        except (EOFError, OSError):  # nobody to ask: no joker
            answer = ""
        if answer.strip().casefold() not in _YES:
            break
        spent += 1
        result = resolve(spent)
    return result


def probe_sheets(ask: SheetProbe, db: str | None, as_json: bool, lang: Lang) -> None:
    """Run the test of ``ask`` on the sheets of ``db`` and tell it (see the module docstring)."""
    from totenblatt.store import Store

    with Store(db) as store:
        sheet, rival = _ready(store, ask)
        rules = sheet.rules
        base = sheet.probe_level(ask.skill)
        against_skill = ask.against_skill or ask.skill
        base_against = rival.probe_level(against_skill) if rival else ask.difficulty
        assert base_against is not None
        level, difficulty = shifted(base, ask.shifts), shifted(base_against, ask.against_shifts)
        pvp = rival.player if rival is not None else ask.pvp
        fight = rival is not None or ask.opponent or pvp

        def resolve(jokers: int) -> ProbeResult:
            """The test with ``jokers`` to spend."""
            return resolve_probe(
                level,
                difficulty,
                pvp=pvp,
                jokers=jokers,
                player_cards=ask.cards,
                opponent_cards=ask.against_cards,
                seed=ask.seed,
                ruleset=rules,
            )

        if ask.jokers is not None:
            result = resolve(ask.jokers)
        elif ask.cards is not None:  # the cards beyond the base cards are joker cards
            result = resolve(max(0, len(ask.cards) - card_counts(level, difficulty)[0]))
        elif as_json or not sheet.jokers:
            result = resolve(0)
        else:
            result = _asked(resolve, sheet.jokers, rules.pile_size, lang)
        _can_spend(sheet, result.jokers_spent)
        lost = loser(result)
        hurt = None
        if result.wound is not None and lost is Side.PLAYER:
            hurt = sheet.name
        elif result.wound is not None and lost is Side.OPPONENT and rival is not None:
            hurt = rival.name

        def record(c: Character) -> Character:
            """The sheet ``c`` after the test: jokers spent and the wound taken written on it."""
            after = c
            if same_name(c.name, sheet.name) and result.jokers_spent:
                after = after.spent_jokers(result.jokers_spent)
            if hurt is not None and same_name(c.name, hurt) and result.wound is not None:
                after = after.with_wound(result.wound)
            return after

        names = [sheet.name] + ([rival.name] if rival is not None else [])
        args: dict[str, Any] = {
            "skill": ask.skill,
            "against": ask.against,
            "against_skill": against_skill if rival is not None else None,
            "difficulty": ask.difficulty,
            "shifts": [s.to_dict() for s in ask.shifts],
            "against_shifts": [s.to_dict() for s in ask.against_shifts],
            "seed": ask.seed,
        }
        after = store.characters.change(names, "probe", record, args | result.to_dict())
    _tell(ask, result, after, (sheet, rival), (base, base_against), fight, hurt, as_json, lang)


def _tell(
    ask: SheetProbe,
    result: ProbeResult,
    after: list[Character],
    before: tuple[Character, Character | None],
    bases: tuple[int, int],
    fight: bool,
    hurt: str | None,
    as_json: bool,
    lang: Lang,
) -> None:
    from totenblatt.cli.character import character_dict

    sheet, rival = before
    rules = RpgRuleset.load(sheet.ruleset)
    if as_json:
        data = probe_data(result, ask.seed, rules, bases, ask.shifts, ask.against_shifts)
        data["character"] = character_dict(after[0])
        if rival is not None:
            data["against_character"] = character_dict(after[1])
        print_json(data)
        return
    w = words(lang)
    lines: list[str] = []
    for who, skill in ((sheet, ask.skill), (rival, ask.against_skill or ask.skill)):
        if who is not None and not who.has_skill(skill):
            lines.append(
                w.phrase(
                    "{name} has no skill {skill} on the sheet: level 0 (D-39).",
                    name=who.name,
                    skill=repr(skill),
                )
            )
    other = rival.name if rival is not None else Message("the difficulty")
    shifts = (ask.shifts, ask.against_shifts)
    lines += probe_lines(
        (sheet.name, other), bases, shifts, result, rules, opponent=fight, lang=lang
    )
    for c in after:
        wound = (
            wound_name(result.wound, lang)
            if hurt is not None and same_name(c.name, hurt) and result.wound
            else w.phrase("no wound")
        )
        lines.append(
            w.phrase(
                "On {name}'s sheet: {wound}, {wounds}/{capacity} wound points, "
                "{jokers} jokers left.",
                name=c.name,
                wound=wound,
                wounds=c.wounds,
                capacity=c.capacity,
                jokers=c.jokers,
            )
        )
        if c.is_out:
            lines.append(w.phrase("{name} is out (Fallobst).", name=c.name))
    print_probe(lines, ask.seed, lang, drawn=ask.cards is None or ask.against_cards is None)
