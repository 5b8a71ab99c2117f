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

from totenblatt.messages import Message, MessageError, Reason, message_of
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


def _said(text: str) -> Any:
    """A label or reason as a message parameter: its message when it carries one."""
    return text.message if isinstance(text, Reason) else text


def _refused(error: type[ValueError], where: str, problem: str, message: Message) -> ValueError:
    """``error("<where>: <problem>")``, carrying ``message`` (the problem) for people."""
    text = f"{where}: {problem}"
    if issubclass(error, MessageError):
        return error(
            text, message=Message("{where}: {problem}", where=_said(where), problem=message)
        )
    return error(text)


def _kind_of(mode: int) -> Reason:
    """What a file that is not a regular one is: a FIFO, a device, a socket."""
    if stat.S_ISFIFO(mode):
        return Reason("a FIFO (named pipe)", Message("a FIFO (named pipe)"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Reason("a device", Message("a device"))
    if stat.S_ISSOCK(mode):
        return Reason("a socket", Message("a socket"))
    return Reason("not a regular file", Message("not a regular file"))


def _kind_word(kind: str) -> Any:
    """``ruleset`` / ``scenario`` as a message parameter (other kinds as given)."""
    if kind == "ruleset":
        return Message("ruleset")
    if kind == "scenario":
        return Message("scenario")
    return kind


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
        raise _refused(error, where, "file not found", Message("file not found")) from None
    except (OSError, ValueError) as exc:
        raise _cannot_read(error, where, _reason(exc)) from None
    _check_regular(info.st_mode, where, error)
    if info.st_size > limit:
        raise _refused(
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
        raise _cannot_read(error, where, _reason(exc)) from None
    if len(data) > limit:
        raise _refused(
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
        raise _cannot_read(
            error, where, Reason("it is not UTF-8 text", Message("it is not UTF-8 text"))
        ) from None


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def _cannot_read(error: type[ValueError], where: str, reason: str) -> ValueError:
    return _refused(
        error,
        where,
        f"cannot read the file: {reason}",
        Message("cannot read the file: {reason}", reason=_said(reason)),
    )


def _check_regular(mode: int, where: str, error: type[ValueError]) -> None:
    if stat.S_ISDIR(mode):
        raise _refused(
            error,
            where,
            "it is a directory, expected a file",
            Message("it is a directory, expected a file"),
        )
    if not stat.S_ISREG(mode):
        kind = _kind_of(mode)
        raise _refused(
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
    raise _refused(error, label, problem, problem.message)


def _not_valid(error: type[ValueError], label: str, syntax: str, detail: str) -> ValueError:
    """``<label>: not valid TOML: <detail>`` (JSON: the detail in brackets)."""
    if syntax == "TOML":
        toml = Message("not valid TOML: {detail}", detail=_said(detail))
        return _refused(error, label, f"not valid TOML: {detail}", toml)
    json_ = Message("not valid JSON ({detail})", detail=_said(detail))
    return _refused(error, label, f"not valid JSON ({detail})", json_)


def parse_json(text: str, label: str, error: type[ValueError]) -> Any:
    """The value of a JSON text with finite numbers; ``error`` for anything else."""

    def refuse(constant: str) -> Any:
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
    raise _refused(error, label, problem, problem.message)


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
            raise _cannot_read(error, label, str(exc)) from None
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
    label: str
    if builtin is not None:
        built_in = Message("built-in {kind} {name}", kind=_kind_word(kind), name=repr(text))
        source, label, base_dir = builtin, Reason(f"built-in {kind} {text!r}", built_in), None
    else:
        path = Path(name_or_path)
        if not _looks_like_path(name_or_path) and not os.path.lexists(text):
            names = ", ".join(builtin_names(package, folder))
            raise error(
                f"no {kind} named {text!r}: expected one of {names}, or a path to a file",
                message=_no_such(kind, text, names),
            )
        source, label, base_dir = path, str(path), path.parent
    chain = " -> ".join(seen)
    if label in seen:
        raise _refused(
            error,
            label,
            f"'extends' loops back to itself ({chain})",
            Message("'extends' loops back to itself ({chain})", chain=chain),
        )
    if len(seen) >= 8:
        raise _refused(
            error,
            label,
            f"'extends' goes more than 8 files deep ({chain})",
            Message("'extends' goes more than {limit} files deep ({chain})", limit=8, chain=chain),
        )
    data = _read(source, label, error)
    parent = data.pop("extends", None)
    if parent is None:
        return data, label
    if not isinstance(parent, str):
        raise _refused(
            error,
            label,
            f"key 'extends' must be a {kind} name or path, got {short(parent)}",
            Message(
                "key 'extends' must be a {kind} name or path, got {value}",
                kind=_kind_word(kind),
                value=short(parent),
            ),
        )
    target: str | Path = parent
    if base_dir is not None and ("/" in parent or parent.endswith(".toml")):
        target = base_dir / parent
    try:
        base, _ = _raw(target, package, folder, error, kind, (*seen, label))
    except error as exc:
        inner = message_of(exc) or str(exc)
        raise _refused(
            error,
            label,
            f"key 'extends': {exc}",
            Message("key 'extends': {problem}", problem=inner),
        ) from None
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
        raise _refused(error, label, "; ".join(problems) + tail, _as_message(message)) from None


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
