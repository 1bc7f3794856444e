"""Generate benchmark binlogs with one throwaway MariaDB server.

Usage::

    python -m tools.make_bench_data --out bench/data                      # 1 x 150 MiB + 1 x 1 MiB
    python -m tools.make_bench_data --out bench/data --large-mb 200 --count 3 --small-files 50

Writes ``large-NNN.binlog`` (row-based, ``--large-mb`` MiB or a little more each: big
INSERT ... SELECT batches from the SEQUENCE engine, UPDATEs, DELETEs and small multi-row
transactions on a table with INT, BIGINT, VARCHAR, DECIMAL, DATETIME and TEXT columns) and
``small-NNNN.binlog`` (about ``--small-kb`` KiB of single-row autocommit transactions,
mostly INSERTs, every tenth an UPDATE), plus ``manifest.json``. Every file is closed with
FLUSH BINARY LOGS, so it is complete and ends with a Rotate event.

Nothing is done when ``manifest.json`` lists the same parameters and all its files are
present with the recorded sizes; ``--force`` regenerates anyway.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tools.mariadb_sandbox import MariaDBSandbox

MIB = 1024 * 1024
MANIFEST = "manifest.json"
MAX_LARGE_MB = 1000  # max_binlog_size is at most 1 GiB; stay below so a file never rotates

SERVER_OPTIONS = {
    "binlog_format": "ROW",
    "binlog_checksum": "CRC32",
    "max_binlog_size": "1G",
    "innodb_buffer_pool_size": "512M",
    "innodb_log_file_size": "512M",
}

SCHEMA = """
CREATE DATABASE bench;
USE bench;
CREATE TABLE big (
    id BIGINT NOT NULL PRIMARY KEY,
    k INT NOT NULL,
    counter BIGINT NOT NULL,
    name VARCHAR(64) NOT NULL,
    amount DECIMAL(14, 4) NOT NULL,
    created DATETIME NOT NULL,
    note TEXT
) ENGINE=InnoDB;
CREATE TABLE small (
    id INT NOT NULL PRIMARY KEY,
    customer VARCHAR(40) NOT NULL,
    qty INT NOT NULL,
    price DECIMAL(10, 2) NOT NULL,
    ordered DATETIME NOT NULL
) ENGINE=InnoDB;
"""

BATCH_ROWS = 20_000  # rows of the big INSERT ... SELECT transaction of each batch


@dataclass(frozen=True)
class Params:
    large_mb: int
    count: int
    small_files: int
    small_kb: int


def _big_batch_sql(base: int) -> str:
    """One batch for the large file (~4.6 MB of binlog): a 20k-row INSERT ... SELECT,
    an UPDATE of 4000 rows, a DELETE of 1000 rows and 50 small two-statement
    transactions."""
    n = BATCH_ROWS
    parts = [
        f"INSERT INTO big SELECT {base} + seq, seq % 1000, seq * 7919,"
        f" CONCAT('customer-', {base} + seq, '-', LEFT(MD5(seq), 8)),"
        " (seq % 100000) / 100,"
        " TIMESTAMP'2024-01-01 00:00:00' + INTERVAL (seq * 37 % 31536000) SECOND,"
        " IF(seq % 5 = 0, NULL, REPEAT(CHAR(97 + seq % 26), 20 + seq % 200))"
        f" FROM seq_1_to_{n};",
        f"UPDATE big SET counter = counter + 1, amount = amount * 1.01"
        f" WHERE id BETWEEN {base + 1} AND {base + n // 5};",
        f"DELETE FROM big WHERE id BETWEEN {base + n // 2 + 1} AND {base + n // 2 + n // 20};",
    ]
    for j in range(50):
        lo = base + n + j * 10  # beyond this batch's ids, below the next batch's
        parts.append(
            f"BEGIN; INSERT INTO big SELECT {lo} + seq, seq, -seq, CONCAT('small-', {lo} + seq),"
            " seq / 3, TIMESTAMP'2024-06-01 12:00:00', NULL FROM seq_1_to_10;"
            f" UPDATE big SET note = 'touched' WHERE id = {base + j + 1}; COMMIT;"
        )
    return "\n".join(parts)


def _small_sql(start: int, count: int) -> str:
    """``count`` single-row autocommit transactions, ids from ``start``."""
    lines = []
    for i in range(start, start + count):
        if i % 10 == 9:
            lines.append(f"UPDATE small SET qty = qty + 1 WHERE id = {i - 5};")
        else:
            lines.append(
                f"INSERT INTO small VALUES ({i}, 'customer-{i % 997}', {i % 50 + 1},"
                f" {(i * 37) % 10000 / 100:.2f}, '2024-03-01 00:00:00' + INTERVAL {i} SECOND);"
            )
    return "\n".join(lines)


def _active_size(db: MariaDBSandbox) -> int:
    return db.binlog_paths()[-1].stat().st_size


def _rotate(db: MariaDBSandbox, staged: list[Path]) -> None:
    """Close the active binlog (Rotate at its end) and remember it for copying."""
    active = db.binlog_paths()[-1]
    db.flush_logs()
    staged.append(active)


def generate(out: Path, params: Params) -> list[Path]:
    """Run the server once and move the produced binlogs to ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    # The sandbox lives next to the output (same file system: moving is a rename), unless
    # that makes the Unix socket path too long.
    base = Path(tempfile.mkdtemp(prefix="sandbox-", dir=out))
    if len(str(base / "mysqld.sock")) > 100:
        base.rmdir()
        base = Path(tempfile.mkdtemp(prefix="bench-sandbox-"))
    staged: list[Path] = []
    names: list[str] = []
    try:
        with MariaDBSandbox(base, SERVER_OPTIONS) as db:
            db.sql(SCHEMA)
            db.flush_logs()  # leave the DDL in a file of its own (not kept)
            for i in range(1, params.count + 1):
                t = time.monotonic()
                if i > 1:
                    db.sql("TRUNCATE TABLE big", database="bench")
                base_id = 0
                while _active_size(db) < params.large_mb * MIB:
                    db.sql(_big_batch_sql(base_id), database="bench")
                    base_id += 2 * BATCH_ROWS
                _rotate(db, staged)
                names.append(f"large-{i:03d}.binlog")
                print(f"large {i}: {staged[-1].stat().st_size / MIB:.1f} MiB"
                      f" in {time.monotonic() - t:.1f}s", flush=True)
            next_id = 1
            t = time.monotonic()
            for i in range(1, params.small_files + 1):
                chunk = 500
                while _active_size(db) < params.small_kb * 1024:
                    db.sql(_small_sql(next_id, chunk), database="bench")
                    next_id += chunk
                _rotate(db, staged)
                names.append(f"small-{i:04d}.binlog")
            if params.small_files:
                print(f"{params.small_files} small file(s) in {time.monotonic() - t:.1f}s",
                      flush=True)
            db.stop()
            results = []
            for src, name in zip(staged, names, strict=True):
                target = out / name
                shutil.move(src, target)
                target.chmod(0o644)  # the server creates its files 0660
                results.append(target)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return results


