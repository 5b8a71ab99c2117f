"""Hero types (B2) and hand modes (D-5): HP, starting abilities, hand sizes, swaps (D-27), D-37.

The built-in ``heroes`` scenario: seat 0 commands the veteran Wyatt and four
cowboys, seat 1 the gunslinger Johnny Ringo and four cowboys.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from totenblatt.cards import Card
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine.actions import Attack, Bid, Defend, Move, MoveStep, Pass, Redraw, Swap
from totenblatt.wanted.engine.events import (
    AbilityDrawn,
    CardsDealt,
    DecksAdded,
    Event,
    FigureHandDealt,
    HandDealt,
    HandDiscarded,
    HandSwapped,
    SwapDeclined,
    SwapReceived,
)
from totenblatt.wanted.engine.game import Game, new_game, stacked_deal
from totenblatt.wanted.engine.heroes import hand_size, partial_offers
from totenblatt.wanted.engine.state import Phase
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import ScenarioError
from totenblatt.wanted.vocab import Ability, HeroType

Of = Callable[[Iterable[Event], type[Any]], list[Any]]
"""The ``of`` fixture (tests/wanted/conftest.py): the events of one kind."""

VETERAN_HAND = ["2♥", "3♥", "4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥", "J♥"]
GUNSLINGER_HAND = ["2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣"]
DEAD = ["2♠", "3♠", "4♠", "5♠", "6♠"]
NUMBER_ABILITIES = {Ruleset.load("extended").ability_for(Card.parse(f"{r}♣")) for r in range(2, 11)}


def cards(texts: Sequence[str]) -> list[Card]:
    return [Card.parse(t) for t in texts]


def heroes(dealer: int = 0, ruleset: str | Ruleset = "extended", **hands: list[str]) -> Game:
    deal = {0: hands.get("veteran", VETERAN_HAND), 1: hands.get("gunslinger", GUNSLINGER_HAND)}
    order = stacked_deal(dealer, deal, DEAD)
    return new_game("heroes", ruleset, seed=5, dealer=dealer, deck_order=order)


def scenario(tmp_path: Path, figures: str, seats: int = 2, teams: str = "") -> Path:
    text = f'title = "Yard"\nwidth = 36\nheight = 24\nseats = {seats}\n{teams}\n{figures}'
    path = tmp_path / "yard.toml"
    path.write_text(text, encoding="utf-8")
    return path


def figure(name: str, seat: int, x: float, y: float, kind: str = "cowboy", extra: str = "") -> str:
    return (
        f'\n[[figures]]\nname = "{name}"\nseat = {seat}\nkind = "{kind}"\nweapon = "colt"\n'
        f"position = [{x}, {y}]\n{extra}\n"
    )


# -- the heroes scenario: hand sizes (D-5) and swap rights (D-27) ---------------------------


def test_the_veterans_player_is_dealt_10_cards_and_the_gunslingers_7(of: Of) -> None:
    game = heroes()
    assert of(game.events, CardsDealt) == [CardsDealt((10, 7), 5)]
    assert game.state.hands[0] == cards(VETERAN_HAND)
    assert game.state.hands[1] == cards(GUNSLINGER_HAND)
    assert game.view(0)["hand_sizes"] == [10, 7] and not of(game.events, DecksAdded)


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_gunslingers_player_is_never_offered_the_swap(dealer: int, of: Of) -> None:
    game = heroes(dealer)
    assert (game.phase, game.to_act) == (Phase.SWAP, 0)
    assert game.view(1)["decision"]["order"] == [0]
    game.apply(Pass())
    assert game.phase is Phase.BID and not of(game.events, SwapDeclined)[1:]
    assert of(game.events, SwapDeclined) == [SwapDeclined(0)]


def test_the_gunslingers_player_never_swaps_while_the_gunslinger_lives() -> None:
    asked = swaps = 0
    for seed in range(6):
        game = new_game("heroes", "extended", seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            ringo_lives = not game.figure("Johnny Ringo").out
            if seat == 1 and ringo_lives:
                asked += 1
                assert game.phase is not Phase.SWAP
                assert not any(isinstance(a, Swap) for a in legal)
            if game.phase is Phase.SWAP and ringo_lives:
                swaps += 1  # the swap was open, and asked of seat 0 only
                assert seat == 0 and 1 not in game.state.swap_order
            game.apply(bots[seat].choose(game.view(seat), legal))
    assert asked > 0 and swaps > 0  # both were exercised


def test_the_veteran_swaps_five_cards_of_its_choice(of: Of) -> None:
    game = heroes()
    offered = [a for a in game.legal_actions() if isinstance(a, Swap)]
    assert offered and all(len(a.cards) == 5 for a in offered)
    assert Swap(tuple(cards(VETERAN_HAND[:5]))) in offered  # the five weakest
    give = tuple(cards(["3♥", "5♥", "7♥", "9♥", "J♥"]))  # any five are legal
    assert game.why_illegal(Swap(give)) is None
    assert "exactly 5" in str(game.why_illegal(Swap()))
    assert "exactly 5" in str(game.why_illegal(Swap(give[:4])))
    assert "not all in the hand" in str(game.why_illegal(Swap((*give[:4], Card.parse("A♠")))))
    events = game.apply(Swap(give))
    assert of(events, HandSwapped) == [HandSwapped(0, 5)]
    assert of(events, SwapReceived) == [SwapReceived(0, give, tuple(cards(DEAD)))]
    assert game.state.hands[0] == cards(["2♥", "4♥", "6♥", "8♥", "10♥", *DEAD])
    assert game.state.dead_hand == [] and game.state.dead_taken


def test_a_partial_swap_uses_up_the_dead_hand_for_everyone(tmp_path: Path, of: Of) -> None:
    vet = 'abilities = ["cover_1", "cover_1", "cover_2", "cover_3"]'
    path = scenario(tmp_path, figure("Vet", 0, 4, 4, "veteran", vet) + figure("Kid", 1, 30, 20))
    order = stacked_deal(0, {0: VETERAN_HAND, 1: GUNSLINGER_HAND[:5]}, DEAD)
    game = new_game(path, "extended", seed=1, dealer=0, deck_order=order)
    game.apply(Swap(tuple(cards(VETERAN_HAND[:5]))))
    assert game.phase is Phase.BID  # the cowboy's player is not asked any more
    assert not of(game.events, SwapDeclined)
    assert game.state.hands[1] == cards(GUNSLINGER_HAND[:5])


def test_partial_offers_keep_a_suit_each() -> None:
    hand = cards(["K♠", "2♥", "Joker", "3♣", "9♦", "4♠"])
    offers = partial_offers(hand, 3, Ruleset.load("extended"))
    assert offers[0] == tuple(cards(["2♥", "3♣", "4♠"]))  # the weakest three
    assert tuple(cards(["2♥", "3♣", "9♦"])) in offers  # keeping the spades
    assert all(len(o) == 3 and Card.parse("Joker") not in o for o in offers)


def test_a_dead_hero_no_longer_adds_cards() -> None:
    game = heroes()
    st = game.state
    assert (hand_size(st, 0), hand_size(st, 1)) == (10, 7)
    st.take_out(game.figure("Wyatt"))
    st.take_out(game.figure("Johnny Ringo"))
    assert (hand_size(st, 0), hand_size(st, 1)) == (5, 5)


# -- starting HP and abilities (B2, D-38) ----------------------------------------------------


def test_hero_hp_comes_from_the_ruleset_unless_the_scenario_gives_it(tmp_path: Path) -> None:
    game = heroes()
    assert (game.figure("Wyatt").hp, game.figure("Wyatt").hp_max) == (8, 8)
    assert (game.figure("Johnny Ringo").hp, game.figure("Johnny Ringo").hp_max) == (10, 10)
    assert (game.figure("Curly Bill").hp, game.figure("Curly Bill").hp_max) == (7, 7)  # piper
    abilities = 'abilities = ["cover_1", "cover_2", "cover_3", "tempt_fate"]'
    gun = 'abilities = ["nine_lives", "cover_1"]\nhp = 9\nhp_max = 11'
    vet = figure("Vet", 0, 4, 4, "veteran", f"{abilities}\nhp = 5")
    path = scenario(tmp_path, vet + figure("Gun", 1, 30, 20, "gunslinger", gun))
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "extended"\nname = "house"\n[heroes.veteran]\nhp = 9\n'
        "hp_max = 12\nabilities = 4\nextra_cards = 5\nswap_cards = 5\n"
    )
    game = new_game(path, house, seed=1)
    assert (game.figure("Vet").hp, game.figure("Vet").hp_max) == (5, 12)
    assert (game.figure("Gun").hp, game.figure("Gun").hp_max) == (9, 11)


def test_a_hero_given_no_abilities_draws_them_from_the_number_cards(tmp_path: Path, of: Of) -> None:
    path = scenario(
        tmp_path, figure("Vet", 0, 4, 4, "veteran") + figure("Gun", 1, 30, 20, "gunslinger")
    )
    game = new_game(path, "extended", seed=3)
    drawn = of(game.events, AbilityDrawn)
    assert [d.figure for d in drawn] == ["Vet"] * 4 + ["Gun"] * 2
    for d in drawn:
        assert d.card.rank is not None and 2 <= d.card.rank <= 10
        assert Ability(d.ability) in NUMBER_ABILITIES
    assert [a.value for a in game.figure("Vet").abilities] == [d.ability for d in drawn[:4]]
    assert of(new_game(path, "extended", seed=3).events, AbilityDrawn) == drawn  # seeded
    seeds = {tuple(of(new_game(path, "extended", seed=s).events, AbilityDrawn)) for s in range(6)}
    assert len(seeds) > 1


def test_the_abilities_a_scenario_gives_a_hero_are_final(tmp_path: Path, of: Of) -> None:
    """A gunslinger promoted to veteran keeps its two abilities (D-28): no top-up to four."""
    kept = 'abilities = ["cover_1", "sharpshooter"]'
    path = scenario(tmp_path, figure("Vet", 0, 4, 4, "veteran", kept) + figure("Kid", 1, 30, 20))
    game = new_game(path, "extended", seed=3)
    assert game.figure("Vet").abilities == (Ability.COVER_1, Ability.SHARPSHOOTER)
    assert not of(game.events, AbilityDrawn)


# -- D-37 and the rules that must be on ------------------------------------------------------


VETERAN = figure(
    "Vet", 0, 4, 4, "veteran", 'abilities = ["cover_1", "cover_1", "cover_1", "cover_1"]'
)
"""Seat 0's veteran with its four abilities given."""
GUN_ABILITIES = 'abilities = ["cover_1", "cover_2"]'
"""A gunslinger's two abilities."""


