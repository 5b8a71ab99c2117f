"""``totenblatt serve --webhook-allow HOST``: the hosts a seat's webhook may call (issue 42).

None by default; a private, loopback or link-local address only when the operator names that
address itself (docs/web.md, "A game that lasts days").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated

from totenblatt.cli.app import fail
from totenblatt.cli.options import Many, many
from totenblatt.messages import Message
from totenblatt.text.catalog import N_

__all__ = ["WebhookAllow", "webhook_hosts"]

WebhookAllow = Annotated[
    Many,
    many(
        "--webhook-allow",
        N_(
            "A host a seat's webhook may call (a private address only when named itself); "
            "repeat for several. Default: none."
        ),
        "HOST",
    ),
]


def webhook_hosts(values: Sequence[str], check: Callable[[str], str]) -> tuple[str, ...]:
    """The --webhook-allow hosts as ``check`` (the web table's ``allowed_host``) normalises
    them; one it refuses (ValueError) is no host name or address: exit 2."""
    hosts = []
    for value in values:
        try:
            hosts.append(check(value))
        except ValueError:
            fail(
                Message(
                    "--webhook-allow {value}: expected a host name or an IP address "
                    "(hooks.example, 127.0.0.1), without scheme, port or path",
                    value=repr(value),
                )
            )
    return tuple(hosts)
