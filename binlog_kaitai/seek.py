"""Where a time or a GTID starts in a binlog, by bisection: O(log n) small reads, not a
full scan.

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
event, an XID, a COMMIT or ROLLBACK, an XA_PREPARE, or the start of the file. The same
walk tells ``plan`` where a replay may start around a position
(:func:`replay_starts_around`) and where the file's last complete transaction ends
(:func:`last_complete_transaction`).

A GTID is found the same way, by the order servers number them: a MariaDB domain's
seq_no, a MySQL UUID's (and tag's) GNO grow through a file. Each probe walks from its
event to the next GTID event of the same domain or UUID and compares numbers; the last
bracket is walked for the GTID itself. Where that finds nothing (numbers out of order,
as a replica without gtid_strict_mode may write them, or a GTID the file lacks) the whole
file is walked, so the answer is always the first event with that GTID, in file order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any, TypeVar

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import Event, EventType
from binlog_kaitai.gtid_set import MARIADB_GTID, TAG, UUID
from binlog_kaitai.stream import BinlogStream, Source, open_source
from binlog_kaitai.summary import (
    HEAD_READ_AHEAD,
    CountingReader,
    first_verified_event,
    iso_utc,
)
from binlog_kaitai.times import to_epoch
from binlog_kaitai.transactions import END_KINDS, WALK_BODIES, TransactionTracker, gtid_info

T = TypeVar("T")
PROBE_WINDOWS = (4096, 16384, 65536, 262144, 1 << 20, 4 << 20, 16 << 20)
"""Window sizes a probe tries in turn until a whole event lies in one (see
:meth:`_Seeker.probe`)."""
SCAN_BELOW = 65536
"""The bisection stops when the bracket is this narrow, and walks it."""
LOOKBACK = (4096, 65536, 1 << 20)
"""How far before the event the search for a known transaction state looks, in turn
(then from the start of the file)."""
_NOT_QUERIES = kinds.KNOWN - kinds.QUERY
"""What a walk for the statements alone skips."""


@dataclass
class SeekResult:
    """The fields of ``seek --json``: the first event at or after ``datetime``, or the
    GTID event of ``gtid`` (pos None when there is none; only the one sought is in
    :meth:`to_dict`), the start of its transaction (its own position when it belongs to
    none), and the bytes read."""

    file: str
    datetime: str | None = None
    pos: int | None = None
    timestamp: int | None = None
    transaction_pos: int | None = None
    bytes_read: int = 0
    gtid: str | None = None

    def to_dict(self) -> dict[str, Any]:
        found = asdict(self)
        sought = "datetime" if self.gtid is None else "gtid"
        return {"file": self.file, sought: found[sought]} | {
            k: v for k, v in found.items() if k not in ("file", "datetime", "gtid")}


@dataclass(frozen=True)
class Gtid:
    """A GTID sought: its text as the server prints it, the domain (MariaDB) or UUID and
    tag (MySQL) whose numbers are ordered, and its number there."""

    text: str
    key: str
    number: int

    @classmethod
    def parse(cls, text: str) -> Gtid:
        """``domain-server-seq`` or ``uuid[:tag]:gno``; ValueError for anything else."""
        text = text.strip()
        m = MARIADB_GTID.match(text)
        if m:
            domain, server, seq = (int(g) for g in m.groups())
            return cls(f"{domain}-{server}-{seq}", str(domain), seq)
        parts = text.split(":")
        uuid, gno, tag = parts[0], parts[-1], parts[1] if len(parts) == 3 else ""
        if len(parts) not in (2, 3) or not UUID.match(uuid) or not gno.isdigit() or (
                int(gno) < 1 or (len(parts) == 3 and not TAG.match(tag))):
            raise ValueError(f"not a GTID: {text!r} (domain-server-seq or uuid[:tag]:gno)")
        h = uuid.replace("-", "").lower()
        uuid, tag = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}", tag.lower()
        return cls(":".join([uuid, *([tag] if tag else []), str(int(gno))]),
                   f"{uuid}:{tag}", int(gno))

    @staticmethod
    def of(ev: Event) -> Gtid | None:
        """The GTID of a GTID event read with its body (None for MySQL's anonymous ones)."""
        if ev.type_code not in kinds.GTID or ev.body is None:
            return None
        info = gtid_info(ev.type_code, ev.server_id, ev.body)
        if info.gtid is None or info.sequence is None:
            return None
        key = str(info.domain) if info.domain is not None else f"{info.uuid}:{info.tag or ''}"
        return Gtid(info.gtid, key, info.sequence)


def seek_datetime(source: Source, when: datetime | str | float) -> SeekResult:
    """The first event whose timestamp is ``when`` or later (a ``datetime``, text as
    ``--datetime`` takes it, or seconds since the epoch, fractions kept:
    :func:`~binlog_kaitai.times.to_epoch`); see the module docstring. A damaged file
    raises a BinlogError, as a full read would; text that is no date-time, a
    DateTimeError (a ValueError)."""
    seconds = to_epoch(when)

    def find(seeker: _Seeker) -> Event | None:
        return seeker.find(seconds)

    return _seek(source, SeekResult("", datetime=time_text(seconds)), find)


def time_text(when: float) -> str:
    """``YYYY-MM-DDTHH:MM:SS[.ffffff]Z``: the fraction of a second only when there is
    one (event times are whole seconds; a sought time may not be)."""
    when = round(when, 6)
    whole = math.floor(when)
    fraction = f"{when - whole:.6f}"[1:].rstrip("0")
    return iso_utc(whole) if fraction in ("", ".") else f"{iso_utc(whole)[:-1]}{fraction}Z"


def seek_gtid(source: Source, gtid: str | Gtid) -> SeekResult:
    """The GTID event of ``gtid`` (which starts its transaction: ``transaction_pos`` is
    ``pos``); see the module docstring. ValueError for a text that is no GTID."""
    target = gtid if isinstance(gtid, Gtid) else Gtid.parse(gtid)

    def find(seeker: _Seeker) -> Event | None:
        return seeker.find_gtid(target)

    return _seek(source, SeekResult("", gtid=target.text), find)


def _seek(source: Source, result: SeekResult, find: Callable[[_Seeker], Event | None]
          ) -> SeekResult:
    """Run ``find`` on ``source`` and fill ``result`` with its event."""
    def fill(seeker: _Seeker) -> SeekResult:
        result.file = seeker.f.name
        try:
            found = find(seeker)
            if found is not None:
                result.pos, result.timestamp = found.pos, found.timestamp
                result.transaction_pos = seeker.transaction_start(found)
        finally:
            result.bytes_read = seeker.f.count
        return result

    return _with_seeker(source, fill)


def _with_seeker(source: Source, run: Callable[[_Seeker], T]) -> T:
    """``run`` on a seeker opened on ``source``."""
    with open_source(source, buffering=0) as (raw, name, size):
        if size is None:
            raise BinlogError(name, 0, "seek needs a seekable file")
        f = CountingReader(raw, name)
        with BinlogStream(f.sequential(HEAD_READ_AHEAD)) as stream:  # one request
            return run(_Seeker(stream, f, size))


class _Seeker:
    """The bisection over one open file."""

    def __init__(self, stream: BinlogStream, f: CountingReader, size: int) -> None:
        assert stream.first is not None
        self.first, self.f, self.size = stream.first, f, size
        self.windows = PROBE_WINDOWS

    def walk(self, start: int, bodies: frozenset[int] = WALK_BODIES,
             stop: int | None = None) -> Iterator[Event]:
        """Events from ``start`` (an event boundary) to ``stop``, headers and the bodies
        the transaction tracker needs (or ``bodies``)."""
        stream = BinlogStream(self.f.sequential(), fmt=self.first.format, bodies=bodies)
        return stream.events(start, stop)

    def probe(self, at: int) -> Event | None:
        """The first real event starting at or after ``at``, within the largest window.

        A wider window reads only the bytes the narrower one lacked; the next probe
        starts one size below the one that sufficed (events of a file tend to be alike,
        and a probe that landed in a large event needed more than its neighbours)."""
        window = b""
        for size in self.windows:
            end = min(self.size, at + size)
            self.f.seek(at + len(window))
            window += self.f.read(end - at - len(window))
            ev = first_verified_event(window, at, self.first.format, self.first.file)
            if ev is not None:
                self.windows = PROBE_WINDOWS[max(0, PROBE_WINDOWS.index(size) - 1):]
            if ev is not None or end == self.size:
                return ev
        return None

    def find(self, when: float) -> Event | None:
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

    def scan(self, low: Event, when: float) -> Event | None:
        if low.timestamp >= when:
            return low
        for ev in self.walk(low.next_pos):
            if ev.timestamp >= when:
                return ev
        return None

    def find_gtid(self, target: Gtid) -> Event | None:
        """The first GTID event of ``target``, in file order; see the module docstring."""
        low, high = self.first.next_pos, self.size
        while high - low > SCAN_BELOW:
            mid = (low + high) // 2
            ev = self.probe(mid)
            if ev is None or ev.pos >= high:
                break  # no event found in reach: walk the bracket
            found = self._next_gtid(ev.pos, high, target.key)
            if found is None or found[1].number > target.number:
                high = mid  # none of the domain (or only later ones) in [mid, high)
            elif found[1].number < target.number:
                low = found[0].next_pos
            else:
                low = found[0].pos
                break
        found = self._next_gtid(low, high, target.key, target.text)
        if found is None:  # not where the order puts it: walk the whole file
            found = self._next_gtid(self.first.next_pos, self.size, target.key, target.text)
        return None if found is None else found[0]

    def _next_gtid(self, start: int, stop: int, key: str, text: str | None = None
                   ) -> tuple[Event, Gtid] | None:
        """The first GTID event of domain or UUID ``key`` (and of GTID ``text``, when
        given) starting in [start, stop)."""
        return next(((ev, gtid) for ev, gtid in self.gtids(start, stop)
                     if gtid.key == key and text in (None, gtid.text)), None)

    def gtids(self, start: int, stop: int) -> Iterator[tuple[Event, Gtid]]:
        """The GTID events starting in [start, stop), with their GTIDs."""
        for ev in self.walk(start, kinds.GTID, stop):
            gtid = Gtid.of(ev)
            if gtid is not None:
                yield ev, gtid

    def anchors(self, target: int) -> Iterator[tuple[int, bool]]:
        """Where a walk toward ``target`` may begin, nearest first, and whether the
        tracker's state is known there: the first real event of windows further and
        further before it (not known), then the file's second event (known)."""
        for back in LOOKBACK:
            at = target - back
            if at <= self.first.next_pos:
                break
            anchor = self.probe(at)
            if anchor is not None and anchor.pos < target:
                yield anchor.pos, False
        yield self.first.next_pos, True

    def transaction_start(self, target: Event) -> int:
        """Where ``target``'s transaction starts (its own position if it is in none)."""
        if target.pos == self.first.pos or target.type_code in kinds.GTID:
            return target.pos  # the FORMAT_DESCRIPTION_EVENT; a GTID starts its own
        return next(start for at, known in self.anchors(target.pos)
                    if (start := self._track(self.walk(at), target, known=known))
                    is not None)

    def replay_starts(self, at: int, pos: int, *, known: bool
                      ) -> tuple[int | None, int | None]:
        """The last replay start (see :func:`replay_starts_around`) at or before ``pos``
        and the first after it (None: ``pos`` is one), by a walk from ``at``; the first
        is None when the walk meets none before ``pos``."""
        tracker, before = TransactionTracker(), self.first.pos if known else None
        for ev in self.walk(at):
            was_open = tracker.open
            starts = tracker.step(ev.type_code, ev.kind).starts
            if ev.type_code in kinds.GTID or (known and (starts or not was_open)):
                if ev.pos > pos:
                    return before, ev.pos
                before = ev.pos
                if ev.pos == pos:
                    return pos, None
            known = known or _resets(ev)
        return (pos, None) if pos == self.size else (before, self.size)

    def last_complete(self, at: int, *, known: bool) -> tuple[int, str | None] | None:
        """Where the last transaction that ends in the file ends, and its GTID, by a walk
        from ``at``; None when the walk sees none end with the tracker's state known."""
        tracker, gtid, last = TransactionTracker(), None, None
        try:
            for ev in self.walk(at, WALK_BODIES | kinds.GTID):
                step = tracker.step(ev.type_code, ev.kind)
                if step.starts:
                    gtid = Gtid.of(ev)
                if known and step.ends:
                    last = ev.next_pos, None if gtid is None else gtid.text
                known = known or _resets(ev)
        except BinlogError:
            pass  # a newest file cut inside an event: the transactions before it count
        return last

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


def datetime_bounds(source: Source, start: float | None, stop: float | None
                    ) -> tuple[int | None, int | None]:
    """Where a read of the events stamped in [``start``, ``stop``) may begin and must end,
    by :func:`seek_datetime`: the transaction start of the first event at or after
    ``start`` (the file's size when there is none), and the first event at or after
    ``stop`` (None: no bound). Every event before the first is older than ``start`` and
    a read stops at the second anyway, so a filtered read between them prints what a
    filtered read of the whole file prints. (None, None) when the seek meets damage:
    then the whole file is read, and the damage reported, as without the bounds."""
    low = high = None
    try:
        if start is not None:
            found = seek_datetime(source, start)
            low = found.transaction_pos if found.pos is not None else _size(source)
        if stop is not None:
            high = seek_datetime(source, stop).pos
    except BinlogError:
        return None, None
    return low, high


def statements(source: Source, start: int | None, stop: int | None) -> Iterator[Event]:
    """The QUERY events in [``start``, ``stop``), by a header-only walk: the DDL a schema
    history needs from the events a read that begins at ``stop`` skips."""
    with BinlogStream(source, bodies=kinds.QUERY, skip=_NOT_QUERIES) as stream:
        for ev in stream.events(start, stop):
            if ev.type_code in kinds.QUERY:
                yield ev


def _size(source: Source) -> int:
    with open_source(source) as (_, _, size):
        return size or 0


def transaction_end(source: Source, pos: int) -> int | None:
    """Where the transaction that starts at ``pos`` (an event boundary) ends: the
    position after its last event, as the transaction tracker sees it; None when the
    file ends first."""
    tracker = TransactionTracker()
    with open_source(source, buffering=0) as (raw, name, _):  # one transaction: no 1 MiB
        stream = BinlogStream(CountingReader(raw, name).sequential(), bodies=WALK_BODIES)
        for ev in stream.events(pos):
            step = tracker.step(ev.type_code, ev.kind)
            if step.ends or (ev.pos > pos and step.starts):
                return ev.next_pos if step.ends else ev.pos
    return None


def gtids_between(source: Source, start: int, stop: int | None
                  ) -> tuple[str | None, str | None]:
    """The first GTID at or after ``start`` and the last before ``stop`` (None: the end
    of the file): the first by a walk from ``start``, the last by a walk from the first
    real event of a window before ``stop`` (wider until one is found)."""
    def find(seeker: _Seeker) -> tuple[str | None, str | None]:
        end = seeker.size if stop is None else stop
        first = next(seeker.gtids(max(start, seeker.first.next_pos), end), None)
        if first is None:
            return None, None
        for back in LOOKBACK:
            anchor = seeker.probe(max(first[0].pos, end - back))
            found = [] if anchor is None else list(seeker.gtids(anchor.pos, end))
            if found:
                return first[1].text, found[-1][1].text
        return first[1].text, list(seeker.gtids(first[0].pos, end))[-1][1].text

    return _with_seeker(source, find)


def replay_starts_around(source: Source, pos: int) -> tuple[int | None, int | None]:
    """The positions nearest ``pos`` a replay may start from, the last at or before it
    and the first after it (None: ``pos`` is one, or none is after it). A replay starts
    where the transaction tracker sees no transaction open, or one start: at a GTID
    event, at an event that follows a transaction's end, at the file's first event or
    at its end; anywhere else it would apply part of a transaction, or frame garbage.
    Found by the transaction tracker from the nearest earlier event after which its
    state is known, as :meth:`_Seeker.transaction_start` does."""
    def find(seeker: _Seeker) -> tuple[int | None, int | None]:
        if pos <= seeker.first.pos:
            return (pos, None) if pos == seeker.first.pos else (None, seeker.first.pos)
        return next(found for at, known in seeker.anchors(pos)
                    if (found := seeker.replay_starts(at, pos, known=known))[0] is not None)

    return _with_seeker(source, find)


def last_complete_transaction(source: Source) -> tuple[int, str | None] | None:
    """Where the file's last complete transaction ends and its GTID (None: it has
    none), walking from windows before the end (then from the start); None when no
    transaction ends in the file."""
    def find(seeker: _Seeker) -> tuple[int, str | None] | None:
        return next((found for at, known in seeker.anchors(seeker.size)
                     if (found := seeker.last_complete(at, known=known)) is not None), None)

    return _with_seeker(source, find)
