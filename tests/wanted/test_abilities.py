"""The fourteen abilities of B1 in the engine, one named test (or more) each, with stacked decks.

Billy (seat 0) and Paco (seat 1) stand 3" apart on an open range (the Colt's
>2-6" band, +1). Seat 1 deals, nobody bids, so seat 0 acts first (D-35).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from attack_again import resolve_again
from totenblatt.cards import Card
from totenblatt.wanted.combat import resolve_attack
from totenblatt.wanted.engine.actions import (
    Action,
    Attack,
    Bid,
    Concede,
    Defend,
    Keep,
    Move,
    MoveStep,
    Pass,
    TemptFate,
    action_from_dict,
    action_to_dict,
)
from totenblatt.wanted.engine.checks import bid_value
from totenblatt.wanted.engine.events import (
    AttackResolved,
    BidPlaced,
    DefencePlayed,
    Event,
    FateDrawn,
    FateKept,
    FateTempted,
    FigureOut,
    FiguresMoved,
    HpGained,
    InitiativeWon,
    NineLivesDrawn,
    PiperPaid,
    event_to_dict,
)
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset, RulesetError
from totenblatt.wanted.vocab import Ability

Of = Callable[[Iterable[Event], type[Any]], list[Any]]
"""The ``of`` fixture (tests/wanted/conftest.py): the events of one kind."""

A = Ability
TERRAIN = """
[[terrain]]
name = "Trough"
kind = "trough"
rect = [24, 18, 2, 1]
"""
DEAD = ["3♠", "4♠", "5♠", "6♠", "7♠"]


@dataclass(frozen=True)
class Fig:
    """A figure of the test range."""

    name: str
    seat: int
    x: float
    y: float
    abilities: tuple[Ability, ...] = ()
    weapon: str = "colt"
    kind: str = "cowboy"
    hp: int | None = None
    hp_max: int | None = None

    def toml(self) -> str:
        text = f'\n[[figures]]\nname = "{self.name}"\nseat = {self.seat}\nkind = "{self.kind}"\n'
        text += f'weapon = "{self.weapon}"\nposition = [{self.x}, {self.y}]\n'
        text += f"abilities = [{', '.join(repr(a.value) for a in self.abilities)}]\n"
        if self.hp is not None:
            text += f"hp = {self.hp}\n"
        if self.hp_max is not None:
            text += f"hp_max = {self.hp_max}\n"
        return text


def arena(
    tmp_path: Path,
    figures: Sequence[Fig],
    hands: dict[int, list[str]],
    *,
    then: Sequence[str] = (),
    dealer: int = 1,
    ruleset: str = "extended",
    **options: Any,
) -> Game:
    """A 48" x 24" range with these figures and a stacked deal (no redraws)."""
    text = 'title = "Range"\nwidth = 48\nheight = 24\nseats = 2\n' + TERRAIN
    text += "".join(f.toml() for f in figures)
    path = tmp_path / "range.toml"
    path.write_text(text, encoding="utf-8")
    rules = Ruleset.load(ruleset).with_options(**{"redraws_per_round": 0, **options})
    order = stacked_deal(dealer, hands, DEAD, then)
    return new_game(path, rules, seed=9, dealer=dealer, deck_order=order)


def to(game: Game, phase: Phase, seat: int) -> None:
    """Pass every decision until ``seat`` has a ``phase`` decision."""
    for _ in range(20):
        if game.phase is phase and game.to_act == seat:
            return
        game.apply(Pass())
    raise AssertionError(f"no {phase} decision of seat {seat}")


def card(text: str) -> Card:
    return Card.parse(text)


def shoot(game: Game, attack: Attack, defence: Action | None = None) -> list[Event]:
    events = game.apply(attack)
    if game.phase is Phase.DEFEND:
        events += game.apply(defence or Pass())
    return events


def recomputed(event: AttackResolved, game: Game) -> tuple[Any, ...]:
    """The resolver's answer from the event alone, as (attack, defence, wounds, reason)."""
    result = resolve_again(event, game.ruleset)
    return (result.attack_value, result.defense_value, result.wounds, result.reason)


def resolved(events: Sequence[Event], game: Game) -> AttackResolved:
    event = next(e for e in events if isinstance(e, AttackResolved))
    assert recomputed(event, game) == (
        event.attack_value,
        event.defense_value,
        event.wounds,
        event.reason,
    )
    return event


BILLY = Fig("Billy", 0, 8, 4)
PACO = Fig("Paco", 1, 8, 8)
HEARTS = ["8♥", "9♥", "10♥", "J♥"]
CLUBS = ["2♣", "3♣", "4♣", "5♣"]


# -- Quick Fingers 1 and 2 (B1 2, J; D-23, D-36) -------------------------------------------


