"""Decoded rows against ``mariadb-binlog -v --base64-output=decode-rows`` on the same files.

mariadb-binlog prints every row image as ``###   @N=value`` lines, in its own notation
(signed and unsigned forms of negative integers, DATE as 'YYYY:MM:DD', TIMESTAMP as epoch
seconds, ENUM as its index, SET and BIT as b'0101', strings as their raw bytes with
control characters as \\xNN). Each of our values is compared with the oracle's after
converting one notation to the other, column by column, for every row of:

* the committed ``alltypes_*`` fixtures and the corpus files mariadb-binlog can decode
  (needs only mariadb-binlog);
* (``live``) the same scenario run again on a fresh server, so the comparison also holds
  for whatever MariaDB version is installed.
"""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from calendar import timegm
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai import values
from binlog_kaitai.rows import RowChange, RowDecoder
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import read_events
from binlog_kaitai.table_info import describe_table
from tests.conftest import CORPUS_FILES, FIXTURES
from tests.mariadb_oracle import mariadb_binlog_program
from tools.make_fixtures import FIXTURES_DIR, Scenario
from tools.mariadb_sandbox import find_program

needs_mariadb_binlog = pytest.mark.skipif(
    mariadb_binlog_program() is None, reason="mariadb-binlog not installed")
needs_mariadbd = pytest.mark.skipif(find_program("mariadbd") is None,
                                    reason="mariadbd not installed")

SCENARIOS = ("alltypes_full", "alltypes_nolog", "alltypes_minimal")

OracleChange = tuple[str, str, dict[int, bytes] | None, dict[int, bytes] | None]

_HEAD = re.compile(rb"^### (INSERT INTO|UPDATE|DELETE FROM) `([^`]*)`\.`([^`]*)`$")
_VALUE = re.compile(rb"^###   @(\d+)=(.*)$", re.DOTALL)
_OPS = {b"INSERT INTO": "insert", b"UPDATE": "update", b"DELETE FROM": "delete"}
INTEGERS = {1, 2, 3, 8, 9}
STRINGS = {15, 249, 250, 251, 252, 253, 254}


def oracle_changes(path: Path) -> list[OracleChange]:
    """The row changes mariadb-binlog prints: (table, op, {column: text}...)."""
    out = subprocess.run(
        [mariadb_binlog_program() or "mariadb-binlog", "-v", "--base64-output=decode-rows",
         str(path)], capture_output=True, check=True).stdout
    changes: list[list[Any]] = []
    image: dict[int, bytes] | None = None
    for line in out.split(b"\n"):
        if m := _HEAD.match(line):
            changes.append([m[3].decode(), _OPS[m[1]], None, None])
        elif line in (b"### SET", b"### WHERE"):
            image = {}
            slot = 2 if line == b"### WHERE" else 3
            changes[-1][slot] = image
        elif (m := _VALUE.match(line)) and image is not None:
            image[int(m[1])] = m[2].rstrip(b" ")
    return [(t, op, b, a) for t, op, b, a in changes]


def _unquote(text: bytes) -> bytes:
    assert text[:1] == b"'" and text[-1:] == b"'", text[:40]
    return re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m[1], 16)]), text[1:-1])


def _as_bytes(value: Any, charset: str | None) -> bytes:
    if isinstance(value, dict) and "srid" in value:
        return value["srid"].to_bytes(4, "little") + base64.b64decode(value["wkb"])
    if isinstance(value, dict):
        return base64.b64decode(value["base64"])
    codec = {"latin1": "cp1252", "cp1251": "cp1251", None: "utf-8"}.get(charset, "utf-8")
    return value.encode(codec)


def _epoch(text: str) -> Decimal:
    if text.startswith("0000-00-00"):
        return Decimal(0)
    whole, _, fraction = text.partition(".")
    seconds = timegm(datetime.strptime(whole, "%Y-%m-%d %H:%M:%S").timetuple())
    return Decimal(f"{seconds}.{fraction or 0}")


def matches(ours: Any, text: bytes, meta: Any, info: values.ColumnInfo) -> bool:
    """Whether our value for a column is what mariadb-binlog printed as ``text``."""
    if text == b"NULL":
        return ours is None
    t = meta.real_type
    plain = text.decode("ascii", "replace")
    if t in INTEGERS:
        return ours in {int(n) for n in re.findall(r"-?\d+", plain)}
    if t == 13:  # YEAR: mariadb-binlog adds 1900 even to the zero year
        return int(plain) == (ours or 1900)
    if t == 4:
        return abs(float(plain) - ours) <= 1e-6 * abs(ours)
    if t == 5:
        return float(plain) == ours
    if t == 246:
        return plain == ours
    if t in (10, 14):
        return _unquote(text).decode() == ours.replace("-", ":")
    if t in (11, 12, 18, 19):
        return _unquote(text).decode() == ours
    if t in (7, 17):
        return Decimal(plain) == _epoch(ours)
    if t == 247:
        return int(plain) == (info.enum_values.index(ours) + 1 if info.enum_values else ours)
    if t == 248:  # the stored bytes (little-endian), each printed most significant bit first
        bits = plain[2:-1]
        mask = int.from_bytes(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)),
                              "little")
        if info.set_values is None:
            return mask == ours
        return mask == sum(1 << info.set_values.index(s) for s in ours.split(",") if s)
    if t == 16:
        return int(plain[2:-1], 2) == ours
    if t in STRINGS or t == 255:
        got = _as_bytes(ours, info.charset)
        if t == 254 and info.charset == "binary":  # BINARY(n): the binlog drops the padding
            got = got.rstrip(b"\0")
        return got == _unquote(text)
    raise AssertionError(f"no comparison for type {t}")


