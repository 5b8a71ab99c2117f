"""What the game page costs a browser: bytes over the wire on a cold and a warm load.

``python -m benchmarks page_weight`` — a real ``totenblatt serve`` on 127.0.0.1 (a fresh
SQLite file), a duel (a person against the bot), and the person's table page opened in
Chromium (Playwright, ``TOTENBLATT_CHROMIUM``) until it shows the table and its decision.
Counted per load, for every response that came over the wire (not from the browser's
cache; the WebSocket not included): its headers and its body as sent (compressed when it
was; Chromium's ``encodedDataLength`` over the DevTools protocol), and the count of
responses. Three loads: *cold, gzip* (a new browser context: nothing cached, as a browser
asks), *cold, identity* (the same with ``Accept-Encoding: identity``: the files as they
are) and *warm* (the page opened again in the first context: the static files under their
content hash come from the cache without a request). The budget (issue 39): a cold load's
bodies and headers together :data:`BUDGET` bytes at most (over HTTP/1.1 each response adds
some 250 bytes of headers; HTTP/2 compresses those); both verdicts are printed, the bodies'
alone and the whole. A cold load is some 40 responses: the page, its two style sheets, the
favicon, the boot answer and the ES modules the first view needs (the scripts and style
sheets minified; the end, the replay, the tutorial and a campaign's concession load when
first needed, so they are not among them).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from benchmarks.bench_web import _post, _serve, _up

BUDGET = 80 * 1024
"""The most a cold load of the game page may transfer, bodies and headers (bytes)."""

PORT = 8765
"""The server's port on 127.0.0.1."""


Load = tuple[int, int, int]
"""One load: compressed bodies' bytes, headers' bytes, responses over the wire."""


def _load(context: Any, url: str) -> Load:
    """Open ``url`` in ``context`` until the table shows its decision (see the module
    docstring); a response from the browser's cache is not counted."""
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    heads: dict[str, int] = {}
    wire: list[tuple[int, int]] = []

    def received(event: dict[str, Any]) -> None:
        heads[event["requestId"]] = int(event["response"].get("encodedDataLength", 0))

    def finished(event: dict[str, Any]) -> None:
        total = int(event["encodedDataLength"])
        if total > 0:  # 0: served from the cache
            head = heads.get(event["requestId"], 0)
            wire.append((total - head, head))

    session.on("Network.responseReceived", received)
    session.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="networkidle")
    page.wait_for_selector("#decision button", state="attached")
    page.wait_for_load_state("networkidle")
    page.close()
    return sum(b for b, _ in wire), sum(h for _, h in wire), len(wire)


def measure(base: str, chromium: str) -> dict[str, Load]:
    """The three loads of one seat's table page on the server at ``base``."""
    from playwright.sync_api import sync_playwright

    game = _post(f"{base}/api/games", {"scenario": "duel", "seats": ["human", "bot"]})
    url = urljoin(f"{base}/", game["seats"][0]["url"])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        try:
            cold = browser.new_context()
            out = {"cold, gzip": _load(cold, url), "warm": _load(cold, url)}
            plain = browser.new_context(extra_http_headers={"accept-encoding": "identity"})
            out["cold, identity"] = _load(plain, url)
        finally:
            browser.close()
    return out


def main() -> None:
    """Serve, load the page three ways, print the bytes and whether the budget holds."""
    chromium = os.environ.get("TOTENBLATT_CHROMIUM") or shutil.which("chromium")
    if not chromium or not Path(chromium).exists():
        print("no Chromium: set TOTENBLATT_CHROMIUM (skipped)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        base = f"http://127.0.0.1:{PORT}"
        server = _serve(PORT, f"sqlite:///{tmp}/page.db")
        try:
            _up(base, server)
            loads = measure(base, chromium)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"{'load':<16} {'bodies KB':>10} {'headers KB':>11} {'total KB':>9} {'responses':>10}")
    for name in ("cold, gzip", "cold, identity", "warm"):
        bodies, headers, count = loads[name]
        kb = [bodies / 1024, headers / 1024, (bodies + headers) / 1024]
        print(f"{name:<16} {kb[0]:>10.1f} {kb[1]:>11.1f} {kb[2]:>9.1f} {count:>10}")
    bodies, headers, _ = loads["cold, gzip"]
    for what, size in (("bodies", bodies), ("bodies and headers", bodies + headers)):
        verdict = "within" if size <= BUDGET else "OVER"
        kb, budget = size / 1024, BUDGET // 1024
        print(f"cold load's {what} {kb:.1f} KB: {verdict} the budget of {budget} KB")
