"""A seat's webhook (web/table/webhooks.py): the allow list, addresses, and real calls to a
receiver on 127.0.0.1 (allowed by its address), retries and bounds."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from totenblatt.web.table.webhooks import (
    ATTEMPTS,
    WebhookError,
    WebhookPolicy,
    WebhookSender,
    allowed_host,
)

PAYLOAD = {"game_id": "g1", "seat": 1, "event": "your_turn", "url": "http://x/game/g1"}


def names(table: dict[str, list[str]]) -> Any:
    """A resolver answering from ``table`` (no DNS in tests)."""

    async def resolve(host: str, port: int) -> list[str]:
        if host not in table:
            raise OSError(f"unknown host {host}")
        return table[host]

    return resolve


class Receiver:
    """A tiny HTTP server on 127.0.0.1: what it received, per path."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any], str]] = []
        self.release = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                size = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(size))
                receiver.calls.append((self.path, body, self.headers.get("Host", "")))
                if self.path == "/slow":
                    receiver.release.wait(10)
                status = {"/fail": 500, "/redirect": 302}.get(self.path, 200)
                self.send_response(status)
                if status == 302:
                    self.send_header("Location", "/ok")
                answer = b"x" * (4 << 20) if self.path == "/big" else b"thanks"
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                with contextlib.suppress(OSError):  # the sender stopped reading: as it should
                    self.wfile.write(answer)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def paths(self) -> list[str]:
        return [path for path, _, _ in self.calls]

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


def run_sender(policy: WebhookPolicy, calls: list[str], **options: Any) -> WebhookSender:
    """Queue ``calls`` (URLs) on a started sender, wait until all are done, close it."""

    async def go() -> WebhookSender:
        sender = WebhookSender(policy, pause_s=0.0, **options)
        await sender.start()
        for url in calls:
            assert sender.send(url, PAYLOAD)
        await sender.drain()
        await sender.close()
        return sender

    return asyncio.run(go())


# -- the URL a seat gives -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("", "http\\(s\\) URL"),
        ("ftp://hooks.example/x", "starts with http"),
        ("http:///nohost", "starts with http"),
        ("http://user:pw@hooks.example/x", "user or password"),
        ("http://other.example/x", "does not call 'other.example'"),
        ("http://hooks.example:99999/x", "not readable"),
        ("http://hooks.example/" + "a" * 2100, "at most 2000"),
    ],
)
def test_url_refused_when_given(url: str, words: str) -> None:
    with pytest.raises(WebhookError, match=words):
        WebhookPolicy.of(["hooks.example"]).check_url(url)


def test_nothing_is_allowed_by_default() -> None:
    with pytest.raises(WebhookError, match="allowed: none"):
        WebhookPolicy.of([]).check_url("https://hooks.example/x")


def test_allowed_hosts_compare_without_case_and_trailing_dot() -> None:
    policy = WebhookPolicy.of(["Hooks.Example.", "::1"])
    assert policy.check_url("https://HOOKS.example/x") == "https://HOOKS.example/x"
    assert policy.check_url("http://[0:0::1]:8080/x")


# -- the address called ----------------------------------------------------------------------


def test_a_name_is_called_at_its_checked_public_address() -> None:
    policy = WebhookPolicy.of(["hooks.example"], names({"hooks.example": ["93.184.216.34"]}))
    target = asyncio.run(policy.target("https://hooks.example:8443/turn?x=1"))
    assert target.url == "https://93.184.216.34:8443/turn?x=1"
    assert (target.host, target.sni) == ("hooks.example:8443", "hooks.example")
    six = WebhookPolicy.of(["six.example"], names({"six.example": ["2606:2800:220:1::1"]}))
    assert asyncio.run(six.target("http://six.example")).url == "http://[2606:2800:220:1::1]/"


@pytest.mark.parametrize(
    "address",
    [
        "10.0.0.5",
        "127.0.0.1",
        "169.254.169.254",
        "192.168.1.2",
        "::1",
        "fe80::1",
        "::ffff:10.1.2.3",
        "0.0.0.0",
    ],
)
def test_a_name_resolving_to_a_private_address_is_refused(address: str) -> None:
    policy = WebhookPolicy.of(
        ["hooks.example"], names({"hooks.example": ["93.184.216.34", address]})
    )
    with pytest.raises(WebhookError, match="not public address"):
        asyncio.run(policy.target("http://hooks.example/x"))


