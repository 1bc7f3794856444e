"""Typed change tables and snapshots (binlog_kaitai/tables/typed_tables.py,
binlog_kaitai/tables/snapshot.py,
binlog_kaitai/tables/typed_export.py) on binlogs a real MariaDB wrote: the
``typed_full``/``typed_nolog``
fixtures (tests/fixtures/mariadb, SQL beside) and a live server running the same SQL,
whose ``SELECT`` the snapshots must equal value for value."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.spark.typed_spark import union_schemas
from binlog_kaitai.tables.typed_export import TypedResult, export_typed
from binlog_kaitai.tables.typed_tables import TypedBuffer, TypedChanges, cast_to, widen
from tools.make_fixtures import FIXTURES_DIR, Scenario
from tools.mariadb_sandbox import find_program

TYPED = ["typed_full", "typed_nolog"]
MID = datetime(2023, 11, 14, 22, 16, 40, tzinfo=UTC)
"""The time 1-first.sql ends at (its last SET timestamp)."""
ONES = b"\xff" * 8


def _export(paths: list[Path], out: Path, **options: Any) -> TypedResult:
    return export_typed([str(p) for p in paths], str(out), **options)


def _changes(out: Path, table: str) -> list[dict[str, Any]]:
    folder = out / "tables" / table
    return ds.dataset(folder, partitioning="hive").to_table().sort_by(
        [("pos", "ascending"), ("row", "ascending")]).to_pylist()


def _snapshot(out: Path, table: str) -> list[dict[str, Any]]:
    return sorted(pq.read_table(out / "snapshots" / table).to_pylist(), key=lambda r: r["id"])


@pytest.mark.parametrize("scenario", TYPED)
def test_typed_values_are_the_sql_literals(scenario: str, tmp_path: Path) -> None:
    """FULL metadata and NO_LOG (names, signedness, labels from the DDL): the first
    insert of 1-first.sql, value for value, in the types of docs/tables.md."""
    result = _export([FIXTURES_DIR / scenario / "binlog.000001"], tmp_path)
    assert result.tables == {"shop.items": 13, "shop.nokey": 3}
    first = _changes(tmp_path, "shop.items")[0]
    assert (first["op"], first["before"], first["gtid"]) == ("c", None, "0-1-4")
    assert first["ts"] == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)
    assert isinstance(first["xid"], int)
    after = {k: v for k, v in first["after"].items() if v is not None}
    assert after == {
        "id": 1, "qty": Decimal("5.00"), "big": Decimal(18446744073709551615),
        "price": "12345678901234567890.12345678901234567890",
        "at": datetime(9999, 12, 31, 23, 59, 59, 999999), "dur": "-838:59:59",
        "kind": "large", "tags": "red,blue", "flags": ONES,
        "doc": '{"a": [1, 2.5, "x"], "b": null}', "note": "one",
    }
    schema = ds.dataset(tmp_path / "tables" / "shop.items", partitioning="hive").schema
    after_type = schema.field("after").type
    assert after_type.field("at").type == pa.timestamp("us")  # Spark timestamp_ntz
    assert after_type.field("big").type == pa.decimal128(20, 0)
    assert after_type.field("flags").type == pa.binary()


@pytest.mark.parametrize("scenario", TYPED)
def test_schema_evolution_union_and_widening(scenario: str, tmp_path: Path) -> None:
    """ADD COLUMN color, DROP COLUMN note, MODIFY qty SMALLINT -> BIGINT -> DECIMAL(30,2):
    the folder's schema is the union, qty widened; each row right for its version."""
    _export([FIXTURES_DIR / scenario / "binlog.000001"], tmp_path)
    after_type = ds.dataset(tmp_path / "tables" / "shop.items",
                            partitioning="hive").schema.field("after").type
    assert [f.name for f in after_type] == ["id", "qty", "big", "price", "at", "dur", "kind",
                                            "tags", "flags", "doc", "note", "color"]
    assert after_type.field("qty").type == pa.decimal128(30, 2)
    rows = _changes(tmp_path, "shop.items")
    by_version = [(r["op"], (r["after"] or r["before"])["id"],
                   (r["after"] or {}).get("qty"), (r["after"] or {}).get("note"),
                   (r["after"] or {}).get("color"), str(r["event_date"]))
                  for r in rows]
    assert by_version == [
        ("c", 1, Decimal(5), "one", None, "2023-11-14"),
        ("c", 2, Decimal(-7), "two", None, "2023-11-14"),
        ("c", 3, None, None, None, "2023-11-14"),
        ("u", 1, Decimal(6), "one!", None, "2023-11-14"),
        ("d", 2, None, None, None, "2023-11-14"),
        ("c", 4, Decimal(40), None, "red", "2023-11-14"),   # version 2: color added
        ("u", 3, None, None, "blue", "2023-11-14"),
        ("c", 2, Decimal(3000000000), None, "green", "2023-11-14"),  # BIGINT, no note
        ("u", 4, Decimal(-9000000000), None, "red", "2023-11-14"),
        ("d", 3, None, None, None, "2023-11-14"),
        ("u", 1, Decimal("1.25"), None, None, "2023-11-15"),  # DECIMAL(30,2)
        ("u", 5, Decimal("-0.50"), None, "red", "2023-11-15"),
        ("c", 6, Decimal("123456789012345678901234567.89"), None, None, "2023-11-15"),
    ]
    # each schema version was written as it came, then each date's parts made one file
    # of the union: nothing else is left, and its rows are in position order
    for day in (tmp_path / "tables" / "shop.items").iterdir():
        assert [p.name for p in day.iterdir()] == ["part-00000.parquet"]
        rows = pq.read_table(day / "part-00000.parquet", columns=["pos", "row"]).to_pylist()
        assert rows == sorted(rows, key=lambda r: (r["pos"], r["row"]))


