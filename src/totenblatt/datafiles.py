"""Validated TOML data files: built-in by name or a user's file, with ``extends``.

Rulesets and scenarios are TOML files validated into frozen pydantic models.
A file may say ``extends = "base"`` (a built-in name or a path relative to the
file) and override any keys; tables merge key by key. Every problem raises the
caller's error class with the file, the dotted key and what was expected.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Generic, TypeVar

import pydantic

__all__ = [
    "DataFileError",
    "DataFiles",
    "StrictModel",
    "builtin_names",
    "load_data",
    "merge",
    "validate",
]

M = TypeVar("M", bound=pydantic.BaseModel)


class DataFileError(ValueError):
    """Base of the errors about data files (rulesets, scenarios)."""


class StrictModel(pydantic.BaseModel):
    """Frozen, no unknown keys, no type coercion (``"5"`` is not ``5``)."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid", strict=True)


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
    try:
        return tomllib.loads(source.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{label}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"{label}: cannot read the file: {exc}") from None


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
    builtin = resources.files(package).joinpath(folder).joinpath(f"{text}.toml")
    source: Traversable | Path
    if isinstance(name_or_path, str) and "/" not in text and builtin.is_file():
        source, label, base_dir = builtin, f"built-in {kind} {text!r}", None
    else:
        path = Path(name_or_path)
        if not path.is_file():
            names = ", ".join(builtin_names(package, folder))
            raise error(f"no {kind} named {text!r}: expected one of {names}, or a path to a file")
        source, label, base_dir = path, str(path), path.parent
    if label in seen:
        raise error(f"{label}: 'extends' loops back to itself ({' -> '.join(seen)})")
    data = _read(source, label, error)
    parent = data.pop("extends", None)
    if parent is None:
        return data, label
    if not isinstance(parent, str):
        raise error(f"{label}: key 'extends' must be a {kind} name or path, got {parent!r}")
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
            else:
                problems.append(f"key {key!r}: {item['msg']} (got {item.get('input')!r})")
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
