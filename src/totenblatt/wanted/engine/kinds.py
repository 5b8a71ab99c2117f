"""Each kind of action in one place: its rule check, its effect, and what the engine offers.

A :class:`Kind` holds, for one action class of :mod:`actions` (whose JSON form
follows from its fields), the four things the engine does with it:

* ``check`` — the rule: raise :class:`IllegalActionError` why it is illegal, else
  return the costs the effect needs (a move's step costs);
* ``perform`` — the effect of a checked action, through the round's transitions
  in :mod:`flow` (every change appends its events);
* ``offers`` — the legal actions of this kind that :func:`legal_actions` lists;
* ``available`` — whether the seat could take this kind now at all (``has_choice``:
  the engine passes for a seat that has nothing but Pass and Concede);
* ``phases`` — the decisions in which it may be offered (the others never ask it).

The same predicates (:mod:`checks`) serve ``check`` and ``offers``, so a rule
lives in one place; :func:`check`, :func:`perform`, :func:`legal_actions` and
:func:`has_choice` only look the kind up. A new kind of action is a frozen
dataclass in :mod:`actions` and one :class:`Kind` here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from totenblatt.cards import Card, Rank, Suit
from totenblatt.messages import Message
from totenblatt.wanted.engine.abilities import (
    COVER_BONUS,
    bid_bonus,
    cover_options,
    has,
    keep,
    tempt_fate,
    tempters,
)
from totenblatt.wanted.engine.actions import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    IllegalActionError,
    Keep,
    Move,
    Pass,
    Redraw,
    Reveal,
    Swap,
    TemptFate,
)
from totenblatt.wanted.engine.checks import (
    attack_pairs,
    attack_problem,
    bid_value,
    can_redraw,
    can_swap,
    distinct,
    figure_named,
    figure_wild,
    hand_for,
    hand_wild,
    hands_of,
    playable,
    require_card,
    require_phase,
    seat_wild,
    ways,
)
from totenblatt.wanted.engine.clubs import check_club, club_inches, move_bonus, offered_moves
from totenblatt.wanted.engine.events import (
    BidPassed,
    BidPlaced,
    CardRedrawn,
    Conceded,
    DefensePlayed,
    FigureMove,
    FigureRevealed,
    FiguresMoved,
    NothingPlayed,
    RedrawPaid,
    SwapDeclined,
)
from totenblatt.wanted.engine.flow import (
    begin_cycle,
    check_victory,
    declare_attack,
    end_cycle,
    leave,
    next_bidder,
    next_swapper,
    play_cards,
    resolve,
    take_out,
)
from totenblatt.wanted.engine.heroes import perform_swap, swap_options, swap_problem
from totenblatt.wanted.engine.state import Figure, GameState, Phase, plays_as
from totenblatt.wanted.vocab import Ability

__all__ = ["KINDS", "Costs", "Kind", "check", "has_choice", "legal_actions", "perform", "settle"]

Costs = tuple[float, ...]
"""What a check hands to the effect: the step costs of a move, else empty."""

A = TypeVar("A", bound=Action)

_CLUBS, _SPADES, _HEARTS, _DIAMONDS = Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS


_DECISIONS = frozenset({Phase.SWAP, Phase.BID, Phase.ACTION, Phase.DEFEND})
"""Every decision but the keep of Tempt Fate (B1): no other action is legal then."""


def _never(state: GameState, seat: int) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Kind(Generic[A]):
    """One kind of action: its check, its effect, its offered actions, whether it is open."""

    action: type[A]
    check: Callable[[GameState, int, A], Costs]
    perform: Callable[[GameState, int, A, Costs], None]
    offers: Callable[[GameState, int], Iterable[A]]
    available: Callable[[GameState, int], bool] = _never
    """True when the seat may want this kind now (Pass and Concede: never a choice)."""
    phases: frozenset[Phase] = _DECISIONS
    """The decisions in which ``offers`` and ``available`` are asked."""
    during_fate: bool = False
    """Legal while a Tempt Fate waits for its keep (B1)."""
    dear: bool = False
    """``available`` enumerates actions: :func:`has_choice` asks it after the cheap ones."""


KINDS: dict[type[Action], Kind[Any]] = {}
"""Every kind by its action class, in the order :func:`legal_actions` lists them."""


def _register(kind: Kind[Any]) -> None:
    KINDS[kind.action] = kind


# -- Keep (B1 Tempt Fate, second step) ------------------------------------------------------


def _check_keep(state: GameState, seat: int, action: Keep) -> Costs:
    require_phase(state, Phase.FATE)
    assert state.fate is not None
    if action.card not in state.fate.drawn:
        drawn = " or ".join(str(c) for c in state.fate.drawn)
        raise IllegalActionError(
            f"keep {drawn}, one of the two cards drawn",
            message=Message("keep {cards}, one of the two cards drawn", cards=drawn),
        )
    return ()


def _keeps(state: GameState, seat: int) -> list[Keep]:
    assert state.fate is not None
    return [Keep(c) for c in distinct(state.fate.drawn)]


_register(
    Kind(
        Keep,
        check=_check_keep,
        perform=lambda state, seat, action, costs: keep(state, seat, action.card),
        offers=_keeps,
        available=lambda state, seat: True,
        phases=frozenset({Phase.FATE}),
        during_fate=True,
    )
)


# -- Pass: keep the hand, bid nothing, play nothing, no heart --------------------------------


def _pass(state: GameState, seat: int, action: Pass, costs: Costs = ()) -> None:
    phase = state.phase
    if phase is Phase.SWAP:
        state.events.append(SwapDeclined(seat))
        state.swap_order.pop(0)
        next_swapper(state)
    elif phase is Phase.BID:
        state.events.append(BidPassed(seat))
        state.bid_order.pop(0)
        next_bidder(state)
    elif phase is Phase.ACTION:
        state.events.append(NothingPlayed(seat))
        end_cycle(state)
    elif phase is Phase.DEFEND:
        state.events.append(DefensePlayed(seat, None))
        assert state.pending is not None
        resolve(state, state.pending, None)


_register(
    Kind(
        Pass,
        check=lambda state, seat, action: (),
        perform=_pass,
        offers=lambda state, seat: (Pass(),),
    )
)


# -- Swap (A3.3, D-6, D-27) ----------------------------------------------------------------


def _check_swap(state: GameState, seat: int, action: Swap) -> Costs:
    require_phase(state, Phase.SWAP)
    if not can_swap(state, seat):
        raise IllegalActionError(
            "the dead man's hand is not available to swap",
            message=Message("the dead man's hand is not available to swap"),
        )
    problem = swap_problem(state, seat, action)
    if problem:
        raise IllegalActionError(problem)
    return ()


def _perform_swap(state: GameState, seat: int, action: Swap, costs: Costs) -> None:
    perform_swap(state, seat, action)
    state.swap_order = []
    begin_cycle(state)


_register(
    Kind(
        Swap,
        check=_check_swap,
        perform=_perform_swap,
        offers=lambda state, seat: swap_options(state, seat) if can_swap(state, seat) else (),
        available=lambda state, seat: True,
        phases=frozenset({Phase.SWAP}),
    )
)


# -- Bid (A4, D-10, D-23, D-36) --------------------------------------------------------------


def _check_bid(state: GameState, seat: int, action: Bid) -> Costs:
    require_phase(state, Phase.BID)
    holder = hand_for(state, seat, action.figure, "a bid")
    wild_ok = seat_wild(state, seat)
    require_card(state, seat, holder, action.card, _DIAMONDS, "as a bid", action.wild, wild_ok)
    return ()


def _perform_bid(state: GameState, seat: int, action: Bid, costs: Costs) -> None:
    play_cards(state, state.holder(seat, action.figure), action.card)
    value = bid_value(state, seat, action.card, action.wild)
    state.bids.append((seat, action.card, value))
    state.cycle_played = True
    bonus = 0 if action.wild or action.card.is_joker else bid_bonus(state, seat)
    state.events.append(BidPlaced(seat, action.card, action.wild, bonus))
    state.bid_order.pop(0)
    next_bidder(state)


def _bids(state: GameState, seat: int) -> list[Bid]:
    wild_ok = seat_wild(state, seat)
    out: list[Bid] = []
    for holder, fig in hands_of(state, seat):
        name = None if fig is None else fig.name
        for card in distinct(state.hands[holder]):
            if plays_as(card, _DIAMONDS):
                out.append(Bid(card, False, name))
            if wild_ok and card.rank is Rank.TWO:
                out.append(Bid(card, True, name))
    return out


def _may_bid(state: GameState, seat: int) -> bool:
    wild_ok = seat_wild(state, seat)
    return any(playable(c, _DIAMONDS, wild_ok) for c in state.seat_cards(seat))


_register(Kind(Bid, _check_bid, _perform_bid, _bids, _may_bid, frozenset({Phase.BID})))


# -- Defend (A9, B1 Cover and Queen of Hearts, D-26) ----------------------------------------


def _check_defend(state: GameState, seat: int, action: Defend) -> Costs:
    require_phase(state, Phase.DEFEND)
    assert state.pending is not None
    target = state.by_name[state.pending.target]
    holder = state.holder(seat, target.name)
    wild_ok = figure_wild(target)
    require_card(
        state,
        seat,
        holder,
        action.card,
        _HEARTS,
        "in defence",
        action.wild,
        wild_ok,
        figure=target.name,
    )
    _check_defense_extras(state, holder, target, action)
    return ()


def _check_defense_extras(state: GameState, holder: int, target: Figure, action: Defend) -> None:
    """B1 Cover (once per fight each) and Queen of Hearts (D-26) on this heart."""
    if not action.covers and action.extra is None:
        return
    if action.card.is_joker or action.wild:
        raise IllegalActionError(
            "a joker blocks every attack: it takes no Cover or extra card",
            message=Message("a joker blocks every attack: it takes no Cover or extra card"),
        )
    unused = Counter(a for a in target.abilities if a in COVER_BONUS)
    unused.subtract(target.spent)
    missing = Counter(action.covers) - +unused
    if missing:
        names = ", ".join(a.value for a in missing.elements())
        raise IllegalActionError(
            f"{target.name!r} has no unused {names} this fight (Cover: once per fight each)",
            message=Message(
                "{figure} has no unused {abilities} this fight (Cover: once per fight each)",
                figure=target.name,
                abilities=list(missing.elements()),
            ),
        )
    if action.extra is not None:
        if not has(target, Ability.QUEEN_OF_HEARTS):
            raise IllegalActionError(
                f"{target.name!r} has no Queen of Hearts to add a card",
                message=Message(
                    "{figure} has no Queen of Hearts to add a card", figure=target.name
                ),
            )
        if action.extra.is_joker:
            raise IllegalActionError(
                "a joker is no extra card (D-26): play it as the heart",
                message=Message("a joker is no extra card (D-26): play it as the heart"),
            )
        if Counter((action.card, action.extra)) - Counter(state.hands[holder]):
            raise IllegalActionError(
                f"{str(action.extra)!r} is not a second card of the hand",
                message=Message("{card} is not a second card of the hand", card=action.extra),
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
    covers = cover_options(target)
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


_register(
    Kind(Defend, _check_defend, _perform_defend, _defenses, _may_defend, frozenset({Phase.DEFEND}))
)


# -- Attack (A8, A7, D-12, D-14, D-15) --------------------------------------------------------


def _check_attack(state: GameState, seat: int, action: Attack) -> Costs:
    require_phase(state, Phase.ACTION)
    attacker = figure_named(state, action.attacker)
    if attacker.seat != seat:
        raise IllegalActionError(
            f"{action.attacker!r} is not a figure of seat {seat}",
            message=Message("{figure} is not one of your figures", figure=action.attacker),
        )
    holder = state.holder(seat, attacker.name)
    wild_ok = figure_wild(attacker)
    require_card(
        state,
        seat,
        holder,
        action.card,
        _SPADES,
        "to attack",
        action.wild,
        wild_ok,
        figure=attacker.name,
    )
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


_register(
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
                f"per character (D-5) a club from {name!r}'s hand moves only {name!r}",
                message=Message(
                    "a club from {figure}'s hand moves only {figure} (D-5)", figure=name
                ),
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
    for holder, fig in hands_of(state, seat):
        wild_ok = hand_wild(state, seat, fig)
        for card in distinct(state.hands[holder]):
            for wild in ways(card, _CLUBS, wild_ok):
                out.extend(offered_moves(state, seat, card, wild=wild, figure=fig))
    return out


def _may_move(state: GameState, seat: int) -> bool:
    """A club (or joker, or wild 2) to play: the seat decides even if no move is offered."""
    for holder, fig in hands_of(state, seat):
        wild_ok = hand_wild(state, seat, fig)
        if any(playable(c, _CLUBS, wild_ok) for c in state.hands[holder]):
            return True
    return False


_register(Kind(Move, _check_move, _perform_move, _moves, _may_move, frozenset({Phase.ACTION})))


# -- Reveal (D-13) --------------------------------------------------------------------------


def _check_reveal(state: GameState, seat: int, action: Reveal) -> Costs:
    fig = figure_named(state, action.figure)
    if fig.seat != seat or fig.out or not fig.hidden:
        raise IllegalActionError(
            f"{action.figure!r} is not a hidden figure of seat {seat}",
            message=Message("{figure} is not one of your hidden figures", figure=action.figure),
        )
    return ()


def _perform_reveal(state: GameState, seat: int, action: Reveal, costs: Costs) -> None:
    state.by_name[action.figure].hidden = False
    state.events.append(FigureRevealed(seat, action.figure))


def _reveals(state: GameState, seat: int) -> list[Reveal]:
    return [Reveal(f.name) for f in state.living(seat) if f.hidden]


_register(
    Kind(
        Reveal,
        _check_reveal,
        _perform_reveal,
        _reveals,
        lambda state, seat: any(f.hidden for f in state.living(seat)),
    )
)


# -- Redraw (A3.4, D-7) ---------------------------------------------------------------------


def _check_redraw(state: GameState, seat: int, action: Redraw) -> Costs:
    if not can_redraw(state, seat):
        raise IllegalActionError(
            f"seat {seat} cannot redraw now (once per round, D-7)",
            message=Message("you cannot redraw now (once per round, D-7)"),
        )
    owner = action.figure if action.figure is not None else action.payer
    if action.figure is not None and not state.per_character:
        raise IllegalActionError(
            f"a redraw names the hand's figure only per character, got figure={owner!r}",
            message=Message("only per character does a card belong to a figure's hand"),
        )
    found = state.by_name.get(owner)
    holder: int | None = seat
    if state.per_character:
        holder = state.holder(seat, owner) if found is not None and found.seat == seat else None
    if holder is None or action.card not in state.hands[holder]:
        where = f"the hand of seat {seat}" if holder == seat else f"{owner!r}'s hand"
        raise IllegalActionError(
            f"{str(action.card)!r} is not in {where}",
            message=Message("{card} is not in your hand", card=action.card)
            if holder == seat
            else Message("{card} is not in {figure}'s hand", card=action.card, figure=owner),
        )
    payer = figure_named(state, action.payer)
    cost = state.ruleset.round.redraw_cost
    if payer.seat != seat or payer.out or payer.hp < cost:
        raise IllegalActionError(
            f"{action.payer!r} cannot pay {cost} HP: needs a figure of seat {seat} "
            f"in the game with at least {cost} HP",
            message=Message(
                "{figure} cannot pay {cost} HP: it takes one of your figures in the game with at "
                "least {cost} HP",
                figure=action.payer,
                cost=cost,
            ),
        )
    return ()


def _perform_redraw(state: GameState, seat: int, action: Redraw, costs: Costs) -> None:
    """Per character the card comes from (and goes to) ``figure``'s hand (D-7: any payer)."""
    payer = state.by_name[action.payer]
    cost = state.ruleset.round.redraw_cost
    payer.hp -= cost
    state.redraws_used[seat] += 1
    state.events.append(RedrawPaid(seat, payer.name, cost, payer.hp))
    drawn = state.draw(1)[0]
    owner = action.figure if action.figure is not None else payer.name
    hand = state.hands[state.holder(seat, owner)]
    hand.remove(action.card)
    state.discard((action.card,), face_up=False, seat=seat)
    hand.append(drawn)
    state.events.append(CardRedrawn(seat, action.card, drawn))


