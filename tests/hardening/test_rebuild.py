"""No seat can rebuild another seat's hand from what it sees; the seed is in no view.

The engine is deterministic: whoever knows a game's seed can deal every hand. So the
seed is a referee's secret (``GameSeeded``, visible to no seat; the save), games
started without ``--seed`` draw 64 secret bits, and bots are seeded from the secret
through a one-way hash. The attack below is what a seat can try with public data:
every number its view holds (any event included), small seeds, and the old bot
scheme ``seed * 10 + seat``; none may deal another seat's cards.
"""

from __future__ import annotations

import io
import json
import random
import re
import secrets
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from self_play import play_some
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.bots.base import bot_seed
from totenblatt.wanted.engine.events import (
    FigureHandDealt,
    GameSeeded,
    GameStarted,
    HandDealt,
    event_to_dict,
    visible_to,
)
from totenblatt.wanted.engine.game import Game, new_game

GAMES = [("duel", "base"), ("three-way", "base"), ("gangs", "base"), ("heroes", "extended")]
SMALL_SEEDS = range(1024)
"""Seeds a person might type; the seeds tested lie far above them."""


def numbers_in(value: Any, out: set[int]) -> set[int]:
    """Every whole number in a view: ints, integral floats, digit runs inside strings."""
    if isinstance(value, bool):
        return out
    if isinstance(value, int):
        out.add(value)
    elif isinstance(value, float) and value.is_integer():
        out.add(int(value))
    elif isinstance(value, str):
        out.update(int(d) for d in re.findall(r"\d+", value) if len(d) < 40)
    elif isinstance(value, dict):
        for item in value.values():
            numbers_in(item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            numbers_in(item, out)
    return out


def first_hands(game: Game) -> dict[int, tuple[str, ...]]:
    """Every seat's cards as first dealt (per character: its figures' hands in turn)."""
    hands: dict[int, list[str]] = {}
    for event in game.events:
        if isinstance(event, HandDealt | FigureHandDealt):
            hands.setdefault(event.seat, []).extend(str(c) for c in event.cards)
        elif hands:
            break
    return {seat: tuple(cards) for seat, cards in hands.items()}


def candidates(view: dict[str, Any]) -> Iterator[int]:
    """Every seed a seat could try from its view."""
    seen = numbers_in(view, set())
    for event in view["events"]:
        if "seed" in event:
            seen.add(event["seed"])
    yield from SMALL_SEEDS
    for number in sorted(seen):
        yield from (number, number - 1, number + 1, number // 10, number * 10 + view["seat"])


def rebuilt_hands(view: dict[str, Any], own: tuple[str, ...]) -> Iterator[dict[int, Any]]:
    """The first hands of every game a candidate seed deals that gives ``own`` to the seat."""
    for seed in candidates(view):
        try:
            twin = new_game(view["scenario_ref"], view["ruleset_ref"], seed)
        except ValueError:
            continue
        hands = first_hands(twin)
        if hands.get(view["seat"]) == own:
            yield hands


def random_game(scenario: str, ruleset: str, seed: int, decisions: int) -> Game:
    game = new_game(scenario, ruleset, seed)
    return play_some(game, [RandomBot(bot_seed(seed, s)) for s in range(game.seats)], decisions)


@pytest.mark.parametrize(("scenario", "ruleset"), GAMES)
@settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=2**32, max_value=2**64 - 1))
def test_no_seat_rebuilds_another_hand(scenario: str, ruleset: str, seed: int) -> None:
    game = random_game(scenario, ruleset, seed, decisions=40)
    truth = first_hands(game)
    assert len(truth) == game.seats
    for seat in range(game.seats):
        view = game.view(seat)
        tried = 0
        for hands in rebuilt_hands(view, truth[seat]):
            tried += 1
            others = {s: h for s, h in hands.items() if s != seat}
            leaked = [s for s, h in others.items() if truth[s] == h]
            assert not leaked, f"seat {seat} rebuilt the hands of seats {leaked}"
        assert tried == 0, "a public number dealt the seat's own hand again"


def test_the_attack_finds_a_seed_that_is_shown() -> None:
    """The attack is real: given the seed in the view (as the old game_started had), it wins."""
    seed = 987_654_321_987
    game = new_game("duel", "base", seed)
    view = game.view(0)
    view["events"][0] = {**view["events"][0], "seed": seed}
    truth = first_hands(game)
    rebuilt = list(rebuilt_hands(view, truth[0]))
    assert rebuilt and rebuilt[0][1] == truth[1]


def walk(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key), item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


@pytest.mark.parametrize(("scenario", "ruleset"), GAMES)
def test_no_view_and_no_visible_event_holds_the_seed(scenario: str, ruleset: str) -> None:
    seed = 2**63 + 4_321_987_654_321  # twenty digits: never there by chance
    game = new_game(scenario, ruleset, seed)
    bots = [RandomBot(bot_seed(seed, s)) for s in range(game.seats)]
    checked = 0
    while not game.is_over and checked < 60:
        for seat in range(game.seats):
            view = game.view(seat)
            text = json.dumps(view)
            assert str(seed) not in text
            assert all(key != "seed" for key, _ in walk(view))
            checked += 1
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    assert checked >= 60 or game.is_over
    referee = [e for e in game.events if isinstance(e, GameSeeded)]
    assert [e.seed for e in referee] == [seed]  # the full log keeps it, for the referee
    assert not any(visible_to(e, s) for e in referee for s in range(game.seats))
    started = next(e for e in game.events if isinstance(e, GameStarted))
    assert "seed" not in event_to_dict(started)
    saved = json.loads(game.to_json())
    assert saved["seed"] == seed and "referee" in saved  # the save is the referee's file


def test_bot_seeds_come_from_the_secret_not_from_public_numbers() -> None:
    secret = 0x5EED_5EED_5EED_5EED
    seeds = {bot_seed(secret, seat) for seat in range(8)}
    assert len(seeds) == 8
    assert not seeds & {secret * 10 + seat for seat in range(8)}
    assert all(0 <= s < 2**64 for s in seeds)
    assert bot_seed(secret, 0) != bot_seed(secret + 1, 0)


def test_games_without_a_seed_draw_64_secret_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    from totenblatt.cli import play

    drawn: list[int] = []
    real = secrets.randbits

    def spy(bits: int) -> int:
        value = real(bits)
        drawn.append(bits)
        return value

    monkeypatch.setattr(play.secrets, "randbits", spy)
    out = Console(file=io.StringIO(), width=100, height=40)
    assert play.run_play(seats="random,random", out=out) == 0
    assert drawn == [64]


def script(*lines: str) -> Callable[[str], str]:
    feed = iter(lines)

    def ask(prompt: str) -> str:
        return next(feed, "1")

    return ask


@pytest.mark.parametrize("scenario", ["duel", "heroes"])
def test_a_human_seat_never_reads_the_seed(scenario: str) -> None:
    from totenblatt.cli.play import run_play

    seed = 2**63 + 1_234_567_890_123
    buffer = io.StringIO()
    out = Console(file=buffer, width=120, height=40, highlight=False)
    ask = script("log", "hand", "more", "map", "odds", "help", "1", "1", "concede", "y")
    assert run_play(scenario=scenario, seats="human,bot", seed=seed, out=out, ask=ask) == 0
    text = buffer.getvalue()
    assert text and str(seed) not in text and "seed" not in text.lower()


def test_a_random_game_replays_from_its_save_alone() -> None:
    seed = random.Random(10).getrandbits(64)
    game = random_game("gangs", "base", seed, decisions=60)
    again = Game.from_json(game.to_json())
    assert again.events == game.events
