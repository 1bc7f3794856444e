"""`make bench`: ``binlog-kaitai pull`` against ``mariadb-binlog --read-from-remote-server
--raw`` from one local MariaDB, in the same run.

A throwaway server (TCP on 127.0.0.1) is filled with at least ``--mb`` MB of binlogs
(``tools.make_bench_data``'s batches: 20k-row INSERT ... SELECT, UPDATEs, DELETEs and
small transactions, so most events are rows events of about 8 KB, with small ones
between), rotating every 64 MiB. Then both copy every binlog, non-blocking, into an empty
folder: ``--pairs`` alternating pairs (ours first in odd pairs, theirs first in even
ones); the copies are checked against the server's files (SHA-256) and the median of
each side is reported, as MB/s, with the ratio ours / theirs. Target: >= 0.8.

Our CLI runs as an installed one does, from bytecode compiled once (a warm-up run writes
it; ``PYTHONDONTWRITEBYTECODE``, which some sandboxes set, would have every run compile
its ~45 modules again: 0.17 s). Its fixed cost (start, connect, a dump of the newest,
near-empty binlog) is printed first, against mariadb-binlog's. Then the latency of
``rows --host --json --stop-never`` (:func:`follow_latency`).

    python -m bench.pull_bench --mb 200 --pairs 3
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.timing import peer_program
from tools.make_bench_data import SCHEMA, _big_batch_sql
from tools.mariadb_sandbox import MariaDBSandbox

REPO = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "binlog_kaitai"]
TARGET = 0.8
PASSWORD = "bench-pull"
BATCH_IDS = 40_000
SERVER_OPTIONS = {
    "binlog_format": "ROW",
    "binlog_checksum": "CRC32",
    "max_binlog_size": "64M",
    "innodb_buffer_pool_size": "256M",
    "innodb_log_file_size": "256M",
}


def fill(db: MariaDBSandbox, mb: int) -> None:
    """Write batches until the server's binlogs hold at least ``mb`` MB, then close the
    last one so every file is complete."""
    db.sql(SCHEMA + f"CREATE USER rep@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
           "GRANT REPLICATION SLAVE ON *.* TO rep@'127.0.0.1';")
    base = 0
    while served_bytes(db) < mb * 1e6:
        db.sql(_big_batch_sql(base), database="bench")
        base += BATCH_IDS
        if base % (10 * BATCH_IDS) == 0:
            db.sql("TRUNCATE TABLE big", database="bench")
    db.flush_logs()


def served_bytes(db: MariaDBSandbox) -> int:
    return sum(p.stat().st_size for p in db.binlog_paths())


def ours(port: int, first: str, out: Path) -> list[str]:
    return [*CLI, "pull", *server_args(port), "--output", str(out), first]


def server_args(port: int) -> list[str]:
    return ["--host", "127.0.0.1", "--port", str(port), "--user", "rep"]


def theirs(program: str, port: int, first: str, out: Path) -> list[str]:
    return [program, "--no-defaults", "--read-from-remote-server", "--raw", "--to-last-log",
            "--host=127.0.0.1", f"--port={port}", "--user=rep",
            f"--result-file={out}/", first]


def timed(cmd: list[str], out: Path) -> float:
    """Wall seconds of ``cmd`` copying into the empty folder ``out``."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def check_copy(db: MariaDBSandbox, out: Path) -> None:
    """Every closed file of the server was copied byte for byte (the active one, opened
    by the last FLUSH, is still being written)."""
    for path in db.binlog_paths()[:-1]:
        copy = out / path.name
        digests = {hashlib.sha256(p.read_bytes()).hexdigest() for p in (path, copy)}
        if len(digests) != 1:
            raise SystemExit(f"{copy} differs from the server's {path}")


