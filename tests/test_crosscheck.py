"""The JavaScript build of ksy/ parses every real binlog exactly as the Python build does.

Both dumpers (binlog_kaitai/dump.py and tools/dump.js, through tools/crosscheck.py) run
over every file of ../shared/corpus, tests/fixtures/mariadb and tests/fixtures/damaged, and
over damaged copies of real files, and must print identical dumps: for a damaged file,
identical up to the damage and then the same error at the same offset.
"""

from __future__ import annotations

import json
import math
import re
import struct
import subprocess
from pathlib import Path

import pytest

from binlog_kaitai.dump import dump_lines, dumps, number_text
from binlog_kaitai.render import to_jsonable
from binlog_kaitai.stream import read_events
from tests.conftest import CORPUS_FILES, FIXTURES, REPO, corpus
from tools.crosscheck import Result, crosscheck, default_files, main
from tools.make_big_xid_fixture import BIG_XID, SOURCE, with_xid

OSHEROFF = "osheroff__mysql-binlog-connector-java/src__test__resources__"
COMPRESSED_MYSQL = OSHEROFF + "mysql-bin.compressed"
CRC32_MYSQL = OSHEROFF + "mysql-bin.checksum-crc32"
BIG = "rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000693"
MARIADB_COMPRESSED = FIXTURES / "mariadb" / "compressed" / "binlog.000001"
BIG_XID_FILE = FIXTURES / "damaged" / "big_xid.bin"
XID_EVENT = 16
TRANSACTION_PAYLOAD = 40
QUERY_COMPRESSED = 165


def assert_identical(results: list[Result]) -> None:
    different = [r for r in results if not r.identical]
    report = []
    for r in different[:5]:
        i = r.first_difference()
        report.append(f"{r.file} line {i + 1}:\n  python: {r.python[i:i + 1]}\n"
                      f"  node:   {r.node[i:i + 1]}")
    assert not different, f"{len(different)} of {len(results)} differ:\n" + "\n".join(report)


def test_every_real_file_dumps_identically() -> None:
    files = default_files()
    if not CORPUS_FILES:
        pytest.skip("shared/corpus is absent")
    assert {known.path for known in CORPUS_FILES} <= set(files)
    assert any(FIXTURES in f.parents for f in files), "the MariaDB fixtures are missing"
    results = crosscheck(files)
    assert_identical(results)
    # every file was dumped by both: its events, or the error that stops it
    for r in results:
        assert r.python, r.file
        events = sum(1 for line in r.python if line.startswith('{"body":'))
        errors = sum(1 for line in r.python if line.startswith('{"error":'))
        assert events + errors == len(r.python) and errors <= 1, r.file
    # and what the custom processes and the row images produce was compared, not skipped
    lines = [line for r in results for line in r.python]
    assert any('"row_image":{"images":[{' in line for line in lines)
    assert any('"zstd_events":{"events":[{' in line for line in lines)
    assert any('"compressed_rows":{' in line and '"data":"' in line for line in lines)


