"""``export``'s typed change tables and snapshots, written by one process.

``DIR/tables/<db>.<table>/event_date=YYYY-MM-DD/part-00000.parquet``: each source
table's changes (:mod:`binlog_kaitai.tables.typed_tables`), rows by position (files in
the order given, then ``pos``, ``inner_pos``, ``row``).
``DIR/snapshots/<db>.<table>/part-00000.parquet``: its state at the end or ``as_of``
(:mod:`binlog_kaitai.tables.snapshot`).

Memory is bounded: without snapshots, each table's batches are written to its
Parquet files as the parse makes them, a new part when the table's schema grows (by an
ALTER TABLE or a first partial image), and the dates an earlier part wrote to are
rewritten at the end in the table's final schema, the union of its versions (known only
then); with snapshots, the batches are spilled to Arrow IPC files under the output
(``.binlog-kaitai-typed-*``, removed at the end) and each table is read back once per
output, a batch at a time, cast to its union. Up to :data:`TABLE_WRITERS` change tables
are finished at once.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.tables.snapshot import SnapshotBuilder, primary_key, why_no_snapshot
from binlog_kaitai.tables.typed_tables import (
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


IMAGE_COLUMNS = frozenset({"before", "after", "before_raw", "after_raw"})
"""The columns holding the source tables' values (``row_changes``' JSON images, a change
table's images), written without dictionary encoding: most of their values differ (a
JSON image always), so a dictionary is built in vain until Arrow gives it up at its
page limit (on the bench file, writing ``row_changes`` and its typed table took 1.25 s
of CPU with it, 1.0 s without; the files are no larger)."""


def parquet_writer(where: Any, schema: pa.Schema) -> pq.ParquetWriter:
    """A Parquet file of ``schema`` at ``where`` (a path or a sink), as every table of
    ``export`` is written: :data:`COMPRESSION`, dictionaries for all but the
    :data:`IMAGE_COLUMNS`."""
    return pq.ParquetWriter(where, schema, compression=COMPRESSION,
                            use_dictionary=[path for path, top in leaf_paths(schema)
                                            if top not in IMAGE_COLUMNS])


def leaf_paths(schema: pa.Schema) -> list[tuple[str, str]]:
    """``(path, top-level column)`` of every leaf column of ``schema`` in a Parquet file,
    named as Arrow and Spark write them (``after.id``, ``pk.list.element``,
    ``before_raw.key_value.key``): the names per-column writer options take."""
    found: list[tuple[str, str]] = []

    def walk(path: str, kind: pa.DataType, top: str) -> None:
        if pa.types.is_struct(kind):
            for child in kind:
                walk(f"{path}.{child.name}", child.type, top)
        elif pa.types.is_map(kind):
            walk(f"{path}.key_value.key", kind.key_type, top)
            walk(f"{path}.key_value.value", kind.item_type, top)
        elif pa.types.is_list(kind) or pa.types.is_large_list(kind):
            walk(f"{path}.list.element", kind.value_type, top)
        else:
            found.append((path, top))

    for fld in schema:
        walk(fld.name, fld.type, fld.name)
    return found


def table_name(schema: pa.Schema) -> str:
    """``db.table`` of a typed batch."""
    md = schema.metadata or {}
    return f"{md[b'schema'].decode()}.{md[b'table'].decode()}"


@dataclass
class _Table:
    first: tuple[str, int, date | None]
    """The file, position and event date of its first change."""
    runs: list[tuple[str, pa.Schema]] = field(default_factory=list)
    """Each run's file (name) and schema: a run ends where the table's schema grows."""
    writer: Any = None
    """The open run's writer (``write(batch)``, ``close()``)."""
    rows: int = 0
    partial: bool = False
    """Some image lacks columns (before_/after_columns set)."""
    positional: dict[str, tuple[int, date | None]] = field(default_factory=dict)
    """Per file, the position and date of its first change with unknown column names."""


class _Runs:
    """Typed batches of every table, as they come, in runs: a table's run ends where
    its union schema grows (an ALTER TABLE, a first partial image), each run's batches
    in its schema. Where a run goes is the subclass's (:meth:`_open`)."""

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
            if table.writer is not None:
                table.writer.close()
            where, table.writer = self._open(name, table, schema)
            table.runs.append((where, schema))
        table.writer.write(conform(batch, schema))
        table.rows += batch.num_rows
        table.partial = table.partial or any(
            batch.column(c).null_count < batch.num_rows
            for c in ("before_columns", "after_columns"))

    def _open(self, name: str, table: _Table, schema: pa.Schema) -> tuple[str, Any]:
        """Where a new run of a table goes, and its writer."""
        raise NotImplementedError

    def close(self) -> None:
        for table in self.tables.values():
            if table.writer is not None:
                table.writer.close()
                table.writer = None

    def abort(self) -> None:
        """Every writer closed, whatever closing raises (the run failed)."""
        for table in self.tables.values():
            if table.writer is not None:
                abort_writer(table.writer)
                table.writer = None

    def schema(self, name: str) -> pa.Schema:
        """The table's union schema (that of its last run: the union only grows)."""
        return self.tables[name].runs[-1][1]


