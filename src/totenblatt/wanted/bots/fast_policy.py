"""The heuristic's rules of thumb on the fast path: a quick policy for rollouts and the lab.

:class:`FastPolicy` decides for the seat to act in a
:class:`~totenblatt.wanted.fast.FastGame` from what that seat may know — its own hand,
the public table (positions, HP, hidden flags, hand sizes) and the cards it has seen —
with the same rules of thumb as :class:`~totenblatt.wanted.bots.heuristic.HeuristicBot`,
cheaper:

* attacks are scored by the expected wounds of the exact attack arithmetic against an
  average defence (no heart with the chance the defender's hand holds none, else the
  middle heart of the unseen ones), a kill earning a bonus;
* moves: for every club and figure a few destinations are weighed — as near as the club
  reaches towards each enemy, half way, and the reachable cover spots of the board —
  by the same whole-side position score as the heuristic (its side's best shots
  against the enemy's best shots at it, the way still to go);
* bids as the heuristic (Quick Fingers counted), on the same rough attack scores;
* where the menu is the reference engine's own — the swap (whole or D-27's partial), the
  defence (a heart, Cover, Queen of Hearts, a 2 played as a joker), Tempt Fate and its
  keep, a paid redraw — HeuristicBot's own rules on the same numbers
  (:mod:`~totenblatt.wanted.bots.fast_reading`); it never reveals but to shoot, nor
  concedes.

The extended rules (abilities B1, hero types B2) count where they change a number: a
Sharpshooter's bands, Light-Footed inches, Picture-Book 10 and Wild 2 in the attack
arithmetic. It reads one hand per player (D-5 ``per_player``). It is not the heuristic:
its moves go to the fast board's destinations and its shots are scored against an average
defence; ``python -m benchmarks.fast_heuristic_strength`` measures its strength, and its
rollouts ``python -m benchmarks ismcts``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from totenblatt.wanted.bots.fast_moves import ranked_moves
from totenblatt.wanted.bots.fast_reading import (
    Know,
    defence_of,
    defend_choice,
    hearts_of,
    keep_choice,
    redraw_choice,
    shots_of,
    swap_choice,
    tempt_choice,
    tempt_options,
    unseen,
)
from totenblatt.wanted.bots.fast_reading import (
    know as knowing,
)
from totenblatt.wanted.bots.reading import JOKER_COST, KILL_BONUS
from totenblatt.wanted.fast.actions import CONCEDE, PASS
from totenblatt.wanted.fast.cards import JOKER, SUITS
from totenblatt.wanted.rules import MISS

if TYPE_CHECKING:
    from totenblatt.wanted.fast import FastGame

__all__ = ["FastPolicy"]

_SWAP, _BID, _ACTION, _DEFEND, _FATE = 0, 1, 2, 3, 4


class FastPolicy:
    """Rules of thumb on a :class:`FastGame` (see the module docstring); deterministic:
    equal options go to the first weighed (``seed`` is kept for a common bot signature;
    ``cache``: keep the stances and destinations it weighs in the setup's :class:`Know`
    for later decisions — the same choices, sooner)."""

    def __init__(self, seed: int = 0, cache: bool = True) -> None:
        self.seed = seed
        self.cache = cache

    def choose(self, game: FastGame) -> int:
        """A legal id for the seat to act."""
        phase = game.phase
        know = knowing(game.spec)
        if phase == _ACTION:
            return self._act(game, know)
        legal = game.legal_actions()
        if phase == _FATE:
            return keep_choice(game, know, legal)
        if len(legal) <= 2:
            return legal[0]
        if phase == _BID:
            return self._bid(game, know, legal)
        if phase == _DEFEND:
            return defend_choice(game, legal)
        if phase == _SWAP:
            return swap_choice(game, know, legal)
        return legal[0]

    # -- bid ---------------------------------------------------------------------------

    def _bid(self, game: FastGame, know: Know, legal: list[int]) -> int:
        """HeuristicBot's ``_bid``: the smallest diamond that leads (Quick Fingers counted,
        D-23; per character from any figure's hand), never a joker, when a good attack is
        ready on either side; the middle one when both sides have much to gain."""
        t = game.actions
        spec = game.spec
        diamond = spec.diamond  # B1 Quick Fingers: the best living figure's (D-23)
        bonus = max((diamond[f] for f in game.living(game.to_act)), default=0)
        best = max((v for _, _, v in game.bids), default=0)
        winning = []
        for a in legal:
            if t.bid <= a < t.defend:
                way = (a - t.bid) // t.hands
                if way < 13 and spec.value[39 + way] + bonus > best:
                    winning.append((spec.value[39 + way], a))
        if not winning:
            return PASS
        winning.sort()
        last = len(game.bid_order) <= 1
        # (the last bidder asks only whether a good attack is ready: the first will do)
        ours = self._best_attack(game, know, game.to_act, None, 0.45 if last else math.inf)[0]
        if last and ours >= 0.45:
            return winning[0][1]  # (the threat decides nothing then)
        theirs = self._threat(game, know)
        if max(ours, theirs) < 0.45:
            return PASS
        return winning[0 if last or ours + theirs < 1.5 else len(winning) // 2][1]

    # -- attacks -----------------------------------------------------------------------

    def _attack_score(
        self,
        game: FastGame,
        unseen: tuple[int, list[int]],
        card: int,
        attacker: int,
        target: int,
        wild: int = 0,
    ) -> float:
        """Expected wounds that count plus the kill bonus against an average defence
        (``wild``: 1 when ``card`` is a 2 played as a joker, B1 Wild 2)."""
        aim = self._aim(game, attacker, target)
        if aim is None:
            return -1.0
        defence = defence_of(game, unseen, target)
        return self._shot_score(game, card, attacker, target, aim, defence, wild)

    @staticmethod
    def _aim(game: FastGame, attacker: int, target: int) -> tuple[float, str] | None:
        """The distance and the target's cover of a shot that may hit (None: it cannot)."""
        spec = game.spec
        board = spec.board
        distance, line = board.sight(game.pos[attacker], game.pos[target])
        if not line or spec.misses(attacker, distance):
            return None
        hidden = game.hidden[target]
        if hidden and distance > spec.reach:
            return None
        level = 3 if hidden else board.cover(game.pos[attacker], game.pos[target])
        return distance, ("none", "light", "medium", "hard")[level]

    @staticmethod
    def _shot_score(
        game: FastGame,
        card: int,
        attacker: int,
        target: int,
        aim: tuple[float, str],
        defence: tuple[float, int],
        wild: int,
    ) -> float:
        """:meth:`_attack_score` of a shot that may hit (``aim``, ``defence``: its parts)."""
        spec = game.spec
        distance, cover = aim
        p_none, heart = defence
        deadly = game.hp[target] + 1
        score = 0.0
        for h, p in ((-1, p_none), (heart, 1.0 - p_none)):
            if p <= 0:
                continue
            w = spec.resolve(card, attacker, distance, h, cover, -1, 0, -1, wild)[5]
            score += p * (min(w, deadly) + (KILL_BONUS if w >= deadly else 0.0))
        if card == JOKER or wild:
            score -= JOKER_COST
        return score

    def _best_attack(
        self,
        game: FastGame,
        know: Know,
        seat: int,
        only: list[int] | None = None,
        enough: float = math.inf,
    ) -> tuple[float, int]:
        """The best attack of ``seat``'s cards now (``only``: of those among them, as
        HeuristicBot's ``best_attacks``): (score, id or -1); a hidden figure's best shot is
        its reveal first (the same seat decides again after a reveal); a 2 shoots as a
        joker for a figure with Wild 2 (B1); per character (D-5) each figure shoots with
        its own hand's cards. ``enough``: the first attack scoring at least this instead."""
        spec = game.spec
        t = spec.actions
        per_character = t.per_character
        held = game.seat_cards(seat)
        if only is not None:
            held = [c for c in held if c in only]
        if not any(SUITS[c] in (1, 4) or (c != JOKER and c % 13 == 0) for c in held):
            return 0.0, -1
        best = (0.0, -1)
        pairs = game._attack_pairs(seat, revealed=True)
        if not pairs:
            return best
        counted = hearts_of(unseen(game, know))
        hidden, wild = game.hidden, spec.wild
        shots: dict[int, tuple[list[int], list[int]]] = {}
        defences: dict[int, tuple[float, int]] = {}
        for a, target in pairs:
            found = shots.get(a)
            if found is None:
                mine = held if not per_character else [c for c in game.hands[a] if c in held]
                found = shots[a] = shots_of(mine, t.wild_max > 0 and wild[a])
            cards, twos = found
            aim = self._aim(game, a, target) if cards or twos else None
            if aim is None:
                continue  # every shot scores -1, never above the best
            defence = defences.get(target)
            if defence is None:
                defence = defences[target] = defence_of(game, counted, target)
            kept = _shots(know, (a, *aim, *defence, game.hp[target])) if self.cache else {}
            for c in cards:
                score = kept.get(c)
                if score is None:
                    score = kept[c] = self._shot_score(game, c, a, target, aim, defence, 0)
                if score > best[0]:
                    if hidden[a]:
                        best = (score, t.reveal + t.slot[a])
                    else:
                        way = 13 if c == JOKER else c % 13
                        best = (score, t.attack_id(t.slot[a], target, way))
                    if score >= enough:
                        return best
            for suit in twos:
                score = kept.get(53 + suit)
                if score is None:
                    score = kept[53 + suit] = self._shot_score(
                        game, 13 * suit, a, target, aim, defence, 1
                    )
                if score > best[0]:
                    found_id = t.wattack_id(t.wild_slot[a], target, suit)
                    best = (score, t.reveal + t.slot[a] if hidden[a] else found_id)
                    if score >= enough:
                        return best
        return best

    def _threat(self, game: FastGame, know: Know) -> float:
        """Rough expected wounds of the best enemy shot at us now (the heuristic's)."""
        spec = game.spec
        board = spec.board
        seat = game.to_act
        team = spec.teams[seat]
        best = 0.0
        for e in range(spec.n):
            if game.out[e] or spec.fig_team[e] == team or not game.seat_cards(spec.fig_seat[e]):
                continue
            for f in game.living(seat):
                distance, line = board.sight(game.pos[e], game.pos[f])
                if not line or (game.hidden[f] and distance > spec.reach):
                    continue
                band = spec.fig_band(e, distance)
                mod = spec.modifiers[e][band] if band >= 0 else MISS
                if mod == MISS:
                    continue
                level = 3 if game.hidden[f] else board.cover(game.pos[e], game.pos[f])
                net = int(mod) - know.cover_mod[level]
                best = max(best, know.proxy[max(-12, min(12, net))])
        return best * 0.6

    # -- the action --------------------------------------------------------------------

    def _act(self, game: FastGame, know: Know, moves: list[tuple[float, int]] | None = None) -> int:
        seat = game.to_act
        extra, now = self._extra(game, know)
        if extra is not None:
            return extra
        score, attack = now if now is not None else self._best_attack(game, know, seat)
        best_score, best = (score, attack) if attack >= 0 else (0.0, PASS)
        if moves is None:  # (none weighed when none can beat the attack)
            moves = self.ranked_moves(game, know, best_score)
        if moves and moves[0][0] * 0.8 > best_score:
            return moves[0][1]
        return best

    def _extra(self, game: FastGame, know: Know) -> tuple[int | None, tuple[float, int] | None]:
        """Before an action, as HeuristicBot: Tempt Fate (B1), else a paid redraw; and the
        seat's best attack now when the redraw weighed it (None: not weighed)."""
        found = tempt_choice(game, know, tempt_options(game))
        kept: list[tuple[float, int]] = []
        if found is None:
            seat = game.to_act

            def best_with(cards: list[int] | None) -> float:
                best = self._best_attack(game, know, seat, cards)
                if cards is None:
                    kept.append(best)
                return best[0]

            found = redraw_choice(game, know, best_with)
        return found, kept[0] if kept else None

    def ranked_moves(
        self, game: FastGame, know: Know, attack: float | None = None
    ) -> list[tuple[float, int]]:
        """The best weighed move of every club value that gains something, best first
        (:func:`fast_moves.ranked_moves`; ``attack``: none when none beats this attack
        score by a quarter)."""
        return ranked_moves(game, know, self.cache, attack)

    def candidates(self, game: FastGame) -> list[int]:
        """The ids worth a search, the policy's own choice first (as ``ismcts.candidates``):
        in the action phase passing, the best attacks and the best move of each club value;
        else every choice but conceding, redrawing and revealing."""
        t = game.actions
        if game.phase == _ACTION:
            know = knowing(game.spec)
            seat = game.to_act
            moves = self.ranked_moves(game, know)
            out = {self._act(game, know, moves): None}
            out.setdefault(PASS, None)
            scored = []
            cards = sorted({c for c in game.seat_cards(seat) if SUITS[c] in (1, 4)})
            pairs = game._attack_pairs(seat) if cards else []
            counted = hearts_of(unseen(game, know)) if pairs else (0, [])
            per_character = t.per_character
            for a, target in pairs:
                for c in cards:
                    if per_character and c not in game.hands[a]:
                        continue
                    way = 13 if c == JOKER else c % 13
                    score = self._attack_score(game, counted, c, a, target)
                    scored.append((score, t.attack_id(t.slot[a], target, way)))
            scored.sort(reverse=True)
            for _, a in scored[:3]:
                out.setdefault(a, None)
            for _, a in moves[:3]:
                out.setdefault(a, None)
            return list(out)
        legal = game.legal_actions()
        out = {self.choose(game): None}
        for a in legal:
            if a != CONCEDE and a < t.redraw:
                out.setdefault(a, None)
        return list(out)


def _shots(know: Know, key: tuple[Any, ...]) -> dict[int, float]:
    """The shot scores kept in ``know`` for one attacker, distance, cover, average defence
    and target's HP (``key``), by card (53 + suit: a 2 of that suit as a joker)."""
    found = know.shots.get(key)
    if found is None:
        if len(know.shots) > 100_000:
            know.shots.clear()
        found = know.shots[key] = {}
    return found
