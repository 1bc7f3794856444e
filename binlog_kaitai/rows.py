"""Row changes: every inserted, updated and deleted row of a binlog, with its values.

:class:`RowDecoder` keeps what the row decoding carries from event to event: the GTID of
the current transaction, the schema history that gives column names when the binlog has
none, and the description of each table map (the table maps themselves are the stream's,
:class:`~binlog_kaitai.stream.BinlogStream`). It parses each rows event's images with the
``row_image`` spec in the layout of its table (:mod:`binlog_kaitai.table_info`) and turns
them into :class:`RowChange` objects of column name -> value
(:mod:`binlog_kaitai.values`); :mod:`binlog_kaitai.row_text` prints them.
"""

from __future__ import annotations

import math
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any, BinaryIO, cast

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.buffer_stream import BufferStream
from binlog_kaitai.errors import BinlogError, RowsError, decode_error_text
from binlog_kaitai.event import CHANGE_CARRIERS, DECODE_ERRORS, Event, EventType
from binlog_kaitai.filters import Filters, RowsGate, TableFilter, statement_change
from binlog_kaitai.generated.row_image import RowImage
from binlog_kaitai.gtid import MARIADB_GTID, event_gtid, gtid_text
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import read_events
from binlog_kaitai.table_info import DETACHED_ROOT, TableInfo, describe_table
from binlog_kaitai.times import to_epoch

PARTIAL_UPDATE_ROWS = EventType.partial_update_rows_event
FDE = EventType.format_description_event
MAPS_KEPT = 256
"""Table map objects whose descriptions :meth:`RowDecoder.describe` keeps by identity."""
_STATE_TYPES = kinds.GTID | kinds.QUERY | {FDE}
"""The events besides rows events whose bodies the decoder reads: the transaction's GTID,
the schema's DDL, a new format."""
IDLE_TYPES = kinds.KNOWN - kinds.ROWS - CHANGE_CARRIERS - (
    _STATE_TYPES)
"""Types the decoder does nothing with (XID, ANNOTATE_ROWS, INTVAR...): no changes, no
state, nothing whose loss loses changes (an unknown type may, and is not one of them)."""
DECODER_BODIES = kinds.ROWS | kinds.GTID | kinds.QUERY | {
    EventType.table_map_event, EventType.transaction_payload_event}
"""The events whose bodies :class:`RowDecoder` reads (rows events, their GTIDs, the
statements of the schema history), the table maps the stream gives rows events and the
compressed transactions it expands: a stream read for the decoder alone frames the others
header-only (``BinlogStream(bodies=DECODER_BODIES)``)."""


@dataclass(slots=True)
class RowChange:
    """One changed row. ``pos`` is the rows event's offset (for an event inside a
    TRANSACTION_PAYLOAD, the payload's, with the offset inside the inflated payload in
    ``inner_pos``); ``row`` the row's index within its event."""

    file: str
    pos: int
    inner_pos: int | None
    row: int
    timestamp: int
    server_id: int
    gtid: str | None
    schema: str
    table: str
    op: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    pk: list[str] | None = None

    def to_json_dict(self) -> dict[str, Any]:
        """The ``rows --json`` object (every field but ``pk``)."""
        return {
            "file": self.file, "pos": self.pos, "inner_pos": self.inner_pos, "row": self.row,
            "timestamp": self.timestamp, "server_id": self.server_id, "gtid": self.gtid,
            "schema": self.schema, "table": self.table, "op": self.op,
            "before": self.before, "after": self.after,
        }


