"""Hero types in play (B2): starting HP and abilities, hand sizes (D-5), swap rights (D-27), D-37.

A gunslinger (Revolverheld) and a veteran (Haudegen) take their numbers from the
ruleset's ``heroes`` section. Hand sizes: per player, 5 + the extra cards of each
living hero of the group; per character, each living figure its own hand of 5 +
its extra cards. Swap rights: a hero's ``swap_cards`` (0 = may not swap, k = k
cards of its choice); a group without a living hero swaps its whole hand; in
per-player mode the group's best right counts (a veteran's beats a gunslinger's).

>>> from totenblatt.wanted.rules import Ruleset
>>> profile(Ruleset.load("extended"), HeroType.VETERAN).extra_cards
5
>>> hand = [Card.parse(c) for c in ("K♠", "2♥", "Joker", "3♣", "9♦")]
>>> offers = partial_offers(hand, 2, Ruleset.load("base"))
>>> [" ".join(str(c) for c in offer) for offer in offers]
['2♥ 3♣', '2♥ 9♦', '3♣ 9♦']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from totenblatt.cards import Card, Suit
from totenblatt.messages import Message, Plural, Reason
from totenblatt.wanted.engine.abilities import JOKER_HIGH, draw_number_ability
from totenblatt.wanted.engine.actions import Swap
from totenblatt.wanted.engine.events import (
    AbilityDrawn,
    Event,
    HandSwapped,
    PiperPaid,
    SwapReceived,
)
from totenblatt.wanted.engine.state import Figure, GameState
from totenblatt.wanted.rules import Hero, Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

if TYPE_CHECKING:
    from totenblatt.wanted.table.scenario import Scenario

__all__ = [
    "build_figures",
    "hand_size",
    "holder_size",
    "partial_offers",
    "perform_swap",
    "profile",
    "swap_options",
    "swap_problem",
    "swap_right",
]


def profile(ruleset: Ruleset, kind: HeroType) -> Hero | None:
    """The ruleset's numbers for a hero type; None for a standard cowboy."""
    if kind is HeroType.GUNSLINGER:
        return ruleset.heroes.gunslinger
    if kind is HeroType.VETERAN:
        return ruleset.heroes.veteran
    return None


# -- set-up ------------------------------------------------------------------------------


def _validate(scen: Scenario, rules: Ruleset) -> None:
    """Abilities and heroes need a ruleset that enables them; at most D-37 heroes per side."""
    from totenblatt.wanted.table.scenario import ScenarioError

    where = f"scenario {scen.name!r}"
    for spec in scen.figures:
        if spec.abilities and not rules.abilities.enabled:
            raise ScenarioError(
                f"{where}: figure {spec.name!r} has abilities "
                f"({', '.join(a.value for a in spec.abilities)}) but ruleset {rules.name!r} "
                "does not play them (abilities.enabled = false): use the 'extended' ruleset"
            )
        if spec.kind is not HeroType.COWBOY and not rules.heroes.enabled:
            raise ScenarioError(
                f"{where}: figure {spec.name!r} is a {spec.kind.value} but ruleset "
                f"{rules.name!r} does not play hero types (heroes.enabled = false): "
                "use the 'extended' ruleset"
            )
    limit = rules.heroes.max_heroes_per_side
    sides: dict[int, list[tuple[str, HeroType]]] = {}
    for spec in scen.figures:
        if spec.kind is not HeroType.COWBOY:
            sides.setdefault(scen.teams[spec.seat], []).append((spec.name, spec.kind))
    for team, heroes in sorted(sides.items()):
        names = ", ".join(name for name, _ in heroes)
        if len(heroes) > limit:
            raise ScenarioError(
                f"{where}: side (team) {team} has {len(heroes)} heroes ({names}) "
                f"but ruleset {rules.name!r} allows at most {limit} per side "
                "(heroes.max_heroes_per_side, D-37)"
            )
        kinds = [kind for _, kind in heroes]
        double = sorted({kind.value for kind in kinds if kinds.count(kind) > 1})
        if double:
            raise ScenarioError(
                f"{where}: side (team) {team} has more than one {' and '.join(double)} "
                f"({names}); at most one hero of each type per side (B2, D-37)"
            )