def bidding(tmp_path: Path, billy: Sequence[Ability], amigo: Sequence[Ability] = ()) -> Game:
    figures = [
        Fig("Billy", 0, 8, 4, tuple(billy)),
        Fig("Amigo", 0, 8, 12, tuple(amigo)),
        Fig("Paco", 1, 40, 20, (A.WILD_2,)),
    ]
    hands = {0: ["5♦", "7♦", "A♦", "9♥", "10♥"], 1: ["8♦", "Joker", "2♣", "9♣", "10♣"]}
    game = arena(tmp_path, figures, hands, dealer=0)
    to(game, Phase.BID, 0)
    return game


def test_quick_fingers_1_adds_one_to_every_diamond(tmp_path: Path, of: Of) -> None:
    game = bidding(tmp_path, [A.QUICK_FINGERS_1])
    placed = game.apply(Bid(card("7♦")))
    assert of(placed, BidPlaced) == [BidPlaced(0, card("7♦"), False, 1)]
    assert game.view(1)["decision"]["values"] == [8]
    events = game.apply(Bid(card("8♦")))  # 8 against 7 + 1: the first of equal bids wins
    assert of(events, InitiativeWon) == [InitiativeWon(0, card("7♦"))]


def test_quick_fingers_2_adds_two_and_copies_add_up(tmp_path: Path, of: Of) -> None:
    game = bidding(tmp_path, [A.QUICK_FINGERS_1, A.QUICK_FINGERS_2])
    game.apply(Bid(card("5♦")))  # 5 + 1 + 2 = 8
    events = game.apply(Bid(card("8♦")))
    assert of(events, InitiativeWon) == [InitiativeWon(0, card("5♦"))]


def test_the_diamond_bonus_is_the_best_living_figure_not_the_sum(tmp_path: Path, of: Of) -> None:
    game = bidding(tmp_path, [A.QUICK_FINGERS_1], [A.QUICK_FINGERS_2])
    assert of(game.apply(Bid(card("5♦"))), BidPlaced)[0].bonus == 2  # D-23: best, not 1 + 2
    events = game.apply(Bid(card("8♦")))
    assert of(events, InitiativeWon) == [InitiativeWon(1, card("8♦"))]
    st = game.state
    st.take_out(game.figure("Amigo"))  # only the living count
    assert bid_value(st, 0, card("5♦")) == 6


def test_a_joker_or_wild_2_beats_any_bonused_diamond(tmp_path: Path, of: Of) -> None:
    game = bidding(tmp_path, [A.QUICK_FINGERS_2])
    game.apply(Bid(card("A♦")))  # 11 + 2
    options = [a for a in game.legal_actions() if isinstance(a, Bid)]
    assert Bid(card("2♣"), wild=True) in options and Bid(card("2♣")) not in options
    placed = game.apply(Bid(card("2♣"), wild=True))
    assert of(placed, BidPlaced) == [BidPlaced(1, card("2♣"), True, 0)]  # D-36: no bonus
    assert of(placed, InitiativeWon) == [InitiativeWon(1, card("2♣"))]


# -- Light-Footed 1 and 2 (B1 3, 4; D-23, D-36) ---------------------------------------------


def walk(name: str, start: tuple[float, float], length: float) -> MoveStep:
    return MoveStep(name, (start, (start[0] + length, start[1])))


def footwork(tmp_path: Path, billy: Sequence[Ability]) -> Game:
    figures = [Fig("Billy", 0, 8, 4, tuple(billy)), Fig("Amigo", 0, 8, 10), Fig("Paco", 1, 40, 20)]
    hands = {0: ["7♣", "Joker", "9♥", "10♥", "J♥"], 1: [*CLUBS, "6♣"]}
    game = arena(tmp_path, figures, hands)
    to(game, Phase.ACTION, 0)
    return game


def test_light_footed_1_adds_an_inch_for_its_own_figure(tmp_path: Path, of: Of) -> None:
    game = footwork(tmp_path, [A.LIGHT_FOOTED_1])
    assert game.why_illegal(Move(card("7♣"), (walk("Billy", (8, 4), 8),))) is None
    assert 'costs 8"' in str(game.why_illegal(Move(card("7♣"), (walk("Amigo", (8, 10), 8),))))
    events = game.apply(Move(card("7♣"), (walk("Billy", (8, 4), 8),)))
    moved = of(events, FiguresMoved)[0]
    assert (moved.inches, moved.bonus) == (7, 1) and game.figure("Billy").pos == (16.0, 4.0)


def test_a_split_club_gives_each_figure_only_its_own_bonus(tmp_path: Path) -> None:
    game = footwork(tmp_path, [A.LIGHT_FOOTED_1])
    ok = [
        (walk("Billy", (8, 4), 5), walk("Amigo", (8, 10), 3)),  # 4 + 3 from the club
        (walk("Billy", (8, 4), 1), walk("Amigo", (8, 10), 7)),  # Billy's bonus covers his inch
    ]
    for steps in ok:
        assert game.why_illegal(Move(card("7♣"), steps)) is None
    unused_bonus = (walk("Billy", (8, 4), 0.5), walk("Amigo", (8, 10), 7.5))
    assert "Light-Footed" in str(game.why_illegal(Move(card("7♣"), unused_bonus)))


