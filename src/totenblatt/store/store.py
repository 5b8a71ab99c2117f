"""The :class:`Store`: the database with its collections of gangs and characters.

>>> from totenblatt.wanted.vocab import HeroType
>>> with Store("sqlite:///:memory:") as store:
...     gang = store.gangs.create("Daltons", HeroType.VETERAN, size=3, seed=1).gang
...     [m.kind.value for m in store.gangs.get("daltons").members]
['veteran', 'cowboy', 'cowboy']
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from totenblatt.store.characters import Characters
from totenblatt.store.core import Database, utc_now
from totenblatt.store.gangs import Gangs
from totenblatt.store.stories import Stories

__all__ = ["Store"]


class Store(Database):
    """The Totenblatt database: gangs (:attr:`gangs`), RPG characters and stories, the audit log."""

    def __init__(
        self,
        url: str | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        env: dict[str, str] | None = None,
    ) -> None:
        super().__init__(url, clock=clock, env=env)
        self.gangs = Gangs(self)
        self.characters = Characters(self)
        self.stories = Stories(self)
