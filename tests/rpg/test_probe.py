"""resolve_probe: every worked example of seed 004, the draw and tie rules, jokers, bad input."""

from __future__ import annotations

import random
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from probe_asks import probe_asks
from totenblatt.rpg import (
    Character,
    Outcome,
    ProbeError,
    WoundBand,
    card_counts,
    probe_odds,
    resolve_probe,
)

S, F, N = Outcome.SUCCESS, Outcome.FAILURE, Outcome.NOTHING

# -- seed 004, C3: Trevor climbs walls ------------------------------------------------


def test_trevor_wall_level_2_jack_beats_nine() -> None:
    # Sportlichkeit 2 against a level-2 wall: Trevor draws a jack (11), the GM a 9.
    r = resolve_probe(2, 2, player_cards=["J"], opponent_cards=[9])
    assert (r.player_total, r.opponent_total, r.outcome) == (11, 9, S)


def test_trevor_wall_equal_value_equal_level_player_wins() -> None:
    # "Wäre der Wert gleich hoch gewesen, wäre die Probe ebenfalls gelungen."
    assert resolve_probe(2, 2, player_cards=[9], opponent_cards=[9]).outcome is S


def test_trevor_wall_level_3_gm_draws_two_and_trevor_falls_lightly_hurt() -> None:
    # Higher, wet, dark wall (3): Trevor 8, the GM 5 + 7 = 12. Failed, light injury.
    assert card_counts(2, 3) == (1, 2)
    r = resolve_probe(2, 3, player_cards=[8], opponent_cards=[5, 7])
    assert r.opponent_cards == (5, 7) and r.opponent_total == 12
    assert (r.outcome, r.margin, r.wound) == (F, 4, WoundBand.LIGHT)


def test_trevor_wall_level_4_gm_draws_three_level_1_trevor_draws_two() -> None:
    assert card_counts(2, 4) == (1, 3)  # 4 - 2 = 2 more: three cards
    assert card_counts(2, 1) == (2, 1)  # an easy wall: Trevor two, the GM one


def test_trevor_equal_sums_higher_difficulty_still_fails() -> None:
    # "Wenn Trevor ebenso wie der Spielleiter 12 Punkte gezogen hätte, … gescheitert."
    r = resolve_probe(2, 3, player_cards=["Q"], opponent_cards=[5, 7])
    assert (r.outcome, r.margin, r.wound) == (F, 0, WoundBand.LIGHT)


def test_trevor_margins_barely_wall_run_and_fall() -> None:
    # 12 vs 10 barely, 23 vs 5 ran up the wall, 10 vs 13 falls with light damage.
    barely = resolve_probe(2, 2, player_cards=[12], opponent_cards=[10])
    assert (barely.outcome, barely.margin) == (S, 2)
    ran = resolve_probe(3, 2, player_cards=[13, 10], opponent_cards=[5])
    assert (ran.outcome, ran.margin) == (S, 18)
    fell = resolve_probe(2, 2, player_cards=[10], opponent_cards=[13])
    assert (fell.outcome, fell.wound) == (F, WoundBand.LIGHT)


# -- seed 004, C4/C5: Diana (player) and Rafael (game master) ---------------------------


def test_diana_and_rafael_melee_3_vs_3_ten_beats_seven_light_wound() -> None:
    r = resolve_probe(3, 3, player_cards=[10], opponent_cards=[7])
    assert (r.outcome, r.margin, r.wound) == (S, 3, WoundBand.LIGHT)


def test_diana_and_rafael_king_against_king_player_favoured_light_wound() -> None:
    r = resolve_probe(3, 3, player_cards=["K"], opponent_cards=["König"])
    assert (r.outcome, r.margin, r.wound) == (S, 0, WoundBand.LIGHT)


def test_rafael_trained_to_5_three_cards_26_against_diana_3_fat_wound() -> None:
    assert card_counts(3, 5) == (1, 3)
    r = resolve_probe(3, 5, player_cards=[3], opponent_cards=["K", "Q", "A"])
    assert (r.opponent_total, r.outcome, r.margin, r.wound) == (26, F, 23, WoundBand.FAT)
    # "jede Fette Wunde erklärt dein Gegenüber zu Fallobst": an ordinary person is out.
    assert Character.create("Normalo", player=False).with_wound(r.wound).is_out


