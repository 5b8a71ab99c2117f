"""The door's answers for a game night: takebacks, the measuring tape, the public replay."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from totenblatt.wanted.ask import (
    TapeError,
    public_record,
    read_public_record,
    retractable,
    sight,
    tape,
)
from totenblatt.wanted.bots import HeuristicBot
from totenblatt.wanted.engine import Attack, Move, Pass, Redraw, SaveError, Swap, new_game
from totenblatt.wanted.vocab import CoverLevel


def kinds_and_verdicts(seed: int) -> Counter[tuple[str, bool]]:
    """Every decision of a heuristic duel: its kind and whether it may be taken back."""
    game = new_game("duel", seed=seed)
    bots = [HeuristicBot(seed), HeuristicBot(seed + 1)]
    seen: Counter[tuple[str, bool]] = Counter()
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].choose(game.view(seat), game.legal_actions())
        events = game.apply(action)
        seen[(type(action).__name__, retractable(events))] += 1
        if retractable(events):  # it took back, the game is exactly as before: same hidden cards
            assert not any(e.PRIVATE for e in events)
    return seen


def test_moves_bids_and_passes_may_be_taken_back_attacks_redraws_and_swaps_not() -> None:
    seen: Counter[tuple[str, bool]] = Counter()
    for seed in range(6):
        seen += kinds_and_verdicts(seed)
    assert seen[("Move", True)] > 0 and seen[("Pass", True)] > 0 and seen[("Bid", True)] > 0
    for kind in (Attack, Redraw, Swap):
        assert seen[(kind.__name__, True)] == 0
    assert seen[("Attack", False)] > 0
    assert seen[("Pass", False)] > 0  # a pass that ended the round: the next deal was drawn
    assert retractable([]) is False
    assert Move and Pass  # the kinds named above are the engine's own


def test_the_tape_between_figures_is_the_engines_sight() -> None:
    game = new_game("gangs", seed=2)
    figures = game.state.figures
    a, b = figures[0], figures[-1]
    found = tape(game, a.name, b.name)
    seen = sight(game.state, a, b)
    assert (found.distance, found.line_of_fire, found.cover) == (
        seen.distance,
        seen.line_of_fire,
        seen.cover,
    )
    assert [w.weapon for w in found.bands] == list(game.ruleset.weapons)
    assert {w.band for w in found.bands} == {seen.band}
    b.hidden = True
    assert tape(game, a.name, b.name).cover is CoverLevel.HARD


@pytest.mark.parametrize(
    ("start", "end", "says"),
    [
        ("Nobody", (1.0, 1.0), "no figure named 'Nobody' at the near end"),
        ((1.0, 1.0), (-1.0, 1.0), "the far end (-1.0, 1.0) is not on the table"),
        ((float("nan"), 1.0), (1.0, 1.0), "the near end (nan, 1.0) is not on the table"),
    ],
)
def test_a_tape_off_the_table_or_to_nobody_is_refused(
    start: object, end: object, says: str
) -> None:
    with pytest.raises(TapeError, match=r"^" + says.replace("(", r"\(").replace(")", r"\)")):
        tape(new_game("duel", seed=1), start, end)  # type: ignore[arg-type]


def test_the_public_record_holds_the_public_events_only_and_reads_back() -> None:
    game = new_game("duel", seed=987_654_321_123)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    marks = [{"seat": 0, "outcome": "refused", "answered_by": [1], "events": 7, "undone": []}]
    data = public_record(game, labels=["A", "B"], name="N", players=["Ann", None], takebacks=marks)
    text = json.dumps(data)
    assert str(game.setup.seed) not in text and "deck_order" not in data and "seed" not in text
    public = game.view(None)["events"]
    assert data["events"] == public
    record = read_public_record(text)
    assert record.players == ("Ann", None) and record.is_over and record.winners == game.winners
    told = record.event_dicts()
    assert [e for e in told if e["type"] != "takeback"] == public
    place = next(i for i, e in enumerate(told) if e["type"] == "takeback")
    hidden_before = sum(1 for e in game.events[:7] if e.PRIVATE)
    assert place == 7 - hidden_before  # where it happened, among the public events


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[]", "not a public replay: expected format 'totenblatt-public-replay'"),
        ('{"format": "totenblatt-public-replay", "version": 2}', "version 2 is not read"),
        ('{"format": "totenblatt-public-replay", "version": 1, "seed": 1}', "it holds 'seed'"),
        ("{", "not a public replay: "),
    ],
)
def test_a_bad_public_record_is_refused_saying_why(text: str, says: str) -> None:
    with pytest.raises(SaveError, match=says.replace("(", r"\(")):
        read_public_record(text)


def test_a_table_not_as_built_in_is_not_written_as_a_public_replay() -> None:
    import dataclasses

    from totenblatt.wanted.table.scenario import load_scenario

    duel = load_scenario("duel")
    changed = dataclasses.replace(duel, round_limit=3)  # e.g. a campaign fight's own table
    game = new_game(changed, seed=1)
    assert game.setup.scenario_ref == "duel"  # named like the built-in one, yet not it
    with pytest.raises(SaveError, match="cannot be written as a public replay"):
        public_record(game, labels=["A", "B"])
