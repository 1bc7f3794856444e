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
import time
from dataclasses import asdict, dataclass
from typing import IO, Any

from binlog_kaitai.errors import BinlogError, EncryptedError, TruncatedError
from binlog_kaitai.event import (
    FDE,
    BinlogFormat,
    Event,
    EventType,
    footer_crc_ok,
    header_fields,
    header_log_pos,
    parse_event,
)
from binlog_kaitai.gtid import gtid_set_text
from binlog_kaitai.storage import read_fully
from binlog_kaitai.stream import ENCRYPTED_MESSAGE, BinlogStream, Source, open_source

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
HEAD_READ_AHEAD = 4096
"""What the read of a file's first events (the magic, FORMAT_DESCRIPTION, the GTID
state) reads at once: one request of an object store, not one per field."""
WALK_READ_AHEAD = 16384
"""What a walk from event to event reads at a time (a few events of an OLTP binlog);
a body it skips past that reads the next header alone, with its own read-ahead."""
_FILE_TYPE_TABLE = [t in FILE_EVENT_TYPES for t in range(256)]
"""FILE_EVENT_TYPES by type byte."""


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


class _Fetched:
    """What a reader and its views share: the bytes requested so far, and the last
    block read ahead (where it starts): the same bytes of the same file, whoever asks."""

    def __init__(self) -> None:
        self.count = 0
        self.block, self.at = b"", 0


class CountingReader(io.RawIOBase):
    """Reads the byte ranges asked of it from ``raw`` and counts the bytes it requests
    from storage (not the bytes its caller uses): ``count``, what a summary or a seek
    reports as ``bytes_read``.

    ``raw`` should have no buffer of its own (``open_source(..., buffering=0)``), or every
    seek would read a whole buffer. The reader itself reads exactly the range asked: a
    tail window, a probe's window. :meth:`sequential` gives a view for a walk from event
    to event, whose next read is known to follow: it reads ``read_ahead`` bytes at a
    time. Views share the file, the count and the last block read ahead (a range inside
    it is not requested again: a small file's tail is in its head's block), each with
    its own place, so a walk left half done does not disturb a probe.
    """

    def __init__(self, raw: IO[bytes], name: str, read_ahead: int = 0,
                 fetched: _Fetched | None = None) -> None:
        self.raw = raw
        self.name = name
        self.read_ahead = read_ahead
        self._fetched = _Fetched() if fetched is None else fetched
        self._pos = raw.tell()

    @property
    def count(self) -> int:
        """The bytes read from ``raw`` by this reader and its views."""
        return self._fetched.count

    def sequential(self, read_ahead: int = WALK_READ_AHEAD) -> CountingReader:
        """A view of the same file, at the same place, that reads ahead."""
        view = CountingReader(self.raw, self.name, read_ahead, self._fetched)
        view._pos = self._pos
        return view

    def read(self, n: int = -1) -> bytes:
        fetched = self._fetched
        at = self._pos - fetched.at
        have = fetched.block[at:at + n] if 0 <= at < len(fetched.block) and n >= 0 else b""
        data = have if len(have) == n else have + self._fetch(self._pos + len(have),
                                                              n - len(have) if n >= 0 else -1)
        self._pos += len(data)
        return data

    def _fetch(self, pos: int, n: int) -> bytes:
        """``n`` bytes at ``pos`` (all the rest: -1), reading ahead when this view does."""
        self.raw.seek(pos)
        got = read_fully(self.raw, -1 if n < 0 else max(n, self.read_ahead))
        self._fetched.count += len(got)
        if self.read_ahead:
            self._fetched.block, self._fetched.at = got, pos
        return got if n < 0 else got[:n]

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if whence == io.SEEK_END:
            offset += self.raw.seek(0, io.SEEK_END)
        elif whence == io.SEEK_CUR:
            offset += self._pos
        self._pos = offset
        return offset

    def tell(self) -> int:
        return self._pos

    def seekable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True


