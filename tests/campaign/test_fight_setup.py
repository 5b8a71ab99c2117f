"""One way to set a campaign fight up (two or three gangs), how each gang fared, and the
JSON roster that round-trips."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from totenblatt.campaign import (
    CampaignError,
    Gang,
    Member,
    MemberStatus,
    create_gang,
    gang_from_roster,
)
from totenblatt.campaign.battle import (
    BattleError,
    Result,
    build_battle,
    build_fight,
    fight_outcomes,
    fight_ruleset,
    side_kills,
    side_results,
    start_fight,
)
from totenblatt.campaign.export import roster_dict
from totenblatt.wanted.bots import HeuristicBot, play_game
from totenblatt.wanted.engine.actions import Concede
from totenblatt.wanted.engine.events import FigureOut
from totenblatt.wanted.engine.game import new_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import HeroType


def gang(name: str, size: int, rules: Ruleset, seed: int) -> Gang:
    made, _ = create_gang(name, HeroType.VETERAN, rules, random.Random(seed), size=size)
    return made


def test_start_fight_is_the_battle_and_the_dealt_game(rules: Ruleset) -> None:
    a, b = gang("A", 4, rules, 1), gang("B", 4, rules, 2)
    fight = start_fight([a, b], "gangs", None, seed=11)
    assert fight.battle == build_battle(a, b, "gangs", rules)
    assert fight.ruleset == rules
    again = new_game(fight.battle.scenario, rules, 11)
    assert fight.game.event_dicts() == again.event_dicts()


def test_three_gangs_fight_on_a_table_of_three_seats(rules: Ruleset) -> None:
    gangs = [gang("A", 3, rules, 1), gang("B", 3, rules, 2), gang("C", 2, rules, 3)]
    battle = build_fight(gangs, "three-way", rules)
    assert battle.scenario.seats == 3 and battle.scenario.teams == (0, 1, 2)
    assert [len(battle.scenario.figures_of(s)) for s in range(3)] == [3, 3, 2]
    assert [s.gang.name for s in battle.sides] == ["A", "B", "C"]
    assert battle.scenario.title.endswith("A vs B vs C")
    with pytest.raises(BattleError, match="seats 2 to 2 gangs, not 3"):
        build_fight(gangs, "gangs", rules)
    with pytest.raises(BattleError, match="cannot fight itself"):
        build_fight([gangs[0], gangs[1], replace(gangs[0], name="a")], "three-way", rules)


def test_a_name_two_of_three_gangs_share_gets_the_gang_added(rules: Ruleset) -> None:
    a = Gang("A", 1, (Member("Doc", HeroType.VETERAN, 8, 8),))
    b = Gang("B", 1, (Member("Kit", HeroType.VETERAN, 8, 8),))
    c = Gang("C", 1, (Member("Doc", HeroType.VETERAN, 8, 8),))
    battle = build_fight([a, b, c], "three-way", rules)
    assert [f.name for f in battle.scenario.figures] == ["Doc (A)", "Kit", "Doc (C)"]


@pytest.mark.parametrize("seed", [1, 2])
def test_results_and_kills_of_a_bot_fight(rules: Ruleset, seed: int) -> None:
    fight = start_fight([gang("A", 5, rules, 1), gang("B", 5, rules, 2)], "gangs", seed=seed)
    bots = [HeuristicBot(seed + s, ruleset=rules, scenario=fight.battle.scenario) for s in (0, 1)]
    game = play_game(fight.game, bots)
    results = side_results(fight.battle, game)
    winners = set(game.winners)
    assert [r is Result.WON for r in results] == [s in winners for s in (0, 1)]
    if not winners:
        assert results == (Result.LIMIT, Result.LIMIT)
    kills = side_kills(fight.battle, game)
    out = [e for e in game.events if isinstance(e, FigureOut) and e.killer is not None]
    assert sum(kills) == len(out)
    for seat, outcome in enumerate(fight_outcomes(fight.battle, game)):
        dead = sum(o.died for o in outcome.members.values())
        assert dead == kills[1 - seat]  # who died on one side was killed by the other


def test_a_conceding_gang_conceded_and_the_other_won(rules: Ruleset) -> None:
    fight = start_fight([gang("A", 3, rules, 1), gang("B", 3, rules, 2)], seed=4)
    seat = fight.game.to_act
    assert seat is not None
    fight.game.apply(Concede())
    results = side_results(fight.battle, fight.game)
    assert results[seat] is Result.CONCEDED and results[1 - seat] is Result.WON
    assert side_kills(fight.battle, fight.game) == (0, 0)


def test_a_fight_plays_one_ruleset(rules: Ruleset) -> None:
    a, b = gang("A", 2, rules, 1), replace(gang("B", 2, rules, 2), ruleset="house.toml")
    assert fight_ruleset([a, a]) == "extended"
    assert fight_ruleset([a, b], "extended") == "extended"
    with pytest.raises(BattleError, match="play different rulesets"):
        fight_ruleset([a, b])
    with pytest.raises(BattleError, match="not over yet"):
        side_results(start_fight([a, gang("C", 2, rules, 3)]).battle, new_game("duel"))


def test_a_roster_round_trips_through_its_json(rules: Ruleset) -> None:
    made = gang("Daltons", 5, rules, 7)
    kit = replace(made.members[0], kind_fights=1, fights_survived=7, hp=5)
    gone = replace(made.members[1], status=MemberStatus.DIED)
    odd = replace(made, members=(kit, *made.members[2:]), fallen=(gone,), fights=7)
    assert gang_from_roster(roster_dict(odd)) == odd


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "expected a JSON object"),
        ({"name": "X"}, "missing key 'size'"),
        ({"name": "X", "size": 2, "members": {}}, "'members' must be a list"),
        ({"name": "X", "size": 2, "members": ["Bob"]}, r"members\[0\] must be an object"),
        ({"name": "X", "size": 2, "members": [{"name": "Bob", "kind": "wizard"}]}, "wizard"),
        ({"name": "X", "size": 2, "kind_fights": []}, "'kind_fights' must be an object"),
    ],
)
def test_a_malformed_roster_is_refused(data: object, problem: str) -> None:
    with pytest.raises(CampaignError, match=f"not a gang roster: .*{problem}"):
        gang_from_roster(data)
