"""Compressed events: MariaDB's log_bin_compress (165-171) and MySQL's TRANSACTION_PAYLOAD (40).

Real files: tests/fixtures/mariadb/compressed (MariaDB 10.11, Query_compressed and
compressed rows v1), checked against mariadb-binlog, which prints the decompressed
events; and the three corpus files with zstd transaction payloads. Damaged payloads
(sizes that lie, zstd bombs, a cut inner event) are made by patching a real file's
bytes in a temporary copy.
"""

from __future__ import annotations

import re
import subprocess
import tracemalloc
import zlib
from pathlib import Path

import pytest
import zstandard

from binlog_kaitai import ZlibProcess, ZstdProcess
from binlog_kaitai.errors import CorruptEventError
from binlog_kaitai.event import Event
from binlog_kaitai.json_value import document_to_python
from binlog_kaitai.processes import MAX_SIZE, DecompressionError
from binlog_kaitai.render import describe
from binlog_kaitai.stream import read_events
from tests.conftest import FIXTURES, corpus
from tests.mariadb_oracle import mariadb_binlog_program
from tests.test_mysql_json import parse_json

COMPRESSED = FIXTURES / "mariadb" / "compressed"
MARIADB_FILES = [COMPRESSED / "binlog.000001", COMPRESSED / "binlog.000002"]
APECLOUD = "apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000057"
BLACKBEAM = "blackbeam__rust_mysql_common/test-data__binlogs__transaction_compression.000001"
OSHEROFF = "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.compressed"
QUERY, QUERY_COMPRESSED, TABLE_MAP, XID, ROWS_QUERY, PAYLOAD = 2, 165, 19, 16, 29, 40

needs_oracle = pytest.mark.skipif(mariadb_binlog_program() is None,
                                  reason="mariadb-binlog is not installed")


def events_of(path: Path, **kwargs: bool) -> list[Event]:
    return list(read_events(path, **kwargs))


# --- MariaDB log_bin_compress ---------------------------------------------------------------

def test_mariadb_compressed_fields_are_read() -> None:
    events = events_of(MARIADB_FILES[0])
    by_type: dict[int, list[Event]] = {}
    for ev in events:
        by_type.setdefault(ev.type_code, []).append(ev)
    assert sorted(t for t in by_type if t >= 165) == [165, 166, 167, 168]
    # CREATE TABLE at 500: header 0x81 (zlib, 1 length byte), 144 bytes once inflated.
    create = by_type[QUERY_COMPRESSED][0]
    assert create.pos == 500
    field = create.body.compressed_query
    assert (field.header, field.algorithm.name, field.len_bytes, field.len_uncompressed) == (
        0x81, "zlib", 1, 144)
    assert not hasattr(create.body, "query")
    assert create.body.query_text.startswith(b"CREATE TABLE docs (\n    id INT PRIMARY KEY,")
    assert len(create.body.query_text) == 144
    # Write_rows_compressed_v1 at 1596: the 50 generated rows, 8076 bytes (two length bytes,
    # big-endian) from 531 compressed ones.
    big = next(ev for ev in by_type[166] if ev.pos == 1596)
    rows = big.body.compressed_rows
    assert (rows.header, rows.len_bytes, rows.len_uncompressed, len(rows.compressed)) == (
        0x82, 2, 8076, 531)
    assert len(big.body.row_data) == 8076
    assert b"generated 1" in big.body.row_data and b"generated 50" not in big.body.row_data
    for ev in events:
        if ev.type_code in (166, 167, 168):
            assert len(ev.body.row_data) == ev.body.compressed_rows.len_uncompressed


def test_statement_compressed_query_text() -> None:
    (insert,) = [ev for ev in events_of(MARIADB_FILES[0])
                 if ev.type_code == QUERY_COMPRESSED and b"INSERT" in ev.body.query_text]
    # The statement of scenario.sql, logged in STATEMENT format.
    assert insert.body.query_text == (
        b"INSERT INTO docs VALUES (200, 'statement', 'logged as a compressed query', 9.5, NULL)")
    assert insert.body.schema == "packed"
    assert describe(insert) == ("use `packed`; INSERT INTO docs VALUES (200, 'statement', "
                                "'logged as a compressed query', 9.5, NULL)")


