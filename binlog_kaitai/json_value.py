"""Plain Python values from MySQL binary JSON parsed with the ``mysql_json`` spec.

Scalars map to ``None``/``bool``/``int``/``float``/``str``, objects to ``dict`` (in stored
order, which MySQL sorts by key length, then key bytes) and arrays to ``list``.

Opaque values (MySQL types JSON has no form of its own for) become the text MySQL shows
for them in JSON_EXTRACT output or ``mysqlbinlog -v``: DECIMAL as its digits (``"3.14"``;
MySQL prints it unquoted, so the number/string distinction is lost here), DATE as
``"2024-01-15"``, DATETIME/TIMESTAMP as ``"2024-01-15 10:30:45.123456"``, TIME as
``"-10:30:45.000000"``, and any other type as ``"base64:type<N>:<base64 of the bytes>"``.
The DECIMAL and temporal decoding is shared with the column values (:mod:`binlog_kaitai.packed`).
"""

from __future__ import annotations

import base64
from io import BytesIO
from typing import Any, TypeAlias

from kaitaistruct import KaitaiStream

from binlog_kaitai.generated.mysql_json import MysqlJson
from binlog_kaitai.generated.mysql_json_diff import MysqlJsonDiff
from binlog_kaitai.generated.table_map_event import TableMapEvent
from binlog_kaitai.packed import datetime_from_packed, decimal_decoder, time_from_packed

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None

# JSON value types (the spec's value_type enum); those up to large_array are containers.
_V = MysqlJson.ValueType
_LARGE_ARRAY, _LITERAL, _INT16, _UINT16 = _V.large_array, _V.literal, _V.int16, _V.uint16
_INT32, _UINT32, _INT64, _UINT64 = _V.int32, _V.uint32, _V.int64, _V.uint64
_DOUBLE, _STRING, _OPAQUE = _V.double, _V.string, _V.opaque

# MySQL field types that opaque values carry (enum_field_types).
_FT = TableMapEvent.FieldType
_FT_TIMESTAMP, _FT_DATE, _FT_TIME, _FT_DATETIME = _FT.timestamp, _FT.date, _FT.time, _FT.datetime
_FT_NEWDECIMAL, _FT_VAR_STRING = _FT.newdecimal, _FT.var_string

_LITERALS: dict[int, JsonValue] = {0: None, 1: True, 2: False}


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
    """Decode a JSON DECIMAL: precision byte, scale byte, then MySQL's binary DECIMAL."""
    if len(data) < 2:
        raise ValueError("DECIMAL value too short")
    precision, scale = data[0], data[1]
    if scale > precision:
        raise ValueError("DECIMAL scale above precision")
    return decimal_decoder(precision, scale)(data[2:])


def temporal_to_text(field_type: int, packed: int) -> str:
    """Format a packed temporal value (MySQL's longlong packed form) like MySQL does in
    JSON: TIME, DATETIME and TIMESTAMP with six fraction digits, DATE without time."""
    if field_type == _FT_TIME:
        return time_from_packed(packed, 6)
    return datetime_from_packed(packed, 6, date_only=field_type == _FT_DATE)


def diff_to_python(diff: Any) -> dict[str, JsonValue]:
    """Convert one ``mysql_json_diff`` ``diff`` entry into ``{"operation", "path", "value"}``.

    ``operation`` is ``"REPLACE"``, ``"INSERT"`` or ``"REMOVE"``; REMOVE has no ``value``.
    An operation code MySQL does not define gives ``{"operation": "UNKNOWN_<code>"}``
    alone: the spec cannot tell its path from the rest of the list.
    """
    operation = diff.operation
    if not diff.is_known_operation:
        return {"operation": f"UNKNOWN_{int(operation)}"}
    name = operation.name.upper()
    result: dict[str, JsonValue] = {"operation": name, "path": _utf8(diff.path)}
    if name in ("REPLACE", "INSERT"):
        result["value"] = document_to_python(diff.value)
    return result


def document(raw: bytes) -> JsonValue:
    """A MySQL binary JSON value (the ``mysql_json`` spec) as a Python value."""
    return document_to_python(MysqlJson(KaitaiStream(BytesIO(raw))))


def diff(raw: bytes) -> dict[str, JsonValue]:
    """A partial JSON update (the ``mysql_json_diff`` spec) as ``{"json_diff": [...]}``."""
    return {"json_diff": [diff_to_python(d)
                          for d in MysqlJsonDiff(KaitaiStream(BytesIO(raw))).diffs]}