class RowDecoder:
    """Decodes the rows events of a :class:`~binlog_kaitai.stream.BinlogStream`, fed
    one event at a time, in order: each rows event carries its table map
    (``Event.table_map``), which is described once per content.

    ``tables`` restricts the output to these tables: ``db.table``, ``table`` or globs
    (:class:`~binlog_kaitai.filters.TablePattern`), or a
    :class:`~binlog_kaitai.filters.TableFilter` (``--database`` too); other tables' rows
    are not decoded at all. ``schema`` is the schema history used for column names when
    the table maps carry none; QUERY events are passed to it.
    """

    def __init__(self, *, schema: SchemaHistory | None = None,
                 tables: Iterable[str] | TableFilter | None = None) -> None:
        self.schema = schema
        self.filter = tables if isinstance(tables, TableFilter) else TableFilter(tables or ())
        self.tables = frozenset(p.text for p in self.filter.patterns) or None
        """The ``--table`` patterns as given (None without)."""
        self.gtid: str | None = None
        self._described: dict[tuple[Any, ...], TableInfo] = {}
        self._by_map: dict[int, tuple[Any, tuple[Any, int, bool], TableInfo | None]] = {}
        """The last table map objects described, by id: (the map, the schema history,
        its generation and the flavour it was described with, its description)."""

    def feed(self, ev: Event) -> list[RowChange]:
        """The row changes of one event (empty for every event but rows events).

        Raises :class:`RowsError` for an event whose rows cannot be decoded, or whose
        decoded fields make no sense (a value whose bytes do not fit its column, a table
        map whose metadata contradicts itself, a statement that cannot be inflated...):
        the caller reports it and goes on with the next event."""
        try:
            return self._feed(ev)
        except DECODE_ERRORS as exc:
            raise RowsError(ev.file, ev.pos, f"cannot decode {ev.type_name}: "
                            f"{decode_error_text(exc)}", ev.index) from None

    def _feed(self, ev: Event) -> list[RowChange]:
        t = ev.type_code
        if t in kinds.ROWS:
            return self._rows(ev)
        if t in IDLE_TYPES:
            return []
        if t in kinds.GTID:  # (a known type that carries no change: nothing lost)
            self.gtid = event_gtid(ev)  # None: unknown (a body that cannot be decoded)
            return []
        lost = ev.unreadable_changes
        if lost is not None:
            raise RowsError(ev.file, ev.pos, lost, ev.index)
        if t not in _STATE_TYPES or ev.body is None:  # no other body is parsed
            return []
        if t in kinds.QUERY:
            if self.schema is not None:
                self.schema.apply_query_event(ev.body)
        elif t == FDE:
            self.gtid = None
        return []

    def feed_fields(self, type_code: int, server_id: int, fields: Any) -> None:
        """:meth:`feed` of an event that is no rows event, from the fields a
        :class:`~binlog_kaitai.stream.RowsRun` holds of it: a MariaDB GTID's text is
        kept; a table map (the stream's to track) and the other compiled bodies (XID,
        ANNOTATE_ROWS: :data:`IDLE_TYPES`) change nothing."""
        if type_code == MARIADB_GTID:
            self.gtid = gtid_text(MARIADB_GTID, server_id, fields)

    def describe(self, tm: Any, is_mariadb: bool) -> TableInfo | None:
        """The description of a table map (None for a table not asked for), with names
        from the schema history where the map has none; each content described once,
        and each table map object (the stream shares one between the maps of the same
        bytes) looked up once while the schema history stays as it is."""
        schema = self.schema
        state = (schema, 0 if schema is None else schema.generation, is_mariadb)
        seen = self._by_map.get(id(tm))
        if seen is not None and seen[0] is tm and seen[1] == state:
            return seen[2]
        table = self._describe(tm, is_mariadb)
        if len(self._by_map) >= MAPS_KEPT:
            self._by_map.clear()
        self._by_map[id(tm)] = (tm, state, table)
        return table

    def _describe(self, tm: Any, is_mariadb: bool) -> TableInfo | None:
        if self.filter.active and not self.filter.keeps(tm.schema_name, tm.table_name):
            table = None
        else:
            cols = pk = None
            if self.schema is not None:
                cols = self.schema.columns(tm.schema_name, tm.table_name)
                pk = self.schema.primary_key(tm.schema_name, tm.table_name)
            # Identical table maps repeat in every transaction: describe each content once.
            key = (tm.definition, is_mariadb,
                   tuple(cols) if cols is not None else None, tuple(pk) if pk else None)
            table = self._described.get(key)
            if table is None:
                if len(self._described) > 10000:
                    self._described.clear()
                table = self._described[key] = describe_table(tm, is_mariadb, cols, pk)
        return table

    def table_of(self, ev: Event) -> TableInfo | None:
        """The description of a rows event's table (None for a table not asked for);
        RowsError when the event's body could not be decoded or no table map precedes
        it."""
        fields = ev.rows_fields()
        if fields is None:
            raise RowsError(ev.file, ev.pos, f"cannot decode {ev.type_name}: {ev.decode_error}",
                            ev.index)
        if ev.table_map is None:
            raise RowsError(ev.file, ev.pos, f"{ev.type_name} for table id {fields.table_id.value} "
                            "without a preceding TABLE_MAP_EVENT", ev.index)
        return self.describe(ev.table_map, ev.format.is_mariadb)

    def _rows(self, ev: Event) -> list[RowChange]:
        table = self.table_of(ev)
        if table is None:
            return []
        return self._decode(ev, table)

    def _decode(self, ev: Any, table: TableInfo) -> list[RowChange]:
        return changes_of(ev, table, *self._images(ev, table), self.gtid)

    def _images(self, ev: Any, table: TableInfo
                ) -> tuple[list[dict[str, Any]] | None, list[dict[str, Any]] | None]:
        """The before and after images of a rows event's rows, as {column: value}: an
        insert has no before images, a delete no after images."""
        body = ev.body
        t = ev.type_code
        is_update = body.has_after_image
        is_partial = t == PARTIAL_UPDATE_ROWS
        data = body.row_data
        if data is None:
            raise RowsError(ev.file, ev.pos, "compressed rows in an unknown format", ev.index)
        count = body.num_columns.value
        if count > len(table.column_metas):
            raise RowsError(ev.file, ev.pos, f"{ev.type_name} has {count} columns, but the table "
                            f"map of `{table.schema}`.`{table.table}` has "
                            f"{len(table.column_metas)}", ev.index)
        first = table.layout(count, body.columns_present)
        second = table.layout(count, body.columns_present_after) if is_update else first
        if not (first.is_known and second.is_known):
            types = sorted({m.real_type for m in table.column_metas})
            raise RowsError(ev.file, ev.pos, f"rows of `{table.schema}`.`{table.table}` not "
                            f"decoded: a column type has no known size (types {types})", ev.index)
        try:
            image = RowImage(first.columns_param, second.columns_param, table.num_json_columns,
                             is_update, is_partial, BufferStream(bytes(data)), None,
                             DETACHED_ROOT)
        except DECODE_ERRORS as exc:
            raise RowsError(ev.file, ev.pos, table.undecodable(exc, bytes(data)),
                            ev.index) from None
        if not image.has_columns:
            raise RowsError(ev.file, ev.pos, f"rows of `{table.schema}`.`{table.table}` not "
                            "decoded: an image has no column", ev.index)
        images = image.images
        if not is_update:
            dicts = [first.convert(img) for img in images]
            return (None, dicts) if t in kinds.WRITE_ROWS else (dicts, None)
        if is_partial:
            dicts = []
            for i, img in enumerate(images):
                dicts.append(first.convert(img) if i % 2 == 0
                             else second.convert_partial(img, dicts[-1]))
        else:
            dicts = [first.convert(images[i]) if i % 2 == 0
                     else second.convert(images[i]) for i in range(len(images))]
        return dicts[::2], dicts[1::2]


