"""The output tables' columns, declared once: names and Spark SQL types, in order.

Executors build each row as a record of its kind (:data:`RECORDS`: a named tuple whose
fields are the kind's column names, made from the lists below), by field name, so a
misspelt, missing or extra column fails where the row is built and the order lives here
alone; the driver and the data source hand Spark the DDL strings below, so nothing is
ever inferred. Every table ends with ``event_date``, the UTC date it is partitioned by
(of the event, of the transaction's first event, of the change, of the file's first
event; for an error, of the event concerned, else of the last event read before it;
null when there is none).

``schema_history`` comes from the planner, not from the parse: the DDL of each server's
chain of files, replayed in chain order (:mod:`binlog_kaitai.tables.splits`), after the
statements of the ``--schema`` files (their ``file`` is the schema file's name, ``pos``,
``ts`` and ``event_date`` null).

``files`` keeps the names of the ``summary --json`` fields, but ``start_time`` and
``end_time`` are timestamps rather than ISO strings. ``events`` has a row per event of
the file itself: the events inside a MySQL TRANSACTION_PAYLOAD (compressed transaction)
have none of their own; their rows and their transaction are in ``row_changes`` and
``transactions``. ``row_changes`` has one column more than the issue lists:
``inner_pos``, the offset of the rows event inside a TRANSACTION_PAYLOAD (null
otherwise), without which the rows of a compressed transaction would share
(file, pos, row).

Integers the format stores unsigned in 8 bytes (xid, GTID sequence numbers) are
``bigint``: servers never write values near 2^63, and one that is (a corrupt field) is
left null rather than wrapped.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any

import pyarrow as pa

Columns = tuple[tuple[str, str], ...]

FILES: Columns = (
    # the summary fields of the CLI's `summary --json` contract, in its order
    ("file", "string"),
    ("size", "bigint"),
    ("binlog_version", "int"),
    ("server_version", "string"),
    ("server_id", "bigint"),
    ("header_length", "int"),
    ("checksum", "string"),
    ("in_use", "boolean"),
    ("start_timestamp", "bigint"),
    ("start_time", "timestamp"),
    ("end_timestamp", "bigint"),
    ("end_time", "timestamp"),
    ("last_event_type", "string"),
    ("last_event_pos", "bigint"),
    ("end_reason", "string"),
    ("next_file", "string"),
    ("next_position", "bigint"),
    ("previous_gtids", "string"),
    ("truncated", "boolean"),
    ("bytes_read", "bigint"),
    ("error", "string"),
    # what the full parse found
    ("status", "string"),
    ("error_offset", "bigint"),
    ("event_count", "bigint"),
    ("transaction_count", "bigint"),
    ("row_change_count", "bigint"),
    ("first_gtid", "string"),
    ("last_gtid", "string"),
    ("parser_version", "string"),
    ("event_date", "date"),
)

EVENTS: Columns = (
    ("file", "string"),
    ("pos", "bigint"),
    ("next_pos", "bigint"),
    ("type", "string"),
    ("type_code", "int"),
    ("ts", "timestamp"),
    ("server_id", "bigint"),
    ("length", "bigint"),
    ("flags", "int"),
    ("checksum_ok", "boolean"),
    ("gtid", "string"),
    ("xid", "bigint"),
    ("thread_id", "bigint"),
    ("schema", "string"),
    ("query", "string"),
    ("table_id", "bigint"),
    ("db", "string"),
    ("table", "string"),
    ("rows_count", "int"),
    ("event_date", "date"),
)

TRANSACTIONS: Columns = (
    ("gtid", "string"),
    ("gtid_uuid", "string"),
    ("gtid_tag", "string"),
    ("gtid_domain", "bigint"),
    ("gtid_server_id", "bigint"),
    ("gtid_sequence", "bigint"),
    ("file", "string"),
    ("begin_pos", "bigint"),
    ("end_pos", "bigint"),
    ("begin_ts", "timestamp"),
    ("commit_ts", "timestamp"),
    ("xid", "bigint"),
    ("event_count", "int"),
    ("row_count", "bigint"),
    ("tables", "array<string>"),
    ("is_ddl", "boolean"),
    ("commit_kind", "string"),
    ("last_committed", "bigint"),
    ("sequence_number", "bigint"),
    ("original_commit_ts", "timestamp"),
    ("immediate_commit_ts", "timestamp"),
    ("event_date", "date"),
)

ROW_CHANGES: Columns = (
    ("op", "string"),
    ("db", "string"),
    ("table", "string"),
    # each image as the JSON object `rows --json` prints for the change (null: none)
    ("before", "string"),
    ("after", "string"),
    ("pk", "array<string>"),
    ("file", "string"),
    ("pos", "bigint"),
    ("inner_pos", "bigint"),
    ("row", "int"),
    ("server_id", "bigint"),
    ("gtid", "string"),
    ("xid", "bigint"),
    ("ts", "timestamp"),
    ("event_date", "date"),
)

ERRORS: Columns = (
    ("file", "string"),
    ("offset", "bigint"),
    ("event_type", "string"),
    ("message", "string"),
    ("event_date", "date"),
)

SCHEMA_HISTORY: Columns = (
    # every DDL statement the schema history applied, in the order it did: one row per
    # table whose columns it changed (one row with db, table and action null if none)
    ("file", "string"),
    ("pos", "bigint"),
    ("ts", "timestamp"),
    ("gtid", "string"),
    ("schema", "string"),
    ("statement", "string"),
    ("db", "string"),
    ("table", "string"),
    ("action", "string"),
    ("renamed_from", "string"),
    ("columns", "array<string>"),
    ("added", "array<string>"),
    ("dropped", "array<string>"),
    ("event_date", "date"),
)

SPLIT_STATS: Columns = (
    # internal: one per split, folded into `files` by the driver
    ("file", "string"),
    ("split_index", "int"),
    ("bytes", "bigint"),
    ("event_count", "bigint"),
    ("transaction_count", "bigint"),
    ("row_change_count", "bigint"),
    ("first_gtid", "string"),
    ("last_gtid", "string"),
    ("error_kind", "string"),
    ("error_offset", "bigint"),
    ("error_message", "string"),
    ("damaged", "boolean"),
    ("summary_json", "string"),
    ("worker_peak_rss", "bigint"),
)

FAILFAST: Columns = (
    # internal: in FAILFAST mode, a split's first problem, which ends its parse; the
    # driver (or the data source) fails with it as ``FILE: offset N: what``
    ("file", "string"),
    ("offset", "bigint"),
    ("message", "string"),
)

TABLES: dict[str, Columns] = {
    "files": FILES,
    "events": EVENTS,
    "transactions": TRANSACTIONS,
    "row_changes": ROW_CHANGES,
    "errors": ERRORS,
    "schema_history": SCHEMA_HISTORY,
}
"""Output tables by name, in the order the job writes them."""

PARSED: dict[str, Columns] = {
    "events": EVENTS,
    "transactions": TRANSACTIONS,
    "row_changes": ROW_CHANGES,
    "errors": ERRORS,
    "split_stats": SPLIT_STATS,
    "failfast": FAILFAST,
}
"""What one parse of a split yields: a record is ``(kind, values)``, with ``kind`` from
here and ``values`` of the type ``RECORDS[kind]``."""


def ddl(columns: Columns) -> str:
    """Spark SQL DDL for a column list, every name quoted (``table``, ``row`` are keywords)."""
    return ", ".join(f"`{name}` {kind}" for name, kind in columns)


ARROW_TYPES: dict[str, pa.DataType] = {
    "string": pa.string(),
    "bigint": pa.int64(),
    "int": pa.int32(),
    "boolean": pa.bool_(),
    "timestamp": pa.timestamp("us", tz="UTC"),
    "date": pa.date32(),
    "array<string>": pa.list_(pa.string()),
}
"""The Arrow type of each Spark SQL type used above, as Spark converts them (a Spark
``timestamp`` is an instant: microseconds, UTC)."""


def arrow_schema(columns: Columns) -> pa.Schema:
    """The Arrow schema of a column list: what the executors' batches and ``export``'s
    Parquet files hold."""
    return pa.schema([(name, ARROW_TYPES[kind]) for name, kind in columns])


def record_batch(kind: str, rows: list[tuple[Any, ...]], schema: pa.Schema) -> pa.RecordBatch:
    """Records of ``kind`` as one Arrow batch of ``schema``. Each row is a record of the
    kind's type (:data:`RECORDS`), whose fields must be the schema's columns: any other
    fails here, not as shifted columns."""
    names = tuple(schema.names)
    for kind_type in {type(row) for row in rows}:
        if getattr(kind_type, "_fields", None) != names:
            raise TypeError(f"{kind_type.__name__} is no record of {kind}: {names}")
    return pa.RecordBatch.from_arrays(
        [pa.array(column, type=f.type) for column, f in zip(zip(*rows, strict=True), schema,
                                                             strict=True)], schema=schema)


def column_names(columns: Columns) -> list[str]:
    return [name for name, _ in columns]


def record_type(kind: str, columns: Columns) -> type[tuple[Any, ...]]:
    """The named tuple of one kind's rows, ``row_changes`` -> ``RowChangesRecord``: a
    plain tuple to Arrow and Spark, but built by column name (about a microsecond more
    per row than a bare tuple, a few percent of a row's parse). It is bound under its
    own name below, so pickle finds it."""
    name = "".join(word.title() for word in kind.split("_")) + "Record"
    return namedtuple(name, column_names(columns), module=__name__)


RECORDS: dict[str, type[tuple[Any, ...]]] = {
    kind: record_type(kind, columns) for kind, columns in {**TABLES, **PARSED}.items()}
"""Each kind's record type, tables and parsed kinds alike."""

FilesRecord = RECORDS["files"]
EventsRecord = RECORDS["events"]
TransactionsRecord = RECORDS["transactions"]
RowChangesRecord = RECORDS["row_changes"]
ErrorsRecord = RECORDS["errors"]
SchemaHistoryRecord = RECORDS["schema_history"]
SplitStatsRecord = RECORDS["split_stats"]
FailfastRecord = RECORDS["failfast"]
