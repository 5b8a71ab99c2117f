"""Reading a file safely: a regular file of bounded size, parsed only when it nests shallowly.

:func:`read_text` never opens a FIFO, device or directory; :func:`parse_toml` and
:func:`parse_json` check the nesting of the raw text first (:func:`nesting_problem`) and
accept only finite numbers and integers Python can read.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from totenblatt.datafiles.refusals import DataFileError, refused, said
from totenblatt.messages import Message, Reason

__all__ = [
    "MAX_NESTING",
    "MAX_TOML_BYTES",
    "cannot_read",
    "file_kind",
    "nesting_problem",
    "parse_json",
    "parse_toml",
    "read_text",
]

MAX_TOML_BYTES = 1_000_000
"""The largest ruleset or scenario file read (bytes); the built-in ones are below 10 kB."""

MAX_NESTING = 32
"""The deepest nesting of arrays, tables and dotted keys accepted in a TOML or JSON file."""


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in English: a directory, a FIFO, a device,
    a socket (for a refusal that names it).

    >>> import stat
    >>> file_kind(stat.S_IFIFO), file_kind(stat.S_IFDIR)
    ('a FIFO (named pipe)', 'a directory')
    """
    if stat.S_ISDIR(mode):
        return "a directory"
    return str(_kind_of(mode))


