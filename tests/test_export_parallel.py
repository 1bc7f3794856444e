"""``export`` parsing its splits on several processes (as it does from 32 MB of input on
a machine with more than two cores) writes the tables one process writes, rows in the
same order, on the MariaDB fixtures cut into many splits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from binlog_kaitai.tables import export as export_module
from binlog_kaitai.tables.export import export
from tests.conftest import FIXTURES

FILES = sorted(str(p) for p in (FIXTURES / "mariadb").glob("*/binlog.0*"))


def rows_by_table(root: Path) -> dict[str, list[Any]]:
    """Every table's rows, its files read in path order (dates, then parts: binlog
    order), the images parsed."""
    tables: dict[str, list[Any]] = {}
    for path in sorted(root.rglob("*.parquet")):
        table = path.relative_to(root).parts
        name = "/".join(table[:2] if table[0] in ("tables", "snapshots") else table[:1])
        for row in pq.read_table(path).to_pylist():
            if name == "row_changes":
                row = {**row, **{k: json.loads(row[k] or "null") for k in ("before", "after")}}
            tables.setdefault(name, []).append((path.parent.name, row))
    return tables


def test_splits_parsed_apart_write_the_same_tables(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    export(FILES, str(tmp_path / "one"), snapshot=True)
    monkeypatch.setattr(export_module, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(export_module, "SPLIT_MIN_BYTES", 2048)
    monkeypatch.setattr(export_module.os, "sched_getaffinity", lambda pid: {0, 1, 2})
    export(FILES, str(tmp_path / "apart"), snapshot=True)
    one, apart = rows_by_table(tmp_path / "one"), rows_by_table(tmp_path / "apart")
    assert len(one["row_changes"]) > 200 and len(one["events"]) > 1000
    assert any(name.startswith("tables/") for name in one)
    assert apart == one
    parts = {p.name for p in (tmp_path / "apart" / "events").rglob("*.parquet")}
    assert len(parts) > 10  # many splits, each its part
