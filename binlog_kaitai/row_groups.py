"""Which rows events can be decoded together: their group key, without decoding them.

The gatherers of rows events for the columnar decoder
(:class:`~binlog_kaitai.ordered_rows.OrderedRows` for ``rows``, the Spark extraction's
:class:`~binlog_kaitai.tables.extract.SplitParser`) ask :func:`columnar_key` of each rows
event (:class:`~binlog_kaitai.columnar.RowBatcher`, which reports what it cannot decode,
:func:`group_key` of its table and shape), and the first two gather them in
:class:`OpenGroups`. Neither needs numpy nor Arrow, so a gatherer decides its groups
before the columnar decoder (:mod:`binlog_kaitai.columnar`) is loaded.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from binlog_kaitai.event import DECODE_ERRORS, Event, EventType
from binlog_kaitai.file_workers import usable_cores
from binlog_kaitai.rows import RowDecoder
from binlog_kaitai.table_info import TableInfo

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

PARTIAL_UPDATE_ROWS = EventType.partial_update_rows_event
VIEWED_BYTES = 2048
"""Row images from which :func:`row_data` gives a view of an event's bytes, not a copy."""


@cache
def keep_freed_memory() -> None:
    """Have glibc keep the memory a batch frees for the next batch: by default it hands
    blocks of more than a few hundred KB back to the system as they are freed, and every
    page of the next batch's arrays is faulted in anew (``rows --json`` on the 160 MB
    bench file: 225,000 page faults, 1.9 s of system time; 45,000 and 0.25 s this way,
    the same peak RSS; ``row_batches()`` on it: 43,000 page faults and 0.45 s, 19,000
    and 0.43 s). Set for the whole process, where the columnar decoder runs. Nothing
    where the C library has no ``mallopt`` (not glibc). Once per process, though each
    split's decoder asks. (ctypes is imported here: the reference decoder's small runs
    never need it.)"""
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt(-3, 64 << 20)  # M_MMAP_THRESHOLD: blocks above 64 MB only are mapped apart
    mallopt(-1, 128 << 20)  # M_TRIM_THRESHOLD: the heap's free top kept up to 128 MB


PARSE_GC_THRESHOLD = (10_000, 10, 10)
"""The garbage collector's thresholds while binlogs are read for tables or batches
(:func:`fewer_collections`; Python's default is (700, 10, 10))."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cyclic garbage collector less often in the block: a parse allocates
    millions of objects, and the spec's parsed bodies are cycles (each object refers to
    its parent and root), freed by the collector alone; its default thresholds made it
    take about a quarter of the OLTP bench set's parse (9 -> 7.5 s with these), and a
    sixth of its ``row_batches()`` (0.54 -> 0.47 s in process: the compiled readers'
    fields are objects too). What it holds waiting is a few thousand small objects
    more. The thresholds are restored after."""
    before = gc.get_threshold()
    gc.set_threshold(*PARSE_GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)


class RowsShape(NamedTuple):
    """What the rows events decoded together share: their type (write, update, delete,
    partial update), column count and columns-present bitmaps (``present_after`` None
    for events with one image per row). (A tuple: part of every rows event's group key,
    hashed by C.)"""

    type_code: int
    column_count: int
    present: bytes
    present_after: bytes | None

    @classmethod
    def of(cls, body: Any, type_code: int) -> RowsShape:
        """The shape of a generated ``RowsEvent`` body."""
        return cls(type_code, body.num_columns.value, bytes(body.columns_present),
                   bytes(body.columns_present_after) if body.has_after_image else None)

    @classmethod
    def of_event(cls, ev: Event) -> RowsShape:
        """The shape of a rows event whose body can be decoded: as the compiled reader
        reads it (:meth:`~binlog_kaitai.event.Event.fixed_fields`), else as the spec
        parses it."""
        fields = ev.fixed_fields()
        if fields is None:
            return cls.of(ev.body, ev.type_code)
        return cls.of_fields(ev.type_code, fields, ev.raw)

    @classmethod
    def of_fields(cls, type_code: int, fields: Any, data: bytes) -> RowsShape:
        """The shape of a rows event of ``type_code`` whose compiled reader's fields are
        ``fields``, their spans offsets in ``data``."""
        at = fields.columns_present_at
        after = None
        if fields.has_columns_present_after:
            after_at = fields.columns_present_after_at
            after = data[after_at:after_at + fields.columns_present_after_size]
        return cls(type_code, fields.num_columns.value,
                   data[at:at + fields.columns_present_size], after)


