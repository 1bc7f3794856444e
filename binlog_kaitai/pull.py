"""``binlog-kaitai pull``: copy a live source's binlogs into a folder, byte for byte.

Each binlog becomes a file named as on the source, holding the magic and then every
event the stream carries that the file holds, as received: the artificial events (the
ROTATE naming each file, the FORMAT_DESCRIPTION_EVENT sent again to a dump that starts
mid-file, heartbeats) are left out, so a file is the source's once the source has closed
it. The source clears the in-use flag of a file's FORMAT_DESCRIPTION_EVENT when it
sends it: the copy of the file being written differs from it in that bit only.

Nothing is torn: the events that arrived together are written whole, in one write,
before the stream is read again, and a run starts by cutting the newest file of the
folder back to its last complete event (a write a kill cut short may have left part of
one) and asking the source for what follows. Rerunning the same command therefore resumes where a
killed or cut run stopped. Without ``--stop-never`` the pull ends at the end of the
source's last binlog; with it, it waits for new events and, when the connection drops
(a restart, the network), connects again after a growing pause.

The connection is :mod:`binlog_kaitai.replication` (imported when a pull runs: PyMySQL
is not loaded by the other commands).
"""

from __future__ import annotations

import argparse
import os
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TextIO

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import BinlogError, TruncatedError
from binlog_kaitai.event import EventType
from binlog_kaitai.stream import MAGIC, BinlogStream

if TYPE_CHECKING:
    from binlog_kaitai.replication import Endpoint, ReplicationClient

NUMBERED = re.compile(r"^(?P<base>.+)\.(?P<number>\d+)$")
"""A binlog's name: basename, a dot, its sequence number."""
BACKOFF_FIRST = 0.5
BACKOFF_MAX = 30.0
ROTATE = EventType.rotate_event
HEARTBEAT = 5.0
"""Seconds between the source's heartbeats while following (a dead link is noticed
after three missed ones)."""


class PullError(Exception):
    """What stops a pull, as one line."""


@dataclass(frozen=True)
class ServerOptions:
    """Which server to read, and from where (``pull``, ``events``/``rows --host``)."""

    endpoint: Endpoint
    first_file: str | None
    stop_never: bool = False
    server_id: int | None = None
    from_gtid: str | None = None

    @classmethod
    def of(cls, args: argparse.Namespace, first_file: str | None, **more: Any) -> Any:
        """The options :func:`add_server_options` defines, as given."""
        return cls(endpoint_of(args), first_file, args.stop_never, args.server_id,
                   args.from_gtid, **more)


@dataclass(frozen=True)
class PullOptions(ServerOptions):
    output: Path = Path()