def _redraws(state: GameState, seat: int) -> list[Redraw]:
    if not can_redraw(state, seat):
        return []
    cost = state.ruleset.round.redraw_cost
    payers = [f.name for f in state.living(seat) if f.hp >= cost]
    if state.per_character:  # D-7: any payer of the seat, whichever figure holds the card
        return [
            Redraw(c, p, None if p == f else f)
            for f in [x.name for x in state.living(seat)]
            for c in distinct(state.hands[state.index[f]])
            for p in payers
        ]
    return [Redraw(c, p) for c in distinct(state.hands[seat]) for p in payers]


_register(Kind(Redraw, _check_redraw, _perform_redraw, _redraws, can_redraw))


# -- TemptFate (B1, first step) ---------------------------------------------------------------


def _check_tempt_fate(state: GameState, seat: int, action: TemptFate) -> Costs:
    fig = figure_named(state, action.figure)
    if fig.seat != seat or fig not in tempters(state, seat):
        raise IllegalActionError(
            f"{action.figure!r} cannot tempt fate now: needs a figure of seat {seat} in "
            "the game with Tempt Fate unused this fight (B1) and two cards to draw",
            message=Message(
                "{figure} cannot tempt fate now: it takes one of your figures in the game with "
                "Tempt Fate unused this fight (B1) and two cards to draw",
                figure=action.figure,
            ),
        )
    holder = state.holder(seat, fig.name)
    if action.card not in state.hands[holder]:
        raise IllegalActionError(
            f"{str(action.card)!r} is not in the hand",
            message=Message("{card} is not in {figure}'s hand", card=action.card, figure=fig.name),
        )
    return ()


