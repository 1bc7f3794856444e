"""What ``rows`` prints for bulk events, rendered from the columnar decoder's Arrow
batches a column at a time: ``rows --json`` lines (:func:`json_text`) and the
``mysqlbinlog -v`` style text (:func:`sql_text`), byte for byte what
:func:`~binlog_kaitai.row_text.json_lines` and
:func:`~binlog_kaitai.row_text.render_changes` print for the same changes.

The layout of the output is :mod:`~binlog_kaitai.row_text`'s (:func:`line_parts` and
:func:`image_parts`, :func:`text_parts`): literal text with slots. Each slot gets a
column of fragments, one per row, as an Arrow array built in one vectorised step (text
and, in ``rows``, binary strings as they are; JSON as the JSON text the columnar decoder
made, in ``--json``; a zoned TIMESTAMP's seconds and a DATE in ``rows``, and a BIGINT
UNSIGNED, cast by Arrow), or as numbers the kernel writes itself (integers, DECIMAL,
DATE, DATETIME and TIMESTAMP, from their decoded values). Any other column (floats, BIT,
GEOMETRY, VECTOR, ...) goes value by value through
:func:`~binlog_kaitai.columnar.reference_values` and orjson or the column's
:func:`~binlog_kaitai.values.text_form`, the path the reference's values take. Then one
compiled kernel (:func:`~binlog_kaitai.text_kernel.assemble`) writes the lines end to
end: literal texts, fragments, NULLs, and text and bytes fragments quoted and escaped as
orjson or :func:`~binlog_kaitai.values.text_literal` and
:func:`~binlog_kaitai.values.bytes_literal` escape them (their escapes, read from them,
are the kernel's table; see :class:`_Style`).

The kernel is a C extension compiled by Cython (see :mod:`~binlog_kaitai.row_kernel`);
where it was not built, :func:`available` is False and ``rows`` prints each change from
the reference's values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import attrgetter
from typing import Any, NamedTuple

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.compute as pc

from binlog_kaitai import text_kernel
from binlog_kaitai.columnar import (
    BITS_KEY,
    CHARSET_KEY,
    FSP_KEY,
    JSON_REPR,
    REPR_KEY,
    TYPE_KEY,
    DecodedRows,
    reference_values,
)
from binlog_kaitai.row_text import ROW_FIELDS, Part, Slot, image_parts, line_parts, text_parts
from binlog_kaitai.rows import RowChange
from binlog_kaitai.text_kernel import (
    BYTES,
    CONST,
    DATE_ONLY,
    DATE_TIME,
    DATETIME_ZERO,
    DECIMAL,
    DECIMAL_QUOTED,
    EVENT,
    INT,
    RAW,
    TEXT,
)
from binlog_kaitai.values import (
    BIT,
    DATETIME,
    DATETIME2,
    ENUM,
    SET,
    STRING_TYPES,
    TIME,
    TIME2,
    bytes_literal,
    text_form,
    text_literal,
)


def available() -> bool:
    """Whether batches are rendered here: when the kernel is compiled (as plain Python,
    the per-change output is quicker)."""
    return text_kernel.COMPILED


@dataclass(frozen=True)
class _Style:
    """How an output writes values: NULL, text and bytes (between ``quote`` bytes, each
    byte ``c`` of text as ``escapes[c]``, of bytes as ``escapes[256 + c]``), and those
    written value by value (``literal``: the function writing a column's values, given
    its field). Which columns are written a column at a time is :func:`_fragment`'s."""

    null: bytes
    quote: int
    escapes: list[bytes]
    literal: Callable[[pa.Field], Callable[[Any], bytes]]

    @cached_property
    def tables(self) -> tuple[np.ndarray, np.ndarray]:
        """The escapes as :func:`~binlog_kaitai.text_kernel.assemble` takes them."""
        table = np.zeros((len(self.escapes), 6), np.uint8)
        lengths = np.ones(len(self.escapes), np.int64)
        for c, text in enumerate(self.escapes):
            table[c, :len(text)] = np.frombuffer(text, np.uint8)
            lengths[c] = len(text)
        return table, lengths