def test_at_most_one_hero_per_side(tmp_path: Path) -> None:
    two = VETERAN + figure("Gun", 0, 4, 8, "gunslinger", GUN_ABILITIES) + figure("Kid", 1, 30, 20)
    path = scenario(tmp_path, two)
    with pytest.raises(ScenarioError, match=r"side \(team\) 0 has 2 heroes \(Vet, Gun\).*D-37"):
        new_game(path, "extended")
    rules = Ruleset.load("extended").with_options(max_heroes_per_side=2)
    assert new_game(path, rules).figure("Gun").kind is HeroType.GUNSLINGER


def test_two_heroes_per_side_means_one_of_each_type(tmp_path: Path) -> None:
    # D-37: max_heroes_per_side = 2 is "one of each type", never two veterans
    four = 'abilities = ["cover_1", "cover_1", "cover_2", "cover_2"]'
    vets = (
        figure("Vet", 0, 4, 4, "veteran", four)
        + figure("Vet2", 0, 4, 8, "veteran", four)
        + figure("Kid", 1, 30, 20)
    )
    rules = Ruleset.load("extended").with_options(max_heroes_per_side=2)
    with pytest.raises(ScenarioError, match=r"more than one veteran \(Vet, Vet2\).*D-37"):
        new_game(scenario(tmp_path, vets), rules)