def _temptations(state: GameState, seat: int) -> list[TemptFate]:
    out: list[TemptFate] = []
    for fig in tempters(state, seat):
        hand = state.hands[state.holder(seat, fig.name)]
        out.extend(TemptFate(c, fig.name) for c in distinct(hand))
    return out


_register(
    Kind(
        TemptFate,
        _check_tempt_fate,
        lambda state, seat, action, costs: tempt_fate(state, seat, action.card, action.figure),
        _temptations,
        lambda state, seat: bool(tempters(state, seat)),
    )
)


# -- Concede (A13) ------------------------------------------------------------------------------


def _concede(state: GameState, seat: int, action: Concede, costs: Costs) -> None:
    """The seat's figures leave (no killer); the decision at hand passes on."""
    if state.fate is not None:  # the two cards drawn go with the rest of the hand
        state.phase, state.fate = state.fate.resume, None
    phase = state.phase
    state.events.append(Conceded(seat))
    state.conceded[seat] = True
    for fig in state.living(seat):
        take_out(state, fig, None)
    leave(state, seat, "conceded")
    if check_victory(state, "concession") or state.to_act != seat:
        return
    if phase is Phase.SWAP:
        state.swap_order.pop(0)
        next_swapper(state)
    elif phase is Phase.BID:
        state.bid_order.pop(0)
        next_bidder(state)
    else:
        state.pending = None
        end_cycle(state)