def test_plain_events_expose_the_same_fields() -> None:
    events = events_of(FIXTURES / "mariadb" / "mixed" / "binlog.000001")
    queries = [ev for ev in events if ev.type_code == QUERY]
    rows = [ev for ev in events if ev.type_code in (23, 24, 25)]
    assert queries and rows
    assert all(ev.body.query_text == ev.body.query for ev in queries)
    assert all(ev.body.row_data == ev.body.rows and not ev.body.is_compressed for ev in rows)


def mariadb_binlog(*args: str | Path) -> str:
    prog = mariadb_binlog_program()
    assert prog is not None
    res = subprocess.run([prog, *map(str, args)], capture_output=True, text=True,
                         errors="replace", check=True)
    return res.stdout


def hexdump_bodies(text: str) -> dict[int, tuple[int, bytes]]:
    """end_log_pos -> (type code, body bytes) of every event in `mariadb-binlog --hexdump`.

    For a compressed rows event the dump shows the event inflated by the server's own code:
    plain type code, uncompressed body.
    """
    header = re.compile(r"^#\s+[0-9a-f]+\s+\|(?:[0-9a-f]{2} ?){4}\s*\|([0-9a-f]{2})\s*"
                        r"\|(?:[0-9a-f]{2} ?){4}\s*\|(?:[0-9a-f]{2} ?){4}\s*"
                        r"\|((?:[0-9a-f]{2} ?){4})\s*\|")
    data = re.compile(r"^#\s+[0-9a-f]+\s+((?:[0-9a-f]{2} +)+)\s*\|")
    found: dict[int, tuple[int, bytes]] = {}
    current: tuple[int, int] | None = None
    body = bytearray()
    for line in text.splitlines():
        if m := header.match(line):
            current, body = (int(m[1], 16), int.from_bytes(bytes.fromhex(m[2]), "little")), \
                bytearray()
        elif current is not None and (m := data.match(line)):
            body += bytes.fromhex(m[1])
        elif current is not None and line.startswith("# Event:"):
            found[current[1]] = (current[0], bytes(body))
            current = None
    return found


@needs_oracle
@pytest.mark.parametrize("path", MARIADB_FILES, ids=lambda p: p.name)
def test_row_data_equals_what_mariadb_inflates(path: Path) -> None:
    oracle = hexdump_bodies(mariadb_binlog("--hexdump", "--base64-output=never", path))
    compressed = [ev for ev in events_of(path) if 166 <= ev.type_code <= 171]
    assert compressed
    for ev in compressed:
        plain_type, body = oracle[ev.log_pos]
        assert plain_type == ev.type_code - 166 + 23  # 166-168 -> 23-25 (v1 events)
        field = ev.body.compressed_rows
        prefix = ev.length - 19 - 4 - (1 + field.len_bytes + len(field.compressed))
        assert body[:prefix] == ev.raw[19:19 + prefix]  # table id ... bitmaps, unchanged
        assert body[prefix:-4] == ev.body.row_data


@needs_oracle
@pytest.mark.parametrize("path", MARIADB_FILES, ids=lambda p: p.name)
def test_query_text_equals_what_mariadb_prints(path: Path) -> None:
    blocks = {int(b.split("\n", 1)[0]): b
              for b in mariadb_binlog(path).split("\n# at ")[1:]}
    queries = [ev for ev in events_of(path) if ev.type_code == QUERY_COMPRESSED]
    assert len(queries) == (2 if path.name == "binlog.000001" else 0)
    for ev in queries:
        assert "\tQuery_compressed\t" in blocks[ev.pos]
        assert ev.body.query_text.decode() + "\n/*!*/;" in blocks[ev.pos]


def rebuild_event(data: bytes, pos: int, body: bytes) -> bytes:
    """The file with the event at ``pos`` given a new body (length and CRC32 fixed up)."""
    old_length = int.from_bytes(data[pos + 9:pos + 13], "little")
    header = bytearray(data[pos:pos + 19])
    header[9:13] = (19 + len(body) + 4).to_bytes(4, "little")
    event = bytes(header) + body
    return data[:pos] + event + zlib.crc32(event).to_bytes(4, "little") + \
        data[pos + old_length:]


