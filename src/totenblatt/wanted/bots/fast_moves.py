"""The fast heuristic's moves: the destinations it weighs and the stances it scores there.

:func:`ranked_moves` is :class:`~totenblatt.wanted.bots.fast_policy.FastPolicy`'s move
ranking: for every club in hand and every own figure a few destinations
(:func:`destinations`: as near as the club reaches towards the two nearest enemies, half
way, the two safest cover spots), each scored by the heuristic's whole-side position
(:func:`stance`: the figure's best shot from there, the enemy's best shot at it, the way
still to go). What it works out is kept in the setup's
:class:`~totenblatt.wanted.bots.fast_reading.Know` for later decisions, under keys that
hold everything it reads, so the kept answers are the answers (the same choices, sooner):
a whole stance by the enemies (index, node, hidden, nearly dead), each enemy's part of a
stance by that enemy alone (a stance is the best and the nearest of its enemies' parts),
the destinations by the enemies' nodes.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from totenblatt.wanted.bots.fast_reading import Know, bases_on, unseen
from totenblatt.wanted.bots.heuristic import DEPTH, NEXT_ROUND, TRADE, URGE
from totenblatt.wanted.bots.reading import APPROACH, JOKER_COST
from totenblatt.wanted.fast.cards import JOKER, SUITS
from totenblatt.wanted.rules import MISS

if TYPE_CHECKING:
    from totenblatt.wanted.fast import Board, FastGame
    from totenblatt.wanted.fast.game import Spec

__all__ = [
    "Enemy",
    "destinations",
    "enemies_of",
    "kept",
    "nearest",
    "position",
    "position_with",
    "ranked_moves",
    "safest",
    "side_of",
    "stance",
    "tops_of",
    "weights",
]

Enemy = tuple[int, int, bool, bool]
"""An enemy figure as a stance reads it: index, node, hidden, 1 HP or less."""
Stance = tuple[float, float, float]
"""A figure's best shot, the enemy's best shot at it, the way still to go."""

_SHOOTERS = tuple(c for c in range(53) if SUITS[c] in (1, 4))
"""The spades and the joker."""


def enemies_of(game: FastGame, team: int) -> list[Enemy]:
    """The figures in the game of other teams: index, node, hidden, nearly dead."""
    out, pos, hid, hp = game.out, game.pos, game.hidden, game.hp
    fig_team = game.spec.fig_team
    return [
        (e, pos[e], hid[e], hp[e] <= 1)
        for e in range(game.spec.n)
        if not out[e] and fig_team[e] != team
    ]


def kept(memo: dict[Any, dict[Any, Any]], key: Any) -> dict[Any, Any]:
    """The memo kept in ``memo`` under ``key`` (a new one; all cleared when there are many)."""
    if len(memo) > 4_000 and key not in memo:
        memo.clear()
    return memo.setdefault(key, {})


def stance(
    spec: Spec,
    know: Know,
    fig: int,
    node: int,
    hidden: bool,
    enemies: list[Enemy],
    each: dict[int, Stance],
) -> Stance:
    """The heuristic's stance of ``fig`` at ``node`` (``hidden``: hiding there) against
    ``enemies`` (its own HP not counted): its best shot at them, the best of theirs at it,
    the way to the nearest when it has no shot. Each enemy's part is kept in ``each``."""
    offence = threat = 0.0
    nearest = math.inf
    # the keys' factors: more than any board's nodes, than any enemy's part of the key
    base = ((fig * 1_000_003 + node) * 2 + hidden) * 2_147_483_648
    for e, there, e_hidden, weak in enemies:
        key = base + ((e * 1_000_003 + there) * 2 + e_hidden) * 2 + weak
        one = each.get(key)
        if one is None:
            one = _against(spec, know, fig, node, hidden, e, there, e_hidden, weak)
            if len(each) > 200_000:
                each.clear()
            each[key] = one
        gain, theirs, distance = one
        if distance < nearest:
            nearest = distance
        if gain > offence:
            offence = gain
        if theirs > threat:
            threat = theirs
    way = 0.0
    if offence == 0.0 and nearest < math.inf:
        way = max(0.0, nearest - know.ideal[fig])
    return offence, threat, way


