"""Characters of the card-test RPG: skills with levels, the wound track and jokers (pure values).

A :class:`Character` is frozen; every change returns a new one. Numbers come from
the ruleset named in ``ruleset`` (built-in ``"rpg"`` or a path), so persisting a
character is persisting :meth:`Character.to_dict` (plain JSON types) and reading it
back with :meth:`Character.from_dict`.

API (for the store and the CLI):

- ``Character.create(name, skills=None, *, player=True, ruleset="rpg")``: a fresh
  character, no wounds, the ruleset's jokers per story (C6: 1); an ordinary person
  (``player=False``, a game master's NPC) holds no jokers.
- ``Character(name, skills={}, player=True, wounds=0, jokers=1, ruleset="rpg", bands={},
  notes="")``: the dataclass itself; ``skills`` maps a skill name (any text:
  ``"Beweglichkeit"``, ``"Handliches Gemetzel"``) to a level ``int >= 0``; names are
  unique ignoring case; ``bands`` counts the wounds taken by band (``"light"`` …) since
  the last full heal; ``notes`` is free text (several lines).
- ``level(skill, default=None)``: a skill's level, case-insensitive; unknown skill:
  ``default``, or :class:`CharacterError` when no default is given.
  ``probe_level(skill)``: the level a test uses, 0 for a skill the sheet lacks (D-39).
- ``capacity`` (D-32): ``6 + 3 × Konstitution`` for a player character (no
  Konstitution skill counts as 0), ``6`` for ordinary people (``player=False``).
- ``remaining``: wound points left before the character is out; ``is_out``:
  ``wounds >= capacity`` (Fallobst).
- ``with_wound(band)``: adds the band's points (D-32: light 1, normal 3, fat 6;
  band as :class:`WoundBand` or ``"light"``/``"leicht"``, ``"normal"``, ``"fat"``/``"fett"``)
  and counts the wound in ``bands``. The track stops at capacity (the character is out);
  a character already out is refused.
- ``healed(points=None)``: heals all wounds (``None``) or ``points`` of them (never below
  0); ``bands`` is cleared once no wound point is left.
- ``new_story()``: jokers reset to the ruleset's ``per_story`` (1); an NPC's stay at 0.
- ``with_jokers(count)``, ``with_skill(name, level)``, ``with_notes(text)``: the obvious
  changed copies; ``gained_jokers(n)`` / ``spent_jokers(n)`` award or spend (never below 0;
  an NPC is awarded none).
- ``to_dict()`` / ``from_dict(data)``: ``{"name", "player", "skills", "wounds",
  "jokers", "ruleset", "bands", "notes"}``; ``from_dict`` needs ``name``, defaults the
  rest as :meth:`create` does and rejects unknown keys and wrong types.

Every bad input raises :class:`CharacterError` (a ``ValueError``).

>>> diana = Character.create("Diana", {"Handliches Gemetzel": 3, "Konstitution": 1})
>>> diana.capacity, diana.jokers
(9, 1)
>>> hurt = diana.with_wound("fat").with_wound("normal")
>>> hurt.wounds, hurt.is_out, hurt.healed(2).wounds, hurt.healed().wounds
(9, True, 7, 0)
>>> Character.from_dict(hurt.to_dict()) == hurt
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from totenblatt.messages import Message, MessageError, message_of
from totenblatt.names import clean_name, clean_text, listing
from totenblatt.rpg.rules import RpgRuleset, WoundBand

__all__ = ["Character", "CharacterError"]


class CharacterError(MessageError):
    """A character value that cannot be: bad name, skill, level, wound or joker count."""


def _count(value: object, what: str, most: int = 99, *, said: Message) -> int:
    """``value`` checked as a count of ``what`` (``said``: the same words for people)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CharacterError(
            Message(
                "{what} must be a whole number >= 0, got {value}", what=said, value=repr(value)[:40]
            )
        )
    if value > most:
        raise CharacterError(
            Message(
                "{what} must be at most {most}, got {value}",
                what=said,
                most=most,
                value=repr(value)[:40],
            )
        )
    return value


NOTES_MAX = 2000
"""The longest notes of a sheet (characters)."""


def _bands(value: object) -> dict[str, int]:
    """Wound counts by band, checked: known bands, whole numbers; zero counts dropped."""
    if not isinstance(value, Mapping):
        raise CharacterError(
            Message("bands must map wound bands to counts, got {value}", value=repr(value)[:60])
        )
    counts: dict[str, int] = {}
    for key, count in value.items():
        try:
            band = WoundBand.parse(key)
        except ValueError as exc:
            raise CharacterError(str(exc), message=message_of(exc)) from None
        counts[band.value] = counts.get(band.value, 0) + _count(
            count, f"wounds of band {band.value}", 999, said=Message("the wounds")
        )
    return {band.value: counts[band.value] for band in WoundBand if counts.get(band.value)}


