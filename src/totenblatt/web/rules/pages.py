"""Pages around the table: the rules as the engine plays them, the tutorial, invite QR codes.

- ``GET /rules?lang=&ruleset=`` — the rules page (de/en), built from a built-in ruleset by
  :mod:`~totenblatt.web.rules.rulebook` (every number from the ruleset, every sentence from the
  catalogs);
- ``GET /tutorial?lang=`` — what the tutorial teaches and a button that starts it;
- ``POST /api/tutorial`` ``{"lang"}`` — a new tutorial game (:mod:`~totenblatt.web.rules.tutorial`)
  against the bot: 201 ``{"game_id", "url"}``; counted against the game creations;
- ``POST /api/qr`` ``{"text"}`` — the QR code of an invite link as SVG (segno); a POST so
  that the link's token stays out of addresses and logs.

Every page is served with ``Content-Security-Policy: default-src 'self'``: no script, style or
image from elsewhere, and no inline script (the pages' data are JSON script elements).
"""

from __future__ import annotations

import io
from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from totenblatt.text.vocab import ruleset_description
from totenblatt.wanted.rules import Ruleset, builtin_rulesets
from totenblatt.web.rules.rulebook import rule_terms, rules_sections
from totenblatt.web.rules.tutorial import LESSONS, tutorial_spec
from totenblatt.web.shell.bodies import read_json
from totenblatt.web.shell.errors import InvalidError
from totenblatt.web.shell.games import GameHost
from totenblatt.web.shell.limits import Limits, client_key
from totenblatt.web.shell.links import game_link
from totenblatt.web.shell.page import document
from totenblatt.web.shell.words import LANGS, add_terms, page_lang, strings, text

__all__ = ["CSP", "QR_MAX", "pages_router"]

CSP = "default-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'"
"""The pages' content security policy: only this server's scripts, styles and images."""

QR_MAX = 1000
"""The longest text a QR code is made of (an invite link is about 100 characters)."""

add_terms("rules", rule_terms)  # the table's tips say the rulebook's words through the shell


def _lang(value: str | None, fallback: str) -> str:
    return value if value in LANGS else fallback


def _visitor_lang(request: Request, lang: str | None, default_lang: str) -> str:
    """A page's language: ``?lang=``, else the visitor's (Accept-Language), else the server's."""
    return page_lang(lang, request.headers.get("accept-language", ""), default_lang)


def _page(lang: str, title: str, body: str, *, script: str | None = None, **data: Any) -> str:
    """A page of the rules: table.css, the bar, ``body`` in it; ``script`` under /static/js."""
    return document(
        title=f"{title} — Totenblatt",
        lang=lang,
        body=body,
        styles=("/static/table.css",),
        script=f"/static/js/{script}" if script else None,
        data=data,
        body_class="rules-page",
    )


def _bar(lang: str, here: str) -> str:
    other = "en" if lang == "de" else "de"
    words = {"en": "English", "de": "Deutsch"}
    return (
        '<header id="bar"><h1><a href="/?lang=' + lang + '" class="home">Totenblatt</a></h1>'
        f'<nav id="tools"><a href="/?lang={lang}">{escape(text("lobby", lang))}</a> · '
        f'<a href="/rules?lang={lang}">{escape(text("rules", lang))}</a> · '
        f'<a href="/tutorial?lang={lang}">{escape(text("tutorial", lang))}</a> · '
        f'<a href="{here}lang={other}" hreflang="{other}" lang="{other}">{words[other]}</a>'
        "</nav></header>"
    )


def rules_page(ruleset: str, lang: str) -> str:
    """The rules of ``ruleset`` in ``lang``: sections, the weapons' bands, cover, abilities."""
    rules = Ruleset.load(ruleset)
    sections = rules_sections(rules, lang)
    toc = "".join(
        f'<li><a href="#s{i}">{escape(title)}</a></li>' for i, (title, _) in enumerate(sections)
    )
    body = "".join(
        f'<section id="s{i}"><h2>{escape(title)}</h2>{html}</section>'
        for i, (title, html) in enumerate(sections)
    )
    choose = " · ".join(
        f"<b>{escape(name)}</b>"
        if name == ruleset
        else f'<a href="/rules?lang={lang}&amp;ruleset={name}">{escape(name)}</a>'
        for name in builtin_rulesets()
    )
    page = (
        _bar(lang, f"/rules?ruleset={ruleset}&amp;")
        + '<main id="rules">'
        + f"<h1>{escape(text('rules_title', lang, ruleset=ruleset))}</h1>"
        + f'<p class="lead">{escape(ruleset_description(rules, lang))}</p>'
        + f'<p class="lead">{escape(text("ruleset", lang))}: {choose}</p>'
        + f'<nav class="toc"><ol>{toc}</ol></nav>{body}</main>'
    )
    return _page(lang, text("rules", lang), page)


