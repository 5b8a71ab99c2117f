"""Validating a data file's table into a pydantic model, with one readable error (:func:`validate`).

pydantic's errors become sentences for people: the dotted key and what was expected
(:func:`_expected`), at most five of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import pydantic

from totenblatt.datafiles.refusals import DataFileError, refused, short
from totenblatt.messages import Message, message_of

__all__ = ["validate"]

M = TypeVar("M", bound=pydantic.BaseModel)


def _tuples(value: Any) -> Any:
    """TOML arrays become tuples (models declare sequences as frozen tuples)."""
    if isinstance(value, Mapping):
        return {k: _tuples(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return tuple(_tuples(v) for v in value)
    return value


def validate(model: type[M], data: Mapping[str, Any], label: str, error: type[DataFileError]) -> M:
    """Validate ``data`` into ``model``, turning pydantic's errors into one readable ``error``."""
    try:
        return model.model_validate(_tuples(data))
    except pydantic.ValidationError as exc:
        problems: list[str] = []
        said: list[Any] = []
        for item in exc.errors()[:5]:
            key = ".".join(str(p) for p in item["loc"]) or "(top level)"
            if item["type"] == "extra_forbidden":
                problems.append(f"unknown key {key!r}")
                said.append(Message("unknown key {key}", key=repr(key)))
            elif item["type"] == "missing":
                problems.append(f"key {key!r} is missing")
                said.append(Message("key {key} is missing", key=repr(key)))
            elif item["type"] == "value_error":  # a check of the model: its own sentence
                error_ = item.get("ctx", {}).get("error", item["msg"])
                reason = str(error_)
                inner = message_of(error_) if isinstance(error_, BaseException) else None
                problems.append(f"key {key!r}: {reason}" if item["loc"] else reason)
                shown = inner or reason
                said.append(Message("key {key}: {problem}", key=repr(key), problem=shown))
                if not item["loc"]:
                    said[-1] = shown
            else:
                got = short(item.get("input"))
                problems.append(f"key {key!r}: {item['msg']} (got {got})")
                expected = _expected(item["type"], item.get("ctx") or {}) or item["msg"]
                said.append(
                    Message(
                        "key {key}: {expected} (got {value})",
                        key=repr(key),
                        expected=expected,
                        value=got,
                    )
                )
        more = exc.error_count() - len(problems)
        tail = f" (+{more} more)" if more > 0 else ""
        message: Any = said[0]
        for next_one in said[1:]:
            message = Message("{first}; {second}", first=message, second=next_one)
        if more > 0:
            message = Message("{problems} (+{n} more)", problems=message, n=more)
        raise refused(error, label, "; ".join(problems) + tail, _as_message(message)) from None


def _as_message(value: Any) -> Message:
    return value if isinstance(value, Message) else Message("{text}", text=value)


_BOUNDS = {
    "greater_than_equal": ("ge", ">="),
    "greater_than": ("gt", ">"),
    "less_than_equal": ("le", "<="),
    "less_than": ("lt", "<"),
    "too_short": ("min_length", ">="),
    "too_long": ("max_length", "<="),
}


def _expected(kind: str, ctx: Mapping[str, Any]) -> Message | None:
    """What a value of a data file should have been, for people; None: pydantic's own words.

    All bounds are one message (``expected a value >= 1``, ``… a count of entries <= 12``).
    """
    if kind in _BOUNDS:
        name, relation = _BOUNDS[kind]
        limit = ctx.get(name)
        if kind in ("too_short", "too_long"):
            return Message("expected {relation} {limit} entries", relation=relation, limit=limit)
        return Message("expected a number {relation} {limit}", relation=relation, limit=limit)
    if kind in ("int_type", "int_from_float"):
        return Message("expected a whole number")
    if kind == "float_type":
        return Message("expected a number")
    if kind == "bool_type":
        return Message("expected true or false")
    if kind == "string_type":
        return Message("expected text")
    if kind in ("tuple_type", "list_type"):
        return Message("expected a list")
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return Message("expected a table")
    if kind == "literal_error":
        return Message("expected {allowed}", allowed=ctx.get("expected", "?"))
    if kind == "finite_number":
        return Message("expected a finite number")
    return None