class Archive:
    """The output folder, and the one file being written in it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.name: str | None = None
        self.size = 0
        self._file: IO[bytes] | None = None
        self._pending: list[bytes | memoryview] = []
        """Whole events appended, not written yet (:meth:`flush` writes them)."""
        self._syncing: threading.Thread | None = None
        self._sync_error: str | None = None

    def newest(self, first_file: str | None) -> str | None:
        """The file to resume: the newest binlog in the folder (of ``first_file``'s
        basename when given, and not older than it)."""
        first = NUMBERED.match(first_file) if first_file else None
        best: tuple[int, str] | None = None
        for path in self.folder.iterdir():
            m = NUMBERED.match(path.name)
            if m is None or not path.is_file():
                continue
            if first is not None and (m["base"] != first["base"]
                                      or int(m["number"]) < int(first["number"])):
                continue
            key = (int(m["number"]), path.name)
            best = key if best is None or key > best else best
        return None if best is None else best[1]

    def resume(self, name: str) -> int:
        """Cut ``name`` back to its last complete event and open it there; the offset
        to ask the source for (4 when not even its first event is whole). The file this
        run is writing is not read again: it holds whole events only (a failed write
        ends the run)."""
        if name == self.name and self._file is not None:
            return self.size
        path = self.folder / name
        end = complete_length(path)
        if end <= len(MAGIC):
            return self.start(name)
        self._open(name, "r+b")
        assert self._file is not None
        self._file.truncate(end)
        self._file.seek(end)
        self.size = end
        return end

    def start(self, name: str) -> int:
        """Begin ``name`` afresh: the magic only. The offset of its first event."""
        self._open(name, "w+b")
        self.write(MAGIC)
        return len(MAGIC)

    def _open(self, name: str, mode: str) -> None:
        self.close(wait=False)
        self._file = open(self.folder / name, mode, buffering=0)  # noqa: SIM115
        self.name = name
        self.size = 0

    def append(self, data: bytes | memoryview) -> None:
        """Add whole events to the file: written by the next :meth:`flush`."""
        self._pending.append(data)
        self.size += len(data)

    def write(self, data: bytes) -> None:
        """Append ``data`` and write it now."""
        self.append(data)
        self.flush()

    def flush(self) -> None:
        """Write what was appended, whole, in one system call (an unbuffered write can be
        short: write the rest)."""
        if not self._pending:
            return
        assert self._file is not None
        view = memoryview(b"".join(self._pending))
        self._pending.clear()
        try:
            while view:
                written = self._file.write(view)
                view = view[written or 0:]
        except OSError as exc:  # a full disk...: the next run cuts what was written
            raise PullError(f"{self.folder / str(self.name)}: {exc.strerror}") from None

    def close(self, *, wait: bool = True) -> None:
        """Close the current file, what was appended written. Its bytes reach the disk
        (fsync) on a thread while the next file is written; ``wait`` for them (and for
        the files closed before), as the end of a run does."""
        if self._file is not None:
            self.flush()
            self._wait()
            done, self._file = self._file, None
            self._syncing = threading.Thread(target=self._sync, args=(done,), daemon=True)
            self._syncing.start()
        if wait:
            self._wait()

    def _sync(self, done: IO[bytes]) -> None:
        try:
            os.fsync(done.fileno())
        except OSError as exc:
            self._sync_error = f"{done.name}: {exc.strerror}"
        finally:
            done.close()

    def _wait(self) -> None:
        if self._syncing is not None:
            self._syncing.join()
            self._syncing = None
        if self._sync_error is not None:
            raise PullError(self._sync_error)


def complete_length(path: Path) -> int:
    """Bytes of ``path`` up to the end of its last complete event (0 without a magic)."""
    if path.stat().st_size < len(MAGIC):
        return 0
    end = len(MAGIC)
    try:
        with BinlogStream(path, bodies=()) as stream:
            for ev in stream.events():
                end = ev.pos + ev.length
    except TruncatedError as exc:
        return exc.offset
    except BinlogError as exc:
        raise PullError(f"{path}: cannot resume it: {exc.message}") from None
    return end


def start_point(archive: Archive, opts: PullOptions) -> int:
    """Open the file to write and return the offset to ask for: the newest file of the
    folder resumed, else FIRST_FILE from its start, else the file of ``--from-gtid``."""
    name = archive.newest(opts.first_file)
    if name is not None:
        return archive.resume(name)
    if opts.first_file is not None:
        return archive.start(opts.first_file)
    assert opts.from_gtid is not None
    return archive.start(gtid_start(opts)[0])


def gtid_start(opts: ServerOptions) -> tuple[str, int]:
    """Where the first transaction after ``--from-gtid`` starts (its GTID event): the
    file and offset of the first one a dump from that GTID state sends, else the end of
    the source's last binlog. A pull archives that file whole, from its first byte."""
    from binlog_kaitai.replication import rotate_target

    client = new_client(opts)
    at: tuple[str, int] | None = None
    try:
        client.open()
        for batch in client.dump_from_gtid(str(opts.from_gtid), non_block=True):
            for ev in batch:
                if ev.type_code == ROTATE and ev.is_artificial:
                    at = rotate_target(ev.raw)
                elif at is not None and not ev.is_artificial:
                    at = (at[0], ev.log_pos)
                    if ev.type_code in kinds.GTID:
                        return at[0], ev.log_pos - ev.length
    finally:
        client.close()
    if at is None:
        raise PullError(f"{opts.endpoint.name}: the source has nothing after "
                        f"{opts.from_gtid}")
    return at


