"""Static files under the hash of their contents are cached for good; the pages name them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from fastapi.testclient import TestClient

from totenblatt.web.shell.page import (
    FOREVER,
    REVALIDATE,
    content_hash,
    static_dir,
    static_prefix,
    static_url,
)


def test_a_file_under_the_hash_is_cached_as_immutable(client: TestClient) -> None:
    answer = client.get(f"{static_prefix()}/js/table.js")
    assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]
    assert answer.headers["cache-control"] == FOREVER
    assert "immutable" in FOREVER and "max-age=31536000" in FOREVER


def test_the_plain_path_still_serves_and_is_revalidated(client: TestClient) -> None:
    plain = client.get("/static/js/table.js")
    hashed = client.get(f"{static_prefix()}/js/table.js")
    assert plain.status_code == 200 and hashed.status_code == 200
    # the plain path: the file as it is; under the hash: minified (test_static_minified.py)
    assert plain.content == (static_dir() / "js" / "table.js").read_bytes()
    assert len(hashed.content) < len(plain.content)
    assert plain.headers["cache-control"] == REVALIDATE
    assert "etag" in plain.headers


def test_a_missing_file_under_the_hash_is_404_and_not_cached(client: TestClient) -> None:
    answer = client.get(f"{static_prefix()}/js/nothing-here.js")
    assert answer.status_code == 404 and answer.headers.get("cache-control") != FOREVER


def test_a_relative_import_stays_under_the_hash(client: TestClient) -> None:
    script = client.get(f"{static_prefix()}/js/table.js").text
    relative = re.findall(r'from ?"(\./[^"]+)"', script)  # minified: no space
    assert relative  # table.js imports its parts relatively
    for name in relative:
        assert client.get(f"{static_prefix()}/js/{name[2:]}").status_code == 200


def test_the_pages_name_the_hashed_addresses(client: TestClient) -> None:
    for path in ("/", "/tutorial", "/companion", "/campaigns", "/stories", "/operator", "/rules"):
        page = client.get(path).text
        assert f'src="{static_prefix()}/js/' in page or path == "/rules", path
        assert f'href="{static_prefix()}/favicon.svg"' in page, path
        assert not re.search(r'="/static/(?![0-9a-f]{12}/)', page), path


def test_the_url_of_a_static_file_and_of_another_route() -> None:
    assert static_url("/static/table.css") == f"{static_prefix()}/table.css"
    assert static_url("/editor/static/editor.js") == "/editor/static/editor.js"
    assert re.fullmatch(r"/static/[0-9a-f]{12}", static_prefix())


def test_a_changed_added_or_removed_file_gives_a_new_hash(tmp_path: Path) -> None:
    folder = tmp_path / "static"
    shutil.copytree(static_dir(), folder)
    first = content_hash(folder)
    assert content_hash(folder) == first == static_prefix().rsplit("/", 1)[1]
    script = folder / "js" / "table.js"
    script.write_text(script.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    changed = content_hash(folder)
    (folder / "js" / "new.js").write_text("export {};\n", encoding="utf-8")
    added = content_hash(folder)
    (folder / "js" / "new.js").unlink()
    assert len({first, changed, added}) == 3
    assert content_hash(folder) == changed
