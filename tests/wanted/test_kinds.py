"""One place per action kind (kinds.py), the JSON form from the fields, typed views, spellings."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from self_play import decisions
from totenblatt.cards import Card
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import actions as actions_module
from totenblatt.wanted.engine import events as events_module
from totenblatt.wanted.engine.actions import (
    ACTION_TYPES,
    Attack,
    Bid,
    Defend,
    Move,
    MoveStep,
    Pass,
    Swap,
    action_from_dict,
    action_to_dict,
)
from totenblatt.wanted.engine.checks import can_swap, may_swap
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.kinds import KINDS, check, has_choice, legal_actions
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.engine.views import AttackView, DecisionView, FigureView, View
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability


def test_every_action_kind_has_its_check_effect_and_offers() -> None:
    assert set(KINDS) == set(ACTION_TYPES.values())
    for cls, kind in KINDS.items():
        assert kind.action is cls
        assert callable(kind.check) and callable(kind.perform) and callable(kind.offers)
        assert kind.phases <= set(Phase) - {Phase.OVER}
    during_fate = {cls.__name__ for cls, kind in KINDS.items() if kind.during_fate}
    assert during_fate == {"Keep", "Concede"}


def test_a_field_without_a_json_codec_is_refused_at_definition() -> None:
    with pytest.raises(TypeError, match=r"Odd\.weight: no JSON codec for type 'float'"):

        @actions_module._kind("odd")
        @dataclasses.dataclass(frozen=True)
        class Odd:
            weight: float

    assert "odd" not in ACTION_TYPES


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (Pass(), {"type": "pass"}),
        (Swap(), {"type": "swap"}),
        (Swap((Card.parse("2♥"),), "Vet"), {"type": "swap", "cards": ["2♥"], "figure": "Vet"}),
        (Bid(Card.parse("9♦")), {"type": "bid", "card": "9♦"}),
        (Bid(Card.parse("2♣"), True, "Kid"), {"type": "bid", "card": "2♣", "wild": True,
                                              "figure": "Kid"}),
        (
            Move(Card.parse("7♣"), (MoveStep("Billy", ((1.0, 2.0), (3, 4)), True),)),
            {"type": "move", "card": "7♣",
             "steps": [{"figure": "Billy", "path": [[1.0, 2.0], [3, 4]], "hide": True}]},
        ),
        (Attack(Card.parse("Q♠"), "Billy", "Paco"),
         {"type": "attack", "card": "Q♠", "attacker": "Billy", "target": "Paco"}),
        (
            Defend(Card.parse("5♥"), (Ability.COVER_1,), Card.parse("3♥"), False),
            {"type": "defend", "card": "5♥", "covers": ["cover_1"], "extra": "3♥"},
        ),
    ],
    ids=["pass", "swap", "partial-swap", "bid", "wild-bid", "move", "attack", "defend"],
)  # fmt: skip
def test_the_json_form_follows_the_fields_leaving_defaults_out(
    action: Any, data: dict[str, Any]
) -> None:
    assert action_to_dict(action) == data
    assert list(action_to_dict(action)) == list(data)  # in field order: saves stay byte-equal
    assert action_from_dict(data) == action


def test_action_to_dict_refuses_what_is_not_an_action() -> None:
    with pytest.raises(TypeError, match="'nope' is not an action: expected one of pass, swap"):
        action_to_dict("nope")  # type: ignore[arg-type]


def test_checks_offers_and_choice_agree_over_a_game() -> None:
    game = new_game("gangs", seed=3)
    for _ in range(60):
        if game.is_over:
            break
        state, seat = game.state, game.to_act
        assert seat is not None
        offered = legal_actions(state, seat)
        assert all(check(state, seat, a) is not None for a in offered)  # each one passes
        assert has_choice(state, seat)  # the engine never asks a seat without a choice
        game.apply(offered[(len(game.actions) * 7) % len(offered)])


def test_may_swap_asks_without_changing_the_state() -> None:
    game = new_game("three-way", seed=2)
    state = game.state
    assert state.phase is Phase.SWAP
    before = (state.swap_order.copy(), state.to_act)
    answers = [may_swap(state, seat) for seat in range(state.seats)]
    assert (state.swap_order, state.to_act) == before
    assert answers == [True, True, True]
    assert [can_swap(state, s) for s in range(3)] == [s == state.swap_order[0] for s in range(3)]


def keys(shape: Any) -> tuple[frozenset[str], frozenset[str]]:
    return shape.__required_keys__, shape.__optional_keys__


def check_shape(value: dict[str, Any], shape: Any) -> None:
    required, optional = keys(shape)
    assert required <= set(value) <= required | optional, set(value) ^ (required | optional)


def views_of(game: Game) -> list[View]:
    return [game.view(seat) for seat in range(game.seats)]


@pytest.mark.parametrize("mode", ["per_player", "per_character"])
def test_the_view_types_describe_the_views(mode: str) -> None:
    rules = Ruleset.load("extended").with_options(hand_mode=mode)
    game = new_game("heroes", rules, seed=4)
    seen: set[str] = set()
    for _ in decisions(game, [RandomBot(4), RandomBot(5)], 400):
        for view in views_of(game):
            check_shape(dict(view), View)
            check_shape(dict(view["decision"]), DecisionView)
            for figure in view["figures"]:
                check_shape(dict(figure), FigureView)
            if "attack" in view["decision"]:
                check_shape(dict(view["decision"]["attack"]), AttackView)
            seen.update(view["decision"])
    assert {"order", "bids", "values", "attack"} <= seen  # the decision keys were exercised
    if mode == "per_character":
        assert "figure_hands" in game.view(0)


def test_the_old_spellings_remain_as_aliases() -> None:
    assert events_module.DefencePlayed is events_module.DefensePlayed
    played = events_module.DefensePlayed(1, Card.parse("5♥"))
    assert events_module.event_to_dict(played) == {"type": "defence_played", "seat": 1,
                                                   "card": "5♥"}  # fmt: skip
