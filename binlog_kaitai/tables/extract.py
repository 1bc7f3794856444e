"""What an executor does with one split: one streaming parse feeding every table.

:class:`SplitParser` opens the file itself, starts the row decoder's schema history
from the one the planner gave the split (the DDL of its chain before it, see
:mod:`binlog_kaitai.tables.splits`), then streams the split's events with
:func:`~binlog_kaitai.stream.read_events` (TRANSACTION_PAYLOAD expanded) and yields
records ``(kind, values)``: a row of ``events``, ``transactions`` or ``errors``
(``values`` of the kind's record type in :mod:`binlog_kaitai.tables.schemas`, built by column name),
an Arrow batch of ``row_changes`` rows, and last one ``split_stats`` that the driver
folds into the ``files`` table (:func:`fold_files`).

Row changes: rows events are gathered by table and shape
(:class:`~binlog_kaitai.tables.changes.OpenGroups`)
and each group decoded in one call of the columnar decoder, its ``row_changes`` rows made
a column at a time (:mod:`binlog_kaitai.tables.changes`); a rows event below
:data:`~binlog_kaitai.ordered_rows.COLUMNAR_MIN_BYTES` of row data that starts no
group, any other rows event, and each event of a group the columnar decoder refuses, go
through the reference decoder. GTIDs, table maps, XIDs, annotations, BEGIN and COMMIT
leave the groups open, so the rows of many small transactions are decoded together; any
other event, or :data:`~binlog_kaitai.ordered_rows.BATCH_BYTES` of row data gathered,
flushes them: the rows of all groups leave as one batch in binlog order, after the
``events`` rows held back meanwhile (a rows event's ``rows_count`` is known once it is
decoded) and before the ``transactions`` rows of the transactions that ended meanwhile,
so every table keeps the file's order.

Memory is bounded whatever the file size: an event is dropped once its rows are out, a
transaction keeps counters only. A row change needs its transaction's XID, which is
written after the rows. The groups wait for it (they are flushed once their transactions
have ended, but for a flush inside a transaction); the reference decoder's changes are
held until the transaction's end while their rows events add up to at most
:data:`HOLD_BYTES` (most transactions). Past that, or when groups are flushed inside a
transaction, the XID is looked up ahead with a header-only walk
(:class:`~binlog_kaitai.stream.BinlogStream` with ``bodies``) and the changes stream out.

PERMISSIVE (the default): a damaged or unreadable file ends its split with an
``errors`` row and its ``split_stats`` say why; other problems (an undecodable body, a
CRC mismatch, rows that cannot be decoded) are ``errors`` rows and the parse goes on.
FAILFAST: the first problem ends the split's parse (and the parses of the splits after
it in :func:`parse_splits`) with one ``failfast`` record saying where and what; the job's
driver fails with it once the parse is done, the data source raises :class:`FailFast`.
"""

from __future__ import annotations

import json
import resource
from collections.abc import Generator, Iterable, Iterator, Sequence
from datetime import UTC, date, datetime
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import numpy as np
import pyarrow as pa

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import DECODE_ERRORS, Event, EventType, event_type_name
from binlog_kaitai.event_kinds import statement_bytes
from binlog_kaitai.ordered_rows import BATCH_BYTES, COLUMNAR_MIN_BYTES, PASSIVE
from binlog_kaitai.render import text
from binlog_kaitai.row_groups import columnar_key
from binlog_kaitai.rows import RowChange, RowDecoder
from binlog_kaitai.storage import open_input, stat
from binlog_kaitai.stream import TRANSACTION_PAYLOAD, BinlogStream, payload_events, read_events
from binlog_kaitai.tables.changes import (
    ROW_CHANGES_SCHEMA,
    ColumnarChanges,
    ColumnarGroup,
    OpenGroups,
    image_text,
    in_order,
    row_seqs,
)
from binlog_kaitai.tables.schemas import (
    ErrorsRecord,
    EventsRecord,
    FailfastRecord,
    FilesRecord,
    RowChangesRecord,
    SplitStatsRecord,
    TransactionsRecord,
    record_batch,
)
from binlog_kaitai.tables.splits import Script, Split, file_summary, schema_history, thaw
from binlog_kaitai.tables.typed_tables import TypedBuffer, conform, typed_from_changes, union_schema
from binlog_kaitai.transactions import (
    WALK_BODIES,
    GtidInfo,
    Step,
    TransactionTracker,
    gtid_info,
)

