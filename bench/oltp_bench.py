"""OLTP benchmark (issue 27): the OLTP set of ``tools.make_bench_data --oltp-mb``
(``bench/data/oltp/``: rotated ``oltp.NNNNNN`` files of short transactions over four
tables, about five events per row change) against ``mariadb-binlog`` in the same run.

``bench_oltp(oltp_dir)`` (called by bench/bench.py; also ``python -m bench.oltp_bench
--data bench/data/oltp``, which prints only these figures) measures, on all the files of
the set at once:

* ``binlog-kaitai rows --json`` against ``mariadb-binlog -v --base64-output=decode-rows``
  (target >= 0.6x);
* ``row_batches`` (Arrow record batches, the Python API, in a fresh process from its
  first import to its last batch, the files given as one chain, which it reads one file
  per core as ``rows`` does; the batches counted, not written) against the same
  ``mariadb-binlog -v`` run (target >= 1.0x);
* ``binlog-kaitai events --json`` against ``mariadb-binlog --base64-output=decode-rows``
  (statements, no rows: no ``-v``; target >= 0.5x);
* ``binlog-kaitai export`` (every table, the typed tables, Parquet; its one-line report
  is what it prints) against ``mariadb-binlog -v`` (no target: the issues set theirs on
  the bulk file).

Each figure is the median of ``--pairs`` (at least 3) alternating pairs, ours then
theirs, wall time of the whole process under /usr/bin/time (:func:`bench.timing.cpu_run`),
as their time over ours (above 1, ours is quicker); each program writes its output to a
file. Ours run with bytecode caches (``PYTHONDONTWRITEBYTECODE`` unset), as an installed
CLI has them. Also the peak RSS of our largest process over the pairs (target < 300 MB).
The first pair's outputs are counted (row changes, events) as a check that both read the
same thing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from statistics import median

from bench.rows_bench import ENV
from bench.timing import cpu_run, peer_program

REPO = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "binlog_kaitai"]
TARGET_RSS_MB = 300

# Prints the row changes of the chain of files named on its command line, as row_batches
# gives them.
ROW_BATCHES_SCRIPT = """
import sys
from binlog_kaitai.columnar import row_batches
print(sum(batch.num_rows for batch in row_batches(sys.argv[1:])))
"""

_EXPORTED = re.compile(rb" (\d+) row_changes")
_ROW_LINE = re.compile(rb"^### (INSERT INTO|UPDATE|DELETE FROM) ", re.MULTILINE)
_EVENT_LINE = re.compile(rb"^#\d{6} [ \d]\d:\d\d:\d\d server id ", re.MULTILINE)


def oltp_files(oltp_dir: Path) -> list[Path]:
    """The OLTP set's files, in chain order, as its manifest lists them."""
    manifest = json.loads((oltp_dir / "manifest.json").read_text())
    return [oltp_dir / f["name"] for f in manifest["files"]]


def _lines(data: bytes) -> int:
    return data.count(b"\n")


def _last_int(data: bytes) -> int:
    return int(data.split()[-1])


def _rows(data: bytes) -> int:
    return len(_ROW_LINE.findall(data))


def _events(data: bytes) -> int:
    return len(_EVENT_LINE.findall(data))


def _exported(data: bytes) -> int:
    found = _EXPORTED.search(data)
    return int(found.group(1)) if found else 0


def pairs_to_file(ours: list[str], theirs: list[str], pairs: int,
                  count_ours: Callable[[bytes], int], count_theirs: Callable[[bytes], int]
                  ) -> dict[str, float]:
    """``pairs`` alternating runs of ``ours`` then ``theirs``, each writing to a file:
    their wall times, the median of their-time-over-ours ratios, our peak RSS (MB, the
    largest process) and, from the first pair, what each printed (counted)."""
    mine, their, ratios, rss = [], [], [], 0
    counts = (0, 0)
    with tempfile.TemporaryDirectory(prefix="oltp-bench-") as tmp:
        for n in range(pairs):
            with open(Path(tmp) / "ours.out", "w+b") as out:
                wall, _, rss_kib, _ = cpu_run(ours, stdout=out, env=ENV)
                if n == 0:
                    out.seek(0)
                    counted = count_ours(out.read())
            with open(Path(tmp) / "theirs.out", "w+b") as out:
                their_wall, _, _, _ = cpu_run(theirs, stdout=out)
                if n == 0:
                    out.seek(0)
                    counts = (counted, count_theirs(out.read()))
            mine.append(wall)
            their.append(their_wall)
            ratios.append(their_wall / wall if wall else float("inf"))
            rss = max(rss, rss_kib)
    return {"ours_s": median(mine), "theirs_s": median(their), "ratio": median(ratios),
            "min_ratio": min(ratios), "max_ratio": max(ratios), "rss_mb": rss / 1024,
            "ours_count": counts[0], "theirs_count": counts[1]}


