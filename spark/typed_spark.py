"""The typed change tables and snapshots in Spark (the job's ``tables/`` and
``snapshots/``, see :mod:`binlog_kaitai.tables.typed_tables` for the layout).

The job's one parse emits each table's typed batches as rows of its persisted parse
(:class:`Packer`: ``kind`` = ``typed:<db>.<table>``, the batch as Arrow IPC bytes),
and, once per task and schema, the batch's schema (``typed_schema:<db>.<table>``). The
driver collects the schemas only (a few rows) and unites them per table
(:func:`typed_plan`); each table is a ``mapInArrow`` over its rows of the parse that
casts every batch to its union (:func:`change_table`): no row reaches the driver. A
snapshot is a window over the change table (:func:`snapshot_frame`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import partial
from typing import Any, TextIO

import orjson
import pyarrow as pa
from pyspark.sql.types import (
    ArrayType,
    BinaryType,
    BooleanType,
    DataType,
    DateType,
    DecimalType,
    DoubleType,
    FloatType,
    IntegerType,
    LongType,
    MapType,
    StringType,
    StructField,
    StructType,
    TimestampNTZType,
    TimestampType,
)

from binlog_kaitai.tables.snapshot import SNAPSHOT_META, primary_key, why_no_snapshot
from binlog_kaitai.tables.typed_tables import (
    ORDER,
    POSITIONAL,
    conform,
    positional_note,
    union_schema,
)

TYPED, TYPED_SCHEMA = "typed:", "typed_schema:"
FIRST_AT, PARTIAL = b"first_at", b"partial_images"
"""A schema row's (file, pos, event date) of its first batch (versions are united in
binlog order, so that a folder's columns are in the order they appeared, as ``export``
has them), and whether its batches have partial images."""


def table_of(schema: pa.Schema) -> str:
    md = schema.metadata or {}
    return f"{md[b'schema'].decode()}.{md[b'table'].decode()}"


class Packer:
    """One task's typed batches as rows ``(kind, rows, records)`` of the persisted
    parse, with a schema row the first time a table's batches have a new schema (or
    first have partial images)."""

    def __init__(self, options: pa.ipc.IpcWriteOptions | None = None) -> None:
        self.sent: set[tuple[Any, ...]] = set()
        self.options = options

    def rows(self, batch: pa.RecordBatch) -> Iterator[tuple[str, int, bytes]]:
        name = table_of(batch.schema)
        md = batch.schema.metadata or {}
        partial_images = any(batch.column(c).null_count < batch.num_rows
                             for c in ("before_columns", "after_columns"))
        file = batch.column("file")[0].as_py()
        key = (name, file, batch.schema, tuple(sorted(md.items())), partial_images)
        if key not in self.sent:
            self.sent.add(key)
            first = [file, batch.column("pos")[0].as_py(),
                     batch.column("event_date")[0].as_py().isoformat()]
            extra = {FIRST_AT: orjson.dumps(first), PARTIAL: b"1" if partial_images else b""}
            yield (TYPED_SCHEMA + name, 0,
                   batch.schema.with_metadata({**md, **extra}).serialize().to_pybytes())
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, batch.schema, options=self.options) as writer:
            writer.write_batch(batch)
        yield TYPED + name, batch.num_rows, sink.getvalue().to_pybytes()


@dataclass
class TypedPlan:
    """What the driver knows of the typed tables once the parse is done."""

    schemas: dict[str, pa.Schema] = field(default_factory=dict)
    """Each table's union schema."""
    problems: list[tuple[str, int, str, date]] = field(default_factory=list)
    """(file, offset, message, event date): tables with positional names (in each file,
    at its first such change), tables without a snapshot (at their first change)."""
    keys: dict[str, list[str]] = field(default_factory=dict)
    """The key of each table that gets a snapshot."""


