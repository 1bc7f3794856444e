"""``spark.read.format("mysql_binlog")``: the job's tables as a PySpark Python Data Source.

    from binlog_kaitai.spark.datasource import register
    register(spark)
    spark.read.format("mysql_binlog").option("table", "row_changes").load("dumps/binlog.*")

Options: ``table`` (``events`` by default, or ``files``, ``transactions``,
``row_changes``, ``errors``; or a source table ``db.table``: its typed change table, see
:mod:`binlog_kaitai.tables.typed_tables`, and with ``snapshot`` = ``true`` its state at the end of
the
input or at ``as_of`` (``YYYY-MM-DD HH:MM:SS[.ffffff]``, UTC), see
:mod:`binlog_kaitai.tables.snapshot`), ``split_size`` (bytes or ``64m``), ``mode``
(``permissive`` or ``failfast``), ``schema_files`` (comma-separated DDL files for the
row decoder's schema history). The path may be a file, a directory or a glob, local or a
URI (``s3://``, ``hdfs://``..., see :mod:`binlog_kaitai.storage`), or several joined by commas.

There is one input partition per split, planned as the job plans them, except for the
``files`` table, which needs all of a file at once (one partition per file, parsed
whole). The planning runs in ``partitions()``, on the driver: every file's event headers
are walked there (cuts, DDL) and the DDL replayed along each server's chain
(:func:`binlog_kaitai.tables.splits.plan_archive`; the batch job walks on executors instead), so
each split
starts from its chain's schema history. The ``schema_history`` table is the planner's:
each split's partition holds the rows of the statements in it.

A source table's schema, the union of its versions, is only known once its changes are
decoded: ``schema()`` decodes that table's rows on the driver (the other tables' rows are
skipped), then the partitions decode them again. A snapshot is read as one partition
(the keys of all files in one place, in an on-disk store as ``export`` does). The batch
job computes both without the driver pass.
"""

from __future__ import annotations

import base64
import json
import tempfile
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
from pyspark.sql.datasource import (
    DataSource,
    DataSourceReader,
    DataSourceStreamReader,
    InputPartition,
)
from pyspark.sql.types import StructType

from binlog_kaitai import incremental
from binlog_kaitai.incremental import complete_end

try:
    from pyspark.sql.streaming.datasource import SupportsTriggerAvailableNow
except ImportError:  # PySpark < 4.2: no trigger(availableNow=True) for a Python source
    SupportsTriggerAvailableNow = object  # type: ignore[assignment,misc]

from binlog_kaitai.errors import BinlogError
from binlog_kaitai.spark.typed_spark import spark_struct
from binlog_kaitai.storage import open_input
from binlog_kaitai.stream import read_events
from binlog_kaitai.tables.extract import FailFast, Record, fold_files, parse_splits, parser_version
from binlog_kaitai.tables.schemas import TABLES, ddl
from binlog_kaitai.tables.snapshot import primary_key, why_no_snapshot
from binlog_kaitai.tables.splits import (
    DEFAULT_SPLIT_SIZE,
    ArchivePlan,
    FileInfo,
    Script,
    Split,
    list_inputs,
    parse_size,
    plan_here,
    read_scripts,
    schema_history,
    thaw,
    walk_file,
    whole_file,
)
from binlog_kaitai.tables.typed_export import TableSpool, snapshot_batches
from binlog_kaitai.tables.typed_tables import TypedChanges, conform, union_schema


@dataclass
class SplitPartition(InputPartition):
    """One split (or, for the ``files`` table, one whole file)."""

    split: Split | None = None
    file: FileInfo | None = None
    splits: list[Split] = field(default_factory=list)
    """A snapshot's input files, as whole-file splits, all in one partition."""
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    """``schema_history``: the planner's rows of the statements in the split (and, in the
    first partition, those of the ``schema_files``)."""


