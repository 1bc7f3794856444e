"""Events for people and for programs: :func:`describe` gives the one-line description the
``Info`` column of ``SHOW BINLOG EVENTS`` shows, :func:`event_data` the ``data`` object of
``events --json``, whose schema docs/events-json.md documents per event type.

The data is the generated object's own fields, walked generically (:func:`to_jsonable`),
with the exceptions declared here: wrapper types read as one number (:data:`NUMBERS`),
framing the reader needs and the reader of the JSON does not (:func:`is_framing`), byte
strings that are text (:data:`TEXT_FIELDS`), bit sets given as the names of their bits
(:data:`BIT_SETS`), types shown as their one field (:data:`WRAPPERS`) and bodies whose
meaning lives in the spec's instances rather than in its fields (:data:`VIEWS`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal
from enum import IntEnum
from functools import cache, lru_cache
from json.encoder import encode_basestring_ascii
from typing import TYPE_CHECKING, Any, NamedTuple

from kaitaistruct import KaitaiStream, KaitaiStruct, KaitaiStructError

from binlog_kaitai.errors import decode_error_text
from binlog_kaitai.event import (
    DECODE_ERRORS,
    WHOLE_BODIES,
    BinlogFormat,
    Event,
    EventType,
    event_type_name,
)
from binlog_kaitai.generated.gtid_event import GtidEvent
from binlog_kaitai.generated.gtid_tagged_event import GtidTaggedEvent
from binlog_kaitai.generated.mariadb_compressed import MariadbCompressed
from binlog_kaitai.generated.mariadb_gtid_event import MariadbGtidEvent
from binlog_kaitai.generated.mariadb_gtid_list_event import MariadbGtidListEvent
from binlog_kaitai.generated.mysql_binlog import MysqlBinlog
from binlog_kaitai.generated.mysql_packed_int import MysqlPackedInt
from binlog_kaitai.generated.mysql_table_id import MysqlTableId
from binlog_kaitai.generated.mysql_uint64 import MysqlUint64
from binlog_kaitai.generated.previous_gtids_event import PreviousGtidsEvent
from binlog_kaitai.generated.query_event import QueryEvent
from binlog_kaitai.generated.rows_event import RowsEvent
from binlog_kaitai.generated.table_map_event import TableMapEvent
from binlog_kaitai.generated.transaction_payload_event import TransactionPayloadEvent
from binlog_kaitai.generated_fast import mariadb_gtid_event as fast_mariadb_gtid
from binlog_kaitai.generated_fast import mysql_binlog as fast
from binlog_kaitai.generated_fast import rows_event as fast_rows
from binlog_kaitai.gtid import gtid_set_text, gtid_text, tagged_uuid, uuid_text
from binlog_kaitai.parsed_bodies import rows_fields_bytes

_B = MysqlBinlog
_T = TableMapEvent

if TYPE_CHECKING:
    from binlog_kaitai.stream import RowsRun


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


def text(raw: bytes) -> str:
    """Free text of unknown charset, for people: UTF-8 where valid, escapes elsewhere."""
    return raw.decode("utf-8", errors="backslashreplace")


def quoted(name: str) -> str:
    """An identifier in backticks, as the server quotes it (a backtick doubled)."""
    return "`" + name.replace("`", "``") + "`"


# ---------------------------------------------------------------------------------------
# Descriptions: the Info column of SHOW BINLOG EVENTS


def describe(ev: Event, parsed: Parsed | None = None) -> str:
    """A short human description of an event, like the Info column of SHOW BINLOG EVENTS
    (MariaDB's and MySQL's, which agree where both have the event); ``parsed`` is its
    :func:`parse` when the caller has it."""
    body, _, error = parse(ev) if parsed is None else parsed
    if body is None:
        return f"undecodable body: {error}" if error else ""
    if type(body) is Compiled:
        return COMPILED_DESCRIPTIONS[type(body.fields)](ev, body)
    how = _DESCRIBERS.get(ev.type_code)
    if how is None:
        return _rows(ev, body) if isinstance(body, RowsEvent) else ""
    return _described(how, ev, body)


def _described(how: Callable[[Any, Any], str], ev: Any, body: Any) -> str:
    try:
        return how(ev, body)
    except DECODE_ERRORS as exc:  # an instance read lazily from damaged bytes
        return f"undecodable body: {decode_error_text(exc)}"


def _query(ev: Event, body: Any) -> str:
    """``use `db`; statement``, without the ``use`` when the event says the statement does
    not depend on the current database (LOG_EVENT_SUPPRESS_USE_F, e.g. COMMIT, CREATE
    DATABASE); EXECUTE_LOAD_QUERY adds its file id."""
    suppress = (ev.flags or 0) & _B.EventFlag.suppress_use
    use = f"use {quoted(body.schema)}; " if body.schema and not suppress else ""
    try:
        query = body.query_text  # inflated here for QUERY_COMPRESSED_EVENT
    except KaitaiStructError as exc:
        return use + f"<compressed statement unreadable: {exc}>"
    if query is None:
        return use + "<statement compressed with an unknown algorithm>"
    load = getattr(body, "execute_load_query", None)  # absent when the post-header is short
    return use + text(query) + ("" if load is None else f" ;file_id={load.file_id}")


def _rows(ev: Event, body: Any) -> str:
    end = " flags: STMT_END_F" if body.is_end_of_statement else ""
    return f"table_id: {body.table_id.value}{end}"


def _gtid(ev: Event, body: Any) -> str:
    """MySQL's GTID events as the statement a replica runs for them."""
    gtid = gtid_text(ev.type_code, ev.server_id, body)
    return f"SET @@SESSION.GTID_NEXT= '{gtid or 'ANONYMOUS'}'"