Record = tuple[str, Any]
"""``(kind, values)``: a record of the kind's type, or for ``row_changes`` an Arrow
batch of them."""
INT64_MAX = (1 << 63) - 1
OPS = {"insert": "c", "update": "u", "delete": "d"}
CHANGE_BATCH_ROWS = 4096
"""The reference path's ``row_changes`` records gathered into one Arrow batch."""
HOLD_BYTES = 256 << 10
"""Bytes of rows events whose changes a transaction holds until its XID is read; a
larger transaction looks its XID up ahead instead (a second read of its headers).
Holding saves small transactions that look-up (about 15% of their parse time); holding
much more than this slows large ones down (4 MiB: by 10%, the held objects cost the
garbage collector more than the look-up costs)."""


class FailFast(Exception):
    """FAILFAST's first problem, ``FILE: offset N: what``: ends a split's parse (which
    turns it into a ``failfast`` record), and fails a data source read."""

    def __init__(self, file: str, offset: int, message: str) -> None:
        super().__init__(file, offset, message)
        self.file, self.offset, self.message = file, offset, message

    def __str__(self) -> str:
        return f"{self.file}: offset {self.offset}: {self.message}"


def parser_version() -> str:
    """The binlog-kaitai release that parsed the data (``unknown`` if not installed)."""
    try:
        return version("binlog-kaitai")
    except PackageNotFoundError:
        return "unknown"


def i64(value: int | None) -> int | None:
    """An unsigned 8-byte value as a Spark bigint, or None if it does not fit."""
    return value if value is not None and value <= INT64_MAX else None


def utc(seconds: int | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC)


def utc_us(micros: int | None) -> datetime | None:
    if micros is None:
        return None
    return datetime.fromtimestamp(micros // 1_000_000, UTC).replace(
        microsecond=micros % 1_000_000)


@lru_cache(maxsize=1)
def when(seconds: int) -> tuple[datetime, date]:
    """An event's time and UTC date, converted once for all the rows of an event and
    the events written in the same second."""
    ts = datetime.fromtimestamp(seconds, UTC)
    return ts, ts.date()


def utc_date(seconds: int | None) -> date | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, UTC).date()


class Transaction:
    """Counters of the open transaction; becomes one ``transactions`` row."""

    __slots__ = ("begin", "commit_ts", "end_pos", "ended", "event_count", "gtid", "held",
                 "held_bytes", "is_ddl", "row_count", "tables", "xid", "xid_ahead")

    def __init__(self, begin: Event) -> None:
        self.begin = begin
        self.gtid = GtidInfo()
        self.end_pos = begin.next_pos
        self.commit_ts = begin.timestamp
        self.event_count = 0
        self.row_count = 0
        self.tables: dict[str, None] = {}
        self.is_ddl = False
        self.xid: int | None = None
        self.xid_ahead: tuple[int | None] | None = None
        """The XID found by looking ahead, once looked up."""
        self.held: list[list[RowChange]] = []
        """Changes waiting for the XID, while ``held_bytes`` <= :data:`HOLD_BYTES`."""
        self.held_bytes = 0
        self.ended: tuple[str | None] | None = None
        """``(commit kind,)`` once the transaction has ended (while groups are open, its
        row waits for theirs)."""

    @property
    def final_xid(self) -> int | None:
        """The XID, as read at the end or looked up ahead."""
        return self.xid if self.xid_ahead is None else self.xid_ahead[0]

    def row(self, path: str, commit_kind: str | None) -> tuple[Any, ...]:
        g = self.gtid
        begin_ts = utc(self.begin.timestamp)
        return TransactionsRecord(
            gtid=g.gtid, gtid_uuid=g.uuid, gtid_tag=g.tag, gtid_domain=g.domain,
            gtid_server_id=g.server_id, gtid_sequence=i64(g.sequence), file=path,
            begin_pos=self.begin.pos, end_pos=self.end_pos, begin_ts=begin_ts,
            commit_ts=utc(self.commit_ts), xid=i64(self.xid), event_count=self.event_count,
            row_count=self.row_count, tables=list(self.tables),
            is_ddl=self.is_ddl or g.is_ddl, commit_kind=commit_kind,
            last_committed=g.last_committed, sequence_number=g.sequence_number,
            original_commit_ts=utc_us(g.original_commit_us),
            immediate_commit_ts=utc_us(g.immediate_commit_us),
            event_date=None if begin_ts is None else begin_ts.date(),
        )


