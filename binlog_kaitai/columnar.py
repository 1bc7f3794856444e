"""Row images decoded a column at a time into Arrow: the fast path of the row decoder.

For all the rows of one rows event, or of several consecutive events of one table with
the same column bitmaps, a compiled kernel (:func:`binlog_kaitai.row_kernel.walk`) finds
every value's offset, length and null flag in one pass over the row data, using per
present column the value size or length-prefix size the spec declares
(:func:`column_sizes`). Each column then becomes a ``pyarrow.Array`` in one vectorised
step (a kernel pass or numpy over the data buffer and the offsets). What the reference
decoder (:mod:`binlog_kaitai.rows`, the generated ``row_image`` parser with the
per-value converters of :mod:`binlog_kaitai.values`) gives for a value, this gives as:

================================  ===================================================
column                            Arrow
================================  ===================================================
TINY/SHORT/INT24/LONG/LONGLONG    int8/16/32/32/64, or uint* when UNSIGNED is known
FLOAT, DOUBLE                     float32, float64
DECIMAL(p, s)                     decimal128(p, s); p > 38: the exact text (string)
DATE                              date32
DATETIME(fsp)                     timestamp[us] (no zone)
TIMESTAMP(fsp)                    timestamp[us, UTC]; MySQL's zero timestamp is 0
YEAR                              uint16 (0 for the zero year)
BIT                               uint64
CHAR/VARCHAR/TEXT                 string (by the column's charset); binary collation:
                                  binary (BINARY(n) padded to n bytes); charset
                                  unknown: string, or binary when some value is not
                                  UTF-8
BLOB/BINARY                       binary
ENUM/SET                          string (labels) when known, else uint16/uint64
JSON                              string: JSON text (MySQL's binary JSON decoded;
                                  PARTIAL_UPDATE diffs applied as the reference does)
GEOMETRY                          struct<srid: uint32, wkb: binary>
VECTOR                            list<float32>
TIME, old DATETIME/TIME, DATE or  string: the reference's exact text, from the
DATETIME with a zero or invalid   per-value converter (column by column: only the
date in the batch                 columns that need it)
================================  ===================================================

Each field carries metadata: ``mysql.type`` (the real field type code), ``mysql.fsp``
for temporal types, ``mysql.charset`` for string types (empty when unknown),
``mysql.bits`` for BIT (its width n) and
``binlog_kaitai.repr`` = ``json`` for a string column holding the JSON text of the
reference's value (JSON columns, and the rare fallback whose values are not all
strings). :func:`reference_values` is the one mapping back from Arrow to the reference's
values; ``tests/test_columnar.py`` checks it against the reference on every real binlog.

Entry points: :func:`decode_rows_event` (one event), :func:`decode_row_data` /
:func:`decode_rows_events` (several events of one table and shape, one kernel call),
:class:`RowBatcher` (events fed in order, batches per table and kind of change with the
change metadata columns) and :func:`row_batches` (a whole binlog). The kernels are a C
extension compiled by Cython from :mod:`binlog_kaitai.row_kernel` (the same source runs
as plain Python where it was not built, see :mod:`binlog_kaitai.kernels`).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import orjson
import pyarrow as pa

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai import json_value, kernels, row_kernel, values
from binlog_kaitai.batch_workers import batches_side_by_side, chain_workers
from binlog_kaitai.errors import BinlogError, RowsError, decode_error_text
from binlog_kaitai.event import DECODE_ERRORS, EventType, event_type_name
from binlog_kaitai.json_diff import patched
from binlog_kaitai.packed import decimal_size
from binlog_kaitai.row_groups import (
    PARTIAL_UPDATE_ROWS,
    RowsShape,
    Signature,
    Signatures,
    decoding_worker,
    fewer_collections,
    group_key,
    keep_freed_memory,
    row_data,
)
from binlog_kaitai.rows import DECODER_BODIES, IDLE_TYPES, RowDecoder, binlog_sources
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import BinlogStream, RowsRun
from binlog_kaitai.table_info import TableInfo, present_columns, value_sizes

if TYPE_CHECKING:
    from concurrent.futures import Future

TYPE_KEY, FSP_KEY, CHARSET_KEY, REPR_KEY = (b"mysql.type", b"mysql.fsp", b"mysql.charset",
                                            b"binlog_kaitai.repr")
BITS_KEY = b"mysql.bits"
JSON_REPR = b"json"


# ---------------------------------------------------------------------------------------
# Where the values are


def column_sizes(table: TableInfo, column_count: int, present: bytes
                 ) -> tuple[list[int], np.ndarray, np.ndarray]:
    """(column indexes, value sizes, length-prefix sizes) of the present columns of one
    kind of image, in column order: a value is ``prefix`` little-endian length bytes then
    that many bytes, or ``size`` bytes when ``prefix`` is 0.

    The sizes are the spec's, the table map's ``column_meta`` instances
    (``len_fixed_value``, ``len_length_prefix``), or for MariaDB 5.3's fractional
    temporals its ``mariadb_hires_temporal`` (:func:`~binlog_kaitai.table_info.value_sizes`).
    Raises ValueError when a present
    column's size is unknown (the reference decoder cannot decode those rows either).
    """
    columns = present_columns(column_count, present)
    if not columns:
        raise ValueError("an image without columns")
    sizes = [value_sizes(table.column_metas[i], table.infos[i]) for i in columns]
    if not all(s.is_value_size_known for s in sizes):
        raise ValueError("a column type has no known size")
    return (columns, np.array([s.len_fixed_value for s in sizes], np.int64),
            np.array([s.len_length_prefix for s in sizes], np.int64))


@dataclass(frozen=True, slots=True)
class _Column:
    index: int
    name: str
    real_type: int
    meta: Any
    info: values.ColumnInfo
    size: int
    field_metadata: dict[bytes, bytes]
    json_rank: int
    """Index among the table's JSON columns (its bit in a partial update's bitmap)."""


@dataclass(frozen=True, slots=True)
class _Plan:
    """One kind of image of one table and bitmap: its present columns and their sizes."""

    columns: tuple[_Column, ...]
    fixed: np.ndarray
    prefix: np.ndarray
    json_bytes: int


_PLANS: dict[tuple[int, int, bytes, bool], tuple[TableInfo, _Plan]] = {}
PLANS_KEPT = 256
"""Plans kept before the cache starts again: each holds its table description and so
its table map's parse tree (about 8 KB); a binlog's hot tables and image shapes are far
fewer."""


def _plan(table: TableInfo, count: int, present: bytes, count_json: bool) -> _Plan:
    key = (id(table), count, bytes(present), count_json)
    found = _PLANS.get(key)
    if found is not None and found[0] is table:
        return found[1]
    indexes, fixed, prefix = column_sizes(table, count, present)
    columns = []
    json_before = np.cumsum([0] + [int(m.real_type) == values.JSON
                                   for m in table.column_metas[:count]])
    for i, size in zip(indexes, fixed.tolist(), strict=True):
        meta = table.column_metas[i]
        real_type = int(meta.real_type)
        info = table.infos[i]
        md = {TYPE_KEY: str(real_type).encode()}
        if real_type in (values.DATETIME2, values.TIMESTAMP2, values.TIME2):
            md[FSP_KEY] = str(meta.fsp).encode()
        if real_type in values.STRING_TYPES:
            md[CHARSET_KEY] = (info.charset or "").encode()
        if real_type == values.JSON:
            md[REPR_KEY] = JSON_REPR
        if real_type == values.BIT:
            md[BITS_KEY] = str(meta.bit_count).encode()
        columns.append(_Column(i, table.names[i], real_type, meta, info, size, md,
                               int(json_before[i])))
    json_bytes = (int(json_before[count]) + 7) // 8 if count_json else 0
    plan = _Plan(tuple(columns), fixed, prefix, json_bytes)
    if len(_PLANS) >= PLANS_KEPT:
        _PLANS.clear()
    _PLANS[key] = (table, plan)
    return plan


def _numeric(values_: np.ndarray, kind: pa.DataType | None = None,
             validity: pa.Buffer | None = None) -> pa.Array:
    """A numpy array as an Arrow array without copying (pa.array on numpy would import
    pandas, a third of a second)."""
    values_ = np.ascontiguousarray(values_)
    kind = kind or pa.from_numpy_dtype(values_.dtype)
    return pa.Array.from_buffers(kind, len(values_), [validity, pa.py_buffer(values_)])


def _strings(items: Sequence[str | None]) -> pa.Array:
    """Python strings as an Arrow string array (built from buffers, like _numeric),
    encoded at once where they are ASCII (GTIDs, file names: a batch's change columns)."""
    nulls = None in items
    texts = [v or "" for v in items] if nulls else cast(Sequence[str], items)
    joined = "".join(texts)
    data = joined.encode()
    if len(data) == len(joined):  # (ASCII: as many bytes as characters, text by text)
        sizes = list(map(len, texts))
    else:
        sizes = [len(text.encode()) for text in texts]
    ends = np.zeros(len(texts) + 1, np.int32)
    np.cumsum(sizes, out=ends[1:])
    validity = pa.py_buffer(np.packbits(np.array([v is not None for v in items], np.bool_),
                                        bitorder="little")) if nulls else None
    return pa.Array.from_buffers(pa.string(), len(texts), [
        validity, pa.py_buffer(ends), pa.py_buffer(data)])


@dataclass(slots=True)
class _Cells:
    """Where one column's values are in ``data`` (NULLs have offset and length 0)."""

    data: np.ndarray
    raw: bytes
    offsets: np.ndarray
    lengths: np.ndarray
    nulls: np.ndarray
    kernels: kernels.Kernels

    def validity(self) -> pa.Buffer | None:
        if not self.nulls.any():
            return None
        return pa.py_buffer(np.packbits(~self.nulls, bitorder="little"))

    def uint(self, width: int, big_endian: bool = False) -> np.ndarray:
        return self.kernels.read_uint(self.data, self.offsets, self.nulls, width, big_endian)

    def sint(self, width: int) -> np.ndarray:
        """The signed little-endian ``width``-byte integers, as int64."""
        return self.kernels.read_int(self.data, self.offsets, self.nulls, width)

    def array(self, values_: np.ndarray, kind: pa.DataType | None = None) -> pa.Array:
        """A numeric Arrow array of ``values_`` with this column's NULLs."""
        return _numeric(values_, kind, self.validity())

    def null_flags(self) -> pa.Array | None:
        """The NULL flags as a boolean array (for struct and list masks), None if none."""
        if not self.nulls.any():
            return None
        return pa.Array.from_buffers(pa.bool_(), len(self.nulls), [
            None, pa.py_buffer(np.packbits(self.nulls, bitorder="little"))])

    def raw_values(self) -> Iterator[bytes | None]:
        raw = self.raw
        for at, size, null in zip(self.offsets.tolist(), self.lengths.tolist(),
                                  self.nulls.tolist(), strict=True):
            yield None if null else raw[at:at + size]


def _walk(raw: bytes, chunks: np.ndarray, plans: Sequence[_Plan], partial: bool
          ) -> tuple[np.ndarray, list[list[_Cells]], np.ndarray]:
    """Run the kernel: (rows per chunk, cells per kind and column, partial_at)."""
    data = np.frombuffer(raw, np.uint8)
    chosen = kernels.active()
    width = max(len(p.columns) for p in plans)
    fixed = np.zeros((len(plans), width), np.int64)
    prefix = np.zeros((len(plans), width), np.int64)
    for k, p in enumerate(plans):
        fixed[k, :len(p.columns)] = p.fixed
        prefix[k, :len(p.columns)] = p.prefix
    counts = np.array([len(p.columns) for p in plans], np.int64)
    json_bytes = plans[-1].json_bytes
    none3, none1 = np.empty((0, 0, 0), np.int64), np.empty(0, np.int64)
    rows, where = chosen.walk(data, chunks, fixed, prefix, counts, partial, json_bytes,
                              none3, none3, np.empty((0, 0, 0), np.bool_), none1, none1,
                              False)
    if rows < 0:
        what = "truncated" if rows == row_kernel.TRUNCATED else "bad value_options"
        raise ValueError(f"row data {what} at byte {where - chunks[0]}")
    offsets = np.empty((len(plans), width, rows), np.int64)  # (every cell of a
    lengths = np.empty((len(plans), width, rows), np.int64)  # present column is
    nulls = np.empty((len(plans), width, rows), np.bool_)  # written by the walk)
    partial_at = np.full(rows, -1, np.int64)
    per_chunk = np.zeros(len(chunks) - 1, np.int64)
    chosen.walk(data, chunks, fixed, prefix, counts, partial, json_bytes, offsets,
                lengths, nulls, partial_at, per_chunk, True)
    cells = [[_Cells(data, raw, offsets[k, j], lengths[k, j], nulls[k, j], chosen)
              for j in range(len(p.columns))] for k, p in enumerate(plans)]
    return per_chunk, cells, partial_at


# ---------------------------------------------------------------------------------------
# Columns to Arrow

_Result = tuple[pa.Array, bytes | None]
"""An Arrow array and its ``binlog_kaitai.repr`` (None, or ``json``)."""


def _per_value(cells: _Cells, column: _Column) -> _Result:
    """The fallback: the reference converter on each value of this one column; strings
    as they are, anything else as its JSON text."""
    out = _python_values(cells, column)
    if column.real_type != values.JSON and all(v is None or isinstance(v, str) for v in out):
        return _strings(out), None
    return _strings([None if v is None else orjson.dumps(v).decode() for v in out]), JSON_REPR


def _integer(cells: _Cells, column: _Column) -> _Result:
    width = column.size
    bits = 8 * (4 if width == 3 else width)
    if column.info.unsigned:
        out = cells.uint(width).astype(f"uint{bits}", copy=False)
    else:
        out = cells.sint(width).astype(f"int{bits}", copy=False)
    return cells.array(out), None


def _float(cells: _Cells, column: _Column) -> _Result:
    raw = cells.uint(column.size)
    out = raw.astype(np.uint32).view(np.float32) if column.size == 4 else raw.view(np.float64)
    return cells.array(out), None


def _decimal(cells: _Cells, column: _Column) -> _Result:
    precision, scale = column.meta.precision, column.meta.scale
    intg = precision - scale
    digits = [d for d in ([intg % 9] + [9] * (intg // 9) + [9] * (scale // 9) + [scale % 9])
              if d]
    widths = [decimal_size(d, 0) for d in digits]
    if precision > 38 or sum(widths) != column.size:
        return _per_value(cells, column)
    words, ok = cells.kernels.decimal128(cells.data, cells.offsets, cells.nulls, column.size,
                                         np.array(widths, np.int64), np.array(digits, np.int64))
    if not ok:  # (a damaged value: as the reference decoder reads it)
        return _per_value(cells, column)
    array = pa.Array.from_buffers(pa.decimal128(precision, scale), len(cells.nulls),
                                  [cells.validity(), pa.py_buffer(words)])
    return array, None


def _days(year: np.ndarray, month: np.ndarray, day: np.ndarray
          ) -> tuple[np.ndarray, np.ndarray]:
    """(days since 1970-01-01, whether the date exists) of each date; years past 9999,
    which the bytes can hold but no date type of Python's, count as not existing."""
    valid = (month >= 1) & (month <= 12) & (day >= 1) & (year >= 1) & (year <= 9999)
    months = ((year - 1970) * 12 + month - 1).astype("datetime64[M]")
    days = months.astype("datetime64[D]") + (day - 1).astype("timedelta64[D]")
    valid &= days.astype("datetime64[M]") == months
    return days.astype(np.int64), valid


def _date(cells: _Cells, column: _Column) -> _Result:
    packed = cells.uint(column.size).astype(np.int64)
    days, valid = _days(packed >> 9, (packed >> 5) & 15, packed & 31)
    if not (valid | cells.nulls).all():
        return _per_value(cells, column)
    return cells.array(days.astype(np.int32), pa.date32()), None


def _temporal2(cells: _Cells, column: _Column, packed: bool) -> np.ndarray | None:
    """TIME2-style values (a big-endian whole part, then the spec's ``len_fraction``
    big-endian bytes of fraction) of a DATETIME2 (``packed``) or TIMESTAMP2 column as
    microseconds since 1970; None when some value is not a time."""
    fraction = column.meta.len_fraction
    unit = 10000 if column.meta.fsp <= 2 else 100 if column.meta.fsp <= 4 else 1
    us, ok = cells.kernels.temporal2(cells.data, cells.offsets, cells.nulls,
                                     column.size - fraction, fraction, unit, packed)
    return us if ok else None


def _datetime2(cells: _Cells, column: _Column) -> _Result:
    us = _temporal2(cells, column, True)
    if us is None:
        return _per_value(cells, column)
    return cells.array(us, pa.timestamp("us")), None


def _timestamp(cells: _Cells, column: _Column) -> _Result:
    if column.real_type == values.TIMESTAMP:
        us = cells.uint(column.size).astype(np.int64) * 10**6
    else:
        us = _temporal2(cells, column, False)
        if us is None:
            return _per_value(cells, column)
    return cells.array(us, pa.timestamp("us", tz="UTC")), None


def _year(cells: _Cells, column: _Column) -> _Result:
    raw = cells.uint(column.size).astype(np.uint16)
    return cells.array(np.where(raw > 0, raw + 1900, 0).astype(np.uint16)), None


def _bit(cells: _Cells, column: _Column) -> _Result:
    return cells.array(cells.uint(column.size, True)), None


def _binary_buffers(cells: _Cells, pad_to: int = 0, skip: int = 0
                    ) -> tuple[np.ndarray, np.ndarray]:
    offsets, lengths = cells.offsets, cells.lengths
    if skip:  # (else no copies of the two arrays)
        offsets, lengths = offsets + skip, lengths - skip
    return cells.kernels.gather(cells.data, offsets, lengths, cells.nulls, pad_to)


def _varlen(kind: pa.DataType, cells: _Cells, ends: np.ndarray, out: np.ndarray) -> pa.Array:
    return pa.Array.from_buffers(kind, len(cells.nulls), [
        cells.validity(), pa.py_buffer(ends), pa.py_buffer(out)])


@cache
def _ascii_compatible(charset: str) -> bool:
    """Whether the charset's decoder reads ASCII bytes as the same ASCII text."""
    sample = bytes(range(128))
    return values.text_decoder(charset)(sample) == sample.decode("ascii")


def _text(cells: _Cells, column: _Column) -> _Result:
    charset = column.info.charset
    is_binary_char = column.real_type == values.STRING and charset == "binary"
    ends, out = _binary_buffers(cells, column.meta.string_length if is_binary_char else 0)
    if charset == "binary":
        return _varlen(pa.binary(), cells, ends, out), None
    if charset is None or charset.startswith("utf8") or (
            _ascii_compatible(charset) and not (out >= 0x80).any()):
        array = _varlen(pa.string(), cells, ends, out)
        try:
            array.validate(full=True)
        except pa.ArrowInvalid:
            if charset is None:
                return _varlen(pa.binary(), cells, ends, out), None
            return _per_value(cells, column)
        return array, None
    return _per_value(cells, column)


def _labels(cells: _Cells, labels: Sequence[str], index: np.ndarray) -> pa.Array:
    """``labels[index]`` for each value, as a string array (the labels' bytes gathered
    like any string column's)."""
    encoded = [label.encode() for label in labels]
    starts = np.zeros(len(encoded) + 1, np.int64)
    np.cumsum([len(e) for e in encoded], out=starts[1:])
    blob = np.frombuffer(b"".join(encoded) or b"\0", np.uint8)
    index = np.where(cells.nulls, 0, index)
    ends, out = cells.kernels.gather(blob, starts[index], starts[index + 1] - starts[index],
                                     cells.nulls, 0)
    return _varlen(pa.string(), cells, ends, out)


def _enum(cells: _Cells, column: _Column) -> _Result:
    index = cells.uint(column.size)
    labels = column.info.enum_values
    if labels is None:
        return cells.array(index.astype(np.uint16)), None
    if (index > len(labels)).any():
        return _per_value(cells, column)
    return _labels(cells, ["", *labels], index.astype(np.int64)), None


def _set(cells: _Cells, column: _Column) -> _Result:
    bits = cells.uint(column.size)
    labels = column.info.set_values
    if labels is None:
        return cells.array(bits), None
    unique, where = np.unique(bits, return_inverse=True)
    texts = [",".join(label for i, label in enumerate(labels) if int(u) >> i & 1)
             for u in unique]
    return _labels(cells, texts, where.ravel().astype(np.int64)), None


def _geometry(cells: _Cells, column: _Column) -> _Result:
    if ((cells.lengths < 4) & ~cells.nulls).any():
        return _per_value(cells, column)
    srid = _numeric(cells.uint(4).astype(np.uint32))
    wkb = _varlen(pa.binary(), cells, *_binary_buffers(cells, 0, 4))
    return pa.StructArray.from_arrays([srid, wkb], names=["srid", "wkb"],
                                      mask=cells.null_flags()), None


def _vector(cells: _Cells, column: _Column) -> _Result:
    if ((cells.lengths % 4 != 0) & ~cells.nulls).any():
        return _per_value(cells, column)
    ends, out = _binary_buffers(cells)
    floats = _numeric(out.view(np.float32))
    return pa.ListArray.from_arrays(_numeric(ends // 4), floats, mask=cells.null_flags()), None


_V = values
_CONVERTERS: dict[int, Callable[[_Cells, _Column], _Result]] = {
    **dict.fromkeys((_V.TINY, _V.SHORT, _V.INT24, _V.LONG, _V.LONGLONG), _integer),
    _V.FLOAT: _float, _V.DOUBLE: _float, _V.NEWDECIMAL: _decimal,
    _V.DATE: _date, _V.NEWDATE: _date, _V.DATETIME2: _datetime2,
    _V.TIMESTAMP2: _timestamp, _V.TIMESTAMP: _timestamp, _V.YEAR: _year, _V.BIT: _bit,
    **dict.fromkeys(_V.STRING_TYPES, _text), _V.ENUM: _enum, _V.SET: _set,
    _V.GEOMETRY: _geometry, _V.VECTOR: _vector,
}
"""Vectorised conversion per real column type; every other type (TIME, TIME2, the old
DATETIME, JSON) goes through the per-value converter."""


def _column_array(cells: _Cells, column: _Column) -> tuple[pa.Array, pa.Field]:
    convert = _per_value if column.info.hires_fsp else _CONVERTERS.get(column.real_type,
                                                                        _per_value)
    array, repr_ = convert(cells, column)
    md = column.field_metadata if repr_ is None else {**column.field_metadata,
                                                      REPR_KEY: repr_}
    return array, pa.field(column.name, array.type, metadata=md)


# ---------------------------------------------------------------------------------------
# Events to record batches


def _python_values(cells: _Cells, column: _Column) -> list[Any]:
    conv = values.converter(column.real_type, column.meta, column.info)
    return [None if raw is None else conv(raw) for raw in cells.raw_values()]


def _partial_json(before: tuple[_Cells, _Column] | None, after: _Cells, column: _Column,
                  partial_at: np.ndarray) -> _Result:
    """A JSON column of the after images of a PARTIAL_UPDATE_ROWS_EVENT, whose values may
    be diffs (when the row's partial-JSON bitmap has the column's bit): each diff is
    applied to the before image's document as the reference does
    (:func:`~binlog_kaitai.json_diff.patched`); per value, as JSON text."""
    old = _python_values(*before) if before is not None else None
    rank, data = column.json_rank, after.data
    docs: list[str | None] = []
    for row, raw in enumerate(after.raw_values()):
        at = int(partial_at[row])
        if raw is None:
            docs.append(None)
            continue
        if at >= 0 and data[at + (rank >> 3)] >> (rank & 7) & 1:
            prior = {column.name: old[row]} if old is not None else {}
            value = patched(prior, column.name, json_value.diff(raw))
        else:
            value = json_value.document(raw)
        docs.append(orjson.dumps(value).decode())
    return _strings(docs), JSON_REPR


def _image_struct(plans: Sequence[_Plan], cells: list[list[_Cells]], kind: int,
                  partial_at: np.ndarray | None) -> pa.StructArray:
    arrays, fields = [], []
    before = {c.index: (cells[0][j], c) for j, c in enumerate(plans[0].columns)}
    for j, column in enumerate(plans[kind].columns):
        if partial_at is not None and column.real_type == values.JSON:
            array, repr_ = _partial_json(before.get(column.index), cells[kind][j], column,
                                         partial_at)
            fields.append(pa.field(column.name, array.type,
                                   metadata={**column.field_metadata, REPR_KEY: repr_}))
        else:
            array, fld = _column_array(cells[kind][j], column)
            fields.append(fld)
        arrays.append(array)
    return pa.StructArray.from_arrays(arrays, fields=fields)


@dataclass(frozen=True, slots=True)
class DecodedRows:
    """The rows of one or more rows events of one table: ``batch`` has a struct column
    ``before`` (updates, deletes) and/or ``after`` (writes, updates), one field per
    column present in that image; ``rows_per_event`` says which rows came from which
    event, in order."""

    batch: pa.RecordBatch
    rows_per_event: np.ndarray


def decode_row_data(datas: Sequence[bytes | memoryview], table: TableInfo, shape: RowsShape
                    ) -> DecodedRows:
    """All rows of consecutive rows events of one table and one :class:`RowsShape`, as
    one batch, from each event's row data (``RowsEvent.row_data``, inflated for MariaDB's
    compressed events). Raises ValueError when the rows do not fit the table (the
    reference decoder raises a RowsError for those events)."""
    count = shape.column_count
    if count > len(table.column_metas):
        raise ValueError(f"{count} columns, but the table map has {len(table.column_metas)}")
    partial = shape.type_code == PARTIAL_UPDATE_ROWS
    plans = [_plan(table, count, shape.present, False)]
    if shape.present_after is not None:
        plans.append(_plan(table, count, shape.present_after, partial))
    raw = b"".join(datas) if len(datas) > 1 else bytes(datas[0])
    chunks = np.zeros(len(datas) + 1, np.int64)
    np.cumsum([len(d) for d in datas], out=chunks[1:])
    per_event, cells, partial_at = _walk(raw, chunks, plans, partial)
    names = ["before", "after"] if len(plans) == 2 else [
        "after" if shape.type_code in kinds.WRITE_ROWS else "before"]
    structs = [_image_struct(plans, cells, k, partial_at if partial and k == 1 else None)
               for k in range(len(plans))]
    return DecodedRows(pa.RecordBatch.from_arrays(structs, names=names), per_event)


def decode_rows_events(bodies: Sequence[Any], table: TableInfo, event_type_code: int
                       ) -> DecodedRows:
    """All rows of consecutive rows events (generated ``RowsEvent`` bodies) of one table
    and one :class:`RowsShape` (that of the first), as one batch."""
    datas = [b.row_data for b in bodies]
    if any(d is None for d in datas):
        raise ValueError("compressed rows in an unknown format")
    return decode_row_data(datas, table, RowsShape.of(bodies[0], event_type_code))


def decode_rows_event(body: Any, table: TableInfo, event_type_code: int) -> pa.RecordBatch:
    """The rows of one rows event (see :func:`decode_rows_events`)."""
    return decode_rows_events([body], table, event_type_code).batch


# ---------------------------------------------------------------------------------------
# Back to the reference's values


def reference_values(array: pa.Array, fld: pa.Field) -> list[Any]:
    """The values the reference decoder (``rows --json``) gives for a column this module
    decoded: the one mapping from its Arrow values back, used by the comparison test
    (see the table in the module's docstring). NULL is None."""
    md = fld.metadata or {}
    kind = array.type
    if md.get(REPR_KEY) == JSON_REPR:
        return [None if v is None else orjson.loads(v) for v in array.to_pylist()]
    if pa.types.is_binary(kind):
        as_text = md.get(CHARSET_KEY) == b""  # charset unknown: UTF-8 when it is
        return [None if v is None else _binary_value(v, as_text) for v in array.to_pylist()]
    if pa.types.is_struct(kind):  # GEOMETRY
        return [None if v is None else {"srid": v["srid"], "wkb": _base64(v["wkb"])}
                for v in array.to_pylist()]
    if pa.types.is_list(kind):  # VECTOR
        return [None if v is None else [values.float32_text(x) for x in v]
                for v in array.to_pylist()]
    if pa.types.is_float32(kind):
        return [None if v is None else values.float32_text(v) for v in array.to_pylist()]
    if pa.types.is_decimal(kind):
        return [None if v is None else format(v, "f") for v in array.to_pylist()]
    if pa.types.is_date(kind):
        return [None if v is None else v.isoformat() for v in array.to_pylist()]
    if pa.types.is_timestamp(kind):
        return timestamp_texts(array, fld).to_pylist()
    return array.to_pylist()


def _base64(raw: bytes) -> str:
    return values.binary_value(raw)["base64"]


def _binary_value(raw: bytes, as_text: bool) -> Any:
    if as_text:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return values.binary_value(raw)


def timestamp_texts(array: pa.Array, fld: pa.Field) -> pa.Array:
    """A DATETIME/TIMESTAMP column (``fld`` its field) as the reference prints its values,
    formatted by Arrow, as a string array: the date and time with the field's ``fsp``
    digits of fraction; MySQL's zero TIMESTAMP (0) as zeros. (Arrow's cast to string
    gives all 6 digits, and a Z after a zoned one: cut off; 20x quicker than strftime.)"""
    import pyarrow.compute as pc  # here: 30 ms to import, which decoding never needs

    fsp = int((fld.metadata or {}).get(FSP_KEY, b"0"))
    kind = array.type
    # A zoned column is in UTC (the decoder's), whose wall time is the value itself:
    # cast without the zone, 20x quicker than through the zone's rules.
    naive = array if kind.tz is None else array.cast(pa.timestamp(kind.unit))
    full = pc.cast(naive, pa.string())
    text = pc.utf8_slice_codeunits(full, 0, 19 + (fsp + 1 if fsp else 0))
    if kind.tz is None:
        return text
    # (No Python scalar in these calls where there is no zero: Arrow converts one
    # through pandas, whose import takes 0.2 s.)
    zero = pc.invert(pc.cast(array.cast(pa.int64()), pa.bool_()))
    if not pc.any(zero).as_py():
        return text
    return pc.if_else(zero, values.timestamp_text(0, 0, fsp), text)


# ---------------------------------------------------------------------------------------
# A binlog's rows as batches

OPS = ((kinds.WRITE_ROWS, "insert"), (kinds.UPDATE_ROWS, "update"), (kinds.DELETE_ROWS,
                                                                      "delete"))
_TEXT = pa.dictionary(pa.int32(), pa.string())
CHANGE_FIELDS = pa.schema([
    ("file", _TEXT), ("pos", pa.uint64()), ("inner_pos", pa.uint64()), ("row", pa.uint32()),
    ("timestamp", pa.uint32()), ("server_id", pa.uint32()), ("gtid", _TEXT), ("op", _TEXT),
])
"""The change metadata columns of :func:`row_batches`, as ``rows --json`` names them."""
TABLE_MAP = EventType.table_map_event
MAX_BATCH_BYTES = int(os.environ.get("BINLOG_KAITAI_BATCH_BYTES", 4 << 20))
"""Row data gathered per table before it is decoded as one batch."""


@dataclass(slots=True)
class _Pending:
    """Rows events of one table, kind and bitmap waiting to be decoded together."""

    table: TableInfo
    shape: RowsShape
    op: str
    datas: list[bytes | memoryview] = field(default_factory=list)
    """Each event's row data (the events themselves are not kept: they hold two more
    copies of it)."""
    events: list[tuple[Any, ...]] = field(default_factory=list)
    """Each event's file, pos, inner_pos, timestamp, server_id, GTID, index."""
    size: int = 0
    key: tuple[Any, ...] = ()
    """Its key among the batcher's pending groups."""

    def add(self, data: bytes | memoryview, event: tuple[Any, ...]) -> None:
        """Gather an event's row data and what its rows' change columns say of it."""
        self.datas.append(data)
        self.events.append(event)
        self.size += len(data)


class RowBatcher:
    """Turns a stream of events, fed in order, into Arrow record batches of row changes,
    one table and kind of change (insert, update, delete) per batch: the
    :data:`CHANGE_FIELDS` columns, then the ``before`` and/or ``after`` struct columns of
    :func:`decode_rows_events`; the batch's schema metadata names the ``schema``, the
    ``table``, its ``column_count`` and, when known, its ``primary_key`` (a JSON list of
    column names).

    Consecutive rows events of a table are decoded together: a group's batch comes out
    of :meth:`feed` once ``max_batch_bytes`` of its row data are gathered, and the rest
    from :meth:`finish`. So batches are not in binlog order across tables and kinds;
    ``pos``, ``inner_pos`` and ``row`` order them. ``tables`` restricts the output to
    these ``db.table`` names (other tables' rows are not decoded). A rows event that
    cannot be decoded raises :class:`RowsError`, after the batches before it in its
    group, as :class:`~binlog_kaitai.rows.RowDecoder` raises for that event. With two
    cores a full group is decoded on a worker thread while the events after it are
    read (:func:`~binlog_kaitai.row_groups.decoding_worker`): its batch, or its
    RowsError, comes out with the next flush.

    ``ordered``: a table's batches come out in binlog order (a rows event of another
    kind or bitmap than the table's last one first flushes the table's other groups), for
    writers that need each table's rows by position without sorting them.
    """

    def __init__(self, *, schema: SchemaHistory | None = None,
                 tables: Iterable[str] | None = None,
                 max_batch_bytes: int = MAX_BATCH_BYTES, ordered: bool = False) -> None:
        self.decoder = RowDecoder(schema=schema)
        self.tables = frozenset(tables) if tables else None
        self.max_batch_bytes = max_batch_bytes
        self.ordered = ordered
        keep_freed_memory()  # (each group's buffers are freed, and made again by the next)
        self._pending: dict[tuple[Any, ...], _Pending] = {}
        self._last_key: dict[tuple[str, str], tuple[Any, ...]] = {}
        self._signatures = Signatures(self.decoder, self._work_out)
        """Each rows event signature's table (None: not asked for) and group key."""
        self._decoding: deque[Future[tuple[list[pa.RecordBatch], RowsError | None]]] = deque()
        """Groups being decoded on the worker thread (:func:`decoding_worker`), in the
        order they were flushed: at most one at a time, decoded while the stream reads
        the next one's events."""

    def feed(self, ev: Any) -> Iterable[pa.RecordBatch]:
        """The batches that an event completes: none for most events (an empty tuple: no
        generator made per event), else an iterator of them."""
        if ev.type_code in kinds.ROWS:
            tm = ev.table_map
            if tm is not None and not self._asked(tm):
                return ()
            key = _add_to_group(ev, self.decoder, self._pending)
            if self.ordered or self._pending[key].size >= self.max_batch_bytes:
                return self._completed(key)
        elif ev.type_code != TABLE_MAP or ev.unreadable_changes:
            self.decoder.feed(ev)  # the GTID, the schema history, what cannot be read
        return ()

    def feed_run(self, run: RowsRun) -> Iterator[pa.RecordBatch]:
        """:meth:`feed` of each item of a :class:`~binlog_kaitai.stream.RowsRun`: its
        rows events grouped from the fields the stream read, without an Event each (one
        is made for an event without a table map, whose RowsError it raises, and for
        ``ordered``), its other items through :meth:`RowDecoder.feed_fields`."""
        if self.ordered:
            for ev in run.events():
                yield from self.feed(ev)
            return
        data, heads, ats, table_maps = run.data, run.heads, run.ats, run.table_maps
        file, base, indexes, decoder = run.file, run.base, run.indexes, self.decoder
        is_mariadb, last_sig, group = run.format.is_mariadb, None, None
        signatures = self._signatures
        for k, fields in enumerate(run.fields):
            head = heads[k]
            if head[1] not in kinds.ROWS:
                if head[1] != TABLE_MAP:  # (the stream's to track)
                    decoder.feed_fields(head[1], head[2], fields)
                continue
            tm = table_maps[k]
            if tm is None:
                yield from self.feed(run.event(k))
                group = None
                continue
            at = fields.rows_at  # (its signature, as row_groups.signature makes it, inline)
            sig = (tm, head[1], fields.num_columns.value, data[fields.columns_present_at:at])
            if sig != last_sig or group is None:
                last_sig = sig
                table, key = signatures.of(sig, fields, data, is_mariadb)
                if table is None:  # (a table not asked for)
                    group = None
                    continue
                group = _pending_group(self._pending, table, key)
            group.add(data[at:at + fields.rows_size],
                      (file, base + ats[k], None, head[0], head[2], decoder.gtid, indexes[k]))
            if group.size >= self.max_batch_bytes:
                yield from self._flush_later(self._pending.pop(group.key))
                group = None

    def _work_out(self, sig: Signature, fields: Any, data: bytes, is_mariadb: bool
                  ) -> tuple[TableInfo | None, tuple[Any, ...] | None]:
        """A rows event signature's table (None: not asked for) and group key, worked
        out once per signature (:class:`~binlog_kaitai.row_groups.Signatures`)."""
        tm = sig[0]
        if not self._asked(tm):
            return None, None
        table = self.decoder.describe(tm, is_mariadb)
        if table is None:
            return None, None
        return table, group_key(table, RowsShape.of_fields(sig[1], fields, data))

    def _asked(self, tm: Any) -> bool:
        """Whether the rows of table map ``tm``'s table are asked for (``tables``)."""
        return self.tables is None or f"{tm.schema_name}.{tm.table_name}" in self.tables

    def _completed(self, key: tuple[Any, ...]) -> Iterator[pa.RecordBatch]:
        """The batches a rows event of group ``key`` completes: the group it left (when
        ``ordered``), then its own when full."""
        if self.ordered:
            yield from self._flush_others(key)
        if self._pending[key].size >= self.max_batch_bytes:
            yield from self._flush_later(self._pending.pop(key))

    def _flush_others(self, key: tuple[Any, ...]) -> Iterator[pa.RecordBatch]:
        """The batch of the group the table's previous rows event went to, when this
        event (of group ``key``) went to another one."""
        table = self._pending[key].table
        name = (table.schema, table.table)
        last = self._last_key.get(name)
        self._last_key[name] = key
        if last is not None and last != key and last in self._pending:
            while self._decoding:  # (the table's batches in order)
                yield from _results(self._decoding.popleft())
            yield from _flush(self._pending.pop(last))

    def _flush_later(self, group: _Pending) -> Iterator[pa.RecordBatch]:
        """A full group's batch decoded on the worker thread, where there is one: what
        comes out now is the batch of the group flushed before it (whose decoding
        overlapped the reading of this one's events); its own comes with the next
        flush. (A group flushed before it is full, most often small, is decoded at once,
        after those in flight: a thread's round trip would cost it more than it saves.)"""
        pool = decoding_worker()
        if pool is None:
            yield from _flush(group)
            return
        self._decoding.append(pool.submit(_decoded, group))
        while len(self._decoding) > 1:
            yield from _results(self._decoding.popleft())

    def finish(self) -> Iterator[pa.RecordBatch]:
        """The batches of the rows still gathered (after a RowsError, calling it again
        goes on with the groups after the failed one)."""
        self._last_key.clear()
        while self._decoding:
            yield from _results(self._decoding.popleft())
        while self._pending:
            yield from _flush(self._pending.pop(next(iter(self._pending))))


def row_batches(sources: Any, *, schema_files: Iterable[Any] = (),
                tables: Iterable[str] | None = None,
                max_batch_bytes: int = MAX_BATCH_BYTES,
                workers: int | None = None) -> Iterator[pa.RecordBatch]:
    """Every row change of binlogs (TRANSACTION_PAYLOADs expanded) as Arrow record
    batches, see :class:`RowBatcher`. ``sources`` as
    :func:`~binlog_kaitai.rows.iter_row_changes` takes them: a path, a binary file, a
    folder, a glob or a list of them, read as one chain (the schema history of one file
    names the columns of the next). ``schema_files`` are DDL for the column names of
    tables whose CREATE TABLE the binlogs do not have. A damaged file raises its
    :class:`~binlog_kaitai.errors.BinlogError` after the batches of the rows before
    the damage.

    Several local files are read side by side, one per core, as ``rows`` reads them
    (:mod:`~binlog_kaitai.batch_workers`): the same rows, file after file, but no batch
    holds rows of two files. ``workers``: at most how many processes read the files
    after the first (0: all in this process; None: one per core). None are forked for
    one file, one core, file objects, or beside threads of the caller's (a fork beside a
    running thread can hang). Until the batches end, Python's garbage collector runs
    less often (:func:`~binlog_kaitai.row_groups.fewer_collections`)."""
    history = SchemaHistory(schema_files)
    names = binlog_sources(sources)
    count = chain_workers(names)
    if workers is not None:
        count = min(count, workers)

    def batcher(schema: SchemaHistory) -> RowBatcher:
        return RowBatcher(schema=schema, tables=tables, max_batch_bytes=max_batch_bytes)

    def batches_of(source: Any, schema: SchemaHistory) -> Iterator[pa.RecordBatch]:
        yield from _batches_of_sources(batcher(schema), [source])

    with fewer_collections():  # (the workers, forked in it, inherit them)
        if count > 0:
            yield from batches_side_by_side(names, history, batches_of, count)
        else:
            yield from _batches_of_sources(batcher(history), names)


def _batches_of_sources(batcher: RowBatcher, sources: Iterable[Any]
                        ) -> Iterator[pa.RecordBatch]:
    """The batches of ``sources`` read as one chain through ``batcher``."""
    try:
        for source in sources:
            with BinlogStream(source, expand_payloads=True, bodies=DECODER_BODIES,
                              skip=IDLE_TYPES, rows_runs=True) as stream:
                for ev in stream.events():
                    done = batcher.feed_run(ev) if type(ev) is RowsRun else batcher.feed(ev)
                    if done:  # (a generator is true, no batch an empty tuple)
                        yield from done
    except BinlogError:
        yield from batcher.finish()  # the rows before the damage
        raise
    yield from batcher.finish()


_OP_OF = {code: name for codes, name in OPS for code in codes}


def _add_to_group(ev: Any, decoder: RowDecoder, pending: dict[tuple[Any, ...], _Pending]
                  ) -> tuple[Any, ...]:
    """Add a rows event to the group it is decoded with; the group's key."""
    table = decoder.table_of(ev)
    assert table is not None  # the batcher's decoder filters no table
    try:
        data = row_data(ev)  # inflated here for MariaDB's compressed events
    except DECODE_ERRORS as exc:
        raise RowsError(ev.file, ev.pos, f"cannot decode {ev.type_name}: "
                        f"{decode_error_text(exc)}", ev.index) from None
    if data is None:
        raise RowsError(ev.file, ev.pos, "compressed rows in an unknown format", ev.index)
    key = _open_group(pending, table, RowsShape.of_event(ev))
    pending[key].add(data, (ev.file, ev.pos, ev.inner_pos, ev.timestamp, ev.server_id,
                            decoder.gtid, ev.index))
    return key


def _open_group(pending: dict[tuple[Any, ...], _Pending], table: TableInfo, shape: RowsShape
                ) -> tuple[Any, ...]:
    """The key of the pending group of ``table`` and ``shape``, made if there is none."""
    return _pending_group(pending, table, group_key(table, shape)).key


def _pending_group(pending: dict[tuple[Any, ...], _Pending], table: TableInfo,
                   key: tuple[Any, ...]) -> _Pending:
    """The pending group of ``table`` whose :func:`group_key` is ``key``, made if there
    is none."""
    group = pending.get(key)
    if group is None:
        shape = key[1]
        group = pending[key] = _Pending(table, shape, _OP_OF[shape.type_code], key=key)
    return group


def _flush(group: _Pending) -> Iterator[pa.RecordBatch]:
    """The batch of a group; when some event of it cannot be decoded, the batches of
    the events before it one by one, then its RowsError."""
    try:
        decoded = decode_row_data(group.datas, group.table, group.shape)
    except DECODE_ERRORS as exc:
        if len(group.datas) == 1:
            file, pos, _, _, _, _, index = group.events[0]
            raise RowsError(file, pos, f"cannot decode {event_type_name(group.shape.type_code)}"
                            f" of `{group.table.schema}`.`{group.table.table}`: "
                            f"{decode_error_text(exc)}", index) from None
        for data, event in zip(group.datas, group.events, strict=True):
            yield from _flush(_Pending(group.table, group.shape, group.op, [data], [event]))
        return
    yield _with_changes(decoded, group)


def _decoded(group: _Pending) -> tuple[list[pa.RecordBatch], RowsError | None]:
    """:func:`_flush` run whole (on the worker thread): the batches, and the RowsError
    that came after them, if any."""
    batches: list[pa.RecordBatch] = []
    try:
        batches.extend(_flush(group))
    except RowsError as exc:
        return batches, exc
    return batches, None


def _results(done: Future[tuple[list[pa.RecordBatch], RowsError | None]]
             ) -> Iterator[pa.RecordBatch]:
    """The batches of a group decoded on the worker thread, then its RowsError."""
    batches, error = done.result()
    yield from batches
    if error is not None:
        raise error


def _with_changes(decoded: DecodedRows, group: _Pending) -> pa.RecordBatch:
    """The decoded rows with the change metadata columns in front (the file, GTID and
    op as dictionary arrays: they repeat for every row of an event, or of the batch)."""
    rows = decoded.rows_per_event
    event_of_row = _numeric(np.repeat(np.arange(len(rows), dtype=np.int32), rows))
    starts = np.cumsum(rows) - rows
    row_in_event = np.arange(int(rows.sum())) - np.repeat(starts, rows)
    file, pos, inner_pos, timestamp, server_id, gtid, _ = zip(*group.events, strict=True)
    inner = np.repeat([-1 if at is None else at for at in inner_pos], rows)
    files = {name: i for i, name in enumerate(dict.fromkeys(file))}  # (one, or a few)
    file_of_row = event_of_row if len(files) == len(file) else _numeric(np.repeat(
        np.fromiter(map(files.__getitem__, file), np.int32, len(file)), rows))
    arrays = [
        pa.DictionaryArray.from_arrays(file_of_row, _strings(list(files))),
        _numeric(np.repeat(np.array(pos, np.uint64), rows)),
        _numeric(inner.astype(np.uint64), pa.uint64(),
                 pa.py_buffer(np.packbits(inner >= 0, bitorder="little"))),
        _numeric(row_in_event.astype(np.uint32)),
        _numeric(np.repeat(np.array(timestamp, np.uint32), rows)),
        _numeric(np.repeat(np.array(server_id, np.uint32), rows)),
        pa.DictionaryArray.from_arrays(event_of_row, _strings(gtid)),
        pa.DictionaryArray.from_arrays(_numeric(np.zeros(len(row_in_event), np.int32)),
                                       _strings([group.op])),
    ]
    batch = decoded.batch
    table = group.table
    metadata = {"schema": table.schema, "table": table.table,
                "column_count": str(group.shape.column_count)}
    if table.pk is not None:
        metadata["primary_key"] = orjson.dumps(table.pk).decode()
    schema = pa.schema([*CHANGE_FIELDS, *batch.schema], metadata=metadata)
    return pa.RecordBatch.from_arrays([*arrays, *batch.columns], schema=schema)