def test_mariadb_length_over_the_limit_is_refused(tmp_path: Path) -> None:
    data = MARIADB_FILES[0].read_bytes()
    ev = next(e for e in events_of(MARIADB_FILES[0]) if e.pos == 1596)
    body = ev.raw[19:-4]
    start = body.index(bytes([0x82]) + (8076).to_bytes(2, "big"))
    # Claim 0xfffffff0 bytes (4 length bytes) in front of the same 531-byte stream.
    patched = body[:start] + bytes([0x84]) + (0xFFFFFFF0).to_bytes(4, "big") + body[start + 3:]
    copy = tmp_path / "claims-4gb.000001"
    copy.write_bytes(rebuild_event(data, 1596, patched))
    events = events_of(copy)
    assert len(events) == len(events_of(MARIADB_FILES[0]))  # only the inflation fails
    bad = next(e for e in events if e.pos == 1596)
    assert bad.checksum_ok and bad.body.compressed_rows.len_uncompressed == 0xFFFFFFF0
    tracemalloc.start()
    with pytest.raises(DecompressionError, match="declared uncompressed size 4294967280 "):
        _ = bad.body.row_data
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 4 << 20


def test_mariadb_size_mismatch_is_an_error(tmp_path: Path) -> None:
    data = MARIADB_FILES[0].read_bytes()
    ev = next(e for e in events_of(MARIADB_FILES[0]) if e.pos == 1596)
    body = bytearray(ev.raw[19:-4])
    start = body.index(bytes([0x82]) + (8076).to_bytes(2, "big"))
    body[start + 1:start + 3] = (8000).to_bytes(2, "big")
    copy = tmp_path / "short.000001"
    copy.write_bytes(rebuild_event(data, 1596, bytes(body)))
    bad = next(e for e in events_of(copy) if e.pos == 1596)
    with pytest.raises(DecompressionError, match="more than 8000 bytes, but the header "
                                                 "declares 8000"):
        _ = bad.body.row_data


# --- MySQL TRANSACTION_PAYLOAD_EVENT ------------------------------------------------------------

#: (payload offset, [(inner offset, type code, length), ...]) of every type-40 event.
PAYLOADS: dict[str, list[tuple[int, list[tuple[int, int, int]]]]] = {
    APECLOUD: [
        (457, [(0, 2, 68), (68, 29, 43), (111, 19, 40), (151, 30, 36), (187, 16, 27)]),
        (730, [(0, 2, 77), (77, 29, 135), (212, 19, 94), (306, 31, 363), (669, 29, 266),
               (935, 19, 94), (1029, 30, 199), (1228, 16, 27)]),
    ],
    BLACKBEAM: [(274, [(0, 2, 71), (71, 19, 45), (116, 30, 36), (152, 16, 27)])],
    OSHEROFF: [(236, [(0, 2, 76), (76, 19, 82), (158, 31, 775), (933, 16, 27)])],
}


@pytest.mark.parametrize("name", PAYLOADS)
def test_inner_events_and_positions(name: str) -> None:
    path = corpus(name)
    plain = events_of(path)
    expanded = events_of(path, expand_payloads=True)
    assert all(ev.inner_pos is None for ev in plain)
    outer = [ev for ev in expanded if ev.inner_pos is None]
    assert [(e.pos, e.type_code) for e in outer] == [(e.pos, e.type_code) for e in plain]
    found: dict[int, list[tuple[int, int, int]]] = {}
    for ev in expanded:
        if ev.inner_pos is not None:
            assert ev.decode_error is None and ev.checksum_ok is None
            assert ev.log_pos == 0  # MySQL writes inner events with log_pos 0
            found.setdefault(ev.pos, []).append((ev.inner_pos, ev.type_code, ev.length))
    assert list(found.items()) == PAYLOADS[name]
    # Each payload's inner events follow it directly, and the spec's own list agrees.
    for payload in (ev for ev in plain if ev.type_code == PAYLOAD):
        at = next(i for i, e in enumerate(expanded) if e.pos == payload.pos)
        inner = expanded[at + 1:at + 1 + len(found[payload.pos])]
        assert all(e.pos == payload.pos and e.index == payload.index for e in inner)
        spec = payload.body.inner_events.events
        assert [(e.header.type_code, e.header.event_length) for e in spec] == \
            [(t, n) for _, t, n in found[payload.pos]]
        assert sum(n for _, _, n in found[payload.pos]) == payload.body.uncompressed_size