class SplitParser:
    """Parses one split into records; see the module docstring."""

    def __init__(self, split: Split, *, failfast: bool = False,
                 schema_scripts: Sequence[Script] = (),
                 min_group_bytes: int = COLUMNAR_MIN_BYTES, typed: bool = False) -> None:
        self.split = split
        self.min_group_bytes = 0 if typed else min_group_bytes
        """Row data from which a rows event starts a columnar group (0: every rows event
        the columnar decoder may take; more than any event: none, the reference path
        alone). With ``typed``, 0: the typed change tables are made from the groups."""
        self.typed = TypedBuffer() if typed else None
        """``typed``: each decoded group's rows also as ``typed`` records, batches of
        :mod:`binlog_kaitai.tables.typed_tables`' change tables, gathered per table."""
        self.path = split.path
        self.failfast = failfast
        self.tracker = TransactionTracker()
        history = schema_history(schema_scripts) if split.schema is None else thaw(split.schema)
        self.decoder = RowDecoder(schema=history)
        self.trx: Transaction | None = None
        self.groups = OpenGroups()
        """Rows events gathered to be decoded together."""
        self.deferred: list[tuple[tuple[Any, ...], ColumnarGroup | None, int]] = []
        """The ``events`` rows of the events read while groups are open, each with its
        group and index there (a rows event's), until the decoding tells their rows
        counts."""
        self.ended: list[Transaction] = []
        """Transactions ended while groups are open: their rows wait for the groups'."""
        self.change_records: list[tuple[Any, ...]] = []
        """The reference path's ``row_changes`` records not yet out as a batch."""
        self.payload: Event | None = None
        self.ahead: BinlogStream | None = None
        """A header-only stream of the same file, for the XID look-ahead."""
        self.last_ts: int | None = None
        self.at = split.start or 0
        """Offset of the event being parsed."""
        self.events = self.transactions = self.changes = 0
        self.first_gtid: str | None = None
        self.last_gtid: str | None = None
        self.damaged = False
        self.failed = False
        """FAILFAST: the parse ended at a problem, with a ``failfast`` record."""

    def records(self) -> Iterator[Record]:
        """Every record of the split; in FAILFAST mode, those before its first problem
        and then a ``failfast`` record."""
        try:
            yield from self.parse()
        except FailFast as stop:
            self.failed = True
            yield "failfast", FailfastRecord(file=stop.file, offset=stop.offset,
                                             message=stop.message)

    def parse(self) -> Iterator[Record]:
        split = self.split
        fatal: tuple[str, int, str] | None = None
        summary_json = None
        try:
            if split.index == 0:
                summary_json = json.dumps(file_summary(self.path).to_dict())
                yield from self.changed_since_listing()
            with open_input(self.path) as f:
                for ev in read_events(f, start=split.start, stop=split.stop,
                                      expand_payloads=True):
                    try:
                        yield from self.event(ev)
                    except DECODE_ERRORS as exc:  # a field of this event makes no sense
                        self.damaged = True
                        yield self.error(ev.pos, ev.type_name, f"cannot decode {ev.type_name}: "
                                         f"{type(exc).__name__}: {exc}", ev.timestamp)
        except BinlogError as exc:
            fatal = (exc.kind, exc.offset, exc.message)
            yield self.error(exc.offset, self.event_type_at(exc.offset, exc.kind), exc.message)
        except FailFast:
            raise
        except Exception as exc:  # PERMISSIVE: a bug of ours must not fail the whole job
            offset = self.at
            message = f"internal error: {type(exc).__name__}: {exc}"
            fatal = ("corrupt", offset, message)
            yield self.error(offset, None, message)
        finally:
            self.close_ahead()
        if self.trx is not None:
            yield from self.close_transaction(None)
        if self.groups:
            yield from self.flush_groups()
        self.close_ahead()
        yield from self.flush_changes()
        if self.typed is not None:
            for ready in self.typed.finish():
                yield "typed", ready
        error_kind, error_offset, error_message = fatal or (None, None, None)
        yield "split_stats", SplitStatsRecord(
            file=self.path, split_index=split.index, bytes=split.nbytes,
            event_count=self.events, transaction_count=self.transactions,
            row_change_count=self.changes, first_gtid=self.first_gtid,
            last_gtid=self.last_gtid, error_kind=error_kind, error_offset=error_offset,
            error_message=error_message, damaged=self.damaged, summary_json=summary_json,
            worker_peak_rss=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        )

    # -- problems ------------------------------------------------------------------------

    def error(self, offset: int, event_type: str | None, message: str,
              ts: int | None = None) -> Record:
        if self.failfast:
            raise FailFast(self.path, offset, message)
        ts = self.last_ts if ts is None else ts
        return "errors", ErrorsRecord(file=self.path, offset=offset, event_type=event_type,
                                      message=message, event_date=utc_date(ts))

    def changed_since_listing(self) -> Iterator[Record]:
        info = self.split.file
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

    # -- events ----------------------------------------------------------------------------

    def close_ahead(self) -> None:
        if self.ahead is not None:
            self.ahead.file.close()
            self.ahead.close()
            self.ahead = None

    def look_ahead(self) -> BinlogStream:
        if self.ahead is None:
            f = open_input(self.path)
            try:
                self.ahead = BinlogStream(f, bodies=WALK_BODIES)
            except BaseException:
                f.close()
                raise
        return self.ahead

    def event(self, ev: Event) -> Iterator[Record]:
        self.at = ev.pos
        found = columnar_key(self.decoder, ev) if ev.is_rows else None
        gathers = found is not None and (found[0] in self.groups or
                                         len(ev.body.row_data) >= self.min_group_bytes)
        if self.groups and not (gathers or passes(ev)):
            yield from self.flush_groups()
        trx, step = yield from self.track(ev)
        inner = ev.inner_pos is not None
        if gathers:
            assert found is not None
            group, index = self.groups.add(ev, found, trx, self.decoder.gtid)
            if not inner:
                self.deferred.append((self.event_row(ev, trx, None), group, index))
        else:
            changes, rows_problem = self.decode_rows(ev)
            if not inner:
                record = self.event_row(ev, trx, len(changes) if ev.is_rows and (
                    ev.body is not None and rows_problem is None) else None)
                if self.groups:  # its row waits with the groups' rows
                    self.deferred.append((record, None, 0))
                else:
                    yield "events", record
            if rows_problem is not None:
                yield self.error(ev.pos, ev.type_name, rows_problem, ev.timestamp)
            if changes:
                assert trx is not None  # the tracker puts every rows event in a transaction
                yield from self.count_and_hold(trx, ev, ev.length, changes, len(changes))
        if ev.decode_error is not None:
            self.damaged = True
            if ev.unreadable_changes is None or ev.is_rows:  # (else the decoder said it)
                yield self.error(ev.pos, ev.type_name,
                                 f"cannot decode {ev.type_name} body: {ev.decode_error}",
                                 ev.timestamp)
        if ev.checksum_ok is False:
            self.damaged = True
            yield self.error(ev.pos, ev.type_name, "CRC32 mismatch", ev.timestamp)
        if step.ends:
            yield from self.close_transaction(step.commit_kind)
        if self.groups.size >= BATCH_BYTES:
            yield from self.flush_groups()

    def track(self, ev: Event) -> Generator[Record, None, tuple[Transaction | None, Step]]:
        """The transaction bookkeeping of an event (a new transaction closes the open
        one); its transaction, if any, and the tracker's step."""
        inner = ev.inner_pos is not None
        body, t = ev.body, ev.type_code
        kind = ev.kind
        step = self.tracker.step(t, kind)
        if step.starts:
            if self.trx is not None:
                yield from self.close_transaction(None)
            self.trx = Transaction(ev)
        trx = self.trx if step.member else None
        if trx is not None:
            if t in kinds.GTID and body is not None:
                trx.gtid = gtid_info(t, ev.server_id, body)
                if trx.gtid.gtid is not None:
                    self.first_gtid = self.first_gtid or trx.gtid.gtid
                    self.last_gtid = trx.gtid.gtid
            trx.commit_ts = ev.timestamp
            trx.is_ddl = trx.is_ddl or kind == "ddl"
            if t == EventType.xid_event and body is not None:
                trx.xid = body.xid.value
            if ev.is_table_map and body is not None:
                trx.tables[f"{body.schema_name}.{body.table_name}"] = None
            if not inner:
                trx.event_count += 1
                trx.end_pos = ev.next_pos
        if t == TRANSACTION_PAYLOAD and not inner:
            self.payload = ev
        if not inner:
            self.events += 1
            self.last_ts = ev.timestamp
        return trx, step

    def decode_rows(self, ev: Event) -> tuple[list[RowChange], str | None]:
        """The row changes of an event (none for most types), or why they are missing."""
        try:
            return self.decoder.feed(ev), None
        except BinlogError as exc:
            return [], exc.message
        except Exception as exc:  # a bug of ours on one event: report it, go on
            return [], f"internal error: {type(exc).__name__}: {exc}"

    def decode_earlier(self, ev: Event, gtid: str | None) -> tuple[list[RowChange], str | None]:
        """:meth:`decode_rows` of a rows event read earlier, in the transaction of ``gtid``
        (the decoder has seen later GTIDs since)."""
        current, self.decoder.gtid = self.decoder.gtid, gtid
        try:
            return self.decode_rows(ev)
        finally:
            self.decoder.gtid = current

    # -- rows events decoded a column at a time --------------------------------------------

    def flush_groups(self) -> Iterator[Record]:
        """The open groups' rows, decoded a group at a time (or, when the columnar
        decoder refuses a group, event by event by the reference decoder, which says
        why it cannot): first the ``events`` rows held back for their rows counts, the
        changes the transactions held from before, then the groups' changes as one
        ``row_changes`` batch in binlog order (and typed batches, in binlog order per
        table), then the rows of the transactions that ended meanwhile."""
        groups, last = self.groups.take()
        deferred, self.deferred = self.deferred, []
        ended, self.ended = self.ended, []
        yield from self.know_xids(last)
        parts: list[tuple[pa.RecordBatch, np.ndarray]] = []
        typed: dict[str, list[tuple[pa.RecordBatch, np.ndarray]]] = {}
        counts: dict[int, list[int | None]] = {}
        for group in groups:
            changes, counts[id(group)] = yield from self.decode_group(group)
            seqs = row_seqs(group, [n or 0 for n in counts[id(group)]])
            if isinstance(changes, ColumnarChanges):
                parts.append((changes.rows_batch, seqs))
                if self.typed is not None:
                    table = changes.table
                    typed.setdefault(f"{table.schema}.{table.table}", []).append(
                        (typed_changes(changes), seqs))
            elif changes:
                parts.append((record_batch("row_changes", changes, ROW_CHANGES_SCHEMA), seqs))
            for trx, n in zip(group.owners, counts[id(group)], strict=True):
                trx.row_count += n or 0
        for record, group, index in deferred:
            yield "events", record if group is None else record._replace(
                rows_count=counts[id(group)][index])
        if parts:
            yield from self.flush_changes()
            batch = in_order(parts)
            self.changes += len(batch)
            yield "row_changes", batch
        if self.typed is not None:
            for tables in typed.values():
                for ready in self.typed.add(in_order(conformed(tables))):
                    yield "typed", ready
        for trx in ended:
            yield from self.finish_transaction(trx)

    def know_xids(self, last: list[tuple[Transaction, Event]]) -> Iterator[Record]:
        """Make every XID of the groups' transactions known (that of a transaction still
        open is looked up ahead, from ``last``: its last event in the groups), and let
        out what those transactions held from before the groups (only the first can hold
        any: a rows event that goes through the reference decoder flushes the groups
        first)."""
        for trx, ev in last:
            if trx.ended is None and trx.xid_ahead is None:
                trx.xid_ahead = (self.find_xid(ev),)
            held, trx.held = trx.held, []
            for changes in held:
                yield from self.emit(changes, i64(trx.final_xid))

    def decode_group(self, group: ColumnarGroup) -> Generator[
            Record, None, tuple[ColumnarChanges | list[tuple[Any, ...]], list[int | None]]]:
        """A group's changes (columnar, or the reference decoder's records) and each
        event's rows count (None where the reference decoder could not decode it)."""
        xids = [i64(trx.final_xid) for trx in group.owners]
        decoded = group.decode(self.path, xids)
        if decoded is not None:
            return decoded, list(decoded.per_event)
        counts: list[int | None] = []
        records: list[tuple[Any, ...]] = []
        for ev, gtid, xid in zip(group.events, group.gtids, xids, strict=True):
            changes, problem = self.decode_earlier(ev, gtid)
            counts.append(None if problem is not None else len(changes))
            records.extend(self.change_row(c, xid) for c in changes)
            if problem is not None:
                yield self.error(ev.pos, ev.type_name, problem, ev.timestamp)
        return records, counts

    # -- row changes -----------------------------------------------------------------------

    def count_and_hold(self, trx: Transaction, ev: Event, nbytes: int, changes: list[RowChange],
                       rows: int) -> Iterator[Record]:
        self.changes += rows
        trx.row_count += rows
        yield from self.hold_or_emit(trx, ev, nbytes, changes)

    def close_transaction(self, commit_kind: str | None) -> Iterator[Record]:
        """End the open transaction: out with its held changes and its ``transactions``
        row, or, while groups are open (its rows may be there), once they are out."""
        trx, self.trx = self.trx, None
        assert trx is not None
        trx.ended = (commit_kind,)
        if self.groups:
            self.ended.append(trx)
        else:
            yield from self.finish_transaction(trx)

    def finish_transaction(self, trx: Transaction) -> Iterator[Record]:
        """The held changes of an ended transaction, then its ``transactions`` row."""
        assert trx.ended is not None
        xid = i64(trx.final_xid)
        for changes in trx.held:
            yield from self.emit(changes, xid)
        self.transactions += 1
        yield "transactions", trx.row(self.path, trx.ended[0])

    def hold_or_emit(self, trx: Transaction, ev: Event, nbytes: int, changes: list[RowChange]
                     ) -> Iterator[Record]:
        """Hold the changes of a small transaction until its end says the XID; once the
        transaction is too large for that, look the XID up ahead (from ``ev``, the last
        event of ``changes``) and let them out."""
        if trx.xid_ahead is None:
            trx.held_bytes += nbytes
            if trx.held_bytes <= HOLD_BYTES:
                trx.held.append(changes)
                return
            trx.xid_ahead = (self.find_xid(ev),)
            held, trx.held = trx.held, []
            for earlier in held:
                yield from self.emit(earlier, i64(trx.xid_ahead[0]))
        yield from self.emit(changes, i64(trx.xid_ahead[0]))

    def emit(self, changes: list[RowChange], xid: int | None) -> Iterator[Record]:
        """The reference decoder's changes out as ``row_changes`` batches, gathered
        :data:`CHANGE_BATCH_ROWS` at a time."""
        self.change_records.extend(self.change_row(c, xid) for c in changes)
        if len(self.change_records) >= CHANGE_BATCH_ROWS:
            yield from self.flush_changes()

    def flush_changes(self) -> Iterator[Record]:
        records, self.change_records = self.change_records, []
        if records:
            yield "row_changes", record_batch("row_changes", records, ROW_CHANGES_SCHEMA)

    def find_xid(self, ev: Event) -> int | None:
        """The XID of the open transaction, looked up from ``ev``, one of its events
        (None when it has none, or when the walk meets damage: the parse will)."""
        try:
            if ev.inner_pos is not None and self.payload is not None:
                for inner in payload_events(self.payload):
                    if inner.type_code == EventType.xid_event and inner.body is not None:
                        return inner.body.xid.value
                return None
            tracker = self.tracker.copy()
            for later in self.look_ahead().events(ev.next_pos):
                step = tracker.step(later.type_code, later.kind)
                if step.starts:
                    return None
                if step.ends:
                    return xid_of(later)
        except BinlogError:
            pass
        return None

    # -- rows of the tables ----------------------------------------------------------------

    def event_row(self, ev: Event, trx: Transaction | None, rows_count: int | None
                  ) -> tuple[Any, ...]:
        body, t = ev.body, ev.type_code
        xid = thread_id = schema = query = table_id = db = table = None
        if body is not None:
            if t in kinds.QUERY:
                thread_id, schema = body.thread_id, body.schema or None
                raw = statement_bytes(body)
                query = None if raw is None else text(raw)
            elif t == EventType.gtid_event and body.has_thread_id:
                thread_id = body.thread_id
            elif t in (EventType.annotate_rows_event, EventType.rows_query_log_event):
                query = text(body.query)
            elif t == EventType.xid_event:
                xid = i64(body.xid.value)
            elif t == EventType.table_map_event:
                table_id, db, table = body.table_id.value, body.schema_name, body.table_name
            elif ev.is_rows:
                table_id = body.table_id.value
                if ev.table_map is not None:
                    db, table = ev.table_map.schema_name, ev.table_map.table_name
        ts, day = when(ev.timestamp)
        return EventsRecord(
            file=self.path, pos=ev.pos, next_pos=ev.next_pos, type=ev.type_name,
            type_code=t, ts=ts, server_id=ev.server_id, length=ev.length, flags=ev.flags,
            checksum_ok=ev.checksum_ok, gtid=trx.gtid.gtid if trx is not None else None,
            xid=xid, thread_id=thread_id, schema=schema, query=query, table_id=table_id,
            db=db, table=table, rows_count=rows_count, event_date=day,
        )

    def change_row(self, c: RowChange, xid: int | None) -> tuple[Any, ...]:
        ts, day = when(c.timestamp)
        return RowChangesRecord(
            op=OPS[c.op], db=c.schema, table=c.table, before=image_text(c.before),
            after=image_text(c.after), pk=None if c.pk is None else list(c.pk),
            file=self.path, pos=c.pos, inner_pos=c.inner_pos, row=c.row,
            server_id=c.server_id, gtid=c.gtid, xid=xid, ts=ts, event_date=day,
        )