def bench_oltp(oltp_dir: Path, pairs: int = 3) -> dict[str, dict[str, float]]:
    """Prints the three OLTP figures (see the module docstring); returns them by name."""
    program = peer_program()
    if program is None:
        return {}
    if not (oltp_dir / "manifest.json").is_file():
        print(f"\n(no OLTP set in {oltp_dir}: python -m tools.make_bench_data --out "
              f"{oltp_dir.parent} --oltp-mb 20 --oltp-only)")
        return {}
    files = [str(p) for p in oltp_files(oltp_dir)]
    size_mb = sum(p.stat().st_size for p in oltp_files(oltp_dir)) / 1e6
    verbose = [program, "-v", "--base64-output=decode-rows", *files]
    works = {
        "rows --json vs mariadb-binlog -v": (
            [*CLI, "rows", "--json", *files], verbose, _lines, _rows, "rows", 0.6),
        "row_batches (Arrow) vs mariadb-binlog -v": (
            [sys.executable, "-c", ROW_BATCHES_SCRIPT, *files], verbose, _last_int, _rows,
            "rows", 1.0),
        "events --json vs mariadb-binlog (no -v)": (
            [*CLI, "events", "--json", *files],
            [program, "--base64-output=decode-rows", *files], _lines, _events, "events",
            0.5),
        "export vs mariadb-binlog -v": (
            ["sh", "-c", '"$@" 2>&1', "export", *CLI, "export", "--overwrite", "--output",
             str(REPO / "build" / "bench-export-oltp"), *files],
            verbose, _exported, _rows, "rows", None),
    }
    print(f"\n== OLTP set: {len(files)} rotated files, {size_mb:.1f} MB, {oltp_dir} "
          f"(median of {pairs} alternating pairs, wall time, both writing to a file) ==")
    print(f"{'work':<42}{'count':>9}{'ours s':>8}{'mdb s':>7}{'ratio':>7}{'pairs':>13}"
          f"{'RSS MB':>8}{'target':>8}")
    results = {}
    for name, (ours, theirs, count_ours, count_theirs, unit, target) in works.items():
        r = results[name] = pairs_to_file(ours, theirs, pairs, count_ours, count_theirs)
        verdict = ("(none)" if target is None else "meets"
                   if r["ratio"] >= target and r["rss_mb"] < TARGET_RSS_MB else "misses")
        spread = f"{r['min_ratio']:.2f}-{r['max_ratio']:.2f}"
        print(f"{name:<42}{r['ours_count']:>9}{r['ours_s']:>8.2f}{r['theirs_s']:>7.2f}"
              f"{r['ratio']:>7.2f}{spread:>13}{r['rss_mb']:>8.0f}"
              f"{'' if target is None else f'{target:.1f}x':>8}  {verdict}")
        if r["ours_count"] != r["theirs_count"]:
            print(f"  note: we gave {r['ours_count']} {unit}, mariadb-binlog "
                  f"{r['theirs_count']}")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data" / "oltp",
                        help="the OLTP set (tools.make_bench_data --oltp-mb)")
    parser.add_argument("--pairs", type=int, default=3, help="alternating pairs (>= 3)")
    args = parser.parse_args(argv)
    if args.pairs < 3:
        parser.error("--pairs must be at least 3")
    return 0 if bench_oltp(args.data, args.pairs) else 1


if __name__ == "__main__":
    raise SystemExit(main())
