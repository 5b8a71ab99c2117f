"""Games consistent with one seat's view: the unseen cards dealt at random (determinisation).

A search bot that may only read its view (``Game.view(seat)``) plays out possible
futures in *worlds*: full games that show that seat exactly its view, with every
card it has not seen — the other hands, the dead man's hand (Totenblatt), the draw
pile and the face-down part of the discard pile — drawn from the unseen cards at
random. :class:`Determinizer` reads a view once; :meth:`Determinizer.sample` deals
one world per call from a ``random.Random`` it is given.

What a world is made from, and nothing else: the view's figures, piles' sizes,
hand sizes, seen cards, round, dealer, active player, the decision at hand and
its public details (the swap order, the bids, the pending attack), and the
public events (whether a diamond won this cycle's initiative, who conceded). The
other seats' face-down discards are not known to the seat and are treated as
unseen. The B1 Tempt Fate keep step is not rebuilt (the view does not show the
decision it interrupted): :class:`Determinizer` refuses a view in that phase.

>>> from totenblatt.wanted.engine.game import new_game
>>> game = new_game("duel", seed=4)
>>> seat = game.to_act
>>> world = Determinizer(game.view(seat)).sample(random.Random(1))
>>> world.view(seat)["hand"] == game.view(seat)["hand"], world.to_act == seat
(True, True)
>>> world.legal_actions() == game.legal_actions()
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from totenblatt.cards import Card, full_deck
from totenblatt.datafiles import validate
from totenblatt.wanted.engine.checks import bid_value
from totenblatt.wanted.engine.game import Game, _geometry, _scenario
from totenblatt.wanted.engine.geometry import Geometry
from totenblatt.wanted.engine.setup import Setup
from totenblatt.wanted.engine.state import Figure, GameState, PendingAttack, Phase
from totenblatt.wanted.engine.views import FigureView, View
from totenblatt.wanted.rules import Ruleset, RulesetError
from totenblatt.wanted.table.scenario import Scenario
from totenblatt.wanted.vocab import Ability, HeroType

__all__ = ["Determinizer", "determinize", "shuffle_hidden"]

_RULESETS: dict[str, Ruleset] = {}


def _ruleset(view: View, given: Ruleset | None) -> tuple[Ruleset, str | dict[str, Any]]:
    ref = view.get("ruleset_ref", view["ruleset"])
    if given is not None:
        return given, ref
    if isinstance(ref, str):
        return Ruleset.load(ref), ref
    key = json.dumps(ref, sort_keys=True)
    found = _RULESETS.get(key)
    if found is None:
        if len(_RULESETS) > 32:
            _RULESETS.clear()
        found = _RULESETS[key] = validate(Ruleset, ref, "the view's ruleset", RulesetError)
    return found, ref


def _figure(data: FigureView) -> Figure:
    x, y = data["position"]
    return Figure(
        data["name"],
        data["seat"],
        data["team"],
        data["weapon"],
        (float(x), float(y)),
        data["hp"],
        data["hp_max"],
        HeroType(data["kind"]),
        tuple(Ability(a) for a in data["abilities"]),
        data["hidden"],
        data["out"],
        tuple(Ability(a) for a in data.get("spent", ())),
    )


class Determinizer:
    """Everything one view says, read once; :meth:`sample` deals a world from it.

    ``ruleset`` and ``scenario`` are the game's objects when the caller has them
    (else they are loaded from the view's references; built-in ones are shared, so
    every world of a table shares one memo of sight lines and offered moves).
    Raises ``ValueError`` for a view it cannot rebuild: a finished game, the Tempt
    Fate keep step, or card counts that do not add up.
    """

    def __init__(
        self,
        view: View,
        *,
        ruleset: Ruleset | None = None,
        scenario: Scenario | None = None,
    ) -> None:
        if view["is_over"] or view["to_act"] is None:
            raise ValueError("the game in this view is over: there is nothing to decide")
        phase = Phase(view["phase"])
        if phase is Phase.FATE:
            raise ValueError("the Tempt Fate keep step (B1) cannot be rebuilt from a view")
        self.view = view
        self.seat: int = view["seat"]
        self.rules, self.ruleset_ref = _ruleset(view, ruleset)
        if scenario is None:
            self.scenario, self.scenario_ref = _scenario(str(view["scenario_ref"]))
        else:
            self.scenario, self.scenario_ref = scenario, str(view["scenario_ref"])
        self.phase = phase
        self.per_character = self.rules.round.hand_mode == "per_character"
        self.figures = [_figure(f) for f in view["figures"]]
        self.seats: int = view["seats"]
        # hands: one per seat, or one per figure (D-5); ``None`` = unseen, to be dealt
        self.known: list[list[Card] | None] = []
        self.sizes: list[int] = []
        if self.per_character:
            mine = view.get("figure_hands") or {}
            sizes = view["figure_hand_sizes"]
            for fig in self.figures:
                own = mine.get(fig.name) if fig.seat == self.seat else None
                self.known.append(None if own is None else [Card.parse(c) for c in own])
                self.sizes.append(int(sizes[fig.name]))
        else:
            for s in range(self.seats):
                held = [Card.parse(c) for c in view["hand"]] if s == self.seat else None
                self.known.append(held)
                self.sizes.append(int(view["hand_sizes"][s]))
        self.seen = [Card.parse(c) for c in view["seen_cards"]]
        per_deck = 52 + self.rules.cards.jokers
        total = (
            sum(view["hand_sizes"]) + view["dead_hand"] + view["draw_pile"] + view["discard_pile"]
        )
        self.decks = max(self.rules.cards.deck_count, -(-total // per_deck))
        pool = Counter(full_deck(self.rules.cards.jokers) * self.decks)
        for hand in self.known:
            pool.subtract(hand or ())
        pool.subtract(self.seen)
        if any(n < 0 for n in pool.values()):
            raise ValueError("the view shows more copies of a card than the game's decks hold")
        self.unseen = sorted(pool.elements(), key=_card_key)
        """The cards the seat has not seen, in a fixed order (sampling shuffles a copy)."""
        self.hidden_discards = view["discard_pile"] - len(self.seen)
        need = sum(n for n, h in zip(self.sizes, self.known, strict=True) if h is None)
        need += view["dead_hand"] + view["draw_pile"] + self.hidden_discards
        if self.hidden_discards < 0 or need != len(self.unseen):
            raise ValueError(
                f"the view's card counts do not add up: {need} unseen places "
                f"for {len(self.unseen)} unseen cards"
            )
        self._decision(view)
        self._history(view["events"])

    def _decision(self, view: View) -> None:
        decision = view["decision"]
        self.swap_order: list[int] = []
        self.bid_order: list[int] = []
        self.bids: list[tuple[int, Card, int]] = []
        self.pending: PendingAttack | None = None
        if self.phase is Phase.SWAP:
            self.swap_order = list(decision["order"])
        elif self.phase is Phase.BID:
            self.bid_order = list(decision["order"])
            values = decision.get("values")
            for i, (seat, text) in enumerate(decision["bids"]):
                card = Card.parse(text)
                value = int(values[i]) if values is not None else None
                self.bids.append((int(seat), card, value if value is not None else -1))
        elif self.phase is Phase.DEFEND:
            a = decision["attack"]
            self.pending = PendingAttack(
                a["seat"],
                Card.parse(a["card"]),
                a["attacker"],
                a["target"],
                float(a["distance"]),
                a["cover"],
                a["target_hidden"],
                bool(a.get("wild", False)),
            )

    def _history(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Public facts of the event log the view's keys do not repeat."""
        self.conceded = [False] * self.seats
        self.first_cycle = True
        self.bid_won = False
        for event in events:
            kind = event["type"]
            if kind == "round_started":
                self.first_cycle, self.bid_won = True, False
            elif kind == "initiative_won":
                self.first_cycle = False
                self.bid_won = event.get("card") is not None
            elif kind == "conceded":
                self.conceded[int(event["seat"])] = True

    def sample(self, rng: random.Random) -> Game:
        """A world: a full game consistent with the view, unseen cards dealt by ``rng``."""
        view = self.view
        cards = self.unseen.copy()
        rng.shuffle(cards)
        at = 0

        def deal(n: int) -> list[Card]:
            """The next ``n`` cards of the shuffled unseen cards."""
            nonlocal at
            out = cards[at : at + n]
            at += n
            return out

        hands = [
            list(known) if known is not None else deal(size)
            for known, size in zip(self.known, self.sizes, strict=True)
        ]
        dead_hand = deal(view["dead_hand"])
        discard_pile = self.seen + deal(self.hidden_discards)
        rng.shuffle(discard_pile)
        draw_pile = deal(view["draw_pile"])
        phase = self.phase
        if phase is Phase.ACTION:
            cycle_played = self.bid_won
        else:
            cycle_played = phase is Phase.DEFEND or bool(self.bids)
        state = GameState(
            ruleset=self.rules,
            geo=_geometry_for(self.scenario, self.rules),
            seats=self.seats,
            teams=tuple(view["teams"]),
            figures=[f.copy() for f in self.figures],
            rng=random.Random(rng.getrandbits(64)),
            decks=self.decks,
            round_limit=view["round_limit"],
            draw_pile=draw_pile,
            discard_pile=discard_pile,
            hands=hands,
            dead_hand=dead_hand,
            dead_taken=bool(view["dead_hand_taken"]),
            round=view["round"],
            dealer=view["dealer"],
            phase=phase,
            to_act=view["to_act"],
            active=view["active"],
            swap_order=self.swap_order.copy(),
            bid_order=self.bid_order.copy(),
            bids=[],
            cycle_played=cycle_played,
            empty_cycles=view["empty_cycles"],
            first_cycle=self.first_cycle,
            redraws_used=list(view["redraws_used"]),
            pending=self.pending,
            conceded=self.conceded.copy(),
            seen_public=self.seen.copy(),
            seen_private=[[] for _ in range(self.seats)],
            shuffles=1,
        )
        state.bids = [
            (seat, card, value if value >= 0 else bid_value(state, seat, card))
            for seat, card, value in self.bids
        ]
        setup = Setup(
            self.rules,
            self.ruleset_ref,
            self.scenario,
            self.scenario_ref,
            0,
            None,
            (),
        )
        return Game(setup, state, [])


