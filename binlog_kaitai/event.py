"""One event of a binlog as the adapter hands it out, and how one event's bytes are parsed.

An :class:`Event` is framed by :class:`~binlog_kaitai.stream.BinlogStream` (the only
module that walks a file from event to event); this module parses the bytes of one
event with the generated spec, checks its CRC32, and says what kind of event it is.
"""

from __future__ import annotations

import io
import struct
import zlib
from functools import cache, lru_cache
from typing import Any, NamedTuple

from kaitaistruct import KaitaiStream, KaitaiStructError

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import decode_error_text
from binlog_kaitai.generated.mysql_binlog import MysqlBinlog
from binlog_kaitai.generated.mysql_event_type import MysqlEventType
from binlog_kaitai.generated_fast import mysql_binlog as fast
from binlog_kaitai.run_loop import COMPILED_BODIES, read_compiled_body, read_rows_fields

EventType = MysqlEventType.EventType
FDE = EventType.format_description_event
MIN_HEADER_LEN = fast.EVENT_HEADER_FIXED_SIZE
"""Bytes every binlog version's common header starts with (13): ``timestamp``,
``type_code``, ``server_id``, ``event_length``, the spec's ``event_header`` before its
first conditional member."""
MAGIC = b"\xfebin"
"""The 4 bytes a binlog file starts with (the spec's ``magic``)."""


def _v4_header_len() -> int:
    """The common header's length in a v4 binlog (19), as the spec computes it for a
    file's first event (``first_header_len``, from ``binlog_version``): the compiled
    reader of ``mysql_binlog`` run on the first bytes of a file whose first event is a
    FORMAT_DESCRIPTION_EVENT (every byte of its header that code, wherever the spec reads
    the type code)."""
    prefix = MAGIC + bytes([FDE]) * MIN_HEADER_LEN
    root = fast.MysqlBinlog()
    assert fast.read_mysql_binlog(prefix, 0, len(prefix), root) == len(MAGIC)
    assert root.binlog_version == 4
    return int(root.first_header_len)


V4_HEADER_LEN = _v4_header_len()
"""Bytes of a v4 common header (19): every FORMAT_DESCRIPTION_EVENT's, and every event's
of a replication stream."""
CRC_UNCHECKED = -2
"""A framed event's CRC verdict when the framing did not compute it (see
:meth:`Event.framed`)."""

CHANGE_CARRIERS = kinds.ROWS | kinds.QUERY | kinds.OLD_LOAD | {
    EventType.table_map_event, EventType.transaction_payload_event, FDE}
"""The events whose loss may lose changes: rows events and their table maps, statements
(which may change rows, or the schema their rows are read with), MySQL 4's LOAD DATA,
compressed transactions, and a FORMAT_DESCRIPTION_EVENT (the layout of the rest)."""
WHOLE_BODIES = frozenset(COMPILED_BODIES) | kinds.ROWS
"""The types :meth:`Event.fixed_fields` reads, whole, as the spec does: those of
:data:`COMPILED_BODIES`, and the rows events, whose body ``generated_fast/rows_event``
reads to and with the span of its row images (all but MariaDB's compressed ones, whose
row images are the spec's to inflate)."""
_IGNORABLE = int(MysqlBinlog.EventFlag.ignorable)
_IN_USE = int(MysqlBinlog.EventFlag.binlog_in_use)

DECODE_ERRORS = (KaitaiStructError, EOFError, ValueError, IndexError, ArithmeticError,
                 struct.error)
"""What bytes that do not fit the spec raise, in generated code or in the conversion of
the values it read: ValueError covers bad enum values, UnicodeDecodeError and a value
out of its range; IndexError an array param shorter than a count; ArithmeticError a
date or number out of range (OverflowError) or a division by a zero field; struct.error
a value shorter than its type. A TypeError or AttributeError is never damage: it is a
bug, and is left to surface."""


