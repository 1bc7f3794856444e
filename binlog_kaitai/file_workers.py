"""The files of a command read side by side, one per core, their output in file order.

A command whose files are independent of one another (``events``: each file's walk
starts from its own format and table maps), or depend on the files before them only
through what this process can work out ahead of them (``rows``: the schema history,
which names a file's columns from the DDL of the files before it), runs one file per
worker process where the machine has more than one core, as an archive of rotated files
is most often read: the interpreter runs one thread at a time, and ``mariadb-binlog``
reads on one core. Each worker writes its file's output to a file of its own; the
command's process reads the first file itself meanwhile, straight to its output (which
so starts at once), then copies theirs out in the order the files were named, each with
what its worker wrote on stderr after it. (:func:`~binlog_kaitai.columnar.row_batches`
of a chain takes its workers' Arrow batches the same way: :func:`results_ahead`.) The
workers are forked: they share the command's loaded modules and its arguments, and
nothing goes to them but a file's name (and what this process worked out for it). A
worker's output waits in the temporary folder (``TMPDIR``) for its turn: two files'
output per worker (:data:`QUEUED`), and the one being copied out, at most, whatever the
number of files.
"""

from __future__ import annotations

import io
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from itertools import islice
from typing import Any, TextIO

Work = Callable[[str, TextIO, TextIO, Any], Any]
"""What is done with one file: (name, out, err, given) -> what the worker hands back
(picklable); ``given`` is what :func:`each_file_in_workers`'s ``ahead`` worked out for
the file (None for the first file, which this process reads itself, and without
``ahead``)."""
Ahead = Callable[[int], Any]
"""What the work on ``names[i]`` is given, worked out in this process (picklable)."""

FolderWork = Callable[[str, str, Any], Any]
"""What a worker does with one file: (name, folder, given) -> what it hands back
(picklable), where ``folder`` is a temporary folder for what it writes."""

_WORK: FolderWork | None = None
"""The work of the workers (set before they are forked, which is how they get it)."""
QUEUED = 2
"""Files handed out per worker ahead of the one whose result is taken next: a worker
done with its file takes the next at once (one a worker, it waited for the command to
take the results before its own, idle 10-20 ms a file of the OLTP set)."""
ENCODING = "utf-8"
"""How a worker writes its output, and the command's process reads it."""


def usable_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def side_by_side(names: Sequence[str]) -> int:
    """How many worker processes read ``names``: none (0) for one file or one core,
    where processes cannot be forked, or for anything but local files (a URI's client,
    made before the fork, must not be shared by processes)."""
    if len(names) < 2 or not hasattr(os, "fork") or not all(map(os.path.isfile, names)):
        return 0
    return min(usable_cores(), len(names)) if usable_cores() > 1 else 0


def each_file_in_workers(names: Sequence[str], work: Work, out: TextIO, err: TextIO,
                         workers: int, ahead: Ahead | None = None) -> list[Any]:
    """``work`` on every file, its output and stderr in file order: what each handed
    back, in that order. This process reads the first file itself, straight to ``out``
    and ``err`` (its events show as they are read, as one after the other), while
    ``workers`` forked processes read the next ones (:func:`results_ahead`); their
    output is copied out after it, in turn."""
    errors = getattr(out, "errors", None) or "strict"
    with results_ahead(names, partial(_work_on, work, errors), workers, ahead) as later:
        done = [work(names[0], out, err, None)]
        done.extend(_copied(written, out, err) for written in later)
    return done


