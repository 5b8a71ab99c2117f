"""One JSON codec for frozen dataclass records: a type tag, plain values, read back by type.

A :class:`Codec` knows a family of record classes (the Wanted engine's events, the
campaign's events) by a tag under one key (``"type"``, ``"event"``). A record's JSON form
is that tag, then its fields in order: cards as their text, enums as their values, tuples
as lists, nested dataclasses as objects (tagged when the codec knows their class).
:meth:`Codec.from_dict` reads it back by the fields' type hints and says what is wrong.

Field metadata says more: :data:`EXTENDED` (a field added later, left out while it holds
its default, so older records keep their exact form) and :data:`SECRET` (a field no
player may see: :meth:`Codec.to_dict` with ``secret=False`` leaves it out).

>>> from dataclasses import dataclass, field
>>> codec = Codec(family="example")
>>> @codec.register
... @dataclass(frozen=True)
... class CardShown:
...     seat: int
...     card: Card
...     bonus: int = field(default=0, metadata=EXTENDED)
...     deck: int = field(default=1, metadata=SECRET)
>>> data = codec.to_dict(CardShown(1, Card.parse("K♦"), deck=4))
>>> data
{'type': 'card_shown', 'seat': 1, 'card': 'K♦', 'deck': 4}
>>> codec.from_dict(data) == CardShown(1, Card.parse("K♦"), deck=4)
True
>>> codec.to_dict(CardShown(1, Card.parse("K♦"), bonus=2), secret=False)
{'type': 'card_shown', 'seat': 1, 'card': 'K♦', 'bonus': 2}
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, Field, fields, is_dataclass
from enum import Enum
from types import MappingProxyType
from typing import (
    Any,
    Literal,
    NamedTuple,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from totenblatt.cards import Card, CardParseError

__all__ = ["EXTENDED", "SECRET", "Codec", "snake_name"]

EXTENDED = MappingProxyType({"extended": True})
"""Field metadata of a field added later: left out of the JSON form while at its default."""

SECRET = MappingProxyType({"secret": True})
"""Field metadata of a secret field (a seed): left out of what a seat or spectator sees."""

SECRET_EXTENDED = MappingProxyType({"extended": True, "secret": True})
"""Both: a secret field added later."""

R = TypeVar("R")

_SNAKE = re.compile(r"(?<!^)(?=[A-Z])")


def snake_name(cls: type) -> str:
    """The class name in snake case, the default tag: ``FiguresMoved`` -> ``figures_moved``.

    >>> snake_name(Card)
    'card'
    """
    return _SNAKE.sub("_", cls.__name__).lower()


class _Shape(NamedTuple):
    """What the codec keeps of one class: its tag, its fields, its secret fields."""

    tag: str
    fields: tuple[tuple[str, Any], ...]
    """(field name, the default left out of the JSON form, or MISSING)."""
    secret: frozenset[str]


class Codec:
    """The JSON form of a family of frozen dataclass records, and back.

    ``key`` is the JSON key of the tag (None: records of one class, written untagged and
    read with :meth:`from_dict`'s ``cls``); a class's tag is its ClassVar named ``tag_attr``
    when it defines one, else :func:`snake_name`; ``family`` names the records in errors.
    """

    def __init__(
        self, *, key: str | None = "type", tag_attr: str = "TYPE", family: str = "record"
    ) -> None:
        self.key = key
        self.family = family
        self._tag_attr = tag_attr
        self._shapes: dict[type, _Shape] = {}
        self._by_tag: dict[str, type] = {}
        self._hints: dict[type, dict[str, Any]] = {}

    # -- the registry ---------------------------------------------------------------

    def register(self, cls: type[R]) -> type[R]:
        """Know ``cls`` by its tag (usable as a class decorator); a tag taken twice is an error."""
        if not is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass: the codec reads dataclasses")
        tag = self.shape(cls).tag
        known = self._by_tag.get(tag)
        if known is not None and known is not cls:
            raise ValueError(f"{self.family} tag {tag!r} is taken by {known.__name__}")
        self._by_tag[tag] = cls
        return cls

    def register_all(self, classes: Iterable[type]) -> None:
        """:meth:`register` each class."""
        for cls in classes:
            self.register(cls)

    @property
    def classes(self) -> Mapping[str, type]:
        """The known classes by their tag, in the order registered."""
        return MappingProxyType(self._by_tag)

    def shape(self, cls: type) -> _Shape:
        """The tag, fields and secret fields of ``cls`` (worked out once)."""
        found = self._shapes.get(cls)
        if found is None:
            specs: tuple[Field[Any], ...] = fields(cls)
            names = tuple(
                (f.name, f.default if f.metadata.get("extended") else MISSING) for f in specs
            )
            tag = cls.__dict__.get(self._tag_attr) or snake_name(cls)
            secret = frozenset(f.name for f in specs if f.metadata.get("secret"))
            found = self._shapes[cls] = _Shape(str(tag), names, secret)
        return found

    def secret_fields(self, cls: type) -> frozenset[str]:
        """The names of the fields of ``cls`` marked :data:`SECRET`."""
        return self.shape(cls).secret

    # -- to JSON --------------------------------------------------------------------

    def to_dict(self, record: Any, *, secret: bool = True) -> dict[str, Any]:
        """The JSON form: ``{key: tag, field: value, ...}``; ``secret=False`` leaves out
        the :data:`SECRET` fields."""
        tag, names, hidden = self.shape(type(record))
        out: dict[str, Any] = {} if self.key is None else {self.key: tag}
        out.update(self._fields(record, names, () if secret else hidden))
        return out

    def _fields(
        self, record: Any, names: tuple[tuple[str, Any], ...], hidden: Iterable[str]
    ) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, omit in names:
            if name in hidden:
                continue
            value = getattr(record, name)
            if omit is MISSING or value != omit:
                out[name] = self.plain(value)
        return out

    def plain(self, value: Any) -> Any:
        """``value`` as JSON: a card as its text, an enum as its value, a tuple as a list,
        a dataclass as an object (tagged when registered)."""
        if value is None or isinstance(value, bool | int | float | str):
            return value.value if isinstance(value, Enum) else value
        if isinstance(value, Card):
            return str(value)
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, tuple | list):
            return [self.plain(v) for v in value]
        if is_dataclass(value) and not isinstance(value, type):
            cls = type(value)
            if cls in self._by_tag.values():
                return self.to_dict(value)
            return self._fields(value, self.shape(cls).fields, ())
        raise TypeError(f"cannot turn {value!r} into JSON")

    # -- from JSON ------------------------------------------------------------------

    def from_dict(self, data: Mapping[str, Any], cls: type[R] | None = None) -> Any:
        """Read a :meth:`to_dict` form back (as a ``cls`` when given: no tag is read);
        ``ValueError`` says what is wrong with it."""
        if cls is not None or self.key is None:
            if cls is None:
                raise TypeError(f"a {self.family} has no tag: name its class")
            return self._record(cls, data)
        if not isinstance(data, Mapping):
            raise ValueError(f"a {self.family} must be a JSON object, got {_short(data)}")
        tag = data.get(self.key)
        found = self._by_tag.get(tag) if isinstance(tag, str) else None
        if found is None:
            raise ValueError(
                f"unknown {self.family} {_short(tag)}: expected one of {', '.join(self._by_tag)}"
            )
        return self._record(found, data, skip=self.key)

    def _record(self, cls: type, data: Mapping[str, Any], skip: str | None = None) -> Any:
        what = f"{self.family} {cls.__name__}"
        if not isinstance(data, Mapping):
            raise ValueError(f"a {what} must be a JSON object, got {_short(data)}")
        hints = self._type_hints(cls)
        specs = {f.name: f for f in fields(cls)}
        unknown = sorted(str(k) for k in data if k != skip and k not in specs)
        if unknown:
            raise ValueError(
                f"unknown key {unknown[0]!r:.40} in a {what}: expected {', '.join(specs)}"
            )
        values: dict[str, Any] = {}
        for name, spec in specs.items():
            if name in data:
                try:
                    values[name] = self._value(hints[name], data[name])
                except (TypeError, ValueError, CardParseError) as exc:
                    raise ValueError(f"bad {name!r} in a {what}: {exc}") from None
            elif spec.default is MISSING and spec.default_factory is MISSING:
                raise ValueError(f"a {what} needs the key {name!r}")
        return cls(**values)

    def _type_hints(self, cls: type) -> dict[str, Any]:
        hints = self._hints.get(cls)
        if hints is None:
            module = sys.modules.get(cls.__module__)
            hints = self._hints[cls] = get_type_hints(cls, vars(module) if module else None)
        return hints

    def _value(self, hint: Any, value: Any) -> Any:
        """``value`` read as ``hint`` (a card, enum, tuple, optional, dataclass or scalar)."""
        origin = get_origin(hint)
        if origin is Union or origin is types.UnionType:
            options = get_args(hint)
            if value is None and type(None) in options:
                return None
            errors = []
            for option in options:
                if option is not type(None):
                    try:
                        return self._value(option, value)
                    except (TypeError, ValueError, CardParseError) as exc:
                        errors.append(str(exc))
            raise ValueError("; ".join(errors) or f"expected null, got {_short(value)}")
        if origin is tuple:
            return self._tuple(get_args(hint), value)
        if origin is Literal:
            if value not in get_args(hint):
                allowed = ", ".join(map(repr, get_args(hint)))
                raise ValueError(f"expected one of {allowed}, got {_short(value)}")
            return value
        if hint is Any:
            return value
        if hint is Card:
            return Card.parse(_typed(str, value))
        if isinstance(hint, type) and issubclass(hint, Enum):
            return hint(value)
        if isinstance(hint, type) and is_dataclass(hint):
            if isinstance(value, Mapping) and self.key in value and hint in self._by_tag.values():
                return self.from_dict(value)
            return self._record(hint, value)
        if hint is float:
            return float(_typed(int | float, value))
        if hint in (bool, int, str):
            return _typed(hint, value)
        raise TypeError(f"the codec cannot read a {hint!r}")

    def _tuple(self, args: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise ValueError(f"expected a list, got {_short(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(self._value(args[0], v) for v in value)
        if len(args) != len(value):
            raise ValueError(f"expected a list of {len(args)}, got {_short(value)}")
        return tuple(self._value(a, v) for a, v in zip(args, value, strict=True))


def _typed(kind: Any, value: Any) -> Any:
    """``value`` when it is a ``kind`` (a bool is no number), else ``ValueError``."""
    if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
        return value
    name = getattr(kind, "__name__", str(kind))
    raise ValueError(f"expected {name}, got {_short(value)}")


def _short(value: Any) -> str:
    """``repr(value)``, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