def test_a_side_is_a_team_of_seats(tmp_path: Path) -> None:
    text = VETERAN + figure("Gun", 1, 4, 12, "gunslinger", GUN_ABILITIES) + figure("Kid", 2, 30, 20)
    path = scenario(tmp_path, text, seats=3, teams="teams = [0, 0, 1]")
    with pytest.raises(ScenarioError, match="side"):
        new_game(path, "extended")


def test_heroes_and_abilities_need_a_ruleset_that_plays_them(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"abilities\.enabled = false.*'extended'"):
        new_game("heroes", "base")
    path = scenario(tmp_path, figure("Vet", 0, 4, 4, "veteran") + figure("Kid", 1, 30, 20))
    no_heroes = Ruleset.load("extended").with_options(**{"heroes.enabled": False})
    with pytest.raises(ScenarioError, match=r"heroes\.enabled = false"):
        new_game(path, no_heroes)


# -- per-character hands (D-5, D-2) ----------------------------------------------------------

PER_CHARACTER = Ruleset.load("extended").with_options(hand_mode="per_character")


def test_per_character_every_figure_has_its_own_hand_and_decks_are_added(of: Of) -> None:
    game = new_game("heroes", PER_CHARACTER, seed=2, dealer=1)
    st = game.state
    assert of(game.events, DecksAdded) == [DecksAdded(2, 62)]  # 30 + 27 + 5 > 54 (D-2)
    assert of(game.events, CardsDealt) == [CardsDealt((30, 27), 5)]
    dealt = of(game.events, FigureHandDealt)
    assert [(d.seat, d.figure, len(d.cards)) for d in dealt][:6] == [
        (0, "Wyatt", 10),
        (0, "Virgil", 5),
        (0, "Morgan", 5),
        (0, "Doc", 5),
        (0, "Warren", 5),
        (1, "Johnny Ringo", 7),
    ]
    assert not of(game.events, HandDealt)
    view = game.view(0)
    assert view["hand"] == [str(c) for c in st.seat_cards(0)] and len(view["hand"]) == 30
    assert view["figure_hands"]["Wyatt"] == [str(c) for c in dealt[0].cards]
    assert "Johnny Ringo" not in view["figure_hands"]
    assert view["figure_hand_sizes"]["Johnny Ringo"] == 7 and view["hand_sizes"] == [30, 27]


