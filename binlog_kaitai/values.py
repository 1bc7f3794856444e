"""Column values: from the forms the ``row_image`` spec reads them in to JSON-ready values.

The spec (``ksy/row_image.ksy``) reads each column's value as its bytes: a fixed number
of them (``column_meta.len_fixed_value``: integers, FLOAT/DOUBLE, DECIMAL, BIT, ENUM/SET,
temporal types) or those after a length prefix (strings, BLOBs, JSON, GEOMETRY and
VECTOR, the last three then parsed with the ``mysql_json``/``mysql_json_diff`` specs and
row_image's ``geometry`` and ``vector`` types). :func:`converter` returns, once per
column, the function that turns those bytes into the value the ``rows`` command prints:

* integers as ``int`` (UNSIGNED applied when known), FLOAT/DOUBLE as ``float`` (FLOAT as the
  shortest decimal that reads back as the same 32-bit float, as MySQL shows it);
* DECIMAL as a string with exactly the column's scale (``"-99999999.9999"``);
* DATE ``"YYYY-MM-DD"``, DATETIME ``"YYYY-MM-DD HH:MM:SS[.ffffff]"`` with the column's
  fractional digits, TIMESTAMP the same in UTC, TIME ``"[-]HH:MM:SS[.ffffff]"`` (hours can
  have three digits), YEAR as an integer; zero dates stay ``"0000-00-00..."``;
* text decoded with the column's character set; binary strings (charset ``binary``) as
  ``{"base64": ...}`` (BINARY(n) padded back to n bytes with zeros, as the server returns
  it). When the character set is unknown (no binlog_row_metadata, no schema), UTF-8 is
  tried and the bytes are given as ``{"base64": ...}`` if they are not UTF-8, so that no
  byte is lost;
* ENUM and SET as their labels when known, else the index / bitmask integer; BIT as an
  integer;
* JSON (MySQL's binary JSON) as the JSON value; a partial update (JSON diff) as
  ``{"json_diff": [{"operation", "path", "value"}, ...]}`` (rows.py applies it to the old
  document when it can);
* GEOMETRY as ``{"srid": N, "wkb": "<base64 of the WKB>"}``; VECTOR as a list of floats.

:func:`text_form` writes those values as ``mysqlbinlog -v`` prints them (the ``rows``
text; see there).
"""

from __future__ import annotations

import base64
import json
import math
import re
import struct
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from functools import cache
from io import BytesIO
from typing import Any

from kaitaistruct import KaitaiStream

from binlog_kaitai import json_value
from binlog_kaitai.generated.row_image import RowImage
from binlog_kaitai.generated.table_map_event import TableMapEvent
from binlog_kaitai.packed import (
    datetime_from_packed,
    decimal_decoder,
    fraction_text,
    time_from_packed,
)

Converter = Callable[[Any], Any]

FieldType = TableMapEvent.FieldType
"""Column types: the spec's ``field_type`` enum (ksy/table_map_event.ksy)."""
_F = FieldType
TINY, SHORT, LONG, FLOAT, DOUBLE = _F.tiny, _F.short, _F.long, _F.float, _F.double
TIMESTAMP, LONGLONG, INT24, DATE, TIME = _F.timestamp, _F.longlong, _F.int24, _F.date, _F.time
DATETIME, YEAR, NEWDATE, VARCHAR, BIT = _F.datetime, _F.year, _F.newdate, _F.varchar, _F.bit
TIMESTAMP2, DATETIME2, TIME2 = _F.timestamp2, _F.datetime2, _F.time2
VECTOR, JSON, NEWDECIMAL, ENUM, SET = _F.vector, _F.json, _F.newdecimal, _F.enum, _F.set
VAR_STRING, STRING, GEOMETRY = _F.var_string, _F.string, _F.geometry
BLOB_TYPES = (_F.tiny_blob, _F.medium_blob, _F.long_blob, _F.blob)

STRING_TYPES = frozenset({VARCHAR, VAR_STRING, STRING, *BLOB_TYPES})


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_FLOAT32 = struct.Struct("<f")
_DOUBLE = struct.Struct("<d")


@dataclass(frozen=True, slots=True)
class ColumnInfo:
    """What is known about a column besides its binlog type and metadata."""

    unsigned: bool = False
    charset: str | None = None
    """MySQL charset name ('utf8mb4', 'latin1', 'binary', ...); None when unknown."""
    enum_values: tuple[str, ...] | None = None
    set_values: tuple[str, ...] | None = None
    hires_fsp: int = 0
    """For a TIMESTAMP, DATETIME or TIME column: its fractional digits when its values
    are in MariaDB 5.3's packing (``table_map_event``'s ``mariadb_hires_temporal``),
    0 for the old whole-second values."""


