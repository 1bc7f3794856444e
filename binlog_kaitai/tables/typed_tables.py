"""Per-table typed change tables: the columnar decoder's batches in Spark's types.

:class:`~binlog_kaitai.columnar.RowBatcher` gives, per table and kind of change, Arrow
batches whose ``before``/``after`` structs hold the present columns in the decoder's
Arrow types. :func:`typed_batch` turns one into the change-table layout
(:data:`META_FIELDS`, then ``before``, ``after``, ``before_columns``, ``after_columns``,
``before_raw``, ``after_raw``), each column in the type :func:`column_type` gives its
MySQL type (docs/tables.md's type table):

==============================================  ==========================================
MySQL                                           change table (Spark)
==============================================  ==========================================
TINYINT, SMALLINT, MEDIUMINT (any sign), INT    int
INT UNSIGNED, BIGINT                            bigint
BIGINT UNSIGNED                                 decimal(20,0)
FLOAT, DOUBLE                                   float, double
DECIMAL(p,s)                                    decimal(p,s); p > 38: string (exact text)
DATE                                            date
DATETIME(fsp)                                   timestamp_ntz
TIMESTAMP(fsp)                                  timestamp (UTC)
TIME(fsp)                                       string ``[-]HHH:MM:SS[.ffffff]``
YEAR                                            int
CHAR, VARCHAR, TEXT, ENUM, SET                  string (ENUM/SET: the labels; the number
                                                as text when the labels are unknown)
BINARY, VARBINARY, BLOB                         binary (also text of an unknown charset
                                                whose bytes are not UTF-8)
BIT(n)                                          bigint; BIT(64): binary (8 bytes, big-endian)
JSON                                            string (JSON text)
GEOMETRY                                        struct<srid: bigint, wkb: binary>
VECTOR                                          array<float>
==============================================  ==========================================

Zero and invalid dates (``0000-00-00``, MySQL's zero TIMESTAMP, ``2024-02-30``...) are
null in ``before``/``after``; their text as the server wrote it is kept in
``before_raw``/``after_raw`` (map column name -> text, null when a row has none).
``before_columns``/``after_columns`` list the columns an image has when it lacks some of
the table's (``binlog_row_image=MINIMAL``/``NOBLOB``), null when it has them all.
Unknown column names (no metadata, no DDL) are positional: ``col_1``, ``col_2``...

Schema evolution: each batch has the columns of its table version; :func:`union_schema`
unites the batches' schemas by name (a column missing from a version is null there) and
widens a column whose type changes along :func:`widen`'s ladder (int -> bigint ->
decimal -> string; string with binary -> binary; any other change -> string), and
:func:`conform` casts a batch to the union.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from datetime import date, datetime
from functools import lru_cache
from typing import Any

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.compute as pc

from binlog_kaitai import values as v
from binlog_kaitai.columnar import BITS_KEY, FSP_KEY, TYPE_KEY, RowBatcher
from binlog_kaitai.errors import BinlogError, RowsError
from binlog_kaitai.event import EventType
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import read_events
from binlog_kaitai.transactions import TransactionTracker

TS_UTC = pa.timestamp("us", tz="UTC")
META_FIELDS = pa.schema([
    ("op", pa.string()), ("ts", TS_UTC), ("gtid", pa.string()), ("xid", pa.int64()),
    ("file", pa.string()), ("pos", pa.int64()), ("inner_pos", pa.int64()),
    ("row", pa.int32()), ("server_id", pa.int64()), ("event_date", pa.date32()),
])
"""The change metadata columns, in front of each change table's images."""
NAMES = pa.list_(pa.string())
RAW = pa.map_(pa.string(), pa.string())
OP_CODES = {"insert": "c", "update": "u", "delete": "d"}
ORDER = ("file", "pos", "inner_pos", "row")
"""A change table's rows by position: ``inner_pos`` orders the events of a
TRANSACTION_PAYLOAD, ``row`` the rows of an event."""
GEOMETRY = pa.struct([("srid", pa.int64()), ("wkb", pa.binary())])
POSITIONAL = b"positional_names"
SNAPSHOT_NEEDS_TYPED = "--snapshot and --as-of need the typed tables (drop --no-typed-tables)"
"""What the job and ``export`` say to ``--no-typed-tables`` with a snapshot asked for."""
"""Schema metadata of a batch whose column names are unknown (``col_1``, ...)."""
_INT32_TYPES = frozenset({v.TINY, v.SHORT, v.INT24, v.YEAR})


