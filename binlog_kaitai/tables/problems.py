"""What a split's parse makes of the problems it meets: ``errors`` rows, or FAILFAST.

PERMISSIVE (the default): each problem (an undecodable body, a CRC mismatch, rows that
cannot be decoded, a damaged or unreadable file) is an ``errors`` row, and the parse
goes on where it can. FAILFAST: the first problem raises :class:`FailFast`, which ends
the split's parse (:class:`binlog_kaitai.tables.extract.SplitParser` turns it into a
``failfast`` record). :class:`Problems` also keeps whether the file was found damaged,
for the split's ``split_stats``.
"""

from __future__ import annotations

from collections.abc import Iterator

from binlog_kaitai.errors import BinlogError, decode_error_text
from binlog_kaitai.event import Event, event_type_name
from binlog_kaitai.storage import open_input, stat
from binlog_kaitai.tables.records import Record, utc_date
from binlog_kaitai.tables.schemas import ErrorsRecord
from binlog_kaitai.tables.splits import FileInfo


class FailFast(Exception):
    """FAILFAST's first problem, ``FILE: offset N: what``: ends a split's parse (which
    turns it into a ``failfast`` record), and fails a data source read."""

    def __init__(self, file: str, offset: int, message: str) -> None:
        super().__init__(file, offset, message)
        self.file, self.offset, self.message = file, offset, message

    def __str__(self) -> str:
        return f"{self.file}: offset {self.offset}: {self.message}"


class Problems:
    """The problems of the parse of file ``path``: each an ``errors`` row, or with
    ``failfast`` the first one a :class:`FailFast`."""

    __slots__ = ("damaged", "failfast", "last_ts", "path")

    def __init__(self, path: str, failfast: bool) -> None:
        self.path = path
        self.failfast = failfast
        self.last_ts: int | None = None
        """Time of the last event read: the date of a problem found between events."""
        self.damaged = False
        """The file has an event that cannot be decoded or fails its checksum."""

    def error(self, offset: int, event_type: str | None, message: str,
              ts: int | None = None) -> Record:
        """The ``errors`` row of a problem at ``offset`` (FAILFAST: raise it)."""
        if self.failfast:
            raise FailFast(self.path, offset, message)
        ts = self.last_ts if ts is None else ts
        return "errors", ErrorsRecord(file=self.path, offset=offset, event_type=event_type,
                                      message=message, event_date=utc_date(ts))

    def undecodable(self, ev: Event, exc: Exception) -> Record:
        """A field of ``ev`` makes no sense (one of ``DECODE_ERRORS`` was raised)."""
        self.damaged = True
        return self.error(ev.pos, ev.type_name,
                          f"cannot decode {ev.type_name}: {decode_error_text(exc)}",
                          ev.timestamp)

    def of_event(self, ev: Event) -> list[Record]:
        """The problems the reading of ``ev`` found: a body that cannot be decoded (but
        for a rows event's changes the row decoder cannot read, which it reported), a
        CRC32 mismatch. (A list, not a generator: it is asked of every event, and is
        almost always empty.)"""
        found = []
        if ev.decode_error is not None:
            self.damaged = True
            if ev.unreadable_changes is None or ev.is_rows:
                found.append(self.error(ev.pos, ev.type_name,
                                        f"cannot decode {ev.type_name} body: {ev.decode_error}",
                                        ev.timestamp))
        if ev.checksum_ok is False:
            found.append(self.crc_mismatch(ev.pos, ev.type_code, ev.timestamp))
        return found

    def crc_mismatch(self, offset: int, type_code: int, ts: int) -> Record:
        """An event whose CRC32 footer does not match its bytes."""
        self.damaged = True
        return self.error(offset, event_type_name(type_code), "CRC32 mismatch", ts)

    def changed_since_listing(self, info: FileInfo) -> Iterator[Record]:
        """A problem when the file is no longer as the planner listed it (``info``)."""
        try:
            size, mtime = stat(self.path)
        except OSError:
            return  # the parse reports that the file cannot be opened
        if (size, mtime) != (info.size, info.mtime):
            yield self.error(0, None, f"file changed after it was listed (size {info.size} -> "
                             f"{size}); read as it is now")

    def event_type_at(self, offset: int, kind: str) -> str | None:
        """The type of the event whose header is at ``offset``, when that header is
        readable: not for a file that is no binlog or events that are encrypted."""
        if kind not in ("corrupt", "truncated") or offset < 4:
            return None
        try:
            with open_input(self.path) as f:
                f.seek(offset + 4)
                code = f.read(1)
        except (BinlogError, OSError):
            return None
        return event_type_name(code[0]) if code else None
