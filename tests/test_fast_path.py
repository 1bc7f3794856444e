"""The readers tools/ksy_fast.py compiles from ksy/ (generated_fast/) read what the
Kaitai-generated parser reads, field for field, as the compiled extension and as its
plain-Python source.

On every real binlog (../shared/corpus, the fixtures, the damaged files and the fuzzer's
finds: tools/crosscheck.py's files) and on mutated copies the fuzzer makes of them:
each event the stream frames is read by ``read_event`` and by the spec's
``MysqlBinlog.Event`` with the same params, and every member the fast reader has must
equal the spec's (or both fail); the whole file framed by
:func:`~binlog_kaitai.framing.frame_window` gives the events ``read_events`` gives. And
the stream's batched walk (windows framed by the compiled ``frame_event``) gives what
framing one event at a time gives, damage included, with bodies parsed only when asked
for.
"""

from __future__ import annotations

import contextlib
import io
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from kaitaistruct import KaitaiStream, KaitaiStructError

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai import stream as stream_module
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import (
    DECODE_ERRORS,
    FDE,
    WHOLE_BODIES,
    BinlogFormat,
    Event,
    EventType,
    Parts,
    parse_event,
)
from binlog_kaitai.framing import (
    FrameTable,
    compiled_readers,
    frame_window,
    readers,
    scan_headers,
)
from binlog_kaitai.generated.mysql_binlog import MysqlBinlog
from binlog_kaitai.parsed_bodies import ParsedBodies
from binlog_kaitai.rows import DECODER_BODIES, IDLE_TYPES
from binlog_kaitai.stream import BinlogStream, RowsRun, read_events
from tests.conftest import FIXTURES, REPO, check_mutations
from tools import fuzz, ksy_fast
from tools.crosscheck import default_files

FILES = default_files()
MIXED = FIXTURES / "mariadb" / "mixed" / "binlog.000001"
MUTATIONS = 150
SPEC = yaml.safe_load((REPO / "ksy" / "mysql_binlog.ksy").read_text())


@pytest.fixture(params=["compiled", "plain"])
def fast(request: pytest.FixtureRequest) -> ModuleType:
    if request.param == "compiled" and not compiled_readers.COMPILED:
        pytest.skip("generated_fast is not compiled: run `make setup`")
    return readers(plain=request.param == "plain")


def reference(data: bytes) -> list[Event]:
    """The events ``read_events`` gives before the error that stops it, if any."""
    events: list[Event] = []
    with contextlib.suppress(BinlogError):
        events.extend(read_events(io.BytesIO(data)))
    return events


def members(obj: Any) -> Iterator[tuple[str, str]]:
    """(member, how the fast reader holds it: ``scalar``, ``span`` or ``nested``) of a
    fast reader's class (its ``has_*`` flags and spans' ``_at``/``_size`` folded in)."""
    names = {n for n in dir(type(obj)) if not n.startswith("_")}
    spans = {n[:-5] for n in names if n.endswith("_size") and f"{n[:-5]}_at" in names}
    for name in sorted(names):
        base = name.rsplit("_", 1)[0]
        if name.startswith("has_") or (name.endswith(("_at", "_size")) and (
                base in spans or base in names)):
            continue
        value = getattr(obj, name, None)
        yield name, "span" if name in spans else "scalar" if isinstance(
            value, int) else "nested"
    for name in sorted(spans):
        yield name, "span"


def assert_same(fast_obj: Any, spec_obj: Any, raw: bytes, where: str) -> int:
    """Every member of a fast reader's result equals the spec's; how many were compared."""
    compared = 0
    for name, how in members(fast_obj):
        here = f"{where}.{name}"
        expected = getattr(spec_obj, name, None)
        if not getattr(fast_obj, f"has_{name}", True):
            assert expected is None, here
            continue
        if how == "nested":
            compared += assert_same(getattr(fast_obj, name), expected, raw, here)
            continue
        if how == "span":  # the bytes the spec read, or its substream's for a parsed body
            at, size = getattr(fast_obj, f"{name}_at"), getattr(fast_obj, f"{name}_size")
            if isinstance(expected, str):  # a strz span: the text is its bytes to the NUL
                assert raw[at:at + size].split(b"\0", 1)[0] == expected.encode(), here
                compared += 1
                continue
            if not isinstance(expected, bytes):
                expected = getattr(spec_obj, f"_raw_{name}")
            assert raw[at:at + size] == expected, here
        else:
            assert getattr(fast_obj, name) == int(expected), here
        compared += 1
    return compared


