"""A campaign fight on the engine: gangs become a scenario, the finished game their outcomes.

:func:`build_fight` takes a template scenario's table, terrain and starting spots and
puts each gang's fighting members on it as seats 0, 1 (and 2) (name, kind, HP, HP
maximum, abilities); :func:`build_battle` is the same for two gangs. :func:`start_fight`
deals the game of such a fight: ``fight play`` in the terminal and the campaign at the
web table both start their fights with it. :func:`fight_outcomes` turns the finished
:class:`~totenblatt.wanted.engine.game.Game` into one :class:`FightOutcome` per gang for
:func:`after_fight` (B4, B5); :func:`side_results` and :func:`side_kills` say how each
gang fared, for the battle log. Pure: no I/O.

**Weapons.** Every member fields the weapon of its roster (:attr:`Member.weapon`); the
template's own figures and their weapons do not fight. A weapon the fight's ruleset does
not know is refused (BattleError naming the member and the weapons there are).

**Deployment** (deterministic). The *i*-th member stands on the *i*-th starting spot of its
seat in the template (round-robin); when that spot is taken, on the first free spot of rings
1.5", 3", … 12" around it, the spots farthest from the enemy's starting spots first. A spot
must be legal (:meth:`Table.position_error`: on the table, not in impassable terrain or on a
wall, not overlapping a base) and reachable from the template's spot in a straight line
(:meth:`Table.move_cost`), so nobody starts on the far side of a wall.

>>> from totenblatt.campaign.gang import Gang, Member
>>> from totenblatt.wanted.vocab import HeroType
>>> bob, ann = Member("Bob", HeroType.VETERAN, 7, 8), Member("Ann", HeroType.COWBOY, 6, 6)
>>> a = Gang("Daltons", 2, (bob, ann))
>>> b = Gang("Clantons", 1, (Member("Ike", HeroType.GUNSLINGER, 10, 10),))
>>> battle = build_battle(a, b, "duel", "extended")
>>> [(f.name, f.seat, f.kind.value, f.hp, f.weapon, f.position) for f in battle.scenario.figures]
[('Bob', 0, 'veteran', 7, 'colt', (12.0, 1.5)), ('Ann', 0, 'cowboy', 6, 'colt', (13.5, 1.5)), \
('Ike', 1, 'gunslinger', 10, 'colt', (12.0, 34.5))]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from totenblatt.campaign.advancement import FightOutcome, MemberOutcome, sacrifice_candidates
from totenblatt.campaign.gang import CampaignError, Gang, Member, name_key
from totenblatt.messages import Message
from totenblatt.wanted.engine.events import Conceded, FigureOut
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.measure import MoveError, Table
from totenblatt.wanted.table.scenario import FigureSpec, Scenario, load_scenario
from totenblatt.wanted.vocab import HeroType

__all__ = [
    "RING_MAX",
    "RING_STEP",
    "Battle",
    "BattleError",
    "Fight",
    "Result",
    "Side",
    "build_battle",
    "build_fight",
    "conceded_seats",
    "default_sacrifice",
    "deploy",
    "fight_outcomes",
    "fight_ruleset",
    "side_kills",
    "side_results",
    "start_fight",
]

Point = tuple[float, float]

RING_STEP = 1.5
"""Inches between the rings of spots searched around a taken starting spot."""
RING_MAX = 12.0
"""The farthest a figure is placed from its template starting spot."""


class BattleError(CampaignError):
    """Two gangs that cannot fight on this template, or a game that gives no outcome."""


@dataclass(frozen=True, slots=True)
class Side:
    """One gang at the table: its seat and, in roster order, ``(figure name, member name)``."""

    gang: Gang
    seat: int
    figures: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Battle:
    """The scenario the gangs fight in, and which figure is which member (one side per seat)."""

    scenario: Scenario
    sides: tuple[Side, ...]


@dataclass(frozen=True, slots=True)
class Fight:
    """A campaign fight ready to be played: the battle, the ruleset it plays, the dealt game."""

    battle: Battle
    ruleset: Ruleset
    game: Game


class Result(StrEnum):
    """How a gang came out of a fight, for the battle log and the league table."""

    WON = "won"
    """Its side won (by standing last, by a concession of the others, or on HP at the limit)."""
    LOST = "lost"
    """Another side won."""
    CONCEDED = "conceded"
    """It conceded (B4)."""
    LIMIT = "limit"
    """The round limit ended the fight undecided (equal HP, D-22)."""


def _anchors(template: Scenario, seat: int) -> tuple[FigureSpec, ...]:
    specs = template.figures_of(seat)
    if not specs:  # pragma: no cover - a loaded scenario gives every seat a figure
        raise BattleError(
            Message(
                "scenario {scenario} has no figure for seat {seat}",
                scenario=repr(template.name),
                seat=seat,
            )
        )
    return specs


def _ring(centre: Point, radius: float, away_from: Point) -> list[Point]:
    """Spots on a circle round ``centre`` (rounded to 0.01"), farthest from ``away_from`` first."""
    count = max(6, round(2 * math.pi * radius / RING_STEP))
    spots: list[tuple[float, int, Point]] = []
    for j in range(count):
        angle = 2 * math.pi * j / count
        p = (
            round(centre[0] + radius * math.cos(angle), 2),
            round(centre[1] + radius * math.sin(angle), 2),
        )
        spots.append((-math.dist(p, away_from), j, p))
    return [p for _, _, p in sorted(spots)]


def _reachable(table: Table, start: Point, spot: Point) -> bool:
    try:
        table.move_cost([start, spot])
    except MoveError:
        return False
    return True


def deploy(
    table: Table,
    starts: Sequence[Point],
    count: int,
    *,
    taken: Sequence[Point] = (),
    enemy: Sequence[Point] = (),
) -> list[Point]:
    """Legal spots for ``count`` figures near ``starts`` (round-robin), avoiding ``taken``.

    See the module docstring for the rule; BattleError when there is no room.

    >>> from totenblatt.wanted.table.measure import Table
    >>> deploy(Table(12, 12), [(1, 1)], 3, enemy=[(11, 11)])
    [(1.0, 1.0), (2.5, 1.0), (1.75, 2.3)]
    """
    if not starts:
        raise BattleError(Message("no starting spots to deploy on"))
    away = (
        (sum(p[0] for p in enemy) / len(enemy), sum(p[1] for p in enemy) / len(enemy))
        if enemy
        else (table.width / 2, table.height / 2)
    )
    placed: list[Point] = []
    blockers = [(float(x), float(y)) for x, y in taken]
    rings = int(RING_MAX / RING_STEP)
    for i in range(count):
        start = (float(starts[i % len(starts)][0]), float(starts[i % len(starts)][1]))
        spot: Point | None = None
        if table.position_error(start, blockers) is None:
            spot = start
        else:
            for k in range(1, rings + 1):
                for p in _ring(start, k * RING_STEP, away):
                    if table.position_error(p, blockers) is None and _reachable(table, start, p):
                        spot = p
                        break
                if spot is not None:
                    break
        if spot is None:
            raise BattleError(
                Message(
                    'no room for figure {n} of {count} within {inches}" of the starting spot '
                    "({x}, {y}): use a larger scenario or smaller gangs",
                    n=i + 1,
                    count=count,
                    inches=float(RING_MAX),
                    x=float(start[0]),
                    y=float(start[1]),
                )
            )
        placed.append(spot)
        blockers.append(spot)
    return placed


def _figure_names(gangs: Sequence[Gang]) -> list[list[str]]:
    """Members' names as figure names; a name two gangs use gets the gang's name added."""
    seen: dict[str, int] = {}
    for gang in gangs:
        for key in {name_key(m.name) for m in gang.members}:
            seen[key] = seen.get(key, 0) + 1
    clash = {key for key, count in seen.items() if count > 1}
    return [
        [f"{m.name} ({gang.name})" if name_key(m.name) in clash else m.name for m in gang.members]
        for gang in gangs
    ]


def _check_gangs(gangs: Sequence[Gang], ruleset: Ruleset) -> None:
    keys = [name_key(g.name) for g in gangs]
    twice = next((g for g, k in zip(gangs, keys, strict=True) if keys.count(k) > 1), None)
    if twice is not None:
        raise BattleError(
            Message(
                "gang {gang} cannot fight itself: name two different gangs", gang=repr(twice.name)
            )
        )
    limit = ruleset.campaign.gang_max_size
    for gang in gangs:
        if not gang.members:
            raise BattleError(
                Message(
                    "gang {gang} has no living member to fight: "
                    "fill it up first (gang fill {gang})",
                    gang=repr(gang.name),
                )
            )
        for member in gang.members:
            if member.weapon not in ruleset.weapons:
                known = ", ".join(ruleset.weapons)
                raise BattleError(
                    Message(
                        "{member} of gang {gang} carries {weapon}, which ruleset {ruleset} does "
                        "not know ({known}): re-arm with gang member arm, or choose the "
                        "fight's --ruleset",
                        member=repr(member.name),
                        gang=repr(gang.name),
                        weapon=repr(member.weapon),
                        ruleset=repr(ruleset.name),
                        known=known,
                    )
                )
        if len(gang.members) > limit:
            raise BattleError(
                Message(
                    "gang {gang} has {count} members: at most {limit} fight "
                    "(campaign.gang_max_size)",
                    gang=repr(gang.name),
                    count=len(gang.members),
                    limit=limit,
                )
            )


def build_battle(
    gang_a: Gang,
    gang_b: Gang,
    template: str | Path | Scenario = "gangs",
    ruleset: str | Path | Ruleset = "extended",
) -> Battle:
    """The scenario for a fight of ``gang_a`` (seat 0) against ``gang_b`` (seat 1).

    The template gives the table, the terrain, the round limit and seats 0 and 1's starting
    spots; its own figures do not fight, the members with their own weapons do. Raises
    BattleError for the same gang twice, a gang without a living member, a gang above the
    ruleset's maximum size, a weapon the ruleset does not know, or no room to deploy.
    """
    return build_fight((gang_a, gang_b), template, ruleset)


def build_fight(
    gangs: Sequence[Gang],
    template: str | Path | Scenario = "gangs",
    ruleset: str | Path | Ruleset = "extended",
) -> Battle:
    """The scenario for a fight of ``gangs``: the *i*-th gang on seat *i*, each its own team.

    As :func:`build_battle`, for two gangs or more: the template needs a seat (with its
    starting spots) for every gang, and its seats beyond them are left empty.
    """
    rules = Ruleset.load(ruleset)
    base = load_scenario(template)
    if not 2 <= len(gangs) <= base.seats:
        raise BattleError(
            Message(
                "scenario {scenario} seats 2 to {seats} gangs, not {count}",
                scenario=repr(base.name),
                seats=base.seats,
                count=len(gangs),
            )
        )
    _check_gangs(gangs, rules)
    table = base.table(rules)
    names = _figure_names(gangs)
    anchors = [_anchors(base, seat) for seat in range(len(gangs))]
    figures: list[FigureSpec] = []
    sides: list[Side] = []
    for seat, gang in enumerate(gangs):
        enemy = [f.position for other, spots in enumerate(anchors) if other != seat for f in spots]
        spots = deploy(
            table,
            [f.position for f in anchors[seat]],
            len(gang.members),
            taken=[f.position for f in figures],
            enemy=enemy,
        )
        for member, name, spot in zip(gang.members, names[seat], spots, strict=True):
            figures.append(_spec(member, name, seat, spot))
        pairs = zip(names[seat], (m.name for m in gang.members), strict=True)
        sides.append(Side(gang, seat, tuple(pairs)))
    versus = " vs ".join(g.name for g in gangs)
    counts = [f"{g.name} ({len(g.members)})" for g in gangs]
    scenario = replace(
        base,
        name=f"{base.name}: {versus}",
        title=f"{base.title}: {versus}",
        title_de=f"{base.title_de}: {' gegen '.join(g.name for g in gangs)}",
        description=(
            f"{' against '.join(counts)} on the table of {base.title!r}: a campaign fight."
        ),
        description_de=(
            f"{' gegen '.join(counts)} auf dem Tisch von {base.title_de!r}: ein Kampagnenkampf."
        ),
        seats=len(gangs),
        teams=tuple(range(len(gangs))),
        figures=tuple(figures),
    )
    return Battle(scenario, tuple(sides))


def fight_ruleset(gangs: Sequence[Gang], ruleset: str | None = None) -> str:
    """The ruleset a fight of ``gangs`` plays: ``ruleset`` if given, else the gangs' own.

    Gangs of different rulesets need one named (BattleError otherwise).
    """
    if ruleset is not None:
        return ruleset
    refs = list(dict.fromkeys(g.ruleset for g in gangs))
    if len(refs) > 1:
        names = ", ".join(repr(g.name) for g in gangs)
        raise BattleError(
            Message(
                "gangs {names} play different rulesets ({rulesets}): "
                "choose the fight's with --ruleset",
                names=names,
                rulesets=", ".join(map(repr, refs)),
            )
        )
    return refs[0] if refs else "extended"


def start_fight(
    gangs: Sequence[Gang],
    template: str | Path | Scenario = "gangs",
    ruleset: str | None = None,
    seed: int = 0,
) -> Fight:
    """A fight of ``gangs`` ready to play: its battle (:func:`build_fight`) and the game dealt
    with ``seed``, on ``ruleset`` or the gangs' own (:func:`fight_ruleset`).

    The one way a campaign fight is set up: ``fight play`` and the web table's campaign
    fights both call it, and a web table rebuilds a stored fight with it.
    """
    rules = Ruleset.load(fight_ruleset(gangs, ruleset))
    battle = build_fight(gangs, template, rules)
    return Fight(battle, rules, new_game(battle.scenario, rules, seed))


def _spec(member: Member, name: str, seat: int, spot: Point) -> FigureSpec:
    return FigureSpec(
        name=name,
        seat=seat,
        weapon=member.weapon,
        position=spot,
        hp=member.hp,
        hp_max=member.hp_max,
        kind=member.kind,
        abilities=member.abilities,
    )


# -- the finished game -----------------------------------------------------------------


def conceded_seats(game: Game) -> frozenset[int]:
    """Seats that conceded the game (A13, B4)."""
    return frozenset(e.seat for e in game.events if isinstance(e, Conceded))


def default_sacrifice(gang: Gang, final_hp: Mapping[str, int]) -> str:
    """The sacrifice chosen for a conceding gang (B4): the standard cowboy with the most HP.

    Of equals the first in roster order; with no cowboy left, the hero. The gang keeps its
    hero (a veteran is worth about five cowboys, B2) whenever the rules allow it.

    >>> from totenblatt.campaign.gang import Gang, Member
    >>> bob, ann = Member("Bob", HeroType.VETERAN, 8, 8), Member("Ann", HeroType.COWBOY, 6, 6)
    >>> g = Gang("D", 3, (bob, ann, Member("Cy", HeroType.COWBOY, 6, 6)))
    >>> default_sacrifice(g, {"Bob": 8, "Ann": 2, "Cy": 4}), default_sacrifice(g, {"Bob": 1})
    ('Cy', 'Bob')
    """
    candidates = sacrifice_candidates(gang, final_hp)
    cowboys = [m for m in candidates if m.kind is HeroType.COWBOY]
    pick = (cowboys or list(candidates))[:1]
    if not pick:
        raise BattleError(Message("gang {gang} has nobody left to sacrifice", gang=repr(gang.name)))
    return pick[0].name


def fight_outcomes(
    battle: Battle, game: Game, sacrifices: Mapping[int, str] | None = None
) -> tuple[FightOutcome, ...]:
    """Each gang's outcome of the finished ``game``: who died, everyone else's final HP.

    A member is dead when it was taken out by a killer (A11); figures that left by a
    concession survive with their HP. A conceding seat's outcome is ``conceded`` with the
    sacrifice from ``sacrifices`` (by seat) or :func:`default_sacrifice`. A final HP above
    the member's maximum (only with ``cap_hp_at_max = false``) is cut to the maximum.
    """
    if not game.is_over:
        raise BattleError(Message("the fight is not over yet: no outcome to record"))
    killed = {e.figure for e in game.events if isinstance(e, FigureOut) and e.killer is not None}
    conceded = conceded_seats(game)
    chosen = dict(sacrifices or {})
    outcomes: list[FightOutcome] = []
    for side in battle.sides:
        members: dict[str, MemberOutcome] = {}
        final: dict[str, int] = {}
        for (figure, member_name), member in zip(side.figures, side.gang.members, strict=True):
            if figure in killed:
                members[member_name] = MemberOutcome(died=True)
            else:
                hp = min(game.figure(figure).hp, member.hp_max)
                members[member_name] = MemberOutcome(hp=hp)
                final[member_name] = hp
        sacrifice: str | None = None
        if side.seat in conceded:
            sacrifice = chosen.get(side.seat) or default_sacrifice(side.gang, final)
        elif side.seat in chosen:
            raise BattleError(
                Message(
                    "gang {gang} did not concede: it sacrifices nobody (B4)",
                    gang=repr(side.gang.name),
                )
            )
        outcomes.append(FightOutcome(members, conceded=sacrifice is not None, sacrifice=sacrifice))
    return tuple(outcomes)


def side_results(battle: Battle, game: Game) -> tuple[Result, ...]:
    """How each side came out of the finished ``game`` (see :class:`Result`)."""
    if not game.is_over:
        raise BattleError(Message("the fight is not over yet: no outcome to record"))
    conceded = conceded_seats(game)
    winners = set(game.winners)
    results: list[Result] = []
    for side in battle.sides:
        if side.seat in conceded:
            results.append(Result.CONCEDED)
        elif side.seat in winners:
            results.append(Result.WON)
        elif not winners and game.end_reason == "round_limit":
            results.append(Result.LIMIT)
        else:
            results.append(Result.LOST)
    return tuple(results)


def side_kills(battle: Battle, game: Game) -> tuple[int, ...]:
    """How many members of other gangs each side's figures took out (A11; Nine Lives saves)."""
    side_of = {figure: side.seat for side in battle.sides for figure, _ in side.figures}
    kills = [0] * len(battle.sides)
    for event in game.events:
        if isinstance(event, FigureOut) and event.killer is not None:
            seat = side_of.get(event.killer)
            if seat is not None and side_of.get(event.figure) != seat:
                kills[seat] += 1
    return tuple(kills)
