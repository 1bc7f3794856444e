"""``events --host`` and ``rows --host``: a live server's events, printed as they arrive.

As ``mysqlbinlog --read-from-remote-server`` does, the file argument names the first
binlog to read (``--start-position`` the offset in it), or ``--from-gtid`` the GTID state
to start after; without ``--stop-never`` the run ends at the end of the server's last
binlog, with it the run waits for new events, reconnecting (as ``pull`` does) when the
connection drops, until SIGINT, which ends it with status 0.

The stream is not decoded here: each server binlog is handed to the commands' own
per-file path (``read_events`` and :class:`~binlog_kaitai.rows_command.RowsCommand`) as a
:class:`LiveFile`, a pipe that holds the file's bytes as the stream brings them (the
magic, the file's FORMAT_DESCRIPTION_EVENT, its events), so table maps, the schema
history and the filters behave as they do for files. When the stream has nothing more
yet, the command is told first (``idle``): it prints what it holds and flushes, so a
transaction is printed as soon as its last event arrives.

The events the server adds to the stream (the ROTATE naming each file, the
FORMAT_DESCRIPTION sent again after a reconnect, heartbeats) are left out, as ``pull``
leaves them out (the spec's ``is_artificial``).
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import FDE, EventType
from binlog_kaitai.pull import (
    BACKOFF_FIRST,
    BACKOFF_MAX,
    PullError,
    ServerOptions,
    gtid_start,
    new_client,
)
from binlog_kaitai.stream import MAGIC

if TYPE_CHECKING:
    from binlog_kaitai.replication import ReplicationClient, StreamEvent

ROTATE = EventType.rotate_event
Idle = Callable[[str], None]
"""What a command does when the stream has nothing more yet (before waiting for it):
print what it holds of the binlog named, and flush."""
COMPACT_AT = 1 << 20
"""Bytes read from a :class:`LiveFile`'s buffer after which they are dropped."""


class LiveFile:
    """One binlog of the server as a pipe (see the module docstring): ``read`` waits for
    the stream; the file ends where the server moves to its next binlog, or, without
    ``--stop-never``, where it has nothing more. A dump that starts at ``start`` past the
    first event is sent the file's FORMAT_DESCRIPTION_EVENT again: the pipe holds it as
    the file's first event, and ``seek(start)`` goes on with the events from ``start``."""

    def __init__(self, source: LiveSource, name: str, start: int) -> None:
        self.source = source
        self.name = name
        self.start = start
        self.pos = start
        """Where the next event from the stream starts in the server's file (counted:
        ``log_pos`` wraps at 4 GiB)."""
        self.has_format = False
        self.ended = False
        self.offset = 0
        """Where the next byte read is in the server's file."""
        self._format_end = 0
        """Where the FORMAT_DESCRIPTION_EVENT a dump from ``start`` is sent ends."""
        self._buf = bytearray(MAGIC)
        self._at = 0

    def seekable(self) -> bool:
        return False

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        """Forward only: past bytes (read and dropped), or from the end of the
        FORMAT_DESCRIPTION_EVENT a dump from ``start`` begins with to ``start``."""
        if whence != io.SEEK_SET or offset < self.offset:
            raise io.UnsupportedOperation(f"{self.name}: a live binlog is read in order")
        if offset == self.start and 0 < self._format_end == self.offset:
            self.offset = offset  # the dump's events are there
        while self.offset < offset and self.read(min(offset - self.offset, COMPACT_AT)):
            pass
        return offset

    @contextmanager
    def from_start(self) -> Iterator[LiveFile]:
        """This binlog from its first byte, on a connection of its own, closed after:
        what a read from ``start`` needs of the events before (the DDL)."""
        opts = replace(self.source.opts, first_file=self.name, from_gtid=None,
                       stop_never=False)
        files = LiveSource(opts, len(MAGIC), self.source.err, lambda _name: None).files()
        try:
            yield next(files)
        finally:
            files.close()

    def read(self, n: int) -> bytes:
        """``n`` bytes, fewer only where the file ends (waiting for the stream)."""
        return self._take(n, n)

    def read1(self, n: int) -> bytes:
        """Up to ``n`` bytes: what has arrived, waiting for the stream only while nothing
        has (the event stream reads a window so: it must not wait for a window's worth
        of events that a quiet server has not written yet)."""
        return self._take(n, 1)

    def _take(self, n: int, least: int) -> bytes:
        """Up to ``n`` bytes once ``least`` of them have arrived (or the file ended)."""
        while len(self._buf) - self._at < least and not self.ended:
            self.source.fill(self)
        data = bytes(self._buf[self._at:self._at + n])
        self._at += len(data)
        self.offset += len(data)
        if self._at >= COMPACT_AT:
            del self._buf[:self._at]
            self._at = 0
        return data

    def add(self, ev: StreamEvent) -> None:
        """Take an event of the stream: a binlog's own, or the FORMAT_DESCRIPTION a dump
        from ``start`` begins with."""
        self._buf += ev.raw
        if not self.has_format and ev.is_artificial:
            self._format_end = len(MAGIC) + len(ev.raw)
        self.has_format = True
        if not ev.is_artificial:
            self.pos += len(ev.raw)


