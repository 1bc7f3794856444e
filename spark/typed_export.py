"""``export``'s typed change tables and snapshots, written by one process.

``DIR/tables/<db>.<table>/event_date=YYYY-MM-DD/part-00000.parquet``: each source
table's changes (:mod:`spark.typed_tables`), rows by position (files in the order
given, then ``pos``, ``inner_pos``, ``row``). ``DIR/snapshots/<db>.<table>/
part-00000.parquet``: its state at the end or ``as_of`` (:mod:`spark.snapshot`).

Memory is bounded: the typed batches are spilled to Arrow IPC files in a temporary
folder under the output (``.binlog-kaitai-typed-*``, removed at the end) as the parse
makes them (a new file when a table's schema grows, by an ALTER
TABLE or a first partial image), since a folder's schema, the union of its versions,
is known only at the end; then each table is read back once per output, a batch at a
time, cast to its union (up to :data:`TABLE_WRITERS` change tables at once).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date, datetime

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from binlog_kaitai.schema import SchemaHistory
from spark.snapshot import SnapshotBuilder, primary_key, why_no_snapshot
from spark.typed_tables import (
    POSITIONAL,
    TypedChanges,
    conform,
    positional_note,
    union_schema,
)

HIVE_NULL = "__HIVE_DEFAULT_PARTITION__"
"""The folder name Spark gives the rows whose partition value is null."""
TABLE_WRITERS = min(4, os.cpu_count() or 1)
"""Change tables written at once, on threads (Arrow encodes without the GIL; each
streams its batches, so memory grows by a batch or two per table)."""
COMPRESSION = "snappy"
"""The Parquet codec, Spark's default (``spark.sql.parquet.compression.codec``), so
``export`` writes files as the job does: zstd would make them about half the size, but
took 1.6-1.9x snappy's time to write the bench file's ``row_changes`` and typed table."""


def table_name(schema: pa.Schema) -> str:
    """``db.table`` of a typed batch."""
    md = schema.metadata or {}
    return f"{md[b'schema'].decode()}.{md[b'table'].decode()}"


@dataclass
class _Table:
    first: tuple[str, int, date | None]
    """The file, position and event date of its first change."""
    runs: list[tuple[str, pa.Schema]] = field(default_factory=list)
    writer: ipc.RecordBatchStreamWriter | None = None
    rows: int = 0
    partial: bool = False
    """Some image lacks columns (before_/after_columns set)."""
    positional: dict[str, tuple[int, date | None]] = field(default_factory=dict)
    """Per file, the position and date of its first change with unknown column names."""


class TableSpool:
    """Typed batches of every table, spilled under ``folder`` in arrival order."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.tables: dict[str, _Table] = {}

    def add(self, batch: pa.RecordBatch) -> None:
        name = table_name(batch.schema)
        table = self.tables.get(name)
        if table is None:
            table = self.tables[name] = _Table((batch.column("file")[0].as_py(),
                                                batch.column("pos")[0].as_py(),
                                                batch.column("event_date")[0].as_py()))
        file = batch.column("file")[0].as_py()
        if POSITIONAL in (batch.schema.metadata or {}) and file not in table.positional:
            table.positional[file] = (batch.column("pos")[0].as_py(),
                                      batch.column("event_date")[0].as_py())
        current = table.runs[-1][1] if table.runs else None
        schema = batch.schema if current is None else union_schema([current, batch.schema])
        if schema != current or table.writer is None:
            self._new_run(name, table, schema)
        assert table.writer is not None
        table.writer.write_batch(conform(batch, schema))
        table.rows += batch.num_rows
        table.partial = table.partial or any(
            batch.column(c).null_count < batch.num_rows
            for c in ("before_columns", "after_columns"))

    def _new_run(self, name: str, table: _Table, schema: pa.Schema) -> None:
        if table.writer is not None:
            table.writer.close()
        path = os.path.join(self.folder, f"{len(os.listdir(self.folder)):06d}.arrows")
        table.runs.append((path, schema))
        table.writer = ipc.new_stream(path, schema)

    def close(self) -> None:
        for table in self.tables.values():
            if table.writer is not None:
                table.writer.close()
                table.writer = None

    def schema(self, name: str) -> pa.Schema:
        """The table's union schema (that of its last run: the union only grows)."""
        return self.tables[name].runs[-1][1]

    def batches(self, name: str) -> Iterator[pa.RecordBatch]:
        """The table's batches in order, in its union schema."""
        schema = self.schema(name)
        for path, _ in self.tables[name].runs:
            with pa.OSFile(path, "rb") as source:
                for batch in ipc.open_stream(source):
                    yield conform(batch, schema)


@dataclass
class TypedResult:
    tables: dict[str, int] = field(default_factory=dict)
    """Rows per change table."""
    snapshots: dict[str, int] = field(default_factory=dict)
    problems: list[tuple[str, int, str, date | None]] = field(default_factory=list)
    """(file, offset, message, event date): tables with positional column names (per
    file, at its first such change) or without a snapshot (at their first change), and,
    from :func:`export_typed`, damaged input and rows that cannot be decoded (no date)."""


