"""How the server runs: :class:`ServerSettings`, read by the application and its features."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from totenblatt.web.shell.limits import Limits

__all__ = ["ServerSettings"]


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """How the server runs: database, bot delay, default language, limits."""

    db_url: str | None = None
    bot_delay: float = 0.8
    lang: str = "en"
    seeds: Callable[[], int] | None = None
    """Where new games' seeds come from: 64 bits from :mod:`secrets` unless a test fixes them."""
    bot_processes: int | None = None
    """Worker processes for search bots and bot-only games (None: one per core but one)."""
    bot_think: float = 1.5
    """Seconds a bot of a worker process (the hard bot) may think for a decision at most."""
    limits: Limits = field(default_factory=Limits)
    """Budgets per client, games at most, when idle games end
    (:mod:`~totenblatt.web.shell.limits`)."""
    trusted_proxies: tuple[str, ...] = ()
    """Reverse proxies (addresses, networks) whose ``X-Forwarded-*`` headers are believed."""
    allow_origins: tuple[str, ...] = ()
    """Other pages' origins (``https://host``) whose scripts may open the WebSocket."""
    header_timeout: float = 10.0
    """Seconds a request's line and headers may take to arrive
    (:mod:`~totenblatt.web.shell.server`)."""
    body_timeout: float = 30.0
    """Seconds a request's body may take to arrive after its headers."""
    learned: str | None = None
    """The policy file of the lobby's learned bot (``python -m totenblatt.env.train``; None:
    the lobby offers none)."""
    operator_token: str | None = None
    """The operator's token (:mod:`~totenblatt.web.shell.operator`); None: a random one is made
    when the application is created (only its hash is kept, in ``app.state.operator_hash``)."""
    private: bool = False
    """Only the operator may create stories and campaigns (``--private``); else anybody."""
    scenario_dir: str | None = None
    """The server's scenario folder (``--scenario-dir``): its ``NAME.toml`` files are found
    by name like the built-ins, and the editor saves there (:mod:`~totenblatt.web.editor`);
    None: no folder."""
    webhook_allow: tuple[str, ...] = ()
    """Hosts a seat's webhook may call (``--webhook-allow``; none: no webhooks)."""
