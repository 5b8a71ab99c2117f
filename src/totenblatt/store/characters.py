"""RPG characters in the database: each change one transaction with its audit row.

>>> from totenblatt.store import Store
>>> with Store("sqlite:///:memory:") as store:
...     _ = store.characters.create(Character.create("Diana", {"Konstitution": 1}))
...     store.characters.wound("diana", "fat").wounds
6
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.campaign.gang import name_key, name_matches
from totenblatt.messages import Message
from totenblatt.names import listing
from totenblatt.rpg.character import Character
from totenblatt.rpg.rules import WoundBand
from totenblatt.store.database import StoreError
from totenblatt.store.models import CharacterRow

if TYPE_CHECKING:
    from totenblatt.store.core import Database

__all__ = ["CharacterNotFoundError", "Characters"]


class CharacterNotFoundError(StoreError):
    """No RPG character of that name in the database."""


class Characters:
    """The RPG characters of one :class:`~totenblatt.store.core.Database`."""

    def __init__(self, store: Database) -> None:
        self.store = store

    def _row(self, session: Session, name: str, *, lock: bool = False) -> CharacterRow:
        """The character by exact name (case-insensitive), else the one whose name starts so."""
        key = name_key(name)
        found = session.scalars(select(CharacterRow.id).where(CharacterRow.name_key == key)).first()
        if found is None:
            rows = list(session.execute(select(CharacterRow.id, CharacterRow.name)))
            matches = [r for r in rows if name_matches(name, r.name)]
            if len(matches) != 1:
                names = sorted((r.name for r in (matches or rows)), key=name_key)
                if matches:
                    raise CharacterNotFoundError(
                        Message(
                            "character {name} is ambiguous: {which}; give the full name",
                            name=format(repr(name), ".60"),
                            which=listing(names),
                        )
                    )
                hint = (
                    f"known characters: {listing(names)}"
                    if names
                    else "no characters yet (see 'character create')"
                )
                raise CharacterNotFoundError(
                    f"no character {name!r:.60}; {hint}",
                    message=Message(
                        "no character {name}; known characters: {known}",
                        name=format(repr(name), ".60"),
                        known=listing(names),
                    )
                    if names
                    else Message(
                        "no character {name}; no characters yet (see 'character create')",
                        name=format(repr(name), ".60"),
                    ),
                )
            found = matches[0].id
        stmt = select(CharacterRow).where(CharacterRow.id == found)
        if lock:
            stmt = stmt.with_for_update()
        return session.scalars(stmt).one()

    def get(self, name: str) -> Character:
        """The character called ``name`` (case-insensitive)."""
        with self.store.transaction(write=False) as session:
            return Character.from_dict(self._row(session, name).data)

    def all(self) -> list[Character]:
        """Every character, by name."""
        with self.store.transaction(write=False) as session:
            rows = session.scalars(select(CharacterRow).order_by(CharacterRow.name_key))
            return [Character.from_dict(r.data) for r in rows]

    def create(self, character: Character) -> Character:
        """Store a new character; its name must be new (ignoring case)."""
        with self.store.transaction() as session:
            key = name_key(character.name)
            _check_free(session, character.name)
            now = self.store.clock()
            data = character.to_dict()
            session.add(
                CharacterRow(
                    name=character.name, name_key=key, data=data, created_at=now, updated_at=now
                )
            )
            self.store.audit(
                session,
                what="character create",
                subject=character.name,
                subject_kind="character",
                args={"character": data},
                after=data,
            )
        return character

    def change(
        self,
        names: Sequence[str],
        what: str,
        step: Callable[[Character], Character],
        args: dict[str, object],
    ) -> list[Character]:
        """Apply ``step`` to the named characters (none named: all) in one transaction."""
        changed: list[Character] = []
        with self.store.transaction() as session:
            if names:
                rows = [self._row(session, n, lock=True) for n in names]
            else:
                rows = list(
                    session.scalars(
                        select(CharacterRow).order_by(CharacterRow.name_key).with_for_update()
                    )
                )
            for row in rows:
                before = Character.from_dict(row.data)
                after = step(before)
                self.rewrite(
                    session, row, after.to_dict(), what=what, args=args, before=before.to_dict()
                )
                changed.append(after)
        return changed

    def rename(self, name: str, new: str) -> Character:
        """The character takes a new name, unique among characters (ignoring case)."""
        with self.store.transaction() as session:
            row = self._row(session, name, lock=True)
            before = Character.from_dict(row.data)
            after = replace(before, name=new)  # the name is checked as at creation
            if after.name == before.name:
                raise StoreError(
                    Message("character {name} is already called so", name=repr(before.name))
                )
            if name_key(after.name) != row.name_key:
                _check_free(session, after.name)
            row.name, row.name_key = after.name, name_key(after.name)
            self.rewrite(
                session,
                row,
                after.to_dict(),
                what="character rename",
                args={"old": before.name, "new": after.name},
                before=before.to_dict(),
            )
        return after

    def rewrite(
        self,
        session: Session,
        row: CharacterRow,
        data: dict[str, Any],
        *,
        what: str,
        args: Mapping[str, object],
        before: dict[str, Any],
    ) -> None:
        """Write ``data`` as the sheet of ``row``, with an audit row ``what`` (``before``
        and after) in the same transaction."""
        row.data = data
        row.updated_at = self.store.clock()
        self.store.audit(
            session,
            what=what,
            subject=row.name,
            subject_kind="character",
            args=dict(args),
            before=before,
            after=data,
        )

    def delete(self, name: str) -> Character:
        """Delete the character; its audit row keeps the whole sheet (``before``)."""
        with self.store.transaction() as session:
            row = self._row(session, name, lock=True)
            gone = Character.from_dict(row.data)
            self.store.audit_delete(
                session, row, kind="character", name=gone.name, before=gone.to_dict()
            )
        return gone

    def wound(self, name: str, band: WoundBand | str) -> Character:
        """The character takes one wound of ``band`` (D-32 points)."""
        return self.change(
            [name], "character wound", lambda c: c.with_wound(band), {"band": str(band)}
        )[0]

    def heal(self, name: str, points: int | None = None) -> Character:
        """Heal all wounds (``None``) or ``points`` of them."""
        return self.change(
            [name], "character heal", lambda c: c.healed(points), {"points": points}
        )[0]

    def new_story(self, names: Sequence[str] = ()) -> list[Character]:
        """A new story: the named characters' (default: everyone's) jokers reset (C6)."""
        return self.change(names, "story new", lambda c: c.new_story(), {"names": list(names)})


def _check_free(session: Session, name: str) -> None:
    """Refuse a character name another character has (ignoring case)."""
    key = name_key(name)
    taken = session.scalars(select(CharacterRow.name).where(CharacterRow.name_key == key)).first()
    if taken is not None:
        raise StoreError(Message("a character called {name} already exists", name=repr(taken)))