def typed_plan(rows: Iterable[tuple[str, bytes]], snapshot: bool) -> TypedPlan:
    """The plan from the ``typed_schema:`` rows (kind, records) of the parse."""
    found: dict[str, list[tuple[Any, pa.Schema, bool]]] = {}
    for kind, records in rows:
        schema = pa.ipc.read_schema(pa.py_buffer(records))
        metadata = dict(schema.metadata)
        first = orjson.loads(metadata.pop(FIRST_AT))
        partial_images = bool(metadata.pop(PARTIAL))
        found.setdefault(kind[len(TYPED_SCHEMA):], []).append(
            (first, schema.with_metadata(metadata), partial_images))
    plan = TypedPlan()
    for name, versions in sorted(found.items()):
        versions.sort(key=lambda v: v[0][:2])
        plan.schemas[name] = schema = union_schema(s for _, s, _ in versions)
        noted: set[str] = set()
        for (file, pos, day), version, _ in versions:  # once per file, at its first
            if POSITIONAL in (version.metadata or {}) and file not in noted:
                noted.add(file)
                plan.problems.append((file, pos, positional_note(name), date.fromisoformat(day)))
        file, pos, day = versions[0][0]
        if not snapshot:
            continue
        why = why_no_snapshot(schema, any(p for _, _, p in versions))
        if why is None:
            plan.keys[name] = primary_key(schema) or []
        else:
            plan.problems.append((file, pos, f"table {name}: no snapshot: {why}",
                                  date.fromisoformat(day)))
    return plan


def union_schemas(rows: Iterable[tuple[str, bytes]]) -> dict[str, pa.Schema]:
    """Each table's union schema from its ``typed_schema:`` rows (kind, records)."""
    return typed_plan(rows, False).schemas


