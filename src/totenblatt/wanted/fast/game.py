"""The fast path: the round of Wanted on flat state with integer actions.

:class:`FastGame` plays the same rules as the reference engine
(:mod:`totenblatt.wanted.engine`) on plain lists of numbers: cards are numbers
(:mod:`~totenblatt.wanted.fast.cards`), figures stand on the board's nodes
(:mod:`~totenblatt.wanted.fast.board`), actions are ids of the scenario's action table
(:mod:`~totenblatt.wanted.fast.actions`). The game is built in layers, a module each: what
never changes (:mod:`~totenblatt.wanted.fast.spec`), the state and the round's flow
(:mod:`~totenblatt.wanted.fast.flow`), the actions' effects
(:mod:`~totenblatt.wanted.fast.effects`), the offers (:mod:`~totenblatt.wanted.fast.offers`),
and here the game itself: making one, deciding, playing; what it plays and refuses is
:mod:`~totenblatt.wanted.fast.allow`. It is made from a reference game
(:meth:`FastGame.from_game`, at any decision) and then goes its own way:
:meth:`legal_actions` lists ids, :meth:`apply` plays one, :meth:`clone` copies cheaply.
With ``record=True`` it also logs the reference engine's events, which is how the
agreement tests compare the two (``tests/wanted/fast``).

What differs from the reference engine is the menu of moves: a club moves one of the
seat's figures to any destination of the board it can pay for (hidden or not where the
destination is in hard cover), and moves nobody only when no figure can go anywhere;
the reference engine offers its own menu (towards the enemy, away, cover spots, group
moves). Every fast move's shadow is a legal reference move of the same cost.

Supported: every scenario under the base and the extended rules, with one hand per player
or one per character (D-5: :attr:`hands` holds one hand per *holder*, the seat's or, per
character, each figure's; :meth:`seat_cards` is all a seat holds): hero types (B2, D-27)
and the fourteen abilities of B1. A ruleset that differs from the base ruleset in a field
not in :data:`HONOURED`, or a figure the fast path cannot hold, is refused by name
(:class:`FastUnsupportedError`; :func:`fast_refusal` asks beforehand).

>>> from totenblatt.wanted.engine.game import new_game
>>> fast = FastGame.from_game(new_game("duel", seed=3))
>>> import random
>>> rng = random.Random(1)
>>> while not fast.is_over:
...     fast.apply(rng.choice(fast.legal_actions()))
>>> fast.winners in ((0,), (1,), ())
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.engine.events import AbilityDrawn
from totenblatt.wanted.fast.actions import CONCEDE, PASS, SWAP, WAYS
from totenblatt.wanted.fast.allow import (
    FAST_ABILITIES,
    FAST_HEROES,
    HONOURED,
    FastUnsupportedError,
    fast_refusal,
    honoured,
    ruleset_fields,
    state_refusal,
    unhonoured_field,
)
from totenblatt.wanted.fast.cards import number
from totenblatt.wanted.fast.flow import (
    _CLUB,
    _DIAMOND,
    _HEART,
    _NONE,
    _SPADE,
    ACTION,
    BID,
    DEFEND,
    FATE,
    OVER,
    PHASES,
    SWAP_PHASE,
    _card,
    _way,
)
from totenblatt.wanted.fast.offers import Offers
from totenblatt.wanted.fast.spec import Spec, spec_of
from totenblatt.wanted.vocab import Ability

if TYPE_CHECKING:
    from totenblatt.wanted.engine.game import Game
    from totenblatt.wanted.engine.state import GameState
    from totenblatt.wanted.rules import Ruleset
    from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "ACTION",
    "BID",
    "DEFEND",
    "FAST_ABILITIES",
    "FAST_HEROES",
    "FATE",
    "HONOURED",
    "OVER",
    "SWAP_PHASE",
    "FastGame",
    "FastUnsupportedError",
    "Spec",
    "fast_refusal",
    "honoured",
    "new_fast_game",
    "ruleset_fields",
    "state_refusal",
    "unhonoured_field",
]


class FastGame(Offers):
    """One game on the fast path (see the module docstring)."""

    __slots__ = (
        "_legal",
        "active",
        "alive",
        "bid_order",
        "bids",
        "conceded",
        "cycle_played",
        "dead",
        "dead_taken",
        "dealer",
        "discard",
        "draw",
        "empty_cycles",
        "end_reason",
        "fate",
        "first_cycle",
        "hands",
        "hidden",
        "hp",
        "lives",
        "log",
        "out",
        "pending",
        "pending_wild",
        "phase",
        "pos",
        "redraws_used",
        "rng",
        "round",
        "seen_private",
        "seen_public",
        "shuffles",
        "spec",
        "swap_order",
        "to_act",
        "uses",
        "winners",
    )

    @classmethod
    def from_game(cls, game: Game, *, record: bool = False) -> FastGame:
        """The fast copy of ``game`` at its current decision (its random generator copied).

        ``record``: log the reference engine's events from now on (:attr:`log`).
        Raises :class:`FastUnsupportedError` for rules the fast path does not play.
        """
        return cls.from_state(game.state, record=record)

    @classmethod
    def from_state(cls, st: GameState, *, record: bool = False) -> FastGame:
        """The fast copy of a reference :class:`GameState` (see :meth:`from_game`)."""
        spec = spec_of(st)
        g = cls.__new__(cls)
        g.spec = spec
        board = spec.board
        g.pos = [board.node(f.pos) for f in st.figures]
        g.hp = [f.hp for f in st.figures]
        g.lives = [
            n if n <= 0 else max(0, n - f.spent.count(Ability.NINE_LIVES))
            for n, f in zip(spec.nine, st.figures, strict=True)
        ]
        g.uses = [
            (
                max(0, u[0] - f.spent.count(Ability.COVER_1)),
                max(0, u[1] - f.spent.count(Ability.COVER_2)),
                max(0, u[2] - f.spent.count(Ability.COVER_3)),
                max(0, u[3] - f.spent.count(Ability.TEMPT_FATE)),
            )
            for u, f in zip(spec.uses, st.figures, strict=True)
        ]
        fate = st.fate
        g.fate = (
            None
            if fate is None
            else (
                fate.seat,
                spec.by_name[fate.figure],
                number(fate.drawn[0]),
                number(fate.drawn[1]),
                PHASES.index(fate.resume),
            )
        )
        g.hidden = [f.hidden for f in st.figures]
        g.out = [f.out for f in st.figures]
        g.alive = list(st.alive)
        g.conceded = list(st.conceded)
        g.hands = [[number(c) for c in h] for h in st.hands]
        g.draw = [number(c) for c in st.draw_pile]
        g.discard = [number(c) for c in st.discard_pile]
        g.dead = [number(c) for c in st.dead_hand]
        g.dead_taken = st.dead_taken
        g.round = st.round
        g.dealer = st.dealer
        g.phase = PHASES.index(st.phase)
        g.to_act = _NONE if st.to_act is None else st.to_act
        g.active = st.active
        g.swap_order = list(st.swap_order)
        g.bid_order = list(st.bid_order)
        g.bids = [(s, number(c), v) for s, c, v in st.bids]
        g.cycle_played = st.cycle_played
        g.empty_cycles = st.empty_cycles
        g.first_cycle = st.first_cycle
        g.redraws_used = list(st.redraws_used)
        p = st.pending
        g.pending_wild = p is not None and p.wild
        g.pending = (
            None
            if p is None
            else (
                p.seat,
                number(p.card),
                spec.by_name[p.attacker],
                spec.by_name[p.target],
                p.distance,
                p.cover,
                p.target_hidden,
            )
        )
        g.winners = st.winners
        g.end_reason = st.end_reason
        g.seen_public = [number(c) for c in st.seen_public]
        g.seen_private = [[number(c) for c in s] for s in st.seen_private]
        g.shuffles = st.shuffles
        g.rng = random.Random()
        g.rng.setstate(st.rng.getstate())
        g.log = [] if record else None
        g._legal = None
        return g

    def fresh(self, seed: int, *, record: bool = False) -> FastGame:
        """A new game of this one's setup, dealt from ``seed`` exactly as the reference
        ``new_game(scenario, ruleset, seed)`` deals it (``self`` must be a game made at its
        start, e.g. by :func:`new_fast_game`; stacked decks are not dealt)."""
        spec = self.spec
        start = spec.start
        if start is None:
            raise ValueError("fresh() needs a game made at its start (new_fast_game)")
        g = FastGame.__new__(FastGame)
        g.spec = spec
        g.pos, g.hp, g.hidden, g.out, g.alive, deck = (
            start[0].copy(),
            start[1].copy(),
            start[2].copy(),
            start[3].copy(),
            start[4].copy(),
            start[5],
        )
        g.lives = list(spec.nine)
        g.uses = list(spec.uses)
        g.fate = None
        seats = spec.seats
        g.conceded = [False] * seats
        g.hands = [[] for _ in range(spec.n if spec.per_character else seats)]
        g.draw = list(deck)
        g.discard, g.dead = [], []
        g.dead_taken = False
        g.round = 0
        g.phase, g.to_act, g.active = SWAP_PHASE, _NONE, 0
        g.swap_order, g.bid_order, g.bids = [], [], []
        g.cycle_played, g.empty_cycles, g.first_cycle = False, 0, True
        g.redraws_used = [0] * seats
        g.pending = None
        g.pending_wild = False
        g.winners, g.end_reason = (), None
        g.seen_public = []
        g.seen_private = [[] for _ in range(seats)]
        g.shuffles = 0
        g.rng = random.Random(seed)
        g.log = [] if record else None
        g._legal = None
        g.dealer = g.rng.randrange(seats)
        g._start_round()
        g._settle()
        return g

    def clone(self, *, rng: bool = True) -> FastGame:
        """An independent copy (``rng=False``: share the random generator, for a copy that
        will be given a new one; cheaper)."""
        g = FastGame.__new__(FastGame)
        g.spec = self.spec
        g.pos = self.pos.copy()
        g.hp = self.hp.copy()
        g.lives = self.lives.copy()
        g.uses = self.uses.copy()
        g.fate = self.fate
        g.hidden = self.hidden.copy()
        g.out = self.out.copy()
        g.alive = self.alive.copy()
        g.conceded = self.conceded.copy()
        g.hands = [h.copy() for h in self.hands]
        g.draw = self.draw.copy()
        g.discard = self.discard.copy()
        g.dead = self.dead.copy()
        g.dead_taken = self.dead_taken
        g.round = self.round
        g.dealer = self.dealer
        g.phase = self.phase
        g.to_act = self.to_act
        g.active = self.active
        g.swap_order = self.swap_order.copy()
        g.bid_order = self.bid_order.copy()
        g.bids = self.bids.copy()
        g.cycle_played = self.cycle_played
        g.empty_cycles = self.empty_cycles
        g.first_cycle = self.first_cycle
        g.redraws_used = self.redraws_used.copy()
        g.pending = self.pending
        g.pending_wild = self.pending_wild
        g.winners = self.winners
        g.end_reason = self.end_reason
        g.seen_public = self.seen_public.copy()
        g.seen_private = [s.copy() for s in self.seen_private]
        g.shuffles = self.shuffles
        if rng:
            g.rng = random.Random()
            g.rng.setstate(self.rng.getstate())
        else:
            g.rng = self.rng
        g.log = None if self.log is None else self.log.copy()
        g._legal = self._legal
        return g

    # -- deciding ----------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The legal action ids of the seat to act (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._offers() if self.phase != OVER else []
        return legal

    def apply(self, action: int) -> None:
        """Play ``action`` (an id of :meth:`legal_actions`) for the seat to act;
        ``ValueError`` for any other id."""
        if action not in self.legal_actions():
            raise ValueError(
                f"action {action} is not legal now: expected one of legal_actions() "
                f"({len(self.legal_actions())} ids)"
            )
        self.play(action)

    def play(self, action: int) -> None:
        """:meth:`apply` without the check (the id must come from :meth:`legal_actions`)."""
        seat = self.to_act
        t = self.spec.actions
        if action >= t.move:
            if action >= t.redraw:
                if action >= t.partial:
                    self._extended(seat, action)
                elif action >= t.reveal:
                    self._reveal(seat, t.own[seat][action - t.reveal])
                else:
                    rest, slot = divmod(action - t.redraw, t.own_max)
                    card, hand = divmod(rest, t.hands)
                    self._redraw(seat, card, t.own[seat][slot], self._holder(seat, hand))
            elif action >= t.nobody:
                card_way, hand = divmod(action - t.nobody, t.hands)
                holder = self._holder(seat, hand)
                self._move(seat, _card(card_way, _CLUB), -1, -1, False, False, holder)
            else:
                rest, hide = divmod(action - t.move, 2)
                rest, dest = divmod(rest, t.destinations)
                card_way, slot = divmod(rest, t.own_max)
                fig = t.own[seat][slot]
                self._move(seat, _card(card_way, _CLUB), fig, dest, hide == 1)
        elif action >= t.attack:
            rest, card_way = divmod(action - t.attack, WAYS)
            slot, target = divmod(rest, t.figures)
            self._attack(seat, _card(card_way, _SPADE), t.own[seat][slot], target)
        elif action >= t.defend:
            self._defend(seat, _card(action - t.defend, _HEART))
        elif action >= t.bid:
            card_way, hand = divmod(action - t.bid, t.hands)
            self._bid(seat, _card(card_way, _DIAMOND), False, self._holder(seat, hand))
        elif action == PASS:
            self._pass(seat)
        elif action == SWAP:
            self._swap(seat)
        elif action == CONCEDE:
            self._concede(seat)
        else:
            raise ValueError(f"action {action} is no action")
        self._settle()
        self._legal = None

    def play_reference(self, action: Any) -> None:
        """Play a reference engine's action (any legal one: a move may end anywhere, off the
        board's destinations); for a search that weighs the reference engine's offers.
        Nothing is logged for a move (its cost is not worked out)."""
        from totenblatt.wanted.engine import actions as ref

        seat = self.to_act
        spec = self.spec
        t = spec.actions
        by_name = spec.by_name
        if isinstance(action, ref.Move):
            if action.wild:
                raise FastUnsupportedError("the fast path plays no wild 2 of the reference's menu")
            card = number(action.card)
            mover = action.figure or (action.steps[0].figure if action.steps else None)
            self._play_card(by_name[mover] if spec.per_character and mover else seat, card)
            for step in action.steps:
                fig = by_name[step.figure]
                self.pos[fig] = spec.board.node(step.path[-1])
                self.hidden[fig] = step.hide
            self.cycle_played = True
            self._end_cycle()
            self._settle()
            self._legal = None
            return
        hand = t.slot[by_name[action.figure]] if getattr(action, "figure", None) else 0
        if isinstance(action, ref.Pass):
            code = PASS
        elif isinstance(action, ref.Concede):
            code = CONCEDE
        elif isinstance(action, ref.Swap):
            if action.cards:
                raise FastUnsupportedError("the fast path plays partial swaps by its own ids")
            code = t.pswap + hand if spec.per_character else SWAP
        elif isinstance(action, ref.Bid):
            if action.wild:
                raise FastUnsupportedError("the fast path plays no wild 2 of the reference's menu")
            code = t.bid_id(_way(number(action.card)), hand)
        elif isinstance(action, ref.Defend):
            code = t.defend + _way(number(action.card))
        elif isinstance(action, ref.Attack):
            attacker = by_name[action.attacker]
            code = t.attack_id(t.slot[attacker], by_name[action.target], _way(number(action.card)))
        elif isinstance(action, ref.Redraw):
            payer = t.slot[by_name[action.payer]]
            if spec.per_character and action.figure is None:
                hand = payer
            code = t.redraw_id(number(action.card), hand, payer)
        elif isinstance(action, ref.Reveal):
            code = t.reveal + t.slot[by_name[action.figure]]
        else:
            raise FastUnsupportedError(f"the fast path does not play {action!r}")
        self.play(code)

    def shadow(self, action: int) -> Any:
        """The reference engine's action that ``action`` stands for now."""
        return self.spec.actions.shadow(self, action)


