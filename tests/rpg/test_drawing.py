"""Drawing: a test at the table step by step, the seed's examples, refusals, shuffled piles."""

from __future__ import annotations

import math

import pytest

from totenblatt.rpg import (
    DrawError,
    Drawing,
    Outcome,
    ProbeError,
    Side,
    WoundBand,
    loser,
    pile_order,
    pile_seed,
    probe_odds,
    resolve_probe,
)

ME, THEM = Side.PLAYER, Side.OPPONENT


def stacked(*top: int) -> tuple[int, ...]:
    """A pile whose top cards are ``top`` (the rest in order)."""
    return (*top, *(v for v in range(1, 14) if v not in top))


def drawn(
    skill: int, level: int, mine: tuple[int, ...], theirs: tuple[int, ...], **kw: bool
) -> Drawing:
    """Both sides drew from piles with ``mine`` and ``theirs`` on top."""
    piles = {"player_pile": stacked(*mine), "opponent_pile": stacked(*theirs)}
    return Drawing.start(skill, level, **piles, **kw).draw(ME).draw(THEM)


def test_trevor_falls_from_the_wall_spends_a_joker_and_makes_it() -> None:
    # Sportlichkeit 2 against a level-3 wall: 8 against 5 + 7; the joker draws a 9.
    d = drawn(2, 3, (8, 9), (5, 7))
    assert d.cards(ME) == (8,) and d.cards(THEM) == (5, 7)
    assert d.result().outcome is Outcome.FAILURE and not d.finished(jokers=1)
    after = d.spend_joker(jokers=1)
    assert after.cards(ME) == (8, 9) and after.result().outcome is Outcome.SUCCESS
    assert after.finished(jokers=0) and after.result() == resolve_probe(
        2, 3, jokers=1, player_cards=[8, 9], opponent_cards=[5, 7]
    )


def test_rafael_trained_to_5_draws_three_cards_and_diana_takes_a_fat_wound() -> None:
    # Diana (player) Handliches Gemetzel 3 against Rafael 5: Diana 3, Rafael 26 in 3 cards.
    d = drawn(3, 5, (3,), (13, 12, 1))
    r = d.result()
    assert d.counts == (1, 3) and r.opponent_total == 26
    assert (r.outcome, r.margin, r.wound, loser(r)) == (Outcome.FAILURE, 23, WoundBand.FAT, ME)


def test_king_against_king_at_equal_levels_the_player_is_favoured_and_in_pvp_nothing() -> None:
    assert loser(drawn(3, 3, (13,), (13,)).result()) is THEM
    pvp = drawn(3, 3, (13, 2), (13,), pvp=True)
    assert pvp.result().outcome is Outcome.NOTHING and loser(pvp.result()) is None
    assert pvp.may_spend(jokers=1)  # D-33: "nothing" is not a success, a joker may change it
    assert pvp.spend_joker(jokers=1).result().outcome is Outcome.SUCCESS


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (lambda d: d.draw(ME).draw(ME), "player has drawn already"),
        (lambda d: d.draw(ME).spend_joker(jokers=2), "not all face up"),
        (lambda d: d.draw(ME).result(), "not all face up"),
        (lambda d: d.draw(THEM).stop(), "not all face up"),
        (lambda d: d.draw(ME).draw(THEM).spend_joker(jokers=0), "no joker left"),
        (lambda d: d.draw(ME).draw(THEM).stop().spend_joker(jokers=3), "the test is over"),
    ],
)
def test_steps_out_of_turn_are_refused(steps: object, message: str) -> None:
    d = Drawing.start(2, 3, player_pile=stacked(1), opponent_pile=stacked(13, 12))
    with pytest.raises(DrawError, match=message):
        steps(d)  # type: ignore[operator]


def test_no_joker_while_winning_and_none_beyond_the_pile() -> None:
    winning = drawn(2, 2, (13,), (1,))
    assert winning.refusal(jokers=3) is not None and winning.finished(jokers=3)
    with pytest.raises(DrawError, match=r"already won.*D-33"):
        winning.spend_joker(jokers=3)
    hopeless = drawn(0, 12, (1,), (13,))  # 13 cards against 1 + 12 jokers: the pile runs out
    for _ in range(12):
        hopeless = hopeless.spend_joker(jokers=99)
    assert len(hopeless.cards(ME)) == 13
    with pytest.raises(DrawError, match="pile is empty"):
        hopeless.spend_joker(jokers=99)


def test_piles_must_be_whole_and_levels_valid() -> None:
    with pytest.raises(ProbeError, match="once each"):
        Drawing.start(2, 2, player_pile=(1, 1, *range(3, 14)), opponent_pile=stacked())
    with pytest.raises(ProbeError, match=">= 0"):
        Drawing.start(-1, 2, player_pile=stacked(), opponent_pile=stacked())


def test_a_pile_is_reshuffled_per_test_and_side_from_one_secret() -> None:
    orders = {pile_order(pile_seed(99, test, side)) for test in range(1, 40) for side in Side}
    assert len(orders) == 78  # every test and side its own shuffle
    assert all(sorted(o) == list(range(1, 14)) for o in orders)
    assert pile_order(pile_seed(99, 3, ME)) == pile_order(pile_seed(99, 3, ME))


def test_shuffled_piles_agree_with_the_exact_odds_within_four_standard_errors() -> None:
    """Drawn with piles from :func:`pile_order` and jokers spent while behind, the success
    rate matches probe_odds (a draw that was not uniform would drift away)."""
    games = 3000
    for skill, level, jokers in ((2, 3, 1), (3, 3, 0), (1, 4, 2)):
        wins = 0
        for n in range(games):
            d = (
                Drawing.start(
                    skill,
                    level,
                    player_pile=pile_order(pile_seed(7, n, ME)),
                    opponent_pile=pile_order(pile_seed(7, n, THEM)),
                )
                .draw(THEM)
                .draw(ME)
            )
            held = jokers
            while d.may_spend(held):
                d, held = d.spend_joker(held), held - 1
            wins += d.result().outcome is Outcome.SUCCESS
        p = float(probe_odds(skill, level, jokers=jokers).success)
        assert abs(wins / games - p) < 4 * math.sqrt(p * (1 - p) / games)
