"""Timing shared by the benchmarks."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


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


def cpu_run(cmd: list[str], **kwargs: Any) -> tuple[float, float, int, str]:
    """Run ``cmd`` under /usr/bin/time: (wall s, CPU s (user + sys, its reaped children's
    included), peak RSS KiB of its largest process, stderr without time's line)."""
    run = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *cmd], stderr=subprocess.PIPE,
                         text=True, check=True, cwd=REPO, **kwargs)
    *lines, last = run.stderr.strip().splitlines()
    wall, user, system, rss_kb = last.split()
    return float(wall), float(user) + float(system), int(rss_kb), "\n".join(lines)
