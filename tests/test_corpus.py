"""Every real file of shared/corpus is read to its end and agrees with its README row."""

from __future__ import annotations

import itertools

import pytest

from binlog_kaitai.errors import BinlogError, TruncatedError
from binlog_kaitai.event import FDE
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import summary
from tests.conftest import CORPUS_FILES, CorpusFile
from tests.mariadb_oracle import mariadb_binlog_program, run_mariadb_binlog

IDS = [f.path.name for f in CORPUS_FILES]
CHECKSUM_SETTING = {"CRC32": "CRC32", "off(alg=0)": "NONE", "no (pre-5.6)": None}


def read_all(path):
    events, error = [], None
    try:
        events.extend(read_events(path, strict_checksums=True))
    except BinlogError as exc:
        error = exc
    return events, error


def test_corpus_is_there() -> None:
    if not CORPUS_FILES:
        pytest.skip("shared/corpus is absent")
    assert len(CORPUS_FILES) >= 80


@pytest.mark.parametrize("known", CORPUS_FILES, ids=IDS)
def test_reads_every_event(known: CorpusFile) -> None:
    events, error = read_all(known.path)
    if known.events == 0:  # the deliberately truncated file
        assert isinstance(error, TruncatedError)
        assert error.offset == 4 and "event header" in error.message
        return
    assert error is None, str(error)
    assert len(events) == known.events
    assert {e.type_code for e in events} == known.types
    assert events[-1].type_code == known.last
    assert events[-1].next_pos == known.size
    assert all(e.decode_error is None for e in events), [e.decode_error for e in events]
    # positions chain exactly, and every event that has a CRC verified (strict mode)
    assert all(a.next_pos == b.pos for a, b in itertools.pairwise(events))
    first = events[0]
    assert first.body.server_version == known.server_version
    if first.type_code == FDE:
        assert bool(first.header.is_binlog_in_use) == (known.in_use == "Y")


@pytest.mark.parametrize("known", CORPUS_FILES, ids=IDS)
def test_summary_agrees_with_full_read(known: CorpusFile) -> None:
    s = summary(known.path)
    events, error = read_all(known.path)
    if error is not None:
        assert s.error is not None and s.error.startswith(f"offset {error.offset}:")
        assert s.truncated
        return
    first, last = events[0], events[-1]
    assert s.error is None
    assert s.size == known.size
    assert s.server_version == known.server_version
    assert s.checksum == CHECKSUM_SETTING[known.checksum]
    assert s.start_timestamp == first.timestamp
    assert (s.last_event_pos, s.last_event_type) == (last.pos, last.type_name)
    assert s.end_timestamp == last.timestamp
    assert s.end_reason == {4: "rotate", 3: "stop"}.get(last.type_code, "none")
    assert s.truncated is False
    if last.type_code == 4:
        assert s.next_file == last.body.new_log_ident and s.next_file
        assert s.next_position == 4
    # O(1): the summary reads at most the first two events and a 64 KiB tail.
    assert s.bytes_read <= 4 + first.length + events[1].length + 65536 if len(events) > 1 \
        else s.bytes_read <= known.size
    if known.size > 1 << 20:
        assert s.bytes_read < 16384


@pytest.mark.parametrize("known", [f for f in CORPUS_FILES if f.events], ids=lambda f: f.path.name)
def test_positions_and_types_agree_with_mariadb_binlog(known: CorpusFile) -> None:
    """mariadb-binlog as an oracle: every event it reads is ours, at the same offset.

    It stops early on MySQL 8/9 event types it does not know (TRANSACTION_PAYLOAD, tagged
    GTIDs...); then the prefix it read must agree.
    """
    if mariadb_binlog_program() is None:
        pytest.skip("mariadb-binlog not installed")
    if known.checksum == "no (pre-5.6)" and known.server_version.startswith("4."):
        pytest.skip("the oracle parser does not read mariadb-binlog's v3 (MySQL 4.x) dump")
    oracle, stderr = run_mariadb_binlog(known.path, allow_errors=True)
    ours = [(e.pos, e.type_code) for e in read_events(known.path)]
    theirs = [(e.pos, e.type_code) for e in oracle]
    assert theirs, stderr
    assert ours[:len(theirs)] == theirs
    if "ERROR" not in stderr:
        assert ours == theirs
