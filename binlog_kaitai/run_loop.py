"""The walk over the events of a :class:`~binlog_kaitai.stream.RowsRun`, compiled.

A run is the stretch of a window's events that a gatherer of rows (or ``events
--json``) takes by their fields alone: rows events, their table maps, and the bodies
that the compiled readers of ``generated_fast/`` read whole (:data:`COMPILED_BODIES`).
Walking it is the per-event cost of every OLTP binlog (about five events a row
change). This module is compiled by Cython in its pure-Python mode, as the kernels are
(``setup.py``); uncompiled (the ``--py-files`` zip on a cluster), the same code runs
as Python. Compiled, the loop, the readers' calls and the table maps' upkeep take
about 6% off a whole read (``row_batches()`` of the OLTP set in one process, best of 7:
0.445-0.457 s as Python, 0.42-0.43 s compiled).

Nothing here reads the binlog's layout: the readers are those ``tools/ksy_fast.py``
generates from ``ksy/``, and a run's events were framed by the compiled framing.
"""

from __future__ import annotations

from typing import Any

import cython

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.generated.mysql_event_type import MysqlEventType
from binlog_kaitai.generated_fast import mariadb_gtid_event as fast_mariadb_gtid
from binlog_kaitai.generated_fast import mysql_binlog as fast
from binlog_kaitai.generated_fast import rows_event as fast_rows

EventType = MysqlEventType.EventType
TABLE_MAP = EventType.table_map_event
COMPILED_BODIES: dict[int, tuple[Any, Any]] = {
    EventType.gtid_event: (fast_mariadb_gtid.MariadbGtidEvent,
                           fast_mariadb_gtid.read_mariadb_gtid_event),
    EventType.xid_event: (fast.XidEvent, fast.read_xid_event),
    EventType.annotate_rows_event: (fast.AnnotateRowsEvent, fast.read_annotate_rows_event),
}
"""The body types whose whole body ``tools/ksy_fast.py`` compiles from the spec (MariaDB's
GTID, XID, ANNOTATE_ROWS: most of an OLTP binlog's events besides table maps and rows
events): (the class of their fields, its reader), for
:meth:`~binlog_kaitai.event.Event.fixed_fields`. (MySQL's GTID is compiled to its logical
clock only: its body is the spec's.)"""
COMPILED: bool = cython.compiled
"""Whether this is the C extension (False: this file, run as plain Python)."""
_SKIPPED: Any = object()
"""An event a run walks past (of the stream's ``skip`` types)."""
_IS_ROWS = bytes(int(code in kinds.ROWS) for code in range(256))
"""1 at each rows event's type code (a type code is one byte)."""


class TableMaps:
    """The TABLE_MAP_EVENT bodies in force, by table id: those of the statement being
    read. The statement's last rows event (its flags say so) drops them all once the
    stream's consumers are done with it: at the next event."""

    __slots__ = ("ended", "maps")

    def __init__(self) -> None:
        self.maps: dict[int, Any] = {}
        self.ended = False
        """Whether the statement ended with the last rows event."""

    def clear(self) -> None:
        """None in force (a new walk, a new format)."""
        self.maps.clear()
        self.ended = False

    def step(self) -> None:
        """An event read: the maps of a statement that ended are dropped."""
        if self.ended:
            self.clear()

    def track(self, body: Any) -> None:
        """A TABLE_MAP_EVENT's body, in force for the rows events after it."""
        self.step()
        self.maps[body.table_id.value] = body

    def of(self, fields: Any) -> Any:
        """The table map in force for a rows event of these ``fields`` (None: none);
        the statement ends after it when its flags say so."""
        self.step()
        self.ended = fields.is_end_of_statement
        return self.maps.get(fields.table_id.value)


