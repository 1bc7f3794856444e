"""``binlog-kaitai export``: the Spark job's tables, written by one process with pyarrow.

The same extraction as the job's executors (one parse per file feeding every table:
:class:`binlog_kaitai.tables.extract.SplitParser`) and the same tables, columns and
layout (``DIR/<table>/event_date=YYYY-MM-DD/*.parquet``, rows sorted by file and
position within each partition), without Spark or a JVM: for one machine and a few GB of
binlogs this is the quickest way to the tables; the Spark job adds splitting large
files, parallelism over cores and machines, and other storage.

Memory is bounded: records (and the ``row_changes`` batches the parse makes from the
columnar decoder's) are written to Parquet about :data:`BATCH_ROWS` rows at a time, per
table (a file per date), as the parse makes them; only the small per-file statistics
wait for the end (the ``files`` table). The writing runs on a thread of its own
(:class:`_Writes`), beside the parse, a few batches behind it. On three cores or more,
a large input is cut into splits parsed by forked processes, each writing its own parts
of the parse's tables (:func:`_parse_apart`); on two, that costs more work than it
saves (:func:`_workers`).

The typed change tables and snapshots (``tables/``, ``snapshots/``) come from the same
parse: its decoded row groups, typed (:mod:`binlog_kaitai.tables.typed_tables`), written
as they come on the same thread (spilled and written at the end when snapshots are asked
for), see :class:`binlog_kaitai.tables.typed_export.TypedOutput`.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import queue
import re
import shutil
import sys
import tempfile
import threading
from argparse import ArgumentTypeError
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any, Protocol, TextIO

import pyarrow as pa

from binlog_kaitai import incremental
from binlog_kaitai.file_workers import usable_cores
from binlog_kaitai.publish import OutputRefused, abandon, begin, publish
from binlog_kaitai.storage import is_object_store
from binlog_kaitai.tables.extract import (
    FailFast,
    Record,
    SplitParser,
    fewer_collections,
    fold_files,
    parser_version,
)
from binlog_kaitai.tables.schemas import TABLES, ErrorsRecord, arrow_schema, record_batch
from binlog_kaitai.tables.splits import (
    ArchivePlan,
    Script,
    Split,
    list_inputs,
    plan_here,
    read_scripts,
    walk_file,
)
from binlog_kaitai.tables.typed_export import DateFiles, TypedOutput
from binlog_kaitai.tables.typed_tables import SNAPSHOT_NEEDS_TYPED
from binlog_kaitai.times import utc_datetime

OUTPUT_FOLDERS = (*TABLES, "tables", "snapshots")
"""An export's top folders (an output holding one, or the manifest, holds an export)."""
BATCH_ROWS = 8192
SNAPSHOT_ORDER = ("file", "pos", "inner_pos", "row")
"""A change table's rows in the order one run adds them (files by path, as planned)."""
NO_SNAPSHOT = re.compile(r"table (.+?): no snapshot: ")
WRITES_PENDING = 4
"""Writing jobs that may wait for the writing thread (the parse waits beyond)."""
PARALLEL_MIN_BYTES = 32 << 20
"""Input from which ``export`` parses on several processes (:func:`_workers`): below,
forking them costs more than it saves."""
SPLITS_PER_WORKER = 2
"""The input is cut into this many splits per parsing process, so that a process slowed
down (a busy core) leaves less of the work to wait for it."""
SPLIT_MIN_BYTES = 16 << 20
PARSED_TABLES = ("events", "transactions", "row_changes", "errors")
"""The tables a split's parse writes rows to (``files`` and ``schema_history`` are the
driver's, and the typed problems' ``errors`` rows)."""


INCREMENTAL_ALONE = "--incremental goes without --overwrite (give it a new folder)"
INCREMENTAL_LOCAL = ("--incremental keeps its output in a local folder or HDFS (its runs "
                     "rename files into place, which an object store cannot do atomically):"
                     " give a local folder")


class ExportFailed(Exception):
    """FAILFAST found a problem (``FILE: offset N: what``), or no input exists."""


