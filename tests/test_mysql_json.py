"""MySQL binary JSON (ksy/mysql_json.ksy), JSON diffs (ksy/mysql_json_diff.ksy) and
binlog_kaitai.json_value, on JSON values taken from real binlogs plus hand-built ones
covering the types those binlogs lack."""

from __future__ import annotations

import struct
from io import BytesIO

import pytest
from kaitaistruct import KaitaiStream

from binlog_kaitai.generated.mysql_json import MysqlJson
from binlog_kaitai.generated.mysql_json_diff import MysqlJsonDiff
from binlog_kaitai.json_value import (
    JsonValue,
    decimal_to_text,
    diff_to_python,
    document_to_python,
    opaque_to_text,
)
from tests.conftest import CORPUS

JSON_BINLOG = CORPUS / "blackbeam__rust_mysql_common/test-data__binlogs__json.binlog.000001"


def parse_json(data: bytes) -> MysqlJson:
    return MysqlJson(KaitaiStream(BytesIO(data)))


def decode(hex_text: str) -> JsonValue:
    return document_to_python(parse_json(bytes.fromhex(hex_text)))


def decode_diffs(hex_text: str) -> list[dict[str, JsonValue]]:
    parsed = MysqlJsonDiff(KaitaiStream(BytesIO(bytes.fromhex(hex_text))))
    return [diff_to_python(diff) for diff in parsed.diffs]


# --- Real documents --------------------------------------------------------------------
# From json.binlog.000001 (MySQL 8.0.22; table mysql.t(id INT, json_col JSON,
# name VARCHAR(100) AS (json_col->>'$.name'), age INT AS (json_col->'$.age'))).
# Each is the JSON column value of a row image, i.e. the bytes after the column's 4-byte
# length prefix; the offsets are file offsets of the first byte.
JOE_24 = (
    "0003003300190003001c000400200004000518000c24000c2f00"
    " 616765646174616e616d65 0a78787878787878787878 034a6f65"
)
SUE_32 = (
    "0003003300190003001c000400200004000520000c24000c2f00"
    " 616765646174616e616d65 0a79797979797979797979 03537565"
)
PETE_40 = (
    "0003003400190003001c000400200004000528000c24000c2f00"
    " 616765646174616e616d65 0a7a7a7a7a7a7a7a7a7a7a 0450657465"
)
JOE_25 = (
    "0003003300190003001c000400200004000519000c24000c2f00"
    " 616765646174616e616d65 0a78787878787878787878 034a6f65"
)
SUE_33 = (
    "0003003300190003001c000400200004000521000c24000c2f00"
    " 616765646174616e616d65 0a79797979797979797979 03537565"
)
PETE_41 = (
    "0003003400190003001c000400200004000529000c24000c2f00"
    " 616765646174616e616d65 0a7a7a7a7a7a7a7a7a7a7a 0450657465"
)

EXPECTED: dict[str, JsonValue] = {
    JOE_24: {"age": 24, "data": "xxxxxxxxxx", "name": "Joe"},
    SUE_32: {"age": 32, "data": "yyyyyyyyyy", "name": "Sue"},
    PETE_40: {"age": 40, "data": "zzzzzzzzzz", "name": "Pete"},
    JOE_25: {"age": 25, "data": "xxxxxxxxxx", "name": "Joe"},
    SUE_33: {"age": 33, "data": "yyyyyyyyyy", "name": "Sue"},
    PETE_41: {"age": 41, "data": "zzzzzzzzzz", "name": "Pete"},
}

