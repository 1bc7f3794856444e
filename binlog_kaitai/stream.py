"""The one event stream: frames a binlog's events and carries what spans events.

:class:`BinlogStream` is the only place that walks from event to event. It keeps the
state a declarative spec cannot: the format in force (the first event's, replaced by a
mid-file FORMAT_DESCRIPTION_EVENT), the TABLE_MAP_EVENTs by table id (dropped at the
end of each statement, as the server does), and where the file stops being readable
(damage, START_ENCRYPTION). It reads incrementally in constant memory, verifies
checksums and expands TRANSACTION_PAYLOADs; every event's bytes are parsed by the
generated spec (:func:`~binlog_kaitai.event.parse_event`), once per content where a
file repeats itself (:mod:`binlog_kaitai.parsed_bodies`).

Events are framed in batches: a window of the file at a time (up to
:data:`WINDOW_BYTES`) is read and framed in one compiled call
(:func:`~binlog_kaitai.framing.frame_columns`: headers, lengths, checksums as the spec
declares them), and each :class:`Event` is made from those columns when the walk reaches
it, its body parsed only when first asked for (:meth:`Event.framed`). What the batch
cannot frame (an event larger than the window, damage, the end of the file) is read one
event at a time, as before batching, so that damage is reported with the same offset and
message after every event before it.

Header-only mode (``bodies=`` a set of types) gives each event its common header and no
body unless its type is in the set (an event too large for the window is skipped by a
seek): the Spark planner and the XID look-ahead walk a file that way at a fraction of a
full parse's cost.
"""

from __future__ import annotations

import io
import os
from bisect import bisect_left
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from functools import cache
from itertools import islice, repeat
from typing import IO, Any, BinaryIO

from kaitaistruct import KaitaiStream

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import (
    BinlogError,
    ChecksumError,
    CorruptEventError,
    EncryptedError,
    NotABinlogError,
    TruncatedError,
)
from binlog_kaitai.event import (
    CRC_UNCHECKED,
    DECODE_ERRORS,
    FDE,
    MAGIC,
    MIN_HEADER_LEN,
    V4_HEADER_LEN,
    BinlogFormat,
    Event,
    EventType,
    checksum_ok,
    format_of,
    header_fields,
)
from binlog_kaitai.framing import FrameTable, frame_columns, low_bytes
from binlog_kaitai.generated.mysql_binlog import MysqlBinlog
from binlog_kaitai.parsed_bodies import ParsedBodies
from binlog_kaitai.run_loop import COMPILED_BODIES, TableMaps, gather, run_item
from binlog_kaitai.storage import open_input

MYSQL_ENCRYPTED_MAGIC = b"\xfdbin"
"""A file of MySQL 8's ``binlog_encryption``: a 512-byte header (this magic, a version
byte, then the replication key's id, the file password encrypted with it and its IV,
each a type byte and its value), then the binlog, magic included, encrypted with AES."""
START_EVENT_V3 = EventType.start_event_v3
START_ENCRYPTION = EventType.start_encryption_event
TRANSACTION_PAYLOAD = EventType.transaction_payload_event
_STREAMS_OWN = frozenset({FDE, START_ENCRYPTION, TRANSACTION_PAYLOAD,
                          EventType.table_map_event})
"""Types the stream itself reads (the format, encryption, payloads, table maps): never
skipped."""
TABLE_MAP = EventType.table_map_event
_TRACKED = kinds.ROWS | {TABLE_MAP, FDE}
"""The events that change or use the table maps."""
_OPENED = frozenset({TRANSACTION_PAYLOAD, START_ENCRYPTION})
"""The events after which the stream reads on differently (:meth:`BinlogStream._opened`)."""
RUN_TYPES = kinds.ROWS | {TABLE_MAP} | frozenset(COMPILED_BODIES)
"""The types a :class:`RowsRun` holds (:func:`~binlog_kaitai.run_loop.run_item`): rows
events, table maps and the bodies the compiled readers read whole."""
WINDOW_BYTES = 1 << 20
"""The most bytes read and framed at once (beyond what the last window left unframed)."""
FIRST_WINDOW = 4096
"""The first window of a walk; each next one doubles, up to :data:`WINDOW_BYTES`: a walk
of a few events (a seek's, a look-ahead's) reads little more than they take."""
HEADER_ONLY_WINDOW = 16384
"""The largest window of a header-only walk: an event larger is not read but skipped by
a seek, as a walk from header to header did (on the 162 MB bulk file, 30% fewer bytes
fetched from an object store)."""
REBATCH_SKIPS = 8
"""A run of skipped events longer than this is passed by making the window's batch anew
after it (about 1.5 µs), a shorter one by passing its events' tuples (0.15 µs each)."""
SPARSE_WINDOW = 8
"""A header-only window that frames fewer events than this holds large ones (2 KB and
more): the next :data:`ALONE_EVENTS` are read alone, their bodies skipped by a seek,
which is quicker for them than framing them in windows of a few."""
ALONE_EVENTS = 64
_COLUMNS = ("pos", "header_timestamp", "header_type_code", "header_server_id",
            "header_event_length", "header_log_pos", "header_flags")
