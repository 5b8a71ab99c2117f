"""The kinds of action on the table: defend, attack, move and reveal — each its rule
check, its effect and what the engine offers.

See :mod:`kinds` for how a :class:`~totenblatt.wanted.engine.kind.Kind` is used.
"""

from collections import Counter
from collections.abc import Iterator
from typing import Any

from totenblatt.cards import Card, Suit
from totenblatt.messages import Message
from totenblatt.wanted.engine.abilities import cover_options, has, unused_covers
from totenblatt.wanted.engine.actions import (
    Attack,
    Defend,
    IllegalActionError,
    Move,
    Reveal,
)
from totenblatt.wanted.engine.checks import (
    attack_pairs,
    attack_problem,
    distinct,
    figure_named,
    figure_wild,
    hand_for,
    hand_wild,
    hands_of,
    playable,
    require_card,
    require_figure_card,
    require_phase,
    seat_wild,
    ways,
)
from totenblatt.wanted.engine.clubs import check_club, club_inches, move_bonus, offered_moves
from totenblatt.wanted.engine.events import DefensePlayed, FigureMove, FigureRevealed, FiguresMoved
from totenblatt.wanted.engine.flow import declare_attack, end_cycle, play_cards, resolve
from totenblatt.wanted.engine.kind import Costs, Kind
from totenblatt.wanted.engine.moves import Situation
from totenblatt.wanted.engine.state import Figure, GameState, Phase
from totenblatt.wanted.vocab import Ability

__all__ = ["FIGHT_KINDS"]

_CLUBS, _SPADES, _HEARTS, _DIAMONDS = Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS

FIGHT_KINDS: list[Kind[Any]] = []
"""This module's kinds (:mod:`kinds` puts every kind in its listing order)."""


# -- Defend (A9, B1 Cover and Queen of Hearts, D-26) ----------------------------------------


def _check_defend(state: GameState, seat: int, action: Defend) -> Costs:
    require_phase(state, Phase.DEFEND)
    assert state.pending is not None
    target = state.by_name[state.pending.target]
    holder = require_figure_card(
        state, seat, target, action.card, _HEARTS, "in defence", action.wild
    )
    _check_defense_extras(state, holder, target, action)
    return ()


def _check_defense_extras(state: GameState, holder: int, target: Figure, action: Defend) -> None:
    """B1 Cover (once per fight each) and Queen of Hearts (D-26) on this heart."""
    if not action.covers and action.extra is None:
        return
    if action.card.is_joker or action.wild:
        raise IllegalActionError(
            Message("a joker blocks every attack: it takes no Cover or extra card")
        )
    missing = Counter(action.covers) - unused_covers(target, state.ruleset)
    if missing:
        raise IllegalActionError(
            Message(
                "{figure} has no unused {abilities} this fight (Cover: once per fight each)",
                figure=target.name,
                abilities=list(missing.elements()),
            )
        )
    if action.extra is not None:
        if not has(target, Ability.QUEEN_OF_HEARTS):
            raise IllegalActionError(
                Message("{figure} has no Queen of Hearts to add a card", figure=target.name)
            )
        if action.extra.is_joker:
            raise IllegalActionError(
                Message("a joker is no extra card (D-26): play it as the heart")
            )
        if Counter((action.card, action.extra)) - Counter(state.hands[holder]):
            raise IllegalActionError(
                Message("{card} is not a second card of the hand", card=action.extra)
            )


def _perform_defend(state: GameState, seat: int, action: Defend, costs: Costs) -> None:
    assert state.pending is not None
    target = state.by_name[state.pending.target]
    extra = () if action.extra is None else (action.extra,)
    play_cards(state, state.holder(seat, target.name), action.card, *extra)
    target.spent += action.covers
    covers = tuple(a.value for a in action.covers)
    state.events.append(DefensePlayed(seat, action.card, covers, action.extra, action.wild))
    resolve(state, state.pending, action)


def _defenses(state: GameState, seat: int) -> list[Defend]:
    assert state.pending is not None
    target = state.by_name[state.pending.target]
    hand = state.hands[state.holder(seat, target.name)]
    covers = cover_options(target, state.ruleset)
    queen = has(target, Ability.QUEEN_OF_HEARTS)
    out: list[Defend] = []
    for card in distinct(hand):
        for wild in ways(card, _HEARTS, figure_wild(target)):
            if wild or card.is_joker:
                out.append(Defend(card, wild=wild))
                continue
            extras: list[Card | None] = [None]
            if queen:
                extras += [
                    e
                    for e in distinct(hand)
                    if not e.is_joker and (e != card or hand.count(card) > 1)
                ]
            out.extend(Defend(card, cover, extra) for cover in covers for extra in extras)
    return out


def _may_defend(state: GameState, seat: int) -> bool:
    assert state.pending is not None
    target = state.by_name[state.pending.target]
    hand = state.hands[state.holder(seat, target.name)]
    wild_ok = figure_wild(target)
    return any(playable(c, _HEARTS, wild_ok) for c in hand)


FIGHT_KINDS.append(
    Kind(Defend, _check_defend, _perform_defend, _defenses, _may_defend, frozenset({Phase.DEFEND}))
)


# -- Attack (A8, A7, D-12, D-14, D-15) --------------------------------------------------------