def test_light_footed_2_adds_two_and_the_offered_moves_use_it(tmp_path: Path) -> None:
    game = footwork(tmp_path, [A.LIGHT_FOOTED_2])
    assert game.why_illegal(Move(card("7♣"), (walk("Billy", (8, 4), 9),))) is None
    offered = [
        a for a in game.legal_actions() if isinstance(a, Move) and a.card == card("7♣") and a.steps
    ]
    costs = [
        game.state.geo.table.move_cost(m.steps[0].path)
        for m in offered
        if len(m.steps) == 1 and m.steps[0].figure == "Billy"
    ]
    assert max(costs) == pytest.approx(9.0, abs=0.01)
    assert all(game.why_illegal(m) is None for m in offered)


def test_a_joker_club_gets_no_light_footed_bonus(tmp_path: Path) -> None:
    game = footwork(tmp_path, [A.LIGHT_FOOTED_2])  # D-36: a joker club is 12", not 14"
    assert game.why_illegal(Move(card("Joker"), (walk("Billy", (8, 4), 12),))) is None
    assert "12" in str(game.why_illegal(Move(card("Joker"), (walk("Billy", (8, 4), 13),))))


# -- Cover 1, 2, 3 (B1 5-7): a decision on each heart, once per fight each --------------------


def covered(tmp_path: Path, abilities: Sequence[Ability]) -> Game:
    figures = [BILLY, Fig("Paco", 1, 8, 8, tuple(abilities))]
    hands = {0: ["9♠", "10♠", "2♦", "3♦", "4♦"], 1: ["5♥", "6♥", "Joker", "3♣", "4♣"]}
    game = arena(tmp_path, figures, hands)
    to(game, Phase.ACTION, 0)
    return game


@pytest.mark.parametrize(("ability", "bonus"), [(A.COVER_1, 1), (A.COVER_2, 2), (A.COVER_3, 3)])
def test_cover_adds_to_one_heart_when_the_player_chooses(
    tmp_path: Path, ability: Ability, bonus: int, of: Of
) -> None:
    game = covered(tmp_path, [ability])
    game.apply(Attack(card("9♠"), "Billy", "Paco"))  # 9 + 1 = 10
    options = [a for a in game.legal_actions() if isinstance(a, Defend)]
    assert Defend(card("5♥")) in options and Defend(card("5♥"), (ability,)) in options
    assert Defend(card("Joker"), (ability,)) not in options  # a joker blocks anyway
    events = game.apply(Defend(card("5♥"), (ability,)))
    assert of(events, DefencePlayed) == [DefencePlayed(1, card("5♥"), (ability.value,))]
    event = resolved(events, game)
    assert (event.defense_value, event.defender_abilities) == (5 + bonus, (ability.value,))
    assert event.base_wounds == (1 if 5 + bonus > 5 else 2)
    assert game.figure("Paco").spent == (ability,)


def test_cover_is_spent_for_the_fight_and_copies_add_up(tmp_path: Path) -> None:
    game = covered(tmp_path, [A.COVER_1, A.COVER_2])
    game.apply(Attack(card("9♠"), "Billy", "Paco"))
    both = Defend(card("5♥"), (A.COVER_1, A.COVER_2))
    assert both in game.legal_actions()
    event = resolved(game.apply(both), game)
    assert event.defense_value == 8 and event.wounds == 1  # 10 - 8 = 2
    to(game, Phase.ACTION, 0)
    game.apply(Attack(card("10♠"), "Billy", "Paco"))
    assert {a.covers for a in game.legal_actions() if isinstance(a, Defend)} == {()}
    assert "no unused Cover 1" in str(game.why_illegal(Defend(card("6♥"), (A.COVER_1,))))


# -- Tempt Fate (B1 8, D-38): when, and which card to keep -----------------------------------


def tempting(tmp_path: Path, then: Sequence[str]) -> Game:
    figures = [Fig("Billy", 0, 8, 4, (A.TEMPT_FATE,)), PACO]
    hands = {0: ["3♥", "9♠", "8♥", "10♥", "J♥"], 1: ["2♥", "3♣", "4♣", "5♣", "6♣"]}
    game = arena(tmp_path, figures, hands, then=then)
    to(game, Phase.ACTION, 0)
    return game


