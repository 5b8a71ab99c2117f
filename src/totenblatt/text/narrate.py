"""The events of a Wanted game told as a story, one line each, in any language with a catalog.

>>> narrate({"type": "bid_placed", "seat": 1, "card": "K♦"}, "en")
'Player 2 bids K♦.'
>>> narrate({"type": "wounded", "figure": "Paco", "hp": 4}, "de")
'Paco ist getroffen: noch 4 HP.'
>>> Narrator("de", ["Anna", "Bert"], you=0).event({"type": "hand_dealt", "seat": 0, "cards": []})
'Deine Hand: —'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import is_dataclass
from typing import TYPE_CHECKING, Any

from totenblatt.text.catalog import N_, words
from totenblatt.text.sides import seat_label, seat_labels, winner_line
from totenblatt.text.vocab import ability_name, cover_name, ruleset_name, weapon_name

if TYPE_CHECKING:  # engine and rulesets load when a story is told, not on import
    from totenblatt.wanted.engine.events import Event
    from totenblatt.wanted.rules import Ruleset

__all__ = ["QUIET", "Narrator", "narrate", "seat_label", "seat_labels", "winner_line"]

QUIET = frozenset({"deck_shuffled", "hand_discarded"})
"""Event kinds a running story leaves out (the shuffle, a leaving seat's cards)."""

_ROUND_END = {
    "no_card_played": N_("nobody played a card"),
    "no_playable_cards": N_("no clubs, spades or diamonds left"),
}


def _cards(cards: Sequence[str]) -> str:
    return " ".join(cards) if cards else "—"


Handler = Callable[[Mapping[str, Any]], str]


class Narrator:
    """Turns engine events (or their JSON form) into lines in ``lang``.

    ``labels`` name the seats (default ``Player 1`` …); ``you`` is the seat whose
    private events read "your hand" (None: every hand is told with its seat's name);
    ``tell_seed`` tells the referee's secret seed (``game_seeded``, and the first line of
    an old save): a replay of a whole saved game may, a seat of a game never.
    """

    def __init__(
        self,
        lang: str,
        labels: Sequence[str] | None = None,
        *,
        ruleset: Ruleset | None = None,
        you: int | None = None,
        title: str | None = None,
        tell_seed: bool = False,
    ) -> None:
        self.lang = lang
        self.w = words(lang)
        self.labels = list(labels) if labels is not None else None
        if ruleset is None:
            from totenblatt.wanted.rules import Ruleset

            ruleset = Ruleset.load("base")
        self.rules = ruleset
        self.you = you
        self.title = title
        self.tell_seed = tell_seed
        self._handlers: dict[str, Handler] = {
            "game_started": self._game_started,
            "game_seeded": self._game_seeded,
            "decks_added": self._decks_added,
            "ability_drawn": self._ability_drawn,
            "piper_paid": self._piper_paid,
            "figure_hand_dealt": self._figure_hand_dealt,
            "fate_tempted": self._fate_tempted,
            "fate_drawn": self._fate_drawn,
            "fate_kept": self._fate_kept,
            "nine_lives_drawn": self._nine_lives_drawn,
            "round_started": self._round_started,
            "deck_shuffled": self._deck_shuffled,
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
            "hand_discarded": self._hand_discarded,
            "seat_out": self._seat_out,
            "round_ended": self._round_ended,
            "game_ended": self._game_ended,
        }

    @property
    def kinds(self) -> frozenset[str]:
        """Every event kind this narrator tells."""
        return frozenset(self._handlers)

    def seat(self, seat: int) -> str:
        """The label of a seat."""
        if self.labels is None:
            return seat_label(seat, self.lang)
        return self.labels[seat] if 0 <= seat < len(self.labels) else f"#{seat + 1}"

    def line(self, event: Event | Mapping[str, Any]) -> str:
        """The line of any event (also the quiet ones)."""
        data = _as_dict(event)
        handler = self._handlers.get(str(data.get("type")))
        if handler is None:
            raise ValueError(f"no narration for event type {data.get('type')!r}")
        return handler(data)

    def event(self, event: Event | Mapping[str, Any]) -> str | None:
        """One line for the event, or None when a running story leaves it out."""
        data = _as_dict(event)
        kind = data.get("type")
        if kind in QUIET or kind not in self._handlers:
            return None
        if kind == "game_seeded" and not self.tell_seed:
            return None
        if kind == "hp_gained" and not data["amount"]:
            return None
        if kind == "seat_out" and data["reason"] != "eliminated":
            return None
        return self.line(data)

    # -- set-up and the round --------------------------------------------------------

    def _game_started(self, e: Mapping[str, Any]) -> str:
        title = self.title or e["scenario"]
        if self.tell_seed and "seed" in e:  # saves of version 1 only: the seed is a referee event
            return self.w.phrase(
                "A new game: {title}, {seats} players, ruleset {ruleset}, seed {seed}.",
                title=title,
                seats=e["seats"],
                ruleset=ruleset_name(e["ruleset"], self.lang),
                seed=e["seed"],
            )
        return self.w.phrase(
            "A new game: {title}, {seats} players, ruleset {ruleset}.",
            title=title,
            seats=e["seats"],
            ruleset=ruleset_name(e["ruleset"], self.lang),
        )

    def _game_seeded(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase(
            "The referee's secret: every shuffle comes from seed {seed}.", seed=e["seed"]
        )

    def _decks_added(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase(
            "The deal needs {needed} cards: playing with {decks} decks (D-2).",
            needed=e["needed"],
            decks=e["decks"],
        )

    def _ability_drawn(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase(
            "{figure} draws {card} for a missing starting ability: {ability} (B2).",
            figure=e["figure"],
            card=e["card"],
            ability=ability_name(e["ability"], self.lang),
        )

    def _piper_paid(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase(
            "{ability}: {figure} starts with {hp}/{hp_max} HP.",
            ability=ability_name("pay_the_piper", self.lang),
            figure=e["figure"],
            hp=e["hp"],
            hp_max=e["hp_max"],
        )

    def _own_or_named(self, seat: int, own: str, named: str, **values: Any) -> str:
        """``own`` when ``seat`` is the reader's, else ``named`` with the seat's ``name``."""
        if seat == self.you:
            return self.w.phrase(own, **values)
        return self.w.phrase(named, name=self.seat(seat), **values)

    def _figure_hand_dealt(self, e: Mapping[str, Any]) -> str:
        return self._own_or_named(
            e["seat"],
            N_("{figure}'s hand: {cards}"),
            N_("{figure}'s hand ({name}): {cards}"),
            figure=e["figure"],
            cards=_cards(e["cards"]),
        )

    def _fate_tempted(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase(
            "{name} tempts fate for {figure} ({ability}): one card away, two drawn.",
            name=self.seat(e["seat"]),
            figure=e["figure"],
            ability=ability_name("tempt_fate", self.lang),
        )

    def _fate_drawn(self, e: Mapping[str, Any]) -> str:
        return self._own_or_named(
            e["seat"],
            N_("You give {card} and draw {drawn}: keep one."),
            N_("{name} gives {card} and draws {drawn}."),
            card=e["exchanged"],
            drawn=" ".join(e["drawn"]),
        )

    def _fate_kept(self, e: Mapping[str, Any]) -> str:
        return self._own_or_named(
            e["seat"],
            N_("You keep {kept} and discard {other}."),
            N_("{name} keeps {kept} and discards {other}."),
            kept=e["kept"],
            other=e["discarded"],
        )

    def _nine_lives_drawn(self, e: Mapping[str, Any]) -> str:
        params = {
            "ability": ability_name("nine_lives", self.lang),
            "figure": e["figure"],
            "card": e["card"],
            "killer": e["killer"],
            "killer_card": e["killer_card"],
        }
        if e["survived"]:
            return self.w.phrase(
                "{ability}: {figure} draws {card} against {killer}'s {killer_card} — and stays "
                "in with 0 HP!",
                **params,
            )
        return self.w.phrase(
            "{ability}: {figure} draws {card} against {killer}'s {killer_card} — not enough.",
            **params,
        )

    def _round_started(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase(
            "— Round {round} — {dealer} deals.", round=e["round"], dealer=self.seat(e["dealer"])
        )

    def _deck_shuffled(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase_n(
            "All {n} card is shuffled.", "All {n} cards are shuffled.", int(e["cards"])
        )

    def _discards_reshuffled(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase("The draw pile ran out: the discards are shuffled in.")

    def _cards_dealt(self, e: Mapping[str, Any]) -> str:
        sizes = {n for n in e["hands"] if n}
        if len(sizes) > 1:  # hero hands (B2): say who gets how many
            hands = ", ".join(
                self.w.phrase("{name} {n}", name=self.seat(seat), n=n)
                for seat, n in enumerate(e["hands"])
                if n
            )
            return self.w.phrase(
                "Cards dealt: {hands}; {dead} lie face down: the dead man's hand.",
                hands=hands,
                dead=e["dead_hand"],
            )
        return self.w.phrase(
            "Everyone gets {each} cards; {dead} lie face down: the dead man's hand.",
            each=min(sizes, default=0),
            dead=e["dead_hand"],
        )

    def _whose(self, seat: int, new: bool = False) -> str:
        """``Your hand`` / ``Player 2's hand`` (``Hand von Spieler 2``)."""
        if seat == self.you:
            return self.w.phrase("Your new hand") if new else self.w.phrase("Your hand")
        name = self.seat(seat)
        if new:
            return self.w.phrase("{name}'s new hand", name=name)
        return self.w.phrase("{name}'s hand", name=name)

    def _hand_dealt(self, e: Mapping[str, Any]) -> str:
        return f"{self._whose(e['seat'])}: {_cards(e['cards'])}"

    def _hand_swapped(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e.get("given"):
            return self.w.phrase_n(
                "{name} swaps {n} card for the dead man's hand (D-27).",
                "{name} swaps {n} cards for the dead man's hand (D-27).",
                int(e["given"]),
                name=name,
            )
        if e.get("figure"):
            return self.w.phrase(
                "{name} swaps {figure}'s hand for the dead man's hand.",
                name=name,
                figure=e["figure"],
            )
        return self.w.phrase("{name} swaps the hand for the dead man's hand.", name=name)

    def _swap_received(self, e: Mapping[str, Any]) -> str:
        return f"{self._whose(e['seat'], new=True)}: {_cards(e['received'])}"

    def _swap_declined(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase("{name} keeps the hand.", name=self.seat(e["seat"]))

    def _redraw_paid(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase(
            "{name} pays {cost} HP from {payer} (now {hp}) to redraw a card.",
            name=self.seat(e["seat"]),
            cost=e["cost"],
            payer=e["payer"],
            hp=e["hp"],
        )

    def _card_redrawn(self, e: Mapping[str, Any]) -> str:
        return self._own_or_named(
            e["seat"],
            N_("You discard {card} and draw {drawn}."),
            N_("{name} discards {card} and draws {drawn}."),
            card=e["discarded"],
            drawn=e["drawn"],
        )

    def _figure_revealed(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase("{figure} steps out of hiding.", figure=e["figure"])

    def _bid_placed(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e.get("wild"):
            return self.w.phrase(
                "{name} bids {card} as a joker (Wild 2) — the initiative is theirs.",
                name=name,
                card=e["card"],
            )
        if e["card"] == "Joker":
            return self.w.phrase("{name} bids a joker — the initiative is theirs.", name=name)
        bonus = e.get("bonus", 0)
        if bonus:
            return self.w.phrase(
                "{name} bids {card} (+{bonus} Quick Fingers).",
                name=name,
                card=e["card"],
                bonus=bonus,
            )
        return self.w.phrase("{name} bids {card}.", name=name, card=e["card"])

    def _bid_passed(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase("{name} does not bid.", name=self.seat(e["seat"]))

    def _initiative_won(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e["card"] is None:
            return self.w.phrase("No bid: {name} has the initiative.", name=name)
        return self.w.phrase("{name} takes the initiative with {card}.", name=name, card=e["card"])

    def _figures_moved(self, e: Mapping[str, Any]) -> str:
        parts = []
        for m in e["moves"]:
            x, y = m["path"][-1]
            where = f"({self.w.number(x)}, {self.w.number(y)})"
            params = {"figure": m["figure"], "inches": self.w.inches(m["cost"]), "where": where}
            if m["hidden"]:
                parts.append(
                    self.w.phrase("{figure} moves {inches} to {where} and hides", **params)
                )
            else:
                parts.append(self.w.phrase("{figure} moves {inches} to {where}", **params))
        if not parts:
            parts.append(self.w.phrase("nobody moves"))
        card = {"name": self.seat(e["seat"]), "card": e["card"], "inches": e["inches"]}
        bonus = e.get("bonus") or 0
        if e.get("wild"):
            head = self.w.phrase('{name} plays {card} ({inches}" as a joker)', **card)
        elif bonus:
            head = self.w.phrase(
                '{name} plays {card} ({inches}", +{bonus}" Light-Footed)', bonus=bonus, **card
            )
        else:
            head = self.w.phrase('{name} plays {card} ({inches}")', **card)
        return self.w.phrase("{head}: {moves}.", head=head, moves="; ".join(parts))

    def _nothing_played(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase("{name} plays no card.", name=self.seat(e["seat"]))

    # -- shots -----------------------------------------------------------------------

    def _attack_declared(self, e: Mapping[str, Any]) -> str:
        cover = (
            self.w.phrase("hidden, hard cover")
            if e["target_hidden"]
            else cover_name(e["cover"], self.lang)
        )
        params = {
            "attacker": e["attacker"],
            "target": e["target"],
            "card": e["card"],
            "weapon": weapon_name(self.rules, e["weapon"], self.lang),
            "distance": self.w.inches(e["distance"]),
            "cover": cover,
        }
        if e.get("wild"):
            return self.w.phrase(
                "{attacker} shoots at {target} with {card} as a joker "
                "({weapon}, {distance}, {cover}).",
                **params,
            )
        return self.w.phrase(
            "{attacker} shoots at {target} with {card} ({weapon}, {distance}, {cover}).", **params
        )

    def _defence_played(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e["card"] is None:
            return self.w.phrase("{name} plays no heart.", name=name)
        used = [ability_name(a, self.lang) for a in e.get("covers", [])]
        if e.get("extra"):
            used.append(f"{ability_name('queen_of_hearts', self.lang)} {e['extra']}")
        more = f" ({', '.join(used)})" if used else ""
        if e.get("wild"):
            return self.w.phrase(
                "{name} defends with {card} as a joker{more}.", name=name, card=e["card"], more=more
            )
        return self.w.phrase(
            "{name} defends with {card}{more}.", name=name, card=e["card"], more=more
        )

    def _wounds(self, n: int) -> str:
        return self.w.phrase_n("{n} wound", "{n} wounds", n)

    def _attack_resolved(self, e: Mapping[str, Any]) -> str:
        reason = e["reason"]
        if reason == "out_of_range":
            return self.w.phrase("Out of range — the shot misses.")
        if reason == "hidden":
            return self.w.phrase("The target is hidden — the shot cannot hit.")
        if reason == "blocked_by_joker":
            return self.w.phrase("A joker blocks the shot.")
        if reason == "joker":
            return self.w.phrase(
                "The joker hits: {wounds}, no heart can stop it.", wounds=self._wounds(e["wounds"])
            )
        values = {"attack": e["attack_value"], "defence": e["defense_value"]}
        if not e["hit"]:
            return self.w.phrase("Attack {attack} against defence {defence}: a miss.", **values)
        total = self._wounds(e["wounds"])
        if e["extra_wounds"]:
            return self.w.phrase(
                "Attack {attack} against defence {defence}: {wounds} ({base} + {extra} extra "
                "for the better card).",
                wounds=total,
                base=e["base_wounds"],
                extra=e["extra_wounds"],
                **values,
            )
        return self.w.phrase(
            "Attack {attack} against defence {defence}: {wounds}.", wounds=total, **values
        )

    def _wounded(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase("{figure} is hit: {hp} HP left.", figure=e["figure"], hp=e["hp"])

    def _figure_out(self, e: Mapping[str, Any]) -> str:
        if e["killer"] is None:
            return self.w.phrase("{figure} leaves the fight.", figure=e["figure"])
        return self.w.phrase(
            "{figure} is out of the game — shot by {killer}.",
            figure=e["figure"],
            killer=e["killer"],
        )

    def _hp_gained(self, e: Mapping[str, Any]) -> str:
        if not e["amount"]:
            return self.w.phrase(
                "{figure} gains no HP: the maximum is reached ({hp}).",
                figure=e["figure"],
                hp=e["hp"],
            )
        return self.w.phrase(
            "{figure} gains {amount} HP ({hp}).",
            figure=e["figure"],
            amount=e["amount"],
            hp=e["hp"],
        )

    def _conceded(self, e: Mapping[str, Any]) -> str:
        return self.w.phrase("{name} concedes.", name=self.seat(e["seat"]))

    def _hand_discarded(self, e: Mapping[str, Any]) -> str:
        if e.get("figure"):
            return self.w.phrase_n(
                "{figure}'s {n} card goes face down.",
                "{figure}'s {n} cards go face down.",
                int(e["cards"]),
                figure=e["figure"],
            )
        return self.w.phrase_n(
            "{name}'s {n} card goes face down.",
            "{name}'s {n} cards go face down.",
            int(e["cards"]),
            name=self.seat(e["seat"]),
        )

    def _seat_out(self, e: Mapping[str, Any]) -> str:
        name = self.seat(e["seat"])
        if e["reason"] == "eliminated":
            return self.w.phrase("{name} has nobody left standing.", name=name)
        return self.w.phrase("{name} is out of the game (conceded).", name=name)

    def _round_ended(self, e: Mapping[str, Any]) -> str:
        why = _ROUND_END.get(e["reason"])
        points = ", ".join(
            f"{self.seat(s)} {p}" for s, p in enumerate(e["points"]) if p is not None
        )
        return self.w.phrase(
            "Round {round} ends ({why}). Points in hand: {points}; {dealer} deals next.",
            round=e["round"],
            why=self.w.gettext(why) if why else e["reason"],
            points=points,
            dealer=self.seat(e["next_dealer"]),
        )

    def _game_ended(self, e: Mapping[str, Any]) -> str:
        labels = [self.seat(s) for s in range(max([*e["winners"], len(e["team_hp"]) - 1]) + 1)]
        line = winner_line(e["winners"], e["reason"], labels, self.lang)
        hp = ", ".join(f"{self.seat(s)} {v}" for s, v in enumerate(e["team_hp"]))
        return f"{line} (HP: {hp})"


def _as_dict(event: Event | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(event, Mapping):
        return event
    if is_dataclass(event):
        from totenblatt.wanted.engine.events import event_to_dict

        return event_to_dict(event)
    raise TypeError(f"not an event: {event!r}")


def narrate(
    event: Event | Mapping[str, Any],
    lang: str,
    *,
    labels: Sequence[str] | None = None,
    you: int | None = None,
    ruleset: Ruleset | None = None,
    title: str | None = None,
) -> str:
    """One engine event (or its JSON form) in words, for any seat: every kind has a line.

    The seed is never told; ``labels``, ``you``, ``ruleset`` and ``title`` as for
    :class:`Narrator`.
    """
    return Narrator(lang, labels, ruleset=ruleset, you=you, title=title).line(event)
