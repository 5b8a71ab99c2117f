"""The rules' predicates that both the check of an action and the offered actions ask.

Each kind of action uses them in :mod:`~totenblatt.wanted.engine.kinds` (its check
beside its offers), so a rule lives in one place; the ``require_*``, ``hand_for`` and
``figure_named`` checks raise :class:`IllegalActionError` for several kinds. A card
comes from a hand: the seat's (D-5 ``per_player``) or, per character, the hand of
the figure it is played for.
"""

from __future__ import annotations

from collections.abc import Iterable

from totenblatt.cards import Card, Rank, Suit
from totenblatt.messages import Message, Reason
from totenblatt.wanted.engine.abilities import bid_bonus
from totenblatt.wanted.engine.actions import IllegalActionError
from totenblatt.wanted.engine.heroes import hand_size, swap_options
from totenblatt.wanted.engine.state import Figure, GameState, Phase, plays_as
from totenblatt.wanted.rules import MISS, Modifier
from totenblatt.wanted.vocab import Ability, CoverLevel

__all__ = [
    "attack_pairs",
    "attack_problem",
    "bid_value",
    "can_redraw",
    "can_swap",
    "distinct",
    "figure_named",
    "figure_wild",
    "hand_for",
    "hand_size",
    "hand_wild",
    "hands_of",
    "holds_playable",
    "may_swap",
    "playable",
    "range_modifier",
    "require_card",
    "require_figure_card",
    "require_phase",
    "seat_wild",
    "target_cover",
    "ways",
]

JOKER_BID = 1_000
"""Bid value of a joker: wins the initiative automatically (A12)."""

_PLAYABLE = (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)
_TWO = Rank.TWO
_SHARPSHOOTER, _WILD_2 = Ability.SHARPSHOOTER, Ability.WILD_2


# -- rules that the extended rules widen ---------------------------------------------------


def may_swap(state: GameState, seat: int) -> bool:
    """A3.3, D-27: the dead man's hand is still there and ``seat`` has a hand it may swap."""
    return not state.dead_taken and bool(swap_options(state, seat))


