"""The table's socket in a real browser (Chromium): a refused token is not retried and leaves
nothing to play; an action leaves by the socket and its refusal comes back on it; typed
messages are read.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from browser_helpers import new_game as _new_game
from browser_helpers import own_link as _own_link
from browser_helpers import refused_page as _refused_page
from browser_helpers import view as _view
from browser_helpers import wait_decision as _wait_decision
from web_helpers import (
    LiveServer,
    my_turn,
    view_of,
)

_COUNT_SOCKETS = """
window.__socketsOpened = 0;
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) { super(...args); window.__socketsOpened += 1; }
};
"""


_COUNT_SENT = """
window.__sent = [];
const socketSend = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.__sent.push(String(data));
  return socketSend.call(this, data);
};
const pageFetch = window.fetch;
window.fetch = (input, init) => {
  if (init && init.method && init.method !== "GET") window.__sent.push(String(input));
  return pageFetch(input, init);
};
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_socket_is_not_retried_and_the_page_says_so(
    live: LiveServer, browser: Any, lang: str
) -> None:
    """A token the server refuses (a game gone, a bad link): one try, then a clear message."""
    from totenblatt.web.shell.words import strings

    game = _new_game(live, ["human", "bot"], lang=lang)
    with _refused_page(browser, live, game, 1366) as page:
        failures: list[str] = []
        page.on("pageerror", lambda exc: failures.append(str(exc)))
        page.clock.install()
        page.add_init_script(_COUNT_SOCKETS)
        page.goto(_own_link(live, game, lang))
        words = strings(lang)
        page.wait_for_selector("#refused", timeout=5_000)
        # the old page tried again after 0.5, 1 and 2 seconds: let its timers run out
        page.clock.run_for(10_000)
        assert page.evaluate("window.__socketsOpened") == 1
        assert page.inner_text("#refused") == words["connection_refused_hint"]
        assert page.inner_text("#status .pill.refused") == words["connection_refused"]
        other = strings("de" if lang == "en" else "en")
        assert words["connection_refused_hint"] != other["connection_refused_hint"]
        assert not failures, failures


_PLAYABLE = """() => ({
  decision: document.getElementById('decision').innerText,
  buttons: [...document.querySelectorAll('#decision button, #preview button')]
    .filter((b) => !b.disabled).map((b) => b.textContent),
  cards: [...document.querySelectorAll('#hand .card')].map((c) => [
    c.dataset.card, c.disabled, c.classList.contains('playable'), getComputedStyle(c).cursor]),
  figures: document.querySelectorAll('#board .figure.can-act').length,
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_a_refused_socket_nothing_in_the_decision_can_be_played(
    live: LiveServer, browser: Any, lang: str
) -> None:
    """Refused at the seat's own decision (the bid): no button is left that could no longer
    do anything; the decision says why, and the hand's cards do not look playable."""
    from totenblatt.web.shell.words import strings

    game = _new_game(live, ["human", "bot"], lang=lang)
    token = game["seats"][0]["token"]
    with httpx.Client(base_url=live.url) as http:
        my_turn(http, game["game_id"], token)  # the page opens at its own decision
    words = strings(lang)
    with _refused_page(browser, live, game, 1366) as page:
        failures: list[str] = []
        page.on("pageerror", lambda exc: failures.append(str(exc)))
        page.add_init_script(_COUNT_SENT)
        page.goto(_own_link(live, game, lang))
        page.wait_for_selector("#refused", timeout=5_000)
        view = _view(page)
        assert view["to_act"] == view["seat"] == 0 and view["choices"], view  # buttons, once
        page.click("#overlay .buttons button:last-child")  # close the dialog
        found = page.evaluate(_PLAYABLE)
        page.evaluate("window.__sent = []")  # the boot's POST is before
        page.keyboard.press("1")  # nor does a key play a card
        # the key's handlers (and the promises they start) have run by the next task
        sent = page.evaluate("() => new Promise((r) => setTimeout(() => r(window.__sent), 0))")
    assert sent == [], sent
    assert found["buttons"] == [], found
    assert words["connection_refused"] in found["decision"], found
    assert words["connection_refused_hint"] in found["decision"], found
    assert found["cards"] and all(
        disabled and not playable and cursor != "pointer"
        for _card, disabled, playable, cursor in found["cards"]
    ), found
    assert found["figures"] == 0, found
    with httpx.Client(base_url=live.url) as http:
        assert view_of(http, game["game_id"], token)["version"] == view["version"]
    assert not failures, failures


