"""Under their content hash the scripts and style sheets go out minified; the files stay as
they are (web/shell/minified.py)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from totenblatt.web.shell.minified import KINDS, minified, minified_folder
from totenblatt.web.shell.page import static_dir, static_prefix

EXPORT = re.compile(r"^export (?:async )?(?:function\*?|class|const|let) ([A-Za-z_$][\w$]*)", re.M)


def sources() -> list[Path]:
    """Every script and style sheet of the static folder."""
    return sorted(p for p in static_dir().rglob("*") if p.is_file() and p.suffix in KINDS)


def test_every_script_and_style_sheet_is_minified_and_smaller() -> None:
    served = minified_folder(static_dir().resolve())
    names = {p.relative_to(static_dir()).as_posix() for p in sources()}
    assert names and set(served) == names
    for path in sources():
        body = served[path.relative_to(static_dir()).as_posix()]
        assert len(body) < path.stat().st_size, path  # none fell back to the file as it is


def test_the_hashed_answer_is_the_minified_file_and_keeps_its_exports(client: TestClient) -> None:
    for name in ("js/table/state.js", "js/panels.js", "js/board.js"):
        source = (static_dir() / name).read_text(encoding="utf-8")
        answer = client.get(f"{static_prefix()}/{name}")
        assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]
        assert answer.text == minified(source, ".js") and len(answer.text) < len(source)
        exports = EXPORT.findall(source)
        assert exports, name
        for export in exports:  # local names may be shortened; what others import never
            assert re.search(rf"\b{re.escape(export)}\b", answer.text), (name, export)
    sheet = client.get(f"{static_prefix()}/table.css")
    assert sheet.headers["content-type"].startswith("text/css")
    assert len(sheet.content) < (static_dir() / "table.css").stat().st_size


def test_a_hashed_script_carries_only_the_headers_a_script_needs(client: TestClient) -> None:
    answer = client.get(f"{static_prefix()}/js/panels.js", headers={"accept-encoding": "gzip"})
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["content-encoding"] == "gzip"
    for name in ("content-security-policy", "x-frame-options", "referrer-policy", "etag"):
        assert name not in answer.headers, name
    assert "accept-ranges" not in answer.headers and "last-modified" not in answer.headers


def test_nested_template_literals_keep_their_text() -> None:
    # a regular-expression minifier (rjsmin) dropped the space inside the inner literal
    script = 'export const f = (a, b) => `${a}${b ? ` — ${b}` : ""}`;'
    assert "` — ${" in minified(script, ".js")


def test_a_file_the_minifier_refuses_is_served_as_it_is(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "good.js").write_text("export const answer = 40 + 2;\n", encoding="utf-8")
    (tmp_path / "bad.js").write_text("export const = ;\n", encoding="utf-8")
    (tmp_path / "plain.txt").write_text("not minified\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="totenblatt.web"):
        served = minified_folder(tmp_path)
    assert served == {"bad.js": b"export const = ;\n", "good.js": b"export const answer=40+2"}
    assert any("bad.js" in r.getMessage() for r in caplog.records)
