"""``row_changes`` rows as Arrow batches, straight from the columnar decoder's batches.

The executors' parse (:mod:`binlog_kaitai.tables.extract`) gathers rows events by table
and shape, as :class:`~binlog_kaitai.ordered_rows.OrderedRows` does for ``rows``
(:class:`OpenGroups`: the events between them that the decoding does not depend on leave
the groups open), and decodes each group in one call of
:func:`~binlog_kaitai.columnar.decode_row_data`. Their ``row_changes`` rows are then
made a column at a time (:func:`changes_batch`): the ``before``/``after`` images become
string columns of JSON text, each row's the object ``rows --json`` prints for that
change, written by the compiled text kernel from the decoded batch
(:func:`binlog_kaitai.batch_text.image_json`: the fragments and layout of the
``rows --json`` lines); the reference decoder's images are encoded as ``rows --json``
encodes them (:func:`image_text`). The change metadata columns repeat each event's
values over its rows; :func:`in_order` puts the rows of all the groups back in binlog
order. ``tests/test_spark_plan.py`` checks the result against ``rows --json`` on every
real binlog.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import numpy as np
import orjson
import pyarrow as pa

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai import row_groups
from binlog_kaitai.batch_text import image_json
from binlog_kaitai.columnar import DecodedRows, decode_row_data
from binlog_kaitai.row_groups import RowsGroup, row_data
from binlog_kaitai.table_info import TableInfo
from binlog_kaitai.tables.schemas import ROW_CHANGES, arrow_schema

ROW_CHANGES_SCHEMA = arrow_schema(ROW_CHANGES)
PK_TYPE = ROW_CHANGES_SCHEMA.field("pk").type
OP_CODES = {**dict.fromkeys(kinds.WRITE_ROWS, "c"), **dict.fromkeys(kinds.UPDATE_ROWS, "u"),
            **dict.fromkeys(kinds.DELETE_ROWS, "d")}
"""``row_changes.op`` of each rows event type (the reference path's ``OPS``)."""
MIN_RUN_ROWS = 64
"""Rows from which :func:`in_order` slices a run out of its batch (shorter runs are
taken together)."""


# ---------------------------------------------------------------------------------------
# Images as JSON text


def image_text(image: dict[str, Any] | None) -> str | None:
    """A reference decoder's image as ``rows --json`` writes it in the change's line
    (compact JSON by orjson, as :func:`~binlog_kaitai.row_text.json_lines`); None for
    no image."""
    return None if image is None else orjson.dumps(image).decode()


def _validity(nulls: np.ndarray) -> pa.Buffer | None:
    return pa.py_buffer(np.packbits(~nulls, bitorder="little")) if nulls.any() else None


# ---------------------------------------------------------------------------------------
# Groups of rows events


@dataclass(slots=True)
class ColumnarGroup(RowsGroup):
    """A group of :class:`OpenGroups`, decoded as ``row_changes`` rows."""

    def decode(self, path: str, xids: list[int | None]) -> ColumnarChanges | None:
        """The ``row_changes`` rows of every event (of file ``path``; ``xids``: each
        event's XID), or None when the columnar decoder refuses them: the reference
        decoder then decodes each event, and says why it cannot. (So does any other
        failure here: a bug of this path must not cost the rows the reference path can
        give.)"""
        try:
            decoded = decode_row_data([row_data(ev) for ev in self.events], self.table,
                                      self.shape)
            return ColumnarChanges(changes_batch(decoded, self, path, xids),
                                   decoded.rows_per_event.tolist(), decoded.batch, self.table)
        except Exception:
            return None


class OpenGroups(row_groups.OpenGroups[ColumnarGroup]):
    """:class:`binlog_kaitai.row_groups.OpenGroups` of :class:`ColumnarGroup`;
    :func:`in_order` puts their rows back in binlog order."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(ColumnarGroup)


def row_seqs(group: ColumnarGroup, counts: list[int]) -> np.ndarray:
    """The place of each row's event among the gathered events."""
    return np.repeat(np.array(group.seqs, np.int64), counts)


def in_order(parts: list[tuple[pa.RecordBatch, np.ndarray]]) -> list[pa.RecordBatch]:
    """Batches of one schema, each with its rows' :func:`row_seqs`, as batches of all
    their rows in binlog order (within an event, as they were).

    The rows come in runs, consecutive in one batch (an event's rows at least, a bulk
    statement's many events). A run of :data:`MIN_RUN_ROWS` or more is a slice of its
    batch, which copies nothing, where a ``take`` of nested columns costs about twice
    what a copy costs; the short runs between two long ones are taken together into one
    batch. So a bulk statement among small transactions leaves a few batches, not one
    per run: the Parquet writer spends about 30 µs on each batch it is given (the bench
    file's ``row_changes`` came in 3,542 batches, now 178), and the typed tables'
    gathering copies the short runs only
    (:class:`~binlog_kaitai.tables.typed_tables.TypedBuffer`)."""
    if len(parts) == 1:
        return [parts[0][0]]
    batches = [batch for batch, _ in parts]
    order = np.argsort(np.concatenate([seqs for _, seqs in parts]), kind="stable")
    offsets = np.cumsum([0, *map(len, batches)])
    first = np.zeros(len(order) + 1, bool)
    first[offsets] = True  # (a run ends where its batch does)
    breaks = (np.diff(order) != 1) | first[order[1:]]
    bounds = [0, *(np.flatnonzero(breaks) + 1).tolist(), len(order)]
    found: list[pa.RecordBatch] = []
    short: list[np.ndarray] = []
    for a, b in pairwise(bounds):
        if b - a < MIN_RUN_ROWS:
            short.append(order[a:b])
            continue
        if short:
            found.append(_taken(batches, offsets, np.concatenate(short)))
            short = []
        k = int(np.searchsorted(offsets, order[a], "right")) - 1
        found.append(batches[k].slice(order[a] - offsets[k], b - a))
    if short:
        found.append(_taken(batches, offsets, np.concatenate(short)))
    return found


def _taken(batches: list[pa.RecordBatch], offsets: np.ndarray, rows: np.ndarray
           ) -> pa.RecordBatch:
    """The ``rows`` (indexes into the batches one after another) as one batch, in that
    order: each batch's taken, then put in order."""
    if not len(rows):
        return batches[0].slice(0, 0)
    if len(rows) == offsets[-1]:  # (all of them: an OLTP flush's, one take)
        return pa.concat_batches(batches).take(rows)
    of_batch = np.searchsorted(offsets, rows, "right") - 1
    pieces, places = [], []
    for k in np.unique(of_batch).tolist():
        mine = np.flatnonzero(of_batch == k)
        pieces.append(batches[k].take(rows[mine] - offsets[k]))
        places.append(mine)
    if len(pieces) == 1:
        return pieces[0]
    return pa.concat_batches(pieces).take(np.argsort(np.concatenate(places), kind="stable"))


# ---------------------------------------------------------------------------------------
# Decoded rows to row_changes


@dataclass(frozen=True, slots=True)
class ColumnarChanges:
    """The ``row_changes`` rows of a decoded group, with the decoded images."""

    rows_batch: pa.RecordBatch
    per_event: list[int]
    """Rows of each event of the group."""
    images: pa.RecordBatch
    """The decoded ``before``/``after`` images, for the typed change tables
    (:func:`binlog_kaitai.tables.typed_tables.typed_from_changes`)."""
    table: TableInfo


def _ints(values: np.ndarray, kind: pa.DataType, nulls: np.ndarray | None = None
          ) -> pa.Array:
    """A numpy integer array as an Arrow int64 or int32 array (from its buffers: pa.array
    on numpy would import pandas)."""
    values = np.ascontiguousarray(values, np.int64 if kind == pa.int64() else np.int32)
    return pa.Array.from_buffers(kind, len(values), [
        None if nulls is None else _validity(nulls), pa.py_buffer(values)])


def _image(decoded: DecodedRows, name: str) -> pa.Array:
    """An image of a decoded group's rows as JSON text (null where the rows have none)."""
    texts = image_json(decoded, name)
    return pa.nulls(len(decoded.batch), pa.string()) if texts is None else texts


def _constant(value: str | Sequence[str] | None, kind: pa.DataType, rows: int) -> pa.Array:
    """``value`` (a string, or a list of strings) ``rows`` times, made from its buffers
    (the bytes of a string repeated; a take of one value copies it a value at a time)."""
    if value is None:
        return pa.nulls(rows, kind)
    if isinstance(value, str):
        return _repeated_strings([value], rows)
    per_row = len(value)
    return pa.ListArray.from_arrays(
        pa.array(np.arange(rows + 1, dtype=np.int32) * per_row, pa.int32()),
        _repeated_strings(value, rows), type=kind)


def _repeated_strings(texts: Sequence[str], times: int) -> pa.Array:
    """A string array of ``texts`` one after another, ``times`` times over."""
    encoded = [text.encode() for text in texts]
    lengths = np.tile(np.array([len(e) for e in encoded], np.int64), times)
    offsets = np.zeros(len(lengths) + 1, np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return pa.Array.from_buffers(pa.string(), len(lengths), [
        None, pa.py_buffer(offsets.astype(np.int32)), pa.py_buffer(b"".join(encoded) * times)])


def changes_batch(decoded: DecodedRows, group: ColumnarGroup, path: str,
                  xids: list[int | None]) -> pa.RecordBatch:
    """The ``row_changes`` rows of a decoded group: what the reference path's records
    hold (:func:`binlog_kaitai.tables.records.change_row`), a column at a time;
    ``xids``, each event's."""
    per_event = decoded.rows_per_event
    rows = int(per_event.sum())
    events, table = group.events, group.table
    event_of_row = np.repeat(np.arange(len(events), dtype=np.int32), per_event)

    def repeat(value: str | Sequence[str] | None, kind: pa.DataType) -> pa.Array:
        return _constant(value, kind, rows)

    def each(values: list[int]) -> np.ndarray:
        return np.repeat(np.array(values, np.int64), per_event)

    inner = each([-1 if ev.inner_pos is None else ev.inner_pos for ev in events])
    seconds = each([ev.timestamp for ev in events])
    starts = np.repeat(np.cumsum(per_event) - per_event, per_event)
    columns = {
        "op": repeat(OP_CODES[events[0].type_code], pa.string()),
        "db": repeat(table.schema, pa.string()),
        "table": repeat(table.table, pa.string()),
        "before": _image(decoded, "before"),
        "after": _image(decoded, "after"),
        "pk": repeat(table.pk, PK_TYPE),
        "file": repeat(path, pa.string()),
        "pos": _ints(each([ev.pos for ev in events]), pa.int64()),
        "inner_pos": _ints(inner, pa.int64(), inner < 0),
        "row": _ints(np.arange(rows) - starts, pa.int32()),
        "server_id": _ints(each([ev.server_id for ev in events]), pa.int64()),
        "gtid": pa.array(group.gtids, pa.string()).take(event_of_row),
        "xid": pa.array(xids, pa.int64()).take(event_of_row),
        "ts": _ints(seconds * 1_000_000, pa.int64()).view(pa.timestamp("us", tz="UTC")),
        "event_date": _ints(seconds // 86400, pa.int32()).view(pa.date32()),
    }
    return pa.RecordBatch.from_arrays([columns[name] for name in ROW_CHANGES_SCHEMA.names],
                                      schema=ROW_CHANGES_SCHEMA)
