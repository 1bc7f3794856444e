"""Progress of a long parse on the driver's console: files and bytes done out of the total.

Each task adds ``{path: (splits done, bytes done)}`` to an accumulator when it finishes a
split; Spark merges task updates on the driver as tasks complete, where a thread prints
a line every few seconds while anything changed.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

from pyspark.accumulators import Accumulator, AccumulatorParam

Done = dict[str, tuple[int, int]]


class DoneParam(AccumulatorParam[Done]):
    """Merges per-file (splits, bytes) counts."""

    def zero(self, value: Done) -> Done:
        return {}

    def addInPlace(self, value1: Done, value2: Done) -> Done:
        for path, (splits, nbytes) in value2.items():
            have = value1.get(path, (0, 0))
            value1[path] = (have[0] + splits, have[1] + nbytes)
        return value1


class ProgressPrinter:
    """Prints ``parsed F/F files, B/B MB (P%), R MB/s`` while a Spark action runs."""

    def __init__(self, done: Accumulator[Done], split_counts: dict[str, int],
                 total_bytes: int, out: TextIO = sys.stderr, every: float = 2.0) -> None:
        self.done = done
        self.split_counts = split_counts
        self.total_bytes = total_bytes
        self.out = out
        self.every = every
        self.started = time.monotonic()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, name="binlog-progress", daemon=True)
        self.last = ""

    def __enter__(self) -> ProgressPrinter:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.thread.join()
        self.show()

    def run(self) -> None:
        while not self.stopped.wait(self.every):
            self.show()

    def line(self) -> str:
        done = dict(self.done.value)
        files = sum(1 for path, (splits, _) in done.items()
                    if splits >= self.split_counts.get(path, 1))
        nbytes = sum(b for _, b in done.values())
        elapsed = max(time.monotonic() - self.started, 1e-9)
        pct = 100.0 * nbytes / self.total_bytes if self.total_bytes else 100.0
        return (f"binlog-kaitai-spark: parsed {files}/{len(self.split_counts)} files, "
                f"{nbytes / 1e6:.1f}/{self.total_bytes / 1e6:.1f} MB ({pct:.0f}%), "
                f"{nbytes / 1e6 / elapsed:.1f} MB/s")

    def show(self) -> None:
        line = self.line()
        if line.split(", ")[:2] != self.last.split(", ")[:2]:
            print(line, file=self.out, flush=True)
            self.last = line