# ---------------------------------------------------------------------------------------
# Character sets


_COLLATION_IDS = {
    # Collation ids of each character set: MariaDB 10.11's information_schema.COLLATIONS
    # plus MySQL 8's own (76, 248-250, 255-323).
    "utf8mb4": "45-46 224-247 255-323 608-610 1069-1070 1248 1270 2304-2471 2488-2503",
    "utf8mb3": "33 76 83 192-215 223 576-578 1057 1107 1216 1238 2048-2215 2232-2247",
    "ucs2": "35 90 128-151 159 640-642 1059 1114 1152 1174 2560-2727 2744-2759",
    "utf16": "54-55 101-124 672-674 1078-1079 1125 1147 2816-2983 3000-3015",
    "utf32": "60-61 160-183 736-738 1084-1085 1184 1206 3072-3239 3256-3271",
    "latin1": "5 8 15 31 47-49 94 1032 1071",
    "latin2": "2 9 21 27 77 1033 1101",
    "cp1251": "14 23 50-52 1074-1075",
    "cp1250": "26 34 44 66 99 1050 1090",
    "latin7": "20 41-42 79 1065 1103",
    "cp1257": "29 58-59 1082-1083",
    "big5": "1 84 1025 1108",
    "dec8": "3 69 1027 1093",
    "cp850": "4 80 1028 1104",
    "hp8": "6 72 1030 1096",
    "koi8r": "7 74 1031 1098",
    "swe7": "10 82 1034 1106",
    "ascii": "11 65 1035 1089",
    "ujis": "12 91 1036 1115",
    "sjis": "13 88 1037 1112",
    "hebrew": "16 71 1040 1095",
    "tis620": "18 89 1042 1113",
    "euckr": "19 85 1043 1109",
    "koi8u": "22 75 1046 1099",
    "gb2312": "24 86 1048 1110",
    "greek": "25 70 1049 1094",
    "gbk": "28 87 1052 1111",
    "latin5": "30 78 1054 1102",
    "armscii8": "32 64 1056 1088",
    "cp866": "36 68 1060 1092",
    "keybcs2": "37 73 1061 1097",
    "macce": "38 43 1062 1067",
    "macroman": "39 53 1063 1077",
    "cp852": "40 81 1064 1105",
    "utf16le": "56 62 1080 1086",
    "cp1256": "57 67 1081 1091",
    "geostd8": "92-93 1116-1117",
    "cp932": "95-96 1119-1120",
    "eucjpms": "97-98 1121-1122",
    "gb18030": "248-250",
    "binary": "63",
}


def _collation_table() -> dict[int, str]:
    table = {}
    for charset, spec in _COLLATION_IDS.items():
        for part in spec.split():
            first, _, last = part.partition("-")
            for collation in range(int(first), int(last or first) + 1):
                table[collation] = charset
    return table


COLLATION_CHARSETS = _collation_table()

#: Python codecs for MySQL character sets; the ones Python lacks (armscii8, dec8, geostd8,
#: hp8, keybcs2, swe7) are decoded as UTF-8 with replacement characters.
_CODECS = {
    "utf8mb4": "utf-8", "utf8mb3": "utf-8", "utf8": "utf-8", "ascii": "ascii",
    "latin1": "mysql-latin1", "latin2": "iso8859-2", "latin5": "iso8859-9",
    "latin7": "iso8859-13", "greek": "iso8859-7", "hebrew": "iso8859-8",
    "cp1250": "cp1250", "cp1251": "cp1251", "cp1256": "cp1256", "cp1257": "cp1257",
    "cp850": "cp850", "cp852": "cp852", "cp866": "cp866", "koi8r": "koi8-r",
    "koi8u": "koi8-u", "macroman": "mac-roman", "macce": "mac-latin2", "big5": "big5",
    "gbk": "gbk", "gb2312": "gb2312", "gb18030": "gb18030", "sjis": "shift_jis",
    "cp932": "cp932", "ujis": "euc_jp", "eucjpms": "euc_jp", "euckr": "euc_kr",
    "tis620": "tis-620", "ucs2": "utf-16-be", "utf16": "utf-16-be",
    "utf16le": "utf-16-le", "utf32": "utf-32-be",
}

