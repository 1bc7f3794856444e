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

With ``json=True`` (what ``rows --json`` runs), a group decoded by the columnar decoder
comes back as :class:`JsonRows`, its lines rendered from the Arrow batch by
:mod:`~binlog_kaitai.json_batches` (once its compiled kernel is worth loading, see
:func:`~binlog_kaitai.json_batches.available`; before, as changes).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa

from binlog_kaitai import json_batches
from binlog_kaitai.columnar import (
    MAX_BATCH_BYTES,
    PARTIAL_UPDATE_ROWS,
    DecodedRows,
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



@dataclass(frozen=True, slots=True)
class JsonRows:
    """The ``rows --json`` lines of consecutive rows events, end to end in ``text``; the
    lines of ``events[e]`` are ``text[ends[firsts[e]]:ends[firsts[e + 1]]]``."""

    events: list[Event]
    text: memoryview
    ends: np.ndarray
    firsts: np.ndarray

    def lines(self, keep: Sequence[bool]) -> memoryview | bytes:
        """The lines of the events ``keep`` says (one flag per event), UTF-8."""
        if all(keep):
            return self.text
        at = self.ends[self.firsts].tolist()
        return b"".join(self.text[at[e]:at[e + 1]] for e, kept in enumerate(keep) if kept)


Item = tuple[Event, list[RowChange]] | RowsError | JsonRows
"""A rows event with its changes, the problem of one event, or (``json=True``) the lines
of rows events decoded together."""


_frozen = False


def collect_garbage() -> None:
    """Free the parse trees of the events of the groups rendered so far, now, rather than
    when Python's collector gets to them: the generated parser's objects point back at
    their parents, so only the collector frees them, and a group's events live long
    enough to reach its oldest generation, collected rarely (``rows --json`` on a bulk
    binlog peaked at 330 MB, 260 MB when collected after each batch). The first call
    freezes what lives then (modules, the compiled kernels), so that each later
    collection goes through the new objects only. Call it where no event is referenced.
    """
    global _frozen
    gc.collect()
    if not _frozen:
        gc.freeze()
        _frozen = True


class OrderedRows:
    """See the module docstring. ``feed`` returns what an event completes (the changes
    of the group it ends, then its own); ``finish`` the rest."""

    def __init__(self, *, schema: SchemaHistory | None = None,
                 tables: Iterable[str] | None = None,
                 max_batch_bytes: int = MAX_BATCH_BYTES, json: bool = False) -> None:
        self.decoder = RowDecoder(schema=schema, tables=tables)
        self.max_batch_bytes = max_batch_bytes
        self.json = json
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
            if self.json and json_batches.available():
                return [_json_rows(group, table, decoded)]
            return _changes(group, table, decoded)
        except DECODE_ERRORS:
            return self._reference(group)

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


def _changes(group: list[tuple[Event, str | None]], table: TableInfo, decoded: DecodedRows
             ) -> list[Item]:
    """Each event of a decoded group with its changes."""
    # Python's values of Arrow's (a DATE past year 9999 is valid in Arrow only).
    befores = _image_dicts(decoded.batch, "before")
    afters = _image_dicts(decoded.batch, "after")
    out: list[Item] = []
    start = 0
    for (ev, gtid), count in zip(group, decoded.rows_per_event.tolist(), strict=True):
        end = start + count
        out.append((ev, changes_of(ev, table, None if befores is None else befores[start:end],
                                   None if afters is None else afters[start:end], gtid)))
        start = end
    return out


def _json_rows(group: list[tuple[Event, str | None]], table: TableInfo, decoded: DecodedRows
               ) -> JsonRows:
    """A decoded group's lines, rendered from its batch."""
    names = decoded.batch.schema.names
    images = ([{}] if "before" in names else None, [{}] if "after" in names else None)
    heads = [changes_of(ev, table, *images, gtid)[0] for ev, gtid in group]
    text, ends = json_batches.json_text(heads, decoded)
    firsts = np.zeros(len(group) + 1, np.int64)
    np.cumsum(decoded.rows_per_event, out=firsts[1:])
    return JsonRows([ev for ev, _ in group], text, ends, firsts)


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

