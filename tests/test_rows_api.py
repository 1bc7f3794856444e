"""``iter_row_changes``, the rows Python API: many sources read as one chain, the CLI's
filters, and problems reported without ending the changes (issue 24).

It took one file, and its first problem ended the generator.
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai.cli import main
from binlog_kaitai.errors import BinlogError, RowsError, TruncatedError
from binlog_kaitai.rows import (
    RowChange,
    StatementChangeError,
    StatementChangeWarning,
    iter_row_changes,
)
from tests.conftest import REPO, corpus

MARIADB = REPO / "tests" / "fixtures" / "mariadb"
MIXED = MARIADB / "mixed"
TYPED_FULL = MARIADB / "typed_full"
SCHEMA = MARIADB / "schema"
MYSQL_41 = ("hwCloudRDS__mysql-5.7/mysql-test__suite__binlog__std_data__"
            "binlog_old_version_4_1.000001")
STATEMENT_OFFSETS = [("binlog.000001", p) for p in (
    1470, 1765, 2091, 2482, 2904, 3171, 3591, 3866, 6720, 8072)] + [("binlog.000002", 686)]
"""Where the mixed fixture's changes logged as statements are (``mariadb-binlog`` prints
these ten and one statements, see tests/test_filters.py)."""


def collected(*args: Any, **kwargs: Any) -> tuple[list[RowChange], list[BinlogError]]:
    problems: list[BinlogError] = []
    return list(iter_row_changes(*args, on_error=problems.append, **kwargs)), problems


def cli_rows(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, Any]]:
    main(["rows", "--json", *argv])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_sources_are_one_chain() -> None:
    """A folder, a glob, or files in any order: one chain, the schema history of the
    first file naming the columns of the second."""
    by_folder, _ = collected(MIXED)
    by_glob, _ = collected(str(MIXED / "binlog.00000*"))
    by_files, _ = collected([MIXED / "binlog.000002", str(MIXED / "binlog.000001")])
    assert by_folder == by_glob == by_files
    assert [(Path(c.file).name, c.op) for c in by_folder[-2:]] == [
        ("binlog.000002", "insert"), ("binlog.000002", "delete")]
    assert by_folder[-2].after == {"id": 20, "name": "orange", "qty": 4, "price": "0.70",
                                   "added": "2024-07-08 09:10:11"}
    alone, _ = collected(MIXED / "binlog.000002")  # no CREATE TABLE read: no names
    assert alone[0].after == {"@1": 20, "@2": "orange", "@3": 4, "@4": "0.70",
                              "@5": "2024-07-08 09:10:11"}
    with open(MIXED / "binlog.000001", "rb") as f:  # an open file is still a source
        assert collected(f)[0] == [c for c in by_folder if c.file.endswith("01")]


@pytest.mark.parametrize("argv, kwargs", [
    (["--database", "archive"], {"databases": ["archive"]}),
    (["--table", "humans", "--table", "archive.*"], {"tables": ["humans", "archive.*"]}),
    (["--include-gtids", "0-1-3-11", "--op", "insert"],
     {"include_gtids": "0-1-3-11", "ops": ["insert"]}),
    (["--exclude-gtids", "0-1-1-20", "--type", "write"],
     {"exclude_gtids": "0-1-1-20", "types": ["write"]}),
])
def test_the_clis_filters(capsys: pytest.CaptureFixture[str], argv: list[str],
                          kwargs: dict[str, Any]) -> None:
    expected = cli_rows(capsys, *argv, str(SCHEMA))
    changes, problems = collected(SCHEMA, **kwargs)
    assert [c.to_json_dict() for c in changes] == expected and expected
    assert problems == []


@pytest.mark.parametrize("start, stop, stamps", [
    ("2023-11-14 22:15:00Z", "2030-01-01 00:00:00Z", [100, 200, 300, 86400]),
    (datetime(2023, 11, 14, 22, 18, 20, tzinfo=UTC), None, [300, 86400]),
    # seconds since the epoch; in whole seconds, as the events are (and as mysqlbinlog)
    (1700000100.5, None, [100, 200, 300, 86400]),
    # The FORMAT_DESCRIPTION_EVENT is stamped when the fixture was made (2026), after the
    # rows' SET TIMESTAMP: a stop before it stops there, as mariadb-binlog does.
    (None, 1700000300, []),
])
def test_datetimes_as_the_cli_takes_them(capsys: pytest.CaptureFixture[str], start: Any,
                                         stop: Any, stamps: list[int]) -> None:
    """``start_datetime``/``stop_datetime`` keep the changes the CLI's options keep (the
    typed_full fixture's changes are stamped 1700000000, +100, +200, +300, +86400)."""
    argv = [f"--start-datetime={_cli_time(start)}"] if start is not None else []
    argv += [f"--stop-datetime={_cli_time(stop)}"] if stop is not None else []
    expected = cli_rows(capsys, *argv, str(TYPED_FULL))
    changes, problems = collected(TYPED_FULL, start_datetime=start, stop_datetime=stop)
    assert [c.to_json_dict() for c in changes] == expected and problems == []
    assert sorted({c.timestamp - 1700000000 for c in changes}) == stamps
    with pytest.raises(ValueError, match="before start_datetime"):
        list(iter_row_changes(TYPED_FULL, start_datetime=1700000300,
                              stop_datetime=1700000100))