def _against(
    spec: Spec,
    know: Know,
    fig: int,
    node: int,
    hidden: bool,
    e: int,
    there: int,
    e_hidden: bool,
    weak: bool,
) -> Stance:
    """One enemy's part of a :func:`stance`: the figure's shot at it (0: none), its shot at
    the figure (0: none), their distance."""
    proxy = know.proxy
    reach = spec.reach
    pair = know.pairs.get(node * 1_000_003 + there)
    if pair is None:
        pair = know.pair(spec, node, there)
    distance, band, at_them, at_me = pair
    if band == -2:  # no line of fire
        return 0.0, 0.0, distance
    gain = 0.0
    sharp = know.sharp
    mb = spec.fig_band(fig, distance) if sharp[fig] else band
    if mb >= 0 and (not e_hidden or distance <= reach):
        mine = spec.modifiers[fig][mb]
        if mine != MISS:
            gain = proxy[max(-12, min(12, mine - (at_them if not e_hidden else know.hard)))]
            if weak:
                gain *= 1.5
    threat = 0.0
    if not hidden or distance <= reach:
        eb = spec.fig_band(e, distance) if sharp[e] else band
        theirs = spec.modifiers[e][eb] if eb >= 0 else MISS
        if theirs != MISS:
            threat = proxy[max(-12, min(12, theirs - (at_me if not hidden else know.hard)))]
    return gain, threat, distance


def weights(game: FastGame, know: Know, standoff: bool) -> tuple[float, float, float]:
    """HeuristicBot's ``_weights``: how much our shots, the enemy's shots (less when we
    have more HP or the enemy is unlikely to hold a spade) and the way count now."""
    spec = game.spec
    seat = game.to_act
    team = spec.teams[seat]
    own_hp = sum(game.hp[f] for f in game.living(seat)) or 1
    enemy_hp = (
        sum(game.hp[e] for e in range(spec.n) if not game.out[e] and spec.fig_team[e] != team) or 1
    )
    trade = min(1.4, max(0.5, TRADE * math.sqrt(enemy_hp / own_hp)))
    found = unseen(game, know)
    total = sum([n for n in found if n > 0])
    shooting = sum([found[c] for c in _SHOOTERS if found[c] > 0])
    q = shooting / total if total else 0.3
    sizes = [len(game.seat_cards(s)) for s in range(spec.seats)]
    held = max(
        (
            sizes[spec.fig_seat[e]]
            for e in range(spec.n)
            if not game.out[e] and spec.fig_team[e] != team
        ),
        default=0,
    )
    enemy_can = max(NEXT_ROUND, 1.0 - (1.0 - q) ** held)
    armed = any(SUITS[c] in (1, 4) for c in game.seat_cards(seat))
    pressed = own_hp < enemy_hp or (standoff and own_hp == enemy_hp)
    urge = APPROACH * (URGE if pressed else 1.0)
    return (1.0 if armed else NEXT_ROUND), trade * enemy_can, urge


def destinations(
    know: Know,
    board: Board,
    dests: tuple[int, ...],
    budget: float,
    here: int,
    towards: list[int],
    threats: tuple[int, ...],
) -> tuple[list[int], tuple[int, ...]]:
    """A few destinations worth weighing, as the engine's menu: the ways — as near as it
    gets to the two nearest enemies (``towards``, nodes), half way to the nearest —
    and the two safest cover spots against all enemies (``threats``: out of their line
    of fire, else behind the best cover), where a figure may hide."""
    if not dests:
        return [], ()
    where = know.around(here, budget, dests)
    ways = [nearest(know, (here, budget), where[0], dests, n) for n in towards]
    if towards:
        half = board.within(here, budget / 2)
        if half:
            near = know.around(here, budget / 2, half)[0]
            ways.append(nearest(know, (here, budget / 2), near, half, towards[0]))
    spots = safest(know, (here, budget), where, threats)
    return [j for j in dict.fromkeys(ways) if j not in spots], spots


