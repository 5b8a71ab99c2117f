"""The game of Wanted: Dead or Alive as a deterministic state machine (rules.md Part A).

>>> game = new_game(scenario="duel", ruleset="base", seed=7)
>>> game.is_over, game.to_act in (0, 1), game.phase.value
(False, True, 'swap')
>>> events = game.apply(game.legal_actions()[0])
>>> Game.from_json(game.to_json()).events == game.events
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, overload

from totenblatt.cards import Card, CardLike, full_deck, to_card
from totenblatt.datafiles import validate
from totenblatt.messages import Message, Reason, message_of
from totenblatt.wanted.engine.actions import (
    ACTION_TYPES,
    Action,
    IllegalActionError,
    action_from_dict,
)
from totenblatt.wanted.engine.checks import hand_size
from totenblatt.wanted.engine.events import (
    DecksAdded,
    Event,
    GameSeeded,
    GameStarted,
    event_to_dict,
    public_event_dict,
)
from totenblatt.wanted.engine.flow import start_round
from totenblatt.wanted.engine.geometry import Geometry
from totenblatt.wanted.engine.heroes import build_figures
from totenblatt.wanted.engine.kinds import check, legal_actions, perform, settle
from totenblatt.wanted.engine.save import SaveError, decode_save, encode_save, events_digest
from totenblatt.wanted.engine.setup import Setup
from totenblatt.wanted.engine.state import Figure, GameState, Phase
from totenblatt.wanted.engine.views import Observer, PublicView, View, build_view
from totenblatt.wanted.rules import MAX_DECKS, Ruleset, RulesetError, builtin_rulesets
from totenblatt.wanted.table.scenario import Scenario, builtin_scenarios, load_scenario

__all__ = ["DeckOrder", "Game", "Setup", "new_game", "stacked_deal"]

DeckOrder = Sequence[CardLike] | Sequence[Sequence[CardLike]]
"""Stacked cards: the top of the deck after the first shuffle, or one list per full shuffle."""

_ACTIONS = tuple(ACTION_TYPES.values())


class Game:
    """One game: the state, the actions applied so far, and the public interface."""

    __slots__ = ("_actions", "_event_dicts", "_legal", "_seat_events", "_setup", "_state")

    def __init__(self, setup: Setup, state: GameState, actions: list[Action]) -> None:
        self._setup = setup
        self._state = state
        self._actions = actions
        self._legal: list[Action] | None = None
        self._event_dicts: list[dict[str, Any]] = []
        self._seat_events: dict[Observer, tuple[list[dict[str, Any]], int]] = {}

    # -- what is going on ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has ended (A13, D-22)."""
        return self._state.phase is Phase.OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None when the game is over."""
        return self._state.to_act

    @property
    def phase(self) -> Phase:
        """What the seat to act decides."""
        return self._state.phase

    @property
    def winners(self) -> tuple[int, ...]:
        """Every winning seat (a whole team); empty on a draw or while playing."""
        return self._state.winners

    @property
    def winner(self) -> int | None:
        """The winning seat (the first of the winning team), or None (draw / not over)."""
        return self._state.winners[0] if self._state.winners else None

    @property
    def end_reason(self) -> str | None:
        """Why the game ended: last_side_standing or round_limit; None while playing."""
        return self._state.end_reason

    @property
    def round(self) -> int:
        """The current round, from 1."""
        return self._state.round

    @property
    def seats(self) -> int:
        """Number of seats (players)."""
        return self._state.seats

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, public and private."""
        return tuple(self._state.events)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied so far (automatic passes are not actions)."""
        return tuple(self._actions)

    @property
    def setup(self) -> Setup:
        """Ruleset, scenario, seed and stacked deck of this game."""
        return self._setup

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset in play."""
        return self._setup.ruleset

    @property
    def scenario(self) -> Scenario:
        """The scenario in play."""
        return self._setup.scenario

    @property
    def state(self) -> GameState:
        """The full state (every hand): for tests and analysis, never for a player."""
        return self._state

    def figure(self, name: str) -> Figure:
        """A figure by name (its live state; do not change it)."""
        fig = self._state.by_name.get(name)
        if fig is None:
            raise ValueError(
                f"no figure named {name!r}: expected one of {', '.join(self._state.by_name)}"
            )
        return fig

    # -- deciding --------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (a documented finite set of moves)."""
        if self._legal is None:
            st = self._state
            self._legal = [] if st.to_act is None else legal_actions(st, st.to_act)
        return list(self._legal)

    def why_illegal(self, action: Action) -> str | None:
        """The reason ``action`` is illegal now, or None when it is legal."""
        refusal = self.refusal(action)
        return None if refusal is None else str(refusal)

    def refusal(self, action: Action) -> IllegalActionError | None:
        """The error :meth:`apply` would raise for ``action``, or None when it is legal.

        Its ``message`` says why in words for a person (``totenblatt.text.describe_error``).
        """
        try:
            self._check(action)
        except IllegalActionError as exc:
            return exc
        return None

    def _check(self, action: Action) -> tuple[float, ...]:
        st = self._state
        if not isinstance(action, _ACTIONS):
            raise IllegalActionError(Message("that is not an action of the game"))
        if st.to_act is None:
            raise IllegalActionError(Message("the game is over"))
        try:
            return check(st, st.to_act, action)
        except IllegalActionError as exc:
            raise IllegalActionError(
                f"{action!r} is illegal for seat {st.to_act}: {exc}", message=exc.message
            ) from None

    def apply(self, action: Action) -> list[Event]:
        """Apply the seat to act's ``action``; the new events (the state is unchanged on error)."""
        costs = self._check(action)
        st = self._state
        start = len(st.events)
        assert st.to_act is not None
        perform(st, st.to_act, action, costs)
        settle(st)
        self._actions.append(action)
        self._legal = None
        return st.events[start:]

    # -- views, copies, saves ----------------------------------------------------------

    @overload
    def view(self, seat: int) -> View: ...
    @overload
    def view(self, seat: None) -> PublicView: ...
    def view(self, seat: Observer) -> View | PublicView:
        """What ``seat`` may know (None: nobody's seat, the public view), as a
        JSON-serialisable dict built from the allow-lists of :mod:`views`."""
        return build_view(self._state, self._setup, self.visible_event_dicts(seat), seat)

    def event_dicts(self) -> list[dict[str, Any]]:
        """The JSON form of every event (built once, then cached)."""
        cache = self._event_dicts
        events = self._state.events
        for event in events[len(cache) :]:
            cache.append(event_to_dict(event))
        return cache

    def visible_event_dicts(self, seat: Observer) -> list[dict[str, Any]]:
        """The JSON form of the events ``seat`` may see (None: the public ones; kept
        incrementally per observer)."""
        dicts = self.event_dicts()
        events = self._state.events
        visible, done = self._seat_events.get(seat, ([], 0))
        for i in range(done, len(events)):
            shown = public_event_dict(events[i], seat, dicts[i])
            if shown is not None:
                visible.append(shown)
        self._seat_events[seat] = (visible, len(events))
        return visible.copy()

    def clone(self) -> Game:
        """An independent copy (shares only immutable data and pure caches)."""
        twin = Game(self._setup, self._state.clone(), self._actions.copy())
        twin._legal = self._legal
        twin._event_dicts = self._event_dicts.copy()
        twin._seat_events = {s: (v.copy(), n) for s, (v, n) in self._seat_events.items()}
        return twin

    def dealt_again(self) -> Game:
        """This game dealt again from its setup: as it began, before any action."""
        setup = self._setup
        return new_game(
            setup.scenario,
            setup.ruleset,
            setup.seed,
            dealer=setup.dealer,
            deck_order=setup.deck_orders or None,
        )

    def to_json(self) -> str:
        """The saved game, a referee file: ruleset, scenario, seed, stacked deck and actions.

        It holds the seed and so every hidden card: never hand it to a player.
        """
        setup = self._setup
        try:
            same = _scenario(setup.scenario_ref)[0] == setup.scenario
        except ValueError:
            same = False
        if not same:
            raise SaveError(
                Message(
                    "cannot save a game on scenario {name}: it was not loaded from a built-in "
                    "name or a file; start the game with new_game(scenario=name or path)",
                    name=repr(setup.scenario.name),
                )
            )
        header: dict[str, Any] = {
            "ruleset": setup.ruleset_ref,
            "scenario": setup.scenario_ref,
            "seed": setup.seed,
            "dealer": setup.dealer,
            "deck_order": [[str(c) for c in order] for order in setup.deck_orders],
            "events": len(self._state.events),
            "digest": events_digest(self.event_dicts()),
        }
        return encode_save(header, self._actions)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Replay a saved game, verifying its events; ``SaveError`` (only) for any bad save."""
        saved = decode_save(text)
        try:
            rules = (
                Ruleset.load(saved.ruleset)
                if isinstance(saved.ruleset, str)
                else validate(Ruleset, saved.ruleset, _SAVED_RULESET, RulesetError)
            )
            game = new_game(
                saved.scenario,
                rules,
                saved.seed,
                dealer=saved.dealer,
                deck_order=saved.deck_order or None,
            )
        except (ValueError, TypeError, OverflowError) as exc:
            raise SaveError(
                Message("cannot set up the saved game: {problem}", problem=_said(exc))
            ) from None
        for number, raw in enumerate(saved.actions, 1):
            try:
                action = action_from_dict(raw)
            except (ValueError, TypeError, OverflowError) as exc:
                raise SaveError(
                    Message(
                        "action #{number} is not an action: {problem}",
                        number=number,
                        problem=_said(exc),
                    )
                ) from None
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise SaveError(
                    Message(
                        "action #{number} does not replay: {problem}",
                        number=number,
                        problem=_said(exc),
                    )
                ) from None
        dicts = game.event_dicts()
        if saved.version == 1:  # the seed was a key of game_started, not an event of its own
            dicts = _legacy_dicts(dicts)
        if saved.events != len(dicts):
            raise SaveError(
                Message(
                    "the replay gives {count} events, the save says {saved}: the save was "
                    "changed or made by another version",
                    count=len(dicts),
                    saved=repr(saved.events),
                )
            )
        if saved.digest != events_digest(dicts):
            raise SaveError(
                Message(
                    "the replay does not reproduce the saved events (digest differs): "
                    "the save was changed or made by another version"
                )
            )
        return game


_SAVED_RULESET = Reason("saved ruleset", Message("saved ruleset"))
"""The label of a ruleset written into a save, in errors about it."""


def _said(exc: BaseException) -> Message | str:
    """An error inside a save's replay, as a parameter: its message for people, else its text."""
    return message_of(exc) or str(exc)


