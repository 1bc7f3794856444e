"""Bad input: a clear error naming file and offset, every event before the damage kept."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from binlog_kaitai.errors import (
    ChecksumError,
    CorruptEventError,
    NotABinlogError,
    TruncatedError,
)
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import summary
from tests.conftest import corpus

CRC_FILE = "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.checksum-crc32"


def copy_prefix(src: Path, dst: Path, size: int) -> Path:
    dst.write_bytes(src.read_bytes()[:size])
    return dst


def collect(path: Path, **kw):
    got = []
    with pytest.raises(Exception) as info:
        for ev in read_events(path, **kw):
            got.append(ev)
    return got, info.value


def test_truncated_mid_event_keeps_everything_before(tmp_path: Path) -> None:
    src = corpus(CRC_FILE)
    full = list(read_events(src))
    victim = full[100]
    cut = copy_prefix(src, tmp_path / "cut.bin", victim.pos + victim.length // 2)
    got, err = collect(cut)
    assert isinstance(err, TruncatedError)
    assert [e.pos for e in got] == [e.pos for e in full[:100]]
    assert err.offset == victim.pos
    assert err.event_index == 100
    assert err.file == str(cut)
    assert str(err).startswith(f"{cut}: offset {victim.pos}: ")
    assert "runs past the end of the file" in err.message


def test_truncated_inside_header(tmp_path: Path) -> None:
    src = corpus(CRC_FILE)
    full = list(read_events(src))
    cut = copy_prefix(src, tmp_path / "cut.bin", full[7].pos + 10)
    got, err = collect(cut)
    assert len(got) == 7
    assert isinstance(err, TruncatedError) and err.offset == full[7].pos
    assert "inside an event header (10 of 19 bytes)" in err.message


def test_crc_mismatch_is_reported_and_strict_mode_stops(tmp_path: Path) -> None:
    src = corpus(CRC_FILE)
    full = list(read_events(src))
    victim = full[50]
    data = bytearray(src.read_bytes())
    data[victim.pos + 20] ^= 0xFF
    bad = tmp_path / "bad.bin"
    bad.write_bytes(bytes(data))
    events = list(read_events(bad))
    assert [e.checksum_ok for e in events].count(False) == 1
    assert events[50].checksum_ok is False and events[49].checksum_ok is True
    got, err = collect(bad, strict_checksums=True)
    assert len(got) == 50
    assert isinstance(err, ChecksumError) and err.offset == victim.pos


def test_length_claiming_gigabytes_allocates_nothing(tmp_path: Path) -> None:
    src = corpus(CRC_FILE)
    full = list(read_events(src))
    data = bytearray(src.read_bytes())
    at = full[20].pos
    data[at + 9:at + 13] = (0xFFFFFFF0).to_bytes(4, "little")
    bad = tmp_path / "huge.bin"
    bad.write_bytes(bytes(data))
    tracemalloc.start()
    got, err = collect(bad)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(got) == 20
    assert isinstance(err, TruncatedError) and err.offset == at
    assert "4294967280 bytes" in err.message
    assert peak < 8 << 20


def test_length_shorter_than_header_is_corrupt(tmp_path: Path) -> None:
    src = corpus(CRC_FILE)
    full = list(read_events(src))
    data = bytearray(src.read_bytes())
    at = full[3].pos
    data[at + 9:at + 13] = (5).to_bytes(4, "little")
    bad = tmp_path / "short.bin"
    bad.write_bytes(bytes(data))
    got, err = collect(bad)
    assert len(got) == 3
    assert isinstance(err, CorruptEventError) and err.offset == at


@pytest.mark.parametrize("content", [b"", b"PK\x03\x04 not a binlog at all", b"\xfebi"])
def test_not_a_binlog(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.bin"
    path.write_bytes(content)
    got, err = collect(path)
    assert got == []
    assert isinstance(err, NotABinlogError) and err.offset == 0


def test_summary_of_file_cut_mid_event(tmp_path: Path) -> None:
    src = corpus(CRC_FILE)
    full = list(read_events(src))
    victim = full[-3]
    cut = copy_prefix(src, tmp_path / "cut.bin", victim.pos + 7)
    s = summary(cut)
    assert s.truncated is True
    assert s.last_event_pos == full[-4].pos
    assert s.last_event_type == full[-4].type_name
    assert s.end_timestamp == full[-4].timestamp
    assert s.end_reason == "none"
    assert s.error == f"offset {victim.pos}: file ends inside an event (7 bytes after the " \
                      "last complete event)"
    assert s.bytes_read < 70000


def test_summary_of_missing_file(tmp_path: Path) -> None:
    s = summary(tmp_path / "nope.bin")
    assert s.error is not None and s.error.startswith("offset 0: cannot open")
