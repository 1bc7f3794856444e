"""Row changes in binlog order, bulk events decoded a column at a time: what ``rows`` prints.

:class:`OrderedRows` is fed a stream's events in order, like
:class:`~binlog_kaitai.rows.RowDecoder`, and gives back the same row changes and
problems in the same order. Consecutive rows events of one table and shape (a bulk
statement's events) are gathered and decoded together by the columnar decoder
(:func:`~binlog_kaitai.columnar.decode_row_data`), their values mapped back by
:func:`~binlog_kaitai.columnar.reference_values`; any other event, a small lone rows
event, or a group the columnar decoder refuses, goes through the reference decoder, so
damage is reported in its words. Any event but a rows or table-map event ends a group,
so the output interleaves with the events exactly as the reference's does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pyarrow as pa

from binlog_kaitai.columnar import (
    MAX_BATCH_BYTES,
    PARTIAL_UPDATE_ROWS,
    RowsShape,
    decode_row_data,
    reference_values,
)
from binlog_kaitai.errors import RowsError
from binlog_kaitai.event import DECODE_ERRORS, Event
from binlog_kaitai.rows import RowChange, RowDecoder, changes_of
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.table_info import TableInfo

COLUMNAR_MIN_BYTES = 4096
"""Row data from which a rows event starts a columnar group: below, Arrow's fixed cost
per batch outweighs what it saves (a lone small event takes the reference path)."""

Item = tuple[Event, list[RowChange]] | RowsError
"""A rows event with its changes, or the problem of one event."""


class OrderedRows:
    """See the module docstring. ``feed`` returns what an event completes (the changes
    of the group it ends, then its own); ``finish`` the rest."""

    def __init__(self, *, schema: SchemaHistory | None = None,
                 tables: Iterable[str] | None = None,
                 max_batch_bytes: int = MAX_BATCH_BYTES) -> None:
        self.decoder = RowDecoder(schema=schema, tables=tables)
        self.max_batch_bytes = max_batch_bytes
        self._key: tuple[Any, ...] | None = None
        self._table: TableInfo | None = None
        self._group: list[tuple[Event, str | None]] = []
        self._size = 0

    def feed(self, ev: Event) -> list[Item]:
        if not ev.is_rows:
            out = [] if ev.is_table_map else self._flush()
            return out + self._reference([(ev, self.decoder.gtid)])
        found = self._columnar_key(ev)
        if found is None or found[0] != self._key:
            out = self._flush()
            if found is None or len(ev.body.row_data) < COLUMNAR_MIN_BYTES:
                return out + self._reference([(ev, self.decoder.gtid)])
        else:
            out = []
        self._key, self._table = found
        self._group.append((ev, self.decoder.gtid))
        self._size += len(ev.body.row_data)
        if self._size >= self.max_batch_bytes:
            out += self._flush()
        return out

    def finish(self) -> list[Item]:
        return self._flush()

    def _columnar_key(self, ev: Event) -> tuple[tuple[Any, ...], TableInfo] | None:
        """What the event shares with the events it may be decoded with, and its table;
        None when it must take the reference path."""
        body = ev.body
        if body is None or ev.table_map is None or ev.type_code == PARTIAL_UPDATE_ROWS:
            return None
        try:
            table = self.decoder.describe(ev.table_map, ev.format.is_mariadb)
            data = body.row_data
        except DECODE_ERRORS:
            return None
        if table is None or data is None:
            return None
        shape = RowsShape.of(body, ev.type_code)
        return (id(table), shape), table

    def _flush(self) -> list[Item]:
        group, table, key = self._group, self._table, self._key
        self._group, self._size, self._key, self._table = [], 0, None, None
        if not group:
            return []
        assert table is not None and key is not None
        try:
            decoded = decode_row_data([ev.body.row_data for ev, _ in group], table, key[1])
            # Python's values of Arrow's (a DATE past year 9999 is valid in Arrow only).
            befores = _image_dicts(decoded.batch, "before")
            afters = _image_dicts(decoded.batch, "after")
        except DECODE_ERRORS:
            return self._reference(group)
        out: list[Item] = []
        start = 0
        for (ev, gtid), count in zip(group, decoded.rows_per_event.tolist(), strict=True):
            end = start + count
            out.append((ev, changes_of(ev, table, None if befores is None else befores[start:end],
                                       None if afters is None else afters[start:end], gtid)))
            start = end
        return out

    def _reference(self, events: list[tuple[Event, str | None]]) -> list[Item]:
        """Events through the reference decoder, each in the transaction it was read in."""
        out: list[Item] = []
        current = self.decoder.gtid
        for ev, gtid in events:
            self.decoder.gtid = gtid
            try:
                changes = self.decoder.feed(ev)
            except RowsError as exc:
                out.append(exc)
                continue
            finally:
                if ev.is_rows:
                    self.decoder.gtid = current
                else:
                    current = self.decoder.gtid
            if changes:
                out.append((ev, changes))
        return out


def _image_dicts(batch: pa.RecordBatch, image: str) -> list[dict[str, Any]] | None:
    """The ``before`` or ``after`` images of a decoded batch as the reference decoder's
    {column: value} dicts, in column order (None when the batch has no such image)."""
    at = batch.schema.get_field_index(image)
    if at < 0:
        return None
    struct = batch.column(at)
    kind = struct.type
    names = [kind.field(i).name for i in range(kind.num_fields)]
    columns = [reference_values(struct.field(i), kind.field(i)) for i in range(kind.num_fields)]
    if not columns:
        return [{} for _ in range(len(struct))]
    return [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]

