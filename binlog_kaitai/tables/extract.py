"""What an executor does with one split: one streaming parse feeding every table.

:class:`SplitParser` opens the file itself, starts the row decoder's schema history
from the one the planner gave the split (the DDL of its chain before it, see
:mod:`binlog_kaitai.tables.splits`), then streams the split's events with
:func:`~binlog_kaitai.stream.read_events` (TRANSACTION_PAYLOAD expanded; the rows
events, table maps, MariaDB GTIDs, XIDs and annotations that follow each other in runs,
taken from the fields the stream read: :meth:`SplitParser.run`) and yields records
``(kind, values)``: a row of ``events``, ``transactions`` or ``errors`` (``values`` of
the kind's record type in :mod:`binlog_kaitai.tables.schemas`), an Arrow batch of
``row_changes`` rows (and, with ``typed``, of the typed change tables), and last one
``split_stats`` that the driver folds into the ``files`` table (:func:`fold_files`).

The parser coordinates, for each event, the modules that own the work:

* :mod:`~binlog_kaitai.tables.transactions`: which transaction the event belongs to,
  its counters, its XID, and its ``transactions`` row once it has ended;
* :mod:`~binlog_kaitai.tables.records`: the event's ``events`` row, and the reference
  decoder's ``row_changes`` rows;
* :mod:`~binlog_kaitai.tables.row_batches`: the open row groups, and the batches of
  ``row_changes`` that leave when they are flushed, in the file's order with the other
  tables' rows;
* :mod:`~binlog_kaitai.tables.problems`: the ``errors`` rows, or FAILFAST.

Which path a rows event takes: one the columnar decoder may take joins the groups when
its table's group is open or it has :data:`~binlog_kaitai.ordered_rows.COLUMNAR_MIN_BYTES`
of row data; any other goes through the reference decoder. GTIDs, table maps, XIDs,
annotations, BEGIN and COMMIT leave the groups open, so the rows of many small
transactions are decoded together; any other event, or :data:`BATCH_BYTES` of row data
gathered, flushes them. Memory is bounded whatever the file size: an event is dropped
once its rows are out, a transaction keeps counters only (and the changes it holds for
its XID, up to :data:`~binlog_kaitai.tables.transactions.HOLD_BYTES`).

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
from functools import partial
from typing import Any

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import CRC_UNCHECKED, DECODE_ERRORS, Event, EventType
from binlog_kaitai.ordered_rows import BATCH_BYTES, COLUMNAR_MIN_BYTES, passive
from binlog_kaitai.row_groups import (
    Signatures,
    columnar_key,
    fewer_collections,
    run_key,
    signature,
)
from binlog_kaitai.rows import RowChange, RowDecoder
from binlog_kaitai.storage import open_input
from binlog_kaitai.stream import TABLE_MAP, RowsRun, read_events
from binlog_kaitai.tables.problems import FailFast, Problems
from binlog_kaitai.tables.records import (
    OPS,
    Record,
    compiled_columns,
    event_row,
    events_record,
    rows_columns,
    table_map_columns,
    utc,
    utc_date,
)
from binlog_kaitai.tables.row_batches import RowBatches
from binlog_kaitai.tables.schemas import FailfastRecord, FilesRecord, SplitStatsRecord
from binlog_kaitai.tables.splits import Script, Split, file_summary, schema_history, thaw
from binlog_kaitai.tables.transactions import Transaction, Transactions

ANNOTATE_ROWS = EventType.annotate_rows_event

__all__ = ["BATCH_BYTES", "OPS", "FailFast", "Record", "SplitParser", "fewer_collections",
           "fold_files", "parse_splits", "parser_version"]
"""What the drivers (``export``, the Spark job and data source) and the tests use."""


def parser_version() -> str:
    """The binlog-kaitai release that parsed the data (``unknown`` if not installed)."""
    from importlib.metadata import PackageNotFoundError, version  # (12 ms: when asked)

    try:
        return version("binlog-kaitai")
    except PackageNotFoundError:
        return "unknown"


class SplitParser:
    """Parses one split into records; see the module docstring. ``min_group_bytes``:
    row data from which a rows event starts a columnar group (0: every rows event the
    columnar decoder may take; more than any event: none, the reference path alone);
    ``typed``: the typed change tables' batches too (made from the columnar groups, which
    then take every rows event they can)."""

    def __init__(self, split: Split, *, failfast: bool = False,
                 schema_scripts: Sequence[Script] = (),
                 min_group_bytes: int = COLUMNAR_MIN_BYTES, typed: bool = False) -> None:
        self.split = split
        self.path = split.path
        history = schema_history(schema_scripts) if split.schema is None else thaw(split.schema)
        self.decoder = RowDecoder(schema=history)
        self.signatures = Signatures(self.decoder, partial(run_key, self.decoder))
        self.problems = Problems(self.path, failfast)
        self.transactions = Transactions(self.path)
        self.batches = RowBatches(self.path, self.transactions, self.problems,
                                  self.decode_earlier, min_group_bytes=min_group_bytes,
                                  typed=typed)
        self.at = split.start or 0
        """Offset of the event being parsed."""
        self.events = 0
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
        """The split's records: those of its events, what the end of the split completes
        (the transaction it cuts short, the open groups), its ``split_stats``."""
        summary_json = None
        if self.split.index == 0:
            summary_json = json.dumps(file_summary(self.path).to_dict())
            yield from self.problems.changed_since_listing(self.split.file)
        fatal = yield from self.read()
        if self.transactions.open is not None:
            yield from self.batches.end(self.transactions.end(None))
        yield from self.batches.drain()
        yield "split_stats", self.stats(fatal, summary_json)

    def read(self) -> Generator[Record, None, tuple[str, int, str] | None]:
        """The records of the split's events; the problem that ended the parse early,
        if one did: its kind, offset and message."""
        problems = self.problems
        try:
            with open_input(self.path) as f:
                for ev in read_events(f, start=self.split.start, stop=self.split.stop,
                                      expand_payloads=True, checksums=True, event_runs=True):
                    if type(ev) is RowsRun:
                        yield from self.run(ev)
                        continue
                    try:
                        yield from self.event(ev)
                    except DECODE_ERRORS as exc:  # a field of this event makes no sense
                        yield problems.undecodable(ev, exc)
        except BinlogError as exc:
            yield problems.error(exc.offset, problems.event_type_at(exc.offset, exc.kind),
                                 exc.message)
            return exc.kind, exc.offset, exc.message
        except FailFast:
            raise
        except Exception as exc:  # PERMISSIVE: a bug of ours must not fail the whole job
            message = f"internal error: {type(exc).__name__}: {exc}"
            yield problems.error(self.at, None, message)
            return "corrupt", self.at, message
        finally:
            self.transactions.close()
        return None

    def stats(self, fatal: tuple[str, int, str] | None, summary_json: str | None
              ) -> tuple[Any, ...]:
        """The split's ``split_stats``: ``fatal``, the problem that ended the parse."""
        split, transactions = self.split, self.transactions
        error_kind, error_offset, error_message = fatal or (None, None, None)
        return SplitStatsRecord(
            file=self.path, split_index=split.index, bytes=split.nbytes,
            event_count=self.events, transaction_count=transactions.count,
            row_change_count=self.batches.count, first_gtid=transactions.first_gtid,
            last_gtid=transactions.last_gtid, error_kind=error_kind,
            error_offset=error_offset, error_message=error_message,
            damaged=self.problems.damaged, summary_json=summary_json,
            worker_peak_rss=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        )

    def event(self, ev: Event) -> Iterator[Record]:
        """The records an event completes: those of the groups it flushes, its own, and
        those of the transaction it ends."""
        self.at = ev.pos
        batches = self.batches
        found = columnar_key(self.decoder, ev) if ev.is_rows else None
        gathers = batches.gathers(ev, found)
        if batches.groups and not (gathers or passive(ev)):
            yield from batches.flush()
        cut, trx, step = self.transactions.track(ev)
        if cut is not None:
            yield from batches.end(cut)
        inner = ev.inner_pos is not None
        if not inner:
            self.events += 1
            self.problems.last_ts = ev.timestamp
        gtid = None if trx is None else trx.gtid.gtid
        if gathers:
            assert found is not None
            batches.gather(ev, found, trx, self.decoder.gtid,
                           None if inner else event_row(self.path, ev, gtid, None))
        else:
            yield from self.decode(ev, trx, gtid)
        yield from self.problems.of_event(ev)
        if step.ends:
            yield from batches.end(self.transactions.end(step.commit_kind))
        if batches.groups.size >= BATCH_BYTES:
            yield from batches.flush()

    def run(self, run: RowsRun) -> Iterator[Record]:
        """The records of the events of a run (:class:`~binlog_kaitai.stream.RowsRun`), as
        :meth:`event` makes them: a rows event's from its Event (which its group holds),
        the others' (table maps, MariaDB GTIDs, XIDs, annotations: most of an OLTP
        binlog's events) from the fields the stream read (:meth:`passive_item`)."""
        heads = run.heads
        for k in range(len(heads)):
            if heads[k][1] in kinds.ROWS:
                yield from self.rows_item(run, k)
            else:
                yield from self.passive_item(run, k)

    def rows_item(self, run: RowsRun, k: int) -> Iterator[Record]:
        """:meth:`event` of item ``k`` of a run, a rows event: one that joins the groups
        (most of them) counted in and gathered from the fields the stream read, its
        group's key worked out once per signature (:func:`run_key`); any other
        through :meth:`event`."""
        timestamp, t, server_id, length, _, _ = run.heads[k]
        fields, tm = run.fields[k], run.table_maps[k]
        found = None if tm is None else self.signatures.of(
            signature(tm, t, fields, run.data), fields, run.data, run.format.is_mariadb)
        ev = run.event(k)
        batches = self.batches
        if found is None or not batches.gathers(ev, found):
            try:
                yield from self.event(ev)
            except DECODE_ERRORS as exc:  # a field of this event makes no sense
                yield self.problems.undecodable(ev, exc)
            return
        pos = self.at = ev.pos
        cut, trx, _ = self.transactions.step(t, None, pos, pos + length, timestamp)
        if cut is not None:
            yield from batches.end(cut)
        assert trx is not None  # (a rows event belongs to a transaction, if only its own)
        trx.count(t, server_id, timestamp, pos + length, None, None)
        record, checksum_ok = self.item_row(run, k, trx.gtid.gtid, rows_columns(fields, tm))
        batches.gather(ev, found, trx, self.decoder.gtid, record)
        if checksum_ok is False:
            yield self.problems.crc_mismatch(pos, t, timestamp)
        if batches.groups.size >= BATCH_BYTES:
            yield from batches.flush()

    def passive_item(self, run: RowsRun, k: int) -> Iterator[Record]:
        """:meth:`event` of item ``k`` of a run that is no rows event, without an Event:
        it leaves the groups open (:data:`~binlog_kaitai.ordered_rows.PASSIVE`), counts
        in its transaction (whose GTID it may start, whose XID it may end it with), and
        has its ``events`` row. Its body was read whole by a compiled reader (a table
        map's by the spec), so it has no problem but a CRC mismatch."""
        timestamp, t, server_id, length, _, _ = run.heads[k]
        fields, pos = run.fields[k], run.base + run.ats[k]
        self.at = pos
        kind = kinds.event_kind(t, fields) if t in kinds.KINDED else None
        transactions = self.transactions
        cut, trx, step = transactions.step(t, kind, pos, pos + length, timestamp)
        if cut is not None:
            yield from self.batches.end(cut)
        if trx is not None:
            trx.count(t, server_id, timestamp, pos + length, kind,
                      None if t == ANNOTATE_ROWS else fields)
            transactions.seen(t, trx)
        self.decoder.feed_fields(t, server_id, fields)
        record, checksum_ok = self.item_row(
            run, k, None if trx is None else trx.gtid.gtid,
            table_map_columns(fields) if t == TABLE_MAP else compiled_columns(t, fields, run.data))
        now = self.batches.events_row(record)
        if now is not None:
            yield now
        if checksum_ok is False:
            yield self.problems.crc_mismatch(pos, t, timestamp)
        if step.ends:
            yield from self.batches.end(transactions.end(step.commit_kind))

    def item_row(self, run: RowsRun, k: int, gtid: str | None, columns: tuple[Any, ...]
                 ) -> tuple[tuple[Any, ...], bool | None]:
        """The ``events`` row of item ``k`` of a run (``gtid``: its transaction's;
        ``columns``: its body's, see :func:`~binlog_kaitai.tables.records.events_record`)
        and its CRC verdict; the event counted in the split's."""
        timestamp, t, server_id, length, _, flags = run.heads[k]
        crc = run.crcs[k]
        checksum_ok = (run.event(k).checksum_ok if crc == CRC_UNCHECKED
                       else None if crc < 0 else crc == 1)
        self.events += 1
        self.problems.last_ts = timestamp
        return events_record(self.path, run.base + run.ats[k], t, timestamp, server_id, length,
                             None if flags < 0 else flags, checksum_ok, gtid, columns,
                             None), checksum_ok

    def decode(self, ev: Event, trx: Transaction | None, gtid: str | None) -> Iterator[Record]:
        """An event through the reference decoder: its ``events`` row (``gtid``: its
        transaction's), its problem, its changes (those of a rows event of ``trx``)."""
        changes, rows_problem = self.decode_rows(ev)
        if ev.inner_pos is None:
            rows_count = len(changes) if ev.is_rows and (
                ev.rows_fields() is not None and rows_problem is None) else None
            now = self.batches.events_row(event_row(self.path, ev, gtid, rows_count))
            if now is not None:
                yield now
        if rows_problem is not None:
            yield self.problems.error(ev.pos, ev.type_name, rows_problem, ev.timestamp)
        if changes:
            assert trx is not None  # the tracker puts every rows event in a transaction
            yield from self.batches.changes(trx, ev, changes)

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
