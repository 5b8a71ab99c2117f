"""The words of the web table: all from the text layer's gettext catalogs (de and en).

Narration, choice labels, decisions, results and error messages come from
:mod:`totenblatt.text`; the page's furniture (buttons, panel titles, hints) is
``_STRINGS`` below: a key the page's script uses, and its message id, marked with
``N_`` so that ``make catalogs`` extracts it. The page gets every string in its
language from the server (:func:`strings`, a JSON script element); the script
fills in the ``{placeholders}``.

>>> text("concede", "de")
'Aufgeben'
>>> text("seat_label", "en", n=2)
'Player 2'
>>> strings("de")["cards"], strings("en")["cards_one"]
('{n} Karten', '{n} card')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal

from totenblatt.messages import Plural
from totenblatt.text import Narrator, render, words
from totenblatt.text import describe_error as _describe_error
from totenblatt.text import winner_line as _winner_line
from totenblatt.text.terms import N_
from totenblatt.text.vocab import ability_name
from totenblatt.wanted.odds import ASSUMPTION_MESSAGE
from totenblatt.wanted.rules import Ruleset

__all__ = [
    "LANGS",
    "Lang",
    "Narration",
    "ability_label",
    "accepted_lang",
    "add_terms",
    "describe",
    "page_lang",
    "refusal",
    "register",
    "seat_labels",
    "strings",
    "terms",
    "text",
    "translated",
    "translator",
    "winner_line",
    "wounds",
]

Lang = Literal["en", "de"]
LANGS: tuple[Lang, ...] = ("en", "de")


def accepted_lang(header: str, fallback: str) -> str:
    """The page language a visitor's ``Accept-Language`` header prefers (its highest-weighted
    tag whose language is one of :data:`LANGS`), else ``fallback``.

    >>> accepted_lang("en-US,en;q=0.9,de;q=0.8", "de"), accepted_lang("fr, de-AT;q=0.5", "en")
    ('en', 'de')
    >>> accepted_lang("fr", "en"), accepted_lang("de;q=0, en;q=0.1", "de")
    ('en', 'en')
    """
    best, weight = fallback, 0.0
    for part in header[:500].split(","):
        tag, _, params = part.strip().partition(";")
        language = tag.strip().split("-", 1)[0].lower()
        q = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                q = float(value)
            except ValueError:
                q = 0.0
        if language in LANGS and q > weight:
            best, weight = language, q
    return best


def page_lang(lang: str | None, accept: str, fallback: str) -> str:
    """A page's language: ``?lang=`` when it names one of :data:`LANGS`, else the visitor's
    (their ``Accept-Language`` header, :func:`accepted_lang`), else ``fallback`` — never the
    language of whoever made the link (an invited friend reads their own).

    >>> page_lang("en", "de-DE", "de"), page_lang(None, "de-DE,de;q=0.9", "en")
    ('en', 'de')
    >>> page_lang("xx", "", "de")
    'de'
    """
    return lang if lang in LANGS else accepted_lang(accept, fallback)


_STRINGS: dict[str, str] = {
    # -- page furniture --
    "title": N_("Totenblatt — the table"),
    "lobby": N_("Lobby"),
    "dead_link": N_("This link is not valid (or no longer)"),
    "dead_link_hint": N_(
        "The game, campaign or story it points to does not exist here, or the link does not "
        "open it. Ask whoever sent it for a new one, or start from the lobby."
    ),
    "to_lobby": N_("To the lobby"),
    # -- a clock's time left (games over days): util.js timeLeft --
    "time_hm": N_("{h} h {m} min"),
    "time_ms": N_("{m} min {s} s"),
    "clock_running": N_("{name}'s clock is running"),
    "round": N_("Round {round} of {limit}"),
    "round_open": N_("Round {round}"),
    "dealer": N_("Dealer"),
    "initiative": N_("Initiative"),
    "draw_pile": N_("Deck"),
    "discard_pile": N_("Discards"),
    "dead_hand": N_("Dead man's hand"),
    "dead_hand_taken": N_("taken"),
    "your_hand": N_("Your hand"),
    "hand_of": N_("{name}'s hand"),
    "no_cards": N_("No cards"),
    "log": N_("Events"),
    "players": N_("Players"),
    "spectating": N_("Watching (public view)"),
    "seat_label": N_("Player {n}"),
    "you": N_("you"),
    "kind_human": N_("human"),
    "kind_bot": N_("bot"),
    "kind_random": N_("random bot"),
    "kind_ismcts": N_("hard bot"),
    "kind_learned": N_("learned bot"),
    "hp": N_("HP"),
    "hidden": N_("hidden"),
    "out": N_("out"),
    "hero": N_("hero"),
    "connection_lost": N_("Connection lost — reconnecting…"),
    "server_busy": N_("The server's store is busy — your move is sent again in a moment…"),
    "connection_refused": N_("No connection to this game"),
    "connection_refused_hint": N_(
        "The server refuses this page's connection: the link is not valid, or the game "
        "no longer exists. Reload the page, or open the game again from the lobby."
    ),
    "reload": N_("Reload"),
    "spectator_link": N_("Spectator link"),
    "copy": N_("Copy"),
    "copied": N_("Copied"),
    "help": N_("Keys"),
    "keys": N_(
        "1–9 pick a card · Enter confirm · Esc cancel · P pass · R redraw · "
        "H hide · L events · ? keys"
    ),
    "close": N_("Close"),
    "bids": N_("Bids"),
    "no_bid": N_("no bid"),
    # -- whose decision --
    "your_decision": N_("Your decision"),
    "waiting_for": N_("Waiting for {name}…"),
    "bot_thinking": N_("{name} is thinking…"),
    "prompt_action": N_(
        "Drag a figure to move (pays a ♣), or click your figure and then an enemy to shoot (a ♠)."
    ),
    # -- buttons --
    "redraw": N_("Redraw…"),
    "redraw_pick": N_("Click the card to redraw; pay {cost} HP from:"),
    "tempt_fate": N_("Tempt Fate…"),
    "concede": N_("Concede"),
    "concede_sure": N_("Really give up the fight?"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "cancel": N_("Cancel"),
    "confirm_move": N_("Move"),
    "hide_here": N_("Hide at the end"),
    "fire": N_("Fire with {card}"),
    "fire_wild": N_("Fire with {card} as a joker"),
    "as_joker": N_("as a joker"),
    "as_card": N_("as itself"),
    # -- move ruler --
    "ruler": N_('{cost}" of {allowance}"'),
    "ruler_no_card": N_('{cost}"'),
    "move_with": N_("with {card}"),
    "move_steps": N_("Moves"),
    "pick_club": N_("Click a ♣ card to move with it, or just drag a figure."),
    "no_club": N_("No club (or joker) can pay for this move."),
    "not_your_decision": N_("It is not your decision."),
    "split_hint": N_("Drag another figure to split the club, then press Move."),
    "can_hide": N_("In hard cover: may hide"),
    # -- attack preview --
    "attack_preview": N_("{attacker} → {target}"),
    "distance": N_("Distance"),
    "range_band": N_("Range"),
    "band_n": N_('up to {limit}"'),
    "out_of_range": N_("out of range"),
    "modifier": N_("Modifier"),
    "line_of_fire": N_("Line of fire"),
    "cover": N_("Cover"),
    "cover_none": N_("none"),
    "cover_light": N_("light"),
    "cover_medium": N_("medium"),
    "cover_hard": N_("hard"),
    "cover_hidden_hard": N_("hidden: hard"),
    "chance_to_hit": N_("Hit"),
    "expected_wounds": N_("Expected wounds"),
    "kill_chance": N_("Takes out"),
    "wound_distribution": N_("Wounds"),
    "no_spade": N_("No spade (or joker) in your hand."),
    "choose_target": N_("Now click an enemy figure."),
    # -- hot seat --
    "pass_device": N_("Pass the device to {name}"),
    "pass_device_hint": N_("The hand stays covered until {name} is ready."),
    "show_hand": N_("I am {name}: show my hand"),
    # -- the end --
    "game_over": N_("The game is over"),
    "replay": N_("Replay"),
    "replay_step": N_("Step {n} of {total}"),
    "first": N_("Start"),
    "previous": N_("Back"),
    "next": N_("Next"),
    "last": N_("End"),
    "new_game": N_("New game"),
    "end_taken": N_("{n} wounds taken"),
    "end_dealt": N_("{n} wounds dealt"),
    "end_out_by": N_("taken out by {name}"),
    # -- lobby --
    "create_game": N_("New game"),
    "scenario": N_("Scenario"),
    "ruleset": N_("Ruleset"),
    "ruleset_base": N_("base"),
    "ruleset_extended": N_("extended"),
    "hand_mode": N_("Hands"),
    "hand_mode_per_player": N_("one per player"),
    "hand_mode_per_character": N_("one per figure"),
    "seats": N_("Seats"),
    "language": N_("Language"),
    "hotseat": N_("Hot-seat: all human seats play in this browser"),
    "create": N_("Create game"),
    "games": N_("Games"),
    "no_games": N_("No games yet."),
    "status_open": N_("open: waiting for players"),
    "waiting_seats": N_("{n} of {total} seats free"),
    "status_playing": N_("running"),
    "status_over": N_("over"),
    "status_abandoned": N_("abandoned: nobody played for too long"),
    "watch": N_("Watch"),
    "invites": N_("Invite links — send each to its player and keep them secret:"),
    "open_seat": N_("Play seat {n}"),
    "open_hotseat": N_("Start playing"),
    "created": N_("Game created."),
}


_REFUSALS: dict[str, str] = {
    "over": N_("the game is over"),
    "abandoned": N_("the game was abandoned: nobody played it for too long"),
    "moved_on": N_(
        "the game has moved on (you saw version {seen}, it is at {now}): look again and decide anew"
    ),
    "not_yours": N_("it is not your decision: {name} decides now"),
    "busy": N_("another action of this game is being applied: this one is refused"),
}
"""Why the server refuses an action before the engine sees it (two tabs, a stale page)."""

_PLURALS: dict[str, Plural] = {
    "cards": Plural("{n} card", "{n} cards", n=2),
}
"""Strings that depend on a count: the page gets ``key`` (the plural) and ``key_one``."""


def register(table: Mapping[str, str]) -> None:
    """The registry of the page's words: a feature adds its own (key -> message id marked
    with ``N_``, kept as data in the feature's ``words.py``) to what :func:`strings` sends.

    A key may be registered again with the same message id only (else ``ValueError``)."""
    clashes = sorted(k for k, msgid in table.items() if _STRINGS.get(k, msgid) != msgid)
    if clashes:
        raise ValueError(f"page words registered twice with other text: {', '.join(clashes)}")
    _STRINGS.update(table)
    strings.cache_clear()


Terms = Callable[[Ruleset, str], Mapping[str, str]]
"""What a ruleset's terms say in a language (``cover:hard`` -> its explanation …)."""