def test_tempt_fate_draws_two_and_the_player_keeps_one(tmp_path: Path, of: Of) -> None:
    game = tempting(tmp_path, ["Q♠", "4♥"])
    assert TemptFate(card("3♥"), "Billy") in game.legal_actions()
    events = game.apply(TemptFate(card("3♥"), "Billy"))
    assert of(events, FateTempted) == [FateTempted(0, "Billy")]
    assert of(events, FateDrawn) == [FateDrawn(0, "Billy", card("3♥"), (card("Q♠"), card("4♥")))]
    assert (game.phase, game.to_act) == (Phase.FATE, 0)
    assert game.view(0)["decision"] == {
        "kind": "fate",
        "seat": 0,
        "figure": "Billy",
        "cards": ["Q♠", "4♥"],
    }
    assert "cards" not in game.view(1)["decision"]
    assert not any(e["type"] == "fate_drawn" for e in game.view(1)["events"])
    assert game.legal_actions() == [Keep(card("Q♠")), Keep(card("4♥")), Concede()]
    assert "keep one" in str(game.why_illegal(Pass()))
    kept = game.apply(Keep(card("Q♠")))
    assert of(kept, FateKept) == [FateKept(0, "Billy", card("Q♠"), card("4♥"))]
    st = game.state
    assert st.hands[0] == [card(c) for c in ("9♠", "8♥", "10♥", "J♥", "Q♠")]
    assert st.discard_pile[-2:] == [card("3♥"), card("4♥")]  # D-38: both discarded, face down
    assert st.seen_private[0][-2:] == [card("3♥"), card("4♥")] and not st.seen_public
    assert (game.phase, game.to_act) == (Phase.ACTION, 0)  # the decision goes on
    assert not any(isinstance(a, TemptFate) for a in game.legal_actions())  # once per fight


def test_tempt_fate_works_at_any_decision_and_resumes_it(tmp_path: Path) -> None:
    figures = [BILLY, Fig("Paco", 1, 8, 8, (A.TEMPT_FATE,))]
    hands = {0: ["9♠", "10♠", "2♦", "3♦", "4♦"], 1: ["2♣", "3♣", "4♣", "5♣", "6♣"]}
    game = arena(tmp_path, figures, hands, then=["9♥", "7♣"])
    to(game, Phase.ACTION, 0)
    game.apply(Attack(card("9♠"), "Billy", "Paco"))
    assert (game.phase, game.to_act) == (Phase.DEFEND, 1)  # a choice only thanks to Tempt Fate
    game.apply(TemptFate(card("2♣"), "Paco"))
    game.apply(Keep(card("9♥")))
    assert (game.phase, game.to_act) == (Phase.DEFEND, 1)
    event = resolved(game.apply(Defend(card("9♥"))), game)
    assert (event.defense_value, event.wounds) == (9, 1)


def test_tempt_fate_with_two_equal_cards_keeps_one_at_once(tmp_path: Path, of: Of) -> None:
    game = tempting(tmp_path, ["Joker", "Joker"])
    events = game.apply(TemptFate(card("3♥"), "Billy"))
    assert of(events, FateKept) == [FateKept(0, "Billy", card("Joker"), card("Joker"))]
    assert game.phase is Phase.ACTION and game.state.hands[0].count(card("Joker")) == 1


# -- Nine Lives (B1 9, D-24) ----------------------------------------------------------------


def lives(tmp_path: Path, then: Sequence[str], **options: Any) -> Game:
    figures = [
        Fig("Billy", 0, 8, 4, hp=5, hp_max=6),
        Fig("Paco", 1, 8, 8, (A.NINE_LIVES,), hp=1, hp_max=6),
    ]
    hands = {0: ["9♠", "10♠", "J♠", "2♦", "3♦"], 1: ["2♣", "3♣", "4♣", "5♣", "6♣"]}
    game = arena(tmp_path, figures, hands, then=then, **options)
    to(game, Phase.ACTION, 0)
    return game


def test_nine_lives_keeps_the_figure_in_with_0_hp_when_its_card_is_higher(
    tmp_path: Path, of: Of
) -> None:
    game = lives(tmp_path, ["K♣", "5♥"])
    events = shoot(game, Attack(card("9♠"), "Billy", "Paco"))  # 10 vs nothing: 3 wounds
    assert of(events, NineLivesDrawn) == [
        NineLivesDrawn("Paco", "Billy", card("K♣"), card("5♥"), True)
    ]
    paco = game.figure("Paco")
    assert (paco.hp, paco.out, paco.spent) == (0, False, (A.NINE_LIVES,))
    assert not of(events, FigureOut) and not of(events, HpGained)  # no reward, wounds spent
    assert game.state.seen_public[-2:] == [card("K♣"), card("5♥")]  # drawn face up


@pytest.mark.parametrize(("own", "killer"), [("Q♣", "K♥"), ("8♣", "Joker")])
def test_nine_lives_equal_or_lower_card_dies_and_the_killer_gains(
    tmp_path: Path, own: str, killer: str, of: Of
) -> None:
    game = lives(tmp_path, [own, killer])
    events = shoot(game, Attack(card("9♠"), "Billy", "Paco"))
    assert of(events, NineLivesDrawn)[0].survived is False
    assert of(events, FigureOut) == [FigureOut("Paco", 1, "Billy")]
    assert of(events, HpGained) == [HpGained("Billy", 1, 6)]


def test_a_joker_is_the_highest_nine_lives_card(tmp_path: Path, of: Of) -> None:
    game = lives(tmp_path, ["Joker", "A♥"])
    assert of(shoot(game, Attack(card("9♠"), "Billy", "Paco")), NineLivesDrawn)[0].survived