def passes(ev: Event) -> bool:
    """Whether an event leaves the open groups open: one the row decoding does not
    depend on (:data:`~binlog_kaitai.ordered_rows.PASSIVE`) or a BEGIN or COMMIT."""
    return ev.type_code in PASSIVE or (ev.type_code in kinds.QUERY and
                                       ev.kind in ("begin", "commit"))


def typed_changes(changes: ColumnarChanges) -> pa.RecordBatch:
    """A decoded group's rows as a typed change-table batch."""
    table = changes.table
    return typed_from_changes(changes.rows_batch, changes.images, table.schema, table.table,
                              len(table.column_metas), table.pk)


def conformed(parts: list[tuple[pa.RecordBatch, np.ndarray]]
              ) -> list[tuple[pa.RecordBatch, np.ndarray]]:
    """Typed batches of one table, of one schema (their union if they differ)."""
    first = parts[0][0].schema
    if all(batch.schema.equals(first, check_metadata=True) for batch, _ in parts):
        return parts
    schema = union_schema(batch.schema for batch, _ in parts)
    return [(conform(batch, schema), seqs) for batch, seqs in parts]


def xid_of(ev: Event) -> int | None:
    """The XID of a decoded XID_EVENT (None for any other event)."""
    if ev.type_code != EventType.xid_event or ev.body is None:
        return None
    return ev.body.xid.value