_TERMS: dict[str, Terms] = {}


def add_terms(name: str, provider: Terms) -> None:
    """A feature's explanations of the rules' terms (the rules feature's rulebook), for the
    pages that show them on hover or tap without knowing that feature."""
    _TERMS[name] = provider


def terms(rules: Ruleset, lang: str) -> dict[str, str]:
    """Every registered explanation of ``rules``' terms in ``lang`` (``cover:LEVEL`` …)."""
    out: dict[str, str] = {}
    for provider in _TERMS.values():
        out.update(provider(rules, lang))
    return out


def text(key: str, lang: str, /, **values: Any) -> str:
    """The UI string ``key`` in ``lang``, with ``values`` filled in (numbers the reader's way)."""
    return words(lang).phrase(_STRINGS[key], **values)


def translated(table: Mapping[str, str], lang: str) -> dict[str, str]:
    """A page's words in ``lang``: ``table`` maps a key of the page's script to its message
    id (``N_``); the answer maps it to the unfilled template."""
    w = words(lang)
    return {key: w.gettext(msgid) for key, msgid in table.items()}


def translator(table: Mapping[str, str]) -> Callable[[str], dict[str, str]]:
    """A page's ``strings(lang)``: :func:`translated` of ``table``, made once a language."""

    @lru_cache(maxsize=4)
    def strings(lang: str) -> dict[str, str]:
        return translated(table, lang)

    return strings


