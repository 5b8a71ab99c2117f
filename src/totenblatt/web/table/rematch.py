"""Rematch links: every seat keeps its own token, and its old view links it to the new game.

A rematch deals the same table to the same seats with a new secret seed. The server
stores only hashes of seat tokens, so it cannot hand a seat a new token later; instead
each human seat of the rematch is stored with the *same* token hash as in the old game:
whoever holds a seat's token opens the same seat in the rematch, through the link its
old view now carries, and nobody else can (a seat's old link already led to that link).
The database still holds hashes only.

>>> class Held:
...     rematch = ("g2", "watch")
>>> class Asker:
...     seat, token = 0, "tok"
>>> rematch_link(Held(), Asker())
{'game_id': 'g2', 'url': '/games/g2#token=tok'}
>>> with_rematch('{"a":1}', None)
'{"rematch":null,"a":1}'
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from totenblatt.web.shell.links import game_link

__all__ = ["rematch_link", "with_rematch"]


class _Asker(Protocol):
    @property
    def seat(self) -> int | None: ...

    @property
    def token(self) -> str | None: ...


class _Held(Protocol):
    @property
    def rematch(self) -> tuple[str, str] | None: ...


def rematch_link(room: _Held, viewer: _Asker) -> dict[str, Any] | None:
    """``{"game_id", "url"}`` of the rematch for ``viewer``: its own seat's link (its token in
    the fragment;
    ``url`` None when the token is not known here), the spectator link for a spectator; None
    before there is a rematch."""
    if room.rematch is None:
        return None
    game_id, spectator = room.rematch
    if viewer.seat is None:
        return {"game_id": game_id, "url": game_link(game_id, spectator)}
    if viewer.token is None:
        return {"game_id": game_id, "url": None}
    return {"game_id": game_id, "url": game_link(game_id, viewer.token)}


def with_rematch(payload: str, link: dict[str, Any] | None) -> str:
    """A payload's JSON text with ``"rematch"`` as its first key."""
    head = json.dumps(link, ensure_ascii=False, separators=(",", ":"))
    return '{"rematch":' + head + ("," + payload[1:] if payload != "{}" else "}")
