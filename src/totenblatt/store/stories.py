"""Stories of the card-test RPG at the table: sheets, tests and log, one transaction per change.

A change loads the whole story with its row locked (PostgreSQL ``FOR UPDATE``,
SQLite ``BEGIN IMMEDIATE``), lets a step change a :class:`StoryRecord` in memory and
writes back what changed, with the story's ``version`` one higher, in the same
transaction; a step that raises leaves the database as it was. A sheet brought in
from the store (:meth:`Stories.bring`) stays the store's sheet: the story reads it
from there and every change of it is written there too, with its audit row, so
``totenblatt character show`` and the web show the same sheet.

>>> from totenblatt.store.core import Database
>>> from totenblatt.rpg.character import Character
>>> with Database("sqlite:///:memory:") as db:
...     stories = Stories(db)
...     stories.create("s1", name="Kiez", lang="de", ruleset="rpg", seed=7, gm_hash="ab" * 32)
...     def add(story: StoryRecord) -> None:
...         story.sheets.append(SheetRecord(Character.create("Trevor"), None))
...     _ = stories.change("s1", add)
...     story = stories.load("s1")
...     story.version, [s.character.name for s in story.sheets], story.sheets[0].id is not None
(1, ['Trevor'], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from totenblatt.messages import Message
from totenblatt.rpg.character import Character
from totenblatt.store.characters import Characters
from totenblatt.store.database import StoreError
from totenblatt.store.holders import refuse_held, sheet_holder
from totenblatt.store.models import CharacterRow
from totenblatt.store.story_rows import StoryLogRow, StoryRow, StorySheetRow, StoryTestRow

if TYPE_CHECKING:
    from totenblatt.store.core import Database

__all__ = [
    "ProbeRecord",
    "SheetRecord",
    "Stories",
    "StoryNotFoundError",
    "StoryRecord",
]

_T = TypeVar("_T")


class StoryNotFoundError(StoreError):
    """No story has that id."""


@dataclass
class SheetRecord:
    """A sheet of a story: the character, its player's token hash (None: an NPC)."""

    character: Character
    token_hash: str | None
    id: int | None = None
    """The sheet's id in the story (None until stored)."""
    stored_as: str | None = None
    """The name of the store's sheet it is (None: the story's own sheet)."""
    stored_id: int | None = field(default=None, repr=False)
    shown: tuple[str, ...] | None = None
    """What players and onlookers see of an NPC's sheet (``name``, ``skills``, ``wounds``;
    None: all). Kept in the story's row beside the character (``"shown"``), never in the
    store's sheet."""


@dataclass
class ProbeRecord:
    """A test of a story: what was called, how far it is, the core's result once done."""

    number: int
    spec: dict[str, Any]
    state: dict[str, Any]
    status: str
    result: dict[str, Any] | None = None
    id: int | None = None


@dataclass
class StoryRecord:
    """A story as loaded (secret seed and token hash included: never sent as they are)."""

    id: str
    name: str
    lang: str
    ruleset: str
    seed: int
    gm_hash: str
    version: int
    created_at: datetime
    sheets: list[SheetRecord]
    tests: list[ProbeRecord]
    log: list[dict[str, Any]]
    """Every entry so far; a step appends new ones (they are stored after the old)."""

    def sheet(self, sheet_id: int) -> SheetRecord | None:
        """The sheet with ``sheet_id``, or None."""
        return next((s for s in self.sheets if s.id == sheet_id), None)

    def test(self, test_id: int) -> ProbeRecord | None:
        """The test with ``test_id``, or None."""
        return next((t for t in self.tests if t.id == test_id), None)