def test_nine_lives_has_no_use_limit_by_default(tmp_path: Path, of: Of) -> None:
    game = lives(tmp_path, ["K♣", "5♥", "A♣", "2♥"])
    shoot(game, Attack(card("9♠"), "Billy", "Paco"))
    to(game, Phase.ACTION, 0)
    events = shoot(game, Attack(card("10♠"), "Billy", "Paco"))
    assert of(events, NineLivesDrawn)[0].survived and not game.figure("Paco").out


def test_option_nine_lives_uses_limits_the_draws(tmp_path: Path, of: Of) -> None:
    game = lives(tmp_path, ["K♣", "5♥", "A♣", "2♥"], nine_lives_uses=1)
    shoot(game, Attack(card("9♠"), "Billy", "Paco"))
    to(game, Phase.ACTION, 0)
    events = shoot(game, Attack(card("10♠"), "Billy", "Paco"))
    assert not of(events, NineLivesDrawn) and of(events, FigureOut)


# -- Picture-Book 10 (B1 10, D-25) -------------------------------------------------------------


@pytest.mark.parametrize(("abilities", "wounds"), [((A.PICTURE_BOOK_10,), 3), ((), 2)])
def test_picture_book_10_attacks_with_a_picture_tier(
    tmp_path: Path, abilities: tuple[Ability, ...], wounds: int
) -> None:
    hands = {0: ["10♠", "2♦", "3♦", "4♦", "5♦"], 1: ["4♥", "3♣", "4♣", "5♣", "6♣"]}
    game = arena(tmp_path, [Fig("Billy", 0, 8, 4, abilities), PACO], hands)
    to(game, Phase.ACTION, 0)
    event = resolved(shoot(game, Attack(card("10♠"), "Billy", "Paco"), Defend(card("4♥"))), game)
    assert (event.attack_value, event.defense_value, event.wounds) == (11, 4, wounds)


def test_picture_book_10_defends_with_a_picture_tier(tmp_path: Path) -> None:
    hands = {0: ["K♠", "2♦", "3♦", "4♦", "5♦"], 1: ["10♥", "3♣", "4♣", "5♣", "6♣"]}
    game = arena(tmp_path, [BILLY, Fig("Paco", 1, 8, 8, (A.PICTURE_BOOK_10,))], hands)
    to(game, Phase.ACTION, 0)
    event = resolved(shoot(game, Attack(card("K♠"), "Billy", "Paco"), Defend(card("10♥"))), game)
    assert (event.difference, event.extra_wounds, event.wounds) == (1, 0, 1)


# -- Queen of Hearts (B1 Q, D-26) -----------------------------------------------------------


def test_queen_of_hearts_adds_a_hand_card_but_not_its_tier(tmp_path: Path) -> None:
    hands = {0: ["A♠", "2♦", "3♦", "4♦", "5♦"], 1: ["2♥", "8♣", "Joker", "J♣", "3♣"]}
    game = arena(tmp_path, [BILLY, Fig("Paco", 1, 8, 8, (A.QUEEN_OF_HEARTS,))], hands)
    to(game, Phase.ACTION, 0)
    game.apply(Attack(card("A♠"), "Billy", "Paco"))  # 11 + 1 = 12
    options = [a for a in game.legal_actions() if isinstance(a, Defend)]
    assert Defend(card("2♥"), extra=card("8♣")) in options
    assert Defend(card("2♥"), extra=card("Joker")) not in options
    assert "joker" in str(game.why_illegal(Defend(card("2♥"), extra=card("Joker"))))
    assert "not a second card" in str(game.why_illegal(Defend(card("2♥"), extra=card("9♣"))))
    events = game.apply(Defend(card("2♥"), extra=card("8♣")))
    event = resolved(events, game)
    assert (event.defense_value, event.extra_defense) == (10, card("8♣"))
    # 12 - 10 = 2: one wound, and ace over the heart's number tier: two more (D-26)
    assert (event.base_wounds, event.extra_wounds) == (1, 2)
    assert event.defender_abilities == ("queen_of_hearts",)
    assert game.state.seen_public[-2:] == [card("2♥"), card("8♣")]  # both discarded
    assert card("8♣") not in game.state.hands[1]


def test_without_queen_of_hearts_no_extra_card(tmp_path: Path) -> None:
    hands = {0: ["A♠", "2♦", "3♦", "4♦", "5♦"], 1: ["2♥", "8♣", "9♣", "J♣", "3♣"]}
    game = arena(tmp_path, [BILLY, PACO], hands)
    to(game, Phase.ACTION, 0)
    game.apply(Attack(card("A♠"), "Billy", "Paco"))
    assert "no Queen of Hearts" in str(game.why_illegal(Defend(card("2♥"), extra=card("8♣"))))


# -- Sharpshooter (B1 K) --------------------------------------------------------------------


