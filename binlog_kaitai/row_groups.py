"""Which rows events can be decoded together: their group key, without decoding them.

The gatherers of rows events for the columnar decoder
(:class:`~binlog_kaitai.ordered_rows.OrderedRows` for ``rows``, the Spark extraction's
:class:`~binlog_kaitai.tables.extract.SplitParser`) ask :func:`columnar_key` of each rows
event (:class:`~binlog_kaitai.columnar.RowBatcher`, which reports what it cannot decode,
:func:`group_key` of its table and shape). Neither needs numpy nor Arrow, so a gatherer
decides its groups before the columnar decoder (:mod:`binlog_kaitai.columnar`) is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from binlog_kaitai.event import DECODE_ERRORS, Event, EventType
from binlog_kaitai.rows import RowDecoder
from binlog_kaitai.table_info import TableInfo

PARTIAL_UPDATE_ROWS = EventType.partial_update_rows_event


@dataclass(frozen=True, slots=True)
class RowsShape:
    """What the rows events decoded together share: their type (write, update, delete,
    partial update), column count and columns-present bitmaps (``present_after`` None
    for events with one image per row)."""

    type_code: int
    column_count: int
    present: bytes
    present_after: bytes | None

    @classmethod
    def of(cls, body: Any, type_code: int) -> RowsShape:
        """The shape of a generated ``RowsEvent`` body."""
        return cls(type_code, body.num_columns.value, bytes(body.columns_present),
                   bytes(body.columns_present_after) if body.has_after_image else None)



def columnar_key(decoder: RowDecoder, ev: Event
                 ) -> tuple[tuple[Any, ...], TableInfo, RowsShape] | None:
    """What a rows event shares with the events it may be decoded with (its group's key),
    its table and shape; None when it must take the reference path (what
    the gatherers of :mod:`~binlog_kaitai.ordered_rows` and :mod:`binlog_kaitai.tables.changes`
    need)."""
    body = ev.body
    if body is None or ev.table_map is None or ev.type_code == PARTIAL_UPDATE_ROWS:
        return None
    try:
        table = decoder.describe(ev.table_map, ev.format.is_mariadb)
        data = body.row_data
    except DECODE_ERRORS:
        return None
    if table is None or data is None:
        return None
    shape = RowsShape.of(body, ev.type_code)
    return group_key(table, shape), table, shape


def group_key(table: TableInfo, shape: RowsShape) -> tuple[Any, ...]:
    """The key of the group of the rows events of ``table`` and ``shape`` (every
    gatherer's: :func:`columnar_key`'s and :class:`~binlog_kaitai.columnar.RowBatcher`'s).
    The table by its id: a group holds its table, so the id is not reused while the group
    waits, and a table map of other content is another group."""
    return id(table), shape