def check_event(fast: ModuleType, ev: Event) -> int:
    """One framed event read both ways; the members compared."""
    fmt, raw = ev.format, ev.raw
    out = fast.Event()
    got = fast.read_event(raw, 0, len(raw), fmt.header_len, fmt.is_type_code_permuted,
                          fmt.checksum_len, out)
    try:
        spec = MysqlBinlog.Event(fmt.header_len, fmt.checksum_len, fmt.post_header_lengths,
                                 fmt.is_type_code_permuted, KaitaiStream(io.BytesIO(raw)))
    except DECODE_ERRORS:
        return check_header(fast, ev)  # a body the spec rejects: the header still agrees
    assert got == len(raw), ev
    compared = assert_same(out, spec, raw, repr(ev))
    body = BODIES.get(ev.type_code)
    if body is not None:
        compared += check_body(readers(not fast.COMPILED, body[0]), body[1], spec, ev)
    return compared


BODIES = {
    **{t: ("rows_event", "rows_event") for t in kinds.ROWS},
    EventType.xid_event: ("mysql_binlog", "xid_event"),
    EventType.rotate_event: ("mysql_binlog", "rotate_event"),
    EventType.annotate_rows_event: ("mysql_binlog", "annotate_rows_event"),
    EventType.gtid_log_event: ("gtid_event", "gtid_event"),
    EventType.anonymous_gtid_log_event: ("gtid_event", "gtid_event"),
    EventType.gtid_event: ("mariadb_gtid_event", "mariadb_gtid_event"),
    EventType.format_description_event: ("mysql_binlog", "format_description_event"),
}
"""The bodies with a compiled reader: (generated_fast module, type) by event type."""
PARAMS = {"rows_event": lambda spec: (spec.post_header_len, int(spec.header.type_code)),
          "rotate_event": lambda spec: (spec.post_header_len,)}
"""The params the spec's event gives each body type (those the fast reader uses)."""


def check_body(module: ModuleType, name: str, spec: Any, ev: Event) -> int:
    """An event's body read by its compiled reader from the body's bytes, with the params
    the spec's event gives it: its members equal the spec's body's."""
    body = spec._raw_body  # the bytes of the body's substream
    out = getattr(module, "".join(p.capitalize() for p in name.split("_")))()
    params = PARAMS.get(name, lambda spec: ())(spec)
    got = getattr(module, f"read_{name}")(body, 0, len(body), *params, out)
    assert got >= 0, ev
    return assert_same(out, spec.body, body, f"{ev!r}.body")


def check_header(fast: ModuleType, ev: Event) -> int:
    fmt, raw = ev.format, ev.raw
    out = fast.EventHeader()
    got = fast.read_event_header(raw, 0, len(raw), fmt.header_len, fmt.is_type_code_permuted,
                                 out)
    try:
        spec = MysqlBinlog.EventHeader(fmt.header_len, fmt.is_type_code_permuted,
                                       KaitaiStream(io.BytesIO(raw)))
    except EOFError:
        assert got == fast.TRUNCATED, ev
        return 0
    except KaitaiStructError:  # its valid: the length below the header's
        assert got == fast.INVALID, ev
        return 0
    assert got >= 0, ev
    return assert_same(out, spec, raw, repr(ev))


class LazyBinlog(MysqlBinlog):
    """The spec's top level with its instances only: the seq (every event) unread."""

    def _read(self) -> None:
        pass


def check_file_start(fast: ModuleType, data: bytes) -> None:
    """``read_mysql_binlog``: the magic, then how the first event tells the version."""
    out = fast.MysqlBinlog()
    got = fast.read_mysql_binlog(data, 0, len(data), out)
    magic = bytes(SPEC["seq"][0]["contents"])
    if data[:4] != magic:
        assert got == (fast.TRUNCATED if len(data) < 4 else fast.INVALID)
        return
    spec = LazyBinlog(KaitaiStream(io.BytesIO(data)))
    try:  # the fast reader reads every member, even one the spec's laziness would skip
        for name, _how in members(out):
            getattr(spec, name)
    except EOFError:
        assert got == fast.TRUNCATED
        return
    assert got == len(magic)
    assert assert_same(out, spec, data, "file") == 4