@pytest.mark.parametrize(("abilities", "value"), [((A.SHARPSHOOTER,), 11), ((), 10)])
def test_sharpshooter_widens_the_range_bands(
    tmp_path: Path, abilities: tuple[Ability, ...], value: int
) -> None:
    near = Fig("Paco", 1, 8, 7.5)  # 2.5" edge to edge: band 0-3" (+2) instead of >2-6" (+1)
    game = arena(
        tmp_path,
        [Fig("Billy", 0, 8, 4, abilities), near],
        {0: ["9♠", "2♦", "3♦", "4♦", "5♦"], 1: [*CLUBS, "6♣"]},
    )
    to(game, Phase.ACTION, 0)
    event = resolved(shoot(game, Attack(card("9♠"), "Billy", "Paco")), game)
    assert event.attack_value == value


@pytest.mark.parametrize("sharp", [True, False])
def test_sharpshooter_reaches_beyond_36_inches(tmp_path: Path, sharp: bool) -> None:
    billy = Fig("Billy", 0, 4, 4, (A.SHARPSHOOTER,) if sharp else (), weapon="winchester")
    game = arena(
        tmp_path,
        [billy, Fig("Paco", 1, 42, 4)],
        {0: ["9♠", "7♣", "2♦", "3♦", "4♦"], 1: [*CLUBS, "6♣"]},
    )
    to(game, Phase.ACTION, 0)
    reason = game.why_illegal(Attack(card("9♠"), "Billy", "Paco"))  # 37" apart
    assert (reason is None) == sharp, reason
    assert sharp or "out of range" in str(reason)


# -- Pay the Piper (B1 A, D-38) -------------------------------------------------------------


def test_pay_the_piper_raises_hp_and_maximum_at_set_up(tmp_path: Path, of: Of) -> None:
    figures = [
        Fig("Billy", 0, 8, 4, (A.PAY_THE_PIPER,)),
        Fig("Paco", 1, 8, 8, (A.PAY_THE_PIPER, A.PAY_THE_PIPER)),
        Fig("Amigo", 1, 20, 8, (A.PAY_THE_PIPER,), hp=4, hp_max=9),
    ]
    game = arena(tmp_path, figures, {0: [*HEARTS, "2♥"], 1: [*CLUBS, "6♣"]})
    assert (game.figure("Billy").hp, game.figure("Billy").hp_max) == (7, 7)
    assert (game.figure("Paco").hp, game.figure("Paco").hp_max) == (8, 8)
    assert (game.figure("Amigo").hp, game.figure("Amigo").hp_max) == (4, 9)  # given: final
    assert of(game.events, PiperPaid) == [PiperPaid("Billy", 1, 7, 7), PiperPaid("Paco", 2, 8, 8)]


# -- Wild 2 (B1 Joker, D-25): a decision how to play every 2 ---------------------------------


def wild(
    tmp_path: Path, hands: dict[int, list[str]], billy: bool = True, paco: bool = False
) -> Game:
    return wild_game(tmp_path, hands, billy, paco)


def wild_game(
    tmp_path: Path, hands: dict[int, list[str]], billy: bool = True, paco: bool = False
) -> Game:
    figures = [
        Fig("Billy", 0, 8, 4, (A.WILD_2,) if billy else ()),
        Fig("Paco", 1, 8, 8, (A.WILD_2,) if paco else ()),
    ]
    game = arena(tmp_path, figures, hands)
    to(game, Phase.ACTION, 0)
    return game


def test_wild_2_attacks_as_a_joker(tmp_path: Path) -> None:
    game = wild(tmp_path, {0: ["2♥", "2♠", "8♥", "9♥", "10♥"], 1: ["A♥", "3♣", "4♣", "5♣", "6♣"]})
    attacks = {a for a in game.legal_actions() if isinstance(a, Attack)}
    assert attacks == {
        Attack(card("2♥"), "Billy", "Paco", True),
        Attack(card("2♠"), "Billy", "Paco"),
        Attack(card("2♠"), "Billy", "Paco", True),
    }
    assert "spade" in str(game.why_illegal(Attack(card("2♥"), "Billy", "Paco")))
    events = shoot(game, Attack(card("2♥"), "Billy", "Paco", True), Defend(card("A♥")))
    event = resolved(events, game)
    assert (event.reason, event.wounds, event.attacker_abilities) == ("joker", 2, ("wild_2",))


@pytest.mark.parametrize("wild", [True, False])
def test_wild_2_of_spades_commits_when_attacking_d25(tmp_path: Path, wild: bool) -> None:
    """Played wild the 2♠ is a joker (2 wounds), else the number 2: never the better of both."""
    hands = {0: ["2♠", "8♥", "9♥", "10♥", "J♥"], 1: ["3♣", "4♣", "5♣", "6♣", "7♣"]}
    game = wild_game(tmp_path, hands)
    event = resolved(shoot(game, Attack(card("2♠"), "Billy", "Paco", wild)), game)
    if wild:
        assert (event.reason, event.wounds, event.attack_value) == ("joker", 2, None)
    else:
        assert event.reason in ("hit", "miss") and event.attack_value is not None