def decoder(schema: pa.Schema) -> Callable[[Iterator[pa.RecordBatch]],
                                           Iterator[pa.RecordBatch]]:
    """The ``mapInArrow`` function from a table's packed rows (column ``records``) to
    its change table's batches in ``schema``."""
    def decode(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for packed in batches:
            for records in packed.column("records").to_pylist():
                for batch in pa.ipc.open_stream(pa.py_buffer(records)):
                    yield conform(batch, schema).replace_schema_metadata(None)
    return decode


def spark_type(kind: pa.DataType) -> DataType:
    """A change-table Arrow type as a Spark type (pyspark's own conversion fails on struct
    fields without metadata; a DDL string would be parsed by the JVM, whose cold parser
    takes a second of a small job)."""
    simple = {pa.int32(): IntegerType(), pa.int64(): LongType(), pa.float32(): FloatType(),
              pa.float64(): DoubleType(), pa.string(): StringType(), pa.binary(): BinaryType(),
              pa.date32(): DateType(), pa.bool_(): BooleanType(), pa.null(): StringType(),
              pa.timestamp("us"): TimestampNTZType()}
    if kind in simple:
        return simple[kind]
    if pa.types.is_timestamp(kind):
        return TimestampType()
    if pa.types.is_decimal(kind):
        return DecimalType(kind.precision, kind.scale)
    if pa.types.is_map(kind):
        return MapType(spark_type(kind.key_type), spark_type(kind.item_type))
    if pa.types.is_list(kind):
        return ArrayType(spark_type(kind.value_type))
    if pa.types.is_struct(kind):
        return spark_struct(kind)
    raise ValueError(f"no Spark type for {kind}")


def spark_struct(fields: Iterable[pa.Field]) -> StructType:
    """An Arrow schema (or struct type) as a Spark struct type."""
    return StructType([StructField(f.name, spark_type(f.type)) for f in fields])


def change_table(parsed: Any, name: str, schema: pa.Schema, tasks: int | None = None
                 ) -> Any:
    """The change table ``name`` (a DataFrame) from the persisted parse (``tasks``: at
    most that many partitions)."""
    from pyspark.sql import functions as F

    rows = parsed.filter(F.col("kind") == TYPED + name).select("records")
    if tasks is not None:
        rows = rows.coalesce(tasks)
    return rows.mapInArrow(decoder(schema), spark_struct(schema))


def snapshot_frame(changes: Any, key: list[str], as_of: datetime | None = None) -> Any:
    """The snapshot of a change table (a DataFrame) as of ``as_of`` (UTC; None: all):
    per key, its last change at or before then, unless that is a delete; a change of
    key (an update whose before and after keys differ) deletes its old key. The rows:
    the after image's columns, then ``_ts``, ``_gtid``, ``_file``, ``_pos``.

    The last change of each key is a ``max_by`` aggregation over the changes' keyed
    events (partial aggregation before the shuffle, no sort of all the changes)."""
    from pyspark.sql import functions as F

    if as_of is not None:
        changes = changes.filter(F.col("ts") <= F.lit(as_of))
    key_of = {side: F.struct(*[F.col(f"{side}.{c}").alias(f"k{i}") for i, c in enumerate(key)])
              for side in ("before", "after")}

    def event(side: str, sub: int, live: bool) -> Any:
        return F.struct(key_of[side].alias("key"), F.lit(sub).alias("sub"),
                        F.lit(live).alias("live"))

    events = F.array(
        F.when(F.col("op") == "d", event("before", 0, False))
        .when((F.col("op") == "u") & (key_of["before"] != key_of["after"]),
              event("before", 0, False)),
        F.when(F.col("op") != "d", event("after", 1, True)))
    needed = dict.fromkeys([*ORDER, *(src for _, src in SNAPSHOT_META)])
    exploded = changes.select(F.explode(F.filter(events, lambda e: e.isNotNull())).alias("e"),
                              "after", *needed)
    order = F.struct(*[F.col(c) for c in ORDER], F.col("e.sub"))
    payload = F.struct(F.col("e.live").alias("live"), "after",
                       *[F.col(src).alias(name) for name, src in SNAPSHOT_META])
    latest = exploded.groupBy(F.col("e.key").alias("key")).agg(
        F.max_by(payload, order).alias("last"))
    kept = latest.filter(F.col("last.live"))
    return kept.select("last.after.*", *[F.col(f"last.{name}") for name, _ in SNAPSHOT_META])

def typed_writes(spark: Any, parsed: Any, plan: TypedPlan, output: str, fmt: str,
                 outputs: int, as_of: datetime | None) -> list[Callable[[], None]]:
    """One write per change table (``output/tables/<db>.<table>``, by ``event_date``,
    rows by position), then its snapshot (``output/snapshots/<db>.<table>``), for the job
    to run alongside its other writes; at most ``outputs`` tasks each. The snapshot reads
    the change table just written (Parquet or ORC: the JVM reads it back quicker than
    the Python workers decode the persisted parse a second time)."""
    def write(name: str) -> None:
        spark.sparkContext.setJobDescription(f"binlog-kaitai: write tables/{name}")
        schema = plan.schemas[name]
        where = os.path.join(output, "tables", name)
        frame = change_table(parsed, name, schema, outputs)
        (frame.sortWithinPartitions("event_date", *ORDER).write.mode("overwrite")
         .partitionBy("event_date").format(fmt).save(where))
        key = plan.keys.get(name)
        if key is None:
            return
        spark.sparkContext.setJobDescription(f"binlog-kaitai: write snapshots/{name}")
        if fmt != "json":  # (JSON keeps no types to read back)
            frame = spark.read.format(fmt).schema(spark_struct(schema)).load(
                where)
        (snapshot_frame(frame, key, as_of).coalesce(outputs).sortWithinPartitions(*key)
         .write.mode("overwrite").format(fmt).save(os.path.join(output, "snapshots", name)))

    return [partial(write, name) for name in plan.schemas]


def error_rows(plan: TypedPlan) -> list[tuple[Any, ...]]:
    """The plan's problems as ``errors`` rows (file, offset, event_type, message,
    event_date)."""
    return [(file, offset, None, message, day) for file, offset, message, day in plan.problems]


def collect_plan(parsed: Any, snapshot: bool) -> TypedPlan:
    """The plan, from the schema rows of the persisted parse (collected: a few rows)."""
    from pyspark.sql import functions as F

    rows = parsed.where(F.col("kind").startswith(TYPED_SCHEMA)).select(
        "kind", "records").collect()
    return typed_plan(((r.kind, bytes(r.records)) for r in rows), snapshot)


def show_typed(spark: Any, output: str, fmt: str, n: int, out: TextIO) -> None:
    """A few rows of one typed change table and of its snapshot, if any (the first
    table, by name, that has a snapshot; a local ``output`` only)."""
    tables, snapshots = (sorted(os.listdir(os.path.join(output, d)))
                         if os.path.isdir(os.path.join(output, d)) else []
                         for d in ("tables", "snapshots"))
    name = next(iter(snapshots), next(iter(tables), None))
    if name is None:
        return
    frame = spark.read.format(fmt).load(os.path.join(output, "tables", name))
    print(f"\n== tables/{name} ({frame.count()} rows) ==", file=out, flush=True)
    frame.orderBy(*ORDER).select("op", "ts", "gtid", "pos", "before", "after").show(
        n, truncate=60)
    if name in snapshots:
        snap = spark.read.format(fmt).load(os.path.join(output, "snapshots", name))
        print(f"\n== snapshots/{name} ({snap.count()} rows) ==", file=out, flush=True)
        snap.show(n, truncate=30)
