"""Which files to read, in which order, and how to cut them into splits.

The driver only lists: :func:`list_inputs` expands paths, directories and globs into
(path, size, mtime) without opening a file. Then every file is walked once
(:func:`walk_file`, on an executor for the Spark job): a header-only
:class:`~binlog_kaitai.stream.BinlogStream` that reads only the bodies of QUERY and GTID
events, never a row event's. It cuts a large file right before an event that starts a
transaction, once the split has grown past the target size (a split never starts inside
a transaction, so every TABLE_MAP it needs precedes its rows within the same task); and
it gathers the file's DDL statements, with their position, time and GTID.

Column names often come from the row decoder's schema history (the CREATE/ALTER TABLE
statements seen before), and with ``binlog_row_metadata=MINIMAL`` a table's CREATE TABLE
is usually in an earlier file than its rows. :func:`plan_archive` therefore cuts the
files into chains as ``check`` does (:func:`~binlog_kaitai.archive.check_chains`:
directory and base name, then number; a chain ends where a ROTATE names another file, a
file is missing, or the server id or version changes) and replays the gathered DDL along
each chain, after the ``--schema`` files, into one
:class:`~binlog_kaitai.schema.SchemaHistory` per chain: each split carries a snapshot of
that history as it stands where the split starts (the DDL of every earlier file of the
chain, then of its own file before it). Every statement is parsed once, on the driver,
however many splits come after it; the replay's record of what each did is the
``schema_history`` table.

Each chain starts again from the ``--schema`` files, after a break too (a missing file, a
new server version): two servers' files in one folder never share a history, since
another server's table of the same name and column count would otherwise give its rows
wrong names without a sign; a table whose DDL is in no file of its chain gets positional
names, and an ``errors`` row says so.
"""

from __future__ import annotations

import dataclasses
import glob
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.archive import chain_name, check_chains
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import Event
from binlog_kaitai.gtid import gtid_text
from binlog_kaitai.schema import SchemaHistory, TableChange, freeze, query_statement, thaw
from binlog_kaitai.storage import is_uri, list_uri, open_input
from binlog_kaitai.stream import BinlogStream
from binlog_kaitai.summary import Summary, summary
from binlog_kaitai.tables.schemas import SchemaHistoryRecord
from binlog_kaitai.transactions import TransactionTracker

DEFAULT_SPLIT_SIZE = 64 << 20
OPEN_COST = 4 << 20
"""Bytes a split is reckoned to cost on top of its size when tasks are packed, as Spark's
``spark.sql.files.openCostInBytes`` does for files. Small binlogs cost more per byte
than large ones: besides opening the file and reading its summary, they tend to hold
small transactions, which have several events per row (a 1 MB file of one-row
transactions parses about 8 times slower per byte than a large file of bulk inserts).
Without it, sixty 1 MB files would make one 64 MB task that runs long after the others."""
CUT_BODIES = kinds.KINDED
"""The bodies :func:`walk_file` reads in a file it cuts: those the transaction tracker
needs (QUERY, MariaDB's GTID); in a file it does not cut, QUERY's alone. A DDL
statement's ``gtid`` is found by a walk of its own (:class:`_Gtids`)."""
UNCUT_SKIP = kinds.KNOWN - kinds.QUERY
"""The events a walk that does not cut a file is not handed (:class:`BinlogStream`'s
``skip``): it reads the statements alone (the GTID events too took most of the walk of
a file of small transactions: 20 ms for 1.5 MB, a Python step for each)."""
GTID_WALK_SKIP = kinds.KNOWN - kinds.GTID
"""The events :class:`_Gtids`' walk is not handed: it reads the GTID events alone."""


@dataclass(frozen=True, slots=True)
class FileInfo:
    """An input file as listed by the driver."""

    path: str
    size: int
    mtime: float


@dataclass(frozen=True, slots=True)
class Split:
    """Events starting in [start, stop) of one file; None means the file's start or end.

    ``count`` is the number of splits the file was cut into; ``schema`` the row decoder's
    schema history where the split starts (:func:`freeze`), None while it is only what
    the ``--schema`` files give (no DDL before the split in its chain).
    """

    file: FileInfo
    index: int
    count: int
    start: int | None
    stop: int | None
    schema: bytes | None = None

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def nbytes(self) -> int:
        """Bytes of the file this split covers (as listed)."""
        stop = self.file.size if self.stop is None else self.stop
        return max(0, stop - (self.start or 0))


