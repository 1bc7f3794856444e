"""GTID event bodies: MySQL GTID (33), ANONYMOUS_GTID (34), PREVIOUS_GTIDS (35) and
GTID_TAGGED (42); MariaDB GTID (162) and GTID_LIST (163).

Expected values were checked by hand against the MySQL/MariaDB sources and cross-checked:
every MySQL transaction_length equals the summed lengths of its transaction's events, commit
timestamps match the event header time, server versions match the FORMAT_DESCRIPTION_EVENT,
each file's first gno follows the PREVIOUS_GTIDS set, and the MariaDB values are what
`mariadb-binlog` prints for the same files (it cannot decode MySQL's types 33-42).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from kaitaistruct import KaitaiStream

from binlog_kaitai.generated.gtid_event import GtidEvent
from binlog_kaitai.generated.gtid_tagged_event import GtidTaggedEvent
from binlog_kaitai.generated.mariadb_gtid_event import MariadbGtidEvent
from binlog_kaitai.generated.mariadb_gtid_list_event import MariadbGtidListEvent
from binlog_kaitai.generated.mysql_varlen_uint import MysqlVarlenUint
from binlog_kaitai.generated.previous_gtids_event import PreviousGtidsEvent
from binlog_kaitai.stream import read_events

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
MARIADB_GTID = Path(__file__).resolve().parent / "fixtures" / "mariadb" / "gtid"
RUST_COMMON = "blackbeam__rust_mysql_common/test-data__binlogs__"


def corpus_file(name: str) -> Path:
    path = CORPUS / name
    if not path.exists():
        pytest.skip(f"corpus file missing: {path}")
    return path


def fixture_file(name: str) -> Path:
    path = MARIADB_GTID / name
    if not path.exists():
        pytest.skip(f"fixture missing: {path} (python -m tools.make_fixtures gtid)")
    return path


def events_of(path: Path, *types: int) -> list[Any]:
    return [ev for ev in read_events(path) if ev.type_code in types]


def bodies(path: Path, *types: int) -> list[Any]:
    return [ev.body for ev in events_of(path, *types)]


def parse(cls: Any, body: bytes) -> Any:
    return cls(KaitaiStream(BytesIO(body)))


def sid_text(sid: bytes) -> str:
    return str(uuid.UUID(bytes=bytes(sid)))


def gtid_set_text(ev: Any) -> str:
    """A PREVIOUS_GTIDS body as MySQL writes a GTID set (uuid[:tag]:start-last,...)."""
    parts = []
    for sid in ev.sids:
        tag = getattr(sid, "tag", None)  # absent in the untagged format
        head = sid_text(sid.uuid) + (f":{tag.value}" if tag is not None and tag.value else "")
        ranges = "".join(
            f":{iv.start.value}" if iv.last == iv.start.value else f":{iv.start.value}-{iv.last}"
            for iv in sid.intervals
        )
        parts.append(head + ranges)
    return ",".join(parts)


def varlen(value: int) -> bytes:
    """MySQL serialization library encoding of an unsigned integer (write_varlen_bytes)."""
    n = ((value.bit_length() * 575) >> 12) + 1
    first = ((1 << (n - 1)) - 1) | ((value << n) & 0xFF)
    if n == 1:
        return bytes([first])
    rest = value >> (8 - n + ((n + 7) >> 4))
    return bytes([first]) + rest.to_bytes(8, "little")[: n - 1]


def zigzag(value: int) -> bytes:
    return varlen(value << 1 if value >= 0 else ((-(value + 1)) << 1) | 1)


def message(fields: Iterable[tuple[int, bytes]]) -> bytes:
    """A serialization-library message: format version 1, size, last non-ignorable id 0."""
    data = b"".join(varlen(fid) + value for fid, value in fields)
    size = 3 + len(data)
    while 1 + len(varlen(size)) + 1 + len(data) != size:
        size = 1 + len(varlen(size)) + 1 + len(data)
    return varlen(1) + varlen(size) + varlen(0) + data


# --- MySQL serialization library integers ---------------------------------------------


@pytest.mark.parametrize(
    ("encoded", "value"),
    [
        ("00", 0),
        ("0a", 5),
        ("fe", 127),
        ("0102", 128),
        ("2502", 137),
        ("fbff07", 65535),  # the 65535 example of libs/mysql/serialization/readme.md
        ("430f0b", 90600),
        ("7f1cf3b814244a06", 1770368687207196),
        ("ff" + "ff" * 7 + "1f", 2**61 - 1),
    ],
)
def test_varlen_uint(encoded: str, value: int) -> None:
    raw = bytes.fromhex(encoded)
    v = parse(MysqlVarlenUint, raw)
    assert v.value == value
    assert v.num_bytes == len(raw)
    assert varlen(value) == raw


@pytest.mark.parametrize("value", [0, 1, 63, 64, 2**13, 2**20 + 5, 2**48 - 1, 2**55, 2**60])
def test_varlen_uint_round_trip(value: int) -> None:
    assert parse(MysqlVarlenUint, varlen(value) + b"\xaa").value == value


# --- PREVIOUS_GTIDS_LOG_EVENT (35) ------------------------------------------------------


def test_previous_gtids_seed_two_uuids() -> None:
    """Seed 003: the two-uuid set whose body is decoded byte by byte in the document."""
    body = bytes.fromhex(
        "0200000000000000"
        "24985463a53611e8a30c5254008138e4" "0100000000000000" "0100000000000000"
        "0800000000000000"
        "6cea48f6926c11e9b1cb5254008138e4" "0100000000000000" "0100000000000000"
        "0500000000000000"
    )
    ev = PreviousGtidsEvent(KaitaiStream(BytesIO(body)))
    assert ev.n_sids == 2
    assert not ev.is_tagged
    assert [(iv.start.value, iv.end.value) for iv in ev.sids[0].intervals] == [(1, 8)]
    assert gtid_set_text(ev) == (
        "24985463-a536-11e8-a30c-5254008138e4:1-7,6cea48f6-926c-11e9-b1cb-5254008138e4:1-4"
    )
    assert ev.rest == b""


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("EasyPost__rust-mysql-binlog/test_data__bin-log.000001",
         "87cee3a4-6b31-11e7-bdfd-0d98d6698870:1-14916"),
        ("Meituan-Dianping__MyFlash/testbinlog__haha.000041",
         "efca80c9-323b-11e7-b857-00505622f032:1-125"),
        ("apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000057",
         "76f3e7be-6720-11ed-9cad-0242ac110002:1-10"),
        (RUST_COMMON + "binlog_transaction_previous_GTID_no_tag.000001",
         "b9b88c66-0755-11f1-9899-4a9da94c4d71:1-2"),
        (RUST_COMMON + "transaction_compression.000001",
         "357df524-4139-11ee-9979-b033ee13919e:1"),
        ("zendesk__maxwell/src__test__resources__sql__replay__binlog.000004",
         "83759871-1141-11ed-b12d-0242ac130003:1-5"),
        (RUST_COMMON + "binlog_transaction_with_GTID.000001", ""),
        ("rust-us__mysql-cdc-rs/tests__events__5.7__33_35_gtid_prev_gtid__log.bin", ""),
        ("rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000688", ""),
    ],
)
def test_previous_gtids_corpus(name: str, expected: str) -> None:
    (ev,) = bodies(corpus_file(name), 35)
    assert not ev.is_tagged
    assert all(getattr(sid, "tag", None) is None for sid in ev.sids)
    assert gtid_set_text(ev) == expected
    assert ev.n_sids == (expected.count(",") + 1 if expected else 0)
    assert ev.rest == b""


def test_previous_gtids_tagged_mysql_96() -> None:
    """MySQL 9.6.0 writes the tagged format once a tagged GTID exists."""
    (ev,) = bodies(corpus_file(RUST_COMMON + "binlog_transaction_with_GTID_TAG.000001"), 35)
    assert ev.is_tagged
    assert ev.n_sids == 2
    assert [sid.tag.value for sid in ev.sids] == ["", "mytag"]
    assert gtid_set_text(ev) == (
        "55778904-0299-11f1-b1b8-4ef0c4956feb:1-13,"
        "55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:1-2"
    )
    assert ev.rest == b""


# --- GTID_LOG_EVENT (33) / ANONYMOUS_GTID_LOG_EVENT (34) --------------------------------


def test_gtid_mysql_56() -> None:
    """5.6: flags, sid and gno only."""
    evs = bodies(corpus_file(RUST_COMMON + "binlog_transaction_with_GTID.000001"), 33)
    assert [ev.gno.value for ev in evs] == [1, 2, 3]
    for ev in evs:
        assert sid_text(ev.sid) == "006c2cf2-b1ea-11e4-9057-8c705a3d3e78"
        assert ev.gtid_flags == 1
        assert ev.may_have_sbr
        assert not ev.has_logical_clock
        assert not ev.has_commit_timestamps
        assert ev.immediate_commit_ts == 0
        assert ev.immediate_server_version == 0
        assert ev.rest == b""


def test_gtid_mysql_57() -> None:
    """5.7: + logical clock; gnos continue the PREVIOUS_GTIDS set (1-14916)."""
    evs = bodies(corpus_file("EasyPost__rust-mysql-binlog/test_data__bin-log.000001"), 33)
    assert [(ev.gno.value, ev.last_committed.value, ev.sequence_number.value) for ev in evs] == [
        (14917, 0, 1), (14918, 1, 2), (14919, 2, 3),
    ]
    assert [ev.gtid_flags for ev in evs] == [1, 0, 0]
    for ev in evs:
        assert sid_text(ev.sid) == "87cee3a4-6b31-11e7-bdfd-0d98d6698870"
        assert ev.lc_typecode == 2
        assert ev.has_logical_clock
        assert not ev.has_commit_timestamps
        assert ev.rest == b""


def test_anonymous_gtid_mysql_57() -> None:
    path = corpus_file("rust-us__mysql-cdc-rs/tests__events__5.7__34_anonymous_gtid__log.bin")
    evs = bodies(path, 34)
    assert [(ev.last_committed.value, ev.sequence_number.value, ev.gtid_flags) for ev in evs] == [
        (0, 1, 1), (1, 2, 1), (2, 3, 0),
    ]
    for ev in evs:
        assert ev.sid == bytes(16)
        assert ev.gno.value == 0


def test_gtid_mysql_8031() -> None:
    """8.0.31: + commit timestamp, transaction_length, server version."""
    path = corpus_file(
        "apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000057")
    evs = events_of(path, 33)
    got = [
        (ev.body.gno.value, ev.body.last_committed.value, ev.body.sequence_number.value,
         ev.body.immediate_commit_ts, ev.body.transaction_length.value)
        for ev in evs
    ]
    assert got == [
        (11, 0, 1, 1668952357630884, 181),
        (12, 1, 2, 1668952358419905, 273),
        (13, 2, 3, 1668952413513328, 632),
    ]
    for ev in evs:
        b = ev.body
        assert sid_text(b.sid) == "76f3e7be-6720-11ed-9cad-0242ac110002"
        assert b.has_commit_timestamps and b.has_transaction_length and b.has_server_versions
        assert not b.has_original_commit_timestamp
        assert b.original_commit_ts == b.immediate_commit_ts
        assert b.immediate_commit_ts // 1_000_000 == ev.timestamp
        assert b.immediate_server_version == b.original_server_version == 80031
        assert not b.has_original_server_version
        assert not b.has_commit_group_ticket
        assert b.rest == b""


def test_gtid_transaction_length_three_bytes() -> None:
    """A transaction_length above 250 is a 0xfc-prefixed packed integer (body 56 bytes)."""
    path = corpus_file("rust-us__mysql-cdc-rs/tests__events__8.0__02_query_bigger__binlog.000733")
    ev = events_of(path, 34)[0]
    assert ev.body.transaction_length.first == 0xFC
    assert ev.body.transaction_length.value == 1025
    assert ev.body.immediate_server_version == 80031
    assert ev.body.immediate_commit_ts == 1705372975426480


@pytest.mark.parametrize(
    "name",
    [
        "apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000057",
        RUST_COMMON + "json.binlog.000001",
        RUST_COMMON + "vector.binlog",
        "zendesk__maxwell/src__test__resources__sql__replay__binlog.000004",
        "rust-us__mysql-cdc-rs/tests__events__8.0__02_query_bigger__binlog.000733",
    ],
)
def test_gtid_transaction_length_is_sum_of_event_lengths(name: str) -> None:
    """transaction_length counts every event of the transaction, this GTID event included."""
    evs = list(read_events(corpus_file(name)))
    starts = [i for i, ev in enumerate(evs) if ev.type_code in (33, 34)]
    assert starts
    for n, i in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(evs)
        while evs[end - 1].type_code in (3, 4):  # a trailing STOP/ROTATE is not counted
            end -= 1
        assert evs[i].body.transaction_length.value == sum(ev.length for ev in evs[i:end])


def test_anonymous_gtid_mysql_901() -> None:
    evs = bodies(corpus_file(RUST_COMMON + "vector.binlog"), 34)
    assert [ev.sequence_number.value for ev in evs] == list(range(1, 11))
    assert [ev.last_committed.value for ev in evs] == list(range(10))
    assert evs[0].transaction_length.value == 198
    assert evs[0].immediate_commit_ts == 1723018995819784
    for ev in evs:
        assert ev.sid == bytes(16)
        assert ev.gno.value == 0
        assert ev.immediate_server_version == ev.original_server_version == 90001


def test_gtid_all_optional_parts() -> None:
    """A replicated 8.0.27+ GTID: both timestamps, both versions and a group ticket."""
    sid = uuid.UUID("3e11fa47-71ca-11e1-9e33-c80aa9429562").bytes
    body = (
        b"\x00" + sid + (42).to_bytes(8, "little") + b"\x02"
        + (7).to_bytes(8, "little") + (9).to_bytes(8, "little")
        + (1700000000123456 | 1 << 55).to_bytes(7, "little")
        + (1699999999000001).to_bytes(7, "little")
        + b"\xfc" + (300).to_bytes(2, "little")
        + (80400 | 1 << 31).to_bytes(4, "little") + (80036).to_bytes(4, "little")
        + (17).to_bytes(8, "little")
    )
    ev = parse(GtidEvent, body)
    assert sid_text(ev.sid) == "3e11fa47-71ca-11e1-9e33-c80aa9429562"
    assert (ev.gno.value, ev.last_committed.value, ev.sequence_number.value) == (42, 7, 9)
    assert not ev.may_have_sbr
    assert ev.has_original_commit_timestamp
    assert ev.immediate_commit_ts == 1700000000123456
    assert ev.original_commit_ts == 1699999999000001
    assert ev.transaction_length.value == 300
    assert ev.has_original_server_version
    assert ev.immediate_server_version == 80400
    assert ev.original_server_version == 80036
    assert ev.has_commit_group_ticket
    assert ev.commit_group_ticket.value == 17
    assert ev.rest == b""


def test_gtid_commit_timestamps_without_version() -> None:
    """8.0.1: timestamps but no server version: MySQL's UNDEFINED_SERVER_VERSION (999999)."""
    body = (b"\x01" + bytes(16) + bytes(8) + b"\x02" + bytes(8) + (1).to_bytes(8, "little")
            + (1500000000000000).to_bytes(7, "little"))
    ev = parse(GtidEvent, body)
    assert ev.has_commit_timestamps
    assert not ev.has_transaction_length
    assert ev.immediate_commit_ts == ev.original_commit_ts == 1500000000000000
    assert ev.immediate_server_version == ev.original_server_version == 999999


