"""The words of the web table: the text layer's, plus the page's own labels.

Narration, choice labels, decisions, results and error messages come from
:mod:`totenblatt.text` (gettext catalogs, de and en). The page's furniture
(buttons, panel titles, hints) is in ``_STRINGS`` below.

TODO(text): move ``_STRINGS`` into the catalogs of ``totenblatt.text`` (they are the
only sentences of ``totenblatt.web``; the page receives them through :func:`strings`).

>>> text("concede", "de")
'Aufgeben'
>>> text("seat_label", "en", n=2)
'Player 2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal

from totenblatt.messages import Message
from totenblatt.text import Narrator, render, words
from totenblatt.text import describe_error as _describe_error
from totenblatt.text import winner_line as _winner_line
from totenblatt.text.vocab import ability_name
from totenblatt.wanted.rules import Ruleset

__all__ = [
    "LANGS",
    "Lang",
    "Narration",
    "ability_label",
    "describe",
    "seat_labels",
    "strings",
    "text",
    "weapon_label",
    "winner_line",
    "wounds",
]

Lang = Literal["en", "de"]
LANGS: tuple[Lang, ...] = ("en", "de")

_STRINGS: dict[str, tuple[str, str]] = {
    # -- page furniture --
    "title": ("Totenblatt — the table", "Totenblatt — der Spieltisch"),
    "lobby": ("Lobby", "Lobby"),
    "round": ("Round {round} of {limit}", "Runde {round} von {limit}"),
    "round_open": ("Round {round}", "Runde {round}"),
    "dealer": ("Dealer", "Geber"),
    "initiative": ("Initiative", "Initiative"),
    "draw_pile": ("Deck", "Stapel"),
    "discard_pile": ("Discards", "Ablage"),
    "dead_hand": ("Dead man's hand", "Totenblatt"),
    "dead_hand_taken": ("taken", "genommen"),
    "cards": ("cards", "Karten"),
    "card": ("card", "Karte"),
    "your_hand": ("Your hand", "Deine Hand"),
    "hand_of": ("{name}'s hand", "Hand von {name}"),
    "no_cards": ("No cards", "Keine Karten"),
    "log": ("Events", "Ereignisse"),
    "players": ("Players", "Spieler"),
    "spectating": ("Watching (public view)", "Zuschauen (öffentliche Sicht)"),
    "seat_label": ("Player {n}", "Spieler {n}"),
    "you": ("you", "du"),
    "kind_human": ("human", "Mensch"),
    "kind_bot": ("bot", "Bot"),
    "kind_random": ("random bot", "Zufallsbot"),
    "hp": ("HP", "LP"),
    "hidden": ("hidden", "versteckt"),
    "out": ("out", "erledigt"),
    "hero": ("hero", "Held"),
    "connection_lost": ("Connection lost — reconnecting…", "Verbindung weg — verbinde neu…"),
    "spectator_link": ("Spectator link", "Zuschauer-Link"),
    "copy": ("Copy", "Kopieren"),
    "copied": ("Copied", "Kopiert"),
    "help": ("Keys", "Tasten"),
    "keys": (
        "1–9 pick a card · Enter confirm · Esc cancel · P pass · R redraw · "
        "H hide · L events · ? keys",
        "1–9 Karte wählen · Enter bestätigen · Esc abbrechen · P passen · R nachziehen · "
        "H verstecken · L Ereignisse · ? Tasten",
    ),
    "close": ("Close", "Schließen"),
    "bids": ("Bids", "Gebote"),
    "no_bid": ("no bid", "kein Gebot"),
    # -- whose decision --
    "your_decision": ("Your decision", "Du bist dran"),
    "waiting_for": ("Waiting for {name}…", "Warte auf {name}…"),
    "bot_thinking": ("{name} is thinking…", "{name} überlegt…"),
    "prompt_action": (
        "Drag a figure to move (pays a ♣), or click your figure and then an enemy to shoot (a ♠).",
        "Ziehe eine Figur zum Bewegen (kostet ein ♣) oder klicke deine Figur und dann einen "
        "Gegner zum Schießen (ein ♠).",
    ),
    # -- buttons --
    "redraw": ("Redraw…", "Nachziehen…"),
    "redraw_pick": (
        "Click the card to redraw; pay {cost} HP from:",
        "Klicke die Karte zum Nachziehen; {cost} LP zahlt:",
    ),
    "tempt_fate": ("Tempt Fate…", "Schicksal herausfordern…"),
    "concede": ("Concede", "Aufgeben"),
    "concede_sure": ("Really give up the fight?", "Den Kampf wirklich aufgeben?"),
    "yes": ("Yes", "Ja"),
    "no": ("No", "Nein"),
    "cancel": ("Cancel", "Abbrechen"),
    "confirm_move": ("Move", "Bewegen"),
    "hide_here": ("Hide at the end", "Am Ziel verstecken"),
    "fire": ("Fire with {card}", "Mit {card} schießen"),
    "fire_wild": ("Fire with {card} as a joker", "Mit {card} als Joker schießen"),
    "as_joker": ("as a joker", "als Joker"),
    "as_card": ("as itself", "als sie selbst"),
    # -- move ruler --
    "ruler": ('{cost}" of {allowance}"', '{cost}" von {allowance}"'),
    "ruler_no_card": ('{cost}"', '{cost}"'),
    "move_with": ("with {card}", "mit {card}"),
    "move_steps": ("Moves", "Bewegungen"),
    "pick_club": (
        "Click a ♣ card to move with it, or just drag a figure.",
        "Klicke eine ♣-Karte zum Bewegen oder ziehe einfach eine Figur.",
    ),
    "no_club": ("No club (or joker) can pay for this move.", "Kein Kreuz (oder Joker) reicht."),
    "not_your_decision": ("It is not your decision.", "Du bist nicht dran."),
    "split_hint": (
        "Drag another figure to split the club, then press Move.",
        "Ziehe eine weitere Figur, um das Kreuz aufzuteilen, dann „Bewegen“.",
    ),
    "can_hide": ("In hard cover: may hide", "In harter Deckung: darf sich verstecken"),
    # -- attack preview --
    "attack_preview": ("{attacker} → {target}", "{attacker} → {target}"),
    "distance": ("Distance", "Entfernung"),
    "range_band": ("Range", "Reichweite"),
    "band_n": ('up to {limit}"', 'bis {limit}"'),
    "out_of_range": ("out of range", "außer Reichweite"),
    "modifier": ("Modifier", "Modifikator"),
    "line_of_fire": ("Line of fire", "Schusslinie"),
    "cover": ("Cover", "Deckung"),
    "cover_none": ("none", "keine"),
    "cover_light": ("light", "leicht"),
    "cover_medium": ("medium", "mittel"),
    "cover_hard": ("hard", "hart"),
    "cover_hidden_hard": ("hidden: hard", "versteckt: hart"),
    "chance_to_hit": ("Hit", "Treffer"),
    "expected_wounds": ("Expected wounds", "Erwartete Wunden"),
    "kill_chance": ("Takes out", "Erledigt"),
    "wound_distribution": ("Wounds", "Wunden"),
    "odds_assumption": (
        "Odds: the defender's hand is a random draw from the cards you have not seen; it "
        "plays a joker if it has one, else its highest heart.",
        "Chancen: die Hand des Verteidigers ist zufällig aus den Karten, die du nicht gesehen "
        "hast; er spielt einen Joker, wenn er einen hat, sonst sein höchstes Herz.",
    ),
    "no_spade": ("No spade (or joker) in your hand.", "Kein Pik (oder Joker) auf der Hand."),
    "choose_target": ("Now click an enemy figure.", "Klicke jetzt eine gegnerische Figur."),
    # -- hot seat --
    "pass_device": ("Pass the device to {name}", "Gib das Gerät an {name} weiter"),
    "pass_device_hint": (
        "The hand stays covered until {name} is ready.",
        "Die Hand bleibt verdeckt, bis {name} bereit ist.",
    ),
    "show_hand": ("I am {name}: show my hand", "Ich bin {name}: Hand zeigen"),
    # -- the end --
    "game_over": ("The game is over", "Das Spiel ist aus"),
    "replay": ("Replay", "Wiederholung"),
    "replay_step": ("Step {n} of {total}", "Schritt {n} von {total}"),
    "first": ("Start", "Anfang"),
    "previous": ("Back", "Zurück"),
    "next": ("Next", "Weiter"),
    "last": ("End", "Ende"),
    "new_game": ("New game", "Neues Spiel"),
    # -- lobby --
    "create_game": ("New game", "Neues Spiel"),
    "scenario": ("Scenario", "Szenario"),
    "ruleset": ("Ruleset", "Regelwerk"),
    "hand_mode": ("Hands", "Hände"),
    "hand_mode_per_player": ("one per player", "eine pro Spieler"),
    "hand_mode_per_character": ("one per figure", "eine pro Figur"),
    "seats": ("Seats", "Plätze"),
    "language": ("Language", "Sprache"),
    "hotseat": (
        "Hot-seat: all human seats play in this browser",
        "Hot-Seat: alle menschlichen Plätze spielen in diesem Browser",
    ),
    "create": ("Create game", "Spiel anlegen"),
    "games": ("Games", "Spiele"),
    "no_games": ("No games yet.", "Noch keine Spiele."),
    "status_playing": ("running", "läuft"),
    "status_over": ("over", "vorbei"),
    "watch": ("Watch", "Zuschauen"),
    "invites": (
        "Invite links — send each to its player and keep them secret:",
        "Einladungslinks — jeden an seinen Spieler schicken und geheim halten:",
    ),
    "open_seat": ("Play seat {n}", "Platz {n} spielen"),
    "open_hotseat": ("Start playing", "Losspielen"),
    "created": ("Game created.", "Spiel angelegt."),
}


def text(key: str, lang: str, /, **values: Any) -> str:
    """The UI string ``key`` in ``lang`` (``de`` or else English), with ``values`` filled in."""
    en, de = _STRINGS[key]
    return (de if lang == "de" else en).format(**values) if values else (de if lang == "de" else en)


@lru_cache(maxsize=2)
def strings(lang: str) -> dict[str, str]:
    """Every UI string in ``lang`` (unfilled templates), for the page."""
    return {key: text(key, lang) for key in _STRINGS}


def seat_labels(kinds: Sequence[str], lang: str) -> list[str]:
    """``Player 1`` … (``Spieler 1`` …), a bot's seat marked as such."""
    out = []
    for n, kind in enumerate(kinds, 1):
        label = text("seat_label", lang, n=n)
        if kind != "human":
            label += f" ({text('kind_' + kind, lang)})"
        out.append(label)
    return out


