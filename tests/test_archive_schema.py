"""One schema history per archive (issue 25): with ``binlog_row_metadata=MINIMAL`` a
table's CREATE TABLE is in an earlier file than most of its rows; every file and split
starts from the DDL of the earlier files of its server's chain.

The binlogs are real (tests/fixtures/mariadb/rotation_minimal and rotation_other, made
by tools/make_fixtures.py from the SQL beside them); the positions of their DDL come
from the server's own ``SHOW BINLOG EVENTS`` (events.tsv), the rows from the scenario
SQL, and ``binlog-kaitai rows`` over the whole chain is the reference for the names.
"""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.dataset as ds
import pytest

from binlog_kaitai.archive import check
from binlog_kaitai.incremental import load
from binlog_kaitai.stream import read_events
from binlog_kaitai.tables.export import export, export_incremental
from binlog_kaitai.tables.schemas import TABLES, ddl
from binlog_kaitai.tables.splits import (
    FileInfo,
    Split,
    chains,
    list_inputs,
    plan_here,
    thaw,
    walk_file,
)
from tests.conftest import CORPUS, FIXTURES
from tests.test_incremental import assert_same

MARIADB = FIXTURES / "mariadb"
ROTATION = MARIADB / "rotation_minimal"
OTHER = MARIADB / "rotation_other"
FILES = sorted(ROTATION.glob("binlog.0*"))
OTHER_FILES = sorted(OTHER.glob("binlog.0*"))

OLTP = ["id", "k", "c", "amount", "at"]
OLTP_NOTE = [*OLTP, "note"]
CART = ["cart_id", "item"]
CART_AGAIN = ["cart_no", "qty", "label"]
SCENARIO_DDL = [
    # (file, statement starts with, table, action, columns after, added, dropped)
    ("binlog.000001", "CREATE DATABASE ho", None, None, None, None, None),
    ("binlog.000001", "CREATE TABLE oltp", "oltp", "create", OLTP, OLTP, []),
    ("binlog.000001", "CREATE TABLE cart", "cart", "create", CART, CART, []),
    ("binlog.000002", "ALTER TABLE oltp ADD COLUMN note", "oltp", "alter", OLTP_NOTE,
     ["note"], []),
    ("binlog.000002", "DROP TABLE `cart`", "cart", "drop", None, [], CART),
    ("binlog.000002", "CREATE TABLE cart", "cart", "create", CART_AGAIN, CART_AGAIN, []),
]
"""The DDL of rotation_minimal/scenario.sql, in order: in ROW format each is the only
kind of Query event the server writes there."""