def _mariadb_gtid(ev: Event, body: Any) -> str:
    """``BEGIN GTID d-s-n`` (a transaction), ``GTID d-s-n`` (a standalone statement, e.g.
    DDL), ``XA START xid GTID d-s-n``; then the two-phase ALTER and group commit parts."""
    gtid = gtid_text(ev.type_code, ev.server_id, body)
    if body.is_standalone:
        head = "GTID "
    elif body.is_prepared_xa:
        head = f"XA START {_xid(body.xid.format_id, body.xid.gtrid, body.xid.bqual)} GTID "
    else:
        head = "BEGIN GTID "
    tail = " START ALTER" if body.is_start_alter else ""
    if body.is_commit_alter or body.is_rollback_alter:
        verb = "COMMIT" if body.is_commit_alter else "ROLLBACK"
        tail += f" {verb} ALTER id={body.sa_seq_no.value}"
    if body.is_group_commit_id:
        tail += f" cid={body.commit_id.value}"
    return head + gtid + tail


def _xid(format_id: int, gtrid: bytes, bqual: bytes) -> str:
    """An XA transaction id as the servers print it: ``X'gtrid',X'bqual',format``."""
    return f"X'{gtrid.hex()}',X'{bqual.hex()}',{format_id}"


def _xa_prepare(ev: Event, body: Any) -> str:
    gtrid, bqual = body.data[:body.len_gtrid], body.data[body.len_gtrid:]
    xid = _xid(body.format_id, gtrid, bqual)
    return f"XA COMMIT {xid} ONE PHASE" if body.one_phase else f"XA PREPARE {xid}"


def _previous_gtids(ev: Event, body: Any) -> str:
    """The set; MySQL separates its UUIDs with a comma and a line break."""
    gtids = gtid_set_text(body)
    return "<GTID set in an unknown format>" if gtids is None else gtids.replace(",", ",\n")


def _gtid_list(ev: Event, body: Any) -> str:
    """``[d-s-n,...]``, ordered by domain, server id and number as the server lists it
    (the event holds them in the order of the server's hash of its state)."""
    gtids = [g for g in (gtid_set_text(body) or "").split(",") if g]
    return "[" + ",".join(sorted(gtids, key=lambda g: [int(n) for n in g.split("-")])) + "]"


def _intvar(ev: Event, body: Any) -> str:
    return f"{_enum_name(body.type).upper()}={body.value.value}"


def _load_block(ev: Event, body: Any) -> str:
    return f";file_id={body.file_id};block_len={len(body.block)}"


def _create_file(ev: Event, body: Any) -> str:
    return (f"db={body.info.db};table={body.info.table_name};file_id={body.file_id};"
            f"block_len={len(body.block)}")


def _incident(ev: Event, body: Any) -> str:
    message = f": {text(body.message)}" if body.message else ""
    return f"#{int(body.incident)} ({_enum_name(body.incident).upper()}){message}"


def _transaction_payload(ev: Event, body: Any) -> str:
    compression = _enum_name(body.compression_type).upper()
    return f"compression='{compression}', decompressed_size={body.uncompressed_size} bytes"


_E = EventType
_DESCRIBERS: dict[int, Callable[[Event, Any], str]] = {
    _E.query_event: _query,
    _E.execute_load_query_event: _query,
    _E.query_compressed_event: _query,
    _E.format_description_event:
        lambda ev, b: f"Server ver: {b.server_version}, Binlog ver: {b.binlog_version}",
    _E.start_event_v3:
        lambda ev, b: f"Server ver: {b.server_version}, Binlog ver: {b.binlog_version}",
    _E.rotate_event: lambda ev, b: (  # no position in binlog v1
        f"{b.new_log_ident};pos={b.position.value if hasattr(b, 'position') else ''}"),
    _E.xid_event: lambda ev, b: f"COMMIT /* xid={b.xid.value} */",
    _E.table_map_event:
        lambda ev, b: f"table_id: {b.table_id.value} ({b.schema_name}.{b.table_name})",
    _E.rows_query_log_event: lambda ev, b: "# " + text(b.query),
    _E.annotate_rows_event: lambda ev, b: text(b.query),
    _E.gtid_log_event: _gtid,
    _E.anonymous_gtid_log_event: _gtid,
    _E.gtid_tagged_log_event: _gtid,
    _E.gtid_event: _mariadb_gtid,
    _E.previous_gtids_log_event: _previous_gtids,
    _E.gtid_list_event: _gtid_list,
    _E.binlog_checkpoint_event: lambda ev, b: b.binlog_file_name,
    _E.intvar_event: _intvar,
    _E.rand_event: lambda ev, b: f"rand_seed1={b.seed1.value},rand_seed2={b.seed2.value}",
    _E.user_var_event: lambda ev, b: user_var_text(b, ev.format),
    _E.xa_prepare_log_event: _xa_prepare,
    _E.begin_load_query_event: _load_block,
    _E.append_block_event: _load_block,
    _E.exec_load_event: lambda ev, b: f";file_id={b.file_id}",
    _E.delete_file_event: lambda ev, b: f";file_id={b.file_id}",
    _E.create_file_event: _create_file,
    _E.incident_event: _incident,
    _E.heartbeat_log_event: lambda ev, b: b.log_ident,
    _E.transaction_payload_event: _transaction_payload,
}


