"""Turn generated Kaitai objects into JSON-ready values and one-line descriptions."""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import Any

from kaitaistruct import KaitaiStruct, KaitaiStructError

from binlog_kaitai.event import Event, EventType
from generated.mysql_uint64 import MysqlUint64
from generated.rows_event import RowsEvent

INTERNAL_ATTRS = frozenset({"_io", "_parent", "_root"})


@cache
def param_names(cls: type) -> frozenset[str]:
    """Names of a generated type's params, which are inputs, not decoded fields.

    Generated constructors take (self, *params, _io, _parent, _root); read the names from
    the code object rather than importing inspect, which would slow every CLI start.
    """
    code = cls.__init__.__code__
    return frozenset(n for n in code.co_varnames[1:code.co_argcount] if not n.startswith("_"))


def fields(obj: KaitaiStruct) -> list[tuple[str, Any]]:
    """The fields a generated object read from its bytes, in order (params excluded)."""
    params = param_names(type(obj))
    return [(k, v) for k, v in vars(obj).items() if not k.startswith("_") and k not in params]


def to_jsonable(value: Any, *, enums_as_names: bool = True) -> Any:
    """Decoded value tree -> JSON types: bytes as hex, enums as names (or integers), 64-bit
    integers (read by the spec as two 32-bit halves) as their int value."""
    if isinstance(value, MysqlUint64):
        return value.value
    if isinstance(value, KaitaiStruct):
        return {k: to_jsonable(v, enums_as_names=enums_as_names) for k, v in fields(value)}
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    if isinstance(value, IntEnum):
        return value.name if enums_as_names else int(value)
    if isinstance(value, list):
        return [to_jsonable(v, enums_as_names=enums_as_names) for v in value]
    return value


def text(raw: bytes) -> str:
    """Free text of unknown charset, for people: UTF-8 where valid, escapes elsewhere."""
    return raw.decode("utf-8", errors="backslashreplace")


def describe(ev: Event) -> str:
    """A short human description of an event, like the Info column of SHOW BINLOG EVENTS."""
    body = ev.body
    if body is None:
        return f"undecodable body: {ev.decode_error}" if ev.decode_error else ""
    t = ev.type_code
    if t in (EventType.query_event, EventType.execute_load_query_event,
             EventType.query_compressed_event):
        use = f"use `{body.schema}`; " if body.schema else ""
        try:
            query = body.query_text  # inflated here for QUERY_COMPRESSED_EVENT
        except KaitaiStructError as exc:
            return use + f"<compressed statement unreadable: {exc}>"
        if query is None:
            return use + "<statement compressed with an unknown algorithm>"
        return use + text(query)
    if t == EventType.format_description_event:
        return f"Server ver: {body.server_version}, Binlog ver: {body.binlog_version}"
    if t == EventType.rotate_event:
        position = getattr(body, "position", None)  # absent in binlog v1
        return f"{body.new_log_ident};pos={'' if position is None else position.value}"
    if t == EventType.xid_event:
        return f"COMMIT /* xid={body.xid.value} */"
    if t == EventType.table_map_event:
        return f"table_id: {body.table_id.value} ({body.schema_name}.{body.table_name})"
    if t in (EventType.rows_query_log_event, EventType.annotate_rows_event):
        return text(body.query)
    if isinstance(body, RowsEvent):
        end = " flags: STMT_END_F" if body.is_end_of_statement else ""
        return f"table_id: {body.table_id.value}{end}"
    return ""
