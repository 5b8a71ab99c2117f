"""The door for rule questions (``totenblatt.wanted.ask``): the engine's own answers, typed.

Each answer is checked against the engine itself: the club ``ruler`` picks is the one
``Game.refusal`` accepts, the odds are ``view_attack_odds``'s, a defence's outcome is
the attack the engine resolves when the defence is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from scenario_text import figure, scenario_toml
from self_play import play_some
from totenblatt.cards import Card
from totenblatt.messages import MessageError
from totenblatt.wanted.ask import (
    JOKER_BID,
    DefenceRoom,
    Refusal,
    aim,
    bid_effect,
    bid_values,
    clubs,
    dealt_view,
    defence_outcome,
    defence_room,
    pay,
    route,
    ruler,
)
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import (
    Attack,
    Bid,
    Defend,
    Game,
    IllegalActionError,
    MoveStep,
    Pass,
    Phase,
    new_game,
)
from totenblatt.wanted.engine.events import AttackResolved
from totenblatt.wanted.odds import view_attack_odds
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table import MoveError, load_scenario

FAR = (40, 40)
"""Paco's spot out of the way."""


def yard_text(
    billy: Sequence[str] = (), paco: Sequence[float] = (4, 8), **billy_fields: object
) -> str:
    """Billy at (4, 4) with the abilities ``billy`` (and ``billy_fields``), Paco at ``paco``
    with none, on an open 48 × 48 table."""
    return scenario_toml(
        "Yard",
        figure("Billy", 0, (4, 4), abilities=billy, **billy_fields),
        figure("Paco", 1, paco, abilities=()),
        height=48,
    )


HEARTS = ["3♥", "9♥", "10♥", "J♥", "8♦"]


def yard(
    action_game: Callable[..., Game],
    hand: list[str],
    *,
    billy: Sequence[str] = (),
    paco: Sequence[float] = (4, 8),
    ruleset: str = "base",
) -> Game:
    """Billy at (4, 4) with ``hand``, seat 0 to act; Paco at ``paco`` holds ``HEARTS``."""
    return action_game(yard_text(billy, paco), {0: hand, 1: HEARTS}, ruleset=ruleset)


def lone_hero(action_game: Callable[..., Game], hand: list[str], ability: str) -> Game:
    """:func:`yard` under the extended rules, Billy with ``ability``, Paco far off."""
    return yard(action_game, hand, billy=[ability], paco=FAR, ruleset="extended")


def card(text: str) -> Card:
    return Card.parse(text)


# -- moves ---------------------------------------------------------------------------------


def test_the_ruler_pays_with_the_smallest_club_the_engine_accepts(
    action_game: Callable[..., Game],
) -> None:
    game = yard(action_game, ["K♣", "10♣", "3♣", "7♣", "2♥"], paco=FAR)
    plan = ruler(game, 0, "Billy", (4.0, 10.5), hide=False)
    assert plan.costs == pytest.approx((6.5,)) and plan.problem is None
    assert (plan.card, plan.allowance) == (card("7♣"), 7)
    assert plan.move is not None and game.refusal(plan.move) is None
    small = pay(game, plan.steps, card=card("3♣"))
    assert small.move is None and small.refusal is not None and small.allowance == 3
    ten = ruler(game, 0, "Billy", (4.0, 14.0))
    assert ten.card == card("10♣")  # of equal inches (10♣, K♣) the lower card is spent


def test_the_ruler_says_why_not(action_game: Callable[..., Game]) -> None:
    game = yard(action_game, ["K♣", "10♣", "3♣", "7♣", "2♥"], paco=FAR)
    other = ruler(game, 1, "Paco", (40.0, 36.0))
    assert other.problem is Refusal.NOT_YOUR_DECISION and other.costs == pytest.approx((4.0,))
    far = ruler(game, 0, "Billy", (4.0, 20.0))
    assert far.problem is Refusal.NO_CLUB and far.move is None and far.card is None
    asked = ruler(game, 0, "Billy", (4.0, 20.0), card=card("K♣"))
    assert isinstance(asked.problem, IllegalActionError) and asked.allowance == 10
    assert asked.card == card("K♣") and asked.move is None
    assert asked.problem.message is not None and "gives only" in asked.problem.message.id
    off = ruler(game, 0, "Billy", (60.0, 4.0))
    assert off.costs is None and isinstance(off.problem, MoveError)