def new_game(
    scenario: str | Path | Scenario = "duel",
    ruleset: str | Path | Ruleset = "base",
    seed: int = 0,
    *,
    dealer: int | None = None,
    deck_order: DeckOrder | None = None,
) -> Game:
    """A new game, dealt and waiting for the first decision.

    ``dealer`` fixes the first dealer (else drawn at random, A3.1); ``deck_order``
    stacks the deck for tests: the listed cards are drawn first, in order, after the
    shuffle at the start of the game (a list of lists: one list per full shuffle).
    """
    rules = Ruleset.load(ruleset)
    builtin = Ruleset.load(rules.name) if rules.name in builtin_rulesets() else None
    ruleset_ref: str | dict[str, Any] = (
        rules.name if builtin == rules else rules.model_dump(mode="json")
    )
    scen, scen_ref = _scenario(scenario)
    setup = Setup(rules, ruleset_ref, scen, scen_ref, int(seed), dealer, _orders(deck_order))
    return Game(setup, _initial_state(setup), [])


def stacked_deal(
    dealer: int,
    hands: Mapping[int, Sequence[CardLike]],
    dead_hand: Sequence[CardLike] = (),
    then: Sequence[CardLike] = (),
) -> list[Card]:
    """A ``deck_order`` that deals exactly ``hands`` (every seat's whole hand) and ``dead_hand``.

    The deal (A3.2) goes round the table from the seat left of the dealer, one
    whole hand at a time, then the dead man's hand; ``then`` are the next draws.

    >>> [str(c) for c in stacked_deal(0, {0: ["2♣"], 1: ["3♣"]}, ["4♣"], ["5♣"])]
    ['3♣', '2♣', '4♣', '5♣']
    """
    seats = len(hands)
    if sorted(hands) != list(range(seats)):
        raise ValueError(f"hands must give every seat 0 to {seats - 1}, got seats {sorted(hands)}")
    order = [to_card(c) for i in range(seats) for c in hands[(dealer + 1 + i) % seats]]
    return order + [to_card(c) for c in (*dead_hand, *then)]


