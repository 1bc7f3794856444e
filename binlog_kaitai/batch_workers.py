"""The Arrow batches of a chain's files made side by side, one file per core.

:func:`~binlog_kaitai.columnar.row_batches` of several local files, on a machine of
several cores, reads them as ``rows`` does (:mod:`binlog_kaitai.file_workers`): this
process makes the first file's batches itself (they come out as they are made) while
forked workers make the next files', each from the schema history the DDL of the files
before it leaves (:class:`~binlog_kaitai.schema.HistoriesAhead`). A worker writes its
batches to a file of the temporary folder, each as an Arrow IPC stream of its own (their
schemas differ from table to table); this process maps that file and hands them out
without a copy, in file order, then the file's error if it had one (and stops there, as
one process would). A file's batches are those a batcher of its own makes: the rows are
those of one process, but no batch holds rows of two files.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

import pyarrow as pa

from binlog_kaitai.errors import BinlogError
from binlog_kaitai.file_workers import results_ahead, side_by_side
from binlog_kaitai.row_groups import DECODER_THREAD
from binlog_kaitai.schema import HistoriesAhead, SchemaHistory, thaw

WRITE_BUFFER = 1 << 20
"""Bytes a worker gathers before it writes them to its file (unbuffered, each of a
batch's buffers was a system call of its own: 2 ms a file of the OLTP set)."""
BatchesOf = Callable[[str, SchemaHistory], Iterator[pa.RecordBatch]]
"""One file's batches, read from a schema history (which it changes)."""
Written = tuple[str, list[int], BinlogError | None]
"""What a worker hands back: its file of batches, where each one ends, its error."""


def chain_workers(names: Sequence[Any]) -> int:
    """How many worker processes read the chain ``names`` (:func:`side_by_side`): none
    unless each is a local file's path and this process runs no other thread than the
    caller's and the row decoder's own (a process forked beside a running thread can
    hang on a lock that thread held)."""
    if not all(isinstance(name, str) for name in names):
        return 0
    here = threading.current_thread()
    if any(t is not here and not t.name.startswith(DECODER_THREAD)
           for t in threading.enumerate()):
        return 0
    return side_by_side(names)


def batches_side_by_side(names: Sequence[str], history: SchemaHistory, batches_of: BatchesOf,
                         workers: int) -> Iterator[pa.RecordBatch]:
    """The batches of every file of ``names``, in file order: the first file's made here
    from ``history``, the others' by ``workers`` forked processes."""
    work = partial(_write_batches, batches_of)
    with results_ahead(names, work, workers, HistoriesAhead(names, history)) as later:
        yield from batches_of(names[0], history)
        for path, ends, error in later:
            yield from _read_batches(path, ends)
            if error is not None:
                raise error


def _write_batches(batches_of: BatchesOf, name: str, folder: str, frozen: bytes) -> Written:
    """In a worker: the batches of one file written to a file of ``folder``, one IPC
    stream each; the error that ended it, if any."""
    import tempfile

    handle, path = tempfile.mkstemp(dir=folder, suffix=".arrows")
    os.close(handle)
    ends: list[int] = []
    with pa.BufferedOutputStream(pa.OSFile(path, "wb"), WRITE_BUFFER) as sink:
        try:
            for batch in batches_of(name, thaw(frozen)):
                with pa.ipc.new_stream(sink, batch.schema) as writer:
                    writer.write_batch(batch)
                ends.append(sink.tell())
        except BinlogError as exc:
            return path, ends, exc
    return path, ends, None


def _read_batches(path: str, ends: list[int]) -> Iterator[pa.RecordBatch]:
    """The batches a worker wrote, mapped (they stay readable once the file is gone)."""
    data = pa.memory_map(path).read_buffer()
    os.unlink(path)
    start = 0
    for end in ends:
        with pa.ipc.open_stream(data.slice(start, end - start)) as reader:
            yield from reader
        start = end
