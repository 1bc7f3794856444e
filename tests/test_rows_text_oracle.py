"""``rows`` text against ``mariadb-binlog -v --base64-output=decode-rows``, as a user diffs
them: on every MariaDB fixture, the same statements, and in each the same values, column
by column, in the same text, both when each change is printed from its values and when
bulk events are rendered from Arrow batches by the compiled kernel.

Only what is not a value is left out: the comment lines (``# at``, headers) and the
column names (ours are the names when known, mariadb-binlog's ``@N``; the Nth value line
of a statement is compared with the Nth, and ``@N`` names must agree). Where printing what
mariadb-binlog prints would make ours worse for a user, ours is kept, and the value must
pass the check named in :data:`EXCEPTIONS` (a different notation of the same value), or
the comparison fails. ``test_every_exception_is_needed`` keeps that list honest.
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai import ordered_rows, values
from binlog_kaitai.cli import main
from binlog_kaitai.rows import RowDecoder
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import read_events
from tests.conftest import FIXTURES
from tests.mariadb_oracle import mariadb_binlog_program
from tests.test_rows_oracle import ORACLE_CORPUS

pytestmark = pytest.mark.skipif(mariadb_binlog_program() is None,
                                reason="mariadb-binlog not installed")

MARIADB = FIXTURES / "mariadb"
#: Each fixture's binlogs, read in one run as a user would (the encrypted ones cannot be
#: read by mariadb-binlog, nor MariaDB 5.3's fractional temporals, hires_temporal's).
FIXTURE_RUNS = [files for files in (
    sorted(d.glob("binlog.[0-9]*")) or sorted(d.glob("relay-bin.[0-9]*"))
    for d in sorted({*MARIADB.glob("*/"), *MARIADB.glob("relay/*/")})
    if d.name not in ("encrypted", "relay", "hires_temporal")) if files]

_ROW_LINE = re.compile(rb"### (INSERT INTO |UPDATE |DELETE FROM |SET$|WHERE$|  )")
"""A statement or value line (mariadb-binlog also prints some statements' text, a
two-phase ALTER's, in ``###`` comments)."""
_VALUE = re.compile(rb"^###   (@\d+|.*?)=(.*)$")
_HEX = re.compile(rb"\\x([0-9a-f]{2})")
_INTEGERS = {values.TINY, values.SHORT, values.INT24, values.LONG, values.LONGLONG}
_CODECS = {"latin1": "cp1252", "cp1251": "cp1251", "latin2": "iso8859-2"}
"""Python's names for the non-UTF-8 charsets of the fixtures' columns."""

Column = tuple[Any, values.ColumnInfo]


def _unescaped(text: bytes) -> bytes:
    """A quoted value with every ``\\xNN`` as its byte."""
    assert text[:1] == b"'" and text[-1:] == b"'", text[:40]
    return _HEX.sub(lambda m: bytes([int(m[1], 16)]), text[1:-1])


def _both_readings(ours: bytes, theirs: bytes, column: Column) -> bool:
    """mariadb-binlog adds the unsigned reading of a negative bit pattern in
    parentheses, whatever the column's signedness (``-56 (200)`` for a TINYINT UNSIGNED
    200): ours is the column's value alone, the first for a signed column, else the
    second."""
    found = re.fullmatch(rb"(-\d+) \((\d+)\)", theirs)
    return found is not None and ours == found[2 if column[1].unsigned else 1]


def _float_digits(ours: bytes, theirs: bytes, column: Column) -> bool:
    """FLOAT: mariadb-binlog prints ``%-20g`` (blanks after the value, 6 significant
    digits: 1234567 is 1.23457e+06); ours has the digits the FLOAT holds (up to 9), so
    is the same rounded to 6."""
    return f"{float(ours):g}".encode() == theirs.rstrip(b" ")


def _double_digits(ours: bytes, theirs: bytes, column: Column) -> bool:
    """DOUBLE: mariadb-binlog prints ``%.20g``, digits beyond the double's
    (0.10000000000000000555 for 0.1); ours has the shortest digits that read back as the
    same double."""
    return float(ours) == float(theirs)


def _zero_year(ours: bytes, theirs: bytes, column: Column) -> bool:
    """YEAR: mariadb-binlog adds 1900 to the zero year, printing 1900 (a year the type
    cannot hold); ours is 0."""
    return (ours, theirs) == (b"0", b"1900")


def _enum_label(ours: bytes, theirs: bytes, column: Column) -> bool:
    """ENUM: mariadb-binlog prints the index; ours the label (the index when the labels
    are unknown, as mariadb-binlog)."""
    labels = column[1].enum_values
    assert labels is not None
    label = _unescaped(ours).decode()
    return int(theirs) == (labels.index(label) + 1 if label else 0)


def _set_labels(ours: bytes, theirs: bytes, column: Column) -> bool:
    """SET: mariadb-binlog prints the stored bytes as bits, byte after byte from the
    first (least significant); ours the labels."""
    labels = column[1].set_values
    assert labels is not None
    bits = theirs[2:-1].decode()
    mask = int.from_bytes(bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8)),
                          "little")
    chosen = _unescaped(ours).decode()
    return mask == sum(1 << labels.index(s) for s in chosen.split(",") if s)


