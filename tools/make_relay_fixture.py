"""Make real relay logs: a primary and a replica MariaDB on loopback, replicating.

A relay log holds the source's events with the *source's* log_pos values, framed by the
replica's own FORMAT_DESCRIPTION_EVENT and ROTATE events, so the file offsets and the
header positions disagree: the case the summary must handle without trusting log_pos.

    python -m tools.make_relay_fixture        # writes tests/fixtures/mariadb/relay/

Two runs: the primary with binlog_checksum=CRC32 (``crc32/``) and NONE (``nochecksum/``).
The replica keeps its relay logs (relay_log_purge=0) and rotates them with FLUSH RELAY
LOGS; the files are copied after a clean shutdown of both servers.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import tempfile
import time
from pathlib import Path

from tools.mariadb_sandbox import MariaDBSandbox, SandboxError

DEST = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "mariadb" / "relay"
SQL = DEST / "relay.sql"
CATCH_UP_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_replica(replica: MariaDBSandbox, gtid: str) -> None:
    deadline = time.monotonic() + CATCH_UP_TIMEOUT
    while time.monotonic() < deadline:
        if replica.sql("SELECT @@gtid_slave_pos").strip() == gtid:
            return
        time.sleep(0.2)
    status = replica.sql("SHOW SLAVE STATUS\\G")
    raise SandboxError(f"replica did not reach {gtid}:\n{status}")


def make(checksum: str, dest: Path) -> list[Path]:
    """Replicate relay.sql once and copy the replica's relay logs to ``dest``."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="relay-") as tmp:
        primary = MariaDBSandbox(
            Path(tmp) / "p",
            {"skip_networking": False, "bind_address": "127.0.0.1", "port": port,
             "binlog_format": "ROW", "binlog_checksum": checksum},
            server_id=1,
        )
        replica = MariaDBSandbox(
            Path(tmp) / "r",
            {"relay_log": str(Path(tmp) / "r" / "relay" / "relay-bin"),
             "relay_log_purge": False, "binlog_checksum": checksum},
            server_id=2,
        )
        (Path(tmp) / "r" / "relay").mkdir(parents=True)
        with primary, replica:
            primary.sql("CREATE USER repl@'127.0.0.1' IDENTIFIED BY 'repl';"
                        "GRANT REPLICATION SLAVE ON *.* TO repl@'127.0.0.1';")
            replica.sql(f"CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT={port}, "
                        "MASTER_USER='repl', MASTER_PASSWORD='repl', MASTER_USE_GTID=slave_pos;"
                        "START SLAVE;")
            statements = [s for s in SQL.read_text().split(";\n") if s.strip()]
            half = len(statements) // 2
            for i, stmt in enumerate(statements):
                primary.sql(stmt)
                if i == half:  # a rotation in mid-stream: ROTATE + a new relay-log FDE
                    wait_for_replica(replica, primary.sql("SELECT @@gtid_binlog_pos").strip())
                    replica.sql("FLUSH RELAY LOGS")
            wait_for_replica(replica, primary.sql("SELECT @@gtid_binlog_pos").strip())
            replica.sql("STOP SLAVE")
        dest.mkdir(parents=True, exist_ok=True)
        for old in dest.glob("relay-bin.[0-9]*"):
            old.unlink()
        copies = []
        for src in sorted((Path(tmp) / "r" / "relay").glob("relay-bin.[0-9]*")):
            copies.append(Path(shutil.copy2(src, dest / src.name)))
        return copies


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__).parse_args(argv)
    for checksum, folder in (("CRC32", "crc32"), ("NONE", "nochecksum")):
        for path in make(checksum, DEST / folder):
            print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