def test_snapshot_at_end_and_as_of(tmp_path: Path) -> None:
    """Re-inserted key 2, deleted 3, key 4 changed to 5; as of the middle: 1, 3, 4; a
    table without a primary key has no snapshot and a line saying why."""
    path = FIXTURES_DIR / "typed_full" / "binlog.000001"
    end = _export([path], tmp_path / "end", snapshot=True)
    assert [r["id"] for r in _snapshot(tmp_path / "end", "shop.items")] == [1, 2, 5, 6]
    assert [msg for _, _, msg, _ in end.problems] == [
        "table shop.nokey: no snapshot: no primary key"]
    _export([path], tmp_path / "mid", snapshot=True, as_of=MID)
    mid = _snapshot(tmp_path / "mid", "shop.items")
    assert [(r["id"], r["color"], r["tags"]) for r in mid] == [
        (1, None, "red,blue"), (3, "blue", "red,green,blue"), (4, "red", "green")]
    assert mid[0]["note"] == "one!" and mid[0]["_ts"] <= MID


def test_minimal_images_list_their_columns(tmp_path: Path) -> None:
    """binlog_row_image=MINIMAL: absent columns null, the present ones listed; no
    snapshot (an image is not the whole row)."""
    result = _export([FIXTURES_DIR / "alltypes_minimal" / "binlog.000001"], tmp_path,
                     snapshot=True)
    rows = _changes(tmp_path, "types.alltypes")
    update = next(r for r in rows if r["op"] == "u")
    assert update["before_columns"] == ["id"]
    assert sorted(update["after_columns"]) == ["dt3", "i", "vc"]
    assert update["after"]["i"] == 7 and update["after"]["ti"] is None
    assert any("types.alltypes: no snapshot: row images are not full" in m
               for _, _, m, _ in result.problems)


def test_zero_dates_null_with_raw_text(tmp_path: Path) -> None:
    _export([FIXTURES_DIR / "alltypes_full" / "binlog.000001"], tmp_path)
    zero = next(r for r in _changes(tmp_path, "types.alltypes")
                if r["op"] == "c" and r["after"]["id"] == 4)
    assert zero["after"]["dt"] is None and zero["after"]["ts6"] is None
    raw = dict(zero["after_raw"])
    assert raw["dt"] == "0000-00-00"
    assert raw["dt6"] == "0000-00-00 00:00:00.000000"
    assert raw["ts3"] == "0000-00-00 00:00:00.000"


def test_positional_names(tmp_path: Path) -> None:
    """No metadata and no DDL for the table: col_1, col_2... and a line saying so."""
    path = FIXTURES_DIR / "mixed" / "binlog.000002"
    result = _export([path], tmp_path)
    row = _changes(tmp_path, "shop.items")[0]
    image = row["after"] or row["before"]
    assert list(image)[:2] == ["col_1", "col_2"]
    assert any("shop.items: column names unknown" in m for _, _, m, _ in result.problems)