def _kind_of(mode: int) -> Reason:
    """What a file that is not a regular one is: a FIFO, a device, a socket."""
    if stat.S_ISFIFO(mode):
        return Reason("a FIFO (named pipe)", Message("a FIFO (named pipe)"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Reason("a device", Message("a device"))
    if stat.S_ISSOCK(mode):
        return Reason("a socket", Message("a socket"))
    return Reason("not a regular file", Message("not a regular file"))


def read_text(
    path: str | Path,
    *,
    limit: int,
    error: type[ValueError] = DataFileError,
    label: str | None = None,
) -> str:
    """The UTF-8 text of the regular file ``path`` of at most ``limit`` bytes.

    Anything else raises ``error`` starting with ``label`` (default: the path as given):
    a missing file ("file not found"), a directory, a FIFO, socket or device (never
    opened, so nothing blocks or is consumed), a larger file, unreadable or non-UTF-8 bytes.
    """
    where = str(path) if label is None else label
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise refused(error, where, "file not found", Message("file not found")) from None
    except (OSError, ValueError) as exc:
        raise cannot_read(error, where, _reason(exc)) from None
    _check_regular(info.st_mode, where, error)
    if info.st_size > limit:
        raise refused(
            error,
            where,
            f"the file has {info.st_size:,} bytes; at most {limit:,} are read",
            Message(
                "the file has {size} bytes; at most {limit} are read",
                size=format(info.st_size, ","),
                limit=format(limit, ","),
            ),
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            _check_regular(os.fstat(handle.fileno()).st_mode, where, error)  # swapped meanwhile?
            data = handle.read(limit + 1)
    except OSError as exc:
        raise cannot_read(error, where, _reason(exc)) from None
    if len(data) > limit:
        raise refused(
            error,
            where,
            f"the file has more than {limit:,} bytes; at most {limit:,} are read",
            Message(
                "the file has more than {limit} bytes; at most {limit} are read",
                limit=format(limit, ","),
            ),
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise cannot_read(
            error, where, Reason("it is not UTF-8 text", Message("it is not UTF-8 text"))
        ) from None


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def cannot_read(error: type[ValueError], where: str, reason: str) -> ValueError:
    """``error("<where>: cannot read the file: <reason>")``, the reason for people too."""
    return refused(
        error,
        where,
        f"cannot read the file: {reason}",
        Message("cannot read the file: {reason}", reason=said(reason)),
    )


def _check_regular(mode: int, where: str, error: type[ValueError]) -> None:
    if stat.S_ISDIR(mode):
        raise refused(
            error,
            where,
            "it is a directory, expected a file",
            Message("it is a directory, expected a file"),
        )
    if not stat.S_ISREG(mode):
        kind = _kind_of(mode)
        raise refused(
            error,
            where,
            f"it is {kind}, expected a regular file",
            Message("it is {kind}, expected a regular file", kind=kind.message),
        )


# Tokens that matter for nesting; strings and comments are skipped whole.
_TOML_TOKENS = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    r"|[\[\]{}.=,\n]"
)
_JSON_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')


def nesting_problem(
    text: str, syntax: Literal["toml", "json"], limit: int = MAX_NESTING
) -> Reason | None:
    """Why ``text`` nests too deeply to be parsed safely, or None (scans the raw text).

    Counts open brackets and braces outside strings and comments, and for TOML the
    parts of one dotted key, so that neither parser recurses or loops deeply.

    >>> nesting_problem("x = [[1]]", "toml") is None, nesting_problem("[" * 40, "json")
    (True, 'arrays and tables are nested more than 32 deep')
    """
    depth = dots = 0
    tokens = _TOML_TOKENS if syntax == "toml" else _JSON_TOKENS
    for match in tokens.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return _too_deep(limit)
            dots = 0
        elif token in "]}":
            depth -= 1
        elif token == ".":
            dots += 1
            if dots > limit:
                return Reason(
                    f"a dotted key has more than {limit} parts",
                    Message("a dotted key has more than {limit} parts", limit=limit),
                )
        elif token in "=,\n":
            dots = 0
    return None


def _too_deep(limit: int = MAX_NESTING, what: str = "tables") -> Reason:
    if what == "objects":
        return Reason(
            f"arrays and objects are nested more than {limit} deep",
            Message("arrays and objects are nested more than {limit} deep", limit=limit),
        )
    return Reason(
        f"arrays and tables are nested more than {limit} deep",
        Message("arrays and tables are nested more than {limit} deep", limit=limit),
    )


def _depth_problem(value: Any, limit: int = MAX_NESTING) -> Reason | None:
    """Why the parsed ``value`` nests too deeply (checked without recursion), or None."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping | list | tuple):
            if depth >= limit:
                return _too_deep(limit)
            children = item.values() if isinstance(item, Mapping) else item
            stack.extend((child, depth + 1) for child in children)
    return None


def parse_toml(text: str, label: str, error: type[ValueError]) -> dict[str, Any]:
    """The table of a TOML text; ``error`` for bad syntax, deep nesting or huge integers."""
    problem = nesting_problem(text, "toml")
    if problem is None:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise _not_valid(error, label, "TOML", str(exc)) from None
        except ValueError as exc:  # an integer over Python's digit limit
            raise _not_valid(error, label, "TOML", _digits(exc)) from None
        except RecursionError:
            problem = _too_deep()
        else:
            problem = _depth_problem(data)
            if problem is None:
                return data
    raise refused(error, label, problem, problem.message)


def _not_valid(error: type[ValueError], label: str, syntax: str, detail: str) -> ValueError:
    """``<label>: not valid TOML: <detail>`` (JSON: the detail in brackets)."""
    if syntax == "TOML":
        toml = Message("not valid TOML: {detail}", detail=said(detail))
        return refused(error, label, f"not valid TOML: {detail}", toml)
    json_ = Message("not valid JSON ({detail})", detail=said(detail))
    return refused(error, label, f"not valid JSON ({detail})", json_)


def parse_json(text: str, label: str, error: type[ValueError]) -> Any:
    """The value of a JSON text with finite numbers; ``error`` for anything else."""

    def refuse(constant: str) -> Any:
        """Refuse NaN and infinity in a file."""
        raise ValueError(f"{constant} is not a number a file may hold")

    problem = nesting_problem(text, "json")
    if problem is None:
        try:
            data = json.loads(text, parse_constant=refuse)
        except json.JSONDecodeError as exc:
            raise _not_valid(error, label, "JSON", str(exc)) from None
        except ValueError as exc:  # NaN/Infinity, or an integer over Python's digit limit
            raise _not_valid(error, label, "JSON", _digits(exc)) from None
        except RecursionError:
            problem = _too_deep(what="objects")
        else:
            problem = _depth_problem(data) or _infinite(data)
            if problem is None:
                return data
    raise refused(error, label, problem, problem.message)


def _digits(exc: ValueError) -> str:
    text = str(exc)
    if "integer string conversion" in text:
        return Reason(
            "an integer has more than 4300 digits",
            Message("an integer has more than {limit} digits", limit=4300),
        )
    return text


def _infinite(value: Any) -> Reason | None:
    """Why a parsed JSON value holds a number that is not finite (``1e999``), or None."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return Reason(
                "a number is too large (not finite)", Message("a number is too large (not finite)")
            )
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None
