"""Who is asking, and from which page: the client behind trusted proxies, the origin check.

Only a proxy named with ``--trusted-proxy`` is believed when it forwards a client's
address (``X-Forwarded-For``: the rightmost hop that is not itself a trusted proxy),
scheme (``X-Forwarded-Proto``) and host (``X-Forwarded-Host``); any other peer is the
client itself, loopback addresses included, whatever headers it sends.

>>> proxies = Proxies.parse(["127.0.0.1"])
>>> proxies.client("127.0.0.1", "203.0.113.9, 198.51.100.7")
'198.51.100.7'
>>> proxies.client("127.0.0.2", "198.51.100.7")  # not a trusted proxy: its own address
'127.0.0.2'
>>> same_origin("https://table.example", "wss", "table.example:443")
True
>>> same_origin("https://evil.example", "wss", "table.example")
False
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["OriginError", "Proxies", "normalise_origin", "same_host", "same_origin"]

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network
_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?$")
"""A host as the Host header names it: a name or IPv4 address, or [IPv6], and a port."""
_DEFAULT_PORTS = {"http": 80, "https": 443}
_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


class OriginError(ValueError):
    """A ``--trusted-proxy`` or ``--allow-origin`` value that is not what is expected."""


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address of a forwarded hop (``1.2.3.4``, ``1.2.3.4:5``, ``[::1]:5``), or None."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:].partition("]")[0]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Proxies:
    """The reverse proxies whose forwarded headers are believed (none by default)."""

    networks: tuple[_Network, ...] = ()

    @classmethod
    def parse(cls, values: Iterable[str]) -> Proxies:
        """From ``--trusted-proxy`` values: addresses or networks (``10.0.0.0/8``)."""
        networks = []
        for value in values:
            try:
                networks.append(ipaddress.ip_network(value.strip(), strict=False))
            except ValueError:
                raise OriginError(
                    f"--trusted-proxy {value!r}: expected an IP address or network "
                    "(127.0.0.1, ::1, 10.0.0.0/8)"
                ) from None
        return cls(tuple(networks))

    def trusts(self, address: str) -> bool:
        """Whether ``address`` is one of the trusted proxies."""
        ip = _address(address)
        if ip is None:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in network for network in self.networks)

    def client(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: the peer's, or behind a trusted peer the forwarded one."""
        if not forwarded_for or not self.trusts(peer):
            return peer
        hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
        for hop in reversed(hops):
            if not self.trusts(hop):
                ip = _address(hop)
                return str(ip) if ip is not None else hop[:100]
        return peer if not hops else str(_address(hops[0]) or peer)

    def forwarded(
        self, peer: str, headers: Sequence[tuple[bytes, bytes]]
    ) -> tuple[str, str | None, str | None]:
        """The client address, scheme and host a trusted ``peer`` forwards (scheme and host
        None when not forwarded or not trusted)."""
        found: dict[bytes, list[str]] = {}
        for name, value in headers:
            if name in (b"x-forwarded-for", b"x-forwarded-proto", b"x-forwarded-host"):
                found.setdefault(name, []).append(value.decode("latin-1"))
        if not found or not self.trusts(peer):
            return peer, None, None
        client = self.client(peer, ",".join(found.get(b"x-forwarded-for", [])))
        proto = _last(found.get(b"x-forwarded-proto"))
        host = _last(found.get(b"x-forwarded-host"))
        scheme = proto.lower() if proto and proto.lower() in ("http", "https") else None
        return client, scheme, host if host and _HOST.match(host) else None


def _last(values: list[str] | None) -> str | None:
    """The value the nearest proxy set: the last of a comma-separated list."""
    if not values:
        return None
    return ",".join(values).split(",")[-1].strip() or None


def _origin(scheme: str, host: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` with the default port filled in, or None when unreadable."""
    try:
        parts = urlsplit(f"{scheme}://{host}")
        port = parts.port
    except ValueError:
        return None
    if parts.hostname is None or scheme not in _DEFAULT_PORTS:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else _DEFAULT_PORTS[scheme]


def normalise_origin(value: str) -> tuple[str, str, int]:
    """An ``--allow-origin`` value (``https://host[:port]``) as it is compared."""
    scheme, sep, rest = value.strip().rstrip("/").partition("://")
    found = _origin(scheme.lower(), rest) if sep and "/" not in rest else None
    if found is None:
        raise OriginError(
            f"--allow-origin {value!r}: expected a page's origin such as "
            "https://table.example or http://192.168.1.5:8000"
        )
    return found


def same_origin(
    origin: str, scheme: str, host: str, allowed: Iterable[tuple[str, str, int]] = ()
) -> bool:
    """Whether a WebSocket's ``Origin`` is the page's own (``scheme``, ``host`` of the
    request) or one of ``allowed``."""
    try:
        given = normalise_origin(origin)
    except OriginError:
        return False
    own = _origin(_SCHEMES.get(scheme, scheme), host)
    return given == own or given in set(allowed)


def same_host(origin: str, host: str) -> bool:
    """Whether ``origin`` names the host of the ``Host`` header, whatever scheme and port
    (a refused origin on the same host hints at a proxy that is not trusted)."""
    own = _origin("http", host)
    try:
        given = normalise_origin(origin)
    except OriginError:
        return False
    return own is not None and given[1] == own[1]