def _initial_state(setup: Setup) -> GameState:
    rules, scen = setup.ruleset, setup.scenario
    if setup.dealer is not None and not 0 <= setup.dealer < scen.seats:
        raise ValueError(f"dealer {setup.dealer!r} is not a seat: expected 0 to {scen.seats - 1}")
    rng = random.Random(setup.seed)
    figures, set_up = build_figures(scen, rules, rng)  # B2, D-37, D-38
    if len({f.name for f in figures}) != len(figures):
        raise ValueError(f"scenario {scen.name!r} names two figures alike")
    limit = scen.round_limit if scen.round_limit is not None else rules.game.round_limit
    st = GameState(
        ruleset=rules,
        geo=_geometry(setup),
        seats=scen.seats,
        teams=tuple(scen.teams),
        figures=figures,
        rng=rng,
        round_limit=limit or None,
        deck_orders=setup.deck_orders,
    )
    per_deck = 52 + rules.cards.jokers
    needed = sum(hand_size(st, s) for s in range(st.seats)) + rules.round.dead_hand_size
    st.decks = max(rules.cards.deck_count, math.ceil(needed / per_deck))
    st.draw_pile = full_deck(rules.cards.jokers) * st.decks
    _check_orders(setup.deck_orders, st.draw_pile)
    if st.decks > MAX_DECKS:
        raise RulesetError(
            f"ruleset {rules.name!r}: the deal needs {needed} cards ({st.seats} hands and the "
            f"dead man's hand), more than {MAX_DECKS} decks of {per_deck} hold; lower "
            "round.hand_size or round.dead_hand_size"
        )
    st.events.append(GameStarted(scen.name, rules.name, st.seats, st.teams, st.decks))
    st.events.append(GameSeeded(setup.seed))  # the referee's alone: visible to no seat
    if st.decks > rules.cards.deck_count:
        st.events.append(DecksAdded(st.decks, needed))  # D-2
    st.events.extend(set_up)
    st.dealer = setup.dealer if setup.dealer is not None else st.rng.randrange(st.seats)
    start_round(st)
    settle(st)
    return st


