"""The events of a Wanted game told as a story, one line each, in English or German.

>>> n = Narrator(Lang.EN, ["Player 1", "Player 2"])
>>> n.event({"type": "bid_placed", "seat": 1, "card": "K♦"})
'Player 2 bids K♦.'
>>> de = Narrator(Lang.DE, ["Spieler 1", "Spieler 2"])
>>> de.event({"type": "wounded", "figure": "Paco", "hp": 4})
'Paco ist getroffen: noch 4 HP.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from totenblatt.cli.abilities import ability_name
from totenblatt.cli.app import Lang, pick
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel

__all__ = ["Narrator", "inches", "number", "seat_labels", "winner_line"]


def number(value: float, lang: Lang, digits: int = 1) -> str:
    """A decimal number, with a decimal comma in German."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang is Lang.DE else text


def inches(value: float, lang: Lang) -> str:
    """Inches as ``7.5"`` (``7,5"`` in German)."""
    return f'{number(value, lang)}"'


def seat_labels(seats: int, lang: Lang) -> list[str]:
    """``Player 1`` … (``Spieler 1`` …) for every seat."""
    return [pick(lang, f"Player {s + 1}", f"Spieler {s + 1}") for s in range(seats)]


def winner_line(
    winners: Sequence[int], reason: str | None, labels: Sequence[str], lang: Lang
) -> str:
    """The line that says who won the game and why.

    >>> winner_line([0], "last_side_standing", ["Player 1", "Player 2"], Lang.EN)
    'Player 1 wins — last side standing.'
    >>> winner_line([], "round_limit", ["Spieler 1", "Spieler 2"], Lang.DE)
    'Unentschieden — Rundenlimit erreicht, gleich viele HP.'
    """
    why = {
        "last_side_standing": ("last side standing", "als letzte Seite im Spiel"),
        "round_limit": ("most HP after the round limit", "mit den meisten HP nach dem Rundenlimit"),
        "concession": ("the others conceded", "— die anderen haben aufgegeben"),
    }
    if not winners:
        if reason == "round_limit":
            return pick(
                lang,
                "Draw — round limit reached with equal HP.",
                "Unentschieden — Rundenlimit erreicht, gleich viele HP.",
            )
        return pick(lang, "Draw — nobody is left standing.", "Unentschieden — niemand steht mehr.")
    names = " & ".join(labels[s] for s in winners)
    en, de = why.get(reason or "", (reason or "", reason or ""))
    if len(winners) > 1:
        return pick(lang, f"{names} win — {en}.", f"{names} gewinnen {de}.")
    return pick(lang, f"{names} wins — {en}.", f"{names} gewinnt {de}.")


def _cards(cards: Sequence[str]) -> str:
    return " ".join(cards) if cards else "—"


