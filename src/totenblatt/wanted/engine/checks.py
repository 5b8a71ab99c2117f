"""One rule check per action kind, used both to list legal actions and to validate them.

``check`` raises :class:`IllegalActionError` with the reason; the ``_bids``,
``_defences``, ``_attacks`` and ``_moves`` helpers build the legal actions from
the same predicates. A card comes from a hand: the seat's (D-5 ``per_player``) or,
per character, the hand of the figure it is played for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from totenblatt.cards import Card, Rank, Suit
from totenblatt.wanted.engine.abilities import COVER_BONUS, bid_bonus, cover_options, has, tempters
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
from totenblatt.wanted.engine.clubs import check_club, offered_moves
from totenblatt.wanted.engine.heroes import hand_size, swap_options, swap_problem
from totenblatt.wanted.engine.state import Figure, GameState, Phase, plays_as
from totenblatt.wanted.rules import MISS, Modifier
from totenblatt.wanted.vocab import Ability, CoverLevel

__all__ = [
    "attack_pairs",
    "attack_problem",
    "bid_value",
    "can_redraw",
    "can_swap",
    "check",
    "hand_size",
    "hands_of",
    "has_choice",
    "holds_playable",
    "legal_actions",
    "range_modifier",
]

JOKER_BID = 1_000
"""Bid value of a joker: wins the initiative automatically (A12)."""

_CLUBS, _SPADES, _HEARTS, _DIAMONDS = Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS
_PLAYABLE = (_CLUBS, _SPADES, _DIAMONDS)
_TWO = Rank.TWO
_SHARPSHOOTER, _WILD_2 = Ability.SHARPSHOOTER, Ability.WILD_2


# -- rules that the extended rules widen ---------------------------------------------------


def can_swap(state: GameState, seat: int) -> bool:
    """A3.3: the dead man's hand is still there, this seat is asked, and it may swap (D-27)."""
    return (
        state.phase is Phase.SWAP
        and not state.dead_taken
        and bool(state.swap_order)
        and state.swap_order[0] == seat
        and bool(swap_options(state, seat))
    )


def bid_value(state: GameState, seat: int, card: Card, wild: bool = False) -> int:
    """A4: a diamond's value plus Quick Fingers (D-23); a joker or wild 2 beats all (D-36)."""
    if card.is_joker or wild:
        return JOKER_BID
    return state.ruleset.card_value(card) + bid_bonus(state, seat)


def range_modifier(state: GameState, fig: Figure, distance: float) -> Modifier:
    """A8, D-14: the weapon modifier of ``fig`` at ``distance`` (Sharpshooter bands), or miss."""
    rules = state.ruleset
    band = rules.band_index(distance, sharpshooter=_SHARPSHOOTER in fig.abilities)
    return MISS if band is None else rules.weapons[fig.weapon].modifiers[band]


def _wild(fig: Figure | None) -> bool:
    return fig is not None and _WILD_2 in fig.abilities


def _seat_wild(state: GameState, seat: int) -> bool:
    return state.has_abilities and any(_wild(f) for f in state.living(seat))


def _hand_wild(state: GameState, seat: int, fig: Figure | None) -> bool:
    """May a 2 of this hand be played wild: its figure's Wild 2, or per player any figure's."""
    return _wild(fig) if fig is not None else _seat_wild(state, seat)


def hands_of(state: GameState, seat: int) -> list[tuple[int, Figure | None]]:
    """The seat's hands that may play: (index in ``state.hands``, its figure per character)."""
    if not state.per_character:
        return [(seat, None)]
    return [(h, f) for h in state.holders[seat] if not (f := state.figures[h]).out]


def _ways(card: Card, suit: Suit, wild_ok: bool) -> tuple[bool, ...]:
    """How ``card`` may be played as ``suit``: False = as itself (or a joker), True = wild 2."""
    itself = (False,) if plays_as(card, suit) else ()
    return (*itself, True) if wild_ok and card.rank is _TWO else itself