def test_gtid_old_logical_clock_is_ignored() -> None:
    """A type code other than 2 (5.7.4 and before): MySQL ignores the rest, so do we."""
    tail = b"\x01" + bytes(range(16))
    ev = parse(GtidEvent, b"\x01" + bytes(16) + (5).to_bytes(8, "little") + tail)
    assert ev.lc_typecode == 1
    assert not ev.has_logical_clock
    assert ev.rest == tail[1:]


# --- GTID_TAGGED_LOG_EVENT (42) ---------------------------------------------------------


def test_gtid_tagged_mysql_96() -> None:
    """MySQL 9.6.0, GTID 55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3."""
    path = corpus_file(RUST_COMMON + "binlog_transaction_with_GTID_TAG.000001")
    evs = list(read_events(path))
    (i,) = [n for n, ev in enumerate(evs) if ev.type_code == 42]
    ev = evs[i].body
    assert ev.format_version.value == 1
    assert ev.message_size.value == evs[i].length - 19 - 4
    assert ev.last_non_ignorable_field_id.value == 0
    assert sid_text(bytes(b.value for b in ev.fields.uuid)) == (
        "55778904-0299-11f1-b1b8-4ef0c4956feb")
    assert ev.tag == "mytag"
    assert ev.gno == 3
    assert ev.gtid_flags == 0
    assert not ev.may_have_sbr
    assert (ev.last_committed, ev.sequence_number) == (0, 1)
    assert ev.immediate_commit_ts == ev.original_commit_ts == 1770368687207196
    assert ev.immediate_commit_ts // 1_000_000 == evs[i].timestamp
    assert not ev.has_original_commit_timestamp
    assert ev.transaction_length == 296
    assert ev.transaction_length == sum(e.length for e in evs[i:] if e.type_code != 4)
    assert ev.immediate_server_version == ev.original_server_version == 90600
    assert not ev.has_original_server_version
    assert not ev.has_commit_group_ticket
    assert ev.commit_group_ticket == 0
    assert ev.fields.unknown == b""
    assert ev.trailing == b""


