"""Rows benchmark: ``binlog-kaitai rows --json`` against ``mariadb-binlog -v`` on one core.

``bench_rows(data_dir)`` (called by bench/bench.py; also ``python -m bench.rows_bench``)
prints, for the small and the large file of ``tools.make_bench_data``: row changes per
CPU second (user + sys: the machine may be shared) and MB/s of our ``rows --json`` (the
whole CLI process) next to ``mariadb-binlog -v --base64-output=decode-rows`` decoding
the same file, both writing to /dev/null (rows counted in other runs), the best of
``--repeat`` runs each, their ratio, and our peak RSS. Both are single threaded. The
target of issue 11 is >= 0.3x mariadb-binlog's rows/s on the large file, RSS < 300 MB.

Then every small file of the manifest (single-row transactions) and the large file as a
user runs them (:func:`bench_pairs`): ``rows --json`` and
``mariadb-binlog -v`` on all of them at once, both writing to a file, in alternating pairs
(wall time); the medians and the median of the pairs' ratios (issue 27: >= 0.8x on the
bulk file; its OLTP target, >= 0.6x, is measured on the OLTP set by bench/oltp_bench.py).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

from bench.timing import peer_program

REPO = Path(__file__).resolve().parents[1]
TARGET_RATIO = 0.3
TARGET_RSS_MB = 300
PAIR_TARGETS = {"small-": 0.6, "large-": 0.8}
"""Issue 27's targets of :func:`bench_pairs`, by the prefix of the files' names."""
CLI = [sys.executable, "-m", "binlog_kaitai"]
# Bytecode written and reused, as an installed CLI has it.
ENV = {**os.environ, "PYTHONDONTWRITEBYTECODE": ""}

_ROW_LINE = re.compile(rb"^### (INSERT INTO|UPDATE|DELETE FROM) ", re.MULTILINE)


def bench_files(data_dir: Path) -> list[Path]:
    """The first small and the first large file listed in the generator's manifest."""
    names = [f["name"] for f in json.loads((data_dir / "manifest.json").read_text())["files"]]
    return [data_dir / next(n for n in names if n.startswith(prefix))
            for prefix in ("small-", "large-")]


def ours(path: Path) -> tuple[float, float]:
    """(CPU seconds, peak RSS in MB) of ``rows --json`` on ``path``, written to
    /dev/null."""
    with tempfile.NamedTemporaryFile("r") as stats:
        subprocess.run(["/usr/bin/time", "-o", stats.name, "-f", "%U %S %M", *CLI, "rows",
                        "--json", str(path)], stdout=subprocess.DEVNULL, check=True, cwd=REPO,
                       env=ENV)
        user, system, rss_kib = stats.read().split()[-3:]
    return float(user) + float(system), int(rss_kib) / 1024


def our_rows(path: Path) -> int:
    """Lines of ``rows --json`` on ``path`` (an untimed run)."""
    with subprocess.Popen([*CLI, "rows", "--json", str(path)], stdout=subprocess.PIPE,
                          cwd=REPO, env=ENV) as run:
        assert run.stdout is not None
        lines = sum(chunk.count(b"\n") for chunk in iter(lambda: run.stdout.read(1 << 20),
                                                          b""))
    if run.returncode != 0:
        raise RuntimeError(f"rows --json failed on {path} (status {run.returncode})")
    return lines


def mariadb_binlog(path: Path, program: str) -> tuple[int, float]:
    """(row changes, seconds) of ``mariadb-binlog -v --base64-output=decode-rows``; the
    timed run writes to /dev/null, the rows are counted in a separate run."""
    cmd = [program, "-v", "--base64-output=decode-rows", str(path)]
    rows = len(_ROW_LINE.findall(subprocess.run(cmd, check=True, capture_output=True).stdout))
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return rows, time.perf_counter() - t


def mariadb_binlog_cpu(path: Path, program: str) -> float:
    """CPU seconds of ``mariadb-binlog -v --base64-output=decode-rows`` to /dev/null."""
    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    before = children()
    subprocess.run([program, "-v", "--base64-output=decode-rows", str(path)], check=True,
                   stdout=subprocess.DEVNULL)
    return children() - before


def bench_rows(data_dir: Path, repeat: int = 3) -> None:
    program = peer_program()
    if program is None:
        return
    print("\n== rows: binlog-kaitai rows --json vs mariadb-binlog -v --base64-output=decode-rows"
          f" (one core, CPU time, best of {repeat}) ==")
    print(f"{'file':<20}{'size MB':>9}{'rows':>10}{'ours rows/s':>13}{'MB/s':>7}"
          f"{'peak RSS MB':>13}{'mariadb-binlog rows/s':>23}{'MB/s':>7}{'ratio':>7}")
    for path in bench_files(data_dir):
        size_mb = path.stat().st_size / 1e6
        rows = our_rows(path)
        seconds, rss_mb = min((ours(path) for _ in range(repeat)), key=lambda run: run[0])
        their_rows, _ = mariadb_binlog(path, program)
        their_seconds = min(mariadb_binlog_cpu(path, program) for _ in range(repeat))
        if their_rows != rows:
            print(f"  note: mariadb-binlog printed {their_rows} row changes, we {rows}")
        ratio = their_seconds / seconds
        print(f"{path.name:<20}{size_mb:>9.1f}{rows:>10}{rows / seconds:>13.0f}"
              f"{size_mb / seconds:>7.1f}{rss_mb:>13.0f}{their_rows / their_seconds:>23.0f}"
              f"{size_mb / their_seconds:>7.1f}{ratio:>7.2f}")
        verdict = "meets" if ratio >= TARGET_RATIO and rss_mb < TARGET_RSS_MB else "misses"
        print(f"  {verdict} the target (>= {TARGET_RATIO}x mariadb-binlog's rows/s, "
              f"RSS < {TARGET_RSS_MB} MB)")
    bench_pairs(data_dir, repeat)


def timed_to_file(cmd: list[str], env: dict[str, str] | None = None) -> float:
    """Wall seconds of ``cmd`` writing its output to a (temporary) file."""
    with tempfile.TemporaryFile() as out:
        t = time.perf_counter()
        subprocess.run(cmd, stdout=out, check=True, cwd=REPO, env=env)
        return time.perf_counter() - t


def bench_pairs(data_dir: Path, pairs: int = 3) -> None:
    """``rows --json`` against ``mariadb-binlog -v`` on the OLTP set and on the large
    file, each the median of ``pairs`` alternating pairs (see the module docstring)."""
    program = peer_program()
    if program is None:
        return
    names = [f["name"] for f in json.loads((data_dir / "manifest.json").read_text())["files"]]
    print(f"\n== rows --json vs mariadb-binlog -v, to a file (median of {pairs} alternating"
          " pairs, wall time) ==")
    print(f"{'files':<24}{'ours s':>9}{'mariadb-binlog s':>18}{'ratio':>7}{'target':>8}")
    for prefix, target in PAIR_TARGETS.items():
        files = [str(data_dir / n) for n in names if n.startswith(prefix)]
        if not files:
            continue
        runs = [(timed_to_file([*CLI, "rows", "--json", *files], ENV),
                 timed_to_file([program, "-v", "--base64-output=decode-rows", *files]))
                for _ in range(pairs)]
        ratio = median(theirs / mine for mine, theirs in runs)
        label = f"{prefix}* ({len(files)} files)"
        print(f"{label:<24}{median(m for m, _ in runs):>9.2f}"
              f"{median(t for _, t in runs):>18.2f}{ratio:>7.2f}{target:>7.1f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    bench_rows(args.data, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