def test_payload_header_fields() -> None:
    (payload,) = [ev for ev in events_of(corpus(OSHEROFF)) if ev.type_code == PAYLOAD]
    body = payload.body
    pairs = [(f.field_type.value, f.value.value if f.field_type.value else None)
             for f in body.fields]
    assert pairs == [(2, 0), (3, 960), (1, 451), (0, None)]
    assert (body.compression_type.name, body.uncompressed_size, body.payload_size) == (
        "zstd", 960, 451)
    assert len(body.payload) == 451


def test_payload_values() -> None:
    inner = [ev for ev in events_of(corpus(APECLOUD), expand_payloads=True)
             if ev.pos == 730 and ev.inner_pos is not None]
    query, rows_query, table_map, update = inner[:4]
    assert (query.body.schema, query.body.query_text) == ("a", b"BEGIN")
    assert rows_query.body.query.startswith(b"update test_table_3 set enum_field='large'")
    assert (table_map.body.schema_name, table_map.body.table_name, table_map.body.table_id.value) \
        == ("a", "test_table_3", 89)
    assert (update.type_code, update.body.table_id.value, update.body.num_columns.value) == (
        31, 89, 20)
    # The JSON column of the before image: 4-byte length 13, then {"c": 1} in binary JSON.
    data = update.body.row_data
    at = data.index((13).to_bytes(4, "little") + bytes.fromhex("00 0100 0c00"))
    assert document_to_python(parse_json(data[at + 4:at + 17])) == {"c": 1}
    assert inner[-1].type_code == XID and inner[-1].body.xid.value == 22

    movies = [ev for ev in events_of(corpus(OSHEROFF), expand_payloads=True)
              if ev.inner_pos is not None]
    assert (movies[1].body.schema_name, movies[1].body.table_name) == ("demo", "movies")
    before_after = movies[2].body.row_data
    assert before_after.count(b"Once Upon a Time in the West") == 2
    assert b"\x07\x00Western" in before_after and b"\x0e\x00Western|Action" in before_after

    (_, tb1, _, xid) = [ev for ev in events_of(corpus(BLACKBEAM), expand_payloads=True)
                        if ev.inner_pos is not None]
    assert (tb1.body.schema_name, tb1.body.table_name) == ("test", "tb1")
    assert xid.body.xid.value == 462


def packed(value: int) -> bytes:
    """A MySQL packed (length-encoded) integer."""
    if value < 251:
        return bytes([value])
    for marker, size in ((0xFC, 2), (0xFD, 3)):
        if value < 1 << (8 * size):
            return bytes([marker]) + value.to_bytes(size, "little")
    return b"\xfe" + value.to_bytes(8, "little")


def payload_body(uncompressed_size: int, payload: bytes) -> bytes:
    fields = [(2, 0), (3, uncompressed_size), (1, len(payload))]
    return b"".join(packed(t) + packed(len(packed(v))) + packed(v) for t, v in fields) + \
        b"\x00" + payload


def patched_osheroff(tmp_path: Path, uncompressed_size: int, payload: bytes) -> Path:
    path = corpus(OSHEROFF)
    copy = tmp_path / "patched.compressed"
    copy.write_bytes(rebuild_event(path.read_bytes(), 236,
                                   payload_body(uncompressed_size, payload)))
    return copy


def real_payload() -> tuple[bytes, bytes]:
    (payload,) = [ev for ev in events_of(corpus(OSHEROFF)) if ev.type_code == PAYLOAD]
    compressed = payload.body.payload
    return compressed, ZstdProcess(payload.body.uncompressed_size).decode(compressed)