# ---------------------------------------------------------------------------------------
# One column


def column_type(fld: pa.Field) -> pa.DataType:
    """The change table's type of a column the columnar decoder gave as ``fld`` (its
    ``mysql.type`` metadata says the MySQL type; see the module's table)."""
    md = fld.metadata or {}
    return _column_type(fld.type, int(md.get(TYPE_KEY, b"-1")), md.get(BITS_KEY))


@lru_cache(maxsize=4096)  # bounded: a damaged table map may give any (type, metadata)
def _column_type(kind: pa.DataType, real_type: int, bits: bytes | None) -> pa.DataType:
    if real_type in _INT32_TYPES:
        return pa.int32()
    if real_type == v.LONG:
        return pa.int64() if pa.types.is_unsigned_integer(kind) else pa.int32()
    if real_type == v.LONGLONG:
        return pa.decimal128(20, 0) if pa.types.is_unsigned_integer(kind) else pa.int64()
    if real_type in (v.DATE, v.NEWDATE):
        return pa.date32()
    if real_type in (v.DATETIME, v.DATETIME2):
        return pa.timestamp("us")
    if real_type in (v.TIMESTAMP, v.TIMESTAMP2):
        return TS_UTC
    if real_type == v.BIT:
        return pa.binary() if int(bits or b"64") > 63 else pa.int64()
    if real_type == v.GEOMETRY:
        return GEOMETRY
    if real_type in (v.FLOAT, v.DOUBLE, v.NEWDECIMAL, v.VECTOR) or (
            real_type in v.STRING_TYPES and pa.types.is_binary(kind)):
        return kind
    return pa.string()  # TIME, text, ENUM/SET, JSON, and any per-value fallback


def typed_column(array: pa.Array, fld: pa.Field) -> tuple[pa.Array, pa.Array | None]:
    """(the column in :func:`column_type`'s type, the raw text of the values that became
    null, or None when none did)."""
    target = column_type(fld)
    if pa.types.is_string(array.type) and target in (pa.date32(), pa.timestamp("us"),
                                                       TS_UTC):
        return _parsed_dates(array, target)
    if target == TS_UTC:
        return _zero_timestamps(array, fld)
    if array.type == target:
        return array, None
    if target == pa.binary() and pa.types.is_uint64(array.type):  # BIT(64)
        return _bit_bytes(array), None
    return cast_to(array, target), None


def _zero_timestamps(array: pa.Array, fld: pa.Field) -> tuple[pa.Array, pa.Array | None]:
    """MySQL's zero TIMESTAMP (the decoder's 0) as null, its text kept."""
    zero = pc.fill_null(pc.equal(array.cast(pa.int64()), 0), False)
    if not pc.any(zero).as_py():
        return array, None
    fsp = int((fld.metadata or {}).get(FSP_KEY, b"0"))
    raw = pc.if_else(zero, v.timestamp_text(0, 0, fsp), pa.nulls(len(array), pa.string()))
    return pc.if_else(zero, pa.nulls(len(array), TS_UTC), array), raw


