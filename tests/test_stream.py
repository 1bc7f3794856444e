"""The one event stream: table maps by statement, the format in force, header-only walks.

Real files only: the MariaDB fixtures (SQL beside them) and MySQL corpus files.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai import parsed_bodies
from binlog_kaitai.dump import dump_lines
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import EventType, parse_event
from binlog_kaitai.stream import BinlogStream, read_events
from tests.conftest import FIXTURES, corpus
from tools.crosscheck import default_files
from tools.fuzz import Seed, frame, make_input

MIXED = FIXTURES / "mariadb" / "mixed" / "binlog.000001"
ALLTYPES = FIXTURES / "mariadb" / "alltypes_full" / "binlog.000001"
OSHEROFF = "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.compressed"
APECLOUD_PAYLOADS = ("apecloud__mysql-binlog-connector-rust/"
                     "tests__parse_file_tests__mysql-bin.000057")
REAL = [MIXED, ALLTYPES, next((FIXTURES / "mariadb" / "relay" / "crc32").glob("*relay*.0*"))]


@pytest.mark.parametrize("path", [MIXED, ALLTYPES], ids=lambda p: p.parent.name)
def test_rows_events_carry_the_table_map_of_their_statement(path: Path) -> None:
    """Each rows event gets the TABLE_MAP read before it in its statement; the registry
    is empty again after the statement's last rows event."""
    rows = 0
    with BinlogStream(path) as stream:
        last_map: dict[int, object] = {}
        statement_ended = False
        for ev in stream.events():
            if statement_ended:
                assert stream.table_maps == {}, ev
                last_map.clear()
                statement_ended = False
            if ev.is_table_map:
                last_map[ev.body.table_id.value] = ev.body
                assert stream.table_maps[ev.body.table_id.value] is ev.body
            elif ev.is_rows:
                rows += 1
                assert ev.table_map is last_map[ev.body.table_id.value]
                assert ev.table_map.table_id.value == ev.body.table_id.value
                statement_ended = ev.body.is_end_of_statement
            else:
                assert ev.table_map is None
    assert rows >= 10


def test_repeated_table_maps_are_parsed_once() -> None:
    """A table map written again byte for byte gets the body parsed the first time: the
    same values as its own parse, its own header, and its own CRC verdict (a copy with
    the CRC damaged says so)."""
    data = bytearray(MIXED.read_bytes())
    maps = [ev for ev in read_events(MIXED) if ev.is_table_map]
    shared = [ev for ev in maps if any(o.body is ev.body and o.pos != ev.pos for o in maps)]
    assert len(shared) >= 2
    for ev in shared:
        own = parse_event(bytes(ev.raw), ev.format, ev.file, ev.pos, ev.index)
        assert ev.raw == own.raw and ev.checksum_ok is own.checksum_ok is True
        assert (ev.timestamp, ev.log_pos, ev.body.table_id.value, ev.body.schema_name,
                ev.body.table_name, ev.body.definition) == (
            own.timestamp, own.log_pos, own.body.table_id.value, own.body.schema_name,
            own.body.table_name, own.body.definition)
    damaged = shared[-1]
    data[damaged.next_pos - 1] ^= 0xFF
    again = {ev.pos: ev for ev in read_events(io.BytesIO(bytes(data))) if ev.is_table_map}
    assert again[damaged.pos].checksum_ok is False
    assert again[damaged.pos].body is again[shared[0].pos].body