def duo(tmp_path: Path, hands: dict[int, list[str]], **options: Any) -> Game:
    path = scenario(
        tmp_path, figure("Billy", 0, 8, 4) + figure("Amigo", 0, 8, 12) + figure("Paco", 1, 8, 8)
    )
    rules = PER_CHARACTER.with_options(redraws_per_round=1, **options)
    order = stacked_deal(1, hands, DEAD)
    game = new_game(path, rules, seed=4, dealer=1, deck_order=order)
    for _ in range(10):
        if game.phase is Phase.ACTION and game.to_act == 0:
            break
        game.apply(Pass())
    return game


BILLY = ["9♠", "7♣", "8♥", "2♦", "10♥"]
AMIGO = ["K♠", "6♣", "J♥", "3♦", "Q♥"]
PACO = ["4♥", "5♥", "3♣", "4♣", "A♥"]


def test_per_character_a_card_plays_only_for_its_own_figure(tmp_path: Path) -> None:
    game = duo(tmp_path, {0: BILLY + AMIGO, 1: PACO})
    st = game.state
    assert st.hands[st.index["Billy"]] == cards(BILLY)
    assert st.hands[st.index["Amigo"]] == cards(AMIGO)
    spade = Card.parse
    assert game.why_illegal(Attack(spade("9♠"), "Billy", "Paco")) is None
    assert "hand of 'Amigo'" in str(game.why_illegal(Attack(spade("9♠"), "Amigo", "Paco")))
    step = MoveStep("Billy", ((8.0, 4.0), (11.0, 4.0)))
    assert game.why_illegal(Move(spade("7♣"), (step,))) is None
    assert "not in the hand of 'Billy'" in str(game.why_illegal(Move(spade("6♣"), (step,))))
    both = (step, MoveStep("Amigo", ((8.0, 12.0), (9.0, 12.0))))
    assert "moves only Billy" in str(game.why_illegal(Move(spade("7♣"), both)))
    attacks = {a for a in game.legal_actions() if isinstance(a, Attack)}
    assert attacks == {Attack(spade("9♠"), "Billy", "Paco"), Attack(spade("K♠"), "Amigo", "Paco")}
    redraws = {a for a in game.legal_actions() if isinstance(a, Redraw)}
    assert Redraw(spade("9♠"), "Billy") in redraws and Redraw(spade("9♠"), "Amigo") not in redraws
    assert Redraw(spade("9♠"), "Amigo", "Billy") in redraws  # D-7: any of the seat pays


def test_per_character_any_figure_of_the_seat_pays_for_any_hand_d7(tmp_path: Path) -> None:
    """D-7: a figure with HP >= 1 pays, whichever figure holds the card (the card is
    replaced in its holder's hand, the payer loses the HP)."""
    game = duo(tmp_path, {0: BILLY + AMIGO, 1: PACO})
    st = game.state
    amigo_hp, billy_hp = st.by_name["Amigo"].hp, st.by_name["Billy"].hp
    game.apply(Redraw(Card.parse("9♠"), "Amigo", "Billy"))
    assert st.by_name["Amigo"].hp == amigo_hp - 1 and st.by_name["Billy"].hp == billy_hp
    billy = st.hands[st.index["Billy"]]
    assert Card.parse("9♠") not in billy and len(billy) == len(BILLY)
    assert st.hands[st.index["Amigo"]] == cards(AMIGO)
    fresh = duo(tmp_path, {0: BILLY + AMIGO, 1: PACO})
    assert "Paco" in str(fresh.why_illegal(Redraw(Card.parse("9♠"), "Billy", "Paco")))
    assert "not in 'Amigo'" in str(fresh.why_illegal(Redraw(Card.parse("9♠"), "Billy", "Amigo")))