def _bit_bytes(array: pa.Array) -> pa.Array:
    """BIT(64) values as their 8 bytes, most significant first (as the server shows)."""
    words = array.fill_null(0).to_numpy(zero_copy_only=False).astype(">u8").tobytes()
    offsets = np.arange(0, 8 * (len(array) + 1), 8, dtype=np.int32)
    nulls = array.is_null().to_numpy(zero_copy_only=False)
    validity = pa.py_buffer(np.packbits(~nulls, bitorder="little")) if nulls.any() else None
    return pa.Array.from_buffers(pa.binary(), len(array), [
        validity, pa.py_buffer(offsets), pa.py_buffer(words)])


def _parsed_dates(texts: pa.Array, target: pa.DataType
                  ) -> tuple[pa.Array, pa.Array | None]:
    """Dates or times the decoder left as text (a batch with a zero or invalid date):
    each valid one parsed, the others null with their text kept."""
    parse = date.fromisoformat if target == pa.date32() else datetime.fromisoformat
    out: list[Any] = []
    raw: list[str | None] = []
    for text in texts.to_pylist():
        try:
            value = None if text is None else parse(text)
        except ValueError:
            value = None
        out.append(value)
        raw.append(text if value is None and text is not None else None)
    kind = pa.timestamp("us") if target == TS_UTC else target  # the text is UTC already
    array = pa.array(out, kind)
    if target == TS_UTC:
        array = array.cast(pa.int64()).cast(TS_UTC)
    has_raw = any(r is not None for r in raw)
    return array, pa.array(raw, pa.string()) if has_raw else None


def cast_to(array: pa.Array, target: pa.DataType) -> pa.Array:
    """``array`` as ``target`` (a type :func:`widen` allows): Arrow's cast, or for a
    string target a value Arrow cannot cast (structs, lists, non-UTF-8 binary) as its
    JSON text (binary as ``{"base64": ...}``); for a binary target (a column that was
    text in one version, bytes in another, and of a third type in a third: widening is
    not associative) a value Arrow cannot cast to bytes (a decimal) as its text's."""
    if array.type == target:
        return array
    try:
        return array.cast(target)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        if target == pa.binary():
            return cast_to(array, pa.string()).cast(pa.binary())
        if target != pa.string():
            raise
    return pa.array([None if x is None else orjson.dumps(x, default=_json_default).decode()
                     for x in array.to_pylist()], pa.string())


def _json_default(value: Any) -> Any:
    if isinstance(value, bytes):
        return v.binary_value(value)
    return str(value)


# ---------------------------------------------------------------------------------------
# One batch


def positional_note(table: str) -> str:
    """The ``errors`` line of a table whose column names are unknown."""
    return f"table {table}: column names unknown, positional names col_1, col_2, ... used"


def positional(name: str) -> str:
    """The change table's name of a column: ``@3`` (name unknown) is ``col_3``."""
    return f"col_{name[1:]}" if name.startswith("@") else name


def _typed_image(image: pa.StructArray, column_count: int | None
                 ) -> tuple[pa.StructArray, pa.Array, pa.Array]:
    """(the image's typed struct, its before_/after_columns, its before_/after_raw)."""
    arrays, fields, raws = [], [], []
    for i, fld in enumerate(image.type):
        typed, raw = typed_column(image.field(i), fld)
        arrays.append(typed)
        fields.append(pa.field(positional(fld.name), typed.type))
        if raw is not None:
            raws.append((fields[-1].name, raw))
    mask = image.is_null() if image.null_count else None
    struct = pa.StructArray.from_arrays(arrays, fields=fields, mask=mask)
    n = len(image)
    names: pa.Array = pa.nulls(n, NAMES)
    if column_count is not None and len(fields) < column_count:
        names = _repeated_names([f.name for f in fields], n, mask)
    return struct, names, _raw_map(raws, n)


