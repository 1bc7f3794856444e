"""Rows benchmark: ``binlog-kaitai rows --json`` against ``mariadb-binlog -v`` on one core.

``bench_rows(data_dir)`` (called by bench/bench.py; also ``python -m bench.rows_bench``)
prints, for the small and the large file of ``tools.make_bench_data``: row changes per
second and MB/s of our ``rows --json`` (the CLI code path, output discarded, in a fresh
process so that its peak RSS is its own) next to ``mariadb-binlog -v
--base64-output=decode-rows`` decoding the same file, and our peak RSS. Both are single
threaded. The target of issue 3 is >= 85k rows/s with RSS < 200 MB.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET_ROWS_PER_S = 85_000
TARGET_RSS_MB = 200

# Runs the CLI's rows command in-process, writing to a sink that only counts lines.
ROWS_SCRIPT = """
import sys, time
from bench.memory import peak_rss_kib
from binlog_kaitai.cli import main

class Count:
    lines = 0
    def write(self, text):
        Count.lines += text.count("\\n")
    def flush(self):
        pass

out = sys.stdout
sys.stdout = Count()
t = time.perf_counter()
status = main(["rows", "--json", sys.argv[1]])
elapsed = time.perf_counter() - t
sys.stdout = out
print(Count.lines, elapsed, peak_rss_kib(), status)
"""

_ROW_LINE = re.compile(rb"^### (INSERT INTO|UPDATE|DELETE FROM) ", re.MULTILINE)


def bench_files(data_dir: Path) -> list[Path]:
    """The first small and the first large file listed in the generator's manifest."""
    names = [f["name"] for f in json.loads((data_dir / "manifest.json").read_text())["files"]]
    return [data_dir / next(n for n in names if n.startswith(prefix))
            for prefix in ("small-", "large-")]


def ours(path: Path) -> tuple[int, float, float]:
    """(row changes, seconds, peak RSS in MB) of ``rows --json`` on ``path``."""
    out = subprocess.run([sys.executable, "-c", ROWS_SCRIPT, str(path)], check=True,
                         capture_output=True, text=True, cwd=REPO).stdout.split()
    if out[3] != "0":
        raise RuntimeError(f"rows --json failed on {path} (status {out[3]})")
    return int(out[0]), float(out[1]), int(out[2]) / 1024


def mariadb_binlog(path: Path, program: str) -> tuple[int, float]:
    """(row changes, seconds) of ``mariadb-binlog -v --base64-output=decode-rows``; the
    timed run writes to /dev/null, the rows are counted in a separate run."""
    cmd = [program, "-v", "--base64-output=decode-rows", str(path)]
    rows = len(_ROW_LINE.findall(subprocess.run(cmd, check=True, capture_output=True).stdout))
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return rows, time.perf_counter() - t


def bench_rows(data_dir: Path) -> None:
    program = shutil.which("mariadb-binlog")
    if program is None:
        print("mariadb-binlog is not installed (make setup installs it)", file=sys.stderr)
        return
    print("\n== rows: binlog-kaitai rows --json vs mariadb-binlog -v --base64-output=decode-rows"
          " (one core) ==")
    print(f"{'file':<20}{'size MB':>9}{'rows':>10}{'ours rows/s':>13}{'MB/s':>7}"
          f"{'peak RSS MB':>13}{'mariadb-binlog rows/s':>23}{'MB/s':>7}{'ratio':>7}")
    for path in bench_files(data_dir):
        size_mb = path.stat().st_size / 1e6
        rows, seconds, rss_mb = ours(path)
        their_rows, their_seconds = mariadb_binlog(path, program)
        if their_rows != rows:
            print(f"  note: mariadb-binlog printed {their_rows} row changes, we {rows}")
        print(f"{path.name:<20}{size_mb:>9.1f}{rows:>10}{rows / seconds:>13.0f}"
              f"{size_mb / seconds:>7.1f}{rss_mb:>13.0f}{their_rows / their_seconds:>23.0f}"
              f"{size_mb / their_seconds:>7.1f}{their_seconds / seconds:>7.2f}")
        verdict = ("meets" if rows / seconds >= TARGET_ROWS_PER_S and rss_mb < TARGET_RSS_MB
                   else "misses")
        print(f"  {verdict} the target (>= {TARGET_ROWS_PER_S} rows/s, RSS < {TARGET_RSS_MB} MB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data")
    args = parser.parse_args(argv)
    bench_rows(args.data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
