"""The adapter's, the engine's and the job's modules import one another without cycles,
keep their functions small, and only the job imports Spark."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

# The installed package's modules and the repository folders they live in (the
# repository's spark/ is installed as binlog_kaitai.spark: pyproject.toml's package-dir).
FOLDERS = {"binlog_kaitai": REPO / "binlog_kaitai", "binlog_kaitai.spark": REPO / "spark"}


def project_modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    modules = {}
    for package, folder in FOLDERS.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            if "generated" in parts:
                continue
            name = ".".join((package, *parts))
            modules[name.removesuffix(".__init__")] = path
    return modules


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
        found.update(n for n in names if n.split(".")[0] in ("binlog_kaitai", "pyspark"))
    return found


def test_no_import_cycles() -> None:
    modules = project_modules()
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
            for path in project_modules().values()
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > 60]
    assert long == []


def test_only_the_job_imports_spark() -> None:
    """The CLI, the adapter and the tables engine never import PySpark or the job (issue
    26: the CLI imported the Spark folder's export, an arrow running back up)."""
    spark = [f"{name} imports {m}" for name, path in project_modules().items()
             if not name.startswith("binlog_kaitai.spark")
             for m in sorted(imports_of(path))
             if m.split(".")[0] == "pyspark" or m.startswith("binlog_kaitai.spark")]
    assert spark == []