# File offset of every JSON column value in the file's row events.
ROW_IMAGES: list[tuple[int, str]] = [
    # WRITE_ROWS (30) events at 1059, 1409, 1759 and 2111 (three rows)
    (1099, JOE_24), (1449, SUE_32), (1799, PETE_40),
    (2151, JOE_24), (2221, SUE_32), (2291, PETE_40),
    # UPDATE_ROWS (31) at 2612: before and after image of six rows (age + 1)
    (2653, JOE_24), (2723, JOE_25), (2793, SUE_32), (2863, SUE_33),
    (2933, PETE_40), (3005, PETE_41), (3077, JOE_24), (3147, JOE_25),
    (3217, SUE_32), (3287, SUE_33), (3357, PETE_40), (3429, PETE_41),
]  # fmt: skip

# PARTIAL_UPDATE_ROWS (39) at 3750: six after images whose JSON column is a diff vector
# (after its 4-byte length) setting $.age to 26, 34 or 42.
# Operation 00 (REPLACE), path length 5, "$.age", value length 3, int16 document.
AGE_26_DIFF = "00 05 242e616765 03 051a00"
AGE_34_DIFF = "00 05 242e616765 03 052200"
AGE_42_DIFF = "00 05 242e616765 03 052a00"
PARTIAL_IMAGES: list[tuple[int, str, int]] = [
    (3794, AGE_26_DIFF, 26), (3826, AGE_34_DIFF, 34), (3858, AGE_42_DIFF, 42),
    (3891, AGE_26_DIFF, 26), (3923, AGE_34_DIFF, 34), (3955, AGE_42_DIFF, 42),
]  # fmt: skip


@pytest.mark.parametrize(
    "hex_text", list(EXPECTED), ids=["joe_24", "sue_32", "pete_40", "joe_25", "sue_33", "pete_41"]
)
def test_real_documents(hex_text: str) -> None:
    assert decode(hex_text) == EXPECTED[hex_text]


def test_real_document_structure() -> None:
    doc = parse_json(bytes.fromhex(JOE_24))
    assert doc.type_code == MysqlJson.ValueType.small_object
    container = doc.value.container
    assert (container.num_elements, container.size) == (3, 0x33)
    keys = [bytes(entry.key) for entry in container.body.key_entries]
    assert keys == [b"age", b"data", b"name"]
    age, data, name = container.body.value_entries
    assert age.is_inlined and age.value.int_value == 24
    assert not data.is_inlined and data.offset == 0x24
    assert name.value.string.length.value == 3


@pytest.mark.parametrize(("offset", "hex_text"), ROW_IMAGES, ids=[str(o) for o, _ in ROW_IMAGES])
def test_real_documents_come_from_the_file(offset: int, hex_text: str) -> None:
    if not JSON_BINLOG.exists():
        pytest.skip("corpus file not available")
    data = JSON_BINLOG.read_bytes()
    blob = bytes.fromhex(hex_text)
    assert struct.unpack_from("<I", data, offset - 4)[0] == len(blob)
    assert data[offset : offset + len(blob)] == blob
    # The generated columns the server logged after json_col agree with the document.
    end = offset + len(blob)
    name_length = struct.unpack_from("<H", data, end)[0]
    name = data[end + 2 : end + 2 + name_length].decode()
    age = struct.unpack_from("<i", data, end + 2 + name_length)[0]
    document = decode(hex_text)
    assert isinstance(document, dict)
    assert (document["name"], document["age"]) == (name, age)


@pytest.mark.parametrize(
    ("offset", "hex_text", "age"), PARTIAL_IMAGES, ids=[str(o) for o, _, _ in PARTIAL_IMAGES]
)
def test_real_json_diffs(offset: int, hex_text: str, age: int) -> None:
    assert decode_diffs(hex_text) == [{"operation": "REPLACE", "path": "$.age", "value": age}]
    if not JSON_BINLOG.exists():
        pytest.skip("corpus file not available")
    data = JSON_BINLOG.read_bytes()
    diff = bytes.fromhex(hex_text)
    assert struct.unpack_from("<I", data, offset - 4)[0] == len(diff)
    assert data[offset : offset + len(diff)] == diff
    end = offset + len(diff)
    name_length = struct.unpack_from("<H", data, end)[0]
    assert struct.unpack_from("<i", data, end + 2 + name_length)[0] == age  # generated `age`