def new_client(opts: ServerOptions) -> ReplicationClient:
    from binlog_kaitai.replication import DEFAULT_SERVER_ID, ReplicationClient

    server_id = DEFAULT_SERVER_ID if opts.server_id is None else opts.server_id
    return ReplicationClient(opts.endpoint, server_id,
                             heartbeat=HEARTBEAT if opts.stop_never else None)


def copy_stream(client: ReplicationClient, archive: Archive, opts: PullOptions,
                start: int) -> None:
    """Write the stream's events into the archive until the source's last binlog ends
    (without ``--stop-never``). Each event's ``log_pos`` must be where it ends in the
    file: a stream out of step with the file is refused, never written."""
    from binlog_kaitai.replication import rotate_target

    assert archive.name is not None
    for batch in client.dump(archive.name, start, non_block=not opts.stop_never):
        for ev in batch:
            if ev.is_artificial:
                if ev.type_code == ROTATE:
                    name, _ = rotate_target(ev.raw)
                    if name != archive.name:
                        archive.start(name)
                continue
            end = archive.size + len(ev.raw)
            if ev.log_pos != end & 0xFFFFFFFF:  # a u4: past 4 GiB, modulo 2^32
                archive.flush()
                raise PullError(
                    f"{archive.name}: the source sent an event ending at log_pos "
                    f"{ev.log_pos} where the file is at {end}; not written")
            archive.append(ev.raw)
        archive.flush()


def pull(opts: PullOptions, err: TextIO) -> None:
    """Run a pull (see the module docstring); raise PullError when it cannot go on."""
    from binlog_kaitai.replication import ConnectionLost, ReplicationError

    archive = Archive(opts.output)
    delay = BACKOFF_FIRST
    reached: tuple[str | None, int] = (None, 0)
    """Where the archive was at the last lost connection: the pause between tries grows
    while the tries bring nothing."""
    try:
        while True:
            client = new_client(opts)
            try:
                client.open()
                copy_stream(client, archive, opts, start_point(archive, opts))
                return
            except ConnectionLost as exc:
                if not opts.stop_never:
                    raise PullError(str(exc)) from None
                if (archive.name, archive.size) != reached:
                    reached = (archive.name, archive.size)
                    delay = BACKOFF_FIRST
                print(f"pull: {exc}; connecting again in {delay:g} s", file=err, flush=True)
                time.sleep(delay)
                delay = min(2 * delay, BACKOFF_MAX)
            except ReplicationError as exc:
                raise PullError(str(exc)) from None
            finally:
                client.close()
    finally:
        archive.close()


def add_pull_parser(sub: Any) -> None:
    """The ``pull`` subcommand's options (the password never on the command line)."""
    p = sub.add_parser("pull", help="copy a live server's binlogs into a folder, byte for "
                       "byte, and follow them (--stop-never)")
    p.add_argument("first_file", nargs="?", metavar="FIRST_FILE",
                   help="the binlog to start with, as the server names it (SHOW BINARY "
                        "LOGS); a folder that already holds binlogs resumes its newest")
    p.add_argument("--output", type=Path, required=True, metavar="DIR",
                   help="the folder the binlogs are written to (created if missing)")
    add_server_options(p, "FIRST_FILE")


