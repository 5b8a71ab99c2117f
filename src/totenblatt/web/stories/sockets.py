"""The open WebSockets of the RPG table's stories (:class:`StoryHub`): each is sent its own
payload after every change (:meth:`StoryHub.publish`); a client only pings on it, changes
go by HTTP (:func:`answer`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool

from totenblatt.store.stories import StoryRecord
from totenblatt.web.shell.bodies import MAX_BODY, parse_json
from totenblatt.web.shell.errors import InvalidError, TooLargeError, WebError
from totenblatt.web.stories.payloads import story_payload
from totenblatt.web.stories.table import Viewer, viewer_of

__all__ = ["StoryHub", "Watcher", "answer", "message"]


@dataclass(eq=False)
class Watcher:
    """One open WebSocket of a story: its token (the viewer is found anew at each push)."""

    token: str | None
    lang: str
    send: Callable[[str], Awaitable[None]]
    close: Callable[[int, str], Awaitable[None]]
    sent: int = -1
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class StoryHub:
    """The open sockets of every story; :meth:`publish` sends each its own payload."""

    def __init__(self) -> None:
        self.watchers: dict[str, set[Watcher]] = {}

    def seen(self) -> dict[str, int]:
        """Each watched story and the oldest version one of its sockets has been sent."""
        return {s: min(w.sent for w in found) for s, found in self.watchers.items() if found}

    def add(self, story_id: str, watcher: Watcher) -> None:
        """Watch ``story_id``."""
        self.watchers.setdefault(story_id, set()).add(watcher)

    def remove(self, story_id: str, watcher: Watcher) -> None:
        """Stop watching (a closed socket)."""
        found = self.watchers.get(story_id)
        if found is not None:
            found.discard(watcher)
            if not found:
                del self.watchers[story_id]

    async def publish(self, story: StoryRecord) -> None:
        """Send every watcher of ``story`` its payload (a revoked link is closed: 4403)."""
        watchers = list(self.watchers.get(story.id, ()))
        await asyncio.gather(*(self._send(story, w) for w in watchers))

    async def _send(self, story: StoryRecord, watcher: Watcher) -> None:
        async with watcher.lock:
            if story.version <= watcher.sent:
                return
            try:
                viewer = viewer_of(story, watcher.token, watcher.lang)
            except WebError as exc:
                self.remove(story.id, watcher)
                await watcher.close(4000 + exc.status, exc.message[:100])
                return
            data = await run_in_threadpool(message, story, viewer, watcher.lang)
            try:
                await watcher.send(data)
            except Exception:  # a closed socket: forget it
                self.remove(story.id, watcher)
                return
            watcher.sent = story.version


def message(story: StoryRecord, viewer: Viewer, lang: str) -> str:
    """The socket message of ``story`` for ``viewer``: its payload, typed ``story``."""
    return json.dumps({"type": "story"} | story_payload(story, viewer, lang), ensure_ascii=False)


def answer(raw: str) -> dict[str, Any]:
    """A client's message on the socket: only pings (changes go by HTTP)."""
    try:
        if len(raw) > MAX_BODY:
            raise TooLargeError(f"the message is larger than {MAX_BODY} bytes")
        data = parse_json(raw)
        if isinstance(data, dict) and data.get("type") == "ping":
            return {"type": "pong"}
        raise InvalidError('a message on this socket is {"type": "ping"}; changes go by HTTP')
    except WebError as exc:
        return {"type": "error", "status": exc.status, "error": exc.message}
