"""A seat's webhook: "your turn" POSTed to an URL the player gave, safely and in the background.

A webhook is a way into the server's network, so (issue 42):

- only hosts the operator allows (``totenblatt serve --webhook-allow HOST``, none by
  default) are called; an URL for another host is refused when the seat gives it;
- every address the host resolves to is checked at each call: a private, loopback,
  link-local (or otherwise not public) address is refused unless the operator allowed
  that address itself by name (``--webhook-allow 127.0.0.1``, with the address in the
  URL). The call then goes to the checked address (the name stays in ``Host`` and in
  TLS's server name), so a name cannot resolve differently between check and call;
- no redirect is followed; each call is bounded in time (:data:`TIMEOUT_S`) and the
  answer read is bounded in size (:data:`MAX_ANSWER_BYTES`);
- a failing hook is tried :data:`ATTEMPTS` times with a growing pause, then dropped;
  calls wait in a bounded queue worked by a few tasks, so a game never waits for one
  (:meth:`WebhookSender.send` returns at once; a full queue drops the call).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import socket
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

__all__ = [
    "ATTEMPTS",
    "MAX_ANSWER_BYTES",
    "TIMEOUT_S",
    "WebhookError",
    "WebhookPolicy",
    "WebhookSender",
    "allowed_host",
]

log = logging.getLogger(__name__)

TIMEOUT_S = 5.0  # connect, write, read each; a whole call at most twice that
MAX_ANSWER_BYTES = 16 * 1024  # the most of a hook's answer ever read
ATTEMPTS = 3  # tries per call before it is dropped
MAX_URL_CHARS = 2000
QUEUE_SIZE = 1000
WORKERS = 4

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Awaitable[list[str]]]


class WebhookError(ValueError):
    """An URL the server will not call (not allowed, not http(s), or a private address)."""


def _normal_host(host: str) -> str:
    """A host as the allow list compares it: lower case, no trailing dot, IPs canonical."""
    host = host.strip().lower().rstrip(".").removeprefix("[").removesuffix("]")
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        return host


_NAME = re.compile(
    r"(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*"
)


def allowed_host(value: str) -> str:
    """``value`` as ``--webhook-allow`` takes it: a host name or an IP address (normalised);
    :class:`WebhookError` for anything else (an URL, a port, a path, a wildcard)."""
    host = _normal_host(value)
    if _is_address(host) or _NAME.fullmatch(host):
        return host
    raise WebhookError(
        f"--webhook-allow {value!r}: expected a host name or an IP address "
        "(hooks.example, 127.0.0.1), without scheme, port or path"
    )


def _public(address: Address) -> bool:
    """Whether ``address`` is a public unicast address (IPv4 inside IPv6 judged as IPv4)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


async def _system_resolver(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (the system's resolver, off the event loop)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


@dataclass(frozen=True)
class Target:
    """A checked call: the URL to the checked address, the Host header and the TLS name."""

    url: str
    host: str
    sni: str | None


@dataclass(frozen=True)
class WebhookPolicy:
    """The operator's allow list and how names resolve (injected in tests)."""

    allow: frozenset[str] = frozenset()
    resolver: Resolver = _system_resolver

    @classmethod
    def of(cls, hosts: Iterable[str], resolver: Resolver | None = None) -> WebhookPolicy:
        """The policy allowing ``hosts`` (names or addresses, as ``--webhook-allow`` gives)."""
        allow = frozenset(_normal_host(h) for h in hosts if h.strip())
        return cls(allow, resolver or _system_resolver)

    def check_url(self, url: str) -> str:
        """``url`` if a seat may give it (http(s), no user or password, an allowed host)."""
        if not isinstance(url, str) or not url or len(url) > MAX_URL_CHARS:
            raise WebhookError(f"a webhook is an http(s) URL of at most {MAX_URL_CHARS} characters")
        try:
            parts = urlsplit(url)
            parts.port  # noqa: B018 (reading it checks it)
        except ValueError as err:
            raise WebhookError(f"the webhook URL is not readable: {err}") from err
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise WebhookError("a webhook URL starts with http:// or https:// and names a host")
        if parts.username is not None or parts.password is not None:
            raise WebhookError("a webhook URL may not carry a user or password")
        host = _normal_host(parts.hostname)
        if host not in self.allow:
            allowed = ", ".join(sorted(self.allow)) or "none"
            raise WebhookError(f"the server does not call {host!r} (allowed: {allowed})")
        return url

    async def target(self, url: str) -> Target:
        """The call for ``url`` pinned to an address checked now (or a WebhookError)."""
        self.check_url(url)
        parts = urlsplit(url)
        name = parts.hostname or ""
        host = _normal_host(name)
        port = parts.port or (443 if parts.scheme == "https" else 80)
        try:
            addresses = await self.resolver(host, port)
            found = [ipaddress.ip_address(a.split("%", 1)[0]) for a in addresses]
        except (OSError, ValueError) as err:
            raise WebhookError(f"cannot resolve the webhook's host {host!r}: {err}") from err
        if not found:
            raise WebhookError(f"the webhook's host {host!r} has no address")
        by_name = host in self.allow and _is_address(host)
        bad = [a for a in found if not _public(a) and not (by_name and str(a) == host)]
        if bad:
            raise WebhookError(
                f"the webhook's host {host!r} resolves to a not public address {bad[0]} "
                "(allow the address itself to call it)"
            )
        address = found[0]
        shown = f"[{address}]" if address.version == 6 else str(address)
        netloc = f"{shown}:{parts.port}" if parts.port else shown
        pinned = urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, ""))
        host_header = parts.netloc.rsplit("@", 1)[-1]
        return Target(pinned, host_header, name if parts.scheme == "https" else None)