def _enum_name(value: Any) -> str:
    """An enum's name, or its number when the spec's enum does not list it."""
    return value.name if isinstance(value, IntEnum) else str(value)


# ---------------------------------------------------------------------------------------
# Values the spec keeps as bytes: USER_VAR's


_COLLATION_NAMES = {
    8: "latin1_swedish_ci", 11: "ascii_general_ci", 33: "utf8mb3_general_ci",
    45: "utf8mb4_general_ci", 46: "utf8mb4_bin", 47: "latin1_bin", 63: "binary",
    83: "utf8mb3_bin", 192: "utf8mb3_unicode_ci", 224: "utf8mb4_unicode_ci",
    255: "utf8mb4_0900_ai_ci",
}
"""Names of the collations string user variables usually have (the client's defaults of
MariaDB and MySQL), for their description; others are shown by number."""


def user_var_unsigned(body: Any) -> bool:
    """Whether an integer USER_VAR is UNSIGNED (the spec's ``is_unsigned``: bit 0 of
    ``flags``, which older servers do not write)."""
    return bool(body.is_unsigned)


def user_var_value(body: Any) -> Any:
    """A USER_VAR's value by its type (the spec keeps it as bytes, whose layout depends on
    the type): an integer (UNSIGNED applied), a float, DECIMAL as its exact text, a string
    decoded with its character set (binary ones as ``{"base64": ...}``); None for NULL."""
    from binlog_kaitai import values  # here: value conversion is not needed at CLI start
    from binlog_kaitai.packed import decimal_decoder

    if body.is_null:
        return None
    raw, kind = body.value, body.value_type
    if kind == _B.ItemResult.int_result:
        return values.converter(values.LONGLONG, None, values.ColumnInfo(
            unsigned=user_var_unsigned(body)))(raw[:8])
    if kind == _B.ItemResult.real_result:
        return values.converter(values.DOUBLE, None, values.ColumnInfo())(raw[:8])
    if kind == _B.ItemResult.decimal_result:  # precision, scale, the binary DECIMAL
        return decimal_decoder(raw[0], raw[1])(raw[2:])
    if kind == _B.ItemResult.string_result:
        return values.text_decoder(values.charset_of_collation(body.charset))(raw)
    return raw.hex()  # ROW_RESULT: never logged by a server


def user_var_text(body: Any, fmt: BinlogFormat | None = None) -> str:
    """``@`name`=value`` as the servers print it: strings as ``_charset X'hex' COLLATE
    name``, floats in the server's shortest form (:func:`server_double`). ``fmt``, the
    format of the file, says whether its server calls utf8mb3 ``utf8``."""
    name = "@" + quoted(text(body.name)) + "="
    if body.is_null:
        return name + "NULL"
    kind = body.value_type
    if kind == _B.ItemResult.string_result:
        from binlog_kaitai.values import charset_of_collation

        charset = charset_of_collation(body.charset) or "?"
        collation = _COLLATION_NAMES.get(body.charset, str(body.charset))
        if charset == "utf8mb3" and fmt is not None and says_utf8(fmt):
            charset, collation = "utf8", collation.replace("utf8mb3_", "utf8_")
        literal = f"X'{body.value.hex().upper()}'" if body.value else '""'
        return f"{name}_{charset} {literal} COLLATE {collation}"
    value = user_var_value(body)
    return name + (server_double(value) if kind == _B.ItemResult.real_result else str(value))


def says_utf8(fmt: BinlogFormat) -> bool:
    """Whether the server that wrote a file names utf8mb3 ``utf8``, as MySQL before 8.0.30
    and MariaDB before 10.6.1 do."""
    found = re.match(r"(\d+)\.(\d+)\.(\d+)", fmt.server_version)
    if found is None:
        return False
    version = tuple(int(n) for n in found.groups())
    return version < ((10, 6, 1) if fmt.is_mariadb else (8, 0, 30))


def server_double(value: float) -> str:
    """A double as MySQL's and MariaDB's ``my_gcvt`` prints it in 22 characters: the
    shortest digits that read back as the same double, in fixed notation when the decimal
    point is within 15 digits of them, else as ``1.5e20``."""
    if value == 0:
        return "0"
    sign, width = ("-", 21) if value < 0 else ("", 22)
    exact = Decimal(repr(abs(value))).normalize().as_tuple()
    digits = "".join(map(str, exact.digits))
    count = len(digits)
    point = count + int(exact.exponent)  # digits before the decimal point
    fits = (count - point + 2 if point <= 0 else count + 1 if point < count else point
            ) <= width
    fixed = (fits or (point <= width and point >= -1)) and (
        not fits or (point >= -14 and (point <= 15 or count > point)))
    if not fixed:
        mantissa = digits[0] + ("." + digits[1:] if count > 1 else "")
        return f"{sign}{mantissa}e{point - 1}"
    if point <= 0:
        return f"{sign}0.{'0' * -point}{digits}"
    if point < count:
        return f"{sign}{digits[:point]}.{digits[point:]}"
    return sign + digits + "0" * (point - count)


# ---------------------------------------------------------------------------------------
# JSON data: the generated objects' fields, with declared exceptions


def event_data(ev: Event, parsed: Parsed | None = None) -> Any:
    """The ``data`` of ``events --json``: the body as JSON (docs/events-json.md); a body
    that could not be decoded, or a type the spec keeps as bytes, as ``raw`` hex (with
    ``decode_error`` when decoding failed). ``parsed``: as for :func:`describe`."""
    return _data(ev, parse(ev) if parsed is None else parsed)[0]


