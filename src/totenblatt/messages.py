"""Sentences as values: a message id of the text catalogs and the parameters it needs.

The core never words a sentence for a person. An error, a refusal or a step of a
narration carries a :class:`Message`: an id of the gettext catalogs of
:mod:`totenblatt.text` (the English source text with ``{name}`` placeholders) and
its named parameters; the text layer translates it. Errors keep their English
``str()`` for programmers and carry the message for people in ``.message``
(:class:`MessageError`); a rule check that answers with a reason returns a
:class:`Reason`, an English ``str`` that carries its message too.

>>> m = Message("{card} is not a card", card="X")
>>> m.id, dict(m.params), m.english()
('{card} is not a card', {'card': 'X'}, 'X is not a card')
>>> Plural("{n} wound", "{n} wounds", n=2).english()
'2 wounds'
>>> err = MessageError("programmer text", message=m)
>>> str(err), err.message == m
('programmer text', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

__all__ = ["Message", "MessageError", "Plural", "Reason", "message_of"]


class Message:
    """One sentence for a person: a catalog message id and its named parameters.

    A parameter may itself be a :class:`Message` (translated first), a number
    (written the reader's way), a card or any value whose ``str`` is fine to show.
    """

    __slots__ = ("id", "params")

    id: str
    params: Mapping[str, Any]

    def __init__(self, id: str, /, **params: Any) -> None:
        self.id = id
        self.params = params

    def english(self) -> str:
        """The message in English (the source text with its parameters filled in)."""
        return self.id.format(**_english(self.params))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, Message)
            and (self.id, _key(self)) == (other.id, _key(other))
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.id))

    def __repr__(self) -> str:
        params = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"{type(self).__name__}({self.id!r}{params})"


class Plural(Message):
    """A message whose words depend on the count ``n`` (``1 wound`` / ``2 wounds``)."""

    __slots__ = ("plural",)

    plural: str

    def __init__(self, singular: str, plural: str, /, *, n: int, **params: Any) -> None:
        super().__init__(singular, n=n, **params)
        self.plural = plural

    def english(self) -> str:
        """The English form for ``n``."""
        text = self.id if self.params["n"] == 1 else self.plural
        return text.format(**_english(self.params))


def _key(message: Message) -> tuple[Any, ...]:
    plural = message.plural if isinstance(message, Plural) else None
    return (plural, tuple(sorted(message.params.items(), key=lambda kv: kv[0])))


def _english(params: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _english_value(v) for k, v in params.items()}


def _english_value(value: Any) -> Any:
    """A parameter in English: messages rendered, floats with at most two decimals, lists joined."""
    if isinstance(value, Message):
        return value.english()
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple):
        return ", ".join(str(_english_value(v)) for v in value)
    if isinstance(value, Enum):
        return getattr(value, "english", value.value)
    return value


class Reason(str):
    """An English reason (a ``str``, for programmers) that carries its message for people.

    Rule checks that answer "why not?" return one, so the raising code can pass the
    message on: ``raise IllegalActionError(reason, message=reason.message)``.
    """

    message: Message

    def __new__(cls, text: str, message: Message) -> Reason:
        made = super().__new__(cls, text)
        made.message = message
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Reason, (str(self), self.message))


class MessageError(ValueError):
    """A ``ValueError`` with an English ``str()`` and, for people, a :class:`Message`.

    Raise it with the message alone — ``SomeError(Message("{x} is no card", x=x))`` —
    and its ``str()`` is the message in English, from the same sentence. ``message``
    may also be given beside a programmer's text, or left out (None): the text layer
    then shows the English text.

    >>> err = MessageError(Message("{card} is not a card", card="X"))
    >>> str(err), err.message
    ('X is not a card', Message('{card} is not a card', card='X'))
    """

    message: Message | None

    def __init__(self, *args: object, message: Message | None = None) -> None:
        if message is None and len(args) == 1 and isinstance(args[0], Message):
            message, args = args[0], (args[0].english(),)
        super().__init__(*args)
        if message is None and len(args) == 1 and isinstance(args[0], Reason):
            message = args[0].message
        self.message = message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, self.message))


def _rebuild(cls: type[MessageError], args: tuple[Any, ...], message: Message | None) -> Any:
    return cls(*args, message=message)


def message_of(exc: BaseException) -> Message | None:
    """The message an error carries for people, or None."""
    found = getattr(exc, "message", None)
    return found if isinstance(found, Message) else None