def _cli_time(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    return f"@{value}" if isinstance(value, (int, float)) else value


def test_statement_logged_changes_are_reported() -> None:
    changes, problems = collected(MIXED)
    assert len(changes) == 25  # every row change still comes
    assert all(isinstance(p, StatementChangeError) for p in problems)
    assert [(Path(p.file).name, p.offset) for p in problems] == STATEMENT_OFFSETS
    assert problems[0].message.endswith(
        "its rows are not in the binlog: INSERT INTO items (name, qty, price, added) "
        "VALUES ('pear...")
    with pytest.warns(StatementChangeWarning) as warned:  # without on_error
        assert list(iter_row_changes(MIXED)) == changes
    assert len(warned) == len(STATEMENT_OFFSETS)
    _, problems = collected(MIXED, ops=["delete"])  # the filters apply to them too
    assert problems == []
    _, problems = collected(corpus(MYSQL_41))  # LOAD DATA as CREATE_FILE + EXEC_LOAD
    assert [(p.offset, p.message.rsplit(": ", 1)[1]) for p in problems][-1] == (
        580, "LOAD DATA INFILE ... INTO TABLE test.t3")


def test_a_rows_error_does_not_end_the_changes() -> None:
    """Read from a rows event whose table map is before the start."""
    every, _ = collected(MIXED / "binlog.000001")
    changes, problems = collected(MIXED / "binlog.000001", start=1260, ops=["insert"])
    assert [(type(p), p.offset) for p in problems[:1]] == [(RowsError, 1260)]
    assert "without a preceding TABLE_MAP_EVENT" in problems[0].message
    inserts = [c for c in every if c.op == "insert"]
    assert [c.pos for c in changes] == [c.pos for c in inserts[3:]] and len(changes) > 5
    got = []
    with pytest.raises(RowsError) as raised, pytest.warns(StatementChangeWarning):
        for change in iter_row_changes(MIXED / "binlog.000001", start=1260):
            got.append(change.pos)
    assert raised.value.offset == 1260  # raised after the last change
    assert got == [c.pos for c in every[3:]]


def test_a_damaged_file_does_not_end_the_chain(tmp_path: Path) -> None:
    """The first file cut inside its WRITE_ROWS at 4399; the second still read, with
    the history the first gave."""
    whole, _ = collected(SCHEMA)
    (tmp_path / "binlog.000001").write_bytes((SCHEMA / "binlog.000001").read_bytes()[:4420])
    shutil.copy(SCHEMA / "binlog.000002", tmp_path / "binlog.000002")
    changes, problems = collected(tmp_path)
    assert [(type(p), Path(p.file).name, p.offset) for p in problems] == [
        (TruncatedError, "binlog.000001", 4399)]

    def key(c: RowChange) -> tuple[str, int, str, Any]:
        return Path(c.file).name, c.pos, c.table, c.after

    assert [key(c) for c in changes] == [
        key(c) for c in whole if c.file.endswith("02") or c.pos < 4399]
    assert changes[-1].after == {"id": 2, "note": "next file"}
    got = []
    with pytest.raises(TruncatedError):
        for change in iter_row_changes(tmp_path):
            got.append(change)
    assert got == changes


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="not one of insert, update, delete"):
        next(iter_row_changes(MIXED, ops=["upsert"]))
    with pytest.raises(ValueError, match="bad range '0-1-9-5'"):
        next(iter_row_changes(MIXED, include_gtids="0-1-9-5"))
    with pytest.raises(OSError, match="no file matches"):
        next(iter_row_changes(str(MIXED / "nothing.*")))
    with pytest.raises(TypeError):
        next(iter_row_changes(MIXED, table=["items"]))  # tables=
