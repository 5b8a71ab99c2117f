"""The fast path agrees with the reference engine: same events, same choices, legal shadows.

Every game here is played on both at once: the fast game picks a random legal id, the
reference game applies its shadow, and after every decision both must have logged the
same events; before it, both must offer the same actions of every kind but moves (the
fast menu of moves is the board's destinations), and every fast move's shadow must be
legal in the reference engine at the same cost. Thousands more games:
``python -m benchmarks.fast_agreement`` (docs/performance.md).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totenblatt.wanted.engine.actions import Concede
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.fast import FastGame, FastUnsupportedError, agreement
from totenblatt.wanted.fast.actions import CONCEDE
from totenblatt.wanted.fast.cards import number
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.table.scenario import Scenario
from totenblatt.wanted.vocab import Ability, HeroType


def play_both(game: Game, seed: int, *, every_move: int = 0, concede: float = 0.0) -> FastGame:
    """Play ``game`` and its fast copy side by side to the end; assert they agree."""
    played = agreement.play_both(game, seed, every_move=every_move, concede=concede)
    assert game.is_over and played.fast.is_over
    return played.fast


@pytest.mark.parametrize("seed", range(24))
def test_duel_games_agree(seed: int) -> None:
    play_both(new_game("duel", seed=seed), seed, every_move=7 if seed % 4 == 0 else 0)


@pytest.mark.parametrize(("scenario", "seed"), [("gangs", 1), ("gangs", 2), ("three-way", 3)])
def test_bigger_games_agree(scenario: str, seed: int) -> None:
    play_both(new_game(scenario, seed=seed), seed, every_move=25 if seed == 1 else 0)


@pytest.mark.parametrize("seed", range(4))
def test_concessions_agree(seed: int) -> None:
    play_both(new_game("three-way" if seed % 2 else "duel", seed=100 + seed), seed, concede=0.05)


def test_options_of_the_rules_agree() -> None:
    from totenblatt.wanted.rules import Ruleset

    rules = Ruleset.load("base").with_options(
        reshuffle="when_empty", dealer_acts_first_without_bids=True
    )
    for seed in range(3):
        play_both(new_game("duel", rules, seed=seed), seed)


def test_a_game_half_played_by_the_reference_engine_goes_on_alike() -> None:
    """A reference game's own moves end off the board's nodes: the fast copy stands there."""
    from totenblatt.wanted.bots import RandomBot

    for seed in range(3):
        game = new_game("duel", seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        for _ in range(30):
            seat = game.to_act
            if seat is None:
                break
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        if not game.is_over:
            play_both(game, seed)


def test_a_clone_goes_its_own_way() -> None:
    fast = FastGame.from_game(new_game("gangs", seed=5))
    rng = random.Random(5)
    for _ in range(40):
        fast.apply(rng.choice([a for a in fast.legal_actions() if a != CONCEDE]))
    twin = fast.clone()
    before = (fast.pos.copy(), fast.hp.copy(), [h.copy() for h in fast.hands], fast.draw.copy())
    while not twin.is_over:
        twin.apply(rng.choice([a for a in twin.legal_actions() if a != CONCEDE]))
    assert (fast.pos, fast.hp, fast.hands, fast.draw) == before


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    fast = FastGame.from_game(new_game("duel", seed=2))
    legal = fast.legal_actions()
    bad = next(a for a in range(fast.actions.size) if a not in legal)
    hands = [h.copy() for h in fast.hands]
    with pytest.raises(ValueError, match="not legal now"):
        fast.apply(bad)
    assert fast.hands == hands and fast.legal_actions() == legal


def test_what_the_fast_path_does_not_play_is_refused_by_name() -> None:
    from totenblatt.wanted.fast import fast_refusal

    per_character = Ruleset.load("extended").with_options(hand_mode="per_character")
    assert fast_refusal("heroes", per_character) is None  # D-5 both ways
    many = Ruleset.load("extended").with_options(cover_uses=2)  # 2 copies: 4 uses
    scenario = agreement.extended_scenarios()[0]
    covered = replace(
        scenario,
        figures=tuple(replace(f, abilities=(Ability.COVER_3,) * 2) for f in scenario.figures),
    )
    said = fast_refusal(covered, many)
    assert said is not None and "more than 3 uses of cover_3" in said
    with pytest.raises(FastUnsupportedError, match="more than 3 uses of cover_3"):
        FastGame.from_game(new_game(covered, many, seed=1))
    assert fast_refusal("duel", "extended") is None
    assert fast_refusal("heroes", "extended") is None


def test_a_field_not_on_the_allow_list_is_refused_by_its_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The allow-list decides: a field taken off it (as a new field is, until it is added)
    is refused wherever it differs from the base ruleset, and nowhere else."""
    from totenblatt.wanted.fast import allow, spec

    monkeypatch.setattr(allow, "HONOURED", allow.HONOURED - {"jokers.club_inches"})
    monkeypatch.setattr(allow, "_UNHONOURED", {})
    spec._SPECS.clear()
    assert allow.fast_refusal("duel", "base") is None
    rules = Ruleset.load("base").with_options(club_inches=10)
    said = allow.fast_refusal("duel", rules)
    assert said is not None and "jokers.club_inches = 10" in said
    with pytest.raises(FastUnsupportedError, match=r"jokers\.club_inches = 10"):
        FastGame.from_game(new_game("duel", rules, seed=1))
    spec._SPECS.clear()


