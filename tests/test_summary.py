"""The tail-first summary on real MariaDB files: in-use copies, relay logs, cut files."""

from __future__ import annotations

from pathlib import Path

import pytest

from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import summary
from tests.conftest import FIXTURES

MARIADB = FIXTURES / "mariadb"
RELAY = sorted((MARIADB / "relay").glob("*/relay-bin.[0-9]*"))
BINLOGS = sorted(p for p in MARIADB.glob("*/binlog.[0-9]*") if p.parent.name != "encrypted")


@pytest.mark.parametrize("path", BINLOGS + RELAY, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_summary_matches_full_read(path: Path) -> None:
    s = summary(path)
    events = list(read_events(path))
    first, last = events[0], events[-1]
    assert s.error is None and not s.truncated
    assert (s.start_timestamp, s.end_timestamp) == (first.timestamp, last.timestamp)
    assert (s.last_event_pos, s.last_event_type) == (last.pos, last.type_name)
    assert s.server_version == first.body.server_version
    assert s.bytes_read <= 4 + first.length + events[1].length + 65536


def test_mariadb_rotation_and_gtid_list() -> None:
    s = summary(MARIADB / "mixed" / "binlog.000001")
    assert s.end_reason == "rotate"
    assert (s.next_file, s.next_position) == ("binlog.000002", 4)
    assert s.checksum == "CRC32" and s.in_use is False
    second = summary(MARIADB / "mixed" / "binlog.000002")
    assert second.end_reason == "stop"
    # The GTID state at the start of file 2 is the last GTID of file 1.
    gtids = [ev for ev in read_events(MARIADB / "mixed" / "binlog.000001")
             if ev.type_name == "GTID_EVENT"]
    last = gtids[-1]
    assert second.previous_gtids == \
        f"{last.body.domain_id}-{last.server_id}-{last.body.seq_no.value}"
    assert summary(MARIADB / "nochecksum" / "binlog.000001").checksum == "NONE"


def test_in_use_copy() -> None:
    s = summary(MARIADB / "inuse" / "binlog.000001")
    events = list(read_events(MARIADB / "inuse" / "binlog.000001"))
    assert s.in_use is True and s.end_reason == "none" and s.truncated is False
    assert s.last_event_pos == events[-1].pos and s.server_id == 7


def test_relay_log_positions_are_the_sources() -> None:
    """In a relay log, events from the source carry the source's log_pos."""
    path = MARIADB / "relay" / "nochecksum" / "relay-bin.000003"
    events = list(read_events(path))
    from_source = [e for e in events if e.server_id == 1 and e.log_pos]
    assert from_source and all(e.log_pos != e.next_pos for e in from_source)
    # A second FORMAT_DESCRIPTION_EVENT (the source's) takes over mid-file.
    assert [e.type_name for e in events[:2]] == ["FORMAT_DESCRIPTION_EVENT"] * 2
    s = summary(path)
    assert s.end_reason == "stop" and s.last_event_pos == events[-1].pos


@pytest.mark.parametrize("path", [MARIADB / "relay" / "nochecksum" / "relay-bin.000002",
                                  MARIADB / "relay" / "crc32" / "relay-bin.000003",
                                  MARIADB / "mixed" / "binlog.000001"],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_cut_anywhere_gives_last_complete_event(path: Path, tmp_path: Path) -> None:
    """Copies cut at every event boundary, and 9 bytes into every event: the summary
    must name the last complete event, and say truncated exactly when bytes are left."""
    events = list(read_events(path))
    data = path.read_bytes()
    cut_file = tmp_path / "cut.bin"
    for i in range(2, len(events)):
        for extra in (0, 9):
            cut_file.write_bytes(data[:events[i].pos + extra])
            s = summary(cut_file)
            assert (s.last_event_pos, s.truncated) == (events[i - 1].pos, bool(extra)), (i, s)
            assert s.end_timestamp == events[i - 1].timestamp


def test_encrypted_summary() -> None:
    """Start from the FDE; the end cannot be read through encryption, and says so."""
    s = summary(MARIADB / "encrypted" / "binlog.000001")
    assert s.start_timestamp is not None and s.server_version.startswith("10.11")
    assert s.error is not None and "encrypted" in s.error
    assert s.end_timestamp is None and s.last_event_type is None