def changes_of(ev: Any, table: TableInfo, befores: list[dict[str, Any]] | None,
               afters: list[dict[str, Any]] | None, gtid: str | None) -> list[RowChange]:
    """The row changes of a rows event from its rows' before and after images (an insert
    has no before images, a delete no after images), in the transaction ``gtid``."""
    common = (ev.file, ev.pos, ev.inner_pos)
    head = (ev.timestamp, ev.server_id, gtid, table.schema, table.table)
    if befores is not None and afters is not None:
        return [RowChange(*common, i, *head, "update", before, after, table.pk)
                for i, (before, after) in enumerate(zip(befores, afters, strict=True))]
    if afters is not None:
        return [RowChange(*common, i, *head, "insert", None, d, table.pk)
                for i, d in enumerate(afters)]
    assert befores is not None
    return [RowChange(*common, i, *head, "delete", d, None, table.pk)
            for i, d in enumerate(befores)]


Source = str | os.PathLike[str] | BinaryIO


def iter_row_changes(
    sources: Source | Iterable[Source],
    *,
    schema_files: Iterable[str | os.PathLike[str]] = (),
    start: int | None = None,
    stop: int | None = None,
    start_datetime: datetime | str | float | None = None,
    stop_datetime: datetime | str | float | None = None,
    on_error: Callable[[BinlogError], None] | None = None,
    **filters: Any,
) -> Iterator[RowChange]:
    """Every row change of binlogs, in order (TRANSACTION_PAYLOADs expanded), as ``rows``
    gives them: ``sources`` is a path, an open binary file, a folder, a glob, or a list
    of them (:func:`binlog_sources`), read as one chain: the schema history of one file
    names the columns of the next. ``start`` is a position in the first file, ``stop``
    one in the last. ``start_datetime``/``stop_datetime`` keep the changes of the events
    stamped in [start, stop), as ``--start-datetime``/``--stop-datetime``: a ``datetime``
    (naive: local time, as mysqlbinlog reads it), text as the CLI takes it, or seconds
    since the epoch (:func:`~binlog_kaitai.times.to_epoch`), in whole seconds as the
    events are stamped (a fraction is dropped, as mysqlbinlog does). ``filters`` are
    :class:`~binlog_kaitai.filters.Filters`' keywords: ``tables``, ``databases``,
    ``types``, ``ops`` (lists of texts), ``include_gtids``, ``exclude_gtids`` (GTID set
    texts). ValueError for a bad one, or a stop before the start.

    A problem does not end the changes: an event that cannot be decoded, a damaged file
    (the next file is still read), a change logged as a statement (its rows are not in
    the binlog: a :class:`StatementChangeError`) are each a
    :class:`~binlog_kaitai.errors.BinlogError` given to ``on_error``. Without
    ``on_error``, every change is still yielded and, after the last, the first problem
    is raised, the others in its ``__notes__``; a change logged as a statement, which is
    no damage, is then a :class:`StatementChangeWarning` (:mod:`warnings`). Nothing is
    lost, and nothing passes unseen.
    """
    since = None if start_datetime is None else math.floor(to_epoch(start_datetime))
    until = None if stop_datetime is None else math.floor(to_epoch(stop_datetime))
    if since is not None and until is not None and until < since:
        raise ValueError(f"stop_datetime {stop_datetime!r} is before start_datetime "
                         f"{start_datetime!r}")
    chosen = Filters(**filters)
    window = _Window(RowDecoder(schema=SchemaHistory(schema_files), tables=chosen.tables),
                     RowsGate(chosen, since=since), since, until)
    problems: list[BinlogError] = []
    report = on_error or _deferred(problems)
    names = binlog_sources(sources)
    for i, source in enumerate(names):
        try:
            yield from window.changes(read_events(
                source, start=start if i == 0 else None,
                stop=stop if i == len(names) - 1 else None, expand_payloads=True), report)
        except BinlogError as exc:
            report(exc)
    if problems:
        first = problems[0]
        for other in problems[1:]:
            first.add_note(str(other))
        raise first


