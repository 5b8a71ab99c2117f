"""Persistence of gangs and RPG characters: SQLAlchemy 2, Alembic migrations, an audit log.

SQLite (WAL, busy timeout) in the user data directory by default; any other database by
``--db URL`` or ``$TOTENBLATT_DATABASE_URL``, PostgreSQL through psycopg 3
(``postgresql+psycopg://``). Every change is one transaction with one audit row per gang.
"""

from totenblatt.store.characters import CharacterNotFoundError, Characters
from totenblatt.store.core import Database, utc_now
from totenblatt.store.database import ENV_VAR, StoreError, default_url, display_url, resolve_url
from totenblatt.store.gangs import FIGHT_COMMANDS, Change, GangNotFoundError, Gangs, new_seed
from totenblatt.store.store import Store

__all__ = [
    "ENV_VAR",
    "FIGHT_COMMANDS",
    "Change",
    "CharacterNotFoundError",
    "Characters",
    "Database",
    "GangNotFoundError",
    "Gangs",
    "Store",
    "StoreError",
    "default_url",
    "display_url",
    "new_seed",
    "resolve_url",
    "utc_now",
]