def event_data_json(ev: Event, parsed: Parsed) -> str:
    """:func:`event_data` as JSON text, as ``json.dumps`` writes it; a shared table
    map's is encoded once."""
    body = parsed.body
    if type(body) is Compiled:
        if type(body.fields) in COMPILED_DATA:
            return COMPILED_DATA[type(body.fields)](ev, body)
        text = _compiled_rows_text(ev, body)
        if text is not None:
            return text
    data, text = _data(ev, parsed)
    return _json_text(data) if text is None else text


def _json_text(data: Any) -> str:
    """``json.dumps(data)``; an object of numbers, strings and lists of strings (most
    events' data) written by the json module's string encoder, twice as quick as
    ``json.dumps`` for the small objects of OLTP events."""
    if type(data) is not dict:
        return json.dumps(data)
    parts = []
    for key, value in data.items():
        kind = type(value)
        if kind is str:
            value = encode_basestring_ascii(value)
        elif kind is list and all(type(v) is str for v in value):
            value = "[" + ", ".join(map(encode_basestring_ascii, value)) + "]"
        elif kind is not int:  # (a bool is no int here)
            return json.dumps(data)
        parts.append(f"{encode_basestring_ascii(key)}: {value}")
    return "{" + ", ".join(parts) + "}"


def _data(ev: Event, parsed: Parsed) -> tuple[Any, str | None]:
    """The data and, for a shared table map's, its JSON text (None: not encoded yet)."""
    body, _, error = parsed
    if body is None:
        return {"raw": ev.raw.hex(), "decode_error": error}, None
    if isinstance(body, (bytes, bytearray)):
        return {"raw": body.hex()}, None
    if type(body) is Compiled:
        if type(body.fields) is fast_rows.RowsEvent:
            return _compiled_rows_data(ev, body)
        data_json = COMPILED_DATA[type(body.fields)](ev, body)
        return json.loads(data_json), data_json
    if type(body) is RowsEvent and not body.is_compressed:
        return _rows_data(ev, body)
    shared = ev.type_code == EventType.table_map_event
    if shared:
        kept = _kept_shared(body)
        if kept is not None:
            return kept
    data = _converted_data(ev, body)
    if not shared or "decode_error" in data:
        return data, None
    if len(_SHARED_DATA) >= 256:
        _SHARED_DATA.clear()
    text = json.dumps(data)
    _SHARED_DATA[id(body)] = (body, data, text)
    return data, text


def _kept_shared(body: Any) -> tuple[Any, str] | None:
    """The data and JSON text kept for a table map's body (None: none kept)."""
    kept = _SHARED_DATA.get(id(body))
    return None if kept is None or kept[0] is not body else (kept[1], kept[2])


_SHARED_DATA: dict[int, tuple[Any, Any, str]] = {}
"""The data of the last table maps' bodies and its JSON text, by body: a table map
repeats in every transaction on its table, and the stream hands out one body for the
same bytes (:mod:`~binlog_kaitai.parsed_bodies`). The body is kept with it, so that its
id is not reused while it is here."""


def _rows_data(ev: Event, body: Any) -> tuple[Any, str | None]:
    """A rows event's data, from that of the last event whose body had the same bytes
    before its row images (the spec reads its fields, table id to column bitmaps, from
    those bytes alone: the stream shares them so, see
    :mod:`~binlog_kaitai.parsed_bodies`) with its own ``rows``; and its JSON text."""
    rows = body.rows.hex()
    fmt = ev.format
    if fmt.is_type_code_permuted:
        return _converted_data(ev, body), None
    key = (fmt, ev.type_code, bytes(rows_fields_bytes(ev.raw, fmt, body)))
    kept = _ROWS_DATA.get(key)
    if kept is None:
        data = _converted_data(ev, body)
        if data.get("rows") != rows:  # raw: not a body the spec read
            return data, None
        text = json.dumps(data | {"rows": _ROWS_MARK}).split(json.dumps(_ROWS_MARK))
        if len(text) != 2:
            return data, None
        if len(_ROWS_DATA) >= 1024:
            _ROWS_DATA.clear()
        kept = _ROWS_DATA[key] = (data, text[0], text[1])
    return _with_rows(kept, rows)


def _with_rows(kept: tuple[Any, str, str], rows: str) -> tuple[Any, str]:
    """The data and JSON text kept for a rows event's fields, with its row images'
    hex ``rows``."""
    data = dict(kept[0])
    data["rows"] = rows
    return data, _rows_text(kept, rows)


def _rows_text(kept: tuple[Any, str, str], rows: str) -> str:
    return f'{kept[1]}"{rows}"{kept[2]}'


def _compiled_rows_data(ev: Event, body: Compiled) -> tuple[Any, str | None]:
    """:func:`_rows_data` of a rows event read by the compiled reader: the data kept for
    the bytes before its row images (:func:`_kept_rows`), else the spec's parse of the
    body."""
    kept = _kept_rows(ev, body)
    return _rows_data(ev, ev.body) if kept is None else _with_rows(
        kept, body.span("rows").hex())


def _compiled_rows_text(ev: Event | EventHead, body: Compiled) -> str | None:
    """:func:`_compiled_rows_data`'s JSON text alone (no data object made), None when
    no data is kept for the bytes before its row images."""
    kept = _kept_rows(ev, body)
    return None if kept is None else _rows_text(kept, body.span("rows").hex())