def bench_pull(mb: int, pairs: int) -> None:
    program = peer_program()
    if program is None:
        return
    base = Path(tempfile.mkdtemp(prefix="bench-pull-"))
    try:
        with MariaDBSandbox(base / "server", SERVER_OPTIONS, port=0) as db:
            t = time.monotonic()
            fill(db, mb)
            size = served_bytes(db) / 1e6
            files = db.binlog_paths()
            print(f"\n== pull: {size:.0f} MB in {len(files)} binlogs (made in "
                  f"{time.monotonic() - t:.0f} s) vs mariadb-binlog --read-from-remote-server"
                  f" --raw; target >= {TARGET} ==")
            assert db.port is not None
            first = files[0].name
            fixed = {side: min(timed(cmd, base / side) for _ in range(3)) for side, cmd in (
                ("ours", ours(db.port, files[-1].name, base / "ours")),
                ("theirs", theirs(program, db.port, files[-1].name, base / "theirs")))}
            print(f"fixed cost (the newest binlog, {files[-1].stat().st_size} bytes): ours "
                  f"{fixed['ours']:.2f} s, theirs {fixed['theirs']:.2f} s")
            print(f"{'pair':<6}{'ours s':>8}{'MB/s':>8}{'theirs s':>10}{'MB/s':>8}{'ratio':>7}")
            times: dict[str, list[float]] = {"ours": [], "theirs": []}
            for i in range(pairs):
                runs = {"ours": ours(db.port, first, base / "ours"),
                        "theirs": theirs(program, db.port, first, base / "theirs")}
                for side in (("ours", "theirs") if i % 2 == 0 else ("theirs", "ours")):
                    times[side].append(timed(runs[side], base / side))
                    check_copy(db, base / side)
                a, b = times["ours"][-1], times["theirs"][-1]
                print(f"{i + 1:<6}{a:>8.2f}{size / a:>8.1f}{b:>10.2f}{size / b:>8.1f}"
                      f"{b / a:>7.2f}")
            a, b = statistics.median(times["ours"]), statistics.median(times["theirs"])
            verdict = "ok" if b / a >= TARGET else "UNDER"
            print(f"{'median':<6}{a:>8.2f}{size / a:>8.1f}{b:>10.2f}{size / b:>8.1f}"
                  f"{b / a:>7.2f}  {verdict}")
            follow_latency(db)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def follow_latency(db: MariaDBSandbox, inserts: int = 20) -> None:
    """``rows --host --json --stop-never`` following the server while rows are inserted
    one by one (autocommit, a new connection): the time from each INSERT's return to its
    line on the command's stdout. Target: < 100 ms."""
    import pymysql

    assert db.port is not None
    db.sql("CREATE TABLE bench.live (i INT PRIMARY KEY);"
           f"CREATE USER w@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
           "GRANT ALL ON bench.* TO w@'127.0.0.1'")
    cmd = [*CLI, "rows", *server_args(db.port), "--json", "--stop-never", "--table", "bench.live",
           db.binlog_paths()[-1].name]
    proc = subprocess.Popen(cmd, env=dict(os.environ, MYSQL_PWD=PASSWORD), cwd=REPO,
                            stdout=subprocess.PIPE, text=True)
    conn = pymysql.connect(host="127.0.0.1", port=db.port, user="w", password=PASSWORD,
                           autocommit=True)
    latencies = []
    try:
        assert proc.stdout is not None
        for i in range(inserts + 1):  # the first one waits for the command to start
            with conn.cursor() as cur:
                cur.execute("INSERT INTO bench.live VALUES (%s)", (i,))
            committed = time.perf_counter()
            if f'"after":{{"i":{i}}}' not in proc.stdout.readline():
                raise SystemExit(f"rows --host did not print row {i}")
            latencies.append((time.perf_counter() - committed) * 1e3)
        del latencies[0]
    finally:
        conn.close()
        proc.terminate()
        proc.wait()
    ms = statistics.quantiles(latencies, n=10)
    print(f"\n== rows --host --json --stop-never: COMMIT to its line, {inserts} inserts: "
          f"median {statistics.median(latencies):.1f} ms, 90th percentile {ms[-1]:.1f} ms, "
          f"max {max(latencies):.1f} ms; target < 100 ms: "
          f"{'ok' if max(latencies) < 100 else 'OVER'} ==")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=200, help="binlog MB to pull (>= 200)")
    parser.add_argument("--pairs", type=int, default=3, help="alternating pairs of runs")
    args = parser.parse_args(argv)
    bench_pull(args.mb, args.pairs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