def iso_utc(ts: int) -> str:
    """``YYYY-MM-DDTHH:MM:SSZ`` (time's strftime: a fifth of datetime's)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


def summary(source: Source) -> Summary:
    """Summarise one binlog: start and end, successor, GTID state, in O(1) reads.

    Never raises for a bad file: the problem goes to ``error`` (as ``offset N: what``)
    and every field that could still be read is filled.
    """
    name = str(source) if not hasattr(source, "read") else str(getattr(source, "name", ""))
    result = Summary(file=name)
    try:
        with open_source(source, buffering=0) as (raw, name, size):
            if size is None:
                raise BinlogError(name, 0, "summary needs a seekable file")
            result.size = size
            f = CountingReader(raw, name)
            try:
                _summarise(f, size, result)
            finally:
                result.bytes_read = f.count
    except BinlogError as exc:
        result.error = f"offset {exc.offset}: {exc.message}"
        result.truncated = result.truncated or isinstance(exc, TruncatedError)
    return result


def _summarise(f: CountingReader, size: int, result: Summary) -> None:
    stream = BinlogStream(f.sequential(HEAD_READ_AHEAD))  # first events: one request
    first, fmt = stream.first, stream.format
    assert first is not None
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
        events = stream.events(start=first.next_pos)
        try:
            second = next(events)
        except BinlogError as exc:  # the first event is the last complete one
            result.truncated = isinstance(exc, TruncatedError)
            result.error = f"offset {exc.offset}: {exc.message}"
        else:
            if second.type_code in GTID_STATE_EVENTS and second.body is not None:
                result.previous_gtids = gtid_set_text(second.body)
            if second.type_code == EventType.start_encryption_event:
                raise EncryptedError(stream.name, second.next_pos, ENCRYPTED_MESSAGE, 2)
            last = _find_last_event(f, size, second, result)
    _fill_end(result, last)


def _fill_end(result: Summary, last: Event) -> None:
    """The fields the last complete event gives."""
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


def _find_last_event(f: CountingReader, size: int, known: Event, result: Summary) -> Event:
    """The last complete event: from the tail if possible, else by hopping event headers.

    ``known`` is the latest event already read from the front of the file.
    """
    if known.next_pos == size:
        return known
    fmt, name = known.format, known.file
    for window in TAIL_WINDOWS:
        lo = max(known.next_pos, size - window)
        f.seek(lo)
        tail = f.read(size - lo)
        ev = _last_event_in_tail(tail, lo, size, fmt, name)
        if ev is not None:
            return ev
        if lo == known.next_pos:
            break
    # No verified event ends exactly at the end: the file was cut inside an event, its last
    # event is larger than the window, or its positions cannot be checked (a relay log
    # without CRCs). Hop by event lengths, reading only headers, from the first verified
    # event of the tail, or else from the front.
    anchor = first_verified_event(tail, lo, fmt, name)
    return _hop_to_last_event(f, size, anchor or known, result)


def _hop_to_last_event(f: CountingReader, size: int, start: Event, result: Summary
                       ) -> Event:
    """The last event a header-only walk from ``start`` reaches before the end or damage."""
    last = start
    try:
        walk = BinlogStream(f.sequential(), fmt=start.format, bodies=())
        for ev in walk.events(start.next_pos):
            last = ev
    except TruncatedError as exc:
        result.truncated = True
        result.error = (f"offset {exc.offset}: file ends inside an event "
                        f"({size - exc.offset} bytes after the last complete event)")
    except BinlogError as exc:
        result.error = f"offset {exc.offset}: {exc.message}"
    if last is start:
        return start
    f.seek(last.pos)
    return parse_event(f.read(last.length), last.format, last.file, last.pos, -1)


def _header_length_at(buf: bytes, at: int, fmt: BinlogFormat) -> int | None:
    """Length of the event whose header would be at buf[at:], if the header looks real."""
    if at + fmt.header_len > len(buf):
        return None
    type_code, length = header_fields(buf, at)
    if type_code not in FILE_EVENT_TYPES:
        return None
    if length < fmt.header_len + fmt.checksum_len:
        return None
    return length


def _verified(ev: Event, fmt: BinlogFormat) -> bool:
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


def _last_event_in_tail(
    tail: bytes, base: int, size: int, fmt: BinlogFormat, name: str
) -> Event | None:
    """The smallest verified event that ends exactly at the end of the file."""
    end = size - base
    for at in range(len(tail) - fmt.header_len - fmt.checksum_len, -1, -1):
        if at + header_fields(tail, at)[1] != end or _header_length_at(tail, at, fmt) is None:
            continue
        ev = parse_event(tail[at:], fmt, name, base + at, -1)
        if _verified(ev, fmt):
            return ev
    return None


def first_verified_event(tail: bytes, base: int, fmt: BinlogFormat, name: str) -> Event | None:
    """The earliest verified event of the tail window that starts a chain of decodable
    events running to the end of the window (where the partial event begins)."""
    chain = _ChainCheck(tail, base, fmt)
    for at in _candidate_starts(tail, fmt):
        length = header_fields(tail, at)[1]
        if not _may_verify(tail, at, length, base, fmt):
            continue
        ev = parse_event(tail[at:at + length], fmt, name, base + at, -1)
        if _verified(ev, fmt) and chain.holds(at + length):
            return ev
    return None


def _candidate_starts(tail: bytes, fmt: BinlogFormat) -> list[int]:
    """The offsets of ``tail`` where :func:`_header_length_at` sees a header whose event
    fits in the window, in order: found for the whole window at once (numpy), not by a
    Python loop over every byte."""
    import numpy as np  # here: `summary` and `check` start without it

    from binlog_kaitai.framing import scan_headers

    count = len(tail) - fmt.header_len
    if count <= 0:
        return []
    headers = scan_headers(tail, fmt)
    at, length = headers["pos"], headers["event_length"]
    fits = (np.array(_FILE_TYPE_TABLE)[headers["raw_type_code"]] & (at < count)
            & (length >= fmt.header_len + fmt.checksum_len) & (at + length <= len(tail)))
    return at[fits].tolist()


def _may_verify(tail: bytes, at: int, length: int, base: int, fmt: BinlogFormat) -> bool:
    """Cheap necessary condition of :func:`_verified`, before the spec parses the
    candidate: log_pos agrees with its place (or is 0: artificial events), else its
    CRC32 matches."""
    if fmt.binlog_version == 1:
        return True
    pos = base + at
    if header_log_pos(tail, at, fmt.header_len) in (
            0, pos if fmt.binlog_version == 3 else pos + length):
        return True
    return footer_crc_ok(tail, fmt, at) is True


class _ChainCheck:
    """Do the events from ``tail[at:]`` follow one another to the end of the window?

    Candidate starts share the chains behind them, so each offset's verdict is kept: the
    window is decoded at most once, not once per candidate (which made a damaged 64 KiB
    tail cost seconds)."""

    def __init__(self, tail: bytes, base: int, fmt: BinlogFormat) -> None:
        self.tail, self.base, self.fmt = tail, base, fmt
        self.known: dict[int, bool] = {}

    def holds(self, at: int) -> bool:
        path: list[int] = []
        verdict = True
        window = BinlogStream(io.BytesIO(self.tail), fmt=self.fmt, base=self.base)
        try:
            for ev in window.events(self.base + at):
                at = ev.pos - self.base
                if at in self.known:
                    verdict = self.known[at]
                    break
                path.append(at)
                if ev.type_code not in FILE_EVENT_TYPES or ev.decode_error is not None:
                    verdict = False
                    break
        except TruncatedError:
            pass  # the event the window ends in, or the cut the file ends in
        except BinlogError:
            verdict = False
        for step in path:
            self.known[step] = verdict
        return verdict
