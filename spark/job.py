"""Spark batch job: binlog files in, ``files``/``events``/``transactions``/``row_changes``/
``errors``/``schema_history`` tables out, and per source table a typed change table and, with
``--snapshot``, its state at a time (:mod:`binlog_kaitai.spark.typed_spark`).

    spark-submit --py-files build/binlog_kaitai_spark.zip spark/job.py \\
        --input 'dumps/**/binlog.*' --output tables/
    binlog-kaitai-spark --input dumps/ --output tables/       # starts local[*] itself

The driver lists the inputs (path, size, mtime) without opening them; a planning stage
walks the event headers of every file on an executor (one file: on the driver) to cut
the large ones at transaction starts into splits of about ``--split-size`` and to gather
their DDL, which the driver replays along each server's chain of files
(:mod:`binlog_kaitai.tables.splits`: each split
starts from its chain's schema history); then one task per split (small files share
a task) opens its file and streams the events with the project's reader, partition by
partition (``mapInArrow``, the DataFrame form of ``mapPartitions``). In local mode, for
Parquet without snapshots, the tasks write their rows themselves, as ``export``'s
worker processes do, and the driver the rest (:func:`tasks_write`,
:mod:`binlog_kaitai.spark.task_writes`). Otherwise records leave Python as Arrow
batches (several times cheaper than pickled rows); that single parse is persisted, by
the one action that also collects what the driver needs of it (:class:`ParseNotes`),
and every table is written from it by Spark. Either way: ``DIR/<table>``, partitioned
by ``event_date`` (UTC), rows sorted, so a re-run over the same input writes the same
rows.
The tables are written into a staging folder beside ``DIR`` (on an object store, a hidden
one inside it, copied in under the run's own file names) and published as one set at
the end (:mod:`binlog_kaitai.publish`): a failed job leaves ``DIR`` as it was, and an
export already there is replaced only with ``--overwrite``.

Executors need the project (the zip of ``make spark-zip``) and the compiled packages it
cannot carry: zstandard and orjson (listed by the zip build), and pyarrow, as for any
Arrow-based PySpark code.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache, partial
from typing import Any, TextIO

import orjson
import pyarrow as pa
from pyspark import StorageLevel
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.pandas.types import from_arrow_schema
from pyspark.sql.types import (
    BinaryType,
    IntegerType,
    StringType,
    StructField,
    StructType,
)

from binlog_kaitai import incremental
from binlog_kaitai.cli import package_version
from binlog_kaitai.publish import OutputRefused, abandon, begin, check_output, publish
from binlog_kaitai.spark.progress import DoneParam, ProgressPrinter
from binlog_kaitai.spark.task_writes import SparkSplits, in_binlog_order
from binlog_kaitai.spark.typed_spark import (
    TYPED,
    TYPED_SCHEMA,
    Packer,
    TypedPlan,
    error_rows,
    show_typed,
    typed_plan,
    typed_writes,
)
from binlog_kaitai.storage import is_object_store, is_uri
from binlog_kaitai.tables.export import (
    INCREMENTAL_ALONE,
    INCREMENTAL_LOCAL,
    OUTPUT_FOLDERS,
    ExportFailed,
    export_into,
)
from binlog_kaitai.tables.extract import FailFast, SplitParser, fold_files, parser_version
from binlog_kaitai.tables.schemas import (
    FILES,
    PARSED,
    TABLES,
    arrow_schema,
    column_names,
    ddl,
    record_batch,
)
from binlog_kaitai.tables.splits import (
    DEFAULT_SPLIT_SIZE,
    ArchivePlan,
    FileInfo,
    FileWalk,
    Script,
    Split,
    even_split_size,
    list_inputs,
    pack,
    parse_size,
    plan_archive,
    read_scripts,
    walk_file,
)
from binlog_kaitai.tables.typed_export import IMAGE_COLUMNS, TypedOutput, leaf_paths
from binlog_kaitai.tables.typed_tables import SNAPSHOT_NEEDS_TYPED
from binlog_kaitai.times import utc_datetime

SORT_KEYS = {
    "files": ("file",),
    "events": ("file", "pos"),
    "transactions": ("file", "begin_pos"),
    "row_changes": ("file", "pos", "inner_pos", "row"),
    "errors": ("file", "offset"),
    "schema_history": ("file", "pos", "db", "table"),
}
FORMATS = ("parquet", "orc", "json")
OUTPUT_BYTES = 64 << 20
"""Input bytes per written file (per table and date): tasks of small splits are merged
for the writes, into a multiple of the cores (never fewer)."""
BATCH_ROWS = 4096
"""Records of one kind stored together as one row of the persisted parse."""
IPC_OPTIONS = pa.ipc.IpcWriteOptions(compression="lz4")
"""The persisted parse's compression, lz4 as Spark compresses its own blocks: on the
bench file, 0.83x the binlog's bytes (135 MB; 5x uncompressed, the ``row_changes``
images being JSON text) for 0.2-0.3 s of CPU; zstd made it 0.5x for 1.3-1.6 s more
(measured in one process: ``counted_tasks`` over the file's four splits, 2.2 s of CPU
uncompressed, 2.4-2.6 with lz4, 3.8-3.9 with zstd)."""
PACKED_STRUCT = StructType([StructField("kind", StringType()),
                            StructField("rows", IntegerType()),
                            StructField("records", BinaryType())])
TASK_STRUCT = StructType([StructField("task", BinaryType())])
"""The persisted parse's rows and the parse's input rows (built here: a DDL string is
parsed by the JVM, a cold parser's second on a small job)."""
COUNTS = "task_counts"
"""A task's last row of the persisted parse: how many records of each kind it made (a
JSON object), so that the driver learns every count in the one action that also
collects the split statistics, the FAILFAST problems and the typed schemas."""
NOTES = ("split_stats", "failfast", COUNTS)
"""The kinds of the persisted parse the driver collects (with the typed schema rows)."""
DRIVER_WALK_FILES = 1
"""Inputs of at most this many files are walked by the driver (:func:`walk_stage`): a
Spark job and a cold Python worker would cost more than the walk of one file, which one
task would do anyway."""
PACKED_ARROW = pa.schema([("kind", pa.string()), ("rows", pa.int32()),
                          ("records", pa.binary())])


class JobFailed(Exception):
    """FAILFAST found a problem (message ``FILE: offset N: what``), or no input exists."""


@dataclass
class JobResult:
    """What a run did, for the console and the benchmark."""

    files: int = 0
    bytes: int = 0
    splits: int = 0
    tasks: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    """Wall time of each stage: ``plan``, ``parse``, ``write`` (0 when the tasks write the
    tables as they parse them: :func:`tasks_write`), ``total``."""
    worker_peak_rss: int = 0
    """Largest peak RSS of a Python worker at the end of one of its splits, in bytes."""


def parse_tasks(batches: Iterable[pa.RecordBatch], schemas: dict[str, pa.Schema],
                batch_rows: int, failfast: bool, schema_scripts: tuple[Script, ...], done: Any,
                typed: bool = False) -> Iterator[pa.RecordBatch]:
    """Executor side of the parse. Each input row is one task (its splits, pickled). The
    records of each kind become Arrow batches of that table's typed columns,
    ``batch_rows`` at a time, each stored as Arrow IPC bytes in one row of the persisted
    parse: Spark keeps them as opaque bytes, and each table's writer hands them back to
    Arrow as they are (:func:`unpack`). ``row_changes`` come from the parse as Arrow
    batches already, and are stored as they are, several small ones together. Nothing
    is held longer than one batch per kind. In FAILFAST mode the task parses nothing
    after its first ``failfast`` record. ``typed``: the typed change tables' batches too,
    as rows of their own (:class:`binlog_kaitai.spark.typed_spark.Packer`)."""
    pending: dict[str, list[tuple[Any, ...]]] = {kind: [] for kind in PARSED}
    made: list[pa.RecordBatch] = []
    failed = False
    packer = Packer(IPC_OPTIONS)
    for split in task_splits(batches):
        if failed:
            continue  # the rest of the input is still read, as Spark's worker expects
        parser = SplitParser(split, failfast=failfast, schema_scripts=schema_scripts,
                             typed=typed)
        for kind, values in parser.records():
            if kind == "typed":
                for row in packer.rows(values):
                    yield pa.RecordBatch.from_arrays(
                        [pa.array([col]) for col in row], schema=PACKED_ARROW)
                continue
            if isinstance(values, pa.RecordBatch):
                made.append(values)
                if sum(map(len, made)) >= batch_rows:
                    yield packed_batches(kind, made, schemas[kind])
                    made.clear()
                continue
            group = pending[kind]
            group.append(values)
            if len(group) >= batch_rows:
                yield packed(kind, group, schemas[kind])
                group.clear()
        failed = parser.failed
        done.add({split.path: (1, split.nbytes)})
    for kind, group in pending.items():
        if group:
            yield packed(kind, group, schemas[kind])
    if made:
        yield packed_batches("row_changes", made, schemas["row_changes"])


def counted_tasks(batches: Iterable[pa.RecordBatch], **parse: Any
                  ) -> Iterator[pa.RecordBatch]:
    """:func:`parse_tasks`'s rows (``parse``: its arguments), then a :data:`COUNTS` row."""
    counts: dict[str, int] = {}
    for row in parse_tasks(batches, **parse):
        kind = row.column(0)[0].as_py()
        counts[kind] = counts.get(kind, 0) + row.column(1)[0].as_py()
        yield row
    yield pa.RecordBatch.from_arrays(
        [pa.array([COUNTS]), pa.array([0], pa.int32()), pa.array([orjson.dumps(counts)])],
        schema=PACKED_ARROW)


def task_splits(batches: Iterable[pa.RecordBatch]) -> Iterator[Split]:
    """The splits of every task of a partition (one pickled list of splits per row)."""
    for batch in batches:
        for task in batch.column(0).to_pylist():
            yield from pickle.loads(task)


def packed(kind: str, rows: list[tuple[Any, ...]], schema: pa.Schema) -> pa.RecordBatch:
    """One row of the persisted parse: ``rows`` as an Arrow IPC stream of one batch
    (:func:`binlog_kaitai.tables.schemas.record_batch`)."""
    return packed_batches(kind, [record_batch(kind, rows, schema)], schema)


def packed_batches(kind: str, batches: list[pa.RecordBatch], schema: pa.Schema
                   ) -> pa.RecordBatch:
    """One row of the persisted parse: Arrow batches of ``schema`` as one IPC stream."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, schema, options=IPC_OPTIONS) as writer:
        for batch in batches:
            writer.write_batch(batch)
    return pa.RecordBatch.from_arrays(
        [pa.array([kind]), pa.array([sum(map(len, batches))], pa.int32()),
         pa.array([sink.getvalue().to_pybytes()], pa.binary())], schema=PACKED_ARROW)


def unpacked(records: bytes) -> pa.Table:
    return pa.ipc.open_stream(records).read_all()


def unpack(batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """The persisted record batches of one table, as they were made."""
    for batch in batches:
        for records in batch.column(0).to_pylist():
            yield from unpacked(records).to_batches()


def run_job(spark: SparkSession, inputs: Sequence[str], output: str, *, split_size: int =
            DEFAULT_SPLIT_SIZE, mode: str = "permissive", fmt: str = "parquet",
            schema_files: Sequence[str] = (), progress: TextIO | None = sys.stderr,
            typed: bool = True, snapshot: bool = False, as_of: datetime | None = None,
            overwrite: bool = False) -> JobResult:
    """Parse ``inputs`` (paths, directories, globs) and write every table under ``output``.

    ``schema_files`` are DDL scripts (``mysqldump --no-data``) the row decoder's schema
    history starts from in every file, for tables created before the binlogs at hand.
    Four stages: list the inputs, plan their splits, parse them once (persisted), write
    each table from that parse. ``typed``: also each source table's typed change table
    (``output/tables/<db>.<table>``), and with ``snapshot`` its state at the end or
    ``as_of`` (``output/snapshots/<db>.<table>``), see :mod:`binlog_kaitai.spark.typed_spark`.

    The tables are written into a staging folder beside ``output`` (inside it, hidden, on
    an object store; each by Spark's own commit protocol) and published as one set at
    the end (:mod:`binlog_kaitai.publish`): a failed job leaves the output as it was.
    Raises :class:`OutputRefused` when
    ``output`` holds an export and not ``overwrite``, :class:`JobFailed` when nothing
    matches the inputs, or in ``failfast`` mode at the first problem.
    """
    run = begin(output, overwrite=overwrite, known=OUTPUT_FOLDERS)
    try:
        result = _run_into(spark, list_stage(inputs, progress), run.staging, split_size,
                           mode == "failfast", fmt, read_scripts(schema_files), progress,
                           typed, snapshot, as_of)
        publish(run)
    except BaseException:
        abandon(run)
        raise
    return result


def run_incremental(spark: SparkSession, inputs: Sequence[str], output: str, *,
                    split_size: int = DEFAULT_SPLIT_SIZE, mode: str = "permissive",
                    fmt: str = "parquet", schema_files: Sequence[str] = (),
                    progress: TextIO | None = sys.stderr, typed: bool = True) -> JobResult:
    """:func:`run_job` of what the runs before left to do (``--incremental``, the state
    ``export --incremental`` keeps too: :mod:`binlog_kaitai.incremental`): the new
    files and a grown file's new complete transactions, planned from the state's schema
    histories, their tables staged inside ``output``, moved in and committed by the
    manifest. Nothing new: nothing written (a result of 0 files)."""
    state = incremental.load(output)
    incremental.recover(output, state, OUTPUT_FOLDERS)
    todo = incremental.pending(state, list_stage(inputs, progress))
    if not todo:
        return JobResult(seconds={"total": 0.0})
    scripts = read_scripts(schema_files)
    runs: list[incremental.RunPlan] = []
    merged: list[dict[str, Any]] = []

    def plan(spark: SparkSession, files: list[FileInfo], size: int,
             scripts: tuple[Script, ...]) -> ArchivePlan:
        runs.append(incremental.plan_run(state, walk_stage(spark, files, size), scripts))
        return runs[0].plan

    def merge(stats: list[dict[str, Any]]) -> list[dict[str, Any]]:
        merged.extend(incremental.merge_stats(state, stats))
        return merged

    # The runs' files are read together, export's too: timestamps as export writes them
    # (INT64 microseconds, UTC), not Spark's default INT96.
    conf = "spark.sql.parquet.outputTimestampType"
    before = spark.conf.get(conf)
    spark.conf.set(conf, "TIMESTAMP_MICROS")
    try:
        result = _run_into(spark, todo, incremental.staging(output), split_size,
                           mode == "failfast", fmt, scripts, progress, typed, False, None,
                           plan, merge)
    finally:
        spark.conf.set(conf, before)
    incremental.commit(output, state, runs[0], merged)
    return result


def _run_into(spark: SparkSession, files: list[FileInfo], output: str, split_size: int,
              failfast: bool, fmt: str, scripts: tuple[Script, ...],
              progress: TextIO | None, typed: bool, snapshot: bool, as_of: datetime | None,
              planner: Callable[..., ArchivePlan] | None = None,
              merge: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] = list
              ) -> JobResult:
    """:func:`run_job`'s four stages, writing under ``output`` (its staging folder);
    an incremental run's plan from ``planner`` and its ``split_stats`` with the earlier
    runs' (``merge``)."""
    result = JobResult()
    t0 = time.monotonic()
    result.files, result.bytes = len(files), sum(f.size for f in files)
    cores = spark.sparkContext.defaultParallelism
    split_size = even_split_size(result.bytes, split_size, cores)
    archive = (planner or plan_stage)(spark, files, split_size, scripts)
    splits = archive.splits
    tasks = pack(splits, split_size)
    result.splits, result.tasks = len(splits), len(tasks)
    result.seconds["plan"] = time.monotonic() - t0
    if tasks_can_write(spark, output, fmt, snapshot):
        return tasks_write(spark, archive, tasks, output, failfast, scripts, progress,
                           typed, merge, result)

    t1 = time.monotonic()
    parsed, notes = parse_stage(spark, splits, tasks, result.bytes, failfast, scripts,
                                progress, typed)
    counts = notes.counts
    result.seconds["parse"] = time.monotonic() - t1

    t2 = time.monotonic()
    try:
        stats = merge(notes.stats)
        result.worker_peak_rss = max((s["worker_peak_rss"] for s in stats), default=0)
        file_rows = fold_files(stats, parser_version())
        plan = typed_plan(notes.typed_schemas, snapshot) if typed else TypedPlan()
        files_each = -(-max(result.bytes, 1) // OUTPUT_BYTES)
        outputs = min(len(tasks), -(-files_each // cores) * cores)  # a multiple of cores
        with written_as_export(spark, fmt, [arrow_schema(TABLES["row_changes"]),
                                            *plan.schemas.values()]):
            write_stage(spark, parsed, file_rows, output, fmt, outputs,
                        typed_writes(spark, parsed, plan, output, fmt, outputs, as_of),
                        error_rows(plan), archive.history)
    finally:
        parsed.unpersist()
    result.rows = {table: counts.get(table, 0) for table in TABLES}
    result.rows.update(files=len(file_rows), schema_history=len(archive.history))
    result.rows["errors"] += len(plan.problems)
    result.rows.update({f"tables/{name}": counts.get(TYPED + name, 0)
                        for name in plan.schemas})
    result.seconds["write"] = time.monotonic() - t2
    result.seconds["total"] = time.monotonic() - t0
    return result


def tasks_can_write(spark: SparkSession, output: str, fmt: str, snapshot: bool) -> bool:
    """Whether the tasks write the tables themselves (:mod:`binlog_kaitai.spark.task_writes`):
    Parquet without snapshots (Spark makes those), in local mode (the executors write
    where the driver reads) into a local folder, and no speculative attempts (two of a
    task would write the same files). Else Spark writes them, with its commit protocol
    and Hadoop's filesystems."""
    conf = spark.sparkContext.getConf()
    return (fmt == "parquet" and not snapshot and not is_uri(output)
            and conf.get("spark.master", "").startswith("local")
            and conf.get("spark.speculation", "false").lower() != "true")


def tasks_write(spark: SparkSession, archive: ArchivePlan, tasks: list[list[Split]],
                output: str, failfast: bool, scripts: tuple[Script, ...],
                progress: TextIO | None, typed: bool,
                merge: Callable[[list[dict[str, Any]]], list[dict[str, Any]]],
                result: JobResult) -> JobResult:
    """The tables of ``archive`` written by the ``tasks`` that parse it, then by the
    driver (:mod:`binlog_kaitai.spark.task_writes`), as ``export`` writes them."""
    t1 = time.monotonic()
    done, printer = progress_of(spark, archive.splits, result.bytes, progress)
    failed = None
    try:
        with printer:
            rows, stats = export_into(output, archive, failfast, scripts, None,
                                      TypedOutput(output) if typed else None, merge,
                                      pool=SparkSplits(spark, done),
                                      groups=in_binlog_order(tasks))
    except ExportFailed as exc:  # (FAILFAST's problem: raised below, as the parse's data)
        failed = str(exc)
    if failed is not None:
        raise JobFailed(failed)
    for table in TABLES:  # (one without rows an empty folder, as Spark's writer leaves it)
        os.makedirs(os.path.join(output, table), exist_ok=True)
    result.worker_peak_rss = max((s["worker_peak_rss"] for s in stats), default=0)
    result.rows = rows
    result.seconds["parse"], result.seconds["write"] = time.monotonic() - t1, 0.0
    result.seconds["total"] = result.seconds["plan"] + result.seconds["parse"]
    return result


def progress_of(spark: SparkSession, splits: Sequence[Split], total_bytes: int,
                progress: TextIO | None) -> tuple[Any, Any]:
    """The accumulator the tasks add their splits to as they finish them, and the
    context that prints the progress it tells (nothing without ``progress``)."""
    done = spark.sparkContext.accumulator({}, DoneParam())
    return done, (nullcontext() if progress is None else ProgressPrinter(
        done, {s.path: s.count for s in splits}, total_bytes, progress))


def list_stage(inputs: Sequence[str], progress: TextIO | None) -> list[FileInfo]:
    """The input files (path, size, mtime), listed by the driver without opening them."""
    files, unmatched = list_inputs(inputs)
    for pattern in unmatched:
        if progress is not None:
            print(f"binlog-kaitai-spark: no file matches {pattern}", file=progress)
    if not files:
        raise JobFailed("no input files")
    return files


def plan_stage(spark: SparkSession, files: list[FileInfo], split_size: int,
               scripts: tuple[Script, ...]) -> ArchivePlan:
    """Every file's splits, in file order, each with its chain's schema history where it
    starts: every file walked on the executors (:func:`walk_stage`), the DDL replayed
    on the driver (:func:`binlog_kaitai.tables.splits.plan_archive`)."""
    return plan_archive(walk_stage(spark, files, split_size), scripts)


def walk_stage(spark: SparkSession, files: list[FileInfo], split_size: int
               ) -> list[FileWalk]:
    """Every file walked on the executors (header-only: large ones cut at transaction
    starts, the DDL of all gathered); up to :data:`DRIVER_WALK_FILES` files, by the
    driver."""
    if len(files) <= DRIVER_WALK_FILES:
        return [walk_file(f, split_size) for f in files]
    sc = spark.sparkContext
    sc.setJobDescription(f"binlog-kaitai: plan {len(files)} file(s)")
    slices = min(len(files), 4 * sc.defaultParallelism)
    return sc.parallelize(files, slices).map(
        partial(walk_file, split_size=split_size)).collect()


@cache
def spark_schemas() -> dict[str, StructType]:
    """Each table's and parsed kind's Spark schema, from its Arrow schema
    (:mod:`binlog_kaitai.tables.schemas`), converted in Python: a DDL string would be
    parsed by the JVM, whose cold parser takes a second of a small job."""
    return {kind: from_arrow_schema(arrow_schema(columns))
            for kind, columns in {**TABLES, **PARSED}.items()}


@dataclass
class ParseNotes:
    """What the driver collects of the persisted parse, in one action."""

    counts: dict[str, int] = field(default_factory=dict)
    """Records of each kind."""
    stats: list[dict[str, Any]] = field(default_factory=list)
    """Every split's ``split_stats`` record."""
    failures: list[dict[str, Any]] = field(default_factory=list)
    """The ``failfast`` records (FAILFAST mode: each task's first problem)."""
    typed_schemas: list[tuple[str, bytes]] = field(default_factory=list)
    """The ``typed_schema:`` rows (kind, records) of :mod:`binlog_kaitai.spark.typed_spark`."""

    @classmethod
    def of(cls, rows: Iterable[Any]) -> ParseNotes:
        notes = cls()
        for row in rows:
            if row.kind == COUNTS:
                for kind, n in orjson.loads(row.records).items():
                    notes.counts[kind] = notes.counts.get(kind, 0) + n
            elif row.kind.startswith(TYPED_SCHEMA):
                notes.typed_schemas.append((row.kind, bytes(row.records)))
            else:
                found = unpacked(row.records).to_pylist()
                (notes.stats if row.kind == "split_stats" else notes.failures).extend(found)
        return notes


def parse_stage(spark: SparkSession, splits: list[Split], tasks: list[list[Split]],
                total_bytes: int, failfast: bool, scripts: tuple[Script, ...],
                progress: TextIO | None, typed: bool = False) -> tuple[Any, ParseNotes]:
    """The one parse of every split, persisted, and its notes (:class:`ParseNotes`),
    collected by the action that fills the persisted parse: one Spark job. A FAILFAST
    problem fails the job as :class:`JobFailed` once the parse is done.

    The notes go through a shuffle (into one partition): the scheduler looks up where
    the parse is cached anew only after a shuffle stage (or as a job starts), and each
    write's ``coalesce`` groups the cached partitions by those places. Collected without
    one, the places noted before the parse filled the cache (none) would last until the
    first write starts, and the concurrent writes' groupings, so their part files, would
    vary from run to run."""
    sc = spark.sparkContext
    done, printer = progress_of(spark, splits, total_bytes, progress)
    task_rows = sc.parallelize([(pickle.dumps(t),) for t in tasks], len(tasks))
    arrow_schemas = {kind: arrow_schema(columns) for kind, columns in PARSED.items()}
    parsed = spark.createDataFrame(task_rows, TASK_STRUCT).mapInArrow(
        partial(counted_tasks, schemas=arrow_schemas, batch_rows=BATCH_ROWS,
                failfast=failfast, schema_scripts=scripts, done=done, typed=typed),
        PACKED_STRUCT)
    parsed = parsed.persist(StorageLevel.MEMORY_AND_DISK)
    sc.setJobDescription("binlog-kaitai: parse")
    try:
        with printer:
            notes = ParseNotes.of(parsed.where(
                F.col("kind").isin(*NOTES) | F.col("kind").startswith(TYPED_SCHEMA)
            ).select("kind", "records").repartition(1).collect())
    except BaseException:
        parsed.unpersist()
        raise
    if notes.failures:
        parsed.unpersist()
        first = min(notes.failures, key=lambda row: (row["file"], row["offset"]))
        raise JobFailed(str(FailFast(first["file"], first["offset"], first["message"])))
    return parsed, notes


@contextmanager
def written_as_export(spark: SparkSession, fmt: str, schemas: Iterable[pa.Schema]
                      ) -> Iterator[None]:
    """Spark's writer told, for the writes inside, what ``export``'s is
    (:func:`binlog_kaitai.tables.typed_export.parquet_writer`): in Parquet, no dictionary
    for the leaves of the image columns (:data:`IMAGE_COLUMNS`) of ``schemas``, whose
    values mostly differ, so that a dictionary is built in vain until the writer gives
    it up (the bench file's ``row_changes`` and typed table took 3-10% longer to write
    with it, warm, on ``local[2]``). Parquet's per-column settings go in the session's
    configuration, which every write copies, and are put back after: given as the
    options of each of the writes that run together, a few files of a run still had
    dictionaries (Spark 4.3, two cores)."""
    keys = {f"parquet.enable.dictionary#{path}" for schema in schemas
            for path, top in leaf_paths(schema) if top in IMAGE_COLUMNS} if (
        fmt == "parquet") else set()
    before = {key: spark.conf.get(key, None) for key in keys}
    for key in keys:
        spark.conf.set(key, "false")
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                spark.conf.unset(key)
            else:
                spark.conf.set(key, value)


def write_stage(spark: SparkSession, parsed: Any, file_rows: list[Any], output: str,
                fmt: str, outputs: int, typed: Sequence[Callable[[], None]] = (),
                extra_errors: Sequence[tuple[Any, ...]] = (),
                history_rows: Sequence[tuple[Any, ...]] = ()) -> None:
    """Every table under ``output``, written from the persisted parse (``files`` from the
    folded split statistics, ``schema_history`` from the planner's ``history_rows``) by
    ``outputs`` tasks each; then the ``typed`` writes (the typed change tables and
    snapshots); ``extra_errors`` are more ``errors`` rows."""
    sc = spark.sparkContext
    driver_rows = {"files": file_rows, "schema_history": history_rows}

    def write(table: str) -> None:
        sc.setJobDescription(f"binlog-kaitai: write {table}")
        if table in driver_rows:
            df = spark.createDataFrame(list(driver_rows[table]), spark_schemas()[table]).coalesce(1)
        else:
            df = parsed.where(f"kind = '{table}'").select("records").coalesce(
                outputs).mapInArrow(unpack, spark_schemas()[table])
            if table == "errors" and extra_errors:
                df = df.union(spark.createDataFrame(list(extra_errors),
                                                    spark_schemas()["errors"]))
        df = df.select(*column_names(TABLES[table])).sortWithinPartitions(
            "event_date", *SORT_KEYS[table])
        df.write.partitionBy("event_date").format(fmt).save(os.path.join(output, table))

    # One job per table, submitted together: the small tables' tasks fill the cores the
    # last tasks of the large ones leave idle.
    with ThreadPoolExecutor(len(TABLES)) as pool:
        futures = [pool.submit(write, table) for table in TABLES]
        futures += [pool.submit(typed_write) for typed_write in typed]
        for done_writing in futures:
            done_writing.result()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="binlog-kaitai-spark",
        description="Parse MySQL/MariaDB binlog files with Spark into files, events, "
                    "transactions, row_changes and errors tables.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    parser.add_argument("--input", nargs="+", action="extend", required=True,
                        metavar="PATH_OR_GLOB",
                        help="files, directories or globs, local or URIs (s3://, gs://, "
                             "hdfs://...; repeatable)")
    parser.add_argument("--output", required=True, metavar="DIR",
                        help="one folder per table is written under DIR, published whole "
                             "at the end")
    parser.add_argument("--overwrite", action="store_true",
                        help="replace the export DIR holds (else refused)")
    parser.add_argument("--incremental", action="store_true",
                        help="add to DIR's tables what earlier --incremental runs (of this "
                             "job or of export) left: new files, new transactions of a grown "
                             "file")
    parser.add_argument("--format", choices=FORMATS, default="parquet", dest="fmt")
    parser.add_argument("--mode", choices=("permissive", "failfast"), default="permissive",
                        help="permissive (default): a bad file goes to the errors table; "
                             "failfast: the first problem fails the job")
    parser.add_argument("--no-typed-tables", dest="typed", action="store_false",
                        help="skip the typed change tables (tables/<db>.<table>)")
    parser.add_argument("--snapshot", action="store_true",
                        help="also write snapshots/<db>.<table>: each table's rows at the "
                             "end of the input, or at --as-of")
    parser.add_argument("--as-of", type=utc_datetime, metavar="DATETIME",
                        help="the snapshot's time, UTC (YYYY-MM-DD HH:MM:SS[.ffffff])")
    parser.add_argument("--split-size", type=parse_size, default=DEFAULT_SPLIT_SIZE,
                        metavar="SIZE", help="target bytes per task (default 64m)")
    parser.add_argument("--schema", action="append", default=[], metavar="DDL_FILE",
                        help="CREATE TABLE statements giving column names to tables whose "
                             "DDL is not in the binlogs (repeatable)")
    parser.add_argument("--master", help="Spark master when not run by spark-submit "
                                         "(default local[*])")
    parser.add_argument("--driver-memory", default="2g", metavar="SIZE",
                        help="JVM heap when not run by spark-submit (default 2g)")
    parser.add_argument("--show", type=int, default=0, metavar="N",
                        help="print N rows of each table and the per-file summary at the end")
    return parser


LOCAL_JVM_OPTIONS = "-XX:+UseParallelGC"
"""The local session's JVM (driver and executors in one): the throughput collector. G1,
the JVM's default on two cores or more, spent about 1.5 s more CPU on the bench file's
job on ``local[2]`` (its concurrent threads and its write barriers in the tasks), 5% of
the job's time; a batch job has no pauses to keep short."""


def create_session(master: str | None, driver_memory: str | None = None) -> SparkSession:
    """The session of ``spark-submit`` if it launched us, else a local one (whose executors
    live in the driver's JVM, hence ``driver_memory``)."""
    builder = SparkSession.builder.appName("binlog-kaitai").config(
        "spark.sql.session.timeZone", "UTC")
    if "PYSPARK_GATEWAY_PORT" not in os.environ:  # not started by spark-submit
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        builder = builder.master(master or "local[*]").config(
            "spark.ui.showConsoleProgress", "false").config(
            "spark.driver.extraJavaOptions", LOCAL_JVM_OPTIONS)
        if driver_memory:
            builder = builder.config("spark.driver.memory", driver_memory)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def show_tables(spark: SparkSession, output: str, fmt: str, n: int, out: TextIO) -> None:
    """A few rows of each table, then every file's summary line."""
    for table, columns in TABLES.items():
        df = spark.read.format(fmt).schema(ddl(columns)).load(os.path.join(output, table))
        print(f"\n== {table} ({df.count()} rows) ==", file=out, flush=True)
        df.orderBy(*SORT_KEYS[table]).show(n, truncate=40)
        if table == "row_changes":  # its JSON images in full, for one (short) update
            print("\n== one row_changes row, in full ==", file=out, flush=True)
            df.orderBy(F.expr("op != 'u'"), F.length("after"), *SORT_KEYS[table]).show(
                1, truncate=False, vertical=True)
    files = spark.read.format(fmt).schema(ddl(FILES)).load(os.path.join(output, "files"))
    print("\n== per-file summary ==", file=out, flush=True)
    files.selectExpr(
        "regexp_extract(file, '([^/]+/[^/]+)$', 1) AS file", "status", "start_time",
        "end_time", "end_reason", "next_file", "event_count AS events",
        "transaction_count AS transactions", "row_change_count AS row_changes",
        "last_gtid", "substr(error, 1, 40) AS error",
    ).orderBy("file").show(files.count(), truncate=False)


INCREMENTAL_PARQUET = ("--incremental writes Parquet (a run widens the typed tables' files "
                       "it adds to by their Parquet schemas): leave out --format")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.typed and (args.snapshot or args.as_of is not None):
        parser.error(SNAPSHOT_NEEDS_TYPED)
    if args.incremental and (args.snapshot or args.as_of is not None or args.overwrite):
        parser.error(f"{INCREMENTAL_ALONE}; the job's keeps no snapshot (export's does)")
    if args.incremental and is_object_store(args.output):
        parser.error(INCREMENTAL_LOCAL)
    if args.incremental and args.fmt != "parquet":
        parser.error(INCREMENTAL_PARQUET)
    try:  # before the session starts: that takes seconds
        if args.incremental:
            incremental.load(args.output)
        else:
            check_output(args.output, overwrite=args.overwrite, known=OUTPUT_FOLDERS)
    except (OutputRefused, incremental.NotIncremental) as exc:
        print(f"binlog-kaitai-spark: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"binlog-kaitai-spark: cannot write {args.output}: {exc}", file=sys.stderr)
        return 1
    spark = create_session(args.master, args.driver_memory)
    try:
        if args.incremental:
            result = run_incremental(spark, args.input, args.output,
                                     split_size=args.split_size, mode=args.mode,
                                     fmt=args.fmt, schema_files=args.schema, typed=args.typed)
        else:
            result = run_job(spark, args.input, args.output, split_size=args.split_size,
                             mode=args.mode, fmt=args.fmt, schema_files=args.schema,
                             typed=args.typed, snapshot=args.snapshot or args.as_of is not None,
                             as_of=args.as_of, overwrite=args.overwrite)
        if args.show:
            show_tables(spark, args.output, args.fmt, args.show, sys.stdout)
            show_typed(spark, args.output, args.fmt, args.show, sys.stdout)
    except (JobFailed, OutputRefused) as exc:
        print(f"binlog-kaitai-spark: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # publishing the output (Spark's own failures are not OSError)
        print(f"binlog-kaitai-spark: cannot write {args.output}: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # Spark's (its log has the details), or a bug of ours
        print(f"binlog-kaitai-spark: failed, {args.output} left as it was: "
              f"{type(exc).__name__}: {reason(exc)}", file=sys.stderr)
        return 1
    finally:
        spark.stop()
    rows = ", ".join(f"{n} {t}" for t, n in result.rows.items())
    print(f"binlog-kaitai-spark: {result.files} files, {result.bytes / 1e6:.1f} MB in "
          f"{result.splits} splits -> {rows} under {args.output} "
          f"({result.seconds['total']:.1f} s)", file=sys.stderr)
    return 0


def reason(exc: Exception) -> str:
    """An exception's message in one line: a Py4J error's first says only which call
    failed (``An error occurred while calling o81.save.``); the Java exception's line
    follows."""
    lines = [line.strip(": \t") for line in str(exc).splitlines() if line.strip(": \t")]
    found = next((line for line in lines if "Exception" in line or "Error" in line),
                 lines[0] if lines else "")
    return found[:300]


if __name__ == "__main__":
    # Run as a script (spark-submit spark/job.py), this file is __main__, whose functions
    # Spark would pickle by value; run the module's main so the executors import them.
    from binlog_kaitai.spark.job import main as module_main

    sys.exit(module_main())