def check_framing(fast: ModuleType, data: bytes, events: list[Event]) -> int:
    """The whole file framed in windows gives ``events`` (from the second on: the first
    tells the format); the events compared."""
    j, pos = 1, events[1].pos if len(events) > 1 else len(data)
    while j < len(events):
        frames = frame_window(data, pos, len(data), events[j].format, module=fast)
        assert frames.count > 0, (events[j], frames.status)
        for i in range(frames.count):
            ev = events[j + i]
            got = {c: int(frames[c][i]) for c in frames.columns}
            assert (got["pos"], got["header_event_length"], got["header_type_code"],
                    got["header_timestamp"], got["header_server_id"]) == (
                ev.pos, ev.length, ev.type_code, ev.timestamp, ev.server_id), ev
            assert (got["header_log_pos"], got["header_flags"]) == (
                -1 if ev.log_pos is None else ev.log_pos, -1 if ev.flags is None else ev.flags)
            # (an FDE's CRC covers its in-use flag cleared; the stream gives no verdict on
            # an event whose body the spec rejects)
            if ev.type_code != FDE and ev.decode_error is None:
                assert got["checksum_ok"] == (-1 if ev.checksum_ok is None else
                                              int(ev.checksum_ok)), ev
            if j + i + 1 == len(events):
                return len(events) - 1
        j, pos = j + frames.count, frames.end
    return len(events) - 1


def check_input(fast: ModuleType, data: bytes) -> tuple[int, int]:
    """(members compared, events framed) for one input."""
    check_file_start(fast, data)
    events = reference(data)
    return sum(check_event(fast, ev) for ev in events), check_framing(fast, data, events)


@pytest.mark.parametrize("path", FILES, ids=lambda p: "/".join(Path(p).parts[-2:]))
def test_every_real_file(fast: ModuleType, path: Path) -> None:
    compared, framed = check_input(fast, path.read_bytes())
    assert compared >= 10 * framed  # every member of every event (about 16 each)


def test_the_files_are_there() -> None:
    assert len(FILES) >= 100, "the corpus or the fixtures are missing"


def test_fuzzed_inputs(fast: ModuleType) -> None:
    """The fuzzer's mutations of the real files (its CI seed), damage included."""
    check_mutations(FILES, MUTATIONS, 1, lambda data: check_input(fast, data))


@pytest.mark.parametrize("path", FILES, ids=lambda p: "/".join(Path(p).parts[-2:]))
def test_positions_kept_are_the_members(fast: ModuleType, path: Path) -> None:
    """The positions the readers keep (``Module.positions``: an FDE's header flags and
    checksum, which its CRC verdict needs) are where the spec's values are, little-endian
    as the spec reads them; and that verdict is whether the spec's checksum is the CRC32 of
    the bytes before it with the in-use flag cleared from the spec's flags."""
    for ev in reference(path.read_bytes()):
        if ev.type_code != FDE:
            continue
        header, body = fast.EventHeader(), fast.FormatDescriptionEvent()
        assert fast.read_event_header(ev.raw, 0, len(ev.raw), ev.header.size, False, header) > 0
        assert fast.read_format_description_event(ev.raw, ev.header.size, len(ev.raw), body) > 0
        assert ev.raw[header.flags_at:header.flags_at + 2] == ev.header.flags.to_bytes(2, "little")
        if ev.body.has_checksum_alg:
            assert ev.raw[body.checksum_at:] == ev.body.checksum.to_bytes(4, "little")
            cleared = bytearray(ev.raw[:body.checksum_at])
            cleared[header.flags_at:header.flags_at + 2] = (
                ev.header.flags & ~int(MysqlBinlog.EventFlag.binlog_in_use)).to_bytes(2, "little")
            assert ev.checksum_ok is (zlib.crc32(cleared) == ev.body.checksum), ev
        else:
            assert ev.checksum_ok is None, ev


def test_the_generator_refuses_what_it_does_not_compile() -> None:
    specs = ksy_fast.load_specs(REPO / "ksy")
    module = ksy_fast.Module("mysql_binlog", {"format_description_event": None})
    with pytest.raises(ksy_fast.KsyUnsupported, match=re.escape(
            "mysql_binlog.ksy: /types/format_description_event/instances/"
            "has_permuted_type_codes: unsupported by tools/ksy_fast.py: string literal")):
        ksy_fast.Generator(specs, module).run()


