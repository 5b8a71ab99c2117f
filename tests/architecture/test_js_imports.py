"""The browser's modules import each other without a cycle, as the package's do.

Every ``import … from "./…"`` (and ``export … from``) of the web's scripts, read from their
text: an edge from the importing file to the imported one. A dynamic ``import()`` (a module
loaded when first needed) is no edge: it runs after every static import has loaded.
"""

from __future__ import annotations

import re
from pathlib import Path

from import_cycles import cycles

WEB = Path(__file__).parents[2] / "src" / "totenblatt" / "web"

STATIC_IMPORT = re.compile(
    r"^(?:import\s+(?:[\w$\s{},*]+?\s+from\s+)?|export\s+(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+)"
    r'"(\.{1,2}/[^"]+)"',
    re.M,
)
"""A static import or re-export of a relative path (its text, at the start of a line)."""


def import_graph(root: Path) -> dict[str, set[str]]:
    """Every script under ``root`` (its path relative to ``root``) -> those it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.js")):
        targets = set()
        for found in STATIC_IMPORT.finditer(path.read_text(encoding="utf-8")):
            target = (path.parent / found.group(1)).resolve()
            assert target.is_file(), f"{path.relative_to(root)} imports {found.group(1)}: no file"
            targets.add(target.relative_to(root.resolve()).as_posix())
        graph[path.relative_to(root).as_posix()] = targets
    return graph


def script_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of imports between the scripts of ``graph``."""
    return cycles(graph, lambda script: graph.get(script, ()))


def test_the_web_scripts_import_each_other_without_a_cycle() -> None:
    graph = import_graph(WEB)
    assert len(graph) > 40 and graph["static/js/table.js"], "the scripts were not read"
    assert "static/js/table/state.js" in graph["static/js/table/render.js"]
    assert script_cycles(graph) == [], "break these cycles (docs: static/js/table/redraw.js)"


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path) -> None:
    (tmp_path / "parts").mkdir()
    (tmp_path / "a.js").write_text('import { b } from "./parts/b.js";\n', encoding="utf-8")
    (tmp_path / "parts" / "b.js").write_text(
        'import {\n  c,\n} from "./c.js";\nexport function b() {}\n', encoding="utf-8"
    )
    (tmp_path / "parts" / "c.js").write_text(
        'export { a } from "../a.js";\nconst later = () => import("./b.js");\n', encoding="utf-8"
    )
    (tmp_path / "d.js").write_text('import "./d.js";\n', encoding="utf-8")
    (tmp_path / "e.js").write_text(
        'export function e(s, from, to) { return s; }\n// import x from "./a.js"\n',
        encoding="utf-8",
    )
    graph = import_graph(tmp_path)
    assert graph["parts/c.js"] == {"a.js"} and graph["e.js"] == set()
    assert script_cycles(graph) == [["a.js", "parts/b.js", "parts/c.js"], ["d.js"]]