def build_figures(
    scen: Scenario, rules: Ruleset, rng: random.Random
) -> tuple[list[Figure], list[Event]]:
    """The figures at the start of a fight, and the set-up events (abilities drawn, D-38).

    HP and maximum come from the scenario when it gives them (final numbers), else
    from the hero type or the ruleset plus Pay the Piper (``abilities.pay_the_piper`` each
    per copy, D-38).
    The abilities a scenario gives are final, however many (a promoted gunslinger
    keeps its 2, D-28); a hero given none draws its type's number from the number
    cards 2-10 with the game's random generator (B2), logged as AbilityDrawn.
    """
    _validate(scen, rules)
    figures: list[Figure] = []
    events: list[Event] = []
    for spec in scen.figures:
        hero = profile(rules, spec.kind)
        abilities = list(spec.abilities)
        if hero is not None and not abilities:
            while len(abilities) < hero.abilities:
                card, ability = draw_number_ability(rng, rules)
                abilities.append(ability)
                events.append(AbilityDrawn(spec.name, card, ability.value))
        piper = abilities.count(Ability.PAY_THE_PIPER) * rules.abilities.pay_the_piper
        start = rules.hp.start if hero is None else hero.hp
        top = rules.hp.maximum if hero is None else hero.hp_max
        hp = start + piper if spec.hp is None else spec.hp
        hp_max = max(top + piper, hp) if spec.hp_max is None else spec.hp_max
        if piper and (spec.hp is None or spec.hp_max is None):
            events.append(PiperPaid(spec.name, piper, hp, hp_max))
        figures.append(
            Figure(
                spec.name,
                spec.seat,
                scen.teams[spec.seat],
                rules.weapon_key(spec.weapon),
                (float(spec.position[0]), float(spec.position[1])),
                hp,
                hp_max,
                spec.kind,
                tuple(abilities),
            )
        )
    return figures, events


# -- hands (D-5) -------------------------------------------------------------------------


def _extra(state: GameState, fig: Figure) -> int:
    hero = profile(state.ruleset, fig.kind)
    return 0 if hero is None else hero.extra_cards


def holder_size(state: GameState, holder: int) -> int:
    """Cards dealt to one hand: 5 + the extra cards of its living heroes (0 for a dead figure)."""
    base = state.ruleset.round.hand_size
    if not state.has_heroes:
        return 0 if state.per_character and state.figures[holder].out else base
    if state.per_character:
        fig = state.figures[holder]
        return 0 if fig.out else base + _extra(state, fig)
    return base + sum(_extra(state, f) for f in state.living(holder))


def hand_size(state: GameState, seat: int) -> int:
    """D-5: all the cards the seat is dealt."""
    return sum(holder_size(state, h) for h in state.holders[seat])


# -- the swap (A3.3, D-6, D-27) -----------------------------------------------------------


def swap_right(state: GameState, seat: int, figure: str | None = None) -> int | None:
    """D-27: None = swap the whole hand; 0 = may not swap; k = swap k cards of its choice."""
    if not state.has_heroes:
        return None
    if state.per_character:
        assert figure is not None
        hero = profile(state.ruleset, state.by_name[figure].kind)
        return None if hero is None else hero.swap_cards
    rights = [
        hero.swap_cards
        for f in state.living(seat)
        if (hero := profile(state.ruleset, f.kind)) is not None
    ]
    return max(rights) if rights else None


def _partial(right: int | None, hand: Sequence[Card]) -> int | None:
    """The number of cards to give, or None for the whole hand (k >= the hand is the whole)."""
    return None if right is None or right >= len(hand) else right


