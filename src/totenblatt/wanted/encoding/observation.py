"""One seat's view as a fixed-length vector of numbers (the ``observation`` of the environment).

Everything comes from ``Game.view(seat)`` — the seat's own hand, what is public,
and nothing else — so an agent observes exactly what a player at the table may
know. :class:`ObservationLayout` names the segments of the vector
(:attr:`ObservationLayout.segments`: name, start, length), so an agent can
unpack it. Every entry is a number from 0 to :data:`HIGH`; most are scaled to 0–1.

Segments (F = figures of the scenario, S = seats, H = hands of the seat: 1, or
one per own figure per character):

* ``hand`` H × 53 card counts (cards numbered as in :func:`~.slots.card_index`);
* ``seen`` 53 counts of the discards this seat has seen since the last shuffle;
* ``figures`` F × (x, y as fractions of the table, hp / 20, hp_max / 20, hidden,
  out, own, ally, enemy, weapon one-hot, hero type one-hot, abilities, spent
  abilities) in scenario order;
* ``figure_hands`` F hand sizes / 20 (per character; zeros per player);
* ``seats`` S × (hand size / 20, redraws used, dealer, active, to act, me, bid
  made this cycle, bid value / 13 or 1 for a joker);
* ``table`` round / limit, rounds left / limit, dead man's hand / 10, taken,
  draw pile / 100, discard pile / 100, empty cycles / seats, can redraw;
* ``phase`` one-hot (swap, bid, action, defend, fate, over);
* ``attack`` the pending attack: attacker F one-hot, target F one-hot, card 53
  one-hot, distance / 36, cover one-hot (none, light, medium, hard), target
  hidden, wild;
* ``fate`` 53 counts of the two cards drawn by this seat's Tempt Fate.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from totenblatt.cards import Card
from totenblatt.wanted.ask import JOKER_BID, bid_values
from totenblatt.wanted.encoding.slots import CARDS, card_index
from totenblatt.wanted.engine import Phase
from totenblatt.wanted.engine.views import AttackView, View
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario
from totenblatt.wanted.vocab import Ability, CoverLevel, HeroType

__all__ = ["HIGH", "ObservationLayout"]

HIGH = 100.0
"""Upper bound of every entry (card counts of many decks stay far below it)."""
_HP = 20.0
_PHASES = {p.value: i for i, p in enumerate(Phase)}
_COVERS = {c.value: i for i, c in enumerate(CoverLevel)}
_KINDS = {k.value: i for i, k in enumerate(HeroType)}
_ABILITIES = {a.value: i for i, a in enumerate(Ability)}
_CARD_CACHE: dict[str, int] = {}


def _card(text: str) -> int:
    found = _CARD_CACHE.get(text)
    if found is None:
        found = _CARD_CACHE[text] = card_index(Card.parse(text))
    return found


class ObservationLayout:
    """The vector layout of one scenario and ruleset, and the encoder of views into it."""

    def __init__(self, scenario: Scenario, ruleset: Ruleset) -> None:
        self.rules = ruleset
        self.figures = tuple(f.name for f in scenario.figures)
        self.figure_index = {n: i for i, n in enumerate(self.figures)}
        self.seats = scenario.seats
        self.width, self.height = float(scenario.width), float(scenario.height)
        self.per_character = ruleset.round.hand_mode == "per_character"
        self.own = [
            [f.name for f in scenario.figures if f.seat == s] for s in range(scenario.seats)
        ]
        own_max = max((len(o) for o in self.own), default=1) or 1
        self.hands = own_max if self.per_character else 1
        self.weapons = tuple(ruleset.weapons)
        n_fig = len(self.figures)
        self.per_figure = 9 + len(self.weapons) + len(_KINDS) + 2 * len(_ABILITIES)
        segments = [
            ("hand", self.hands * CARDS),
            ("seen", CARDS),
            ("figures", n_fig * self.per_figure),
            ("figure_hands", n_fig),
            ("seats", self.seats * 8),
            ("table", 8),
            ("phase", len(_PHASES)),
            ("attack", 2 * n_fig + CARDS + 1 + len(_COVERS) + 2),
            ("fate", CARDS),
        ]
        self.segments: list[tuple[str, int, int]] = []
        at = 0
        for name, length in segments:
            self.segments.append((name, at, length))
            at += length
        self.size = at
        self._start = {name: start for name, start, _ in self.segments}

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        """The observation vector of ``view`` (a ``Game.view(seat)`` dict)."""
        out = np.zeros(self.size, dtype=np.float32)
        seat: int = view["seat"]
        decision = view["decision"]
        self._cards(out, view, seat)
        self._figures(out, view, seat)
        self._seats(out, view, seat)
        self._table(out, view)
        out[self._start["phase"] + _PHASES[view["phase"]]] = 1
        attack = decision.get("attack")
        if attack is not None:
            self._attack(out, attack)
        at = self._start["fate"]
        for text in decision.get("cards", ()):
            out[at + _card(text)] += 1
        return out

    def _cards(self, out: npt.NDArray[np.float32], view: View, seat: int) -> None:
        """The ``hand`` and ``seen`` segments."""
        at = self._start["hand"]
        if self.per_character:
            hands = view.get("figure_hands") or {}
            for i, name in enumerate(self.own[seat]):
                for text in hands.get(name, ()):
                    out[at + i * CARDS + _card(text)] += 1
        else:
            for text in view["hand"]:
                out[at + _card(text)] += 1
        at = self._start["seen"]
        for text in view["seen_cards"]:
            out[at + _card(text)] += 1

    def _figures(self, out: npt.NDArray[np.float32], view: View, seat: int) -> None:
        """The ``figures`` and ``figure_hands`` segments."""
        teams = view["teams"]
        at = self._start["figures"]
        weapons = {w: i for i, w in enumerate(self.weapons)}
        for fig in view["figures"]:
            base = at + self.figure_index[fig["name"]] * self.per_figure
            x, y = fig["position"]
            mine = fig["seat"] == seat
            ally = not mine and fig["team"] == teams[seat]
            row = [
                min(max(x / self.width, 0.0), 1.0),
                min(max(y / self.height, 0.0), 1.0),
                fig["hp"] / _HP,
                fig["hp_max"] / _HP,
                float(fig["hidden"]),
                float(fig["out"]),
                float(mine),
                float(ally),
                float(not mine and not ally),
            ]
            out[base : base + 9] = row
            k = base + 9
            w = weapons.get(fig["weapon"])
            if w is not None:
                out[k + w] = 1
            k += len(self.weapons)
            out[k + _KINDS[fig["kind"]]] = 1
            k += len(_KINDS)
            for a in fig["abilities"]:
                out[k + _ABILITIES[a]] += 1
            k += len(_ABILITIES)
            for a in fig.get("spent", ()):
                out[k + _ABILITIES[a]] += 1
        sizes = view.get("figure_hand_sizes")
        if sizes:
            at = self._start["figure_hands"]
            for name, n in sizes.items():
                out[at + self.figure_index[name]] = n / _HP

    def _seats(self, out: npt.NDArray[np.float32], view: View, seat: int) -> None:
        """The ``seats`` segment."""
        bids: dict[int, float] = {}
        for (s, _), worth in zip(
            view["decision"].get("bids", ()), bid_values(view, self.rules), strict=True
        ):
            bids[int(s)] = 1.0 if worth >= JOKER_BID else min(worth / 13, 1.0)
        at = self._start["seats"]
        for s in range(self.seats):
            base = at + s * 8
            bid = bids.get(s)
            out[base : base + 8] = [
                view["hand_sizes"][s] / _HP,
                float(view["redraws_used"][s]),
                float(view["dealer"] == s),
                float(view["active"] == s),
                float(view["to_act"] == s),
                float(s == seat),
                float(bid is not None),
                0.0 if bid is None else bid,
            ]

    def _table(self, out: npt.NDArray[np.float32], view: View) -> None:
        """The ``table`` segment."""
        at = self._start["table"]
        limit = view["round_limit"] or max(view["round"], 1)
        out[at : at + 8] = [
            min(view["round"] / limit, 1.0),
            max(limit - view["round"], 0) / limit,
            view["dead_hand"] / 10,
            float(view["dead_hand_taken"]),
            view["draw_pile"] / 100,
            view["discard_pile"] / 100,
            view["empty_cycles"] / self.seats,
            float(view["can_redraw"]),
        ]

    def _attack(self, out: npt.NDArray[np.float32], attack: AttackView) -> None:
        """The ``attack`` segment of a pending attack."""
        at = self._start["attack"]
        n_fig = len(self.figures)
        out[at + self.figure_index[attack["attacker"]]] = 1
        out[at + n_fig + self.figure_index[attack["target"]]] = 1
        k = at + 2 * n_fig
        out[k + _card(attack["card"])] = 1
        k += CARDS
        out[k] = min(float(attack["distance"]) / 36, 2.0)
        out[k + 1 + _COVERS[attack["cover"]]] = 1
        k += 1 + len(_COVERS)
        out[k] = float(attack["target_hidden"])
        out[k + 1] = float(attack.get("wild", False))