def test_wild_2_needs_the_ability(tmp_path: Path) -> None:
    game = wild(tmp_path, {0: ["2♥", "9♠", "8♥", "9♥", "10♥"], 1: [*CLUBS, "6♣"]}, billy=False)
    reason = game.why_illegal(Attack(card("2♥"), "Billy", "Paco", True))
    assert "Wild 2" in str(reason)


def test_wild_2_defends_as_a_joker(tmp_path: Path) -> None:
    game = wild(
        tmp_path,
        {0: ["K♠", "8♥", "9♥", "10♥", "J♥"], 1: ["2♣", "2♥", "4♣", "5♣", "6♣"]},
        billy=False,
        paco=True,
    )
    game.apply(Attack(card("K♠"), "Billy", "Paco"))
    defences = {a for a in game.legal_actions() if isinstance(a, Defend)}
    assert defences == {
        Defend(card("2♣"), wild=True),
        Defend(card("2♥")),
        Defend(card("2♥"), wild=True),
    }
    event = resolved(game.apply(Defend(card("2♣"), wild=True)), game)
    assert (event.reason, event.wounds) == ("blocked_by_joker", 0)


def test_wild_2_moves_12_inches_or_2(tmp_path: Path, of: Of) -> None:
    game = wild(tmp_path, {0: ["2♣", "2♥", "9♥", "10♥", "J♥"], 1: ["3♥", "4♥", "5♥", "6♥", "7♥"]})
    far = Move(card("2♣"), (walk("Billy", (8, 4), 12),), wild=True)
    assert game.why_illegal(far) is None
    assert "gives only 2" in str(game.why_illegal(Move(card("2♣"), (walk("Billy", (8, 4), 3),))))
    assert game.why_illegal(Move(card("2♥"), (walk("Billy", (8, 4), 12),), wild=True)) is None
    moved = of(game.apply(far), FiguresMoved)[0]
    assert (moved.inches, moved.wild, moved.bonus) == (12, True, 0)


# -- actions and events of the extended rules as JSON ----------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Defend(card("5♥"), (A.COVER_1, A.COVER_3), card("9♣")),
        Defend(card("2♣"), wild=True),
        Bid(card("2♥"), True, "Billy"),
        Move(card("2♣"), (), True, "Billy"),
        Attack(card("2♦"), "Billy", "Paco", True),
        TemptFate(card("3♥"), "Billy"),
        Keep(card("Q♠")),
    ],
)
def test_extended_actions_round_trip_through_json(action: Action) -> None:
    assert action_from_dict(action_to_dict(action)) == action


def test_extended_fields_stay_out_of_base_events() -> None:
    assert event_to_dict(DefencePlayed(1, card("5♥"))) == {
        "type": "defence_played",
        "seat": 1,
        "card": "5♥",
    }
    assert event_to_dict(DefencePlayed(1, card("5♥"), ("cover_2",)))["covers"] == ["cover_2"]


def test_a_bad_ability_in_an_action_is_refused() -> None:
    with pytest.raises(ValueError, match="bad defend action"):
        action_from_dict({"type": "defend", "card": "5♥", "covers": ["armour"]})
    with pytest.raises(ValueError, match="true or false"):
        action_from_dict(
            {"type": "attack", "card": "2♥", "attacker": "A", "target": "B", "wild": "yes"}
        )


# -- the numbers come from the ruleset (issue 22): a house rule changes them ----------------


def test_every_ability_number_is_spelled_out_in_the_base_ruleset_file() -> None:
    import tomllib

    from totenblatt.wanted import rules as rules_module

    path = Path(rules_module.__file__).parent / "rulesets" / "base.toml"
    section = tomllib.loads(path.read_text(encoding="utf-8"))["abilities"]
    numbers = {k for k, v in section.items() if isinstance(v, int) and not isinstance(v, bool)}
    assert numbers == {
        "quick_fingers_1", "quick_fingers_2", "light_footed_1", "light_footed_2",
        "cover_1", "cover_2", "cover_3", "cover_uses", "tempt_fate_uses",
        "nine_lives_uses", "pay_the_piper",
    }  # fmt: skip
    base = Ruleset.load("base").abilities
    assert all(section[k] == getattr(base, k) for k in numbers)


def test_a_house_quick_fingers_bonus_counts_in_the_bids(tmp_path: Path, of: Of) -> None:
    game = arena(
        tmp_path,
        [Fig("Billy", 0, 8, 4, (A.QUICK_FINGERS_1,)), Fig("Paco", 1, 40, 20)],
        {0: ["5♦", "7♦", "A♦", "9♥", "10♥"], 1: ["8♦", "Joker", "2♣", "9♣", "10♣"]},
        dealer=0,
        quick_fingers_1=3,
    )
    to(game, Phase.BID, 0)
    assert of(game.apply(Bid(card("7♦"))), BidPlaced) == [BidPlaced(0, card("7♦"), False, 3)]
    assert game.view(1)["decision"]["values"] == [10]


