"""`make bench`: the archive tools. ``seek`` on the >= 1 GB binlog (bytes read, and the
best wall time of several runs in process and as a CLI), at times spread over the file
and for a GTID in its middle; ``check`` over 1,000 files as a CLI.

Targets: a seek reads <= 1 MB and answers in < 50 ms in process; ``check`` of 1,000 files
takes < 5 s as a CLI. The 1,000 files are small binlogs of one MariaDB server (made once
by ``tools.make_bench_data`` under ``bench/data/archive``), linked as ``binlog.000001`` ...
so they form one chain, as a server names them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from bench.timing import best_of
from binlog_kaitai.seek import Gtid, SeekResult, seek_datetime, seek_gtid
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import iso_utc, summary
from tools import make_bench_data

REPO = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "binlog_kaitai"]
SEEK_MS, SEEK_BYTES, CHECK_S, CHECK_FILES = 50, 1 << 20, 5.0, 1000


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER"


def bench_seek(path: Path) -> None:
    """Times at 10, 50, 90 % of the file's span and past its end, then the GTID of the
    transaction found at 50 %."""
    s = summary(path)
    assert s.start_timestamp is not None and s.end_timestamp is not None
    span = s.end_timestamp - s.start_timestamp
    middle = seek_datetime(path, s.start_timestamp + span // 2)
    assert middle.transaction_pos is not None
    first = next(read_events(path, start=middle.transaction_pos))
    gtid = Gtid.of(first)
    print(f"\n== seek on {path.name} ({path.stat().st_size / 1e6:.0f} MB): targets <= "
          f"{SEEK_BYTES} bytes read, < {SEEK_MS} ms in process ==")
    print(f"{'sought':<24}{'pos':>12}{'bytes read':>12}{'in-proc ms':>12}{'CLI ms':>9}"
          f"{'':>6}")
    cases: list[tuple[str, list[str], Callable[[], SeekResult]]] = []
    for label, when in (("10 %", 0.1), ("50 %", 0.5), ("90 %", 0.9), ("after the end", 1)):
        ts = s.start_timestamp + int(span * when) + (1 if when == 1 else 0)
        cases.append((f"time {label}", ["--datetime", iso_utc(ts)],
                      lambda ts=ts: seek_datetime(path, ts)))
    if gtid is not None:
        cases.append((f"gtid {gtid.text}", ["--gtid", gtid.text],
                      lambda: seek_gtid(path, gtid)))
    for label, argv, fn in cases:
        found = fn()
        ms = best_of(10, fn) * 1e3
        cli = best_of(3, lambda argv=argv: subprocess.run(
            [*CLI, "seek", *argv, str(path)], check=True, cwd=REPO,
            stdout=subprocess.DEVNULL)) * 1e3
        pos, read = "none" if found.pos is None else str(found.pos), found.bytes_read
        print(f"{label:<24}{pos:>12}{read:>12}{ms:>12.1f}{cli:>9.0f}"
              f"{verdict(ms < SEEK_MS and read <= SEEK_BYTES):>6}")


def archive_folder(data: Path) -> Path:
    """1,000 small binlogs of one server, generated once, linked as one chain."""
    out = data / "archive"
    with contextlib.redirect_stdout(io.StringIO()):  # its list of 1,000 files
        make_bench_data.main(["--out", str(out), "--large-mb", "1", "--count", "0",
                              "--small-files", str(CHECK_FILES), "--small-kb", "1"])
    chain = out / "chain"
    chain.mkdir(exist_ok=True)
    files = sorted(out.glob("small-*.binlog"))
    rotate = summary(files[0]).next_file or "binlog.000002"
    first = int(rotate.rsplit(".", 1)[1]) - 1  # the server's own number of the first
    for i, path in enumerate(files, start=first):
        link = chain / f"binlog.{i:06d}"
        if not link.is_symlink():
            link.symlink_to(path.resolve())
    return chain


def bench_check(folder: Path) -> None:
    files = len(list(folder.iterdir()))
    argv = [*CLI, "check", str(folder)]
    status = subprocess.run(argv, cwd=REPO, stdout=subprocess.DEVNULL).returncode
    wall = best_of(3, lambda: subprocess.run(argv, cwd=REPO, stdout=subprocess.DEVNULL))
    print(f"\n== check over {files} files as a CLI: target < {CHECK_S:.0f} s ==")
    print(f"{'files':>6}{'wall s':>8}{'files/s':>9}{'exit':>6}{'':>6}")
    print(f"{files:>6}{wall:>8.2f}{files / wall:>9.0f}{status:>6}"
          f"{verdict(wall < CHECK_S and files >= CHECK_FILES):>6}")


def bench_archive(gib_file: Path, data: Path) -> None:
    bench_seek(gib_file)
    bench_check(archive_folder(data))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data")
    parser.add_argument("--gib-file", type=Path,
                        default=REPO / "bench" / "data" / "spark" / "large-001.binlog")
    args = parser.parse_args(argv)
    bench_archive(args.gib_file, args.data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
