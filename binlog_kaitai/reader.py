"""Streaming binlog reader: frames events one at a time and lets the generated spec parse them.

The layout of every event lives in ``ksy/``; this module only does what a declarative spec
cannot: read a file incrementally in constant memory, carry the FORMAT_DESCRIPTION_EVENT
that governs later events, verify checksums and turn damage into clear errors.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import IO, Any, BinaryIO

from kaitaistruct import KaitaiStream, KaitaiStructError

from binlog_kaitai.errors import (
    BinlogError,
    ChecksumError,
    CorruptEventError,
    EncryptedError,
    NotABinlogError,
    TruncatedError,
)
from generated.mysql_binlog import MysqlBinlog

MAGIC = b"\xfebin"
EventType = MysqlBinlog.EventType
FDE = EventType.format_description_event
START_EVENT_V3 = EventType.start_event_v3
START_ENCRYPTION = EventType.start_encryption_event
TRANSACTION_PAYLOAD = EventType.transaction_payload_event
MIN_HEADER_LEN = 13
"""Bytes every binlog version's common header starts with; event_length sits at 9..13."""


def header_fields(buf: bytes, at: int = 0) -> tuple[int, int]:
    """(type code, event_length) of the common header at ``buf[at:]`` (at least
    :data:`MIN_HEADER_LEN` bytes), as ksy/mysql_binlog.ksy's ``event_header`` declares
    them. The one place that reads them by hand: before the spec can parse an event,
    its length must say how many bytes to read, and whether the file has them."""
    return buf[at + 4], int.from_bytes(buf[at + 9:at + 13], "little")
READ_CHUNK = 16 << 20
"""Large events are read in chunks so a lying length field never allocates more than this
beyond the bytes that really exist."""

DECODE_ERRORS = (KaitaiStructError, EOFError, ValueError, IndexError, ArithmeticError,
                 struct.error)
"""What bytes that do not fit the spec raise, in generated code or in the conversion of
the values it read: ValueError covers bad enum values, UnicodeDecodeError and a value
out of its range; IndexError an array param shorter than a count; ArithmeticError a
date or number out of range (OverflowError) or a division by a zero field; struct.error
a value shorter than its type. A TypeError or AttributeError is never damage: it is a
bug, and is left to surface."""
ENCRYPTED_MESSAGE = (
    "the events after START_ENCRYPTION_EVENT are encrypted (MariaDB encrypt_binlog); "
    "they cannot be read without the server's key"
)

Source = str | os.PathLike[str] | BinaryIO


def statement_bytes(body: Any) -> bytes | None:
    """The statement of a QUERY, EXECUTE_LOAD_QUERY or QUERY_COMPRESSED event body; None
    for a compressed one that cannot be inflated (unknown algorithm, damaged data)."""
    try:
        raw = body.query_text  # inflated here for QUERY_COMPRESSED_EVENT
    except KaitaiStructError:
        return None
    return None if raw is None else bytes(raw)


@dataclass(frozen=True, slots=True)
class BinlogFormat:
    """What the governing FORMAT_DESCRIPTION_EVENT (or START_EVENT_V3) says about events."""

    binlog_version: int
    header_len: int
    checksum_len: int
    post_header_lengths: bytes
    server_version: str


class Event:
    """One event: where it is, its parsed header and body, and whether its CRC matched.

    ``body`` is the generated Kaitai object of the event's body type (raw ``bytes`` for
    types the spec keeps opaque, ``None`` when the body could not be decoded, in which
    case ``decode_error`` says why and ``raw`` still holds the bytes).

    An event read from inside a TRANSACTION_PAYLOAD_EVENT (``read_events(...,
    expand_payloads=True)``) has the payload event's ``pos`` and ``index`` and its own
    offset inside the inflated payload in ``inner_pos``; ``inner_pos`` is None otherwise.
    """

    __slots__ = (
        "body",
        "checksum_ok",
        "decode_error",
        "file",
        "header",
        "index",
        "inner_pos",
        "pos",
        "raw",
    )

    def __init__(
        self,
        file: str,
        pos: int,
        index: int,
        header: Any,
        body: Any,
        raw: bytes,
        checksum_ok: bool | None,
        decode_error: str | None,
        inner_pos: int | None = None,
    ) -> None:
        self.file = file
        self.pos = pos
        self.index = index
        self.header = header
        self.body = body
        self.raw = raw
        self.checksum_ok = checksum_ok
        self.decode_error = decode_error
        self.inner_pos = inner_pos

    @property
    def type_code(self) -> int:
        return self.header.type_code

    @property
    def type_name(self) -> str:
        return event_type_name(self.header.type_code)

    @property
    def timestamp(self) -> int:
        return self.header.timestamp

    @property
    def server_id(self) -> int:
        return self.header.server_id

    @property
    def length(self) -> int:
        return self.header.event_length

    @property
    def log_pos(self) -> int | None:
        return getattr(self.header, "log_pos", None)

    @property
    def flags(self) -> int | None:
        return getattr(self.header, "flags", None)

    @property
    def next_pos(self) -> int:
        return self.pos + self.header.event_length

    def __repr__(self) -> str:
        where = self.pos if self.inner_pos is None else f"{self.pos}+{self.inner_pos}"
        return f"<Event {self.type_name} at {where} ({self.length} bytes)>"