"""The framed columns an :class:`Event` is made of (:meth:`Event.framed`)."""
_TYPE_COLUMN = _COLUMNS.index("header_type_code")
"""Where the type code is among them."""
_CHECKED_COLUMNS = (*_COLUMNS, "checksum_ok")
"""Those and the CRC verdict the framing computed (``checksums``)."""
SEQUENTIAL_BUFFER = 1 << 20
"""The buffer of a file opened by path for a sequential read of all its events."""
READ_CHUNK = 16 << 20
"""Large events are read in chunks so a lying length field never allocates more than this
beyond the bytes that really exist."""
ENCRYPTED_MESSAGE = (
    "the events after START_ENCRYPTION_EVENT are encrypted (MariaDB encrypt_binlog); "
    "they cannot be read without the server's key"
)

Source = str | os.PathLike[str] | BinaryIO


class BinlogStream:
    """The events of one binlog, in order; see the module docstring.

    ``source`` is a path or an open binary file. Opening reads the magic and the first
    event (which decides the binlog version and layout) and raises a
    :class:`~binlog_kaitai.errors.BinlogError` when the file is no binlog. With ``fmt``,
    the source is instead a byte range of a file whose format is already known (its
    first byte at file offset ``base``), read from its start: no magic, no first event.

    :meth:`events` yields events; damage raises a BinlogError after every complete event
    before it. A CRC mismatch is reported on the event (``checksum_ok`` False) and
    raises only with ``strict_checksums``. With ``checksums`` (and
    ``strict_checksums``), every event's CRC is computed as its window is framed, in the
    compiled pass: for a caller that asks every event's ``checksum_ok``, which then
    costs no call of its own. With ``expand_payloads``, each TRANSACTION_PAYLOAD is
    followed by the events inside it (:func:`payload_events`). Events of the types in
    ``skip`` are framed (walked past, their damage found) but not handed out: for a
    caller that has nothing to do with them, which then costs no object each.
    With ``rows_runs``, the rows events that a window framed are handed out as one
    :class:`RowsRun` with the table maps and compiled bodies between them, the ``skip``
    types walked past (an Event each only where one is asked for), for a gatherer of row
    data that needs their fixed fields, their table maps and GTIDs, and nothing else.
    With ``event_runs``, a run starts at any event it may hold (:data:`RUN_TYPES`), for a
    caller that takes each event's framed header and compiled body from the run (``events
    --json``); a run carries each event's CRC verdict when ``checksums`` asks for it.
    """

    def __init__(self, source: Source, *, strict_checksums: bool = False,
                 expand_payloads: bool = False, bodies: Collection[int] | None = None,
                 fmt: BinlogFormat | None = None, base: int = 0,
                 skip: Collection[int] = (), checksums: bool = False,
                 rows_runs: bool = False, event_runs: bool = False) -> None:
        self.strict_checksums = strict_checksums
        self.checksums = checksums or strict_checksums
        self.expand_payloads = expand_payloads
        self.bodies = None if bodies is None else frozenset(bodies) | {FDE}
        """Header-only mode: the types whose bodies are read (None: all of them)."""
        self.skip = frozenset() if strict_checksums else _skipped_types(skip, self.bodies)
        """The types not handed out (none when every CRC is checked: the check is the
        parse's)."""
        self._runs = (rows_runs or event_runs) and not strict_checksums and (
            kinds.ROWS.isdisjoint(self.skip)) and (
            self.bodies is None or self.bodies.issuperset(kinds.ROWS))
        """Whether events come in runs (:class:`RowsRun`), each from an event of
        ``_run_starts`` on (never when a CRC mismatch is to raise: that is the parse's)."""
        self._run_starts = RUN_TYPES if event_runs else kinds.ROWS
        self.base = base
        self.file, self.name, size, self._owned = _opened(source)
        self._local = bool(getattr(getattr(self.file, "raw", self.file), "is_local", False))
        """A local file opened by path (a caller's file object is not assumed one)."""
        self._skims = self.bodies is not None and not self.bodies.issuperset(kinds.ROWS) and (
            not self._local)
        """Whether the walk skips most bytes (header-only, no rows bodies, not a local file):
        small windows, large bodies skipped by a seek (see docs/performance.md)."""
        try:
            self.size = None if size is None else base + size
            self.first: Event | None = None
            """The first event (FORMAT_DESCRIPTION, or START_EVENT_V3 in old binlogs)."""
            if fmt is None:
                self.first, fmt = self._read_first_event()
        except BaseException:
            self.close()
            raise
        self.first_format: BinlogFormat = fmt
        self.format: BinlogFormat = fmt
        """The format in force at the current position."""
        self._maps = TableMaps()
        """The TABLE_MAP_EVENT bodies of the statement being read."""
        self.parsed = ParsedBodies()
        """Bodies parsed, shared by later events of the same bytes (table maps; rows
        events but for their row images)."""
        self._walked = False
        self._ahead = _Ahead(self.file, self.base, None, WINDOW_BYTES)
        self._batch: Iterator[tuple[int, tuple[int, int, int, int, int, int], int]] = iter(())
        """The events framed and not walked yet (:func:`_batch_of`)."""
        self._pushed: tuple[int, tuple[int, int, int, int, int, int], int] | None = None
        """An event of the batch taken out of it and not walked yet (after a run)."""
        self._framed = 0
        """Events the last window framed (the next frames up to twice as many)."""
        self._window: tuple[list[memoryview], int] = ([], 0)
        """The window's framed columns (:data:`_COLUMNS`, then the CRC verdicts when
        checked, in :attr:`_table`), and where its last event ends."""
        self._table: FrameTable | None = None
        self._marks: bytes | None = None
        """The window's type codes marked kept or skipped (:func:`_kept_marks`)."""
        self._alone = 0
        """Events to read alone before framing a window again (header-only walks)."""

    def close(self) -> None:
        """Close the file when the stream opened it (a path); a file object given stays
        open."""
        if self._owned:
            self.file.close()
        table, self._table = getattr(self, "_table", None), None  # (None: closed in __init__)
        if table is not None:
            self._batch, self._window = iter(()), ([], 0)
            table.give_back()

    @property
    def table_maps(self) -> dict[int, Any]:
        """TABLE_MAP_EVENT bodies by table id, of the statement being read."""
        return self._maps.maps

    def __enter__(self) -> BinlogStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- walking --------------------------------------------------------------------------

    def events(self, start: int | None = None, stop: int | None = None
               ) -> Iterator[Event | RowsRun]:
        """Every event starting in [start, stop): ``start`` must be an event boundary;
        the first event is yielded only when it lies in the range. Walking again from
        another ``start`` (a look-ahead) starts from the first event's format and an
        empty set of table maps. (A :class:`RowsRun` comes only with ``rows_runs``.)"""
        first = self.first
        after_first = pos = self.base if first is None else first.next_pos
        if first is not None and (start is None or start <= first.pos):
            yield first
        if start is not None and start > pos:
            pos = start
        self.format = self.first_format
        self._maps.clear()
        if self._walked or pos != after_first:
            self.file.seek(pos - self.base)  # a pipe is read once, from its start
        self._walked = True
        limit = self.size if stop is None or (self.size is not None and self.size < stop) else (
            stop)
        self._ahead = _Ahead(self.file, pos, limit,
                             HEADER_ONLY_WINDOW if self._skims else WINDOW_BYTES,
                             rereads=self._local and limit is not None)
        self._batch, self._framed, self._alone, self._pushed = iter(()), 0, 0, None
        index = 1 if first is not None else 0
        skip = self.skip
        while stop is None or pos < stop:
            ev = self._next_event(pos, index)
            if ev is None:
                return
            if type(ev) is tuple:  # (the bytes and the count of the events skipped)
                pos += ev[0]
                index += ev[1]
                continue
            if type(ev) is RowsRun:
                yield ev  # (only with rows_runs or event_runs)
                pos += ev.size
                index += ev.count
                continue
            t = ev.type_code
            if t in skip:  # (a type known once a permuted code is mapped)
                pos += ev.length
                index += 1
                continue
            if t in _TRACKED or self._maps.ended:
                self._track(ev)
            yield ev
            pos += ev.length  # not ev.next_pos: a payload's events are renamed to it
            index += 1
            if t in _OPENED:
                yield from self._opened(ev, pos, index)

    def _opened(self, ev: Event, pos: int, index: int) -> Iterator[Event]:
        """What follows a TRANSACTION_PAYLOAD (its events, when expanded) or a
        START_ENCRYPTION (the rest cannot be read: EncryptedError) at ``pos``."""
        if ev.type_code == START_ENCRYPTION:
            if self.size is None or pos < self.size:
                raise EncryptedError(self.name, pos, ENCRYPTED_MESSAGE, index)
        elif self.expand_payloads and ev.body is not None:
            for inner in payload_events(ev, self.parsed):
                if inner.type_code not in self.skip:
                    self._track(inner)
                    yield inner

    def _next_event(self, pos: int, index: int
                    ) -> Event | RowsRun | tuple[int, int] | None:
        """The event at ``pos`` (where the walk is), or None at a clean end: from the
        batch framed, or framed alone when the batch cannot (see the module docstring);
        when its type is skipped, what :meth:`_skipped` walks past."""
        framed = self._pushed
        if framed is not None:
            self._pushed = None
        else:
            framed = next(self._batch, None)
        if framed is None:
            if self._alone:
                self._alone -= 1
                return self._event_at(pos, index)
            if not self._frame():
                return self._event_at(pos, index)
            framed = next(self._batch)
        at, fields, crc = framed
        fmt, ahead = self.format, self._ahead
        type_code, length = fields[1], fields[3]
        ahead.at = at + length
        if type_code in self.skip and not fmt.is_type_code_permuted:
            return self._skipped(at)
        if self._runs and type_code in self._run_starts and not fmt.is_type_code_permuted:
            run = self._rows_run(pos, index, framed)
            if run is not None:
                return run
        if self.bodies is not None and not fmt.is_type_code_permuted and (
                type_code not in self.bodies):  # (a permuted code is not the type yet)
            return Event.framed(self.name, pos, index, fmt, ahead.data[at:at + fmt.header_len],
                                fields, None)
        ev = Event.framed(self.name, pos, index, fmt, ahead.data[at:at + length], fields,
                          self.parsed, crc)
        return self._checked(ev) if self.strict_checksums or type_code == FDE else ev

    def _skipped(self, at: int) -> tuple[int, int]:
        """The bytes and the count of the events walked past from the skipped one at
        ``at`` in the window: it and those of the batch after it that are skipped too,
        at once (each one back through :meth:`events` cost a
        statement walk of small events 1.4 µs an event); the first other one comes next.
        The run is found in C (:meth:`_next_kept`), and a long one is passed by framing
        the batch anew after it, a short one by passing its tuples."""
        columns, end_at = self._window
        starts = columns[0]
        k = bisect_left(starts, at) + 1
        end = self._next_kept(k)
        if end - k > REBATCH_SKIPS:
            self._batch = _batch_of(columns, end, self.checksums)
        elif end > k:
            next(islice(self._batch, end - k - 1, None), None)
        if end < len(starts):
            self._pushed = next(self._batch)
            size = starts[end] - at  # (a window's events are framed back to back)
        else:
            size = end_at - at
        self._ahead.at = at + size
        return size, end - k + 1

    def _next_kept(self, k: int) -> int:
        """The index of the window's first event from the ``k``-th that is not skipped
        (their count when none is): a search of the window's type codes marked kept or
        skipped (once a window, in C; a loop over them took most of a statement walk)."""
        marks = self._marks
        if marks is None:
            marks = self._marks = low_bytes(self._window[0][_TYPE_COLUMN]).translate(
                _kept_marks(self.skip))
        end = marks.find(1, k)
        return len(marks) if end < 0 else end

    def _rows_run(self, pos: int, index: int,
                  framed: tuple[int, tuple[int, int, int, int, int, int], int]
                  ) -> RowsRun | None:
        """The run of the window from ``framed`` (the event at ``pos``: a rows event, or
        with ``event_runs`` any of :data:`RUN_TYPES`) on: the rows events, table maps
        and compiled bodies that follow it (:func:`~binlog_kaitai.run_loop.run_item`),
        the events skipped between them walked past, up to the first event that is none
        of those or that the compiled readers do not read (that one then comes next as
        an Event); each table map tracked as :meth:`_track` does. None when the first is
        not read so."""
        ahead, fmt, parsed, maps = self._ahead, self.format, self.parsed, self._maps
        item = run_item(ahead.data, framed[0], framed[1], fmt, self.bodies, parsed, maps)
        if item[0] is None:
            return None
        run = RowsRun(self.name, fmt, ahead.data, pos - framed[0], parsed)
        ahead.at, self._pushed = gather(run, self._batch, self.skip, framed, item, index,
                                        self.bodies, parsed, maps)
        return run

    def _take_table(self) -> FrameTable:
        """The table this stream frames into from now on (given back by :meth:`close`)."""
        self._table = FrameTable.taken()
        return self._table

    def _frame(self) -> bool:
        """Frame the next window of the file (in the format in force): whether any
        event was framed. A header-only walk frames what is left before reading more:
        the event that did not fit in a window is framed alone, and skipped by a seek.
        Whether a window holds large events is judged on a window read whole, not on
        what is left of one (a few events before its end, in any file)."""
        ahead = self._ahead
        whole = not self._skims or ahead.at == len(ahead.data)
        if whole:
            ahead.fill()
        fmt = self.format
        most = (len(ahead.data) - ahead.at) // max(fmt.header_len, MIN_HEADER_LEN) + 1
        wanted = _CHECKED_COLUMNS if self.checksums else _COLUMNS
        count, after, _, columns = frame_columns(  # (else the CRC is the parse's, when asked for)
            ahead.data, ahead.at, fmt, wanted, min(most, 2 * self._framed + 256),
            self._table or self._take_table(), check=self.checksums)
        self._batch, self._framed = _batch_of(columns, 0, self.checksums), count
        self._window, self._marks = (columns, after), None
        if self._skims and whole and count < SPARSE_WINDOW:
            self._alone = ALONE_EVENTS
        return count > 0

    def _event_at(self, pos: int, index: int) -> Event | None:
        """The event at ``pos`` framed alone, its header then its body read from the
        file through what was read ahead (:class:`_Ahead`); None at a clean end."""
        fmt, f = self.format, self._ahead
        head, type_code, length = _read_head(f, self.name, pos, self.size, fmt, index)
        if not head:
            return None
        if self.bodies is not None and not fmt.is_type_code_permuted and (
                type_code not in self.bodies):  # (a permuted code is not the type yet)
            f.skip_to(pos + length, self.base)
            return Event(self.name, pos, index, fmt, head, None, None, None, None, False)
        buf = head + _read_rest(f, self.name, pos, length, len(head), index)
        return self._checked(self.parsed.event(buf, fmt, self.name, pos, index))

    def _checked(self, ev: Event) -> Event:
        """An event with bodies, its CRC checked when ``strict_checksums`` asks, the
        format changed when it is a FORMAT_DESCRIPTION_EVENT (the events after it in
        the batch are framed again)."""
        if self.strict_checksums and ev.checksum_ok is False:
            raise ChecksumError(self.name, ev.pos, f"CRC32 mismatch in {ev.type_name}", ev.index)
        if ev.type_code == FDE:
            self._batch = iter(())
            if ev.body is not None:
                self.format = format_of(ev)
        return ev

    def _track(self, ev: Event) -> None:
        """Keep the table maps of the statement being read: a rows event finds its own
        in ``table_map``; the statement's last rows event drops them all (once the
        stream's consumers are done with it), and so does a new format."""
        maps = self._maps
        maps.step()
        t = ev.type_code
        if t not in _TRACKED:  # (a body no one asks for stays unparsed)
            return
        if t in kinds.ROWS:
            body = ev.rows_fields()  # (as the compiled reader reads them: no parse)
            if body is not None:
                ev.table_map = maps.of(body)
            return
        body = ev.body
        if body is None:
            return
        if t == TABLE_MAP:
            maps.track(body)
        elif t == FDE:
            maps.clear()

    def _read_first_event(self) -> tuple[Event, BinlogFormat]:
        """Check the magic and read the first event, which decides the binlog version."""
        f, name = self.file, self.name
        magic = _read_exact(f, 4)
        if magic == MYSQL_ENCRYPTED_MAGIC:
            raise EncryptedError(name, 0, mysql_encrypted_message(_read_exact(f, 508)), 0)
        if magic != MAGIC:
            what = "file is empty" if not magic else f"bad magic {magic.hex(' ')}"
            raise NotABinlogError(name, 0, f"not a binlog: {what} (expected fe 62 69 6e)", 0)
        v4_header = BinlogFormat(4, V4_HEADER_LEN, 0, b"", "")
        head, type_code, length = _read_head(f, name, 4, self.size, v4_header, 0)
        if not head:
            raise TruncatedError(name, 4, "file has no events after the magic", 0)
        buf = head + _read_rest(f, name, 4, length, len(head), 0)
        if type_code not in (FDE, START_EVENT_V3):
            raise NotABinlogError(
                name, 4, f"first event has type {type_code}, expected FORMAT_DESCRIPTION_EVENT "
                "(15) or START_EVENT_V3 (1)", 0)
        # The spec decides the binlog version from the first event: parse the file's prefix.
        try:
            root = MysqlBinlog(KaitaiStream(io.BytesIO(MAGIC + buf)))
        except DECODE_ERRORS as exc:
            raise CorruptEventError(name, 4, f"cannot decode the first event: {exc}",
                                    0) from None
        fmt = BinlogFormat(
            root.binlog_version, root.header_len, root.checksum_len,
            bytes(root.post_header_lengths), root.first_event.body.server_version,
            root.is_type_code_permuted,
        )
        first = root.first_event
        return Event(name, 4, 0, fmt, buf, first.header, first.body,
                     checksum_ok(first, buf)), fmt


