"""Timing shared by the benchmarks."""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """Best wall time of ``runs`` calls (seconds): the least disturbed measurement."""
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def peer_program() -> str | None:
    """The peer every benchmark compares with, ``mariadb-binlog``; None (said on stderr)
    when it is not installed."""
    program = shutil.which("mariadb-binlog")
    if program is None:
        print("mariadb-binlog is not installed (make setup installs it)", file=sys.stderr)
    return program
