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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any

from totenblatt.cards import Card, CardLike, Suit, full_deck, to_card
from totenblatt.messages import Message
from totenblatt.wanted.combat import ATTACKER_ABILITIES, resolve_attack
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
    "attack_odds",
    "defense_odds",
    "resolved_wounds",
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
    return DefenseOdds(h, total, tuple(outcomes), tuple(classes))


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
) -> int:
    """Wounds of one attack by :func:`resolve_attack`, memoised per range band.

    ``weapon`` is a weapon key and ``band`` the band of ``distance`` (the resolver
    uses the distance only through its band, so results are shared per band).
    """
    entry = _RESOLVED.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_RESOLVED) > 16:
            _RESOLVED.clear()
        entry = _RESOLVED[id(rules)] = (rules, {})
    cache = entry[1]
    key = (card, weapon, band, defense, cover, abilities)
    found = cache.get(key)
    if found is None:
        found = resolve_attack(
            card,
            weapon=weapon,
            distance=distance,
            defense=defense,
            cover=cover,
            attacker_abilities=abilities,
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
) -> AttackOdds:
    """The wound distribution of ``card`` when the defender plays its best card.

    The defender's hand is the random draw ``defense`` describes; it plays the heart or
    joker of that hand that leaves the fewest wounds against this attack, none when no
    card leaves fewer than no card (hypergeometric over the defences ranked by wounds).

    ``distance`` is measured (D-11) and ``cover`` is the target's cover (``hard`` for
    a hidden target within reach, D-12), exactly as the engine passes them.
    ``defence`` is the deprecated spelling of ``defense`` (give one of them).
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


# -- from a view ------------------------------------------------------------------------


def unseen_cards(view: View, ruleset: str | Path | Ruleset | None = None) -> Counter[Card]:
    """The cards the view's seat has not seen: full deck(s) minus own hand minus seen cards.

    The number of decks is read from the card counts of the view (D-2 may add decks).
    """
    rules = Ruleset.load(ruleset if ruleset is not None else view["ruleset"])
    per_deck = 52 + rules.cards.jokers
    total = sum(view["hand_sizes"]) + view["dead_hand"] + view["draw_pile"] + view["discard_pile"]
    decks = max(rules.cards.deck_count, -(-total // per_deck))
    counts = Counter(full_deck(rules.cards.jokers) * decks)
    counts.subtract(Card.parse(c) for c in view["hand"])
    counts.subtract(Card.parse(c) for c in view["seen_cards"])
    return +counts


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