_UTF8_TAIL = [bytes([c]) for c in range(128, 256)]
"""The bytes of non-ASCII UTF-8 characters, which text escapes leave as they are."""
JSON = _Style(b"null", ord('"'), [orjson.dumps(chr(c))[1:-1] for c in range(128)]
              + _UTF8_TAIL * 3, lambda fld: orjson.dumps)
"""``rows --json``: orjson's texts (its escapes of the ASCII characters read from it;
its bytes are never BYTES fragments: binary values are objects)."""


def _text_literal(fld: pa.Field) -> Callable[[Any], bytes]:
    md = fld.metadata or {}
    form = text_form(int(md[TYPE_KEY]), int(md.get(BITS_KEY, b"0")))
    return lambda value: b"NULL" if value is None else form(value).encode()


TEXT_STYLE = _Style(b"NULL", ord("'"), [text_literal(chr(c))[1:-1].encode()
                                        for c in range(128)] + _UTF8_TAIL
                    + [bytes_literal(bytes([c]))[1:-1].encode() for c in range(256)],
                    _text_literal)
"""``rows``: the columns' text forms (:func:`~binlog_kaitai.values.text_form`), the
escapes of text and bytes read from :func:`~binlog_kaitai.values.text_literal` and
:func:`~binlog_kaitai.values.bytes_literal`."""


class _Parts:
    """The parts of a batch's lines and the bytes they take, as
    :func:`~binlog_kaitai.text_kernel.assemble` wants them."""

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
        self.row_ints: list[np.ndarray] = []
        self.int_valid: list[np.ndarray] = []

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

    def per_row_numbers(self, numbers: _Numbers) -> None:
        """Numbers the kernel writes itself, one per row (its words one after another in
        ``row_ints``, each with the validity)."""
        self.const_len.append(numbers.param)
        self.kinds.append(numbers.kind)
        self.where.append(len(self.row_ints))
        for words in numbers.words:
            self.row_ints.append(words.astype(np.int64, copy=False))
            self.int_valid.append(numbers.valid)

    def fragments(self, found: tuple[pa.Array, int] | _Numbers) -> None:
        """A column's per-row fragments as :func:`_fragment` found them."""
        if isinstance(found, _Numbers):
            self.per_row_numbers(found)
        else:
            self.per_row(*found)

    def render(self, event_of_row: np.ndarray) -> tuple[memoryview, np.ndarray]:
        src = np.frombuffer(b"".join(self.buffers), np.uint8)
        events = len(self.event_offsets[0]) - 1 if self.event_offsets else 0

        def matrix(items: list[np.ndarray], width: int, dtype: Any) -> np.ndarray:
            return np.stack(items) if items else np.zeros((0, width), dtype)

        out, ends = text_kernel.assemble(src, *(np.array(x, np.int64) for x in (
            self.kinds, self.where, self.const_len)),
            matrix(self.row_offsets, self.rows + 1, np.int64),
            matrix(self.row_valid, self.rows, np.bool_),
            matrix(self.event_offsets, events + 1, np.int64),
            event_of_row, self.style.quote, len(self.style.null), *self.style.tables,
            matrix(self.row_ints, self.rows, np.int64),
            matrix(self.int_valid, self.rows, np.bool_))
        return memoryview(out), ends


def json_text(heads: Sequence[RowChange], decoded: DecodedRows
              ) -> tuple[memoryview, np.ndarray]:
    """The ``rows --json`` lines of the rows of ``decoded``, whose events' changes share
    what ``heads`` has (one change per event, any row and images), and where each line
    ends (from 0). What differs between the events (their ``pos``, mostly) is a slot."""
    first = heads[0]
    keys = [key for key in first.to_json_dict() if key not in ROW_FIELDS]
    columns = [list(map(attrgetter(key), heads)) for key in keys]
    varying = [key for key, column in zip(keys, columns, strict=True)
               if column.count(column[0]) != len(column)]  # (compared in C)
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