def test_rafael_revolver_shifted_to_3_against_diana_shifted_to_2_normal_wound() -> None:
    # Handliche Wummen 2 -> 3, Handliches Gemetzel 3 -> 2: jack + 2 (13) against the ace (1).
    r = resolve_probe(2, 3, player_cards=["As"], opponent_cards=["Bube", 2])
    assert (r.player_total, r.opponent_total) == (1, 13)
    assert (r.outcome, r.margin, r.wound) == (F, 12, WoundBand.NORMAL)


# -- C4: guns against an unaware target (D-39), hand grenades (D-40) --------------------


def test_unaware_target_has_agility_0_and_still_draws_one_card() -> None:
    assert card_counts(2, 0) == (3, 1)  # Wumme 2 against Beweglichkeit 0: 1 + 2 cards
    assert card_counts(0, 4) == (1, 5)
    r = resolve_probe(2, 0, player_cards=[1, 2, 3], opponent_cards=[7])
    assert (r.player_total, r.outcome, r.margin) == (6, F, 1)
    assert probe_odds(2, 0).success > probe_odds(2, 2).success  # shooting the unaware pays


def test_hand_grenade_is_the_acting_side_at_level_5() -> None:
    # D-40: the grenade draws as level 5 against the target's Beweglichkeit 2.
    assert card_counts(5, 2) == (4, 1)
    r = resolve_probe(5, 2, player_cards=[2, 3, 4, 5], opponent_cards=[13])
    assert (r.outcome, r.margin, r.wound) == (S, 1, WoundBand.LIGHT)


# -- C6 jokers (D-33) -------------------------------------------------------------------


def test_trevor_spends_a_joker_after_falling_and_makes_it() -> None:
    r = resolve_probe(2, 3, jokers=1, player_cards=[8, 5], opponent_cards=[5, 7])
    assert (r.player_cards, r.player_total, r.outcome, r.jokers_spent) == ((8, 5), 13, S, 1)


def test_several_jokers_in_one_test_one_at_a_time() -> None:
    r = resolve_probe(2, 3, jokers=3, player_cards=[8, 2, 3], opponent_cards=[5, 7])
    assert (r.player_total, r.outcome, r.jokers_spent) == (13, S, 2)


def test_no_joker_is_spent_while_succeeding() -> None:
    r = resolve_probe(2, 2, jokers=2, player_cards=["J"], opponent_cards=[9])
    assert r.jokers_spent == 0
    with pytest.raises(ProbeError, match="only 1 card"):
        resolve_probe(2, 2, jokers=2, player_cards=["J", 3], opponent_cards=[9])


def test_jokers_can_run_out_and_the_test_still_fails() -> None:
    r = resolve_probe(0, 4, jokers=2, player_cards=[1, 2, 3], opponent_cards=[9, 10, 11, 12, 13])
    assert (r.outcome, r.jokers_spent, r.margin, r.wound) == (F, 2, 49, WoundBand.FAT)


def test_a_tie_lost_on_level_is_not_yet_a_success_so_a_joker_is_spent() -> None:
    r = resolve_probe(2, 3, jokers=1, player_cards=[12, 1], opponent_cards=[5, 7])
    assert (r.outcome, r.jokers_spent, r.margin) == (S, 1, 1)


def test_a_missing_joker_card_is_asked_for() -> None:
    with pytest.raises(ProbeError, match="behind 8 to 12 with 1 joker"):
        resolve_probe(2, 3, jokers=1, player_cards=[8], opponent_cards=[5, 7])


# -- C3 player against player -----------------------------------------------------------


def test_pvp_tie_at_equal_levels_nothing_happens() -> None:
    r = resolve_probe(3, 3, pvp=True, player_cards=["K"], opponent_cards=["K"])
    assert (r.outcome, r.wound, r.margin) == (N, None, 0)


def test_pvp_tie_at_different_levels_the_higher_level_wins() -> None:
    assert resolve_probe(3, 2, pvp=True, player_cards=[5, 7], opponent_cards=[12]).outcome is S
    assert resolve_probe(2, 3, pvp=True, player_cards=[12], opponent_cards=[5, 7]).outcome is F


