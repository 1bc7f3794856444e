"""Make tests/fixtures/damaged/big_xid.bin: a real binlog with an XID above 2^53.

``python -m tools.make_big_xid_fixture [--source BINLOG] [--out FILE]`` copies
tests/fixtures/mariadb/gtid/binlog.000002 (MariaDB 10.11, CRC32 checksums), rewrites the
8-byte xid of its first XID_EVENT to :data:`BIG_XID` and recomputes that event's CRC32
footer, so the file is still valid; every other byte is the source's. A JavaScript Number
prints that xid as 8359806808306483000, which is what the spec's 8-byte integers
(ksy/mysql_uint64.ksy) guard against; tests/test_crosscheck.py checks both builds read it
exactly.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path

from binlog_kaitai.event import EventType
from binlog_kaitai.stream import read_events

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "tests" / "fixtures" / "mariadb" / "gtid" / "binlog.000002"
TARGET = REPO / "tests" / "fixtures" / "damaged" / "big_xid.bin"
BIG_XID = 8359806808306483200
"""0x7404_0000_0000_0000: above 2^53; JavaScript's Number prints it 8359806808306483000."""
XID_SIZE = 8
CRC_SIZE = 4


def with_xid(source: Path, xid: int) -> tuple[bytes, int]:
    """The bytes of ``source`` with the xid of its first XID_EVENT set to ``xid`` and that
    event's CRC32 recomputed; and the position of that event."""
    ev = next((e for e in read_events(source) if e.type_code == EventType.xid_event), None)
    if ev is None or ev.checksum_ok is not True:
        raise ValueError(f"{source}: no XID_EVENT with a valid CRC32 footer")
    data = source.read_bytes()
    end = ev.pos + len(ev.raw)
    event = bytearray(data[ev.pos:end])
    at = len(event) - CRC_SIZE - XID_SIZE  # the body is the xid alone, before the footer
    if bytes(event[at:at + XID_SIZE]) != ev.body.xid.value.to_bytes(XID_SIZE, "little"):
        raise ValueError(f"{source}: the XID_EVENT at {ev.pos} is not laid out as expected")
    event[at:at + XID_SIZE] = xid.to_bytes(XID_SIZE, "little")
    event[-CRC_SIZE:] = zlib.crc32(event[:-CRC_SIZE]).to_bytes(CRC_SIZE, "little")
    return data[:ev.pos] + bytes(event) + data[end:], ev.pos


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="binlog to copy")
    parser.add_argument("--out", type=Path, default=TARGET, help="file to write")
    args = parser.parse_args(argv)
    data, pos = with_xid(args.source, BIG_XID)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"{args.out}: xid {BIG_XID} in the XID_EVENT at {pos} of {args.source}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
