"""A header-only walk through a binlog: hop from event to event by ``event_length``.

The split planner and the XID look-ahead need the transaction boundaries of a file, not
its rows, so they read each event's common header and seek past the body. Only the
few bodies the boundaries and the schema history depend on are read and decoded with
the spec (statements, MariaDB GTID flags, XIDs, a mid-file FORMAT_DESCRIPTION): memory
stays constant and the cost is a small fraction of a full parse.

The walk ends quietly at damage the full parse would report (an impossible length, a
file cut inside an event, encrypted events): everything after it belongs to no split
but the last, where the full parse raises the error.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from binlog_kaitai.reader import (
    FDE,
    MIN_HEADER_LEN,
    START_ENCRYPTION,
    BinlogFormat,
    Event,
    EventType,
    format_of,
    header_fields,
    parse_event,
    read_first_event,
)
from spark.storage import open_input
from spark.txn import KINDED_TYPES, event_kind

BODY_TYPES = KINDED_TYPES | {EventType.xid_event, FDE}
"""Events whose body the walk reads and decodes."""


@dataclass(frozen=True, slots=True)
class Mark:
    """One event as the walk sees it."""

    pos: int
    next_pos: int
    type_code: int
    kind: str | None
    """:func:`spark.txn.event_kind` of the event."""
    event: Event | None
    """The decoded event, for the types in :data:`BODY_TYPES`."""

    @property
    def xid(self) -> int | None:
        """The XID of an XID_EVENT."""
        if self.type_code != EventType.xid_event or self.event is None or (
                self.event.body is None):
            return None
        return self.event.body.xid.value


class HeaderWalker:
    """Opens a binlog, reads its first event, then walks from any event boundary.

    Raises :class:`~binlog_kaitai.errors.BinlogError` when the file has no valid first
    event (not a binlog, empty, ...).
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.file: BinaryIO = open_input(path)
        try:
            self.size = self.file.seek(0, os.SEEK_END)
            self.file.seek(0)
            first, self.format = read_first_event(self.file, path, self.size)
        except BaseException:
            self.file.close()
            raise
        self.first = first
        """The first event (FORMAT_DESCRIPTION, or START_EVENT_V3 in old binlogs)."""

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> HeaderWalker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def marks(self, start: int) -> Iterator[Mark]:
        """Every event from ``start`` (an event boundary) on."""
        f, size = self.file, self.size
        fmt: BinlogFormat = self.format
        pos = start
        while True:
            f.seek(pos)
            head = f.read(fmt.header_len)
            if len(head) < max(MIN_HEADER_LEN, fmt.header_len):
                return
            type_code, length = header_fields(head)
            if length < len(head) or pos + length > size:
                return
            ev = None
            if type_code in BODY_TYPES:
                ev = parse_event(head + f.read(length - len(head)), fmt, self.path, pos, -1)
                if ev.body is not None and type_code == FDE:
                    fmt = format_of(ev)
            yield Mark(pos, pos + length, type_code,
                       None if ev is None else event_kind(type_code, ev.body), ev)
            if type_code == START_ENCRYPTION:
                return
            pos += length
