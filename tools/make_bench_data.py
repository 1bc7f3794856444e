"""Generate benchmark binlogs with one throwaway MariaDB server.

Usage::

    python -m tools.make_bench_data --out bench/data                      # 1 x 150 MiB + 1 x 1 MiB
    python -m tools.make_bench_data --out bench/data --large-mb 200 --count 3 --small-files 50
    python -m tools.make_bench_data --out bench/data --oltp-mb 20     # also bench/data/oltp/
    python -m tools.make_bench_data --out bench/data --oltp-mb 20 --oltp-only

Writes ``large-NNN.binlog`` (row-based, ``--large-mb`` MiB or a little more each: big
INSERT ... SELECT batches from the SEQUENCE engine, UPDATEs, DELETEs and small multi-row
transactions on a table with INT, BIGINT, VARCHAR, DECIMAL, DATETIME and TEXT columns) and
``small-NNNN.binlog`` (about ``--small-kb`` KiB of single-row autocommit transactions,
mostly INSERTs, every tenth an UPDATE), plus ``manifest.json``. Every file is closed with
FLUSH BINARY LOGS, so it is complete and ends with a Rotate event.

With ``--oltp-mb N`` it also writes the OLTP set to ``OUT/oltp/`` (a server of its own):
``oltp.000001``, ``oltp.000002``, ... as the server itself rotated them
(``max_binlog_size`` 1.5 MiB, each ends with a Rotate event naming the next, the last
with the Stop event of a clean shutdown), N MiB or a little more in all. They hold the
schema's DDL, then short transactions over four tables (INT, BIGINT, VARCHAR, DECIMAL,
DATETIME, TIMESTAMP(6), DATE, TEXT, BLOB, DOUBLE, ENUM, JSON): single-row autocommit
INSERTs, UPDATEs and DELETEs and two- to four-row order transactions, about five events
per row change (GTID, ANNOTATE_ROWS, TABLE_MAP, the rows event, XID), the same every
run (a fixed seed).

Nothing is done when ``manifest.json`` lists the same parameters and all its files are
present with the recorded sizes; ``--force`` regenerates anyway. The OLTP set has its
own ``oltp/manifest.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

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


OLTP_DIR = "oltp"
OLTP_BINLOG_SIZE = 1536 * 1024  # a multiple of 4 KiB, as max_binlog_size must be
OLTP_SEED = 27
OLTP_OPTIONS = {
    "binlog_format": "ROW",
    "binlog_checksum": "CRC32",
    "binlog_annotate_row_events": True,
    "max_binlog_size": str(OLTP_BINLOG_SIZE),
    "innodb_buffer_pool_size": "128M",
}
OLTP_SCHEMA = """
CREATE DATABASE shop;
USE shop;
CREATE TABLE customers (
    id INT NOT NULL PRIMARY KEY,
    name VARCHAR(64) NOT NULL,
    email VARCHAR(128) NOT NULL,
    balance DECIMAL(12, 2) NOT NULL,
    score DOUBLE NOT NULL,
    status ENUM('active', 'suspended', 'closed') NOT NULL,
    birth DATE,
    created DATETIME NOT NULL,
    updated TIMESTAMP NOT NULL
) ENGINE=InnoDB;
CREATE TABLE orders (
    id BIGINT NOT NULL PRIMARY KEY,
    customer_id INT NOT NULL,
    amount DECIMAL(10, 2) NOT NULL,
    status ENUM('new', 'paid', 'shipped', 'cancelled') NOT NULL,
    placed DATETIME NOT NULL,
    shipped DATE,
    note TEXT,
    KEY (customer_id)
) ENGINE=InnoDB;
CREATE TABLE order_items (
    id BIGINT NOT NULL PRIMARY KEY,
    order_id BIGINT NOT NULL,
    sku VARCHAR(32) NOT NULL,
    qty INT NOT NULL,
    price DECIMAL(10, 2) NOT NULL,
    weight DOUBLE,
    KEY (order_id)
) ENGINE=InnoDB;
CREATE TABLE activity (
    id BIGINT NOT NULL PRIMARY KEY,
    customer_id INT NOT NULL,
    kind VARCHAR(16) NOT NULL,
    payload JSON,
    digest BLOB,
    at TIMESTAMP(6) NOT NULL
) ENGINE=InnoDB;
"""
_STATUSES = ("active", "suspended", "closed")
_ORDER_STATUSES = ("paid", "shipped", "cancelled")
_KINDS = ("login", "view", "search", "cart", "logout")


@dataclass(frozen=True)
class OltpParams:
    oltp_mb: int
    max_binlog_size: int = OLTP_BINLOG_SIZE
    seed: int = OLTP_SEED


class _OltpSandbox(MariaDBSandbox):
    """The sandbox with its binlogs named ``oltp.NNNNNN`` (and ``oltp.index``)."""

    @property
    def binlog_basename(self) -> Path:
        return self.binlog_dir / "oltp"


class _OltpWorkload:
    """Deterministic short OLTP transactions; remembers the live ids of each table so
    that every UPDATE and DELETE changes exactly one row."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.customers: list[int] = []
        self.orders: list[int] = []
        self.items: list[int] = []
        self.activity: list[int] = []
        self.next = {"customers": 1, "orders": 1, "items": 1, "activity": 1}
        self.clock = 1_704_067_200  # 2024-01-01 00:00:00 UTC, advances a little per op

    def _id(self, table: str) -> int:
        n = self.next[table]
        self.next[table] = n + 1
        return n

    def _when(self) -> str:
        self.clock += self.rnd.randint(0, 3)
        return f"FROM_UNIXTIME({self.clock})"

    def _take(self, ids: list[int]) -> int:
        """Remove and return a random live id (swap with the last: O(1))."""
        i = self.rnd.randrange(len(ids))
        ids[i], ids[-1] = ids[-1], ids[i]
        return ids.pop()

    def _new_customer(self) -> str:
        r = self.rnd
        c = self._id("customers")
        self.customers.append(c)
        birth = "NULL" if r.random() < 0.2 else \
            f"'19{r.randint(50, 99)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}'"
        return (f"INSERT INTO customers VALUES ({c}, 'customer {c:07d}',"
                f" 'c{c}@example{c % 17}.com', {r.randint(0, 10_000_000) / 100:.2f},"
                f" {r.random() * 100:.6f}, 'active', {birth}, {self._when()},"
                f" {self._when()});")

    def _new_order(self) -> str:
        r = self.rnd
        o = self._id("orders")
        self.orders.append(o)
        cust = self.customers[r.randrange(len(self.customers))]
        note = "NULL" if r.random() < 0.6 else f"'{'gift wrap please ' * r.randint(1, 6)}'"
        parts = ["BEGIN;",
                 f"INSERT INTO orders VALUES ({o}, {cust}, {r.randint(100, 500_000) / 100:.2f},"
                 f" 'new', {self._when()}, NULL, {note});"]
        for _ in range(r.randint(1, 3)):
            i = self._id("items")
            self.items.append(i)
            weight = "NULL" if r.random() < 0.1 else f"{r.random() * 20:.3f}"
            sku = f"SKU-{r.randint(1, 99_999):05d}"
            parts.append(f"INSERT INTO order_items VALUES ({i}, {o}, '{sku}', {r.randint(1, 5)},"
                         f" {r.randint(99, 99_999) / 100:.2f}, {weight});")
        parts.append("COMMIT;")
        return " ".join(parts)

    def _new_activity(self) -> str:
        r = self.rnd
        a = self._id("activity")
        self.activity.append(a)
        cust = self.customers[r.randrange(len(self.customers))]
        kind = r.choice(_KINDS)
        payload = (f'{{"page": "/p/{r.randint(1, 5000)}", "ms": {r.randint(1, 900)},'
                   f' "ref": "{r.choice(("mail", "ad", "direct", "search"))}"}}')
        digest = r.getrandbits(128).to_bytes(16, "big").hex()
        return (f"INSERT INTO activity VALUES ({a}, {cust}, '{kind}', '{payload}',"
                f" X'{digest}', FROM_UNIXTIME({self.clock}.{r.randint(0, 999_999):06d}));")

    def statement(self) -> str:
        """One autocommit statement or one short transaction."""
        r = self.rnd
        if len(self.customers) < 200:
            return self._new_customer()
        x = r.random()
        if x < 0.10:
            return self._new_customer()
        if x < 0.35:
            return self._new_order()
        if x < 0.55:
            return self._new_activity()
        if x < 0.70:
            c = self.customers[r.randrange(len(self.customers))]
            return (f"UPDATE customers SET balance = balance + {r.randint(-5000, 5000) / 100:.2f},"
                    f" score = {r.random() * 100:.6f}, updated = {self._when()} WHERE id = {c};")
        if x < 0.80 and self.orders:
            o = self.orders[r.randrange(len(self.orders))]
            status = r.choice(_ORDER_STATUSES)
            shipped = f"DATE({self._when()})" if status == "shipped" else "NULL"
            return f"UPDATE orders SET status = '{status}', shipped = {shipped} WHERE id = {o};"
        if x < 0.84 and len(self.customers) > 200:
            c = self.customers[r.randrange(len(self.customers))]
            return (f"UPDATE customers SET status = '{r.choice(_STATUSES)}',"
                    f" updated = {self._when()} WHERE id = {c};")
        if x < 0.90 and len(self.items) > 100:
            return f"DELETE FROM order_items WHERE id = {self._take(self.items)};"
        if x < 0.95 and len(self.activity) > 100:
            return f"DELETE FROM activity WHERE id = {self._take(self.activity)};"
        if len(self.orders) > 100:
            return f"UPDATE orders SET note = CONCAT(COALESCE(note, ''), ' checked')" \
                   f" WHERE id = {self.orders[r.randrange(len(self.orders))]};"
        return self._new_activity()

    def batch(self, count: int) -> str:
        return "\n".join(self.statement() for _ in range(count))


