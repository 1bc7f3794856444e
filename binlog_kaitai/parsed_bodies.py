"""Event bodies parsed once per content, for the stream (:mod:`binlog_kaitai.stream`).

A binlog repeats itself byte for byte: the server writes a table's TABLE_MAP_EVENT again
in every transaction that changes the table (the 1 MB OLTP bench file has 3,500 maps of
one table), and the rows events of one statement, or of many statements on one table,
differ only in their row images: table id, flags, extra data, column count and column
bitmaps are the same bytes. The generated parser takes about 40 µs for a table map and
15 µs for a rows event's body and wrapper, most of the stream's time.

:class:`ParsedBodies` keeps the bodies the spec parsed, by their bytes, and gives a
later event with the same bytes the same parse:

- a TABLE_MAP_EVENT with the same body bytes shares the body object (bodies are
  read-only);
- a rows event whose bytes before the row images are those of one parsed earlier (and
  whose row images are not compressed) gets a copy of that body with its own row images
  (:func:`with_rows`): the spec reads those fields in order from those bytes, so it
  would read the same values, and stop where the row images start. What is kept is
  the spec's ``RowsEvent`` parsed from those bytes alone (no row images), never handed
  out, so that no instance of it is ever worked out from row images (``row_data``):
  each event gets a shallow copy of it with its own ``rows``. No
  private attribute of the generated classes is read or written.

Each event keeps its own bytes, header (parsed on first use) and CRC verdict. Anything
else, or a miss, is parsed by the spec (:func:`~binlog_kaitai.event.parse_event`). The
memory the bodies kept take is bounded (:data:`PARSED_MEMORY`), whatever the file holds.
``tools/crosscheck.py`` (the JavaScript build, which shares nothing) checks the result
field by field on every real file.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from kaitaistruct import KaitaiStream

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.event import (
    FOOTER_UNCHECKED,
    BinlogFormat,
    Event,
    EventType,
    Parts,
    header_fields,
    parse_parts,
)
from binlog_kaitai.generated.rows_event import RowsEvent

TABLE_MAP = EventType.table_map_event
PARSED_MEMORY = 16 << 20
"""The memory the bodies kept may take, as :func:`cost` estimates it; more, and it
starts again: a file of huge or ever-changing bodies must not grow it without bound.
(About 200 table maps of 20-odd columns, and thousands of rows events' fields: more
tables than a file's hot ones.)"""
PREFIX_SHAPES = 8
"""Lengths of the part before the row images tried per format and type (the most recent
ones): one per table and column bitmaps, usually a few."""

Key = tuple[BinlogFormat, int, bytes]


def rows_fields_bytes(buf: bytes, fmt: BinlogFormat, body: Any) -> bytes:
    """The bytes of a parsed rows event's body before its row images (the body follows
    the header of ``fmt.header_len`` bytes, the spec's ``event_header`` size, and its row
    images end before the footer): the spec reads its fields, table id to column bitmaps,
    from them alone, so that equal bytes are equal fields."""
    return buf[fmt.header_len:len(buf) - fmt.checksum_len - len(body.rows)]


class ParsedBodies:
    """The bodies a stream has parsed, shared by the later events of the same bytes
    (see the module docstring)."""

    __slots__ = ("bodies", "prefixes", "size")

    def __init__(self) -> None:
        self.bodies: dict[Key, Any] = {}
        """Table map bodies by their bytes, and copies of rows event
        bodies by the bytes before their row images (each with its format and type
        code)."""
        self.prefixes: dict[tuple[BinlogFormat, int], list[tuple[int, int]]] = {}
        """(body offset, length of the part before the row images) of the rows bodies
        kept, per format and type, the most recent first."""
        self.size = 0

    def event(self, buf: bytes, fmt: BinlogFormat, name: str, pos: int, index: int) -> Event:
        """:func:`~binlog_kaitai.event.parse_event` of one event's bytes, with a body
        parsed earlier where it has the same bytes."""
        return Event(name, pos, index, fmt, buf, *self.parts(buf, fmt, header_fields(buf)[0]))

    def parts(self, buf: bytes, fmt: BinlogFormat, type_code: int) -> Parts:
        """:func:`~binlog_kaitai.event.parse_parts` of one event's bytes (of type
        ``type_code``, as written or as mapped: a permuted format's events are all parsed
        by the spec), with a body parsed earlier where it has the same bytes."""
        if fmt.is_type_code_permuted:  # the code as written is not the type
            return parse_parts(buf, fmt, type_code)
        if type_code == TABLE_MAP:
            return self._table_map(buf, fmt)
        if type_code in kinds.ROWS:
            return self._rows_event(buf, fmt, type_code)
        return parse_parts(buf, fmt, type_code)

    def _table_map(self, buf: bytes, fmt: BinlogFormat) -> Parts:
        key = (fmt, TABLE_MAP, buf[fmt.header_len:len(buf) - fmt.checksum_len])
        body = self.bodies.get(key)
        if body is not None:
            return None, body, FOOTER_UNCHECKED, None
        parts = parse_parts(buf, fmt, TABLE_MAP)
        if parts[1] is not None:
            self._add(key, parts[1])
        return parts

    def table_map(self, data: bytes, at: int, length: int, fmt: BinlogFormat) -> Any:
        """The body of the TABLE_MAP_EVENT at ``data[at:at + length]``, as its
        :class:`~binlog_kaitai.event.Event` would parse it (:meth:`parts`): the one kept
        for its bytes, else the spec's parse, kept; None when the spec cannot decode it
        (its Event then says why)."""
        body = self.bodies.get((fmt, TABLE_MAP, data[at + fmt.header_len:
                                                     at + length - fmt.checksum_len]))
        return body if body is not None else self._table_map(data[at:at + length], fmt)[1]

    def _rows_event(self, buf: bytes, fmt: BinlogFormat, type_code: int) -> Parts:
        """A rows event with the fields of a body kept whose bytes before the row images
        are this event's; else parsed, and its fields kept."""
        end = len(buf) - fmt.checksum_len
        for start, length in self.prefixes.get((fmt, type_code), ()):
            if start + length <= end:
                fields = self.bodies.get((fmt, type_code, buf[start:start + length]))
                if fields is not None:
                    return (None, with_rows(fields, buf[start + length:end]),
                            FOOTER_UNCHECKED, None)
        parts = parse_parts(buf, fmt, type_code)
        body = parts[1]
        if body is not None and not body.is_compressed:
            self._keep_rows(buf, fmt, type_code, body)
        return parts

    def _keep_rows(self, buf: bytes, fmt: BinlogFormat, type_code: int, body: Any) -> None:
        """Keep a parsed rows body's fields, by its bytes before the row images."""
        prefix = rows_fields_bytes(buf, fmt, body)
        start, length = fmt.header_len, len(prefix)
        self._add((fmt, type_code, prefix),
                  RowsEvent(body.post_header_len, body.event_type, KaitaiStream(BytesIO(prefix))))
        shapes = self.prefixes.setdefault((fmt, type_code), [])
        if (start, length) in shapes:
            shapes.remove((start, length))
        shapes.insert(0, (start, length))
        del shapes[PREFIX_SHAPES:]

    def _add(self, key: Key, body: Any) -> None:
        if self.size + cost(key[2]) > PARSED_MEMORY:
            self.bodies.clear()
            self.size = 0
        self.bodies[key] = body
        self.size += cost(key[2])


def cost(read: bytes) -> int:
    """The memory a body parsed from ``read`` may take: the generated objects take up to
    about 100 times the bytes they were read from (a 529-byte table map of 23 columns:
    52 KB), and each entry some more."""
    return 128 * len(read) + 4096


def with_rows(fields: Any, rows: bytes) -> Any:
    """A copy of a ``RowsEvent`` kept (parsed from the bytes before the row images),
    with the row images ``rows``."""
    body = object.__new__(type(fields))  # copy.copy's shallow copy, without its protocol
    body.__dict__.update(vars(fields))
    body.rows = rows
    return body
