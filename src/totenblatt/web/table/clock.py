"""The clock of a game that lasts days: per decision, or a Fischer bank, per seat.

A pure model with the time injected (seconds since the epoch, so that a stored clock
still means the same after a restart). Two kinds (:class:`ClockRule`):

- **per decision**: each decision a seat has to make gets the same time afresh;
- **Fischer bank**: each seat starts with a bank; its own decisions spend from it, and
  every finished decision adds the increment.

Only one seat's clock runs at a time (the seat to act). When a running clock reaches
zero the seat's flag falls (:meth:`Clock.flagged`); the table then lets that seat
concede (the rule written in docs/web.md and shown in the lobby). The clock never
decides anything itself; it only tells how much time is left.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_HOURS", "Clock", "ClockError", "ClockRule", "with_clock"]

MAX_HOURS = 24.0 * 30  # a month per decision or per bank is the most a clock may give
_MIN_HOURS = 1.0 / 60  # a minute: less is no game that lasts days


class ClockError(ValueError):
    """A clock in a game's creation body that is not one of the two kinds."""


def _hours(body: Mapping[str, Any], key: str, low: float) -> float:
    """``body[key]`` as hours between ``low`` and :data:`MAX_HOURS` (or a ClockError)."""
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ClockError(f"clock.{key} must be a number of hours, got {value!r}")
    hours = float(value)
    if not low <= hours <= MAX_HOURS:  # also refuses NaN
        raise ClockError(
            f"clock.{key} must be between {low:g} and {MAX_HOURS:g} hours, got {value!r}"
        )
    return hours


@dataclass(frozen=True)
class ClockRule:
    """How much time a seat gets: ``per_decision_s`` or a bank with its increment."""

    per_decision_s: float | None = None
    bank_s: float = 0.0
    increment_s: float = 0.0

    @classmethod
    def from_body(cls, body: object) -> ClockRule:
        """Read ``{"per_decision_hours": h}`` or ``{"bank_hours": h, "increment_hours": h}``."""
        if not isinstance(body, Mapping):
            raise ClockError(
                "clock must be an object: {per_decision_hours} or {bank_hours, increment_hours}"
            )
        keys = set(body)
        if keys == {"per_decision_hours"}:
            return cls(per_decision_s=_hours(body, "per_decision_hours", _MIN_HOURS) * 3600)
        if keys == {"bank_hours", "increment_hours"}:
            bank = _hours(body, "bank_hours", _MIN_HOURS)
            return cls(bank_s=bank * 3600, increment_s=_hours(body, "increment_hours", 0.0) * 3600)
        raise ClockError(
            "clock takes either per_decision_hours or both bank_hours and increment_hours, "
            f"got {sorted(str(k) for k in keys)}"
        )

    @property
    def start_s(self) -> float:
        """Each seat's time at the start (and per decision, at each decision's start)."""
        return self.per_decision_s if self.per_decision_s is not None else self.bank_s

    def to_json(self) -> dict[str, float]:
        """The creation body's form (hours), as :meth:`from_body` reads it."""
        if self.per_decision_s is not None:
            return {"per_decision_hours": self.per_decision_s / 3600}
        return {"bank_hours": self.bank_s / 3600, "increment_hours": self.increment_s / 3600}


@dataclass
class Clock:
    """Every seat's time left, and whose clock runs since when (seconds since the epoch)."""

    rule: ClockRule
    left: list[float]
    running: int | None = None
    since: float | None = None

    @classmethod
    def new(cls, rule: ClockRule, seats: int) -> Clock:
        """A stopped clock giving every one of ``seats`` seats the rule's starting time."""
        if seats < 1:
            raise ClockError(f"a clock needs at least one seat, got {seats}")
        return cls(rule, [rule.start_s] * seats)

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.left):
            raise ClockError(f"no seat {seat} on a clock of {len(self.left)} seats")

    def remaining(self, now: float) -> list[float]:
        """Every seat's seconds left at ``now`` (never below zero)."""
        left = list(self.left)
        if self.running is not None and self.since is not None:
            left[self.running] = max(0.0, left[self.running] - max(0.0, now - self.since))
        return left

    def start(self, seat: int, now: float) -> None:
        """``seat`` has a decision to make from ``now``: stop whoever ran, run its clock.

        Starting the seat already running changes nothing (the same decision goes on)."""
        self._check_seat(seat)
        if self.running == seat:
            return
        self.stop(now)
        if self.rule.per_decision_s is not None:
            self.left[seat] = self.rule.per_decision_s
        self.running, self.since = seat, now

    def stop(self, now: float) -> None:
        """The running seat decided at ``now``: spend its time, add the increment."""
        if self.running is None:
            return
        seat = self.running
        self.left = self.remaining(now)
        if self.left[seat] > 0 and self.rule.per_decision_s is None:
            self.left[seat] = min(self.left[seat] + self.rule.increment_s, MAX_HOURS * 3600)
        self.running = self.since = None

    def flagged(self, now: float) -> int | None:
        """The running seat if its time is up at ``now``, else None."""
        if self.running is None:
            return None
        return self.running if self.remaining(now)[self.running] <= 0 else None

    def due(self, now: float) -> float | None:
        """Seconds from ``now`` until the running seat's flag falls (None when stopped)."""
        if self.running is None:
            return None
        return self.remaining(now)[self.running]

    def view(self, now: float) -> dict[str, Any]:
        """What every view carries: ``{"remaining_s": [...], "running": seat | None}``."""
        return {"remaining_s": [round(s, 1) for s in self.remaining(now)], "running": self.running}

    def to_json(self) -> dict[str, Any]:
        """The stored form (the rule, time left, who runs since when)."""
        return {
            "rule": self.rule.to_json(),
            "left": list(self.left),
            "running": self.running,
            "since": self.since,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        """The clock :meth:`to_json` stored."""
        try:
            rule = ClockRule.from_body(data["rule"])
            left = [float(s) for s in data["left"]]
            running = None if data["running"] is None else int(data["running"])
            since = None if data["since"] is None else float(data["since"])
        except (KeyError, TypeError, ValueError) as err:
            raise ClockError(f"a stored clock is not readable: {err}") from err
        clock = cls(rule, left, running, since)
        if running is not None:
            clock._check_seat(running)
        return clock


def with_clock(payload: str, clock: Clock | None, now: float | None = None) -> str:
    """A payload's JSON text with ``"clock"`` first (``{"remaining_s", "running"}``, as of
    ``now``); unchanged for a game without a clock."""
    if clock is None:
        return payload
    head = json.dumps(clock.view(time.time() if now is None else now), separators=(",", ":"))
    return '{"clock":' + head + ("," + payload[1:] if payload != "{}" else "}")
