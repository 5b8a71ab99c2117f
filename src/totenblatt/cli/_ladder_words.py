"""The sentences of ``totenblatt ladder``, in English and German.

TODO(text): move these into the gettext catalogs of ``totenblatt.text``; ``say`` is the
one place the ladder command reads text from.

>>> say("pairs", "de", pairs=3, games=40)
'3 Paarungen zu je 40 Spielen'
"""

from __future__ import annotations

from typing import Any

__all__ = ["TEXT", "say"]

TEXT: dict[str, tuple[str, str]] = {
    "progress": ("ladder games", "Ranglistenspiele"),
    "pairs": ("{pairs} pairings of {games} games each", "{pairs} Paarungen zu je {games} Spielen"),
    "col_rank": ("#", "#"),
    "col_bot": ("bot", "Bot"),
    "col_elo": ("Elo", "Elo"),
    "col_interval": ("95 % interval", "95-%-Intervall"),
    "col_games": ("games", "Spiele"),
    "col_pair": ("pairing", "Paarung"),
    "col_score": ("score of the first", "Punkte des Ersten"),
    "col_record": ("won–lost–drawn", "gewonnen–verloren–unentschieden"),
    "vs": ("{first} vs {second}", "{first} gegen {second}"),
    "took": ("{games} games in {seconds:.1f} s", "{games} Spiele in {seconds:.1f} s"),
    "plot_saved": ("plot written to {path}", "Grafik gespeichert in {path}"),
    "plot_title": ("Ladder: {scenario} ({ruleset})", "Rangliste: {scenario} ({ruleset})"),
    "plot_axis": (
        "Elo (Bradley–Terry), 95 % bootstrap interval",
        "Elo (Bradley–Terry), 95-%-Bootstrap-Intervall",
    ),
    "interrupted": (
        "interrupted: the ratings count the games finished so far",
        "abgebrochen: die Wertung zählt die bisher beendeten Spiele",
    ),
}


def say(key: str, lang: str, **values: Any) -> str:
    """The sentence ``key`` in ``lang`` (``de`` or ``en``) with ``values`` filled in."""
    en, de = TEXT[key]
    return (de if lang == "de" else en).format(**values)