def read_header(buf: bytes | memoryview, at: int, header_len: int,
                is_type_code_permuted: bool = False) -> Any:
    """The common header at ``buf[at:]`` as the spec's ``event_header`` declares it
    (``header_len`` and ``is_type_code_permuted`` its params), read by its compiled
    reader (``generated_fast/``, see docs/spec-fast-path.md): about 0.1 µs where the
    generated Kaitai class takes 4. Before the spec can parse an event, its length must
    say how many bytes to read, and whether the file has them; and every event of a
    stream is given its header's fields so (:class:`Event`). The members past the bytes
    given (or after an ``event_length`` below ``header_len``) stay 0, absent."""
    if type(buf) is not bytes:  # the readers take bytes: a view's header is copied
        buf, at = bytes(buf[at:at + header_len]), 0
    header = fast.EventHeader()
    fast.read_event_header(buf, at, len(buf), header_len, is_type_code_permuted, header)
    return header


def header_fields(buf: bytes | memoryview, at: int = 0) -> tuple[int, int]:
    """(type code as written, event_length) of the common header at ``buf[at:]`` (at
    least :data:`MIN_HEADER_LEN` bytes)."""
    header = read_header(buf, at, MIN_HEADER_LEN)
    return header.raw_type_code, header.event_length


def header_log_pos(buf: bytes, at: int, header_len: int) -> int | None:
    """``log_pos`` of the common header at ``buf[at:]`` in a file of ``header_len``-byte
    headers (None in v1's, which have none): read from bytes where candidates for an
    event's start are sifted by the thousand before the spec parses the few left."""
    header = read_header(buf, at, header_len)
    return header.log_pos if header.has_log_pos else None


class BinlogFormat(NamedTuple):
    """What the governing FORMAT_DESCRIPTION_EVENT (or START_EVENT_V3) says about events.
    (A tuple: part of the key of every body the stream shares, hashed by C.)"""

    binlog_version: int
    header_len: int
    checksum_len: int
    post_header_lengths: bytes
    server_version: str
    is_type_code_permuted: bool = False
    """The FDE's ``has_permuted_type_codes``: an early 5.1/5.2 build's file, whose type
    codes 16-22 the spec's ``event_header`` maps to the event types."""

    def post_header_len(self, raw_type_code: int) -> int:
        """The spec's ``event.post_header_len`` of an event of this type code as
        written: the FDE's entry for it, 0 where the FDE lists no such type."""
        lengths = self.post_header_lengths
        return lengths[raw_type_code - 1] if 1 <= raw_type_code <= len(lengths) else 0

    @property
    def is_mariadb(self) -> bool:
        """Written by MariaDB (whose table maps and rows differ in details from MySQL's)."""
        return _is_mariadb(self.server_version)


@lru_cache(maxsize=64)
def _is_mariadb(server_version: str) -> bool:
    return "mariadb" in server_version.lower()


