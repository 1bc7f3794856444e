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
from binlog_kaitai.event import Event, EventType
from binlog_kaitai.event_kinds import statement_bytes
from binlog_kaitai.gtid import gtid_body
from binlog_kaitai.render import text
from binlog_kaitai.rows import RowChange
from binlog_kaitai.tables.changes import image_text
from binlog_kaitai.tables.schemas import EventsRecord, RowChangesRecord
from binlog_kaitai.transactions import xid_of

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


def event_row(path: str, ev: Event, gtid: str | None, rows_count: int | None
              ) -> tuple[Any, ...]:
    """The ``events`` row of ``ev`` (of file ``path``, in the transaction of ``gtid``);
    ``rows_count``: its rows, once decoded (None for any other event)."""
    xid, thread_id, schema, query, table_id, db, table = _body_columns(ev)
    ts, day = when(ev.timestamp)
    return EventsRecord(
        file=path, pos=ev.pos, next_pos=ev.next_pos, type=ev.type_name,
        type_code=ev.type_code, ts=ts, server_id=ev.server_id, length=ev.length,
        flags=ev.flags, checksum_ok=ev.checksum_ok, gtid=gtid, xid=xid,
        thread_id=thread_id, schema=schema, query=query, table_id=table_id, db=db,
        table=table, rows_count=rows_count, event_date=day,
    )


NO_BODY_COLUMNS = (None,) * 7


def _body_columns(ev: Event) -> tuple[Any, ...]:
    """The ``events`` columns from an event's body: ``xid``, ``thread_id``, ``schema``,
    ``query``, ``table_id``, ``db``, ``table`` (None where the type has none). Only the
    bodies of the types that have some are parsed (an XID's is read by its compiled
    reader, a MariaDB GTID's and an annotation's too)."""
    t = ev.type_code
    if t == EventType.xid_event:
        return (i64(xid_of(ev)), *NO_BODY_COLUMNS[1:])
    if t == EventType.gtid_event:
        gtid = gtid_body(ev)
        thread_id = gtid.thread_id if gtid is not None and gtid.has_thread_id else None
        return (None, thread_id, *NO_BODY_COLUMNS[2:])
    fields = ev.fixed_fields() if t == EventType.annotate_rows_event else None
    if fields is not None:  # (its statement's span, read without a parse)
        query = bytes(ev.raw[fields.query_at:fields.query_at + fields.query_size])
        return (None, None, None, text(query), None, None, None)
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
        return (None, None, None, None, body.table_id.value, body.schema_name,
                body.table_name)
    if t in kinds.ROWS:
        tm = ev.table_map
        return (None, None, None, None, body.table_id.value,
                None if tm is None else tm.schema_name, None if tm is None else tm.table_name)
    return (None, None, None, text(body.query), None, None, None)  # an annotation


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