def test_damaged_file_keeps_its_good_events(tmp_path: Path) -> None:
    """A file cut inside an event: no failure; every rows event that ends before the cut
    is in the table, and a problem says where."""
    source = FIXTURES_DIR / "typed_full" / "binlog.000001"
    data = source.read_bytes()
    cut = len(data) * 2 // 3
    damaged = tmp_path / "binlog.000001"
    damaged.write_bytes(data[:cut])
    full = _changes(_full_export(source, tmp_path / "full"), "shop.items")
    result = _export([damaged], tmp_path / "cut")
    got = _changes(tmp_path / "cut", "shop.items")
    ends = {int(pos): int(end) for _, pos, kind, end in (
        line.split("\t") for line in (source.parent / "events.tsv").read_text().splitlines()[1:])}
    expected = [r for r in full if ends[r["pos"]] <= cut]
    strip = [{k: v for k, v in r.items() if k not in ("file", "xid")} for r in expected]
    assert [{k: v for k, v in r.items() if k not in ("file", "xid")} for r in got] == strip
    assert got and len(got) < len(full)
    cut_event = next(pos for pos, end in ends.items() if pos < cut < end)
    assert [(f, at) for f, at, _, _ in result.problems] == [(str(damaged), cut_event)]


def _full_export(source: Path, out: Path) -> Path:
    _export([source], out)
    return out


def test_widening_ladder() -> None:
    assert widen(pa.int32(), pa.int64()) == pa.int64()
    assert widen(pa.int64(), pa.decimal128(30, 2)) == pa.decimal128(30, 2)
    assert widen(pa.decimal128(38, 0), pa.decimal128(10, 5)) == pa.string()
    assert widen(pa.string(), pa.binary()) == pa.binary()
    assert widen(pa.date32(), pa.int32()) == pa.string()


def test_a_decimal_widened_to_binary_keeps_its_text() -> None:
    """Widening is not associative: a DECIMAL, then text, then bytes under one name make
    binary (as the fuzz fixture ``typed_column_widened_to_binary.bin`` has it), which
    Arrow cannot cast a decimal to; the value's text is kept as its bytes."""
    assert widen(widen(pa.decimal128(20, 0), pa.string()), pa.binary()) == pa.binary()
    values = pa.array([Decimal("18446744073709551615"), None, Decimal("-7")],
                      pa.decimal128(20, 0))
    assert cast_to(values, pa.binary()).to_pylist() == [b"18446744073709551615", None, b"-7"]


# -- live: the snapshot equals SELECT * on the server ----------------------------------

SELECT = ("SELECT id, qty, color, big, price, at, dur, kind, tags, "
          "LPAD(HEX(flags), 16, '0'), doc{} FROM shop.items ORDER BY id")


def _server_rows(db: Any, with_note: bool) -> list[list[str]]:
    out = db.sql(SELECT.format(", note" if with_note else ""))
    return [line.split("\t") for line in out.splitlines()]


def _as_server_value(value: Any, text: str) -> Any:
    """The server's text of a value, read as the snapshot's Python type."""
    if text == "NULL":
        return None
    if isinstance(value, Decimal):
        return Decimal(text)
    if isinstance(value, int):
        return int(text)
    if isinstance(value, datetime):
        return datetime.fromisoformat(text)
    if isinstance(value, bytes):
        return bytes.fromhex(text)
    return text


def _assert_snapshot_equals(rows: list[dict[str, Any]], server: list[list[str]],
                            columns: list[str]) -> None:
    assert len(rows) == len(server)
    for row, texts in zip(rows, server, strict=True):
        ours = [row[c] for c in columns]
        theirs = [_as_server_value(v, t) for v, t in zip(ours, texts, strict=True)]
        assert ours == theirs, row["id"]


@pytest.mark.live
@pytest.mark.skipif(find_program("mariadbd") is None, reason="mariadbd not installed")
@pytest.mark.parametrize("scenario", TYPED)
def test_live_snapshot_equals_select(scenario: str, tmp_path: Path) -> None:
    """The typed scenario on a fresh server: the snapshot as of the end of 1-first.sql
    equals SELECT at that point, the final snapshot equals SELECT at the end."""
    spec = Scenario.load(FIXTURES_DIR / scenario)
    first, second = spec.sql_files
    with spec.sandbox() as db:
        db.sql(first.read_text())
        at_mid = _server_rows(db, with_note=True)
        db.sql(second.read_text())
        at_end = _server_rows(db, with_note=False)
        db.stop()
        paths = [Path(shutil.copy(p, tmp_path / p.name)) for p in db.binlog_paths()]
    columns = ["id", "qty", "color", "big", "price", "at", "dur", "kind", "tags", "flags",
               "doc"]
    _export(paths, tmp_path / "end", snapshot=True)
    _assert_snapshot_equals(_snapshot(tmp_path / "end", "shop.items"), at_end, columns)
    _export(paths, tmp_path / "mid", snapshot=True, as_of=MID)
    _assert_snapshot_equals(_snapshot(tmp_path / "mid", "shop.items"), at_mid,
                            [*columns, "note"])