class BinlogDataSource(DataSource):
    """MySQL/MariaDB binlog files as one of the job's tables."""

    @classmethod
    def name(cls) -> str:
        return "mysql_binlog"

    def table(self) -> str:
        table = self.options.get("table", "events")
        if table not in TABLES and "." not in table:
            raise ValueError(f"mysql_binlog: unknown table {table!r}; one of {list(TABLES)} "
                             "or a source table db.table")
        return table

    def schema(self) -> StructType | str:
        table = self.table()
        if table in TABLES:
            return ddl(TABLES[table])
        return spark_struct(self.typed_schema())

    def typed_schema(self) -> pa.Schema:
        """A source table's change-table (or snapshot) schema, from a driver pass."""
        found = getattr(self, "_typed_schema", None)
        if found is None:
            found = self._typed_schema = typed_schema(dict(self.options), self.table())
        return found

    def reader(self, schema: Any) -> DataSourceReader:
        table = self.table()
        if table in TABLES:
            return BinlogReader(table, dict(self.options))
        return TypedReader(table, dict(self.options), self.typed_schema())

    def streamReader(self, schema: Any) -> DataSourceStreamReader:
        table = self.table()
        if table not in TABLES or table == "files":
            raise ValueError(f"mysql_binlog: {table} cannot be read as a stream (a file's "
                             "row, a typed table's columns change as files grow)")
        return BinlogStreamReader(table, dict(self.options))


class BinlogReader(DataSourceReader):
    def __init__(self, table: str, options: dict[str, str]) -> None:
        self.table = table
        self.paths = input_paths(options)
        self.split_size = parse_size(options.get("split_size", str(DEFAULT_SPLIT_SIZE)))
        mode = options.get("mode", "permissive").lower()
        if mode not in ("permissive", "failfast"):
            raise ValueError(f"mysql_binlog: mode must be permissive or failfast, not {mode!r}")
        self.failfast = mode == "failfast"
        self.schema_scripts = read_scripts(p for p in options.get("schema_files", "").split(",")
                                           if p)

    def partitions(self) -> list[InputPartition]:
        files, _ = list_inputs(self.paths)
        if self.table == "files":
            return [SplitPartition(file=f) for f in files]
        return self.split_partitions(plan_here(files, self.split_size, self.schema_scripts))

    def split_partitions(self, plan: ArchivePlan) -> list[InputPartition]:
        """A partition per split of ``plan`` (with its ``schema_history`` rows)."""
        if self.table != "schema_history":
            return [SplitPartition(split=s) for s in plan.splits]
        return [SplitPartition(split=s, rows=rows)
                for s, rows in zip(plan.splits, history_by_split(plan), strict=True)]

    def read(self, partition: InputPartition) -> Iterator[tuple[Any, ...]]:
        assert isinstance(partition, SplitPartition)
        if self.table == "schema_history":
            yield from partition.rows
            return
        if partition.file is not None:
            stats = [values._asdict() for kind, values in self._parse(whole_file(partition.file))
                     if kind == "split_stats"]
            yield from fold_files(stats, parser_version())
            return
        assert partition.split is not None
        for kind, values in self._parse([partition.split]):
            if kind == self.table:
                yield values

    def _parse(self, splits: list[Split]) -> Iterator[Record]:
        """The splits' records; FAILFAST's ``failfast`` record fails the read (the task)
        as :class:`~binlog_kaitai.tables.extract.FailFast`."""
        for kind, values in parse_splits(splits, failfast=self.failfast,
                                         schema_scripts=self.schema_scripts):
            if kind == "failfast":
                raise FailFast(values.file, values.offset, values.message)
            yield kind, values