_TEMPLATES: dict[tuple[Any, Any], tuple[Any, Any, FastGame | None]] = {}


def new_fast_game(
    scenario: str | Scenario = "duel",
    ruleset: str | Ruleset = "base",
    seed: int = 0,
    *,
    record: bool = False,
) -> FastGame:
    """The fast game that ``new_game(scenario, ruleset, seed)`` deals (the reference engine
    sets the first game of a scenario and ruleset up; later ones are dealt here)."""
    key = (
        scenario if isinstance(scenario, str) else id(scenario),
        ruleset if isinstance(ruleset, str) else id(ruleset),
    )
    found = _TEMPLATES.get(key)
    if (
        found is None
        or (not isinstance(scenario, str) and found[0] is not scenario)
        or (not isinstance(ruleset, str) and found[1] is not ruleset)
    ):
        from totenblatt.wanted.engine.game import new_game

        game = new_game(scenario, ruleset, 0)
        template: FastGame | None = None
        # B2: a hero given no abilities draws them with the game's generator, so each seed
        # sets up other figures: every game is then the reference engine's own set-up
        if not any(isinstance(e, AbilityDrawn) for e in game.events):
            template = FastGame.from_game(game)
            st = game.state
            deck = tuple(number(c) for c in _start_deck(st))
            template.spec.start = (
                [template.spec.board.node(f.pos) for f in st.figures],
                [f.hp for f in st.figures],
                [False] * len(st.figures),
                [False] * len(st.figures),
                [sum(1 for f in st.figures if f.seat == s) for s in range(st.seats)],
                deck,
            )
        if len(_TEMPLATES) > 32:
            _TEMPLATES.clear()
        found = _TEMPLATES[key] = (scenario, ruleset, template)
    if found[2] is None:
        from totenblatt.wanted.engine.game import new_game

        return FastGame.from_game(new_game(scenario, ruleset, seed), record=record)
    return found[2].fresh(seed, record=record)


def _start_deck(st: GameState) -> list[Any]:
    """The draw pile before the first shuffle: every deck in order (``game._initial_state``)."""
    from totenblatt.cards import full_deck

    return full_deck(st.ruleset.cards.jokers) * st.decks