# -- Spark: the job's functions and the data source ---------------------------------------


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    pytest.importorskip("pyspark")
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (SparkSession.builder.master("local[1]")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.ui.enabled", "false").getOrCreate())
    yield session
    session.stop()


def _spark_rows(frame: Any, columns: list[str]) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in frame.select(*columns).collect()]


def test_spark_change_table_and_snapshot_equal_export(spark: Any, tmp_path: Path) -> None:
    """The job's path (typed batches packed as Arrow IPC rows, the schemas united on the
    driver, a mapInArrow per table, the snapshot a window) gives export's rows."""
    from binlog_kaitai.spark.typed_spark import (
        TYPED_SCHEMA,
        Packer,
        change_table,
        collect_plan,
        snapshot_frame,
        typed_writes,
    )

    path = FIXTURES_DIR / "typed_full" / "binlog.000001"
    changes, packer = TypedChanges(schema=SchemaHistory()), Packer()
    packed = [row for batch in changes.file(str(path)) for row in packer.rows(batch)]
    parsed = spark.createDataFrame(packed, "kind string, rows int, records binary")
    schemas = union_schemas((r.kind, bytes(r.records)) for r in parsed.filter(
        parsed.kind.startswith(TYPED_SCHEMA)).collect())
    frame = change_table(parsed, "shop.items", schemas["shop.items"])
    _export([path], tmp_path, snapshot=True)
    exported = _changes(tmp_path, "shop.items")
    assert frame.schema["after"].dataType.names == list(exported[0]["after"])
    columns = ["op", "xid", "pos", "row", "after.id", "after.qty", "after.at", "after.flags",
               "after.color", "after.note", "before.id"]
    ours = sorted(_spark_rows(frame, columns), key=lambda r: (r[2], r[3]))
    theirs = [(r["op"], r["xid"], r["pos"], r["row"], *[
        (r["after"] or {}).get(c) for c in ("id", "qty", "at", "flags", "color", "note")],
        (r["before"] or {}).get("id")) for r in exported]
    assert [tuple(bytes(v) if isinstance(v, bytearray) else v for v in r) for r in ours] == theirs
    snap = snapshot_frame(frame, ["id"]).orderBy("id")
    assert _spark_rows(snap, ["id", "qty", "color", "_pos"]) == [
        (r["id"], r["qty"], r["color"], r["_pos"]) for r in _snapshot(tmp_path, "shop.items")]
    mid = snapshot_frame(frame, ["id"], MID).orderBy("id")
    assert _spark_rows(mid, ["id", "note"]) == [(1, "one!"), (3, None), (4, None)]
    plan = collect_plan(parsed, snapshot=True)
    assert [p[2] for p in plan.problems] == ["table shop.nokey: no snapshot: no primary key"]
    for write in typed_writes(spark, parsed, plan, str(tmp_path / "job"), "parquet", 2, None):
        write()
    written = pq.read_table(tmp_path / "job" / "snapshots" / "shop.items").to_pylist()
    # (Spark writes timestamps as INT96 by default: _ts reads back without its zone)
    assert [{**r, "_ts": None} for r in sorted(written, key=lambda r: r["id"])] == [
        {**r, "_ts": None} for r in _snapshot(tmp_path, "shop.items")]
    table = ds.dataset(tmp_path / "job" / "tables" / "shop.items", partitioning="hive")
    assert table.count_rows() == len(exported)


def test_datasource_typed_table_and_snapshot(spark: Any) -> None:
    from binlog_kaitai.spark.datasource import register

    register(spark)
    path = str(FIXTURES_DIR / "typed_nolog" / "binlog.000001")
    reader = spark.read.format("mysql_binlog").option("table", "shop.items")
    first = reader.load(path).orderBy("pos", "row").first()
    assert (first.op, first.after.big, first.after.price, first.after.dur) == (
        "c", Decimal(18446744073709551615), "12345678901234567890.12345678901234567890",
        "-838:59:59")
    assert bytes(first.after.flags) == ONES
    assert first.after.at == datetime(9999, 12, 31, 23, 59, 59, 999999)
    snapshot = reader.option("snapshot", "true")
    assert [r.id for r in snapshot.load(path).orderBy("id").collect()] == [1, 2, 5, 6]
    mid = snapshot.option("as_of", "2023-11-14 22:16:40").load(path).orderBy("id")
    assert _spark_rows(mid, ["id", "color", "tags"]) == [
        (1, None, "red,blue"), (3, "blue", "red,green,blue"), (4, "red", "green")]