def test_every_field_of_the_ruleset_is_walked() -> None:
    """Each field changes alone to a valid other value (but the one that has none), and the
    allow-list names only fields the ruleset has."""
    from totenblatt.wanted.fast.game import HONOURED, honoured, ruleset_fields

    for name in ("base", "extended"):
        rules = Ruleset.load(name)
        changes = dict(agreement.field_changes(rules))
        assert set(changes) == set(ruleset_fields(rules))
        assert [f for f, r in changes.items() if r is None] == ["cards.number_values"]
        for field, changed in changes.items():
            if changed is not None:
                differ = {
                    f for f, v in ruleset_fields(changed).items() if v != ruleset_fields(rules)[f]
                }
                assert differ == {field}
    fields = {
        f if not f.startswith("weapons.") else "weapons.*." + f.rsplit(".", 1)[-1]
        for f in ruleset_fields(Ruleset.load("extended"))
    }
    assert fields >= HONOURED
    assert honoured("round.hand_mode")


@pytest.mark.parametrize("mode", ["per_player", "per_character"])
def test_the_walk_every_field_changed_alone_agrees_or_is_refused(mode: str) -> None:
    """The agreement walk on the duel, base rules, each hand mode (D-5): every field."""
    walked = 0
    for i, cell in enumerate(agreement.cells(("duel",), ("base",), (mode,))):
        result = agreement.walk_cell(cell, [300 + i], every_move=9 if i % 10 == 0 else 0)
        walked += result.games
    assert walked > 80


def _sample() -> list[agreement.Cell]:
    """One field changed at random (seeded) for each scenario, ruleset and hand mode."""
    rng = random.Random(41)
    groups: dict[tuple[str, str, str], list[agreement.Cell]] = {}
    for cell in agreement.cells():
        name = cell.scenario if isinstance(cell.scenario, str) else cell.scenario.name
        groups.setdefault((name, cell.ruleset, cell.hand_mode), []).append(cell)
    return [rng.choice(cells) for cells in groups.values()]


@pytest.mark.parametrize("cell", _sample(), ids=lambda c: c.label)
def test_a_sample_of_the_walk_agrees_or_is_refused(cell: agreement.Cell) -> None:
    """A seeded sample of the walk (``python -m benchmarks.fast_agreement`` walks every
    cell): every scenario, ruleset and hand mode, each with one field changed."""
    agreement.walk_cell(cell, [7], every_move=13)


@pytest.mark.parametrize("mode", ["per_player", "per_character"])
@pytest.mark.parametrize("scenario", agreement.extended_scenarios(), ids=lambda s: s.name)
def test_each_ability_and_hero_type_agrees_or_is_refused_by_name(
    scenario: Scenario, mode: str
) -> None:
    """The duel with both figures given one ability, each of B1's fourteen, and a hero of
    each type (B2); the gangs led by gunslingers, every figure two abilities; each hand mode
    (D-5): what the fast path plays agrees game for game, the rest is refused by the
    ability's or hero's name."""
    from totenblatt.wanted.fast.game import FAST_ABILITIES

    rules = Ruleset.load("extended").with_options(hand_mode=mode)
    cell = agreement.Cell(scenario, "extended", mode, None, rules)
    result = agreement.walk_cell(cell, [11, 12], every_move=5)
    abilities = {a for f in scenario.figures for a in f.abilities}
    drawn = any(f.kind is not HeroType.COWBOY and not f.abilities for f in scenario.figures)
    if result.refused is None:
        assert result.games >= 1 and abilities <= FAST_ABILITIES
        assert drawn or result.games == 2
    elif "partial swap (D-27)" not in result.refused:
        named = re.search(r"the ability (\w+) \(B1\) of", result.refused)
        assert named is not None, result.refused
        assert Ability(named[1]) not in FAST_ABILITIES
        assert drawn or Ability(named[1]) in abilities


def _hands(mode: str) -> Ruleset:
    """The extended ruleset with hand mode ``mode`` (D-5)."""
    return Ruleset.load("extended").with_options(hand_mode=mode)


@pytest.mark.parametrize("mode", ["per_player", "per_character"])
@pytest.mark.parametrize("seed", range(4))
def test_heroes_games_agree(seed: int, mode: str) -> None:
    """The heroes scenario: a veteran's partial swap, a gunslinger who may not swap, Cover,
    Tempt Fate, Nine Lives, Wild 2, Queen of Hearts, Sharpshooter, Quick Fingers …; one
    hand per player or one per figure (D-5)."""
    game = new_game("heroes", _hands(mode), seed=seed)
    play_both(game, seed, every_move=9 if seed == 0 else 0, concede=0.01 if seed == 3 else 0.0)


