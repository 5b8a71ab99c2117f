"""Words of a game night at the web table: takebacks in the log, the quick emotes, reports.

>>> emote_text("gg", "de")
'Gutes Spiel!'
>>> takeback_line({"seat": 0, "outcome": "refused", "answered_by": [1]}, ["Anna", "Bob"], "en")
"Bob refused Anna's takeback."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from totenblatt.text.catalog import words
from totenblatt.text.narrate import Narrator
from totenblatt.text.terms import N_
from totenblatt.wanted.rules import Ruleset

__all__ = ["EMOTES", "REFUSALS", "emote_text", "night_refusal", "spectator_name", "takeback_line"]

EMOTES: dict[str, str] = {
    "hello": N_("Howdy!"),
    "gg": N_("Good game!"),
    "nice": N_("Nice shot!"),
    "ouch": N_("Ouch!"),
    "thinking": N_("Let me think…"),
    "hurry": N_("Your move, partner."),
    "thanks": N_("Thanks!"),
}
"""The quick emotes of the chat: a key, and its words (each reader reads them in its language)."""


REFUSALS: dict[str, str] = {
    "nothing": N_("there is nothing to take back yet"),
    "not_yours": N_("only your own last action can be taken back, and {name} decided after it"),
    "hidden": N_("that action drew or showed a card that was hidden: it cannot be taken back"),
    "asked": N_("{name} already asked to take back an action: answer that first"),
    "none_asked": N_("no takeback is asked"),
    "own": N_("you asked for this takeback: the other players answer it"),
    "over": N_("the game is over: nothing can be taken back"),
    "not_over": N_("a rematch is proposed once the game is over"),
    "no_rematch": N_("this game cannot have a rematch: its table is not a built-in scenario"),
    "no_export": N_("the game can be exported once it is over"),
    "spectator": N_("a spectator cannot do that"),
}
"""Why a game night's request is refused (HTTP 409 and 403), in the reader's language."""


def night_refusal(key: str, lang: str, /, **values: Any) -> str:
    """Why a game night's request is refused (:data:`REFUSALS`), in ``lang``."""
    return words(lang).phrase(REFUSALS[key], **values)


def emote_text(key: str, lang: str) -> str:
    """The words of the emote ``key`` in ``lang``."""
    return words(lang).phrase(EMOTES[key])


def spectator_name(lang: str) -> str:
    """Who a spectator's chat line is from."""
    return words(lang).phrase("Spectator")


def _names(seats: Sequence[int], labels: Sequence[str]) -> str:
    return ", ".join(labels[s] if 0 <= s < len(labels) else "?" for s in seats)


def takeback_line(
    data: Mapping[str, Any],
    labels: Sequence[str],
    lang: str,
    ruleset: Ruleset | None = None,
) -> str:
    """A takeback in the log: ``{"seat", "outcome", "answered_by", "undone"}`` (the public
    events taken back, told again)."""
    w = words(lang)
    seat = int(data["seat"])
    name = labels[seat] if 0 <= seat < len(labels) else "?"
    answered = [int(s) for s in data.get("answered_by", ())]
    if data.get("outcome") == "refused":
        return w.phrase(
            "{name} refused {asker}'s takeback.", name=_names(answered, labels), asker=name
        )
    teller = Narrator(lang, labels, ruleset=ruleset)
    told = [teller.event(e) for e in data.get("undone", ())]
    what = " ".join(line for line in told if line)
    if not what:
        line = w.phrase("{name} took back the last action.", name=name)
    else:
        line = w.phrase("{name} took back: {what}", name=name, what=what)
    if answered:
        line += " " + w.phrase("(Accepted by {names}.)", names=_names(answered, labels))
    return line
