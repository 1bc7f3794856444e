"""What ``rows`` prints for bulk events, rendered from the columnar decoder's Arrow
batches a column at a time: ``rows --json`` lines (:func:`json_text`) and the
``mysqlbinlog -v`` style text (:func:`sql_text`), byte for byte what
:func:`~binlog_kaitai.row_text.json_lines` and
:func:`~binlog_kaitai.row_text.render_change` print for the same changes.

The layout of the output is :mod:`~binlog_kaitai.row_text`'s (:func:`line_parts` and
:func:`image_parts`, :func:`text_parts`): literal text with slots. Each slot gets a
column of fragments, one per row, as an Arrow string array built in one vectorised
step: integers cast to text, DECIMAL, DATE, DATETIME and TIMESTAMP as the reference's
text, text as it is, JSON as the JSON text the columnar decoder made (``--json``). Any
other column (floats, binary, GEOMETRY, VECTOR, ...) goes value by value through
:func:`~binlog_kaitai.columnar.reference_values` and orjson or
:func:`~binlog_kaitai.sql_changes.sql_literal`, the path the reference's values take.
Then one compiled kernel (:func:`assemble`) writes the lines end to end: literal texts,
fragments, NULLs, and text fragments quoted and escaped as orjson or
:func:`~binlog_kaitai.sql_changes.quoted` escape them (their escapes of the ASCII
characters, read from them, are the kernel's table; see :class:`_Style`).

The kernel is compiled by numba, cached like :mod:`~binlog_kaitai.row_kernel`'s, and only
used once those are (:func:`available`): below that, the reference's values and the
per-change output cost less than loading it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.compute as pc

from binlog_kaitai import row_kernel
from binlog_kaitai.columnar import (
    JSON_REPR,
    REPR_KEY,
    DecodedRows,
    reference_values,
    timestamp_texts,
)
from binlog_kaitai.row_text import ROW_FIELDS, Part, Slot, image_parts, line_parts, text_parts
from binlog_kaitai.rows import RowChange
from binlog_kaitai.sql_changes import quoted, sql_literal

CONST, RAW, TEXT, EVENT = 0, 1, 2, 3
"""What a part of a line is: literal text; a per-row fragment copied as it is; a per-row
text fragment, quoted and escaped; a per-event text (see :func:`assemble`)."""


def assemble(src, kinds, where, const_len, row_offsets, row_valid,  # type: ignore[no-untyped-def]
             event_offsets, event_of_row, quote, null_len, escapes, escape_len):
    """The lines of every row, end to end (for each row, each part ``p``), and where each
    line ends.

    ``src`` holds every byte a part takes: ``src[0:null_len]`` is the text of NULL. Part
    ``p`` is, by ``kinds[p]``: CONST, ``src[where[p]:where[p] + const_len[p]]``; RAW or
    TEXT, the fragment of the row at ``src[row_offsets[where[p], row]:row_offsets[where[p],
    row + 1]]``, or NULL when ``row_valid[where[p], row]`` is False; TEXT fragments
    between ``quote`` bytes, each byte ``c`` written as ``escapes[c, :escape_len[c]]``
    (itself when ``escape_len[c]`` is 1); EVENT, the same from ``event_offsets[where[p]]``
    for the row's event, ``event_of_row[row]``. The lines go to a buffer of a size no
    line can exceed, written once: the pages past the end are never touched.
    """
    escaped = _escaped_parts(src, kinds, where, row_offsets, escape_len)
    rows = event_of_row.shape[0]
    ends = np.zeros(rows + 1, np.int64)
    out = np.empty(_capacity(kinds, where, const_len, row_offsets, event_offsets, escaped,
                             rows), np.uint8)
    pos = 0
    for r in range(rows):
        for p in range(kinds.shape[0]):
            kind, at = kinds[p], where[p]
            start, end = np.int64(0), null_len
            if kind == CONST:
                start, end = at, at + const_len[p]
            elif kind == EVENT:
                start, end = (event_offsets[at, event_of_row[r]],
                              event_offsets[at, event_of_row[r] + 1])
            elif row_valid[at, r]:
                start, end = row_offsets[at, r], row_offsets[at, r + 1]
            if kind != TEXT or start == 0:
                _copy(out, pos, src, start, end - start)
                pos += end - start
            elif escaped[p]:
                pos = _escape(out, pos, src, start, end - start, quote, escapes, escape_len)
            else:
                out[pos] = out[pos + end - start + 1] = quote
                _copy(out, pos + 1, src, start, end - start)
                pos += end - start + 2
        ends[r + 1] = pos
    return out[:pos], ends


def _capacity(kinds, where, const_len, row_offsets,  # type: ignore[no-untyped-def]
              event_offsets, escaped, rows):
    """Bytes the lines cannot exceed: per part, its fragments' bytes (six times for text
    to escape), with quotes or null for every row."""
    total = 0
    for p in range(kinds.shape[0]):
        at = where[p]
        if kinds[p] == CONST:
            total += const_len[p] * rows
        elif kinds[p] == EVENT:
            longest = 0
            for e in range(event_offsets.shape[1] - 1):
                longest = max(longest, event_offsets[at, e + 1] - event_offsets[at, e])
            total += longest * rows
        else:
            data = row_offsets[at, rows] - row_offsets[at, 0]
            total += (6 if escaped[p] else 1) * data + 6 * rows
    return total


def _escape(out, pos, src, start, size, quote, escapes,  # type: ignore[no-untyped-def]
            escape_len):
    """Write ``src[start:start + size]`` quoted and escaped at ``out[pos]``; the end."""
    out[pos] = quote
    pos += 1
    for b in range(start, start + size):
        c = src[b]
        for k in range(escape_len[c]):
            out[pos + k] = escapes[c, k]
        pos += escape_len[c]
    out[pos] = quote
    return pos + 1


def _escaped_parts(src, kinds, where, row_offsets, escape_len):  # type: ignore[no-untyped-def]
    """Whether each TEXT part has a byte to escape (most columns have none)."""
    escaped = np.zeros(kinds.shape[0], np.bool_)
    for p in range(kinds.shape[0]):
        if kinds[p] == TEXT:
            first, last = row_offsets[where[p], 0], row_offsets[where[p], -1]
            for b in range(first, last):
                if escape_len[src[b]] != 1:
                    escaped[p] = True
                    break
    return escaped


def _copy(dst, dst_at, src, src_at, n):  # type: ignore[no-untyped-def]
    """What :func:`assemble` means by a copy; compiled, one memcpy (the intrinsic below)."""
    dst[dst_at:dst_at + n] = src[src_at:src_at + n]


def _memcpy_intrinsic() -> Any:
    """``_copy(dst, dst_at, src, src_at, n)``: ``dst[dst_at:dst_at + n] =
    src[src_at:src_at + n]`` as one LLVM memcpy (a byte loop costs 4 times more: the
    fragments are short and of every length)."""
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic  # type: ignore[misc]
    def copy(typingctx, dst, dst_at, src, src_at, n):  # type: ignore[no-untyped-def]
        def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
            dst_array = context.make_array(signature.args[0])(context, builder, args[0])
            src_array = context.make_array(signature.args[2])(context, builder, args[2])
            cgutils.raw_memcpy(builder, builder.gep(dst_array.data, [args[1]]),
                               builder.gep(src_array.data, [args[3]]), args[4], 1)
        return types.void(dst, dst_at, src, src_at, n), codegen

    return copy


_compiled: Callable[..., tuple[np.ndarray, np.ndarray]] | None = None


def available() -> bool:
    """Whether batches are rendered here: once the columnar decoder's kernels are
    compiled (whose loading this kernel's then joins)."""
    return row_kernel.kernels(0) is not row_kernel.PYTHON


def _kernel() -> Callable[..., tuple[np.ndarray, np.ndarray]]:
    global _compiled
    if _compiled is None:
        from numba import njit, types

        i64, u8 = types.int64, types.uint8
        ints, matrix = types.Array(i64, 1, "C"), types.Array(i64, 2, "C")
        signature = types.Tuple((types.Array(u8, 1, "C"), ints))(
            types.Array(u8, 1, "C", readonly=True), ints, ints, ints, matrix,
            types.Array(types.boolean, 2, "C"), matrix, ints, i64, i64,
            types.Array(u8, 2, "C"), ints)

        def jit(function: Any, **callees: Any) -> Any:
            return njit(cache=True, nogil=True)(row_kernel.calling(function, **callees))

        _compiled = njit(signature, cache=True, nogil=True)(row_kernel.calling(
            assemble, _copy=_memcpy_intrinsic(), _escape=jit(_escape),
            _escaped_parts=jit(_escaped_parts), _capacity=jit(_capacity)))
    return _compiled


@dataclass(frozen=True)
class _Style:
    """How an output writes values: NULL, text (between ``quote`` bytes, each ASCII
    character ``c`` as ``escapes[c]``), JSON columns (as they are, or value by value),
    and any other value (``literal``)."""

    null: bytes
    quote: int
    escapes: list[bytes]
    json_as_is: bool
    literal: Callable[[Any], bytes]

    @cached_property
    def tables(self) -> tuple[np.ndarray, np.ndarray]:
        """The escapes as :func:`assemble` takes them."""
        table = np.zeros((256, 6), np.uint8)
        lengths = np.ones(256, np.int64)
        for c, text in enumerate(self.escapes):
            table[c, :len(text)] = np.frombuffer(text, np.uint8)
            lengths[c] = len(text)
        return table, lengths


JSON = _Style(b"null", ord('"'), [orjson.dumps(chr(c))[1:-1] for c in range(128)], True,
              orjson.dumps)
"""``rows --json``: orjson's texts (its escapes of the ASCII characters read from it)."""
SQL = _Style(b"NULL", ord("'"), [quoted(chr(c))[1:-1].encode() for c in range(128)], False,
             lambda value: sql_literal(value).encode())
"""``rows``: :func:`~binlog_kaitai.sql_changes.sql_literal`'s texts (its escapes read from
:func:`~binlog_kaitai.sql_changes.quoted`)."""


class _Parts:
    """The parts of a batch's lines and the bytes they take, as :func:`assemble` wants
    them."""

    def __init__(self, rows: int, style: _Style) -> None:
        self.rows = rows
        self.style = style
        self.buffers: list[Any] = [style.null]
        self.size = len(style.null)
        self.kinds: list[int] = []
        self.where: list[int] = []
        self.const_len: list[int] = []
        self.row_offsets: list[np.ndarray] = []
        self.row_valid: list[np.ndarray] = []
        self.event_offsets: list[np.ndarray] = []

    def _add(self, kind: int, where: int, data: Any, length: int = 0) -> None:
        self.kinds.append(kind)
        self.where.append(where)
        self.const_len.append(length)
        self.buffers.append(data)
        self.size += len(data)

    def const(self, text: str) -> None:
        data = text.encode()
        self._add(CONST, self.size, data, len(data))

    def per_event(self, texts: pa.Array) -> None:
        """A string or binary array of texts, one per event."""
        self.event_offsets.append(self._offsets(texts))
        self._add(EVENT, len(self.event_offsets) - 1, self._data(texts))

    def _offsets(self, array: pa.Array) -> np.ndarray:
        """Where each value of a string or binary array will be in ``src``."""
        offsets = np.frombuffer(array.buffers()[1], np.int32, len(array) + 1, array.offset * 4)
        return offsets.astype(np.int64) + self.size

    @staticmethod
    def _data(array: pa.Array) -> Any:
        data = array.buffers()[2]
        return b"" if data is None else memoryview(data)

    def per_row(self, array: pa.Array, kind: int) -> None:
        """A string or binary array of fragments, one per row."""
        self.row_offsets.append(self._offsets(array))
        self.row_valid.append(_valid(array))
        self._add(kind, len(self.row_offsets) - 1, self._data(array))

    def render(self, event_of_row: np.ndarray) -> tuple[memoryview, np.ndarray]:
        src = np.frombuffer(b"".join(self.buffers), np.uint8)
        events = len(self.event_offsets[0]) - 1 if self.event_offsets else 0

        def matrix(items: list[np.ndarray], width: int, dtype: Any) -> np.ndarray:
            return np.stack(items) if items else np.zeros((0, width), dtype)

        out, ends = _kernel()(src, *(np.array(x, np.int64) for x in (
            self.kinds, self.where, self.const_len)),
            matrix(self.row_offsets, self.rows + 1, np.int64),
            matrix(self.row_valid, self.rows, np.bool_),
            matrix(self.event_offsets, events + 1, np.int64),
            event_of_row, self.style.quote, len(self.style.null), *self.style.tables)
        return memoryview(out), ends


def json_text(heads: Sequence[RowChange], decoded: DecodedRows
              ) -> tuple[memoryview, np.ndarray]:
    """The ``rows --json`` lines of the rows of ``decoded``, whose events' changes share
    what ``heads`` has (one change per event, any row and images), and where each line
    ends (from 0). What differs between the events (their ``pos``, mostly) is a slot."""
    first = heads[0]
    varying = [key for key, value in first.to_json_dict().items() if key not in ROW_FIELDS
               and any(getattr(head, key) != value for head in heads)]
    layout: list[Part] = []
    for part in line_parts(first, (*ROW_FIELDS, *varying)):
        if isinstance(part, Slot) and part.key in ("before", "after"):
            image = str(part.key)
            names = _names(decoded.batch).get(image)
            layout += ["null"] if names is None else [
                Slot((image, p.key)) if isinstance(p, Slot) else p for p in image_parts(names)]
        else:
            layout.append(part)
    return _render([layout], heads, decoded, JSON)


def sql_text(heads: Sequence[RowChange], decoded: DecodedRows
             ) -> tuple[memoryview, np.ndarray]:
    """The ``rows`` text (:func:`~binlog_kaitai.row_text.text_parts`) of the rows of
    ``decoded``, as :func:`json_text` gives their lines."""
    names = _names(decoded.batch)
    return _render([text_parts(head, names) for head in heads], heads, decoded, SQL)


def _names(batch: pa.RecordBatch) -> dict[str, list[str]]:
    """The column names of each image of a batch."""
    return {image: batch.column(image).type.names for image in ("before", "after")
            if batch.schema.get_field_index(image) >= 0}


def _render(layouts: Sequence[Sequence[Part]], heads: Sequence[RowChange],
            decoded: DecodedRows, style: _Style) -> tuple[memoryview, np.ndarray]:
    """The lines of each row, laid out as its event's layout (``layouts[e]``, or one
    for all): a literal text the same in every layout is written as it is, else the
    event's; the slots: the row in its event, an image's column, or a field of the
    event's head."""
    per_event = decoded.rows_per_event
    event_of_row = np.repeat(np.arange(len(per_event), dtype=np.int64), per_event)
    parts = _Parts(len(event_of_row), style)
    for i, part in enumerate(layouts[0]):
        if isinstance(part, str):
            texts = [layout[i] for layout in layouts]
            if all(text == part for text in texts):
                parts.const(part)
            else:
                parts.per_event(_binary([text.encode() for text in texts]))  # type: ignore[union-attr]
        elif part.key == "row":
            starts = np.repeat(np.cumsum(per_event) - per_event, per_event)
            parts.per_row(pc.cast(_int64(np.arange(len(event_of_row)) - starts), pa.string()),
                          RAW)
        elif isinstance(part.key, tuple):
            struct = decoded.batch.column(part.key[0])
            j = part.key[1]
            parts.per_row(*_fragment(struct.field(j), struct.type.field(j), style))
        else:
            parts.per_event(_event_texts([getattr(head, str(part.key)) for head in heads]))
    return parts.render(event_of_row)


def _event_texts(values: list[Any]) -> pa.Array:
    """The JSON texts of one field of each event: integers (``pos``, ``timestamp``) cast
    by Arrow, anything else by orjson."""
    if all(type(v) is int for v in values):  # (pa.array on a list imports pandas: 0.4 s)
        return pc.cast(_int64(np.array(values, np.int64)), pa.string())
    return _binary([orjson.dumps(v) for v in values])


def _binary(encoded: list[bytes]) -> pa.Array:
    offsets = np.zeros(len(encoded) + 1, np.int32)
    np.cumsum([len(e) for e in encoded], out=offsets[1:])
    return pa.Array.from_buffers(pa.binary(), len(encoded), [
        None, pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded))])


