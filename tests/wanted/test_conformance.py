"""Seeded random games over every built-in scenario, checking the invariants at every step.

At every decision: every card is in exactly one place; HP within [0, max]; figures
that are out never act or are targeted; no view shows another seat's hand, private
events or the dead man's hand. Every game ends; a clone is independent; replaying
the saved game reproduces every event; ``resolve_attack`` recomputes every attack
from its event alone.

The extended rules (B1, B2) run the same invariants: the ``heroes`` scenario and
``gangs`` with random abilities (and sometimes a hero per side), in both hand
modes (D-5); limited abilities are never used more often than a figure has them,
and a living gunslinger's player (per player, without a veteran) is never offered
the swap (D-27).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from attack_again import resolve_again
from totenblatt.cards import full_deck
from totenblatt.wanted.bots import RandomBot
from totenblatt.wanted.engine.actions import Attack, Move, Redraw, Reveal, Swap, TemptFate
from totenblatt.wanted.engine.events import AttackResolved, FigureHandDealt, HandDealt
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.rules import Ruleset
from totenblatt.wanted.vocab import Ability, HeroType

GAMES = {"duel": 750, "three-way": 160, "gangs": 80}
"""Games per scenario (990; 1,118 with the extended ones), in chunks for pytest-xdist: a
quarter of the suite's time on two cores. For a change that must not change play,
``python -m benchmarks.event_digests`` hashes 1,250 games' events before and after."""
CHUNK = {"duel": 75, "three-way": 20, "gangs": 10}
EXTENDED = {"heroes": 32, "abilities": 32}
"""Extended games per kind and hand mode (128 in all)."""
EXTENDED_CHUNK = 8
MODES = ("per_player", "per_character")
MAX_DECISIONS = 3_000
CARD_TEXTS = frozenset(str(c) for c in full_deck(1))
PRIVATE_TYPES = frozenset(
    {"hand_dealt", "swap_received", "card_redrawn", "figure_hand_dealt", "fate_drawn", "fate_kept"}
)
LIMITED = (Ability.COVER_1, Ability.COVER_2, Ability.COVER_3, Ability.TEMPT_FATE)


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
        assert view["hand"] == [str(c) for c in game.state.seat_cards(self.seat)]
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
            if st.per_character:
                assert st.hands[st.index[fig.name]] == []
        for ability in LIMITED:  # once per fight per copy (B1)
            assert fig.spent.count(ability) <= fig.abilities.count(ability), fig
    for seat in range(st.seats):
        if not st.in_game(seat):
            assert st.seat_cards(seat) == [] or st.round == 0
    out = {f.name for f in st.figures if f.out}
    gunslinger_led = not st.per_character and _gunslinger_led(game, game.to_act)
    for action in game.legal_actions():
        names = set()
        if isinstance(action, Attack):
            names = {action.attacker, action.target}
        elif isinstance(action, Move):
            names = {s.figure for s in action.steps}
        elif isinstance(action, Redraw):
            names = {action.payer}
        elif isinstance(action, Reveal | TemptFate):
            names = {action.figure}
        elif isinstance(action, Swap):
            assert not gunslinger_led, action  # D-27
        assert not names & out, action


def _gunslinger_led(game: Game, seat: int | None) -> bool:
    kinds = {f.kind for f in game.state.living(seat)} if seat is not None else set()
    return HeroType.GUNSLINGER in kinds and HeroType.VETERAN not in kinds


def check_attacks(game: Game) -> int:
    """Every attack the engine resolved, recomputed by ``resolve_attack`` from its event."""
    count = 0
    for event in game.events:
        if not isinstance(event, AttackResolved):
            continue
        again = resolve_again(event, game.ruleset)
        assert (
            again.attack_value,
            again.defense_value,
            again.difference,
            again.base_wounds,
            again.extra_wounds,
            again.wounds,
            again.hit,
            again.reason,
        ) == (
            event.attack_value,
            event.defense_value,
            event.difference,
            event.base_wounds,
            event.extra_wounds,
            event.wounds,
            event.hit,
            event.reason,
        ), event
        count += 1
    return count


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


def play(
    scenario: str | Path, seed: int, *, check_moves: bool, ruleset: str | Ruleset = "base"
) -> Game:
    game = new_game(scenario, ruleset, seed=seed)
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
    check_attacks(game)
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


# -- the extended rules (B1, B2, D-5) ---------------------------------------------------------

GANGS = (
    resources.files("totenblatt.wanted.table").joinpath("scenarios/gangs.toml").read_text("utf-8")
)


def random_gangs(folder: Path, seed: int) -> Path:
    """``gangs`` with 0-3 random abilities per figure and, often, one hero per side."""
    rng = random.Random(seed)
    heroes = {seat: rng.choice([None, HeroType.VETERAN, HeroType.GUNSLINGER]) for seat in (0, 1)}
    first: set[int] = set()

    def dress(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        lines = [match.group(0)]
        hero = heroes[seat] if seat not in first else None
        first.add(seat)
        if hero is not None:
            lines.append(f'kind = "{hero.value}"')
        picks = [rng.choice(list(Ability)).value for _ in range(rng.randrange(4))]
        lines.append(f"abilities = {json.dumps(picks)}")
        return "\n".join(lines)

    text = re.sub(r"seat = (\d)\nweapon = \"\w+\"\nposition = \[[^\]]*\]", dress, GANGS)
    path = folder / f"gangs-{seed}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "mode", "first"),
    [
        (kind, mode, start)
        for kind, count in EXTENDED.items()
        for mode in MODES
        for start in range(0, count, EXTENDED_CHUNK)
    ],
)
def test_extended_games_keep_the_invariants(
    kind: str, mode: str, first: int, tmp_path: Path
) -> None:
    rules = Ruleset.load("extended").with_options(hand_mode=mode)
    attacks = dealt = 0
    for seed in range(first, first + EXTENDED_CHUNK):
        scenario = "heroes" if kind == "heroes" else random_gangs(tmp_path, seed)
        game = play(scenario, seed, check_moves=seed == first, ruleset=rules)
        attacks += check_attacks(game)
        dealt += sum(isinstance(e, HandDealt | FigureHandDealt) for e in game.events)
        replay = Game.from_json(game.to_json())
        assert replay.events == game.events
        assert replay.winners == game.winners
    assert attacks > 0 and dealt > 0