def _kept_rows(ev: Event | EventHead, body: Compiled) -> tuple[Any, str, str] | None:
    """What is kept for the bytes before the row images of a rows event read by the
    compiled reader (their span): the data and the JSON text around its ``rows``."""
    return _ROWS_DATA.get((ev.format, ev.type_code,
                           body.raw[body.at + ev.format.header_len:body.fields.rows_at]))


def _converted_data(ev: Event, body: Any) -> Any:
    """The body's data, or its ``raw`` hex with the error an instance raised."""
    try:
        return to_jsonable(body, event=ev)
    except DECODE_ERRORS as exc:  # an instance read lazily from damaged bytes
        return {"raw": ev.raw.hex(), "decode_error": decode_error_text(exc)}


_ROWS_MARK = "\x00rows\x00"
"""Where a rows event's row images go in the JSON text kept for its fields."""
_ROWS_DATA: dict[tuple[BinlogFormat, int, bytes], tuple[Any, str, str]] = {}
"""The data and JSON text (before and after the row images) of the last rows events'
fields, by the bytes they were read from."""


class Parsed(NamedTuple):
    """An event's body, CRC verdict and decode error, as :class:`Event` gives them; the
    body may be a :class:`Compiled` one's instead."""

    body: Any
    checksum_ok: bool | None
    decode_error: str | None


class EventHead(NamedTuple):
    """What the views of a compiled body (:data:`COMPILED_DATA`...) read of its event,
    as an :class:`Event` has it: for the events of a run, which have no Event."""

    type_code: int
    server_id: int
    format: BinlogFormat


class Compiled(NamedTuple):
    """A body read by the readers ``tools/ksy_fast.py`` compiles from the spec: their
    object (the spec's member names; a span as ``<id>_at``, ``<id>_size``), the bytes
    its spans index and where its event starts in them."""

    fields: Any
    raw: bytes
    at: int = 0

    def span(self, name: str) -> bytes:
        at = getattr(self.fields, f"{name}_at")
        return self.raw[at:at + getattr(self.fields, f"{name}_size")]


def parse(ev: Event) -> Parsed:
    """The event's :class:`Parsed`: for a body the compiled readers read whole
    (:data:`~binlog_kaitai.event.WHOLE_BODIES`: MariaDB's GTID but an XA one, XID,
    ANNOTATE_ROWS, rows events but MariaDB's compressed ones), their fields
    (:meth:`~binlog_kaitai.event.Event.fixed_fields`, a tenth of the spec's parse of the
    event), with the event's verdicts, which need no parse
    then; else (or when the readers refuse the body) the event's own. The readers read
    the whole body, so they read it where the spec does (``test_render`` checks the
    data, descriptions and verdicts are the same on every real file and fuzz input)."""
    if ev.type_code in WHOLE_BODIES:
        fields = ev.fixed_fields()
        if fields is not None and not getattr(fields, "has_xid", False):  # (XA: the spec's)
            raw = ev.raw if type(ev.raw) is bytes else bytes(ev.raw)
            return Parsed(Compiled(fields, raw), ev.checksum_ok, None)
    return Parsed(ev.body, ev.checksum_ok, ev.decode_error)


def _mariadb_gtid_json(ev: Event | EventHead, body: Compiled) -> str:
    """The data of a MariaDB GTID read by the compiled reader, as JSON text: the spec's
    object's members in order, those absent left out, 64-bit halves joined, flags named,
    padding left out (what :func:`_converted_data` gives of the spec's object)."""
    f = body.fields
    text = (f'{{"gtid": "{gtid_text(ev.type_code, ev.server_id, f)}", '
            f'"seq_no": {f.seq_no.value}, "domain_id": {f.domain_id}, '
            f'"flags2": {_bit_names_json(f.flags2, MariadbGtidEvent.Flag2)}')
    if f.has_commit_id:
        text += f', "commit_id": {f.commit_id.value}'
    if f.has_flags_extra:
        text += f', "flags_extra": {_bit_names_json(f.flags_extra, MariadbGtidEvent.FlagExtra)}'
    if f.has_extra_engines:
        text += f', "extra_engines": {f.extra_engines}'
    if f.has_sa_seq_no:
        text += f', "sa_seq_no": {f.sa_seq_no.value}'
    if f.has_thread_id:
        text += f', "thread_id": {f.thread_id}'
    return text + "}"


@lru_cache(maxsize=1024)  # (a damaged file's flags may be any value: bounded)
def _bit_names_json(value: int, bits: type[IntEnum]) -> str:
    return json.dumps(bit_names(value, bits))


COMPILED_DATA: dict[type, Callable[[Any, Compiled], str]] = {
    fast.XidEvent: lambda ev, b: f'{{"xid": {b.fields.xid.value}}}',
    fast.AnnotateRowsEvent:
        lambda ev, b: '{"query": ' + encode_basestring_ascii(text(b.span("query"))) + "}",
    fast_mariadb_gtid.MariadbGtidEvent: _mariadb_gtid_json,
}
"""The data of each compiled body but a rows event's (:func:`_compiled_rows_data`), as
JSON text, of its event (an :class:`Event`, or an :class:`EventHead` of a run's event):
what :func:`_converted_data` gives of the spec's object of the body."""
COMPILED_DESCRIPTIONS: dict[type, Callable[[Any, Compiled], str]] = {
    fast.XidEvent: lambda ev, b: _DESCRIBERS[EventType.xid_event](ev, b.fields),
    fast.AnnotateRowsEvent: lambda ev, b: text(b.span("query")),
    fast_mariadb_gtid.MariadbGtidEvent: lambda ev, b: _mariadb_gtid(ev, b.fields),
    fast_rows.RowsEvent: lambda ev, b: _rows(ev, b.fields),
}
"""The description of each compiled body, as :func:`describe` gives the spec's object."""