def server_events(folder: Path) -> list[dict[str, str]]:
    with open(folder / "events.tsv", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def server_ddl(folder: Path) -> list[tuple[str, int, str]]:
    """(file, position, GTID) of each Query event, as the server lists them: the GTID is
    ``0-<server id>-<n>``, n counting the server's Gtid events up to it."""
    found, gtids = [], 0
    server_id = json.loads((folder / "options.json").read_text()).get("server_id", 1)
    for row in server_events(folder):
        if row["event_type"] == "Gtid":
            gtids += 1
        elif row["event_type"] == "Query":
            found.append((row["file"], int(row["pos"]), f"0-{server_id}-{gtids}"))
    return found


def infos(paths: list[Path]) -> list[FileInfo]:
    return [FileInfo(str(p), p.stat().st_size, p.stat().st_mtime) for p in paths]


def names(split: Split, table: str) -> list[str] | None:
    """The column names a split's history gives ``ho.table`` (None: unknown)."""
    if split.schema is None:
        return None
    columns = thaw(split.schema).columns("ho", table)
    return None if columns is None else [c.name for c in columns]


def positional(name: str) -> bool:
    return name.startswith(("col_", "@"))


def test_schema_history_rows_are_the_scenarios_ddl() -> None:
    """Each statement at its position in the real file, with its GTID and time, and
    what it did to the table's columns."""
    plan = plan_here(infos(FILES), None)
    located = server_ddl(ROTATION)
    assert len(located) == len(SCENARIO_DDL) == len(plan.history)
    times = {(Path(ev.file).name, ev.pos): ev.timestamp for f in FILES for ev in read_events(f)}
    for row, (file, pos, gtid), expected in zip(plan.history, located, SCENARIO_DDL,
                                                strict=True):
        name, start, table, action, columns, added, dropped = expected
        assert (Path(row.file).name, row.pos, row.gtid) == (name, pos, gtid) and file == name
        assert row.statement.startswith(start) and row.schema == "ho"
        assert row.ts.timestamp() == times[name, pos] and row.event_date == row.ts.date()
        assert (row.db, row.table, row.action) == (table and "ho", table, action)
        assert (row.columns, row.added, row.dropped) == (columns, added, dropped)


def test_every_split_starts_from_its_chains_history() -> None:
    """Cut before every transaction, each split of every file knows the tables as the
    DDL before it left them: the CREATE TABLEs of binlog.000001, then the ALTER and the
    new cart of binlog.000002, whatever file the split is in."""
    plan = plan_here(infos(FILES), 1)
    located = {(name, pos): ddl for (name, pos, _), ddl in zip(server_ddl(ROTATION),
                                                               SCENARIO_DDL, strict=True)}
    order = [(Path(s.path).name, s.start or 0) for s in plan.splits]
    assert order == sorted(order) and len(plan.splits) > 3 * len(FILES)
    for split, at in zip(plan.splits, order, strict=True):
        for table in ("oltp", "cart"):
            before = [ddl[4] for where, ddl in located.items() if ddl[2] == table and where < at]
            assert names(split, table) == (before[-1] if before else None), (at, table)
    last = [s for s in plan.splits if s.path.endswith("binlog.000003")]
    assert last and all(names(s, "cart") == CART_AGAIN for s in last)
    # while no DDL comes between two splits, they share one snapshot
    assert len({id(s.schema) for s in plan.splits}) <= len(SCENARIO_DDL) + 1


def test_two_servers_chains_keep_separate_histories() -> None:
    """Both servers have a ho.oltp, with other columns: each chain's files know its own."""
    files, _ = list_inputs([str(ROTATION), str(OTHER)])
    plan = plan_here([f for f in files if "binlog.0" in f.path], 1)
    other = [s for s in plan.splits if s.path.startswith(str(OTHER)) and s.schema is not None]
    mine = [s for s in plan.splits if s.path.startswith(str(ROTATION)) and s.schema is not None]
    assert other and mine
    assert {tuple(names(s, "oltp") or ()) for s in other} == {(), ("oid", "city", "zip")}
    assert all(names(s, "oltp") == ["oid", "city", "zip"] for s in other
               if s.path.endswith("000002"))
    assert all(names(s, "cart") is None for s in other)
    assert {tuple(names(s, "oltp") or ()) for s in mine} == {(), tuple(OLTP), tuple(OLTP_NOTE)}
    assert [r.gtid for r in plan.history if r.file.startswith(str(OTHER))] == [
        gtid for _, _, gtid in server_ddl(OTHER)]


INPUTS = [str(ROTATION / "binlog.0*"), str(OTHER / "binlog.0*")]


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``--schema`` file, which seeds every chain's history."""
    path = tmp_path_factory.mktemp("schema") / "extra.sql"
    path.write_text("CREATE TABLE ho.extra (a INT PRIMARY KEY);\n")
    return path


def test_cut_and_whole_walks_find_the_same_history() -> None:
    """``export`` walks files whole, the job cuts them (and reads other bodies to): the
    same history rows on every real binlog here and in the corpus, GTIDs included."""
    files, _ = list_inputs([str(MARIADB), str(CORPUS)])
    whole = plan_here(files, None).history
    assert len(whole) > 50 and sum(1 for r in whole if r.gtid) > 20
    assert plan_here(files, 4096).history == whole


@pytest.fixture(scope="module")
def exported(script: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("archive") / "out"
    export(INPUTS, str(out), schema_files=[str(script)])
    return out


def rows_of(folder: Path) -> list[dict[str, Any]]:
    return ds.dataset(folder, partitioning="hive").to_table().to_pylist()


def keys(row: dict[str, Any], side: str) -> list[str]:
    """The column names of an image: a typed table's struct, or ``row_changes``' JSON
    text."""
    value = row[side]
    if value is None:
        return []
    return list(json.loads(value)) if isinstance(value, str) else list(value)


def test_export_names_every_column_of_every_file(exported: Path) -> None:
    changes = rows_of(exported / "row_changes")
    later = [r for r in changes if r["file"].startswith(str(ROTATION))
             and not r["file"].endswith("000001")]
    assert len(later) == 10
    assert not [k for r in changes for side in ("before", "after") for k in keys(r, side)
                if positional(k)]
    other = [r for r in changes if r["file"].startswith(str(OTHER))]
    assert len(other) == 4 and all(keys(r, "after") == ["oid", "city", "zip"] for r in other)
    oltp = rows_of(exported / "tables" / "ho.oltp")
    fields = {f["after"] and tuple(f["after"]) for f in oltp} - {None}
    assert fields == {(*OLTP_NOTE, "oid", "city", "zip")}
    assert [r["after"]["note"] for r in oltp if r["file"].endswith("000003")
            and r["after"] is not None and r["after"]["id"] is not None] == [
        "last file", "changed"]
    cart = rows_of(exported / "tables" / "ho.cart")
    assert [(r["op"], r["after"]["cart_no"], r["after"]["qty"]) for r in cart
            if r["file"].endswith("000003")] == [("c", 200, 7), ("u", 100, 6)]
    assert not (exported / "errors").exists()  # no "column names unknown" there


def test_export_writes_the_schema_history(exported: Path, script: Path) -> None:
    rows = sorted(rows_of(exported / "schema_history"),
                  key=lambda r: (r["pos"] is not None, r["file"], r["pos"] or 0))
    seed, *ours = rows
    assert (seed["file"], seed["pos"], seed["table"], seed["action"], seed["columns"]) == (
        str(script), None, "extra", "create", ["a"])
    plan = plan_here([*infos(FILES), *infos(OTHER_FILES)], None)
    assert len(ours) == len(plan.history) == len(SCENARIO_DDL) + 2
    for row, expected in zip(ours, plan.history, strict=True):
        assert row == {**expected._asdict(), "event_date": row["event_date"]}


def rows_command(paths: list[Path]) -> Iterator[dict[str, Any]]:
    out = subprocess.run([sys.executable, "-m", "binlog_kaitai", "rows", "--json",
                          *map(str, paths)], capture_output=True, text=True, check=True)
    for line in out.stdout.splitlines():
        yield json.loads(line)


def test_export_row_changes_equal_the_rows_command(exported: Path) -> None:
    """``binlog-kaitai rows`` over the whole chain names every column: export's
    row_changes have the same names and values, file by file."""
    ours = {(r["file"], r["pos"], r["row"]): tuple(
        None if r[side] is None else json.dumps(json.loads(r[side]))
        for side in ("before", "after"))
        for r in rows_of(exported / "row_changes") if r["file"].startswith(str(ROTATION))}
    theirs = {(str(Path(r["file"]).resolve()), r["pos"], r["row"]): tuple(
        None if r[side] is None else json.dumps(r[side]) for side in ("before", "after"))
        for r in rows_command(FILES)}
    assert ours == theirs and len(ours) == 13


# -- two servers' files in one folder: a chain each, as check finds them ------------------

OTHER_COLUMNS = "oid INT PRIMARY KEY, city VARCHAR(20), zip INT"
"""rotation_other's ho.oltp, for a ``--schema`` file: its CREATE TABLE is in its
binlog.000001, which cannot join it in rotation_minimal's folder (both are numbered 1)."""


def renamed_table(source: Path, target: Path, old: bytes, new: bytes) -> None:
    """``source`` copied to ``target`` with every ``old`` (a table's name) in its events
    made ``new``, of the same length, each changed event's CRC32 made again."""
    data = bytearray(source.read_bytes())
    for ev in read_events(source):
        body = bytes(data[ev.pos:ev.next_pos - 4])
        if old in body:
            body = body.replace(old, new)
            data[ev.pos:ev.next_pos] = body + zlib.crc32(body).to_bytes(4, "little")
    target.write_bytes(bytes(data))


def one_folder(tmp: Path, table: bytes) -> Path:
    """rotation_minimal's files and, as binlog.000004, rotation_other's binlog.000002
    (rows only, server 2) with its table named ``ho.<table>``: check sees two chains."""
    folder = tmp / "binlogs"
    folder.mkdir()
    for f in FILES:
        shutil.copy(f, folder / f.name)
    renamed_table(OTHER / "binlog.000002", folder / "binlog.000004", b"oltp", table)
    found = check([str(folder)]).chains
    assert [(c.files[0].server_id, len(c.files)) for c in found] == [(1, 3), (2, 1)]
    return folder


def test_the_planners_chains_are_checks(tmp_path: Path) -> None:
    folder = one_folder(tmp_path, b"oltp")
    files, _ = list_inputs([str(folder)])
    planned = [[w.info.path for w in chain] for chain in chains(
        [walk_file(info, None) for info in files])]
    assert planned == [[s.file for s in c.files] for c in check([str(folder)]).chains]


def export_one_folder(tmp: Path, table: str) -> Path:
    """The export of :func:`one_folder`, server 2's table given by a ``--schema`` file."""
    folder = one_folder(tmp, table.encode())
    script = tmp / "other.sql"
    script.write_text(f"CREATE TABLE ho.{table} ({OTHER_COLUMNS});\n")
    export([str(folder)], str(tmp / "out"), schema_files=[str(script)])
    assert not (tmp / "out" / "errors").exists()  # no "column names unknown" there
    return tmp / "out"


def test_one_folder_two_servers_each_chain_its_own_names(tmp_path: Path) -> None:
    """Server 2's file after server 1's in one folder: its ho.oltp is server 2's (3
    columns), not server 1's (6), whose history would give it positional names."""
    out = export_one_folder(tmp_path, "oltp")
    changes = rows_of(out / "row_changes")
    other = [r for r in changes if r["file"].endswith("binlog.000004")]
    assert len(other) == 3 and all(keys(r, "after") == ["oid", "city", "zip"] for r in other)
    mine = [r for r in changes if not r["file"].endswith("binlog.000004")]
    assert len(mine) == 13 and not [k for r in mine for side in ("before", "after")
                                    for k in keys(r, side) if positional(k)]
    oltp = rows_of(out / "tables" / "ho.oltp")
    assert {tuple(r["after"]) for r in oltp if r["after"]} == {(*OLTP_NOTE, "oid", "city", "zip")}
    assert [(r["after"]["oid"], r["after"]["city"], r["after"]["zip"]) for r in oltp
            if r["file"].endswith("binlog.000004")] == [
        (2, "Lyon", 69001), (3, "Nice", 6000), (2, "Lyon", 69002)]


def test_one_folder_two_servers_same_column_count(tmp_path: Path) -> None:
    """Server 2's table named ho.cart: server 1's ho.cart has 3 columns too, so its
    history would name server 2's columns cart_no, qty, label with no sign of it."""
    out = export_one_folder(tmp_path, "cart")
    cart = rows_of(out / "tables" / "ho.cart")
    assert [(r["after"]["oid"], r["after"]["city"], r["after"]["zip"]) for r in cart
            if r["file"].endswith("binlog.000004")] == [
        (2, "Lyon", 69001), (3, "Nice", 6000), (2, "Lyon", 69002)]
    assert all(r["after"]["cart_no"] is None for r in cart if r["file"].endswith("000004"))
    theirs = [r for r in rows_of(out / "row_changes") if r["file"].endswith("binlog.000004")]
    assert len(theirs) == 3 and all(keys(r, "after") == ["oid", "city", "zip"] for r in theirs)


def test_one_folder_two_servers_a_file_at_a_time(tmp_path: Path) -> None:
    """The same folder to incremental runs, a file each: each server's chain continues
    from its own history in the state, and the tables equal one run's."""
    one = export_one_folder(tmp_path, "cart")
    archive, files, inc = tmp_path / "binlogs", tmp_path / "files", tmp_path / "inc"
    archive.rename(files)
    archive.mkdir()
    for f in sorted(files.iterdir()):
        shutil.copyfile(f, archive / f.name)
        assert export_incremental([str(archive)], str(inc), schema_files=[
            str(tmp_path / "other.sql")]).files == 1
    assert len(load(str(inc)).histories) == 2
    assert_same(inc, one)


# -- the Spark job and the data source: the export's rows, from splits cut mid-file --------

SPARK_TABLES = ("row_changes", "schema_history", "tables/ho.oltp", "tables/ho.cart")


def typed_rows(df: Any) -> list[str]:
    """A typed table's changes, each row image as sorted (column, value) pairs."""
    return sorted(repr((r.file, r.pos, r.row, r.op, r.after and sorted(r.after.asDict().items())))
                  for r in df.collect())


@pytest.fixture(scope="module")
def session() -> Any:
    """The Spark session of tests/test_spark.py (local[2], UTC), if it runs; else one
    alike (stopped with the process, or by that module's fixture)."""
    import os

    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    return (SparkSession.builder.master("local[2]").appName("binlog-kaitai-tests")
            .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.shuffle.partitions", "2").getOrCreate())


@pytest.fixture(scope="module")
def job_out(session: Any, script: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from binlog_kaitai.spark.job import run_job

    out = tmp_path_factory.mktemp("job") / "out"
    result = run_job(session, INPUTS, str(out), split_size=300, schema_files=[str(script)],
                     progress=None)
    assert result.splits > 2 * (len(FILES) + len(OTHER_FILES))
    return out


def spark_rows(df: Any) -> list[str]:
    return sorted(repr(r.asDict(recursive=True)) for r in df.collect())


def test_the_job_writes_the_exports_rows(session: Any, job_out: Path, exported: Path) -> None:
    """Cut before about every 300 bytes, each split from its chain's history: the same
    rows as the export's whole files, every column named."""
    for name in SPARK_TABLES:
        ours = spark_rows(session.read.parquet(str(job_out / name)))
        assert ours and ours == spark_rows(session.read.parquet(str(exported / name))), name
    errors = session.read.schema(ddl(TABLES["errors"])).parquet(str(job_out / "errors"))
    assert not errors.count()  # no "column names unknown" there


def test_the_data_source_reads_the_jobs_rows(session: Any, job_out: Path, script: Path
                                             ) -> None:
    from binlog_kaitai.spark.datasource import register

    register(session)
    for name in ("row_changes", "schema_history", "ho.oltp"):
        df = (session.read.format("mysql_binlog").option("table", name)
              .option("split_size", "1k").option("schema_files", str(script)).load(INPUTS))
        written = session.read.parquet(str(job_out / ("tables/" + name if "." in name else name)))
        if name == "ho.oltp":  # the union schema: the same fields, maybe in another order
            columns = ["file", "pos", "row", "op", "after"]
            df, written = df.select(*columns), written.select(*columns)
            assert sorted(written.schema["after"].dataType.names) == sorted(
                df.schema["after"].dataType.names)
            assert not [n for n in df.schema["after"].dataType.names if positional(n)]
            assert typed_rows(df) == typed_rows(written)
            continue
        assert df.rdd.getNumPartitions() > len(FILES) + len(OTHER_FILES)
        assert spark_rows(df) == spark_rows(written.select(*df.columns)), name