def test_gtid_tagged_every_field() -> None:
    sid = uuid.UUID("ffeeddcc-bbaa-9988-7766-554433221100").bytes
    body = message([
        (0, varlen(1)),
        (1, b"".join(varlen(b) for b in sid)),
        (2, zigzag(123456789)),
        (3, varlen(8) + b"tag_2024"),
        (4, zigzag(-1)),
        (5, zigzag(70000)),
        (6, varlen(1700000000654321)),
        (7, varlen(1699999999000000)),
        (8, varlen(2**62)),
        (9, varlen(90600)),
        (10, varlen(80400)),
        (11, varlen(5)),
        (12, varlen(77)),  # a field from the future: left to `fields.unknown`
    ])
    ev = parse(GtidTaggedEvent, body + b"\x00")
    assert ev.message_size.value == len(body)
    assert bytes(b.value for b in ev.fields.uuid) == sid
    assert ev.gtid_flags == 1
    assert ev.may_have_sbr
    assert ev.gno == 123456789
    assert ev.tag == "tag_2024"
    assert ev.last_committed == -1
    assert ev.sequence_number == 70000
    assert ev.has_original_commit_timestamp
    assert ev.immediate_commit_ts == 1700000000654321
    assert ev.original_commit_ts == 1699999999000000
    assert ev.transaction_length == 2**62
    assert ev.has_original_server_version
    assert (ev.immediate_server_version, ev.original_server_version) == (90600, 80400)
    assert ev.has_commit_group_ticket
    assert ev.commit_group_ticket == 5
    assert ev.fields.unknown == varlen(12) + varlen(77)
    assert ev.trailing == b"\x00"