@cython.ccall
def read_rows_fields(data: bytes, at: cython.Py_ssize_t, length: cython.Py_ssize_t,
                     fmt: Any, type_code: cython.int) -> Any:
    """The compiled reader's fields of the body of the rows event at ``data[at:at +
    length]`` (its spans offsets in ``data``), with the params the spec's ``event``
    gives it (its ``post_header_len`` and type code); None when the reader refuses it or
    its rows are compressed (the spec's parse then says why, or inflates them)."""
    fields = fast_rows.RowsEvent()
    read = fast_rows.read_rows_event(data, at + fmt.header_len, at + length - fmt.checksum_len,
                                     fmt.post_header_len(type_code), type_code, fields)
    return fields if read >= 0 and not fields.is_compressed else None


@cython.ccall
def read_compiled_body(data: bytes, at: cython.Py_ssize_t, length: cython.Py_ssize_t,
                       fmt: Any, type_code: cython.int) -> Any:
    """The compiled reader's fields of the :data:`COMPILED_BODIES` body of the event at
    ``data[at:at + length]`` (its spans offsets in ``data``); None for another type, or
    when the reader refuses it (the spec's parse then says why)."""
    entry = COMPILED_BODIES.get(type_code)
    if entry is None:
        return None
    make, read_body = entry
    fields = make()
    end = at + length - fmt.checksum_len
    return fields if read_body(data, at + fmt.header_len, end, fields) >= 0 else None


@cython.ccall
def run_item(data: bytes, at: cython.Py_ssize_t, head: tuple, fmt: Any, bodies: Any,
             parsed: Any, maps: TableMaps) -> tuple:
    """What a run holds of the event at ``data[at:]`` (framed ``head``): a rows event's
    compiled fields and its table map, a TABLE_MAP_EVENT's body (tracked in ``maps``),
    a :data:`COMPILED_BODIES` type's fields; (None, None) for any other event (or one
    whose body ``bodies`` does not ask for), or one that these readers refuse."""
    t: cython.int = head[1]  # (one byte, as the framing read it)
    length: cython.Py_ssize_t = head[3]
    if _IS_ROWS[t]:
        fields = read_rows_fields(data, at, length, fmt, t)
        return (None, None) if fields is None else (fields, maps.of(fields))
    if bodies is not None and t not in bodies:
        return None, None
    if t == TABLE_MAP:
        body = parsed.table_map(data, at, length, fmt)
        if body is not None:
            maps.track(body)
        return body, None
    return read_compiled_body(data, at, length, fmt, t), None


def gather(run: Any, batch: Any, skip: Any, framed: tuple, item: tuple, index: cython.Py_ssize_t,
           bodies: Any, parsed: Any, maps: TableMaps) -> tuple[int, Any]:
    """Fill ``run`` (the run's first event ``framed``, what it holds ``item``, its index
    in the walk ``index``) with the events of the window's ``batch`` after it, up to
    the first that is none of a run's (that one is handed back, for the walk to take
    next: None at the window's end); the events of the ``skip`` types are walked past.
    Where the walk goes on in the window (what follows the run's last event or the
    event handed back), and that event."""
    data: bytes = run.data
    fmt = run.format
    ats: list = run.ats
    heads: list = run.heads
    items: list = run.fields
    maps_of: list = run.table_maps
    indexes: list = run.indexes
    crcs: list = run.crcs
    at: cython.Py_ssize_t
    head: tuple
    at, head, crc = framed
    first: cython.Py_ssize_t = at
    fields, table_map = item
    pushed = None
    while True:
        if fields is not _SKIPPED:
            ats.append(at)
            heads.append(head)
            items.append(fields)
            maps_of.append(table_map)
            indexes.append(index)
            crcs.append(crc)
        index += 1
        following = next(batch, None)
        if following is None:
            at += head[3]
            break
        at, head, crc = following  # (a window's events are framed back to back)
        if head[1] in skip:
            fields = _SKIPPED
            continue
        fields, table_map = run_item(data, at, head, fmt, bodies, parsed, maps)
        if fields is None:
            pushed = following
            break
    run.size, run.count = at - first, index - indexes[0]
    return at, pushed