@dataclass
class ExportResult:
    files: int = 0
    bytes: int = 0
    rows: dict[str, int] = field(default_factory=dict)


class _Writes:
    """The Parquet writing (and the typed tables'), on one thread beside the parse: Arrow
    encodes and compresses without the GIL, so on a second core the writing costs the
    export little time (the bench file: 4.5-5.4 -> 2.6 s, the typed tables' writing
    here too; its CPU time no higher). Jobs run in the order given; at most
    :data:`WRITES_PENDING` wait, each a batch of at most about :data:`BATCH_ROWS` rows or
    one decoded group's, so memory stays bounded. A failed job skips the ones after it
    and is raised by the next :meth:`submit` or by :meth:`wait`."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue(WRITES_PENDING)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="export-writes", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            try:
                if job is None:
                    return
                if self.error is None:
                    job()
            except BaseException as exc:  # handed to the parse's thread
                self.error = exc
            finally:
                self.jobs.task_done()

    def submit(self, job: Callable[[], None]) -> None:
        self._raise()
        self.jobs.put(job)

    def wait(self) -> None:
        """Every job submitted done; the first failure raised."""
        self.jobs.join()
        self._raise()

    def stop(self) -> None:
        """The thread ended, the jobs still waiting skipped (their error too)."""
        if not self.thread.is_alive():
            return
        self.error = self.error or _Stopped()
        self.jobs.put(None)
        self.thread.join()

    def _raise(self) -> None:
        if self.error is not None:
            raise self.error


class _Stopped(Exception):
    """Set as :attr:`_Writes.error` to skip the jobs left when the export stops."""


class _TableWriter:
    """One table's Parquet files, one per ``event_date`` partition (:class:`DateFiles`),
    written about :data:`BATCH_ROWS` rows at a time by the :class:`_Writes` thread."""

    def __init__(self, kind: str, folder: str, schema: pa.Schema, writes: _Writes,
                 part: str = "part-00000.parquet") -> None:
        self.kind = kind
        self.folder = folder
        self.schema = schema
        self.writes = writes
        self.pending: list[pa.RecordBatch | list[tuple[Any, ...]]] = []
        """The rows not yet written, in order: batches, and runs of records."""
        self.count = 0
        """Rows pending."""
        self.files = DateFiles(folder, schema, part)
        """The files (the writing thread's alone)."""
        self.rows = 0

    def add(self, record: tuple[Any, ...]) -> None:
        if not self.pending or not isinstance(self.pending[-1], list):
            self.pending.append([])
        self.pending[-1].append(record)  # type: ignore[union-attr]
        self._count(1)

    def add_batch(self, batch: pa.RecordBatch) -> None:
        """Rows made as an Arrow batch of the table's schema, after the records before."""
        self.pending.append(batch)
        self._count(len(batch))

    def close(self) -> None:
        """Write what is pending and close the files (on the writing thread)."""
        self._flush()
        self.writes.submit(self.close_files)

    def close_files(self) -> None:
        self.files.close()

    def _count(self, rows: int) -> None:
        self.count += rows
        if self.count >= BATCH_ROWS:
            self._flush()

    def _flush(self) -> None:
        if self.pending:
            self.writes.submit(partial(self._write, self.pending))
        self.pending, self.count = [], 0

    def _write(self, parts: list[pa.RecordBatch | list[tuple[Any, ...]]]) -> None:
        batches = [record_batch(self.kind, part, self.schema) if isinstance(part, list)
                   else part for part in parts]
        self.rows += self.files.write(pa.Table.from_batches(batches, self.schema))


def export(inputs: Sequence[str], output: str, *, failfast: bool = False,
           schema_files: Sequence[str] = (), progress: TextIO | None = None,
           typed: bool = True, snapshot: bool = False, as_of: datetime | None = None,
           overwrite: bool = False) -> ExportResult:
    """Parse ``inputs`` (paths, directories, globs) and write every table under
    ``output``; with ``typed``, each source table's typed change table
    (``output/tables/<db>.<table>``) and with ``snapshot`` its state at the end or
    ``as_of`` (``output/snapshots/<db>.<table>``, see
    :mod:`binlog_kaitai.tables.typed_export`). The tables are written into a staging
    folder and published whole at the end (:mod:`binlog_kaitai.publish`): a failed
    export leaves the output as it was. Raises :class:`OutputRefused` when ``output``
    holds an export and not ``overwrite``, :class:`ExportFailed` when nothing matches,
    or in ``failfast`` mode at the first problem."""
    files, unmatched = list_inputs(inputs)
    for pattern in unmatched:
        print(f"binlog-kaitai export: no file matches {pattern}", file=sys.stderr)
    if not files:
        raise ExportFailed("no input files")
    scripts = read_scripts(schema_files)
    run = begin(output, overwrite=overwrite, known=OUTPUT_FOLDERS, local=True)
    try:
        workers = _workers(sum(f.size for f in files))
        plan = plan_here(files, _split_size(files, workers), scripts)
        rows, _ = export_into(run.staging, plan, failfast, scripts, progress,
                              TypedOutput(run.staging, snapshot=snapshot, as_of=as_of)
                              if typed else None, workers=workers)
        publish(run)
    except BaseException:
        abandon(run)
        raise
    return ExportResult(len(files), sum(f.size for f in files), rows)


def export_incremental(inputs: Sequence[str], output: str, *, failfast: bool = False,
                       schema_files: Sequence[str] = (), progress: TextIO | None = None,
                       typed: bool = True, snapshot: bool = False,
                       as_of: datetime | None = None) -> ExportResult:
    """:func:`export` of what the runs before left to do (:mod:`binlog_kaitai.incremental`):
    the new files and the new complete transactions of the files that grew, from the
    schema histories the state holds, their tables added to ``output``'s; with
    ``snapshot``, the snapshots of the tables they changed written again
    (:func:`_snapshots`). A run that fails or is killed leaves the output as the last
    run committed it; the next run deletes what it wrote. Nothing new: nothing written
    (0 files)."""
    files, unmatched = list_inputs(inputs)
    for pattern in unmatched:
        print(f"binlog-kaitai export: no file matches {pattern}", file=sys.stderr)
    if not files:
        raise ExportFailed("no input files")
    state = incremental.load(output)
    incremental.recover(output, state, OUTPUT_FOLDERS)
    todo = incremental.pending(state, files)
    if not todo:
        return ExportResult()
    scripts = read_scripts(schema_files)
    run = incremental.plan_run(state, [walk_file(info, None) for info in todo], scripts)
    staging = incremental.staging(output)
    rows, stats = export_into(staging, run.plan, failfast, scripts, progress,
                              TypedOutput(staging) if typed else None,
                              partial(incremental.merge_stats, state))
    changed = sorted(t.partition("/")[2] for t in rows if t.startswith("tables/"))
    if snapshot:
        rows.update(_snapshots(output, state, changed, as_of))
    incremental.commit(output, state, run, stats,
                       [f"snapshots/{name}" for name in changed] if snapshot else ())
    return ExportResult(len(todo), sum(s.nbytes for s in run.plan.splits), rows)


def _snapshots(output: str, state: incremental.State, names: Sequence[str],
               as_of: datetime | None) -> dict[str, int]:
    """The snapshots of the typed tables ``names``, from all their changes (the runs'
    before and this one's, in the order one run takes them: by file, then position),
    staged; the ``errors`` line of a table that gets none, once (``state``); rows per
    ``snapshots/...``. Each table's changes are read whole."""
    staging = os.path.join(output, incremental.STAGING)
    work = tempfile.mkdtemp(prefix=".snapshots-", dir=staging)
    try:
        typed_out = TypedOutput(work, snapshot=True, as_of=as_of)
        try:
            for name in names:
                changes = incremental.read_table(output, f"tables/{name}", staged=True)
                for batch in changes.sort_by([(c, "ascending") for c in SNAPSHOT_ORDER]
                                             ).to_batches(BATCH_ROWS):
                    typed_out.add(batch)
            result = typed_out.write()
        except BaseException:
            typed_out.abort()
            raise
        typed_out.close()
        if os.path.isdir(os.path.join(work, "snapshots")):
            shutil.copytree(os.path.join(work, "snapshots"), os.path.join(staging, "snapshots"),
                            copy_function=os.replace, dirs_exist_ok=True)
    finally:
        shutil.rmtree(work)
    _no_snapshot_lines(result.problems, state, staging)
    return {f"snapshots/{t}": n for t, n in result.snapshots.items()}


def _no_snapshot_lines(problems: Sequence[tuple[str, int, str, Any]], state: incremental.State,
                       staging: str) -> None:
    """The ``errors`` lines of the tables without a snapshot that no run wrote yet, as a
    data file of their own in the staging folder."""
    found = []
    for file, pos, message, day in problems:
        table = NO_SNAPSHOT.match(message)
        if table is not None and table.group(1) not in state.unsnapshotted:
            state.unsnapshotted.append(table.group(1))
            found.append(ErrorsRecord(file=file, offset=pos, event_type=None,
                                      message=message, event_date=day))
    if found:
        schema = arrow_schema(TABLES["errors"])
        errors = DateFiles(os.path.join(staging, "errors"), schema, "part-snapshots.parquet")
        errors.write(record_batch("errors", found, schema))
        errors.close()


def export_into(folder: str, plan: ArchivePlan, failfast: bool, scripts: Sequence[Script],
                progress: TextIO | None, typed_out: TypedOutput | None,
                merge: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] = list,
                workers: int = 1, pool: SplitPool | None = None,
                groups: Sequence[Sequence[Split]] | None = None
                ) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Every table of ``plan``'s splits written under ``folder`` (the staging folder);
    rows per table, and the ``split_stats`` the ``files`` rows were folded from (after
    ``merge``: an incremental run's adds those of earlier runs). The splits are parsed
    here, or by ``workers`` processes, or by ``pool`` (the Spark job's tasks, each
    parsing one of ``groups``, the plan's splits in tasks), each writing its own parts
    (:func:`_parse_apart`). On a failure, every file is closed
    (without closing it twice: see :func:`binlog_kaitai.tables.typed_export.abort_writer`)
    and the writing thread ended."""
    forked = pool is None and workers > 1 and len(plan.splits) > 1
    # (the processes are forked before this process starts its writing thread)
    with fewer_collections(), _fork_pool(workers) if forked else nullcontext(pool) as pool:
        writes = _Writes()  # (nothing between here and the try can fail)
        # (apart, the jobs' parts come first: part-<job>, in order)
        jobs = len(plan.splits) if groups is None else len(groups)
        part = f"part-{jobs if pool is not None else 0:05d}.parquet"
        writers = {table: _TableWriter(table, os.path.join(folder, table),
                                       arrow_schema(columns), writes, part)
                   for table, columns in TABLES.items()}
        typed_rows: dict[str, int] = {}
        try:
            stats, parsed = (
                _parse_apart(pool, folder, plan, writers, writes, failfast, scripts,
                             progress, typed_out, groups) if pool is not None else
                _parse(plan, writers, writes, failfast, scripts, progress, typed_out))
            stats = merge(stats)
            writes.wait()  # every typed batch is in its table (or the spill)
            # Arrow's allocator keeps what the parse freed; the typed tables' writing
            # would come on top of it (peak RSS 397 -> 384 MB on the bench file).
            pa.default_memory_pool().release_unused()
            for record in fold_files(stats, parser_version()):
                writers["files"].add(record)
            if typed_out is not None:
                typed_rows = _write_typed(typed_out, writers["errors"])
            _close(writers, writes)
        except BaseException:
            _abort(writers, writes)
            if typed_out is not None:
                typed_out.abort()
            raise
        writes.stop()
    if typed_out is not None:
        typed_out.close()
    rows = {table: w.rows + parsed.get(table, 0) for table, w in writers.items()}
    return {**rows, **typed_rows}, stats


def _write_typed(typed_out: TypedOutput, errors: _TableWriter) -> dict[str, int]:
    """The typed tables and snapshots written; their problems (positional names, no
    snapshot) as ``errors`` rows; rows per ``tables/...`` and ``snapshots/...``."""
    result = typed_out.write()
    for file, offset, message, day in result.problems:
        errors.add(ErrorsRecord(file=file, offset=offset, event_type=None, message=message,
                                event_date=day))
    return {**{f"tables/{t}": n for t, n in result.tables.items()},
            **{f"snapshots/{t}": n for t, n in result.snapshots.items()}}


def _parse(plan: ArchivePlan, writers: dict[str, _TableWriter], writes: _Writes,
           failfast: bool, scripts: Sequence[Script], progress: TextIO | None,
           typed_out: TypedOutput | None = None) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Every record of every split to its table (typed batches to ``typed_out``, on the
    writing thread), each split parsed from its chain's schema history where it starts
    (:func:`binlog_kaitai.tables.splits.plan_archive`, whose rows are the ``schema_history``
    table); the ``split_stats`` of each split (and no rows written elsewhere)."""
    for record in plan.history:
        writers["schema_history"].add(record)
    total, done = sum(s.nbytes for s in plan.splits), 0
    stats: list[dict[str, Any]] = []
    typed = None if typed_out is None else (
        lambda batch: writes.submit(partial(typed_out.add, batch)))
    for split in plan.splits:
        parser = SplitParser(split, failfast=failfast, schema_scripts=scripts,
                             typed=typed_out is not None)
        problem = _route(parser.records(), writers, typed, stats)
        if problem is not None:
            raise ExportFailed(problem)
        done += split.nbytes
        if progress is not None:
            _show_progress(progress, done, total, split.path)
    if progress is not None:
        progress.write("\n")
    return stats, {}


def _route(records: Iterable[Record], writers: dict[str, _TableWriter],
           typed: Callable[[pa.RecordBatch], None] | None,
           stats: list[dict[str, Any]]) -> str | None:
    """A split's records to their tables' writers (its typed batches to ``typed``, its
    ``split_stats`` to ``stats``); FAILFAST's problem, which ends them, if any."""
    for kind, values in records:
        if kind == "typed":
            assert typed is not None
            typed(values)
        elif kind == "split_stats":
            stats.append(values._asdict())
        elif kind == "failfast":
            return str(FailFast(*values))
        elif isinstance(values, pa.RecordBatch):
            writers[kind].add_batch(values)
        else:
            writers[kind].add(values)
    return None


# ---------------------------------------------------------------------------------------
# Splits parsed on every core


def _workers(nbytes: int) -> int:
    """Processes to parse ``nbytes`` of input with: from :data:`PARALLEL_MIN_BYTES`, one
    per core this process may use but one, left to this process's writing (the typed
    tables, and the parts it is fed); 1 (the parse here) when that is fewer than two.
    With two cores, one process parsing beside its writing thread keeps both busy
    already: on the bench file, two parsing processes took its export from 2.9-3.3 s
    to 2.3 s on an idle machine but were slower on a busy one (2.9-4.8 s), for more
    work (4.4-4.7 s of CPU against 4.0-4.1 s: the typed batches passed between the
    processes, their own memory and writers) and 490-510 MB of memory in all against
    about 210 MB."""
    cores = usable_cores()
    return cores - 1 if cores > 2 and nbytes >= PARALLEL_MIN_BYTES else 1


def _split_size(files: Sequence[Any], workers: int) -> int | None:
    """The split size to plan with: whole files for one process, else about
    :data:`SPLITS_PER_WORKER` splits per process (none under :data:`SPLIT_MIN_BYTES`)."""
    if workers == 1:
        return None
    return max(SPLIT_MIN_BYTES, sum(f.size for f in files) // (workers * SPLITS_PER_WORKER))


def _fork_pool(workers: int) -> Any:
    """Processes forked from this one (they inherit what it imported: no start-up)."""
    return multiprocessing.get_context("fork").Pool(workers)


class SplitPool(Protocol):
    """What runs :func:`parse_split` on each job elsewhere, the results in the jobs'
    order: processes (:func:`_fork_pool`), or the Spark job's tasks."""

    def imap(self, function: Callable[[SplitJob], SplitDone], jobs: Sequence[SplitJob]
             ) -> Iterable[SplitDone]: ...


@dataclass(frozen=True)
class SplitJob:
    """Splits to parse in a worker process (one after the other: a task of small ones,
    or a split), their tables' rows written as part ``seq`` of ``folder``'s tables,
    their typed batches spilled."""

    splits: tuple[Split, ...]
    seq: int
    folder: str
    failfast: bool
    scripts: Sequence[Script]
    typed: bool

    @property
    def spill(self) -> str:
        return os.path.join(self.folder, f".typed-{self.seq:05d}.pickle")


def _close(writers: dict[str, _TableWriter], writes: _Writes) -> None:
    """Every table's last row group written and its files closed, on the writing thread."""
    for writer in writers.values():
        writer.close()
    writes.wait()


def _abort(writers: dict[str, _TableWriter], writes: _Writes) -> None:
    """After a failure: the writing thread ended, every table's files dropped."""
    writes.stop()
    for writer in writers.values():
        writer.files.abort()


@dataclass(frozen=True)
class SplitDone:
    rows: dict[str, int]
    stats: list[dict[str, Any]]
    problem: str | None
    """FAILFAST's problem, which ended the parse."""


def parse_split(job: SplitJob) -> SplitDone:
    """In a worker process: a job's splits parsed, their rows written to its own parts
    of the :data:`PARSED_TABLES` (``part-<seq>.parquet``: a date's parts read in name
    order are in binlog order), their typed batches pickled to :attr:`SplitJob.spill`;
    in FAILFAST mode, none after the first problem."""
    writes = _Writes()
    part = f"part-{job.seq:05d}.parquet"
    writers = {table: _TableWriter(table, os.path.join(job.folder, table),
                                   arrow_schema(TABLES[table]), writes, part)
               for table in PARSED_TABLES}
    stats: list[dict[str, Any]] = []
    problem = None
    try:
        with open(job.spill, "wb") if job.typed else nullcontext() as spill:
            typed = None if spill is None else partial(
                pickle.dump, file=spill, protocol=pickle.HIGHEST_PROTOCOL)
            for split in job.splits:
                parser = SplitParser(split, failfast=job.failfast, schema_scripts=job.scripts,
                                     typed=job.typed)
                problem = _route(parser.records(), writers, typed, stats)
                if problem is not None:
                    break
        _close(writers, writes)
    except BaseException:
        _abort(writers, writes)
        raise
    writes.stop()
    return SplitDone({t: w.rows for t, w in writers.items()}, stats, problem)


def _parse_apart(pool: Any, folder: str, plan: ArchivePlan, writers: dict[str, _TableWriter],
                 writes: _Writes, failfast: bool, scripts: Sequence[Script],
                 progress: TextIO | None, typed_out: TypedOutput | None,
                 groups: Sequence[Sequence[Split]] | None = None
                 ) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """:func:`_parse` by the processes of ``pool`` (or the Spark job's tasks), a job at a
    time each (:func:`parse_split`; ``groups``: the splits of each job, in binlog order,
    else one split each), the results taken in the jobs' order: their typed batches to
    ``typed_out`` on the writing thread, their problem raised (the first in binlog
    order, as one process would). The ``split_stats`` and the rows the jobs wrote per
    table."""
    for record in plan.history:
        writers["schema_history"].add(record)
    jobs = [SplitJob(tuple(splits), seq, folder, failfast, scripts, typed_out is not None)
            for seq, splits in enumerate(groups or [[split] for split in plan.splits])]
    total, done = sum(s.nbytes for s in plan.splits), 0
    stats: list[dict[str, Any]] = []
    rows: dict[str, int] = dict.fromkeys(PARSED_TABLES, 0)
    for job, result in zip(jobs, pool.imap(parse_split, jobs), strict=True):
        if result.problem is not None:
            raise ExportFailed(result.problem)
        stats.extend(result.stats)
        for table, n in result.rows.items():
            rows[table] += n
        if typed_out is not None:
            for batch in _unspilled(job.spill):
                writes.submit(partial(typed_out.add, batch))
        done += sum(split.nbytes for split in job.splits)
        if progress is not None:
            _show_progress(progress, done, total, job.splits[-1].path)
    if progress is not None:
        progress.write("\n")
    return stats, rows


def _unspilled(path: str) -> Iterator[pa.RecordBatch]:
    """The batches pickled to ``path``, one at a time; the file removed after."""
    try:
        with open(path, "rb") as spill:
            while True:
                try:
                    yield pickle.load(spill)
                except EOFError:
                    return
    finally:
        os.remove(path)


def _show_progress(out: TextIO, done: int, total: int, path: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done / 1e6:8.1f} of "
              f"{total / 1e6:.1f} MB  {os.path.basename(path)[:40]:<40}")
    out.flush()


class _HidePandas:
    """An import finder for which pandas is not installed."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name == "pandas":
            raise ModuleNotFoundError("hidden from pyarrow's first look", name=name)


def arrow_without_pandas() -> None:
    """Let pyarrow find no pandas, in a process that hands it none.

    pyarrow's first ``pa.array`` of Python objects imports pandas when it is installed
    (the Spark extra installs it) to ask whether they are pandas objects
    (apache/arrow#34994): 0.3-0.4 s, a fifth of exporting a small file. Made once with
    pandas hidden, that first call leaves pyarrow sure there is none; whatever asks
    pyarrow for pandas later (``to_pandas``) still gets it, pyarrow then imports it.
    For the CLI's process: a library caller's may hand pyarrow pandas objects."""
    if "pandas" in sys.modules:
        return
    hide = _HidePandas()
    sys.meta_path.insert(0, hide)
    try:
        pa.array([0])
    finally:
        sys.meta_path.remove(hide)


def main(args: Any, out: TextIO, err: TextIO) -> int:
    """The CLI's ``export`` command (``binlog_kaitai.cli``)."""
    arrow_without_pandas()
    progress = err if err.isatty() else None
    if not args.typed and (args.snapshot or args.as_of is not None):
        print(f"binlog-kaitai export: {SNAPSHOT_NEEDS_TYPED}", file=err)
        return 2
    if args.incremental and (args.overwrite or is_object_store(args.output)):
        why = INCREMENTAL_ALONE if args.overwrite else INCREMENTAL_LOCAL
        print(f"binlog-kaitai export: {why}", file=err)
        return 2
    try:
        as_of = None if args.as_of is None else utc_datetime(args.as_of)
        if args.incremental:
            result = export_incremental(args.files, args.output,
                                        failfast=args.mode == "failfast",
                                        schema_files=args.schema or (), progress=progress,
                                        typed=args.typed,
                                        snapshot=args.snapshot or as_of is not None,
                                        as_of=as_of)
        else:
            result = export(args.files, args.output, failfast=args.mode == "failfast",
                            schema_files=args.schema or (), progress=progress,
                            typed=args.typed, snapshot=args.snapshot or as_of is not None,
                            as_of=as_of, overwrite=args.overwrite)
    except (ExportFailed, ArgumentTypeError, OutputRefused, incremental.NotIncremental
            ) as exc:
        print(f"binlog-kaitai export: {exc}", file=err)
        return 1
    except OSError as exc:  # writing the output (the inputs' problems are errors rows)
        print(f"binlog-kaitai export: cannot write {args.output}: {exc}", file=err)
        return 1
    rows = ", ".join(f"{n} {t}" for t, n in result.rows.items())
    print(f"binlog-kaitai export: {result.files} files, {result.bytes / 1e6:.1f} MB -> "
          f"{rows} under {args.output}", file=err)
    return 0
