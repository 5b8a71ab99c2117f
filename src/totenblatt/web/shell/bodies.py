"""Reading a request body or a WebSocket message: its size, its JSON, its numbers.

A body is at most :data:`MAX_BODY` bytes of UTF-8 JSON nested at most
:data:`MAX_DEPTH` deep, whose numbers are finite and at most :data:`MAX_NUMBER` in
size (no NaN, Infinity, 1e400 or a thousand-digit integer) and whose strings are
valid Unicode. Anything else is refused whole (422, 413) with the place it was found,
so nothing behind the API ever sees such a value.

>>> parse_json(b'{"kind": "move", "goal": [12, 3.5]}')
{'kind': 'move', 'goal': [12, 3.5]}
>>> parse_json(b'{"kind": "move", "goal": [1e200, 0]}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
totenblatt.web.shell.errors.InvalidError: goal[0]: 1e200 is out of range: ...
"""

from __future__ import annotations

import json
import logging
import math
import re
from typing import Any

from starlette.requests import ClientDisconnect, Request

from totenblatt.web.shell.errors import ClientGoneError, InvalidError, TooLargeError

__all__ = ["MAX_BODY", "MAX_DEPTH", "MAX_NUMBER", "parse_json", "read_json"]

log = logging.getLogger("totenblatt.web")

MAX_BODY = 64 * 1024
"""Largest request body or WebSocket message accepted, in bytes."""
MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted (an action needs 5)."""
MAX_NUMBER = 1e9
"""Largest size of a number accepted (the table is inches, versions count actions)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_LENGTH = re.compile(r"[0-9]{1,12}\Z")


class _Refused:
    """A number the parser will not turn into a value (kept as written, for the message)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _integer(text: str) -> int | _Refused:
    if len(text) > 12:
        return _Refused(text)
    value = int(text)
    return value if abs(value) <= MAX_NUMBER else _Refused(text)


def _float(text: str) -> float | _Refused:
    if len(text) > 400:
        return _Refused(text)
    value = float(text)
    return value if math.isfinite(value) and abs(value) <= MAX_NUMBER else _Refused(text)


def _where(path: list[str | int]) -> str:
    """``goal[0]``, ``steps[1].path``; the whole body when empty."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier() and len(part) <= 40:
            out += f".{part}" if out else part
        else:
            out += f"[{json.dumps(part[:40])}]"
    return out or "the body"


def _check(data: Any) -> None:
    """Raise :class:`InvalidError` at a refused number, a lone surrogate or too deep a
    nesting (the walk keeps no paths: the place is looked up once something is found)."""
    stack: list[tuple[Any, int]] = [(data, 0)] if type(data) in _WALKED else []
    while stack:
        value, depth = stack.pop()
        kind = type(value)
        if kind is _Refused:
            shown = value.text if len(value.text) <= 24 else value.text[:20] + "…"
            raise InvalidError(
                f"{_where(_path_to(data, value))}: {shown} is out of range: expected a "
                f"finite number from -{MAX_NUMBER:.0f} to {MAX_NUMBER:.0f}"
            )
        if kind is str:
            if not value.isascii() and _SURROGATE.search(value):
                where = _where(_path_to(data, value))
                raise InvalidError(f"{where}: the text is not valid Unicode")
            continue
        if depth >= MAX_DEPTH:
            where = _where(_path_to(data, value))
            raise InvalidError(f"{where}: nested deeper than {MAX_DEPTH} levels")
        if kind is dict:
            for key in value:
                if not key.isascii() and _SURROGATE.search(key):
                    where = _where(_path_to(data, value))
                    raise InvalidError(f"{where}: a key is not valid Unicode")
            items = reversed(value.values())
        else:
            items = reversed(value)
        stack.extend((item, depth + 1) for item in items if type(item) in _WALKED)


_WALKED = frozenset({dict, list, str, _Refused})
"""What the walk looks into: numbers, booleans and null are fine once parsed."""


def _path_to(data: Any, target: Any) -> list[str | int]:
    """The keys and indexes from ``data`` to the value that is ``target`` (identity)."""
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if value is target:
            return path
        if isinstance(value, dict):
            stack.extend((v, [*path, k]) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, [*path, i]) for i, v in reversed(list(enumerate(value))))
    return []


def parse_json(raw: bytes | str) -> Any:
    """The JSON value of ``raw`` (UTF-8), checked as the module says; :class:`InvalidError`."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidError(f"the body is not valid UTF-8 (byte {exc.start})") from None
    try:
        data = json.loads(raw, parse_constant=_Refused, parse_float=_float, parse_int=_integer)
    except RecursionError:
        raise InvalidError(f"the JSON is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:
        raise InvalidError("the body is not valid JSON") from None
    _check(data)
    return data


async def read_json(request: Request) -> Any:
    """The request's JSON body (:func:`parse_json`), at most :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not _LENGTH.match(length) or int(length) > MAX_BODY):
        raise TooLargeError(f"the request body is larger than {MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise TooLargeError(f"the request body is larger than {MAX_BODY} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        client = request.client.host if request.client else "?"
        log.info("%s left before its request body was complete", client)
        raise ClientGoneError("the request body ended before its end") from None
    return parse_json(b"".join(chunks))