def image_json(decoded: DecodedRows, image: str) -> pa.Array | None:
    """The ``before`` or ``after`` (``image``) object of each row of ``decoded`` as
    ``rows --json`` writes it in the row's line (:func:`json_text`: the same layout and
    fragments), as a string array; None when the rows have no such image."""
    names = _names(decoded.batch).get(image)
    if names is None:
        return None
    layout = [Slot((image, p.key)) if isinstance(p, Slot) else p for p in image_parts(names)]
    out, ends = _render([layout], (), decoded, JSON)
    if ends[-1] >= 1 << 31:
        raise OverflowError("a batch's images take 2 GiB or more")
    return pa.Array.from_buffers(pa.string(), len(ends) - 1, [
        None, pa.py_buffer(ends.astype(np.int32)), pa.py_buffer(out[:ends[-1]])])


def sql_text(heads: Sequence[RowChange], decoded: DecodedRows
             ) -> tuple[memoryview, np.ndarray]:
    """The ``rows`` text (:func:`~binlog_kaitai.row_text.text_parts`) of the rows of
    ``decoded``, as :func:`json_text` gives their lines."""
    names = _names(decoded.batch)
    return _render([text_parts(head, names) for head in heads], heads, decoded, TEXT_STYLE)


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
            parts.per_row_numbers(_Numbers(INT, [np.arange(len(event_of_row)) - starts],
                                           np.ones(len(event_of_row), np.bool_)))
        elif isinstance(part.key, tuple):
            struct = decoded.batch.column(part.key[0])
            j = part.key[1]
            parts.fragments(_fragment(struct.field(j), struct.type.field(j), style))
        else:
            parts.per_event(_event_texts(list(map(attrgetter(str(part.key)), heads))))
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


def _constant(value: int, count: int) -> pa.Array:
    """``count`` times ``value``, an operand of Arrow's arithmetic: a Python scalar there
    is converted through pandas, whose import takes 0.2 s."""
    return _int64(np.full(count, value, np.int64))


def _dots(count: int) -> pa.Array:
    """``count`` times ".", as :func:`_constant` (a string)."""
    return pa.Array.from_buffers(pa.string(), count, [
        None, pa.py_buffer(np.arange(count + 1, dtype=np.int32)), pa.py_buffer(b"." * count)])


def _int64(values: np.ndarray) -> pa.Array:
    values = np.ascontiguousarray(values, np.int64)
    return pa.Array.from_buffers(pa.int64(), len(values), [None, pa.py_buffer(values)])


class _Numbers(NamedTuple):
    """A column's values as numbers the kernel writes itself: INT, DATE_TIME or DECIMAL
    (``kind``, with its ``param``: see :func:`~binlog_kaitai.text_kernel.assemble`), of
    ``words`` (one int64 array, two for DECIMAL), ``valid`` where not NULL."""

    kind: int
    words: list[np.ndarray]
    valid: np.ndarray
    param: int = 0


def _fragment(array: pa.Array, fld: pa.Field, style: _Style
              ) -> tuple[pa.Array, int] | _Numbers:
    """A column's fragments (RAW: the style's text; TEXT: text to quote and escape;
    BYTES: bytes to quote and escape), or its numbers for the kernel to write."""
    found = (_json_fragment if style is JSON else _text_fragment)(array, fld)
    if found is not None:
        return found
    literal = style.literal(fld)
    return _binary([literal(v) for v in reference_values(array, fld)]), RAW


def _json_fragment(array: pa.Array, fld: pa.Field
                   ) -> tuple[pa.Array, int] | _Numbers | None:
    """A column's ``rows --json`` fragments, None for those written value by value."""
    kind = array.type
    if (fld.metadata or {}).get(REPR_KEY) == JSON_REPR:
        return array, RAW
    if pa.types.is_integer(kind):
        return _integer_fragments(array)
    if pa.types.is_string(kind):
        return array, TEXT
    if pa.types.is_date32(kind):  # years 1-9999: ISO, as Python's
        return _Numbers(DATE_TIME, [_words(array, np.int32) * 86_400_000_000], _valid(array),
                        DATE_ONLY)
    if pa.types.is_timestamp(kind):
        return _datetimes(array, fld)
    return _decimals(array, DECIMAL_QUOTED)


