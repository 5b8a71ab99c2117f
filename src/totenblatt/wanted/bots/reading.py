"""What the heuristic bot reads from a view: its figures and cards, exact attack scores, spots.

Everything here is a pure function of one view (and the public rules and table).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from totenblatt.cards import Card, Rank, Suit
from totenblatt.wanted.engine.actions import Attack, Move
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.odds import DefenseOdds, defense_odds, resolved_wounds, unseen_cards
from totenblatt.wanted.rules import MISS, Ruleset
from totenblatt.wanted.vocab import Ability, CoverLevel

if TYPE_CHECKING:
    from totenblatt.wanted.table.measure import Table

__all__ = [
    "APPROACH",
    "EXPOSURE_WEIGHT",
    "JOKER_COST",
    "KILL_BONUS",
    "Decision",
    "Fig",
    "proxy_table",
]

Point = tuple[float, float]

KILL_BONUS = 2.0
"""A kill is worth this many wounds more (the enemy stops shooting; the killer gains HP)."""
JOKER_COST = 1.5
"""What a joker in hand is worth, in wounds: it is spent only where it pays more."""
EXPOSURE_WEIGHT = 0.35
"""Weight of the danger at a spot against its offence (an enemy shoots one target a turn)."""
APPROACH = 0.03
"""Score per inch closer to an enemy when none is in reach."""


class Reader(Protocol):
    """What a reading asks of its bot: the view's rules and table, memoised measurements."""

    def context(self, view: View) -> tuple[Ruleset, Table]: ...
    def sight(self, table: Table, a: Point, b: Point) -> tuple[float, bool]: ...
    def cover(self, table: Table, attacker: Point, target: Point) -> CoverLevel: ...
    def proxy(self, rules: Ruleset) -> dict[int, float]: ...
    def ideal(self, rules: Ruleset, weapon: str) -> float: ...


_ATTACKING = (Ability.SHARPSHOOTER, Ability.PICTURE_BOOK_10)
"""The abilities a figure always brings to its attacks (Wild 2 only to a 2 played wild)."""


@dataclass(slots=True)
class Fig:
    name: str
    seat: int
    team: int
    weapon: str
    pos: Point
    hp: int
    hidden: bool
    abilities: tuple[str, ...] = ()

    @property
    def sharp(self) -> bool:
        """Sharpshooter (B1 K): the longer range bands."""
        return Ability.SHARPSHOOTER in self.abilities

    def attacking(self, wild: bool) -> tuple[str, ...]:
        """The abilities ``resolve_attack`` gets for this attacker (a wild 2: ``wild_2``)."""
        out = tuple(a for a in _ATTACKING if a in self.abilities)
        return (*out, Ability.WILD_2) if wild else out


def proxy_table(rules: Ruleset) -> dict[int, float]:
    """Expected wounds of an average spade by net modifier (weapon minus cover), defence 3."""
    values = [rules.card_value(Card.parse(f"{r}♠")) for r in "23456789TJQKA"]
    out: dict[int, float] = {}
    for m in range(-12, 13):
        out[m] = sum(rules.base_wounds(v + m - 3) for v in values) / len(values)
    return out