@pytest.mark.parametrize(
    ("encoded", "value"),
    [("f3ff0f", 65535), ("ebff0f", -65535), ("fbff0f", -65536), ("00", 0), ("04", 1), ("02", -1)],
)
def test_gtid_tagged_signed_integers(encoded: str, value: int) -> None:
    """Zigzag examples of the serialization readme, through the gno field."""
    ev = parse(GtidTaggedEvent, message([(2, bytes.fromhex(encoded))]))
    assert ev.gno == value
    assert ev.tag == ""
    assert not ev.fields.gtid_flags_id.is_present


# --- MariaDB GTID_EVENT (162) / GTID_LIST_EVENT (163) -------------------------------------


def mariadb_gtids(path: Path) -> list[str]:
    return [f"{ev.body.domain_id}-{ev.server_id}-{ev.body.seq_no.value}"
            for ev in events_of(path, 162)]


def gtid_list(ev: Any) -> list[str]:
    return [f"{g.domain_id}-{g.server_id}-{g.seq_no.value}" for g in ev.gtids]


def test_mariadb_1015_corpus() -> None:
    path = corpus_file(RUST_COMMON + "mariadb-bin.000001")
    (glist,) = bodies(path, 163)
    assert glist.num_gtids == 0
    assert glist.flags == 0
    assert glist.padding == b"\x00\x00"
    assert mariadb_gtids(path) == ["0-1-1", "0-1-2"]
    for ev in bodies(path, 162):
        assert ev.flags2 == 0x0C
        assert ev.is_transactional and ev.is_allow_parallel and not ev.is_standalone
        assert ev.flags_extra_value == 0
        assert ev.padding == bytes(5)


