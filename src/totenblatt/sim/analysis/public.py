"""A public replay file rebuilt into the public views of its game: what a spectator saw.

The browser's export (:func:`~totenblatt.wanted.ask.public_record`) holds the public
events only — no seed, no hand, no action. :func:`rebuild` plays the game again from
them: a *twin* game on the same scenario and ruleset, dealt by ``seed``, takes at every
decision the action whose public events are the record's next ones; where the record
says a card was played that the twin's hand does not hold, the twin's hidden cards (every
hand, the dead man's hand, the draw pile, the face-down discards) are exchanged so that
it does (``_fetch``), and at the end of a round the hands are dealt anew among the hidden
cards until their points are the record's (``_match_points``). Nothing a spectator did not
see is read, and nothing is invented that a spectator could see: every public event of the
twin is checked against the record, so the twin's public view after every action is the
real game's (its hidden cards are one of the many deals consistent with the record).

:func:`record_points` gives the points of a spectator's analysis of one seat
(:func:`~totenblatt.sim.analysis.service.analyse_public_points`) from the record alone —
the same points :func:`~totenblatt.sim.analysis.service.public_points` takes from the
referee's game, so both analyses are equal (tested).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from totenblatt.cards import Card
from totenblatt.messages import Message, MessageError
from totenblatt.sim.analysis.service import PublicPoint, result_of
from totenblatt.wanted.ask import PublicRecord
from totenblatt.wanted.engine.actions import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    Move,
    MoveStep,
    Pass,
    Redraw,
    Reveal,
    Swap,
    TemptFate,
)
from totenblatt.wanted.engine.checks import holds_playable
from totenblatt.wanted.engine.events import Event, event_to_dict
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.state import GameState
from totenblatt.wanted.vocab import Ability

__all__ = ["RebuildError", "Rebuilt", "rebuild", "record_points"]

TRIES = 400
"""Exchanges tried to give the hands at a round's end the record's points."""
REDEALS = 40
"""Deals of the hidden cards tried for one action before the record is called unplayable."""


class RebuildError(MessageError):
    """The public record cannot be played again: what was missing, in words."""


@dataclass
class Rebuilt:
    """The twin game and, after every action, who took it and the public view then."""

    game: Game
    steps: list[tuple[int, PublicPoint]] = field(default_factory=list)
    """(actor, the point after the action) of every action, in order."""


def _public(events: Sequence[Event]) -> list[dict[str, Any]]:
    """The public events as a record holds them (JSON form, read back)."""
    out = [event_to_dict(e) for e in events if not e.PRIVATE]
    return list(json.loads(json.dumps(out, ensure_ascii=False)))


def _card(text: Any) -> Card | None:
    """The card an event names (None: none)."""
    return None if text is None else Card.parse(str(text))


def _candidates(game: Game, expected: Mapping[str, Any]) -> Iterator[Action]:
    """The actions that could have made the public event ``expected``, most likely first."""
    kind = expected["type"]
    card = _card(expected.get("card"))
    wild = bool(expected.get("wild", False))
    if kind in ("swap_declined", "bid_passed", "nothing_played"):
        yield Pass()
    elif kind == "bid_placed" and card is not None:
        yield Bid(card, wild)
    elif kind == "figures_moved" and card is not None:
        steps = tuple(
            MoveStep(
                m["figure"],
                tuple((float(p[0]), float(p[1])) for p in m["path"]),
                bool(m["hidden"]),
            )
            for m in expected["moves"]
        )
        yield Move(card, steps, wild)
    elif kind == "attack_declared" and card is not None:
        yield Attack(card, expected["attacker"], expected["target"], wild)
    elif kind == "defence_played":
        if card is None:
            yield Pass()
        else:
            covers = tuple(Ability(c) for c in expected.get("covers", ()))
            yield Defend(card, covers, _card(expected.get("extra")), wild)
    elif kind == "figure_revealed":
        yield Reveal(expected["figure"])
    elif kind == "conceded":
        yield Concede()
    legal = game.legal_actions()
    if kind == "hand_swapped":
        yield from (a for a in legal if isinstance(a, Swap))
    elif kind == "redraw_paid":
        yield from (a for a in legal if isinstance(a, Redraw) and a.payer == expected["payer"])
    elif kind == "fate_tempted":
        yield from (a for a in legal if isinstance(a, TemptFate))
    yield from (a for a in legal if not isinstance(a, Move))


def _played(action: Action) -> list[Card]:
    """The cards ``action`` plays from the hand (the ones the hand must hold)."""
    card = getattr(action, "card", None)
    if isinstance(action, (Swap, Redraw, TemptFate)) or card is None:
        return []
    extra = action.extra if isinstance(action, Defend) else None
    return [card] if extra is None else [card, extra]


def _holder(state: GameState, seat: int, action: Action) -> int:
    """The hand ``action`` plays from (per character: the figure's)."""
    hands = state.holders[seat]
    if len(hands) == 1:
        return hands[0]
    names = [state.figures[h].name for h in hands]
    figure = getattr(action, "figure", None)
    if isinstance(action, Attack):
        figure = action.attacker
    elif isinstance(action, Defend) and state.pending is not None:
        figure = state.pending.target
    elif isinstance(action, Move) and action.steps:
        figure = action.steps[0].figure
    return hands[names.index(figure)] if figure in names else hands[0]


Slot = tuple[list[Card], int]
"""A place of a card hidden from every seat's public view: a list and an index in it."""


def _hidden(state: GameState, skip: Sequence[Slot] = ()) -> list[Slot]:
    """Every place of a card nobody's view shows, but ``skip``."""
    out: list[Slot] = []
    for hand in state.hands:
        out += [(hand, i) for i in range(len(hand))]
    out += [(state.dead_hand, i) for i in range(len(state.dead_hand))]
    out += [(state.draw_pile, i) for i in range(len(state.draw_pile))]
    face_up = Counter(state.seen_public)
    for i, card in enumerate(state.discard_pile):
        if face_up[card] > 0:
            face_up[card] -= 1
        else:
            out.append((state.discard_pile, i))
    return [s for s in out if not any(s[0] is k[0] and s[1] == k[1] for k in skip)]


def _fetch(state: GameState, hand: int, cards: Sequence[Card], keep: set[Card]) -> bool:
    """Exchange hidden cards so that hand ``hand`` holds ``cards`` (giving back ones not in
    ``keep``, the hand's cards still to be played); False when a card is nowhere hidden."""
    own = state.hands[hand]
    for card in cards:
        if card in own:
            continue
        where = next(
            ((lst, i) for lst, i in _hidden(state) if lst is not own and lst[i] == card), None
        )
        if where is None:
            return False
        spare = [i for i, c in enumerate(own) if c not in cards and c not in keep]
        spare = spare or [i for i, c in enumerate(own) if c not in cards]
        if not spare:
            return False
        lst, i = where
        lst[i], own[spare[0]] = own[spare[0]], lst[i]
    return True


def _value(state: GameState, card: Card) -> int:
    """A card's points in hand at a round's end (A3.6)."""
    rules = state.ruleset
    return rules.round.joker_hand_points if card.is_joker else rules.card_value(card)


def _unplayable(state: GameState, seat: int, cards: Sequence[Card]) -> set[Card]:
    """The ``cards`` that would not let ``seat`` play on, held alone (the engine's D-8)."""
    hand = state.holders[seat][0]
    kept = state.hands[hand]
    out = set()
    for card in set(cards):
        state.hands[hand] = [card]
        if not holds_playable(state, seat):
            out.add(card)
    state.hands[hand] = kept
    return out


def _match_points(
    state: GameState, ended: Mapping[str, Any], fixed: Sequence[Card], rng: random.Random
) -> bool:
    """Deal the hidden cards anew so that every counted seat's hand (but ``fixed``, the
    cards the action plays) has the points of the round's end ``ended`` (and, when the
    round ended for want of them, no playable card); False when no deal was found."""
    points: Sequence[int | None] = ended["points"]
    pinned: list[Slot] = []
    for card in fixed:
        for hand in state.hands:
            if card in hand and not any(lst is hand and lst[i] == card for lst, i in pinned):
                pinned.append((hand, hand.index(card)))
                break
    slots = _hidden(state, pinned)
    owner = {id(state.hands[h]): s for s, hands in enumerate(state.holders) for h in hands}
    cards = [lst[i] for lst, i in slots]
    rng.shuffle(cards)
    counted = [owner.get(id(lst)) for lst, _ in slots]
    counted = [s if s is not None and points[s] is not None else None for s in counted]
    bare = {
        s: _unplayable(state, s, cards)
        for s in range(len(points))
        if points[s] is not None and ended.get("reason") == "no_playable_cards"
    }

    def fits(slot: int, card: Card) -> bool:
        """Whether ``card`` may lie in ``slot`` (a bare hand holds no playable card)."""
        seat = counted[slot]
        return seat not in bare or card in bare[seat]

    values = [_value(state, c) for c in cards]
    for _ in range(TRIES):
        total = [0] * len(points)
        for seat, value in zip(counted, values, strict=True):
            if seat is not None:
                total[seat] += value
        gap = [0 if p is None else total[s] - p for s, p in enumerate(points)]
        misfit = [i for i, c in enumerate(cards) if not fits(i, c)]
        if not any(gap) and not misfit:
            for (lst, i), card in zip(slots, cards, strict=True):
                lst[i] = card
            return True
        best = (sum(abs(g) for g in gap) + 100 * len(misfit), -1, -1)
        for a in misfit or [i for i, s in enumerate(counted) if s is not None and gap[s]]:
            for b in range(len(cards)):
                if counted[b] == counted[a] or not fits(a, cards[b]) or not fits(b, cards[a]):
                    continue
                after = gap.copy()
                delta = values[b] - values[a]
                for seat, sign in ((counted[a], 1), (counted[b], -1)):
                    if seat is not None:
                        after[seat] += sign * delta
                cost = sum(abs(g) for g in after) + 100 * (len(misfit) - (a in misfit))
                if cost < best[0]:
                    best = (cost, a, b)
        _, a, b = best
        if a < 0:
            a, b = rng.randrange(len(cards)), rng.randrange(len(cards))
        cards[a], cards[b] = cards[b], cards[a]
        values[a], values[b] = values[b], values[a]
    return False


OPENING = frozenset(
    {
        "swap_declined",
        "hand_swapped",
        "bid_passed",
        "bid_placed",
        "figures_moved",
        "nothing_played",
        "attack_declared",
        "defence_played",
        "redraw_paid",
        "figure_revealed",
        "fate_tempted",
        "conceded",
    }
)
"""The public events an action's events can begin with (a choice of its seat)."""


def _opens(expected: Sequence[Mapping[str, Any]], at: int) -> bool:
    """Whether the record's event ``at`` can be the first of an action (or the record ends)."""
    return at >= len(expected) or expected[at]["type"] in OPENING


def _still_to_play(expected: Sequence[Mapping[str, Any]], at: int, seat: int) -> set[Card]:
    """The cards ``seat`` plays from event ``at`` to the end of the round."""
    out: set[Card] = set()
    for event in expected[at:]:
        if event["type"] == "round_ended":
            break
        if event.get("seat") == seat:
            for key in ("card", "extra"):
                card = _card(event.get(key))
                if card is not None:
                    out.add(card)
    return out


def _refused(problem: Message, at: int, expected: Sequence[Mapping[str, Any]]) -> RebuildError:
    """The error of a record that cannot be played again at its event ``at``."""
    event = expected[at]["type"] if at < len(expected) else "end"
    return RebuildError(
        f"the public replay cannot be played again at event {at} ({event}): {problem.english()}",
        message=Message(
            "the public replay cannot be played again at its event {at} ({event}): {problem}",
            at=at,
            event=event,
            problem=problem,
        ),
    )


def _step(
    game: Game, expected: Sequence[Mapping[str, Any]], at: int, rng: random.Random
) -> tuple[Game, int]:
    """The twin after the action that made the record's events from ``at`` on, and where
    the record goes on; :class:`RebuildError` when no action makes them.

    An action whose first public event is the record's but whose consequences are not (a
    round that ends for want of playable cards, or with other points) is tried again on
    the hidden cards dealt anew (``_redeal``), at most :data:`REDEALS` times."""
    seat = game.to_act
    assert seat is not None
    first = expected[at]
    tried: set[str] = set()
    for action in _candidates(game, first):
        key = repr(action)
        if key in tried:
            continue
        tried.add(key)
        twin = _arranged(game, seat, action, expected, at)
        for _ in range(REDEALS if twin is not None else 0):
            assert twin is not None
            trial = twin.clone()
            if trial.refusal(action) is not None:
                break
            made = _public(trial.apply(action))
            end = at + len(made)
            if made == list(expected[at:end]) and _opens(expected, end):
                return trial, end
            if not made or made[0] != first:
                break
            state = twin.state.clone()
            if not _redeal(state, seat, action, made, expected, at, rng):
                break
            twin = Game(game.setup, state, list(game.actions))
    raise _refused(Message("no action of the seat to act makes it"), at, expected)


def _redeal(
    state: GameState,
    seat: int,
    action: Action,
    made: Sequence[Mapping[str, Any]],
    expected: Sequence[Mapping[str, Any]],
    at: int,
    rng: random.Random,
) -> bool:
    """Deal the hidden cards of ``state`` anew, ``action``'s cards kept in its hand: at the
    end of a round to the round's points, else every seat's cards still to be played this
    round in its hand; False when that cannot be done."""
    played = _played(action)
    same = next(
        (k for k, e in enumerate(made) if at + k >= len(expected) or expected[at + k] != e),
        len(made),
    )
    last = next(
        (k for k in range(at + max(same, 1), len(expected)) if _opens(expected, k)), len(expected)
    )
    window = expected[at:last]
    ended = next((e for e in window if e["type"] == "round_ended"), None)
    if ended is not None:
        return _match_points(state, ended, played, rng)
    hand = _holder(state, seat, action)
    pinned = [(state.hands[hand], state.hands[hand].index(c)) for c in played]
    slots = _hidden(state, pinned)
    cards = [lst[i] for lst, i in slots]
    rng.shuffle(cards)
    for (lst, i), card in zip(slots, cards, strict=True):
        lst[i] = card
    order = [seat] + [s for s in range(state.seats) if s != seat]
    for s in order:
        later = (
            _still_to_play(expected, at + 1, s) if s == seat else _still_to_play(expected, at, s)
        )
        if s == seat:
            later |= set(played)
        for h in state.holders[s][:1]:
            want = [c for c in later if c not in state.hands[h]][: len(state.hands[h])]
            _fetch(state, h, want, later)
    return True


def _arranged(
    game: Game, seat: int, action: Action, expected: Sequence[Mapping[str, Any]], at: int
) -> Game | None:
    """``game`` with its hidden cards exchanged so that ``action``'s cards are in the hand
    it plays from; None when they cannot be."""
    cards = _played(action)
    if not cards:
        return game
    state = game.state.clone()
    hand = _holder(state, seat, action)
    if all(c in state.hands[hand] for c in cards):
        return game
    if not _fetch(state, hand, cards, _still_to_play(expected, at + 1, seat)):
        return None
    return Game(game.setup, state, list(game.actions))


def rebuild(record: PublicRecord, seed: int = 0) -> Rebuilt:
    """The game of ``record`` played again from its public events (see the module
    docstring); :class:`RebuildError` names the event where that fails."""
    expected = [dict(e) for e in record.events]
    starts = [e for e in expected if e["type"] == "round_started"]
    if not starts:
        raise _refused(Message("the record has no round"), 0, expected)
    game = new_game(record.scenario, record.ruleset, seed, dealer=int(starts[0]["dealer"]))
    rng = random.Random(seed)
    at = len(_public(game.events))
    if _public(game.events) != expected[:at]:
        raise _refused(Message("the game does not begin as the record does"), 0, expected)
    if [dict(f) for f in game.view(None)["figures"]] != [dict(f) for f in record.figures]:
        raise _refused(Message("the figures were dealt otherwise"), 0, expected)
    out = Rebuilt(game)
    while not game.is_over:
        if at >= len(expected):
            raise _refused(Message("the record ends before the game"), at, expected)
        index, actor, round_ = len(game.actions), game.to_act, game.round
        assert actor is not None
        game, at = _step(game, expected, at, rng)
        out.steps.append((actor, _point(game, index, round_)))
    if at != len(expected):
        raise _refused(Message("the game ends before the record"), at, expected)
    out.game = game
    return out


def _point(game: Game, index: int, round_: int) -> PublicPoint:
    """The point after action ``index``: the public view, or the result at the end."""
    if game.is_over:
        return PublicPoint(index, round_, None, result_of(game))
    return PublicPoint(index, round_, game.view(None), None)


def record_points(record: PublicRecord, seat: int, seed: int = 0) -> list[PublicPoint]:
    """The points of a spectator's analysis of ``seat`` from ``record`` alone: after every
    decision of the seat, the public view then (or the result, when the game ended there)."""
    if not 0 <= seat < record.seats:
        raise ValueError(f"seat {seat} is not a seat of this game (0 to {record.seats - 1})")
    return [point for actor, point in rebuild(record, seed).steps if actor == seat]
