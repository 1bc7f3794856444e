"""`make bench`: our reader against mariadb-binlog on the same files, in one run.

Prints, for a ~1 MB and a >= 150 MB binlog made by ``tools.make_bench_data`` (and, for
the summary, a 1 GiB one: MySQL's default max_binlog_size):
- summary: wall time and bytes read, in process and as a CLI process, against a full
  ``mariadb-binlog`` pass (what a DBA would otherwise run to learn a file's end time);
- event scan: events/s and MB/s of ``read_events`` against ``mariadb-binlog``, and the
  scan's peak RSS on the large file (run in a fresh process so nothing else counts);
then ``seek`` on the 1 GiB file and ``check`` over 1,000 files (bench/archive_bench.py),
``check`` of 1,000 objects on a local S3 server (bench/object_store_bench.py),
the rows benchmark (bench/rows_bench.py), ``rows --sql`` (bench/sql_bench.py), the
columnar decoder (bench/columnar_bench.py), ``export`` against ``mariadb-binlog -v``
(wall and CPU time ratios, medians of three alternating pairs, and peak RSS:
:func:`bench_export`) and the Spark job (bench/spark_bench.py: on the bulk file with 1
and 2 cores less its fixed cost, the marginal time as a multiple of ``mariadb-binlog
-v``'s and the fixed cost beside a bare session's five empty writes, then on the >= 500
MB set), ``pull`` from a live server (bench/pull_bench.py), and the OLTP set
(bench/oltp_bench.py: ``rows --json``, ``row_batches`` and ``events --json`` on ~20 MB of
rotated files, each a ratio to ``mariadb-binlog``). ``--only export``, ``--only
spark-bulk`` or ``--only oltp`` runs that piece alone.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import threading
from pathlib import Path

from bench.archive_bench import bench_archive
from bench.columnar_bench import bench_columnar
from bench.object_store_bench import bench_object_store
from bench.oltp_bench import bench_oltp
from bench.pull_bench import bench_pull
from bench.rows_bench import bench_files, bench_rows
from bench.spark_bench import bench_spark, bench_spark_bulk, descendants
from bench.sql_bench import bench_sql
from bench.timing import best_of, cpu_run, peer_program
from binlog_kaitai.summary import summary

REPO = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "binlog_kaitai"]
SCAN_SCRIPT = """
import sys, time
from bench.memory import peak_rss_kib
from binlog_kaitai.stream import read_events
t = time.perf_counter()
n = sum(1 for _ in read_events(sys.argv[1]))
print(n, time.perf_counter() - t, peak_rss_kib())
"""


def run_quiet(cmd: list[str]) -> None:
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   cwd=REPO)


def bench_summary(files: list[Path], mariadb_binlog: str) -> dict[Path, float]:
    """Prints the summary table; returns each file's full ``mariadb-binlog`` pass time."""
    full_pass = {}
    print("\n== summary (first event + second + tail) vs a full mariadb-binlog pass ==")
    print(f"{'file':<20}{'size MB':>9}{'bytes read':>12}{'in-proc ms':>12}{'CLI ms':>9}"
          f"{'mariadb-binlog ms':>19}{'x (CLI)':>9}")
    for path in files:
        size_mb = path.stat().st_size / 1e6
        s = summary(path)
        in_proc = best_of(20, lambda p=path: summary(p))
        cli = best_of(3, lambda p=path: run_quiet([*CLI, "summary", "--json", str(p)]))
        full = full_pass[path] = best_of(1 if size_mb > 50 else 3,
                                         lambda p=path: run_quiet([mariadb_binlog, str(p)]))
        print(f"{path.name:<20}{size_mb:>9.1f}{s.bytes_read:>12}{in_proc * 1e3:>12.2f}"
              f"{cli * 1e3:>9.0f}{full * 1e3:>19.0f}{full / cli:>9.1f}")
    return full_pass


def bench_scan(files: list[Path], full_pass: dict[Path, float]) -> None:
    """``full_pass``: the ``mariadb-binlog`` time of each file, as bench_summary measured."""
    print("\n== event scan: read_events (every event parsed by the generated spec) ==")
    print(f"{'file':<20}{'events':>9}{'ours ev/s':>11}{'ours MB/s':>10}{'peak RSS MB':>12}"
          f"{'mariadb-binlog ev/s':>21}{'MB/s':>7}{'ratio':>7}")
    for path in files:
        size_mb = path.stat().st_size / 1e6
        out = subprocess.run([sys.executable, "-c", SCAN_SCRIPT, str(path)], check=True,
                             capture_output=True, text=True, cwd=REPO).stdout.split()
        events, ours, rss_kb = int(out[0]), float(out[1]), int(out[2])
        theirs = full_pass[path]
        print(f"{path.name:<20}{events:>9}{events / ours:>11.0f}{size_mb / ours:>10.1f}"
              f"{rss_kb / 1024:>12.0f}{events / theirs:>21.0f}{size_mb / theirs:>7.1f}"
              f"{theirs / ours:>7.2f}")