class Narrator:
    """Turns event dicts (the JSON form of :mod:`totenblatt.wanted.engine.events`) into lines.

    ``labels`` name the seats; ``you`` is the seat whose private events read
    "your hand" (None: every hand is told with its seat's name).
    """

    def __init__(
        self,
        lang: Lang,
        labels: Sequence[str],
        *,
        ruleset: Ruleset | None = None,
        you: int | None = None,
        title: str | None = None,
    ) -> None:
        self.lang = lang
        self.labels = list(labels)
        self.rules = ruleset or Ruleset.load("base")
        self.you = you
        self.title = title
        self._handlers: dict[str, Callable[[Mapping[str, Any]], str | None]] = {
            "game_started": self._game_started,
            "decks_added": self._decks_added,
            "ability_drawn": self._ability_drawn,
            "piper_paid": self._piper_paid,
            "figure_hand_dealt": self._figure_hand_dealt,
            "fate_tempted": self._fate_tempted,
            "fate_drawn": self._fate_drawn,
            "fate_kept": self._fate_kept,
            "nine_lives_drawn": self._nine_lives_drawn,
            "round_started": self._round_started,
            "discards_reshuffled": self._discards_reshuffled,
            "cards_dealt": self._cards_dealt,
            "hand_dealt": self._hand_dealt,
            "hand_swapped": self._hand_swapped,
            "swap_received": self._swap_received,
            "swap_declined": self._swap_declined,
            "redraw_paid": self._redraw_paid,
            "card_redrawn": self._card_redrawn,
            "figure_revealed": self._figure_revealed,
            "bid_placed": self._bid_placed,
            "bid_passed": self._bid_passed,
            "initiative_won": self._initiative_won,
            "figures_moved": self._figures_moved,
            "nothing_played": self._nothing_played,
            "attack_declared": self._attack_declared,
            "defence_played": self._defence_played,
            "attack_resolved": self._attack_resolved,
            "wounded": self._wounded,
            "figure_out": self._figure_out,
            "hp_gained": self._hp_gained,
            "conceded": self._conceded,
            "seat_out": self._seat_out,
            "round_ended": self._round_ended,
            "game_ended": self._game_ended,
        }

    def t(self, en: str, de: str) -> str:
        """The text in the narrator's language."""
        return pick(self.lang, en, de)

    def seat(self, seat: int) -> str:
        """The label of a seat."""
        return self.labels[seat] if 0 <= seat < len(self.labels) else f"#{seat + 1}"

    def weapon(self, key: str) -> str:
        """A weapon's name in the narrator's language."""
        try:
            return self.rules.weapon(key).name(self.lang.value)
        except ValueError:
            return key

    def cover(self, level: str) -> str:
        """``medium cover`` / ``mittlere Deckung``."""
        de = {
            "none": "keine Deckung",
            "light": "leichte Deckung",
            "medium": "mittlere Deckung",
            "hard": "harte Deckung",
            "hidden": "versteckt",
        }
        en = "no cover" if level == "none" else f"{level} cover"
        return self.t(en, de.get(level, CoverLevel(level).german if level else level))

    def event(self, data: Mapping[str, Any]) -> str | None:
        """One line for the event, or None when it is not worth telling."""
        handler = self._handlers.get(str(data.get("type")))
        return None if handler is None else handler(data)

    # -- the round -----------------------------------------------------------------

    def _game_started(self, e: Mapping[str, Any]) -> str:
        title = self.title or e["scenario"]
        return self.t(
            f"A new game: {title}, {e['seats']} players, ruleset {e['ruleset']}, seed {e['seed']}.",
            f"Ein neues Spiel: {title}, {e['seats']} Spieler, Regelwerk {e['ruleset']}, "
            f"Seed {e['seed']}.",
        )

    def _decks_added(self, e: Mapping[str, Any]) -> str:
        return self.t(
            f"The deal needs {e['needed']} cards: playing with {e['decks']} decks (D-2).",
            f"Das Austeilen braucht {e['needed']} Karten: gespielt wird mit {e['decks']} "
            "Decks (D-2).",
        )

    def ability(self, value: str) -> str:
        """An ability's name in the narrator's language (``cover_2`` -> ``Cover 2``)."""
        return ability_name(Ability(value), self.lang)

    def _ability_drawn(self, e: Mapping[str, Any]) -> str:
        name = self.ability(e["ability"])
        return self.t(
            f"{e['figure']} draws {e['card']} for a missing starting ability: {name} (B2).",
            f"{e['figure']} zieht {e['card']} für eine fehlende Startfähigkeit: {name} (B2).",
        )

    def _piper_paid(self, e: Mapping[str, Any]) -> str:
        piper = self.ability("pay_the_piper")
        return self.t(
            f"{piper}: {e['figure']} starts with {e['hp']}/{e['hp_max']} HP.",
            f"{piper}: {e['figure']} beginnt mit {e['hp']}/{e['hp_max']} HP.",
        )

    def _figure_hand_dealt(self, e: Mapping[str, Any]) -> str:
        if e["seat"] == self.you:
            return self.t(
                f"{e['figure']}'s hand: {_cards(e['cards'])}",
                f"Hand von {e['figure']}: {_cards(e['cards'])}",
            )
        return self.t(
            f"{e['figure']}'s hand ({self.seat(e['seat'])}): {_cards(e['cards'])}",
            f"Hand von {e['figure']} ({self.seat(e['seat'])}): {_cards(e['cards'])}",
        )

    def _fate_tempted(self, e: Mapping[str, Any]) -> str:
        name, fate = self.seat(e["seat"]), self.ability("tempt_fate")
        return self.t(
            f"{name} tempts fate for {e['figure']} ({fate}): one card away, two drawn.",
            f"{name} spielt für {e['figure']} mit dem Schicksal: eine Karte weg, zwei gezogen.",
        )

    def _fate_drawn(self, e: Mapping[str, Any]) -> str:
        drawn = " ".join(e["drawn"])
        if e["seat"] == self.you:
            return self.t(
                f"You give {e['exchanged']} and draw {drawn}: keep one.",
                f"Du gibst {e['exchanged']} und ziehst {drawn}: behalte eine.",
            )
        name = self.seat(e["seat"])
        return self.t(
            f"{name} gives {e['exchanged']} and draws {drawn}.",
            f"{name} gibt {e['exchanged']} und zieht {drawn}.",
        )

    def _fate_kept(self, e: Mapping[str, Any]) -> str:
        kept, other = e["kept"], e["discarded"]
        if e["seat"] == self.you:
            return self.t(
                f"You keep {kept} and discard {other}.", f"Du behältst {kept} und legst {other} ab."
            )
        name = self.seat(e["seat"])
        return self.t(
            f"{name} keeps {kept} and discards {other}.",
            f"{name} behält {kept} und legt {other} ab.",
        )

    def _nine_lives_drawn(self, e: Mapping[str, Any]) -> str:
        lives = self.ability("nine_lives")
        head = self.t(
            f"{lives}: {e['figure']} draws {e['card']} against {e['killer']}'s {e['killer_card']}",
            f"{lives}: {e['figure']} zieht {e['card']} gegen {e['killer_card']} von {e['killer']}",
        )
        if e["survived"]:
            return head + self.t(" — and stays in with 0 HP!", " — und bleibt mit 0 HP im Spiel!")
        return head + self.t(" — not enough.", " — das reicht nicht.")

    def _round_started(self, e: Mapping[str, Any]) -> str:
        dealer = self.seat(e["dealer"])
        return self.t(
            f"— Round {e['round']} — {dealer} deals.", f"— Runde {e['round']} — {dealer} gibt."
        )

    def _discards_reshuffled(self, e: Mapping[str, Any]) -> str:
        return self.t(
            "The draw pile ran out: the discards are shuffled in.",
            "Der Stapel ist leer: der Ablagestapel wird eingemischt.",
        )

    def _cards_dealt(self, e: Mapping[str, Any]) -> str:
        sizes = sorted({n for n in e["hands"] if n})
        each = "/".join(str(n) for n in sizes) or "0"
        return self.t(
            f"Everyone gets {each} cards; {e['dead_hand']} lie face down: the dead man's hand.",
            f"Jeder bekommt {each} Karten; {e['dead_hand']} liegen verdeckt: das Totenblatt.",
        )

    def _whose(self, seat: int, new: bool = False) -> str:
        """``Your hand`` / ``Player 2's hand`` (``Hand von Spieler 2``)."""
        if seat == self.you:
            return (
                self.t("Your new hand", "Deine neue Hand")
                if new
                else self.t("Your hand", "Deine Hand")
            )
        name = self.seat(seat)
        if new:
            return self.t(f"{name}'s new hand", f"Neue Hand von {name}")
        return self.t(f"{name}'s hand", f"Hand von {name}")

    def _hand_dealt(self, e: Mapping[str, Any]) -> str:
        return f"{self._whose(e['seat'])}: {_cards(e['cards'])}"

    def _hand_swapped(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e.get("given"):
            return self.t(
                f"{name} swaps {e['given']} cards for the dead man's hand (D-27).",
                f"{name} tauscht {e['given']} Karten gegen das Totenblatt (D-27).",
            )
        if e.get("figure"):
            return self.t(
                f"{name} swaps {e['figure']}'s hand for the dead man's hand.",
                f"{name} tauscht die Hand von {e['figure']} gegen das Totenblatt.",
            )
        return self.t(
            f"{name} swaps the hand for the dead man's hand.",
            f"{name} tauscht die Hand gegen das Totenblatt.",
        )

    def _swap_received(self, e: Mapping[str, Any]) -> str:
        return f"{self._whose(e['seat'], new=True)}: {_cards(e['received'])}"

    def _swap_declined(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        return self.t(f"{name} keeps the hand.", f"{name} behält die Hand.")

    def _redraw_paid(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        return self.t(
            f"{name} pays {e['cost']} HP from {e['payer']} (now {e['hp']}) to redraw a card.",
            f"{name} zahlt {e['cost']} HP von {e['payer']} (jetzt {e['hp']}) und zieht eine "
            "Karte nach.",
        )

    def _card_redrawn(self, e: Mapping[str, Any]) -> str:
        if e["seat"] == self.you:
            return self.t(
                f"You discard {e['discarded']} and draw {e['drawn']}.",
                f"Du wirfst {e['discarded']} ab und ziehst {e['drawn']}.",
            )
        name = self.seat(e["seat"])
        return self.t(
            f"{name} discards {e['discarded']} and draws {e['drawn']}.",
            f"{name} wirft {e['discarded']} ab und zieht {e['drawn']}.",
        )

    def _figure_revealed(self, e: Mapping[str, Any]) -> str:
        return self.t(
            f"{e['figure']} steps out of hiding.", f"{e['figure']} kommt aus dem Versteck."
        )

    def _bid_placed(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e["card"] == "Joker" or e.get("wild"):
            card = e["card"] if e.get("wild") else self.t("a joker", "einen Joker")
            wild = self.t(" as a joker (Wild 2)", " als Joker (Wilde 2)") if e.get("wild") else ""
            return self.t(
                f"{name} bids {card}{wild} — the initiative is theirs.",
                f"{name} bietet {card}{wild} — die Initiative ist sicher.",
            )
        bonus = e.get("bonus", 0)
        quick = self.t(f" (+{bonus} Quick Fingers)", f" (+{bonus} Schnellfinger)") if bonus else ""
        return self.t(f"{name} bids {e['card']}{quick}.", f"{name} bietet {e['card']}{quick}.")

    def _bid_passed(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        return self.t(f"{name} does not bid.", f"{name} bietet nicht.")

    def _initiative_won(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e["card"] is None:
            return self.t(
                f"No bid: {name} has the initiative.", f"Kein Gebot: {name} hat die Initiative."
            )
        return self.t(
            f"{name} takes the initiative with {e['card']}.",
            f"{name} gewinnt die Initiative mit {e['card']}.",
        )

    def _figures_moved(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        parts = []
        for m in e["moves"]:
            x, y = m["path"][-1]
            where = f"({number(x, self.lang)}, {number(y, self.lang)})"
            dist = inches(m["cost"], self.lang)
            part = self.t(
                f"{m['figure']} moves {dist} to {where}", f"{m['figure']} geht {dist} nach {where}"
            )
            if m["hidden"]:
                part += self.t(" and hides", " und versteckt sich")
            parts.append(part)
        if not parts:
            parts.append(self.t("nobody moves", "niemand bewegt sich"))
        extra = self.t(" as a joker", " als Joker") if e.get("wild") else ""
        if e.get("bonus"):
            extra += self.t(f', +{e["bonus"]}" Light-Footed', f', +{e["bonus"]}" Leichtfüßig')
        head = f'{name} {self.t("plays", "spielt")} {e["card"]} ({e["inches"]}"{extra})'
        return f"{head}: {'; '.join(parts)}."

    def _nothing_played(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        return self.t(f"{name} plays no card.", f"{name} spielt keine Karte.")

    # -- shots ---------------------------------------------------------------------

    def _attack_declared(self, e: Mapping[str, Any]) -> str:
        cover = (
            self.t("hidden, hard cover", "versteckt, harte Deckung")
            if e["target_hidden"]
            else (self.cover(e["cover"]))
        )
        detail = f"{self.weapon(e['weapon'])}, {inches(e['distance'], self.lang)}, {cover}"
        card = e["card"] + (self.t(" as a joker", " als Joker") if e.get("wild") else "")
        return self.t(
            f"{e['attacker']} shoots at {e['target']} with {card} ({detail}).",
            f"{e['attacker']} schießt mit {card} auf {e['target']} ({detail}).",
        )

    def _defence_played(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e["card"] is None:
            return self.t(f"{name} plays no heart.", f"{name} spielt kein Herz.")
        card = e["card"] + (self.t(" as a joker", " als Joker") if e.get("wild") else "")
        used = [self.ability(a) for a in e.get("covers", [])]
        if e.get("extra"):
            used.append(f"{self.ability('queen_of_hearts')} {e['extra']}")
        more = f" ({', '.join(used)})" if used else ""
        return self.t(f"{name} defends with {card}{more}.", f"{name} verteidigt mit {card}{more}.")

    def _wounds(self, n: int) -> str:
        if self.lang is Lang.DE:
            return "1 Wunde" if n == 1 else f"{n} Wunden"
        return "1 wound" if n == 1 else f"{n} wounds"

    def _attack_resolved(self, e: Mapping[str, Any]) -> str:
        reason = e["reason"]
        if reason == "out_of_range":
            return self.t("Out of range — the shot misses.", "Außer Reichweite — verfehlt.")
        if reason == "hidden":
            return self.t(
                "The target is hidden — the shot cannot hit.",
                "Das Ziel ist versteckt — der Schuss kann nicht treffen.",
            )
        if reason == "blocked_by_joker":
            return self.t("A joker blocks the shot.", "Ein Joker blockt den Schuss.")
        if reason == "joker":
            wounds = self._wounds(e["wounds"])
            return self.t(
                f"The joker hits: {wounds}, no heart can stop it.",
                f"Der Joker trifft: {wounds}, kein Herz hält ihn auf.",
            )
        head = self.t(
            f"Attack {e['attack_value']} against defence {e['defense_value']}",
            f"Angriff {e['attack_value']} gegen Verteidigung {e['defense_value']}",
        )
        if not e["hit"]:
            return head + self.t(": a miss.", ": daneben.")
        total = self._wounds(e["wounds"])
        if e["extra_wounds"]:
            extra = self.t(
                f"{e['base_wounds']} + {e['extra_wounds']} extra for the better card",
                f"{e['base_wounds']} + {e['extra_wounds']} extra für die bessere Karte",
            )
            return f"{head}: {total} ({extra})."
        return f"{head}: {total}."

    def _wounded(self, e: Mapping[str, Any]) -> str:
        return self.t(
            f"{e['figure']} is hit: {e['hp']} HP left.",
            f"{e['figure']} ist getroffen: noch {e['hp']} HP.",
        )

    def _figure_out(self, e: Mapping[str, Any]) -> str:
        if e["killer"] is None:
            return self.t(f"{e['figure']} leaves the fight.", f"{e['figure']} verlässt den Kampf.")
        return self.t(
            f"{e['figure']} is out of the game — shot by {e['killer']}.",
            f"{e['figure']} ist erledigt — erschossen von {e['killer']}.",
        )

    def _hp_gained(self, e: Mapping[str, Any]) -> str | None:
        if not e["amount"]:
            return None
        return self.t(
            f"{e['figure']} gains {e['amount']} HP ({e['hp']}).",
            f"{e['figure']} gewinnt {e['amount']} HP ({e['hp']}).",
        )

    def _conceded(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        return self.t(f"{name} concedes.", f"{name} gibt auf.")

    def _seat_out(self, e: Mapping[str, Any]) -> str | None:
        if e["reason"] != "eliminated":
            return None
        name = self.seat(e["seat"])
        return self.t(f"{name} has nobody left standing.", f"{name} hat niemanden mehr im Spiel.")

    def _round_ended(self, e: Mapping[str, Any]) -> str:
        why = {
            "no_card_played": ("nobody played a card", "niemand hat eine Karte gespielt"),
            "no_playable_cards": (
                "no clubs, spades or diamonds left",
                "kein Kreuz, Pik oder Karo mehr",
            ),
        }
        en, de = why.get(e["reason"], (e["reason"], e["reason"]))
        points = ", ".join(
            f"{self.seat(s)} {p}" for s, p in enumerate(e["points"]) if p is not None
        )
        dealer = self.seat(e["next_dealer"])
        return self.t(
            f"Round {e['round']} ends ({en}). Points in hand: {points}; {dealer} deals next.",
            f"Runde {e['round']} endet ({de}). Punkte auf der Hand: {points}; {dealer} gibt als "
            "Nächstes.",
        )

    def _game_ended(self, e: Mapping[str, Any]) -> str:
        line = winner_line(e["winners"], e["reason"], self.labels, self.lang)
        hp = ", ".join(f"{self.seat(s)} {v}" for s, v in enumerate(e["team_hp"]))
        return f"{line} (HP: {hp})"