@lru_cache(maxsize=4)
def strings(lang: str) -> dict[str, str]:
    """Every UI string in ``lang`` (unfilled templates), for the page's script."""
    tr = words(lang).tr
    out = translated(_STRINGS, lang)
    for key, plural in _PLURALS.items():
        out[key] = tr.ngettext(plural.id, plural.plural, 2)
        out[f"{key}_one"] = tr.ngettext(plural.id, plural.plural, 1)
    out["odds_assumption"] = render(ASSUMPTION_MESSAGE, lang)  # the odds module's own words
    return out


def refusal(key: str, lang: str, /, **values: Any) -> str:
    """Why the server refuses an action (``_REFUSALS``), in ``lang``."""
    return words(lang).phrase(_REFUSALS[key], **values)


def seat_labels(kinds: Sequence[str], lang: str) -> list[str]:
    """``Player 1`` … (``Spieler 1`` …), a bot's seat marked as such."""
    w = words(lang)
    out = []
    for n, kind in enumerate(kinds, 1):
        label = text("seat_label", lang, n=n)
        if kind != "human":
            label = w.phrase("{player} ({kind})", player=label, kind=text("kind_" + kind, lang))
        out.append(label)
    return out


def wounds(n: int, lang: str) -> str:
    """``no wound`` / ``1 wound`` / ``3 wounds``."""
    w = words(lang)
    return w.phrase("no wound") if n == 0 else w.phrase_n("{n} wound", "{n} wounds", n)


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