def generate_oltp(out: Path, params: OltpParams) -> list[Path]:
    """Run a server of its own until its binlogs hold ``params.oltp_mb`` MiB, stop it
    cleanly and move every binlog it wrote to ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    base = Path(tempfile.mkdtemp(prefix="sandbox-", dir=out))
    if len(str(base / "mysqld.sock")) > 100:
        base.rmdir()
        base = Path(tempfile.mkdtemp(prefix="bench-sandbox-"))
    results = []
    try:
        with _OltpSandbox(base, OLTP_OPTIONS) as db:
            db.sql(OLTP_SCHEMA)
            work = _OltpWorkload(params.seed)
            while sum(p.stat().st_size for p in db.binlog_paths()) < params.oltp_mb * MIB:
                db.sql(work.batch(4000), database="shop")
            db.stop()  # the last file ends with STOP, the others with ROTATE
            for src in db.binlog_paths():
                target = out / src.name
                shutil.move(src, target)
                target.chmod(0o644)
                results.append(target)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return results


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


def _manifest_ok(out: Path, params: Params | OltpParams) -> bool:
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


def _remove_old_oltp(out: Path) -> None:
    for old in [*out.glob("oltp.[0-9]*"), out / "oltp.index", out / MANIFEST]:
        old.unlink(missing_ok=True)


def _make_set(out: Path, params: Params | OltpParams, options: dict[str, Any],
              force: bool) -> None:
    """Generate one set into ``out`` unless its manifest says it is there; list it."""
    if not force and _manifest_ok(out, params):
        print(f"{out}: up to date (use --force to regenerate)")
    else:
        start = time.monotonic()
        if isinstance(params, OltpParams):
            _remove_old_oltp(out)
            files = generate_oltp(out, params)
        else:
            _remove_old(out)
            files = generate(out, params)
        manifest = {
            "params": asdict(params),
            "server_options": options,
            "files": [{"name": f.name, "size": f.stat().st_size} for f in files],
        }
        (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
        total = sum(f.stat().st_size for f in files)
        print(f"{out}: {len(files)} file(s), {total / MIB:.1f} MiB,"
              f" generated in {time.monotonic() - start:.1f}s", flush=True)
    for entry in json.loads((out / MANIFEST).read_text())["files"]:
        print(f"{out / entry['name']}\t{entry['size']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("bench/data"), help="output folder")
    parser.add_argument("--large-mb", type=int, default=150,
                        help=f"minimum size of each large file in MiB (max {MAX_LARGE_MB})")
    parser.add_argument("--count", type=int, default=1, help="number of large files")
    parser.add_argument("--small-files", type=int, default=1, help="number of small files")
    parser.add_argument("--small-kb", type=int, default=1024,
                        help="minimum size of each small file in KiB")
    parser.add_argument("--oltp-mb", type=int, default=0,
                        help="also make the OLTP set in OUT/oltp/, at least this many MiB of "
                             "rotated files (0: not made)")
    parser.add_argument("--oltp-only", action="store_true",
                        help="make only the OLTP set (with --oltp-mb)")
    parser.add_argument("--force", action="store_true", help="regenerate even if up to date")
    args = parser.parse_args(argv)
    if not 1 <= args.large_mb <= MAX_LARGE_MB:
        parser.error(f"--large-mb must be between 1 and {MAX_LARGE_MB}")
    if args.count < 0 or args.small_files < 0 or args.small_kb < 1:
        parser.error("--count and --small-files must be >= 0, --small-kb >= 1")
    if args.oltp_mb < 0 or (args.oltp_only and args.oltp_mb < 1):
        parser.error("--oltp-mb must be >= 0, and >= 1 with --oltp-only")
    out: Path = args.out
    if not args.oltp_only:
        params = Params(args.large_mb, args.count, args.small_files, args.small_kb)
        _make_set(out, params, SERVER_OPTIONS, args.force)
    if args.oltp_mb:
        _make_set(out / OLTP_DIR, OltpParams(args.oltp_mb), OLTP_OPTIONS, args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