def test_light_footed_and_wild_2s_count_as_the_engine_counts(
    action_game: Callable[..., Game],
) -> None:
    light = lone_hero(action_game, ["5♣", "4♥", "5♥", "6♥", "7♥"], "light_footed_2")
    plan = ruler(light, 0, "Billy", (4.0, 10.5))
    assert (plan.card, plan.allowance, plan.problem) == (card("5♣"), 7, None)  # 5" + 2"
    wild = lone_hero(action_game, ["2♣", "Joker", "4♥", "5♥", "6♥"], "wild_2")
    options = clubs(wild, "Billy")
    assert options[0] == (card("2♣"), False) and options[-1] == (card("Joker"), False)
    eleven = ruler(wild, 0, "Billy", (4.0, 15.0))
    assert (eleven.card, eleven.wild, eleven.allowance) == (card("2♣"), True, 12)  # joker kept


def test_a_route_goes_round_walls_when_that_is_cheaper() -> None:
    game = new_game("duel", seed=1, deck_order=["10♣", "9♣", "8♣", "7♣", "Joker"], dealer=1)
    while game.phase is not Phase.ACTION:
        game.apply(Pass())
    found = route(game, "Billy", (6.0, 7.5))  # just inside the bank's door
    assert len(found.path) > 2 and found.problem is None
    table = game.state.geo.table
    straight = (game.figure("Billy").pos, (6.0, 7.5))
    try:
        cheaper = table.move_cost(found.path) < table.move_cost(straight)
    except MoveError:
        cheaper = True  # the straight path is refused (through a wall)
    assert cheaper
    plan = pay(game, [MoveStep("Billy", found.path, True)])
    assert plan.move is not None and plan.can_hide == (game.refusal(plan.move) is None)


# -- attacks -------------------------------------------------------------------------------


def test_aim_gives_the_engine_s_sight_and_every_card_s_exact_odds(
    action_game: Callable[..., Game],
) -> None:
    game = yard(action_game, ["2♠", "K♠", "7♠", "2♣", "3♣"])
    view = game.view(0)
    shot = aim(game, 0, view, "Billy", "Paco")
    assert shot.refusal is None and shot.sight.line_of_fire
    assert shot.sight.band == 1 and shot.sight.band_limit == 6.0  # 4" (bases 1" apart: D-11)
    assert [str(o.action.card) for o in shot.options] == ["2♠", "K♠", "7♠"]
    table = game.state.geo.table
    for option in shot.options:
        odds = view_attack_odds(view, option.action, table=table, ruleset=game.ruleset)
        assert option.odds == odds
        # A11: a target at H HP is out after H + 1 wounds (0 HP and one more)
        assert option.kill == odds.at_least(game.figure("Paco").hp + 1)
        assert option.kill == sum(p for n, p in odds.wounds if n > game.figure("Paco").hp)
    theirs = aim(game, 1, game.view(1), "Paco", "Billy")
    assert theirs.refusal is Refusal.NOT_YOUR_DECISION and not theirs.options


def test_aim_says_why_no_attack_is_offered(action_game: Callable[..., Game]) -> None:
    none = yard(action_game, ["2♣", "3♣", "4♣", "5♣", "6♣"])
    shot = aim(none, 0, none.view(0), "Billy", "Paco")
    assert shot.refusal is Refusal.NO_SPADE and shot.trial is None
    far = yard(action_game, ["Q♠", "3♣", "4♣", "5♣", "6♣"], paco=(44, 44))
    shot = aim(far, 0, far.view(0), "Billy", "Paco")
    assert isinstance(shot.refusal, MessageError) and shot.sight.band is None
    assert shot.trial == Attack(card("Q♠"), "Billy", "Paco")
    assert str(shot.refusal) == str(far.refusal(shot.trial))


