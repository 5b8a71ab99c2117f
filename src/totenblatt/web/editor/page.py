"""The HTML of the scenario editor: a frame that ``static/editor.js`` fills.

The data the script needs (its strings, the terrain kinds, the weapons) is in
``<script type="application/json">`` elements, so the strict Content-Security-Policy
(no inline script or style) holds. The page decides no rule: it sends the table it
builds as a scenario file and draws the door's answers.
"""

from __future__ import annotations

from html import escape

from totenblatt.wanted.table import TerrainKind
from totenblatt.web.editor.words import strings
from totenblatt.web.shell.page import add_link, document

__all__ = ["editor_link", "editor_page"]

PIECE_KINDS = [kind.value for kind in TerrainKind]
"""The kinds of terrain piece the page offers (every kind of the scenario format)."""


def editor_link(lang: str) -> str:
    """The lobby's link to the table editor, in ``lang``."""
    label = escape(strings(lang)["editor"])
    return f'<a href="/editor?lang={escape(lang)}" id="editor-link">{label}</a>'


def editor_page(lang: str, weapons: list[list[str]]) -> str:
    """``/editor``: the board, the tools, what the rules say, saving and playing."""
    words = strings(lang)
    other = "en" if lang == "de" else "de"
    names = {"en": "English", "de": "Deutsch"}

    def w(key: str) -> str:
        return escape(words[key])

    body = (
        f'<header id="bar"><h1>{w("editor")}</h1><nav>'
        f'<a href="/?lang={lang}">{w("lobby")}</a> · '
        f'<a href="/editor?lang={other}" hreflang="{other}" lang="{other}">{names[other]}</a>'
        "</nav></header>"
        '<main id="editor">'
        '<section id="stage">'
        '<div id="toolbar" role="toolbar">'
        f'<button type="button" class="btn tool" data-tool="select">{w("select")}</button>'
        f'<button type="button" class="btn tool" data-tool="sight">{w("sight_tool")}</button>'
        f'<button type="button" class="btn" id="undo">{w("undo")}</button>'
        f'<button type="button" class="btn" id="redo">{w("redo")}</button>'
        "</div>"
        '<svg id="board" xmlns="http://www.w3.org/2000/svg"></svg>'
        f'<p class="hint">{w("snap")}</p>'
        "</section>"
        '<aside id="panel">'
        f'<details open id="add"><summary>{w("add")}</summary>'
        f'<h3>{w("add_piece")}</h3><div id="palette" class="palette"></div>'
        f'<h3>{w("add_figure")}</h3><div id="figures" class="palette"></div></details>'
        f'<details open id="selection"><summary>{w("selected")}</summary>'
        '<div id="props"></div></details>'
        f'<details open id="rules"><summary>{w("rules")}</summary>'
        '<div id="verdict" role="status"></div><ul id="warnings"></ul>'
        f'<div id="sight"><p class="hint">{w("sight_hint")}</p></div>'
        f"<h3>{w('balance')}</h3>"
        f'<button type="button" class="btn" id="balance-run">{w("balance_run")}</button>'
        '<div id="balance-out" role="status"></div></details>'
        f'<details open id="meta"><summary>{w("table")}</summary><div id="fields"></div>'
        "</details>"
        f'<details open id="saving"><summary>{w("save_title")}</summary>'
        f'<label>{w("scenario_name")}<input id="save-name" autocomplete="off"></label>'
        f'<label>{w("operator_token")}<input id="save-token" type="password" '
        'autocomplete="off"></label>'
        f'<button type="button" class="btn primary" id="save">{w("save")}</button>'
        f'<button type="button" class="btn" id="download">{w("download")}</button>'
        f'<button type="button" class="btn" id="play" hidden>{w("play")}</button>'
        '<div id="save-out" role="status"></div></details>'
        f'<details id="opening"><summary>{w("open")}</summary>'
        '<select id="open-name"></select>'
        f'<button type="button" class="btn" id="open">{w("open_button")}</button>'
        f'<button type="button" class="btn" id="new">{w("new")}</button></details>'
        f'<details id="file"><summary>{w("toml")}</summary>'
        '<textarea id="toml" readonly rows="16"></textarea></details>'
        "</aside></main>"
    )
    return document(
        title=words["title"],
        lang=lang,
        body=body,
        styles=("/editor/static/editor.css",),
        script="/editor/static/editor.js",
        data={"strings": words, "boot": {"lang": lang, "kinds": PIECE_KINDS, "weapons": weapons}},
        body_class="editor-page",
    )


add_link("editor", 20, editor_link)  # the lobby links here through the shell
