"""The Analysis view's page: a shell, its words and boot data; the script does the rest."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from totenblatt.web.analysis.words import page_strings

__all__ = ["analysis_page"]


def _json_script(element_id: str, data: Any) -> str:
    """Data for the page's script; ``<``, ``>`` and ``&`` escaped so no text ends it."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    raw = raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{element_id}">{raw}</script>'


def analysis_page(boot: dict[str, Any], lang: str) -> str:
    """The page of the Analysis view of one finished game."""
    strings = page_strings(lang)
    title = escape(strings["title"])
    return (
        "<!doctype html>"
        f'<html lang="{escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title} — Totenblatt</title>"
        '<link rel="icon" href="/static/favicon.svg">'
        '<link rel="stylesheet" href="/analysis/static/analysis.css">'
        '<script defer src="/analysis/static/analysis.js"></script>'
        '</head><body class="analysis-page">'
        f'<header id="an-bar"><h1 id="an-title">{title}</h1>'
        '<nav id="an-tools"></nav></header>'
        '<main id="an-main">'
        '<section id="an-status" aria-live="polite"></section>'
        '<section id="an-graph-wrap" hidden></section>'
        '<section id="an-detail" hidden aria-live="polite"></section>'
        '<section id="an-turns" hidden></section>'
        '<section id="an-list-wrap" hidden></section>'
        "</main>"
        + _json_script("an-boot", boot)
        + _json_script("an-strings", strings)
        + "</body></html>"
    )