class RowsRun:
    """Rows events of a window and what lies between them (``BinlogStream(rows_runs=True)``;
    with ``event_runs``, any events of :data:`RUN_TYPES` that follow each other),
    handed out as one item: item ``k`` is the event ``data[ats[k]:ats[k] + heads[k][3]]``,
    at binlog position ``base + ats[k]``, the walk's event ``indexes[k]``; ``heads[k]``
    are its framed header fields (as :meth:`Event.framed` takes them). ``fields[k]`` is
    a rows event's body's fields as :meth:`Event.fixed_fields` reads them (their spans
    offsets in ``data``), and ``table_maps[k]`` the TABLE_MAP_EVENT body in force for it
    (None: none); a TABLE_MAP_EVENT's ``fields[k]`` is its body (already in force for the
    rows events after it), another type's its :meth:`Event.fixed_fields`. The events of
    the stream's ``skip`` types between them are walked past: ``size`` is the bytes the
    run spans, ``count`` the events; ``crcs[k]`` is an item's CRC verdict as the framing
    gave it (1, 0, -1: no footer; :data:`~binlog_kaitai.event.CRC_UNCHECKED` when the
    stream did not check it). :meth:`event` makes an item an :class:`Event`."""

    __slots__ = ("ats", "base", "count", "crcs", "data", "fields", "file", "format", "heads",
                 "indexes", "parsed", "size", "table_maps")

    def __init__(self, file: str, fmt: BinlogFormat, data: bytes, base: int,
                 parsed: ParsedBodies) -> None:
        self.file, self.format, self.data, self.base = file, fmt, data, base
        self.parsed, self.size, self.count = parsed, 0, 0
        self.ats: list[int] = []
        self.heads: list[tuple[int, int, int, int, int, int]] = []
        self.fields: list[Any] = []
        self.table_maps: list[Any] = []
        self.indexes: list[int] = []
        self.crcs: list[int] = []

    def event(self, k: int) -> Event:
        """Item ``k`` of the run, as the walk would have handed it out."""
        at, head = self.ats[k], self.heads[k]
        ev = Event.framed(self.file, self.base + at, self.indexes[k], self.format,
                          self.data[at:at + head[3]], head, self.parsed, self.crcs[k])
        ev.table_map = self.table_maps[k]
        return ev

    def events(self) -> Iterator[Event]:
        return map(self.event, range(len(self.fields)))