@pytest.mark.parametrize(("value", "construct"), [
    ("a.size", ".size of a span"), ("a + 1", "a span operand of '+'"),
    ("n > 0 ? a : n", "a span and a number"),
])
def test_a_span_is_only_a_spans_value(tmp_path: Path, value: str, construct: str) -> None:
    """A value instance may be a span, or choose between spans (rows_event's
    ``columns_present_after``); a span in arithmetic is refused, not miscompiled."""
    (tmp_path / "spans.ksy").write_text(yaml.safe_dump({
        "meta": {"id": "spans", "endian": "le"},
        "seq": [{"id": "n", "type": "u1"}, {"id": "a", "size": 2}, {"id": "b", "size": 1}],
        "instances": {"either": {"value": "n > 0 ? a : b"}, "bad": {"value": value}}}))
    specs = ksy_fast.load_specs(tmp_path)
    source = ksy_fast.Generator(specs, ksy_fast.Module("spans", {"spans": ["either"]})).run()
    assert "out.either_at = (out.a_at if (out.n > 0) else out.b_at)" in source
    module = ksy_fast.Module("spans", {"spans": ["bad"]})
    with pytest.raises(ksy_fast.KsyUnsupported, match=re.escape(construct)):
        ksy_fast.Generator(specs, module).run()


def check_scan(fast: ModuleType, data: bytes, fmt: BinlogFormat) -> int:
    """``scan_headers`` finds a header at exactly the offsets where the spec reads one,
    with the spec's members; the offsets compared."""
    found = scan_headers(data, fmt, module=fast)
    rows = {int(at): i for i, at in enumerate(found["pos"])}
    for at in range(len(data)):
        try:
            spec = MysqlBinlog.EventHeader(fmt.header_len, False,
                                           KaitaiStream(io.BytesIO(data[at:])))
        except (EOFError, KaitaiStructError):
            assert at not in rows, at
            continue
        got = {name: int(column[rows[at]]) for name, column in found.items()}
        assert got["raw_type_code"] == int(spec.raw_type_code), at
        assert (got["event_length"], got["log_pos"], got["flags"], got["size"]) == (
            spec.event_length, getattr(spec, "log_pos", -1), getattr(spec, "flags", -1),
            spec.size), at
    return len(data)


@pytest.mark.parametrize("path", FILES, ids=lambda p: "/".join(Path(p).parts[-2:]))
def test_headers_at_every_offset(fast: ModuleType, path: Path) -> None:
    """The tail of every real file (where ``summary`` looks for the last event) scanned
    at every offset, in the format of its first event."""
    data = path.read_bytes()
    events = reference(data)
    if not events:
        pytest.skip("no event: no format")
    assert check_scan(fast, data[-1024:], events[0].format) == min(len(data), 1024)


def test_fixed_size_is_the_headers_every_version_starts_with(fast: ModuleType) -> None:
    """``EVENT_HEADER_FIXED_SIZE`` (the stream's ``MIN_HEADER_LEN``) is the size of the
    spec's header of that length: the fields before ``log_pos``, v1's whole header."""
    raw = next(iter(read_events(FILES[0]))).raw
    spec = MysqlBinlog.EventHeader(fast.EVENT_HEADER_FIXED_SIZE, False,
                                   KaitaiStream(io.BytesIO(raw)))
    assert spec.size == spec._io.pos() == fast.EVENT_HEADER_FIXED_SIZE == 13
    assert getattr(spec, "log_pos", None) is None


def test_v4_header_len_is_the_specs_for_every_v4_file() -> None:
    """``V4_HEADER_LEN``, which frames a replication stream's events and every
    FORMAT_DESCRIPTION_EVENT, is what the Kaitai parser gives as ``first_header_len`` of
    each real v4 file; the FDE's ``header_length`` may say more for the events after
    it (a MariaDB test file's 23: extra headers), never less."""
    from binlog_kaitai.event import V4_HEADER_LEN

    v4 = 0
    for path in FILES:
        if path.stat().st_size > 1 << 20:
            continue
        try:
            root = MysqlBinlog(KaitaiStream(io.BytesIO(path.read_bytes())))
        except (KaitaiStructError, EOFError, ValueError):
            continue  # (a damaged fixture: the others say it)
        if root.binlog_version == 4:
            v4 += 1
            assert root.first_header_len == V4_HEADER_LEN <= root.fde.header_length, path
    assert v4 > 50