def event_type_name(type_code: int) -> str:
    """MySQL's/MariaDB's constant name for a type code, e.g. ``QUERY_EVENT``."""
    try:
        return EventType(type_code).name.upper()
    except ValueError:
        return "UNKNOWN_EVENT"


@contextmanager
def open_source(source: Source) -> Iterator[tuple[IO[bytes], str, int | None]]:
    """Yield (stream, display name, size or None) for a path or an open binary file."""
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        try:
            f = open(name, "rb", buffering=1 << 20)  # noqa: SIM115 - closed below
        except OSError as exc:
            raise BinlogError(name, 0, f"cannot open: {exc.strerror or exc}") from None
        with f:
            yield f, name, os.fstat(f.fileno()).st_size
        return
    name = str(getattr(source, "name", "<stream>"))
    size: int | None = None
    if source.seekable():
        here = source.tell()
        size = source.seek(0, io.SEEK_END)
        source.seek(here)
    yield source, name, size


def read_exact(f: IO[bytes], n: int) -> bytes:
    """Read up to n bytes, in bounded chunks; fewer only at end of file."""
    if n <= READ_CHUNK:
        return f.read(n)
    parts = []
    while n > 0:
        part = f.read(min(n, READ_CHUNK))
        if not part:
            break
        parts.append(part)
        n -= len(part)
    return b"".join(parts)


def read_event_bytes(
    f: IO[bytes], name: str, pos: int, size: int | None, header_len: int, index: int,
    checksum_len: int = 0,
) -> bytes | None:
    """Read the event starting at ``pos`` (the stream is there); None at a clean end.

    Its length must cover the header and, but in a FORMAT_DESCRIPTION_EVENT (which
    carries its own), the ``checksum_len``-byte CRC32 footer."""
    head = f.read(header_len)
    if not head:
        return None
    if len(head) < MIN_HEADER_LEN:
        raise TruncatedError(
            name, pos, f"file ends inside an event header ({len(head)} of {header_len} bytes)",
            index,
        )
    type_code, length = header_fields(head)
    footer_len = 0 if type_code == FDE else checksum_len
    if length < header_len + footer_len:
        footer = f" and {footer_len}-byte checksum" if footer_len else ""
        raise CorruptEventError(
            name, pos, f"event length {length} is shorter than the {header_len}-byte header"
            f"{footer}", index,
        )
    if size is not None and pos + length > size:
        raise TruncatedError(
            name, pos,
            f"event of {length} bytes runs past the end of the file "
            f"({size - pos} bytes remain)",
            index,
        )
    rest = read_exact(f, length - len(head))
    if len(rest) < length - len(head):
        raise TruncatedError(
            name, pos, f"file ends inside a {length}-byte event ({len(head) + len(rest)} read)",
            index,
        )
    return head + rest


def parse_event(buf: bytes, fmt: BinlogFormat, name: str, pos: int, index: int) -> Event:
    """Parse one event's bytes with the generated spec and check its CRC."""
    header_len = 19 if buf[4] == FDE else fmt.header_len
    try:
        ev = MysqlBinlog.Event(
            header_len, fmt.checksum_len, fmt.post_header_lengths, KaitaiStream(io.BytesIO(buf))
        )
    except DECODE_ERRORS as exc:
        header = MysqlBinlog.EventHeader(header_len, KaitaiStream(io.BytesIO(buf)))
        return Event(name, pos, index, header, None, buf, None, f"{type(exc).__name__}: {exc}")
    return Event(name, pos, index, ev.header, ev.body, buf, checksum_ok(ev, buf), None)


def checksum_ok(ev: Any, buf: bytes) -> bool | None:
    """CRC32 verdict for an event, None when the event carries no checksum.

    The server computes a FORMAT_DESCRIPTION_EVENT's CRC with the in-use flag cleared, since
    it rewrites that flag when the file is closed.
    """
    if ev.header.type_code == FDE:
        if not ev.body.has_checksum_alg:
            return None
        data = bytearray(buf[:-4])
        data[17] &= 0xFE
        return zlib.crc32(data) == ev.body.checksum
    if ev.footer_len != 4:
        return None
    return zlib.crc32(memoryview(buf)[:-4]) == ev.checksum


def format_of(first: Event) -> BinlogFormat:
    """The layout a FORMAT_DESCRIPTION_EVENT declares for the events after it."""
    fde = first.body
    return BinlogFormat(4, fde.header_length, fde.checksum_len, fde.post_header_lengths,
                        fde.server_version)


