"""The HTML of the RPG table: the page that starts a story and the page of a story.

Both are a frame the script fills (:file:`static/js/story.js`): the data it needs
is in ``<script type="application/json">`` elements (never executed; ``<`` escaped
so no text can end the element), so the strict Content-Security-Policy (no inline
script, no inline style) holds. Every text a user gave is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

from totenblatt.web.shell.pages import json_script
from totenblatt.web.stories.words import strings

__all__ = ["create_page", "json_script", "story_page"]

_HEAD = (
    '<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>{title}</title>"
    '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
    '<link rel="stylesheet" href="/static/story.css">'
    '<script type="module" src="/static/js/story.js"></script></head>'
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
    return (
        _HEAD.format(lang=lang, title=escape(words["title"]))
        + '<body class="story-page create">'
        + _bar(words["title"])
        + '<main id="main"></main>'
        + json_script("boot", boot)
        + json_script("strings", words)
        + "</body></html>"
    )


def story_page(name: str, boot: dict[str, Any], lang: str) -> str:
    """``/stories/{id}``: the game master's screen, a player's sheet or the onlookers' view."""
    words = strings(lang)
    return (
        _HEAD.format(lang=lang, title=escape(f"{name} — Totenblatt"))
        + '<body class="story-page">'
        + _bar(name)
        + '<main id="main"><section id="test"></section><section id="sheets"></section>'
        + '<section id="tools"></section><section id="log"></section></main>'
        + json_script("boot", boot | {"page": "story"})
        + json_script("strings", words)
        + "</body></html>"
    )
