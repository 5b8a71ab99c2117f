"""THE document of every page: doctype, head, favicon, style sheets, the page's script, its body
and the data for its script, and where the static files are served.

A page is a frame its script fills. Every feature's page calls :func:`document` with its
title, language, style sheets, entry script and body; the data for the script is in
``<script type="application/json">`` elements (:func:`json_script`), so the strict
Content-Security-Policy (no inline script) holds.

The static files (``web/static``) are served twice: under :func:`static_prefix`
(``/static/<hash of their contents>/…``, cached for a year as immutable: a changed file gives
a new hash, so a new address; scripts and style sheets minified) and under the plain
``/static/…`` (as they are, revalidated each time). The pages name the hashed addresses
(:func:`static_url`); a script's relative ``import`` stays under the same hash.

>>> document(title="T", lang="en", body="<main></main>", styles=("/x.css",)).count("<link")
2
>>> json_script("boot", {"name": "</script>"})
'<script type="application/json" id="boot">{"name":"\\\\u003c/script\\\\u003e"}</script>'
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import os
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from html import escape
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from totenblatt.web.shell.minified import minified_folder
from totenblatt.web.shell.words import page_lang, text

__all__ = [
    "FOREVER",
    "REVALIDATE",
    "STATIC",
    "StaticFolder",
    "add_link",
    "content_hash",
    "dead_link_page",
    "document",
    "json_script",
    "links",
    "static_dir",
    "static_prefix",
    "static_url",
    "wants_page",
]

STATIC = "/static/"
"""The plain address of the static files (``web/static``)."""

FOREVER = "public, max-age=31536000, immutable"
"""Cache-Control of a static file under its content hash: its address changes with it."""

REVALIDATE = "no-cache"
"""Cache-Control of a static file under its plain address: asked again (ETag) each time."""


def static_dir() -> Path:
    """The folder of the static files every page shares (``web/static``)."""
    return Path(str(files("totenblatt.web") / "static"))


def content_hash(directory: Path) -> str:
    """12 hex digits of the SHA-256 over every file under ``directory`` (its path and bytes):
    any changed, added or removed file changes it."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


@cache
def static_prefix() -> str:
    """``/static/<hash>``: where the static files are served for good (computed once)."""
    return STATIC + content_hash(static_dir())


def static_url(path: str) -> str:
    """The hashed address of a static file named by its plain one (``/static/table.css``);
    another address (a feature's own route) unchanged."""
    if path.startswith(STATIC):
        return f"{static_prefix()}/{path.removeprefix(STATIC)}"
    return path


_LINKS: dict[str, tuple[int, Callable[[str], str]]] = {}


def add_link(name: str, position: int, link: Callable[[str], str]) -> None:
    """A feature's link for the lobby (``link(lang)`` -> ``<a …>``), at ``position`` among
    the others: the feature registers it, the lobby shows :func:`links` without knowing it."""
    _LINKS[name] = (position, link)


def links(lang: str) -> list[str]:
    """The features' lobby links in ``lang``, by position."""
    return [link(lang) for _, link in sorted(_LINKS.values(), key=lambda entry: entry[0])]


def json_script(element_id: str, data: Any) -> str:
    """Data for the page's script in a JSON script element (never executed; ``<``, ``>``
    and ``&`` escaped so no text can end the element)."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    raw = raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{element_id}">{raw}</script>'


def document(
    *,
    title: str,
    lang: str,
    body: str,
    styles: Iterable[str] = (),
    script: str | None = None,
    data: Mapping[str, Any] | None = None,
    body_class: str = "",
    print_styles: Iterable[str] = (),
    classic: bool = False,
) -> str:
    """The whole HTML of a page.

    ``title``: plain text (escaped here); ``body``: the HTML inside ``<body>`` before the
    data; ``styles`` / ``print_styles``: style sheets' addresses (``/static/…`` ones
    hashed); ``script``: the page's entry script (an ES module, ``classic``: a deferred
    classic script); ``data``: element id -> data for the script (:func:`json_script`);
    ``body_class``: the body's class.
    """
    links = [f'<link rel="stylesheet" href="{static_url(s)}">' for s in styles]
    links += [f'<link rel="stylesheet" href="{static_url(s)}" media="print">' for s in print_styles]
    entry = ""
    if script is not None:
        kind = "defer" if classic else 'type="module"'
        entry = f'<script {kind} src="{static_url(script)}"></script>'
    attributes = f' class="{body_class}"' if body_class else ""
    scripts = "".join(json_script(key, value) for key, value in (data or {}).items())
    return (
        f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        f'<link rel="icon" href="{static_url("/static/favicon.svg")}" type="image/svg+xml">'
        f"{''.join(links)}{entry}</head><body{attributes}>{body}{scripts}</body></html>"
    )


def wants_page(request: Request) -> bool:
    """Whether a failed request asked for a page: a GET of a route that answers HTML
    (``response_class=HTMLResponse``) from a client preferring ``text/html`` — a browser
    following a link; the API's routes (and any other client) keep their JSON errors."""
    route = request.scope.get("route")
    if request.method != "GET" or getattr(route, "response_class", None) is not HTMLResponse:
        return False
    accept = request.headers.get("accept", "")
    return "text/html" in accept or "application/xhtml+xml" in accept


def dead_link_page(request: Request, status: int, fallback: str) -> HTMLResponse:
    """A small page in the visitor's language (:func:`~totenblatt.web.shell.words.page_lang`)
    for a link to a game, campaign or story that does not exist (or does not open it),
    with a link to the lobby; ``status`` stays the refusal's (404, 403…)."""
    lang = page_lang(
        request.query_params.get("lang"), request.headers.get("accept-language", ""), fallback
    )
    title = text("dead_link", lang)
    body = (
        f'<main class="boot-error dead-link" id="dead-link"><h1>{escape(title)}</h1>'
        f"<p>{escape(text('dead_link_hint', lang))}</p>"
        f'<p><a class="btn" id="dead-link-lobby" href="/?lang={lang}">'
        f"{escape(text('to_lobby', lang))}</a></p></main>"
    )
    html = document(title=title, lang=lang, body=body, styles=("/static/table.css",))
    return HTMLResponse(html, status_code=status)


class StaticFolder(StaticFiles):
    """The static files with one Cache-Control on every answer (:data:`FOREVER` under the
    hash, :data:`REVALIDATE` under the plain address); under the hash the scripts and style
    sheets minified (:mod:`~totenblatt.web.shell.minified`), with no ETag, Last-Modified or
    Accept-Ranges (never asked again, never in parts)."""

    def __init__(self, directory: Path, cache_control: str) -> None:
        super().__init__(directory=str(directory))
        self.cache_control = cache_control
        self.folder = directory.resolve()
        self.minified = minified_folder(self.folder) if cache_control == FOREVER else {}

    def file_response(
        self, full_path: Any, stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        """A script or style sheet minified when this folder minifies; else the file."""
        path = Path(full_path).resolve()
        inside = path.is_relative_to(self.folder)
        body = self.minified.get(path.relative_to(self.folder).as_posix()) if inside else None
        if body is None:
            return super().file_response(full_path, stat_result, scope, status_code)
        kind = mimetypes.guess_type(path.name)[0] or "text/plain"
        return Response(body, status_code=status_code, media_type=kind)

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file's answer with this folder's Cache-Control."""
        response = await super().get_response(path, scope)
        if response.status_code < 400:
            response.headers["cache-control"] = self.cache_control
            if self.cache_control == FOREVER:  # never asked again: nothing to compare
                for name in ("etag", "last-modified", "accept-ranges"):
                    if name in response.headers:
                        del response.headers[name]
        return response
