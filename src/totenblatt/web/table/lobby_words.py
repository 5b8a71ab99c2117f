"""The lobby's words of games that last days (issue 42): the clock chosen at creation, the
flag-fall rule and whose turn it is in "your games".

Keys of the lobby's strings, marked for the catalogs and registered into the shell's registry
on import (:func:`totenblatt.web.shell.words.register`); the flag-fall rule is the table's own
sentence (:data:`~totenblatt.web.table.days.FLAG_RULE`, both languages), given to the page as
``flag_rule`` by :func:`lobby_strings`.
"""

from __future__ import annotations

from totenblatt.text.terms import N_
from totenblatt.web.shell.words import register, strings
from totenblatt.web.table.days import FLAG_RULE

__all__ = ["LOBBY_STRINGS", "lobby_strings"]

LOBBY_STRINGS: dict[str, str] = {
    "clock": N_("Clock"),
    "clock_none": N_("no clock (plays now)"),
    "clock_per_decision": N_("per decision: {hours} hours"),
    "clock_bank": N_("Fischer bank: {bank} hours + {increment} hours per decision"),
    "clock_hours": N_("Hours per decision"),
    "clock_bank_hours": N_("Hours in the bank"),
    "clock_increment_hours": N_("Hours added per decision"),
    "turn_yours": N_("your turn"),
    "turn_of": N_("{name}'s turn"),
    "turn_ended": N_("ended"),
    "turn_unknown": N_("not found"),
    "clock_left": N_("{time} left"),
}

register(LOBBY_STRINGS)


def lobby_strings(lang: str) -> dict[str, str]:
    """Every page word in ``lang`` and the lobby's flag-fall rule (``flag_rule``)."""
    return {**strings(lang), "flag_rule": FLAG_RULE.get(lang, FLAG_RULE["en"])}