def nearest(know: Know, place: tuple[int, float], xy: Any, dests: Any, node: int) -> int:
    """The destination among ``dests`` (within ``place``'s inches of its node, at points
    ``xy``) nearest to ``node`` (remembered)."""
    key = (*place, node)
    found = know.nearest.get(key)
    if found is None:
        ex, ey = know.point(node)
        d = np.hypot(xy[:, 0] - ex, xy[:, 1] - ey)
        if len(know.nearest) > 200_000:
            know.nearest.clear()
        found = know.nearest[key] = dests[int(np.argmin(d))]
    return found


def safest(
    know: Know, place: tuple[int, float], where: tuple[Any, ...], threats: tuple[int, ...]
) -> tuple[int, ...]:
    """Up to two cover spots among the destinations within ``place``'s inches of its node
    (``where``: :meth:`Know.around`) safer against ``threats`` than that node, as
    the engine's menu ranks them (``Router.cover_spots``): out of every line of fire or
    behind the best cover against the most exposed threat, then in hard cover, then the
    least exposed in sum, then the nearest (remembered)."""
    key = (*place, threats)
    found = know.safest.get(key)
    if found is None:
        here = place[0]
        spots = where[1]
        found = ()
        if spots and threats:
            index, hards = where[2], where[3]
            least, summed = know.levels(threats)
            w, h, t = know.safety(here, threats)
            chosen = []
            for k, i in enumerate(index):
                a = least[i]
                if a > w or (a == w and (hards[k] > h or (hards[k] == h and summed[i] > t))):
                    chosen.append((-a, -hards[k], -summed[i], k))
            if chosen:
                near = know.spot_distances(place, where)
                order = sorted((a, b, c, near[k], k) for a, b, c, k in chosen)
                found = tuple(spots[o[4]] for o in order[:2])
        if len(know.safest) > 200_000:
            know.safest.clear()
        know.safest[key] = found
    return found


def ranked_moves(
    game: FastGame, know: Know, cache: bool = True, attack: float | None = None
) -> list[tuple[float, int]]:
    """The best weighed move of every club value that gains something, best first
    (``cache``: keep the stances and destinations in ``know``). ``attack``: the score of
    the seat's best attack (0: none), which a move must beat by a quarter (the policy's
    rule): none when :func:`tops_of` shows no move can, without weighing them."""
    seat = game.to_act
    clubs = sorted({c for c in game.seat_cards(seat) if SUITS[c] in (0, 4)})
    if not clubs:
        return []  # no move to weigh
    spec = game.spec
    own = game.living(seat)
    pos = game.pos
    enemies = enemies_of(game, spec.teams[seat])
    threats = tuple(node for _, node, _, _ in enemies)
    if cache:
        stances, places = kept(know.stances, tuple(enemies)), kept(know.candidates, threats)
        each = know.each
    else:
        stances, places, each = {}, {}, {}
    here = {f: part(game, know, f, pos[f], game.hidden[f], enemies, stances, each) for f in own}
    standoff = not any(o or th for o, th, _ in here.values())
    weighing = weights(game, know, standoff)
    now = position(list(here.values()), weighing)
    others = {f: side_of([p for g, p in here.items() if g != f]) for f in own}
    tops = tops_of(know, spec, enemies, others, weighing)
    if attack is not None:
        top = max(tops.values(), default=-math.inf) - now
        if top * 0.8 <= attack:
            return []  # no move beats the attack
    holds = {f: set(game.hands[f]) for f in own} if spec.actions.per_character else {}
    memos = (stances, places, each)
    return _rank(game, know, clubs, enemies, threats, memos, weighing, now, holds, others, tops)