def _legacy_dicts(dicts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events as save version 1 logged them: the seed inside ``game_started``."""
    out: list[dict[str, Any]] = []
    for data in dicts:
        if data["type"] == "game_seeded":
            out[0] = {**out[0], "seed": data["seed"]}
        else:
            out.append(data)
    return out


def _orders(deck_order: DeckOrder | None) -> tuple[tuple[Card, ...], ...]:
    if deck_order is None:
        return ()
    items = list(deck_order)
    if not items:
        return ()
    if all(isinstance(item, str | Card) for item in items):
        return (tuple(to_card(c) for c in items),)  # type: ignore[arg-type]
    return tuple(tuple(to_card(c) for c in order) for order in items)  # type: ignore[union-attr]


def _check_orders(orders: tuple[tuple[Card, ...], ...], deck: list[Card]) -> None:
    have = Counter(deck)
    for order in orders:
        extra = Counter(order) - have
        if extra:
            bad = ", ".join(str(c) for c in extra)
            raise ValueError(f"deck_order asks for {bad} more often than the deck holds them")


_SCENARIOS: dict[str, Scenario] = {}
_GEOMETRY: dict[tuple[int, int], tuple[Scenario, Ruleset, Geometry]] = {}


def _scenario(scenario: str | Path | Scenario) -> tuple[Scenario, str]:
    """The scenario and how a save names it; built-in ones are loaded once."""
    if not isinstance(scenario, str | Path):
        return scenario, scenario.name
    ref = str(scenario)
    if not (isinstance(scenario, str) and ref in builtin_scenarios()):
        return load_scenario(scenario), ref
    found = _SCENARIOS.get(ref)
    if found is None:
        found = _SCENARIOS[ref] = load_scenario(ref)
    return found, ref


def _geometry(setup: Setup) -> Geometry:
    """One memoising Geometry per (scenario, ruleset) object pair, shared by their games."""
    key = (id(setup.scenario), id(setup.ruleset))
    found = _GEOMETRY.get(key)
    if found is None or found[0] is not setup.scenario or found[1] is not setup.ruleset:
        if len(_GEOMETRY) > 64:
            _GEOMETRY.clear()
        found = (setup.scenario, setup.ruleset, Geometry(setup.scenario.table(setup.ruleset)))
        _GEOMETRY[key] = found
    return found[2]
