"""The adapter's and the job's modules import one another without cycles, and keep their
functions small."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PACKAGES = ("binlog_kaitai", "spark")


def imports_of(path: Path) -> set[str]:
    """The project modules a module imports, at top level or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found.update(n for n in names if n.split(".")[0] in PACKAGES)
    return found


def test_no_import_cycles() -> None:
    modules = {f"{p.parent.name}.{p.stem}": p for pkg in PACKAGES
               for p in (REPO / pkg).glob("*.py") if p.stem != "__init__"}
    graph = {name: {m for m in imports_of(path) if m in modules and m != name}
             for name, path in modules.items()}
    cycles = []

    def visit(name: str, stack: list[str]) -> None:
        if name in stack:
            cycles.append([*stack[stack.index(name):], name])
            return
        for dep in sorted(graph[name]):
            visit(dep, [*stack, name])

    for name in sorted(graph):
        visit(name, [])
    assert cycles == []


def test_no_function_over_60_lines() -> None:
    """Small functions: none in the adapter or the job is longer than 60 lines (nested
    functions counted with the function that holds them)."""
    long = [f"{path.relative_to(REPO)}:{node.lineno} {node.name} "
            f"({node.end_lineno - node.lineno + 1} lines)"
            for pkg in PACKAGES for path in sorted((REPO / pkg).glob("*.py"))
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > 60]
    assert long == []