class TypedOutput:
    """Typed batches in (:meth:`add`, in binlog order), ``output/tables`` and, with
    ``snapshot``, ``output/snapshots`` out (:meth:`write`, replacing them)."""

    def __init__(self, output: str, *, snapshot: bool = False,
                 as_of: datetime | None = None) -> None:
        self.output, self.snapshot, self.as_of = output, snapshot, as_of
        # The spill is about as large as the typed tables uncompressed: next to the
        # output, not in /tmp, which may be a tmpfs (memory).
        os.makedirs(output, exist_ok=True)
        self.tmp = tempfile.TemporaryDirectory(prefix=".binlog-kaitai-typed-", dir=output)
        self.spool = TableSpool(self.tmp.name)

    def add(self, batch: pa.RecordBatch) -> None:
        self.spool.add(batch)

    def write(self) -> TypedResult:
        result = TypedResult()
        spool = self.spool
        spool.close()
        for folder in ("tables", "snapshots"):
            shutil.rmtree(os.path.join(self.output, folder), ignore_errors=True)
        names = sorted(spool.tables)
        with ThreadPoolExecutor(min(TABLE_WRITERS, len(names) or 1)) as pool:
            rows = list(pool.map(lambda name: write_change_table(
                spool.batches(name), spool.schema(name),
                os.path.join(self.output, "tables", name)), names))
        for name, count in zip(names, rows, strict=True):
            for file, (pos, day) in spool.tables[name].positional.items():
                result.problems.append((file, pos, positional_note(name), day))
            result.tables[name] = count
            if self.snapshot:
                self._snapshot(name, result)
        return result

    def _snapshot(self, name: str, result: TypedResult) -> None:
        table = self.spool.tables[name]
        schema = self.spool.schema(name)
        why = why_no_snapshot(schema, table.partial)
        if why is not None:
            file, pos, day = table.first
            result.problems.append((file, pos, f"table {name}: no snapshot: {why}", day))
            return
        key = primary_key(schema)
        assert key is not None
        result.snapshots[name] = write_parquet(
            snapshot_batches(self.spool, name, key, self.tmp.name, self.as_of),
            os.path.join(self.output, "snapshots", name))

    def close(self) -> None:
        self.spool.close()
        self.tmp.cleanup()


def export_typed(files: Sequence[str], output: str, *, schema_files: Sequence[str] = (),
                 snapshot: bool = False, as_of: datetime | None = None) -> TypedResult:
    """Parse ``files`` in order with :class:`~spark.typed_tables.TypedChanges` and write
    the typed tables (see :class:`TypedOutput`)."""
    changes = TypedChanges(schema=SchemaHistory(schema_files))
    out = TypedOutput(output, snapshot=snapshot, as_of=as_of)
    try:
        for path in files:
            for batch in changes.file(path):
                out.add(batch)
        result = out.write()
    finally:
        out.close()
    result.problems[:0] = [(*problem, None) for problem in changes.problems]
    return result


def snapshot_batches(spool: TableSpool, name: str, key: list[str], tmp: str,
                     as_of: datetime | None) -> Iterator[pa.RecordBatch]:
    """The snapshot of a spooled table (two passes over it, keys in ``tmp``)."""
    builder = SnapshotBuilder(tmp, key, as_of)
    try:
        for batch in spool.batches(name):
            builder.add(batch)
        yield from builder.rows(spool.batches(name))
    finally:
        builder.close()


def write_change_table(batches: Iterable[pa.RecordBatch], schema: pa.Schema,
                       folder: str) -> int:
    """A change table's batches (in order) as ``folder/event_date=.../part-00000.parquet``;
    the rows written."""
    file_schema = schema.remove(schema.get_field_index("event_date"))
    writers: dict[str, pq.ParquetWriter] = {}
    rows = 0
    try:
        for batch in batches:
            dates = batch.column("event_date")
            days = pc.unique(dates).to_pylist()
            for day in days:
                part = batch if len(days) == 1 else batch.filter(
                    pc.is_null(dates) if day is None
                    else pc.equal(dates, pa.scalar(day, pa.date32())))
                writer = writers.get(str(day))
                if writer is None:
                    where = os.path.join(folder, f"event_date={HIVE_NULL if day is None else day}")
                    os.makedirs(where, exist_ok=True)
                    writer = writers[str(day)] = pq.ParquetWriter(
                        os.path.join(where, "part-00000.parquet"), file_schema,
                        compression=COMPRESSION)
                writer.write_batch(part.drop_columns(["event_date"]))
                rows += part.num_rows
    finally:
        for writer in writers.values():
            writer.close()
    return rows


def write_parquet(batches: Iterable[pa.RecordBatch], folder: str) -> int:
    """Batches of one schema as ``folder/part-00000.parquet`` (an empty file when there
    are none... of a known schema: nothing is written then); the rows written."""
    writer: pq.ParquetWriter | None = None
    rows = 0
    try:
        for batch in batches:
            if writer is None:
                os.makedirs(folder, exist_ok=True)
                writer = pq.ParquetWriter(os.path.join(folder, "part-00000.parquet"),
                                          batch.schema, compression=COMPRESSION)
            writer.write_batch(batch)
            rows += batch.num_rows
    finally:
        if writer is not None:
            writer.close()
    return rows