WALKS: list[dict[str, Any]] = [
    {"expand_payloads": True, "strict_checksums": True},
    {"expand_payloads": True, "checksums": True},
    {"bodies": kinds.GTID | kinds.QUERY},
    {"expand_payloads": True, "bodies": DECODER_BODIES, "skip": IDLE_TYPES},
    {"expand_payloads": True, "bodies": DECODER_BODIES, "skip": IDLE_TYPES,
     "rows_runs": True},
]
"""The stream's options the batched walk is checked with: every body (payloads
expanded, CRCs strict; CRCs computed as the windows are framed, a mismatch reported on
its event), header-only, and as the row decoders walk (the bodies they
read, the events they have nothing to do with not handed out; and as ``row_batches``
walks, the rows events of a window in runs, each made an Event here)."""


def walk(data: bytes, options: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every event a stream on ``data`` gives (what it is, its bytes, format and header
    fields; whether and how its body decoded; its table map's id), then the error that
    stops it (type, offset, message, event index), if any. Equal bytes, format and
    decoding status mean equal bodies: the spec parses them."""
    got: list[tuple[Any, ...]] = []
    try:
        with BinlogStream(io.BytesIO(data), **options) as stream:
            for ev in events_of(stream):
                table_map = ev.table_map and ev.table_map.table_id.value
                got.append((ev.pos, ev.index, ev.inner_pos, ev.type_code, ev.length,
                            ev.timestamp, ev.server_id, ev.log_pos, ev.flags, ev.raw,
                            ev.format, ev.has_body, ev.body is None, ev.checksum_ok,
                            ev.decode_error, table_map))
    except BinlogError as exc:
        got.append((type(exc).__name__, exc.offset, exc.message, exc.event_index))
    return got


RUN_FIELDS = ("flags", "len_extra_data", "is_v2", "has_len_extra_data", "has_extra_data",
              "has_after_image", "has_after_image_columns", "is_compressed", "has_rows",
              "has_columns_present_after", "is_end_of_statement")
RUN_SPANS = ("extra_data", "columns_present", "after_image_columns", "rows",
             "columns_present_after")


def events_of(stream: BinlogStream) -> Iterator[Any]:
    """The stream's events, a :class:`RowsRun`'s items each made an Event: a rows
    event's compiled reader's fields must be the run's (its spans moved to the event's
    own bytes), a table map's body the one the run tracked, another body's compiled
    fields the spec's. (The events a run walks past are in its size and count: the
    positions and indexes of the events after it are the one-at-a-time walk's.)"""
    for item in stream.events():
        if type(item) is not RowsRun:
            yield item
            continue
        assert item.fields and item.size >= sum(head[3] for head in item.heads)
        assert item.count >= len(item.fields) and item.heads[0][1] in kinds.ROWS
        for k, ev in enumerate(item.events()):
            fields = item.fields[k]
            if ev.type_code in kinds.ROWS:
                assert run_fields(fields, item.ats[k]) == run_fields(ev.fixed_fields(), 0)
            elif ev.type_code == EventType.table_map_event:
                assert fields is ev.body
            else:
                assert assert_same(fields, ev.body, item.data, repr(ev))
            yield ev


def run_fields(fields: Any, at: int) -> tuple[Any, ...]:
    """A rows event's compiled reader's fields, its spans as offsets from ``at``."""
    spans = tuple((getattr(fields, f"{name}_at") - at, getattr(fields, f"{name}_size"))
                  if getattr(fields, f"has_{name}", True) else None for name in RUN_SPANS)
    return (fields.table_id.value, fields.num_columns.value, spans,
            *(getattr(fields, name) for name in RUN_FIELDS))


def one_at_a_time(data: bytes, start: int, fmt: BinlogFormat, columns: tuple[str, ...],
                  limit: int, table: FrameTable, *, check: bool = True
                  ) -> tuple[int, int, int, list[memoryview]]:
    """A :func:`~binlog_kaitai.framing.frame_columns` that frames nothing: the stream
    reads every event on its own, as before batching."""
    return 0, start, 0, [memoryview(b"").cast("q") for _ in columns]


def check_batched_walks(data: bytes, monkeypatch: pytest.MonkeyPatch) -> int:
    """The stream's walks of ``data``, batched (with its windows, and with windows of
    a few dozen bytes, so that events straddle them), give what one event at a time
    gives: the same events, the same error at the same offset. How many events."""
    walked = 0
    for options in WALKS:
        batched = walk(data, options)
        with monkeypatch.context() as patch:
            patch.setattr(stream_module, "FIRST_WINDOW", 40)
            patch.setattr(stream_module, "WINDOW_BYTES", 100)
            patch.setattr(stream_module, "HEADER_ONLY_WINDOW", 100)
            small = walk(data, options)
        with monkeypatch.context() as patch:
            patch.setattr(stream_module, "frame_columns", one_at_a_time)
            alone = walk(data, options)
        assert batched == alone, options
        assert small == alone, (options, "small windows")
        walked += len(alone)
    return walked


@pytest.mark.parametrize("path", FILES, ids=lambda p: "/".join(Path(p).parts[-2:]))
def test_batched_stream_on_every_real_file(path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    assert check_batched_walks(path.read_bytes(), monkeypatch) >= 2


def test_batched_stream_on_fuzzed_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer's mutations (damage where the batch stops and one event is read
    alone, whose error must be the one-at-a-time walk's)."""
    def damaged(data: bytes) -> bool:
        check_batched_walks(data, monkeypatch)
        return isinstance(walk(data, WALKS[0])[-1][0], str)

    assert sum(check_mutations(FILES, MUTATIONS, 1, damaged)) >= MUTATIONS // 4


def test_bodies_no_one_asks_for_are_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stream parses the bodies its table-map tracking needs (table maps, format
    descriptions; a rows event's table id and flags are the compiled reader's); the
    others only when asked for."""
    parsed: list[int] = []
    original = ParsedBodies.parts

    def counted(self: ParsedBodies, buf: bytes, fmt: BinlogFormat, type_code: int) -> Parts:
        parsed.append(type_code)
        return original(self, buf, fmt, type_code)

    monkeypatch.setattr(ParsedBodies, "parts", counted)
    events = list(read_events(MIXED))
    tracked = {EventType.table_map_event, FDE}
    assert sorted(parsed) == sorted(ev.type_code for ev in events[1:]
                                    if ev.type_code in tracked)
    rows = [ev for ev in events if ev.type_code in kinds.ROWS]
    assert rows and all(ev.table_map is not None for ev in rows)  # tracked without a parse
    xids = [ev for ev in events if ev.type_code == EventType.xid_event]
    assert xids and xids[0].body.xid.value > 0  # parsed when asked for
    assert parsed[-1] == EventType.xid_event
    assert rows[0].body.table_id.value == rows[0].table_map.table_id.value
    assert parsed[-1] in kinds.ROWS


def verdicts_first(data: bytes) -> list[tuple[Any, ...]]:
    """Each event's CRC verdict and decode error read before its body (for the
    :data:`~binlog_kaitai.event.WHOLE_BODIES`, by the compiled readers alone), and as
    the spec's parse of its bytes gives them."""
    got: list[tuple[Any, ...]] = []
    with contextlib.suppress(BinlogError), BinlogStream(io.BytesIO(data),
                                                        expand_payloads=True) as stream:
        for ev in stream.events():
            spec = parse_event(bytes(ev.raw), ev.format, "", 0, 0)
            got.append((ev.pos, ev.type_code, ev.checksum_ok, ev.decode_error,
                        spec.checksum_ok, spec.decode_error))
    return got


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_verdicts_without_a_parse_are_the_specs(path: Path) -> None:
    checked = verdicts_first(path.read_bytes())
    assert [c[:4] for c in checked] == [(*c[:2], *c[4:]) for c in checked]


def test_verdicts_without_a_parse_on_fuzzed_inputs() -> None:
    seeds = fuzz.load_seeds(FILES)
    whole = 0
    for number in range(MUTATIONS):
        data, how, _origin = fuzz.make_input(number, 1, seeds)
        checked = verdicts_first(data)
        assert [c[:4] for c in checked] == [(*c[:2], *c[4:]) for c in checked], how
        whole += sum(c[1] in WHOLE_BODIES for c in checked)
    assert whole > 100