class _Ahead:
    """The file read ahead of a walk: ``data[at:]`` is what the walk has not reached
    yet, the file's bytes from ``pos`` on (positions in the binlog, the file's
    ``base`` before its first byte), read up to ``limit`` (the file's size, or the
    walk's stop) a window of up to ``most`` bytes at a time (:meth:`fill`), or by the
    one-event path
    (:meth:`read`, :meth:`skip_to`), past it as before batching."""

    __slots__ = ("at", "data", "f", "limit", "most", "pos", "rereads", "want")

    def __init__(self, f: IO[bytes], pos: int, limit: int | None, most: int,
                 rereads: bool = False) -> None:
        self.f, self.pos, self.limit, self.most = f, pos, limit, most
        self.rereads = rereads
        """What is left of a window is read again with the next (a local file, read up to
        ``limit``), not copied in front of it."""
        self.data, self.at = b"", 0
        self.want = min(FIRST_WINDOW, most)

    def fill(self) -> None:
        """Read the next window after what is left (none when what is left is a
        window already: an event the batch did not frame, which is read alone)."""
        left = len(self.data) - self.at
        if left >= self.want:
            return
        end = self.pos + len(self.data)
        n = self.want if self.limit is None else min(self.want, self.limit - end)
        self.want = min(2 * self.want, self.most)
        if n <= 0:
            more = b""
        elif self.limit is None:  # a pipe (a live server's binlog): what has arrived, else
            more = getattr(self.f, "read1", self.f.read)(n)  # a window waits for the next
        elif self.rereads:  # (what is left read again with the window, not copied in
            if left:  # front of it, a copy that holds the interpreter's lock: the
                self.f.seek(-left, io.SEEK_CUR)  # kernel's read lets go of it)
            self.pos += self.at
            self.data, self.at = _read_exact(self.f, left + n), 0
            return
        else:
            more = _read_exact(self.f, n)
        self.pos += self.at
        self.data, self.at = self.data[self.at:] + more, 0

    def read(self, n: int) -> bytes:
        """Up to ``n`` bytes: what is left, then the file's."""
        have = self.data[self.at:self.at + n]
        self.at += len(have)
        if len(have) == n:
            return have
        self.pos += len(self.data)
        self.data, self.at = b"", 0
        more = self.f.read(n - len(have))
        self.pos += len(more)
        return have + more if have else more

    def skip_to(self, pos: int, base: int) -> None:
        """Go to ``pos``: in what is left, or by a seek of the file."""
        if pos <= self.pos + len(self.data):
            self.at = pos - self.pos
            return
        self.f.seek(pos - base)
        self.data, self.at, self.pos = b"", 0, pos


