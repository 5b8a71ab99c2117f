"""Stories in the database: one transaction per change, sheets shared with the CLI's sheets."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from sqlalchemy import func, select

from totenblatt.rpg.character import Character
from totenblatt.store import Store, StoreError
from totenblatt.store.models import AuditRow
from totenblatt.store.stories import ProbeRecord, SheetRecord, StoryNotFoundError, StoryRecord
from totenblatt.store.story_rows import StoryLogRow, StorySheetRow, StoryTestRow

Cli = Callable[[Sequence[str]], tuple[int, str, str]]


def new_story(store: Store, story_id: str = "kiez") -> None:
    store.stories.create(
        story_id, name="Kiez", lang="de", ruleset="rpg", seed=2**62, gm_hash="a" * 64
    )


def test_a_change_writes_sheets_tests_and_log_and_counts_a_version(store: Store) -> None:
    new_story(store)

    def step(story: StoryRecord) -> int:
        story.sheets.append(SheetRecord(Character.create("Trevor", {"Sportlichkeit": 2}), "b" * 64))
        story.tests.append(ProbeRecord(1, {"skill": 2}, {"drawn": []}, "drawing"))
        story.log.append({"kind": "joined", "name": "Trevor"})
        return 42

    answer, after = store.stories.change("kiez", step)
    assert answer == 42 and after.version == 1 and after.sheets[0].id is not None
    story = store.stories.load("kiez")
    assert story.seed == 2**62 and story.gm_hash == "a" * 64  # the secret, as stored
    assert [s.character.level("sportlichkeit") for s in story.sheets] == [2]
    assert story.sheets[0].token_hash == "b" * 64 and story.log == [
        {"kind": "joined", "name": "Trevor"}
    ]

    def draw(story: StoryRecord) -> None:
        story.tests[0].state["drawn"].append("player")
        story.sheets[0].character = story.sheets[0].character.with_wound("light")

    store.stories.change("kiez", draw)
    again = store.stories.load("kiez")
    assert again.version == 2 and again.tests[0].state == {"drawn": ["player"]}
    assert again.sheets[0].character.bands == {"light": 1}


def test_a_step_that_fails_changes_nothing(store: Store) -> None:
    new_story(store)

    def broken(story: StoryRecord) -> None:
        story.sheets.append(SheetRecord(Character.create("Diana"), None))
        story.log.append({"kind": "joined"})
        raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        store.stories.change("kiez", broken)
    story = store.stories.load("kiez")
    assert (story.version, story.sheets, story.log) == (0, [], [])
    with store.transaction(write=False) as session:
        for table in (StorySheetRow, StoryTestRow, StoryLogRow):
            assert session.scalar(select(func.count()).select_from(table)) == 0


def test_a_stored_sheet_is_one_sheet_for_the_cli_and_the_story(
    store: Store, cli: Cli, db_url: str
) -> None:
    store.characters.create(Character.create("Diana", {"Konstitution": 1}).with_jokers(3))
    new_story(store)
    record, _ = store.stories.bring(
        "kiez", "diana", lambda story, c: SheetRecord(c.new_story(), None)
    )
    assert record.stored_as == "Diana" and store.characters.get("Diana").jokers == 1  # C6
    assert cli(["character", "wound", "Diana", "normal", "--db", db_url])[0] == 0
    assert store.stories.load("kiez").sheets[0].character.wounds == 3  # the CLI's change

    def hurt(story: StoryRecord) -> None:
        story.sheets[0].character = story.sheets[0].character.with_wound("light")

    store.stories.change("kiez", hurt)
    assert store.characters.get("Diana").wounds == 4 and store.characters.get("Diana").bands == {
        "normal": 1,
        "light": 1,
    }
    with store.transaction(write=False) as session:
        whats = list(session.scalars(select(AuditRow.what).where(AuditRow.subject == "Diana")))
    assert whats == ["character create", "story join", "character wound", "story"]
    with pytest.raises(StoreError, match="in this story already"):
        store.stories.bring("kiez", "Diana", lambda story, c: SheetRecord(c, None))
    store.characters.delete("Diana")  # the story keeps its copy
    kept = store.stories.load("kiez").sheets[0]
    assert kept.character.wounds == 4 and kept.stored_as is None


def test_unknown_stories_and_sheets_are_refused(store: Store) -> None:
    with pytest.raises(StoryNotFoundError, match="no story 'nope'"):
        store.stories.load("nope")
    with pytest.raises(StoryNotFoundError):
        store.stories.change("x" * 500, lambda story: None)
    new_story(store)
    with pytest.raises(StoreError, match="no character 'Nobody'"):
        store.stories.bring("kiez", "Nobody", lambda story, c: SheetRecord(c, None))


def test_changes_from_two_threads_are_serialised_and_none_is_lost(store: Store) -> None:
    new_story(store)
    errors: list[BaseException] = []

    def step(story: StoryRecord, who: str, n: int) -> None:
        story.log.append({"kind": "note", "who": who, "n": n, "seen": story.version})

    def work(who: str) -> None:
        try:
            for n in range(8):
                store.stories.change("kiez", lambda story, n=n: step(story, who, n))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(who,)) for who in ("gm", "player")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    story = store.stories.load("kiez")
    assert story.version == 16 and len(story.log) == 16
    seen: list[Any] = [entry["seen"] for entry in story.log]
    assert seen == list(range(16))  # each change saw every change before it