def _repeated_names(names: list[str], n: int, mask: pa.Array | None) -> pa.Array:
    """The same list of column names on every row, null where ``mask`` is set."""
    offsets = np.arange(0, len(names) * (n + 1), len(names) or 1, dtype=np.int32)
    if not names:
        offsets = np.zeros(n + 1, np.int32)
    listed = pa.ListArray.from_arrays(_int_array(offsets, pa.int32()),
                                      pa.array(names * n, pa.string()))
    return listed if mask is None else pc.if_else(mask, pa.nulls(n, NAMES), listed)


def _int_array(values: np.ndarray, kind: pa.DataType, nulls: np.ndarray | None = None
               ) -> pa.Array:
    """A numpy integer array as Arrow, from its buffer (pa.array on numpy imports
    pandas, a second)."""
    validity = None if nulls is None or not nulls.any() else pa.py_buffer(
        np.packbits(~nulls, bitorder="little"))
    return pa.Array.from_buffers(kind, len(values), [validity, pa.py_buffer(
        np.ascontiguousarray(values, np.int64 if kind == pa.int64() else np.int32))])


def _raw_map(raws: list[tuple[str, pa.Array]], n: int) -> pa.Array:
    """Per row, {column: text} of the values that became null (null when none did)."""
    if not raws:
        return pa.nulls(n, RAW)
    rows: list[list[tuple[str, str]] | None] = []
    columns = [(name, raw.to_pylist()) for name, raw in raws]
    for i in range(n):
        entries = [(name, texts[i]) for name, texts in columns if texts[i] is not None]
        rows.append(entries or None)
    return pa.array(rows, RAW)


def _plain(array: pa.Array) -> pa.Array:
    return array.dictionary_decode() if isinstance(array, pa.DictionaryArray) else array


def _op_codes(op: pa.Array) -> pa.Array:
    """``insert``/``update``/``delete`` as ``c``/``u``/``d``."""
    if isinstance(op, pa.DictionaryArray):
        codes = pa.array([OP_CODES[x] for x in op.dictionary.to_pylist()], pa.string())
        return pa.DictionaryArray.from_arrays(op.indices, codes).dictionary_decode()
    return pa.array([OP_CODES[x] for x in op.to_pylist()], pa.string())


