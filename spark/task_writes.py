"""The Spark job's tables written by its tasks: each task parses its splits and writes
their rows itself, with pyarrow, as ``export``'s worker processes do
(:func:`binlog_kaitai.tables.export.parse_split`); Spark schedules the tasks and brings
their counts back. The driver then writes what only it has (the ``files`` and
``schema_history`` tables, the typed change tables from the tasks' spilled batches) as
``export`` does (:func:`binlog_kaitai.tables.export.export_into`), so the job's tables
are ``export``'s, file for file: ``DIR/<table>/event_date=.../part-<task>.parquet``,
each task's rows in binlog order.

One stage instead of a parse persisted in Spark and then written by Spark's Parquet
writer: on ``local[2]`` the bench file's marginal time went from 9-11x
``mariadb-binlog -v``'s to about 3x, and the fixed cost of a small job from 3-5 s above a
bare session's five empty writes to none (docs/performance.md). The tasks write into the
staging folder, where the driver reads: the job takes this way in local mode only, and
keeps Spark's writer for clusters, object stores, ORC, JSON and snapshots
(:func:`binlog_kaitai.spark.job.tasks_can_write`).

A task that fails is run again by Spark and rewrites the same parts (their names are
the task's); speculative execution (two attempts at once) must stay off, as it is by
default.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any

import pyarrow as pa
from pyspark.sql import SparkSession
from pyspark.sql.pandas.types import from_arrow_schema
from pyspark.sql.types import BinaryType, IntegerType, StructField, StructType

from binlog_kaitai.tables.export import SplitDone, SplitJob
from binlog_kaitai.tables.splits import Split, task_weight

JOB_STRUCT = StructType([StructField("seq", IntegerType()), StructField("job", BinaryType())])
DONE_ARROW = pa.schema([("seq", pa.int32()), ("done", pa.binary())])
"""A job's result: its place among the jobs, and its :class:`SplitDone`, pickled."""
DONE_STRUCT = from_arrow_schema(DONE_ARROW)


class SparkSplits:
    """A :class:`~binlog_kaitai.tables.export.SplitPool` of Spark tasks, each job's
    progress added to ``done`` (the job's
    :class:`~binlog_kaitai.spark.progress.DoneParam` accumulator)."""

    def __init__(self, spark: SparkSession, done: Any) -> None:
        self.spark, self.done = spark, done

    def imap(self, function: Callable[[SplitJob], SplitDone], jobs: Sequence[SplitJob]
             ) -> Iterable[SplitDone]:
        """Every job run as one Spark task (one Spark job in all), the heaviest first
        (:func:`~binlog_kaitai.tables.splits.pack`'s reason); the results in the jobs'
        order."""
        sc = self.spark.sparkContext
        sc.setJobDescription(f"binlog-kaitai: parse and write {len(jobs)} task(s)")
        heaviest = sorted(range(len(jobs)), key=lambda seq: -task_weight(jobs[seq].splits))
        rows = sc.parallelize([(seq, pickle.dumps(jobs[seq])) for seq in heaviest],
                              max(len(jobs), 1))
        found = self.spark.createDataFrame(rows, JOB_STRUCT).mapInArrow(
            partial(run_jobs, function=function, done=self.done), DONE_STRUCT).collect()
        results = {row.seq: pickle.loads(row.done) for row in found}
        return [results[seq] for seq in range(len(jobs))]


def in_binlog_order(tasks: Sequence[Sequence[Split]]) -> list[Sequence[Split]]:
    """The tasks :func:`~binlog_kaitai.tables.splits.pack` made (the heaviest first), in
    their splits' order: a date's parts, named by task, are then in binlog order, and the
    typed batches are taken in that order."""
    return sorted(tasks, key=lambda task: (task[0].path, task[0].index))


def run_jobs(batches: Iterable[pa.RecordBatch], function: Callable[[SplitJob], SplitDone],
             done: Any) -> Iterator[pa.RecordBatch]:
    """Executor side: each job of a partition run, its result pickled back."""
    for batch in batches:
        for seq, blob in zip(batch.column("seq").to_pylist(), batch.column("job").to_pylist(),
                             strict=True):
            job: SplitJob = pickle.loads(blob)
            result = function(job)
            for split in job.splits:
                done.add({split.path: (1, split.nbytes)})
            yield pa.RecordBatch.from_arrays(
                [pa.array([seq], pa.int32()), pa.array([pickle.dumps(result)])],
                schema=DONE_ARROW)
