"""The ``rows`` command's run: every file's row changes through one decoder, printed.

:class:`RowsCommand` keeps what carries over from one file to the next, as it would on a
replica: the schema history and the DDL it has seen, the decoder
(:class:`~binlog_kaitai.ordered_rows.OrderedRows`) and, for ``--sql``, the script
(:class:`~binlog_kaitai.sql_changes.SqlScript`). The filters (:mod:`binlog_kaitai.filters`)
keep from the decoder the rows events of the transactions, types and kinds of change left
out (:class:`~binlog_kaitai.filters.RowsGate`); the decoder leaves out the tables
(:class:`~binlog_kaitai.filters.TableFilter`); every other event still reaches it, which
needs the table maps, GTIDs and DDL before the rows. A change logged as a statement has
no rows to print: each file's are counted on stderr, and the exit status is 1.

A file's rows depend on the files before it only through the schema history, unless
``--sql`` (one script), a stop time, checksums checked or a filter of the transactions
(``--include-gtids``, ``--type``, ``--op``) carry more across them. Without those, on a
machine of several cores, the files are read side by side
(:mod:`binlog_kaitai.file_workers`), each from the history the DDL of the files before it
leaves (:class:`~binlog_kaitai.schema.HistoriesAhead`, worked out here by a walk of their
statements alone, a fifth of the time of reading them).
"""

from __future__ import annotations

import argparse
import os
from typing import TextIO

from binlog_kaitai.errors import RowsError
from binlog_kaitai.event import Event
from binlog_kaitai.filters import Filters, RowsGate
from binlog_kaitai.ordered_rows import (
    QUIET_TYPES,
    GarbageCollector,
    Item,
    OrderedRows,
    RenderedRows,
)
from binlog_kaitai.row_groups import keep_freed_memory
from binlog_kaitai.row_text import json_lines
from binlog_kaitai.schema import SchemaHistory, take_ddl
from binlog_kaitai.sql_changes import SqlScript
from binlog_kaitai.stream import RowsRun, Source, read_events