def wounds(n: int, lang: str) -> str:
    """``no wound`` / ``1 wound`` / ``3 wounds``."""
    w = words(lang)
    return w.say("no wound") if n == 0 else w.say_n("{n} wound", "{n} wounds", n)


def weapon_label(rules: Ruleset, key: str, lang: str) -> str:
    """A weapon's name in ``lang``."""
    try:
        return rules.weapon(key).name(lang)
    except ValueError:
        return key


def ability_label(value: str, lang: str) -> str:
    """An ability's name in ``lang``."""
    return ability_name(value, lang)


class Narration:
    """Tells the events one reader may see, in ``lang`` (``you``: the reader's seat or None)."""

    def __init__(
        self,
        lang: str,
        *,
        labels: Sequence[str],
        you: int | None,
        ruleset: Ruleset,
        title: str,
    ) -> None:
        self._narrator = Narrator(lang, labels, ruleset=ruleset, you=you, title=title)

    def event(self, event: Mapping[str, Any]) -> str | None:
        """One event in words, or None when a running story leaves it out (never the seed)."""
        return self._narrator.event(event)


def winner_line(
    winners: Sequence[int], reason: str | None, labels: Sequence[str], lang: str
) -> str:
    """Who won and why."""
    return _winner_line(winners, reason, labels, lang)


def describe(problem: BaseException | str, lang: str) -> str:
    """A core error or rule reason in words for a person (its message, else its text)."""
    if isinstance(problem, BaseException):
        return _describe_error(problem, lang)
    message = getattr(problem, "message", None)
    if isinstance(message, Message):
        return render(message, lang)
    return str(problem)