def _rank(
    game: FastGame,
    know: Know,
    clubs: list[int],
    enemies: list[Enemy],
    threats: tuple[int, ...],
    memos: tuple[dict[int, Stance], dict[tuple[int, float], Any], dict[int, Stance]],
    weighing: tuple[float, float, float],
    now: float,
    holds: dict[int, set[int]],
    others: dict[int, Any],
    tops: dict[int, float],
) -> list[tuple[float, int]]:
    """:func:`ranked_moves` once the seat's position is weighed (``now``; ``threats``: the
    enemies' nodes; ``memos``: the stances, destinations and enemies' parts kept;
    ``others``: each own figure's side without it, :func:`side_of`; ``holds``: per
    character, each figure's cards; ``tops``: :func:`tops_of`, which leaves out a figure
    none of whose moves can beat the club's best so far)."""
    spec = game.spec
    t = spec.actions
    board = spec.board
    own = game.living(game.to_act)
    hp, pos = game.hp, game.pos
    stances, places, each = memos
    per_character = t.per_character
    out: list[tuple[float, int]] = []
    taken = bases_on(game)
    gains: dict[int, float] = {}
    """Each figure, destination and hiding weighed once (several clubs reach it)."""
    hard = board.hard
    for c in clubs:
        way = 13 if c == JOKER else c % 13
        cost = 2 * JOKER_COST if c == JOKER else 0.005 * spec.value[c]
        best_score, best = 0.0, -1
        for f in own:
            if per_character and c not in holds[f]:
                continue  # D-5: a figure moves by the clubs of its own hand
            top = tops[f]
            if top - now - cost <= best_score:
                continue  # no move of this figure beats the best one (tops_of)
            budget = spec.inches[c] + (spec.club[f] if c != JOKER else 0)  # Light-Footed
            base = t.move_base(way, t.slot[f])
            here_f = pos[f]
            mine = board.conflicts(here_f)
            found = places.get((here_f, budget))
            if found is None:
                found = places[(here_f, budget)] = _places(know, board, here_f, budget, threats)
            ways, spots = found
            weak = hp[f] <= 2
            side = others[f]
            for j in (*ways, *spots):
                if taken.get(j, 0) > (j in mine):
                    continue  # another figure's base is there
                # as the engine's menu: a figure hides only on a cover spot in hard
                # cover, where hidden is never worse than seen (its shots count alike,
                # the enemy's only within reach): weigh it alone there
                hide = 1 if hard[j] and j in spots else 0
                key = (f * 1_000_003 + j) * 2 + hide
                gain = gains.get(key)
                if gain is None:
                    found_part = stances.get(key)
                    if found_part is None:
                        found_part = stances[key] = stance(
                            spec, know, f, j, hide == 1, enemies, each
                        )
                    if weak:
                        found_part = (found_part[0], found_part[1] * 1.6, found_part[2])
                    gain = gains[key] = position_with(side, found_part, weighing) - now
                score = gain - cost
                if score > best_score:
                    best_score, best = score, base + 2 * j + hide
        if best >= 0:
            out.append((best_score, best))
    out.sort(reverse=True)
    return out


def part(
    game: FastGame,
    know: Know,
    fig: int,
    node: int,
    hidden: bool,
    enemies: list[Enemy],
    memo: dict[int, Stance],
    each: dict[int, Stance],
) -> Stance:
    """The heuristic's stance of ``fig`` at ``node``: best shot, enemy's best shot at it
    (a figure with 2 HP or less counting more), the way to go (``enemies``: see
    :func:`enemies_of`; ``memo``: the stances kept for them; ``each``: see :func:`stance`)."""
    key = (fig * 1_000_003 + node) * 2 + hidden
    found = memo.get(key)
    if found is None:
        found = memo[key] = stance(game.spec, know, fig, node, hidden, enemies, each)
    return found[0], found[1] * (1.6 if game.hp[fig] <= 2 else 1.0), found[2]


