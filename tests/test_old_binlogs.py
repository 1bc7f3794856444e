"""Issue 30, the oldest real binlogs: MariaDB 5.3's fractional temporal columns (logged
under the old type codes, sized by the CREATE TABLE), USER_VAR's UNSIGNED flag, and no
rows lost without a word."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections import Counter
from contextlib import suppress
from pathlib import Path

import pytest

from binlog_kaitai.cli import main
from binlog_kaitai.errors import BinlogError, RowsError
from binlog_kaitai.event import EventType
from binlog_kaitai.rows import RowDecoder
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import MAGIC, BinlogStream, read_events
from tests.conftest import CORPUS_FILES, FIXTURES
from tools import make_old_fixtures

HIRES = FIXTURES / "mariadb" / "hires_temporal"
FIRST, SECOND = HIRES / "binlog.000001", HIRES / "binlog.000002"

ROW_1 = {"id": 1, "ts1": "2024-01-02 03:04:05.1", "ts3": "2024-01-02 03:04:05.123",
         "ts6": "2024-01-02 03:04:05.123456", "dt2": "2024-05-06 07:08:09.12",
         "dt4": "1999-12-31 23:59:59.9999", "dt6": "2038-01-19 03:14:07.999999",
         "tm1": "12:34:56.7", "tm5": "-838:59:58.99999", "tm6": "-00:00:00.000001",
         "ts0": "2024-01-02 03:04:05", "dt0": "2024-05-06 07:08:09", "tm0": "-12:34:56"}
ROW_2 = {"id": 2, "ts1": "1970-01-01 00:00:01.0", "ts3": "2000-02-29 12:00:00.500",
         "ts6": "2001-09-09 01:46:40.000001", "dt2": "1000-01-01 00:00:00.01",
         "dt4": "9999-12-31 23:59:59.9999", "dt6": "0000-00-00 00:00:00.000000",
         "tm1": "-01:00:00.5", "tm5": "838:59:59.00001", "tm6": "00:00:00.000000",
         "ts0": None, "dt0": None, "tm0": None}
ROW_3 = {"id": 3, **dict.fromkeys(list(ROW_1)[1:])}
"""scenario.sql's INSERT INTO t, as its literals (TIMESTAMPs in UTC, the session's zone)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, list[str], str]:
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def _changes(lines: list[str]) -> list[tuple[str, str, dict | None, dict | None]]:
    return [(c["table"], c["op"], c["before"], c["after"]) for c in map(json.loads, lines)]