class Stories:
    """The stories of one :class:`~totenblatt.store.core.Database`."""

    def __init__(self, store: Database) -> None:
        self.store = store

    def create(
        self, story_id: str, *, name: str, lang: str, ruleset: str, seed: int, gm_hash: str
    ) -> None:
        """Store a new, empty story (version 0)."""
        with self.store.transaction() as session:
            now = self.store.clock()
            session.add(
                StoryRow(
                    id=story_id,
                    name=name,
                    lang=lang,
                    ruleset=ruleset,
                    seed=seed,
                    gm_hash=gm_hash,
                    version=0,
                    created_at=now,
                    updated_at=now,
                )
            )

    def load(self, story_id: str) -> StoryRecord:
        """The story with its sheets (stored sheets read from the store), tests and log."""
        with self.store.transaction(write=False) as session:
            return self._load(session, story_id, lock=False)

    def versions(self, story_ids: list[str]) -> dict[str, int]:
        """The stored version of each of ``story_ids`` (an unknown one is left out)."""
        with self.store.transaction(write=False) as session:
            rows = session.execute(
                select(StoryRow.id, StoryRow.version).where(StoryRow.id.in_(story_ids))
            ).all()
            return {row.id: row.version for row in rows}

    def change(self, story_id: str, step: Callable[[StoryRecord], _T]) -> tuple[_T, StoryRecord]:
        """Apply ``step`` to the story in one transaction; its answer and the story after."""
        with self.store.transaction() as session:
            story = self._load(session, story_id, lock=True)
            before = _snapshot(story)
            known = len(story.log)
            answer = step(story)
            self._save(session, story, before, known)
        return answer, story

    def bring(
        self,
        story_id: str,
        name: str,
        step: Callable[[StoryRecord, Character], SheetRecord],
    ) -> tuple[SheetRecord, StoryRecord]:
        """Bring the store's sheet ``name`` into the story: ``step`` gets the sheet and
        returns the story's record of it (appended, linked to the store's row). The story
        then holds it: a sheet another story holds is refused (:class:`HeldError`)."""

        def bring_it(story: StoryRecord, session: Session) -> SheetRecord:
            """Lock the sheet, refuse it when held, and hold it for the story."""
            row = Characters(self.store)._row(session, name, lock=True)
            if any(s.stored_id == row.id for s in story.sheets):
                raise StoreError(Message("{name} is in this story already", name=row.name))
            refuse_held(sheet_holder(session, row.id, but=story.id), row.name)
            record = step(story, Character.from_dict(row.data))
            record.stored_as, record.stored_id = row.name, row.id
            story.sheets.append(record)
            return record

        with self.store.transaction() as session:
            story = self._load(session, story_id, lock=True)
            before = _snapshot(story)
            known = len(story.log)
            record = bring_it(story, session)
            self._save(session, story, before, known, brought=record)
        return record, story

    # -- rows ------------------------------------------------------------------------------

    def _load(self, session: Session, story_id: str, *, lock: bool) -> StoryRecord:
        stmt = select(StoryRow).where(StoryRow.id == story_id)
        if lock:
            stmt = stmt.with_for_update()
        row = session.scalars(stmt).first() if len(story_id) <= 40 else None
        if row is None:
            raise StoryNotFoundError(Message("no story {id}", id=repr(story_id[:40])))
        sheets_stmt = (
            select(StorySheetRow)
            .where(StorySheetRow.story_id == story_id)
            .order_by(StorySheetRow.position)
        )
        if lock:
            sheets_stmt = sheets_stmt.with_for_update()
        rows = list(session.scalars(sheets_stmt))
        linked = [r.sheet_id for r in rows if r.sheet_id is not None]
        stored_stmt = select(CharacterRow).where(CharacterRow.id.in_(linked))
        if lock:  # a change of the store's sheet meanwhile (the CLI) waits for this one
            stored_stmt = stored_stmt.with_for_update()
        store_rows = {c.id: c for c in session.scalars(stored_stmt)} if linked else {}
        sheets = []
        for sheet in rows:
            stored = store_rows.get(sheet.sheet_id) if sheet.sheet_id is not None else None
            own = dict(sheet.data)
            shown = own.pop(_SHOWN, None)
            data = stored.data if stored is not None else own
            sheets.append(
                SheetRecord(
                    Character.from_dict(data),
                    sheet.token_hash,
                    sheet.id,
                    None if stored is None else stored.name,
                    sheet.sheet_id,
                    None if shown is None else tuple(shown),
                )
            )
        tests = [
            ProbeRecord(t.number, dict(t.spec), dict(t.state), t.status, t.result, t.id)
            for t in session.scalars(
                select(StoryTestRow)
                .where(StoryTestRow.story_id == story_id)
                .order_by(StoryTestRow.number)
            )
        ]
        log = [
            dict(e)
            for e in session.scalars(
                select(StoryLogRow.entry)
                .where(StoryLogRow.story_id == story_id)
                .order_by(StoryLogRow.position)
            )
        ]
        return StoryRecord(
            row.id,
            row.name,
            row.lang,
            row.ruleset,
            row.seed,
            row.gm_hash,
            row.version,
            row.created_at,
            sheets,
            tests,
            log,
        )

    def _save(
        self,
        session: Session,
        story: StoryRecord,
        before: dict[str, Any],
        known: int,
        brought: SheetRecord | None = None,
    ) -> None:
        """Write what the step changed and count one version more."""
        now = self.store.clock()
        for position, sheet in enumerate(story.sheets):
            data = sheet.character.to_dict()
            row_data = _row_data(sheet)
            if sheet.id is None:
                new = StorySheetRow(
                    story_id=story.id,
                    position=position,
                    sheet_id=sheet.stored_id,
                    data=row_data,
                    token_hash=sheet.token_hash,
                )
                session.add(new)
                session.flush()
                sheet.id = new.id
                if sheet is brought and sheet.stored_id is not None:
                    self._write_stored(session, sheet, data, what="story join", story=story)
                continue
            old = before["sheets"].get(sheet.id)
            if old == (data, sheet.token_hash, sheet.shown):
                continue
            found = session.get(StorySheetRow, sheet.id)
            assert found is not None
            found.data, found.token_hash = row_data, sheet.token_hash
            if sheet.stored_id is not None and (old is None or old[0] != data):
                self._write_stored(session, sheet, data, what="story", story=story)
        for test in story.tests:
            fields = (test.spec, test.state, test.status, test.result)
            if test.id is None:
                test_row = StoryTestRow(story_id=story.id, number=test.number, created_at=now)
                session.add(test_row)
            elif before["tests"].get(test.id) != fields:
                found_test = session.get(StoryTestRow, test.id)
                assert found_test is not None
                test_row = found_test
            else:
                continue
            test_row.spec, test_row.state = test.spec, test.state
            test_row.status, test_row.result = test.status, test.result
            test_row.updated_at = now
            if test.id is None:
                session.flush()
                test.id = test_row.id
        for position in range(known, len(story.log)):
            session.add(
                StoryLogRow(
                    story_id=story.id, position=position, entry=story.log[position], created_at=now
                )
            )
        story_row = session.get(StoryRow, story.id)
        assert story_row is not None
        story_row.version = story.version = story_row.version + 1
        story_row.updated_at = now

    def _write_stored(
        self,
        session: Session,
        sheet: SheetRecord,
        data: dict[str, Any],
        *,
        what: str,
        story: StoryRecord,
    ) -> None:
        """The change of a sheet brought in from the store, written there with its audit row."""
        stored = session.get(CharacterRow, sheet.stored_id)
        if stored is None:  # deleted meanwhile: the story keeps its own copy
            sheet.stored_id = sheet.stored_as = None
            return
        Characters(self.store).rewrite(
            session,
            stored,
            data,
            what=what,
            args={"story": story.id, "name": story.name},
            before=dict(stored.data),
        )


_SHOWN = "shown"
"""The key of a story's sheet row that keeps what players see of an NPC (not a character's)."""


def _row_data(sheet: SheetRecord) -> dict[str, Any]:
    """What the story's row of ``sheet`` keeps: the character, and what is shown of it."""
    data = sheet.character.to_dict()
    return data if sheet.shown is None else data | {_SHOWN: list(sheet.shown)}


def _snapshot(story: StoryRecord) -> dict[str, Any]:
    """What the rows held when loaded, to write back only what a step changed."""
    return {
        "sheets": {s.id: (s.character.to_dict(), s.token_hash, s.shown) for s in story.sheets},
        "tests": {
            t.id: (_copy(t.spec), _copy(t.state), t.status, _copy(t.result)) for t in story.tests
        },
    }


def _copy(value: Any) -> Any:
    """A deep copy of JSON data (lists and dicts)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