class TableSpool(_Runs):
    """Typed batches of every table, spilled under ``folder`` in arrival order."""

    def _open(self, name: str, table: _Table, schema: pa.Schema) -> tuple[str, Any]:
        path = os.path.join(self.folder, f"{len(os.listdir(self.folder)):06d}.arrows")
        return path, ipc.new_stream(path, schema)

    def batches(self, name: str) -> Iterator[pa.RecordBatch]:
        """The table's batches in order, in its union schema."""
        schema = self.schema(name)
        for path, _ in self.tables[name].runs:
            with pa.OSFile(path, "rb") as source:
                for batch in ipc.open_stream(source):
                    yield conform(batch, schema)

    def write_table(self, name: str, folder: str) -> int:
        """The change table of ``name`` under ``folder``; its rows."""
        return write_change_table(self.batches(name), self.schema(name), folder)


class TableFiles(_Runs):
    """Typed batches of every table written as they come as its change table,
    ``folder/<db>.<table>/event_date=.../part-NNNNN.parquet``, a part per run;
    :meth:`write_table` then leaves one ``part-00000.parquet`` per date, in the table's
    final schema (rewriting the dates an earlier run wrote to, usually none)."""

    def _open(self, name: str, table: _Table, schema: pa.Schema) -> tuple[str, Any]:
        part = f"part-{len(table.runs):05d}.parquet"
        return part, DateFiles(os.path.join(self.folder, name), schema, part)

    def write_table(self, name: str, folder: str) -> int:
        """Finish the change table of ``name`` (written under ``folder`` already); its
        rows."""
        table = self.tables[name]
        parts = [part for part, _ in table.runs]
        file_schema = date_file_schema(self.schema(name))
        for day in os.scandir(folder):
            _one_part(day.path, parts, file_schema)
        return table.rows


def _one_part(folder: str, parts: list[str], schema: pa.Schema) -> None:
    """The ``parts`` (in order) of one date folder as one ``part-00000.parquet`` of
    ``schema``. The last part has that schema: alone, it is only renamed."""
    present = [part for part in parts if os.path.exists(os.path.join(folder, part))]
    final = os.path.join(folder, "part-00000.parquet")
    if present == parts[-1:]:
        os.replace(os.path.join(folder, present[0]), final)
        return
    merged = os.path.join(folder, ".merged.parquet")
    writer = parquet_writer(merged, schema)
    try:
        for part in present:
            for batch in pq.ParquetFile(os.path.join(folder, part)).iter_batches():
                writer.write_batch(conform(batch, schema))
    except BaseException:
        abort_writer(writer)
        raise
    close_or_abort(writer)
    for part in present:
        os.remove(os.path.join(folder, part))
    os.replace(merged, final)


def date_file_schema(schema: pa.Schema) -> pa.Schema:
    """The columns of a date-partitioned table's files: ``event_date`` is in their
    folders' names."""
    return schema.remove(schema.get_field_index("event_date"))


class DateFiles:
    """A table's Parquet files named ``part``, one per ``event_date`` folder under
    ``folder`` (Hive's layout, as Spark's ``partitionBy("event_date")`` writes it),
    rows (of ``schema``) appended in order: ``export``'s five tables and the change
    tables."""

    def __init__(self, folder: str, schema: pa.Schema, part: str = "part-00000.parquet"
                 ) -> None:
        self.folder, self.part = folder, part
        self.file_schema = date_file_schema(schema)
        self.writers: dict[str, pq.ParquetWriter] = {}

    def write(self, rows: pa.RecordBatch | pa.Table) -> int:
        """Append rows (a row group each) to their dates' files; how many."""
        dates = rows.column("event_date")
        days = pc.unique(dates).to_pylist()
        for day in days:
            part = rows if len(days) == 1 else rows.filter(
                pc.is_null(dates) if day is None
                else pc.equal(dates, pa.scalar(day, pa.date32())))
            writer = self.writers.get(str(day))
            if writer is None:
                where = os.path.join(self.folder,
                                     f"event_date={HIVE_NULL if day is None else day}")
                os.makedirs(where, exist_ok=True)
                writer = self.writers[str(day)] = parquet_writer(
                    os.path.join(where, self.part), self.file_schema)
            writer.write(part.drop_columns(["event_date"]))
        return rows.num_rows

    def close(self) -> None:
        """Every file closed; when one cannot be, the others aborted and that raised."""
        try:
            for writer in self.writers.values():
                writer.close()
        except BaseException:
            self.abort()
            raise
        self.writers.clear()

    def abort(self) -> None:
        """Every file closed, whatever closing raises (the run failed)."""
        for writer in self.writers.values():
            abort_writer(writer)
        self.writers.clear()