@pytest.mark.parametrize("mode", ["per_player", "per_character"])
@pytest.mark.parametrize("seed", range(6))
def test_extended_duel_games_agree(seed: int, mode: str) -> None:
    game = new_game("duel", _hands(mode), seed=seed)
    play_both(game, seed, every_move=7 if seed % 3 == 0 else 0)


@pytest.mark.parametrize("scenario", ["gangs", "three-way", "heroes"])
def test_per_character_hands_are_dealt_and_played_per_figure(scenario: str) -> None:
    """D-5 per character: a hand per figure (a hero's extra cards on top), the ids name
    the hand a card leaves, and a new fast game deals as the reference engine does."""
    from totenblatt.wanted.fast import new_fast_game

    rules = _hands("per_character")
    for seed in range(3):
        game = new_game(scenario, rules, seed=seed)
        fast = FastGame.from_game(game)
        assert len(fast.hands) == len(game.state.figures)
        for seat in range(fast.seats):
            assert fast.seat_cards(seat) == [number(c) for c in game.state.seat_cards(seat)]
        dealt = new_fast_game(scenario, rules, seed)
        assert dealt.hands == fast.hands and dealt.legal_actions() == fast.legal_actions()
        play_both(game, seed, every_move=5)


def test_concede_is_always_offered() -> None:
    fast = FastGame.from_game(new_game("duel", seed=1))
    assert CONCEDE in fast.legal_actions()
    assert isinstance(fast.shadow(CONCEDE), Concede)


@pytest.mark.parametrize("scenario", ["duel", "gangs", "three-way"])
def test_new_fast_game_deals_as_the_reference_engine(scenario: str) -> None:
    from totenblatt.wanted.fast import new_fast_game

    for seed in range(40):
        fast = new_fast_game(scenario, seed=seed)
        copied = FastGame.from_game(new_game(scenario, seed=seed))
        for name in FastGame.__slots__:
            if name not in ("rng", "log", "_legal", "spec"):
                assert getattr(fast, name) == getattr(copied, name), (seed, name)
        assert fast.rng.getstate() == copied.rng.getstate()
        assert fast.legal_actions() == copied.legal_actions()


@settings(max_examples=12, deadline=None)
@given(
    scenario=st.sampled_from(["duel", "duel", "three-way"]),
    seed=st.integers(min_value=0, max_value=2**40),
    choices=st.integers(min_value=0, max_value=2**32),
)
def test_any_seed_and_any_choices_agree(scenario: str, seed: int, choices: int) -> None:
    play_both(new_game(scenario, seed=seed), choices, every_move=11)


@pytest.mark.parametrize(
    ("template", "kinds"),
    [
        ("gangs", (HeroType.VETERAN, HeroType.GUNSLINGER)),
        ("three-way", (HeroType.GUNSLINGER, HeroType.VETERAN)),
    ],
)
@pytest.mark.parametrize("mode", ["per_player", "per_character"])
def test_campaign_fights_agree(template: str, kinds: tuple[HeroType, HeroType], mode: str) -> None:
    """Two campaign gangs on a template: the members (HP, maximum, abilities, weapon, hero
    type; some wounded) are the figures of a fight the fast path plays, each hand mode."""
    from totenblatt.campaign.battle import build_fight
    from totenblatt.campaign.creation import create_gang
    from totenblatt.wanted.fast import fast_refusal

    rules = _hands(mode)
    rng = random.Random(len(template))
    gangs = [create_gang(f"G{k}", kind, rules, rng, size=4)[0] for k, kind in enumerate(kinds)]
    scenario = build_fight(gangs, template, rules).scenario
    wounded = tuple(
        replace(f, hp=f.hp - 1) if i % 3 == 0 and f.hp and f.hp > 1 else f
        for i, f in enumerate(scenario.figures)
    )
    scenario = replace(scenario, figures=wounded)
    assert any(f.kind is not HeroType.COWBOY and f.abilities for f in scenario.figures)
    assert fast_refusal(scenario, rules) is None
    play_both(new_game(scenario, rules, seed=5), 5, every_move=11)


def test_a_hero_that_draws_its_abilities_is_refused_where_a_draw_could_be() -> None:
    """A veteran given no abilities draws four, repeats allowed (B2): four uses of one Cover
    are more than the fast path's ids hold, so fast_refusal refuses it beforehand (the walk
    found a seed that drew them); a gunslinger draws two and is played."""
    from totenblatt.wanted.fast import fast_refusal

    drawn = {s.name: s for s in agreement.extended_scenarios()}
    said = fast_refusal(drawn["duel+veteran+drawn"], "extended")
    assert said is not None and "may hold 4" in said
    assert fast_refusal(drawn["duel+gunslinger+drawn"], "extended") is None
    for seed in range(40):  # whatever each seed draws, the game is played or refused by name
        game = new_game(drawn["duel+veteran+drawn"], "extended", seed=seed)
        try:
            FastGame.from_game(game)
        except FastUnsupportedError as exc:
            assert "(B1)" in str(exc)