def typed_batch(batch: pa.RecordBatch, xid: pa.Array | None = None) -> pa.RecordBatch:
    """A :class:`~binlog_kaitai.columnar.RowBatcher` batch in the change-table layout
    (``xid``: each row's transaction XID, null when unknown); the schema metadata keeps
    the batch's ``schema``, ``table`` and ``primary_key``."""
    n = batch.num_rows
    md = batch.schema.metadata or {}
    seconds = batch.column("timestamp").to_numpy(zero_copy_only=False).astype(np.int64)
    ts = _int_array(seconds * 1_000_000, pa.int64()).view(TS_UTC)
    meta = [
        _op_codes(batch.column("op")),
        ts,
        _plain(batch.column("gtid")),
        xid if xid is not None else pa.nulls(n, pa.int64()),
        _plain(batch.column("file")),
        batch.column("pos").cast(pa.int64()),
        batch.column("inner_pos").cast(pa.int64()),
        batch.column("row").cast(pa.int32()),
        batch.column("server_id").cast(pa.int64()),
        _int_array(seconds // 86400, pa.int32()).view(pa.date32()),
    ]
    return _assemble(meta, batch, md)


def typed_from_changes(changes: pa.RecordBatch, images: pa.RecordBatch, schema: str,
                       table: str, column_count: int, key: list[str] | None
                       ) -> pa.RecordBatch:
    """The change-table batch of rows the Spark extraction decoded (``images``: the
    ``before``/``after`` structs of :func:`~binlog_kaitai.columnar.decode_row_data`)
    and made ``row_changes`` rows of (``changes``, whose metadata columns are the change
    table's: same names and types)."""
    md = {"schema": schema, "table": table, "column_count": str(column_count)}
    if key is not None:
        md["primary_key"] = orjson.dumps(key).decode()
    return _assemble([changes.column(f.name) for f in META_FIELDS], images,
                     {k.encode(): v.encode() for k, v in md.items()})


def _assemble(meta: list[pa.Array], images_batch: pa.RecordBatch, md: dict[bytes, bytes]
              ) -> pa.RecordBatch:
    """The change-table batch of the metadata columns ``meta`` and the typed images."""
    n = images_batch.num_rows
    count = int(md.get(b"column_count", b"0")) or None
    if any(c.name.startswith("@") for f in images_batch.schema
           if f.name in ("before", "after") for c in f.type):
        md = {**md, POSITIONAL: b"true"}
    images, names, raws = {}, {}, {}
    for side in ("before", "after"):
        if side in images_batch.schema.names:
            images[side], names[side], raws[side] = _typed_image(images_batch.column(side),
                                                                 count)
    for side in ("before", "after"):  # a change without this image: null, of the other's type
        if side not in images:
            other = next(iter(images.values()))
            images[side], names[side], raws[side] = (
                pa.nulls(n, other.type), pa.nulls(n, NAMES), pa.nulls(n, RAW))
    schema = _layout(images["before"].type, images["after"].type, md)
    return pa.RecordBatch.from_arrays(
        [*meta, images["before"], images["after"], names["before"], names["after"],
         raws["before"], raws["after"]], schema=schema)


# ---------------------------------------------------------------------------------------
# Schema evolution


def widen(a: pa.DataType, b: pa.DataType) -> pa.DataType:
    """The type that holds both ``a`` and ``b`` exactly, along the ladder int -> bigint
    -> decimal -> string (two decimals: the larger integer part and scale, string past
    38 digits; string and binary: binary; any other pair: string)."""
    if a == b:
        return a
    if pa.types.is_null(a) or pa.types.is_null(b):
        return b if pa.types.is_null(a) else a
    if pa.types.is_integer(a) and pa.types.is_integer(b):
        return pa.int64()
    if _is_exact(a) and _is_exact(b):
        (ia, sa), (ib, sb) = _digits(a), _digits(b)
        whole, scale = max(ia, ib), max(sa, sb)
        return pa.decimal128(whole + scale, scale) if whole + scale <= 38 else pa.string()
    if {_kind(a), _kind(b)} == {"string", "binary"}:
        return pa.binary()
    if pa.types.is_struct(a) and pa.types.is_struct(b) and not (
            a == GEOMETRY or b == GEOMETRY):
        return union_struct([a, b])
    return pa.string()


def _is_exact(kind: pa.DataType) -> bool:
    return pa.types.is_integer(kind) or pa.types.is_decimal(kind)


def _digits(kind: pa.DataType) -> tuple[int, int]:
    """(integer digits, scale) of an integer or decimal type."""
    if pa.types.is_decimal(kind):
        return kind.precision - kind.scale, kind.scale
    return (10, 0) if kind.bit_width <= 32 else (20, 0)


def _kind(kind: pa.DataType) -> str:
    return "string" if pa.types.is_string(kind) else "binary" if pa.types.is_binary(
        kind) else "other"


def union_struct(structs: Iterable[pa.DataType]) -> pa.StructType:
    """The fields of all ``structs`` by name, in order of first appearance, widened."""
    fields: dict[str, pa.DataType] = {}
    for struct in structs:
        for fld in struct:
            fields[fld.name] = widen(fields.get(fld.name, pa.null()), fld.type)
    return pa.struct([pa.field(name, kind) for name, kind in fields.items()])


def union_schema(schemas: Iterable[pa.Schema]) -> pa.Schema:
    """The change-table schema that holds batches of all ``schemas`` (see
    :func:`conform`): ``before`` and ``after`` both of the union of their columns; the
    metadata is the last one's, but for the last known ``primary_key`` and
    ``positional_names`` if any version has them."""
    images, metadata, key, positional = [], None, None, False
    for schema in schemas:
        images += [schema.field("before").type, schema.field("after").type]
        metadata = dict(schema.metadata or {})
        key = metadata.get(b"primary_key", key)
        positional = positional or POSITIONAL in metadata
    if metadata is None:
        raise ValueError("no schema to unite")
    if key is not None:  # a version with positional names knows no key: the last known
        metadata[b"primary_key"] = key
    if positional:
        metadata[POSITIONAL] = b"true"
    columns = union_struct(images)
    return _layout(columns, columns, metadata)


def _layout(before: pa.DataType, after: pa.DataType, metadata: Any) -> pa.Schema:
    return _layout_of(before, after, tuple(sorted((metadata or {}).items())))


@lru_cache(maxsize=256)  # bounded: each table's column names and types make a key
def _layout_of(before: pa.DataType, after: pa.DataType,
               metadata: tuple[tuple[bytes, bytes], ...]) -> pa.Schema:
    return pa.schema([*META_FIELDS, ("before", before), ("after", after),
                      ("before_columns", NAMES), ("after_columns", NAMES),
                      ("before_raw", RAW), ("after_raw", RAW)], metadata=dict(metadata))


def conform(batch: pa.RecordBatch, schema: pa.Schema) -> pa.RecordBatch:
    """A :func:`typed_batch` batch with the columns and types of ``schema``, a
    :func:`union_schema` that covers it: absent fields null, types widened."""
    columns = [_conform_array(batch.column(name), schema.field(name).type)
               if name in ("before", "after") else batch.column(name)
               for name in schema.names]
    return pa.RecordBatch.from_arrays(columns, schema=schema)


def _conform_array(array: pa.Array, target: pa.DataType) -> pa.Array:
    if array.type == target:
        return array
    if not pa.types.is_struct(target) or target == GEOMETRY:
        return cast_to(array, target)
    if pa.types.is_null(array.type):
        return pa.nulls(len(array), target)
    present = {fld.name: i for i, fld in enumerate(array.type)}
    children = [_conform_array(array.field(present[fld.name]), fld.type)
                if fld.name in present else pa.nulls(len(array), fld.type)
                for fld in target]
    return pa.StructArray.from_arrays(children, fields=list(target),
                                      mask=array.is_null() if array.null_count else None)


# ---------------------------------------------------------------------------------------
# Binlogs to typed batches


class TypedChanges:
    """Binlog files, fed in order, as :func:`typed_batch` batches, each table's in
    position order, with each row's XID.

    A rows event's XID comes after it: a batch is held until every transaction its rows
    belong to has ended (at most one transaction's batches wait). Problems (a damaged
    file, rows that cannot be decoded) are collected in :attr:`problems` as ``(file,
    offset, message)``; the events before them (and, for rows, after) still count. The
    schema history and table definitions carry over from one file to the next.
    """

    def __init__(self, *, schema: SchemaHistory | None = None,
                 tables: Iterable[str] | None = None) -> None:
        self.batcher = RowBatcher(schema=schema, tables=tables, ordered=True)
        self.problems: list[tuple[str, int, str]] = []
        self._tracker = TransactionTracker()
        self._starts, self._xids = array("q"), array("q")
        self._held: list[pa.RecordBatch] = []

    def file(self, source: Any) -> Iterator[pa.RecordBatch]:
        """The typed batches of one binlog file (a path or binary file)."""
        self.start_file()
        try:
            for ev in read_events(source, expand_payloads=True):
                yield from self.feed(ev)
        except BinlogError as exc:
            self.problems.append((exc.file, exc.offset, exc.message))
        yield from self.end_file()

    def start_file(self) -> None:
        """Before the events of a file (or of a split, which starts a transaction)."""
        self._tracker = TransactionTracker()
        self._starts, self._xids = array("q"), array("q")

    def feed(self, ev: Any) -> Iterator[pa.RecordBatch]:
        """The typed batches an event completes, those of ended transactions."""
        self._step(ev)
        self._feed(self.batcher.feed, ev)
        if self._held:
            yield from self._release(self._starts[-1] if self._tracker.open else None)

    def end_file(self) -> Iterator[pa.RecordBatch]:
        """After the last event of a file (or split), or a problem that ends it."""
        while not self._feed(lambda _: self.batcher.finish(), None):
            pass  # each call goes on after the group that failed
        yield from self._release(None)

    def _step(self, ev: Any) -> None:
        """Track transactions: where each starts, its XID once read."""
        step = self._tracker.step(ev.type_code, ev.kind)
        if step.starts:
            self._starts.append(ev.pos)
            self._xids.append(-1)
        if ev.type_code == EventType.xid_event and ev.body is not None and self._xids:
            self._xids[-1] = ev.body.xid.value & ((1 << 63) - 1)

    def _feed(self, feed: Any, ev: Any) -> bool:
        """Hold the batches ``feed(ev)`` completes; a RowsError is a problem (False)."""
        try:
            self._held.extend(feed(ev))
        except RowsError as exc:
            self.problems.append((exc.file, exc.offset, exc.message))
            return False
        return True

    def _release(self, open_start: int | None) -> Iterator[pa.RecordBatch]:
        """The held batches whose rows all come before ``open_start`` (the open
        transaction's start; None: all), typed, with their XIDs."""
        keep = []
        for batch in self._held:
            pos = batch.column("pos")
            if open_start is not None and pc.max(pos).as_py() >= open_start:
                keep.append(batch)
                continue
            yield typed_batch(batch, self._xid_of(pos.to_numpy(zero_copy_only=False)))
        self._held = keep

    def _xid_of(self, pos: np.ndarray) -> pa.Array:
        if not self._starts:
            return pa.nulls(len(pos), pa.int64())
        at = np.searchsorted(np.frombuffer(self._starts, np.int64), pos, "right") - 1
        xids = np.frombuffer(self._xids, np.int64)[np.maximum(at, 0)]
        unknown = (at < 0) | (xids < 0)
        return _int_array(xids, pa.int64(), unknown)


class TypedBuffer:
    """Typed batches gathered per table until ``max_rows`` (or a new schema), so that
    the many small batches of small transactions leave as few large ones; each table's
    batches stay in order. A batch is also what ``export`` spools and writes as one
    Parquet row group at a time, so its size bounds that memory: ``export`` of the
    162 MB bench file peaked at 456 MB RSS with 65,536 rows, 413 MB with 32,768 and
    360 MB with 16,384."""

    def __init__(self, max_rows: int = 16384) -> None:
        self.max_rows = max_rows
        self.pending: dict[str, list[pa.RecordBatch]] = {}

    def add(self, batch: pa.RecordBatch) -> Iterator[pa.RecordBatch]:
        """The gathered batches ``batch`` completes. A batch of ``max_rows`` or more
        leaves as it is (after those gathered before it): only small ones are copied
        together."""
        md = batch.schema.metadata or {}
        name = f"{md[b'schema'].decode()}.{md[b'table'].decode()}"
        group = self.pending.setdefault(name, [])
        large = batch.num_rows >= self.max_rows
        if group and (large or not group[0].schema.equals(batch.schema, check_metadata=True)):
            yield _joined(group)
            group.clear()
        if large:
            yield batch
            return
        group.append(batch)
        if sum(b.num_rows for b in group) >= self.max_rows:
            yield _joined(group)
            group.clear()

    def finish(self) -> Iterator[pa.RecordBatch]:
        """The batches still gathered."""
        pending, self.pending = self.pending, {}
        for group in pending.values():
            if group:
                yield _joined(group)


def _joined(batches: list[pa.RecordBatch]) -> pa.RecordBatch:
    """Batches of one schema as one (one alone is not copied)."""
    return batches[0] if len(batches) == 1 else pa.concat_batches(batches)
