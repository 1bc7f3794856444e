"""Command line: ``binlog-kaitai events|summary|rows|check|seek|plan|export [--json] FILE...``.

Every command takes files, folders, globs and URIs (``s3://...``), in chain order
(:mod:`binlog_kaitai.inputs`). A damaged file never ends the run: its error goes to
stderr as ``FILE: offset N: what``, the other files are still processed and the exit
status is 1. No traceback reaches a user. Date-times are read, and text output prints
them, in local time, as ``mysqlbinlog`` does (:mod:`binlog_kaitai.times`); JSON is UTC.
The reference, with each option's ``mysqlbinlog`` counterpart: ``docs/cli.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, replace
from datetime import UTC, datetime
from functools import lru_cache
from json.encoder import encode_basestring_ascii as encode_json_string
from typing import TYPE_CHECKING, Any, TextIO

from binlog_kaitai import times
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import Event
from binlog_kaitai.file_workers import each_file_in_workers, side_by_side
from binlog_kaitai.filters import EventFilter, Filters, TableFilter, add_filter_options
from binlog_kaitai.follow import follow, is_live
from binlog_kaitai.inputs import check_positions, check_window, positions_of, take_inputs
from binlog_kaitai.pull import add_pull_parser, add_server_options, run_pull
from binlog_kaitai.render import (
    CHECKSUM_JSON,
    Parsed,
    describe,
    event_data,
    event_data_json,
    json_line,
    parse,
    run_json_lines,
)
from binlog_kaitai.stream import RowsRun, read_events
from binlog_kaitai.summary import Summary, summary
from binlog_kaitai.times import local_text, local_zone_note

if TYPE_CHECKING:
    from binlog_kaitai.rows_command import RowsCommand

FILES_HELP = ("binlog files, folders (searched at any depth), globs, or URIs (s3://, gs://, "
              "hdfs://, abfs://: docs/object-stores.md); read in chain order")
SUMMARY_COLUMNS = ("file", "start_time", "end_time", "end_reason", "next_file", "size", "error")


def parse_datetime(value: str) -> float:
    """A date-time option, as seconds since the epoch: local time unless a zone is
    given, fractions kept (:func:`binlog_kaitai.times.parse_datetime`)."""
    try:
        return times.parse_datetime(value)
    except times.DateTimeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def parse_event_datetime(value: str) -> float:
    """``--start-datetime``/``--stop-datetime``: a date-time option in whole seconds, as
    ``mysqlbinlog`` compares them with an event's whole-second ``when`` (its parse
    drops the fraction: ``29.5`` keeps the events of second 29 from a start, and stops
    at them)."""
    return math.floor(parse_datetime(value))


def parse_as_of(value: str) -> str:
    """``export --as-of``, read as every date-time option is, handed to the export as
    the UTC ISO-8601 text it reads (``binlog_kaitai.times.utc_datetime``)."""
    return datetime.fromtimestamp(parse_datetime(value), UTC).isoformat()


def package_version() -> str:
    """This package's installed version (``--version``)."""
    from importlib.metadata import PackageNotFoundError, version  # (20 ms: on asking)

    try:
        return version("binlog-kaitai")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


