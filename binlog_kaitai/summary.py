"""What time span a binlog covers, and what follows it, without reading it all.

The first event (FORMAT_DESCRIPTION_EVENT) gives the start; the last one, found from the
end of the file, gives the end and (for ROTATE) the next file. Every candidate for the last
event is checked the way the server would: its length must reach exactly the end of the
file, its type must be known, its log_pos must agree with its place (binlog v3: its start;
v4: its end) unless its CRC32 verifies, and the spec must decode it. So bytes inside row
data that happen to look like a header are never taken for an event.
"""

from __future__ import annotations

import io
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import IO, Any

from binlog_kaitai.errors import BinlogError, EncryptedError, TruncatedError
from binlog_kaitai.gtid import gtid_set_text
from binlog_kaitai.reader import (
    ENCRYPTED_MESSAGE,
    FDE,
    MIN_HEADER_LEN,
    BinlogFormat,
    Event,
    EventType,
    Source,
    header_fields,
    open_source,
    parse_event,
    read_event_bytes,
    read_first_event,
)

TAIL_WINDOWS = (4096, 65536)
"""Tail sizes tried in turn; the last event of a binlog is almost always a small ROTATE,
STOP or XID, so the first window nearly always suffices. 64 KiB bounds the search."""
END_REASONS = {EventType.rotate_event: "rotate", EventType.stop_event: "stop"}
GTID_STATE_EVENTS = (EventType.previous_gtids_log_event, EventType.gtid_list_event)
FILE_EVENT_TYPES = frozenset(
    int(t) for t in EventType
    if t not in (EventType.unknown_event, EventType.format_description_event,
                 EventType.slave_event, EventType.heartbeat_log_event,
                 EventType.heartbeat_log_event_v2)
)
"""Types a candidate for the last event may have: those a server writes to files (a
FORMAT_DESCRIPTION_EVENT after the first is read from the front, never taken from here)."""


