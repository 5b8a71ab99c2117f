"""The save format: ruleset + scenario + seed (+ fixed dealer and stacked deck) + actions.

A save is a referee file: it holds the seed and therefore every hidden card (its
``referee`` key says so). It is written and read by :meth:`Game.to_json
<totenblatt.wanted.engine.game.Game.to_json>` and :meth:`Game.from_json
<totenblatt.wanted.engine.game.Game.from_json>`, which replay the actions and verify
the number of events and their SHA-256 digest, so a save that was edited or made by an
incompatible version is refused. This module holds only the format: text in, checked
fields out, and back. Version 1 (before the seed left the ``game_started`` event) is
still read.

>>> decode_save('[1, 2]')
Traceback (most recent call last):
...
totenblatt.wanted.engine.save.SaveError: not a saved Wanted game: expected a JSON object, got [1, 2]
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from totenblatt.datafiles import parse_json, short
from totenblatt.messages import Message, MessageError, Reason
from totenblatt.wanted.engine.actions import Action, action_to_dict

__all__ = [
    "FORMAT",
    "MAX_SAVE_BYTES",
    "REFEREE_NOTE",
    "VERSION",
    "VERSIONS",
    "SaveError",
    "SavedGame",
    "decode_save",
    "encode_save",
    "events_digest",
]

FORMAT = "totenblatt-wanted-game"
VERSION = 2
"""The version written; since 2 the seed is a referee event (``game_seeded``)."""
VERSIONS = (1, 2)
"""The versions read."""
MAX_SAVE_BYTES = 4_000_000
"""The largest save read (bytes); a long game of four gangs takes about 300 kB."""
REFEREE_NOTE = (
    "A referee file: it holds the seed and so every hidden card. Never give it to a player."
)
"""The ``referee`` key of every save: what the file reveals."""
_SEED_LIMIT = 2**64
_KEYS = frozenset(
    {"format", "version", "referee", "ruleset", "scenario", "seed", "dealer", "deck_order",
     "events", "digest", "actions"}
)  # fmt: skip
_DIGEST = re.compile(r"[0-9a-f]{64}")


class SaveError(MessageError):
    """A saved game that cannot be loaded: not JSON, wrong format, or it does not replay."""


_NOT_A_SAVE = Reason("not a saved Wanted game", Message("not a saved Wanted game"))


def _not_a_save(problem: str, message: Message) -> SaveError:
    """``not a saved Wanted game: <problem>``, carrying the problem in words for people."""
    return SaveError(Message("not a saved Wanted game: {problem}", problem=message))


@dataclass(frozen=True, slots=True)
class SavedGame:
    """The checked fields of a save; the actions are still in their JSON form."""

    version: int
    ruleset: str | dict[str, Any]
    scenario: str
    seed: int
    dealer: int | None
    deck_order: list[list[str]]
    actions: list[Any]
    events: int
    digest: str


def events_digest(event_dicts: Iterable[dict[str, Any]]) -> str:
    """SHA-256 over the JSON form of every event (public and private)."""
    sha = hashlib.sha256()
    for data in event_dicts:
        sha.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode())
        sha.update(b"\n")
    return sha.hexdigest()


def encode_save(header: dict[str, Any], actions: Sequence[Action]) -> str:
    """The saved game as JSON text, one action per line (``header`` without format keys)."""
    full: dict[str, Any] = {"format": FORMAT, "version": VERSION, "referee": REFEREE_NOTE}
    full.update(header)
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in full.items()]
    texts = [json.dumps(action_to_dict(a), ensure_ascii=False) for a in actions]
    lines.append('  "actions": [')
    lines += [f"    {text}," for text in texts[:-1]] + [f"    {text}" for text in texts[-1:]]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def _field(data: dict[str, Any], key: str, kinds: type | tuple[type, ...], what: Message) -> Any:
    if key not in data:
        raise _not_a_save(
            f"key {key!r} is missing ({what.english()})",
            Message("key {key} is missing ({what})", key=repr(key), what=what),
        )
    value = data[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and kinds is int):
        raise _is_not(key, value, what)
    return value


def _is_not(key: str, value: Any, what: Message) -> SaveError:
    """``'<key>' is <value>, expected <what>``."""
    return _not_a_save(
        f"{key!r} is {short(value)}, expected {what.english()}",
        Message("{key} is {value}, expected {what}", key=repr(key), value=short(value), what=what),
    )


def decode_save(text: str) -> SavedGame:
    """The checked fields of a save; :class:`SaveError` says what is wrong with a bad one.

    Nesting, size of numbers and every key are checked before anything is built.
    """
    if not isinstance(text, str):
        raise _not_a_save(
            f"expected JSON text, got {short(text)}",
            Message("expected JSON text, got {value}", value=short(text)),
        )
    data = parse_json(text, _NOT_A_SAVE, SaveError)
    if not isinstance(data, dict):
        raise _not_a_save(
            f"expected a JSON object, got {short(data)}",
            Message("expected a JSON object, got {value}", value=short(data)),
        )
    if data.get("format") != FORMAT:
        raise _not_a_save(
            f'"format" is {short(data.get("format"))}, expected {FORMAT!r}',
            Message(
                "{key} is {value}, expected {what}",
                key='"format"',
                value=short(data.get("format")),
                what=repr(FORMAT),
            ),
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version not in VERSIONS:
        expected = " or ".join(map(str, VERSIONS))
        raise SaveError(
            Message(
                "saved game version {value} is not supported (expected {expected})",
                value=short(version),
                expected=expected,
            )
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        more = f" (+{len(unknown) - 1} more)" if len(unknown) > 1 else ""
        keys = ", ".join(sorted(_KEYS))
        raise _not_a_save(
            f"unknown key {short(unknown[0])}{more}; expected {keys}",
            Message(
                "unknown key {key}{more}; expected {keys}",
                key=short(unknown[0]),
                more=more,
                keys=keys,
            ),
        )
    ref = _field(data, "ruleset", (str, dict), Message("a ruleset name or table"))
    scenario = _field(data, "scenario", str, Message("a scenario name or path"))
    seed = _field(data, "seed", int, Message("an integer"))
    if not -_SEED_LIMIT < seed < _SEED_LIMIT:
        raise _not_a_save(
            f"'seed' {short(seed)} is not below 2**64",
            Message("'seed' {value} is not below 2**64", value=short(seed)),
        )
    dealer = data.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        raise _is_not("dealer", dealer, Message("a seat or null"))
    orders = data.get("deck_order", [])
    if not isinstance(orders, list) or not all(
        isinstance(o, list) and all(isinstance(c, str) for c in o) for o in orders
    ):
        raise _is_not("deck_order", orders, Message("lists of card texts"))
    actions = _field(data, "actions", list, Message("a list of actions"))
    count = _field(data, "events", int, Message("the number of events"))
    digest = _field(data, "digest", str, Message("the SHA-256 digest of the events"))
    if not _DIGEST.fullmatch(digest):
        raise _is_not("digest", digest, Message("64 hex digits"))
    return SavedGame(version, ref, scenario, seed, dealer, orders, actions, count, digest)