def _manifest_ok(out: Path, params: Params) -> bool:
    try:
        manifest = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    if manifest.get("params") != asdict(params):
        return False
    return all(
        (out / f["name"]).is_file() and (out / f["name"]).stat().st_size == f["size"]
        for f in manifest.get("files", [])
    )


def _remove_old(out: Path) -> None:
    for old in [*out.glob("large-*.binlog"), *out.glob("small-*.binlog"), out / MANIFEST]:
        old.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("bench/data"), help="output folder")
    parser.add_argument("--large-mb", type=int, default=150,
                        help=f"minimum size of each large file in MiB (max {MAX_LARGE_MB})")
    parser.add_argument("--count", type=int, default=1, help="number of large files")
    parser.add_argument("--small-files", type=int, default=1, help="number of small files")
    parser.add_argument("--small-kb", type=int, default=1024,
                        help="minimum size of each small file in KiB")
    parser.add_argument("--force", action="store_true", help="regenerate even if up to date")
    args = parser.parse_args(argv)
    if not 1 <= args.large_mb <= MAX_LARGE_MB:
        parser.error(f"--large-mb must be between 1 and {MAX_LARGE_MB}")
    if args.count < 0 or args.small_files < 0 or args.small_kb < 1:
        parser.error("--count and --small-files must be >= 0, --small-kb >= 1")
    params = Params(args.large_mb, args.count, args.small_files, args.small_kb)
    out: Path = args.out

    if not args.force and _manifest_ok(out, params):
        print(f"{out}: up to date (use --force to regenerate)")
    else:
        _remove_old(out)
        start = time.monotonic()
        files = generate(out, params)
        manifest = {
            "params": asdict(params),
            "server_options": SERVER_OPTIONS,
            "files": [{"name": f.name, "size": f.stat().st_size} for f in files],
        }
        (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
        print(f"generated in {time.monotonic() - start:.1f}s")
    for entry in json.loads((out / MANIFEST).read_text())["files"]:
        print(f"{out / entry['name']}\t{entry['size']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
