"""The gettext catalogs: which language, the translator of a language, numbers and messages.

Message ids are the English source text with ``{name}`` placeholders; the
catalogs (``locale/{de,en}/LC_MESSAGES/totenblatt.mo``, compiled from the ``.po``
files beside them with Babel, see ``make catalogs``) give each language's words.

>>> w = words("de")
>>> w.phrase("{name} bids {card}.", name="Spieler 2", card="K♦")
'Spieler 2 bietet K♦.'
>>> w.phrase_n("{n} wound", "{n} wounds", 2), words("en").number(7.5), w.number(7.5)
('2 Wunden', '7.5', '7,5')
>>> render(Message("{figure} is out of the game", figure="Billy"), "de")
'Billy ist aus dem Spiel'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from babel.numbers import format_decimal, get_decimal_symbol

from totenblatt.cards import Card
from totenblatt.messages import Message, MessageError, Plural
from totenblatt.text.terms import N_, enum_msgid

__all__ = [
    "DOMAIN",
    "LANGS",
    "N_",
    "LanguageError",
    "Words",
    "chance_digits",
    "render",
    "resolve_lang",
    "translator",
    "words",
]

DOMAIN = "totenblatt"
"""The gettext domain: ``locale/<lang>/LC_MESSAGES/totenblatt.mo``."""

LANGS: tuple[str, ...] = ("en", "de")
"""The languages with a catalog; English is the source language and the default."""

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


class LanguageError(MessageError):
    """A language that has no catalog (``--lang fr``, ``TOTENBLATT_LANG=xx``)."""


def _code(value: str) -> str:
    """``de_DE.UTF-8`` -> ``de``; ``C`` -> ``c``."""
    return value.strip().replace("-", "_").split(".")[0].split("_")[0].split("@")[0].lower()


def resolve_lang(explicit: str | None = None) -> str:
    """The language to speak: ``explicit`` (``--lang``), else ``TOTENBLATT_LANG``, else the
    locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.

    An explicit choice or ``TOTENBLATT_LANG`` without a catalog is an error; a locale
    of another language falls back to English.

    >>> resolve_lang("DE"), resolve_lang("en_GB.UTF-8")
    ('de', 'en')
    """
    for value, source in ((explicit, "--lang"), (os.environ.get("TOTENBLATT_LANG"), None)):
        if value:
            code = _code(value)
            if code not in LANGS:
                where = source or "TOTENBLATT_LANG"
                raise LanguageError(
                    Message(
                        "unknown language {value} in {where}: expected one of {allowed}",
                        value=repr(value),
                        where=where,
                        allowed=", ".join(LANGS),
                    )
                )
            return code
    for var in _LOCALE_VARS:
        value = os.environ.get(var)
        if value:
            code = _code(value)
            return code if code in LANGS else "en"
    return "en"


def translator(lang: str) -> gettext.NullTranslations:
    """The gettext translator of ``lang`` (``.gettext``, ``.ngettext``, ``.pgettext``).

    One object per language (``Lang.DE`` and ``"de"`` alike); the catalogs are package
    data, so a missing one is an installation error.
    """
    return _translator(str(lang))


@cache
def _translator(lang: str) -> gettext.NullTranslations:
    if lang not in LANGS:
        raise LanguageError(
            Message(
                "unknown language {value}: expected one of {allowed}",
                value=repr(lang),
                allowed=", ".join(LANGS),
            )
        )
    path = resources.files(__package__).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)


class Words:
    """The words of one language: translate a message id, fill in its parameters, numbers.

    ``phrase`` and ``phrase_n`` are what the text layer calls (Babel extracts them);
    ``render`` translates a :class:`~totenblatt.messages.Message` from the core.
    """

    def __init__(self, lang: str) -> None:
        self.lang = str(lang)
        self.tr = translator(lang)

    def gettext(self, msgid: str) -> str:
        """The translation of ``msgid`` (``msgid`` itself when the catalog lacks it)."""
        return self.tr.gettext(msgid)

    def phrase(self, msgid: str, /, **params: Any) -> str:
        """Translate ``msgid`` and fill in ``params`` (numbers the reader's way)."""
        text = self.tr.gettext(msgid)
        return text.format(**self.values(params)) if params else text

    def phrase_n(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """Translate by count ``n`` (also a parameter) and fill in ``params``."""
        return self.tr.ngettext(singular, plural, n).format(**self.values({"n": n, **params}))

    def render(self, message: Message) -> str:
        """A message from the core in this language."""
        if isinstance(message, Plural):
            params = dict(message.params)
            n = params.pop("n")
            return self.phrase_n(message.id, message.plural, n, **params)
        return self.phrase(message.id, **message.params)

    def values(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Parameters ready to fill in: messages translated, numbers and lists written out."""
        return {key: self.value(value) for key, value in params.items()}

    def value(self, value: Any) -> Any:
        """One parameter as shown: a message translated, a float with at most two decimals."""
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, float):
            return self.number(value, 2, exact=False)
        if isinstance(value, Card):
            return str(value)
        if isinstance(value, Enum):
            msgid = enum_msgid(value)
            return str(value.value) if msgid is None else self.gettext(msgid)
        if isinstance(value, list | tuple):
            return ", ".join(str(self.value(v)) for v in value)
        return value

    def number(self, value: float, digits: int = 1, *, exact: bool = True) -> str:
        """``7.5`` / ``7,5``: ``digits`` decimals (``exact=False``: up to ``digits``)."""
        pattern = "0" + ("." + ("0" if exact else "#") * digits if digits else "")
        return str(format_decimal(value, pattern, locale=self.lang))

    def numeral(self, value: float, spec: str = "") -> str:
        """``value`` by the format ``spec`` (``.1f``, ``+.1f``, ``.0%``) the reader's way.

        >>> words("en").numeral(0.675, ".1%"), words("de").numeral(0.675, ".1%")
        ('67.5%', '67,5 %')
        >>> words("de").numeral(-3.5, "+.1f"), words("de").numeral(12)
        ('-3,5', '12')
        """
        text = format(value, spec)
        percent = text.endswith("%")
        if percent:
            text = text[:-1]
        point = get_decimal_symbol(self.lang)
        if point != ".":
            text = text.replace(".", point)
        return self.phrase("{value}%", value=text) if percent else text

    def inches(self, value: float, digits: int = 1) -> str:
        """Inches as ``7.5"`` (``7,5"`` in German)."""
        return f'{self.number(value, digits)}"'

    def percent(self, p: float | Fraction, digits: int = 0) -> str:
        """``68%`` (``68 %`` in German); a chance strictly between 0 and 1 never shows as
        0 or 100 (``<1%``, ``>99.9 %``: :func:`chance_digits`).

        >>> words("en").percent(9288 / 9295, 1), words("de").percent(0.0004, 1)
        ('99.9%', '<0,1 %')
        >>> words("en").percent(0.999), words("en").percent(1), words("en").percent(0)
        ('>99%', '100%', '0%')
        """
        text = chance_digits(p, digits)
        point = get_decimal_symbol(self.lang)
        if point != ".":
            text = text.replace(".", point)
        return self.phrase("{value}%", value=text)


def chance_digits(p: float | Fraction, digits: int = 1) -> str:
    """A chance in percent with ``digits`` decimals (``.`` as the point, no sign) that never
    shows an impossible 0 or a certain 100 by rounding: only an exact 0 or 1 is ``0`` or
    ``100``; below the smallest step it is ``<0.1``, above the largest ``>99.9``. The one
    formatter of every percentage the CLI and the web show of a chance.

    >>> chance_digits(0.5), chance_digits(1e-9), chance_digits(0.99999), chance_digits(1)
    ('50.0', '<0.1', '>99.9', '100')
    """
    if p <= 0 or p >= 1:  # exact for a Fraction, before any rounding to float
        return "0" if p <= 0 else "100"
    text = format(float(p) * 100, f".{digits}f")
    step = format(10.0**-digits, f".{digits}f")
    if float(text) <= 0:
        return "<" + step
    if float(text) >= 100:
        return ">" + format(100 - 10.0**-digits, f".{digits}f")
    return text


def words(lang: str) -> Words:
    """The :class:`Words` of ``lang`` (one per language, ``Lang.DE`` and ``"de"`` alike)."""
    return _words(str(lang))


@cache
def _words(lang: str) -> Words:
    return Words(lang)


def render(message: Message, lang: str) -> str:
    """A :class:`~totenblatt.messages.Message` from the core, in ``lang``."""
    return words(lang).render(message)
