"""The :class:`Store`: the database with its collections of gangs and characters.

>>> from totenblatt.wanted.vocab import HeroType
>>> with Store("sqlite:///:memory:") as store:
...     gang = store.gangs.create("Daltons", HeroType.VETERAN, size=3, seed=1).gang
...     [m.kind.value for m in store.gangs.get("daltons").members]
['veteran', 'cowboy', 'cowboy']
"""

from __future__ import annotations

from functools import cached_property

from totenblatt.store.characters import Characters
from totenblatt.store.core import Database
from totenblatt.store.gangs import Gangs
from totenblatt.store.stories import Stories

__all__ = ["Store"]


class Store(Database):
    """The Totenblatt database: gangs (:attr:`gangs`), RPG characters and stories, the audit log."""

    @cached_property
    def gangs(self) -> Gangs:
        """The gangs of the campaign."""
        return Gangs(self)

    @cached_property
    def characters(self) -> Characters:
        """The RPG's characters."""
        return Characters(self)

    @cached_property
    def stories(self) -> Stories:
        """The RPG's stories."""
        return Stories(self)