# -- export and the job write the same tables -------------------------------------------


def _without_file(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in ("file", "_file")} for r in rows]


def test_export_writes_typed_tables_and_snapshots(tmp_path: Path) -> None:
    """``export --snapshot``: the typed tables and snapshots from the extraction's own
    decoded groups equal those of the stand-alone decoding; the table without a key is
    an ``errors`` row; a damaged file still gives its good rows."""
    from binlog_kaitai.tables.export import export

    path = FIXTURES_DIR / "typed_full" / "binlog.000001"
    result = export([str(path)], str(tmp_path / "export"), snapshot=True, as_of=MID)
    assert result.rows["tables/shop.items"] == 13 and result.rows["snapshots/shop.items"] == 3
    _export([path], tmp_path / "alone", snapshot=True, as_of=MID)
    assert _without_file(_changes(tmp_path / "export", "shop.items")) == _without_file(
        _changes(tmp_path / "alone", "shop.items"))
    assert _without_file(_snapshot(tmp_path / "export", "shop.items")) == _without_file(
        _snapshot(tmp_path / "alone", "shop.items"))
    errors = ds.dataset(tmp_path / "export" / "errors", partitioning="hive").to_table()
    assert "table shop.nokey: no snapshot: no primary key" in errors.column("message").to_pylist()
    damaged = tmp_path / "binlog.000001"
    damaged.write_bytes(path.read_bytes()[:5000])
    cut = export([str(damaged)], str(tmp_path / "cut"))
    assert 0 < cut.rows["tables/shop.items"] < 13


def test_job_writes_typed_tables_and_snapshots(spark: Any, tmp_path: Path) -> None:
    """The Spark job: the same change table and snapshot as export."""
    from binlog_kaitai.spark.job import run_job

    path = FIXTURES_DIR / "typed_nolog" / "binlog.000001"
    run_job(spark, [str(path)], str(tmp_path / "job"), snapshot=True, progress=None)
    _export([path], tmp_path / "alone", snapshot=True)
    job = spark.read.parquet(str(tmp_path / "job" / "tables" / "shop.items"))
    columns = ["op", "xid", "pos", "row", "after.id", "after.qty", "after.at", "after.big"]
    ours = sorted(_spark_rows(job, columns), key=lambda r: (r[2], r[3]))
    theirs = [(r["op"], r["xid"], r["pos"], r["row"], *[(r["after"] or {}).get(c) for c in (
        "id", "qty", "at", "big")]) for r in _changes(tmp_path / "alone", "shop.items")]
    assert ours == theirs
    snap = spark.read.parquet(str(tmp_path / "job" / "snapshots" / "shop.items"))
    assert _spark_rows(snap.orderBy("id"), ["id", "qty", "_pos"]) == [
        (r["id"], r["qty"], r["_pos"]) for r in _snapshot(tmp_path / "alone", "shop.items")]


def test_typed_buffer_joins_small_batches_and_passes_large_ones() -> None:
    """Small batches of a table leave joined, once they add up to ``max_rows``; a large
    one leaves as it is (its buffers not copied), after the small ones before it; each
    table's rows stay in order."""
    md = {b"schema": b"db", b"table": b"t"}

    def batch(first: int, rows: int) -> pa.RecordBatch:
        rows_of = pa.record_batch({"pos": list(range(first, first + rows))})
        return rows_of.replace_schema_metadata(md)

    buffer = TypedBuffer(max_rows=10)
    large = batch(3, 25)
    out = [*buffer.add(batch(0, 2)), *buffer.add(batch(2, 1)), *buffer.add(large),
           *buffer.add(batch(28, 4)), *buffer.add(batch(32, 6)), *buffer.add(batch(38, 1)),
           *buffer.finish()]
    assert [len(b) for b in out] == [3, 25, 10, 1]
    assert out[1].column("pos").buffers()[1].address == large.column("pos").buffers()[1].address
    assert [v for b in out for v in b.column("pos").to_pylist()] == list(range(39))
