"""SQL benchmark: ``binlog-kaitai rows --sql`` (and ``--flashback``) against
``mariadb-binlog -v`` on one core.

``bench_sql(data_dir)`` (called by bench/bench.py; also ``python -m bench.sql_bench``)
prints, for the small and the large file of ``tools.make_bench_data``: row changes per
second and MB/s of our ``rows --sql`` and ``rows --sql --flashback`` (the CLI code path,
in a fresh process so that its peak RSS is its own, the SQL counted and discarded) next
to ``mariadb-binlog -v --base64-output=decode-rows`` decoding the same file. The files
carry no column names (MariaDB's default ``binlog_row_metadata=NO_LOG``): they come from
the generator's CREATE TABLE statements, given as ``--schema``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.rows_bench import bench_files, mariadb_binlog
from bench.timing import peer_program
from tools.make_bench_data import SCHEMA

REPO = Path(__file__).resolve().parents[1]

# Runs the CLI's rows --sql in-process, writing to a sink that counts the statements.
SQL_SCRIPT = """
import sys, time
from bench.memory import peak_rss_kib
from binlog_kaitai.cli import main

class Count:
    statements = 0
    def write(self, text):
        Count.statements += text.count(";\\n") - text.count("BEGIN;\\n") - text.count(
            "COMMIT;\\n")
    def flush(self):
        pass

out = sys.stdout
sys.stdout = Count()
t = time.perf_counter()
status = main(["rows", "--sql", *sys.argv[1:]])
elapsed = time.perf_counter() - t
sys.stdout = out
print(Count.statements, elapsed, peak_rss_kib(), status)
"""


def ours(path: Path, schema: Path, *extra: str) -> tuple[int, float, float]:
    """(statements, seconds, peak RSS in MB) of ``rows --sql`` on ``path``; the three
    lines of the script's header count as statements too."""
    out = subprocess.run([sys.executable, "-c", SQL_SCRIPT, "--schema", str(schema), *extra,
                          str(path)], check=True, capture_output=True, text=True,
                         cwd=REPO).stdout.split()
    if out[3] != "0":
        raise RuntimeError(f"rows --sql failed on {path} (status {out[3]})")
    return int(out[0]) - 3, float(out[1]), int(out[2]) / 1024


def bench_sql(data_dir: Path) -> None:
    program = peer_program()
    if program is None:
        return
    print("\n== rows --sql: binlog-kaitai rows --sql [--flashback] vs mariadb-binlog -v "
          "--base64-output=decode-rows (one core) ==")
    print(f"{'file':<20}{'size MB':>9}{'rows':>10}{'--sql rows/s':>14}{'RSS MB':>8}"
          f"{'--flashback rows/s':>20}{'RSS MB':>8}{'mariadb-binlog rows/s':>23}"
          f"{'ratio':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        schema = Path(tmp) / "schema.sql"
        schema.write_text(SCHEMA)
        for path in bench_files(data_dir):
            size_mb = path.stat().st_size / 1e6
            rows, seconds, rss_mb = ours(path, schema)
            undone, back_seconds, back_rss_mb = ours(path, schema, "--flashback")
            their_rows, their_seconds = mariadb_binlog(path, program)
            if {undone, their_rows} != {rows}:
                print(f"  note: {rows} statements, {undone} undone, mariadb-binlog printed "
                      f"{their_rows} row changes")
            print(f"{path.name:<20}{size_mb:>9.1f}{rows:>10}{rows / seconds:>14.0f}"
                  f"{rss_mb:>8.0f}{undone / back_seconds:>20.0f}{back_rss_mb:>8.0f}"
                  f"{their_rows / their_seconds:>23.0f}{their_seconds / seconds:>7.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data")
    args = parser.parse_args(argv)
    bench_sql(args.data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