def describe(problem: BaseException, lang: str) -> str:
    """A core error (an illegal action, a refused move…) in words for a person, in ``lang``."""
    return _describe_error(problem, lang)


_PAGE_STRINGS: dict[str, str] = {
    # -- the table on a phone, zoom, menu, motion (issue 24) --
    "menu": N_("Menu"),
    "zoom": N_("Zoom"),
    "zoom_in": N_("Zoom in (+)"),
    "zoom_out": N_("Zoom out (−)"),
    "zoom_fit": N_("Whole table (0)"),
    "sheet_toggle": N_("Show more or less of the panel"),
    "sounds_on": N_("Sounds: on"),
    "sounds_off": N_("Sounds: off"),
    "spot_label": N_("Move {figure} here ({x}, {y})"),
    "keys_all": N_(
        "1–9, 0 and the letters on the cards pick a card · Tab reaches figures and spots · "
        "arrows nudge a move (Shift: a quarter inch) · Enter confirm · Esc cancel · P pass · "
        "R redraw · H hide · L events · + − zoom · ? keys"
    ),
    "fire_hopeless": N_("No chance to hit: this spade would be spent for nothing."),
    "last_breath": N_("0 HP: still in the game, the next wound takes it out"),
    "explain": N_("Tap or hover for an explanation"),
    # -- rules and tutorial --
    "rules": N_("Rules"),
    "rules_title": N_("The rules ({ruleset})"),
    "tutorial": N_("Tutorial"),
    "campaigns_link": N_("Campaigns"),
    "stories_link": N_("RPG evening"),
    "tutorial_intro": N_(
        "A short duel against the bot on a prepared deal: you deal, and your hand holds a "
        "card for every lesson. The panel says what to try next; a tick marks what you have done."
    ),
    "tutorial_start": N_("Start the tutorial"),
    "tutorial_done": N_(
        "Every lesson done. Play the duel to its end, or start a real game from the lobby."
    ),
    "tutorial_now": N_("Try now: {hint}"),
    "tutorial_wait": N_("The bot decides now; watch the events."),
    "lesson_swap": N_("Swap"),
    "lesson_swap_hint": N_(
        "At the start of a round you may swap your whole hand, unseen, for the dead man's "
        "hand — or keep yours. Both are fine here."
    ),
    "lesson_redraw": N_("Redraw"),
    "lesson_redraw_hint": N_(
        "Once a round, pay {cost} HP to change one card: press “Redraw…”, then click your "
        "lowest club."
    ),
    "lesson_bid": N_("Bid"),
    "lesson_bid_hint": N_("Bid for the initiative: click a ♦ card. The highest diamond acts next."),
    "lesson_move": N_("Move"),
    "lesson_move_hint": N_(
        "Click a ♣ card, then drag your figure (or tap it and a green spot): the ruler shows "
        "the inches. Press Move."
    ),
    "lesson_hide": N_("Hide"),
    "lesson_hide_hint": N_(
        "Move next to a building's wall (hard cover) and tick “Hide at the end”: hidden, you "
        "can be shot only from close by."
    ),
    "lesson_shoot": N_("Shoot"),
    "lesson_shoot_hint": N_(
        "Tap your figure, then the enemy: the panel shows the range, the cover and the odds of "
        "each spade. Fire."
    ),
    "lesson_defend": N_("Defend"),
    "lesson_defend_hint": N_(
        "When you are shot at, play a ♥: its value plus your cover is your defence."
    ),
    # -- lobby: your games, invites, QR --
    "your_games": N_("Your games"),
    "your_games_hint": N_("The seats this browser holds (kept in this browser only)."),
    "rejoin": N_("Rejoin"),
    "forget": N_("Forget"),
    "seat_n": N_("seat {n}"),
    "copy_link": N_("Copy link"),
    "qr_code": N_("QR code"),
    "qr_of": N_("QR code of the link for {who}"),
    "game_name": N_("Name of the game (optional)"),
    "player_name": N_("Name (optional)"),
}
"""The page's words of issue 24 (phone layout, rules, tutorial, the lobby's own games)."""

_STRINGS.update(_PAGE_STRINGS)