def partial_offers(hand: Sequence[Card], k: int, ruleset: Ruleset) -> list[tuple[Card, ...]]:
    """The offered partial swaps: the ``k`` weakest cards, and the ``k`` weakest keeping a suit.

    Any ``k`` cards of the hand may be given; these are the ones ``legal_actions``
    lists (cards in hand order; jokers count highest).
    """

    def worth(card: Card) -> int:
        """A card's worth by game value, jokers highest."""
        return JOKER_HIGH if card.is_joker else ruleset.card_value(card)

    kept: list[Suit | None] = [None, *(s for s in Suit if any(c.suit is s for c in hand))]
    out: dict[tuple[Card, ...], None] = {}
    for suit in kept:
        order = sorted(range(len(hand)), key=lambda i: (hand[i].suit is suit, worth(hand[i]), i))
        out.setdefault(tuple(hand[i] for i in sorted(order[:k])), None)
    return list(out)


def swap_options(state: GameState, seat: int) -> list[Swap]:
    """The swaps offered to ``seat`` (any legal partial swap is accepted, see ``swap_problem``)."""
    if not state.per_character and not state.has_heroes:
        return [Swap()] if state.hands[seat] else []
    out: list[Swap] = []
    for holder in state.holders[seat]:
        fig = state.holder_figure(holder)
        if fig is not None and fig.out:
            continue
        name = None if fig is None else fig.name
        hand = state.hands[holder]
        right = swap_right(state, seat, name)
        if right == 0 or not hand:
            continue
        k = _partial(right, hand)
        if k is None:
            out.append(Swap((), name))
        else:
            out.extend(Swap(cards, name) for cards in partial_offers(hand, k, state.ruleset))
    return out


def swap_problem(state: GameState, seat: int, action: Swap) -> Reason | None:
    """Why ``action`` is not a legal swap of ``seat`` (hand, D-27 rights), or None."""
    if state.per_character:
        fig = state.by_name.get(action.figure or "")
        if fig is None or fig.seat != seat or fig.out:
            return Reason(
                f"per character (D-5) a swap names a figure of seat {seat} in the game",
                Message("every figure has its own hand (D-5): name the figure whose hand to swap"),
            )
    elif action.figure is not None:
        return Reason(
            "hands belong to the players (hand_mode per_player): a swap names no figure",
            Message("hands belong to the players: no figure's hand is named (D-5)"),
        )
    hand = state.hands[state.holder(seat, action.figure)]
    right = swap_right(state, seat, action.figure)
    if right == 0:
        return Reason(
            "a gunslinger may not swap for the dead man's hand (B2, D-27)",
            Message("a gunslinger may not swap for the dead man's hand (B2, D-27)"),
        )
    k = _partial(right, hand)
    if k is None:
        if not action.cards:
            return None
        return Reason(
            "this hand is swapped whole: give no cards",
            Message("this hand is swapped whole: give no cards"),
        )
    if len(action.cards) != k:
        return Reason(
            f"a veteran swaps exactly {k} cards of its choice (D-27), got {len(action.cards)}",
            Plural(
                "a veteran swaps exactly {n} card of its choice (D-27), got {got}",
                "a veteran swaps exactly {n} cards of its choice (D-27), got {got}",
                n=k,
                got=len(action.cards),
            ),
        )
    if Counter(action.cards) - Counter(hand):
        cards = ", ".join(str(c) for c in action.cards)
        return Reason(
            f"{cards} are not all in the hand",
            Message("{cards} are not all in the hand", cards=cards),
        )
    return None


def perform_swap(state: GameState, seat: int, action: Swap) -> None:
    """Give the hand (or the chosen cards) for the dead man's hand; it is used up (A3.3, D-27)."""
    holder = state.holder(seat, action.figure)
    hand = state.hands[holder]
    received = state.dead_hand
    if action.cards:
        given = list(action.cards)
        for card in given:
            hand.remove(card)
        hand.extend(received)
    else:
        given = hand
        state.hands[holder] = received
    state.dead_hand = []
    state.dead_taken = True
    state.discard(given, face_up=False, seat=seat)  # D-6
    state.events.append(HandSwapped(seat, len(action.cards), action.figure))
    state.events.append(SwapReceived(seat, tuple(given), tuple(received)))
