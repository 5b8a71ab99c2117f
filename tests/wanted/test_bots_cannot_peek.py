"""No bot reads more than its view: games that differ only in cards hidden from the deciding
seat (other hands, the dead man's hand, the deck order, unseen discards) get the same decision.

Every bot that can be seated is checked (the registry's and the simulation lab's
``heuristic-v1``; the learned bot with a policy of random weights, on the rules the fast
path plays); the search bot must also have played the very same rollouts (its
scores), not only have picked the same action. The test counts what it exercised:
every kind of hidden card really moved, and the search ran in every phase it weighs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from learned_policy import random_policy
from totenblatt.sim.spec import PREVIOUS_HEURISTIC
from totenblatt.sim.spec import bot_names as seatable_bots
from totenblatt.wanted.bots import Bot, HeuristicBot, ISMCTSBot, LearnedBot, RandomBot, ismcts
from totenblatt.wanted.bots.fast_search import FastISMCTSBot, HardBot
from totenblatt.wanted.engine.actions import Action
from totenblatt.wanted.engine.determinize import shuffle_hidden
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.engine.views import View
from totenblatt.wanted.fast import FastUnsupportedError
from totenblatt.wanted.rules import Ruleset

PER_CHARACTER = Ruleset.load("extended").with_options(hand_mode="per_character")

CASES: list[tuple[str, str | Ruleset, int]] = [
    ("duel", "base", 11),
    ("gangs", "base", 12),
    ("three-way", "base", 13),
    ("heroes", "extended", 14),
    ("heroes", PER_CHARACTER, 15),
]
IDS = ["duel", "gangs", "three-way", "heroes-per-player", "heroes-per-character"]


def _learned(seed: int, game: Game) -> Bot | None:
    """A learned bot of random weights for ``game`` (None: rules the fast path does not play)."""
    try:
        return LearnedBot(random_policy(game.scenario, game.ruleset, seed), ruleset=game.ruleset)
    except FastUnsupportedError:
        return None


BOTS: dict[str, Callable[[int, Game], Bot | None]] = {
    "random": lambda seed, _: RandomBot(seed),
    "heuristic": lambda seed, _: HeuristicBot(seed),
    PREVIOUS_HEURISTIC: lambda seed, _: HeuristicBot(seed, aggressive=False),
    "ismcts": lambda seed, _: ISMCTSBot(seed, iterations=12, horizon=12),
    "fast-ismcts": lambda seed, _: FastISMCTSBot(seed, iterations=12, horizon=12),
    "hard": lambda seed, _: HardBot(seed, rollouts=12, cap_ms=None, horizon=12),
    "learned": _learned,
}
PER_PHASE = 2
"""Positions checked per phase (swap, bid, action, defend, fate) and game."""
SEARCHED = ("swap", "bid", "action", "defend")
"""The phases the search weighs; Tempt Fate's keep step it leaves to the heuristic."""


def test_every_seatable_bot_is_checked() -> None:
    assert set(BOTS) == set(seatable_bots())


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


def what_moved(game: Game, twin: Game, seat: int) -> set[str]:
    """Which kinds of hidden card lie elsewhere in the twin."""
    a, b = game.state, twin.state
    own = set(a.holders[seat])
    moved = set()
    if any(a.hands[h] != b.hands[h] for h in range(len(a.hands)) if h not in own):
        moved.add("other hands")
    if a.dead_hand != b.dead_hand:
        moved.add("dead man's hand")
    if a.draw_pile != b.draw_pile:
        moved.add("deck order")
    return moved


@pytest.mark.parametrize(("scenario", "ruleset", "seed"), CASES, ids=IDS)
def test_every_bot_decides_alike_when_only_hidden_cards_differ(
    scenario: str, ruleset: str | Ruleset, seed: int
) -> None:
    rng = random.Random(seed)
    phases: Counter[str] = Counter()
    moved: Counter[str] = Counter()
    searched: Counter[str] = Counter()
    for game in decision_points(scenario, ruleset, seed, every=3):
        seat = game.to_act
        assert seat is not None
        phase = game.phase.value
        if phases[phase] >= PER_PHASE:
            continue
        legal = game.legal_actions()
        if len(legal) < 2:
            continue  # a forced decision shows nothing
        twin = shuffle_hidden(game, seat, rng)
        assert hidden_cards(twin, seat) != hidden_cards(game, seat)
        moved.update(what_moved(game, twin, seat))
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        assert twin.legal_actions() == legal
        bot_seed = seed * 7 + sum(phases.values())
        for name, make in BOTS.items():
            bot, again = make(bot_seed, game), make(bot_seed, twin)
            if bot is None or again is None:
                continue
            first = bot.choose(view, legal)
            second = again.choose(twin_view, twin.legal_actions())
            assert first == second, (name, phase, first, second)
            if isinstance(bot, ISMCTSBot) and isinstance(again, ISMCTSBot):
                # the same worlds and rollouts, not only the same pick
                assert bot.last_scores == again.last_scores, (phase, first)
                searched[phase] += bot.last_iterations > 0
        phases[phase] += 1
    assert all(phases[p] for p in SEARCHED), phases
    assert all(searched[p] for p in SEARCHED), (phases, searched)
    assert moved["other hands"] and moved["deck order"], moved
    assert moved["dead man's hand"], moved  # the swap positions, before anyone takes it


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


def test_the_pairs_catch_a_search_that_deals_its_worlds_from_the_real_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Comparing the search's scores tells a peeking search apart, even when it picks alike."""
    real: list[Game] = []

    class Oracle:
        """A cheating sampler: every world is the real game."""

        def __init__(self, view: View, **_: object) -> None:
            pass

        def sample(self, rng: random.Random) -> Game:
            return real[0].clone()

    monkeypatch.setattr(ismcts, "Determinizer", Oracle)
    rng = random.Random(4)
    checked = differ = 0
    for game in decision_points("gangs", "base", 5, every=3):
        seat = game.to_act
        assert seat is not None
        if len(game.legal_actions()) < 3 or game.phase.value == "fate":
            continue
        twin = shuffle_hidden(game, seat, rng)
        scores = []
        for world in (game, twin):
            real[:] = [world]
            bot = ISMCTSBot(3, iterations=12, horizon=12)
            bot.choose(world.view(seat), world.legal_actions())
            scores.append(bot.last_scores)
        differ += scores[0] != scores[1]
        checked += 1
        if checked >= 6:
            break
    assert checked == 6 and differ > 0
