"""The seats of ``totenblatt play``: who plays each (:class:`SeatKind`) and its bot.

``fight play`` seats its bots through :func:`seat_bot` too.
"""

from __future__ import annotations

import sys
from enum import StrEnum

from totenblatt.cli.app import CliError
from totenblatt.cli.options import Lang
from totenblatt.messages import Message
from totenblatt.text import words
from totenblatt.text.catalog import N_
from totenblatt.wanted.bots import Bot, bot_seed, make_bot
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "SeatKind",
    "kind_label",
    "no_terminal_message",
    "parse_seats",
    "seat_bot",
    "stdin_is_terminal",
]


class SeatKind(StrEnum):
    """Who plays a seat."""

    HUMAN = "human"
    """A person at the keyboard."""
    BOT = "bot"
    """The heuristic bot."""
    RANDOM = "random"
    """The random bot."""
    ISMCTS = "ismcts"
    """The search bot (:class:`ISMCTSBot`, the registry's default budget)."""


_KIND_WORDS = {
    "human": SeatKind.HUMAN,
    "mensch": SeatKind.HUMAN,
    "me": SeatKind.HUMAN,
    "ich": SeatKind.HUMAN,
    "bot": SeatKind.BOT,
    "heuristic": SeatKind.BOT,
    "random": SeatKind.RANDOM,
    "zufall": SeatKind.RANDOM,
    "ismcts": SeatKind.ISMCTS,
}


def parse_seats(text: str, seats: int) -> list[SeatKind]:
    """``human,bot`` -> one kind per seat; missing seats are bots.

    >>> parse_seats("human, bot", 3)
    [<SeatKind.HUMAN: 'human'>, <SeatKind.BOT: 'bot'>, <SeatKind.BOT: 'bot'>]
    """
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    kinds = []
    for word in words:
        kind = _KIND_WORDS.get(word)
        if kind is None:
            raise _bad_seats(
                Message(
                    "unknown seat kind {word} in --seats {text}: expected human, bot, random or "
                    "ismcts, separated by commas",
                    word=repr(word),
                    text=repr(text),
                )
            )
        kinds.append(kind)
    if len(kinds) > seats:
        raise _bad_seats(
            Message(
                "--seats {text} names {n} seats, but the scenario has {seats}",
                text=repr(text),
                n=len(kinds),
                seats=seats,
            )
        )
    return kinds + [SeatKind.BOT] * (seats - len(kinds))


def _bad_seats(message: Message) -> CliError:
    return CliError(message)


def no_terminal_message(lang: Lang = Lang.EN) -> str:
    """What to say when a human seat has no terminal to type into."""
    return words(lang).phrase(
        "A human seat needs a terminal to type into, but standard input is not one.\n"
        "To watch two bots play instead: totenblatt play --seats bot,bot"
    )


def stdin_is_terminal() -> bool:
    """Whether standard input is a terminal a human seat can type into."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):
        return False


_KIND_LABELS = {
    SeatKind.HUMAN: N_("you"),
    SeatKind.BOT: N_("bot"),
    SeatKind.RANDOM: N_("random bot"),
    SeatKind.ISMCTS: N_("search bot"),
}


def kind_label(kind: SeatKind, lang: Lang) -> str:
    """Who plays a seat, in ``lang`` ("you", "bot", …), for the intro and the screen."""
    return words(lang).gettext(_KIND_LABELS[kind])


_BOT_NAMES = {SeatKind.BOT: "heuristic", SeatKind.RANDOM: "random", SeatKind.ISMCTS: "ismcts"}
"""The registry's name of each bot seat kind (the advisor of a human seat is heuristic)."""


def seat_bot(kind: SeatKind, seed: int, seat: int, scenario: Scenario, ruleset: Ruleset) -> Bot:
    """The bot of a seat, from the bot registry, seeded ``bot_seed(seed, seat)``.

    ``totenblatt play`` and ``fight play`` seat their bots through it, so an ``ismcts``
    seat is the search bot everywhere; a human seat gets the heuristic bot (its hints).
    """
    name = _BOT_NAMES.get(kind, "heuristic")
    return make_bot(name, bot_seed(seed, seat), scenario, ruleset)
