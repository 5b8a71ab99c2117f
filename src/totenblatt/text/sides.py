"""The sides of a game in words: each seat's label and the line that says who won.

>>> seat_labels(2, "de")
['Spieler 1', 'Spieler 2']
"""

from __future__ import annotations

from collections.abc import Sequence

from totenblatt.text.catalog import N_, words

__all__ = ["seat_label", "seat_labels", "winner_line"]

_WIN_REASONS = {
    "last_side_standing": N_("{names} wins — last side standing."),
    "round_limit": N_("{names} wins — most HP after the round limit."),
    "concession": N_("{names} wins — the others conceded."),
}
_WIN_REASONS_MANY = {
    "last_side_standing": N_("{names} win — last side standing."),
    "round_limit": N_("{names} win — most HP after the round limit."),
    "concession": N_("{names} win — the others conceded."),
}


def seat_label(seat: int, lang: str) -> str:
    """``Player 2`` / ``Spieler 2`` for seat 1."""
    return words(lang).phrase("Player {n}", n=seat + 1)


def seat_labels(seats: int, lang: str) -> list[str]:
    """``Player 1`` … (``Spieler 1`` …) for every seat."""
    return [seat_label(s, lang) for s in range(seats)]


def winner_line(
    winners: Sequence[int], reason: str | None, labels: Sequence[str], lang: str
) -> str:
    """The line that says who won the game and why.

    >>> winner_line([0], "last_side_standing", ["Player 1", "Player 2"], "en")
    'Player 1 wins — last side standing.'
    >>> winner_line([], "round_limit", ["Spieler 1", "Spieler 2"], "de")
    'Unentschieden — Rundenlimit erreicht, gleich viele HP.'
    """
    w = words(lang)
    if not winners:
        if reason == "round_limit":
            return w.phrase("Draw — round limit reached with equal HP.")
        return w.phrase("Draw — nobody is left standing.")
    names = " & ".join(labels[s] for s in winners)
    table = _WIN_REASONS_MANY if len(winners) > 1 else _WIN_REASONS
    msgid = table.get(reason or "")
    if msgid is None:
        return w.phrase("{names} wins ({reason}).", names=names, reason=reason or "?")
    return w.phrase(msgid, names=names)