def add_server_options(p: argparse.ArgumentParser, first: str) -> None:
    """The options that name a server and how to read it, shared by ``pull`` and by
    ``events``/``rows --host`` (``first``: what the first binlog's name is called)."""
    p.add_argument("--host", help="the server (events, rows: read it instead of files)")
    p.add_argument("--port", type=int, help="its port (default 3306)")
    p.add_argument("--user", help="the user (a replica's: REPLICATION SLAVE)")
    p.add_argument("--password-file", type=Path, metavar="FILE",
                   help="a file whose first line is the password (else the option file's, "
                        "else MYSQL_PWD, else none)")
    p.add_argument("--defaults-file", type=Path, metavar="FILE",
                   help="an option file whose [client] group gives host, port, user, "
                        "password, ssl-ca (the command line wins)")
    p.add_argument("--ssl-ca", type=Path, metavar="FILE",
                   help="connect with TLS, the server's certificate checked against this "
                        "CA (else TLS when the server offers it, unchecked)")
    p.add_argument("--stop-never", action="store_true",
                   help="wait for new events, and reconnect when the connection drops")
    p.add_argument("--server-id", type=int, metavar="N",
                   help="the replica server_id to connect with (default 1651076206)")
    p.add_argument("--from-gtid", metavar="SET",
                   help=f"without {first}: start at the binlog holding the first "
                        "transaction after this GTID state (0-1-5 or uuid:1-5)")


def option_file(path: Path | None) -> dict[str, str]:
    """The ``[client]`` group of a MySQL option file (``--defaults-file``)."""
    if path is None:
        return {}
    import configparser  # here: a file's command (summary, rows) starts without it

    parser = configparser.ConfigParser(allow_no_value=True, strict=False,
                                       interpolation=None)
    try:
        with open(path) as f:
            parser.read_file(line for line in f if not line.lstrip().startswith("!"))
    except OSError as exc:
        raise PullError(f"--defaults-file: {exc.strerror}: {path}") from None
    except configparser.Error as exc:
        raise PullError(f"--defaults-file: {path}: {exc.message}") from None
    if not parser.has_section("client"):
        return {}
    return {key.replace("_", "-"): (value or "").strip().strip("'\"")
            for key, value in parser.items("client")}


def endpoint_of(args: argparse.Namespace) -> Endpoint:
    """The server the options name: the command line, else ``--defaults-file``'s
    ``[client]`` group; the password from ``--password-file``, else that group, else
    ``MYSQL_PWD`` (the mysql clients' order)."""
    from binlog_kaitai.replication import Endpoint

    given = option_file(args.defaults_file)
    host, user = args.host or given.get("host"), args.user or given.get("user")
    if not host or not user:
        raise PullError("give --host and --user (or host= and user= in --defaults-file's "
                        "[client] group)")
    try:
        port = args.port or int(given.get("port") or 3306)
    except ValueError:
        raise PullError(f"--defaults-file: port is no number: {given['port']}") from None
    ssl_ca = args.ssl_ca or (Path(given["ssl-ca"]) if given.get("ssl-ca") else None)
    secret = (password_in(args.password_file) if args.password_file is not None
              else given.get("password", os.environ.get("MYSQL_PWD", "")))
    return Endpoint(host, port, user, secret, None if ssl_ca is None else str(ssl_ca))


def password_in(path: Path) -> str:
    try:
        lines = path.read_text().splitlines()
    except OSError as exc:
        raise PullError(f"--password-file: {exc.strerror}: {path}") from None
    return lines[0] if lines else ""


def run_pull(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The ``pull`` command: 0 once the source's last binlog is copied, 1 on an error
    (one line on ``err``)."""
    try:
        if (args.first_file is None) == (args.from_gtid is None):
            raise PullError("give FIRST_FILE or --from-gtid (one of them)")
        args.output.mkdir(parents=True, exist_ok=True)
        opts = PullOptions.of(args, args.first_file, output=args.output)
        pull(opts, err)
    except PullError as exc:
        print(f"binlog-kaitai pull: {exc}", file=err)
        return 1
    except OSError as exc:
        print(f"binlog-kaitai pull: {exc.strerror}: {exc.filename}", file=err)
        return 1
    return 0