def row_data(ev: Event) -> bytes | memoryview | None:
    """The row images of a rows event whose body can be decoded (the spec's
    ``row_data``): their span as the compiled reader reads it (large ones a view of the
    event's bytes, not a copy, which the decoding makes anyway; small ones a copy, which
    is quicker to make), else the spec's (inflated for MariaDB's
    compressed events: DECODE_ERRORS when they cannot be, None when their algorithm is
    unknown)."""
    fields = ev.fixed_fields()
    if fields is None:
        return ev.body.row_data
    at, size = fields.rows_at, fields.rows_size
    return ev.raw[at:at + size] if size < VIEWED_BYTES else memoryview(ev.raw)[at:at + size]


def row_data_size(ev: Event) -> int | None:
    """``len(row_data(ev))``, without the copy a small event's takes (None: their
    compression algorithm is unknown)."""
    fields = ev.fixed_fields()
    if fields is not None:
        return fields.rows_size
    data = ev.body.row_data
    return None if data is None else len(data)


def columnar_key(decoder: RowDecoder, ev: Event
                 ) -> tuple[tuple[Any, ...], TableInfo, RowsShape] | None:
    """What a rows event shares with the events it may be decoded with (its group's key),
    its table and shape; None when it must take the reference path (what
    the gatherers of :mod:`~binlog_kaitai.ordered_rows` and :mod:`binlog_kaitai.tables.changes`
    need)."""
    if ev.table_map is None or ev.type_code == PARTIAL_UPDATE_ROWS or ev.rows_fields() is None:
        return None
    try:
        table = decoder.describe(ev.table_map, ev.format.is_mariadb)
        size = row_data_size(ev)
    except DECODE_ERRORS:
        return None
    if table is None or size is None:
        return None
    shape = RowsShape.of_event(ev)
    return group_key(table, shape), table, shape


SIGNATURES_KEPT = 256
"""Rows event signatures a :class:`Signatures` keeps what it worked out of (a few per
table and kind of change; each holds its table map's parsed body, as the decoder's
:data:`~binlog_kaitai.rows.MAPS_KEPT` do)."""

Signature = tuple[Any, int, int, bytes]
"""What the rows events decoded together share, as the stream read them
(:func:`signature`)."""
Worked = TypeVar("Worked")


def signature(tm: Any, type_code: int, fields: Any, data: bytes) -> Signature:
    """The signature of a rows event of ``type_code`` whose compiled reader's fields are
    ``fields`` (spans offsets in ``data``), of table map ``tm``: the map, the type, the
    column count and the column bitmaps (the after image's too). (A tuple, hashed by C.)"""
    return (tm, type_code, fields.num_columns.value,
            data[fields.columns_present_at:fields.rows_at])


class Signatures(Generic[Worked]):
    """What a gatherer of a :class:`~binlog_kaitai.stream.RowsRun`'s rows events works
    out of each (its table and group key: ``work_out(sig, fields, data, is_mariadb)``),
    once per :func:`signature` while the decoder's schema history stays as it is: OLTP
    binlogs switch tables at every transaction, and each event worked out alone took a
    tenth of their parse."""

    __slots__ = ("decoder", "seen", "work_out")

    def __init__(self, decoder: RowDecoder,
                 work_out: Callable[[Signature, Any, bytes, bool], Worked]) -> None:
        self.decoder = decoder
        self.work_out = work_out
        self.seen: dict[Signature, tuple[int, Worked]] = {}

    def of(self, sig: Signature, fields: Any, data: bytes, is_mariadb: bool) -> Worked:
        """What is worked out of a rows event of signature ``sig`` (its ``fields``, their
        spans offsets in ``data``)."""
        schema = self.decoder.schema
        generation = -1 if schema is None else schema.generation
        seen = self.seen.get(sig)
        if seen is None or seen[0] != generation:
            seen = (generation, self.work_out(sig, fields, data, is_mariadb))
            if len(self.seen) >= SIGNATURES_KEPT:
                self.seen.clear()
            self.seen[sig] = seen
        return seen[1]


def run_key(decoder: RowDecoder, sig: Signature, fields: Any, data: bytes, is_mariadb: bool
            ) -> tuple[tuple[Any, ...], TableInfo, RowsShape] | None:
    """:func:`columnar_key` of a run's rows event of signature ``sig`` (its compiled
    reader's ``fields``, spans offsets in ``data``), as the split's parse works it out
    (:class:`Signatures`): None when it must take the reference path."""
    tm, type_code = sig[0], sig[1]
    if type_code == PARTIAL_UPDATE_ROWS:
        return None
    try:
        table = decoder.describe(tm, is_mariadb)
    except DECODE_ERRORS:
        return None
    if table is None:
        return None
    shape = RowsShape.of_fields(type_code, fields, data)
    return group_key(table, shape), table, shape


