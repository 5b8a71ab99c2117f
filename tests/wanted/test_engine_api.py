"""The public interface: new_game, legal_actions, apply, views, clone, saves, errors, bots."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from self_play import play_some
from totenblatt.cards import Card
from totenblatt.wanted import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    Game,
    IllegalActionError,
    Move,
    MoveStep,
    Pass,
    Redraw,
    Reveal,
    SaveError,
    Swap,
    new_game,
)
from totenblatt.wanted.bots import Bot, RandomBot, play_game
from totenblatt.wanted.engine.actions import action_from_dict, action_to_dict
from totenblatt.wanted.engine.events import Event
from totenblatt.wanted.engine.game import stacked_deal
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset

HANDS = {0: ["2♥", "3♥", "4♥", "5♣", "6♦"], 1: ["7♥", "8♥", "9♥", "10♣", "J♦"]}
DEAD = ["Q♥", "K♥", "A♥", "2♣", "3♦"]


def stacked(**options: Any) -> Game:
    rules = Ruleset.load("base").with_options(**options) if options else "base"
    return new_game("duel", rules, seed=4, dealer=0, deck_order=stacked_deal(0, HANDS, DEAD))


def snapshot(game: Game) -> tuple[Any, ...]:
    st = game.state
    return (
        game.to_json(),
        [h.copy() for h in st.hands],
        st.draw_pile.copy(),
        st.discard_pile.copy(),
        st.dead_hand.copy(),
        [dataclasses.astuple(f) for f in st.figures],
        st.phase,
        st.to_act,
        st.rng.getstate(),
    )


def random_moves(game: Game, count: int, seed: int = 0) -> None:
    play_some(game, [RandomBot(seed + s) for s in range(game.seats)], count)


# -- the interface of the issue --------------------------------------------------------


def test_the_interface() -> None:
    game = new_game(scenario="duel", ruleset="base", seed=7)
    assert not game.is_over and game.to_act in (0, 1) and game.winner is None
    actions = game.legal_actions()
    assert actions and all(dataclasses.is_dataclass(a) for a in actions)
    redraw = next(a for a in actions if isinstance(a, Redraw))
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'card'"):
        redraw.card = Card.parse("2♣")  # type: ignore[misc]
    events = game.apply(actions[0])
    assert events and all(isinstance(e, Event) for e in events)
    view = game.view(0)
    assert {"hand", "figures", "decision", "events"} <= set(view)
    json.dumps(view)
    assert isinstance(game.clone(), Game)
    assert Game.from_json(game.to_json()).events == game.events


def test_same_seed_same_game() -> None:
    one, two = new_game("gangs", seed=11), new_game("gangs", seed=11)
    random_moves(one, 60)
    random_moves(two, 60)
    assert one.events == two.events


def test_the_package_exports() -> None:
    import totenblatt.wanted as wanted

    for name in wanted.__all__:
        assert getattr(wanted, name) is not None
    assert wanted.resolve_attack("Q♠", weapon="winchester", distance=7).wounds > 0
    assert wanted.Ruleset.load("base").name == "base"
    with pytest.raises(AttributeError, match="has no attribute 'no_such_thing'"):
        _ = wanted.no_such_thing


def test_bad_setup_is_refused() -> None:
    with pytest.raises(ValueError, match="no scenario named 'nowhere'"):
        new_game("nowhere")
    with pytest.raises(ValueError, match="dealer 5 is not a seat"):
        new_game("duel", dealer=5)
    with pytest.raises(ValueError, match="more often than the deck holds"):
        new_game("duel", deck_order=["A♠", "A♠"])


# -- views (hidden information) ----------------------------------------------------------


def test_a_view_shows_only_the_own_hand() -> None:
    game = stacked()
    for seat, other in ((0, 1), (1, 0)):
        view = game.view(seat)
        assert view["hand"] == HANDS[seat]
        text = json.dumps(view, ensure_ascii=False)
        for card in HANDS[other] + DEAD:
            assert card not in text, (seat, card)
        assert view["hand_sizes"] == [5, 5] and view["dead_hand"] == 5
    assert game.view(0)["decision"] == {"kind": "swap", "seat": 0, "order": [0, 1]}


def test_figures_in_the_view() -> None:
    figures = new_game("duel", seed=1).view(1)["figures"]
    assert [f["name"] for f in figures] == ["Billy", "Paco"]
    assert figures[0] == {
        "name": "Billy", "seat": 0, "team": 0, "weapon": "colt", "position": [12.0, 1.5],
        "hp": 6, "hp_max": 6, "kind": "cowboy", "abilities": [], "hidden": False, "out": False,
    }  # fmt: skip


def test_view_of_a_missing_seat() -> None:
    with pytest.raises(ValueError, match="seat 2 is not a seat"):
        new_game("duel", seed=1).view(2)


# -- refused actions leave the state unchanged -----------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Bid(Card.parse("6♦")),  # a swap decision, not a bid
        Redraw(Card.parse("A♠"), "Billy"),  # not in the hand
        Redraw(Card.parse("2♥"), "Paco"),  # not the seat's figure
        Reveal("Billy"),  # not hidden
        Defend(Card.parse("2♥")),
        Attack(Card.parse("2♥"), "Billy", "Paco"),
        Move(Card.parse("5♣"), (MoveStep("Billy", ((12.0, 1.5), (12.0, 4.0))),)),
    ],
)
def test_an_illegal_action_says_why_and_changes_nothing(action: Action) -> None:
    game = stacked()
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=re.escape(f"{action!r} is illegal")) as error:
        game.apply(action)
    assert repr(action) in str(error.value) and "illegal" in str(error.value)
    assert isinstance(error.value, ValueError)
    assert snapshot(game) == before
    assert action not in game.legal_actions()


def test_something_that_is_no_action() -> None:
    game = stacked()
    with pytest.raises(IllegalActionError, match="is not an action"):
        game.apply("swap")  # type: ignore[arg-type]


def test_after_the_end_nothing_is_legal() -> None:
    game = stacked()
    game.apply(Concede())
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(Pass())
    assert game.legal_actions() == [] and game.to_act is None


def test_every_legal_action_passes_the_check() -> None:
    game = new_game("gangs", seed=3)
    for _ in range(40):
        for action in game.legal_actions():
            assert game.why_illegal(action) is None, action
        random_moves(game, 1, seed=game.round)


# -- clone ---------------------------------------------------------------------------


def test_a_clone_is_independent() -> None:
    game = new_game("three-way", seed=5)
    random_moves(game, 30)
    before = snapshot(game)
    twin = game.clone()
    assert twin.events == game.events and twin.view(1) == game.view(1)
    play_game(twin, [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert twin.is_over
    assert snapshot(game) == before
    random_moves(game, 5)
    assert len(game.actions) == 35


# -- saves ---------------------------------------------------------------------------


def test_save_and_load_replay_every_event() -> None:
    game = new_game("gangs", seed=8)
    random_moves(game, 80)
    text = game.to_json()
    data = json.loads(text)
    assert (data["format"], data["scenario"], data["ruleset"], data["seed"]) == (
        "totenblatt-wanted-game", "gangs", "base", 8,
    )  # fmt: skip
    assert len(data["actions"]) == 80
    loaded = Game.from_json(text)
    assert loaded.events == game.events and loaded.to_json() == text
    random_moves(loaded, 5, seed=9)
    random_moves(game, 5, seed=9)
    assert loaded.events == game.events


def test_a_stacked_deck_and_changed_rules_are_saved() -> None:
    game = stacked(jokers=0, redraw_cost=2)
    game.apply(Redraw(Card.parse("2♥"), "Billy"))
    loaded = Game.from_json(game.to_json())
    assert loaded.state.hands[0] == game.state.hands[0]
    assert loaded.ruleset == game.ruleset and loaded.figure("Billy").hp == 4
    assert json.loads(game.to_json())["deck_order"][0][:5] == HANDS[1]


def test_a_scenario_file_is_saved_by_its_path(tmp_path: Path) -> None:
    from totenblatt.wanted.table.scenario import load_scenario

    path = tmp_path / "copy.toml"
    builtin = Path(__file__).parents[2] / "src/totenblatt/wanted/table/scenarios/duel.toml"
    path.write_text(builtin.read_text(encoding="utf-8"), encoding="utf-8")
    game = new_game(path, seed=2)
    random_moves(game, 10)
    assert Game.from_json(game.to_json()).events == game.events
    other = new_game(load_scenario(path), seed=2)
    with pytest.raises(SaveError, match="cannot save"):
        other.to_json()


def corrupt(text: str, change: str) -> str:
    data = json.loads(text)
    if change == "format":
        data["format"] = "chess"
    elif change == "version":
        data["version"] = 99
    elif change == "seed":
        del data["seed"]
    elif change == "seed type":
        data["seed"] = "seven"
    elif change == "scenario":
        data["scenario"] = "atlantis"
    elif change == "action":
        data["actions"][2] = {"type": "fly"}
    elif change == "illegal":
        data["actions"].insert(0, {"type": "bid", "card": "A♠"})
    elif change == "digest":
        data["digest"] = "0" * 64
    elif change == "events":
        data["events"] += 1
    elif change == "ruleset":
        data["ruleset"] = {"name": "broken"}
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("format", "not a saved Wanted game: \"format\" is 'chess'"),
        ("version", "version 99 is not supported"),
        ("seed", "key 'seed' is missing"),
        ("seed type", "'seed' is 'seven', expected an integer"),
        ("scenario", "cannot set up the saved game: no scenario named 'atlantis'"),
        ("action", "action #3 is not an action: unknown action type 'fly'"),
        ("illegal", "action #1 does not replay"),
        ("digest", "does not reproduce the saved events"),
        ("events", "the save says"),
        ("ruleset", "cannot set up the saved game: saved ruleset"),
    ],
)
def test_a_corrupt_save_is_refused_clearly(change: str, message: str) -> None:
    game = new_game("duel", seed=6)
    random_moves(game, 12)
    with pytest.raises(SaveError, match=message.replace("(", r"\(")):
        Game.from_json(corrupt(game.to_json(), change))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"game"'])
def test_text_that_is_no_save(text: str) -> None:
    with pytest.raises(SaveError, match="not a saved Wanted game"):
        Game.from_json(text)


# -- actions as JSON -----------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Pass(),
        Swap(),
        Concede(),
        Bid(Card.parse("J♦")),
        Defend(Card.parse("Joker")),
        Redraw(Card.parse("10♥"), "Billy"),
        Reveal("Paco"),
        Attack(Card.parse("Q♠"), "Billy", "Paco"),
        Move(Card.parse("7♣"), (MoveStep("Billy", ((1.0, 2.0), (3.5, 4.25)), hide=True),)),
    ],
)
def test_actions_round_trip_through_json(action: Action) -> None:
    data = json.loads(json.dumps(action_to_dict(action)))
    assert action_from_dict(data) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "bid"}, "bad bid action"),
        ({"type": "bid", "card": "X♦"}, "'X♦' is not a card"),
        ({"type": "move", "card": "7♣", "steps": [{"figure": "A", "path": [[1, "a"]]}]}, "number"),
        ({"type": "reveal", "figure": 3}, "must be text"),
        ([1], "must be a JSON object"),
    ],
)
def test_bad_action_json(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action_from_dict(data)


# -- bots ----------------------------------------------------------------------------


def test_random_bot_plays_whole_games_deterministically() -> None:
    assert isinstance(RandomBot(1), Bot)
    first = play_game(new_game("three-way", seed=2), [RandomBot(s) for s in range(3)])
    second = play_game(new_game("three-way", seed=2), [RandomBot(s) for s in range(3)])
    assert first.is_over and first.events == second.events
    assert not [a for a in first.actions if isinstance(a, Concede)]


def test_random_bot_concedes_only_when_allowed() -> None:
    bot = RandomBot(3, concede=True)
    choices = {type(bot.choose({}, [Pass(), Concede()])) for _ in range(50)}
    assert choices == {Pass, Concede}
    assert RandomBot(3).choose({}, [Concede()]) == Concede()


def test_play_game_needs_a_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="1 bots for 2 seats"):
        play_game(new_game("duel", seed=1), [RandomBot(1)])


def test_phase_and_decision_in_the_view() -> None:
    game = stacked()
    assert game.phase is Phase.SWAP
    game.apply(Swap())
    decision = game.view(1)["decision"]
    assert decision["kind"] == game.phase.value and decision["seat"] == game.to_act
