"""The clock of a game that lasts days (web/table/clock.py): time is a value passed in."""

from __future__ import annotations

import json
import math

import pytest

from totenblatt.web.table.clock import Clock, ClockError, ClockRule

H = 3600.0
T0 = 1_800_000_000.0  # a moment in 2027, seconds since the epoch


def test_rule_from_body_per_decision_and_bank() -> None:
    assert ClockRule.from_body({"per_decision_hours": 24}) == ClockRule(per_decision_s=24 * H)
    bank = ClockRule.from_body({"bank_hours": 72, "increment_hours": 12.5})
    assert bank == ClockRule(bank_s=72 * H, increment_s=12.5 * H)
    assert ClockRule.from_body(bank.to_json()) == bank
    assert ClockRule.from_body({"bank_hours": 1, "increment_hours": 0}).increment_s == 0


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ([], "must be an object"),
        ({}, "either per_decision_hours or both"),
        ({"per_decision_hours": 1, "bank_hours": 2}, "either per_decision_hours"),
        ({"bank_hours": 2}, "both bank_hours and increment_hours"),
        ({"per_decision_hours": "24"}, "must be a number of hours"),
        ({"per_decision_hours": True}, "must be a number of hours"),
        ({"per_decision_hours": 0}, "between"),
        ({"per_decision_hours": math.nan}, "between"),
        ({"per_decision_hours": 10_000}, "between"),
        ({"bank_hours": 5, "increment_hours": -1}, "increment_hours must be between 0"),
    ],
)
def test_rule_refuses_what_is_not_a_clock(body: object, words: str) -> None:
    with pytest.raises(ClockError, match=words):
        ClockRule.from_body(body)


def test_per_decision_clock_runs_for_the_seat_to_act_and_starts_afresh() -> None:
    clock = Clock.new(ClockRule(per_decision_s=24 * H), 2)
    assert clock.view(T0) == {"remaining_s": [24 * H, 24 * H], "running": None}
    clock.start(0, T0)
    assert clock.remaining(T0 + 5 * H) == [19 * H, 24 * H]
    clock.start(0, T0 + 5 * H)  # the same decision goes on: nothing changes
    assert clock.remaining(T0 + 6 * H) == [18 * H, 24 * H]
    clock.start(1, T0 + 6 * H)  # seat 0 decided; seat 1's decision begins
    assert clock.view(T0 + 16 * H) == {"remaining_s": [18 * H, 14 * H], "running": 1}
    clock.start(0, T0 + 16 * H)  # seat 0's next decision has the full day again
    assert clock.remaining(T0 + 16 * H) == [24 * H, 14 * H]


def test_fischer_bank_spends_and_adds_the_increment() -> None:
    clock = Clock.new(ClockRule(bank_s=10 * H, increment_s=2 * H), 2)
    clock.start(0, T0)
    clock.start(1, T0 + 3 * H)  # seat 0 spent 3 h, got 2 h back
    assert clock.remaining(T0 + 3 * H) == [9 * H, 10 * H]
    clock.stop(T0 + 4 * H)
    assert clock.view(T0 + 100 * H) == {"remaining_s": [9 * H, 11 * H], "running": None}


def test_flag_falls_for_the_running_seat_only() -> None:
    clock = Clock.new(ClockRule(bank_s=2 * H, increment_s=H), 3)
    assert clock.flagged(T0) is None and clock.due(T0) is None
    clock.start(2, T0)
    assert clock.due(T0 + H) == H
    assert clock.flagged(T0 + 2 * H - 1) is None
    assert clock.flagged(T0 + 2 * H) == 2
    assert clock.remaining(T0 + 50 * H) == [2 * H, 2 * H, 0.0]
    clock.stop(T0 + 50 * H)  # a fallen flag earns no increment
    assert clock.left == [2 * H, 2 * H, 0.0] and clock.flagged(T0 + 60 * H) is None


def test_time_going_back_spends_nothing() -> None:
    clock = Clock.new(ClockRule(per_decision_s=H), 1)
    clock.start(0, T0)
    assert clock.remaining(T0 - 100) == [H]


def test_stored_clock_reads_back_the_same_after_a_restart() -> None:
    clock = Clock.new(ClockRule(bank_s=48 * H, increment_s=H), 2)
    clock.start(1, T0)
    stored = json.dumps(clock.to_json())
    again = Clock.from_json(json.loads(stored))
    assert again == clock
    assert again.remaining(T0 + 7 * H) == clock.remaining(T0 + 7 * H) == [48 * H, 41 * H]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"rule": {"per_decision_hours": 1}, "left": "x", "running": None, "since": None},
        {"rule": {"per_decision_hours": 1}, "left": [1.0], "running": 3, "since": 0.0},
        {"rule": {"per_decision_hours": 0}, "left": [1.0], "running": None, "since": None},
    ],
)
def test_broken_stored_clock_is_a_clock_error(data: dict[str, object]) -> None:
    with pytest.raises(ClockError):
        Clock.from_json(data)


def test_seats_are_checked() -> None:
    with pytest.raises(ClockError, match="at least one seat"):
        Clock.new(ClockRule(per_decision_s=H), 0)
    with pytest.raises(ClockError, match="no seat 2"):
        Clock.new(ClockRule(per_decision_s=H), 2).start(2, T0)