def test_rebuilt_payload_is_read_like_the_original(tmp_path: Path) -> None:
    compressed, _ = real_payload()
    copy = patched_osheroff(tmp_path, 960, compressed)
    assert copy.read_bytes() == corpus(OSHEROFF).read_bytes()  # the patcher is exact
    assert len(events_of(copy, expand_payloads=True)) == 5 + 4


def expand_error(path: Path) -> tuple[CorruptEventError, int]:
    """The error expanding the patched file's payload raises, and the peak memory used."""
    tracemalloc.start()
    with pytest.raises(CorruptEventError) as info:
        events_of(path, expand_payloads=True)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return info.value, peak


def test_payload_claiming_4gb_is_refused(tmp_path: Path) -> None:
    compressed, _ = real_payload()
    copy = patched_osheroff(tmp_path, 4 << 30, compressed)
    assert len(events_of(copy)) == 5  # the outer events still read: nothing is inflated
    error, peak = expand_error(copy)
    assert error.offset == 236
    assert "cannot inflate TRANSACTION_PAYLOAD_EVENT" in error.message
    assert f"declared uncompressed size 4294967296 bytes exceeds the {MAX_SIZE}-byte limit" \
        in error.message
    assert peak < 4 << 20


def test_zstd_bomb_stops_at_the_declared_size(tmp_path: Path) -> None:
    # 64 MiB of zeros compress to a few kilobytes; the header says 960 bytes.
    bomb = zstandard.ZstdCompressor(level=19).compress(bytes(64 << 20))
    copy = patched_osheroff(tmp_path, 960, bomb)
    error, peak = expand_error(copy)
    assert error.offset == 236
    assert "inflates to more than 960 bytes, but the header declares 960" in error.message
    assert peak < 4 << 20


def test_payload_smaller_than_declared_is_an_error(tmp_path: Path) -> None:
    compressed, _ = real_payload()
    error, _ = expand_error(patched_osheroff(tmp_path, 1000, compressed))
    assert "inflates to 960 bytes, but the header declares 1000" in error.message


def test_cut_inner_event_is_named_by_its_offset(tmp_path: Path) -> None:
    _, inflated = real_payload()
    cut = inflated[:-5]  # the XID at 933 loses its last 5 bytes
    copy = patched_osheroff(tmp_path, len(cut), zstandard.ZstdCompressor().compress(cut))
    events = []
    with pytest.raises(CorruptEventError) as info:
        events.extend(read_events(copy, expand_payloads=True))
    assert info.value.offset == 236
    assert info.value.message == ("inner event at payload offset 933 (of 955 inflated bytes): "
                                  "length 27 does not fit in the payload")
    assert [e.inner_pos for e in events[-3:]] == [0, 76, 158]  # yielded before the damage


def test_corrupt_zstd_stream(tmp_path: Path) -> None:
    compressed, _ = real_payload()
    broken = compressed[:100] + bytes(len(compressed) - 100)
    error, _ = expand_error(patched_osheroff(tmp_path, 960, broken))
    assert "zstd payload: corrupt stream" in error.message


# --- the processes on their own ---------------------------------------------------------------

def test_processes_refuse_sizes_over_the_limit() -> None:
    for process in (ZstdProcess, ZlibProcess):
        with pytest.raises(DecompressionError, match="exceeds the 1073741824-byte limit"):
            process(MAX_SIZE + 1)
        assert process(MAX_SIZE).declared_size == MAX_SIZE


def test_zlib_bomb_stops_at_the_declared_size() -> None:
    bomb = zlib.compress(bytes(64 << 20), 9)
    tracemalloc.start()
    with pytest.raises(DecompressionError, match="more than 1000 bytes"):
        ZlibProcess(1000).decode(bomb)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 4 << 20


def test_zlib_stream_cut_short() -> None:
    stream = zlib.compress(b"x" * 5000)
    with pytest.raises(DecompressionError, match="cut short"):
        ZlibProcess(5000).decode(stream[:-6])
    assert ZlibProcess(5000).decode(stream) == b"x" * 5000
