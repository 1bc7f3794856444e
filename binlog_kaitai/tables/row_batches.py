"""The ``row_changes`` (and ``typed``) batches of a split's parse: the open row groups,
their flushing, and the reference decoder's changes.

Rows events are gathered by table and shape
(:class:`~binlog_kaitai.tables.changes.OpenGroups`) and each group is decoded in one
call of the columnar decoder, its ``row_changes`` rows made a column at a time
(:mod:`binlog_kaitai.tables.changes`); each event of a group the columnar decoder
refuses goes through the reference decoder. When the groups are flushed (the parser
decides when: :class:`binlog_kaitai.tables.extract.SplitParser`), the rows of all groups
leave as one batch in binlog order, after the ``events`` rows held back meanwhile (a
rows event's ``rows_count`` is known once it is decoded) and before the ``transactions``
rows of the transactions that ended meanwhile, so every table keeps the file's order.

A row change needs its transaction's XID, which is written after the rows. The groups
wait for it: they are flushed once their transactions have ended, but for a flush
inside a transaction, whose XID is then looked up ahead. The changes of the rows events
that go through the reference decoder are held by their transaction
(:class:`~binlog_kaitai.tables.transactions.Transaction`) until it ends, or stream out
once it is too large to hold, and leave :data:`CHANGE_BATCH_ROWS` at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any

import numpy as np
import pyarrow as pa

from binlog_kaitai.event import Event
from binlog_kaitai.row_groups import RowsShape, row_data_size
from binlog_kaitai.rows import RowChange
from binlog_kaitai.table_info import TableInfo
from binlog_kaitai.tables.changes import (
    ROW_CHANGES_SCHEMA,
    ColumnarChanges,
    ColumnarGroup,
    OpenGroups,
    in_order,
    row_seqs,
)
from binlog_kaitai.tables.problems import Problems
from binlog_kaitai.tables.records import Record, change_row, i64
from binlog_kaitai.tables.schemas import record_batch
from binlog_kaitai.tables.transactions import Transaction, Transactions
from binlog_kaitai.tables.typed_tables import TypedBuffer, conform, typed_from_changes, union_schema

CHANGE_BATCH_ROWS = 4096
"""The reference path's ``row_changes`` records gathered into one Arrow batch."""

Decode = Callable[[Event, str | None], tuple[list[RowChange], str | None]]
"""The reference decoder on a rows event read earlier, in the transaction of a GTID:
its changes, or why they are missing."""
Parts = list[tuple[pa.RecordBatch, np.ndarray]]
"""Batches, each with the place of each row's event among the gathered events."""


