"""Which files to read and how to cut them into splits.

The driver only lists: :func:`list_inputs` expands paths, directories and globs into
(path, size, mtime) without opening a file. Cutting a large file needs its event
headers, so :func:`plan_file` runs on an executor (one task per large file): it walks
the headers (:class:`~binlog_kaitai.stream.BinlogStream` header-only) and cuts right
before an event that starts a transaction, once the split has grown past the target
size. Because a split never starts inside a transaction, every TABLE_MAP it needs
precedes its rows within the same task.

Column names often come from the row decoder's schema history (the CREATE/ALTER TABLE
statements seen earlier in the file), which a task starting mid-file has not seen. The
planner therefore feeds the statements it walks over to a
:class:`~binlog_kaitai.rows.RowDecoder` of its own, and each split carries a snapshot of
that history as it stands where the split starts: every DDL is parsed once by the
planner, never once per later split.
"""

from __future__ import annotations

import glob
import os
import pickle
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from binlog_kaitai.errors import BinlogError
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import BinlogStream
from binlog_kaitai.transactions import WALK_BODIES, TransactionTracker
from spark.storage import is_uri, list_uri, open_input

DEFAULT_SPLIT_SIZE = 64 << 20
OPEN_COST = 4 << 20
"""Bytes a split is reckoned to cost on top of its size when tasks are packed, as Spark's
``spark.sql.files.openCostInBytes`` does for files. Small binlogs cost more per byte
than large ones: besides opening the file and reading its summary, they tend to hold
small transactions, which have several events per row (a 1 MB file of one-row
transactions parses about 8 times slower per byte than a large file of bulk inserts).
Without it, sixty 1 MB files would make one 64 MB task that runs long after the others."""


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
    schema history where the split starts (:func:`freeze`), None for a file's first split.
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


def read_scripts(paths: Iterable[str]) -> tuple[str, ...]:
    """DDL files for the row decoder's schema history, read where the job starts (they
    travel to the executors with the tasks)."""
    return tuple(Path(p).read_text(encoding="utf-8", errors="replace") for p in paths)


def schema_history(scripts: Iterable[str]) -> SchemaHistory:
    """A schema history that starts from the given DDL scripts (``--schema`` files)."""
    history = SchemaHistory()
    for script in scripts:
        history.apply_script(script)
    return history


def freeze(history: SchemaHistory) -> bytes:
    return zlib.compress(pickle.dumps(history, protocol=pickle.HIGHEST_PROTOCOL))


def thaw(frozen: bytes) -> SchemaHistory:
    """The history :func:`freeze` stored (bytes the planner made, never user input)."""
    history = pickle.loads(zlib.decompress(frozen))
    assert isinstance(history, SchemaHistory)
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
    :mod:`spark.storage`. Files are only listed (name, size, mtime), never opened."""
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


def plan_file(info: FileInfo, split_size: int, schema_scripts: Sequence[str] = ()
              ) -> list[Split]:
    """Cut one file at transaction starts into splits of about ``split_size`` bytes.

    A file that is not a binlog, or whose first event is unreadable, stays whole: the
    parse of that single split reports the problem. Damage ends the walk: the split
    after the last cut reports it.
    """
    if info.size <= split_size:
        return whole_file(info)
    cuts: list[tuple[int, bytes]] = []
    try:
        with open_input(info.path) as f, BinlogStream(f, bodies=WALK_BODIES) as stream:
            tracker = TransactionTracker()
            history = schema_history(schema_scripts)
            frozen = b""
            last_cut = 0
            for ev in stream.events():
                step = tracker.step(ev.type_code, ev.kind)
                if step.starts and ev.pos - last_cut >= split_size:
                    now = freeze(history)
                    frozen = frozen if now == frozen else now  # one copy while unchanged
                    cuts.append((ev.pos, frozen))
                    last_cut = ev.pos
                if ev.is_query and ev.body is not None:
                    history.apply_query_event(ev.body)
    except (BinlogError, OSError):
        pass
    bounds: list[tuple[int | None, bytes | None]] = [(None, None), *cuts]
    stops = [pos for pos, _ in cuts] + [None]
    return [Split(info, i, len(bounds), start, stop, schema)
            for i, ((start, schema), stop) in enumerate(zip(bounds, stops, strict=True))]


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
