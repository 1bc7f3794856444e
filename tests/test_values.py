"""Column value conversion (binlog_kaitai.values) beyond what the fixture rows exercise.

The fixtures (tests/test_rows_mariadb.py) check every type end to end; here: the DECIMAL
sizes the spec computes against MySQL's own rule for every precision and scale, the
collation table, MySQL's latin1, FLOAT's shortest form, JSON diff application and the
JSON lines of the ``rows`` command.
"""

from __future__ import annotations

import json
import random
import struct
from io import BytesIO

import pytest
from kaitaistruct import KaitaiStream

from binlog_kaitai import packed, values
from binlog_kaitai.generated.table_map_event import TableMapEvent
from binlog_kaitai.json_diff import apply_json_diff
from binlog_kaitai.row_text import json_lines
from binlog_kaitai.rows import iter_row_changes
from tests.conftest import FIXTURES

# MySQL's dig2bytes (strings/decimal.cc): bytes for 0..9 leftover digits.
DIG2BYTES = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)


def mysql_decimal_bin_size(precision: int, scale: int) -> int:
    intg = precision - scale
    return (intg // 9) * 4 + DIG2BYTES[intg % 9] + (scale // 9) * 4 + DIG2BYTES[scale % 9]


def spec_meta(type_code: int, metadata: bytes) -> TableMapEvent.ColumnMeta:
    """The table map's metadata of a column of that type and metadata bytes."""
    return TableMapEvent.ColumnMeta(type_code, True, KaitaiStream(BytesIO(metadata)))


def test_decimal_sizes_of_the_spec_follow_mysql() -> None:
    for precision in range(1, 66):
        for scale in range(0, min(precision, 30) + 1):
            meta = spec_meta(246, bytes([precision, scale]))
            expected = mysql_decimal_bin_size(precision, scale)
            assert meta.len_fixed_value == expected == packed.decimal_size(precision, scale), (
                precision, scale)


@pytest.mark.parametrize(("fsp", "time2", "datetime2", "timestamp2"),
                         [(0, 3, 5, 4), (1, 4, 6, 5), (2, 4, 6, 5), (3, 5, 7, 6),
                          (4, 5, 7, 6), (5, 6, 8, 7), (6, 6, 8, 7)])
def test_temporal_sizes_of_the_spec(fsp: int, time2: int, datetime2: int,
                                    timestamp2: int) -> None:
    # MySQL's my_time_binary_length / my_datetime_binary_length / my_timestamp_binary_length.
    assert spec_meta(18, bytes([fsp])).len_fixed_value == datetime2
    assert spec_meta(19, bytes([fsp])).len_fixed_value == time2
    assert spec_meta(17, bytes([fsp])).len_fixed_value == timestamp2


def test_decimal_round_trip_through_mysql_encoding() -> None:
    # Encode with MySQL's algorithm (decimal2bin), decode with ours, for random values.
    rng = random.Random(7)
    for _ in range(300):
        precision = rng.randint(1, 65)
        scale = rng.randint(0, min(precision, 30))
        digits = "".join(rng.choice("0123456789") for _ in range(precision))
        int_part = digits[: precision - scale].lstrip("0") or "0"
        frac_part = digits[precision - scale:]
        negative = rng.random() < 0.5 and digits.strip("0") != ""
        text = ("-" if negative else "") + int_part + ("." + frac_part if scale else "")
        raw = mysql_decimal2bin(digits[: precision - scale], frac_part, negative)
        assert packed.decimal_decoder(precision, scale)(raw) == text


def mysql_decimal2bin(int_digits: str, frac_digits: str, negative: bool) -> bytes:
    out = bytearray()
    lead = len(int_digits) % 9
    if lead:
        out += int(int_digits[:lead]).to_bytes(DIG2BYTES[lead], "big")
    for i in range(lead, len(int_digits), 9):
        out += int(int_digits[i:i + 9]).to_bytes(4, "big")
    full = len(frac_digits) // 9 * 9
    for i in range(0, full, 9):
        out += int(frac_digits[i:i + 9]).to_bytes(4, "big")
    if len(frac_digits) % 9:
        rest = frac_digits[full:]
        out += int(rest).to_bytes(DIG2BYTES[len(rest)], "big")
    if negative:
        out = bytearray(b ^ 0xFF for b in out)
    out[0] ^= 0x80
    return bytes(out)


def test_collation_ids() -> None:
    assert values.charset_of_collation(45) == "utf8mb4"      # utf8mb4_general_ci
    assert values.charset_of_collation(255) == "utf8mb4"     # MySQL 8 utf8mb4_0900_ai_ci
    assert values.charset_of_collation(2304) == "utf8mb4"    # MariaDB uca1400
    assert values.charset_of_collation(33) == "utf8mb3"
    assert values.charset_of_collation(8) == "latin1"
    assert values.charset_of_collation(63) == "binary"
    assert values.charset_of_collation(51) == "cp1251"
    assert values.charset_of_collation(248) == "gb18030"
    assert values.charset_of_collation(5000) is None


def test_mysql_latin1_is_cp1252_with_c1_controls() -> None:
    decode = values.text_decoder("latin1")
    assert decode(b"\x80caf\xe9") == "€café"
    assert decode(bytes([0x81, 0x8D, 0x8F, 0x90, 0x9D])) == "\x81\x8d\x8f\x90\x9d"


def test_unknown_charset_keeps_every_byte() -> None:
    decode = values.text_decoder(None)
    assert decode("héllo".encode()) == "héllo"
    assert decode(b"\xff\x00") == {"base64": "/wA="}
    assert values.text_decoder("binary")(b"abc") == {"base64": "YWJj"}


def test_float32_shortest_form() -> None:
    assert values.float32_text(struct.unpack("<f", struct.pack("<f", 1.1))[0]) == 1.1
    assert values.float32_text(16777216.0) == 16777216.0
    rng = random.Random(3)
    for _ in range(2000):
        x = struct.unpack("<f", struct.pack("<f", rng.uniform(-1e30, 1e30)))[0]
        text = values.float32_text(x)
        assert struct.pack("<f", text) == struct.pack("<f", x)


def test_apply_json_diff() -> None:
    doc = {"a": [1, 2, 3], "b c": {"d": True}, "e": "x"}
    diff = [
        {"operation": "REPLACE", "path": "$.a[1]", "value": 20},
        {"operation": "INSERT", "path": "$.a[0]", "value": 0},
        {"operation": "INSERT", "path": '$."b c".z', "value": None},
        {"operation": "REMOVE", "path": "$.e"},
    ]
    assert apply_json_diff(doc, diff) == {"a": [0, 1, 20, 3], "b c": {"d": True, "z": None}}
    assert doc["e"] == "x"  # the old document is not changed
    with pytest.raises(ValueError):
        apply_json_diff(doc, [{"operation": "REMOVE", "path": "$**.a"}])


def test_json_lines_hold_each_changes_json_dict() -> None:
    changes = list(iter_row_changes(FIXTURES / "mariadb" / "alltypes_full" / "binlog.000001"))
    by_pos: dict[int, list] = {}
    for c in changes:
        by_pos.setdefault(c.pos, []).append(c)
    lines = "".join(json_lines(group) for group in by_pos.values()).splitlines()
    assert [json.loads(line) for line in lines] == [c.to_json_dict() for c in changes]
    assert [list(json.loads(line)) for line in lines] == [list(c.to_json_dict())
                                                          for c in changes]