def _places(
    know: Know, board: Board, here: int, budget: float, threats: tuple[int, ...]
) -> tuple[list[int], tuple[int, ...]]:
    """:func:`destinations` of a figure at ``here`` with ``budget`` inches."""
    dests = board.within(here, budget)
    towards = [
        node for _, node in sorted((board.sight(here, node)[0], node) for node in threats)[:2]
    ]
    return destinations(know, board, dests, budget, here, towards, threats)


def position(parts: list[tuple[float, float, float]], weights: tuple[float, float, float]) -> float:
    """The heuristic's ``_position``: the side's best shots (weighted by ``DEPTH``) against
    the enemy's best shots at it, less the way still to go."""
    attack, defence, urge = weights
    if len(parts) == 1:
        o, th, way = parts[0]
        return attack * o - defence * th - urge * way
    ours = sorted([p[0] for p in parts], reverse=True)
    theirs = sorted([p[1] for p in parts], reverse=True)
    total = 0.0
    for k, w in enumerate(DEPTH):
        if k >= len(ours):
            break
        total += w * (attack * ours[k] - defence * theirs[k])
    way = 0.0
    for p in parts:
        way += p[2]
    return total - urge * way


def side_of(
    parts: list[tuple[float, float, float]],
) -> tuple[list[float], list[float], float, list[tuple[float, float, float]]]:
    """The other figures' parts of a side as :func:`position_with` reads them: their best
    ``len(DEPTH)`` shots and threats, their way summed in order, the parts."""
    ours = sorted([p[0] for p in parts], reverse=True)[: len(DEPTH)]
    theirs = sorted([p[1] for p in parts], reverse=True)[: len(DEPTH)]
    way = 0.0
    for p in parts:
        way += p[2]
    return ours, theirs, way, parts


def position_with(
    side: tuple[list[float], list[float], float, list[tuple[float, float, float]]],
    part: tuple[float, float, float],
    weights: tuple[float, float, float],
) -> float:
    """``position([*parts, part], weights)`` for the other figures' ``side``
    (:func:`side_of`): the same sums in the same order."""
    ours5, theirs5, way, parts = side
    if not parts:
        return position([part], weights)
    attack, defence, urge = weights
    ours = sorted([*ours5, part[0]], reverse=True)
    theirs = sorted([*theirs5, part[1]], reverse=True)
    total = 0.0
    for k, w in enumerate(DEPTH):
        if k >= len(ours):
            break
        total += w * (attack * ours[k] - defence * theirs[k])
    return total - urge * (way + part[2])


def _best_shots(know: Know, spec: Spec) -> list[float]:
    """Per figure: the most its shot at an enemy may count in a stance (:func:`_against`)."""
    least = min(min(know.cover_mod), know.hard)
    out = []
    for mods in spec.modifiers:
        hits = [m for m in mods if m != MISS]
        if not hits:
            out.append(0.0)  # never a shot: the stance's shot stays 0
            continue
        top = max(-12, min(12, max(hits) - least))
        out.append(max(0.0, *(know.proxy[m] for m in range(-12, top + 1))))
    return out


def tops_of(
    know: Know,
    spec: Spec,
    enemies: list[Enemy],
    others: dict[int, Any],
    weighing: tuple[float, float, float],
) -> dict[int, float]:
    """Per own figure (``others``: its side without it, :func:`side_of`): a bound no
    weighed move of it exceeds, its position at a place with its best conceivable shot
    (its weapon's best modifier against the least cover, an enemy nearly dead), no enemy's
    shot at it and no way to go; the largest of them bounds every weighed move."""
    shots = know.ceilings
    if shots is None:
        shots = know.ceilings = _best_shots(know, spec)
    weak = any(e[3] for e in enemies)
    out: dict[int, float] = {}
    for f, side in others.items():
        shot = shots[f]
        if weak:
            shot = max(shot, shot * 1.5)
        out[f] = position_with(side, (shot, 0.0, 0.0), weighing)
    return out
