"""The Spark job and the mysql_binlog data source on real binlogs, against the plain reader.

One session (local[2], UI off, UTC). The job runs over every MariaDB fixture and every
corpus file plus a truncated copy and a file that is no binlog, with the default split
size (no file is cut) and with a small one (the larger files are cut into several
tasks); and over the MariaDB scenarios with DDL and rows with a tiny one (a task per
transaction or two). All runs must write the same rows for the same file, and those
rows must be what read_events, summary and iter_row_changes give for each file.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

from binlog_kaitai.archive import check_chains
from binlog_kaitai.cli import main as cli_main
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event_kinds import ROWS
from binlog_kaitai.render import text
from binlog_kaitai.row_text import json_lines
from binlog_kaitai.rows import RowChange, iter_row_changes
from binlog_kaitai.spark.build_zip import build
from binlog_kaitai.spark.datasource import register
from binlog_kaitai.spark.job import JobFailed, JobResult, packed, run_job, unpacked
from binlog_kaitai.spark.job import main as job_main
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import summary
from binlog_kaitai.tables import changes, extract
from binlog_kaitai.tables.extract import OPS, SplitParser, parser_version
from binlog_kaitai.tables.schemas import ERRORS, FAILFAST, TABLES, FailfastRecord, column_names, ddl
from binlog_kaitai.tables.splits import FileInfo, plan_file, whole_file
from binlog_kaitai.tables.typed_tables import positional_note
from tests.conftest import CORPUS, FIXTURES, REPO
from tools.crosscheck import default_files
from tools.fuzz import parsed_records, without_runs

pyspark = pytest.importorskip("pyspark")
from pyspark.sql import SparkSession  # noqa: E402

MARIADB = FIXTURES / "mariadb"
SMALL_SPLIT = 256 << 10
TINY_SPLIT = 1024


@pytest.fixture(scope="session")
def spark() -> Iterator[SparkSession]:
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (SparkSession.builder.master("local[2]").appName("binlog-kaitai-tests")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.sql.shuffle.partitions", "2")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@dataclass
class Run:
    inputs: list[Path]
    out: Path
    result: JobResult
    progress: str


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    tmp = tmp_path_factory.mktemp("inputs")
    cut = tmp / "truncated.000001"
    cut.write_bytes((MARIADB / "mixed" / "binlog.000001").read_bytes()[:5000])
    junk = tmp / "not-a-binlog.txt"
    junk.write_bytes(b"these are not the bytes you are looking for\n" * 100)
    corpus = sorted(p for p in CORPUS.glob("*/*") if p.is_file())
    return sorted(MARIADB.glob("*/binlog.[0-9]*")) + corpus + [cut, junk]


def job(spark: SparkSession, inputs: list[Path], out: Path, **kw: Any) -> Run:
    progress = io.StringIO()
    result = run_job(spark, [str(p) for p in inputs], str(out), progress=progress, **kw)
    return Run(inputs, out, result, progress.getvalue())


@pytest.fixture(scope="module")
def split_run(spark: SparkSession, inputs: list[Path],
              tmp_path_factory: pytest.TempPathFactory) -> Run:
    return job(spark, inputs, tmp_path_factory.mktemp("split"), split_size=SMALL_SPLIT)


@pytest.fixture(scope="module")
def tiny_run(spark: SparkSession, tmp_path_factory: pytest.TempPathFactory) -> Run:
    files = sorted(MARIADB.glob("mixed/binlog.*")) + sorted(MARIADB.glob("gtid/binlog.*"))
    return job(spark, files, tmp_path_factory.mktemp("tiny"), split_size=TINY_SPLIT)


@pytest.fixture(scope="module")
def whole_run(spark: SparkSession, inputs: list[Path],
              tmp_path_factory: pytest.TempPathFactory) -> Run:
    return job(spark, inputs, tmp_path_factory.mktemp("whole"))


TABLE_CACHE: dict[tuple[Path, str], list[dict[str, Any]]] = {}


def table(spark: SparkSession, out: Path, name: str, fmt: str = "parquet"
          ) -> list[dict[str, Any]]:
    """A written table, rows as dicts, timestamps as aware UTC datetimes (read once)."""
    if (out, name) not in TABLE_CACHE:
        df = spark.read.schema(ddl(TABLES[name])).format(fmt).load(str(out / name))
        TABLE_CACHE[out, name] = [{k: as_utc(v) for k, v in row.asDict().items()}
                                  for row in df.collect()]
    return TABLE_CACHE[out, name]


def as_utc(value: Any) -> Any:
    # PySpark gives timestamps as naive local datetimes; .timestamp() reads them as such.
    if isinstance(value, datetime):
        return datetime.fromtimestamp(value.timestamp(), UTC)
    return value


def by_file(rows: list[dict[str, Any]], path: Path, key: str) -> list[dict[str, Any]]:
    return sorted((r for r in rows if r["file"] == str(path)), key=lambda r: r[key])


def utc(seconds: int | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def plain_events(path: Path) -> tuple[list[Any], BinlogError | None]:
    events = []
    try:
        for ev in read_events(path):
            events.append(ev)
    except BinlogError as exc:
        return events, exc
    return events, None


def test_small_splits_cut_files_into_several_tasks(split_run: Run, whole_run: Run,
                                                   tiny_run: Run) -> None:
    assert split_run.result.files == whole_run.result.files == len(split_run.inputs)
    assert whole_run.result.splits == len(split_run.inputs)
    assert split_run.result.splits > len(split_run.inputs) + 10
    assert split_run.result.tasks > 10
    assert tiny_run.result.splits >= tiny_run.result.tasks > 2 * tiny_run.result.files
    mixed = str(MARIADB / "mixed" / "binlog.000001")
    size = os.path.getsize(mixed)
    assert len(plan_file(FileInfo(mixed, size, 0.0), TINY_SPLIT)) > 4


@pytest.mark.parametrize("name", list(TABLES))
def test_split_and_whole_runs_write_the_same_rows(spark: SparkSession, split_run: Run,
                                                  whole_run: Run, tiny_run: Run,
                                                  name: str) -> None:
    split_rows = table(spark, split_run.out, name)
    whole_rows = table(spark, whole_run.out, name)
    assert split_rows and sorted(map(repr, split_rows)) == sorted(map(repr, whole_rows))
    assert len(split_rows) == split_run.result.rows[name]
    tiny_files = {str(p) for p in tiny_run.inputs}
    tiny_rows = table(spark, tiny_run.out, name)
    assert sorted(map(repr, tiny_rows)) == sorted(
        repr(r) for r in whole_rows if r["file"] in tiny_files)


def test_events_equal_the_plain_reader(spark: SparkSession, split_run: Run) -> None:
    rows = table(spark, split_run.out, "events")
    for path in split_run.inputs:
        events, _ = plain_events(path)
        ours = by_file(rows, path, "pos")
        assert [(r["pos"], r["next_pos"], r["type"], r["type_code"], r["ts"], r["server_id"],
                 r["length"], r["flags"], r["checksum_ok"], r["event_date"]) for r in ours] == [
            (e.pos, e.next_pos, e.type_name, e.type_code, utc(e.timestamp), e.server_id,
             e.length, e.flags, e.checksum_ok, utc(e.timestamp).date()) for e in events]
        for r, e in zip(ours, events, strict=True):
            name, body = e.type_name, e.body
            if name == "XID_EVENT":
                assert r["xid"] == body.xid.value
            if name in ("QUERY_EVENT", "QUERY_COMPRESSED_EVENT") and body is not None:
                assert (r["query"], r["schema"], r["thread_id"]) == (
                    text(body.query_text), body.schema or None, body.thread_id)
            if name == "TABLE_MAP_EVENT":
                assert (r["table_id"], r["db"], r["table"]) == (
                    body.table_id.value, body.schema_name, body.table_name)


def test_rows_columns_of_events_equal_the_row_decoder(spark: SparkSession,
                                                      split_run: Run) -> None:
    rows = table(spark, split_run.out, "events")
    for path in split_run.inputs:
        counts: dict[int, list[Any]] = {}
        try:
            for c in iter_row_changes(path):
                if c.inner_pos is None:
                    counts.setdefault(c.pos, []).append((c.schema, c.table))
        except BinlogError:
            continue
        for r in by_file(rows, path, "pos"):
            if r["pos"] in counts:
                assert r["rows_count"] == len(counts[r["pos"]])
                assert {(r["db"], r["table"])} == set(counts[r["pos"]])
            elif r["type_code"] in ROWS:
                assert r["rows_count"] == 0


def test_files_equal_the_summaries(spark: SparkSession, split_run: Run) -> None:
    rows = {r["file"]: r for r in table(spark, split_run.out, "files")}
    assert sorted(rows) == sorted(map(str, split_run.inputs))
    ev_rows = table(spark, split_run.out, "events")
    trx_rows = table(spark, split_run.out, "transactions")
    for path in split_run.inputs:
        expected = summary(path).to_dict()
        row = rows[str(path)]
        plain, error = plain_events(path)
        for key, value in expected.items():
            if key in ("start_time", "end_time"):
                assert row[key] == utc(expected[key.replace("time", "timestamp")])
            elif key != "error" or error is None:
                assert row[key] == value, key
        assert row["event_count"] == len(plain) == len(by_file(ev_rows, path, "pos"))
        assert row["transaction_count"] == len(by_file(trx_rows, path, "begin_pos"))
        gtids = [t["gtid"] for t in by_file(trx_rows, path, "begin_pos") if t["gtid"]]
        assert (row["first_gtid"], row["last_gtid"]) == (
            (gtids[0], gtids[-1]) if gtids else (None, None))
        assert row["parser_version"] == parser_version() != "unknown"
        if error is None:
            assert (row["status"], row["error_offset"]) == ("ok", None)
        else:
            assert (row["status"], row["error"], row["error_offset"]) == (
                error.kind, error.message, error.offset)


def test_bad_files_are_statuses_and_errors_not_failures(spark: SparkSession,
                                                         split_run: Run) -> None:
    status = {r["file"]: r["status"] for r in table(spark, split_run.out, "files")}
    truncated, junk = split_run.inputs[-2:]
    assert status[str(truncated)] == "truncated"
    assert status[str(junk)] == "not_binlog"
    assert status[str(MARIADB / "encrypted" / "binlog.000001")] == "encrypted"
    assert status[str(MARIADB / "mixed" / "binlog.000001")] == "ok"
    errors = table(spark, split_run.out, "errors")
    for path in split_run.inputs:
        _, error = plain_events(path)
        ours = [(r["offset"], r["message"]) for r in by_file(errors, path, "offset")]
        if error is not None:
            assert (error.offset, error.message) in ours
    assert [(r["event_type"], r["event_date"] is not None)
            for r in by_file(errors, truncated, "offset")] == [
        ("WRITE_ROWS_EVENT_V1", True)]
    assert "parsed" in split_run.progress and (
        f"{len(split_run.inputs)}/{len(split_run.inputs)} files" in split_run.progress)


def parsed(image: str | None) -> str | None:
    """A ``row_changes`` image (JSON text) parsed and written again by the json module
    (which keeps 1 apart from 1.0, and the keys' order)."""
    return None if image is None else json.dumps(json.loads(image))


def printed(change: RowChange, image: str) -> str | None:
    """An image of a change as ``rows --json`` prints it (:func:`json_lines`), as
    :func:`parsed` writes it."""
    value = json.loads(json_lines([change]))[image]
    return None if value is None else json.dumps(value)


def test_row_changes_equal_the_plain_decoder(spark: SparkSession, split_run: Run) -> None:
    rows = table(spark, split_run.out, "row_changes")
    trx = table(spark, split_run.out, "transactions")
    xid_of = {(t["file"], t["gtid"]): t["xid"] for t in trx if t["gtid"]}
    total = 0
    changes: dict[str, list[Any]] = {}
    for chain in check_chains(summary(p) for p in split_run.inputs).chains:
        # the job names a file's columns from its chain's history (its chains are check's),
        # as rows over the chain
        for c in iter_row_changes([s.file for s in chain.files], on_error=lambda exc: None):
            changes.setdefault(c.file, []).append((
                OPS[c.op], c.schema, c.table, printed(c, "before"), printed(c, "after"),
                c.pk, c.pos, c.inner_pos, c.row, c.server_id, c.gtid, utc(c.timestamp),
                utc(c.timestamp).date()))
    for path in split_run.inputs:
        expected = changes.get(str(path), [])
        ours = sorted(by_file(rows, path, "pos"), key=lambda r: (r["pos"], r["inner_pos"] or 0,
                                                                 r["row"]))
        assert [(r["op"], r["db"], r["table"], parsed(r["before"]), parsed(r["after"]),
                 r["pk"], r["pos"], r["inner_pos"], r["row"], r["server_id"], r["gtid"],
                 r["ts"], r["event_date"]) for r in ours] == expected
        for r in ours:
            if r["gtid"] is not None:
                assert r["xid"] == xid_of[(r["file"], r["gtid"])]
        total += len(ours)
    assert total > 1000


def test_mariadb_transactions_against_the_fixture(spark: SparkSession, split_run: Run) -> None:
    """GTIDs of the gtid scenario, in order, with their domains, sequences and kinds."""
    trx = by_file(table(spark, split_run.out, "transactions"),
                  MARIADB / "gtid" / "binlog.000001", "begin_pos")
    assert [t["gtid"] for t in trx] == [f"0-1-{i}" for i in range(1, 14)] + ["5-1-1", "5-1-100"]
    assert [(t["gtid_domain"], t["gtid_server_id"], t["gtid_sequence"]) for t in trx][-2:] == [
        (5, 1, 1), (5, 1, 100)]
    assert [t["commit_kind"] for t in trx][:8] == [
        "ddl", "ddl", "ddl", "xid", "xid", "commit", "xa_prepare", "xa_commit"]
    assert [t["tables"] for t in trx][3:6] == [["t.a"], ["t.a"], ["t.m"]]
    assert all(t["event_date"] == t["begin_ts"].date() for t in trx)


def test_mysql_gtid_fields(spark: SparkSession, split_run: Run) -> None:
    """MySQL 9.6 tagged GTID 55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3 (see
    tests/test_gtid_events.py for where these values come from)."""
    path = CORPUS / "blackbeam__rust_mysql_common" / (
        "test-data__binlogs__binlog_transaction_with_GTID_TAG.000001")
    if not path.exists():
        pytest.skip("corpus missing")
    (t,) = [t for t in by_file(table(spark, split_run.out, "transactions"), path, "begin_pos")
            if t["gtid"]]
    assert (t["gtid"], t["gtid_uuid"], t["gtid_tag"], t["gtid_sequence"]) == (
        "55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3",
        "55778904-0299-11f1-b1b8-4ef0c4956feb", "mytag", 3)
    assert (t["last_committed"], t["sequence_number"]) == (0, 1)
    stamp = datetime.fromtimestamp(1770368687, UTC).replace(microsecond=207196)
    assert t["immediate_commit_ts"] == t["original_commit_ts"] == stamp
    assert t["gtid_domain"] is None


def test_outputs_are_partitioned_by_utc_date(split_run: Run) -> None:
    for name in TABLES:
        parts = {p.name for p in (split_run.out / name).iterdir() if p.is_dir()}
        assert parts and all(p.startswith("event_date=") for p in parts)
    days = {p.name for p in (split_run.out / "events").iterdir() if p.is_dir()}
    first = next(read_events(MARIADB / "mixed" / "binlog.000001"))
    assert f"event_date={datetime.fromtimestamp(first.timestamp, UTC).date()}" in days


def test_a_rerun_writes_the_same_files(spark: SparkSession, tiny_run: Run,
                                      tmp_path: Path) -> None:
    """Deterministic output: the same rows, in the same order, in the same part files."""
    again = job(spark, tiny_run.inputs, tmp_path / "again", split_size=TINY_SPLIT)
    for name in TABLES:
        first = part_files(tiny_run.out / name)
        assert first == part_files(again.out / name)
        assert first or name == "errors"


def part_files(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """The rows of each Parquet file under ``folder``, in file order, by date partition
    and part number (file names also hold a per-run UUID)."""
    import pyarrow.parquet as pq

    return {f"{f.parent.name}/{f.name.split('-')[1]}": pq.read_table(f).to_pylist()
            for f in sorted(folder.rglob("*.parquet"))}


@pytest.mark.parametrize("fmt", ["orc", "json"])
def test_orc_and_json_hold_the_same_rows(spark: SparkSession, whole_run: Run, tmp_path: Path,
                                         fmt: str) -> None:
    files = [*sorted(MARIADB.glob("mixed/binlog.*")), MARIADB / "encrypted" / "binlog.000001"]
    run = job(spark, files, tmp_path, fmt=fmt)
    assert next((tmp_path / "events").rglob(f"*.{fmt}")).stat().st_size > 0
    names = {str(p) for p in files}
    for name in TABLES:
        ours = table(spark, run.out, name, fmt)
        assert ours
        assert sorted(map(repr, ours)) == sorted(
            repr(r) for r in table(spark, whole_run.out, name) if r["file"] in names)


def test_inputs_by_uri(spark: SparkSession, whole_run: Run, tmp_path: Path) -> None:
    """A glob URI (file:// here, s3:// or hdfs:// on a cluster) is listed and read
    through pyarrow.fs: the same rows, with the URI in the ``file`` column."""
    run_job(spark, [f"file://{MARIADB}/gtid/binlog.*"], str(tmp_path), progress=None)
    paths = {str(p): f"file://{p}" for p in sorted(MARIADB.glob("gtid/binlog.*"))}
    for name in TABLES:
        expected = [{**r, "file": paths[r["file"]]} for r in table(spark, whole_run.out, name)
                    if r["file"] in paths]
        ours = table(spark, tmp_path, name)
        assert ours or name == "errors"
        assert sorted(map(repr, ours)) == sorted(map(repr, expected))


def test_failfast_fails_on_the_first_bad_file(spark: SparkSession, inputs: list[Path],
                                              tmp_path: Path) -> None:
    junk = inputs[-1]
    with pytest.raises(JobFailed) as failed:
        run_job(spark, [str(MARIADB / "mixed" / "binlog.000002"), str(junk)],
                str(tmp_path / "out"), mode="failfast", progress=None)
    assert f"{junk}: offset 0: not a binlog" in str(failed.value)
    assert not (tmp_path / "out" / "events").exists()
    with pytest.raises(JobFailed):
        run_job(spark, [str(tmp_path / "nothing-*")], str(tmp_path / "out"), progress=None)


def test_failfast_names_the_first_problem_by_file_and_offset(
        spark: SparkSession, inputs: list[Path], tmp_path: Path) -> None:
    """Each task stops at its first problem; the job fails with the first of those in
    file order, whichever task found it first, as the parse's data, not an exception."""
    cut, junk = inputs[-2:]
    with pytest.raises(JobFailed) as failed:
        run_job(spark, [str(cut), str(MARIADB / "mixed" / "binlog.000002"), str(junk)],
                str(tmp_path / "out"), mode="failfast", split_size=TINY_SPLIT, progress=None)
    _, cut_error = plain_events(cut)
    assert cut_error is not None
    first = min((str(cut), cut_error.offset), (str(junk), 0))
    assert str(failed.value).startswith(f"{first[0]}: offset {first[1]}: ")
    assert failed.value.__cause__ is None and failed.value.__context__ is None
    assert not (tmp_path / "out").exists()


def test_records_are_packed_only_under_their_own_columns() -> None:
    """The parse's Arrow batches take a kind's records only: a record of another kind,
    or a plain tuple, fails rather than filling the columns by position."""
    schema = pa.schema([(name, pa.int64() if name == "offset" else pa.string())
                        for name in column_names(FAILFAST)])
    record = FailfastRecord(file="f", offset=4, message="m")
    assert unpacked(packed("failfast", [record], schema)["records"][0].as_py()).to_pylist() == [
        record._asdict()]
    errors = pa.schema([(name, pa.string()) for name in column_names(ERRORS)])
    for wrong, kind_schema in (([record], errors), ([("f", 4, "m")], schema)):
        with pytest.raises(TypeError):
            packed("failfast", wrong, kind_schema)


def test_schema_files_name_the_columns(spark: SparkSession, tmp_path: Path) -> None:
    """binlog.000002 of the mixed scenario writes rows of `items`, created in .000001."""
    ddl_file = tmp_path / "shop.sql"
    ddl_file.write_text(
        "CREATE DATABASE shop; USE shop;\n"
        "CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40) NOT NULL,"
        " qty INT NOT NULL, price DECIMAL(10, 2), added DATETIME) ENGINE=InnoDB;\n")
    path = MARIADB / "mixed" / "binlog.000002"
    run_job(spark, [str(path)], str(tmp_path / "out"), schema_files=[str(ddl_file)],
            progress=None)
    ours = sorted(table(spark, tmp_path / "out", "row_changes"),
                  key=lambda r: (r["pos"], r["row"]))
    expected = list(iter_row_changes(path, schema_files=[ddl_file]))
    assert [(parsed(r["after"]), parsed(r["before"]), r["pk"]) for r in ours] == [
        (printed(c, "after"), printed(c, "before"), c.pk) for c in expected]
    assert json.loads(ours[0]["after"])["name"] == "orange" and ours[0]["pk"] == ["id"]


def is_typed_note(message: str | None) -> bool:
    """An ``errors`` line of the typed change tables (positional names), which the data
    source's ``errors`` table, read a split at a time without them, does not have."""
    return message is not None and message.endswith(positional_note("")[len("table "):])


def test_data_source_reads_the_same_tables(spark: SparkSession, split_run: Run) -> None:
    register(spark)
    pattern = str(MARIADB / "mixed" / "binlog.*")
    paths = sorted(MARIADB.glob("mixed/binlog.*"))
    for name in TABLES:
        df = (spark.read.format("mysql_binlog").option("table", name)
              .option("split_size", "4k").load(pattern))
        if name == "files":
            assert df.rdd.getNumPartitions() == len(paths)
        else:
            assert df.rdd.getNumPartitions() == sum(
                len(plan_file(FileInfo(str(p), p.stat().st_size, 0.0), 4096))
                for p in paths) > len(paths)
        ours = [{k: as_utc(v) for k, v in r.asDict().items()} for r in df.collect()]
        assert column_names(TABLES[name]) == df.columns
        expected = [r for r in table(spark, split_run.out, name)
                    if r["file"] in {str(p) for p in paths}
                    and not is_typed_note(r.get("message"))]
        assert ours or name == "errors"
        assert sorted(map(repr, ours)) == sorted(map(repr, expected))
    events = spark.read.format("mysql_binlog").load([str(p) for p in paths])  # default table
    assert events.count() == sum(1 for p in paths for _ in read_events(p))


def test_data_source_failfast(spark: SparkSession, inputs: list[Path]) -> None:
    register(spark)
    junk = inputs[-1]
    df = spark.read.format("mysql_binlog").option("mode", "failfast").load(str(junk))
    with pytest.raises(Exception, match=f"FailFast: {junk}: offset 0: not a binlog"):
        df.collect()
    lenient = spark.read.format("mysql_binlog").option("table", "errors").load(str(junk))
    assert [r.offset for r in lenient.collect()] == [0]


def test_spark_submit_with_the_zip(tmp_path: Path) -> None:
    """The --py-files zip alone carries the project: driver and workers run a Python that
    sees every installed package except the project and what the zip holds."""
    spark_home = Path(pyspark.__file__).parent
    submit = spark_home / "bin" / "spark-submit"
    zip_path = tmp_path / "binlog-kaitai-spark.zip"
    native = build(zip_path)
    assert "zstandard" in native
    with zipfile.ZipFile(zip_path) as zf:
        in_zip = {name.split("/")[0] for name in zf.namelist()}
    assert {"binlog_kaitai", "kaitaistruct.py", "sqlglot"} <= in_zip
    assert not {"generated", "spark"} & in_zip  # inside binlog_kaitai, as a wheel has them
    site = spark_home.parent
    deps = tmp_path / "site"
    deps.mkdir()
    for entry in site.iterdir():  # no .pth files: the editable install stays invisible
        if entry.name not in in_zip and entry.suffix != ".pth":
            os.symlink(entry, deps / entry.name)
    python = tmp_path / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    python.chmod(0o755)
    env = {**os.environ, "PYSPARK_PYTHON": str(python), "PYSPARK_DRIVER_PYTHON": str(python),
           "PYTHONPATH": str(deps), "SPARK_HOME": str(spark_home)}
    check = subprocess.run([str(python), "-c", "import binlog_kaitai"], env=env, cwd=tmp_path,
                           capture_output=True)
    assert check.returncode != 0  # only the zip can provide it
    inputs = [str(p) for p in sorted(MARIADB.glob("gtid/binlog.*"))]
    out = tmp_path / "out"
    done = subprocess.run(
        [str(submit), "--master", "local[2]", "--conf", "spark.ui.enabled=false",
         "--py-files", str(zip_path), str(REPO / "spark" / "job.py"),
         "--input", *inputs, "--output", str(out)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    output = done.stdout + done.stderr  # spark-submit sends the driver's stderr to stdout
    assert done.returncode == 0, output[-3000:]
    assert "binlog-kaitai-spark: 3 files" in output and "parsed 3/3 files" in output
    events = sum(1 for p in inputs for _ in read_events(p))
    written = list((out / "events").rglob("*.parquet"))
    assert written and f"{events} events" in output
    assert {p.parent.name for p in written} == {
        f"event_date={datetime.fromtimestamp(e.timestamp, UTC).date()}"
        for p in inputs for e in read_events(p)}


# --- binlog-kaitai export: the same tables from one process, without Spark ---------------

@pytest.fixture(scope="module")
def export_out(inputs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export")
    status = subprocess.run(
        [sys.executable, "-c", EXPORT_WITHOUT_SPARK, str(out), *map(str, inputs)],
        capture_output=True, text=True, check=False)
    assert status.returncode == 0, status.stderr
    assert "binlog-kaitai export: " in status.stderr
    return out


EXPORT_WITHOUT_SPARK = """
import sys
from binlog_kaitai.cli import main
status = main(["export", "--output", sys.argv[1], *sys.argv[2:]])
assert not {"pyspark", "py4j"} & set(sys.modules), "export imported Spark"
assert "pandas" not in sys.modules, "export imported pandas (0.3-0.4 s)"
sys.exit(status)
"""


@pytest.mark.parametrize("name", list(TABLES))
def test_export_writes_the_jobs_tables(spark: SparkSession, whole_run: Run, export_out: Path,
                                       name: str) -> None:
    """Every table ``export`` writes holds the rows the Spark job writes, read by Spark
    with the job's schema, partitioned by the same dates."""
    ours = table(spark, export_out, name)
    theirs = table(spark, whole_run.out, name)
    assert ours
    assert sorted(map(repr, ours)) == sorted(map(repr, theirs))
    dates = {p.name for p in (export_out / name).iterdir()}
    assert dates == {p.name for p in (whole_run.out / name).iterdir() if p.is_dir()}


def dictionary_columns(folder: Path) -> dict[str, set[bool]]:
    """Each leaf column of the Parquet files under ``folder``: whether its chunks have a
    dictionary page (both values when some have one and some not)."""
    import pyarrow.parquet as pq

    found: dict[str, set[bool]] = {}
    for part in folder.rglob("*.parquet"):
        meta = pq.ParquetFile(part).metadata
        for g in range(meta.num_row_groups):
            for c in range(meta.num_columns):
                chunk = meta.row_group(g).column(c)
                found.setdefault(chunk.path_in_schema, set()).add(chunk.has_dictionary_page)
    return found


@pytest.fixture(scope="module")
def spark_written(spark: SparkSession, inputs: list[Path],
                  tmp_path_factory: pytest.TempPathFactory) -> Run:
    """A job whose tables Spark's writer writes (snapshots are asked for), on every
    fixture."""
    return job(spark, inputs, tmp_path_factory.mktemp("spark-written"), snapshot=True)


def test_local_parquet_jobs_are_written_by_their_tasks(whole_run: Run, spark_written: Run
                                                      ) -> None:
    """In local mode the tasks write the Parquet tables themselves: parts named by task
    (the driver's after them), as export's worker processes name theirs, and no commit
    files of Spark's; with snapshots, Spark's writer writes them (its names, its
    ``_SUCCESS``), and the rows are the same."""
    tasks = whole_run.result.tasks
    names = {p.name for p in (whole_run.out / "row_changes").rglob("*.parquet")}
    assert all(re.fullmatch(r"part-\d{5}\.parquet", name) for name in names), names
    numbers = {int(name[5:10]) for name in names}
    assert len(numbers) > 1 and numbers <= set(range(tasks + 1))
    assert not list(whole_run.out.rglob("_SUCCESS"))
    assert (spark_written.out / "row_changes" / "_SUCCESS").exists()
    assert any(".c000." in p.name for p in (spark_written.out / "events").rglob("*.parquet"))


@pytest.mark.parametrize("name", ["row_changes", "tables"])
def test_job_and_export_encode_the_images_alike(spark: SparkSession, spark_written: Run,
                                                export_out: Path, name: str) -> None:
    """Spark's Parquet writer is told what export's is: the images' columns (JSON text
    in ``row_changes``, every leaf of a change table's ``before``/``after`` structs and
    raw maps) without a dictionary; the others with one where it pays (Spark's writer
    drops it in a small file)."""
    for out in (spark_written.out, export_out):
        found = dictionary_columns(out / name)
        images = {path: used for path, used in found.items()
                  if path.split(".")[0] in {"before", "after", "before_raw", "after_raw"}}
        assert images and all(used == {False} for used in images.values()), (out, images)
        assert True in found["op"] and True in found["file"], (out, found)
    assert spark.conf.get("parquet.enable.dictionary#before", None) is None  # (put back)


def test_export_rows_are_in_file_order(export_out: Path) -> None:
    import pyarrow.parquet as pq

    for part in (export_out / "events").iterdir():
        rows = pq.read_table(part).select(["file", "pos"]).to_pylist()
        assert rows == sorted(rows, key=lambda r: (r["file"], r["pos"]))


def test_export_failfast_writes_nothing(inputs: list[Path], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    junk = inputs[-1]
    status = cli_main(["export", "--mode", "failfast", "--output", str(tmp_path / "out"),
                       str(MARIADB / "mixed" / "binlog.000002"), str(junk)])
    assert status == 1
    assert f"{junk}: offset 0: not a binlog" in capsys.readouterr().err
    assert not any((tmp_path / "out").rglob("*.parquet"))


def test_export_says_why_it_cannot_write(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """An output it cannot create is named in one line, not an internal error."""
    blocker = tmp_path / "a-file"
    blocker.write_bytes(b"")
    status = cli_main(["export", "--output", str(blocker / "out"),
                       str(MARIADB / "mixed" / "binlog.000002")])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith(f"binlog-kaitai export: cannot write {blocker / 'out'}: ")
    assert "Not a directory" in err


@pytest.mark.parametrize("options", [["--no-typed-tables"], []])
def test_export_stops_at_a_failed_write(options: list[str], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A disk that fills while the writing thread writes (the parse goes on beside it):
    the export stops with the system's reason, leaves no table behind (typed change
    tables included: they are written as they come), and its thread ends."""
    import threading

    import pyarrow.parquet as pq

    written = []

    def fill_up(self: pq.ParquetWriter, table: pa.Table, row_group_size: Any = None) -> None:
        if written:
            raise OSError(28, "No space left on device")
        written.append(len(table))

    monkeypatch.setattr(pq.ParquetWriter, "write_table", fill_up)
    out = tmp_path / "out"
    status = cli_main(["export", *options, "--output", str(out),
                       str(MARIADB / "mixed" / "binlog.000002")])
    assert status == 1
    assert capsys.readouterr().err == (f"binlog-kaitai export: cannot write {out}: "
                                       "[Errno 28] No space left on device\n")
    assert written
    assert not [p for p in out.rglob("*") if p.is_file()]
    assert not [t for t in threading.enumerate() if t.name == "export-writes"]


def test_export_without_typed_tables_writes_the_five(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``--no-typed-tables`` as in the job: the five tables, in Spark's codec (snappy),
    and no ``tables/``; a snapshot cannot be asked for then."""
    import pyarrow.parquet as pq

    source = str(MARIADB / "mixed" / "binlog.000002")
    out = tmp_path / "out"
    assert cli_main(["export", "--no-typed-tables", "--output", str(out), source]) == 0
    # (the errors table has no rows here, so no folder)
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == sorted(
        set(TABLES) - {"errors"})
    part = next((out / "row_changes").rglob("*.parquet"))
    assert pq.ParquetFile(part).metadata.row_group(0).column(0).compression == "SNAPPY"
    assert cli_main(["export", "--no-typed-tables", "--snapshot", "--output",
                     str(tmp_path / "other"), source]) == 2
    assert "--snapshot and --as-of need the typed tables" in capsys.readouterr().err
    assert not (tmp_path / "other").exists()
    with pytest.raises(SystemExit) as exited:  # the job says so before starting a session
        job_main(["--input", source, "--output", str(tmp_path / "job"), "--no-typed-tables",
                  "--as-of", "2024-01-01 00:00:00"])
    assert exited.value.code == 2
    assert "--snapshot and --as-of need the typed tables" in capsys.readouterr().err


# --- row_changes from the columnar decoder against the reference path --------------------

def parsed_tables(path: Path, min_group_bytes: int) -> dict[str, list[Any]]:
    """Every table's rows of one whole file as the executors parse it (errors sorted:
    a group's problems come out when it is decoded)."""
    st = path.stat()
    (split,) = whole_file(FileInfo(str(path), st.st_size, st.st_mtime))
    out: dict[str, list[Any]] = {}
    for kind, values in SplitParser(split, min_group_bytes=min_group_bytes).records():
        if kind == "row_changes":
            out.setdefault(kind, []).extend(values.to_pylist())
        elif kind != "split_stats":  # (it holds the worker's peak RSS)
            out.setdefault(kind, []).append(values)
    out["errors"] = sorted(out.get("errors", []))
    return out


def every_record(path: Path) -> list[tuple[str, Any]]:
    """Every record of one whole file's parse with the typed tables, in order, made
    comparable (``tools.fuzz.parsed_records``)."""
    st = path.stat()
    (split,) = whole_file(FileInfo(str(path), st.st_size, st.st_mtime))
    return parsed_records(SplitParser(split, typed=True))


@pytest.mark.parametrize("path", default_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_runs_give_the_records_that_events_give(path: Path) -> None:
    """A run's table maps, MariaDB GTIDs, XIDs and annotations, read from the fields the
    stream read (``SplitParser.passive_item``), give the records each of them gives as
    an Event (``SplitParser.event``): the same records of every table, in the same
    order, the transactions' and the split's counts included."""
    with_runs = every_record(path)
    with without_runs():
        assert every_record(path) == with_runs


def test_mariadb_events_come_in_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Most of a MariaDB binlog's events reach the parse in runs (the test above
    compares something)."""
    items = []
    real_run = extract.SplitParser.run
    monkeypatch.setattr(extract.SplitParser, "run",
                        lambda self, run: items.append(len(run.heads)) or real_run(self, run))
    records = every_record(MARIADB / "alltypes_full" / "binlog.000001")
    events = sum(1 for kind, _ in records if kind == "events")
    assert sum(items) > events / 2


@pytest.mark.parametrize("min_run", [1, 4, 64, 1 << 30])
def test_in_order_keeps_runs_that_cross_batches(min_run: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``changes.in_order`` gives the rows of several batches in the order of their
    events' places, whether it slices their runs out or takes them: a run that goes on
    from one batch into the next (consecutive rows of the two, one after the other), a
    short run between long ones, rows of one event in their order."""
    monkeypatch.setattr(changes, "MIN_RUN_ROWS", min_run)
    first = pa.record_batch({"v": list(range(100))})
    second = pa.record_batch({"v": list(range(100, 200))})
    seqs_first = [0] * 60 + [2] * 40
    seqs_second = [2] * 40 + [1] * 3 + [3] * 57
    found = changes.in_order([(first, np.array(seqs_first)), (second, np.array(seqs_second))])
    values = [v for batch in found for v in batch.column("v").to_pylist()]
    assert values == [*range(60), 140, 141, 142, *range(60, 140), *range(143, 200)]
    if min_run == 4:  # the long runs sliced (the one across the batches in two), the
        assert [len(batch) for batch in found] == [60, 3, 40, 40, 57]  # short one taken


@pytest.mark.parametrize("path", default_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_columnar_row_changes_equal_the_reference_path(path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Every rows event the columnar decoder may take, whatever its size, decoded by it
    in groups (and each group it refuses by the reference decoder), against every rows
    event through the reference decoder: the same rows in every table, in the same
    order, the ``row_changes`` images' JSON texts included; the groups' rows put in order by
    a ``take`` of the short runs and slices of the long ones, with every run sliced, or
    with every run taken (``changes.in_order``)."""
    columnar = parsed_tables(path, 0)
    assert columnar == parsed_tables(path, 1 << 62)
    monkeypatch.setattr(changes, "MIN_RUN_ROWS", 1)
    assert parsed_tables(path, 0) == columnar
    monkeypatch.setattr(changes, "MIN_RUN_ROWS", 1 << 30)  # (every run taken)
    assert parsed_tables(path, 0) == columnar


@pytest.mark.parametrize("path", default_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_columnar_row_changes_flushed_after_every_event(path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same with the groups decoded after every rows event, as a large transaction's
    are: the XID of a transaction still open is then looked up ahead."""
    monkeypatch.setattr(extract, "BATCH_BYTES", 1)
    columnar = parsed_tables(path, 0)
    monkeypatch.undo()
    assert columnar == parsed_tables(path, 1 << 62)


def test_columnar_path_decodes_the_bulk_rows() -> None:
    """A fixture's large rows events go through the columnar decoder by default (the
    reference path gives the same rows, see above): a batch holds the rows of a whole
    event."""
    path = MARIADB / "alltypes_full" / "binlog.000001"
    st = path.stat()
    (split,) = whole_file(FileInfo(str(path), st.st_size, st.st_mtime))
    sizes = [len(v) for kind, v in SplitParser(split).records() if kind == "row_changes"]
    assert max(sizes) > 1