def compare_with_oracle(path: Path) -> int:
    """Decode ``path`` and compare every value with mariadb-binlog's; returns the count."""
    decoder = RowDecoder(schema=SchemaHistory())
    ours: list[tuple[RowChange, Any]] = []
    table_maps: dict[int, Any] = {}
    for ev in read_events(path):
        if ev.type_name == "TABLE_MAP_EVENT":
            tm = ev.body
            # What the decoder knows of the table at this point (it may be dropped later).
            schema_cols = decoder.schema.columns(tm.schema_name, tm.table_name)
            table_maps[tm.table_id.value] = (
                tm, describe_table(tm, ev.format.is_mariadb, schema_cols, None))
        for change in decoder.feed(ev):
            ours.append((change, table_maps[ev.body.table_id.value]))
    oracle = oracle_changes(path)
    assert len(ours) == len(oracle)
    compared = 0
    for (change, (tm, described)), (table, op, o_before, o_after) in zip(ours, oracle,
                                                                           strict=True):
        assert (change.table, change.op) == (table, op)
        position = {name: i for i, name in enumerate(described.names)}
        for image, o_image in ((change.before, o_before), (change.after, o_after)):
            assert (image is None) == (o_image is None)
            if image is None or o_image is None:
                continue
            assert sorted(position[name] + 1 for name in image) == sorted(o_image)
            for name, value in image.items():
                i = position[name]
                assert matches(value, o_image[i + 1], tm.column_metas[i], described.infos[i]), (
                    f"{path.name} {table} {op} {name}: ours {value!r:.80} oracle "
                    f"{o_image[i + 1][:80]!r}")
                compared += 1
    return compared


@needs_mariadb_binlog
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_alltypes_rows_match_mariadb_binlog(scenario: str) -> None:
    assert compare_with_oracle(FIXTURES / "mariadb" / scenario / "binlog.000001") > 300


#: The other fixtures' binlogs (compressed rows events, statement/mixed format...); the
#: encrypted ones cannot be read by mariadb-binlog, nor MariaDB 5.3's fractional
#: temporals (hires_temporal: it stops at their first rows event, status 1).
OTHER_FIXTURES = sorted(p for p in (FIXTURES / "mariadb").glob("*/binlog.[0-9]*")
                        if p.parent.name not in (*SCENARIOS, "encrypted", "hires_temporal"))


@needs_mariadb_binlog
@pytest.mark.parametrize("path", OTHER_FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture_rows_match_mariadb_binlog(path: Path) -> None:
    compare_with_oracle(path)  # asserts the same rows, value by value


#: Corpus files whose rows mariadb-binlog decodes (it cannot read MySQL's JSON, VECTOR,
#: tagged GTIDs or compressed transactions; those are in test_rows_corpus.py).
ORACLE_CORPUS = [f.path for f in CORPUS_FILES if f.types & {23, 24, 25, 30, 31, 32}
                 and not f.types & {39, 40, 42} and "vector" not in f.path.name]


@needs_mariadb_binlog
@pytest.mark.parametrize("path", ORACLE_CORPUS, ids=lambda p: p.name)
def test_corpus_rows_match_mariadb_binlog(path: Path) -> None:
    assert compare_with_oracle(path) > 0


@pytest.fixture(scope="module")
def live_alltypes(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The alltypes scenario run on a fresh server with each fixture's options."""
    out = tmp_path_factory.mktemp("live-alltypes")
    paths = []
    for name in SCENARIOS:
        scenario = Scenario.load(FIXTURES_DIR / name)
        with scenario.sandbox() as db:
            scenario.run_sql(db)
            db.stop()
            (src,) = db.binlog_paths()
            paths.append(Path(shutil.copy(src, out / f"{name}.{src.name}")))
    return paths


@pytest.mark.live
@needs_mariadbd
@needs_mariadb_binlog
def test_live_rows_match_mariadb_binlog(live_alltypes: list[Path]) -> None:
    for path in live_alltypes:
        assert compare_with_oracle(path) > 100, path.name