def _charset_bytes(ours: bytes, theirs: bytes, column: Column) -> bool:
    """Text in a charset other than UTF-8 (latin1, cp1251): mariadb-binlog prints the
    column's bytes, which are not UTF-8; ours is the same text in UTF-8, as the rest of
    the output."""
    codec = _CODECS[column[1].charset or ""]
    return _unescaped(ours).decode().encode(codec) == _unescaped(theirs)


def _high_bytes(ours: bytes, theirs: bytes, column: Column) -> bool:
    """Bytes (binary strings, GEOMETRY, text not in its charset): mariadb-binlog prints
    the bytes 0x80-0xFF as they are, which makes its output not UTF-8; ours prints them
    as ``\\xNN``, as it prints control bytes (mariadb-binlog too)."""
    return _unescaped(ours) == _unescaped(theirs) and ours != theirs


def _binary_padding(ours: bytes, theirs: bytes, column: Column) -> bool:
    """BINARY(n): the binlog drops trailing zero bytes, and mariadb-binlog prints what
    is left; ours is the value the column holds (as SELECT returns it), padded back to n
    bytes."""
    mine, its = _unescaped(ours), _unescaped(theirs)
    return mine != its and mine.rstrip(b"\0") == its.rstrip(b"\0")


Check = Callable[[bytes, bytes, Column], bool]
EXCEPTIONS: dict[str, tuple[Callable[[Column], bool], Check]] = {
    "both readings": (lambda c: c[0].real_type in _INTEGERS, _both_readings),
    "float digits": (lambda c: c[0].real_type == values.FLOAT, _float_digits),
    "double digits": (lambda c: c[0].real_type == values.DOUBLE, _double_digits),
    "zero year": (lambda c: c[0].real_type == values.YEAR, _zero_year),
    "enum label": (lambda c: c[0].real_type == values.ENUM and c[1].enum_values is not None,
                   _enum_label),
    "set labels": (lambda c: c[0].real_type == values.SET and c[1].set_values is not None,
                   _set_labels),
    "charset bytes": (lambda c: c[1].charset in _CODECS, _charset_bytes),
    "binary padding": (lambda c: c[0].real_type == values.STRING
                       and c[1].charset == "binary", _binary_padding),
    "high bytes": (lambda c: c[0].real_type in values.STRING_TYPES | {values.GEOMETRY}
                   and c[1].charset not in _CODECS, _high_bytes),
}
"""Where ours differs from mariadb-binlog's text on purpose: the columns a rule is for,
and the check that the two texts are the same value (each check's docstring says why
ours is kept)."""


def oracle_lines(path: Path) -> list[bytes]:
    """The statement and value lines (``### ...``) mariadb-binlog prints for a file."""
    out = subprocess.run([mariadb_binlog_program() or "mariadb-binlog", "-v",
                          "--base64-output=decode-rows", str(path)],
                         capture_output=True, check=True).stdout
    return [line for line in out.split(b"\n") if _ROW_LINE.match(line)]


def rows_lines(files: list[Path], capsys: pytest.CaptureFixture[str]) -> list[bytes]:
    """The statement and value lines ``rows`` prints for the files (one run; its status
    is 1 where a change was logged as a statement, whose rows neither prints)."""
    main(["rows", *map(str, files)])
    out = capsys.readouterr().out.encode()
    return [line for line in out.split(b"\n") if _ROW_LINE.match(line)]


def value_columns(files: list[Path]) -> list[Column | None]:
    """For each line of :func:`rows_lines`, the column of the value it holds (None for
    a statement line), from the table maps as the decoder reads them."""
    decoder = RowDecoder(schema=SchemaHistory())
    columns: list[Column | None] = []
    for path in files:
        for ev in read_events(path, expand_payloads=True):
            for change in decoder.feed(ev):
                table = decoder.table_of(ev)
                assert table is not None
                images = [change.after] if change.op == "insert" else [change.before] if (
                    change.op == "delete") else [change.before, change.after]
                for image in images:
                    assert image is not None
                    columns += [None, None] if image is images[0] else [None]
                    for name in image:
                        i = table.names.index(name)
                        columns.append((table.column_metas[i], table.infos[i]))
    return columns