class Decision:
    """Everything the bot works out once for one view."""

    def __init__(self, bot: Reader, view: View) -> None:
        self.bot = bot
        self.view = view
        self.rules, self.table = bot.context(view)
        self.seat: int = view["seat"]
        teams = view["teams"]
        self.team = teams[self.seat]
        self.figures: dict[str, Fig] = {}
        for f in view["figures"]:
            if f["out"]:
                continue
            pos = (float(f["position"][0]), float(f["position"][1]))
            fig = Fig(
                f["name"],
                f["seat"],
                f["team"],
                f["weapon"],
                pos,
                f["hp"],
                f["hidden"],
                tuple(f["abilities"]) if self.rules.abilities.enabled else (),
            )
            self.figures[fig.name] = fig
        self.own = [f for f in self.figures.values() if f.seat == self.seat]
        self.enemies = [f for f in self.figures.values() if f.team != self.team]
        self.hand = [Card.parse(c) for c in view["hand"]]
        self._unseen: Counter[Card] | None = None
        self._defence: dict[int, list[tuple[Card | None, float]]] = {}
        self.proxy = bot.proxy(self.rules)
        self.reach = self.rules.hidden.attack_reach
        self._stances: dict[tuple[str, Point, bool], tuple[float, float, float]] = {}
        self._spots: dict[tuple[str, Point, bool], float] = {}

    # -- cards ---------------------------------------------------------------------

    @property
    def unseen(self) -> Counter[Card]:
        if self._unseen is None:
            self._unseen = unseen_cards(self.view, self.rules)
        return self._unseen

    def defence(self, target: Fig) -> list[tuple[Card | None, float]]:
        """The best defences of the hand that defends ``target`` (its own, per character)."""
        sizes = self.view.get("figure_hand_sizes")
        size = sizes[target.name] if sizes else self.view["hand_sizes"][target.seat]
        found = self._defence.get(size)
        if found is None:
            odds: DefenseOdds = defense_odds(self.unseen, size, self.rules)
            found = [(card, float(p)) for card, p in odds.outcomes]
            self._defence[size] = found
        return found

    def value(self, card: Card) -> int:
        return self.rules.card_value(card)

    # -- the table -----------------------------------------------------------------

    def sight(self, a: Point, b: Point) -> tuple[float, bool]:
        return self.bot.sight(self.table, a, b)

    def cover_mod(self, attacker: Point, target: Point, hidden: bool) -> int:
        level = CoverLevel.HARD if hidden else self.bot.cover(self.table, attacker, target)
        return self.rules.cover_modifier(level)

    def modifier(self, weapon: str, distance: float, sharp: bool = False) -> int | None:
        mod = self.rules.range_modifier(weapon, distance, sharpshooter=sharp)
        return None if mod == MISS else int(mod)

    def cards_of(self, fig: Fig) -> list[Card]:
        """The cards that may be played for ``fig``: its own hand per character (D-5)."""
        hands = self.view.get("figure_hands")
        if hands is None:
            return self.hand
        return [Card.parse(c) for c in hands.get(fig.name, [])]

    def shots(self, fig: Fig) -> list[tuple[Card, bool]]:
        """(card, wild) pairs ``fig`` may shoot with: spades, jokers, 2s with Wild 2."""
        wild = Ability.WILD_2 in fig.abilities
        out: list[tuple[Card, bool]] = []
        for c in dict.fromkeys(self.cards_of(fig)):
            if c.suit is Suit.SPADES or c.is_joker:
                out.append((c, False))
            if wild and c.rank is Rank.TWO:
                out.append((c, True))
        return out

    # -- attacks -------------------------------------------------------------------

    def can_shoot(self, attacker: Fig, target: Fig) -> tuple[float, int] | None:
        """(distance, cover modifier) when ``attacker`` could shoot ``target`` once revealed."""
        distance, line = self.sight(attacker.pos, target.pos)
        if not line or (target.hidden and distance > self.reach):
            return None
        if self.modifier(attacker.weapon, distance, attacker.sharp) is None:
            return None
        return distance, self.cover_mod(attacker.pos, target.pos, target.hidden)

    def attack_score(self, card: Card, attacker: Fig, target: Fig, wild: bool = False) -> float:
        """Expected wounds that count (up to the kill) plus the kill bonus, exact odds."""
        shot = self.can_shoot(attacker, target)
        if shot is None:
            return -1.0
        distance, _ = shot
        cover = (
            CoverLevel.HARD
            if target.hidden
            else self.bot.cover(self.table, attacker.pos, target.pos)
        )
        band = self.rules.band_index(distance, sharpshooter=attacker.sharp)
        abilities = attacker.attacking(wild)
        deadly = target.hp + 1
        score = 0.0
        for heart, p in self.defence(target):
            w = resolved_wounds(
                card, attacker.weapon, band, distance, heart, cover, abilities, self.rules
            )
            score += p * (min(w, deadly) + (KILL_BONUS if w >= deadly else 0.0))
        if card.is_joker or wild:
            score -= JOKER_COST
        return score

    def best_attacks(
        self, only: Sequence[Card] | None = None
    ) -> list[tuple[float, Attack, Fig, Fig]]:
        """Every possible attack (hidden attackers too: they can reveal first), best first."""
        out: list[tuple[float, Attack, Fig, Fig]] = []
        for attacker in self.own:
            shots = [s for s in self.shots(attacker) if only is None or s[0] in only]
            if not shots:
                continue
            for target in self.enemies:
                if self.can_shoot(attacker, target) is None:
                    continue
                for card, wild in shots:
                    score = self.attack_score(card, attacker, target, wild)
                    attack = Attack(card, attacker.name, target.name, wild)
                    out.append((score, attack, attacker, target))
        out.sort(key=lambda item: (-item[0], self.value(item[1].card)))
        return out

    # -- positions -----------------------------------------------------------------

    def spot_value(self, fig: Fig, pos: Point, hidden: bool) -> float:
        """Offence minus weighted exposure of ``fig`` standing at ``pos``."""
        key = (fig.name, pos, hidden)
        found = self._spots.get(key)
        if found is not None:
            return found
        offence, nearest = self._offence(fig, pos)
        exposure = 0.0
        for threat in self._threats(pos, hidden, inward=True):
            exposure += threat
        weight = EXPOSURE_WEIGHT * (1.6 if fig.hp <= 2 else 1.0)
        score = offence - weight * exposure
        if offence == 0.0 and nearest < math.inf:
            score -= APPROACH * max(0.0, nearest - self.bot.ideal(self.rules, fig.weapon))
        self._spots[key] = score
        return score

    def move_gain(self, move: Move) -> float:
        """How much ``move`` improves its movers' spots (:meth:`spot_value` after less before)."""
        gain = 0.0
        for step in move.steps:
            fig = self.figures.get(step.figure)
            if fig is None:
                continue
            before = self.spot_value(fig, fig.pos, fig.hidden)
            gain += self.spot_value(fig, step.path[-1], step.hide) - before
        return gain

    def _offence(self, fig: Fig, pos: Point) -> tuple[float, float]:
        """The best shot of ``fig`` at ``pos`` (:meth:`_shot`, 0 without one) and the distance
        to the nearest enemy."""
        offence = 0.0
        nearest = math.inf
        for enemy in self.enemies:
            distance, line = self.sight(pos, enemy.pos)
            nearest = min(nearest, distance)
            if not line:
                continue
            gain = self._shot(fig, pos, enemy, distance)
            if gain is not None:
                offence = max(offence, gain)
        return offence, nearest

    def _shot(self, fig: Fig, pos: Point, enemy: Fig, distance: float) -> float | None:
        """Expected wounds of ``fig`` at ``pos`` shooting ``enemy`` in sight ``distance`` away
        (a nearly dead one counting 1.5 times); None when it cannot shoot it."""
        mine = self.modifier(fig.weapon, distance, fig.sharp)
        if mine is None or (enemy.hidden and distance > self.reach):
            return None
        cover = self.cover_mod(pos, enemy.pos, enemy.hidden)
        return self.proxy[max(-12, min(12, mine - cover))] * (1.5 if enemy.hp <= 1 else 1.0)

    def _threats(self, pos: Point, hidden: bool, *, inward: bool) -> Iterator[float]:
        """The expected wounds of each enemy that can shoot at a figure at ``pos`` (enemy
        order; a hidden one only within reach), the sight measured from the enemy
        (``inward``) or from ``pos``."""
        for enemy in self.enemies:
            distance, line = self.sight(enemy.pos, pos) if inward else self.sight(pos, enemy.pos)
            if not line or (hidden and distance > self.reach):
                continue
            threat = self._threat(enemy, pos, hidden, distance)
            if threat is not None:
                yield threat

    def _threat(self, enemy: Fig, pos: Point, hidden: bool, distance: float) -> float | None:
        """Expected wounds of ``enemy`` shooting at a figure at ``pos`` in sight ``distance``
        away; None when it cannot shoot."""
        theirs = self.modifier(enemy.weapon, distance, enemy.sharp)
        if theirs is None:
            return None
        cover = self.cover_mod(enemy.pos, pos, hidden)
        return self.proxy[max(-12, min(12, theirs - cover))]

    def stance(self, fig: Fig, pos: Point, hidden: bool) -> tuple[float, float, float]:
        """``fig`` standing at ``pos``: its best shot (expected wounds, a nearly dead target
        counting 1.5 times), the best enemy shot at it, and the distance to the nearest enemy."""
        key = (fig.name, pos, hidden)
        found = self._stances.get(key)
        if found is not None:
            return found
        offence, nearest = self._offence(fig, pos)
        threat = max((0.0, *self._threats(pos, hidden, inward=False)))
        found = (offence, threat, nearest)
        self._stances[key] = found
        return found
