"""Where a time starts in a binlog, by bisection: O(log n) small reads, not a full scan.

Each probe reads a window at a byte offset and resynchronises on the first real event in
it with the candidate checks :mod:`~binlog_kaitai.summary` uses for the last event (a
known type, a length that fits, log_pos or CRC32 agreeing, a chain of decodable events
to the end of the window). The bisection keeps the latest probe older than the time
sought and the earliest one not older, until they are one window apart, then walks the
events between them. Timestamps in a binlog are those of the statements, so they can go
back a little where transactions commit in another order than they started; when two
probes show time going back, the whole stretch between the first event and the later
probe is walked instead, and the answer is the first event, in file order, at or after
the time sought, as a sequential scan finds it.

The start of that event's transaction is found as the full parse finds it
(:class:`~binlog_kaitai.transactions.TransactionTracker`), walking from the nearest
earlier event after which the tracker's state is known whatever came before: a GTID
event, an XID, a COMMIT or ROLLBACK, an XA_PREPARE, or the start of the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import Event, EventType
from binlog_kaitai.stream import BinlogStream, Source, open_source
from binlog_kaitai.summary import CountingReader, first_verified_event, iso_utc
from binlog_kaitai.transactions import END_KINDS, WALK_BODIES, TransactionTracker

PROBE_WINDOWS = (4096, 16384, 65536, 1 << 20, 16 << 20)
"""Window sizes a probe tries in turn until a whole event lies in one (the next probe
starts from the size that sufficed: events of a file tend to be alike)."""
SCAN_BELOW = 65536
"""The bisection stops when the bracket is this narrow, and walks it."""
LOOKBACK = (4096, 65536, 1 << 20)
"""How far before the event the search for a known transaction state looks, in turn
(then from the start of the file)."""


@dataclass
class SeekResult:
    """The fields of ``seek --json``: the first event at or after ``datetime`` (pos None
    when there is none), the start of its transaction (its own position when it belongs
    to none), and the bytes read."""

    file: str
    datetime: str
    pos: int | None = None
    timestamp: int | None = None
    transaction_pos: int | None = None
    bytes_read: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def seek_datetime(source: Source, when: int) -> SeekResult:
    """The first event whose timestamp is ``when`` (seconds, UTC) or later; see the module
    docstring. A damaged file raises a BinlogError, as a full read would."""
    with open_source(source) as (raw, name, size):
        if size is None:
            raise BinlogError(name, 0, "seek needs a seekable file")
        f = CountingReader(raw, name)
        result = SeekResult(name, iso_utc(when))
        try:
            with BinlogStream(f) as stream:
                seeker = _Seeker(stream, f, size)
                found = seeker.find(when)
                if found is not None:
                    result.pos, result.timestamp = found.pos, found.timestamp
                    result.transaction_pos = seeker.transaction_start(found)
        finally:
            result.bytes_read = f.count
    return result


class _Seeker:
    """The bisection over one open file."""

    def __init__(self, stream: BinlogStream, f: CountingReader, size: int) -> None:
        assert stream.first is not None
        self.first, self.f, self.size = stream.first, f, size
        self.windows = PROBE_WINDOWS

    def walk(self, start: int) -> Iterator[Event]:
        """Events from ``start`` (an event boundary), headers and the bodies the
        transaction tracker needs."""
        stream = BinlogStream(self.f, fmt=self.first.format, bodies=WALK_BODIES)
        return stream.events(start)

    def probe(self, at: int) -> Event | None:
        """The first real event starting at or after ``at``, within the largest window."""
        for i, window in enumerate(self.windows):
            end = min(self.size, at + window)
            self.f.seek(at)
            ev = first_verified_event(self.f.read(end - at), at, self.first.format,
                                      self.first.file)
            if ev is not None:
                self.windows = self.windows[i:]
            if ev is not None or end == self.size:
                return ev
        return None

    def find(self, when: int) -> Event | None:
        """The first event, in file order, whose timestamp is ``when`` or later."""
        low = self.first
        if low.timestamp >= when:
            return low
        high = self.size  # no event at or after it is known older than `when`
        while high - low.next_pos > SCAN_BELOW:
            ev = self.probe((low.next_pos + high) // 2)
            if ev is None or ev.pos >= high:
                break  # no event found in reach: walk the bracket
            if ev.timestamp < low.timestamp:  # time went back: walk from the start
                low = self.first
                break
            if ev.timestamp < when:
                low = ev
            else:
                high = ev.pos
        return self.scan(low, when)

    def scan(self, low: Event, when: int) -> Event | None:
        if low.timestamp >= when:
            return low
        for ev in self.walk(low.next_pos):
            if ev.timestamp >= when:
                return ev
        return None

    def transaction_start(self, target: Event) -> int:
        """Where ``target``'s transaction starts (its own position if it is in none)."""
        if target.pos == self.first.pos:
            return target.pos  # the FORMAT_DESCRIPTION_EVENT
        for back in LOOKBACK:
            at = target.pos - back
            if at <= self.first.next_pos:
                break
            anchor = self.probe(at)
            if anchor is None or anchor.pos >= target.pos:
                continue
            start = self._track(self.walk(anchor.pos), target, known=False)
            if start is not None:
                return start
        start = self._track(self.walk(self.first.next_pos), target, known=True)
        assert start is not None
        return start

    @staticmethod
    def _track(events: Iterator[Event], target: Event, *, known: bool) -> int | None:
        """The transaction start of ``target`` by the tracker, fed from the first event
        after which its state is known (``known``: from the first one); None when no
        such event comes before the target, or the walk does not land on it."""
        tracker = TransactionTracker()
        start = target.pos
        for ev in events:
            if ev.pos > target.pos:
                return None
            if ev.pos == target.pos and (known or ev.type_code in kinds.GTID):
                step = tracker.step(ev.type_code, ev.kind)
                return start if step.member and not step.starts else ev.pos
            if ev.pos == target.pos:
                return None
            if known:
                if tracker.step(ev.type_code, ev.kind).starts:
                    start = ev.pos
            elif _resets(ev):
                tracker.step(ev.type_code, ev.kind)
                known, start = True, ev.pos
        return None


def _resets(ev: Event) -> bool:
    """After this event the tracker's state is the same whatever came before."""
    t = ev.type_code
    return (t in kinds.GTID or t in (EventType.xid_event, EventType.xa_prepare_log_event)
            or (t in kinds.QUERY and ev.kind in END_KINDS))
