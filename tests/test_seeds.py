"""Known answers from the seed documents (shared/seeds): hex dumps with decoded fields."""

from __future__ import annotations

import io
import re

import pytest
from kaitaistruct import KaitaiStream

from binlog_kaitai.event import BinlogFormat, parse_event
from binlog_kaitai.generated.mysql_binlog import MysqlBinlog
from tests.conftest import SEEDS

NO_FDE = BinlogFormat(4, 19, 0, b"", "")


def seed(name: str) -> str:
    path = SEEDS / name
    if not path.exists():
        pytest.skip(f"seed missing: {path}")
    return path.read_text()


def mysqlbinlog_hexdump(text: str) -> bytes:
    """Bytes of the first `mysqlbinlog --hexdump` block: `# 00000004 3a 49 ...` lines."""
    block = text.split("# Position  Timestamp", 1)[1]
    out = bytearray()
    for line in block.splitlines()[1:]:
        m = re.match(r"# [0-9a-f]{8} (.*)", line)
        if not m:
            break
        out += bytes.fromhex("".join(re.findall(r"\b[0-9a-f]{2}\b", m.group(1).split("|")[0])))
    return bytes(out)


def test_mysql_8034_format_description_event() -> None:
    """Seed 003: the MySQL 8.0.34 FDE, decoded field by field in the document."""
    raw = mysqlbinlog_hexdump(seed("003_5e6fdc1a96217a56.txt"))
    assert len(raw) == 122
    ev = parse_event(raw, NO_FDE, "seed", 4, 0)
    assert ev.decode_error is None
    assert ev.timestamp == 1700546874  # 2023-11-21 14:07:54 CST
    assert ev.type_name == "FORMAT_DESCRIPTION_EVENT"
    assert ev.server_id == 593308
    assert ev.length == 122
    assert ev.log_pos == 126
    assert ev.flags == 1 and ev.header.is_binlog_in_use
    fde = ev.body
    assert fde.binlog_version == 4
    assert fde.server_version == "8.0.34"
    # The document says create_timestamp repeats the header's timestamp, but its own bytes
    # (at 0x4b) are zero: this binlog was opened by rotation, not at server startup.
    assert fde.create_timestamp == 0
    assert fde.header_length == 19
    assert len(fde.post_header_lengths) == 41
    assert fde.post_header_lengths[1] == 13  # QUERY_EVENT
    assert fde.post_header_lengths[14] == 98  # the FDE's own fixed part: 57 + 41
    assert fde.checksum_alg == MysqlBinlog.ChecksumAlg.crc32
    assert fde.checksum == 0xCDE035A1
    # The server computed the CRC with the in-use flag cleared; it must verify as such.
    assert ev.checksum_ok is True


def test_mysql_552_m2_format_description_event() -> None:
    """Seed 002: the 5.5.2-m2 relay-log FDE (pre-checksum: no algorithm byte, no CRC)."""
    text = seed("002_31557572c2b27543.txt")
    dump = text.split("hexdump -v -s 4 -C relay-bin.000001", 1)[1]
    raw = bytearray()
    for m in re.finditer(r"([0-9a-f]{8}) ((?:[0-9a-f]{2} {1,2})+)\|", dump):
        raw += bytes.fromhex(m.group(2))
    raw = bytes(raw[:0x67])
    ev = parse_event(raw, NO_FDE, "seed", 4, 0)
    assert ev.length == 0x67 == len(raw)
    assert ev.body.server_version == "5.5.2-m2"
    assert ev.body.header_length == 19
    # "event-size - event-header length - 2 - 50 - 4 - 1" = 27 event types.
    assert len(ev.body.post_header_lengths) == 27
    assert ev.body.post_header_lengths[14] == 0x54  # 84: the FDE's own post-header
    assert ev.body.post_header_lengths[18] == 8  # TABLE_MAP: 6-byte table id + flags
    assert not ev.body.has_checksum_alg
    assert ev.checksum_ok is None


def test_root_type_decides_binlog_version_from_first_event() -> None:
    raw = mysqlbinlog_hexdump(seed("003_5e6fdc1a96217a56.txt"))
    root = MysqlBinlog(KaitaiStream(io.BytesIO(b"\xfebin" + raw)))
    assert root.binlog_version == 4
    assert root.header_len == 19
    assert root.checksum_len == 4
    assert root.events == []