def test_a_house_light_footed_bonus_moves_farther(tmp_path: Path) -> None:
    figures = [Fig("Billy", 0, 8, 4, (A.LIGHT_FOOTED_1,)), Fig("Paco", 1, 40, 20)]
    game = arena(tmp_path, figures, {0: ["7♣", "Joker", "9♥", "10♥", "J♥"], 1: [*CLUBS, "6♣"]},
                 light_footed_1=3)  # fmt: skip
    to(game, Phase.ACTION, 0)
    assert game.why_illegal(Move(card("7♣"), (walk("Billy", (8, 4), 10),))) is None
    assert 'costs 10.5"' in str(game.why_illegal(Move(card("7♣"), (walk("Billy", (8, 4), 10.5),))))


def test_a_house_cover_bonus_and_uses_per_fight(tmp_path: Path) -> None:
    figures = [BILLY, Fig("Paco", 1, 8, 8, (A.COVER_2,))]
    hands = {0: ["9♠", "10♠", "J♠", "3♦", "4♦"], 1: ["5♥", "6♥", "7♥", "3♣", "4♣"]}
    game = arena(tmp_path, figures, hands, cover_2=5, cover_uses=2)
    for spade, heart in (("9♠", "5♥"), ("10♠", "6♥")):
        to(game, Phase.ACTION, 0)
        game.apply(Attack(card(spade), "Billy", "Paco"))
        assert Defend(card(heart), (A.COVER_2,)) in game.legal_actions()
        event = resolved(game.apply(Defend(card(heart), (A.COVER_2,))), game)
        assert event.defense_value == game.ruleset.card_value(card(heart)) + 5
    to(game, Phase.ACTION, 0)
    game.apply(Attack(card("J♠"), "Billy", "Paco"))  # two uses spent: none is left
    assert {a.covers for a in game.legal_actions() if isinstance(a, Defend)} == {()}
    assert "no unused Cover 2" in str(game.why_illegal(Defend(card("7♥"), (A.COVER_2,))))


def test_a_house_tempt_fate_may_be_used_twice_a_fight(tmp_path: Path) -> None:
    figures = [Fig("Billy", 0, 8, 4, (A.TEMPT_FATE,)), PACO]
    hands = {0: ["3♥", "9♠", "8♥", "10♥", "J♥"], 1: ["2♥", "3♣", "4♣", "5♣", "6♣"]}
    game = arena(tmp_path, figures, hands, then=["Q♠", "4♥", "K♠", "5♥"], tempt_fate_uses=2)
    to(game, Phase.ACTION, 0)
    game.apply(TemptFate(card("3♥"), "Billy"))
    game.apply(Keep(card("Q♠")))
    assert TemptFate(card("8♥"), "Billy") in game.legal_actions()
    game.apply(TemptFate(card("8♥"), "Billy"))
    game.apply(Keep(card("K♠")))
    assert not any(isinstance(a, TemptFate) for a in game.legal_actions())


def test_a_house_pay_the_piper_raises_by_its_number(tmp_path: Path, of: Of) -> None:
    figures = [Fig("Billy", 0, 8, 4, (A.PAY_THE_PIPER,)), PACO]
    game = arena(tmp_path, figures, {0: [*HEARTS, "2♥"], 1: [*CLUBS, "6♣"]}, pay_the_piper=2)
    assert (game.figure("Billy").hp, game.figure("Billy").hp_max) == (8, 8)
    assert of(game.events, PiperPaid) == [PiperPaid("Billy", 2, 8, 8)]


def test_a_house_cover_bonus_in_the_resolver() -> None:
    house = Ruleset.load("extended").with_options(cover_1=4)
    kw: dict[str, Any] = {"weapon": "colt", "distance": 3, "defense": "5♥"}
    assert resolve_attack("9♠", defender_abilities=["cover_1"], **kw).ability_bonus == 1
    r = resolve_attack("9♠", defender_abilities=["cover_1", "cover_1"], ruleset=house, **kw)
    assert (r.ability_bonus, r.defense_value) == (8, 13)


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"cover_uses": 0}, "greater than or equal to 1"),
        ({"tempt_fate_uses": 100}, "less than or equal to 99"),
        ({"quick_fingers_2": -1}, "greater than or equal to 0"),
        ({"light_footed_1": "2"}, "valid integer"),
        ({"pay_the_piper": 1.5}, "valid integer"),
    ],
)
def test_ability_numbers_are_validated(options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(RulesetError, match=fragment):
        Ruleset.load("extended").with_options(**options)


def test_a_house_ruleset_file_changes_an_ability_number(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('extends = "extended"\nname = "house"\n[abilities]\ncover_3 = 5\n')
    rules = Ruleset.load(path)
    assert (rules.abilities.cover_bonus(A.COVER_3), rules.abilities.cover_bonus(A.COVER_2)) == (
        5,
        2,
    )
    path.write_text('extends = "extended"\nname = "house"\n[abilities]\ncover_4 = 5\n')
    with pytest.raises(RulesetError, match="cover_4"):
        Ruleset.load(path)
