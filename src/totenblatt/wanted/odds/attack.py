"""The exact wounds of one attack against a hidden hand (:func:`attack_odds`).

The defender plays the card of its hand that leaves the fewest wounds; with its abilities
(Cover, Queen of Hearts, Picture-Book 10, Wild 2) the best choice of a whole hand is
counted class by class (:func:`_defended`). :func:`resolved_wounds` memoises the
resolver per range band.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

from totenblatt.cards import Card, CardLike, Rank, Suit, to_card
from totenblatt.wanted.combat import parse_abilities, resolve_attack
from totenblatt.wanted.memo import remember
from totenblatt.wanted.odds.defense import AttackOdds, DefenseOdds
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel, parse_word

__all__ = ["attack_odds", "resolved_wounds"]


_RESOLVED: dict[int, tuple[Ruleset, dict[tuple[Any, ...], int]]] = {}
"""Per ruleset (kept alive so its id stays unique): resolved wounds by attack inputs."""


def resolved_wounds(
    card: Card,
    weapon: str,
    band: int | None,
    distance: float,
    defense: Card | None,
    cover: CoverLevel,
    abilities: tuple[str, ...],
    rules: Ruleset,
    *,
    defender_abilities: tuple[str, ...] = (),
    extra_defense: Card | None = None,
) -> int:
    """Wounds of one attack by :func:`resolve_attack`, memoised per range band.

    ``weapon`` is a weapon key and ``band`` the band of ``distance`` (the resolver
    uses the distance only through its band, so results are shared per band).
    ``defender_abilities`` and ``extra_defense`` (Queen of Hearts) go to the resolver.
    """
    entry = _RESOLVED.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_RESOLVED) > 16:
            _RESOLVED.clear()
        entry = _RESOLVED[id(rules)] = (rules, {})
    cache = entry[1]
    key: tuple[Any, ...] = (card, weapon, band, defense, cover, abilities)
    if defender_abilities or extra_defense is not None:
        key += (defender_abilities, extra_defense)
    found = cache.get(key)
    if found is None:
        wounds = resolve_attack(
            card,
            weapon=weapon,
            distance=distance,
            defense=defense,
            cover=cover,
            attacker_abilities=abilities,
            defender_abilities=defender_abilities,
            extra_defense=extra_defense,
            ruleset=rules,
        ).wounds
        found = remember(cache, key, wounds, 100_000)
    return found


def attack_odds(
    card: CardLike,
    *,
    weapon: str,
    distance: float,
    cover: CoverLevel | str = CoverLevel.NONE,
    defense: DefenseOdds | None = None,
    attacker_abilities: Iterable[str] = (),
    ruleset: str | Path | Ruleset = "base",
    defence: DefenseOdds | None = None,
    defender_abilities: Iterable[str | Ability] = (),
) -> AttackOdds:
    """The wound distribution of ``card`` when the defender plays its best card.

    The defender's hand is the random draw ``defense`` describes; it plays the heart or
    joker of that hand that leaves the fewest wounds against this attack, none when no
    card leaves fewer than no card (hypergeometric over the defences ranked by wounds).

    ``distance`` is measured (D-11) and ``cover`` is the target's cover (``hard`` for
    a hidden target within reach, D-12), exactly as the engine passes them.
    ``defence`` is the deprecated spelling of ``defense`` (give one of them).

    ``defender_abilities`` (B1): Cover 1-3 are used on the heart it plays, Picture-Book 10
    raises its 10s, Wild 2 makes each of its 2s a joker, and with Queen of Hearts it adds
    the highest other (non-joker) card of its hand to its heart (D-26); the best choice of
    a whole hand is then counted exactly (:func:`_defended`).
    """
    if (defense is None) == (defence is None):
        raise TypeError("attack_odds() takes the defender's odds as defense= (one of them)")
    odds = defense if defense is not None else defence
    assert odds is not None
    rules = Ruleset.load(ruleset)
    attack = to_card(card)
    key = rules.weapon_key(weapon)
    level = cover if isinstance(cover, CoverLevel) else parse_word(CoverLevel, cover, "cover")
    abilities = tuple(sorted(str(a) for a in attacker_abilities))
    sharp = Ability.SHARPSHOOTER in abilities
    band = rules.band_index(distance, sharpshooter=sharp)
    bare = resolved_wounds(attack, key, band, distance, None, level, abilities, rules)
    guarded = parse_abilities(defender_abilities, "defender")
    if guarded:
        shot = _Shot(attack, key, band, float(distance), level, abilities, rules, bare)
        found = _defended(shot, odds, guarded)
        return AttackOdds(attack, key, float(distance), level, odds, found, guarded)
    ranked = sorted(
        (min(bare, resolved_wounds(attack, key, band, distance, c, level, abilities, rules)), n)
        for c, n in odds.pool
    )
    total, h = odds.unseen, odds.hand_size
    ways = comb(total, h)
    dist: dict[int, Fraction] = {}
    above = 0
    for w, n in ranked:  # best defence = the first class of the ranking the hand holds
        free = total - above
        p = Fraction(comb(free, h) - comb(free - n, h), ways)
        if p:
            dist[w] = dist.get(w, Fraction(0)) + p
        above += n
    p_none = Fraction(comb(total - above, h), ways)
    if p_none:
        dist[bare] = dist.get(bare, Fraction(0)) + p_none
    return AttackOdds(attack, key, float(distance), level, odds, tuple(sorted(dist.items())))


@dataclass(frozen=True, slots=True)
class _Shot:
    """One attack, normalised, for ranking a defender's choices."""

    card: Card
    weapon: str
    band: int | None
    distance: float
    cover: CoverLevel
    abilities: tuple[str, ...]
    rules: Ruleset
    bare: int
    """The wounds when no card is played."""

    def wounds(
        self, heart: Card | None, extra: Card | None = None, guard: tuple[str, ...] = ()
    ) -> int:
        """Wounds against ``heart`` (a joker stands for any joker-like card) with the
        defender's ``guard`` abilities and a Queen of Hearts ``extra``; never more than
        with no card (the defender may keep its cards)."""
        if heart is None:
            return self.bare
        if extra is not None:
            guard = (*guard, Ability.QUEEN_OF_HEARTS.value)
        found = resolved_wounds(
            self.card,
            self.weapon,
            self.band,
            self.distance,
            heart,
            self.cover,
            self.abilities,
            self.rules,
            defender_abilities=guard,
            extra_defense=extra,
        )
        return min(self.bare, found)