class RowsCommand:
    """One ``rows`` run over its files (:meth:`file` each, then :meth:`finish`). Raises
    OSError when a ``--schema`` file cannot be read."""

    def __init__(self, args: argparse.Namespace, out: TextIO, err: TextIO,
                 schema: SchemaHistory | None = None) -> None:
        self.args, self.out, self.err = args, out, err
        self.filters = Filters.from_args(args)
        self.gate = RowsGate(self.filters, since=args.start_datetime)
        self.schema = SchemaHistory(args.schema) if schema is None else schema
        """The schema history (``schema``, else the ``--schema`` files')."""
        keep_freed_memory()
        self.decoder = OrderedRows(
            schema=self.schema, tables=self.filters.tables,
            render=None if args.sql else "json" if args.json else "text",
            expected_bytes=sum(os.path.getsize(name) for name in args.files
                               if os.path.isfile(name)))
        self.sql = SqlScript(self.decoder, out, err, flashback=args.flashback,
                             gtids=args.gtid, ddl=args.sql_ddl,
                             since=args.start_datetime) if args.sql else None
        self.garbage = GarbageCollector()
        self.held_status = 0
        """The worst status of what :meth:`flush` printed."""

    def flush(self, name: str) -> None:
        """Print what the decoder holds back and flush the output: a live source calls
        this when it waits for the server, so a transaction shows as it arrives."""
        self.held_status = max(self.held_status, self.show(name, self.decoder.finish()))
        self.out.flush()

    def file(self, name: str, start: int | None, stop: int | None,
             source: Source | None = None) -> int:
        """The rows of one file, read from ``start`` to ``stop`` (its time bounds found
        by the seek); the exit status so far. ``source``: the file's bytes when they are
        not at ``name`` (a live server's binlog, :mod:`binlog_kaitai.follow`, whose
        reader gives :meth:`ddl_before` the DDL before ``start`` itself)."""
        args = self.args
        if start is not None and source is None:
            self.ddl_before(name, start)
        quiet = self.sql is None and args.stop_datetime is None  # (a stop: at any event)
        runs = quiet and args.start_datetime is None and self.gate.admits_all_but_statements
        stream = read_events(name if source is None else source, start=start, stop=stop,
                             strict_checksums=args.strict_checksums, expand_payloads=True,
                             skip=QUIET_TYPES if quiet else (), rows_runs=runs)
        feed = self.decoder.feed if self.sql is None else self.sql.feed
        admits, since, stop = self.gate.admits, args.start_datetime, args.stop_datetime
        status, clean = 0, False
        try:
            for ev in stream:  # (the loop of every event: what it can, looked up once)
                if type(ev) is RowsRun:  # (only when no event is looked at: ``runs``)
                    items = self.decoder.feed_run(ev)
                elif stop is not None and ev.timestamp >= stop:
                    break
                elif not admits(ev) or (since is not None and ev.is_rows and not self.wanted(ev)):
                    continue  # (a rows event before the window: as if sought past)
                else:
                    items = feed(ev)
                if not items:
                    continue
                status = max(status, self.show(name, items))
                self.garbage.rendered(items)
                del items  # a batch's events are dropped with the items, and no others
                self.garbage.collect()
            clean = True
        finally:  # the rows of every event before the end, or before the damage
            status = max(status, self.show(name, self.decoder.finish()), self.held_status)
            if self.sql is not None:
                self.sql.end_file(clean and status == 0)
            status = max(status, self.statements(name))
        return status

    @property
    def files_apart(self) -> bool:
        """Whether each file's rows need nothing of the files before it but the schema
        history (see the module docstring)."""
        args = self.args
        return self.sql is None and args.stop_datetime is None and (
            not args.strict_checksums) and self.gate.admits_all_but_statements

    def ddl_before(self, head: Source, start: int) -> None:
        """Take the DDL of a file before ``start`` (``head``: the file from its first
        byte) into the schema history: it names the columns of the rows after."""
        take_ddl(self.schema, head, None, start)

    def statements(self, name: str) -> int:
        """Say how many changes of the file were logged as statements (``--sql``
        refuses each in its own words): 1 when there were some."""
        count, self.gate.statements = self.gate.statements, 0
        if count == 0 or self.sql is not None:
            return 0
        many = "s (binlog_format=STATEMENT/MIXED) are" if count > 1 else (
            " (binlog_format=STATEMENT/MIXED) is")
        print(f"{name}: {count} statement-logged change{many} not rows; see "
              "`events --type query`", file=self.err)
        return 1

    def finish(self, status: int) -> int:
        """The run's exit status (``--sql`` ends its script); a ``--table`` or
        ``--database`` that matched nothing is said."""
        self.filters.tables.warn(self.err)
        return status if self.sql is None else self.sql.finish(status)

    def show(self, name: str, items: list[Item]) -> int:
        """Print what the decoder gave back: changes, lines rendered together, problems."""
        status = 0
        for item in items:
            if isinstance(item, RowsError):
                print(f"{name}: offset {item.offset}: {item.message}", file=self.err)
                status = 1
                continue
            if isinstance(item, RenderedRows):  # bulk events' lines, rendered together
                write_utf8(self.out, item.lines([self.wanted(ev) for ev in item.events]))
                continue
            ev, changes = item  # (``rows`` text comes rendered: RenderedRows)
            if not self.wanted(ev):
                continue
            if self.sql is not None:
                status = max(status, self.sql.add(name, ev, changes))
            else:
                self.out.write(json_lines(changes))
        return status

    def wanted(self, ev: Event) -> bool:
        start = self.args.start_datetime
        return start is None or ev.timestamp >= start


WRITE_BYTES = 256 << 10
"""The most :func:`write_utf8` hands the system in one ``write``. A batch's lines (10 MB
and more) written at once took the kernel 0.3-0.9 s of system time for the bench file's
400 MB, in most runs (``perf``: its copy into the page cache,
``copy_folio_from_iter_atomic``), against 0.18-0.29 s in every run written 256 KB at a
time: 1.29-1.55 s of wall time became 1.13-1.24 s (five alternating pairs; 1 MB steps
were as quick, 4 MB ones paid again)."""


def write_utf8(out: TextIO, data: bytes | memoryview) -> None:
    """UTF-8 text to ``out``: to its bytes when it has them (no decoding and encoding
    back of ``rows --json``'s hundreds of MB), :data:`WRITE_BYTES` at a time."""
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(str(data, "utf-8"))
        return
    out.flush()
    view = memoryview(data)
    for at in range(0, len(view), WRITE_BYTES):
        buffer.write(view[at:at + WRITE_BYTES])