@contextmanager
def results_ahead(names: Sequence[str], work: FolderWork, workers: int,
                  ahead: Ahead | None = None) -> Iterator[Iterator[Any]]:
    """What ``work`` hands back for each file but the first, in file order, from
    ``workers`` forked processes that read them one each at a time (:data:`QUEUED` a
    worker handed out ahead, the next as a result is taken), while the caller reads the
    first one itself.
    ``ahead(i)``, when given, is called in file order for every file but the first as
    it is handed out (its result goes with it): what the files before it leave for it.
    The workers write what they make to files of the temporary folder they are given,
    gone with it at the end. When the run stops before every result is taken (a reader
    gone away, an interrupt, an error), the workers are stopped too."""
    import multiprocessing  # (here: 11 ms at every start of the CLI, with the one below)
    import tempfile

    global _WORK
    later = enumerate(names[1:], 1)
    # What the first file handed out is given is worked out before the workers are
    # forked: what that imports (the DDL parser, for a walk of DDL) is then theirs too.
    first = [(name, None if ahead is None else ahead(i)) for i, name in islice(later, 1)]
    with tempfile.TemporaryDirectory(prefix="binlog-kaitai-") as folder:
        _WORK = work  # (a worker the pool forks again, should one die, gets it too)
        queue = _Queue(multiprocessing.get_context("fork").Pool(workers), folder, later,
                       ahead)
        queue.pending.extend(queue.pool.apply_async(_run_work, (name, folder, what))
                             for name, what in first)
        try:
            queue.hand_out(QUEUED * workers - len(first))
            yield queue.results()
        finally:
            queue.stop()
            _WORK = None


class _Queue:
    """The files handed out to a pool of workers, whose results are taken in file
    order."""

    def __init__(self, pool: Any, folder: str, later: Iterator[tuple[int, str]],
                 ahead: Ahead | None) -> None:
        self.pool, self.folder, self.later, self.ahead = pool, folder, later, ahead
        self.pending: deque[Any] = deque()

    def hand_out(self, count: int) -> None:
        """The next ``count`` files to the workers (what ``ahead`` gives each with it)."""
        for i, name in islice(self.later, count):
            given = None if self.ahead is None else self.ahead(i)
            self.pending.append(self.pool.apply_async(_run_work, (name, self.folder, given)))

    def results(self) -> Iterator[Any]:
        """Each file's result in turn, the next file handed out as one is taken (so
        :data:`QUEUED` results a worker wait for their turn, at most)."""
        while self.pending:
            result = self.pending.popleft().get()
            self.hand_out(1)
            yield result

    def stop(self) -> None:
        """The workers stopped: at once when results are still to come (a reader gone
        away, an interrupt, an error), else once they are done."""
        if self.pending:
            self.pool.terminate()
        self.pool.close()
        self.pool.join()


def _copied(written: tuple[str, str, Any], out: TextIO, err: TextIO) -> Any:
    """A worker's output copied out (as bytes where ``out`` has a binary buffer), then
    its stderr; what it handed back."""
    import shutil

    path, errors, result = written
    try:
        target = getattr(out, "buffer", None)
        if target is not None and getattr(out, "encoding", "").lower() in ("utf-8", "utf8"):
            out.flush()
            with open(path, "rb") as file:
                shutil.copyfileobj(file, target, 1 << 20)
        else:  # (the worker wrote what it could encode as ``out`` would have)
            with open(path, encoding=ENCODING, errors="surrogateescape") as file:
                shutil.copyfileobj(file, out, 1 << 20)
    finally:
        os.unlink(path)
    if errors:
        out.flush()
        err.write(errors)
        err.flush()
    return result


def _run_work(name: str, folder: str, given: Any) -> Any:
    """In a worker: its work on one file."""
    assert _WORK is not None
    return _WORK(name, folder, given)


def _work_on(work: Work, errors: str, name: str, folder: str, given: Any
             ) -> tuple[str, str, Any]:
    """In a worker: ``work`` on one file, its output written to a file in ``folder``
    (text that cannot be encoded fails as it would on the command's ``out``, whose
    ``errors`` policy this is)."""
    import tempfile

    handle, path = tempfile.mkstemp(dir=folder, suffix=".out")
    err = io.StringIO()
    with open(handle, "w", encoding=ENCODING, errors=errors) as out:
        result = work(name, out, err, given)
    return path, err.getvalue(), result