class VersionAction(argparse.Action):
    """``--version``: the installed version, looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(f"{parser.prog} {package_version()}")
        parser.exit()


def parse_gtid(value: str) -> Any:
    """One GTID (:class:`~binlog_kaitai.seek.Gtid`)."""
    from binlog_kaitai.seek import Gtid

    try:
        return Gtid.parse(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="binlog-kaitai", description="Read MySQL/MariaDB binary logs offline. "
        "FILE: binlog files, folders (searched at any depth), globs or URIs (s3://...), "
        "read in chain order."
    )
    parser.add_argument("--version", action=VersionAction,
                        help="show the installed version and exit")
    sub = parser.add_subparsers(dest="command", required=True)

    events = sub.add_parser("events", help="list the events of binlog files")
    add_event_filters(events, "one JSON object per event")

    rows = sub.add_parser("rows", help="every inserted, updated and deleted row, with values")
    add_event_filters(rows, "one JSON object per changed row")
    rows.add_argument("--schema", action="append", metavar="FILE", default=[],
                      help="DDL (CREATE TABLE ...) giving column names the binlog lacks "
                           "(repeatable)")
    rows.add_argument("--sql", action="store_true",
                      help="SQL that makes the changes again: INSERT/UPDATE/DELETE, one "
                           "BEGIN/COMMIT per transaction")
    rows.add_argument("--flashback", action="store_true",
                      help="with --sql: the SQL that undoes them, last change first")
    rows.add_argument("--gtid", type=parse_gtid, action="append", metavar="GTID",
                      help="with --sql: only the changes of this transaction (repeatable)")
    rows.add_argument("--sql-ddl", action="store_true",
                      help="with --sql: the DDL statements as SQL (with USE db), in order "
                           "with the changes; without it, each is a comment")

    summ = sub.add_parser("summary", help="time span, successor and GTID state of each file")
    summ.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)
    summ.add_argument("--json", action="store_true", help="one JSON object per file")

    check = sub.add_parser("check", help="is an archive of binlogs whole? (missing or "
                           "foreign files, time or GTID gaps; reads heads and tails only)")
    check.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)
    check.add_argument("--json", action="store_true",
                       help="one JSON object per problem, then one per chain")

    seek = sub.add_parser("seek", help="where a time or a GTID starts in a binlog, by "
                          "bisection (a few reads, not a scan)")
    seek.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)
    what = seek.add_mutually_exclusive_group(required=True)
    what.add_argument("--datetime", type=parse_datetime, metavar="DT",
                      help="the first event at or after DT (local time unless a zone is "
                           "given)")
    what.add_argument("--gtid", type=parse_gtid, metavar="GTID",
                      help="the event of this GTID (domain-server-seq or uuid[:tag]:gno)")
    seek.add_argument("--json", action="store_true",
                      help="the answer as one JSON object")

    add_plan_parser(sub)
    add_export_parser(sub)
    add_pull_parser(sub)
    return parser


def add_export_parser(sub: Any) -> None:
    export = sub.add_parser(
        "export", help="the Spark job's tables (files, events, transactions, row_changes, "
        "errors) as Parquet, in one process without Spark")
    export.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)
    export.add_argument("--output", required=True, metavar="DIR")
    export.add_argument("--overwrite", action="store_true",
                        help="replace the export DIR holds (else refused)")
    export.add_argument("--incremental", action="store_true",
                        help="add to DIR's tables what earlier --incremental runs left: "
                        "new files, new transactions of a grown file")
    export.add_argument("--mode", choices=("permissive", "failfast"), default="permissive",
                        help="failfast: stop at the first problem, writing nothing")
    export.add_argument("--schema", action="append", metavar="FILE", default=[],
                        help="DDL giving column names the binlog lacks (repeatable)")
    export.add_argument("--no-typed-tables", dest="typed", action="store_false",
                        help="skip the typed change tables (tables/<db>.<table>)")
    export.add_argument("--snapshot", action="store_true",
                        help="also snapshots/<db>.<table>: each table's rows at the end, "
                        "or at --as-of")
    export.add_argument("--as-of", type=parse_as_of, metavar="DATETIME",
                        help="the snapshot's time (local time unless a zone is given)")


def add_plan_parser(sub: Any) -> None:
    def position(value: str) -> tuple[str, int]:
        from binlog_kaitai.plan import parse_position  # here: other commands start faster

        try:
            return parse_position(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    plan = sub.add_parser("plan", help="what to replay from a backup's position to a time "
                          "or a GTID: files, positions, gaps, and the command line")
    plan.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)
    start = plan.add_mutually_exclusive_group(required=True)
    start.add_argument("--from", dest="from_position", type=position, metavar="FILE:POS",
                       help="the backup's binlog position (SHOW MASTER STATUS)")
    start.add_argument("--from-gtid", metavar="SET",
                       help="the backup's GTID set (gtid_binlog_pos or gtid_executed)")
    stop = plan.add_mutually_exclusive_group(required=True)
    stop.add_argument("--to-datetime", type=parse_datetime, metavar="DT",
                      help="replay the transactions before DT (local time unless a zone "
                           "is given)")
    stop.add_argument("--to-gtid", type=parse_gtid, metavar="GTID",
                      help="replay up to this GTID's transaction, included")
    plan.add_argument("--json", action="store_true", help="the plan as one JSON object")


def add_event_filters(parser: argparse.ArgumentParser, json_help: str) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help=f"{FILES_HELP}; with --host, the first binlog to read, as the "
                             "server names it")
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--start-position", type=int, metavar="N",
                        help="in the first file, start at the event at byte N (an event "
                             "start)")
    parser.add_argument("--stop-position", type=int, metavar="N",
                        help="in the last file, stop at the event at byte N (an event "
                             "start)")
    parser.add_argument("--start-datetime", type=parse_event_datetime, metavar="DT",
                        help="skip events older than DT (local time unless a zone is "
                             "given; whole seconds, as mysqlbinlog)")
    parser.add_argument("--stop-datetime", type=parse_event_datetime, metavar="DT",
                        help="stop at the first event at or after DT (whole seconds)")
    add_filter_options(parser)  # --table, --database, --type, --op, --*-gtids
    parser.add_argument("--strict-checksums", action="store_true",
                        help="treat a CRC32 mismatch as an error that stops the file")
    add_server_options(parser, "FILE")  # --host...: a live server's events, not files


def read_bounds(name: str, args: argparse.Namespace) -> tuple[int | None, int | None]:
    """The positions that apply to the file (:func:`~binlog_kaitai.inputs.positions_of`)
    narrowed to where ``--start-datetime``
    and ``--stop-datetime`` fall in the file, found by bisection
    (:func:`~binlog_kaitai.seek.datetime_bounds`): what lies outside is not read."""
    start, stop = positions_of(args, name)
    if args.start_datetime is None and args.stop_datetime is None:
        return start, stop
    from binlog_kaitai.seek import datetime_bounds

    low, high = datetime_bounds(name, args.start_datetime, args.stop_datetime)
    if low is not None and (start is None or low > start):
        start = low
    if high is not None and (stop is None or high < stop):
        stop = high
    return start, stop


def filtered(events: Iterator[Event], args: argparse.Namespace, chosen: EventFilter
             ) -> Iterator[Event]:
    """The events the options keep (``events`` itself when they keep them all)."""
    return events if keeps_every_event(args, chosen) else _kept(events, args, chosen)


def keeps_every_event(args: argparse.Namespace, chosen: EventFilter) -> bool:
    """Whether the options keep every event (no time window, no filter)."""
    return args.start_datetime is None and args.stop_datetime is None and chosen.keeps_all


def _kept(events: Iterator[Event], args: argparse.Namespace, chosen: EventFilter
          ) -> Iterator[Event]:
    for ev in events:
        if args.stop_datetime is not None and ev.timestamp >= args.stop_datetime:
            return
        if args.start_datetime is not None and ev.timestamp < args.start_datetime:
            continue
        if not chosen.keeps(ev):
            continue
        yield ev


def event_json(ev: Event, shown_name: str, parsed: Parsed | None = None) -> dict[str, Any]:
    """The object ``events --json`` writes for an event (docs/events-json.md);
    ``parsed``: its :func:`~binlog_kaitai.render.parse`, when the caller has it."""
    parsed = parse(ev) if parsed is None else parsed
    data = event_data(ev, parsed)
    return {
        "file": shown_name,
        "pos": ev.pos,
        "type": ev.type_name,
        "type_code": ev.type_code,
        "timestamp": ev.timestamp,
        "server_id": ev.server_id,
        "length": ev.length,
        "log_pos": ev.log_pos,
        "flags": ev.flags,
        "checksum_ok": parsed.checksum_ok,
        "info": describe(ev, parsed),
        "data": data,
    }


def event_json_text(ev: Event, name_json: str, parsed: Parsed) -> str:
    """``json.dumps(event_json(ev, name))`` (``name_json``: the file's name as JSON),
    written directly (:func:`~binlog_kaitai.render.json_line`): the header's numbers as
    they are, its strings and the data encoded by the json module's own functions (a
    table map's data once per body). Twice as quick as encoding the object;
    ``test_render`` checks it is the same text."""
    head = (ev.timestamp, ev.type_code, ev.server_id, ev.length,
            -1 if ev.log_pos is None else ev.log_pos, -1 if ev.flags is None else ev.flags)
    return json_line(name_json, ev.pos, head, CHECKSUM_JSON[parsed.checksum_ok],
                     encode_json_string(describe(ev, parsed)), event_data_json(ev, parsed))


def event_line(ev: Event, parsed: Parsed | None = None,
               when_text: Callable[[float], str] = local_text) -> str:
    """The line text ``events`` writes for an event; ``parsed`` as for :func:`event_json`;
    ``when_text``, :func:`~binlog_kaitai.times.local_text` or a cache of it."""
    parsed = parse(ev) if parsed is None else parsed
    when = when_text(ev.timestamp)
    crc = " CRC-MISMATCH" if parsed.checksum_ok is False else ""
    info = describe(ev, parsed).replace("\n", " ")
    if len(info) > 200:
        info = info[:197] + "..."
    return (f"{ev.pos:>10}  {when}  {ev.type_name:<28} server_id={ev.server_id:<6} "
            f"len={ev.length:<7}{crc}  {info}").rstrip()


def each_file(args: argparse.Namespace, out: TextIO, err: TextIO,
              handle: Callable[[str], int]) -> int:
    """Run ``handle`` (which returns 0, or 1 after reporting a problem) on every file in
    turn (:func:`one_file`); the worst status is returned."""
    status = 0
    for name in args.files:
        status = max(status, one_file(args, name, out, err, handle))
    return status


def one_file(args: argparse.Namespace, name: str, out: TextIO, err: TextIO,
             handle: Callable[[str], int]) -> int:
    """Run ``handle`` on one file. A damaged file, or a bug of ours on it, is reported on
    ``err`` as ``FILE: ...`` (and the next file still runs): 1, or 2 for a bug."""
    if not args.json and not getattr(args, "flashback", False):
        print(f"# {name}", file=out)
    try:
        return handle(name)
    except BinlogError as exc:
        print(f"{name}: offset {exc.offset}: {exc.message}", file=err)
        return 1
    except BrokenPipeError:  # the reader went away (`| head`): not this file's fault
        raise
    except Exception as exc:  # a bug of ours on this file: say so, go on with the next
        print(f"{name}: internal error: {type(exc).__name__}: {exc}", file=err)
        return 2


class EventsRun:
    """What ``events`` writes of the files, one after the other or each in a worker
    process (:mod:`~binlog_kaitai.file_workers`)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.chosen = EventFilter(Filters.from_args(args))
        # Events come many to a second: each second's local time is formatted once
        # (2 µs, the largest part of a text line), kept for this run only, within which
        # the local zone does not change.
        self.when_text = lru_cache(maxsize=64)(local_text)
        self.at_once = 1 if is_live(args) else LINES_AT_ONCE
        """Lines written in one call: one at a time from a live server, whose events
        show as they arrive."""

    def show(self, name: str, stream: Iterator[Event], out: TextIO, err: TextIO) -> int:
        """Write the events of ``stream`` kept by the options, :attr:`at_once` lines at
        a time (all of them before a problem is said on ``err``, and before the damage
        that ends the stream is); the status."""
        status = 0
        name_json = encode_json_string(name)
        lines: list[str] = []
        try:
            for ev in filtered(stream, self.args, self.chosen):
                if type(ev) is not RowsRun:
                    status = max(status, self._line(ev, name, name_json, lines, out, err))
                    continue
                for k, line in enumerate(run_json_lines(ev, name_json)):  # (see runs)
                    if line is None:
                        status = max(status, self._line(ev.event(k), name, name_json, lines,
                                                        out, err))
                    else:
                        lines.append(line)
                if len(lines) >= self.at_once:
                    _write_lines(out, lines)
        finally:
            _write_lines(out, lines)
        return status

    def _line(self, ev: Event, name: str, name_json: str, lines: list[str], out: TextIO,
              err: TextIO) -> int:
        """An event's line added to ``lines`` (written when there are :attr:`at_once`,
        and before its decode error is said on ``err``); 1 after such an error."""
        parsed = parse(ev)
        status = 0
        if parsed.decode_error is not None:
            _write_lines(out, lines)
            print(f"{name}: offset {ev.pos}: cannot decode {ev.type_name} body: "
                  f"{parsed.decode_error}", file=err)
            status = 1
        lines.append(event_json_text(ev, name_json, parsed) if self.args.json
                     else event_line(ev, parsed, self.when_text))
        if len(lines) >= self.at_once:
            _write_lines(out, lines)
        return status

    @property
    def runs(self) -> bool:
        """Whether events come in runs (``event_runs``), each one's line made without an
        Event (:func:`~binlog_kaitai.render.run_json_lines`): ``--json`` with no filter
        that looks at each event, and no CRC mismatch to stop at."""
        args = self.args
        return args.json and not args.strict_checksums and keeps_every_event(args, self.chosen)

    def file(self, name: str, out: TextIO, err: TextIO) -> int:
        """One file's events (from the start and stop its options give it)."""
        args = self.args

        def handle(name: str) -> int:
            start, stop = read_bounds(name, args)
            return self.show(name, read_events(name, start=start, stop=stop,
                                               strict_checksums=args.strict_checksums,
                                               checksums=True, event_runs=self.runs),
                             out, err)

        return one_file(args, name, out, err, handle)

    def in_worker(self, name: str, out: TextIO, err: TextIO, _given: None
                  ) -> tuple[int, TableFilter]:
        """One file's events in a worker process: its status and the tables its
        ``--table``/``--database`` saw (each file's events need nothing of the others)."""
        return self.file(name, out, err), self.chosen.filters.tables


LINES_AT_ONCE = 256
"""Lines of ``events`` of files written in one call (a ``print`` each took a tenth of its
time)."""


def _write_lines(out: TextIO, lines: list[str]) -> None:
    """Write ``lines`` (each with its newline) and empty the list."""
    if lines:
        lines.append("")
        out.write("\n".join(lines))
        lines.clear()


def run_events(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    run = EventsRun(args)
    if not args.json:
        print(f"# {local_zone_note()}", file=out)
    if is_live(args):
        status = follow(args, out, err, lambda live, start: run.show(live.name, read_events(
            live, start=start, strict_checksums=args.strict_checksums, checksums=True),
            out, err),
            lambda _name: out.flush())
    elif workers := side_by_side(args.files):
        out.flush()
        done = each_file_in_workers(args.files, run.in_worker, out, err, workers)
        status = max(file_status for file_status, _ in done)
        for _, tables in done:
            run.chosen.filters.tables.merge(tables)
    else:
        status = max((run.file(name, out, err) for name in args.files), default=0)
    run.chosen.filters.tables.warn(err)  # a --table that matched nothing
    return status


def run_rows(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Decode the rows of every file in order, with one decoder (see
    :class:`~binlog_kaitai.rows_command.RowsCommand`)."""
    # Row decoding pulls in value conversion, the JSON specs and orjson: imported here so
    # `summary` and `events` start fast (a DBA may run summary over many files).
    from binlog_kaitai.rows_command import RowsCommand

    try:
        command = RowsCommand(args, out, err)
    except OSError as exc:
        print(f"{exc.filename}: cannot read schema file: {exc.strerror}", file=err)
        return 1
    if not (args.json or args.sql):
        print(f"# {local_zone_note()}", file=out)
    def from_server(live: Any, start: int | None) -> int:
        if start is not None:  # the DDL before the start names columns, as from files
            with live.from_start() as head:
                command.ddl_before(head, start)
        return command.file(live.name, start, None, source=live)

    if is_live(args):
        status = follow(args, out, err, from_server, command.flush)
    elif command.files_apart and (workers := side_by_side(args.files)):
        status = _rows_side_by_side(args, command, out, err, workers)
    else:
        status = each_file(args, out, err,
                           lambda name: command.file(name, *read_bounds(name, args)))
    return command.finish(status)


def _rows_side_by_side(args: argparse.Namespace, command: RowsCommand, out: TextIO,
                       err: TextIO, workers: int) -> int:
    """``rows`` of the files read side by side (see
    :mod:`~binlog_kaitai.rows_command`): the first by ``command``, each other one in a
    worker by a command of its own, from the schema history the files before it leave;
    the worst status (the tables each one saw merged into ``command``'s)."""
    from binlog_kaitai.rows_command import RowsCommand
    from binlog_kaitai.schema import HistoriesAhead, thaw

    def one(name: str, out: TextIO, err: TextIO, frozen: bytes | None
            ) -> tuple[int, TableFilter]:
        mine = command if frozen is None else RowsCommand(args, out, err, thaw(frozen))
        status = one_file(args, name, out, err,
                          lambda name: mine.file(name, *read_bounds(name, args)))
        return status, mine.filters.tables

    out.flush()
    command.decoder.load()  # (once, before the workers are forked)
    done = each_file_in_workers(args.files, one, out, err, workers,
                                HistoriesAhead(args.files, command.schema))
    for _, tables in done:
        command.filters.tables.merge(tables)
    return max(status for status, _ in done)


def run_summary(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    status = 0
    results: list[Summary] = []
    for name in args.files:
        try:
            result = summary(name)
        except BrokenPipeError:
            raise
        except Exception as exc:  # a bug of ours on this file: say so, go on with the next
            print(f"{name}: internal error: {type(exc).__name__}: {exc}", file=err)
            status = 2
            continue
        if result.error is not None:
            print(f"{name}: {result.error}", file=err)
            status = 1
        results.append(result)
    if args.json:
        gtids = successor_gtids(results)
        for r in results:
            known = gtids.get(r.file)
            print(json.dumps(r.to_dict() | (asdict(known) if known else {})), file=out)
    elif results:
        print_summary_table(results, out)
    return status


def print_summary_table(results: list[Summary], out: TextIO) -> None:
    """``summary``'s text: one row per file, times local (said once, above)."""
    def cell(r: Summary, column: str) -> str:
        ts = {"start_time": r.start_timestamp, "end_time": r.end_timestamp}.get(column)
        value = getattr(r, column) if column not in ("start_time", "end_time") else (
            None if ts is None else local_text(ts))
        return "" if value is None else str(value)

    rows = [[cell(r, c) for c in SUMMARY_COLUMNS] for r in results]
    widths = [max(len(c), *(len(row[i]) for row in rows)) for i, c in enumerate(SUMMARY_COLUMNS)]
    print(f"# {local_zone_note()}", file=out)
    print("  ".join(c.ljust(w) for c, w in zip(SUMMARY_COLUMNS, widths, strict=True)), file=out)
    for row in rows:
        print("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip(),
              file=out)


def successor_gtids(results: list[Summary]) -> dict[str, Any]:
    """What each file's successor among ``results`` tells of its GTIDs (a lone file has
    none: the archive module, which knows chains, is then not even imported, since a DBA
    may run ``summary`` on every file one by one)."""
    if len(results) < 2:
        return {}
    from binlog_kaitai.archive import chain_gtids

    return chain_gtids(results)


def run_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from binlog_kaitai.archive import chain_table, check

    found = check(args.files)
    if not found.chains and not found.problems:
        print(f"binlog-kaitai check: no binlog found in {' '.join(args.files)}", file=err)
        return 1
    for p in found.problems:
        print(json.dumps(p.to_dict()) if args.json else f"{p.file}: {p.kind}: {p.detail}",
              file=out)
    if args.json:
        for c in found.chains:
            print(json.dumps(c.to_dict()), file=out)
    else:
        if found.skipped:
            many = "s that are" if len(found.skipped) > 1 else " that is"
            print(f"# skipped {len(found.skipped)} file{many} not a binlog: "
                  + ", ".join(os.path.basename(p) for p in found.skipped[:5])
                  + (", ..." if len(found.skipped) > 5 else ""), file=out)
        print(f"# {local_zone_note()}", file=out)
        print("\n".join(chain_table(found.chains)), file=out)
    return 1 if found.problems else 0


def run_seek(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The archive's answer: the first file, in chain order, that holds the event sought
    (files that cannot be read are reported and passed over)."""
    from binlog_kaitai.seek import SeekResult, seek_datetime, seek_gtid

    status, found, read = 0, None, 0
    for i, name in enumerate(args.files):
        try:
            found = (seek_gtid(name, args.gtid) if args.gtid is not None
                     else seek_datetime(name, args.datetime))
        except BinlogError as exc:
            print(f"{name}: offset {exc.offset}: {exc.message}", file=err)
            status = 1
            continue
        read += found.bytes_read
        if found.pos is not None:
            status = max(status, heads_unread(args.files[i + 1:], err))
            break
    if found is None:
        return status
    result: SeekResult = replace(found, bytes_read=read)
    if args.json:
        print(json.dumps(result.to_dict()), file=out)
    else:
        print(f"# {local_zone_note()}", file=out)
        print(seek_line(args, result), file=out)
    return status


def heads_unread(names: list[str], err: TextIO) -> int:
    """The files an answer made ``seek`` pass over, each opened to its first event: one
    that is no binlog (or encrypted, or damaged there) is said on ``err`` as every
    command says it, and the status is 1, as it would be had the answer lain after it."""
    from binlog_kaitai.stream import BinlogStream

    status = 0
    for name in names:
        try:
            with BinlogStream(name, bodies=frozenset()):
                pass
        except BinlogError as exc:
            print(f"{name}: offset {exc.offset}: {exc.message}", file=err)
            status = 1
    return status


def seek_line(args: argparse.Namespace, found: Any) -> str:
    """``seek``'s answer as text, times local."""
    if found.pos is not None:
        return (f"{found.file}: pos {found.pos} ({local_text(found.timestamp)}), "
                f"transaction at {found.transaction_pos}; {found.bytes_read} bytes read")
    what = (f"no GTID {found.gtid}" if found.gtid is not None
            else f"no event at or after {local_text(args.datetime)}")
    where = found.file if len(args.files) == 1 else f"{len(args.files)} files"
    return f"{where}: {what}"


def run_plan(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from binlog_kaitai.plan import plan, plan_lines

    found = plan(args.inputs, from_position=args.from_position, from_gtid=args.from_gtid,
                 to_datetime=args.to_datetime, to_gtid=args.to_gtid)
    status = 0
    for p in found.unusable.values():  # every file no chain takes, in the plan's way or
        if p.kind != "unreadable":     # not, as every command says it (unreadable: above)
            print(f"{p.file}: {p.detail}", file=err)
            status = 1
    for p in found.problems:
        if p.kind in ("damaged", "encrypted") and p not in found.unusable.values():
            print(f"{p.file}: {p.detail}", file=err)
    if args.json:
        print(json.dumps(found.to_dict()), file=out)
    else:
        print(f"# {local_zone_note()}", file=out)
        print("\n".join(plan_lines(found)), file=out)
    return status if found.possible else 1


def run_export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    # The extraction the Spark job's executors run (binlog_kaitai/tables/extract.py), and pyarrow:
    # imported here, so the other commands start fast.
    from binlog_kaitai.tables.export import main as export_main

    return export_main(args, out, err)


def run(args: argparse.Namespace,
        runner: Callable[[argparse.Namespace, TextIO, TextIO], int]) -> int:
    """Take the inputs, check the positions given, then run the command. ``check``
    reports unreadable inputs as problems of the archive; ``export`` lists its inputs
    as the Spark job does (``binlog_kaitai.tables.splits.list_inputs``: every file below a folder, a
    non-binlog a row of ``errors``), so that both write the same tables; ``pull`` reads
    a server, not files."""
    status = 0
    if args.command in ("events", "rows") and is_live(args):
        return runner(args, sys.stdout, sys.stderr)
    if args.command not in ("check", "export", "pull"):
        args.inputs = args.files  # `plan` tells an unusable file in its way from an absent one
        status, args.files = take_inputs(args.command, args.files, sys.stderr)
        if not args.files:
            return status
    if hasattr(args, "start_position") and not (
            check_window(args, sys.stderr) and check_positions(args, sys.stderr)):
        return 1
    return max(status, runner(args, sys.stdout, sys.stderr))


def main(argv: Sequence[str] | None = None) -> int:
    # numpy's OpenBLAS starts a thread per core but one at numpy's import, which spins
    # waiting for work (about 0.1 s of a core: 7% of `rows --json`'s CPU time on the
    # bench file, beside its decoding thread). Nothing here multiplies matrices: the
    # CLI's process asks for none, before numpy is imported (a user's value is kept).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "rows" and (
            args.sql or args.flashback or args.gtid or args.sql_ddl) and (
            args.json or not args.sql):
        parser.error("rows: --sql goes without --json, --flashback and --gtid with --sql, "
                     "and so does --sql-ddl")
    if args.command in ("events", "rows") and not (args.files or is_live(args)):
        parser.error(f"{args.command}: give FILE... (or --host and the first binlog's name)")
    runner = {"events": run_events, "summary": run_summary, "rows": run_rows, "check": run_check,
              "seek": run_seek, "plan": run_plan,
              "export": run_export, "pull": run_pull}[args.command]
    try:
        return run(args, runner)
    except BrokenPipeError:
        # As a Unix tool killed by SIGPIPE: no message, status 128 + 13. Python would
        # still flush stdout at exit and complain, so point it at /dev/null first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug of ours: say so in one line, never a traceback
        print(f"binlog-kaitai: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
