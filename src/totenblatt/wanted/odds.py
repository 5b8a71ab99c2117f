"""Exact odds of an attack from one seat's point of view (A8-A12), as fractions.

The assumption (:data:`ASSUMPTION`): the defender's hand is a uniformly random
set of its known hand size drawn from the cards this seat has not seen — the
full deck(s) of the ruleset minus the seat's own hand minus every card seen in
its view (played face up, or discarded by the seat itself since the last
shuffle) — and the defender plays the heart or joker of that hand that leaves the
fewest wounds, none when no card helps. Each case is resolved with
:func:`~totenblatt.wanted.combat.resolve_attack` and weighted by hypergeometric
counting, so the result is exact and needs no sampling. :func:`defense_odds`
describes the hand once; :func:`attack_odds` ranks its defences for one attack.

>>> from totenblatt.cards import Card
>>> unseen = [Card.parse(c) for c in ("4♥", "K♥", "2♣", "3♣")]
>>> defense = defense_odds(unseen, hand_size=2)
>>> [(str(c) if c else None, p) for c, p in defense.outcomes]
[('K♥', Fraction(1, 2)), ('4♥', Fraction(1, 3)), (None, Fraction(1, 6))]
>>> odds = attack_odds("Q♠", weapon="winchester", distance=7, cover="medium", defense=defense)
>>> odds.distribution, odds.hit, odds.expected
({0: Fraction(1, 2), 3: Fraction(1, 3), 4: Fraction(1, 6)}, Fraction(1, 2), Fraction(5, 3))

The defender's abilities count too (Cover 1-3 used on the heart, Queen of Hearts adding the
hand's best other card, Picture-Book 10, Wild 2 making every 2 a joker):

>>> attack_odds("Q♠", weapon="winchester", distance=7, cover="medium", defense=defense,
...             defender_abilities=["cover_3"]).distribution
{0: Fraction(1, 2), 2: Fraction(1, 3), 4: Fraction(1, 6)}

At a real table, :func:`shot_odds` draws the defender's hand from the deck minus the cards
known to the shooter, :func:`hand_odds` ranks the attacks of a whole hand ("which spade?")
and :func:`out_odds` is the chance the target is out (A11, Nine Lives' draw included).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any

from totenblatt.cards import Card, CardLike, Rank, Suit, full_deck, to_card
from totenblatt.messages import Message, MessageError
from totenblatt.wanted.combat import (
    ATTACKER_ABILITIES,
    JOKER_HIGH,
    nine_lives_survives,
    parse_abilities,
    resolve_attack,
)
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel, parse_word

if TYPE_CHECKING:  # the odds of one shot need neither the engine nor the table geometry
    from totenblatt.wanted.engine.actions import Attack
    from totenblatt.wanted.engine.views import View
    from totenblatt.wanted.table.measure import Table

__all__ = [
    "ASSUMPTION",
    "ASSUMPTION_MESSAGE",
    "AttackOdds",
    "DefenseOdds",
    "HandOption",
    "KnownCardsError",
    "attack_odds",
    "defense_odds",
    "hand_odds",
    "nine_lives_odds",
    "odds_report",
    "out_odds",
    "resolved_wounds",
    "shot_odds",
    "table_pool",
    "unseen_cards",
    "view_attack_odds",
    "view_table",
]

ASSUMPTION_MESSAGE = Message(
    "Odds assume the defender's hand is a random draw of its size from the cards you have "
    "not seen (full deck minus your hand minus every card seen), and that it plays the "
    "heart or joker that leaves the fewest wounds, or none when no card helps."
)
"""The assumption behind every figure of this module, for the text layer."""

ASSUMPTION = ASSUMPTION_MESSAGE.english()
"""The same assumption in English (the German text is in the catalogs)."""


@dataclass(frozen=True, slots=True)
class DefenseOdds:
    """The chance of each best defence of a hidden hand: a joker, a heart, or none (None)."""

    hand_size: int
    """Cards in the defender's hand (capped at ``unseen``)."""
    unseen: int
    """Cards the hand is drawn from."""
    outcomes: tuple[tuple[Card | None, Fraction], ...]
    """The strongest card held (a joker, else the highest heart, else None), strongest
    first; a heart stands for every heart of its value and tier."""
    pool: tuple[tuple[Card, int], ...] = ()
    """Every defence card among the unseen: (a joker or one heart per value and tier,
    how many of them); :func:`attack_odds` ranks them by the wounds they leave."""
    rest: tuple[tuple[Card, int], ...] = ()
    """Every other unseen card: (one card per game value, a 2 apart, how many of them) —
    what a Queen of Hearts may add to a heart, or a 2 that Wild 2 makes a joker."""


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact distribution of wounds of one attack under :data:`ASSUMPTION`."""

    card: Card
    weapon: str
    distance: float
    cover: CoverLevel
    defense: DefenseOdds
    wounds: tuple[tuple[int, Fraction], ...]
    """(wounds, probability), fewest wounds first; probabilities sum to 1."""
    defender_abilities: tuple[Ability, ...] = ()
    """The defender's abilities, as given (Cover 1-3: used on the heart it plays)."""

    @property
    def defence(self) -> DefenseOdds:
        """Deprecated spelling of :attr:`defense`."""
        return self.defense

    @property
    def distribution(self) -> dict[int, Fraction]:
        """Wounds -> probability."""
        return dict(self.wounds)

    @property
    def hit(self) -> Fraction:
        """The chance of at least one wound."""
        return sum((p for w, p in self.wounds if w > 0), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """The expected number of wounds."""
        return sum((w * p for w, p in self.wounds), Fraction(0))

    def at_least(self, wounds: int) -> Fraction:
        """The chance of ``wounds`` or more wounds (e.g. the target's HP + 1 for a kill)."""
        return sum((p for w, p in self.wounds if w >= wounds), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON: fractions as text (exact) and as floats."""
        return {
            "attack": str(self.card),
            "weapon": self.weapon,
            "distance": self.distance,
            "cover": self.cover.value,
            "hand": self.defense.hand_size,
            "unseen": self.defense.unseen,
            "wounds": {str(w): str(p) for w, p in self.wounds},
            "wounds_float": {str(w): float(p) for w, p in self.wounds},
            "hit": str(self.hit),
            "hit_float": float(self.hit),
            "expected": str(self.expected),
            "expected_float": float(self.expected),
        }


def _heart_key(card: Card, rules: Ruleset) -> tuple[int, int]:
    return (rules.card_value(card), int(rules.tier(card)))


def defense_odds(
    unseen: Iterable[Card] | Mapping[Card, int],
    hand_size: int,
    ruleset: str | Path | Ruleset = "base",
) -> DefenseOdds:
    """The chance of each best defence when ``hand_size`` cards are drawn from ``unseen``.

    Hypergeometric: the best defence is class k when the hand holds no card of a
    better class and at least one of class k.
    """
    rules = Ruleset.load(ruleset)
    counts = Counter(unseen) if not isinstance(unseen, Mapping) else Counter(dict(unseen))
    if hand_size < 0:
        raise ValueError(f"hand_size must be >= 0, got {hand_size!r}")
    total = sum(n for n in counts.values() if n > 0)
    h = min(hand_size, total)
    jokers = sum(n for c, n in counts.items() if c.is_joker and n > 0)
    hearts: dict[tuple[int, int], tuple[Card, int]] = {}
    for card, n in counts.items():
        if n > 0 and card.suit is Suit.HEARTS:
            key = _heart_key(card, rules)
            best, seen = hearts.get(key, (card, 0))
            hearts[key] = (max(best, card, key=lambda c: c.rank or 0), seen + n)
    classes: list[tuple[Card, int]] = []
    if jokers:
        classes.append((Card(None, None), jokers))
    classes += [hearts[key] for key in sorted(hearts, reverse=True)]
    ways = comb(total, h)
    outcomes: list[tuple[Card | None, Fraction]] = []
    above = 0
    for card, n in classes:
        free = total - above
        p = Fraction(comb(free, h) - comb(free - n, h), ways)
        if p:
            outcomes.append((card, p))
        above += n
    p_none = Fraction(comb(total - above, h), ways)
    if p_none:
        outcomes.append((None, p_none))
    others: dict[tuple[int, bool], tuple[Card, int]] = {}
    for card, n in counts.items():
        if n > 0 and not card.is_joker and card.suit is not Suit.HEARTS:
            key2 = (rules.card_value(card), card.rank is Rank.TWO)
            best, seen = others.get(key2, (card, 0))
            others[key2] = (best, seen + n)
    rest = tuple(others[key2] for key2 in sorted(others, reverse=True))
    return DefenseOdds(h, total, tuple(outcomes), tuple(classes), rest)


DefenceOdds = DefenseOdds
"""Deprecated alias of :class:`DefenseOdds` (the API spells it "defense")."""
defence_odds = defense_odds
"""Deprecated alias of :func:`defense_odds`."""


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
        found = resolve_attack(
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
        if len(cache) > 100_000:
            cache.clear()
        cache[key] = found
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
    jokers = 0
    cards: list[tuple[int, bool, Card, int]] = []  # (value, heart?, card, count)
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
    h = defense.hand_size
    joker_wounds = shot.wounds(Card(None, None))
    states: dict[_State, int] = {(0, None, None, 0, shot.bare): 1}

    def draw(count: int, after: Callable[[_State, int], _State]) -> None:
        nonlocal states
        nxt: dict[_State, int] = {}
        for state, ways in states.items():
            for j in range(min(count, h - state[0]) + 1):
                new = state if j == 0 else after(state, j)
                nxt[new] = nxt.get(new, 0) + ways * comb(count, j)
        states = nxt

    def with_joker(state: _State, j: int) -> _State:
        k, top, alone, many, best = state
        return (k + j, top, alone, many, min(best, joker_wounds))

    def plain(state: _State, j: int) -> _State:
        return (state[0] + j, *state[1:])

    draw(jokers, with_joker)
    draw(blank, plain)
    for _value, heart, card, n in cards:

        def with_card(state: _State, j: int, heart: bool = heart, card: Card = card) -> _State:
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


# -- at a real table --------------------------------------------------------------------


class KnownCardsError(MessageError):
    """Cards said to be known (in hand, seen) more often than the deck holds them."""


def table_pool(known: Iterable[CardLike], ruleset: str | Path | Ruleset = "base") -> Counter[Card]:
    """The ruleset's deck(s) minus every card ``known`` to the shooter: what a defender's
    hand at a real table is drawn from.

    >>> len(list(table_pool(["Q♠", "3♠", "Joker"]).elements()))
    51
    """
    rules = Ruleset.load(ruleset)
    pool = Counter(full_deck(rules.cards.jokers) * rules.cards.deck_count)
    for item in known:
        card = to_card(item)
        if pool[card] <= 0:
            raise KnownCardsError(
                Message(
                    "{card} is counted more often than the deck holds it (your cards and "
                    "the cards seen)",
                    card=card,
                )
            )
        pool[card] -= 1
    return +pool


def shot_odds(
    card: CardLike,
    *,
    weapon: str,
    distance: float,
    cover: CoverLevel | str = CoverLevel.NONE,
    hand_size: int = 5,
    seen: Iterable[CardLike] = (),
    attacker_abilities: Iterable[str | Ability] = (),
    defender_abilities: Iterable[str | Ability] = (),
    ruleset: str | Path | Ruleset = "base",
) -> AttackOdds:
    """The odds of one shot at a real table: the defender holds ``hand_size`` cards of
    the deck minus ``card`` and the cards ``seen`` (:func:`table_pool`) and plays its best.

    >>> shot_odds("Q♠", weapon="winchester", distance=7, cover="medium").hit
    Fraction(174537, 409955)
    """
    rules = Ruleset.load(ruleset)
    attack = to_card(card)
    pool = table_pool([attack, *seen], rules)
    return attack_odds(
        attack,
        weapon=weapon,
        distance=distance,
        cover=cover,
        defense=defense_odds(pool, hand_size, rules),
        attacker_abilities=[a.value for a in parse_abilities(attacker_abilities, "attacker")],
        defender_abilities=defender_abilities,
        ruleset=rules,
    )


@dataclass(frozen=True, slots=True)
class HandOption:
    """One attack a hand offers: a card (a 2 played as a joker when ``wild``) and its odds."""

    card: Card
    wild: bool
    odds: AttackOdds


def hand_odds(
    hand: Iterable[CardLike],
    *,
    weapon: str,
    distance: float,
    cover: CoverLevel | str = CoverLevel.NONE,
    hand_size: int = 5,
    seen: Iterable[CardLike] = (),
    attacker_abilities: Iterable[str | Ability] = (),
    defender_abilities: Iterable[str | Ability] = (),
    ruleset: str | Path | Ruleset = "base",
) -> tuple[HandOption, ...]:
    """Which spade to play: every attack of ``hand`` with its exact odds, best first.

    The attacks are each spade and joker of the hand, and with Wild 2 each 2 played as a
    joker (a 2♠ also as the number 2). The defender's hand is drawn from the deck minus
    the whole ``hand`` and the cards ``seen``. Best first: more expected wounds, then a
    higher chance to hit, then the card worth less (keep the better cards: of equal
    value the lower rank, a 10 before a king), then a 2 played wild before a joker.

    >>> [str(o.card) for o in hand_odds(["Q♠", "3♠", "7♣"], weapon="colt", distance=4)]
    ['Q♠', '3♠']
    """
    rules = Ruleset.load(ruleset)
    cards = [to_card(c) for c in hand]
    abilities = parse_abilities(attacker_abilities, "attacker")
    plain = [a.value for a in abilities if a is not Ability.WILD_2]
    wild = Ability.WILD_2 in abilities
    pool = table_pool([*cards, *seen], rules)
    defense = defense_odds(pool, hand_size, rules)
    choices: list[tuple[Card, bool]] = []
    for card in cards:
        if card.is_joker or card.suit is Suit.SPADES:
            choices.append((card, False))
        if wild and card.rank is Rank.TWO:
            choices.append((card, True))
    options: list[HandOption] = []
    for card, as_joker in dict.fromkeys(choices):
        odds = attack_odds(
            card,
            weapon=weapon,
            distance=distance,
            cover=cover,
            defense=defense,
            attacker_abilities=[*plain, Ability.WILD_2.value] if as_joker else plain,
            defender_abilities=defender_abilities,
            ruleset=rules,
        )
        options.append(HandOption(card, as_joker, odds))

    def worth(o: HandOption) -> tuple[Fraction, Fraction, int, int, bool]:
        if o.card.is_joker or o.wild:
            return (-o.odds.expected, -o.odds.hit, JOKER_HIGH, JOKER_HIGH, o.card.is_joker)
        value, rank = rules.card_value(o.card), int(o.card.rank or 0)
        return (-o.odds.expected, -o.odds.hit, value, rank, False)

    return tuple(sorted(options, key=worth))


def nine_lives_odds(ruleset: str | Path | Ruleset = "base") -> Fraction:
    """The chance a killed figure with Nine Lives stays in the game: its card beats its
    killer's, both drawn from a full deck of the ruleset (D-24).

    >>> nine_lives_odds()
    Fraction(628, 1431)
    """
    rules = Ruleset.load(ruleset)
    deck = Counter(full_deck(rules.cards.jokers) * rules.cards.deck_count)
    size = sum(deck.values())
    wins = 0
    for own, a in deck.items():
        for killer, b in deck.items():
            pairs = a * (b - 1) if own == killer else a * b
            if nine_lives_survives(own, killer, rules):
                wins += pairs
    return Fraction(wins, size * (size - 1))


def out_odds(
    odds: AttackOdds,
    target_hp: int,
    *,
    nine_lives: bool = False,
    ruleset: str | Path | Ruleset = "base",
) -> Fraction:
    """The chance the target at ``target_hp`` is out after the attack (A11): at least
    ``target_hp + 1`` wounds, and with Nine Lives its draw lost.

    >>> odds = shot_odds("Joker", weapon="colt", distance=3, hand_size=0)
    >>> out_odds(odds, 1), out_odds(odds, 2), out_odds(odds, 1, nine_lives=True)
    (Fraction(1, 1), Fraction(0, 1), Fraction(803, 1431))
    """
    if isinstance(target_hp, bool) or not isinstance(target_hp, int) or target_hp < 0:
        raise ValueError(f"target_hp must be a whole number >= 0, got {target_hp!r}")
    killed = odds.at_least(target_hp + 1)
    return killed * (1 - nine_lives_odds(ruleset)) if nine_lives else killed


def odds_report(
    odds: AttackOdds,
    *,
    attacker_abilities: Iterable[str | Ability] = (),
    target_hp: int | None = None,
    nine_lives: bool = False,
    ruleset: str | Path | Ruleset = "base",
) -> dict[str, Any]:
    """The figures of ``odds`` as JSON — what ``odds attack --json`` and the companion page
    give: :meth:`AttackOdds.to_dict`, both sides' abilities and, for a target's HP, the
    chance it is out (:func:`out_odds`), exact and as a float."""
    found = odds.to_dict() | {
        "attacker_abilities": [a.value for a in parse_abilities(attacker_abilities, "attacker")],
        "defender_abilities": [a.value for a in odds.defender_abilities],
    }
    if target_hp is not None:
        out = out_odds(odds, target_hp, nine_lives=nine_lives, ruleset=ruleset)
        found |= {
            "target_hp": target_hp,
            "nine_lives": nine_lives,
            "out": str(out),
            "out_float": float(out),
        }
    return found


# -- from a view ------------------------------------------------------------------------


def unseen_cards(view: View, ruleset: str | Path | Ruleset | None = None) -> Counter[Card]:
    """The cards the view's seat has not seen: full deck(s) minus own hand minus seen cards.

    The number of decks is read from the card counts of the view (D-2 may add decks).
    """
    rules = Ruleset.load(ruleset if ruleset is not None else view["ruleset"])
    per_deck = 52 + rules.cards.jokers
    total = sum(view["hand_sizes"]) + view["dead_hand"] + view["draw_pile"] + view["discard_pile"]
    decks = max(rules.cards.deck_count, -(-total // per_deck))
    counts = dict(_deck_counts(rules.cards.jokers, decks))
    for text in (*view["hand"], *view["seen_cards"]):
        card = Card.parse(text)
        counts[card] = counts.get(card, 0) - 1
    return Counter({card: n for card, n in counts.items() if n > 0})


@cache
def _deck_counts(jokers: int, decks: int) -> dict[Card, int]:
    """How often each card is in ``decks`` full decks with ``jokers`` jokers (kept, not copied:
    callers copy)."""
    return dict(Counter(full_deck(jokers) * decks))


def view_table(view: View, ruleset: str | Path | Ruleset | None = None) -> Table:
    """The table of the view's scenario (a built-in name or a scenario file's name)."""
    from totenblatt.wanted.table.scenario import load_scenario

    rules = Ruleset.load(ruleset if ruleset is not None else view["ruleset"])
    return load_scenario(view["scenario"]).table(rules)


def view_attack_odds(
    view: View,
    attack: Attack | tuple[CardLike, str, str],
    *,
    table: Table | None = None,
    ruleset: str | Path | Ruleset | None = None,
    unseen: Mapping[Card, int] | None = None,
) -> AttackOdds:
    """The odds of ``attack`` (an :class:`Attack` or card, attacker, target) seen from ``view``.

    Distance and cover are measured on the scenario's table as the engine does
    (a hidden target within reach has hard cover); the defender's hand size is public.
    """
    from totenblatt.wanted.engine.actions import Attack

    rules = Ruleset.load(ruleset if ruleset is not None else view["ruleset"])
    if isinstance(attack, Attack):
        card, attacker, target = attack.card, attack.attacker, attack.target
    else:
        card, attacker, target = to_card(attack[0]), attack[1], attack[2]
    figures = {f["name"]: f for f in view["figures"]}
    for name in (attacker, target):
        if name not in figures:
            raise ValueError(f"no figure named {name!r}: expected one of {', '.join(figures)}")
    a, t = figures[attacker], figures[target]
    board = table if table is not None else view_table(view, rules)
    pa, pt = (a["position"][0], a["position"][1]), (t["position"][0], t["position"][1])
    distance = board.distance(pa, pt)
    cover = CoverLevel.HARD if t["hidden"] else CoverLevel(board.cover(pa, pt))
    pool = unseen if unseen is not None else unseen_cards(view, rules)
    sizes = view.get("figure_hand_sizes")  # per character the target's own hand defends (D-5)
    defense = defense_odds(pool, sizes[target] if sizes else view["hand_sizes"][t["seat"]], rules)
    abilities: tuple[str, ...] = ()
    if rules.abilities.enabled:
        wild = isinstance(attack, Attack) and attack.wild  # Wild 2 only for a 2 played wild
        abilities = tuple(
            x for x in a["abilities"] if x in ATTACKER_ABILITIES and (wild or x != Ability.WILD_2)
        )
    return attack_odds(
        card,
        weapon=a["weapon"],
        distance=distance,
        cover=cover,
        defense=defense,
        attacker_abilities=abilities,
        ruleset=rules,
    )