@dataclass
class _Window:
    """:func:`iter_row_changes`' reading of events: the filters' gate, then the decoder,
    the changes of the rows events stamped in [``since``, ``until``)."""

    decoder: RowDecoder
    gate: RowsGate
    since: float | None
    until: float | None

    def changes(self, events: Iterable[Event], report: Callable[[BinlogError], None]
                ) -> Iterator[RowChange]:
        since, until, gate = self.since, self.until, self.gate
        for ev in events:
            if until is not None and ev.timestamp >= until:
                return
            counted = gate.statements
            if not gate.admits(ev) or (since is not None and ev.is_rows and (
                    ev.timestamp < since)):
                continue  # (a rows event before the window; the others feed the state)
            if gate.statements > counted:
                report(statement_error(ev))
            try:
                yield from self.decoder.feed(ev)
            except RowsError as exc:
                report(exc)


class StatementChangeError(RowsError):
    """A change logged as a statement (``binlog_format=STATEMENT`` or ``MIXED``): its
    rows are not in the binlog."""

    kind = "statement"


class StatementChangeWarning(UserWarning):
    """:func:`iter_row_changes` without ``on_error`` met a :class:`StatementChangeError`."""


def statement_error(ev: Event) -> StatementChangeError:
    """The problem of a change logged as a statement, with the statement's start."""
    change = statement_change(ev)
    shown = " ".join(("" if change is None else change.text).split())
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return StatementChangeError(ev.file, ev.pos, "a change logged as a statement (binlog_"
                                "format=STATEMENT or MIXED), its rows are not in the "
                                f"binlog: {shown}", ev.index)


def _deferred(problems: list[BinlogError]) -> Callable[[BinlogError], None]:
    """``iter_row_changes``' reporting without ``on_error``: a change logged as a
    statement warned of, any other problem kept to be raised at the end."""
    def report(problem: BinlogError) -> None:
        if isinstance(problem, StatementChangeError):
            warnings.warn(str(problem), StatementChangeWarning, stacklevel=3)
        else:
            problems.append(problem)
    return report


def binlog_sources(sources: Source | Iterable[Source]) -> list[Source]:
    """The binlogs to read, as every command takes its inputs: paths, folders and globs
    (:func:`~binlog_kaitai.archive.find_binlogs`: each file once, in chain order), then
    open binary files in the order given. OSError naming the first input that cannot be
    read (a glob that matches nothing, a missing file)."""
    single = isinstance(sources, (str, os.PathLike)) or hasattr(sources, "read")
    items = [cast(Source, sources)] if single else list(cast(Iterable[Source], sources))
    paths = [os.fspath(i) for i in items if isinstance(i, (str, os.PathLike))]
    if not paths:
        return items
    from binlog_kaitai.archive import find_binlogs

    found = find_binlogs(paths)
    if found.errors:
        path, cause = found.errors[0]
        raise OSError(f"{path}: {cause}")
    return [*found.paths, *(i for i in items if not isinstance(i, (str, os.PathLike)))]
