"""Names in the store are one normal form and never hostile; a missing driver is one line."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from totenblatt.campaign import InvalidNameError
from totenblatt.rpg.character import Character, CharacterError
from totenblatt.store import Store, StoreError
from totenblatt.wanted.vocab import HeroType


def test_precomposed_and_decomposed_names_are_one_gang(store: Store) -> None:
    store.gangs.create("José Gang", HeroType.VETERAN, size=3, seed=1)
    with pytest.raises(ValueError, match="already exists"):
        store.gangs.create("Jose\u0301 Gang", HeroType.VETERAN, size=3, seed=2)
    assert store.gangs.get("JOSE\u0301 gang").name == "José Gang"


def test_member_names_are_nfc_too(store: Store) -> None:
    change = store.gangs.create(
        "Daltons", HeroType.VETERAN, size=3, leader_name="Rene\u0301 Dalton", seed=1
    )
    assert change.gang.members[0].name == "René Dalton"


@pytest.mark.parametrize(
    "name", ["\x1b[2J\x1b[31mX", "Billy\u202eKid", "Two\nLines", "A\x7f", "\x1b]0;x\x07"]
)
def test_hostile_gang_member_and_character_names_are_refused(store: Store, name: str) -> None:
    with pytest.raises(InvalidNameError, match="U\\+"):
        store.gangs.create(name, HeroType.VETERAN, size=3, seed=1)
    with pytest.raises(InvalidNameError, match="U\\+"):
        store.gangs.create("Daltons", HeroType.VETERAN, size=3, member_names=[name], seed=1)
    with pytest.raises(CharacterError, match="U\\+"):
        store.characters.create(Character.create(name))
    with pytest.raises(CharacterError, match="U\\+"):
        store.characters.create(Character.create("Diana", {name: 1}))
    assert store.gangs.all() == [] and store.characters.all() == []


def test_candidate_lists_in_errors_are_capped(store: Store) -> None:
    for i in range(40):
        store.characters.create(Character.create(f"Character {i:02}"))
    with pytest.raises(StoreError) as info:
        store.characters.get("Nobody")
    message = str(info.value)
    assert message.endswith("and 30 more") and len(message) < 400


@pytest.mark.parametrize(
    ("url", "fragment"),
    [
        ("postgresql+asyncpg://u@localhost/x", "unsupported database driver 'asyncpg'"),
        ("postgresql+pg8000://u@localhost/x", "unsupported database driver 'pg8000'"),
        ("sqlite+pysqlcipher:///x.db", "unsupported database driver 'pysqlcipher'"),
        ("sqlite+aiosqlite:///x.db", "unsupported database driver 'aiosqlite'"),
        ("postgresql+nonsense://u@h/x", "unsupported database driver 'nonsense'"),
    ],
)
def test_unsupported_drivers_are_one_line(url: str, fragment: str) -> None:
    with pytest.raises(StoreError) as info:
        Store(url)
    assert fragment in str(info.value) and "postgresql+psycopg://" in str(info.value)


def test_a_supported_driver_that_is_not_installed_names_the_package() -> None:
    try:
        import psycopg2  # noqa: F401
    except ImportError:
        pass
    else:  # pragma: no cover - depends on the machine
        pytest.skip("psycopg2 is installed here")
    with pytest.raises(StoreError, match=r"needs the Python package psycopg2-binary") as info:
        Store("postgresql+psycopg2://u:secret@localhost/x")
    assert "secret" not in str(info.value)


def test_a_sqlite_path_that_is_a_fifo_or_a_folder_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a FIFO"), (tmp_path, "a directory")):
        with pytest.raises(StoreError, match=f"is {kind}"):
            Store(str(path))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