def _pass_action(view: dict[str, Any]) -> dict[str, Any]:
    """The action of the "pass" button of ``view`` (the seat's decision)."""
    choice = next(c for c in view["choices"] if c["group"] == "pass")
    action: dict[str, Any] = view["legal_actions"][choice["index"]]
    return action


def _watch_traffic(page: Any) -> tuple[list[Any], list[str]]:
    """The messages the page sends on its sockets, and the addresses it POSTs to."""
    sent: list[Any] = []
    posts: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(json.loads(data))))
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    return sent, posts


def test_an_action_leaves_the_page_by_its_socket_and_a_refusal_comes_back_on_it(
    live: LiveServer, page: Any
) -> None:
    """One way to act: a message on the seat's socket, never a POST. The views from the
    server are held back while the seat acts elsewhere, so the page's action is stale: the
    socket's refusal is shown, and once the views arrive the next action is played."""
    game = _new_game(live, ["human", "bot"])
    token = game["seats"][0]["token"]
    with httpx.Client(base_url=live.url) as http:
        start = my_turn(http, game["game_id"], token)  # the page opens at its own decision
    held: list[str] = []
    routes: list[Any] = []
    hold = {"on": True}

    def between(route: Any) -> None:
        server = route.connect_to_server()
        routes.append(route)

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if (
                hold["on"]
                and data.get("type", "view") == "view"
                and data["version"] > start["version"]
            ):
                held.append(str(message))  # a newer view: held back
            else:
                route.send(message)

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/games/"), between)
    sent, posts = _watch_traffic(page)
    page.goto(game["seats"][0]["url"])
    assert _wait_decision(page, -1)["version"] == start["version"]
    with httpx.Client(base_url=live.url) as http:  # the seat acts in another window
        played = http.post(
            f"/api/games/{game['game_id']}/actions?version={start['version']}",
            json=_pass_action(start),
            headers={"Authorization": f"Bearer {token}"},
        )
        assert played.status_code == 200, played.text
        moved = my_turn(http, game["game_id"], token)
    page.click("[data-choice=pass]")
    refusal = page.wait_for_selector("#decision .error").inner_text()
    assert f"version {start['version']}, it is at {moved['version']}" in refusal, refusal
    assert _view(page)["version"] == start["version"]
    assert held and len(routes) == 1
    hold["on"] = False  # the views reach the page: it acts again, and is let in
    for message in held:
        routes[0].send(message)
    assert _wait_decision(page, start["version"])["version"] == moved["version"]
    page.click("[data-choice=pass]")
    page.wait_for_function(f"() => window.totenblatt.view().version > {moved['version']}")
    assert not page.query_selector("#decision .error")
    assert [m for m in sent if m.get("type") == "action"] == [
        {"type": "action", "action": _pass_action(start), "version": start["version"]},
        {"type": "action", "action": _pass_action(moved), "version": moved["version"]},
    ]
    assert not [url for url in posts if "/actions" in url], posts


def test_the_page_reads_typed_socket_messages(live: LiveServer, page: Any) -> None:
    """Views sent as ``{"type": "view", ...}`` play as the untyped ones do (the server's own
    form today); a type the page does not know is left alone."""
    game = _new_game(live, ["human", "bot"])

    def typed(route: Any) -> None:
        server = route.connect_to_server()

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if "type" not in data:
                route.send(json.dumps({"type": "notice", "text": "not for this page"}))
                data = {"type": "view", **data}
            route.send(json.dumps(data, ensure_ascii=False))

        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/games/"), typed)
    sent, _posts = _watch_traffic(page)
    page.goto(game["seats"][0]["url"])
    version = _wait_decision(page, -1)["version"]
    page.click("[data-choice=pass]")
    after = _wait_decision(page, version)  # known only from a typed view
    assert "type" not in after and after["to_act"] == after["seat"] == 0, after
    assert [m["type"] for m in sent] == ["action"]