def test_loopback_only_when_allowed_by_its_address() -> None:
    local = names({"127.0.0.1": ["127.0.0.1"], "localhost": ["127.0.0.1"]})
    assert asyncio.run(WebhookPolicy.of(["127.0.0.1"], local).target("http://127.0.0.1:9/x"))
    with pytest.raises(WebhookError, match="not public address"):
        asyncio.run(WebhookPolicy.of(["localhost"], local).target("http://localhost:9/x"))


def test_an_unresolvable_host_is_refused() -> None:
    policy = WebhookPolicy.of(["gone.example"], names({}))
    with pytest.raises(WebhookError, match="cannot resolve"):
        asyncio.run(policy.target("http://gone.example/x"))


# -- real calls --------------------------------------------------------------------------------


def test_your_turn_reaches_the_receiver_once(receiver: Receiver) -> None:
    sender = run_sender(WebhookPolicy.of(["127.0.0.1"]), [receiver.base + "/ok"])
    assert receiver.calls == [("/ok", PAYLOAD, receiver.base.removeprefix("http://"))]
    assert (sender.delivered, sender.dropped) == (1, 0)


def test_a_failing_hook_is_tried_a_few_times_then_dropped(receiver: Receiver) -> None:
    sender = run_sender(
        WebhookPolicy.of(["127.0.0.1"]), [receiver.base + "/fail", receiver.base + "/ok"]
    )
    assert sorted(receiver.paths()) == ["/fail"] * ATTEMPTS + ["/ok"]
    assert (sender.delivered, sender.dropped) == (1, 1)


def test_no_redirect_is_followed(receiver: Receiver) -> None:
    sender = run_sender(WebhookPolicy.of(["127.0.0.1"]), [receiver.base + "/redirect"])
    assert receiver.paths() == ["/redirect"] * ATTEMPTS
    assert sender.dropped == 1


def test_a_huge_answer_is_not_read(receiver: Receiver) -> None:
    sender = run_sender(WebhookPolicy.of(["127.0.0.1"]), [receiver.base + "/big"])
    assert receiver.paths() == ["/big"] and sender.delivered == 1


def test_a_hanging_hook_times_out_and_never_blocks_the_sender(receiver: Receiver) -> None:
    sender = run_sender(
        WebhookPolicy.of(["127.0.0.1"]),
        [receiver.base + "/slow", receiver.base + "/ok"],
        timeout_s=0.2,
    )
    assert receiver.paths().count("/slow") == ATTEMPTS and "/ok" in receiver.paths()
    assert (sender.delivered, sender.dropped) == (1, 1)


def test_a_refused_address_is_not_called_at_all(receiver: Receiver) -> None:
    local = names({"localhost": ["127.0.0.1"]})
    url = receiver.base.replace("127.0.0.1", "localhost") + "/ok"
    sender = run_sender(WebhookPolicy.of(["localhost"], local), [url])
    assert receiver.calls == [] and sender.dropped == 1


def test_send_never_waits_and_a_full_queue_drops() -> None:
    async def go() -> tuple[list[bool], int]:
        sender = WebhookSender(WebhookPolicy.of([]), _queue=asyncio.Queue(2))  # no workers
        sent = [sender.send("http://x.example/", PAYLOAD) for _ in range(3)]
        return sent, sender.dropped

    assert asyncio.run(go()) == ([True, True, False], 1)


@pytest.mark.parametrize(
    ("given", "host"),
    [
        ("Hooks.Example.", "hooks.example"),
        ("127.0.0.1", "127.0.0.1"),
        ("[::1]", "::1"),
        ("localhost", "localhost"),
    ],
)
def test_the_operator_allows_names_and_addresses(given: str, host: str) -> None:
    assert allowed_host(given) == host


@pytest.mark.parametrize(
    "given", ["", "https://hooks.example", "hooks.example:443", "*.example", "a/b", "a..b"]
)
def test_the_operator_cannot_allow_what_is_no_host(given: str) -> None:
    with pytest.raises(WebhookError, match="expected a host name or an IP address"):
        allowed_host(given)
