"""The save format: ruleset + scenario + seed (+ fixed dealer and stacked deck) + actions.

A save is a referee file: it holds the seed and therefore every hidden card. It is
written and read by :meth:`Game.to_json <totenblatt.wanted.engine.game.Game.to_json>`
and :meth:`Game.from_json <totenblatt.wanted.engine.game.Game.from_json>`, which
replay the actions and verify the number of events and their SHA-256 digest, so a
save that was edited or made by an incompatible version is refused. This module
holds only the format: text in, checked fields out, and back.

>>> decode_save('[1, 2]')
Traceback (most recent call last):
...
totenblatt.wanted.engine.save.SaveError: not a saved Wanted game: expected a JSON object, got [1, 2]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from totenblatt.wanted.engine.actions import Action, action_to_dict

__all__ = [
    "FORMAT",
    "VERSION",
    "SaveError",
    "SavedGame",
    "decode_save",
    "encode_save",
    "events_digest",
]

FORMAT = "totenblatt-wanted-game"
VERSION = 1


class SaveError(ValueError):
    """A saved game that cannot be loaded: not JSON, wrong format, or it does not replay."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """The checked fields of a save; the actions are still in their JSON form."""

    ruleset: str | dict[str, Any]
    scenario: str
    seed: int
    dealer: int | None
    deck_order: list[list[str]]
    actions: list[Any]
    events: int | None
    digest: str | None


def events_digest(event_dicts: Iterable[dict[str, Any]]) -> str:
    """SHA-256 over the JSON form of every event (public and private)."""
    sha = hashlib.sha256()
    for data in event_dicts:
        sha.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode())
        sha.update(b"\n")
    return sha.hexdigest()


def encode_save(header: dict[str, Any], actions: Sequence[Action]) -> str:
    """The saved game as JSON text, one action per line (``header`` without format keys)."""
    full: dict[str, Any] = {"format": FORMAT, "version": VERSION, **header}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in full.items()]
    texts = [json.dumps(action_to_dict(a), ensure_ascii=False) for a in actions]
    lines.append('  "actions": [')
    lines += [f"    {text}," for text in texts[:-1]] + [f"    {text}" for text in texts[-1:]]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def _field(data: dict[str, Any], key: str, kinds: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise SaveError(f"not a saved Wanted game: key {key!r} is missing ({what})")
    value = data[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and kinds is int):
        raise SaveError(f"not a saved Wanted game: {key!r} is {value!r}, expected {what}")
    return value


def decode_save(text: str) -> SavedGame:
    """The checked fields of a save; :class:`SaveError` says what is wrong with a bad one."""

    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveError(f"not a saved Wanted game: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise SaveError(f"not a saved Wanted game: expected a JSON object, got {data!r:.60}")
    if data.get("format") != FORMAT:
        raise SaveError(
            f'not a saved Wanted game: "format" is {data.get("format")!r}, expected {FORMAT!r}'
        )
    if data.get("version") != VERSION:
        raise SaveError(
            f"saved game version {data.get('version')!r} is not supported (expected {VERSION})"
        )
    ref = _field(data, "ruleset", (str, dict), "a ruleset name or table")
    scenario = _field(data, "scenario", str, "a scenario name or path")
    seed = _field(data, "seed", int, "an integer")
    dealer = data.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        raise SaveError(f"not a saved Wanted game: 'dealer' is {dealer!r}, expected a seat or null")
    orders = data.get("deck_order", [])
    if not isinstance(orders, list) or not all(
        isinstance(o, list) and all(isinstance(c, str) for c in o) for o in orders
    ):
        raise SaveError(
            f"not a saved Wanted game: 'deck_order' is {orders!r:.60}, expected lists of card texts"
        )
    actions = _field(data, "actions", list, "a list of actions")
    count, digest = data.get("events"), data.get("digest")
    return SavedGame(ref, scenario, seed, dealer, orders, actions, count, digest)