_AS_IS = frozenset({int, str, float, bool, type(None)})
"""Types that are JSON already (exactly: an IntEnum is an int, and shown by name)."""


def to_jsonable(value: Any, *, event: Event | None = None) -> Any:
    """Decoded value tree -> JSON types: numbers as numbers (the spec's 64-bit halves,
    table ids and packed integers joined), bytes as hex, enums as names, with the
    exceptions of the module docstring; ``event`` is the event the tree is the body of,
    for the views that need its header (a MariaDB GTID's server id)."""
    if type(value) in _AS_IS:
        return value
    if isinstance(value, KaitaiStruct):
        return _struct(value, event)
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    if isinstance(value, IntEnum):
        return value.name
    if isinstance(value, list):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):  # a view's, whose values may still be generated objects
        return {k: to_jsonable(v) for k, v in value.items()}
    return value


def _struct(obj: KaitaiStruct, event: Event | None) -> Any:
    cls = type(obj)
    number = NUMBERS.get(cls)
    if number is not None:
        return number(obj)
    view = VIEWS.get(cls)
    if view is not None:
        return to_jsonable(view(obj, event))
    out = _converted(obj)
    if cls in WRAPPERS:
        return out.get(WRAPPERS[cls])
    return out


def _converted(obj: KaitaiStruct) -> dict[str, Any]:
    """A struct's fields as JSON values: framing left out, text decoded, bit sets named."""
    cls = type(obj)
    modes = _MODES.get(cls)
    if modes is None:
        modes = _MODES[cls] = {}
    out = {}
    for name, value in vars(obj).items():
        mode = modes.get(name)
        if mode is None:
            mode = modes[name] = _mode(cls, name)
        if mode is _SKIP:
            continue
        if mode is _TEXT and isinstance(value, (bytes, bytearray)):
            out[name] = text(value)
            continue
        out[name] = converted = to_jsonable(value)
        if mode is not _PLAIN and isinstance(converted, int):
            out[name] = bit_names(converted, mode)
    return out


_SKIP, _TEXT, _PLAIN = object(), object(), object()
_MODES: dict[type, dict[str, Any]] = {}
"""What :func:`_converted` does with each attribute of a generated type, by name (worked
out once a type and name): leave it out (no field: a param, an instance's cache, the
parser's own; or framing), decode it as text, name its bits (the enum), or convert it."""


def _mode(cls: type, name: str) -> Any:
    if name.startswith("_") or name in param_names(cls) or is_framing(cls, name):
        return _SKIP
    if (cls, name) in TEXT_FIELDS:
        return _TEXT
    return BIT_SETS.get((cls, name), _PLAIN)


NUMBERS: dict[type, Callable[[Any], Any]] = {
    MysqlUint64: lambda v: v.value,
    MysqlTableId: lambda v: v.value,
    MysqlPackedInt: lambda v: None if v.is_null else v.value,
}
"""Types the spec reads in pieces (halves, a length code) that mean one number (those
of the GTID events' types are read by their :data:`VIEWS`)."""

_FRAMING_NAMES = frozenset({"padding", "terminator", "num_names", "num_mappings",
                            "num_values", "field_name_lengths"})


def is_framing(cls: type, name: str) -> bool:
    """Fields that only frame others: a length (``len_*``, and the ``length`` before a
    value), a count before a list, a terminator, padding."""
    return (name.startswith("len_") or name.endswith("_terminator")
            or name in _FRAMING_NAMES or (name == "length" and cls in _LENGTH_PREFIXED))


_LENGTH_PREFIXED = frozenset({_T.OptionalField, _T.ColumnName, _B.RowsQueryEvent,
                              _B.LengthPrefixedBytes})
"""Types whose field ``length`` is the size of the next one (ROWS_QUERY's is that size
modulo 256, which MySQL ignores)."""

TEXT_FIELDS = frozenset({
    (_B.UserVarEvent, "name"), (QueryEvent, "query"), (_B.RowsQueryEvent, "query"),
    (_B.AnnotateRowsEvent, "query"), (_B.IncidentEvent, "message"), (_T.StrValue, "value"),
    (_B.LoadInfo, "file_name"), (_B.LengthPrefixedBytes, "value"),
})
"""Byte strings that are text of a charset the event does not name: UTF-8 (the servers'
system charset), escapes where the bytes are not."""

BIT_SETS: dict[tuple[type, str], type[IntEnum]] = {
    (MariadbGtidEvent, "flags2"): MariadbGtidEvent.Flag2,
    (MariadbGtidEvent, "flags_extra"): MariadbGtidEvent.FlagExtra,
    (RowsEvent, "flags"): RowsEvent.RowsFlag,
    (QueryEvent.Flags2Var, "flags"): QueryEvent.Flags2Bit,
    (QueryEvent.SqlModeVar, "modes"): QueryEvent.SqlModeBit,
    (QueryEvent.GtidFlags3Var, "flags"): QueryEvent.GtidFlags3Bit,
}
"""Flag fields, shown as the names of their bits (from the spec's enum)."""


def bit_names(value: int, bits: type[IntEnum]) -> list[str | int]:
    """The names of the bits set in ``value``; a bit the enum does not name as its value."""
    return list(_bit_names(value, bits))


