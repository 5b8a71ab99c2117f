"""The text layer: every sentence a person reads, from gettext catalogs (Babel), de and en.

Below the interfaces (CLI, web) and above the engines: the interfaces ask the
core and render through this package; the core returns values and
:class:`~totenblatt.messages.Message` ids with parameters, never sentences.

- :func:`resolve_lang` — ``--lang``, else ``TOTENBLATT_LANG``, else the locale, else English;
- :func:`translator` — the gettext object of a language;
- :func:`narrate` — one engine event in words (:class:`Narrator` for a running story);
- :func:`describe_error` — a core error as one line for a person;
- labels of decisions and choices (:mod:`~totenblatt.text.choices`), the attack
  resolver's explanation (:mod:`~totenblatt.text.attack`), campaign lines and rosters
  (:mod:`~totenblatt.text.campaign`), the RPG's tests (:mod:`~totenblatt.text.rpg`).

>>> narrate({"type": "conceded", "seat": 0}, "de")
'Spieler 1 gibt auf.'
>>> translator("de").gettext("Bid nothing")
'Nichts bieten'
"""

from __future__ import annotations

from totenblatt.text.catalog import (
    LANGS,
    LanguageError,
    Words,
    render,
    resolve_lang,
    translator,
    words,
)
from totenblatt.text.errors import describe_error, error_line
from totenblatt.text.narrate import Narrator, narrate, seat_label, seat_labels, winner_line

__all__ = [
    "LANGS",
    "LanguageError",
    "Narrator",
    "Words",
    "describe_error",
    "error_line",
    "narrate",
    "render",
    "resolve_lang",
    "seat_label",
    "seat_labels",
    "translator",
    "winner_line",
    "words",
]