class Event:
    """One event: where it is, its parsed header and body, and whether its CRC matched.

    ``timestamp``, ``type_code``, ``server_id``, ``length`` (event_length), ``log_pos``
    and ``flags`` (None in a v1 header) are the common header's fields
    (:func:`read_header`); ``header`` is the spec's parse of the whole header.

    ``body`` is the generated Kaitai object of the event's body type (raw ``bytes`` for
    types the spec keeps opaque, ``None`` when the body could not be decoded, in which
    case ``decode_error`` says why and ``raw`` still holds the bytes). An event framed
    header-only (:class:`~binlog_kaitai.stream.BinlogStream` with ``bodies``) has no
    body unless its type was asked for; ``has_body`` says which.

    ``format`` is the format in force where the event was read. ``table_map`` is, for a
    rows event, the TABLE_MAP_EVENT body in force for its table id (None when there is
    none). An event read from inside a TRANSACTION_PAYLOAD_EVENT has the payload event's
    ``pos`` and ``index`` and its own offset inside the inflated payload in ``inner_pos``;
    ``inner_pos`` is None otherwise.
    """

    __slots__ = ("_body", "_checksum_ok", "_decode_error", "_fixed", "_header", "_parser",
                 "file",
                 "flags", "format", "has_body", "index", "inner_pos", "length", "log_pos",
                 "pos", "raw", "server_id", "table_map", "timestamp", "type_code")

    def __init__(self, file: str, pos: int, index: int, fmt: BinlogFormat, raw: bytes,
                 header: Any = None, body: Any = None, checksum_ok: Any = None,
                 decode_error: str | None = None, has_body: bool = True) -> None:
        self.file = file
        self.pos = pos
        self.index = index
        self.format = fmt
        self.raw = raw
        fields = read_header(raw, 0, fmt.header_len, fmt.is_type_code_permuted)
        if fields.raw_type_code == FDE and fmt.header_len != _header_len(FDE, fmt):
            fields = read_header(raw, 0, _header_len(FDE, fmt), fmt.is_type_code_permuted)
        self.timestamp, self.type_code = fields.timestamp, fields.type_code
        self.server_id, self.length = fields.server_id, fields.event_length
        self._header = header
        self.log_pos: int | None = fields.log_pos if fields.has_log_pos else None
        self.flags: int | None = fields.flags if fields.has_flags else None
        self._body = body
        self.has_body = has_body
        self._checksum_ok = checksum_ok
        self._decode_error = decode_error
        self._parser: Any = None
        self.inner_pos: int | None = None
        self._fixed: Any = _UNREAD
        self.table_map: Any = None

    @classmethod
    def framed(cls, file: str, pos: int, index: int, fmt: BinlogFormat, raw: bytes,
               fields: tuple[int, int, int, int, int, int], parser: Any,
               crc: int = CRC_UNCHECKED) -> Event:
        """An event whose header fields a batched framing read (``timestamp``,
        ``type_code``, ``server_id``, ``event_length``, ``log_pos`` and ``flags``, -1
        where absent) and whose body ``parser`` (a
        :class:`~binlog_kaitai.parsed_bodies.ParsedBodies`, or None: no body) parses
        from ``raw`` when first asked for: a body no caller reads is never parsed.
        ``crc``: the framing's CRC verdict (1, 0, -1: no footer), or
        :data:`CRC_UNCHECKED`: the footer is checked when asked for."""
        ev = cls.__new__(cls)
        ev.file, ev.pos, ev.index, ev.format, ev.raw = file, pos, index, fmt, raw
        ev.timestamp, ev.type_code, ev.server_id, ev.length, log_pos, flags = fields
        ev.log_pos = None if log_pos < 0 else log_pos
        ev.flags = None if flags < 0 else flags
        ev._header = ev._body = ev._decode_error = None
        ev._checksum_ok = None if parser is None else (
            FOOTER_UNCHECKED if crc == CRC_UNCHECKED else None if crc < 0 else crc == 1)
        ev._parser = parser
        ev.has_body = parser is not None
        ev.inner_pos = ev.table_map = None
        ev._fixed = _UNREAD
        return ev

    def _parse(self) -> None:
        """Parse the body (:meth:`framed`) with the stream's parsed bodies."""
        parsed, self._parser = self._parser, None
        header, self._body, crc, self._decode_error = parsed.parts(
            self.raw, self.format, self.type_code)  # (a permuted code: parse_parts's case)
        if crc is not FOOTER_UNCHECKED or self._checksum_ok is FOOTER_UNCHECKED:
            self._checksum_ok = crc  # (a shared body's: the framing's verdict, if it has one)
        if self._header is None:
            self._header = header

    @property
    def body(self) -> Any:
        """The body as the spec parses it (see the class docstring)."""
        if self._parser is not None:
            self._parse()
        return self._body

    @property
    def checksum_ok(self) -> bool | None:
        """Whether the CRC32 footer matched: None when the event has none, or when its
        body could not be decoded (the spec did not reach the footer)."""
        if self._parser is not None and not self._read_whole():
            self._parse()
        if self._checksum_ok is FOOTER_UNCHECKED:
            self._checksum_ok = footer_crc_ok(self.raw, self.format)
        return self._checksum_ok

    @property
    def decode_error(self) -> str | None:
        """Why the body could not be decoded (None when it could, or was not read)."""
        if self._parser is not None and not self._read_whole():
            self._parse()
        return self._decode_error

    def _read_whole(self) -> bool:
        """Whether the compiled readers read the whole body (:data:`WHOLE_BODIES`):
        then the spec's parse reads it too, and its verdicts (no decode error, the
        footer's CRC) need no parse (``test_fast_path`` checks them against the spec's
        on every real file and fuzz input)."""
        return self.type_code in WHOLE_BODIES and self.fixed_fields() is not None

    @property
    def header(self) -> Any:
        """The spec's ``event_header`` (parsed on first use for a header-only event)."""
        if self._header is None:
            self._header = MysqlBinlog.EventHeader(
                _header_len(self.type_code, self.format), self.format.is_type_code_permuted,
                KaitaiStream(io.BytesIO(self.raw)))
        return self._header

    @property
    def type_name(self) -> str:
        return event_type_name(self.type_code)

    @property
    def next_pos(self) -> int:
        return self.pos + self.length

    # -- what kind of event (event_kinds, declared once) -------------------------------

    @property
    def is_rows(self) -> bool:
        return self.type_code in kinds.ROWS

    @property
    def is_update(self) -> bool:
        return self.type_code in kinds.UPDATE_ROWS

    @property
    def is_query(self) -> bool:
        return self.type_code in kinds.QUERY

    @property
    def is_gtid(self) -> bool:
        return self.type_code in kinds.GTID

    @property
    def is_table_map(self) -> bool:
        return self.type_code == EventType.table_map_event

    @property
    def kind(self) -> str | None:
        """:func:`~binlog_kaitai.event_kinds.event_kind`: what a statement does to
        transaction boundaries, or a MariaDB GTID's ``standalone``/``group``."""
        t = self.type_code
        if t not in kinds.KINDED:  # (no body parsed for a type that has no kind)
            return None
        fields = self.fixed_fields()  # a MariaDB GTID's, by the spec's names
        return kinds.event_kind(t, self.body if fields is None else fields)

    def fixed_fields(self) -> Any:
        """The fields of a :data:`WHOLE_BODIES` body that the compiled readers of the
        spec read (a GTID's, an XID's, an annotation's, a rows event's with the span of
        its row images in ``raw``), without parsing the body: the spec's names and values
        (``test_fast_path`` checks them on every real file). None for other types, a
        compressed rows event, an event framed without its body, a permuted format's
        rows event, and a body the readers refuse (the spec's ``body`` then says why)."""
        fixed = self._fixed
        if fixed is _UNREAD:
            fixed = self._fixed = self._read_fixed()
        return fixed

    def rows_fields(self) -> Any:
        """A rows event's scalar fields (``table_id``, ``flags``, ``num_columns``,
        ``has_after_image``, ``is_end_of_statement``...) by the spec's names: as the
        compiled reader reads them (:meth:`fixed_fields`, no parse) or else as the spec
        parses the body; None when the body cannot be decoded."""
        fields = self.fixed_fields()
        return self.body if fields is None else fields

    def _read_fixed(self) -> Any:
        """The compiled reader's fields of this event's body, a rows event's with the
        params the spec's ``event`` gives it (its ``post_header_len`` and type code)."""
        t, fmt = self.type_code, self.format
        rows, entry = t in kinds.ROWS, COMPILED_BODIES.get(t)
        if not self.has_body or not (rows or entry) or (rows and fmt.is_type_code_permuted):
            return None  # (a permuted format's rows event: the spec's)
        if type(self.raw) is not bytes:  # (the readers take bytes; the spans index these)
            self.raw = bytes(self.raw)
        if rows:
            return read_rows_fields(self.raw, 0, len(self.raw), fmt, t)
        return read_compiled_body(self.raw, 0, len(self.raw), fmt, t)

    @property
    def unreadable_changes(self) -> str | None:
        """Why this event may hold changes that cannot be read, None when it holds none
        or they can be: a :data:`CHANGE_CARRIERS` event whose body could not be decoded,
        or a type this reader does not know that its writer did not flag ignorable."""
        t = self.type_code
        if t in CHANGE_CARRIERS:
            if self.decode_error is None:
                return None
            return f"cannot decode {self.type_name}: {self.decode_error}"
        if t in kinds.KNOWN or (self.flags or 0) & _IGNORABLE:
            return None
        return f"event type {t} unknown, not flagged ignorable: it may hold changes"

    @property
    def is_ddl(self) -> bool:
        return self.is_query and self.kind == "ddl"

    def __repr__(self) -> str:
        where = self.pos if self.inner_pos is None else f"{self.pos}+{self.inner_pos}"
        return f"<Event {self.type_name} at {where} ({self.length} bytes)>"