@lru_cache(maxsize=1024)  # (a damaged file's flags may be any value: bounded)
def _bit_names(value: int, bits: type[IntEnum]) -> tuple[str | int, ...]:
    names: list[str | int] = [b.name for b in bits if value & b]
    known = sum(int(b) for b in bits)
    names += [1 << i for i in range(value.bit_length()) if value & ~known & (1 << i)]
    return tuple(names)


WRAPPERS: dict[type, str] = {
    _T.FieldMetadata: "column_metas", _T.OptionalMetadata: "fields",
    _T.BitmapMsb: "bitmap", _T.PackedIntList: "items", _T.ColumnNames: "names",
    _T.ColumnName: "name", _T.StrValueLists: "columns", _T.StrValueList: "values",
    _T.StrValue: "value", _T.KeyPrefixes: "parts",
    QueryEvent.Flags2Var: "flags", QueryEvent.SqlModeVar: "modes",
    QueryEvent.ShortString: "value", QueryEvent.CatalogWithNul: "name",
    QueryEvent.Bitmap64: "bitmap", QueryEvent.UpdatedDbNamesVar: "names",
    QueryEvent.UnknownVar: "rest", QueryEvent.CharacterSetCollationsVar: "mappings",
    _B.LengthPrefixedBytes: "value",
}
"""Types shown as their one field (after framing): a list, a bitmap, a name."""


def _status_vars(obj: Any, event: Event | None) -> dict[str, Any]:
    """QUERY's status variables as an object by name (the spec's list of code + value)."""
    return {_enum_name(e.code): to_jsonable(e.value) for e in obj.entries}


def _column_meta(obj: Any, event: Event | None) -> dict[str, Any]:
    """A column's metadata; for STRING/ENUM/SET the real type and length the spec's
    instances decode from the two bytes where MySQL packs them."""
    out = {k: v for k, v in fields(obj) if k not in ("real_type_byte", "length_byte")}
    if obj.is_string_family:
        out["real_type"] = _field_type(obj.real_type)
        out["length"] = obj.string_length
    return out


def _field_type(code: int) -> Any:
    return KaitaiStream.resolve_enum(_T.FieldType, code)


def _table_map(obj: Any, event: Event | None) -> dict[str, Any]:
    """TABLE_MAP's fields, the column types as their names."""
    return _converted(obj) | {"column_types": [_field_type(c) for c in obj.column_types]}


def _query_event(obj: Any, event: Event | None) -> dict[str, Any]:
    """QUERY's fields, the statement as text (inflated when compressed: ``query`` is None
    when it cannot be)."""
    out = {k: v for k, v in _converted(obj).items() if k != "query"}
    try:
        query = obj.query_text
    except KaitaiStructError:
        query = None
    out["query"] = None if query is None else text(query)
    return out


def _rows_event(obj: Any, event: Event | None) -> dict[str, Any]:
    """A rows event's fields, an update's after-image bitmap as the spec's
    ``columns_present_after`` (the before image's own, in a pre-GA update)."""
    out = {k: v for k, v in _converted(obj).items() if k != "after_image_columns"}
    if obj.has_after_image:
        out["columns_present_after"] = to_jsonable(obj.columns_present_after)
    return out


def _compressed(obj: Any, event: Event | None) -> dict[str, Any]:
    size = obj.len_uncompressed if hasattr(obj, "len_uncompressed") else None
    return {"algorithm": obj.algorithm, "uncompressed_size": size,
            "compressed": obj.compressed}


def _mysql_gtid(obj: Any, event: Event | None) -> dict[str, Any]:
    """GTID_LOG_EVENT, ANONYMOUS_GTID_LOG_EVENT and GTID_TAGGED_LOG_EVENT alike, from the
    spec's instances (which apply MySQL's defaults for the parts an event leaves out)."""
    tagged = isinstance(obj, GtidTaggedEvent)
    uuid = tagged_uuid(obj) if tagged else obj.sid
    out: dict[str, Any] = {
        "gtid": gtid_text(event.type_code, event.server_id, obj) if event else None,
        "uuid": None if uuid is None else uuid_text(uuid),
        "gno": obj.gno if tagged else obj.gno.value,
        "flags": obj.gtid_flags, "may_have_sbr": obj.may_have_sbr,
    }
    if tagged:
        out["tag"] = obj.tag
    has = dict.fromkeys(("clock", "times", "length", "versions"), True) if tagged else {
        "clock": obj.has_logical_clock, "times": obj.has_commit_timestamps,
        "length": obj.has_transaction_length, "versions": obj.has_server_versions}
    if has["clock"]:
        out["last_committed"] = obj.last_committed
        out["sequence_number"] = obj.sequence_number
    if has["times"]:
        out["immediate_commit_timestamp"] = obj.immediate_commit_ts
        out["original_commit_timestamp"] = obj.original_commit_ts
    if has["length"]:
        out["transaction_length"] = obj.transaction_length
    if has["versions"]:
        out["immediate_server_version"] = obj.immediate_server_version
        out["original_server_version"] = obj.original_server_version
    if obj.has_commit_group_ticket:
        out["commit_group_ticket"] = obj.commit_group_ticket
    return out


def _mariadb_gtid_data(obj: Any, event: Event | None) -> dict[str, Any]:
    gtid = gtid_text(event.type_code, event.server_id, obj) if event else None
    return {"gtid": gtid} | _converted(obj)


def _xid_struct(obj: Any, event: Event | None) -> dict[str, Any]:
    return {"format_id": obj.format_id, "gtrid": obj.gtrid, "bqual": obj.bqual}