def compare(ours: list[bytes], theirs: list[bytes], columns: list[Column | None]
            ) -> Counter[str]:
    """Assert the lines the same but for :data:`EXCEPTIONS`; how often each applied."""
    assert len(ours) == len(theirs) == len(columns)
    used: Counter[str] = Counter()
    for mine, its, column in zip(ours, theirs, columns, strict=True):
        if column is None:
            assert mine == its
            continue
        m, t = _VALUE.match(mine), _VALUE.match(its)
        assert m is not None and t is not None, (mine, its)
        assert not m[1].startswith(b"@") or m[1] == t[1]
        if m[2] == t[2]:
            continue
        rule = next((name for name, (applies, check) in EXCEPTIONS.items()
                     if applies(column) and check(m[2], t[2], column)), None)
        assert rule is not None, f"{m[1]!r}: ours {m[2][:80]!r}, mariadb-binlog {t[2][:80]!r}"
        used[rule] += 1
    return used


def compare_run(files: list[Path], capsys: pytest.CaptureFixture[str],
                monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """:func:`compare` on a run's output printed change by change, then from batches
    (every rows event through the columnar decoder and the text kernel): the same."""
    theirs = [line for path in files for line in oracle_lines(path)]
    columns = value_columns(files)
    ours = rows_lines(files, capsys)
    used = compare(ours, theirs, columns)
    monkeypatch.setattr(ordered_rows, "COLUMNAR_MIN_BYTES", 0)
    monkeypatch.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
    assert rows_lines(files, capsys) == ours
    return used


@pytest.mark.parametrize("files", FIXTURE_RUNS,
                         ids=[str(f[0].parent.relative_to(MARIADB)) for f in FIXTURE_RUNS])
def test_rows_text_is_mariadb_binlogs(files: list[Path], capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    compare_run(files, capsys, monkeypatch)


@pytest.mark.parametrize("path", ORACLE_CORPUS, ids=lambda p: p.name)
def test_corpus_rows_text_is_mariadb_binlogs(path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The corpus files mariadb-binlog decodes (MySQL 5.x and MariaDB binlogs: the old
    DATETIME and TIMESTAMP types too)."""
    compare_run([path], capsys, monkeypatch)


def test_every_exception_is_needed(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Each exception is used by the all-types fixtures (without it, they would fail)."""
    used: Counter[str] = Counter()
    for scenario in ("alltypes_full", "alltypes_nolog"):
        used += compare_run([MARIADB / scenario / "binlog.000001"], capsys, monkeypatch)
    assert set(used) == set(EXCEPTIONS)


def test_the_findings_of_issue_24(capsys: pytest.CaptureFixture[str]) -> None:
    """What users found diffing ``rows`` with ``mysqlbinlog -v``, on the first row of the
    all-types fixture: DECIMAL was quoted, BIT an integer, binary values
    ``{"base64": ...}``, backslashes (and quotes) escaped; each now as mariadb-binlog."""
    path = MARIADB / "alltypes_full" / "binlog.000001"
    main(["rows", str(path)])
    text = capsys.readouterr().out
    first = text[:text.index("# at", text.index("# at") + 1)].splitlines()
    for line in ("###   dec10=-12345678.90", "###   dec65=12345.678901234567890123456789012345",
                 "###   b5=b'10101'", "###   b1=b'1'", "###   lb='\\x00\\x01\\x02\\x03'",
                 "###   vb='\\x00\\xff\\x10'", "###   tb='tiy'",
                 "###   tx='line1\\x0aline2 'quoted' back\\slash'",
                 "###   ts6=1719748800.987654", "###   dt='2024:02:29'", "###   f=1.5",
                 "###   d=0.1"):
        assert line in first
    assert '"base64"' not in text and "\\\\" not in text
    oracle = b"\n".join(oracle_lines(path)).decode("utf-8", "replace")
    for line in ("###   @15=-12345678.90", "###   @64=b'10101'", "###   @55='\\x00\\x01\\x02\\x03'",
                 "###   @57='line1\\x0aline2 'quoted' back\\slash'"):
        assert line in oracle


def test_g_text_lays_out_the_shortest_digits_as_printf() -> None:
    assert [values.g_text(x, 6) for x in (1.5, 0.0, 3.4e38, 1e-05, 100000.0, 1234567.0)] == [
        "1.5", "0", "3.4e+38", "1e-05", "100000", "1.234567e+06"]
    assert [values.g_text(x, 20) for x in (0.1, 1e16, -2.2250738585072014e-308)] == [
        "0.1", "10000000000000000", "-2.2250738585072014e-308"]