def test_mariadb_1011_gtids() -> None:
    path = fixture_file("binlog.000001")
    assert mariadb_gtids(path) == [
        "0-1-1", "0-1-2", "0-1-3", "0-1-4", "0-1-5", "0-1-6", "0-1-7", "0-1-8", "0-1-9",
        "0-1-10", "0-1-11", "0-1-12", "0-1-13", "5-1-1", "5-1-100",
    ]
    evs = bodies(path, 162)
    assert [ev.flags2 for ev in evs] == [
        0x29, 0x29, 0x29, 0x0C, 0x0C, 0x08, 0x4C, 0x8D, 0x0C, 0x4C, 0x8D, 0x29, 0x29, 0x0C, 0x0C,
    ]
    ddl = evs[0]
    assert ddl.is_standalone and ddl.is_ddl and ddl.is_allow_parallel
    assert not ddl.is_transactional
    assert ddl.flags_extra == 0  # read from the zero padding, as MariaDB does
    assert ddl.padding == bytes(5)
    myisam = evs[5]
    assert not myisam.is_transactional and not myisam.is_standalone


def test_mariadb_1011_xa() -> None:
    evs = bodies(fixture_file("binlog.000001"), 162)
    prepare, commit, rb_prepare, rb_done = evs[6], evs[7], evs[9], evs[10]
    assert prepare.is_prepared_xa and not prepare.is_completed_xa
    assert (prepare.xid.format_id, prepare.xid.gtrid, prepare.xid.bqual) == (
        123, b"gtrid1", b"bq1")
    assert prepare.is_extra_multi_engine
    assert prepare.extra_engines == 255
    assert prepare.padding == b""
    assert commit.is_completed_xa and commit.is_standalone
    assert (commit.xid.format_id, commit.xid.gtrid, commit.xid.bqual) == (
        123, b"gtrid1", b"bq1")
    assert commit.flags_extra_value == 0
    assert (rb_prepare.xid.format_id, rb_prepare.xid.gtrid, rb_prepare.xid.bqual) == (
        1, b"g3", b"")
    assert rb_done.is_completed_xa
    assert rb_done.xid.gtrid == b"g3"