def determinize(
    view: View,
    rng: random.Random,
    *,
    ruleset: Ruleset | None = None,
    scenario: Scenario | None = None,
) -> Game:
    """One world consistent with ``view`` (see :class:`Determinizer`)."""
    return Determinizer(view, ruleset=ruleset, scenario=scenario).sample(rng)


def shuffle_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` whose cards hidden from ``seat`` are dealt anew: ``seat`` sees no change.

    The other seats' hands, the dead man's hand, the draw pile and the discards
    ``seat`` has not seen are gathered and dealt back into the same places (same
    sizes) in a random order; the copy keeps the event log, so ``seat``'s view
    is identical. For fairness tests: a player (or bot) deciding from ``seat``'s
    view must decide alike in both games.

    >>> from totenblatt.wanted.engine.game import new_game
    >>> game = new_game("gangs", seed=2)
    >>> twin = shuffle_hidden(game, 0, random.Random(1))
    >>> twin.view(0) == game.view(0), twin.state.hands[1] != game.state.hands[1]
    (True, True)
    """
    st = game.state.clone()
    own = set(st.holders[seat])
    seen = Counter(st.seen_public) + Counter(st.seen_private[seat])
    hidden_discards: list[Card] = []
    kept: list[Card] = []
    for card in st.discard_pile:
        if seen[card] > 0:
            seen[card] -= 1
            kept.append(card)
        else:
            hidden_discards.append(card)
    places = [h for h in range(len(st.hands)) if h not in own]
    pool = [c for h in places for c in st.hands[h]]
    pool += st.dead_hand + st.draw_pile + hidden_discards
    rng.shuffle(pool)
    at = 0
    for h in places:
        n = len(st.hands[h])
        st.hands[h] = pool[at : at + n]
        at += n
    st.dead_hand = pool[at : at + len(st.dead_hand)]
    at += len(st.dead_hand)
    st.draw_pile = pool[at : at + len(st.draw_pile)]
    at += len(st.draw_pile)
    st.discard_pile = kept + pool[at:]
    return Game(game.setup, st, list(game.actions))


def _card_key(card: Card) -> tuple[int, int]:
    if card.rank is None or card.suit is None:
        return (99, 0)
    return (list(type(card.suit)).index(card.suit), int(card.rank))


def _geometry_for(scenario: Scenario, rules: Ruleset) -> Geometry:
    setup = Setup(rules, rules.name, scenario, scenario.name, 0, None, ())
    return _geometry(setup)
