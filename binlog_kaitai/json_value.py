"""Plain Python values from MySQL binary JSON parsed with the ``mysql_json`` spec.

Scalars map to ``None``/``bool``/``int``/``float``/``str``, objects to ``dict`` (in stored
order, which MySQL sorts by key length, then key bytes) and arrays to ``list``.

Opaque values (MySQL types JSON has no form of its own for) become the text MySQL shows
for them in JSON_EXTRACT output or ``mysqlbinlog -v``: DECIMAL as its digits (``"3.14"``;
MySQL prints it unquoted, so the number/string distinction is lost here), DATE as
``"2024-01-15"``, DATETIME/TIMESTAMP as ``"2024-01-15 10:30:45.123456"``, TIME as
``"-10:30:45.000000"``, and any other type as ``"base64:type<N>:<base64 of the bytes>"``.
The DECIMAL and temporal decoding here is deliberately small and self-contained; a shared
column-value decoder may replace it later.
"""

from __future__ import annotations

import base64
from typing import Any, TypeAlias

from generated.mysql_json import MysqlJson

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None

# JSON value type codes (enum value_type in mysql_json.ksy); 0x00-0x03 are containers.
_LARGE_ARRAY = 0x03
_LITERAL, _INT16, _UINT16, _INT32, _UINT32 = 0x04, 0x05, 0x06, 0x07, 0x08
_INT64, _UINT64, _DOUBLE, _STRING, _OPAQUE = 0x09, 0x0A, 0x0B, 0x0C, 0x0F

# MySQL field types that opaque values carry (enum_field_types).
_FT_TIMESTAMP, _FT_DATE, _FT_TIME, _FT_DATETIME = 7, 10, 11, 12
_FT_NEWDECIMAL, _FT_VAR_STRING = 246, 253

_LITERALS: dict[int, JsonValue] = {0: None, 1: True, 2: False}
_DIG2BYTES = (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)
_DIGITS_PER_WORD = 9


def document_to_python(doc: MysqlJson) -> JsonValue:
    """Convert a whole ``mysql_json`` document; an empty one is JSON null, as in MySQL."""
    if doc.is_empty:
        return None
    return value_to_python(doc.value)


def value_to_python(value: MysqlJson.Value) -> JsonValue:
    """Convert one ``mysql_json`` ``value`` (top-level, inlined or at an offset)."""
    code = value.type_code
    if code <= _LARGE_ARRAY:
        return _container_to_python(value.container)
    if code == _LITERAL:
        literal = value.literal
        literal_code = literal if isinstance(literal, int) else literal.value
        if literal_code not in _LITERALS:
            raise ValueError(f"unknown JSON literal 0x{literal_code:02x}")
        return _LITERALS[literal_code]
    if code in (_INT16, _INT32):
        return int(value.int_value)
    if code in (_UINT16, _UINT32):
        return int(value.uint_value)
    if code == _INT64:
        return int.from_bytes(value.int64_bytes, "little", signed=True)
    if code == _UINT64:
        return int.from_bytes(value.uint64_bytes, "little")
    if code == _DOUBLE:
        return float(value.double_value)
    if code == _STRING:
        return _utf8(value.string.value)
    if code == _OPAQUE:
        opaque = value.opaque
        field_type = opaque.field_type
        code_of_type = field_type if isinstance(field_type, int) else field_type.value
        return opaque_to_text(code_of_type, bytes(opaque.data))
    raise ValueError(f"unknown JSON value type 0x{code:02x}")


def _container_to_python(container: MysqlJson.Container) -> JsonValue:
    body = container.body
    values = [value_to_python(entry.value) for entry in body.value_entries]
    if not container.is_object:
        return values
    keys = [_utf8(entry.key) for entry in body.key_entries]
    return dict(zip(keys, values, strict=True))


def _utf8(data: bytes) -> str:
    return bytes(data).decode("utf-8", errors="replace")


def opaque_to_text(field_type: int, data: bytes) -> str:
    """MySQL's text form of an opaque JSON value of MySQL field type ``field_type``."""
    try:
        if field_type == _FT_NEWDECIMAL:
            return decimal_to_text(data)
        if field_type in (_FT_DATE, _FT_TIME, _FT_DATETIME, _FT_TIMESTAMP) and len(data) == 8:
            return temporal_to_text(field_type, int.from_bytes(data, "little", signed=True))
        if field_type == _FT_VAR_STRING:
            return _utf8(data)
    except ValueError:
        pass
    return f"base64:type{field_type}:{_mysql_base64(data)}"


