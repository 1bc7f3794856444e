"""Capture the replication stream of a real MariaDB into ``tests/fixtures/streams/``.

Usage::

    python -m tools.capture_stream [--out tests/fixtures/streams]

A throwaway MariaDB (tools/mariadb_sandbox.py, TCP on 127.0.0.1) runs ``mariadb.sql``
(beside the captures: row changes in a file with CRC32 checksums and in one without),
then :mod:`binlog_kaitai.replication` asks it for its binlogs four ways. Each capture
holds the bytes the server sent after the dump command, as they came off the socket: each
packet's 3-byte payload length, its sequence number, its payload (a
``binlog_stream_packet``), up to the last whole packet:

- ``mariadb_from_start.stream``: the first binlog from offset 4, non-blocking: the
  artificial ROTATE, every file's events with the real and artificial ROTATEs between
  them, then the EOF packet;
- ``mariadb_mid_file.stream``: the last binlog from its second GTID event, blocking,
  heartbeats every 0.1 s: the artificial ROTATE and FORMAT_DESCRIPTION_EVENT (log_pos 0),
  the events, then a HEARTBEAT_LOG_EVENT;
- ``mariadb_gtid.stream``: from the GTID state after the first transaction
  (``@slave_connect_state``): MariaDB's artificial GTID_LIST_EVENT among the rest;
- ``mariadb_missing_file.stream``: a file the server does not have: the ERR packet.

``tools/crosscheck.py`` parses them with both builds of ``ksy/binlog_stream_packet.ksy``.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from binlog_kaitai.replication import (
    HEARTBEATS,
    MAX_PAYLOAD,
    PACKET_HEADER,
    Endpoint,
    ReplicationClient,
    ReplicationError,
    StreamEvent,
)
from binlog_kaitai.seek import Gtid
from binlog_kaitai.stream import read_events
from tools.mariadb_sandbox import MariaDBSandbox

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "tests" / "fixtures" / "streams"
PASSWORD = "capture"
SERVER_ID = 4711


class Recorder:
    """The connection's socket file, every byte read from it kept."""

    def __init__(self, rfile: Any) -> None:
        self.rfile = rfile
        self.data = bytearray()

    def readinto1(self, buf: memoryview) -> int:
        return self._kept(buf, self.rfile.readinto1(buf))

    def readinto(self, buf: memoryview) -> int:
        return self._kept(buf, self.rfile.readinto(buf))

    def read(self, n: int) -> bytes:  # PyMySQL's reads (the dump's first replies)
        data = self.rfile.read(n)
        self.data += data
        return data

    def close(self) -> None:
        self.rfile.close()

    def _kept(self, buf: memoryview, got: int) -> int:
        self.data += buf[:got]
        return got

    def whole_packets(self) -> bytes:
        """The bytes up to the end of the last complete packet."""
        at = 0
        while at + 4 <= len(self.data):
            length = PACKET_HEADER.unpack_from(self.data, at)[0] & MAX_PAYLOAD
            if at + 4 + length > len(self.data):
                break
            at += 4 + length
        return bytes(self.data[:at])


def capture(db: MariaDBSandbox, start: Any, until: Any = None, *,
            heartbeat: float | None = None) -> bytes:
    """The bytes of the stream ``start(client)`` opens, read until ``until(event)`` is
    true, the stream ends, or the server refuses it."""
    assert db.port is not None
    client = ReplicationClient(Endpoint("127.0.0.1", db.port, "rep", PASSWORD), SERVER_ID,
                               heartbeat=heartbeat)
    client.open()
    try:
        batches: Iterator[list[StreamEvent]] = start(client)
        assert client.conn is not None
        recorder = client.conn._rfile = Recorder(client.conn._rfile)
        try:
            for batch in batches:
                if until is not None and any(until(ev) for ev in batch):
                    break
        except ReplicationError:
            pass
        return recorder.whole_packets()
    finally:
        client.close()


def gtid_positions(path: Path) -> list[tuple[int, str]]:
    """(offset, GTID) of each transaction of a server binlog."""
    return [(ev.pos, gtid.text) for ev in read_events(path)
            if (gtid := Gtid.of(ev)) is not None]


def make(out: Path) -> list[Path]:
    sql = (out / "mariadb.sql").read_text()
    base = Path(tempfile.mkdtemp(prefix="capture-"))
    try:
        with MariaDBSandbox(base / "server", {"binlog_format": "ROW"}, port=0) as db:
            db.sql(f"CREATE USER rep@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
                   "GRANT REPLICATION SLAVE ON *.* TO rep@'127.0.0.1';")
            db.sql(sql)
            files = db.binlog_paths()
            first, last = files[0].name, files[-1]
            mid = gtid_positions(last)[1][0]
            after_first = gtid_positions(files[0])[0][1]
            captures = {
                "mariadb_from_start": capture(
                    db, lambda c: c.dump(first, 4, non_block=True)),
                "mariadb_mid_file": capture(
                    db, lambda c: c.dump(last.name, mid, non_block=False),
                    lambda ev: ev.type_code in HEARTBEATS, heartbeat=0.1),
                "mariadb_gtid": capture(
                    db, lambda c: c.dump_from_gtid(after_first, non_block=True)),
                "mariadb_missing_file": capture(
                    db, lambda c: c.dump("binlog.999999", 4, non_block=True)),
            }
    finally:
        shutil.rmtree(base, ignore_errors=True)
    written = []
    for name, data in captures.items():
        path = out / f"{name}.stream"
        path.write_bytes(data)
        written.append(path)
        print(f"{path}: {len(data)} bytes")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    make(parser.parse_args(argv).out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
