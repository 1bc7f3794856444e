"""An incremental run over one new 1 MB file, with an archive of 1,000 files already done
(issue 25's target: it takes < 2x the job's fixed cost).

The archive is :func:`bench.archive_bench.archive_folder`'s: 1,000 small binlogs of one
MariaDB server, linked as one chain ``binlog.000001`` ... (made once by
``tools.make_bench_data``, then reused). ``export --incremental`` does them once; the
new file, ``small-0001.binlog`` of ``bench/data`` (1.1 MB of single-row transactions on
the same tables), is then linked as the chain's next file. Each timed run starts from a
fresh copy of that output, so each has the same one file to do.

The fixed cost is ``export`` of one tiny file (an archive file's header events, before
its first transaction) into a new folder: the process start, imports and writing the
tables, with nothing to parse. ``export`` of the new file alone into a new folder is
printed beside them (what ``bench.spark_bench`` calls the fixed cost of the job: a job on
a 1 MB file): what the incremental run adds to it is the cost of the state (its
manifest, the 1,000 files listed). Every time is the median of ``--repeat`` runs of the
CLI, each in a process of its own. With ``--spark``, the same for
``binlog-kaitai-spark`` (``--master``, default ``local[2]``), whose fixed cost includes
starting Spark.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.archive_bench import CHECK_FILES, archive_folder
from bench.timing import REPO
from binlog_kaitai.stream import read_events

TARGET = 2.0
"""The incremental run's time over the fixed cost must stay below this."""
EXPORT = [sys.executable, "-m", "binlog_kaitai", "export"]
SPARK = [sys.executable, "-m", "binlog_kaitai.spark.job"]


def run(argv: list[str]) -> float:
    """Wall seconds of one run of ``argv`` (its output hidden; a failure raises)."""
    t = time.perf_counter()
    subprocess.run(argv, check=True, cwd=REPO, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def median_of(repeat: int, prepare: Callable[[int], list[str]]) -> float:
    """The median wall time of ``repeat`` runs, the ``i``-th of ``prepare(i)``'s argv
    (which makes the run's fresh output first, outside the time)."""
    return statistics.median(run(prepare(i)) for i in range(repeat))


def command(spark: bool, master: str, output: Path, inputs: list[Path],
            incremental: bool = False) -> list[str]:
    """``export`` or the Spark job over ``inputs`` into ``output``."""
    flags = ["--incremental"] if incremental else []
    if spark:
        return [*SPARK, "--master", master, "--output", str(output), *flags,
                "--input", *map(str, inputs)]
    return [*EXPORT, "--output", str(output), *flags, *map(str, inputs)]


def archive(work: Path, data: Path) -> tuple[Path, Path, Path]:
    """A folder of the 1,000 archive files (links), the new file linked after them
    (in a folder of its own until :func:`bench` adds it), and a tiny file."""
    chain = archive_folder(data)
    files = sorted(chain.iterdir())
    assert len(files) >= CHECK_FILES, f"{chain}: {len(files)} files"
    folder = work / "archive"
    folder.mkdir()
    for f in files[:CHECK_FILES]:
        (folder / f.name).symlink_to(f.resolve())
    number = int(files[CHECK_FILES - 1].name.rsplit(".", 1)[1]) + 1
    new = work / "new" / f"binlog.{number:06d}"
    new.parent.mkdir()
    new.symlink_to((data / "small-0001.binlog").resolve())
    return folder, new, tiny_file(files[0], work / "tiny" / files[0].name)


def tiny_file(source: Path, target: Path) -> Path:
    """``source``'s events before its first transaction (its header events: a binlog
    in use copied before its first commit) as ``target``."""
    start = next(ev.pos for ev in read_events(source) if ev.kind == "group")
    target.parent.mkdir()
    with open(source, "rb") as f:
        target.write_bytes(f.read(start))
    return target


def bench(spark: bool, master: str, repeat: int, data: Path) -> float:
    """Print the figures of one program (``export`` or the Spark job); the ratio."""
    name = "the Spark job" if spark else "export"
    with tempfile.TemporaryDirectory(prefix="incremental-bench-") as tmp:
        work = Path(tmp)
        folder, new, tiny = archive(work, data)
        done = work / "done"
        first = run(command(spark, master, done, [folder], incremental=True))
        (folder / new.name).symlink_to(new.resolve())

        def fresh(i: int, what: str) -> Path:
            return work / f"{what}-{i}"

        def incremental_run(i: int) -> list[str]:
            shutil.copytree(done, fresh(i, "inc"), symlinks=True)
            return command(spark, master, fresh(i, "inc"), [folder], incremental=True)

        inc = median_of(repeat, incremental_run)
        fixed = median_of(repeat, lambda i: command(spark, master, fresh(i, "tiny"), [tiny]))
        alone = median_of(repeat, lambda i: command(spark, master, fresh(i, "alone"), [new]))
        size, tiny_size = new.resolve().stat().st_size / 1e6, tiny.stat().st_size
    ratio = inc / fixed
    print(f"\n== {name} --incremental over one new {size:.1f} MB file, {CHECK_FILES} files "
          f"done: target < {TARGET:.0f}x the fixed cost (median of {repeat}) ==")
    print(f"the {CHECK_FILES} files' first run      {first:8.2f} s")
    print(f"fixed cost (a {tiny_size} B file)     {fixed:8.2f} s")
    print(f"the new file alone               {alone:8.2f} s")
    print(f"incremental run, the new file    {inc:8.2f} s")
    print(f"ratio to the fixed cost          {ratio:8.2f}x  "
          f"{'ok' if ratio < TARGET else 'OVER'}")
    print(f"ratio to the new file alone      {inc / alone:8.2f}x")
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--spark", action="store_true",
                        help="also the Spark job's --incremental")
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args(argv)
    ratios = [bench(False, args.master, args.repeat, args.data)]
    if args.spark:
        ratios.append(bench(True, args.master, args.repeat, args.data))
    return 0 if all(r < TARGET for r in ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
