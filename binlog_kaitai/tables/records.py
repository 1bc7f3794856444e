"""One row of a table, from what the parse read: an ``events`` row of an event, a
``row_changes`` row of a change of the reference decoder, and the conversions of
binlog values to the tables' column types (Spark's bigint, UTC timestamps and dates).

The rows are records of the types in :mod:`binlog_kaitai.tables.schemas`, built by
column name. The ``transactions`` row is the open transaction's
(:meth:`binlog_kaitai.tables.transactions.Transaction.row`), the ``errors`` row the
problem's (:mod:`binlog_kaitai.tables.problems`); the columnar decoder's ``row_changes``
rows are made a column at a time (:mod:`binlog_kaitai.tables.changes`), holding what
:func:`change_row` holds.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.event import Event, EventType, event_type_name
from binlog_kaitai.event_kinds import statement_bytes
from binlog_kaitai.render import text
from binlog_kaitai.rows import RowChange
from binlog_kaitai.run_loop import COMPILED_BODIES
from binlog_kaitai.tables.changes import image_text
from binlog_kaitai.tables.schemas import EventsRecord, RowChangesRecord

Record = tuple[str, Any]
"""``(kind, values)``: a record of the kind's type, or for ``row_changes`` and ``typed``
an Arrow batch of them."""
INT64_MAX = (1 << 63) - 1
OPS = {"insert": "c", "update": "u", "delete": "d"}
"""``row_changes.op`` of each change's ``RowChange.op``."""
BODY_COLUMN_TYPES = kinds.QUERY | kinds.ROWS | {
    EventType.annotate_rows_event, EventType.rows_query_log_event,
    EventType.table_map_event}
"""The types (besides XIDs and MariaDB GTIDs) whose bodies hold ``events`` columns."""


def i64(value: int | None) -> int | None:
    """An unsigned 8-byte value as a Spark bigint, or None if it does not fit."""
    return value if value is not None and value <= INT64_MAX else None


def utc(seconds: int | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def utc_us(micros: int | None) -> datetime | None:
    if micros is None:
        return None
    return datetime.fromtimestamp(micros // 1_000_000, UTC).replace(
        microsecond=micros % 1_000_000)


@lru_cache(maxsize=1)
def when(seconds: int) -> tuple[datetime, date]:
    """An event's time and UTC date, converted once for all the rows of an event and
    the events written in the same second."""
    ts = datetime.fromtimestamp(seconds, UTC)
    return ts, ts.date()


def utc_date(seconds: int | None) -> date | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC).date()


_new_record = tuple.__new__


def event_row(path: str, ev: Event, gtid: str | None, rows_count: int | None
              ) -> tuple[Any, ...]:
    """The ``events`` row of ``ev`` (of file ``path``, in the transaction of ``gtid``);
    ``rows_count``: its rows, once decoded (None for any other event)."""
    return events_record(path, ev.pos, ev.type_code, ev.timestamp, ev.server_id, ev.length,
                         ev.flags, ev.checksum_ok, gtid, _body_columns(ev), rows_count)


def events_record(path: str, pos: int, type_code: int, timestamp: int, server_id: int,
                  length: int, flags: int | None, checksum_ok: bool | None,
                  gtid: str | None, columns: tuple[Any, ...], rows_count: int | None
                  ) -> tuple[Any, ...]:
    """The ``events`` row of an event from its header's fields, its CRC verdict, its
    transaction's GTID, its body's columns (:func:`_body_columns`) and its rows count.
    Made from its values in the record's order, as a tuple is (by name, its 20 keywords
    took a tenth of an OLTP binlog's parse; by position, half that);
    :func:`~binlog_kaitai.tables.schemas.record_batch` checks the record type against
    the table's columns."""
    ts, day = when(timestamp)
    return _new_record(EventsRecord, (
        path, pos, pos + length, event_type_name(type_code), type_code, ts, server_id,
        length, flags, checksum_ok, gtid, *columns, rows_count, day))


NO_BODY_COLUMNS = (None,) * 7


def _body_columns(ev: Event) -> tuple[Any, ...]:
    """The ``events`` columns from an event's body: ``xid``, ``thread_id``, ``schema``,
    ``query``, ``table_id``, ``db``, ``table`` (None where the type has none). Only the
    bodies of the types that have some are parsed (an XID's, a MariaDB GTID's and an
    annotation's are read by their compiled readers, a rows event's fixed fields too)."""
    t = ev.type_code
    fields = ev.fixed_fields() if t in COMPILED_BODIES else None
    if fields is not None:
        return compiled_columns(t, fields, ev.raw)
    if t == EventType.gtid_event:  # (its body the spec's: the compiled reader refused it)
        body = ev.body
        thread_id = body.thread_id if body is not None and body.has_thread_id else None
        return (None, thread_id, *NO_BODY_COLUMNS[2:])
    if t not in BODY_COLUMN_TYPES:
        return NO_BODY_COLUMNS
    body = ev.rows_fields() if t in kinds.ROWS else ev.body  # (a rows event's: no parse)
    if body is None:
        return NO_BODY_COLUMNS
    if t in kinds.QUERY:
        raw = statement_bytes(body)
        return (None, body.thread_id, body.schema or None,
                None if raw is None else text(raw), None, None, None)
    if t == EventType.table_map_event:
        return table_map_columns(body)
    if t in kinds.ROWS:
        return rows_columns(body, ev.table_map)
    return (None, None, None, text(body.query), None, None, None)  # an annotation


def compiled_columns(type_code: int, fields: Any, data: bytes) -> tuple[Any, ...]:
    """:func:`_body_columns` of a body whose compiled reader read it whole (an XID, a
    MariaDB GTID, an annotation: ``COMPILED_BODIES``), from its ``fields`` (spans
    offsets in ``data``)."""
    if type_code == EventType.xid_event:
        return (i64(fields.xid.value), *NO_BODY_COLUMNS[1:])
    if type_code == EventType.gtid_event:
        return (None, fields.thread_id if fields.has_thread_id else None,
                *NO_BODY_COLUMNS[2:])
    query = bytes(data[fields.query_at:fields.query_at + fields.query_size])
    return (None, None, None, text(query), None, None, None)


def table_map_columns(body: Any) -> tuple[Any, ...]:
    """:func:`_body_columns` of a TABLE_MAP_EVENT's body."""
    return (None, None, None, None, body.table_id.value, body.schema_name, body.table_name)


def rows_columns(fields: Any, table_map: Any) -> tuple[Any, ...]:
    """:func:`_body_columns` of a rows event's fields, with its table map (None: none)."""
    if table_map is None:
        return (None, None, None, None, fields.table_id.value, None, None)
    return (None, None, None, None, fields.table_id.value, table_map.schema_name,
            table_map.table_name)


def change_row(path: str, c: RowChange, xid: int | None) -> tuple[Any, ...]:
    """The ``row_changes`` row of a change of the reference decoder (of file ``path``,
    in the transaction committed by ``xid``)."""
    ts, day = when(c.timestamp)
    return RowChangesRecord(
        op=OPS[c.op], db=c.schema, table=c.table, before=image_text(c.before),
        after=image_text(c.after), pk=None if c.pk is None else list(c.pk),
        file=path, pos=c.pos, inner_pos=c.inner_pos, row=c.row,
        server_id=c.server_id, gtid=c.gtid, xid=xid, ts=ts, event_date=day,
    )