def _text_fragment(array: pa.Array, fld: pa.Field) -> tuple[pa.Array, int] | None:
    """A column's ``rows`` text fragments (:func:`~binlog_kaitai.values.text_form`'s),
    None for those written value by value."""
    kind = array.type
    md = fld.metadata or {}
    if md.get(REPR_KEY) == JSON_REPR:
        return None
    real_type = int(md[TYPE_KEY])
    if pa.types.is_integer(kind) and real_type != BIT:
        return _integer_fragments(array)
    if pa.types.is_string(kind) and real_type in _QUOTED:
        return array, TEXT
    if pa.types.is_binary(kind) and md.get(CHARSET_KEY) == b"binary":
        return array, BYTES  # (charset unknown: text where the bytes are UTF-8)
    if pa.types.is_date32(kind):
        return pc.replace_substring(pc.cast(array, pa.string()), "-", ":"), TEXT
    if pa.types.is_timestamp(kind):
        return _datetimes(array, fld) if kind.tz is None else (_epoch_texts(array, fld), RAW)
    return _decimals(array, 0)


_QUOTED = frozenset({*STRING_TYPES, TIME, TIME2, DATETIME, DATETIME2, ENUM, SET})
"""The types whose text form is their value quoted (a string column of another type
holds the reference's text of values Arrow has no type for: zero dates, DECIMAL(65)...)."""


def _integer_fragments(array: pa.Array) -> tuple[pa.Array, int] | _Numbers:
    """An integer column's digits, written by the kernel; a 64-bit unsigned one's, which
    int64 cannot hold, as Arrow's text of it."""
    kind = array.type
    if kind == pa.uint64():
        return pc.cast(array, pa.string()), RAW
    signed = "i" if pa.types.is_signed_integer(kind) else "u"
    return _Numbers(INT, [_words(array, np.dtype(f"{signed}{kind.bit_width // 8}"))],
                    _valid(array))


def _words(array: pa.Array, dtype: Any, per_value: int = 1) -> np.ndarray:
    """The values of a fixed-width array as int64 (``per_value`` words of ``dtype`` each,
    one after another), from its buffer (Arrow's to_numpy would import pandas); NULLs
    are any value."""
    dtype = np.dtype(dtype)
    return np.frombuffer(array.buffers()[1], dtype, per_value * len(array),
                         per_value * array.offset * dtype.itemsize).astype(np.int64)


def _datetimes(array: pa.Array, fld: pa.Field) -> _Numbers:
    """A DATETIME/TIMESTAMP column as the reference prints its values (its ``fsp`` digits
    of fraction; MySQL's zero TIMESTAMP, 0 in a zoned column, as zeros), by the
    kernel."""
    fsp = int((fld.metadata or {}).get(FSP_KEY, b"0"))
    zero = DATETIME_ZERO if array.type.tz is not None else 0
    return _Numbers(DATE_TIME, [_words(array, np.int64)], _valid(array), fsp | zero)


def _decimals(array: pa.Array, quoted: int) -> _Numbers | None:
    """A DECIMAL column's numbers in plain digits, as the reference prints them (with
    :data:`~binlog_kaitai.text_kernel.DECIMAL_QUOTED`, between quotes), by the kernel;
    None for a column of another type."""
    kind = array.type
    if not pa.types.is_decimal(kind):
        return None
    words = _words(array, np.int64, 2).reshape(-1, 2)
    return _Numbers(DECIMAL, [words[:, 0], words[:, 1]], _valid(array), kind.scale | quoted)


def _epoch_texts(array: pa.Array, fld: pa.Field) -> pa.Array:
    """A TIMESTAMP column's seconds since the epoch with its ``fsp`` digits of fraction
    (:func:`~binlog_kaitai.values.text_form`'s; MySQL's zero timestamp is 0)."""
    fsp = int((fld.metadata or {}).get(FSP_KEY, b"0"))
    micro = pc.cast(array, pa.int64())
    million = _constant(10**6, len(micro))
    seconds = pc.divide(micro, million)  # integer division: TIMESTAMPs are not negative
    text = pc.cast(seconds, pa.string())
    if not fsp:
        return text
    fraction = pc.divide(pc.subtract(micro, pc.multiply(seconds, million)),
                         _constant(10**(6 - fsp), len(micro)))
    digits = pc.utf8_lpad(pc.cast(fraction, pa.string()), fsp, "0")
    return pc.binary_join_element_wise(text, digits, _dots(len(text)))