def abort_writer(writer: Any) -> None:
    """``writer`` closed after a failure, whatever its ``close`` raises (the failure
    reported is the first; what it wrote goes with the run's staging folder). A
    ParquetWriter whose close failed (a full disk: its footer) stays open, and its
    ``__del__`` would close it again at exit: ``Exception ignored in: ...__del__``."""
    try:
        writer.close()
    except Exception:  # (any: the run has failed already)
        if isinstance(writer, pq.ParquetWriter):
            writer.is_open = False
            if writer.file_handle is not None:
                with suppress(Exception):
                    writer.file_handle.close()


def close_or_abort(writer: Any) -> None:
    """``writer`` closed; if that fails, aborted (:func:`abort_writer`) and raised."""
    try:
        writer.close()
    except BaseException:
        abort_writer(writer)
        raise


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
    ``snapshot``, ``output/snapshots`` out (:meth:`write`), replacing them.

    Without snapshots each change table is written as its batches come
    (:class:`TableFiles`). A snapshot needs two passes over its table's changes in
    position order, so with snapshots they are spilled (:class:`TableSpool`) and
    written at the end; the spill, about as large as the typed tables uncompressed,
    lives under the output, not in /tmp, which may be a tmpfs (memory). Nothing is
    left of the change tables if :meth:`write` is not reached."""

    def __init__(self, output: str, *, snapshot: bool = False,
                 as_of: datetime | None = None) -> None:
        self.output, self.snapshot, self.as_of = output, snapshot, as_of
        self.tmp: tempfile.TemporaryDirectory[str] | None = None
        self.runs: TableSpool | TableFiles
        if snapshot:
            os.makedirs(output, exist_ok=True)
            self.tmp = tempfile.TemporaryDirectory(prefix=".binlog-kaitai-typed-", dir=output)
            self.runs = TableSpool(self.tmp.name)
        else:
            self._replace()
            self.runs = TableFiles(os.path.join(output, "tables"))
        self.written = False

    def add(self, batch: pa.RecordBatch) -> None:
        self.runs.add(batch)

    def write(self) -> TypedResult:
        result = TypedResult()
        runs = self.runs
        runs.close()
        if self.tmp is not None:
            self._replace()
        names = sorted(runs.tables)
        with ThreadPoolExecutor(min(TABLE_WRITERS, len(names) or 1)) as pool:
            rows = list(pool.map(lambda name: runs.write_table(
                name, os.path.join(self.output, "tables", name)), names))
        for name, count in zip(names, rows, strict=True):
            for file, (pos, day) in runs.tables[name].positional.items():
                result.problems.append((file, pos, positional_note(name), day))
            result.tables[name] = count
            if self.snapshot:
                self._snapshot(name, result)
        self.written = True
        return result

    def _replace(self) -> None:
        for folder in ("tables", "snapshots"):
            shutil.rmtree(os.path.join(self.output, folder), ignore_errors=True)

    def _snapshot(self, name: str, result: TypedResult) -> None:
        spool, tmp = self.runs, self.tmp
        assert isinstance(spool, TableSpool) and tmp is not None
        table = spool.tables[name]
        schema = spool.schema(name)
        why = why_no_snapshot(schema, table.partial)
        if why is not None:
            file, pos, day = table.first
            result.problems.append((file, pos, f"table {name}: no snapshot: {why}", day))
            return
        key = primary_key(schema)
        assert key is not None
        result.snapshots[name] = write_parquet(
            snapshot_batches(spool, name, key, tmp.name, self.as_of),
            os.path.join(self.output, "snapshots", name))

    def close(self) -> None:
        self.runs.close()
        if self.tmp is not None:
            self.tmp.cleanup()
        elif not self.written:
            shutil.rmtree(os.path.join(self.output, "tables"), ignore_errors=True)

    def abort(self) -> None:
        """Closed, whatever closing raises (the export failed; its staging folder goes)."""
        self.runs.abort()
        if self.tmp is not None:
            with suppress(OSError):
                self.tmp.cleanup()


def export_typed(files: Sequence[str], output: str, *, schema_files: Sequence[str] = (),
                 snapshot: bool = False, as_of: datetime | None = None) -> TypedResult:
    """Parse ``files`` in order with
    :class:`~binlog_kaitai.tables.typed_tables.TypedChanges` and write the typed tables
    (see :class:`TypedOutput`)."""
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
    files = DateFiles(folder, schema)
    try:
        rows = sum(files.write(batch) for batch in batches)
    except BaseException:
        files.abort()
        raise
    files.close()
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
                writer = parquet_writer(os.path.join(folder, "part-00000.parquet"),
                                        batch.schema)
            writer.write_batch(batch)
            rows += batch.num_rows
    except BaseException:
        if writer is not None:
            abort_writer(writer)
        raise
    if writer is not None:
        close_or_abort(writer)
    return rows