def _playable(card: Card, suit: Suit, wild_ok: bool) -> bool:
    """``bool(_ways(...))``, without building the tuple (the engine asks it at every step)."""
    return card.suit is suit or card.suit is None or (wild_ok and card.rank is _TWO)


def holds_playable(state: GameState, seat: int) -> bool:
    """D-8: does ``seat`` hold a club, spade or diamond (or a joker, or a wild 2)?"""
    for holder, fig in hands_of(state, seat):
        wild_ok = _hand_wild(state, seat, fig)
        for c in state.hands[holder]:
            if c.suit is None or c.suit in _PLAYABLE or (wild_ok and c.rank is _TWO):
                return True
    return False


# -- predicates --------------------------------------------------------------------------


def can_redraw(state: GameState, seat: int) -> bool:
    """A3.4, D-7: redraws left this round, a card to discard, a payer, a card to draw."""
    rules = state.ruleset.round
    if state.redraws_used[seat] >= rules.redraws_per_round or state.fate is not None:
        return False
    if not (state.draw_pile or state.discard_pile):
        return False
    if state.per_character:
        return any(
            f.hp >= rules.redraw_cost and state.hands[state.index[f.name]]
            for f in state.living(seat)
        )
    if not state.hands[seat]:
        return False
    return any(f.hp >= rules.redraw_cost for f in state.living(seat))


def attack_problem(state: GameState, attacker: Figure, target: Figure) -> str | None:
    """Why ``attacker`` may not shoot at ``target`` now (A7, A8, D-12, D-14, D-15, D-21)."""
    if attacker.out:
        return f"{attacker.name!r} is out of the game"
    if attacker.hidden:
        return f"{attacker.name!r} is hidden: reveal it before it attacks (D-13)"
    if target.out:
        return f"{target.name!r} is out of the game"
    if target.team == attacker.team:
        return f"{target.name!r} is not an enemy of {attacker.name!r}"
    distance, line = state.geo.sight(attacker.pos, target.pos)
    if not line:
        return f"no line of fire from {attacker.name!r} to {target.name!r} (D-15)"
    reach = state.ruleset.hidden.attack_reach
    if target.hidden and distance > reach:
        return f'{target.name!r} is hidden and {distance:.2f}" away (more than {reach}", D-12)'
    if (
        not state.ruleset.attack.out_of_range_attack_allowed
        and range_modifier(state, attacker, distance) == MISS
    ):
        return f'{target.name!r} is out of range of {attacker.weapon} at {distance:.2f}" (D-14)'
    return None


def attack_pairs(state: GameState, seat: int) -> list[tuple[Figure, Figure]]:
    """Every (attacker, target) pair the seat may shoot now."""
    own = [f for f in state.living(seat) if not f.hidden]
    if not own:
        return []
    enemies = state.enemies(seat)
    return [(a, t) for a in own for t in enemies if attack_problem(state, a, t) is None]


def target_cover(state: GameState, attacker: Figure, target: Figure) -> CoverLevel:
    """D-17 cover from the table; a hidden target within reach has hard cover (D-12)."""
    if target.hidden:
        return CoverLevel.HARD
    return state.geo.cover(attacker.pos, target.pos)


# -- the check ---------------------------------------------------------------------------


def _hand(state: GameState, seat: int, figure: str | None, what: str) -> int:
    """The hand ``what`` is played from; per character it names a living figure of the seat."""
    if not state.per_character:
        if figure is not None:
            raise IllegalActionError(
                f"hands belong to the players (hand_mode per_player): {what} names no figure"
            )
        return seat
    fig = state.by_name.get(figure) if figure is not None else None
    if fig is None or fig.seat != seat or fig.out:
        raise IllegalActionError(
            f"per character (D-5) {what} names the figure of seat {seat} whose hand it "
            f"comes from, got {figure!r}"
        )
    return state.index[fig.name]


