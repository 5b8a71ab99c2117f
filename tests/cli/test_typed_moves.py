"""Typed moves ask the engine (issue 15): Light-Footed and wild 2s count as the engine counts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from play_context import ctx_for
from scenario_text import figure, scenario_toml
from totenblatt.cards import Card
from totenblatt.cli._play_input import Command, InputError, parse_input
from totenblatt.text import describe_error
from totenblatt.wanted.engine.actions import Action, Move
from totenblatt.wanted.engine.game import Game


def game_with(
    action_game: Callable[..., Game], abilities: tuple[str, ...], hand: list[str]
) -> Game:
    """Billy (with ``abilities``) at (4, 4), seat 0 to act with ``hand``; nobody bids."""
    hands = {0: hand, 1: ["2♥", "3♥", "4♥", "5♥", "6♥"]}
    dead = ("3♠", "4♠", "5♠", "6♠", "7♠")
    billy = figure("Billy", 0, (4, 4), abilities=abilities)
    text = scenario_toml("Range", billy, figure("Paco", 1, (40, 20), abilities=()))
    return action_game(text, hands, dead=dead, seed=3, ruleset="extended")


def typed(game: Game, text: str) -> Action | Command:
    """What seat 0 typing ``text`` plays in ``game``, read as the terminal reads it."""
    return parse_input(text, [], game.view(0), ctx_for(game), game.legal_actions())


def test_light_footed_2_move_is_accepted_as_the_engine_accepts_it(
    action_game: Callable[..., Game],
) -> None:
    game = game_with(action_game, ("light_footed_2",), ["5♣", "8♥", "9♥", "10♥", "J♥"])
    move = typed(game, "move Billy 4,10.5")
    assert isinstance(move, Move) and move.card == Card.parse("5♣")  # 6.5" = 5" + 2" (B1)
    assert game.refusal(move) is None
    game.apply(move)
    assert game.figure("Billy").pos == (4.0, 10.5)


def test_without_light_footed_the_engine_s_reason_is_the_error(
    action_game: Callable[..., Game],
) -> None:
    game = game_with(action_game, (), ["5♣", "8♥", "9♥", "10♥", "J♥"])
    with pytest.raises(InputError) as info:
        typed(game, "move Billy 4,10.5")
    assert str(info.value) == 'the move costs 6.5" but 5♣ gives only 5"'
    assert describe_error(info.value, "de") == 'der Zug kostet 6,5", aber 5♣ gibt nur 5"'


def test_a_wild_2_moves_twelve_inches_when_the_figure_has_wild_2(
    action_game: Callable[..., Game],
) -> None:
    game = game_with(action_game, ("wild_2",), ["2♣", "8♥", "9♥", "10♥", "J♥"])
    move = typed(game, "move Billy 14,4")
    assert move == Move(Card.parse("2♣"), move.steps, wild=True)  # 10": only as a joker (B1)
    assert game.refusal(move) is None
    short = typed(game, "move Billy 5.5,4")
    assert isinstance(short, Move) and not short.wild  # 1.5": the 2 as itself is enough


def test_the_smallest_accepted_club_is_taken_and_a_named_card_is_kept(
    action_game: Callable[..., Game],
) -> None:
    game = game_with(action_game, (), ["3♣", "9♣", "6♣", "Joker", "J♥"])
    assert typed(game, "move Billy 4,9").card == Card.parse("6♣")
    assert typed(game, "move Billy 4,9 with 9♣").card == Card.parse("9♣")
    assert typed(game, "move Billy 4,15").card == Card.parse("Joker")
    with pytest.raises(InputError) as info:
        typed(game, "move Billy 4,9 with 3♣")
    assert str(info.value) == 'the move costs 5" but 3♣ gives only 3"'
