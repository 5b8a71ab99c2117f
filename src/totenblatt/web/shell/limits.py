"""What one client may ask of the server: budgets of game creations and of actions.

A client is its address (behind a trusted proxy the forwarded one, see
:mod:`~totenblatt.web.shell.proxies`); IPv6 addresses count by their /64 network, since one
machine commonly holds a whole /64. Each budget is a token bucket: a client may spend
``per_window`` at once, and the budget refills at that many per window, evenly. A
refused request is answered 429 with ``Retry-After`` (:class:`TooManyRequestsError`).

>>> budget = Budget("game creations", per_window=2, window=60.0)
>>> budget.take("10.0.0.1", now=0.0), budget.take("10.0.0.1", now=0.0)
(0.0, 0.0)
>>> budget.take("10.0.0.1", now=0.0)  # empty: the next one in 30 s
30.0
>>> budget.take("10.0.0.2", now=0.0)  # another client has its own budget
0.0
>>> client_key("2001:db8::1") == client_key("2001:db8::ffff:1")
True
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from totenblatt.web.shell.errors import TooManyRequestsError

__all__ = ["Budget", "Limits", "TooManyRequestsError", "client_key"]

SHARE = 0.05
"""The part of ``--max-games`` one client may hold by default (:attr:`Limits.share`)."""
MIN_SHARE = 20
"""Games one client may hold at least, whatever ``--max-games``."""

MAX_CLIENTS = 100_000
"""Clients a budget remembers at most (a full bucket is forgotten first: it is the default)."""


def client_key(address: str) -> str:
    """The key a client's budget is kept under: its address, an IPv6 address's /64."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # not an address (a test client, a Unix socket): its own key
        return address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class Budget:
    """A token bucket per client: ``per_window`` requests at once, refilled over ``window`` s."""

    what: str
    """What is counted, for the refusal (``game creations``, ``actions``)."""
    per_window: int
    window: float
    clock: Callable[[], float] = time.monotonic
    whose: str = "your address"
    """Whose budget it is, for the refusal (a chat line's: ``your seat``)."""
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict, repr=False)

    @property
    def rate(self) -> float:
        """Tokens a client regains per second."""
        return self.per_window / self.window

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one of ``key``'s budget: 0.0 when granted, else the seconds until it refills."""
        now = self.clock() if now is None else now
        tokens, then = self._buckets.get(key, (float(self.per_window), now))
        tokens = min(float(self.per_window), tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        if key not in self._buckets and len(self._buckets) >= MAX_CLIENTS:
            self._forget(now)
        self._buckets[key] = (tokens - 1.0, now)
        return 0.0

    def check(self, key: str) -> None:
        """Spend one of ``key``'s budget or raise :class:`TooManyRequestsError` (429)."""
        wait = self.take(key)
        if wait > 0.0:
            seconds = max(1, math.ceil(wait))
            raise TooManyRequestsError(
                f"too many {self.what} from {self.whose}: at most {self.per_window} "
                f"per {_window(self.window)}; try again in {seconds} s",
                retry_after=seconds,
            )

    def _forget(self, now: float) -> None:
        """Drop the clients whose budget is full again; if that is not enough, the oldest half."""
        full = [
            k
            for k, (tokens, then) in self._buckets.items()
            if tokens + (now - then) * self.rate >= self.per_window
        ]
        for key in full:
            del self._buckets[key]
        if len(self._buckets) >= MAX_CLIENTS:
            for key in list(self._buckets)[: MAX_CLIENTS // 2]:
                del self._buckets[key]


def _window(seconds: float) -> str:
    if seconds == 3600.0:
        return "hour"
    if seconds == 60.0:
        return "minute"
    return f"{seconds:g} s"


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (``totenblatt serve`` flags; docs/web.md explains each)."""

    games_per_hour: int = 20
    """Games one client may create per hour (all at once, then one every 3 minutes)."""
    actions_per_minute: int = 600
    """Actions and previews one client may send per minute (HTTP and WebSocket together)."""
    max_playing: int = 1000
    """Unfinished games with a person who connected; beyond it new games are refused (503)."""
    bot_games_per_client: int = 3
    """Unfinished bot-only games (no human seat) one client may have."""
    bot_games: int = 24
    """Unfinished bot-only games on the server."""
    idle_hours: float = 24.0
    """Hours without an action or a join after which an unfinished game ends as abandoned."""
    games_per_client: int | None = None
    """Unfinished games with a human seat one client may hold (None: :attr:`share`)."""

    @property
    def share(self) -> int:
        """Unfinished games with a human seat one client may hold, so that no address fills
        :attr:`max_playing` for everyone: :attr:`games_per_client`, else 5 % of
        :attr:`max_playing` and at least :data:`MIN_SHARE`.

        >>> Limits().share, Limits(max_playing=60).share, Limits(games_per_client=3).share
        (50, 20, 3)
        """
        if self.games_per_client is not None:
            return self.games_per_client
        return max(MIN_SHARE, math.ceil(self.max_playing * SHARE))

    def budgets(self) -> tuple[Budget, Budget]:
        """Fresh budgets of game creations and of actions."""
        return (
            Budget("game creations", self.games_per_hour, 3600.0),
            Budget("actions", self.actions_per_minute, 60.0),
        )