def test_mariadb_1011_two_phase_alter() -> None:
    evs = bodies(fixture_file("binlog.000001"), 162)
    start, commit = evs[11], evs[12]
    assert start.flags_extra == 0x02
    assert start.is_start_alter and not start.is_commit_alter
    assert commit.flags_extra == 0x04
    assert commit.is_commit_alter
    assert commit.sa_seq_no.value == 12  # mariadb-binlog: "COMMIT ALTER id= 12"
    assert commit.padding == b""


def test_mariadb_1011_gtid_lists() -> None:
    """Lists are in file order; mariadb-binlog prints them sorted."""
    first, second, third = (fixture_file(f"binlog.00000{n}") for n in (1, 2, 3))
    (g1,) = bodies(first, 163)
    assert (g1.num_gtids, gtid_list(g1), g1.padding) == (0, [], b"\x00\x00")
    (g2,) = bodies(second, 163)
    assert gtid_list(g2) == ["5-1-100", "0-1-13"]
    assert (g2.num_gtids, g2.flags, g2.is_until_reached, g2.is_ign_gtids) == (2, 0, False, False)
    assert g2.padding == b""
    (g3,) = bodies(third, 163)
    assert gtid_list(g3) == ["5-1-100", "0-7-14", "0-1-15"]
    assert mariadb_gtids(second) == ["0-7-14", "0-1-15"]


def test_mariadb_group_commit_id() -> None:
    """GTID 0-1-18 cid=50 as MariaDB 10.11 wrote it (binlog_commit_wait_count=2, two
    sessions committing together): commit_id replaces the padding, no flags_extra."""
    body = bytes.fromhex("1200000000000000" "00000000" "0e" "3200000000000000")
    ev = parse(MariadbGtidEvent, body)
    assert (ev.seq_no.value, ev.domain_id) == (18, 0)
    assert ev.is_group_commit_id and ev.is_transactional and ev.is_allow_parallel
    assert ev.commit_id.value == 50
    assert ev.flags_extra_value == 0
    assert ev.padding == b""


def test_mariadb_gtid_list_flags() -> None:
    body = ((1 | 0x2 << 28).to_bytes(4, "little") + (3).to_bytes(4, "little")
            + (10).to_bytes(4, "little") + (99).to_bytes(8, "little"))
    ev = parse(MariadbGtidListEvent, body)
    assert (ev.num_gtids, ev.flags, ev.is_ign_gtids, ev.is_until_reached) == (1, 2, True, False)
    assert gtid_list(ev) == ["3-10-99"]