@cache
def _kept_marks(skip: frozenset[int]) -> bytes:
    """A byte translation of type codes: 1 for a type walked to, 0 for one skipped."""
    return bytes(int(code not in skip) for code in range(256))


def _batch_of(columns: list[memoryview], start: int, checked: bool
              ) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """The window's events from the ``start``-th on, as the walk takes them: (position
    in the window, header fields, CRC verdict), each tuple made when reached (all at
    once took 7% of a walk)."""
    cols = [column[start:] for column in columns]
    fields = zip(*cols[1:len(_COLUMNS)], strict=True)
    crcs = cols[-1] if checked else repeat(CRC_UNCHECKED, len(columns[0]) - start)
    return zip(cols[0], fields, crcs, strict=True)


def _skipped_types(skip: Collection[int], bodies: frozenset[int] | None) -> frozenset[int]:
    """The types of ``skip`` a stream that reads ``bodies`` walks past: never those it
    reads itself, table maps among them while it hands out rows events with their
    bodies (which need them)."""
    skip = frozenset(skip)
    hands_rows = not skip.issuperset(kinds.ROWS) and (
        bodies is None or not bodies.isdisjoint(kinds.ROWS))
    return skip - (_STREAMS_OWN if hands_rows else _STREAMS_OWN - {TABLE_MAP})