def _valid(array: pa.Array) -> np.ndarray:
    """Whether each value is not NULL, from the validity bitmap (Arrow's to_numpy would
    import pandas: 0.4 s)."""
    if array.null_count == 0:
        return np.ones(len(array), np.bool_)
    bits = np.frombuffer(array.buffers()[0], np.uint8)
    return np.unpackbits(bits, count=array.offset + len(array),
                         bitorder="little")[array.offset:].astype(np.bool_)


def _int64(values: np.ndarray) -> pa.Array:
    values = np.ascontiguousarray(values, np.int64)
    return pa.Array.from_buffers(pa.int64(), len(values), [None, pa.py_buffer(values)])


def _fragment(array: pa.Array, fld: pa.Field, style: _Style) -> tuple[pa.Array, int]:
    """A column's fragments (RAW: the style's text; TEXT: text to quote and escape)."""
    kind = array.type
    md = fld.metadata or {}
    if md.get(REPR_KEY) == JSON_REPR:
        if style.json_as_is:
            return array, RAW
    elif pa.types.is_integer(kind):
        return pc.cast(array, pa.string()), RAW
    elif pa.types.is_string(kind):
        return array, TEXT
    elif pa.types.is_date32(kind):
        return pc.cast(array, pa.string()), TEXT  # years 1-9999: ISO, as Python's
    elif pa.types.is_timestamp(kind):
        return timestamp_texts(array, fld), TEXT
    elif pa.types.is_decimal(kind):
        text = pc.cast(array, pa.string())
        # Arrow writes a scale over 6 with an exponent when the value is small.
        if kind.scale <= 6 or not pc.any(pc.match_substring(text, "E")).as_py():
            return text, TEXT
    return _binary([style.literal(v) for v in reference_values(array, fld)]), RAW
