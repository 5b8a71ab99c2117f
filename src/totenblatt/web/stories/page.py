"""The HTML of the RPG table: the page that starts a story and the page of a story.

Both are a frame the script fills (:file:`static/js/story.js`): the data it needs
is in ``<script type="application/json">`` elements (never executed; ``<`` escaped
so no text can end the element), so the strict Content-Security-Policy (no inline
script, no inline style) holds. Every text a user gave is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

from totenblatt.web.shell.page import document, json_script
from totenblatt.web.stories.words import strings

__all__ = ["create_page", "json_script", "story_page"]


def _page(title: str, lang: str, body_class: str, body: str, data: dict[str, Any]) -> str:
    """A page of the RPG table: story.css, story.js, the data for the script."""
    return document(
        title=title,
        lang=lang,
        body=body,
        styles=("/static/story.css",),
        script="/static/js/story.js",
        data=data,
        body_class=body_class,
    )


def _bar(title: str) -> str:
    return (
        f'<header id="bar"><h1>{escape(title)}</h1><div id="status"></div>'
        '<nav id="langs"></nav></header>'
    )


def create_page(lang: str) -> str:
    """``/stories``: name a story, pick its language, get the game master's link."""
    words = strings(lang)
    boot = {"lang": lang, "page": "create"}
    body = _bar(words["title"]) + '<main id="main"></main>'
    return _page(words["title"], lang, "story-page create", body, {"boot": boot, "strings": words})


def story_page(name: str, boot: dict[str, Any], lang: str) -> str:
    """``/stories/{id}``: the game master's screen, a player's sheet or the onlookers' view."""
    words = strings(lang)
    body = (
        _bar(name)
        + '<main id="main"><section id="test"></section><section id="sheets"></section>'
        + '<section id="tools"></section><section id="log"></section></main>'
    )
    data = {"boot": boot | {"page": "story"}, "strings": words}
    return _page(f"{name} — Totenblatt", lang, "story-page", body, data)