def mysql_encrypted_message(header: bytes) -> str:
    """What a MySQL encrypted binlog is, from its header after the magic: the version
    byte, then the key id as type 1, its length and its text (``MySQLReplicationKey_
    <server uuid>_<number>``)."""
    key = ""
    if len(header) > 2 and header[1] == 1:
        key = header[3:3 + header[2]].decode("ascii", "replace")
    return ("encrypted by MySQL binlog_encryption"
            + (f" (header version {header[0]}, key {key})" if header and key else "")
            + "; it cannot be read without the server's keyring")


def payload_events(payload: Event, parsed: ParsedBodies | None = None) -> Iterator[Event]:
    """The events inside a TRANSACTION_PAYLOAD_EVENT, framed one at a time.

    The spec inflates the payload (``inner_events``, with the size checks of
    :class:`~binlog_kaitai.processes.ZstdProcess`); each inner event is then parsed
    like an outer one, without a checksum, so a body the spec cannot decode gets
    ``decode_error`` as outer events do. Failing to inflate, or an inner event that
    does not fit in the payload, raises a BinlogError at the payload's offset.
    ``parsed``: the outer stream's parsed bodies, shared by the payloads' events too
    (each MySQL compressed transaction carries its table maps).
    """
    data = _inflated(payload)
    inner_fmt = payload.format._replace(checksum_len=0)
    name, pos, index = payload.file, payload.pos, payload.index
    inner = BinlogStream(io.BytesIO(data), fmt=inner_fmt)
    if parsed is not None:
        inner.parsed = parsed
    try:
        for ev in inner.events():
            ev.file, ev.pos, ev.index, ev.inner_pos = name, pos, index, ev.pos
            yield ev
    except BinlogError as exc:
        at = exc.offset
        what = exc.message
        if len(data) - at < MIN_HEADER_LEN:
            what = "header cut short"
        elif isinstance(exc, TruncatedError | CorruptEventError):
            what = f"length {header_fields(data, at)[1]} does not fit in the payload"
        raise CorruptEventError(name, pos, f"inner event at payload offset {at} (of "
                                f"{len(data)} inflated bytes): {what}", index) from None