def tree_rss_run(cmd: list[str]) -> tuple[float, float, float, float, str]:
    """:func:`cpu_run` of ``cmd`` (stdout discarded), its process tree sampled every
    50 ms: (wall s, CPU s, peak RSS MB of its largest process, peak of the sum of its
    processes' RSS in MB (``export``'s parsing processes and itself), stderr)."""
    peak = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        me = os.getpid()
        while not stop.wait(0.05):
            total = 0
            for pid in descendants(me):
                if pid != me:
                    with contextlib.suppress(OSError):
                        total += resident_kib(pid)
            peak = max(peak, total)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        wall, cpu, rss_kb, err = cpu_run(cmd, stdout=subprocess.DEVNULL)
    finally:
        stop.set()
        sampler.join()
    return wall, cpu, rss_kb / 1024, peak / 1024, err


def resident_kib(pid: int) -> int:
    """A process's resident set size now (``VmRSS``), KiB; 0 for a kernel thread."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def bench_export(path: Path, mariadb_binlog: str, pairs: int = 3) -> dict[str, float]:
    """``binlog-kaitai export`` of the bulk file as it runs by default (the five tables
    and the typed change tables, Parquet, parsing on every core), against
    ``mariadb-binlog -v --base64-output=decode-rows`` decoding the same rows to a file:
    ``pairs`` alternating pairs, each pair's ratios (their time over ours: above 1,
    ``export`` is quicker) of wall time (the issue's target, >= 0.8x) and of CPU time
    (user + sys, every process), their medians and range; ``export``'s peak RSS (its
    largest process, and the sum of its processes)."""
    print(f"\n== export: the tables as Parquet, no Spark, {path.name} "
          f"({path.stat().st_size / 1e6:.0f} MB), {pairs} alternating pairs ==")
    out = REPO / "build" / "bench-export"
    print(f"{'pair':>4}{'rows':>9}{'wall s':>8}{'CPU s':>7}{'RSS MB':>8}{'RSS sum MB':>11}"
          f"{'mariadb-binlog -v wall s':>26}{'CPU s':>7}{'wall ratio':>11}{'CPU ratio':>10}")
    walls, cpus, peak, peak_sum = [], [], 0.0, 0.0
    for n in range(1, pairs + 1):
        wall, cpu, rss, rss_sum, err = tree_rss_run(
            [*CLI, "export", "--overwrite", "--output", str(out), str(path)])
        rows = int(re.search(r"(\d+) row_changes", err).group(1))  # type: ignore[union-attr]
        with open(REPO / "build" / "bench-mariadb-binlog.txt", "w") as sink:
            their_wall, theirs, _, _ = cpu_run(
                [mariadb_binlog, "-v", "--base64-output=decode-rows", str(path)], stdout=sink)
        walls.append(their_wall / wall)
        cpus.append(theirs / cpu)
        peak, peak_sum = max(peak, rss), max(peak_sum, rss_sum)
        print(f"{n:>4}{rows:>9}{wall:>8.2f}{cpu:>7.2f}{rss:>8.0f}{rss_sum:>11.0f}"
              f"{their_wall:>26.2f}{theirs:>7.2f}{walls[-1]:>11.2f}{cpus[-1]:>10.2f}")
    result = {"wall_ratio": statistics.median(walls), "cpu_ratio": statistics.median(cpus),
              "rss_mb": peak, "rss_sum_mb": peak_sum}
    print(f"export / mariadb-binlog -v: wall {result['wall_ratio']:.2f}x (pairs "
          f"{min(walls):.2f}x to {max(walls):.2f}x; target >= 0.8x), CPU "
          f"{result['cpu_ratio']:.2f}x ({min(cpus):.2f}x to {max(cpus):.2f}x); peak RSS "
          f"{peak:.0f} MB (largest process), {peak_sum:.0f} MB (all; target < 400 MB)")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data")
    parser.add_argument("--only", choices=("export", "spark-bulk", "oltp"),
                        help="only that piece (on --data's bulk and tiny files, or its "
                             "oltp/ set)")
    parser.add_argument("--spark-data", type=Path, default=REPO / "bench" / "data" / "spark",
                        help="the >= 500 MB set (a 1 GiB file and many small ones)")
    args = parser.parse_args(argv)
    program = peer_program()
    if program is None:
        return 1
    if args.only == "oltp":
        bench_oltp(args.data / "oltp")
        return 0
    files = bench_files(args.data)
    if args.only == "export":
        bench_export(files[1], program)
        return 0
    if args.only == "spark-bulk":
        bench_spark_bulk(files[1], files[0], program)
        return 0
    gib_file = bench_files(args.spark_data)[1]
    full_pass = bench_summary([*files, gib_file], program)
    bench_scan(files, full_pass)
    bench_archive(gib_file, args.data)
    bench_object_store()
    bench_rows(args.data)
    bench_sql(args.data)
    bench_columnar(args.data)
    bench_export(files[1], program)
    bench_spark_bulk(files[1], files[0], program)
    bench_spark(args.spark_data)
    bench_pull(200, 3)
    bench_oltp(args.data / "oltp")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
