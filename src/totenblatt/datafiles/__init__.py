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

The reading and parsing is :mod:`~totenblatt.datafiles.reading`, the validation
:mod:`~totenblatt.datafiles.validation`, the errors :mod:`~totenblatt.datafiles.refusals`;
this module finds the files, follows ``extends`` and re-exports them all.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

import pydantic

from totenblatt.datafiles.reading import (
    MAX_NESTING,
    MAX_TOML_BYTES,
    cannot_read,
    file_kind,
    nesting_problem,
    parse_json,
    parse_toml,
    read_text,
)
from totenblatt.datafiles.refusals import DataFileError, refused, short
from totenblatt.datafiles.validation import validate
from totenblatt.messages import Message, Reason, message_of
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
    "file_kind",
    "load_data",
    "merge",
    "nesting_problem",
    "parse_json",
    "parse_toml",
    "read_text",
    "short",
    "validate",
]

M = TypeVar("M", bound=pydantic.BaseModel)


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
            raise cannot_read(error, label, str(exc)) from None
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
        raise refused(
            error,
            label,
            f"'extends' loops back to itself ({chain})",
            Message("'extends' loops back to itself ({chain})", chain=chain),
        )
    if len(seen) >= 8:
        raise refused(
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
        raise refused(
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
        raise refused(
            error,
            label,
            f"key 'extends': {exc}",
            Message("key 'extends': {problem}", problem=inner),
        ) from None
    return merge(base, data), label


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