class RowBatches:
    """The row changes of the parse of file ``path``, out as batches; see the module
    docstring. ``decode`` decodes an event of a group the columnar decoder refuses;
    ``typed``: each decoded group's rows also as ``typed`` records, batches of
    :mod:`binlog_kaitai.tables.typed_tables`' change tables, gathered per table."""

    def __init__(self, path: str, transactions: Transactions, problems: Problems,
                 decode: Decode, *, min_group_bytes: int, typed: bool) -> None:
        self.path = path
        self.transactions = transactions
        self.problems = problems
        self.decode = decode
        self.min_group_bytes = 0 if typed else min_group_bytes
        """Row data from which a rows event starts a columnar group (0: every rows event
        the columnar decoder may take; more than any event: none, the reference path
        alone). With ``typed``, 0: the typed change tables are made from the groups."""
        self.typed = TypedBuffer() if typed else None
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
        self.count = 0
        """Row changes counted."""

    def gathers(self, ev: Event, found: tuple[tuple[Any, ...], TableInfo, RowsShape] | None
                ) -> bool:
        """Whether a rows event (``found``: its columnar key, if any) joins the groups."""
        return found is not None and (found[0] in self.groups or
                                      (row_data_size(ev) or 0) >= self.min_group_bytes)

    def gather(self, ev: Event, found: tuple[tuple[Any, ...], TableInfo, RowsShape],
               trx: Transaction | None, gtid: str | None, record: tuple[Any, ...] | None
               ) -> None:
        """Gather a rows event of ``trx`` (``gtid``: its transaction's, as the reference
        decoder tells it), with its ``events`` row if it has one."""
        group, index = self.groups.add(ev, found, trx, gtid)
        if record is not None:
            self.deferred.append((record, group, index))

    def events_row(self, record: tuple[Any, ...]) -> Record | None:
        """An ``events`` row: out now (returned), or, while groups are open, held to go
        out with their rows (None)."""
        if self.groups:
            self.deferred.append((record, None, 0))
            return None
        return "events", record

    def changes(self, trx: Transaction, ev: Event, changes: list[RowChange]) -> Iterator[Record]:
        """The reference decoder's changes of ``ev``, held by ``trx`` until its XID is known
        while it is small; once it is too large, its XID is looked up ahead and they
        stream out."""
        self.count += len(changes)
        trx.row_count += len(changes)
        if not trx.hold(changes, ev.length):
            yield from self.release(trx, ev)
            yield from self.emit(changes, i64(trx.final_xid))

    def end(self, trx: Transaction) -> Iterator[Record]:
        """An ended transaction's held changes and ``transactions`` row, or, while groups
        are open (its rows may be there), once they are out."""
        if self.groups:
            self.ended.append(trx)
        else:
            yield from self.finish(trx)

    def finish(self, trx: Transaction) -> Iterator[Record]:
        """The held changes of an ended transaction, then its ``transactions`` row."""
        yield from self.release(trx)
        yield "transactions", self.transactions.row(trx)

    def release(self, trx: Transaction, last: Event | None = None) -> Iterator[Record]:
        """Out with the changes ``trx`` held, with its XID (that of a transaction still
        open looked up ahead from ``last``, its last event read)."""
        if last is not None:
            self.transactions.look_up_xid(trx, last)
        held, trx.held = trx.held, []
        xid = i64(trx.final_xid)
        for changes in held:
            yield from self.emit(changes, xid)

    def emit(self, changes: list[RowChange], xid: int | None) -> Iterator[Record]:
        """The reference decoder's changes out as ``row_changes`` batches, gathered
        :data:`CHANGE_BATCH_ROWS` at a time."""
        self.change_records.extend(change_row(self.path, c, xid) for c in changes)
        if len(self.change_records) >= CHANGE_BATCH_ROWS:
            yield from self.flush_changes()

    def flush_changes(self) -> Iterator[Record]:
        records, self.change_records = self.change_records, []
        if records:
            yield "row_changes", record_batch("row_changes", records, ROW_CHANGES_SCHEMA)

    def flush(self) -> Iterator[Record]:
        """The open groups' rows, decoded a group at a time: first the changes their
        transactions held from before the groups (only the first can hold any: a rows
        event that goes through the reference decoder flushes the groups first), then
        the ``events`` rows held back for their rows counts, the groups' changes as one
        ``row_changes`` batch in binlog order (and typed batches, in binlog order per
        table), then the rows of the transactions that ended meanwhile."""
        groups, last = self.groups.take()
        deferred, self.deferred = self.deferred, []
        ended, self.ended = self.ended, []
        for trx, ev in last:
            yield from self.release(trx, ev)
        parts, typed, counts = yield from self.decode_groups(groups)
        for record, group, index in deferred:
            yield "events", record if group is None else record._replace(
                rows_count=counts[id(group)][index])
        if parts:
            yield from self.flush_changes()
            for batch in in_order(parts):
                self.count += len(batch)
                yield "row_changes", batch
        if self.typed is not None:
            for tables in typed.values():
                for batch in in_order(conformed(tables)):
                    for ready in self.typed.add(batch):
                        yield "typed", ready
        for trx in ended:
            yield from self.finish(trx)

    def drain(self) -> Iterator[Record]:
        """What is left at the split's end: the groups' rows, the last batches."""
        if self.groups:
            yield from self.flush()
        yield from self.flush_changes()
        if self.typed is not None:
            for ready in self.typed.finish():
                yield "typed", ready

    def decode_groups(self, groups: list[ColumnarGroup]) -> Generator[
            Record, None, tuple[Parts, dict[str, Parts], dict[int, list[int | None]]]]:
        """The ``row_changes`` batches of the groups, the typed batches per table, and
        each group's rows counts per event (by the group's id); their transactions'
        rows counted."""
        parts: Parts = []
        typed: dict[str, Parts] = {}
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
        return parts, typed, counts

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
            changes, problem = self.decode(ev, gtid)
            counts.append(None if problem is not None else len(changes))
            records.extend(change_row(self.path, c, xid) for c in changes)
            if problem is not None:
                yield self.problems.error(ev.pos, ev.type_name, problem, ev.timestamp)
        return records, counts


def typed_changes(changes: ColumnarChanges) -> pa.RecordBatch:
    """A decoded group's rows as a typed change-table batch."""
    table = changes.table
    return typed_from_changes(changes.rows_batch, changes.images, table.schema, table.table,
                              len(table.column_metas), table.pk)


def conformed(parts: Parts) -> Parts:
    """Typed batches of one table, of one schema (their union if they differ)."""
    first = parts[0][0].schema
    if all(batch.schema.equals(first, check_metadata=True) for batch, _ in parts):
        return parts
    schema = union_schema(batch.schema for batch, _ in parts)
    return [(conform(batch, schema), seqs) for batch, seqs in parts]