_State = tuple[int, Card | None, Card | None, int, int]
"""Cards drawn so far, the top (highest non-joker) card, a heart drawn alone at the top
whose Queen of Hearts card is still open, how many non-joker cards (0, 1, 2 = more),
the fewest wounds among the choices already known."""


def _card_classes(
    defense: DefenseOdds, rules: Ruleset, *, wild: bool, queen: bool
) -> tuple[int, int, list[tuple[int, bool, Card, int]]]:
    """The unseen cards by class: jokers (with Wild 2 the 2s too), blanks (cards that change
    nothing), and the others as (value, heart?, card, count), highest value first."""
    jokers = 0
    cards: list[tuple[int, bool, Card, int]] = []
    for card, n in (*defense.pool, *defense.rest):
        if card.is_joker or (wild and card.rank is Rank.TWO):
            jokers += n
        else:
            cards.append((rules.card_value(card), card.suit is Suit.HEARTS, card, n))
    cards.sort(key=lambda c: c[0], reverse=True)
    blank = defense.unseen - jokers - sum(c[3] for c in cards)
    if blank < 0 or (queen and blank):
        raise ValueError(
            "these defence odds do not list every unseen card (DefenseOdds.rest): "
            "build them with defense_odds()"
        )
    return jokers, blank, cards


def _defended(
    shot: _Shot, defense: DefenseOdds, guarded: tuple[Ability, ...]
) -> tuple[tuple[int, Fraction], ...]:
    """The wound distribution when a defender with ``guarded`` abilities plays its best
    choice of a random hand: exact, by counting hands class by class (highest value
    first) and keeping only what decides the best choice (:data:`_State`)."""
    rules = shot.rules
    wild = Ability.WILD_2 in guarded
    queen = Ability.QUEEN_OF_HEARTS in guarded
    guard = tuple(
        sorted(a.value for a in guarded if a not in (Ability.WILD_2, Ability.QUEEN_OF_HEARTS))
    )
    jokers, blank, cards = _card_classes(defense, rules, wild=wild, queen=queen)
    h = defense.hand_size
    joker_wounds = shot.wounds(Card(None, None))
    states: dict[_State, int] = {(0, None, None, 0, shot.bare): 1}

    def draw(count: int, after: Callable[[_State, int], _State]) -> None:
        """Draw up to ``count`` cards of one kind into every state (``after`` updates it)."""
        nonlocal states
        nxt: dict[_State, int] = {}
        for state, ways in states.items():
            for j in range(min(count, h - state[0]) + 1):
                new = state if j == 0 else after(state, j)
                nxt[new] = nxt.get(new, 0) + ways * comb(count, j)
        states = nxt

    def with_joker(state: _State, j: int) -> _State:
        """The state after ``j`` jokers drawn."""
        k, top, alone, many, best = state
        return (k + j, top, alone, many, min(best, joker_wounds))

    def plain(state: _State, j: int) -> _State:
        """The state after ``j`` cards that change nothing."""
        return (state[0] + j, *state[1:])

    draw(jokers, with_joker)
    draw(blank, plain)
    for _value, heart, card, n in cards:

        def with_card(state: _State, j: int, heart: bool = heart, card: Card = card) -> _State:
            """The state after ``j`` copies of ``card`` drawn."""
            k, top, alone, many, best = state
            if not queen:
                if heart:
                    best = min(best, shot.wounds(card, None, guard))
                return (k + j, top, alone, many, best)
            if many == 0:  # the hand's highest card(s)
                if j == 1:
                    return (k + j, card, card if heart else None, 1, best)
                if heart:  # two of a value: each heart adds the other
                    best = min(best, shot.wounds(card, card, guard))
                return (k + j, card, None, 2, best)
            if alone is not None:  # the top heart adds the next card
                best = min(best, shot.wounds(alone, card, guard))
            if heart:
                best = min(best, shot.wounds(card, top, guard))
            return (k + j, top, None, 2, best)

        draw(n, with_card)
    dist: dict[int, int] = {}
    for (k, _top, alone, _many, best), ways in states.items():
        if k != h:
            continue
        if alone is not None:  # a single non-joker card: the heart alone
            best = min(best, shot.wounds(alone, None, guard))
        dist[best] = dist.get(best, 0) + ways
    total = comb(defense.unseen, h)
    assert sum(dist.values()) == total
    return tuple((w, Fraction(n, total)) for w, n in sorted(dist.items()) if n)