# -- buttons -------------------------------------------------------------------------------


def test_a_defence_outcome_is_what_the_engine_resolves(action_game: Callable[..., Game]) -> None:
    game = yard(action_game, ["Q♠", "3♣", "4♣", "5♣", "6♣"])
    game.apply(Attack(card("Q♠"), "Billy", "Paco"))
    assert game.phase is Phase.DEFEND
    for answer in (Defend(card("9♥")), Defend(card("3♥")), Pass()):
        outcome = defence_outcome(game, answer)
        twin = game.clone()
        resolved = [e for e in twin.apply(answer) if isinstance(e, AttackResolved)]
        assert (outcome.wounds, outcome.attack_value, outcome.defense_value) == (
            resolved[0].wounds,
            resolved[0].attack_value,
            resolved[0].defense_value,
        )
    refused = defence_outcome(game, Defend(card("K♥")))  # not in Paco's hand
    assert (refused.wounds, refused.attack_value) == (0, None)


def test_a_bid_counts_quick_fingers(stacked_game: Callable[..., Game]) -> None:
    text = yard_text(["quick_fingers_2"], FAR)
    hand = ["K♦", "Joker", "2♣", "3♣", "4♣"]
    game = stacked_game(text, {0: hand, 1: HEARTS}, ruleset="extended")
    while game.phase is Phase.SWAP:
        game.apply(Pass())
    assert (game.phase, game.to_act) == (Phase.BID, 1)
    game.apply(Bid(card("8♦")))
    assert game.to_act == 0 and bid_values(game.view(0), game.ruleset) == (8,)
    effect = bid_effect(game, Bid(card("K♦")))
    assert (effect.value, effect.best, effect.leads) == (12, 8, True)  # 10 + 2 (D-23)
    assert bid_effect(game, Bid(card("Joker"))).value == JOKER_BID


def test_bid_values_of_a_view_without_abilities() -> None:
    for seed in range(40):
        game = new_game("duel", seed=seed)
        while game.phase is Phase.SWAP:
            game.apply(Pass())
        bids = [a for a in game.legal_actions() if isinstance(a, Bid)]
        if game.phase is Phase.BID and bids:
            bid = max(bids, key=lambda b: b.card.is_joker)
            game.apply(bid)
            view = game.view(game.to_act if game.to_act is not None else 0)
            value = JOKER_BID if bid.card.is_joker else game.ruleset.card_value(bid.card)
            assert "values" not in view["decision"]
            assert bid_values(view, game.ruleset) == (value,)
            return
    raise AssertionError("no bid in 40 seeds")


def test_the_room_defences_need(tmp_path: Path) -> None:
    duel, heroes = new_game("duel"), new_game("heroes", "extended")
    assert defence_room(duel.scenario, duel.ruleset) == DefenceRoom(1, False)
    assert defence_room(heroes.scenario, heroes.ruleset) == DefenceRoom(2, True)  # Cover 2
    bare = tmp_path / "bare.toml"  # a veteran without given abilities draws 4 (B2)
    bare.write_text(yard_text(paco=FAR, kind="veteran"))
    rules = Ruleset.load("extended")
    room = defence_room(load_scenario(bare), rules)
    assert room == DefenceRoom(2**rules.heroes.veteran.abilities, True)


def test_the_dealt_view_is_the_game_as_it_began() -> None:
    game = new_game("gangs", seed=4)
    start = game.view(None)
    play_some(game, [RandomBot(s) for s in range(game.seats)], 30)
    assert game.view(None) != start
    assert dealt_view(game) == start
