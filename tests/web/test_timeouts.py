"""Read timeouts: slow headers and short bodies are dropped, a client leaving writes no traceback.

A real uvicorn server with deadlines of half a second; the tests assert what happens
to the connections (closed, answered 408 in JSON), never how fast.
"""

from __future__ import annotations

import contextlib
import json
import logging
import selectors
import socket
from collections.abc import Iterator

import pytest
from web_helpers import LiveServer, client_at, served, wait_for

from totenblatt.web import ServerSettings

SLOW = 150
"""Slowloris connections at once (as in the attack of issue 21)."""


@pytest.fixture
def quick(sqlite_url: str) -> Iterator[LiveServer]:
    """A real server whose header and body timeouts are half a second."""
    settings = ServerSettings(
        db_url=sqlite_url, bot_delay=0.0, header_timeout=0.5, body_timeout=0.5
    )
    with served(settings) as live:
        yield live


@pytest.fixture
def server_log() -> Iterator[list[logging.LogRecord]]:
    """Every record the server logs (uvicorn's and ours), INFO and up."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.INFO)
    loggers = [logging.getLogger(n) for n in ("uvicorn", "uvicorn.error", "totenblatt.web")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.setLevel(logging.INFO)
    try:
        yield records
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.removeHandler(handler)
            lg.setLevel(level)


def _connect(live: LiveServer, source: str = "127.0.0.2") -> socket.socket:
    port = int(live.url.rsplit(":", 1)[1])
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (10 s at most)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_slowloris_connections_are_dropped(quick: LiveServer) -> None:
    """150 connections trickle header lines: every one is closed by the server, which
    still answers others."""
    selector = selectors.DefaultSelector()
    sockets = [_connect(quick, f"127.0.0.{2 + i % 50}") for i in range(SLOW)]
    for sock in sockets:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    closed: set[socket.socket] = set()
    answers: list[bytes] = []
    try:
        for _ in range(600):  # a header line every 0.05 s, for at most 30 s
            for key, _ in selector.select(timeout=0.05):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    chunk = sock.recv(65536)
                except ConnectionResetError:
                    chunk = b""
                if chunk:
                    answers.append(chunk)
                    continue
                selector.unregister(sock)
                closed.add(sock)
            if len(closed) == SLOW:
                break
            for sock in sockets:
                if sock not in closed:
                    with contextlib.suppress(OSError):
                        sock.send(b"X-Slow: 1\r\n")
    finally:
        selector.close()
        for sock in sockets:
            sock.close()
    assert len(closed) == SLOW
    assert answers and all(a.startswith(b"HTTP/1.1 408") for a in answers)
    with client_at(quick, "127.0.0.60") as http:
        assert http.get("/healthz").json() == {"status": "ok"}


def test_a_body_shorter_than_its_length_is_answered_408_and_dropped(quick: LiveServer) -> None:
    with _connect(quick) as sock:
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"scenario": '
        )
        answer = _answer(sock)  # the server closes the connection: recv ends
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408")
    assert b"content-type: application/json" in head.lower()
    assert "did not arrive within 0.5 s" in json.loads(body)["error"]


def test_a_body_that_trickles_is_cut_off_too(quick: LiveServer) -> None:
    """The body timeout counts from the headers: a byte now and then does not renew it."""
    with _connect(quick) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n[")
        sock.settimeout(0.1)
        answer = b""
        for _ in range(300):  # a byte every 0.1 s: at most 30 s
            try:
                sock.send(b" ")
            except OSError:
                break
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            except ConnectionResetError:
                break
            if not chunk:
                break
            answer += chunk
        else:
            pytest.fail("the trickling body was never cut off")
    assert answer.startswith(b"HTTP/1.1 408")


def test_a_client_leaving_mid_body_writes_one_line_at_most(
    quick: LiveServer, server_log: list[logging.LogRecord]
) -> None:
    for path in ("/api/games", "/api/games/nope/actions"):
        with _connect(quick) as sock:
            sock.sendall(
                f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\n"
                "Content-Length: 500\r\n\r\n[1, 2".encode()
            )
        # gone: the server sees the end of the connection mid-body
    with client_at(quick, "127.0.0.3") as http:
        assert http.get("/healthz").status_code == 200
    wait_for(lambda: any("left before" in r.getMessage() for r in server_log), timeout=10)
    assert not [r for r in server_log if r.exc_info], "a traceback was logged"
    assert len(server_log) <= 2
    assert all(len(r.getMessage().splitlines()) == 1 for r in server_log)


def test_unreadable_http_is_refused_in_json(quick: LiveServer) -> None:
    with _connect(quick) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n")
        answer = _answer(sock)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400")
    assert json.loads(body) == {"error": "the request is not valid HTTP/1.1"}