# MySQL's latin1 is Windows-1252, with the five bytes cp1252 leaves undefined mapped to the
# C1 control characters of the same code.
_LATIN1_TO_CP1252 = {
    b: bytes([b]).decode("cp1252")
    for b in range(0x80, 0xA0)
    if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
}


def charset_of_collation(collation_id: int) -> str | None:
    """The MySQL character set name of a collation id, None when unknown."""
    return COLLATION_CHARSETS.get(collation_id)


def text_decoder(charset: str | None) -> Callable[[bytes], Any]:
    """A function turning a string column's bytes into its value for that charset."""
    if charset == "binary":
        return binary_value
    if charset is None:
        return _utf8_or_binary
    codec = _CODECS.get(charset)
    if codec == "utf-8":
        return _utf8
    if codec == "mysql-latin1":
        return _mysql_latin1
    if codec is None:
        return _utf8
    return lambda raw: raw.decode(codec, errors="replace")


def _utf8(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def _utf8_or_binary(raw: bytes) -> Any:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return binary_value(raw)


def _mysql_latin1(raw: bytes) -> str:
    return raw.decode("latin-1").translate(_LATIN1_TO_CP1252)


def binary_value(raw: bytes) -> dict[str, str]:
    """How binary data is shown: ``{"base64": ...}``."""
    return {"base64": base64.b64encode(raw).decode("ascii")}


def _temporal2_fraction(raw: bytes, start: int, fsp: int) -> int:
    """Microseconds from the 1-3 big-endian bytes of a TIME2/DATETIME2/TIMESTAMP2 fraction."""
    frac = int.from_bytes(raw[start:], "big")
    return frac * 10000 if fsp <= 2 else frac * 100 if fsp <= 4 else frac


def time2_packed(raw: bytes, fsp: int) -> int:
    """MySQL's TIME2 binary form (3 bytes of hh:mm:ss offset by 0x800000, then 1-3 bytes
    of fraction, the whole value offset so it sorts as unsigned) to the packed form."""
    if fsp >= 5:
        return int.from_bytes(raw, "big") - 0x800000000000
    intpart = int.from_bytes(raw[:3], "big") - 0x800000
    if fsp == 0:
        return intpart << 24
    frac = int.from_bytes(raw[3:], "big")
    if intpart < 0 and frac:
        intpart += 1
        frac -= 0x100 if fsp <= 2 else 0x10000
    return (intpart << 24) + frac * (10000 if fsp <= 2 else 100)


def _zero_timestamp(fsp: int) -> str:
    return "0000-00-00 00:00:00" + ("." + "0" * fsp if fsp else "")


def timestamp_text(seconds: int, micro: int, fsp: int) -> str:
    """A TIMESTAMP in UTC; 0 is MySQL's zero timestamp."""
    if seconds == 0 and micro == 0:
        return _zero_timestamp(fsp)
    moment = _EPOCH + timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%d %H:%M:%S") + fraction_text(micro, fsp)


def float32_text(value: float) -> float:
    """The shortest decimal that reads back as the same 32-bit float (1.1, not 1.100000023)."""
    for digits in range(6, 10):
        candidate = float(f"{value:.{digits}g}")
        if _FLOAT32.unpack(_FLOAT32.pack(candidate))[0] == value:
            return candidate
    return value


# ---------------------------------------------------------------------------------------
# Converters


def _number(value: int) -> int:
    """ENUM index / SET bitmask when the labels are unknown."""
    return value


def _date(value: int) -> str:
    return f"{value >> 9:04d}-{(value >> 5) & 15:02d}-{value & 31:02d}"


def _old_time(value: int) -> str:
    sign = "-" if value < 0 else ""
    value = abs(value)
    return f"{sign}{value // 10000:02d}:{value // 100 % 100:02d}:{value % 100:02d}"


def _old_datetime(value: int) -> str:
    date, time = divmod(value, 1000000)
    return (f"{date // 10000:04d}-{date // 100 % 100:02d}-{date % 100:02d} "
            f"{time // 10000:02d}:{time // 100 % 100:02d}:{time % 100:02d}")


_TWO_DIGITS = tuple(f"{i:02d}" for i in range(100))
"""'00'..'99': formatting by lookup is several times faster than :02d for the fields of
DATETIME values (the most common temporal type, one of the costs of every row)."""


def _datetime2_seconds(value: int) -> str:
    """DATETIME2 without fractional seconds (the hot path of datetime_from_packed)."""
    whole = value - 0x8000000000
    ymd, hms = whole >> 17, whole & 0x1FFFF
    year, month = divmod(ymd >> 5, 13)
    two = _TWO_DIGITS  # month <= 12, day and hour <= 31, minute and second <= 63
    return (f"{year:04d}-{two[month]}-{two[ymd & 31]} "
            f"{two[hms >> 12]}:{two[(hms >> 6) & 63]}:{two[hms & 63]}")


def _datetime2_int(intpart: int, micro: int, fsp: int) -> str:
    return datetime_from_packed(((intpart - 0x8000000000) << 24) + micro, fsp)


def _enum(labels: tuple[str, ...] | None) -> Converter:
    if labels is None:
        return _number
    return lambda index: labels[index - 1] if 0 < index <= len(labels) else (
        "" if index == 0 else index)


def _set(labels: tuple[str, ...] | None) -> Converter:
    if labels is None:
        return _number
    return lambda bits: ",".join(label for i, label in enumerate(labels) if bits >> i & 1)


def _integer(signed: bool) -> Converter:
    return lambda v: int.from_bytes(v, "little", signed=signed)


def _string(meta: Any, info: ColumnInfo) -> Converter:
    """Converter for strings and BLOBs (the bytes after their length prefix)."""
    if meta.real_type == STRING and info.charset == "binary":
        width = meta.string_length  # BINARY(n): the server strips trailing zero bytes
        return lambda v: binary_value(v.ljust(width, b"\0"))
    return text_decoder(info.charset)


def _temporal(real_type: int, fsp: int) -> Converter:
    """TIMESTAMP2 / DATETIME2 / TIME2: big-endian whole part, then 0-3 fraction bytes."""
    if real_type == DATETIME2:
        if fsp == 0:
            return lambda v: _datetime2_seconds(int.from_bytes(v, "big"))
        return lambda v: _datetime2_int(int.from_bytes(v[:5], "big"),
                                        _temporal2_fraction(v, 5, fsp), fsp)
    if real_type == TIMESTAMP2:
        return lambda v: timestamp_text(int.from_bytes(v[:4], "big"),
                                        _temporal2_fraction(v, 4, fsp) if fsp else 0, fsp)
    return lambda v: time_from_packed(time2_packed(v, fsp), fsp)


@cache
def mariadb_hires_temporal(real_type: int, fsp: int) -> Any:
    """The spec's ``mariadb_hires_temporal`` (ksy/table_map_event.ksy) of a TIMESTAMP,
    DATETIME or TIME column of ``fsp`` digits: its values' size, TIME's zero point."""
    return TableMapEvent.MariadbHiresTemporal(real_type, fsp, _stream(b""))


def _mariadb_hires_fields(value: int) -> tuple[int, ...]:
    """(year, month, day, hour, minute, second, microseconds) of MariaDB's packed time
    (mysql_binlog's ``mariadb_hires_temporal``), a non-negative number."""
    rest, micro = divmod(value, 1000000)
    rest, second = divmod(rest, 60)
    rest, minute = divmod(rest, 60)
    rest, hour = divmod(rest, 24)
    rest, day = divmod(rest, 32)
    year, month = divmod(rest, 13)
    return year, month, day, hour, minute, second, micro


def _mariadb_hires_datetime(value: int, fsp: int) -> str:
    year, month, day, hour, minute, second, micro = _mariadb_hires_fields(value)
    return (f"{year:04d}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:{second:02d}"
            + fraction_text(micro, fsp))


def _mariadb_hires_time(value: int, fsp: int) -> str:
    """A TIME: its packed number is hours (up to 838), minutes, seconds, microseconds."""
    seconds, micro = divmod(abs(value), 1000000)
    minutes, second = divmod(seconds, 60)
    return (f"{'-' if value < 0 else ''}{minutes // 60:02d}:{minutes % 60:02d}:"
            f"{second:02d}{fraction_text(micro, fsp)}")


def _mariadb_hires(real_type: int, fsp: int) -> Converter:
    """TIMESTAMP(n), DATETIME(n), TIME(n) with n > 0 in MariaDB 5.3's packing (see
    ``table_map_event``'s ``mariadb_hires_temporal``): big-endian, the fraction in units
    of 10^(6-n) microseconds."""
    unit = 10 ** (6 - fsp)
    if real_type == TIMESTAMP:
        return lambda v: timestamp_text(int.from_bytes(v[:4], "big"),
                                        int.from_bytes(v[4:], "big") * unit, fsp)
    if real_type == DATETIME:
        return lambda v: _mariadb_hires_datetime(int.from_bytes(v, "big") * unit, fsp)
    zero = mariadb_hires_temporal(TIME, fsp).time_zero_point * 10 ** fsp
    return lambda v: _mariadb_hires_time((int.from_bytes(v, "big") - zero) * unit, fsp)


def converter(real_type: int, meta: Any, info: ColumnInfo) -> Converter:
    """The function turning a column value's bytes (as the spec reads them: the bytes after
    the length prefix, or the value's fixed number of bytes) into its JSON-ready value."""
    if real_type in STRING_TYPES:
        return _string(meta, info)
    if real_type in (TINY, SHORT, INT24, LONG, LONGLONG):
        return _integer(not info.unsigned)
    if real_type == NEWDECIMAL:
        return decimal_decoder(meta.precision, meta.scale)
    if real_type in (DATETIME2, TIMESTAMP2, TIME2):
        return _temporal(real_type, meta.fsp)
    if real_type == DOUBLE:
        return lambda v: _DOUBLE.unpack(v)[0]
    if real_type == FLOAT:
        return lambda v: float32_text(_FLOAT32.unpack(v)[0])
    if real_type in (DATE, NEWDATE):
        return lambda v: _date(int.from_bytes(v, "little"))
    if info.hires_fsp and real_type in (TIME, DATETIME, TIMESTAMP):
        return _mariadb_hires(real_type, info.hires_fsp)
    if real_type == TIME:
        return lambda v: _old_time(int.from_bytes(v, "little", signed=True))
    if real_type == DATETIME:
        return lambda v: _old_datetime(int.from_bytes(v, "little"))
    if real_type == TIMESTAMP:
        return lambda v: timestamp_text(int.from_bytes(v, "little"), 0, 0)
    if real_type == YEAR:
        return lambda v: v[0] + 1900 if v[0] else 0
    if real_type == ENUM:
        labels = _enum(info.enum_values)
        return lambda v: labels(int.from_bytes(v, "little"))
    if real_type == SET:
        labels = _set(info.set_values)
        return lambda v: labels(int.from_bytes(v, "little"))
    if real_type == BIT:
        return lambda v: int.from_bytes(v, "big")
    if real_type == JSON:
        return json_value.document
    if real_type == GEOMETRY:
        return _geometry
    if real_type == VECTOR:
        return _vector
    raise ValueError(f"no conversion for field type {real_type}")


def _stream(raw: bytes) -> KaitaiStream:
    return KaitaiStream(BytesIO(raw))


def _geometry(raw: bytes) -> Any:
    if len(raw) < 4:  # not a geometry the server writes; keep the bytes
        return binary_value(raw)
    geometry = RowImage.Geometry(_stream(raw))
    return {"srid": geometry.srid, "wkb": base64.b64encode(geometry.wkb).decode("ascii")}


def _vector(raw: bytes) -> list[float]:
    return [float32_text(x) for x in RowImage.Vector(_stream(raw)).elements]


# ---------------------------------------------------------------------------------------
# Text forms: the values as ``mysqlbinlog -v`` prints them

TextForm = Callable[[Any], str]

_CONTROL = re.compile("[\x00-\x1f]")
_CONTROL_ESCAPES = {c: f"\\x{c:02x}" for c in range(0x20)}
_BYTE_ESCAPES = str.maketrans({**_CONTROL_ESCAPES,
                               **{c: f"\\x{c:02x}" for c in range(0x80, 0x100)}})
_NAIVE_EPOCH = datetime(1970, 1, 1)
_ZERO_DATETIME = "0000-00-00 00:00:00"


def text_literal(text: str) -> str:
    """Text between single quotes, each character below 0x20 as ``\\xNN`` and nothing
    else escaped (quotes and backslashes as they are), as mysqlbinlog writes strings."""
    if _CONTROL.search(text) is not None:
        text = text.translate(_CONTROL_ESCAPES)
    return "'" + text + "'"


def bytes_literal(raw: bytes) -> str:
    """Bytes as :func:`text_literal` writes text, the bytes 0x80-0xFF also as ``\\xNN``:
    mysqlbinlog writes them as they are, which is not text (this output is UTF-8)."""
    return "'" + raw.decode("latin-1").translate(_BYTE_ESCAPES) + "'"


def _string_text(value: Any) -> str:
    """Text, or bytes given as ``{"base64": ...}`` (binary, or not in a known charset)."""
    if value.__class__ is str:
        return text_literal(value)
    return bytes_literal(base64.b64decode(value["base64"]))


def g_text(value: float, precision: int) -> str:
    """The shortest digits that read back as ``value`` (Python's repr), laid out as C's
    ``%g`` with this precision lays out its digits: positional when the decimal exponent
    is from -4 to ``precision - 1`` (no trailing zeros, no trailing point), else
    ``d.ddde+XX``. mysqlbinlog prints FLOAT with ``%g`` (6 digits, so 1234567 is
    1.23457e+06, not the FLOAT's value) and DOUBLE with ``%.20g`` (0.1 is
    0.10000000000000000555, digits the value does not have): these are its layouts, with
    the digits the value has."""
    if not math.isfinite(value):  # (not in a column: from damaged bytes)
        return repr(value)  # inf, -inf, nan, as C's
    exact = Decimal(repr(value)).normalize()
    exponent = exact.adjusted()
    if -4 <= exponent < precision:
        return format(exact, "f")
    sign, digits, _ = exact.as_tuple()
    text = "".join(map(str, digits))
    mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
    return f"{'-' if sign else ''}{mantissa}e{exponent:+03d}"


def _epoch_text(value: str) -> str:
    """A TIMESTAMP (its UTC text) as seconds since the epoch, with its fraction digits;
    MySQL's zero timestamp is 0."""
    whole, dot, fraction = value.partition(".")
    seconds = 0 if whole == _ZERO_DATETIME else (
        datetime.fromisoformat(whole) - _NAIVE_EPOCH) // timedelta(seconds=1)
    return f"{seconds}{dot}{fraction}"


def _date_text(value: str) -> str:
    """A DATE as mysqlbinlog writes it, ``'YYYY:MM:DD'`` (which MySQL reads as a date)."""
    return "'" + value.replace("-", ":") + "'"


def _bit_text(width: int) -> TextForm:
    return lambda value: f"b'{value:0{width}b}'"


def _json_text(value: Any) -> str:
    """MySQL's JSON (MariaDB's is text) as the text of the document."""
    return text_literal(json.dumps(value, ensure_ascii=False))


def _geometry_text(value: Any) -> str:
    """The column's bytes: the SRID (4 bytes, little-endian), then the WKB."""
    if "wkb" not in value:
        return _string_text(value)
    wkb = base64.b64decode(value["wkb"])
    return bytes_literal(value["srid"].to_bytes(4, "little") + wkb)


def _vector_text(value: list[float]) -> str:
    return "'[" + ",".join(g_text(x, 6) for x in value) + "]'"


def _label_text(value: Any) -> str:
    """ENUM/SET: the label(s), or the index / bitmask when the labels are unknown."""
    return str(value) if value.__class__ is int else text_literal(value)


_TEXT_FORMS: dict[int, TextForm] = {
    **dict.fromkeys((TINY, SHORT, INT24, LONG, LONGLONG, YEAR, NEWDECIMAL), str),
    **dict.fromkeys(STRING_TYPES, _string_text), FLOAT: lambda x: g_text(x, 6),
    DOUBLE: lambda x: g_text(x, 20), DATE: _date_text, NEWDATE: _date_text,
    **dict.fromkeys((TIME, TIME2, DATETIME, DATETIME2), lambda x: "'" + x + "'"),
    TIMESTAMP: _epoch_text, TIMESTAMP2: _epoch_text, ENUM: _label_text, SET: _label_text,
    JSON: _json_text, GEOMETRY: _geometry_text, VECTOR: _vector_text,
}


def text_form(real_type: int, bit_count: int = 0) -> TextForm:
    """The function writing a column's values (as :func:`converter` gives them, not None)
    as ``mysqlbinlog -v`` prints them: numbers and DECIMAL as digits (UNSIGNED ones as
    their value: mysqlbinlog adds the unsigned reading of a negative bit pattern in
    parentheses, whatever the column), FLOAT/DOUBLE by :func:`g_text`, DATE
    ``'YYYY:MM:DD'``, TIME and DATETIME quoted, TIMESTAMP as epoch seconds, BIT(n) as
    ``b'...'`` of n digits, strings by :func:`text_literal` (:func:`bytes_literal` for
    binary ones and GEOMETRY's bytes), ENUM/SET by label (mysqlbinlog gives the index and
    the bitmask) or, labels unknown, by number."""
    if real_type == BIT:
        return _bit_text(bit_count)
    found = _TEXT_FORMS.get(real_type)
    if found is None:
        raise ValueError(f"no text form for field type {real_type}")
    return found