def can_swap(state: GameState, seat: int) -> bool:
    """A3.3: the swap is asked of ``seat`` now and it may swap (:func:`may_swap`)."""
    return (
        state.phase is Phase.SWAP
        and bool(state.swap_order)
        and state.swap_order[0] == seat
        and may_swap(state, seat)
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


def figure_wild(fig: Figure | None) -> bool:
    """B1: ``fig`` has Wild 2 (a 2 played for it may be a joker)."""
    return fig is not None and _WILD_2 in fig.abilities


def seat_wild(state: GameState, seat: int) -> bool:
    """B1, per player: some living figure of the seat has Wild 2."""
    return state.has_abilities and any(figure_wild(f) for f in state.living(seat))


def hand_wild(state: GameState, seat: int, fig: Figure | None) -> bool:
    """May a 2 of this hand be played wild: its figure's Wild 2, or per player any figure's."""
    return figure_wild(fig) if fig is not None else seat_wild(state, seat)


def hands_of(state: GameState, seat: int) -> list[tuple[int, Figure | None]]:
    """The seat's hands that may play: (index in ``state.hands``, its figure per character)."""
    if not state.per_character:
        return [(seat, None)]
    return [(h, f) for h in state.holders[seat] if not (f := state.figures[h]).out]


def ways(card: Card, suit: Suit, wild_ok: bool) -> tuple[bool, ...]:
    """How ``card`` may be played as ``suit``: False = as itself (or a joker), True = wild 2."""
    itself = (False,) if plays_as(card, suit) else ()
    return (*itself, True) if wild_ok and card.rank is _TWO else itself


def playable(card: Card, suit: Suit, wild_ok: bool) -> bool:
    """``bool(ways(...))``, without building the tuple (the engine asks it at every step)."""
    return card.suit is suit or card.suit is None or (wild_ok and card.rank is _TWO)


def holds_playable(state: GameState, seat: int) -> bool:
    """D-8: does ``seat`` hold a club, spade or diamond (or a joker, or a wild 2)?"""
    for holder, fig in hands_of(state, seat):
        wild_ok = hand_wild(state, seat, fig)
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
    if state.per_character:  # D-7: any figure with the HP pays, whichever figure holds cards
        living = state.living(seat)
        return any(state.hands[state.index[f.name]] for f in living) and any(
            f.hp >= rules.redraw_cost for f in living
        )
    if not state.hands[seat]:
        return False
    return any(f.hp >= rules.redraw_cost for f in state.living(seat))


def _attack_block(state: GameState, attacker: Figure, target: Figure) -> tuple[str, float] | None:
    """What stops ``attacker`` shooting at ``target`` (a code and the distance), or None.

    The rule itself, kept cheap: :func:`attack_pairs` asks it for every pair at every
    decision; :func:`attack_problem` words the answer.
    """
    if attacker.out:
        return ("attacker_out", 0.0)
    if attacker.hidden:
        return ("attacker_hidden", 0.0)
    if target.out:
        return ("target_out", 0.0)
    if target.team == attacker.team:
        return ("friend", 0.0)
    distance, line = state.geo.sight(attacker.pos, target.pos)
    if not line:
        return ("no_line", distance)
    if target.hidden and distance > state.ruleset.hidden.attack_reach:
        return ("hidden", distance)
    if (
        not state.ruleset.attack.out_of_range_attack_allowed
        and range_modifier(state, attacker, distance) == MISS
    ):
        return ("out_of_range", distance)
    return None


def attack_problem(state: GameState, attacker: Figure, target: Figure) -> Reason | None:
    """Why ``attacker`` may not shoot at ``target`` now (A7, A8, D-12, D-14, D-15, D-21)."""
    block = _attack_block(state, attacker, target)
    if block is None:
        return None
    code, distance = block
    a, t = attacker.name, target.name
    if code == "attacker_out":
        return Reason(f"{a!r} is out of the game", Message("{figure} is out of the game", figure=a))
    if code == "attacker_hidden":
        return Reason(
            f"{a!r} is hidden: reveal it before it attacks (D-13)",
            Message("{figure} is hidden: reveal it before it attacks (D-13)", figure=a),
        )
    if code == "target_out":
        return Reason(f"{t!r} is out of the game", Message("{figure} is out of the game", figure=t))
    if code == "friend":
        return Reason(
            f"{t!r} is not an enemy of {a!r}",
            Message("{target} is not an enemy of {attacker}", target=t, attacker=a),
        )
    if code == "no_line":
        return Reason(
            f"no line of fire from {a!r} to {t!r} (D-15)",
            Message("no line of fire from {attacker} to {target} (D-15)", attacker=a, target=t),
        )
    if code == "hidden":
        reach = state.ruleset.hidden.attack_reach
        return Reason(
            f'{t!r} is hidden and {distance:.2f}" away (more than {reach}", D-12)',
            Message(
                '{target} is hidden and {distance}" away (more than {reach}", D-12)',
                target=t,
                distance=round(distance, 2),
                reach=reach,
            ),
        )
    return Reason(
        f'{t!r} is out of range of {attacker.weapon} at {distance:.2f}" (D-14)',
        Message(
            '{target} is out of range of {attacker} at {distance}" (D-14)',
            target=t,
            attacker=a,
            distance=round(distance, 2),
        ),
    )


def attack_pairs(state: GameState, seat: int) -> list[tuple[Figure, Figure]]:
    """Every (attacker, target) pair the seat may shoot now (remembered until a figure
    moves, hides, is revealed or leaves)."""
    key = (seat, *[(f.pos, f.hidden, f.out) for f in state.figures])
    memo = state.attack_memo
    if memo is not None and memo[0] == key:
        pairs: list[tuple[Figure, Figure]] = memo[1]
        return pairs
    own = [f for f in state.living(seat) if not f.hidden]
    enemies = state.enemies(seat) if own else []
    pairs = [(a, t) for a in own for t in enemies if _attack_block(state, a, t) is None]
    state.attack_memo = (key, pairs)
    return pairs


def target_cover(state: GameState, attacker: Figure, target: Figure) -> CoverLevel:
    """D-17 cover from the table; a hidden target within reach has hard cover (D-12)."""
    if target.hidden:
        return CoverLevel.HARD
    return state.geo.cover(attacker.pos, target.pos)


def distinct(cards: Iterable[Card]) -> list[Card]:
    """The cards without repeats, in order (two decks may hold twins, D-2)."""
    return list(dict.fromkeys(cards))


# -- parts of the checks that several kinds share ----------------------------------------


def require_phase(state: GameState, *phases: Phase) -> None:
    """The decision at hand is one of ``phases``; else IllegalActionError."""
    if state.phase not in phases:
        raise IllegalActionError(
            Message(
                "that is not the decision at hand: the game asks for {phase}",
                phase=_PHASES[state.phase.value],
            )
        )


def hand_for(state: GameState, seat: int, figure: str | None, what: str) -> int:
    """The hand ``what`` is played from; per character it names a living figure of the seat."""
    if not state.per_character:
        if figure is not None:
            raise IllegalActionError(
                Message("hands belong to the players: no figure's hand is named (D-5)")
            )
        return seat
    fig = state.by_name.get(figure) if figure is not None else None
    if fig is None or fig.seat != seat or fig.out:
        raise IllegalActionError(
            Message(
                "every figure has its own hand (D-5): name one of your figures in the game, "
                "got {figure}",
                figure=repr(figure),
            )
        )
    return state.index[fig.name]


def require_card(
    state: GameState,
    seat: int,
    holder: int,
    card: Card,
    suit: Suit,
    role: str,
    wild: bool,
    wild_ok: bool,
    *,
    figure: str | None = None,
) -> None:
    """``card`` is in hand ``holder`` and may be played as ``suit`` (``wild``: as a joker).

    ``figure`` names the shooter or the defender in the message for people.
    """
    if card not in state.hands[holder]:
        owner = state.holder_figure(holder)
        where = f"seat {seat}" if owner is None else repr(owner.name)
        raise IllegalActionError(
            f"{str(card)!r} is not in the hand of {where}",
            message=Message("{card} is not in your hand", card=card)
            if owner is None
            else Message("{card} is not in {figure}'s hand", card=card, figure=owner.name),
        )
    if wild:
        if card.rank is not Rank.TWO or not wild_ok:
            raise IllegalActionError(
                Message(
                    "{card} cannot be played as a joker: only a 2, for a figure with Wild 2 (B1)",
                    card=card,
                )
            )
    elif not plays_as(card, suit):
        raise IllegalActionError(
            f"{str(card)!r} cannot be played {role}: needs a {suit.value[:-1]} or a joker",
            message=_wrong_suit(card, suit, figure),
        )


def require_figure_card(
    state: GameState, seat: int, fig: Figure, card: Card, suit: Suit, role: str, wild: bool
) -> int:
    """:func:`require_card` for the card ``fig`` shoots or defends with: the hand it plays
    from (its own per character, else the seat's), checked and returned."""
    holder = state.holder(seat, fig.name)
    require_card(state, seat, holder, card, suit, role, wild, figure_wild(fig), figure=fig.name)
    return holder


def _wrong_suit(card: Card, suit: Suit, figure: str | None) -> Message:
    """Why ``card`` cannot be played as ``suit``, in words for a person."""
    if suit is Suit.SPADES:
        if figure is not None:
            return Message(
                "{figure} cannot shoot with {card}: only a spade (or a joker) attacks (A8)",
                figure=figure,
                card=card,
            )
        return Message("{card} cannot attack: only a spade (or a joker) attacks (A8)", card=card)
    if suit is Suit.HEARTS:
        if figure is not None:
            return Message(
                "{figure} cannot defend with {card}: only a heart (or a joker) defends (A9)",
                figure=figure,
                card=card,
            )
        return Message("{card} cannot defend: only a heart (or a joker) defends (A9)", card=card)
    if suit is Suit.DIAMONDS:
        return Message(
            "{card} cannot be bid: only a diamond (or a joker) bids for the initiative (A4)",
            card=card,
        )
    return Message("{card} cannot move anyone: only a club (or a joker) moves (A6)", card=card)


_PHASES = {
    "swap": Message("keep or swap the hand"),
    "bid": Message("a bid for the initiative"),
    "action": Message("the action of the round"),
    "defend": Message("a heart against the attack"),
    "fate": Message("the card to keep (Tempt Fate)"),
    "over": Message("nothing: the game is over"),
}
"""The decision of each phase, in words for a person."""


def figure_named(state: GameState, name: str) -> Figure:
    """The figure called ``name``; else IllegalActionError listing the names."""
    fig = state.by_name.get(name)
    if fig is None:
        known = ", ".join(state.by_name)
        raise IllegalActionError(
            Message("no figure named {name}: expected one of {known}", name=repr(name), known=known)
        )
    return fig
