"""Seeded random games over every built-in scenario, checking the invariants at every step.

At every decision: every card is in exactly one place; HP within [0, max]; figures
that are out never act or are targeted; no view shows another seat's hand, private
events or the dead man's hand. Every game ends; a clone is independent; replaying
the saved game reproduces every event.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from totenblatt.cards import full_deck
from totenblatt.wanted.actions import Attack, Move, Redraw, Reveal
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine import Game, new_game
from totenblatt.wanted.events import HandDealt

GAMES = {"duel": 1200, "three-way": 320, "gangs": 160}
"""Games per scenario (1,680 in all), played in chunks so pytest-xdist can share them out."""
CHUNK = {"duel": 150, "three-way": 40, "gangs": 20}
MAX_DECISIONS = 3_000
CARD_TEXTS = frozenset(str(c) for c in full_deck(1))
PRIVATE_TYPES = frozenset({"hand_dealt", "swap_received", "card_redrawn"})


def cards_in(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        if value in CARD_TEXTS:
            out.add(value)
    elif isinstance(value, list):
        for item in value:
            cards_in(item, out)
    elif isinstance(value, dict):
        for item in value.values():
            cards_in(item, out)
    return out


class ViewChecker:
    """Checks one seat's views, reading only the events that are new since the last view."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen = 0
        self.known: set[str] = set()

    def check(self, game: Game) -> None:
        view = game.view(self.seat)
        assert view["hand"] == [str(c) for c in game.state.hands[self.seat]]
        assert isinstance(view["dead_hand"], int)
        events = view["events"]
        json.dumps(events[self.seen :])  # JSON-serialisable (the rest just below)
        for event in events[self.seen :]:
            if event["type"] in PRIVATE_TYPES:
                assert event["seat"] == self.seat, event
            cards_in(event, self.known)
        self.seen = len(events)
        rest = {k: v for k, v in view.items() if k not in ("hand", "events")}
        json.dumps(rest)
        assert cards_in(rest, set()) <= self.known | set(view["hand"])


def check_state(game: Game, deck: Counter[Any]) -> None:
    st = game.state
    assert Counter(st.all_cards()) == deck
    for fig in st.figures:
        assert 0 <= fig.hp <= fig.hp_max, fig
        if fig.out:
            assert not fig.hidden
    for seat in range(st.seats):
        if not st.in_game(seat):
            assert st.hands[seat] == [] or st.round == 0
    out = {f.name for f in st.figures if f.out}
    for action in game.legal_actions():
        names = set()
        if isinstance(action, Attack):
            names = {action.attacker, action.target}
        elif isinstance(action, Move):
            names = {s.figure for s in action.steps}
        elif isinstance(action, Redraw):
            names = {action.payer}
        elif isinstance(action, Reveal):
            names = {action.figure}
        assert not names & out, action


def check_clone(game: Game, rng: random.Random) -> None:
    before = (game.to_json(), len(game.events), [f.copy() for f in game.state.figures])
    twin = game.clone()
    assert twin.events == game.events and twin.to_act == game.to_act
    for _ in range(5):
        if twin.is_over:
            break
        options = twin.legal_actions()
        twin.apply(options[rng.randrange(len(options))])
    assert (game.to_json(), len(game.events), game.state.figures) == before


def play(scenario: str, seed: int, *, check_moves: bool) -> Game:
    game = new_game(scenario, seed=seed)
    deck = Counter(game.state.all_cards())
    assert deck == Counter(full_deck(game.ruleset.cards.jokers) * game.state.decks)
    bots = [RandomBot(seed * 7 + s, concede=seed % 25 == 0) for s in range(game.seats)]
    rng = random.Random(seed)
    viewers = [ViewChecker(s) for s in range(game.seats)]
    for step in range(MAX_DECISIONS):
        if game.is_over:
            break
        check_state(game, deck)
        for viewer in viewers:
            viewer.check(game)
        if step % 40 == 7:
            check_clone(game, rng)
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        if check_moves:
            assert all(game.why_illegal(a) is None for a in legal)
        game.apply(bots[seat].choose(game.view(seat), legal))
    assert game.is_over, f"{scenario} seed {seed} did not end in {MAX_DECISIONS} decisions"
    assert game.to_act is None and game.legal_actions() == []
    check_state(game, deck)
    return game


@pytest.mark.slow
@pytest.mark.parametrize(
    ("scenario", "first"),
    [(name, start) for name, count in GAMES.items() for start in range(0, count, CHUNK[name])],
)
def test_random_games_keep_the_invariants(scenario: str, first: int) -> None:
    dealt = 0
    for seed in range(first, first + CHUNK[scenario]):
        game = play(scenario, seed, check_moves=seed == first)
        dealt += sum(isinstance(e, HandDealt) for e in game.events)
        replay = Game.from_json(game.to_json())
        assert replay.events == game.events
        assert replay.winners == game.winners
    assert dealt > 0
