"""Two gangs as a scenario (members, kinds, HP, abilities, weapons, legal deployment) and a
finished game as their fight outcomes (deaths, final HP, concession with a B4 sacrifice)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from totenblatt.campaign import (
    FightOutcome,
    Gang,
    IllegalSacrificeError,
    Member,
    MemberOutcome,
    after_fight,
    create_gang,
)
from totenblatt.campaign.battle import (
    Battle,
    BattleError,
    build_battle,
    conceded_seats,
    default_sacrifice,
    deploy,
    fight_outcomes,
)
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.actions import Concede
from totenblatt.wanted.engine.events import FigureOut
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.measure import Table
from totenblatt.wanted.table.scenario import FigureSpec, Scenario, builtin_scenarios, load_scenario
from totenblatt.wanted.vocab import Ability, HeroType

COWBOY, GUNSLINGER, VETERAN = HeroType.COWBOY, HeroType.GUNSLINGER, HeroType.VETERAN


def gang(name: str, size: int, rules: Ruleset, leader: HeroType = VETERAN, seed: int = 1) -> Gang:
    made, _ = create_gang(name, leader, rules, random.Random(seed), size=size)
    return made


def daltons() -> Gang:
    return Gang(
        "Daltons",
        4,
        (
            Member("Bob Dalton", VETERAN, 7, 9, (Ability.COVER_3, Ability.PAY_THE_PIPER) * 2, 3),
            Member("Emmett Dalton", COWBOY, 2, 6, (Ability.SHARPSHOOTER,), 2),
            Member("Grat Dalton", COWBOY, 6, 6),
            Member("Bill Doolin", COWBOY, 0, 6),
        ),
    )


def clantons() -> Gang:
    return Gang(
        "Clantons",
        3,
        (
            Member("Ike Clanton", GUNSLINGER, 10, 10, (Ability.QUICK_FINGERS_1, Ability.WILD_2)),
            Member("Billy Clanton", COWBOY, 5, 6),
            Member("Grat Dalton", COWBOY, 6, 6),
        ),
    )


def bot_game(battle: Battle, rules: Ruleset, seed: int) -> Game:
    game = new_game(battle.scenario, rules, seed)
    bots = [HeuristicBot(seed * 10 + s, ruleset=rules, scenario=battle.scenario) for s in (0, 1)]
    return play_game(game, bots)


# -- the scenario ------------------------------------------------------------------------


def test_the_gangs_living_members_are_the_figures_of_seats_0_and_1(rules: Ruleset) -> None:
    a, b = daltons(), clantons()
    battle = build_battle(a, b, "gangs", rules)
    scen = battle.scenario
    assert (scen.seats, scen.teams) == (2, (0, 1))
    by_seat = [scen.figures_of(0), scen.figures_of(1)]
    for seat, g in enumerate((a, b)):
        specs = by_seat[seat]
        assert [(s.kind, s.hp, s.hp_max, s.abilities) for s in specs] == [
            (m.kind, m.hp, m.hp_max, m.abilities) for m in g.members
        ]
        assert [member for _, member in battle.sides[seat].figures] == [m.name for m in g.members]
        assert battle.sides[seat].gang is g and battle.sides[seat].seat == seat


def test_a_name_both_gangs_use_gets_the_gang_name_and_others_stay_plain(rules: Ruleset) -> None:
    battle = build_battle(daltons(), clantons(), "gangs", rules)
    names = [f.name for f in battle.scenario.figures]
    assert "Grat Dalton (Daltons)" in names and "Grat Dalton (Clantons)" in names
    assert "Bob Dalton" in names and "Ike Clanton" in names
    assert len(set(names)) == len(names)
    assert ("Grat Dalton (Clantons)", "Grat Dalton") in battle.sides[1].figures


def test_the_template_gives_table_terrain_round_limit_and_weapons_round_robin(
    rules: Ruleset,
) -> None:
    template = load_scenario("gangs")
    a, b = gang("A", 7, rules), gang("B", 3, rules, GUNSLINGER, seed=2)
    scen = build_battle(a, b, template, rules).scenario
    assert (scen.width, scen.height, scen.terrain) == (
        template.width,
        template.height,
        template.terrain,
    )
    assert scen.round_limit == template.round_limit and scen.victory == template.victory
    weapons = [f.weapon for f in template.figures_of(0)]
    assert [f.weapon for f in scen.figures_of(0)] == [weapons[i % 5] for i in range(7)]
    assert [f.weapon for f in scen.figures_of(1)] == [f.weapon for f in template.figures_of(1)][:3]
    assert scen.name == "gangs: A vs B" and "A" in scen.title_de and "B" in scen.title_de


def test_the_first_members_stand_on_the_template_starting_spots(rules: Ruleset) -> None:
    template = load_scenario("heroes")
    scen = build_battle(gang("A", 5, rules), gang("B", 5, rules, seed=2), template, rules).scenario
    for seat in (0, 1):
        assert [f.position for f in scen.figures_of(seat)] == [
            f.position for f in template.figures_of(seat)
        ]


@pytest.mark.parametrize("template", builtin_scenarios())
@pytest.mark.parametrize(("size_a", "size_b"), [(1, 1), (5, 10), (10, 10)])
def test_deployment_is_legal_near_the_starts_and_deterministic(
    rules: Ruleset, template: str, size_a: int, size_b: int
) -> None:
    a, b = gang("A", size_a, rules), gang("B", size_b, rules, GUNSLINGER, seed=2)
    battle = build_battle(a, b, template, rules)
    scen = battle.scenario
    table = scen.table(rules)
    base = load_scenario(template)
    placed: list[tuple[float, float]] = []
    for spec in scen.figures:
        assert table.position_error(spec.position, placed) is None, spec
        starts = [f.position for f in base.figures_of(spec.seat)]
        assert min(table.distance(spec.position, s) for s in starts) <= 12
        placed.append(spec.position)
    assert build_battle(a, b, template, rules) == battle
    new_game(scen, rules, 1)  # the engine accepts it


def test_deploy_fills_rings_away_from_the_enemy() -> None:
    spots = deploy(Table(12, 12), [(6, 1)], 4, enemy=[(6, 11)])
    assert spots[0] == (6.0, 1.0)
    assert all(p[1] <= 2.5 for p in spots)  # beside the start or behind it, never towards
    assert len(set(spots)) == 4


def test_deploy_does_not_start_a_figure_behind_a_wall() -> None:
    template = load_scenario("duel")
    table = template.table("base")
    bank_door = (7.5, 7.75)  # outside the Bank's east door
    spots = deploy(table, [bank_door], 10, enemy=[(20, 30)])
    for spot in spots:
        assert table.position_error(spot, []) is None
        table.move_cost([bank_door, spot])  # reachable in a straight line (no MoveError)


def test_no_room_to_deploy_is_refused(rules: Ruleset) -> None:
    tiny = Scenario(
        name="tiny",
        title="Tiny",
        title_de="Winzig",
        description="",
        description_de="",
        width=3,
        height=3,
        terrain=(),
        seats=2,
        teams=(0, 1),
        figures=(
            FigureSpec("X", 0, "colt", (0.5, 0.5)),
            FigureSpec("Y", 1, "colt", (2.5, 2.5)),
        ),
    )
    with pytest.raises(BattleError, match="no room for figure"):
        build_battle(gang("A", 10, rules), gang("B", 10, rules, seed=2), tiny, rules)


def test_the_same_gang_twice_is_refused(rules: Ruleset) -> None:
    a = daltons()
    with pytest.raises(BattleError, match="'Daltons' cannot fight itself"):
        build_battle(a, replace(a, name="DALTONS"), "gangs", rules)


def test_a_gang_without_a_living_member_is_refused(rules: Ruleset) -> None:
    empty = replace(clantons(), members=())
    with pytest.raises(BattleError, match=r"'Clantons' has no living member.*gang fill"):
        build_battle(daltons(), empty, "gangs", rules)


def test_a_gang_above_the_maximum_size_is_refused(rules: Ruleset) -> None:
    big = Gang("Big", 11, tuple(Member(f"M{i}", COWBOY, 6, 6) for i in range(11)))
    with pytest.raises(BattleError, match="'Big' has 11 members: at most 10"):
        build_battle(big, clantons(), "gangs", rules)


def test_the_engine_plays_the_members_as_they_are(rules: Ruleset) -> None:
    battle = build_battle(daltons(), clantons(), "gangs", rules)
    game = new_game(battle.scenario, rules, 3)
    bob = game.figure("Bob Dalton")
    assert (bob.kind, bob.hp, bob.hp_max) == (VETERAN, 7, 9)  # no Pay the Piper twice
    assert bob.abilities == daltons().members[0].abilities
    assert game.figure("Bill Doolin").hp == 0 and not game.figure("Bill Doolin").out
    assert game.figure("Ike Clanton").abilities == (Ability.QUICK_FINGERS_1, Ability.WILD_2)


def test_a_promoted_gunslinger_fights_with_the_abilities_it_kept(rules: Ruleset) -> None:
    kit = Member("Kit", VETERAN, 9, 10, (Ability.COVER_1, Ability.COVER_2), 7, kind_fights=1)
    a, b = Gang("A", 1, (kit,)), Gang("B", 1, (Member("Doc", COWBOY, 6, 6),))
    game = new_game(build_battle(a, b, "duel", rules).scenario, rules, 1)
    assert game.figure("Kit").abilities == kit.abilities  # kept 2, no top-up to 4 (D-28)


# -- the outcome ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_outcomes_are_the_deaths_and_final_hp_of_the_game(rules: Ruleset, seed: int) -> None:
    a, b = gang("A", 5, rules), gang("B", 5, rules, GUNSLINGER, seed=2)
    battle = build_battle(a, b, "gangs", rules)
    game = bot_game(battle, rules, seed)
    killed = {e.figure for e in game.events if isinstance(e, FigureOut)}
    outcomes = fight_outcomes(battle, game)
    for side, outcome in zip(battle.sides, outcomes, strict=True):
        assert not outcome.conceded and outcome.sacrifice is None
        assert list(outcome.members) == [m.name for m in side.gang.members]
        for figure, member in side.figures:
            result = outcome.members[member]
            assert result.died == (figure in killed)
            if not result.died:
                assert result.hp == game.figure(figure).hp
        after, _ = after_fight(side.gang, outcome, rules, random.Random(seed))
        assert len(after.members) == len(side.gang.members) - sum(
            r.died for r in outcome.members.values()
        )
    assert killed, "a bot fight of five against five on 'gangs' kills somebody"


def test_a_fight_not_over_has_no_outcome(rules: Ruleset) -> None:
    battle = build_battle(daltons(), clantons(), "duel", rules)
    with pytest.raises(BattleError, match="not over"):
        fight_outcomes(battle, new_game(battle.scenario, rules, 1))


def conceded_game(rules: Ruleset, a: Gang, b: Gang) -> tuple[Battle, Game, int]:
    battle = build_battle(a, b, "gangs", rules)
    game = new_game(battle.scenario, rules, 5)
    seat = game.to_act
    assert seat is not None
    game.apply(Concede())
    assert game.is_over and conceded_seats(game) == {seat}
    return battle, game, seat


def test_a_conceding_gang_sacrifices_its_cowboy_with_the_most_hp(rules: Ruleset) -> None:
    battle, game, seat = conceded_game(rules, daltons(), clantons())
    outcomes = fight_outcomes(battle, game)
    mine, theirs = outcomes[seat], outcomes[1 - seat]
    expected = {0: "Grat Dalton", 1: "Grat Dalton"}[seat]  # 6 HP beats 5, 2 and 0
    assert (mine.conceded, mine.sacrifice) == (True, expected)
    assert not any(r.died for r in mine.members.values())  # they escaped, nobody was shot
    assert (theirs.conceded, theirs.sacrifice) == (False, None)
    after, _ = after_fight(battle.sides[seat].gang, mine, rules, random.Random(1))
    assert after.size == battle.sides[seat].gang.size - 1


def test_a_conceding_gang_of_heroes_only_sacrifices_its_hero(rules: Ruleset) -> None:
    lone = Gang("Lone", 1, (Member("Kit", GUNSLINGER, 4, 10),))
    other = Gang("Other", 1, (Member("Doc", VETERAN, 8, 8),))
    battle, game, seat = conceded_game(rules, lone, other)
    assert fight_outcomes(battle, game)[seat].sacrifice == ("Kit", "Doc")[seat]


def test_a_chosen_sacrifice_is_used_and_checked_by_b4(rules: Ruleset) -> None:
    battle, game, seat = conceded_game(rules, daltons(), clantons())
    hero = battle.sides[seat].gang.members[0].name
    outcome = fight_outcomes(battle, game, {seat: hero})[seat]
    assert outcome.sacrifice == hero
    cheap = battle.sides[seat].gang.members[1].name  # 2 HP (Emmett) or 5 HP (Billy): not top
    bad = fight_outcomes(battle, game, {seat: cheap})[seat]
    with pytest.raises(IllegalSacrificeError, match="may not be sacrificed"):
        after_fight(battle.sides[seat].gang, bad, rules, random.Random(1))
    with pytest.raises(BattleError, match="did not concede"):
        fight_outcomes(battle, game, {1 - seat: "anyone"})


@pytest.mark.parametrize(
    ("hp", "expected"),
    [
        ({"Bob": 8, "Ann": 6, "Cy": 6}, "Ann"),  # equals: the first in roster order
        ({"Bob": 8, "Ann": 1, "Cy": 6}, "Cy"),
        ({"Bob": 8, "Cy": 0}, "Cy"),  # a cowboy at 0 HP still goes before the hero
        ({"Bob": 0}, "Bob"),  # nobody but the hero
    ],
)
def test_default_sacrifice_keeps_the_hero_when_b4_allows(hp: dict[str, int], expected: str) -> None:
    g = Gang(
        "D",
        3,
        (Member("Bob", VETERAN, 8, 8), Member("Ann", COWBOY, 6, 6), Member("Cy", COWBOY, 6, 6)),
    )
    assert default_sacrifice(g, hp) == expected


def test_a_recorded_outcome_counts_for_the_survivors(rules: Ruleset) -> None:
    a, b = gang("A", 5, rules), gang("B", 5, rules, GUNSLINGER, seed=2)
    battle = build_battle(a, b, "gangs", rules)
    game = bot_game(battle, rules, 2)
    oa, _ = fight_outcomes(battle, game)
    after, _ = after_fight(a, oa, rules, random.Random(1))
    survivors = {n for n, r in oa.members.items() if not r.died}
    assert {m.name for m in after.members} == survivors
    assert all(m.fights_survived == 1 for m in after.members)
    assert isinstance(oa, FightOutcome) and all(
        isinstance(r, MemberOutcome) for r in oa.members.values()
    )
