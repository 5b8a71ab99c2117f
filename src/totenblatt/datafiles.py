"""Validated TOML data files: built-in by name or a user's file, with ``extends``.

Rulesets and scenarios are TOML files validated into frozen pydantic models.
A file may say ``extends = "base"`` (a built-in name or a path relative to the
file) and override any keys; tables merge key by key. Every problem raises the
caller's error class with the file, the dotted key and what was expected.

A user's file is read only when it is a regular file (never a FIFO, device or
directory) of at most :data:`MAX_TOML_BYTES`, and parsed only when its nesting
(brackets, braces, dotted keys) stays within :data:`MAX_NESTING`; numbers must
be finite. :func:`read_text` and :func:`parse_json` give the same guarantees to
other files (saved games).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, TypeVar

import pydantic

from totenblatt.messages import Message, MessageError
from totenblatt.names import clean_name, clean_text

__all__ = [
    "MAX_NESTING",
    "MAX_TOML_BYTES",
    "DataFileError",
    "DataFiles",
    "Line",
    "Name",
    "Paragraph",
    "StrictModel",
    "builtin_names",
    "load_data",
    "merge",
    "nesting_problem",
    "parse_json",
    "parse_toml",
    "read_text",
    "short",
    "validate",
]

MAX_TOML_BYTES = 1_000_000
"""The largest ruleset or scenario file read (bytes); the built-in ones are below 10 kB."""

MAX_NESTING = 32
"""The deepest nesting of arrays, tables and dotted keys accepted in a TOML or JSON file."""

M = TypeVar("M", bound=pydantic.BaseModel)


class DataFileError(MessageError):
    """Base of the errors about data files (rulesets, scenarios)."""


class StrictModel(pydantic.BaseModel):
    """Frozen, no unknown keys, no type coercion (``"5"`` is not ``5``), finite numbers only."""

    model_config = pydantic.ConfigDict(
        frozen=True, extra="forbid", strict=True, allow_inf_nan=False
    )


Name = Annotated[str, pydantic.AfterValidator(lambda v: clean_name(v, what="the name"))]
"""A name in a data file (figure, weapon label): NFC, stripped, 1-80 printable characters."""
Line = Annotated[str, pydantic.AfterValidator(lambda v: clean_text(v, what="the text", limit=200))]
"""One line of text (a title, an alias): printable, at most 200 characters, may be empty."""
Paragraph = Annotated[
    str,
    pydantic.AfterValidator(lambda v: clean_text(v, what="the text", limit=2000, multiline=True)),
]
"""A description: printable text and newlines, at most 2000 characters."""


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (``…`` marks a cut), for one-line messages.

    >>> short("abc"), short(list(range(100)), 12)
    ("'abc'", '[0, 1, 2, 3…')
    """
    try:
        text = repr(value)
    except ValueError:  # an int over the digit limit
        return "<a number too long to show>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
        raise error(f"{where}: file not found") from None
    except (OSError, ValueError) as exc:
        raise error(f"{where}: cannot read the file: {_reason(exc)}") from None
    _check_regular(info.st_mode, where, error)
    if info.st_size > limit:
        raise error(f"{where}: the file has {info.st_size:,} bytes; at most {limit:,} are read")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            _check_regular(os.fstat(handle.fileno()).st_mode, where, error)  # swapped meanwhile?
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(f"{where}: cannot read the file: {_reason(exc)}") from None
    if len(data) > limit:
        raise error(f"{where}: the file has more than {limit:,} bytes; at most {limit:,} are read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{where}: cannot read the file: it is not UTF-8 text") from None


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def _check_regular(mode: int, where: str, error: type[ValueError]) -> None:
    if stat.S_ISDIR(mode):
        raise error(f"{where}: it is a directory, expected a file")
    if not stat.S_ISREG(mode):
        kind = (
            "a FIFO (named pipe)"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "not a regular file"
        )
        raise error(f"{where}: it is {kind}, expected a regular file")


# Tokens that matter for nesting; strings and comments are skipped whole.
_TOML_TOKENS = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
    r"|[\[\]{}.=,\n]"
)
_JSON_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]')