def test_hires_temporal_rows_with_the_schema_history(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    status, lines, err = run(capsys, "rows", "--json", FIRST, SECOND)
    changes = _changes(lines)
    updated = {**ROW_1, "ts3": "2024-06-07 08:09:10.987", "tm6": "-100:00:00.500000",
               "dt2": "2024-06-07 08:09:10.99"}
    assert changes == [
        ("t", "insert", None, ROW_1), ("t", "insert", None, ROW_2),
        ("t", "insert", None, ROW_3),
        ("u", "insert", None, {"id": 1, "ts5": "2024-01-02 03:04:05.12345", "note": "one"}),
        ("t", "update", ROW_1, updated), ("t", "delete", ROW_3, None),
        ("u", "insert", None, {"id": 2, "ts5": "2010-10-10 10:10:10.54321", "note": "two"}),
        ("t", "update", ROW_2, {**ROW_2, "dt6": "2020-02-02 02:02:02.020202"}),
    ]
    assert status == 1 and "1 statement-logged change" in err  # the INSERT of @big only
    assert "cannot decode" not in err


def test_hires_temporal_text_form(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run(capsys, "rows", FIRST)
    assert status == 0
    first = lines[lines.index("###   id=1"):][:13]
    assert first == ["###   id=1", "###   ts1=1704164645.1", "###   ts3=1704164645.123",
                     "###   ts6=1704164645.123456", "###   dt2='2024-05-06 07:08:09.12'",
                     "###   dt4='1999-12-31 23:59:59.9999'",
                     "###   dt6='2038-01-19 03:14:07.999999'", "###   tm1='12:34:56.7'",
                     "###   tm5='-838:59:58.99999'", "###   tm6='-00:00:00.000001'",
                     "###   ts0=1704164645", "###   dt0='2024-05-06 07:08:09'",
                     "###   tm0='-12:34:56'"]


def test_hires_precision_unknown_is_said_once_per_table_with_the_bytes(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = run(capsys, "rows", "--json", SECOND)
    assert status == 1 and lines == []
    errors = [e for e in err.splitlines() if "cannot decode" in e]
    assert len(errors) == 2
    assert "offset 510: cannot decode the rows of `hr`.`u`" in errors[0]
    assert "columns (@2) are unknown" in errors[0]
    assert errors[0].endswith("row data: f8020000004cb1910200d4310374776f")
    assert "`hr`.`t`" in errors[1] and "(@2, @3, @4, @5, @6, @7, @8, @9, @10, @11, @12, @13)" \
        in errors[1]
    assert errors[1].count("row data: ") == 1


def test_hires_precision_unknown_is_explained_once_per_table() -> None:
    """The second time a table's rows cannot be read for want of its fractional digits,
    the message points back to the first instead of repeating it; each still gives
    its own event's offset and row data."""
    decoder = RowDecoder()
    errors: list[RowsError] = []
    for _ in range(2):  # the file's events twice: each table's rows events again
        for ev in read_events(SECOND):
            try:
                decoder.feed(ev)
            except RowsError as exc:
                errors.append(exc)
    assert [e.offset for e in errors] == [510, 770, 510, 770]
    first, again = errors[:2], errors[2:]
    assert all("are unknown: no CREATE TABLE for it" in e.message for e in first)
    assert all("are unknown" not in e.message for e in again)
    assert all("(fractional digits unknown, see above); row data: " in e.message
               for e in again)
    assert again[0].message.endswith("row data: f8020000004cb1910200d4310374776f")
    assert "`hr`.`t`" in again[1].message


def test_hires_precision_from_a_schema_file(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    ddl = tmp_path / "hr.sql"
    ddl.write_text("CREATE TABLE hr.u (id INT PRIMARY KEY, ts5 TIMESTAMP(5) NULL, "
                   "note VARCHAR(10));\n")
    status, lines, err = run(capsys, "rows", "--json", "--table", "hr.u", "--schema", ddl,
                             SECOND)
    assert _changes(lines) == [
        ("u", "insert", None, {"id": 2, "ts5": "2010-10-10 10:10:10.54321", "note": "two"})]
    assert status == 0 and err == ""


def test_schema_history_keeps_fractional_digits() -> None:
    history = SchemaHistory()
    history.apply_script("CREATE TABLE d.t (a TIMESTAMP(3) NULL, b DATETIME(6), c TIME, "
                         "n INT); ALTER TABLE d.t MODIFY c TIME(4);", "d")
    assert [c.fsp for c in history.columns("d", "t") or []] == [3, 6, 4, None]


def _user_vars(path: Path) -> list[tuple[bytes, int | None, bool]]:
    stream = BinlogStream(path)
    try:
        return [(bytes(ev.body.name), getattr(ev.body, "flags", None), ev.body.is_unsigned)
                for ev in stream.events() if ev.type_code == EventType.user_var_event]
    finally:
        stream.close()


def test_user_var_is_unsigned_from_the_spec() -> None:
    # The spec's is_unsigned tested the end of the stream after the parse: always false.
    assert _user_vars(SECOND) == [(b"big", 1, True)]
    assert _user_vars(FIXTURES / "mariadb" / "mixed" / "binlog.000001") == [
        (b"who", None, False), (b"how_many", 0, False)]


def _binlog_files() -> list[Path]:
    """Every real binlog we have: the fixtures (MariaDB's, relay logs, damaged and fuzzed
    ones) and the corpus; not the encrypted ones, which cannot be read."""
    found = [p for p in sorted(FIXTURES.rglob("*")) if p.is_file()
             and "encrypted" not in p.parent.name and _starts_with_magic(p)]
    return found + [f.path for f in CORPUS_FILES if f.path.is_file()]


def _starts_with_magic(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == MAGIC


def _walk(path: Path) -> tuple[Counter[int], set[int], set[int]]:
    """The reference walk of a file: the rows the reference decoder reads per offset,
    the offsets of the rows events, and those of the events whose changes cannot be read
    by their type and bytes alone (``Event.unreadable_changes``; damage)."""
    decoder = RowDecoder(schema=SchemaHistory())
    rows: Counter[int] = Counter()
    rows_events: set[int] = set()
    unreadable: set[int] = set()
    try:
        for ev in read_events(path, expand_payloads=True):
            if ev.is_rows:
                rows_events.add(ev.pos)
            if ev.unreadable_changes is not None:
                unreadable.add(ev.pos)
            with suppress(RowsError):  # reported or not: the check is the command's
                rows[ev.pos] += len(decoder.feed(ev))
    except BinlogError as exc:  # damage: the command reports it too
        unreadable.add(exc.offset)
    return rows, rows_events, unreadable


@pytest.mark.parametrize("path", _binlog_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_change_is_lost_silently(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every rows event's rows are printed, or the event is reported (stderr, status 1);
    so is every other event whose changes cannot be read: the rows the reference walk
    counts are the rows printed plus those of the events reported."""
    rows, rows_events, unreadable = _walk(path)
    status, lines, err = run(capsys, "rows", "--json", path)
    printed = Counter(json.loads(line)["pos"] for line in lines)
    reported = {int(m[1]) for m in re.finditer(r": offset (\d+): ", err)}
    assert unreadable <= reported, err
    for pos in rows_events - reported:
        assert printed[pos] == rows[pos] > 0, pos
    assert sum(printed.values()) == sum(n for pos, n in rows.items() if pos not in reported)
    if reported:
        assert status == 1


OLD = FIXTURES / "old_versions"
DROP_ROWS, DROP_STATEMENTS = OLD / "ver_5_1-wl2325_r.001", OLD / "ver_5_1-wl2325_s.001"
V5_1_17 = OLD / "ver_5_1_17.001"
ROW_CHANGES = [
    ("t1", "insert", None, {"a": 0, "b": "one"}), ("t1", "insert", None, {"a": 1, "b": "two"}),
    ("t1", "update", {"a": 0, "b": "one"}, {"a": 1, "b": "one"}),
    ("t1", "update", {"a": 1, "b": "two"}, {"a": 2, "b": "two"}),
    ("t1", "delete", {"a": 2, "b": "two"}, None)]
"""binlog_old_versions.test's row-based part: INSERT (0, 'one'), (1, 'two'); UPDATE t1
SET a=a+1; DELETE FROM t1 WHERE a=2."""


def _types(path: Path) -> list[str]:
    return [ev.type_name for ev in read_events(path)]


def test_drop_build_rows_by_their_permuted_type_codes(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert _types(DROP_ROWS)[4:10] == [
        "TABLE_MAP_EVENT", "PRE_GA_WRITE_ROWS_EVENT", "TABLE_MAP_EVENT",
        "PRE_GA_UPDATE_ROWS_EVENT", "TABLE_MAP_EVENT", "PRE_GA_DELETE_ROWS_EVENT"]
    assert [ev.raw[4] for ev in read_events(DROP_ROWS)][4:10] == [16, 17, 16, 18, 16, 19]
    status, lines, err = run(capsys, "rows", "--json", DROP_ROWS)
    assert (_changes(lines), status, err) == (ROW_CHANGES, 0, "")


def test_drop_build_statement_events(capsys: pytest.CaptureFixture[str]) -> None:
    types = _types(DROP_STATEMENTS)
    assert [types[7], types[14], types[15]] == [
        "XID_EVENT", "BEGIN_LOAD_QUERY_EVENT", "EXECUTE_LOAD_QUERY_EVENT"]
    status, lines, err = run(capsys, "rows", "--json", DROP_STATEMENTS)
    assert (lines, status) == ([], 1)
    assert err.endswith("6 statement-logged changes (binlog_format=STATEMENT/MIXED) are not "
                        "rows; see `events --type query`\n")


@pytest.mark.parametrize(("version", "permuted"), [
    ("5.1.1-a_drop5p3", True), ("5.1.5-a_drop5p20", True), ("5.1.4-a_drop6p0", True),
    ("5.2.0-a_drop6p3", True), ("5.2.2-a_drop6p13c", True), ("5.1.6-a_drop5p20", False),
    ("5.1.2-a_drop6p1", False), ("5.2.3-a_drop6p1", False), ("5.1.23-rc-debug-log", False),
    ("5.2.2-a_drop", False)])
def test_which_servers_permute_the_type_codes(version: str, permuted: bool) -> None:
    log = make_old_fixtures.Binlog(version, make_old_fixtures.DROP_POST_HEADERS)
    log.fde()
    stream = BinlogStream(io.BytesIO(bytes(log.data)))
    assert stream.format.is_type_code_permuted is permuted


def test_table_maps_without_metadata_of_5_1_17(capsys: pytest.CaptureFixture[str]) -> None:
    maps = [ev.body for ev in read_events(V5_1_17) if ev.is_table_map]
    assert [(m.has_metadata, hasattr(m, "null_bitmap"),
             [c.len_length_prefix for c in m.column_metas]) for m in maps] == [
        (False, False, [0, 1])] * 3
    status, lines, err = run(capsys, "rows", "--json", V5_1_17)
    assert _changes(lines) == ROW_CHANGES and status == 1  # 1: its statements
    assert err.startswith(f"{V5_1_17}: 6 statement-logged changes")


@pytest.mark.skipif(shutil.which("mariadb-binlog") is None, reason="no mariadb-binlog")
def test_5_1_17_rows_as_mariadb_binlog_reads_them() -> None:
    out = subprocess.run(["mariadb-binlog", "-vv", str(V5_1_17)], capture_output=True,
                         text=True, check=True).stdout
    values = re.findall(r"###   @1=(\d+) .*\n###   @2='(\w+)'", out)
    images = [(str(i["a"]), i["b"]) for _, _, before, after in ROW_CHANGES
              for i in (before, after) if i is not None]
    assert values == images


@pytest.mark.parametrize(("path", "offsets"), [
    (FIXTURES / "fuzz" / "table_map_decimal_scale.bin", [256, 354]),
    (SECOND, [510, 770])])
def test_the_spark_parse_reports_each_unreadable_event_once(path: Path,
                                                            offsets: list[int]) -> None:
    """The Spark parse's ``errors`` rows name each event whose changes cannot be read,
    once (a table map that cannot be decoded, and the rows event left without it; rows
    whose temporal digits are unknown)."""
    from binlog_kaitai.tables.extract import SplitParser
    from binlog_kaitai.tables.splits import FileInfo, plan_file

    st = path.stat()
    split = plan_file(FileInfo(str(path), st.st_size, st.st_mtime), 1 << 40)[0]
    errors = [v for k, v in SplitParser(split).records() if k == "errors"]
    assert [e[1] for e in errors] == offsets
    assert "cannot decode" in errors[0][3]


def test_an_enum_in_a_map_without_metadata_is_not_read_as_a_char(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """5.1.17 logs an ENUM column as a STRING and, without metadata, nothing tells them
    apart but the CREATE TABLE: its rows are reported, not read as a CHAR."""
    old = make_old_fixtures
    log = old.Binlog("5.1.17-beta-debug-log", old.GA_POST_HEADERS)
    log.fde()
    log.query("CREATE TABLE t4 (e ENUM('a', 'b'))")
    log.event(old.GA["table_map"], old.table_map(17, "t4", bytes([old.STRING])))
    log.event(old.GA["write"], (17).to_bytes(6, "little") + b"\x01\x00\x01\x01\x00\x02")
    path = tmp_path / "enum.001"
    path.write_bytes(bytes(log.data))
    status, lines, err = run(capsys, "rows", "--json", path)
    assert (lines, status) == ([], 1)
    assert "rows of `test`.`t4` not decoded: a column type has no known size" in err