def _xa_prepare_data(obj: Any, event: Event | None) -> dict[str, Any]:
    return {"one_phase": bool(obj.one_phase), "format_id": obj.format_id,
            "gtrid": obj.data[:obj.len_gtrid], "bqual": obj.data[obj.len_gtrid:]}


def _user_var(obj: Any, event: Event | None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": text(obj.name), "is_null": bool(obj.is_null)}
    if not obj.is_null:
        out |= {"value_type": obj.value_type, "charset": obj.charset,
                "is_unsigned": user_var_unsigned(obj)}
    out["value"] = user_var_value(obj)
    return out


VIEWS: dict[type, Callable[[Any, Event | None], Any]] = {
    GtidEvent: _mysql_gtid,
    GtidTaggedEvent: _mysql_gtid,
    MariadbGtidEvent: _mariadb_gtid_data,
    MariadbGtidEvent.Xid: _xid_struct,
    PreviousGtidsEvent: lambda o, ev: {"format": o.format, "gtid_set": gtid_set_text(o),
                                       "rest": o.rest},
    MariadbGtidListEvent: lambda o, ev: {"gtid_list": gtid_set_text(o), "flags": o.flags},
    _B.UserVarEvent: _user_var,
    _B.XaPrepareEvent: _xa_prepare_data,
    _B.FormatDescriptionEvent: lambda o, ev: _converted(o) | {
        "post_header_lengths": list(o.post_header_lengths)},
    QueryEvent: _query_event,
    QueryEvent.StatusVars: _status_vars,
    MariadbCompressed: _compressed,
    _T: _table_map,
    RowsEvent: _rows_event,
    _T.ColumnMeta: _column_meta,
    TransactionPayloadEvent: lambda o, ev: {
        "compression_type": o.compression_type, "uncompressed_size": o.uncompressed_size,
        "payload_size": o.payload_size, "payload": o.payload},
}
"""Bodies (and parts) built from the spec's instances, or with a field decoded further."""


# ---------------------------------------------------------------------------------------
# ``events --json`` lines


def json_line(name_json: str, pos: int, head: tuple[int, int, int, int, int, int],
              checksum_json: str, info_json: str, data_json: str) -> str:
    """An ``events --json`` line (``json.dumps`` of the object docs/events-json.md
    describes), written directly: ``name_json`` the file's name as JSON, ``head`` the
    header's fields as the framing gives them (timestamp, type code, server id, length,
    log_pos and flags, -1 where absent), the rest JSON text."""
    timestamp, type_code, server_id, length, log_pos, flags = head
    return (f'{{"file": {name_json}, "pos": {pos}, "type": "{event_type_name(type_code)}", '
            f'"type_code": {type_code}, "timestamp": {timestamp}, '
            f'"server_id": {server_id}, "length": {length}, '
            f'"log_pos": {"null" if log_pos < 0 else log_pos}, '
            f'"flags": {"null" if flags < 0 else flags}, '
            f'"checksum_ok": {checksum_json}, "info": {info_json}, "data": {data_json}}}')


CHECKSUM_JSON = {True: "true", False: "false", None: "null"}
"""``checksum_ok`` as JSON, by an event's verdict."""
_FRAMED_CHECKSUM_JSON = {1: "true", 0: "false", -1: "null"}
"""``checksum_ok`` as JSON, by the framing's verdict."""


def run_json_lines(run: RowsRun, name_json: str) -> list[str | None]:
    """The ``events --json`` line of each event of a run (``BinlogStream(event_runs=
    True, checksums=True)``), made from the header the framing read, its CRC verdict and
    the fields the run holds, as :func:`json_line` makes it of the event: no Event made,
    no parse. None for an event whose line needs its Event: a table map or rows event
    whose data is not kept yet for its bytes (the first of its kind: see
    :data:`_SHARED_DATA`, :data:`_ROWS_DATA`), an XA GTID."""
    fmt, data, base = run.format, run.data, run.base
    lines: list[str | None] = []
    heads: dict[tuple[int, int], EventHead] = {}  # (a file's few types and server ids)
    for at, framed, fields, crc in zip(run.ats, run.heads, run.fields, run.crcs, strict=True):
        key = framed[1], framed[2]
        head = heads.get(key)
        if head is None:
            head = heads[key] = EventHead(*key, fmt)
        texts = _run_item_texts(head, fields, data, at)
        checksum = _FRAMED_CHECKSUM_JSON.get(crc)
        lines.append(None if texts is None or checksum is None else json_line(
            name_json, base + at, framed, checksum, *texts))
    return lines


def _run_item_texts(head: EventHead, fields: Any, data: bytes, at: int
                    ) -> tuple[str, str] | None:
    """The description and data, as JSON, of an event of a run (see
    :func:`run_json_lines`): its body ``fields`` as the run holds them."""
    if head.type_code == EventType.table_map_event:
        kept = _kept_shared(fields)
        if kept is None:
            return None
        return encode_basestring_ascii(_described(_DESCRIBERS[head.type_code], head,
                                                  fields)), kept[1]
    kind = type(fields)
    if kind is fast_mariadb_gtid.MariadbGtidEvent and fields.has_xid:  # (XA: as parse)
        return None
    body = Compiled(fields, data, at)
    if kind is fast_rows.RowsEvent:
        data_json = _compiled_rows_text(head, body)
        if data_json is None:
            return None
    else:
        data_json = COMPILED_DATA[kind](head, body)
    return encode_basestring_ascii(COMPILED_DESCRIPTIONS[kind](head, body)), data_json