def group_key(table: TableInfo, shape: RowsShape) -> tuple[Any, ...]:
    """The key of the group of the rows events of ``table`` and ``shape`` (every
    gatherer's: :func:`columnar_key`'s and :class:`~binlog_kaitai.columnar.RowBatcher`'s).
    The table by its id: a group holds its table, so the id is not reused while the group
    waits, and a table map of other content is another group."""
    return id(table), shape


@dataclass(slots=True)
class RowsGroup:
    """Rows events of one table and shape, waiting to be decoded together; they may
    belong to several transactions, between other groups' events (see
    :class:`OpenGroups`)."""

    key: tuple[Any, ...]
    table: TableInfo
    shape: RowsShape
    events: list[Event] = field(default_factory=list)
    owners: list[Any] = field(default_factory=list)
    """The transaction each event belongs to (the gatherer's bookkeeping object, if any)."""
    gtids: list[str | None] = field(default_factory=list)
    """The GTID of each event's transaction, as the reference decoder tells it."""
    seqs: list[int] = field(default_factory=list)
    """Each event's place among all the events gathered (:attr:`OpenGroups.seq`)."""
    size: int = 0
    """Bytes of row data gathered."""


Group = TypeVar("Group", bound=RowsGroup)


class OpenGroups(Generic[Group]):
    """The rows events gathered since the last flush, a group (a ``group_type``) per
    table and shape: the events between them (GTIDs, table maps, XIDs...) leave the
    groups open, so the rows of many small transactions, and of a transaction's
    statements on several tables, are decoded in a few calls; each event's
    :attr:`RowsGroup.seqs` puts their rows back in binlog order."""

    __slots__ = ("group_type", "groups", "last", "seq", "size")

    def __init__(self, group_type: type[Group]) -> None:
        self.group_type = group_type
        self.groups: dict[tuple[Any, ...], Group] = {}
        self.last: dict[int, tuple[Any, Event]] = {}
        """The last event gathered of each transaction (by the owner's id): the owner
        and the event."""
        self.seq = 0
        """Rows events gathered."""
        self.size = 0
        """Bytes of row data gathered."""

    def __bool__(self) -> bool:
        return bool(self.groups)

    def __contains__(self, key: tuple[Any, ...]) -> bool:
        return key in self.groups

    def add(self, ev: Event, found: tuple[tuple[Any, ...], TableInfo, RowsShape],
            owner: Any, gtid: str | None) -> tuple[Group, int]:
        """Gather a rows event (``found``: its :func:`columnar_key`); its group and its
        index there."""
        key, table, shape = found
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = self.group_type(key, table, shape)
        group.events.append(ev)
        group.owners.append(owner)
        group.gtids.append(gtid)
        group.seqs.append(self.seq)
        self.last[id(owner)] = owner, ev
        size = row_data_size(ev)
        assert size is not None  # (a gathered event's row data is known: columnar_key)
        group.size += size
        self.size += size
        self.seq += 1
        return group, len(group.events) - 1

    def take(self) -> tuple[list[Group], list[tuple[Any, Event]]]:
        """The groups, in order of their first event, and the transactions they hold,
        each with its last event there (:attr:`last`); none open after."""
        groups = sorted(self.groups.values(), key=lambda g: g.seqs[0])
        last = list(self.last.values())
        self.groups, self.last, self.seq, self.size = {}, {}, 0, 0
        return groups, last


DECODER_THREAD = "rows-decoder"
"""The name (prefix) of :func:`decoding_worker`'s thread."""


@cache
def decoding_worker() -> ThreadPoolExecutor | None:
    """The thread that decodes (and renders) full groups while the stream reads on (the
    columnar and text kernels let go of the interpreter while they run); None with one
    core, where it would only take turns with the stream. (The executor is imported
    here: with ``logging``, 6 ms of a start that may never need it.)"""
    if usable_cores() < 2:
        return None
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(1, thread_name_prefix=DECODER_THREAD)


if hasattr(os, "register_at_fork"):  # a forked child has no thread: it makes its own
    os.register_at_fork(after_in_child=decoding_worker.cache_clear)