def test_real_json_diff_structure() -> None:
    parsed = MysqlJsonDiff(KaitaiStream(BytesIO(bytes.fromhex(AGE_26_DIFF))))
    (diff,) = parsed.diffs
    assert diff.operation == MysqlJsonDiff.Operation.replace
    assert bytes(diff.path) == b"$.age"
    assert diff.len_value.value == 3
    assert diff.value.type_code == MysqlJson.ValueType.int16


def test_real_document_from_compressed_transaction() -> None:
    # apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000057
    # (MySQL 8.0.31): zstd TRANSACTION_PAYLOAD event at file offset 730; in its
    # decompressed payload the UPDATE_ROWS event at 306 holds this column value at 406
    # (after a 4-byte length 13). The payload's ROWS_QUERY event shows it was '{"c": 1}'.
    assert decode("00 0100 0c00 0b000100 050100 63") == {"c": 1}


def test_empty_value_is_json_null() -> None:
    doc = parse_json(b"")
    assert doc.is_empty
    assert document_to_python(doc) is None


# --- Hand-built documents for the types the real files lack -----------------------------
# Laid out by the rules of MySQL's sql-common/json_binary.h; offsets count from the byte
# after a container's type byte.
HAND_BUILT: list[tuple[str, str, JsonValue]] = [
    # Small array: 5 elements, 31 bytes; entries: -1, null, false inlined, int32 at 19,
    # double at 23; then 70000 and 3.5.
    (
        "small array",
        "02 0500 1f00 05ffff 040000 040200 071300 0b1700 70110100 0000000000000c40",
        [-1, None, False, 70000, 3.5],
    ),
    # Large object: 4 members, 76 bytes; keys "a".."d" at 52..55; values: small array at
    # 56, uint64 at 60, int64 at 68, uint32 inlined (allowed in the large form).
    (
        "large object",
        "01 04000000 4c000000 340000000100 350000000100 360000000100 370000000100"
        " 0238000000 0a3c000000 0944000000 0800286bee 61626364"
        " 00000400 ffffffffffffffff 0000000000000080",
        {"a": [], "b": 2**64 - 1, "c": -(2**63), "d": 4000000000},
    ),
    # {"k": <object at 12>}, that object {"n": <array at 12>} with its own offsets.
    (
        "nested containers",
        "00 0100 2200 0b000100 000c00 6b 0100 1600 0b000100 020c00 6e 0200 0a00 050100 050200",
        {"k": {"n": [1, 2]}},
    ),
    # Key "ключ" (8 bytes) at 11, string (length 6) at 19.
    (
        "non-ASCII key and string",
        "00 0100 1a00 0b000800 0c1300 d0bad0bbd18ed187 06 d0b4d0b0d0b0",
        {"ключ": "даа"},
    ),
    ("string with a 2-byte length", "0c 8201" + " 61" * 130, "a" * 130),
    ("literal true", "0401", True),
    ("uint16", "06ffff", 65535),
    ("int32", "07feffffff", -2),
    ("uint32", "08ffffffff", 4294967295),
    ("int64", "09 feffffffffffffff", -2),
    ("double 1.0", "0b 000000000000f03f", 1.0),
    # Opaque: 0f, MySQL field type, length, data (DECIMAL: precision, scale, digits).
    ("DECIMAL(5,2) 123.45", "0f f6 05 0502 807b2d", "123.45"),
    ("DECIMAL(10,2) -562.58", "0f f6 07 0a02 7ffffdcdc5", "-562.58"),
    ("DATETIME", "0f 0c 08 40e201ada75eb219", "2024-01-15 10:30:45.123456"),
    ("TIMESTAMP", "0f 07 08 20a1070100c20219", "1970-01-01 00:00:01.500000"),
    ("DATE", "0f 0a 08 00000000005eb219", "2024-01-15"),
    ("negative TIME", "0f 0b 08 0000000591cbffff", "-838:59:59.000000"),
    ("VAR_STRING opaque shown as a string", "0f fd 03 616263", "abc"),
    ("BLOB opaque", "0f fc 08 000162696e617279", "base64:type252:AAFiaW5hcnk="),
]