@cache
def event_type_name(type_code: int) -> str:
    """MySQL's/MariaDB's constant name for a type code, e.g. ``QUERY_EVENT``."""
    try:
        return EventType(type_code).name.upper()
    except ValueError:
        return "UNKNOWN_EVENT"


def _header_len(type_code: int, fmt: BinlogFormat) -> int:
    """A FORMAT_DESCRIPTION_EVENT's header is always v4's, as the spec reads the first
    event (``first_header_len``): it declares the rest."""
    return V4_HEADER_LEN if type_code == FDE else fmt.header_len


Parts = tuple[Any, Any, Any, str | None]
"""What parsing an event gives an :class:`Event`: the spec's header (None: parsed from
the bytes when asked for), body, CRC verdict (True, False, None: no footer, or
:data:`FOOTER_UNCHECKED`) and decode error."""
_UNREAD: Any = object()
"""An event's :meth:`Event.fixed_fields` before they are first asked for."""
FOOTER_UNCHECKED: Any = object()
"""The CRC verdict of an event whose body was not parsed from its bytes (one shared with
an earlier event's): its footer checked only if someone asks (:func:`footer_crc_ok`)."""


def parse_event(buf: bytes, fmt: BinlogFormat, name: str, pos: int, index: int) -> Event:
    """Parse one event's bytes (exactly its ``event_length``) with the generated spec and
    check its CRC."""
    return Event(name, pos, index, fmt, buf, *parse_parts(buf, fmt, header_fields(buf)[0]))