class BinlogStreamReader(DataSourceStreamReader, SupportsTriggerAvailableNow):
    """``spark.readStream.format("mysql_binlog")``: the table's rows of the new files and
    of the new complete transactions of grown files, micro-batch by micro-batch.

    An offset is ``{"files": {path: [size, mtime, end]}}``: every input file as listed
    when the batch was planned, and the end of its last complete transaction then. A batch's
    splits are planned as an incremental run's (:func:`binlog_kaitai.incremental.
    plan_run`): each file from the start offset's end, each chain from its schema
    history there, kept from the batch before; after a restart from a checkpoint, the
    history is rebuilt by walking the done part of the files (headers and DDL only).
    ``trigger(availableNow=True)`` (PySpark >= 4.2) reads what is there when the query
    starts, then stops."""

    def __init__(self, table: str, options: dict[str, str]) -> None:
        self.batch = BinlogReader(table, options)
        self.histories: dict[str, dict[str, str]] = {}
        """Chain histories where a batch ended, by its offset (as JSON)."""
        self.target: dict[str, Any] | None = None
        self.seen: dict[str, list[int]] = {}
        """Each file's size and complete end when last listed (an unchanged file is not
        read again)."""

    def initialOffset(self) -> dict[str, Any]:
        return {"files": {}}

    def latestOffset(self, start: Any = None, limit: Any = None) -> dict[str, Any]:
        return self.available() if self.target is None else self.target

    def prepareForTriggerAvailableNow(self) -> None:
        self.target = self.available()

    def available(self) -> dict[str, Any]:
        """Every input file's size and the end of its last complete transaction."""
        files, _ = list_inputs(self.batch.paths)
        seen = self.seen
        self.seen = {f.path: seen[f.path] if seen.get(f.path, [0])[0] == f.size
                     else [f.size, f.mtime, complete_end(f.path, seen.get(f.path, [0] * 3)[2])]
                     for f in files}
        return {"files": self.seen}

    def partitions(self, start: dict[str, Any], end: dict[str, Any]) -> list[InputPartition]:
        before, after = start["files"], end["files"]
        todo = [FileInfo(path, size, mtime) for path, (size, mtime, stop) in after.items()
                if stop > before.get(path, [0] * 3)[2]]
        state = incremental.State(
            runs=int(bool(before)), histories=self._histories(start),
            files={path: incremental.FileDone(size, done) for path, (size, _, done)
                   in before.items()})
        run = incremental.plan_run(
            state, [walk_file(info, self.batch.split_size) for info in todo],
            self.batch.schema_scripts, {path: after[path][2] for path in after})
        self.histories[json.dumps(end, sort_keys=True)] = state.histories | {
            incremental.chain_id(last): base64.b64encode(frozen).decode()
            for last, frozen in run.plan.ends.items()}
        return self.batch.split_partitions(run.plan)

    def _histories(self, start: dict[str, Any]) -> dict[str, str]:
        """The chain histories where the batch before ended (rebuilt after a restart)."""
        known = self.histories.get(json.dumps(start, sort_keys=True))
        if known is None and start["files"]:
            done = [FileInfo(path, size, mtime)
                    for path, (size, mtime, _) in start["files"].items()]
            plan = incremental.plan_run(
                incremental.State(), [walk_file(info, None) for info in done],
                self.batch.schema_scripts,
                {path: stop for path, (_, _, stop) in start["files"].items()}).plan
            known = {incremental.chain_id(last): base64.b64encode(frozen).decode()
                     for last, frozen in plan.ends.items()}
        return known or {}

    def read(self, partition: InputPartition) -> Iterator[tuple[Any, ...]]:
        return self.batch.read(partition)

    def commit(self, end: dict[str, Any]) -> None:
        """The histories of the batches before ``end`` are no longer needed."""
        keep = json.dumps(end, sort_keys=True)
        self.histories = {k: v for k, v in self.histories.items() if k == keep}


def history_by_split(plan: ArchivePlan) -> list[list[tuple[Any, ...]]]:
    """The ``schema_history`` rows of each split of ``plan``: those of the statements it
    holds; the ``--schema`` files' rows (no position) go to the first."""
    found: list[list[tuple[Any, ...]]] = [[] for _ in plan.splits]
    by_file: dict[str, list[int]] = {}
    """The splits of each file (indexes into ``plan.splits``), in file order."""
    for i, split in enumerate(plan.splits):
        by_file.setdefault(split.path, []).append(i)
    for row in plan.history:
        mine = by_file.get(row.file)
        if row.pos is None or mine is None:
            found[0].append(row)
            continue
        starts = [plan.splits[i].start or 0 for i in mine]
        found[mine[bisect_right(starts, row.pos) - 1]].append(row)
    return found