def _mysql_base64(data: bytes) -> str:
    # MySQL's base64_encode breaks its output into lines of 76 characters.
    text = base64.b64encode(data).decode("ascii")
    return "\n".join(text[i : i + 76] for i in range(0, len(text), 76)) if text else ""


def decimal_to_text(data: bytes) -> str:
    """Decode a JSON DECIMAL: precision byte, scale byte, then MySQL's binary DECIMAL.

    The binary form stores the integer and fraction digits in big-endian groups of nine
    digits per 4 bytes (a shorter leading/trailing group for the remainder), with the
    top bit of the first byte flipped and every byte inverted for negative numbers.
    """
    if len(data) < 2:
        raise ValueError("DECIMAL value too short")
    precision, scale = data[0], data[1]
    if scale > precision:
        raise ValueError("DECIMAL scale above precision")
    int_digits = precision - scale
    groups: list[tuple[int, int]] = []  # (byte count, digit count)
    if int_digits % _DIGITS_PER_WORD:
        leading = int_digits % _DIGITS_PER_WORD
        groups.append((_DIG2BYTES[leading], leading))
    groups += [(4, 9)] * (int_digits // _DIGITS_PER_WORD)
    int_group_count = len(groups)
    groups += [(4, 9)] * (scale // _DIGITS_PER_WORD)
    if scale % _DIGITS_PER_WORD:
        trailing = scale % _DIGITS_PER_WORD
        groups.append((_DIG2BYTES[trailing], trailing))
    raw = bytearray(data[2:])
    if len(raw) != sum(size for size, _ in groups) or not raw:
        raise ValueError("DECIMAL length does not match its precision and scale")
    negative = not raw[0] & 0x80
    raw[0] ^= 0x80
    if negative:
        raw = bytearray(b ^ 0xFF for b in raw)
    integer = fraction = 0
    pos = 0
    for index, (size, digits) in enumerate(groups):
        group = int.from_bytes(raw[pos : pos + size], "big")
        pos += size
        if index < int_group_count:
            integer = integer * 10**digits + group
        else:
            fraction = fraction * 10**digits + group
    text = str(integer)
    if scale:
        text += "." + str(fraction).zfill(scale)
    return "-" + text if negative and (integer or fraction) else text


def temporal_to_text(field_type: int, packed: int) -> str:
    """Format a packed temporal value (MySQL's longlong packed form) like MySQL does.

    The low 24 bits are microseconds; above them TIME keeps hour << 12 | minute << 6 |
    second, and DATE/DATETIME/TIMESTAMP keep ((year * 13 + month) << 5 | day) << 17 above
    that. Negative values (TIME only) are stored negated.
    """
    sign = "-" if packed < 0 else ""
    packed = abs(packed)
    micro = packed % (1 << 24)
    whole = packed >> 24
    if field_type == _FT_TIME:
        hour, minute, second = (whole >> 12) % (1 << 10), (whole >> 6) % 64, whole % 64
        return f"{sign}{hour:02d}:{minute:02d}:{second:02d}.{micro:06d}"
    ymd, hms = whole >> 17, whole % (1 << 17)
    year_month, day = ymd >> 5, ymd % 32
    year, month = divmod(year_month, 13)
    date = f"{sign}{year:04d}-{month:02d}-{day:02d}"
    if field_type == _FT_DATE:
        return date
    hour, minute, second = hms >> 12, (hms >> 6) % 64, hms % 64
    return f"{date} {hour:02d}:{minute:02d}:{second:02d}.{micro:06d}"


def diff_to_python(diff: Any) -> dict[str, JsonValue]:
    """Convert one ``mysql_json_diff`` ``diff`` entry into ``{"operation", "path", "value"}``.

    ``operation`` is ``"REPLACE"``, ``"INSERT"`` or ``"REMOVE"``; REMOVE has no ``value``.
    """
    operation = diff.operation
    name = operation.name.upper() if hasattr(operation, "name") else f"UNKNOWN_{operation}"
    result: dict[str, JsonValue] = {"operation": name, "path": _utf8(diff.path)}
    if name in ("REPLACE", "INSERT"):
        result["value"] = document_to_python(diff.value)
    return result