def parse_parts(buf: bytes, fmt: BinlogFormat, type_code: int) -> Parts:
    """:func:`parse_event`'s parts of an event of type ``type_code`` (as written, or
    as the header maps it: only FORMAT_DESCRIPTION_EVENT's matters, the same in both)."""
    try:
        ev = MysqlBinlog.Event(_header_len(type_code, fmt), fmt.checksum_len,
                               fmt.post_header_lengths, fmt.is_type_code_permuted,
                               KaitaiStream(io.BytesIO(buf)))
    except DECODE_ERRORS as exc:
        return None, None, None, decode_error_text(exc)
    return ev.header, ev.body, checksum_ok(ev, buf), None


def checksum_ok(ev: Any, buf: bytes) -> bool | None:
    """CRC32 verdict for an event, None when the event carries no checksum."""
    if ev.header.type_code == FDE:
        return fde_checksum_ok(buf, ev.header.size)
    if ev.footer_len == 0:
        return None
    return zlib.crc32(memoryview(buf)[:len(buf) - ev.footer_len]) == ev.checksum


def fde_checksum_ok(buf: bytes, header_len: int) -> bool | None:
    """The CRC32 verdict of a FORMAT_DESCRIPTION_EVENT (``buf``, its header of
    ``header_len`` bytes), None when it has no checksum. The server computes it with the
    event's in-use flag cleared, since it rewrites that flag when the file is closed: where
    the flags and the checksum are is the compiled readers' (the flag's bit lies in the
    first byte of the little-endian ``flags``)."""
    header, body = fast.EventHeader(), fast.FormatDescriptionEvent()
    if (fast.read_event_header(buf, 0, len(buf), header_len, False, header) < 0
            or fast.read_format_description_event(buf, header_len, len(buf), body) < 0
            or not body.has_checksum):
        return None
    data = bytearray(buf[:body.checksum_at])
    data[header.flags_at] &= ~_IN_USE
    return zlib.crc32(data) == body.checksum


def footer_crc_ok(buf: bytes, fmt: BinlogFormat, at: int = 0) -> bool | None:
    """The CRC verdict of the event at ``buf[at:]`` without parsing it with the spec's
    generated classes (a body shared with another event, a candidate for an event's
    start): its ``checksum`` footer as the spec's ``event`` reads it, compiled (None when
    it has none, or when the bytes are no event of ``fmt``)."""
    if type(buf) is not bytes:  # the readers take bytes
        buf = bytes(buf)
    event = fast.Event()
    if fast.read_event(buf, at, len(buf), fmt.header_len, fmt.is_type_code_permuted,
                       fmt.checksum_len, event) < 0 or not event.has_checksum:
        return None
    return zlib.crc32(memoryview(buf)[at:event.checksum_at]) == event.checksum


def format_of(fde: Event) -> BinlogFormat:
    """The layout a (decoded) FORMAT_DESCRIPTION_EVENT declares for the events after it."""
    body = fde.body
    return BinlogFormat(4, body.header_length, body.checksum_len,
                        bytes(body.post_header_lengths), body.server_version,
                        body.has_permuted_type_codes)