def nesting_problem(
    text: str, syntax: Literal["toml", "json"], limit: int = MAX_NESTING
) -> str | None:
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
                return f"arrays and tables are nested more than {limit} deep"
            dots = 0
        elif token in "]}":
            depth -= 1
        elif token == ".":
            dots += 1
            if dots > limit:
                return f"a dotted key has more than {limit} parts"
        elif token in "=,\n":
            dots = 0
    return None


def _depth_problem(value: Any, limit: int = MAX_NESTING) -> str | None:
    """Why the parsed ``value`` nests too deeply (checked without recursion), or None."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping | list | tuple):
            if depth >= limit:
                return f"arrays and tables are nested more than {limit} deep"
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
            raise error(f"{label}: not valid TOML: {exc}") from None
        except ValueError as exc:  # an integer over Python's digit limit
            raise error(f"{label}: not valid TOML: {_digits(exc)}") from None
        except RecursionError:
            problem = f"arrays and tables are nested more than {MAX_NESTING} deep"
        else:
            problem = _depth_problem(data)
            if problem is None:
                return data
    raise error(f"{label}: {problem}")


def parse_json(text: str, label: str, error: type[ValueError]) -> Any:
    """The value of a JSON text with finite numbers; ``error`` for anything else."""

    def refuse(constant: str) -> Any:
        raise ValueError(f"{constant} is not a number a file may hold")

    problem = nesting_problem(text, "json")
    if problem is None:
        try:
            data = json.loads(text, parse_constant=refuse)
        except json.JSONDecodeError as exc:
            raise error(f"{label}: not valid JSON ({exc})") from None
        except ValueError as exc:  # NaN/Infinity, or an integer over Python's digit limit
            raise error(f"{label}: not valid JSON ({_digits(exc)})") from None
        except RecursionError:
            problem = f"arrays and objects are nested more than {MAX_NESTING} deep"
        else:
            problem = _depth_problem(data) or _infinite(data)
            if problem is None:
                return data
    raise error(f"{label}: {problem}")


def _digits(exc: ValueError) -> str:
    text = str(exc)
    if "integer string conversion" in text:
        return "an integer has more than 4300 digits"
    return text


def _infinite(value: Any) -> str | None:
    """Why a parsed JSON value holds a number that is not finite (``1e999``), or None."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return "a number is too large (not finite)"
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def builtin_names(package: str, folder: str) -> list[str]:
    """Names (file stems) of the built-in TOML files in ``package/folder``."""
    root = resources.files(package).joinpath(folder)
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml"))


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge ``override`` into a copy of ``base`` (tables key by key, other values replace).

    >>> merge({"a": {"x": 1, "y": 2}, "b": 1}, {"a": {"y": 3}})
    {'a': {'x': 1, 'y': 3}, 'b': 1}
    """
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def _read(source: Traversable | Path, label: str, error: type[DataFileError]) -> dict[str, Any]:
    if isinstance(source, Path):
        text = read_text(source, limit=MAX_TOML_BYTES, error=error, label=label)
    else:  # package data, shipped with the code
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise error(f"{label}: cannot read the file: {exc}") from None
    return parse_toml(text, label, error)


def _no_such(kind: str, text: str, names: str) -> Message:
    """``no ruleset named 'x'``, in words for a person."""
    params = {"name": repr(text), "names": names}
    if kind == "ruleset":
        return Message(
            "no ruleset named {name}: expected one of {names}, or a path to a file", **params
        )
    if kind == "scenario":
        return Message(
            "no scenario named {name}: expected one of {names}, or a path to a file", **params
        )
    return Message("no file named {name}: expected one of {names}, or a path to a file", **params)


def _looks_like_path(name_or_path: str | Path) -> bool:
    text = str(name_or_path)
    return (
        isinstance(name_or_path, Path)
        or "/" in text
        or os.sep in text
        or text.endswith(".toml")
        or text.startswith("~")
    )


def _builtin(package: str, folder: str, text: str) -> Traversable | None:
    if "/" in text or os.sep in text or "\0" in text or not text.strip():
        return None
    found = resources.files(package).joinpath(folder).joinpath(f"{text}.toml")
    return found if found.is_file() else None


def _raw(
    name_or_path: str | Path,
    package: str,
    folder: str,
    error: type[DataFileError],
    kind: str,
    seen: tuple[str, ...] = (),
) -> tuple[dict[str, Any], str]:
    """The merged raw table of a file and the label used in messages."""
    text = str(name_or_path)
    builtin = _builtin(package, folder, text) if isinstance(name_or_path, str) else None
    source: Traversable | Path
    if builtin is not None:
        source, label, base_dir = builtin, f"built-in {kind} {text!r}", None
    else:
        path = Path(name_or_path)
        if not _looks_like_path(name_or_path) and not os.path.lexists(text):
            names = ", ".join(builtin_names(package, folder))
            raise error(
                f"no {kind} named {text!r}: expected one of {names}, or a path to a file",
                message=_no_such(kind, text, names),
            )
        source, label, base_dir = path, str(path), path.parent
    if label in seen:
        raise error(f"{label}: 'extends' loops back to itself ({' -> '.join(seen)})")
    if len(seen) >= 8:
        raise error(f"{label}: 'extends' goes more than 8 files deep ({' -> '.join(seen)})")
    data = _read(source, label, error)
    parent = data.pop("extends", None)
    if parent is None:
        return data, label
    if not isinstance(parent, str):
        raise error(f"{label}: key 'extends' must be a {kind} name or path, got {short(parent)}")
    target: str | Path = parent
    if base_dir is not None and ("/" in parent or parent.endswith(".toml")):
        target = base_dir / parent
    try:
        base, _ = _raw(target, package, folder, error, kind, (*seen, label))
    except error as exc:
        raise error(f"{label}: key 'extends': {exc}") from None
    return merge(base, data), label


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
        problems = []
        for item in exc.errors()[:5]:
            key = ".".join(str(p) for p in item["loc"]) or "(top level)"
            if item["type"] == "extra_forbidden":
                problems.append(f"unknown key {key!r}")
            elif item["type"] == "missing":
                problems.append(f"key {key!r} is missing")
            elif item["type"] == "value_error":  # a check of the model: its own sentence
                reason = str(item.get("ctx", {}).get("error", item["msg"]))
                problems.append(f"key {key!r}: {reason}" if item["loc"] else reason)
            else:
                problems.append(f"key {key!r}: {item['msg']} (got {short(item.get('input'))})")
        more = exc.error_count() - len(problems)
        tail = f" (+{more} more)" if more > 0 else ""
        raise error(f"{label}: " + "; ".join(problems) + tail) from None


def load_data(
    model: type[M],
    name_or_path: str | Path,
    *,
    package: str,
    folder: str,
    error: type[DataFileError],
    kind: str,
) -> M:
    """Load a built-in (by name) or user TOML file, resolve ``extends``, validate into ``model``."""
    data, label = _raw(name_or_path, package, folder, error, kind)
    return validate(model, data, label, error)


class DataFiles(Generic[M]):
    """One family of TOML files: built-ins in ``package/folder`` (loaded once), or user paths."""

    def __init__(
        self, model: type[M], *, package: str, folder: str, error: type[DataFileError], kind: str
    ) -> None:
        self.model, self.package, self.folder, self.error, self.kind = (
            model,
            package,
            folder,
            error,
            kind,
        )
        self._names: tuple[str, ...] | None = None
        self._builtins: dict[str, M] = {}

    def names(self) -> tuple[str, ...]:
        """Names of the built-in files."""
        if self._names is None:
            self._names = tuple(builtin_names(self.package, self.folder))
        return self._names

    def load(self, name_or_path: str | Path) -> M:
        """A built-in by name (cached: the models are frozen) or a user's file by path."""
        if isinstance(name_or_path, str) and name_or_path in self.names():
            if name_or_path not in self._builtins:
                self._builtins[name_or_path] = self._load(name_or_path)
            return self._builtins[name_or_path]
        return self._load(name_or_path)

    def _load(self, name_or_path: str | Path) -> M:
        return load_data(
            self.model,
            name_or_path,
            package=self.package,
            folder=self.folder,
            error=self.error,
            kind=self.kind,
        )
