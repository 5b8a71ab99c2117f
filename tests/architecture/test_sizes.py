"""The house's sizes: no module of the package over 600 lines, no function of the web
table over 80 (its features are small modules of small functions, issue 39)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[2] / "src" / "totenblatt"
WEB = PACKAGE / "web"
MODULE_LINES = 600
FUNCTION_LINES = 80


def long_functions(source: str, limit: int = FUNCTION_LINES) -> list[tuple[str, int, int]]:
    """The functions (and methods, nested ones too) of ``source`` longer than ``limit`` lines,
    as (name, first line, lines); a function's lines run from its ``def`` to its last line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > limit:
                found.append((node.name, node.lineno, lines))
    return found


def test_no_web_function_is_over_80_lines() -> None:
    too_long = [
        f"{path.relative_to(PACKAGE)}:{line} {name} ({lines} lines)"
        for path in sorted(WEB.rglob("*.py"))
        for name, line, lines in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert len(list(WEB.rglob("*.py"))) > 20, "the web table's modules were not found"
    assert too_long == [], f"split these (at most {FUNCTION_LINES} lines a function)"


def test_no_module_is_over_600_lines() -> None:
    too_long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MODULE_LINES:
            too_long.append(f"{path.relative_to(PACKAGE)} ({lines} lines)")
    assert too_long == [], f"split these (at most {MODULE_LINES} lines a module)"


def test_the_measure_finds_a_long_function() -> None:
    body = "".join(f"        x{i} = {i}\n" for i in range(80))
    source = f"def short():\n    pass\n\n\nclass A:\n    async def long(self):\n{body}"
    assert long_functions(source) == [("long", 6, 81)]
    assert long_functions(source, limit=81) == []