def test_pvp_tie_at_equal_levels_is_not_a_success_so_a_joker_is_spent() -> None:
    r = resolve_probe(3, 3, pvp=True, jokers=1, player_cards=[13, 1], opponent_cards=[13])
    assert (r.outcome, r.jokers_spent, r.player_total) == (S, 1, 14)


# -- drawing ------------------------------------------------------------------------------


def test_a_seed_reproduces_the_draw_and_cards_come_from_separate_piles() -> None:
    a = resolve_probe(6, 0, jokers=3, seed=12)
    assert a == resolve_probe(6, 0, jokers=3, seed=12)
    assert len(a.player_cards) >= 7 and len(set(a.player_cards)) == len(a.player_cards)
    assert all(1 <= v <= 13 for v in a.player_cards + a.opponent_cards)


def test_given_cards_of_one_side_and_drawn_cards_of_the_other() -> None:
    r = resolve_probe(2, 3, player_cards=[8], seed=random.Random(3))
    assert r.player_cards == (8,) and len(r.opponent_cards) == 2


def test_levels_above_6_are_drawn_as_usual_d30() -> None:
    assert card_counts(9, 2) == (8, 1)
    assert len(resolve_probe(9, 2, seed=1).player_cards) == 8


@settings(max_examples=200, deadline=None)
@given(**probe_asks(8, 3), seed=st.integers(0, 2**32))
def test_results_are_consistent(
    skill: int, difficulty: int, jokers: int, pvp: bool, seed: int
) -> None:
    r = resolve_probe(skill, difficulty, jokers=jokers, pvp=pvp, seed=seed)
    base, other = card_counts(skill, difficulty)
    assert len(r.opponent_cards) == other
    assert len(r.player_cards) == base + r.jokers_spent and r.jokers_spent <= jokers
    assert r.player_total == sum(r.player_cards) and r.opponent_total == sum(r.opponent_cards)
    assert r.margin == abs(r.player_total - r.opponent_total)
    assert (r.wound is None) == (r.outcome is N)
    replay = partial(resolve_probe, skill, difficulty, pvp=pvp, opponent_cards=r.opponent_cards)
    # every joker was drawn while the player was not yet succeeding
    for spent in range(r.jokers_spent):
        before = sum(r.player_cards[: base + spent])
        again = replay(jokers=spent, player_cards=r.player_cards[: base + spent])
        assert before == again.player_total and again.jokers_spent == spent
        assert again.outcome is not S
    # replaying the drawn cards gives the same result
    assert r == replay(jokers=jokers, player_cards=r.player_cards)


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"skill": -1, "difficulty": 2}, r"skill must be a whole number >= 0.*-1"),
        ({"skill": 2, "difficulty": -1}, r"difficulty must be .*-1"),
        ({"skill": "2", "difficulty": 1}, r"skill must be .*'2'"),
        ({"skill": 2, "difficulty": 2, "jokers": -2}, r"jokers must be .*-2"),
        ({"skill": 14, "difficulty": 0}, r"draw 15 cards but a pile holds 13"),
        ({"skill": 2, "difficulty": 2, "player_cards": [0], "opponent_cards": [5]}, r"value 0"),
        ({"skill": 2, "difficulty": 2, "player_cards": [14], "opponent_cards": [5]}, r"value 14"),
        ({"skill": 2, "difficulty": 2, "player_cards": ["X"], "opponent_cards": [5]}, r"'X'"),
        ({"skill": 2, "difficulty": 2, "player_cards": "8", "opponent_cards": [5]}, r"sequence"),
        ({"skill": 3, "difficulty": 2, "player_cards": [8], "opponent_cards": [5]}, r"got only 1"),
        ({"skill": 2, "difficulty": 3, "player_cards": [8], "opponent_cards": [5]}, r"exactly 2"),
        (
            {"skill": 2, "difficulty": 2, "player_cards": [8], "opponent_cards": [5, 6]},
            r"exactly 1",
        ),
        (
            {"skill": 3, "difficulty": 2, "player_cards": [8, 8], "opponent_cards": [5]},
            r"2 cards of value 8",
        ),
        (
            {
                "skill": 2,
                "difficulty": 2,
                "player_cards": [9],
                "opponent_cards": [5],
                "ruleset": "nope",
            },
            r"no ruleset named 'nope'",
        ),
    ],
)
def test_bad_input_raises_a_value_error_quoting_it(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        resolve_probe(**kwargs)  # type: ignore[arg-type]
