"""The static scripts and style sheets as served under their content hash: minified.

The files in ``web/static`` stay readable (comments, names, indentation); what goes over
the wire under :func:`~totenblatt.web.shell.page.static_prefix` is their minified form
(tdewolff's minifier, a full ES2020+ and CSS parser: it renames a function's local
names, never an export or a property), made once per folder and kept in memory. The
plain ``/static/…`` address still serves the files as they are, for a person reading
them. A file the minifier refuses is served as it is (one warning in the log): a page
never loses a script to its minifier.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

import minify  # type: ignore[import-untyped]

__all__ = ["KINDS", "minified", "minified_folder"]

log = logging.getLogger("totenblatt.web")

KINDS = {".js": "application/javascript", ".css": "text/css"}
"""Suffix -> the minifier's media type, for the files that are minified."""


def minified(text: str, suffix: str) -> str:
    """``text`` (a file's contents, of a kind in :data:`KINDS`) minified.

    Raises ``minify.MinifyError`` when it is no valid script or style sheet.

    >>> minified("export function twice(value) { return value * 2; }", ".js")
    'export function twice(e){return e*2}'
    """
    return str(minify.string(KINDS[suffix], text))


@cache
def minified_folder(directory: Path) -> dict[str, bytes]:
    """Every script and style sheet under ``directory`` minified (UTF-8), by its path
    relative to it (``js/table.js``); made once per folder."""
    out: dict[str, bytes] = {}
    for path in sorted(directory.rglob("*")):
        if not path.is_file() or path.suffix not in KINDS:
            continue
        name = path.relative_to(directory).as_posix()
        text = path.read_text(encoding="utf-8")
        try:
            out[name] = minified(text, path.suffix).encode("utf-8")
        except minify.MinifyError as exc:
            log.warning("static file %s served unminified: %s", name, str(exc).splitlines()[0])
            out[name] = text.encode("utf-8")
    return out
