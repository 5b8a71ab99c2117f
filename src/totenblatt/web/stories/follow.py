"""The RPG table on several server processes: a story changed by another process reaches
this one's WebSockets, as the game table's games do (docs/web.md, "Several processes").

After a process stores a change of a story it announces it on the game table's bus
(:mod:`~totenblatt.web.shell.bus`: ``NOTIFY`` with ``story:ID`` and the story's version, nothing
else); every process that holds WebSockets of that story loads it and pushes each its own
payload. Each :data:`TICK` a process also compares the stored versions of the stories whose
sockets it holds, so a notice lost while the bus reconnected costs a second at most. With
one process (SQLite) there is nothing to follow.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool

from totenblatt.store.database import StoreError
from totenblatt.store.stories import Stories
from totenblatt.web.shell.games import GameHost

__all__ = ["KIND", "TICK", "StoryFollower"]

log = logging.getLogger("totenblatt.web")

KIND = "story"
"""The prefix of a story's notices on the bus (``story:ID``)."""
TICK = 1.0
"""Seconds between two looks at the stored versions of the stories with sockets here."""


class StoryFollower:
    """Announce this process's changes of stories and follow the others' (see the module).

    ``watched()`` gives the ids of the stories with sockets here and the version each has
    seen at least; ``push(story_id)`` loads one and sends its sockets their payloads.
    """

    def __init__(
        self,
        watched: Callable[[], dict[str, int]],
        push: Callable[[GameHost, str], Awaitable[None]],
    ) -> None:
        self.watched = watched
        self.push = push
        self._hub: GameHost | None = None

    def attach(self, hub: GameHost) -> None:
        """Follow through ``hub``'s bus (once per hub; a new application's hub replaces it)."""
        if self._hub is hub:
            return
        self._hub = hub
        hub.others[KIND] = self.heard
        if hub.shared:
            hub.spawn(self._looking(hub))

    def announce(self, story_id: str, version: int) -> None:
        """Tell the other processes that ``story_id`` is now at ``version``."""
        hub = self._hub
        if hub is not None and hub.bus is not None:
            hub.spawn(hub.bus.announce(f"{KIND}:{story_id}", version))

    def heard(self, story_id: str, version: int) -> None:
        """Another process changed ``story_id`` (``""``: maybe any): push it if watched."""
        hub = self._hub
        if hub is None:
            return
        seen = self.watched()
        for found in [story_id] if story_id else list(seen):
            if found in seen and (version < 0 or version > seen[found]):
                self._spawn(hub, found)

    def _spawn(self, hub: GameHost, story_id: str) -> None:
        async def push() -> None:
            try:
                await self.push(hub, story_id)
            except StoreError as exc:  # the next look tries again
                log.warning("cannot follow story %s: %s", story_id, exc)

        hub.spawn(push())

    async def _looking(self, hub: GameHost) -> None:
        stories = Stories(hub.games.db)
        while self._hub is hub:
            await asyncio.sleep(TICK)
            seen = self.watched()
            if not seen:
                continue
            with contextlib.suppress(StoreError):
                stored = await run_in_threadpool(stories.versions, list(seen))
                for story_id, version in stored.items():
                    if version > seen.get(story_id, version):
                        self._spawn(hub, story_id)
