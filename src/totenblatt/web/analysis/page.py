"""The Analysis view's page: a shell, its words and boot data; the script does the rest."""

from __future__ import annotations

from html import escape
from typing import Any

from totenblatt.web.analysis.words import ANALYSIS_STRINGS
from totenblatt.web.shell.page import document
from totenblatt.web.shell.words import translated

__all__ = ["analysis_page"]


def analysis_page(boot: dict[str, Any], lang: str) -> str:
    """The page of the Analysis view of one finished game."""
    strings = translated(ANALYSIS_STRINGS, lang)
    title = escape(strings["title"])
    body = (
        f'<header id="an-bar"><h1 id="an-title">{title}</h1>'
        '<nav id="an-tools"></nav></header>'
        '<main id="an-main">'
        '<section id="an-status" aria-live="polite"></section>'
        '<section id="an-graph-wrap" hidden></section>'
        '<section id="an-detail" hidden aria-live="polite"></section>'
        '<section id="an-turns" hidden></section>'
        '<section id="an-list-wrap" hidden></section>'
        "</main>"
    )
    return document(
        title=f"{strings['title']} — Totenblatt",
        lang=lang,
        body=body,
        styles=("/analysis/static/analysis.css",),
        script="/analysis/static/analysis.js",
        classic=True,
        data={"an-boot": boot, "an-strings": strings},
        body_class="analysis-page",
    )