def test_damaged_files_agree_up_to_the_damage(tmp_path: Path) -> None:
    """Real files cut inside a header, inside a body, inside a compressed payload, or with
    an event length that runs past the end of the file or is shorter than a header."""
    cases = []
    for name in (CRC32_MYSQL, COMPRESSED_MYSQL):
        src = corpus(name)
        events = list(read_events(src))
        data = src.read_bytes()
        for ev in (events[len(events) // 2], events[-1]):
            for cut in (ev.pos + 7, ev.pos + ev.length // 2):
                path = tmp_path / f"{src.name}.cut{cut}"
                path.write_bytes(data[:cut])
                cases.append((path, ev.pos))
    src = corpus(CRC32_MYSQL)
    victim = list(read_events(src))[40]
    for label, length in (("huge", 0xF0000000), ("tiny", 5)):  # past the end; below a header
        data = bytearray(src.read_bytes())
        data[victim.pos + 9:victim.pos + 13] = length.to_bytes(4, "little")
        path = tmp_path / f"{src.name}.{label}"
        path.write_bytes(bytes(data))
        cases.append((path, victim.pos))
    results = crosscheck([p for p, _ in cases])
    assert_identical(results)
    for r, (_, offset) in zip(results, cases, strict=True):
        assert r.python[-1].startswith('{"error":') and f'"offset":{offset}' in r.python[-1]


def test_xid_above_2_53_is_exact_in_both_builds() -> None:
    """An 8-byte integer above 2^53 (tests/fixtures/damaged/big_xid.bin, made by
    tools/make_big_xid_fixture.py): a JavaScript Number would print this XID as
    8359806808306483000; the spec reads it as two exact 32-bit halves."""
    assert BIG_XID > 2**53
    assert BIG_XID_FILE in default_files()
    data, pos = with_xid(SOURCE, BIG_XID)
    assert BIG_XID_FILE.read_bytes() == data, "rerun python -m tools.make_big_xid_fixture"
    (ev,) = [e for e in read_events(BIG_XID_FILE) if e.pos == pos]
    assert ev.type_code == XID_EVENT and ev.checksum_ok
    assert ev.body.xid.value == BIG_XID
    assert to_jsonable(ev.body) == {"xid": BIG_XID}  # what `events --json` prints as data
    (result,) = crosscheck([BIG_XID_FILE])
    assert_identical([result])
    (line,) = [d for d in map(json.loads, result.node) if d["pos"] == pos]
    xid = line["body"]["xid"]
    assert xid["low"] + xid["high"] * 2**32 == BIG_XID


def replace_once(data: bytes, old: bytes, new: bytes, start: int) -> bytes:
    at = data.index(old, start)
    return data[:at] + new + data[at + len(old):]


def test_compressed_payloads_that_lie_fail_alike(tmp_path: Path) -> None:
    """A declared size one off either way, and a broken zlib stream: both processes
    refuse them, the event's other fields still dump identically."""
    src = corpus(COMPRESSED_MYSQL)
    data = src.read_bytes()
    payload = next(e for e in read_events(src) if e.type_code == TRANSACTION_PAYLOAD)
    size = payload.body.uncompressed_size
    assert 252 <= size < 65536  # written as 0xfc + 2 bytes after field type 3, length 3
    declared = bytes([3, 3, 0xFC]) + size.to_bytes(2, "little")
    damaged = {}
    for delta in (-1, 1):
        lie = bytes([3, 3, 0xFC]) + (size + delta).to_bytes(2, "little")
        damaged[f"zstd{delta:+d}"] = replace_once(data, declared, lie, payload.pos)

    maria = MARIADB_COMPRESSED.read_bytes()
    query = next(e for e in read_events(MARIADB_COMPRESSED) if e.type_code == QUERY_COMPRESSED)
    head = query.body.compressed_query
    assert head.len_bytes == 1
    stream_at = maria.index(bytes([head.header, head.len_uncompressed, 0x78]), query.pos) + 2
    for delta in (-1, 1):
        damaged[f"zlib{delta:+d}"] = replace_once(
            maria, bytes([head.header, head.len_uncompressed]),
            bytes([head.header, head.len_uncompressed + delta]), query.pos)
    flipped = bytearray(maria)
    flipped[stream_at + 6] ^= 0xFF
    damaged["zlib-flip"] = bytes(flipped)

    paths = []
    for label, content in damaged.items():
        path = tmp_path / f"{label}.bin"
        path.write_bytes(content)
        paths.append(path)
    results = crosscheck(paths)
    assert_identical(results)
    for r in results:
        damaged_pos = payload.pos if "zstd" in r.file else query.pos
        line = next(line for line in r.python if f'"pos":{damaged_pos}' in line)
        assert '"<error>"' in line, r.file  # the inflated field, refused
        if "zstd" in r.file:  # the reader cannot expand the payload: the file stops there
            assert r.python[-1] == dumps({"error": {
                "event_index": payload.index, "kind": "corrupt", "offset": payload.pos}})


def test_crosscheck_command_prints_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(corpus(COMPRESSED_MYSQL)), str(MARIADB_COMPRESSED)]
    assert main(files) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "crosscheck: 2/2 files identical"


def test_first_difference_points_at_the_first_differing_line() -> None:
    lines = list(dump_lines(str(MARIADB_COMPRESSED)))
    assert Result("f", lines, lines).identical
    assert Result("f", lines, lines[:-1]).first_difference() == len(lines) - 1
    changed = [*lines[:3], lines[3].replace('"pos":', '"pos":1'), *lines[4:]]
    r = Result("f", lines, changed)
    assert not r.identical and r.first_difference() == 3


def test_spec_names_map_losslessly_to_javascript() -> None:
    """The JS build camelCases ids; snake_case comes back only if no id puts a digit (or
    another underscore) right after an underscore."""
    bad = []
    for ksy in sorted((REPO / "ksy").glob("*.ksy")):
        for n, line in enumerate(ksy.read_text().splitlines(), 1):
            m = re.match(r"\s*(?:- )?id: *(\S+)\s*$", line)
            if m and not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*", m.group(1)):
                bad.append(f"{ksy.name}:{n}: {m.group(1)}")
    assert not bad


def test_floats_are_written_as_javascript_writes_them() -> None:
    """Doubles and floats of every magnitude, taken from the bytes of a real binlog,
    written by number_text and by Node's JSON.stringify."""
    raw = corpus(BIG).read_bytes()[:400_000]
    values = [v for (v,) in struct.iter_unpack("<d", raw[:len(raw) // 8 * 8])]
    values += [v for (v,) in struct.iter_unpack("<f", raw[3:len(raw) // 4 * 4 - 1])]
    values = [v for v in values if math.isfinite(v)]
    script = ("const lines = require('fs').readFileSync(0, 'utf8').trim().split('\\n');"
              "for (const h of lines) console.log(JSON.stringify("
              "Buffer.from(h, 'hex').readDoubleLE(0)));")
    node = subprocess.run(["node", "-e", script], input="\n".join(
        struct.pack("<d", v).hex() for v in values), capture_output=True, text=True,
        check=True).stdout.splitlines()
    assert len(node) == len(values) > 100_000
    assert [number_text(v) for v in values] == node