def _check_attack(state: GameState, seat: int, action: Attack) -> Costs:
    require_phase(state, Phase.ACTION)
    attacker = figure_named(state, action.attacker)
    if attacker.seat != seat:
        raise IllegalActionError(
            Message("{figure} is not one of your figures", figure=action.attacker)
        )
    require_figure_card(state, seat, attacker, action.card, _SPADES, "to attack", action.wild)
    problem = attack_problem(state, attacker, figure_named(state, action.target))
    if problem:
        raise IllegalActionError(problem)
    return ()


def _perform_attack(state: GameState, seat: int, action: Attack, costs: Costs) -> None:
    play_cards(state, state.holder(seat, action.attacker), action.card)
    state.cycle_played = True
    declare_attack(state, seat, action)


def _attacks(state: GameState, seat: int) -> Iterator[Attack]:
    shooters = {}
    for holder, fig in hands_of(state, seat):
        wild_ok = hand_wild(state, seat, fig)
        cards = [
            (c, wild) for c in distinct(state.hands[holder]) for wild in ways(c, _SPADES, wild_ok)
        ]
        if cards:
            shooters[holder] = cards
    if not shooters:
        return
    pairs = attack_pairs(state, seat)
    if not state.per_character:
        for card, wild in shooters[seat]:
            yield from (
                Attack(card, a.name, t.name, wild) for a, t in pairs if not wild or figure_wild(a)
            )
        return
    for a, t in pairs:
        for card, wild in shooters.get(state.index[a.name], ()):
            yield Attack(card, a.name, t.name, wild)


FIGHT_KINDS.append(
    Kind(
        Attack,
        _check_attack,
        _perform_attack,
        _attacks,
        lambda state, seat: next(_attacks(state, seat), None) is not None,
        frozenset({Phase.ACTION}),
        dear=True,
    )
)


# -- Move (A6, D-11, D-13; B1 Light-Footed, Wild 2; D-5) --------------------------------------


def _check_move(state: GameState, seat: int, action: Move) -> Costs:
    require_phase(state, Phase.ACTION)
    if state.per_character:
        name = action.figure or (action.steps[0].figure if action.steps else None)
        holder = hand_for(state, seat, name, "a club")
        if any(s.figure != name for s in action.steps):
            raise IllegalActionError(
                Message("a club from {figure}'s hand moves only {figure} (D-5)", figure=name)
            )
        wild_ok = figure_wild(state.figures[holder])
    else:
        holder = hand_for(state, seat, action.figure, "a club")
        wild_ok = seat_wild(state, seat)
    require_card(state, seat, holder, action.card, _CLUBS, "for movement", action.wild, wild_ok)
    return check_club(state, seat, action)


def _perform_move(state: GameState, seat: int, action: Move, costs: Costs) -> None:
    mover = action.figure or (action.steps[0].figure if action.steps else None)
    play_cards(state, state.holder(seat, mover), action.card)
    moves = []
    for step, cost in zip(action.steps, costs, strict=True):
        fig = state.by_name[step.figure]
        path = tuple((float(x), float(y)) for x, y in step.path)
        fig.pos = path[-1]
        fig.hidden = step.hide  # D-13: moving ends hiding unless declared again
        moves.append(FigureMove(step.figure, path, cost, step.hide))
    state.cycle_played = True
    inches = club_inches(state, action.card, action.wild)
    bonus = move_bonus(state, action)
    state.events.append(FiguresMoved(seat, action.card, inches, tuple(moves), action.wild, bonus))
    end_cycle(state)


def _moves(state: GameState, seat: int) -> list[Move]:
    out: list[Move] = []
    situation: Situation | None = None
    for holder, fig in hands_of(state, seat):
        wild_ok = hand_wild(state, seat, fig)
        for card in distinct(state.hands[holder]):
            for wild in ways(card, _CLUBS, wild_ok):
                if situation is None:
                    situation = Situation.of(state, seat)
                out.extend(
                    offered_moves(state, seat, card, wild=wild, figure=fig, situation=situation)
                )
    return out


def _may_move(state: GameState, seat: int) -> bool:
    """A club (or joker, or wild 2) to play: the seat decides even if no move is offered."""
    for holder, fig in hands_of(state, seat):
        wild_ok = hand_wild(state, seat, fig)
        if any(playable(c, _CLUBS, wild_ok) for c in state.hands[holder]):
            return True
    return False


FIGHT_KINDS.append(
    Kind(Move, _check_move, _perform_move, _moves, _may_move, frozenset({Phase.ACTION}))
)


# -- Reveal (D-13) --------------------------------------------------------------------------


def _check_reveal(state: GameState, seat: int, action: Reveal) -> Costs:
    fig = figure_named(state, action.figure)
    if fig.seat != seat or fig.out or not fig.hidden:
        raise IllegalActionError(
            Message("{figure} is not one of your hidden figures", figure=action.figure)
        )
    return ()


def _perform_reveal(state: GameState, seat: int, action: Reveal, costs: Costs) -> None:
    state.by_name[action.figure].hidden = False
    state.events.append(FigureRevealed(seat, action.figure))


def _reveals(state: GameState, seat: int) -> list[Reveal]:
    return [Reveal(f.name) for f in state.living(seat) if f.hidden]


FIGHT_KINDS.append(
    Kind(
        Reveal,
        _check_reveal,
        _perform_reveal,
        _reveals,
        lambda state, seat: any(f.hidden for f in state.living(seat)),
    )
)