def read_first_event(f: IO[bytes], name: str, size: int | None) -> tuple[Event, BinlogFormat]:
    """Check the magic and read the first event, which decides the binlog version."""
    magic = f.read(4)
    if magic != MAGIC:
        what = "file is empty" if not magic else f"bad magic {magic.hex(' ')}"
        raise NotABinlogError(name, 0, f"not a binlog: {what} (expected fe 62 69 6e)", 0)
    buf = read_event_bytes(f, name, 4, size, 19, 0)
    if buf is None:
        raise TruncatedError(name, 4, "file has no events after the magic", 0)
    if buf[4] not in (FDE, START_EVENT_V3):
        raise NotABinlogError(
            name, 4, f"first event has type {buf[4]}, expected FORMAT_DESCRIPTION_EVENT (15) "
            "or START_EVENT_V3 (1)", 0)
    # The spec decides the binlog version from the first event: parse the file's prefix.
    try:
        root = MysqlBinlog(KaitaiStream(io.BytesIO(MAGIC + buf)))
    except DECODE_ERRORS as exc:
        raise CorruptEventError(name, 4, f"cannot decode the first event: {exc}", 0) from None
    fmt = BinlogFormat(
        root.binlog_version, root.header_len, root.checksum_len,
        bytes(root.post_header_lengths), root.first_event.body.server_version,
    )
    first = root.first_event
    event = Event(name, 4, 0, first.header, first.body, buf, checksum_ok(first, buf), None)
    return event, fmt


def payload_events(payload: Event, fmt: BinlogFormat) -> Iterator[Event]:
    """The events inside a TRANSACTION_PAYLOAD_EVENT, framed one at a time.

    The spec inflates the payload (``inner_events``, with the size checks of
    :class:`~binlog_kaitai.processes.ZstdProcess`); each inner event is then parsed like an
    outer one, without a checksum, so a body the spec cannot decode gets ``decode_error``
    as outer events do. Failing to inflate, or an inner event that does not fit in the
    payload, raises a BinlogError at the payload's offset.
    """
    name, pos, index = payload.file, payload.pos, payload.index
    body = payload.body
    try:
        inner = body.inner_events
    except DECODE_ERRORS as exc:
        raise CorruptEventError(
            name, pos, f"cannot inflate TRANSACTION_PAYLOAD_EVENT: {exc}", index) from None
    if inner is None:
        raise CorruptEventError(
            name, pos, "TRANSACTION_PAYLOAD_EVENT with unknown compression type "
            f"{int(body.compression_type)}", index)
    inner._io.seek(0)
    data = inner._io.read_bytes_full()
    inner_fmt = replace(fmt, checksum_len=0)
    at = 0
    while at < len(data):
        where = f"inner event at payload offset {at} (of {len(data)} inflated bytes)"
        if len(data) - at < MIN_HEADER_LEN:
            raise CorruptEventError(name, pos, f"{where}: header cut short", index)
        type_code, length = header_fields(data, at)
        header_len = 19 if type_code == FDE else fmt.header_len
        if length < header_len or at + length > len(data):
            raise CorruptEventError(
                name, pos, f"{where}: length {length} does not fit in the payload", index)
        ev = parse_event(data[at:at + length], inner_fmt, name, pos, index)
        ev.inner_pos = at
        yield ev
        at += length


def read_events(
    source: Source,
    *,
    start: int | None = None,
    stop: int | None = None,
    strict_checksums: bool = False,
    expand_payloads: bool = False,
) -> Iterator[Event]:
    """Yield every event of a binlog, in order, in constant memory.

    ``start``/``stop`` restrict to events starting in [start, stop) (``start`` must be an
    event boundary); the first event is always read, since it governs the layout, and
    yielded only when it lies in the range. A FORMAT_DESCRIPTION_EVENT in mid-file takes
    over for the events after it. Damage raises a :class:`BinlogError` after every
    complete event before it has been yielded; a CRC mismatch is reported on the event
    (``checksum_ok`` False) and raises only with ``strict_checksums``.

    With ``expand_payloads``, each TRANSACTION_PAYLOAD_EVENT (MySQL's compressed
    transactions) is followed by the events inside it, see :func:`payload_events`.
    """
    with open_source(source) as (f, name, size):
        first, fmt = read_first_event(f, name, size)
        pos = first.next_pos
        if start is None or start <= first.pos:
            yield first
        elif start > pos:
            f.seek(start)
            pos = start
        index = 1
        while stop is None or pos < stop:
            buf = read_event_bytes(f, name, pos, size, fmt.header_len, index, fmt.checksum_len)
            if buf is None:
                return
            ev = parse_event(buf, fmt, name, pos, index)
            if strict_checksums and ev.checksum_ok is False:
                raise ChecksumError(name, pos, f"CRC32 mismatch in {ev.type_name}", index)
            if ev.type_code == FDE and ev.body is not None:
                fmt = format_of(ev)
            yield ev
            if expand_payloads and ev.type_code == TRANSACTION_PAYLOAD and ev.body is not None:
                yield from payload_events(ev, fmt)
            pos = ev.next_pos
            index += 1
            if ev.type_code == START_ENCRYPTION and (size is None or pos < size):
                raise EncryptedError(name, pos, ENCRYPTED_MESSAGE, index)
