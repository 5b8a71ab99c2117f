"""What the pages of every feature share: the data for a page's script.

A page is a frame its script fills; the data it needs is in
``<script type="application/json">`` elements (never executed; ``<``, ``>`` and ``&``
escaped so no text can end the element), so the strict Content-Security-Policy (no
inline script) holds.

>>> json_script("boot", {"name": "</script>"})
'<script type="application/json" id="boot">{"name":"\\\\u003c/script\\\\u003e"}</script>'
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["json_script"]


def json_script(element_id: str, data: Any) -> str:
    """Data for the page's script in a JSON script element."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    raw = raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{element_id}">{raw}</script>'