def _is_address(host: str) -> bool:
    """Whether ``host`` is an IP address rather than a name."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


@dataclass
class WebhookSender:
    """Calls hooks from a bounded queue with a few tasks; :meth:`send` never waits."""

    policy: WebhookPolicy
    pause_s: float = 1.0  # the pause before the 2nd try; doubled before each further one
    timeout_s: float = TIMEOUT_S
    transport: httpx.AsyncBaseTransport | None = None
    delivered: int = 0
    dropped: int = 0
    _queue: asyncio.Queue[tuple[str, dict[str, Any]]] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_SIZE)
    )
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _client: httpx.AsyncClient | None = None

    async def start(self) -> None:
        """Open the client and start the workers (inside the running loop)."""
        if self._tasks:
            return
        timeout = httpx.Timeout(self.timeout_s)
        self._client = httpx.AsyncClient(
            follow_redirects=False, timeout=timeout, transport=self.transport, trust_env=False
        )
        self._tasks = [asyncio.create_task(self._work()) for _ in range(WORKERS)]

    async def close(self) -> None:
        """Stop the workers (calls still queued are dropped) and close the client."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def send(self, url: str, payload: dict[str, Any]) -> bool:
        """Queue one call; False (and dropped) when the queue is full."""
        try:
            self._queue.put_nowait((url, payload))
        except asyncio.QueueFull:
            self.dropped += 1
            log.warning("webhook queue full: a call to %s dropped", urlsplit(url).hostname)
            return False
        return True

    async def drain(self) -> None:
        """Wait until every queued call was delivered or dropped (for tests and shutdown)."""
        await self._queue.join()

    async def _work(self) -> None:
        """One worker: take calls from the queue and deliver them."""
        while True:
            url, payload = await self._queue.get()
            try:
                if await self.deliver(url, payload):
                    self.delivered += 1
                else:
                    self.dropped += 1
            except Exception:  # a worker never dies of one hook
                self.dropped += 1
                log.exception("webhook call failed unexpectedly")
            finally:
                self._queue.task_done()

    async def deliver(self, url: str, payload: dict[str, Any]) -> bool:
        """Call ``url`` up to :data:`ATTEMPTS` times; True once it answered 2xx."""
        pause = self.pause_s
        for attempt in range(1, ATTEMPTS + 1):
            try:
                status = await asyncio.wait_for(self._post(url, payload), 2 * self.timeout_s)
            except WebhookError as err:
                log.warning("webhook refused: %s", err)
                return False  # the address is not callable; trying again changes nothing
            except (httpx.HTTPError, TimeoutError, OSError) as err:
                status, reason = 0, type(err).__name__
            else:
                if 200 <= status < 300:
                    return True
                reason = f"HTTP {status}"
            where = urlsplit(url).hostname
            log.info("webhook to %s failed (%s), try %d of %d", where, reason, attempt, ATTEMPTS)
            if attempt < ATTEMPTS:
                await asyncio.sleep(pause)
                pause *= 2
        return False

    async def _post(self, url: str, payload: dict[str, Any]) -> int:
        """One call to the checked address; reads at most :data:`MAX_ANSWER_BYTES` back."""
        if self._client is None:
            raise RuntimeError("WebhookSender.start() was not awaited")
        target = await self.policy.target(url)
        extensions = {"sni_hostname": target.sni} if target.sni else None
        request = self._client.build_request(
            "POST", target.url, json=payload, headers={"Host": target.host}, extensions=extensions
        )
        response = await self._client.send(request, stream=True)
        try:
            read = 0
            async for chunk in response.aiter_raw():
                read += len(chunk)
                if read >= MAX_ANSWER_BYTES:
                    break
        finally:
            await response.aclose()
        return response.status_code