@dataclass
class Summary:
    """One file's summary: the fields of the CLI's ``summary --json`` contract."""

    file: str
    size: int | None = None
    binlog_version: int | None = None
    server_version: str | None = None
    server_id: int | None = None
    header_length: int | None = None
    checksum: str | None = None
    in_use: bool | None = None
    start_timestamp: int | None = None
    start_time: str | None = None
    end_timestamp: int | None = None
    end_time: str | None = None
    last_event_type: str | None = None
    last_event_pos: int | None = None
    end_reason: str | None = None
    next_file: str | None = None
    next_position: int | None = None
    previous_gtids: str | None = None
    truncated: bool = False
    bytes_read: int = 0
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class CountingReader(io.RawIOBase):
    """Wraps a binary stream and counts the bytes actually read through it."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.count = 0

    def read(self, n: int = -1) -> bytes:
        data = self.raw.read(n)
        self.count += len(data)
        return data

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self.raw.seek(offset, whence)

    def tell(self) -> int:
        return self.raw.tell()

    def seekable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True


def iso_utc(ts: int) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def summary(source: Source) -> Summary:
    """Summarise one binlog: start and end, successor, GTID state, in O(1) reads.

    Never raises for a bad file: the problem goes to ``error`` (as ``offset N: what``)
    and every field that could still be read is filled.
    """
    name = str(source) if not hasattr(source, "read") else str(getattr(source, "name", ""))
    result = Summary(file=name)
    try:
        with open_source(source) as (raw, name, size):
            if size is None:
                raise BinlogError(name, 0, "summary needs a seekable file")
            result.size = size
            f = CountingReader(raw)
            try:
                summarise(f, name, size, result)
            finally:
                result.bytes_read = f.count
    except BinlogError as exc:
        result.error = f"offset {exc.offset}: {exc.message}"
        result.truncated = result.truncated or isinstance(exc, TruncatedError)
    return result


def summarise(f: CountingReader, name: str, size: int, result: Summary) -> None:
    first, fmt = read_first_event(f, name, size)
    body = first.body
    result.binlog_version = fmt.binlog_version
    result.server_version = fmt.server_version
    result.server_id = first.server_id
    result.header_length = fmt.header_len
    if first.type_code == FDE and body.has_checksum_alg:
        result.checksum = {0: "NONE", 1: "CRC32"}.get(int(body.checksum_alg))
    result.in_use = bool(first.header.is_binlog_in_use)
    result.start_timestamp = first.timestamp
    result.start_time = iso_utc(first.timestamp)

    last = first
    if first.next_pos < size:
        try:
            second = read_event_bytes(f, name, first.next_pos, size, fmt.header_len, 1,
                                      fmt.checksum_len)
        except BinlogError as exc:  # the first event is the last complete one
            result.truncated = isinstance(exc, TruncatedError)
            result.error = f"offset {exc.offset}: {exc.message}"
            second = None
        if second is not None:
            ev = parse_event(second, fmt, name, first.next_pos, 1)
            if ev.type_code in GTID_STATE_EVENTS and ev.body is not None:
                result.previous_gtids = gtid_set_text(ev.body)
            if ev.type_code == EventType.start_encryption_event:
                raise EncryptedError(name, ev.next_pos, ENCRYPTED_MESSAGE, 2)
            last = find_last_event(f, name, size, fmt, ev, result)

    result.end_timestamp = last.timestamp
    result.end_time = iso_utc(last.timestamp)
    result.last_event_type = last.type_name
    result.last_event_pos = last.pos
    result.end_reason = END_REASONS.get(last.type_code, "none")
    if last.body is None:
        # Framed, so its header and place are sure; its body (a ROTATE's next file) is not.
        result.error = (f"offset {last.pos}: cannot decode {last.type_name} body: "
                        f"{last.decode_error}")
    elif last.type_code == EventType.rotate_event:
        result.next_file = last.body.new_log_ident
        position = getattr(last.body, "position", None)  # absent in binlog v1
        result.next_position = None if position is None else position.value


def find_last_event(
    f: CountingReader, name: str, size: int, fmt: BinlogFormat, known: Event, result: Summary
) -> Event:
    """The last complete event: from the tail if possible, else by hopping event headers.

    ``known`` is the latest event already read from the front of the file.
    """
    if known.next_pos == size:
        return known
    for window in TAIL_WINDOWS:
        lo = max(known.next_pos, size - window)
        f.seek(lo)
        tail = f.read(size - lo)
        ev = last_event_in_tail(tail, lo, size, fmt, name)
        if ev is not None:
            return ev
        if lo == known.next_pos:
            break
    # No verified event ends exactly at the end: the file was cut inside an event, its last
    # event is larger than the window, or its positions cannot be checked (a relay log
    # without CRCs). Hop by event lengths, reading only headers, from the first verified
    # event of the tail, or else from the front.
    anchor = first_verified_event(tail, lo, fmt, name)
    return hop_to_last_event(f, name, size, fmt, anchor or known, result)


def hop_to_last_event(
    f: CountingReader, name: str, size: int, fmt: BinlogFormat, start: Event, result: Summary
) -> Event:
    last_pos, last_len = start.pos, start.length
    pos = start.next_pos
    while pos < size:
        f.seek(pos)
        head = f.read(fmt.header_len)
        length = header_fields(head)[1] if len(head) >= MIN_HEADER_LEN else 0
        if len(head) < fmt.header_len or pos + length > size:
            result.truncated = True
            result.error = (f"offset {pos}: file ends inside an event "
                            f"({size - pos} bytes after the last complete event)")
            break
        if length < fmt.header_len:
            result.error = f"offset {pos}: event length {length} is shorter than its header"
            break
        last_pos, last_len = pos, length
        pos += length
    if last_pos == start.pos:
        return start
    f.seek(last_pos)
    return parse_event(f.read(last_len), fmt, name, last_pos, -1)


def header_length_at(buf: bytes, at: int, fmt: BinlogFormat) -> int | None:
    """Length of the event whose header would be at buf[at:], if the header looks real."""
    if at + fmt.header_len > len(buf):
        return None
    type_code, length = header_fields(buf, at)
    if type_code not in FILE_EVENT_TYPES:
        return None
    if length < fmt.header_len + fmt.checksum_len:
        return None
    return length


def verified(ev: Event, fmt: BinlogFormat) -> bool:
    """Is this candidate really an event? Its CRC, or else its log_pos, must agree.

    log_pos is the event's end in binlog v4 and its start in v3; 0 only on artificial
    events. v1 headers have no log_pos, so there the spec's decoding is the only check.
    """
    if ev.decode_error is not None or ev.checksum_ok is False:
        return False
    if ev.checksum_ok or fmt.binlog_version == 1:
        return True
    if ev.log_pos == 0:
        return ev.header.is_artificial
    return ev.log_pos == (ev.pos if fmt.binlog_version == 3 else ev.next_pos)


def last_event_in_tail(
    tail: bytes, base: int, size: int, fmt: BinlogFormat, name: str
) -> Event | None:
    """The smallest verified event that ends exactly at the end of the file."""
    for at in range(len(tail) - fmt.header_len - fmt.checksum_len, -1, -1):
        length = header_length_at(tail, at, fmt)
        if length is None or base + at + length != size:
            continue
        ev = parse_event(tail[at:], fmt, name, base + at, -1)
        if verified(ev, fmt):
            return ev
    return None


def first_verified_event(tail: bytes, base: int, fmt: BinlogFormat, name: str) -> Event | None:
    """The earliest verified event of the tail window that starts a chain of decodable
    events running to the end of the window (where the partial event begins)."""
    chain = ChainCheck(tail, base, fmt, name)
    for at in range(len(tail) - fmt.header_len):
        length = header_length_at(tail, at, fmt)
        if length is None or at + length > len(tail):
            continue
        ev = parse_event(tail[at:at + length], fmt, name, base + at, -1)
        if verified(ev, fmt) and chain.holds(at + length):
            return ev
    return None


class ChainCheck:
    """Do the events from ``tail[at:]`` follow one another to the end of the window?

    Candidate starts share the chains behind them, so each offset's verdict is kept: the
    window is decoded at most once, not once per candidate (which made a damaged 64 KiB
    tail cost seconds)."""

    def __init__(self, tail: bytes, base: int, fmt: BinlogFormat, name: str) -> None:
        self.tail, self.base, self.fmt, self.name = tail, base, fmt, name
        self.known: dict[int, bool] = {}

    def holds(self, at: int) -> bool:
        tail, fmt = self.tail, self.fmt
        path: list[int] = []
        verdict = True
        while at + fmt.header_len <= len(tail):
            if at in self.known:
                verdict = self.known[at]
                break
            path.append(at)
            length = header_length_at(tail, at, fmt)
            if length is None:
                verdict = False
                break
            if at + length > len(tail):
                break
            if parse_event(tail[at:at + length], fmt, self.name, self.base + at,
                           -1).decode_error:
                verdict = False
                break
            at += length
        for step in path:
            self.known[step] = verdict
        return verdict