def _card(
    state: GameState,
    seat: int,
    holder: int,
    card: Card,
    suit: Suit,
    role: str,
    wild: bool,
    wild_ok: bool,
) -> None:
    if card not in state.hands[holder]:
        owner = state.holder_figure(holder)
        where = f"seat {seat}" if owner is None else repr(owner.name)
        raise IllegalActionError(f"{str(card)!r} is not in the hand of {where}")
    if wild:
        if card.rank is not Rank.TWO or not wild_ok:
            raise IllegalActionError(
                f"{str(card)!r} cannot be played as a joker: "
                "only a 2, for a figure with Wild 2 (B1)"
            )
    elif not plays_as(card, suit):
        raise IllegalActionError(
            f"{str(card)!r} cannot be played {role}: needs a {suit.value[:-1]} or a joker"
        )


def _phase(state: GameState, *phases: Phase) -> None:
    if state.phase not in phases:
        wanted = " or ".join(p.value for p in phases)
        raise IllegalActionError(
            f"that is a {wanted} decision, but the game asks for {state.phase.value}"
        )


def _defence_extras(state: GameState, holder: int, target: Figure, action: Defend) -> None:
    """B1 Cover (once per fight each) and Queen of Hearts (D-26) on this heart."""
    if not action.covers and action.extra is None:
        return
    if action.card.is_joker or action.wild:
        raise IllegalActionError("a joker blocks every attack: it takes no Cover or extra card")
    unused = Counter(a for a in target.abilities if a in COVER_BONUS)
    unused.subtract(target.spent)
    missing = Counter(action.covers) - +unused
    if missing:
        names = ", ".join(a.value for a in missing.elements())
        raise IllegalActionError(
            f"{target.name!r} has no unused {names} this fight (Cover: once per fight each)"
        )
    if action.extra is not None:
        if not has(target, Ability.QUEEN_OF_HEARTS):
            raise IllegalActionError(f"{target.name!r} has no Queen of Hearts to add a card")
        if action.extra.is_joker:
            raise IllegalActionError("a joker is no extra card (D-26): play it as the heart")
        if Counter((action.card, action.extra)) - Counter(state.hands[holder]):
            raise IllegalActionError(f"{str(action.extra)!r} is not a second card of the hand")