_register(
    Kind(
        Concede,
        check=lambda state, seat, action: (),
        perform=_concede,
        offers=lambda state, seat: (Concede(),),
        phases=frozenset(Phase) - {Phase.OVER},
        during_fate=True,
    )
)

_OFFERED = {phase: [kind for kind in KINDS.values() if phase in kind.phases] for phase in Phase}
"""Per decision, the kinds that may be offered, in the order they are listed."""
_ASKED = {
    phase: sorted((k for k in kinds if k.available is not _never), key=lambda kind: kind.dear)
    for phase, kinds in _OFFERED.items()
}
"""Per decision, the kinds :func:`has_choice` asks (cheap ones first)."""


# -- the engine's questions -------------------------------------------------------------------


def check(state: GameState, seat: int, action: Action) -> Costs:
    """Raise :class:`IllegalActionError` unless ``action`` is legal; a move's step costs."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("the game is over", message=Message("the game is over"))
    kind = KINDS.get(type(action))
    if state.fate is not None and (kind is None or not kind.during_fate):
        raise IllegalActionError(
            "Tempt Fate first: keep one of the two cards drawn (B1)",
            message=Message("Tempt Fate first: keep one of the two cards drawn (B1)"),
        )
    if kind is None:
        raise IllegalActionError(
            f"{action!r} is not an action", message=Message("that is not an action of the game")
        )
    return kind.check(state, seat, action)


def perform(state: GameState, seat: int, action: Action, costs: Costs = ()) -> None:
    """Apply a checked ``action`` of the seat to act (``costs``: what its check returned)."""
    KINDS[type(action)].perform(state, seat, action, costs)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (moves and partial swaps: the offered sets)."""
    if state.phase is Phase.OVER:
        return []
    actions: list[Action] = []
    for kind in _OFFERED[state.phase]:
        actions.extend(kind.offers(state, seat))
    return actions


def has_choice(state: GameState, seat: int) -> bool:
    """True unless passing (or conceding) is all ``seat`` can do; else the engine passes for it."""
    return any(kind.available(state, seat) for kind in _ASKED[state.phase])


def settle(state: GameState) -> None:
    """Pass for every seat to act that has nothing else to do (no choice but pass or concede)."""
    while (
        state.phase is not Phase.OVER
        and state.to_act is not None
        and not has_choice(state, state.to_act)
    ):
        _pass(state, state.to_act, Pass())
