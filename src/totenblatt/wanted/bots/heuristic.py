"""A bot that plays by rules of thumb and exact odds, from the view and the legal actions only.

It reads the public table of the view's scenario (terrain is public) and scores:

* attacks by the exact expected wounds of :mod:`totenblatt.wanted.odds` (wounds past
  a kill do not count; a kill earns a bonus), so it prefers targets out of cover,
  good range bands and weak figures, and reveals a hidden figure to shoot;
* moves by how a figure's spot changes its offence (its weapon's band and the
  target's cover) against its exposure (enemies with a line of fire, their bands,
  its own cover; hidden figures are safe beyond 2"), closing in when nothing is
  in reach: a shotgun or Colt gets close, a Winchester keeps its range;
* bids: it plays the smallest diamond that takes the lead when it has a good
  attack ready or the enemy has one, never a joker;
* defence: the cheapest heart that makes the attack miss, else the one that saves
  the most wounds; a joker only against a kill or two wounds or more;
* the swap when its hand scores worse than the dead man's hand is expected to,
  and a paid redraw only when the expected gain beats the HP it costs.

>>> from totenblatt.wanted.engine import new_game
>>> from totenblatt.wanted.bots import RandomBot, play_game
>>> game = play_game(new_game("duel", seed=3), [HeuristicBot(1), RandomBot(2)])
>>> game.is_over
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from totenblatt.cards import Card, Suit
from totenblatt.wanted.actions import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    Move,
    Pass,
    Redraw,
    Reveal,
    Swap,
)
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.odds import DefenceOdds, defence_odds, resolved_wounds, unseen_cards
from totenblatt.wanted.rules import MISS, Ruleset
from totenblatt.wanted.scenario import Scenario, load_scenario
from totenblatt.wanted.table import Table
from totenblatt.wanted.vocab import CoverLevel

__all__ = ["HeuristicBot"]

Point = tuple[float, float]

KILL_BONUS = 2.0
"""A kill is worth this many wounds more (the enemy stops shooting; the killer gains HP)."""
JOKER_COST = 1.5
"""What a joker in hand is worth, in wounds: it is spent only where it pays more."""
EXPOSURE_WEIGHT = 0.35
"""Weight of the danger at a spot against its offence (an enemy shoots one target a turn)."""
APPROACH = 0.03
"""Score per inch closer to an enemy when none is in reach."""
REDRAW_MARGIN = 0.25
"""A paid redraw must gain this much more than the HP it costs."""


@dataclass(slots=True)
class _Fig:
    name: str
    seat: int
    team: int
    weapon: str
    pos: Point
    hp: int
    hidden: bool


def _proxy_table(rules: Ruleset) -> dict[int, float]:
    """Expected wounds of an average spade by net modifier (weapon minus cover), defence 3."""
    values = [rules.card_value(Card.parse(f"{r}♠")) for r in "23456789TJQKA"]
    out: dict[int, float] = {}
    for m in range(-12, 13):
        out[m] = sum(rules.base_wounds(v + m - 3) for v in values) / len(values)
    return out


class _Decision:
    """Everything the bot works out once for one view."""

    def __init__(self, bot: HeuristicBot, view: Mapping[str, Any]) -> None:
        self.bot = bot
        self.view = view
        self.rules, self.table = bot.context(view)
        self.seat: int = view["seat"]
        teams = view["teams"]
        self.team = teams[self.seat]
        self.figures: dict[str, _Fig] = {}
        for f in view["figures"]:
            if f["out"]:
                continue
            pos = (float(f["position"][0]), float(f["position"][1]))
            fig = _Fig(f["name"], f["seat"], f["team"], f["weapon"], pos, f["hp"], f["hidden"])
            self.figures[fig.name] = fig
        self.own = [f for f in self.figures.values() if f.seat == self.seat]
        self.enemies = [f for f in self.figures.values() if f.team != self.team]
        self.hand = [Card.parse(c) for c in view["hand"]]
        self._unseen: Counter[Card] | None = None
        self._defence: dict[int, list[tuple[Card | None, float]]] = {}
        self.proxy = bot.proxy(self.rules)
        self.reach = self.rules.hidden.attack_reach

    # -- cards ---------------------------------------------------------------------

    @property
    def unseen(self) -> Counter[Card]:
        if self._unseen is None:
            self._unseen = unseen_cards(self.view, self.rules)
        return self._unseen

    def defence(self, seat: int) -> list[tuple[Card | None, float]]:
        found = self._defence.get(seat)
        if found is None:
            odds: DefenceOdds = defence_odds(self.unseen, self.view["hand_sizes"][seat], self.rules)
            found = [(card, float(p)) for card, p in odds.outcomes]
            self._defence[seat] = found
        return found

    def value(self, card: Card) -> int:
        return self.rules.card_value(card)

    # -- the table -----------------------------------------------------------------

    def sight(self, a: Point, b: Point) -> tuple[float, bool]:
        return self.bot.sight(self.table, a, b)

    def cover_mod(self, attacker: Point, target: Point, hidden: bool) -> int:
        level = CoverLevel.HARD if hidden else self.bot.cover(self.table, attacker, target)
        return self.rules.cover_modifier(level)

    def modifier(self, weapon: str, distance: float) -> int | None:
        mod = self.rules.range_modifier(weapon, distance)
        return None if mod == MISS else int(mod)

    # -- attacks -------------------------------------------------------------------

    def can_shoot(self, attacker: _Fig, target: _Fig) -> tuple[float, int] | None:
        """(distance, cover modifier) when ``attacker`` could shoot ``target`` once revealed."""
        distance, line = self.sight(attacker.pos, target.pos)
        if not line or (target.hidden and distance > self.reach):
            return None
        if self.modifier(attacker.weapon, distance) is None:
            return None
        return distance, self.cover_mod(attacker.pos, target.pos, target.hidden)

    def attack_score(self, card: Card, attacker: _Fig, target: _Fig) -> float:
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
        band = self.rules.band_index(distance)
        deadly = target.hp + 1
        score = 0.0
        for heart, p in self.defence(target.seat):
            w = resolved_wounds(card, attacker.weapon, band, distance, heart, cover, (), self.rules)
            score += p * (min(w, deadly) + (KILL_BONUS if w >= deadly else 0.0))
        if card.is_joker:
            score -= JOKER_COST
        return score

    def best_attacks(self, spades: Sequence[Card]) -> list[tuple[float, Card, _Fig, _Fig]]:
        """Every possible attack (hidden attackers too: they can reveal first), best first."""
        out: list[tuple[float, Card, _Fig, _Fig]] = []
        for attacker in self.own:
            for target in self.enemies:
                if self.can_shoot(attacker, target) is None:
                    continue
                for card in spades:
                    out.append((self.attack_score(card, attacker, target), card, attacker, target))
        out.sort(key=lambda item: (-item[0], self.value(item[1])))
        return out

    def spades(self) -> list[Card]:
        return list(dict.fromkeys(c for c in self.hand if c.suit is Suit.SPADES or c.is_joker))

    # -- positions -----------------------------------------------------------------

    def spot_value(self, fig: _Fig, pos: Point, hidden: bool) -> float:
        """Offence minus weighted exposure of ``fig`` standing at ``pos``."""
        proxy = self.proxy
        offence = 0.0
        nearest = math.inf
        for enemy in self.enemies:
            distance, line = self.sight(pos, enemy.pos)
            nearest = min(nearest, distance)
            if not line:
                continue
            mine = self.modifier(fig.weapon, distance)
            if mine is not None and (not enemy.hidden or distance <= self.reach):
                cover = self.cover_mod(pos, enemy.pos, enemy.hidden)
                gain = proxy[max(-12, min(12, mine - cover))]
                if enemy.hp <= 1:
                    gain *= 1.5
                offence = max(offence, gain)
        exposure = 0.0
        for enemy in self.enemies:
            distance, line = self.sight(enemy.pos, pos)
            if not line or (hidden and distance > self.reach):
                continue
            theirs = self.modifier(enemy.weapon, distance)
            if theirs is None:
                continue
            cover = self.cover_mod(enemy.pos, pos, hidden)
            exposure += proxy[max(-12, min(12, theirs - cover))]
        weight = EXPOSURE_WEIGHT * (1.6 if fig.hp <= 2 else 1.0)
        score = offence - weight * exposure
        if offence == 0.0 and nearest < math.inf:
            score -= APPROACH * max(0.0, nearest - self.bot.ideal(self.rules, fig.weapon))
        return score


class HeuristicBot:
    """Rules of thumb plus exact odds; deterministic for a seed, which breaks ties between moves.

    ``ruleset`` and ``scenario`` name the game's rules and table when the view's
    names cannot be loaded (a ruleset or scenario that is not built in).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        ruleset: str | Path | Ruleset | None = None,
        scenario: str | Path | Scenario | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self._ruleset = None if ruleset is None else Ruleset.load(ruleset)
        self._scenario = None if scenario is None else load_scenario(scenario)
        self._contexts: dict[tuple[str, str], tuple[Ruleset, Table]] = {}
        self._sight: dict[tuple[Point, Point], tuple[float, bool]] = {}
        self._cover: dict[tuple[Point, Point], CoverLevel] = {}
        self._proxy: dict[int, dict[int, float]] = {}
        self._ideal: dict[tuple[int, str], float] = {}
        self._planned: Action | None = None

    # -- shared, memoised knowledge of the (public) rules and table ------------------

    def context(self, view: Mapping[str, Any]) -> tuple[Ruleset, Table]:
        """The ruleset and table of the view's game."""
        key = (view["ruleset"], view["scenario"])
        found = self._contexts.get(key)
        if found is None:
            rules = self._ruleset or Ruleset.load(view["ruleset"])
            scenario = self._scenario or load_scenario(view["scenario"])
            found = (rules, scenario.table(rules))
            self._contexts[key] = found
        return found

    def sight(self, table: Table, a: Point, b: Point) -> tuple[float, bool]:
        """Distance and line of fire, memoised."""
        key = (a, b) if a <= b else (b, a)  # distance and line of fire are symmetric
        found = self._sight.get(key)
        if found is None:
            if len(self._sight) > 200_000:
                self._sight.clear()
            found = self._sight[key] = (table.distance(a, b), table.line_of_fire(a, b))
        return found

    def cover(self, table: Table, attacker: Point, target: Point) -> CoverLevel:
        """D-17 cover, memoised."""
        key = (attacker, target)
        found = self._cover.get(key)
        if found is None:
            if len(self._cover) > 200_000:
                self._cover.clear()
            found = self._cover[key] = CoverLevel(table.cover(attacker, target))
        return found

    def proxy(self, rules: Ruleset) -> dict[int, float]:
        """Expected wounds by net modifier for rough position scores."""
        found = self._proxy.get(id(rules))
        if found is None:
            found = self._proxy[id(rules)] = _proxy_table(rules)
        return found

    def ideal(self, rules: Ruleset, weapon: str) -> float:
        """The far end of the weapon's best band: where it wants its targets."""
        key = (id(rules), weapon)
        found = self._ideal.get(key)
        if found is None:
            mods = rules.weapon(weapon).modifiers
            best = max(int(m) for m in mods if m != MISS)
            bands = rules.attack.bands
            found = max(b for b, m in zip(bands, mods, strict=True) if m != MISS and m == best)
            self._ideal[key] = found
        return found

    # -- deciding --------------------------------------------------------------------

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        """The action these rules of thumb like best (always one of ``legal_actions``)."""
        legal: list[Action] = [a for a in legal_actions if not isinstance(a, Concede)]
        if not legal:
            legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        planned, self._planned = self._planned, None
        if planned is not None and planned in legal:
            return planned  # the attack a Reveal was for
        if len(legal) == 1:
            return legal[0]
        d = _Decision(self, view)
        phase = view["phase"]
        redraw = self._redraw(d, legal) if phase == "action" else None
        if redraw is not None:
            return redraw
        if phase == "swap":
            choice = self._swap(d, legal)
        elif phase == "bid":
            choice = self._bid(d, legal)
        elif phase == "defend":
            choice = self._defend(d, legal)
        else:
            choice = self._act(d, legal)
        return choice if choice in legal else _pass(legal)

    # swap ---------------------------------------------------------------------------

    def _card_worth(self, d: _Decision, card: Card) -> float:
        if card.is_joker:
            return 3.0
        v = d.value(card)
        return {Suit.SPADES: v / 4, Suit.HEARTS: v / 6, Suit.CLUBS: v / 9, Suit.DIAMONDS: v / 9}[
            card.suit or Suit.SPADES
        ]

    def _swap(self, d: _Decision, legal: Sequence[Action]) -> Action:
        if not any(isinstance(a, Swap) for a in legal):
            return _pass(legal)
        mine = sum(self._card_worth(d, c) for c in d.hand)
        unseen = d.unseen
        total = sum(unseen.values())
        if not total:
            return _pass(legal)
        mean = sum(self._card_worth(d, c) * n for c, n in unseen.items()) / total
        expected = mean * d.view["dead_hand"]
        return Swap() if expected > mine + 0.5 else _pass(legal)

    # redraw -------------------------------------------------------------------------

    def _redraw(self, d: _Decision, legal: Sequence[Action]) -> Action | None:
        options = [a for a in legal if isinstance(a, Redraw)]
        if not options:
            return None
        payers = {a.payer for a in options}
        payer = max((f for f in d.own if f.name in payers), key=lambda f: f.hp, default=None)
        cost = d.rules.round.redraw_cost
        if payer is None or payer.hp - cost < 3:
            return None
        worst = min(d.hand, key=lambda c: (c.suit is Suit.SPADES or c.is_joker, d.value(c)))
        if worst.suit is Suit.SPADES or worst.is_joker:
            return None
        unseen = d.unseen
        total = sum(unseen.values())
        shooters = [c for c in unseen if c.suit is Suit.SPADES or c.is_joker]
        chance = sum(unseen[c] for c in shooters) / total if total else 0.0
        if chance * (2 + KILL_BONUS) <= cost + REDRAW_MARGIN:
            return None  # even the best draw could not pay for the HP
        current = max((s for s, *_ in d.best_attacks(d.spades())), default=0.0)
        gain = 0.0
        for card in shooters:
            best = max((s for s, *_ in d.best_attacks([card])), default=0.0)
            gain += unseen[card] / total * max(0.0, best - current)
        if gain <= cost + REDRAW_MARGIN:
            return None
        found = Redraw(worst, payer.name)
        return found if found in legal else None

    # bid ----------------------------------------------------------------------------

    def _bid(self, d: _Decision, legal: Sequence[Action]) -> Action:
        bids = [a for a in legal if isinstance(a, Bid) and not a.card.is_joker]
        if not bids:
            return _pass(legal)
        best_bid = 0
        for _seat, text in d.view["decision"].get("bids", []):
            card = Card.parse(text)
            best_bid = max(best_bid, 1_000 if card.is_joker else d.value(card))
        winning = sorted(
            (a for a in bids if d.value(a.card) > best_bid), key=lambda a: d.value(a.card)
        )
        if not winning:
            return _pass(legal)
        ours = max((s for s, *_ in d.best_attacks(d.spades())), default=0.0)
        theirs = self._enemy_threat(d)
        if max(ours, theirs) < 0.45:
            return _pass(legal)
        order = d.view["decision"].get("order", [])
        last = len(order) <= 1
        if last or ours + theirs < 1.5:
            return winning[0]
        return winning[len(winning) // 2] if len(winning) > 2 else winning[-1]

    def _enemy_threat(self, d: _Decision) -> float:
        """Rough expected wounds the best enemy attack would do to us now."""
        best = 0.0
        for enemy in d.enemies:
            if d.view["hand_sizes"][enemy.seat] == 0:
                continue
            for fig in d.own:
                shot = d.can_shoot(enemy, fig)
                if shot is None:
                    continue
                distance, cover = shot
                mod = d.modifier(enemy.weapon, distance) or 0
                best = max(best, d.proxy[max(-12, min(12, mod - cover))])
        return best * 0.6

    # defend -------------------------------------------------------------------------

    def _defend(self, d: _Decision, legal: Sequence[Action]) -> Action:
        attack = d.view["decision"].get("attack")
        hearts = [a for a in legal if isinstance(a, Defend)]
        if attack is None or not hearts:
            return _pass(legal)
        target = d.figures.get(attack["target"])
        hp = target.hp if target is not None else 0

        def wounds(card: Card | None) -> int:
            return resolve_attack(
                attack["card"],
                weapon=attack["weapon"],
                distance=attack["distance"],
                defense=card,
                cover=attack["cover"],
                ruleset=d.rules,
            ).wounds

        def loss(card: Card | None) -> float:
            w = wounds(card)
            dead = w > hp
            cost = 0.0 if card is None else (JOKER_COST if card.is_joker else 0.04 * d.value(card))
            return min(w, hp + 1) + (3.0 if dead else 0.0) + cost

        options: list[tuple[float, int, Action]] = [(loss(None), 0, _pass(legal))]
        for a in hearts:
            options.append((loss(a.card), d.value(a.card), a))
        options.sort(key=lambda item: (item[0], item[1]))
        return options[0][2]

    # act ----------------------------------------------------------------------------

    def _act(self, d: _Decision, legal: Sequence[Action]) -> Action:
        best_score, best_action = 0.0, _pass(legal)
        attacks = d.best_attacks(d.spades())
        if attacks:
            score, card, attacker, target = attacks[0]
            if score > best_score:
                if attacker.hidden:
                    best_score, best_action = score, Reveal(attacker.name)
                    self._planned = Attack(card, attacker.name, target.name)
                else:
                    best_score, best_action = score, Attack(card, attacker.name, target.name)
        move_score, move = self._best_move(d, legal)
        if move is not None and move_score * 0.8 > best_score:
            self._planned = None
            best_action = move
        return best_action

    def _best_move(self, d: _Decision, legal: Sequence[Action]) -> tuple[float, Action | None]:
        moves = [a for a in legal if isinstance(a, Move) and a.steps]
        if not moves:
            return 0.0, None
        before: dict[str, float] = {}
        after: dict[tuple[str, Point, bool], float] = {}
        best: tuple[float, float, Action] | None = None
        for move in moves:
            score = 0.0
            for step in move.steps:
                fig = d.figures.get(step.figure)
                if fig is None:
                    continue
                if fig.name not in before:
                    before[fig.name] = d.spot_value(fig, fig.pos, fig.hidden)
                key = (fig.name, step.path[-1], step.hide)
                if key not in after:
                    after[key] = d.spot_value(fig, step.path[-1], step.hide)
                score += after[key] - before[fig.name]
            cost = 2 * JOKER_COST if move.card.is_joker else 0.005 * d.value(move.card)
            jitter = self.rng.random() * 1e-6  # the seed breaks ties between equal moves
            rank = (score - cost + jitter, -d.value(move.card))
            if best is None or rank > best[:2]:
                best = (rank[0], rank[1], move)
        if best is None:
            return 0.0, None
        return best[0], best[2]


def _pass(legal: Sequence[Action]) -> Action:
    for action in legal:
        if isinstance(action, Pass):
            return action
    return legal[0]