@dataclass(frozen=True, repr=False)
class Character:
    """An RPG character: skills with levels, wound points taken, jokers in hand."""

    name: str
    skills: Mapping[str, int] = field(default_factory=dict, hash=False)
    player: bool = True
    """A player character (capacity by Konstitution) or an ordinary person (Normalo)."""
    wounds: int = 0
    """Wound points taken (D-32)."""
    jokers: int = 1
    ruleset: str = "rpg"
    """The RPG ruleset (built-in name or path) whose numbers apply."""
    bands: Mapping[str, int] = field(default_factory=dict, hash=False)
    """Wounds taken by band (``light``, ``normal``, ``fat``) since the last full heal."""
    notes: str = ""
    """Free text of the sheet (gear, contacts, the game master's reminders)."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise CharacterError(
                Message(
                    "a character needs a non-empty name, got {value}", value=repr(self.name)[:40]
                )
            )
        name = clean_name(self.name, what="character name", error=CharacterError)
        if not isinstance(self.skills, Mapping):
            raise CharacterError(
                Message(
                    "skills must map names to levels, got {value}", value=repr(self.skills)[:60]
                )
            )
        if len(self.skills) > 50:
            raise CharacterError(
                Message("a character has at most 50 skills, got {count}", count=len(self.skills))
            )
        seen: dict[str, str] = {}
        skills: dict[str, int] = {}
        for skill, level in self.skills.items():
            if not isinstance(skill, str) or not skill.strip():
                raise CharacterError(
                    Message("a skill needs a non-empty name, got {value}", value=repr(skill)[:40])
                )
            key = clean_name(skill, what="skill name", error=CharacterError)
            if key.casefold() in seen:
                raise CharacterError(
                    Message(
                        "skill {skill} given twice (also as {other}); "
                        "names are compared ignoring case",
                        skill=repr(key),
                        other=repr(seen[key.casefold()]),
                    )
                )
            seen[key.casefold()] = key
            skills[key] = _count(
                level,
                f"level of skill {key!r}",
                said=Message("the level of skill {skill}", skill=repr(key)),
            )
        if not isinstance(self.player, bool):
            raise CharacterError(
                Message("player must be true or false, got {value}", value=repr(self.player)[:40])
            )
        _count(self.wounds, "wounds", 9999, said=Message("the wounds"))
        _count(self.jokers, "jokers", said=Message("the jokers"))
        if isinstance(self.ruleset, Path):
            object.__setattr__(self, "ruleset", str(self.ruleset))
        if not isinstance(self.ruleset, str):
            raise CharacterError(
                Message(
                    "ruleset must be a name or path, got {value}", value=repr(self.ruleset)[:60]
                )
            )
        RpgRuleset.load(self.ruleset)
        notes = clean_text(
            self.notes, what="notes", limit=NOTES_MAX, multiline=True, error=CharacterError
        )
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "skills", MappingProxyType(skills))
        object.__setattr__(self, "bands", MappingProxyType(_bands(self.bands)))
        object.__setattr__(self, "notes", notes.strip())

    def __repr__(self) -> str:
        return (
            f"Character(name={self.name!r}, skills={dict(self.skills)!r}, player={self.player!r}, "
            f"wounds={self.wounds!r}, jokers={self.jokers!r}, ruleset={self.ruleset!r}, "
            f"bands={dict(self.bands)!r}, notes={self.notes!r})"
        )

    @classmethod
    def create(
        cls,
        name: str,
        skills: Mapping[str, int] | None = None,
        *,
        player: bool = True,
        ruleset: str | Path = "rpg",
    ) -> Character:
        """A fresh character: unhurt, with the ruleset's jokers per story (C6); an NPC none."""
        jokers = RpgRuleset.load(ruleset).jokers.per_story if player is True else 0
        return cls(name, dict(skills or {}), player, 0, jokers, str(ruleset))

    @property
    def rules(self) -> RpgRuleset:
        """The ruleset whose numbers apply."""
        return RpgRuleset.load(self.ruleset)

    def level(self, skill: str, default: int | None = None) -> int:
        """The level of ``skill`` (any case); unknown: ``default`` or :class:`CharacterError`."""
        wanted = skill.strip().casefold() if isinstance(skill, str) else None
        for name, level in self.skills.items():
            if name.casefold() == wanted:
                return level
        if default is not None:
            return default
        known = listing(self.skills)
        raise CharacterError(
            Message(
                "{name} has no skill {skill} (skills: {known})",
                name=self.name,
                skill=repr(skill),
                known=known,
            )
        )

    def has_skill(self, skill: str) -> bool:
        """True when the sheet names ``skill`` (any case)."""
        wanted = skill.strip().casefold() if isinstance(skill, str) else None
        return any(name.casefold() == wanted for name in self.skills)

    def probe_level(self, skill: str) -> int:
        """The level a test uses: the sheet's, or 0 for a skill it lacks (D-39: still one card)."""
        return self.level(skill, 0)

    @property
    def capacity(self) -> int:
        """Wound points that take the character out (D-32): 6 + 3 × Konstitution, or 6."""
        wounds = self.rules.wounds
        if not self.player:
            return wounds.ordinary_capacity
        return wounds.player_capacity + wounds.per_constitution * self.level(
            wounds.constitution_skill, 0
        )

    @property
    def remaining(self) -> int:
        """Wound points left before the character is out (0 when out)."""
        return max(0, self.capacity - self.wounds)

    @property
    def is_out(self) -> bool:
        """At or beyond capacity: out of the fight (Fallobst, D-32)."""
        return self.wounds >= self.capacity

    def with_wound(self, band: WoundBand | str) -> Character:
        """The character after one wound of ``band`` (D-32 points: light 1, normal 3, fat 6).

        The track stops at capacity: that wound takes the character out (Fallobst), and a
        character already out takes no further wound (refused: heal it first).
        """
        try:
            points = self.rules.wound_points(band)
        except ValueError as exc:
            raise CharacterError(str(exc), message=message_of(exc)) from None
        if self.is_out:
            raise CharacterError(
                Message(
                    "{name} is already out (Fallobst, D-32) and takes no further wound; "
                    "heal the character first",
                    name=self.name,
                )
            )
        key = (band if isinstance(band, WoundBand) else WoundBand.parse(band)).value
        bands = dict(self.bands) | {key: self.bands.get(key, 0) + 1}
        return replace(self, wounds=min(self.capacity, self.wounds + points), bands=bands)

    def healed(self, points: int | None = None) -> Character:
        """All wounds healed (``None``), or ``points`` of them (never below 0).

        ``bands`` keeps the wounds taken until no wound point is left.
        """
        if points is None:
            return replace(self, wounds=0, bands={})
        points = _count(points, "healed points", 9999, said=Message("the healed points"))
        left = max(0, self.wounds - points)
        return replace(self, wounds=left, bands=self.bands if left else {})

    def new_story(self) -> Character:
        """At the start of a story the jokers reset to the ruleset's ``per_story`` (C6: 1).

        An ordinary person (an NPC of the game master) holds no jokers: 0.
        """
        return replace(self, jokers=self.rules.jokers.per_story if self.player else 0)

    def gained_jokers(self, count: int = 1) -> Character:
        """The character after ``count`` jokers were awarded (C6: for great play); an NPC
        is awarded none."""
        count = _count(count, "jokers", said=Message("the jokers"))
        if not self.player:
            raise CharacterError(
                Message(
                    "{name} is not a player character: NPCs hold no jokers (C6)",
                    name=self.name,
                )
            )
        return self.with_jokers(self.jokers + count)

    def spent_jokers(self, count: int = 1) -> Character:
        """The character after spending ``count`` jokers; more than it holds is refused."""
        count = _count(count, "jokers", said=Message("the jokers"))
        if count > self.jokers:
            raise CharacterError(
                Message(
                    "{name} holds {held} jokers and cannot spend {count}",
                    name=self.name,
                    held=self.jokers,
                    count=count,
                )
            )
        return replace(self, jokers=self.jokers - count)

    def with_jokers(self, count: int) -> Character:
        """The character holding ``count`` jokers (earned for great play, or spent)."""
        return replace(self, jokers=_count(count, "jokers", said=Message("the jokers")))

    def with_skill(self, skill: str, level: int) -> Character:
        """The character with ``skill`` set to ``level`` (replacing that name in any case)."""
        wanted = skill.strip().casefold() if isinstance(skill, str) else skill
        skills = {k: v for k, v in self.skills.items() if k.casefold() != wanted}
        skills[skill] = level
        return replace(self, skills=skills)

    def with_notes(self, notes: str) -> Character:
        """The character with the sheet's notes replaced (at most 2000 characters)."""
        return replace(self, notes=notes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types: name, player, skills, wounds, jokers, ruleset, bands, notes."""
        return {
            "name": self.name,
            "player": self.player,
            "skills": dict(self.skills),
            "wounds": self.wounds,
            "jokers": self.jokers,
            "ruleset": self.ruleset,
            "bands": dict(self.bands),
            "notes": self.notes,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Character:
        """Read back :meth:`to_dict` (``name`` required; the rest default as in :meth:`create`)."""
        if not isinstance(data, Mapping):
            raise CharacterError(
                Message(
                    "expected a mapping of character fields, got {value}", value=repr(data)[:60]
                )
            )
        allowed = ("name", "player", "skills", "wounds", "jokers", "ruleset", "bands", "notes")
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise CharacterError(
                Message(
                    "unknown character keys {keys}: expected {allowed}",
                    keys=", ".join(f"{k!r:.40}" for k in unknown[:10]),
                    allowed=", ".join(allowed),
                )
            )
        if "name" not in data:
            raise CharacterError(Message("a character needs the key 'name'"))
        ruleset = data.get("ruleset", "rpg")
        if not isinstance(ruleset, str):
            raise CharacterError(
                Message("ruleset must be a name or path, got {value}", value=repr(ruleset)[:60])
            )
        player = data.get("player", True)
        per_story = RpgRuleset.load(ruleset).jokers.per_story if player is True else 0
        return cls(
            name=data["name"],
            skills=data.get("skills", {}),
            player=player,
            wounds=data.get("wounds", 0),
            jokers=data.get("jokers", per_story),
            ruleset=ruleset,
            bands=data.get("bands", {}),
            notes=data.get("notes", ""),
        )