class LiveSource:
    """The server's binlogs, one :class:`LiveFile` after the other (:meth:`files`)."""

    def __init__(self, opts: ServerOptions, start: int, err: TextIO, idle: Idle) -> None:
        self.opts = opts
        self.err = err
        self.idle = idle
        self.first: tuple[str, int] | None = (
            None if opts.first_file is None else (opts.first_file, start))
        self.client: ReplicationClient | None = None
        self.events: Iterator[StreamEvent] = iter(())
        self.next_file: tuple[str, int] | None = None
        """The file the last artificial ROTATE named (and the offset)."""
        self.done = False
        self.current = ""
        """The binlog being read."""

    def files(self) -> Generator[LiveFile, None, None]:
        """Each binlog as it comes; a file the command stopped reading early is read to
        its end before the next."""
        try:
            name, start = self.first or self._gtid_start()
            live = LiveFile(self, name, start)
            while True:
                yield live
                while not live.ended:
                    self.fill(live)
                if self.done or self.next_file is None:
                    return
                live = LiveFile(self, *self.next_file)
        finally:
            self.close()

    def _gtid_start(self) -> tuple[str, int]:
        from binlog_kaitai.replication import ConnectionLost, ReplicationError

        try:
            return gtid_start(self.opts)
        except (ConnectionLost, ReplicationError) as exc:
            raise PullError(str(exc)) from None

    def fill(self, live: LiveFile) -> None:
        """Add the next event of ``live``'s binlog to it, or end it."""
        self.current = live.name
        ev = self._next(live)
        if ev is None:
            live.ended = self.done = True
        elif ev.type_code == ROTATE and ev.is_artificial:
            from binlog_kaitai.replication import rotate_target

            name, pos = rotate_target(ev.raw)
            if name != live.name:
                self.next_file, live.ended = (name, pos), True
        elif not ev.is_artificial or (ev.type_code == FDE and not live.has_format):
            live.add(ev)

    def _next(self, live: LiveFile) -> StreamEvent | None:
        """The stream's next event (None at the end of a non-blocking dump), connecting
        (again, after a pause that grows, with ``--stop-never``) at ``live``'s position."""
        from binlog_kaitai.replication import ConnectionLost, ReplicationError

        delay = BACKOFF_FIRST
        while True:
            try:
                if self.client is None:
                    self.client = new_client(self.opts)
                    self.client.open()
                    self.events = (ev for batch in self.client.dump(
                        live.name, live.pos, non_block=not self.opts.stop_never,
                        on_wait=self._wait) for ev in batch)
                return next(self.events, None)
            except ConnectionLost as exc:
                self.close()
                if not self.opts.stop_never:
                    raise PullError(str(exc)) from None
                print(f"{exc}; connecting again in {delay:g} s", file=self.err, flush=True)
                time.sleep(delay)
                delay = min(2 * delay, BACKOFF_MAX)
            except ReplicationError as exc:
                raise PullError(str(exc)) from None

    def _wait(self) -> None:
        self.idle(self.current)

    def close(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            client.close()


Handle = Callable[[LiveFile, int | None], int]
"""A command's per-file read of a live binlog, from the offset given (None: its
start); returns the command's exit status for the file."""


def follow(args: argparse.Namespace, out: TextIO, err: TextIO, handle: Handle,
           idle: Idle) -> int:
    """Run ``handle`` on each binlog of the server ``args`` names, as it comes; the exit
    status: the worst ``handle`` returned, 1 after an error (one line on ``err``), 0 on
    SIGINT otherwise."""
    status = 0
    prefix = f"binlog-kaitai {args.command}"
    files: Generator[LiveFile, None, None] | None = None
    try:
        files = LiveSource(live_options(args), args.start_position or len(MAGIC), err,
                           idle).files()
        for live in files:
            if not args.json and not getattr(args, "flashback", False):
                print(f"# {live.name}", file=out)
            start = live.start if live.start > len(MAGIC) else None
            try:
                status = max(status, handle(live, start))
            except BinlogError as exc:
                print(f"{live.name}: offset {exc.offset}: {exc.message}", file=err)
                return 1
            out.flush()
    except PullError as exc:
        print(f"{prefix}: {exc}", file=err)
        return 1
    except KeyboardInterrupt:
        out.flush()
    finally:
        if files is not None:
            files.close()  # the connection closed now, not when collected
    return status


def live_options(args: argparse.Namespace) -> ServerOptions:
    """What to read: the file argument (at most one), ``--start-position`` in it, or
    ``--from-gtid``."""
    if len(args.files) > 1:
        raise PullError("with --host, FILE is the first binlog to read, as the server "
                        "names it: give one")
    first = args.files[0] if args.files else None
    if (first is None) == (args.from_gtid is None):
        raise PullError("with --host, give the first binlog's name (FILE) or --from-gtid")
    if args.stop_position is not None:
        raise PullError("--stop-position is for files; with --host, --stop-datetime")
    if args.start_position is not None and first is None:
        raise PullError("--start-position goes with FILE, not --from-gtid")
    return ServerOptions.of(args, first)


def is_live(args: argparse.Namespace) -> bool:
    """Do the options name a server (``--host`` or ``--defaults-file``) to read, not
    files?"""
    return args.host is not None or args.defaults_file is not None