def read_events(
    source: Source,
    *,
    start: int | None = None,
    stop: int | None = None,
    strict_checksums: bool = False,
    expand_payloads: bool = False,
    skip: Collection[int] = (),
    checksums: bool = False,
    rows_runs: bool = False,
    event_runs: bool = False,
) -> Iterator[Event | RowsRun]:
    """Every event of a binlog, in order, in constant memory: :meth:`BinlogStream.events`
    of a stream opened on ``source`` (see :class:`BinlogStream` for the options; a
    :class:`RowsRun` comes only with ``rows_runs``)."""
    with BinlogStream(source, strict_checksums=strict_checksums,
                      expand_payloads=expand_payloads, skip=skip,
                      checksums=checksums, rows_runs=rows_runs,
                      event_runs=event_runs) as stream:
        yield from stream.events(start, stop)


@contextmanager
def open_source(source: Source, *, buffering: int = SEQUENTIAL_BUFFER
                ) -> Iterator[tuple[IO[bytes], str, int | None]]:
    """Yield (stream, display name, size or None) for a path, a URI or an open binary
    file; a file it opened is closed after. A path or URI is opened by
    :func:`~binlog_kaitai.storage.open_input`, read up to its size at open, with a
    ``buffering``-byte buffer: 0 for reads of ranges chosen by the caller (a summary's
    tail, a seek's probes), which a buffer would each turn into a read of that many
    bytes (a ranged request of that many on an object store)."""
    f, name, size, owned = _opened(source, buffering)
    try:
        yield f, name, size
    finally:
        if owned:
            f.close()