def test_parsed_bodies_stay_within_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many distinct bodies a file has, the stream keeps at most PARSED_MEMORY
    of them parsed (beyond it: the last one), and each event still gets its own values."""
    monkeypatch.setattr(parsed_bodies, "PARSED_MEMORY", 40)
    seen = 0
    with BinlogStream(ALLTYPES) as stream:
        for ev in stream.events():
            assert stream.parsed.size <= 40 or len(stream.parsed.bodies) == 1
            if ev.is_table_map:
                seen += 1
                own = parse_event(bytes(ev.raw), ev.format, ev.file, ev.pos, ev.index).body
                assert (ev.body.table_name, ev.body.definition) == (
                    own.table_name, own.definition)
    assert seen >= 10


def rows_fields(body: Any) -> tuple[Any, ...]:
    return (body.table_id.value, body.flags, body.is_end_of_statement, body.num_columns.value,
            body.columns_present, body.has_after_image and body.columns_present_after,
            body.is_v2 and body.extra_data, body.row_data)


@pytest.mark.parametrize("path", [MIXED, ALLTYPES], ids=lambda p: p.parent.name)
def test_rows_events_share_what_precedes_their_row_images(path: Path) -> None:
    """A rows event whose bytes before the row images are those of an earlier one gets
    that parse with its own row images: every field as its own parse has it."""
    shared = 0
    bodies: dict[int, Any] = {}
    for ev in read_events(path):
        if ev.is_rows and ev.body is not None:
            own = parse_event(bytes(ev.raw), ev.format, ev.file, ev.pos, ev.index)
            assert rows_fields(ev.body) == rows_fields(own.body)
            assert ev.checksum_ok is own.checksum_ok
            assert (ev.timestamp, ev.server_id, ev.log_pos, ev.flags) == (
                own.timestamp, own.server_id, own.log_pos, own.flags)
            earlier = bodies.get(id(ev.body.table_id))
            shared += earlier is not None and earlier is not ev.body
            bodies[id(ev.body.table_id)] = ev.body
    assert shared >= 3


def test_shared_bodies_change_no_dump_of_mutated_files(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer's mutated copies of real files (damaged headers, bitmaps, lengths,
    row images; events cut, duplicated, spliced) dump the same, canonically (every
    field, the error where the damage is), whether bodies are shared or every event is
    parsed on its own."""
    seeds = []
    for path in (MIXED, ALLTYPES, corpus(APECLOUD_PAYLOADS)):  # whole files, not windows
        events, header_len, has_crc = frame(path)
        seeds.append(Seed(str(path), str(path), path.read_bytes(), tuple(events), header_len,
                          has_crc))
    inputs = []
    for number in range(200):
        path = tmp_path / f"{number}.binlog"
        path.write_bytes(make_input(number, 11, seeds)[0])
        inputs.append(path)
    copies = 0
    original = parsed_bodies.with_rows

    def counted(*args: Any) -> Any:
        nonlocal copies
        copies += 1
        return original(*args)

    monkeypatch.setattr(parsed_bodies, "with_rows", counted)
    shared = [list(dump_lines(str(path))) for path in inputs]
    assert copies >= 200
    monkeypatch.setattr(parsed_bodies.ParsedBodies, "event",
                        lambda self, buf, *args: parse_event(buf, *args))
    assert [list(dump_lines(str(path))) for path in inputs] == shared


def test_table_maps_in_payloads_are_parsed_once() -> None:
    """MySQL's compressed transactions: table maps of the same bytes, in one payload or
    in two (here the file's second payload written twice), are parsed once."""
    data = corpus(APECLOUD_PAYLOADS).read_bytes()
    payload = slice(730, 730 + 553)
    twice = data[:payload.stop] + data[payload] + data[payload.stop:]
    maps = [ev for ev in read_events(io.BytesIO(twice), expand_payloads=True)
            if ev.is_table_map]
    assert [(ev.pos, ev.inner_pos) for ev in maps] == [
        (457, 111), (730, 212), (730, 935), (1283, 212), (1283, 935)]
    assert maps[1].body is maps[2].body is maps[3].body is maps[4].body
    assert maps[0].body is not maps[1].body and maps[0].body.table_id.value == 92
    assert all(ev.checksum_ok is None for ev in maps)  # (inside a payload: no footer)


def test_compressed_transaction_rows_find_their_table_map() -> None:
    """MySQL's TRANSACTION_PAYLOAD: the table map and rows inside the payload."""
    inner = [ev for ev in read_events(corpus(OSHEROFF), expand_payloads=True)
             if ev.inner_pos is not None]
    assert [(ev.inner_pos, ev.type_code) for ev in inner] == [
        (0, 2), (76, 19), (158, 31), (933, 16)]
    table_map, update = inner[1], inner[2]
    assert update.is_update and update.table_map is table_map.body
    assert (update.table_map.schema_name, update.table_map.table_name) == (
        table_map.body.schema_name, table_map.body.table_name)


@pytest.mark.parametrize("by_path", [True, False], ids=["local-file", "file-object"])
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.parent.name)
def test_header_only_walk_frames_the_same_events(path: Path, by_path: bool) -> None:
    """With ``bodies``, the same events at the same offsets with the same headers; only
    the asked-for bodies are read: a local file opened by path in full windows, a
    caller's file object (maybe an object store's) skimmed, large bodies skipped by a
    seek."""
    full = list(read_events(path))
    with path.open("rb") as f, BinlogStream(path if by_path else f,
                                            bodies={EventType.xid_event}) as stream:
        assert stream._skims is not by_path
        walked = list(stream.events())
    assert [(e.pos, e.type_code, e.length) for e in walked] == [
        (e.pos, e.type_code, e.length) for e in full]
    assert [(e.timestamp, e.server_id, e.log_pos) for e in walked] == [
        (e.timestamp, e.server_id, e.log_pos) for e in full]
    for w, f in zip(walked, full, strict=True):
        asked = w.type_code in (EventType.xid_event, EventType.format_description_event)
        assert w.has_body == asked
        if w.type_code == EventType.xid_event:
            assert w.body.xid.value == f.body.xid.value