def check(state: GameState, seat: int, action: Action) -> tuple[float, ...]:
    """Raise :class:`IllegalActionError` unless ``action`` is legal; a move's step costs."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("the game is over")
    if state.fate is not None and not isinstance(action, Keep | Concede):
        raise IllegalActionError("Tempt Fate first: keep one of the two cards drawn (B1)")
    if isinstance(action, Pass | Concede):
        return ()
    if isinstance(action, Keep):
        _phase(state, Phase.FATE)
        assert state.fate is not None
        if action.card not in state.fate.drawn:
            drawn = " or ".join(str(c) for c in state.fate.drawn)
            raise IllegalActionError(f"keep {drawn}, one of the two cards drawn")
    elif isinstance(action, Swap):
        _phase(state, Phase.SWAP)
        if not can_swap(state, seat):
            raise IllegalActionError("the dead man's hand is not available to swap")
        problem = swap_problem(state, seat, action)
        if problem:
            raise IllegalActionError(problem)
    elif isinstance(action, Bid):
        _phase(state, Phase.BID)
        holder = _hand(state, seat, action.figure, "a bid")
        wild_ok = _seat_wild(state, seat)
        _card(state, seat, holder, action.card, _DIAMONDS, "as a bid", action.wild, wild_ok)
    elif isinstance(action, Defend):
        _phase(state, Phase.DEFEND)
        assert state.pending is not None
        target = state.by_name[state.pending.target]
        holder = state.holder(seat, target.name)
        wild_ok = _wild(target)
        _card(state, seat, holder, action.card, _HEARTS, "in defence", action.wild, wild_ok)
        _defence_extras(state, holder, target, action)
    elif isinstance(action, Move):
        _phase(state, Phase.ACTION)
        return _check_move(state, seat, action)
    elif isinstance(action, Attack):
        _phase(state, Phase.ACTION)
        attacker = _figure(state, action.attacker)
        if attacker.seat != seat:
            raise IllegalActionError(f"{action.attacker!r} is not a figure of seat {seat}")
        holder = state.holder(seat, attacker.name)
        wild_ok = _wild(attacker)
        _card(state, seat, holder, action.card, _SPADES, "to attack", action.wild, wild_ok)
        problem = attack_problem(state, attacker, _figure(state, action.target))
        if problem:
            raise IllegalActionError(problem)
    elif isinstance(action, Redraw):
        _check_redraw(state, seat, action)
    elif isinstance(action, Reveal):
        fig = _figure(state, action.figure)
        if fig.seat != seat or fig.out or not fig.hidden:
            raise IllegalActionError(f"{action.figure!r} is not a hidden figure of seat {seat}")
    elif isinstance(action, TemptFate):
        fig = _figure(state, action.figure)
        if fig.seat != seat or fig not in tempters(state, seat):
            raise IllegalActionError(
                f"{action.figure!r} cannot tempt fate now: needs a figure of seat {seat} in "
                "the game with Tempt Fate unused this fight (B1) and two cards to draw"
            )
        holder = state.holder(seat, fig.name)
        if action.card not in state.hands[holder]:
            raise IllegalActionError(f"{str(action.card)!r} is not in the hand")
    else:
        raise IllegalActionError(f"{action!r} is not an action")
    return ()


def _check_move(state: GameState, seat: int, action: Move) -> tuple[float, ...]:
    if state.per_character:
        name = action.figure or (action.steps[0].figure if action.steps else None)
        holder = _hand(state, seat, name, "a club")
        if any(s.figure != name for s in action.steps):
            raise IllegalActionError(
                f"per character (D-5) a club from {name!r}'s hand moves only {name!r}"
            )
        wild_ok = _wild(state.figures[holder])
    else:
        holder = _hand(state, seat, action.figure, "a club")
        wild_ok = _seat_wild(state, seat)
    _card(state, seat, holder, action.card, _CLUBS, "for movement", action.wild, wild_ok)
    return check_club(state, seat, action)


def _check_redraw(state: GameState, seat: int, action: Redraw) -> None:
    if not can_redraw(state, seat):
        raise IllegalActionError(f"seat {seat} cannot redraw now (once per round, D-7)")
    payer = state.by_name.get(action.payer)
    holder = state.holder(seat, action.payer) if state.per_character and payer else seat
    if action.card not in state.hands[holder]:
        where = f"the hand of seat {seat}" if holder == seat else f"{action.payer!r}'s hand"
        raise IllegalActionError(f"{str(action.card)!r} is not in {where}")
    payer = _figure(state, action.payer)
    cost = state.ruleset.round.redraw_cost
    if payer.seat != seat or payer.out or payer.hp < cost:
        raise IllegalActionError(
            f"{action.payer!r} cannot pay {cost} HP: needs a figure of seat {seat} "
            f"in the game with at least {cost} HP"
        )


def _figure(state: GameState, name: str) -> Figure:
    fig = state.by_name.get(name)
    if fig is None:
        known = ", ".join(state.by_name)
        raise IllegalActionError(f"no figure named {name!r}: expected one of {known}")
    return fig


# -- the legal actions -------------------------------------------------------------------


def _distinct(cards: Iterable[Card]) -> list[Card]:
    return list(dict.fromkeys(cards))


def _bids(state: GameState, seat: int) -> list[Action]:
    wild_ok = _seat_wild(state, seat)
    out: list[Action] = []
    for holder, fig in hands_of(state, seat):
        name = None if fig is None else fig.name
        for card in _distinct(state.hands[holder]):
            if plays_as(card, _DIAMONDS):
                out.append(Bid(card, False, name))
            if wild_ok and card.rank is _TWO:
                out.append(Bid(card, True, name))
    return out


def _defences(state: GameState, seat: int) -> list[Action]:
    assert state.pending is not None
    target = state.by_name[state.pending.target]
    hand = state.hands[state.holder(seat, target.name)]
    covers = cover_options(target)
    queen = has(target, Ability.QUEEN_OF_HEARTS)
    out: list[Action] = []
    for card in _distinct(hand):
        for wild in _ways(card, _HEARTS, _wild(target)):
            if wild or card.is_joker:
                out.append(Defend(card, wild=wild))
                continue
            extras: list[Card | None] = [None]
            if queen:
                extras += [
                    e
                    for e in _distinct(hand)
                    if not e.is_joker and (e != card or hand.count(card) > 1)
                ]
            out.extend(Defend(card, cover, extra) for cover in covers for extra in extras)
    return out


def _attacks(state: GameState, seat: int) -> Iterator[Attack]:
    shooters = {}
    for holder, fig in hands_of(state, seat):
        wild_ok = _hand_wild(state, seat, fig)
        cards = [
            (c, wild) for c in _distinct(state.hands[holder]) for wild in _ways(c, _SPADES, wild_ok)
        ]
        if cards:
            shooters[holder] = cards
    if not shooters:
        return
    pairs = attack_pairs(state, seat)
    if not state.per_character:
        for card, wild in shooters[seat]:
            yield from (
                Attack(card, a.name, t.name, wild) for a, t in pairs if not wild or _wild(a)
            )
        return
    for a, t in pairs:
        for card, wild in shooters.get(state.index[a.name], ()):
            yield Attack(card, a.name, t.name, wild)


def _moves(state: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    for holder, fig in hands_of(state, seat):
        wild_ok = _hand_wild(state, seat, fig)
        for card in _distinct(state.hands[holder]):
            for wild in _ways(card, _CLUBS, wild_ok):
                out.extend(offered_moves(state, seat, card, wild=wild, figure=fig))
    return out


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every legal action of ``seat`` (moves and partial swaps: the offered sets)."""
    phase = state.phase
    if phase is Phase.OVER:
        return []
    if state.fate is not None:
        return [*(Keep(c) for c in _distinct(state.fate.drawn)), Concede()]
    actions: list[Action] = [Pass()]
    if phase is Phase.SWAP:
        if can_swap(state, seat):
            actions.extend(swap_options(state, seat))
    elif phase is Phase.BID:
        actions.extend(_bids(state, seat))
    elif phase is Phase.DEFEND:
        actions.extend(_defences(state, seat))
    elif phase is Phase.ACTION:
        actions.extend(_attacks(state, seat))
        actions.extend(_moves(state, seat))
    actions.extend(Reveal(f.name) for f in state.living(seat) if f.hidden)
    if can_redraw(state, seat):
        cost = state.ruleset.round.redraw_cost
        payers = [f.name for f in state.living(seat) if f.hp >= cost]
        if state.per_character:
            actions.extend(
                Redraw(c, p) for p in payers for c in _distinct(state.hands[state.index[p]])
            )
        else:
            actions.extend(Redraw(c, p) for c in _distinct(state.hands[seat]) for p in payers)
    for fig in tempters(state, seat):
        hand = state.hands[state.holder(seat, fig.name)]
        actions.extend(TemptFate(c, fig.name) for c in _distinct(hand))
    actions.append(Concede())
    return actions


def has_choice(state: GameState, seat: int) -> bool:
    """True unless passing (or conceding) is all ``seat`` can do; else the engine passes for it."""
    phase = state.phase
    if phase is Phase.SWAP or state.fate is not None:
        return True
    if can_redraw(state, seat) or any(f.hidden for f in state.living(seat)):
        return True
    if tempters(state, seat):
        return True
    if phase is Phase.BID:
        wild_ok = _seat_wild(state, seat)
        return any(_playable(c, _DIAMONDS, wild_ok) for c in state.seat_cards(seat))
    if phase is Phase.DEFEND:
        assert state.pending is not None
        target = state.by_name[state.pending.target]
        hand = state.hands[state.holder(seat, target.name)]
        wild_ok = _wild(target)
        return any(_playable(c, _HEARTS, wild_ok) for c in hand)
    if phase is Phase.ACTION:
        for holder, fig in hands_of(state, seat):
            wild_ok = _hand_wild(state, seat, fig)
            if any(_playable(c, _CLUBS, wild_ok) for c in state.hands[holder]):
                return True
        return next(_attacks(state, seat), None) is not None
    return False