def _opened(source: Source, buffering: int = SEQUENTIAL_BUFFER
            ) -> tuple[IO[bytes], str, int | None, bool]:
    """(stream, display name, size or None, whether it was opened here) for a path or a
    URI (with a ``buffering``-byte buffer) or an open binary file."""
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        f = open_input(name, buffering)
        return f, name, getattr(f, "raw", f).size, True
    name = str(getattr(source, "name", "<stream>"))
    size: int | None = None
    if source.seekable():
        here = source.tell()
        size = source.seek(0, io.SEEK_END)
        source.seek(here)
    return source, name, size, False


def _read_exact(f: IO[bytes], n: int) -> bytes:
    """Read up to n bytes, in bounded chunks; fewer only at end of file (a raw file
    given open may return fewer than asked before its end: it is read on)."""
    first = f.read(min(n, READ_CHUNK))
    if len(first) == n or not first:
        return first
    parts = [first]
    n -= len(first)
    while n > 0:
        part = f.read(min(n, READ_CHUNK))
        if not part:
            break
        parts.append(part)
        n -= len(part)
    return b"".join(parts)


def _read_head(f: IO[bytes], name: str, pos: int, size: int | None, fmt: BinlogFormat,
               index: int) -> tuple[bytes, int, int]:
    """The header of the event at ``pos`` (the file is there), its type code as written
    and the event's length, checked against the header, the ``checksum_len``-byte CRC32
    footer (which a FORMAT_DESCRIPTION_EVENT carries on its own terms) and the file's
    size; empty bytes at a clean end of the file."""
    head = _read_exact(f, fmt.header_len)
    if not head:
        return head, 0, 0
    if len(head) < MIN_HEADER_LEN:
        raise TruncatedError(
            name, pos,
            f"file ends inside an event header ({len(head)} of {fmt.header_len} bytes)", index)
    type_code, length = header_fields(head)
    header_len = fmt.header_len  # a FORMAT_DESCRIPTION_EVENT's own 19, or more: it is read
    footer_len = 0 if type_code == FDE else fmt.checksum_len
    if length < header_len + footer_len:
        footer = f" and {footer_len}-byte checksum" if footer_len else ""
        raise CorruptEventError(
            name, pos, f"event length {length} is shorter than the {header_len}-byte header"
            f"{footer}", index)
    if size is not None and pos + length > size:
        raise TruncatedError(
            name, pos, f"event of {length} bytes runs past the end of the file "
            f"({size - pos} bytes remain)", index)
    return head, type_code, length


def _read_rest(f: IO[bytes], name: str, pos: int, length: int, have: int,
               index: int) -> bytes:
    rest = _read_exact(f, length - have)
    if len(rest) < length - have:
        raise TruncatedError(
            name, pos, f"file ends inside a {length}-byte event ({have + len(rest)} read)",
            index)
    return rest


def _inflated(payload: Event) -> bytes:
    """The inflated bytes of a decoded TRANSACTION_PAYLOAD_EVENT."""
    body = payload.body
    try:
        inner = body.inner_events
    except DECODE_ERRORS as exc:
        raise CorruptEventError(payload.file, payload.pos, "cannot inflate "
                                f"TRANSACTION_PAYLOAD_EVENT: {exc}", payload.index) from None
    if inner is None:
        raise CorruptEventError(
            payload.file, payload.pos, "TRANSACTION_PAYLOAD_EVENT with unknown compression "
            f"type {int(body.compression_type)}", payload.index)
    inner._io.seek(0)
    return bytes(inner._io.read_bytes_full())