@pytest.mark.parametrize("path", default_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_common_header_fields_are_the_specs(path: Path) -> None:
    """The fields an event reads by hand from its common header (COMMON_HEADER) are
    what the spec's ``event_header`` reads, on every event of every real binlog (those
    inside compressed transactions too)."""
    try:
        for ev in read_events(path, expand_payloads=True):
            spec = ev.header
            assert (ev.timestamp, ev.type_code, ev.server_id, ev.length, ev.log_pos,
                    ev.flags) == (spec.timestamp, int(spec.type_code), spec.server_id,
                                  spec.event_length, getattr(spec, "log_pos", None),
                                  getattr(spec, "flags", None))
    except BinlogError:
        pass  # a damaged file: its events before the damage were checked


def test_walk_again_from_any_boundary() -> None:
    """A stream can walk again from an event boundary (the XID look-ahead does)."""
    full = list(read_events(MIXED))
    middle = full[len(full) // 2]
    with BinlogStream(MIXED, bodies=()) as stream:
        first_pass = [e.pos for e in stream.events()]
        again = [e.pos for e in stream.events(middle.pos)]
        window = [e.pos for e in stream.events(middle.pos, full[-3].pos)]
    assert first_pass == [e.pos for e in full]
    assert again == [e.pos for e in full if e.pos >= middle.pos]
    assert window == [e.pos for e in full if middle.pos <= e.pos < full[-3].pos]


def test_format_in_force_says_who_wrote_the_file() -> None:
    mariadb = next(iter(read_events(MIXED)))
    mysql = next(iter(read_events(corpus(OSHEROFF))))
    assert mariadb.format.is_mariadb and "MariaDB" in mariadb.format.server_version
    assert not mysql.format.is_mariadb and mysql.format.server_version.startswith("8.")
    assert (mysql.format.header_len, mysql.format.checksum_len) == (19, 4)


def test_event_kinds() -> None:
    """The kinds of the mixed scenario's events, from the spec's type codes."""
    events = list(read_events(MIXED))
    ddl = [e for e in events if e.is_ddl]
    assert ddl and all(e.is_query and e.kind == "ddl" for e in ddl)
    assert b"CREATE" in bytes(ddl[0].body.query_text).upper()
    assert {e.type_code for e in events if e.is_gtid} == {EventType.gtid_event}
    updates = [e for e in events if e.is_update]
    assert updates and all(e.is_rows and e.body.has_after_image for e in updates)


STREAMS_OWN = frozenset({EventType.format_description_event, EventType.start_encryption_event,
                         EventType.transaction_payload_event})
"""The types a stream reads itself, never skipped (table maps too while it hands out rows
events)."""
SOME_TYPES = frozenset({EventType.xid_event, EventType.annotate_rows_event,
                        EventType.gtid_event, EventType.query_event})


@pytest.mark.parametrize(("skip", "bodies"), [
    (SOME_TYPES, None),
    # (a walk for the statements, payloads expanded: no table map)
    (kinds.KNOWN - kinds.QUERY, kinds.QUERY | {EventType.transaction_payload_event}),
], ids=["some", "all-but-statements"])
@pytest.mark.parametrize("path", default_files(), ids=lambda p: p.name)
def test_skipped_types_are_walked_past(path: Path, skip: frozenset[int],
                                       bodies: frozenset[int] | None) -> None:
    """``skip``: the other events are the same (positions, indexes, types, bodies'
    tables), none of the skipped types is handed out (table maps neither, when no rows
    event is), and damage is found all the same."""

    def walk(**kwargs: Any) -> tuple[list[tuple[int, int, int, Any]], str | None]:
        seen: list[tuple[int, int, int, Any]] = []
        try:
            with BinlogStream(path, expand_payloads=True, **kwargs) as stream:
                for ev in stream.events():
                    tm = ev.table_map
                    seen.append((ev.pos, ev.index, ev.type_code,
                                 None if tm is None else tm.table_name))
        except BinlogError as exc:
            return seen, f"{exc.offset}: {exc.message}"
        return seen, None

    every, error = walk()
    some, same_error = walk(skip=skip, bodies=bodies)
    skipped = skip - STREAMS_OWN  # (and the first event, which decides the format, comes)
    assert some == every[:1] + [e for e in every[1:] if e[2] not in skipped]
    assert same_error == error
    assert len(some) < len(every) or not any(e[2] in skipped for e in every[1:])
