"""Attacks (A8, D-14, D-21), defence (A9, D-16), damage (A10, D-19), wounds and death (A11, D-4),
jokers as spades and hearts (A12, D-20), on a small open range with a trough and rocks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from attack_again import resolve_again
from scenario_text import figure, terrain
from totenblatt.cards import Card
from totenblatt.wanted.engine.actions import Attack, Defend, Move, MoveStep, Pass, Reveal
from totenblatt.wanted.engine.events import (
    AttackResolved,
    DefencePlayed,
    Event,
    FigureOut,
    GameEnded,
    HpGained,
    Wounded,
)
from totenblatt.wanted.engine.game import Game
from totenblatt.wanted.engine.state import Phase

Of = Callable[[Iterable[Event], type[Any]], list[Any]]
"""The ``of`` fixture (tests/wanted/conftest.py): the events of one kind."""

At = Callable[..., bool]
"""The ``at`` fixture (tests/wanted/conftest.py): is the game at this decision?"""

TERRAIN = (
    "\n"
    + terrain("Trough", "trough", (24, 18, 2, 1))
    + "\n"
    + terrain("Rocks", "rocks", (20, 14, 2, 2))
)

Fig = tuple[int, str, tuple[float, float], int]
"""seat, weapon, position, hp"""


def duel(
    billy: tuple[float, float], paco: tuple[float, float], *, weapon: str = "colt"
) -> dict[str, Fig]:
    """Billy (seat 0, with ``weapon``) at ``billy`` and Paco (seat 1, a Colt) at ``paco``,
    both at 6 HP."""
    return {"Billy": (0, weapon, billy, 6), "Paco": (1, "colt", paco, 6)}


CLOSE = duel((8, 4), (8, 8))
"""3" apart (edge to edge): the Colt's >2-6" band, +1."""
Start = Callable[..., Game]
"""``start(figures, hands, *, teams=None, **options)``: the range, seat 0 to act."""


def range_toml(figures: Mapping[str, Fig], seats: int, teams: list[int] | None) -> str:
    """The scenario on a 48" x 24" range."""
    text = f'title = "Range"\nwidth = 48\nheight = 24\nseats = {seats}\n'
    if teams:
        text += f"teams = {teams}\n"
    text += TERRAIN
    for name, (seat, weapon, position, hp) in figures.items():
        text += "\n" + figure(name, seat, position, weapon=weapon, hp=hp, hp_max=6)
    return text


@pytest.fixture
def start(action_game: Callable[..., Game]) -> Start:
    """The range game (``action_game``, seed 9): seat 0 acts first (dealer = last seat)."""

    def make(
        figures: Mapping[str, Fig],
        hands: dict[int, list[str]],
        *,
        teams: list[int] | None = None,
        **options: Any,
    ) -> Game:
        return action_game(range_toml(figures, len(hands), teams), hands, seed=9, **options)

    return make


def attack(card: str, attacker: str = "Billy", target: str = "Paco") -> Attack:
    return Attack(Card.parse(card), attacker, target)


def shoot(game: Game, card: str, heart: str | None, target: str = "Paco") -> list[Event]:
    events = game.apply(attack(card, target=target))
    if game.phase is Phase.DEFEND:
        events += game.apply(Pass() if heart is None else Defend(Card.parse(heart)))
    return events


# -- the worked example (A10, D-19) ----------------------------------------------------


def test_the_seed_example_gives_three_wounds(start: Start, of: Of) -> None:
    figures = duel((25, 12.2), (25, 20.2), weapon="winchester")
    hands = {0: ["Q♠", "2♣", "3♣", "4♣", "5♣"], 1: ["4♥", "7♥", "8♥", "9♥", "10♥"]}
    game = start(figures, hands)
    events = shoot(game, "Q♠", "4♥")
    resolved = of(events, AttackResolved)[0]
    assert resolved.distance == pytest.approx(7.0) and resolved.cover == "medium"
    assert (resolved.attack_value, resolved.defense_value, resolved.difference) == (11, 6, 5)
    assert (resolved.base_wounds, resolved.extra_wounds, resolved.wounds) == (2, 1, 3)
    assert game.figure("Paco").hp == 3
    assert of(events, Wounded) == [Wounded("Paco", 5), Wounded("Paco", 4), Wounded("Paco", 3)]


def test_an_attack_event_carries_what_recomputes_it(start: Start, of: Of) -> None:
    game = start(CLOSE, {0: ["9♠", "2♣", "3♣", "4♣", "5♣"],
                                   1: ["6♥", "7♥", "8♥", "9♥", "10♥"]})  # fmt: skip
    resolved = of(shoot(game, "9♠", "6♥"), AttackResolved)[0]
    again = resolve_again(resolved, game.ruleset)
    assert (again.wounds, again.reason, again.attack_value) == (
        resolved.wounds,
        resolved.reason,
        resolved.attack_value,
    )


# -- defence (A9, D-16) ---------------------------------------------------------------


def test_the_targets_player_chooses_a_heart_or_none(start: Start, of: Of) -> None:
    game = start(CLOSE, {0: ["9♠", "2♣", "3♣", "4♣", "5♣"],
                                   1: ["6♥", "Joker", "2♠", "9♥", "10♥"]})  # fmt: skip
    game.apply(attack("9♠"))
    assert (game.phase, game.to_act) == (Phase.DEFEND, 1)
    decision = game.view(0)["decision"]
    assert decision["attack"]["attacker"] == "Billy" and decision["attack"]["card"] == "9♠"
    options = {a for a in game.legal_actions() if isinstance(a, Defend | Pass)}
    assert options == {Pass(), *(Defend(Card.parse(c)) for c in ("6♥", "Joker", "9♥", "10♥"))}
    assert "heart" in str(game.why_illegal(Defend(Card.parse("2♠"))))
    events = game.apply(Defend(Card.parse("10♥")))
    assert of(events, DefencePlayed) == [DefencePlayed(1, Card.parse("10♥"))]
    resolved = of(events, AttackResolved)[0]
    assert (resolved.attack_value, resolved.defense_value, resolved.wounds) == (10, 10, 0)


def test_cover_counts_without_a_heart(start: Start, of: Of) -> None:
    hands = {0: ["5♠", "2♣", "3♣", "4♣", "5♣"], 1: ["6♥", "7♥", "8♥", "9♥", "10♥"]}
    game = start(duel((25, 12.2), (25, 20.2)), hands)
    resolved = of(shoot(game, "5♠", None), AttackResolved)[0]
    assert resolved.defense is None and resolved.defense_value == 2  # medium cover, D-16
    assert resolved.attack_value == 5 and resolved.wounds == 2  # 1 base + 1 extra (number vs none)


# -- who may be attacked (A8, D-14, D-21) ------------------------------------------------


def test_only_enemies_may_be_attacked(start: Start) -> None:
    figures: dict[str, Fig] = {
        "Billy": (0, "colt", (8, 4), 6),
        "Amigo": (1, "colt", (12, 4), 6),
        "Paco": (2, "colt", (8, 8), 6),
    }
    hands = {0: ["9♠", "2♣", "3♣", "4♣", "5♣"], 1: ["6♥", "7♥", "8♥", "9♥", "10♥"],
             2: ["J♥", "Q♥", "K♥", "A♥", "2♥"]}  # fmt: skip
    game = start(figures, hands, teams=[0, 0, 1])
    attacks = {(a.attacker, a.target) for a in game.legal_actions() if isinstance(a, Attack)}
    assert attacks == {("Billy", "Paco")}
    assert "not an enemy" in str(game.why_illegal(attack("9♠", target="Amigo")))
    assert "Amigo is not one of your figures" in str(
        game.why_illegal(attack("9♠", "Amigo", "Paco"))
    )


def test_out_of_range_is_refused_or_misses_by_option(start: Start, of: Of) -> None:
    figures = duel((2, 4), (45, 4))
    hands = {0: ["9♠", "Joker", "3♣", "4♣", "5♣"], 1: ["6♥", "7♥", "8♥", "9♥", "10♥"]}
    game = start(figures, hands)
    assert not [a for a in game.legal_actions() if isinstance(a, Attack)]
    assert "out of range" in str(game.why_illegal(attack("9♠")))
    assert "out of range" in str(game.why_illegal(attack("Joker")))  # D-21
    game = start(figures, hands, out_of_range_attack_allowed=True)
    events = game.apply(attack("Joker"))
    resolved = of(events, AttackResolved)[0]
    assert resolved.reason == "out_of_range" and resolved.wounds == 0
    assert not of(events, DefencePlayed)  # a sure miss asks for no heart
    assert game.figure("Paco").hp == 6


# -- wounds, death, the killer's reward (A11, D-4) ---------------------------------------


def test_wounds_come_one_at_a_time_and_zero_hp_is_still_in(start: Start, of: Of) -> None:
    figures = {**CLOSE, "Paco": (1, "colt", (8, 8), 2)}
    game = start(figures, {0: ["10♠", "2♣", "3♣", "4♣", "5♣"],
                                     1: ["5♥", "7♥", "8♥", "9♥", "10♥"]})  # fmt: skip
    events = shoot(game, "10♠", "5♥")  # 11 - 5 = 6: two wounds, no extra
    assert of(events, Wounded) == [Wounded("Paco", 1), Wounded("Paco", 0)]
    assert not of(events, FigureOut) and not game.figure("Paco").out and not game.is_over


def test_death_at_the_wound_after_zero_and_the_killers_reward(start: Start, of: Of) -> None:
    figures = {"Billy": (0, "colt", (8, 4), 3), "Paco": (1, "colt", (8, 8), 1)}
    game = start(figures, {0: ["10♠", "2♣", "3♣", "4♣", "5♣"],
                                     1: ["2♠", "7♥", "8♥", "9♥", "10♥"]})  # fmt: skip
    events = shoot(game, "10♠", None)  # 11 - 0: 2 wounds + 1 extra
    assert of(events, Wounded) == [Wounded("Paco", 0)]
    assert of(events, FigureOut) == [FigureOut("Paco", 1, "Billy")]
    assert of(events, HpGained) == [HpGained("Billy", 1, 4)]
    assert game.figure("Billy").hp == 4 and game.figure("Paco").out
    assert game.is_over and game.winner == 0
    assert of(events, GameEnded) == [GameEnded((0,), "last_side_standing", (4, 0))]


@pytest.mark.parametrize(("cap", "hp_after"), [(True, 6), (False, 7)])
def test_the_killers_reward_is_capped_at_the_maximum(
    start: Start, cap: bool, hp_after: int, of: Of
) -> None:
    figures = {"Billy": (0, "colt", (8, 4), 6), "Paco": (1, "colt", (8, 8), 1)}
    game = start(figures, {0: ["10♠", "2♣", "3♣", "4♣", "5♣"],
                                     1: ["2♠", "7♥", "8♥", "9♥", "10♥"]},
                 cap_hp_at_max=cap)  # fmt: skip
    events = shoot(game, "10♠", None)
    assert of(events, HpGained) == [HpGained("Billy", hp_after - 6, hp_after)]


def test_a_figure_that_is_out_never_acts_nor_is_targeted(start: Start) -> None:
    figures = {**CLOSE, "Paco": (1, "colt", (8, 8), 1), "Pedro": (1, "colt", (12, 8), 6)}
    game = start(figures, {0: ["10♠", "J♠", "3♣", "4♣", "5♣"],
                                     1: ["2♠", "7♥", "8♥", "9♥", "10♥"]},
                 redraws_per_round=1)  # fmt: skip
    shoot(game, "10♠", None)
    assert game.figure("Paco").out and not game.is_over
    seats_seen, checked = set(), False
    for _ in range(30):
        seats_seen.add(game.to_act)
        for action in game.legal_actions():
            named = {getattr(action, n, None) for n in ("attacker", "target", "payer", "figure")}
            if isinstance(action, Move):
                named |= {s.figure for s in action.steps}
            assert "Paco" not in named, action
        if (
            game.to_act == 0
            and game.phase is Phase.ACTION
            and Card.parse("J♠") in game.state.hands[0]
        ):
            checked = True
            assert "out of the game" in str(game.why_illegal(attack("J♠")))
        game.apply(Pass())
    assert seats_seen == {0, 1} and checked
    assert game.figure("Paco").hp == 0


# -- jokers as spades and hearts (A12, D-20) -------------------------------------------


def test_a_joker_spade_is_two_wounds_that_hearts_cannot_stop(start: Start, of: Of) -> None:
    game = start(CLOSE, {0: ["Joker", "2♣", "3♣", "4♣", "5♣"],
                                   1: ["10♥", "7♥", "8♥", "9♥", "A♥"]})  # fmt: skip
    resolved = of(shoot(game, "Joker", "A♥"), AttackResolved)[0]
    assert (resolved.reason, resolved.wounds, resolved.extra_wounds) == ("joker", 2, 0)
    assert resolved.attack_value is None
    assert game.figure("Paco").hp == 4


def test_a_joker_heart_blocks_any_attack(start: Start, of: Of) -> None:
    game = start(CLOSE, {0: ["Joker", "A♠", "3♣", "4♣", "5♣"],
                                   1: ["Joker", "7♥", "8♥", "9♥", "10♥"]})  # fmt: skip
    resolved = of(shoot(game, "Joker", "Joker"), AttackResolved)[0]
    assert (resolved.reason, resolved.wounds) == ("blocked_by_joker", 0)  # D-20
    assert game.figure("Paco").hp == 6


def test_a_joker_heart_blocks_an_ace(start: Start, of: Of) -> None:
    game = start(CLOSE, {0: ["A♠", "2♣", "3♣", "4♣", "5♣"],
                                   1: ["Joker", "7♥", "8♥", "9♥", "10♥"]})  # fmt: skip
    resolved = of(shoot(game, "A♠", "Joker"), AttackResolved)[0]
    assert (resolved.reason, resolved.wounds) == ("blocked_by_joker", 0)


# -- a hidden figure may not attack (A7, D-13) ---------------------------------------------


def test_a_hidden_figure_must_reveal_before_it_attacks(start: Start, at: At) -> None:
    hands = {0: ["2♣", "10♠", "A♦", "4♣", "5♣"], 1: ["6♥", "7♥", "8♥", "9♥", "10♥"]}
    game = start(duel((17, 15), (18.6, 19)), hands)
    game.apply(Move(Card.parse("2♣"), (MoveStep("Billy", ((17, 15), (18.6, 15)), hide=True),)))
    while not at(game, Phase.BID, 0):
        game.apply(Pass())
    game.apply(Pass())  # seat 0 keeps its ace of diamonds
    while not at(game, Phase.ACTION, 0):
        game.apply(Pass())
    assert "reveal it" in str(game.why_illegal(attack("10♠")))
    assert attack("10♠") not in game.legal_actions()
    game.apply(Reveal("Billy"))
    assert attack("10♠") in game.legal_actions()
