"""Is a byte position an event start? As ``mysqlbinlog --start-position`` users give them.

A position given by a person (``--start-position``, ``plan --from FILE:POS``) must be
where an event starts, or reading from it frames garbage. :func:`check_event_start`
accepts it at once when the event there proves itself (its ``log_pos`` is its own end
and its CRC32, where the file has them, matches), and otherwise walks the file's event
headers from the start, so that a wrong position is refused naming the event starts
around it. The end of the file is a valid position too (a stop position, or a start
with nothing left to read).
"""

from __future__ import annotations

from binlog_kaitai.errors import BinlogError
from binlog_kaitai.stream import MAGIC, BinlogStream, Source


class PositionError(BinlogError):
    """A position that is not an event start: ``before``/``after`` are the event starts
    around it (None where there is none)."""

    kind = "position"

    def __init__(self, file: str, offset: int, before: int | None, after: int | None
                 ) -> None:
        around = " and ".join(str(p) for p in (before, after) if p is not None)
        super().__init__(file, offset, f"position {offset} is not the start of an event"
                         + (f" (events start at {around})" if around else ""))
        self.before = before
        self.after = after


def check_event_start(source: Source, pos: int) -> None:
    """Return when ``pos`` is an event start of ``source`` (or its end); else raise
    :class:`PositionError`. Damage met on the way raises its own BinlogError."""
    if pos == len(MAGIC):
        return
    with BinlogStream(source) as stream:
        if _proves_itself(stream, pos):
            return
    with BinlogStream(source, bodies=frozenset()) as stream:
        before = None
        for ev in stream.events():
            if ev.pos == pos:
                return
            if ev.pos > pos:
                raise PositionError(stream.name, pos, before, ev.pos)
            before = ev.pos
            end = ev.pos + ev.length
        if before is not None and pos == end:
            return
        raise PositionError(stream.name, pos, before, None)


def _proves_itself(stream: BinlogStream, pos: int) -> bool:
    """Does the event read at ``pos`` end where its ``log_pos`` says, with a matching
    CRC32 where the file has checksums? (A relay log's log_pos is its source's: such
    files always take the walk.)"""
    if stream.first is None or pos <= stream.first.pos or (
            stream.size is not None and pos >= stream.size):
        return False
    try:
        ev = next(stream.events(start=pos), None)
    except BinlogError:
        return False
    if ev is None or ev.log_pos != pos + ev.length or ev.decode_error is not None:
        return False
    return ev.checksum_ok is not False and (
        ev.checksum_ok is True or stream.format.checksum_len == 0)