def test_per_character_the_targets_own_hand_defends(tmp_path: Path) -> None:
    game = duo(tmp_path, {0: BILLY + AMIGO, 1: PACO})
    game.apply(Attack(Card.parse("9♠"), "Billy", "Paco"))
    defences = {a.card for a in game.legal_actions() if isinstance(a, Defend)}
    assert defences == set(cards(["4♥", "5♥", "A♥"]))


def test_per_character_a_bid_names_the_hand_it_comes_from(tmp_path: Path) -> None:
    path = scenario(
        tmp_path, figure("Billy", 0, 8, 4) + figure("Amigo", 0, 8, 12) + figure("Paco", 1, 8, 8)
    )
    order = stacked_deal(0, {0: BILLY + AMIGO, 1: PACO}, DEAD)
    game = new_game(
        path, PER_CHARACTER.with_options(redraws_per_round=0), seed=4, dealer=0, deck_order=order
    )
    game.apply(Pass())
    game.apply(Pass())
    assert game.phase is Phase.BID and game.to_act == 0
    bids = {a for a in game.legal_actions() if isinstance(a, Bid)}
    assert bids == {Bid(Card.parse("2♦"), figure="Billy"), Bid(Card.parse("3♦"), figure="Amigo")}
    assert "name one of your figures" in str(game.why_illegal(Bid(Card.parse("2♦"))))
    game.apply(Bid(Card.parse("3♦"), figure="Amigo"))
    assert Card.parse("3♦") not in game.state.seat_cards(0)


def test_per_character_a_figure_out_of_the_game_takes_its_hand_along(tmp_path: Path) -> None:
    path = scenario(
        tmp_path,
        figure("Billy", 0, 8, 4)
        + figure("Amigo", 0, 8, 12)
        + figure("Paco", 1, 8, 8, extra="hp = 1"),
    )
    order = stacked_deal(1, {0: BILLY + AMIGO, 1: PACO}, DEAD)
    game = new_game(
        path, PER_CHARACTER.with_options(redraws_per_round=0), seed=4, dealer=1, deck_order=order
    )
    for _ in range(10):
        if game.phase is Phase.ACTION and game.to_act == 0:
            break
        game.apply(Pass())
    events = game.apply(Attack(Card.parse("K♠"), "Amigo", "Paco"))
    events += game.apply(Pass())  # no heart: K♠ + 1 = 11 wounds three times
    assert HandDiscarded(1, 5, "Paco") in events and game.is_over


def test_per_character_swaps_a_cowboys_hand_but_never_the_gunslingers(of: Of) -> None:
    game = new_game("heroes", PER_CHARACTER, seed=2, dealer=1)
    assert game.to_act == 1  # the gunslinger's cowboys may swap their own hands
    swaps = [a for a in game.legal_actions() if isinstance(a, Swap)]
    assert {a.figure for a in swaps} == {"Ike", "Curly Bill", "Billy", "Frank"}
    assert all(a.cards == () for a in swaps)
    assert "gunslinger may not swap" in str(game.why_illegal(Swap(figure="Johnny Ringo")))
    game.apply(Pass())
    vet = [a for a in game.legal_actions() if isinstance(a, Swap) and a.figure == "Wyatt"]
    assert vet and all(len(a.cards) == 5 for a in vet)
    hand = game.state.hands[game.state.index["Wyatt"]]
    events = game.apply(vet[0])
    assert of(events, HandSwapped) == [HandSwapped(0, 5, "Wyatt")]
    assert len(hand) == 10 and game.phase is Phase.BID


def test_per_character_games_replay_and_keep_every_card() -> None:
    rng = random.Random(7)
    for seed in range(3):
        game = new_game("heroes", PER_CHARACTER, seed=seed)
        bots = [RandomBot(rng.randrange(99)), RandomBot(rng.randrange(99))]
        total = len(game.state.all_cards())
        for _ in range(150):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
            assert len(game.state.all_cards()) == total
        assert Game.from_json(game.to_json()).events == game.events
