"""No bot reads more than its view: games that differ only in cards hidden from the deciding
seat (other hands, the dead man's hand, the deck order, unseen discards) get the same decision.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from totenblatt.wanted.bots import Bot, HeuristicBot, ISMCTSBot, RandomBot
from totenblatt.wanted.engine.actions import Action
from totenblatt.wanted.engine.determinize import shuffle_hidden
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.rules import Ruleset

PER_CHARACTER = Ruleset.load("extended").with_options(hand_mode="per_character")

CASES: list[tuple[str, str | Ruleset, int]] = [
    ("duel", "base", 11),
    ("gangs", "base", 12),
    ("three-way", "base", 13),
    ("heroes", "extended", 14),
    ("heroes", PER_CHARACTER, 15),
]

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "heuristic": lambda seed: HeuristicBot(seed),
    "ismcts": lambda seed: ISMCTSBot(seed, iterations=12, horizon=12),
}


def decision_points(scenario: str, ruleset: str | Ruleset, seed: int, every: int) -> Iterator[Game]:
    """Every ``every``-th decision of a game the heuristic plays against itself."""
    game = new_game(scenario, ruleset, seed=seed)
    players = [HeuristicBot(seed + s) for s in range(game.seats)]
    count = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if count % every == 0:
            yield game
        game.apply(players[seat].choose(game.view(seat), game.legal_actions()))
        count += 1


def hidden_cards(game: Game, seat: int) -> Counter[tuple[str, int, str]]:
    """Where each card hidden from ``seat`` lies (to show the twin really differs)."""
    st = game.state
    own = set(st.holders[seat])
    out: Counter[tuple[str, int, str]] = Counter()
    for h, hand in enumerate(st.hands):
        if h not in own:
            out.update(("hand", h, str(c)) for c in hand)
    out.update(("dead", 0, str(c)) for c in st.dead_hand)
    out.update(("draw", i, str(c)) for i, c in enumerate(st.draw_pile))
    return out


@pytest.mark.parametrize(("scenario", "ruleset", "seed"), CASES)
def test_every_bot_decides_alike_when_only_hidden_cards_differ(
    scenario: str, ruleset: str | Ruleset, seed: int
) -> None:
    rng = random.Random(seed)
    checked = searched = 0
    for game in decision_points(scenario, ruleset, seed, every=9):
        seat = game.to_act
        assert seat is not None
        twin = shuffle_hidden(game, seat, rng)
        assert hidden_cards(twin, seat) != hidden_cards(game, seat)
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        legal = game.legal_actions()
        assert twin.legal_actions() == legal
        for name, make in BOTS.items():
            if name == "ismcts" and checked >= 4:
                continue  # the search is the slow one: a few positions per game
            bot, again = make(seed * 7 + checked), make(seed * 7 + checked)
            first = bot.choose(view, legal)
            second = again.choose(twin_view, twin.legal_actions())
            assert first == second, (name, game.phase, first, second)
            if isinstance(bot, ISMCTSBot):
                searched += bot.last_iterations
        checked += 1
        if checked >= 8:
            break
    assert checked >= 4
    assert searched > 0  # the search ran (not only forced or single-candidate decisions)


class _Peeker:
    """A cheating bot: it picks by the first card of the next seat's hidden hand."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        st = self.game.state
        other = (view["seat"] + 1) % st.seats
        hand = st.seat_cards(other) or st.draw_pile
        return legal_actions[sum(map(ord, str(hand[0]))) % len(legal_actions)]


def test_the_pairs_catch_a_bot_that_peeks() -> None:
    """The same pairs tell a cheating bot apart: the test above can fail."""
    rng = random.Random(5)
    differ = 0
    for game in decision_points("gangs", "base", 5, every=3):
        seat = game.to_act
        assert seat is not None
        twin = shuffle_hidden(game, seat, rng)
        legal = game.legal_actions()
        if len(legal) < 3:
            continue
        first = _Peeker(game).choose(game.view(seat), legal)
        second = _Peeker(twin).choose(twin.view(seat), twin.legal_actions())
        differ += first != second
    assert differ > 0