def tutorial_page(lang: str) -> str:
    """What the tutorial teaches, and the button that starts it."""
    cost = Ruleset.load(tutorial_spec(lang).ruleset).round.redraw_cost  # the redraw's HP
    items = "".join(
        f'<li data-lesson="{lesson}"><b>{escape(text(f"lesson_{lesson}", lang))}</b> — '
        f"{escape(text(f'lesson_{lesson}_hint', lang, cost=cost))}</li>"
        for lesson in LESSONS
    )
    page = (
        _bar(lang, "/tutorial?")
        + f'<main id="rules" data-lang="{lang}">'
        + f"<h1>{escape(text('tutorial', lang))}</h1>"
        + f'<p class="lead">{escape(text("tutorial_intro", lang))}</p>'
        + f'<ol class="lessons">{items}</ol>'
        + '<p><button class="btn primary" type="button" id="start-tutorial">'
        + f"{escape(text('tutorial_start', lang))}</button></p></main>"
    )
    return _page(
        lang, text("tutorial", lang), page, script="start_tutorial.js", strings=strings(lang)
    )


def qr_svg(data: str) -> str:
    """The QR code of ``data`` as an SVG document (dark modules on white, a quiet zone)."""
    import segno

    code = segno.make(data, error="m")
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        scale=4,
        border=2,
        dark="#2b2118",
        light="#ffffff",
        xmldecl=False,
        omitsize=True,  # a viewBox only: the page sizes it
    )
    return out.getvalue().decode("utf-8")


def pages_router(limits: Limits, default_lang: str) -> APIRouter:
    """The routes of this module, with their own budget of game creations (``limits``)."""
    router = APIRouter()
    creations, _ = limits.budgets()
    headers = {"Content-Security-Policy": CSP}

    @router.get("/rules", response_class=HTMLResponse)
    async def rules(
        request: Request, lang: str | None = None, ruleset: str = "base"
    ) -> HTMLResponse:
        if ruleset not in builtin_rulesets():
            raise InvalidError(
                f"unknown ruleset {ruleset[:40]!r}: expected one of {', '.join(builtin_rulesets())}"
            )
        language = _visitor_lang(request, lang, default_lang)
        return HTMLResponse(rules_page(ruleset, language), headers=headers)

    @router.get("/tutorial", response_class=HTMLResponse)
    async def tutorial(request: Request, lang: str | None = None) -> HTMLResponse:
        language = _visitor_lang(request, lang, default_lang)
        return HTMLResponse(tutorial_page(language), headers=headers)

    @router.post("/api/tutorial", status_code=201)
    async def start_tutorial(request: Request) -> dict[str, Any]:
        client = client_key(request.client.host if request.client else "")
        creations.check(client)
        data = await read_json(request)
        if not isinstance(data, dict) or set(data) - {"lang"}:
            raise InvalidError('a tutorial is asked for with {"lang": "en" | "de"}')
        lang = data.get("lang", default_lang)
        if lang not in LANGS:
            raise InvalidError(f"unknown lang {str(lang)[:20]!r}: expected {' or '.join(LANGS)}")
        hub: GameHost = request.app.state.hub
        room, tokens = await hub.create(tutorial_spec(lang), client)
        token = tokens[0]
        assert token is not None  # the tutorial's seat 0 is a person's
        return {
            "game_id": room.id,
            "url": game_link(room.id, token, lang=lang, tutorial=True),
        }

    @router.post("/api/qr")
    async def qr(request: Request) -> Response:
        data = await read_json(request)
        value = data.get("text") if isinstance(data, dict) else None
        if not isinstance(value, str) or not 0 < len(value) <= QR_MAX or set(data) != {"text"}:
            raise InvalidError(
                f'a QR code is asked for with {{"text": "…"}} (1 to {QR_MAX} characters)'
            )
        svg = qr_svg(value)
        return Response(
            svg,
            media_type="image/svg+xml",
            headers={"Cache-Control": "no-store", **headers},
        )

    return router