@pytest.mark.parametrize(
    ("hex_text", "expected"),
    [(hex_text, expected) for _, hex_text, expected in HAND_BUILT],
    ids=[name for name, _, _ in HAND_BUILT],
)
def test_hand_built_documents(hex_text: str, expected: JsonValue) -> None:
    assert decode(hex_text) == expected


def test_raw_64_bit_integers() -> None:
    value = parse_json(bytes.fromhex("0a ffffffffffffffff")).value
    assert value.uint64_bytes == b"\xff" * 8


def test_unknown_type_code_does_not_fail() -> None:
    doc = parse_json(bytes.fromhex("0d 0102"))
    assert not doc.value.is_known_type
    assert doc.value.unknown == b"\x01\x02"
    with pytest.raises(ValueError):
        document_to_python(doc)


def test_var_uint_lengths() -> None:
    for hex_text, expected in [("7f", 127), ("8001", 128), ("ffff03", 65535),
                               ("ffffffff0f", 2**32 - 1), ("8080808001", 2**28)]:  # fmt: skip
        assert MysqlJson.VarUint(KaitaiStream(BytesIO(bytes.fromhex(hex_text)))).value == expected


# MySQL's binary DECIMAL column format (the part after precision and scale); the byte
# strings are server-written column values from go-mysql-org/go-mysql
# replication/row_event_test.go (TestDecodeDecimal).
@pytest.mark.parametrize(
    ("precision", "scale", "hex_text", "expected"),
    [
        (4, 2, "e363", "99.99"),
        (5, 0, "81869f", "99999"),
        (7, 3, "a70f03e7", "9999.999"),
        (10, 2, "7ffffdcdc5", "-562.58"),
        (15, 14, "893b9ac9ff01869f", "9.99999999999999"),
        (4, 2, "800c", "0.12"),
    ],
)
def test_decimal_to_text(precision: int, scale: int, hex_text: str, expected: str) -> None:
    assert decimal_to_text(bytes([precision, scale]) + bytes.fromhex(hex_text)) == expected


def test_opaque_base64_wraps_like_mysql() -> None:
    text = opaque_to_text(252, bytes(60))
    assert text == "base64:type252:" + "A" * 76 + "\n" + "A" * 4


def test_hand_built_diffs() -> None:
    # REMOVE $.a[1].b (no value); INSERT $.z1 true; REPLACE $.x "hi".
    diffs = "02 08 242e615b315d2e62 01 04 242e7a31 02 0401 00 03 242e78 04 0c026869"
    assert decode_diffs(diffs) == [
        {"operation": "REMOVE", "path": "$.a[1].b"},
        {"operation": "INSERT", "path": "$.z1", "value": True},
        {"operation": "REPLACE", "path": "$.x", "value": "hi"},
    ]


def test_diff_lengths_are_packed_integers() -> None:
    # REPLACE $.s by a 300-byte string: the 303-byte value's length is the packed
    # integer fc 2f01, while the string inside uses the 7-bit form ac02.
    diff = "00 03 242e73 fc 2f01 0c ac02" + " 62" * 300
    assert decode_diffs(diff) == [{"operation": "REPLACE", "path": "$.s", "value": "b" * 300}]


def test_unknown_diff_operation_does_not_fail() -> None:
    parsed = MysqlJsonDiff(KaitaiStream(BytesIO(bytes.fromhex("07 aabb"))))
    (diff,) = parsed.diffs
    assert not diff.is_known_operation
    assert diff.unknown == b"\xaa\xbb"
