"""RPG characters in the store and on the command line, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import select, text

from totenblatt.rpg.character import Character, CharacterError
from totenblatt.store import CharacterNotFoundError, Store, StoreError
from totenblatt.store.database import alembic_config, make_engine
from totenblatt.store.models import AuditRow

Cli = Callable[[list[str]], tuple[int, str, str]]  # the fixture in tests/conftest.py
CliJson = Callable[[list[str]], Any]  # the fixture in tests/store/conftest.py
Refuses = Callable[[list[str], str], None]  # the fixture in tests/store/conftest.py

DIANA = Character.create("Diana", {"Handliches Gemetzel": 3, "Konstitution": 1})


def test_a_character_reads_back_the_same(store: Store) -> None:
    store.characters.create(DIANA)
    assert store.characters.get("DIANA") == DIANA
    assert store.characters.all() == [DIANA]


def test_wounds_heal_and_a_new_story_are_stored(store: Store) -> None:
    store.characters.create(DIANA.with_jokers(3))
    store.characters.create(Character.create("Trevor", player=False))
    assert store.characters.wound("Diana", "fett").wounds == 6
    assert store.characters.wound("Diana", "normal").is_out  # 9 of capacity 9 (D-32)
    assert store.characters.heal("Diana", 2).wounds == 7
    assert store.characters.get("Diana").wounds == 7
    story = store.characters.new_story()  # C6: an NPC (Trevor here) holds no jokers
    assert [(c.name, c.jokers) for c in story] == [("Diana", 1), ("Trevor", 0)]
    assert store.characters.heal("Diana").wounds == 0


def test_every_character_change_leaves_an_audit_row(store: Store) -> None:
    store.characters.create(DIANA)
    store.characters.wound("Diana", "light")
    with store.transaction(write=False) as session:
        rows = list(session.scalars(select(AuditRow).order_by(AuditRow.id)))
    assert [(r.what, r.subject_kind, r.subject) for r in rows] == [
        ("character create", "character", "Diana"),
        ("character wound", "character", "Diana"),
    ]
    assert rows[1].before is not None and rows[1].before["wounds"] == 0
    assert rows[1].after is not None and rows[1].after["wounds"] == 1


def test_unknown_and_duplicate_characters_are_refused(
    db_url: str, fingerprint: Callable[[str], str]
) -> None:
    with Store(db_url) as store:
        store.characters.create(DIANA)
    before = fingerprint(db_url)
    with Store(db_url) as store:
        with pytest.raises(
            CharacterNotFoundError, match="no character 'Bob'; known characters: Diana"
        ):
            store.characters.wound("Bob", "light")
        with pytest.raises(StoreError, match="already exists"):
            store.characters.create(Character.create("diana"))
        with pytest.raises(CharacterError, match="wound band"):
            store.characters.wound("Diana", "medium")
        with pytest.raises(CharacterNotFoundError, match="no character 'Bob'"):
            store.characters.new_story(["Diana", "Bob"])  # all or nothing
    assert fingerprint(db_url) == before


def test_character_commands(cli_json: CliJson, db_url: str) -> None:
    db = ("--db", db_url)
    made = cli_json(
        ["character", "create", "Diana", "--skill", "Handliches Gemetzel=3",
         "--skill", "Konstitution=1", *db]
    )  # fmt: skip
    assert made == {
        "name": "Diana",
        "player": True,
        "skills": {"Handliches Gemetzel": 3, "Konstitution": 1},
        "wounds": 0,
        "jokers": 1,
        "ruleset": "rpg",
        "bands": {},
        "notes": "",
        "capacity": 9,
        "remaining": 9,
        "out": False,
    }
    assert cli_json(["character", "wound", "diana", "fat", *db])["wounds"] == 6
    assert cli_json(["character", "wound", "diana", "leicht", *db])["remaining"] == 2
    assert cli_json(["character", "heal", "diana", "--points", "1", *db])["wounds"] == 6
    assert cli_json(["character", "show", "Diana", *db])["wounds"] == 6
    cli_json(["character", "create", "Trevor", "--npc", *db])
    listed = cli_json(["character", "list", *db])
    assert [(c["name"], c["capacity"]) for c in listed["characters"]] == [
        ("Diana", 9),
        ("Trevor", 6),
    ]
    story = cli_json(["story", "new", "Trevor", *db])
    assert [(c["name"], c["jokers"]) for c in story["characters"]] == [("Trevor", 0)]
    assert cli_json(["character", "heal", "Diana", *db])["wounds"] == 0


def test_character_text_in_both_languages(cli: Cli, tmp_path: Path) -> None:
    db = ("--db", str(tmp_path / "c.db"))
    code, out, _ = cli(["character", "create", "Trevor", "--npc", "--lang", "de", *db])
    assert code == 0 and "Normalo" in out and "unverletzt" in out
    code, out, _ = cli(["character", "wound", "Trevor", "fat", "--lang", "en", *db])
    assert code == 0 and "out (Fallobst)" in out and "6/6" in out
    code, out, _ = cli(["story", "new", "--lang", "de", *db])
    assert code == 0 and "Charaktere" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["character", "show", "Bob"], "no character 'Bob'"),
        (["character", "wound", "Diana", "medium"], "unknown wound band 'medium'"),
        (["character", "heal", "Bob"], "no character 'Bob'"),
        (["character", "create", "X", "--skill", "Wumme"], "malformed --skill 'Wumme'"),
        (["character", "create", "X", "--skill", "Wumme=-2"], "must be a whole number >= 0"),
        (["character", "create", "diana"], "already exists"),
        (["story", "new", "Diana", "Bob"], "no character 'Bob'"),
    ],
)
def test_bad_character_input_exits_2_and_changes_nothing(
    cli_json: CliJson, db_url: str, refuses: Refuses, args: list[str], message: str
) -> None:
    cli_json(["character", "create", "Diana", "--db", db_url])
    refuses(args, message)


def test_a_campaign_database_from_before_characters_is_upgraded(db_url: str) -> None:
    engine = make_engine(db_url)
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(
            text(
                "INSERT INTO gangs (id, name, name_key, ruleset, size, fights, lost_heroes, "
                "created_at) VALUES (1, 'Old', 'old', 'extended', 1, 0, '[]', '2024-01-01')"
            )
        )
    engine.dispose()
    with Store(db_url) as store:
        assert store.gangs.get("Old").members == ()
        store.characters.create(DIANA)
        assert store.characters.get("Diana") == DIANA


def test_a_deleted_character_s_audit_row_keeps_the_whole_sheet(store: Store) -> None:
    store.characters.create(DIANA)
    gone = store.characters.delete("diana")
    assert gone == DIANA and store.characters.all() == []
    with store.transaction(write=False) as session:
        row = session.scalars(select(AuditRow).order_by(AuditRow.id.desc())).first()
    assert row is not None
    assert (row.what, row.subject_kind, row.subject, row.args) == (
        "character delete",
        "character",
        "Diana",
        {"name": "Diana"},
    )
    assert row.before == DIANA.to_dict() and row.after is None


def test_delete_says_what_it_deleted_in_text_and_json(cli: Cli, tmp_path: Path) -> None:
    db = ("--db", str(tmp_path / "d.db"))
    for name in ("Trevor", "Diana"):
        assert cli(["character", "create", name, "--npc", *db])[0] == 0
    code, out, _ = cli(["character", "delete", "trevor", "--yes", "--lang", "de", *db])
    assert (code, out) == (0, "Charakter Trevor gelöscht.\n")
    code, out, _ = cli(["character", "delete", "diana", "--yes", "--json", *db])
    assert (code, out) == (0, '{\n  "deleted": "Diana"\n}\n')
    for name, flags in (("Daltons", ("--lang", "en")), ("Clantons", ("--json",))):
        assert cli(["gang", "create", name, "--leader", "veteran", "--json", *db])[0] == 0
        code, out, _ = cli(["gang", "delete", name.lower(), "--yes", *flags, *db])
        assert code == 0
        assert out == ("Gang Daltons deleted.\n" if name == "Daltons" else
                       '{\n  "deleted": "Clantons"\n}\n')  # fmt: skip