def parse_splits(splits: Iterable[Split], *, failfast: bool = False,
                 schema_scripts: Sequence[Script] = ()) -> Iterator[Record]:
    """The records of each split in turn; in FAILFAST mode, none after the first
    ``failfast`` record."""
    for split in splits:
        parser = SplitParser(split, failfast=failfast, schema_scripts=schema_scripts)
        yield from parser.records()
        if parser.failed:
            return


def fold_files(stats: Sequence[dict[str, Any]], version_text: str) -> list[tuple[Any, ...]]:
    """``files`` rows from the ``split_stats`` of every split (any order), one per file."""
    by_file: dict[str, list[dict[str, Any]]] = {}
    for s in stats:
        by_file.setdefault(s["file"], []).append(s)
    rows = []
    for path in sorted(by_file):
        parts = sorted(by_file[path], key=lambda s: s["split_index"])
        summ = json.loads(parts[0]["summary_json"])
        fatal = next((s for s in parts if s["error_kind"] is not None), None)
        if fatal is not None:
            status, error, offset = (fatal["error_kind"], fatal["error_message"],
                                     fatal["error_offset"])
        else:
            status = "corrupt" if any(s["damaged"] for s in parts) else "ok"
            error, offset = summ["error"], None
        gtids = [s for s in parts if s["first_gtid"] is not None]
        # the summary's fields are the first columns, by the same names
        rows.append(FilesRecord(
            **{**summ, "start_time": utc(summ["start_timestamp"]),
               "end_time": utc(summ["end_timestamp"]), "error": error},
            status=status, error_offset=offset,
            event_count=sum(s["event_count"] for s in parts),
            transaction_count=sum(s["transaction_count"] for s in parts),
            row_change_count=sum(s["row_change_count"] for s in parts),
            first_gtid=gtids[0]["first_gtid"] if gtids else None,
            last_gtid=gtids[-1]["last_gtid"] if gtids else None,
            parser_version=version_text, event_date=utc_date(summ["start_timestamp"]),
        ))
    return rows