def parse_size(text: str) -> int:
    """``67108864``, ``64m``, ``64MiB``, ``1g``... -> bytes (ValueError if not a size)."""
    m = re.fullmatch(r"\s*(\d+)\s*([kmg]?)(?:i?b)?\s*", text, re.I)
    if not m or int(m.group(1)) == 0:
        raise ValueError(f"not a size: {text!r} (e.g. 64m)")
    return int(m.group(1)) << {"": 0, "k": 10, "m": 20, "g": 30}[m.group(2).lower()]


class Script(NamedTuple):
    """A ``--schema`` DDL file: its path as given (the ``file`` of its ``schema_history``
    rows) and its text."""

    name: str
    text: str


def read_scripts(paths: Iterable[str]) -> tuple[Script, ...]:
    """DDL files for the row decoder's schema history, read where the job starts (they
    travel to the executors with the tasks)."""
    return tuple(Script(p, Path(p).read_text(encoding="utf-8", errors="replace"))
                 for p in paths)


def schema_history(scripts: Iterable[Script]) -> SchemaHistory:
    """A schema history that starts from the given DDL scripts (``--schema`` files)."""
    history = SchemaHistory()
    for script in scripts:
        history.apply_script(script.text)
    return history


def even_split_size(total: int, split_size: int, cores: int) -> int:
    """The split size that cuts ``total`` bytes into a multiple of ``cores`` splits of
    at most ``split_size`` (when it needs cutting at all), so that no core idles through
    the last round of tasks: 162 MB on two cores makes four splits of 41 MB, not 64 + 64
    + 34 MB with one core idle for the last third of the parse."""
    count = -(-total // split_size)
    if count <= 1:
        return split_size
    return -(-total // (-(-count // cores) * cores))


def whole_file(info: FileInfo) -> list[Split]:
    return [Split(info, 0, 1, None, None)]


def list_inputs(patterns: Iterable[str]) -> tuple[list[FileInfo], list[str]]:
    """Files named by paths, directories (all regular files below, hidden ones skipped)
    and globs (``**`` recursive), each once, sorted by path; and the patterns that
    matched nothing. A pattern with a scheme (``s3://bucket/dumps/*``) is listed through
    :mod:`binlog_kaitai.storage`. Files are listed (name, size, mtime), not opened."""
    seen: dict[str, FileInfo] = {}
    unmatched = []
    for pattern in patterns:
        found = 0
        if is_uri(pattern):
            for uri, size, mtime in list_uri(pattern):
                seen[uri] = FileInfo(uri, size, mtime)
                found += 1
        else:
            matches = sorted(glob.glob(pattern, recursive=True)) if glob.has_magic(
                pattern) else [pattern]
            for match in matches:
                for path in walk(match):
                    st = os.stat(path)
                    seen[path] = FileInfo(path, st.st_size, st.st_mtime)
                    found += 1
        if not found:
            unmatched.append(pattern)
    return [seen[p] for p in sorted(seen)], unmatched


def walk(path: str) -> list[str]:
    """A regular file itself, or the regular files below a directory; absolute paths."""
    path = os.path.abspath(path)
    if os.path.isfile(path):
        return [path]
    found = []
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(os.path.join(root, f) for f in sorted(files) if not f.startswith("."))
    return [f for f in found if os.path.isfile(f)]


@dataclass(frozen=True, slots=True)
class Ddl:
    """A DDL statement :func:`walk_file` found: where, when, in which transaction, run
    with which default database."""

    pos: int
    ts: int
    gtid: str | None
    schema: str | None
    sql: str


@dataclass(frozen=True, slots=True)
class FileWalk:
    """What the walk of one file found: its summary (for the chain order), where to cut
    it, its DDL statements in file order."""

    info: FileInfo
    summary: Summary
    cuts: tuple[int, ...]
    ddl: tuple[Ddl, ...]


def file_summary(path: str) -> Summary:
    """:func:`~binlog_kaitai.summary.summary` of a file; a file that cannot be opened, or
    a failure of the summary itself, is reported in ``error``."""
    try:
        with open_input(path) as f:
            return summary(f)
    except BinlogError as exc:  # cannot open
        return Summary(file=path, error=f"offset {exc.offset}: {exc.message}")
    except Exception as exc:  # PERMISSIVE: the file's row must exist whatever happens
        return Summary(file=path, error=f"internal error: {type(exc).__name__}: {exc}")


def walk_file(info: FileInfo, split_size: int | None) -> FileWalk:
    """The planner's one pass over a file (see the module docstring); cuts only in a
    file larger than ``split_size`` (None: never).

    A file that is not a binlog, or whose first event is unreadable, stays whole: the
    parse of that single split reports the problem. Damage ends the walk: the split
    after the last cut reports it.
    """
    cuts: list[int] = []
    ddl: list[Ddl] = []
    cut_size = split_size if split_size is not None and info.size > split_size else None
    try:
        uncut = cut_size is None
        with open_input(info.path) as f, BinlogStream(
                f, bodies=kinds.QUERY if uncut else CUT_BODIES,
                skip=UNCUT_SKIP if uncut else ()) as stream, (
                closing(_Gtids(info.path))) as gtids:
            tracker = TransactionTracker()
            last_cut = 0
            for ev in stream.events():
                t, body = ev.type_code, ev.body
                if cut_size is not None and tracker.step(t, ev.kind).starts and (
                        ev.pos - last_cut >= cut_size):
                    cuts.append(ev.pos)
                    last_cut = ev.pos
                if t in kinds.QUERY and body is not None:
                    found = query_statement(body)
                    if found is not None:
                        ddl.append(Ddl(ev.pos, ev.timestamp, gtids.before(ev.pos), *found))
    except (BinlogError, OSError):
        pass
    return FileWalk(info, file_summary(info.path), tuple(cuts), tuple(ddl))


class _Gtids:
    """The GTID of each DDL statement of one file, in the order :func:`walk_file` finds
    them: the GTID event's before it (a DDL is a transaction of its own; None before any
    GTID event: binlogs older than GTIDs). Found by a second walk of the file that is
    handed the GTID events alone, opened at the first DDL, going on from one DDL to the
    next: most files have no DDL, and this walk reads the GTIDs up to the last one
    only."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.stream: BinlogStream | None = None
        self.walk: Iterator[Event] = iter(())
        self.last: Event | None = None
        """The last GTID event before the DDL asked for."""
        self.ahead: Event | None = None
        """The first event of the walk not yet at a DDL asked for."""

    def before(self, pos: int) -> str | None:
        """The GTID of the GTID event last before ``pos`` (a DDL's position, each asked
        after the one before it)."""
        try:
            if self.stream is None:
                f = open_input(self.path)
                try:
                    self.stream = BinlogStream(f, bodies=kinds.GTID, skip=GTID_WALK_SKIP)
                except BaseException:
                    f.close()
                    raise
                self.walk = self.stream.events()
                self.ahead = next(self.walk, None)
            while self.ahead is not None and self.ahead.pos < pos:
                if self.ahead.type_code in kinds.GTID:
                    self.last = self.ahead
                self.ahead = next(self.walk, None)
        except BinlogError:  # damage before the DDL: the parse reports it
            self.ahead = None
        ev = self.last
        if ev is None or ev.body is None:
            return None
        return gtid_text(ev.type_code, ev.server_id, ev.body)

    def close(self) -> None:
        if self.stream is not None:
            self.stream.file.close()
            self.stream.close()


@dataclass
class ArchivePlan:
    """Every file's splits (by path, then index), each with the history where it starts,
    and the ``schema_history`` rows of the replay."""

    splits: list[Split]
    history: list[tuple[Any, ...]]
    ends: dict[str, bytes] = dataclasses.field(default_factory=dict)
    """Each chain's history after its DDL (:func:`freeze`), by its :func:`chain_id`: where
    an incremental run (:mod:`binlog_kaitai.incremental`) continues the chain."""


def plan_archive(walks: Sequence[FileWalk], scripts: Sequence[Script] = (),
                 start: Callable[[str], bytes | None] | None = None) -> ArchivePlan:
    """Replay the DDL of the walked files along each chain (see the module docstring);
    ``start`` gives a chain's history before its first file (by :func:`chain_id`; None:
    the ``--schema`` files'), that an earlier run left."""
    seed = SchemaHistory()
    rows = [history_row(script.name, None, None, None, db, sql.strip(), change)
            for script in scripts for db, sql, changes in seed.trace_script(script.text)
            for change in changes or [None]]
    frozen_seed = freeze(seed)
    splits: list[Split] = []
    ends: dict[str, bytes] = {}
    for chain in chains(walks):
        key = chain_id(chain[0])
        begun = None if start is None else start(key)
        replay = _Replay(thaw(begun or frozen_seed), rows)
        replay.frozen = begun
        for walk in chain:
            splits += replay.file(walk)
        ends[key] = replay.snapshot() or frozen_seed
    splits.sort(key=lambda s: (s.path, s.index))
    return ArchivePlan(splits, rows, ends)


def plan_here(files: Sequence[FileInfo], split_size: int | None,
              scripts: Sequence[Script] = ()) -> ArchivePlan:
    """:func:`plan_archive` of files walked in this process, one after the other (the
    data source's driver; ``export``, which parses files whole: ``split_size`` None)."""
    return plan_archive([walk_file(info, split_size) for info in files], scripts)


def chains(walks: Sequence[FileWalk]) -> list[list[FileWalk]]:
    """The walked files by chain as ``check`` cuts them, each in chain order (a file
    whose first event is unreadable is a chain of its own)."""
    by_path = {w.info.path: w for w in walks}
    found = check_chains(dataclasses.replace(w.summary, file=w.info.path) for w in walks)
    ordered = [[by_path[s.file] for s in chain.files] for chain in found.chains]
    grouped = {w.info.path for chain in ordered for w in chain}
    return ordered + [[w] for w in walks if w.info.path not in grouped]


def chain_id(first: FileWalk) -> str:
    """The name under which an incremental state keeps a chain's history: its directory
    and base name, then the server version and id of its first file (``check`` starts a
    new chain where either changes), so that a later run's new files of that server
    continue the history, and another server's, in the same folder, never do. It never
    ends in a dot and digits: the base name rule of
    :func:`~binlog_kaitai.archive.chain_name` leaves it as it is."""
    s = first.summary
    return f"{chain_name(first.info.path)}#{s.server_version}#{s.server_id}"


class _Replay:
    """One chain's history, statement by statement, frozen where a split starts."""

    def __init__(self, history: SchemaHistory, rows: list[tuple[Any, ...]]) -> None:
        self.history = history
        self.rows = rows
        self.frozen: bytes | None = None
        """The last snapshot (None while the history is the seed's), shared by every
        split until the next statement."""
        self.changed = False

    def file(self, walk: FileWalk) -> list[Split]:
        bounds: list[int | None] = [None, *walk.cuts]
        stops: list[int | None] = [*walk.cuts, None]
        pending = list(walk.ddl)[::-1]
        splits = []
        for index, (start, stop) in enumerate(zip(bounds, stops, strict=True)):
            while pending and start is not None and pending[-1].pos < start:
                self.apply(walk.info.path, pending.pop())
            splits.append(Split(walk.info, index, len(bounds), start, stop, self.snapshot()))
        while pending:
            self.apply(walk.info.path, pending.pop())
        return splits

    def apply(self, path: str, ddl: Ddl) -> None:
        changes = self.history.trace(ddl.schema, ddl.sql)
        self.rows += [history_row(path, ddl.pos, ddl.ts, ddl.gtid, ddl.schema, ddl.sql, change)
                      for change in changes or [None]]
        self.changed = True

    def snapshot(self) -> bytes | None:
        if self.changed:
            now = freeze(self.history)
            self.frozen = self.frozen if now == self.frozen else now
            self.changed = False
        return self.frozen


def history_row(file: str, pos: int | None, ts: int | None, gtid: str | None,
                schema: str | None, sql: str, change: TableChange | None) -> tuple[Any, ...]:
    """One ``schema_history`` row: a statement and one table it changed (``change``
    None: it changed no table's columns)."""
    at = None if ts is None else datetime.fromtimestamp(ts, UTC)
    what: dict[str, Any] = dict.fromkeys(
        ("db", "table", "action", "renamed_from", "columns", "added", "dropped"))
    if change is not None:
        what = {**dataclasses.asdict(change), "added": list(change.added),
                "dropped": list(change.dropped),
                "columns": None if change.columns is None else list(change.columns)}
    return SchemaHistoryRecord(file=file, pos=pos, ts=at, gtid=gtid, schema=schema,
                               statement=sql, **what,
                               event_date=None if at is None else at.date())


def plan_file(info: FileInfo, split_size: int, schema_scripts: Sequence[Script] = ()
              ) -> list[Split]:
    """One file's splits, its history its own (:func:`plan_archive` of that file)."""
    return plan_archive([walk_file(info, split_size)], schema_scripts).splits


def task_weight(splits: Sequence[Split]) -> int:
    """What a task is expected to cost, in bytes: its splits plus :data:`OPEN_COST` each."""
    return sum(s.nbytes + OPEN_COST for s in splits)


def pack(splits: Sequence[Split], target: int) -> list[list[Split]]:
    """Group consecutive splits into tasks of about ``target`` bytes of
    :func:`task_weight` (small files share a task; a split of a large file is a task of
    its own), heaviest first, so that no long task is left running alone at the end."""
    bins: list[list[Split]] = []
    weight = 0
    for split in splits:
        cost = split.nbytes + OPEN_COST
        if not bins or weight + cost > target:
            bins.append([])
            weight = 0
        bins[-1].append(split)
        weight += cost
    return sorted(bins, key=lambda b: -task_weight(b))
