"""A bot that plays by rules of thumb and exact odds, from the view and the legal actions only.

It reads the public table of the view's scenario (terrain is public) and scores:

* attacks by the exact expected wounds of :mod:`totenblatt.wanted.odds` (wounds past
  a kill do not count; a kill earns a bonus), so it prefers targets out of cover,
  good range bands and weak figures, and reveals a hidden figure to shoot;
* moves by how they change the whole side's position: its best shots (a
  figure's weapon band against the target's cover) against the enemy's best
  shots at it (hidden figures are safe beyond 2"), each side's shots weighted best
  first, plus the way still to go for figures with nothing in reach (a shotgun or
  Colt gets close, a Winchester keeps its range). It seeks the fights it can win:
  the enemy's shots count less when this side has more HP or the enemy is
  unlikely to hold a spade, and a side behind on HP — or even, when neither side
  has a shot — closes in harder, since waiting for the round limit (D-22) cannot
  win it. ``aggressive=False`` is the earlier bot (``heuristic-v1`` in the lab):
  each figure's own offence against its summed exposure, closing in only gently;
* bids: it plays the smallest diamond that takes the lead when it has a good
  attack ready or the enemy has one, never a joker;
* defence: the cheapest heart that makes the attack miss, else the one that saves
  the most wounds; a joker only against a kill or two wounds or more;
* the swap when its hand scores worse than the dead man's hand is expected to,
  and a paid redraw only when the expected gain beats the HP it costs.

With the extended rules (B1) it scores attacks and defences with the abilities
that apply (Sharpshooter, Picture-Book 10, a wild 2 played as a joker), spends a
Cover or a Queen of Hearts card only where it saves wounds, counts Quick Fingers
in its bids, gives a veteran's five weakest cards in a partial swap, tempts fate
on a card worse than an average draw and keeps the better of the two. Per
character (D-5) it plays each figure's own cards.

>>> from totenblatt.wanted.engine.game import new_game
>>> from totenblatt.wanted.bots import RandomBot, play_game
>>> game = play_game(new_game("duel", seed=3), [HeuristicBot(1), RandomBot(2)])
>>> game.is_over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from totenblatt.cards import Card, Suit
from totenblatt.datafiles import validate
from totenblatt.wanted.bots.reading import (
    APPROACH,
    JOKER_COST,
    KILL_BONUS,
    Decision,
    Fig,
    proxy_table,
)
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.engine import actions as act
from totenblatt.wanted.engine.actions import Action
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.rules import MISS, Ruleset, RulesetError
from totenblatt.wanted.table.measure import Table
from totenblatt.wanted.table.scenario import Scenario, load_scenario
from totenblatt.wanted.vocab import Ability, CoverLevel

__all__ = ["HeuristicBot"]

Point = tuple[float, float]

REDRAW_MARGIN = 0.25
"""A paid redraw must gain this much more than the HP it costs."""
COVER_COST = 0.3
"""What one point of an unused Cover ability (B1, once per fight) is worth, in wounds."""
FATE_MARGIN = 0.3
"""Tempt Fate gives a card only when it is worth this much less than an average draw."""
DEPTH = (1.0, 0.5, 0.25, 0.125, 0.0625)
"""Weights of the best, second best … shot of a side (a side fires few shots a round)."""
TRADE = 0.8
"""Weight of the enemy's shots against ours when both sides are equally strong."""
URGE = 4.0
"""How much harder a side that is not ahead on HP closes in (it cannot wait, D-22)."""
NEXT_ROUND = 0.4
"""What a shot counts that can come only next round (no spade in hand now)."""


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
        aggressive: bool = True,
    ) -> None:
        self.rng = random.Random(seed)
        self.aggressive = aggressive
        """Weigh whole positions and seek fights it can win (False: the earlier, cautious bot)."""
        self._ruleset = None if ruleset is None else Ruleset.load(ruleset)
        self._scenario = None if scenario is None else load_scenario(scenario)
        self._contexts: dict[tuple[object, str], tuple[object, Ruleset, Table]] = {}
        self._sight: dict[tuple[Point, Point], tuple[float, bool]] = {}
        self._cover: dict[tuple[Point, Point], CoverLevel] = {}
        self._proxy: dict[int, dict[int, float]] = {}
        self._ideal: dict[tuple[int, str], float] = {}
        self._planned: Action | None = None

    # -- shared, memoised knowledge of the (public) rules and table ------------------

    def context(self, view: View) -> tuple[Ruleset, Table]:
        """The ruleset and table of the view's game (rebuilt from its refs when not built in)."""
        rules_ref = view.get("ruleset_ref", view["ruleset"])
        scenario_ref = str(view.get("scenario_ref", view["scenario"]))
        key = (rules_ref if isinstance(rules_ref, str) else id(rules_ref), scenario_ref)
        found = self._contexts.get(key)
        if found is None or (found[0] is not rules_ref and not isinstance(rules_ref, str)):
            rules = self._ruleset or (
                Ruleset.load(rules_ref)
                if isinstance(rules_ref, str)
                else validate(Ruleset, rules_ref, "the view's ruleset", RulesetError)
            )
            scenario = self._scenario or load_scenario(scenario_ref)
            found = (rules_ref, rules, scenario.table(rules))
            self._contexts[key] = found
        return found[1], found[2]

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
            found = self._proxy[id(rules)] = proxy_table(rules)
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

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The action these rules of thumb like best (always one of ``legal_actions``)."""
        legal: list[Action] = [a for a in legal_actions if not isinstance(a, act.Concede)]
        if not legal:
            legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        planned, self._planned = self._planned, None
        if planned is not None and planned in legal:
            return planned  # the attack a Reveal was for
        if len(legal) == 1:
            return legal[0]
        d = Decision(self, view)
        phase = view["phase"]
        if phase == "fate":
            keeps = [a for a in legal if isinstance(a, act.Keep)]
            return max(keeps, key=lambda a: self._card_worth(d, a.card), default=legal[0])
        extra = self._tempt(d, legal) if phase == "action" else None
        extra = extra or (self._redraw(d, legal) if phase == "action" else None)
        if extra is not None:
            return extra
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

    def _card_worth(self, d: Decision, card: Card) -> float:
        if card.is_joker:
            return 3.0
        v = d.value(card)
        return {Suit.SPADES: v / 4, Suit.HEARTS: v / 6, Suit.CLUBS: v / 9, Suit.DIAMONDS: v / 9}[
            card.suit or Suit.SPADES
        ]

    def _mean_worth(self, d: Decision) -> float | None:
        unseen = d.unseen
        total = sum(unseen.values())
        if not total:
            return None
        return sum(self._card_worth(d, c) * n for c, n in unseen.items()) / total

    def _swap(self, d: Decision, legal: Sequence[Action]) -> Action:
        """The swap (whole hand, a figure's hand, or a veteran's chosen cards) that gains most."""
        mean = self._mean_worth(d)
        if mean is None:
            return _pass(legal)
        expected = mean * d.view["dead_hand"]
        hands = d.view.get("figure_hands") or {}
        best: tuple[float, Action] = (0.5, _pass(legal))
        for a in legal:
            if not isinstance(a, act.Swap):
                continue
            given = a.cards or [Card.parse(c) for c in hands.get(a.figure or "", [])] or d.hand
            gain = expected - sum(self._card_worth(d, c) for c in given)
            if gain > best[0]:
                best = (gain, a)
        return best[1]

    def _tempt(self, d: Decision, legal: Sequence[Action]) -> Action | None:
        """Tempt Fate (B1) on the card least worth keeping, when an average draw beats it."""
        options = [a for a in legal if isinstance(a, act.TemptFate)]
        mean = self._mean_worth(d) if options else None
        if mean is None:
            return None
        worst = min(options, key=lambda a: (self._card_worth(d, a.card), a.figure))
        return worst if self._card_worth(d, worst.card) < mean - FATE_MARGIN else None

    # redraw -------------------------------------------------------------------------

    def _redraw(self, d: Decision, legal: Sequence[Action]) -> Action | None:
        options = [a for a in legal if isinstance(a, act.Redraw)]
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
        current = max((s for s, *_ in d.best_attacks()), default=0.0)
        gain = 0.0
        for card in shooters:
            best = max((s for s, *_ in d.best_attacks([card])), default=0.0)
            gain += unseen[card] / total * max(0.0, best - current)
        if gain <= cost + REDRAW_MARGIN:
            return None
        found = act.Redraw(worst, payer.name)
        return found if found in legal else None

    # bid ----------------------------------------------------------------------------

    def _bid(self, d: Decision, legal: Sequence[Action]) -> Action:
        """The smallest diamond that leads (Quick Fingers counted, D-23); never a joker."""
        bids = [a for a in legal if isinstance(a, act.Bid) and not (a.card.is_joker or a.wild)]
        if not bids:
            return _pass(legal)
        decision = d.view["decision"]
        values = decision.get("values")
        best_bid = 0
        for i, (_seat, text) in enumerate(decision.get("bids", [])):
            card = Card.parse(text)
            value = values[i] if values else 1_000 if card.is_joker else d.value(card)
            best_bid = max(best_bid, value)
        bonus = max((d.rules.abilities.diamond_bonus(f.abilities) for f in d.own), default=0)

        def worth(a: act.Bid) -> int:
            return d.value(a.card) + bonus

        winning = sorted((a for a in bids if worth(a) > best_bid), key=worth)
        if not winning:
            return _pass(legal)
        ours = max((s for s, *_ in d.best_attacks()), default=0.0)
        theirs = self._enemy_threat(d)
        if max(ours, theirs) < 0.45:
            return _pass(legal)
        order = d.view["decision"].get("order", [])
        last = len(order) <= 1
        if last or ours + theirs < 1.5:
            return winning[0]
        return winning[len(winning) // 2] if len(winning) > 2 else winning[-1]

    def _enemy_threat(self, d: Decision) -> float:
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
                mod = d.modifier(enemy.weapon, distance, enemy.sharp) or 0
                best = max(best, d.proxy[max(-12, min(12, mod - cover))])
        return best * 0.6

    # defend -------------------------------------------------------------------------

    def _defend(self, d: Decision, legal: Sequence[Action]) -> Action:
        attack = d.view["decision"].get("attack")
        hearts = [a for a in legal if isinstance(a, act.Defend)]
        if attack is None or not hearts:
            return _pass(legal)
        target = d.figures.get(attack["target"])
        hp = target.hp if target is not None else 0
        shooter = d.figures.get(attack["attacker"])
        att = () if shooter is None else shooter.attacking(bool(attack.get("wild")))
        book = target is not None and Ability.PICTURE_BOOK_10 in target.abilities

        def loss(a: act.Defend | None) -> float:
            """Wounds that count, a death, and what the cards and abilities spent are worth."""
            abilities: tuple[str, ...] = (Ability.PICTURE_BOOK_10,) if book else ()
            cost = 0.0
            if a is not None:
                abilities += tuple(c.value for c in a.covers)
                abilities += (Ability.QUEEN_OF_HEARTS,) if a.extra is not None else ()
                abilities += (Ability.WILD_2,) if a.wild else ()
                cost = JOKER_COST if a.card.is_joker or a.wild else 0.04 * d.value(a.card)
                cost += COVER_COST * sum(d.rules.abilities.cover_bonus(c) for c in a.covers)
                cost += 0.0 if a.extra is None else 0.3 + 0.04 * d.value(a.extra)
            w = resolve_attack(
                attack["card"],
                weapon=attack["weapon"],
                distance=attack["distance"],
                defense=None if a is None else a.card,
                cover=attack["cover"],
                attacker_abilities=att,
                defender_abilities=abilities,
                extra_defense=None if a is None else a.extra,
                ruleset=d.rules,
            ).wounds
            return min(w, hp + 1) + (3.0 if w > hp else 0.0) + cost

        options: list[tuple[float, int, Action]] = [(loss(None), 0, _pass(legal))]
        for a in hearts:
            options.append((loss(a), d.value(a.card), a))
        options.sort(key=lambda item: (item[0], item[1]))
        return options[0][2]

    # act ----------------------------------------------------------------------------

    def _act(self, d: Decision, legal: Sequence[Action]) -> Action:
        best_score, best_action = 0.0, _pass(legal)
        attacks = d.best_attacks()
        if attacks:
            score, attack, attacker, _ = attacks[0]
            if score > best_score:
                if attacker.hidden:
                    best_score, best_action = score, act.Reveal(attacker.name)
                    self._planned = attack
                else:
                    best_score, best_action = score, attack
        move_score, move = self._best_move(d, legal)
        if move is not None and move_score * 0.8 > best_score:
            self._planned = None
            best_action = move
        return best_action

    def _best_move(self, d: Decision, legal: Sequence[Action]) -> tuple[float, Action | None]:
        moves = [a for a in legal if isinstance(a, act.Move) and a.steps]
        if not moves:
            return 0.0, None
        if self.aggressive:
            return self._best_position(d, moves)
        return self._cheapest_best(d, ((move, d.move_gain(move)) for move in moves))

    def _best_position(self, d: Decision, moves: Sequence[act.Move]) -> tuple[float, Action | None]:
        """The move that most improves the whole side's position (:meth:`_position`)."""
        here = {f.name: self._part(d, f, f.pos, f.hidden) for f in d.own}
        standoff = not any(offence or threat for offence, threat, _ in here.values())
        weights = self._weights(d, standoff)
        now = _position(list(here.values()), weights)
        parts = dict(here)

        def scored() -> Iterator[tuple[act.Move, float]]:
            for move in moves:
                for step in move.steps:
                    fig = d.figures.get(step.figure)
                    if fig is not None:
                        parts[fig.name] = self._part(d, fig, step.path[-1], step.hide)
                score = _position(list(parts.values()), weights) - now
                for step in move.steps:
                    if step.figure in here:
                        parts[step.figure] = here[step.figure]
                yield move, score

        return self._cheapest_best(d, scored())

    def _cheapest_best(
        self, d: Decision, scored: Iterable[tuple[act.Move, float]]
    ) -> tuple[float, Action | None]:
        """The move of the best score less its card's cost (a joker dear; the seed's jitter,
        then the lower card, breaking ties) and that score; ``(0.0, None)`` without moves."""
        best: tuple[float, float, Action] | None = None
        for move, score in scored:
            joker = move.card.is_joker or move.wild
            cost = 2 * JOKER_COST if joker else 0.005 * d.value(move.card)
            jitter = self.rng.random() * 1e-6  # the seed breaks ties between equal moves
            rank = (score - cost + jitter, -d.value(move.card))
            if best is None or rank > best[:2]:
                best = (rank[0], rank[1], move)
        if best is None:
            return 0.0, None
        return best[0], best[2]

    def _part(self, d: Decision, fig: Fig, pos: Point, hidden: bool) -> tuple[float, float, float]:
        """One figure's share of a position: its best shot, the enemy's best shot at it (a
        figure with 2 HP or less counting more), its way to go when nothing is in reach."""
        offence, threat, nearest = d.stance(fig, pos, hidden)
        way = 0.0
        if offence == 0.0 and nearest < math.inf:
            way = max(0.0, nearest - self.ideal(d.rules, fig.weapon))
        return offence, threat * (1.6 if fig.hp <= 2 else 1.0), way

    def _weights(self, d: Decision, standoff: bool) -> tuple[float, float, float]:
        """How much our shots, the enemy's shots and the way to the enemy count now.

        The enemy's shots weigh less when this side has more HP (it seeks the fights it
        can win) and when the enemy is unlikely to hold a spade (its hand is small); ours
        count less when we hold no spade (they wait for the next round). A side that is
        behind on HP cannot wait for the round limit (D-22), nor can an even side when
        neither side has a shot (``standoff``): it closes in harder.
        """
        own_hp = sum(f.hp for f in d.own) or 1
        enemy_hp = sum(f.hp for f in d.enemies) or 1
        trade = min(1.4, max(0.5, TRADE * math.sqrt(enemy_hp / own_hp)))
        unseen = d.unseen
        total = sum(unseen.values())
        shooting = sum(n for c, n in unseen.items() if c.suit is Suit.SPADES or c.is_joker)
        q = shooting / total if total else 0.3
        sizes = d.view["hand_sizes"]
        held = max((sizes[e.seat] for e in d.enemies), default=0)
        enemy_can = max(NEXT_ROUND, 1.0 - (1.0 - q) ** held)
        armed = any(c.suit is Suit.SPADES or c.is_joker for c in d.hand)
        pressed = own_hp < enemy_hp or (standoff and own_hp == enemy_hp)
        urge = APPROACH * (URGE if pressed else 1.0)
        return (1.0 if armed else NEXT_ROUND), trade * enemy_can, urge


def _position(
    parts: list[tuple[float, float, float]], weights: tuple[float, float, float]
) -> float:
    """The side's best shots minus the enemy's best shots at it (weighted by ``DEPTH``
    and by :meth:`HeuristicBot._weights`), minus the way still to go for figures with
    nothing in reach."""
    attack, defence, urge = weights
    ours = _depth([p[0] for p in parts])
    theirs = _depth([p[1] for p in parts])
    return attack * ours - defence * theirs - urge * sum(p[2] for p in parts)


def _depth(values: list[float]) -> float:
    """The values best first, weighted by ``DEPTH``."""
    values.sort(reverse=True)
    return sum(v * w for v, w in zip(values, DEPTH, strict=False))


def _pass(legal: Sequence[Action]) -> Action:
    for action in legal:
        if isinstance(action, act.Pass):
            return action
    return legal[0]