def is_snapshot(options: dict[str, str]) -> bool:
    return options.get("snapshot", "false").lower() == "true"


def as_of(options: dict[str, str]) -> datetime | None:
    text = options.get("as_of")
    return None if text is None else datetime.fromisoformat(text).replace(tzinfo=UTC)


def typed_batches(splits: Iterable[Split], table: str, scripts: tuple[Script, ...]
                  ) -> Iterator[pa.RecordBatch]:
    """The typed change batches of one source table in ``splits``, in order, each split
    from the schema history its plan gives it (problems are the ``errors`` table's
    business: here they end a split, its good rows kept)."""
    for split in splits:
        history = schema_history(scripts) if split.schema is None else thaw(split.schema)
        changes = TypedChanges(schema=history, tables=[table])
        changes.start_file()
        try:
            with open_input(split.path) as f:
                for ev in read_events(f, start=split.start, stop=split.stop,
                                      expand_payloads=True):
                    yield from changes.feed(ev)
        except BinlogError:
            pass
        yield from changes.end_file()


def typed_schema(options: dict[str, str], table: str) -> pa.Schema:
    """The change table's union schema (or, with ``snapshot``, the snapshot's)."""
    files, _ = list_inputs(input_paths(options))
    scripts = read_scripts(p for p in options.get("schema_files", "").split(",") if p)
    schemas = [b.schema for b in typed_batches(plan_here(files, None, scripts).splits, table,
                                               scripts)]
    if not schemas:
        raise ValueError(f"mysql_binlog: no row changes of {table} in the input")
    schema = union_schema(schemas)
    if not is_snapshot(options):
        return schema
    why = why_no_snapshot(schema, False)
    if why is not None:
        raise ValueError(f"mysql_binlog: no snapshot of {table}: {why}")
    after = schema.field("after").type
    return pa.schema([*after, ("_ts", pa.timestamp("us", "UTC")), ("_gtid", pa.string()),
                      ("_file", pa.string()), ("_pos", pa.int64())], metadata=schema.metadata)


class TypedReader(DataSourceReader):
    """A source table's typed changes, a split per partition; or its snapshot, in one."""

    def __init__(self, table: str, options: dict[str, str], schema: pa.Schema) -> None:
        self.table, self.schema = table, schema
        self.paths = input_paths(options)
        self.split_size = parse_size(options.get("split_size", str(DEFAULT_SPLIT_SIZE)))
        self.scripts = read_scripts(p for p in options.get("schema_files", "").split(",") if p)
        self.snapshot, self.as_of = is_snapshot(options), as_of(options)

    def partitions(self) -> list[InputPartition]:
        files, _ = list_inputs(self.paths)
        if self.snapshot:
            return [SplitPartition(splits=plan_here(files, None, self.scripts).splits)]
        return [SplitPartition(split=s)
                for s in plan_here(files, self.split_size, self.scripts).splits]

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        assert isinstance(partition, SplitPartition)
        if not self.snapshot:
            assert partition.split is not None
            for batch in typed_batches([partition.split], self.table, self.scripts):
                yield conform(batch, self.schema).replace_schema_metadata(None)
            return
        key = primary_key(self.schema)
        assert key is not None
        splits = partition.splits
        with tempfile.TemporaryDirectory(prefix="binlog-kaitai-snapshot-") as tmp:
            spool = TableSpool(tmp)
            for batch in typed_batches(splits, self.table, self.scripts):
                spool.add(batch)
            spool.close()
            for rows in snapshot_batches(spool, self.table, key, tmp, self.as_of):
                yield rows.cast(self.schema.remove_metadata())


def input_paths(options: dict[str, str]) -> list[str]:
    """``load(path)`` passes ``path``; ``load([p1, p2])`` passes ``paths`` as JSON."""
    if "paths" in options:
        return list(json.loads(options["paths"]))
    if "path" in options:
        return [p for p in options["path"].split(",") if p]
    raise ValueError("mysql_binlog: no path given to load()")


def register(spark: Any) -> None:
    """Make ``format("mysql_binlog")`` available in this session."""
    spark.dataSource.register(BinlogDataSource)
