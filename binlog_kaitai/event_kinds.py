"""Kinds of events by type code, declared once from the spec's ``event_type`` enum.

Every module that asks "is this a rows event, a statement, a GTID?" takes the answer
from here, so the sets cannot drift apart.
"""

from __future__ import annotations

import re
from typing import Any

from kaitaistruct import KaitaiStructError

from binlog_kaitai.generated.mysql_event_type import MysqlEventType

EventType = MysqlEventType.EventType
_E = EventType
KNOWN = frozenset(int(t) for t in EventType)
"""Every type code the spec names."""

WRITE_ROWS = frozenset({
    _E.pre_ga_write_rows_event, _E.write_rows_event_v1, _E.write_rows_event,
    _E.write_rows_compressed_event_v1, _E.write_rows_compressed_event,
})
UPDATE_ROWS = frozenset({
    _E.pre_ga_update_rows_event, _E.update_rows_event_v1, _E.update_rows_event,
    _E.partial_update_rows_event, _E.update_rows_compressed_event_v1,
    _E.update_rows_compressed_event,
})
DELETE_ROWS = frozenset({
    _E.pre_ga_delete_rows_event, _E.delete_rows_event_v1, _E.delete_rows_event,
    _E.delete_rows_compressed_event_v1, _E.delete_rows_compressed_event,
})
ROWS = WRITE_ROWS | UPDATE_ROWS | DELETE_ROWS
"""Events that carry row images (MySQL's v0, v1, v2 and partial updates; MariaDB's
compressed v1 and v2)."""

QUERY = frozenset({_E.query_event, _E.execute_load_query_event, _E.query_compressed_event})
"""Events that carry a statement (a QUERY_EVENT body)."""

OLD_LOAD = frozenset({_E.load_event, _E.new_load_event, _E.create_file_event})
"""LOAD DATA as MySQL 3.23-4.x logs it (the statement's database, table and file in the
event; CREATE_FILE's is run by an EXEC_LOAD): a change logged as a statement."""

GTID = frozenset({_E.gtid_log_event, _E.anonymous_gtid_log_event, _E.gtid_tagged_log_event,
                  _E.gtid_event})
"""Events that start a transaction with its GTID (MySQL's three, MariaDB's one)."""

FILE_LEVEL = frozenset({
    _E.start_event_v3, _E.format_description_event, _E.rotate_event, _E.stop_event,
    _E.previous_gtids_log_event, _E.gtid_list_event, _E.binlog_checkpoint_event,
    _E.heartbeat_log_event, _E.start_encryption_event, _E.incident_event,
})
"""Events that belong to the file, not to a transaction."""


DDL_KEYWORDS = frozenset({b"CREATE", b"ALTER", b"DROP", b"RENAME", b"TRUNCATE"})
_LEADING = re.compile(rb"^(?:\s+|/\*(?!!).*?\*/|#[^\n]*\n|--\s[^\n]*\n)*", re.S)
"""Whitespace and comments before a statement (not /*! ... */, which is executable)."""
_WORD = re.compile(rb"[A-Za-z_]+")


def statement_bytes(body: Any) -> bytes | None:
    """The statement of a QUERY, EXECUTE_LOAD_QUERY or QUERY_COMPRESSED event body; None
    for a compressed one that cannot be inflated (unknown algorithm, damaged data)."""
    try:
        raw = body.query_text  # inflated here for QUERY_COMPRESSED_EVENT
    except KaitaiStructError:
        return None
    return None if raw is None else bytes(raw)


def query_kind(query: bytes) -> str:
    """What a logged statement does to transaction boundaries.

    ``begin``, ``commit``, ``rollback`` (the exact words the server writes), ``xa_start``,
    ``xa_commit``, ``xa_rollback``, ``ddl`` (CREATE, ALTER, DROP, RENAME, TRUNCATE) or
    ``statement`` for anything else (DML, SAVEPOINT, XA END, SET ...).
    """
    text = query[_LEADING.match(query).end():]  # type: ignore[union-attr]
    words = [w.upper() for w in _WORD.findall(text[:40])[:2]]
    if not words:
        return "statement"
    first = words[0]
    stripped = text.strip().rstrip(b";").strip().upper()
    if stripped in (b"BEGIN", b"COMMIT", b"ROLLBACK"):
        return stripped.decode().lower()
    if first == b"XA" and len(words) > 1:
        second = words[1]
        if second in (b"START", b"BEGIN"):
            return "xa_start"
        if second in (b"COMMIT", b"ROLLBACK"):
            return "xa_" + second.decode().lower()
        return "statement"
    return "ddl" if first in DDL_KEYWORDS else "statement"


KINDED = QUERY | {_E.gtid_event}
"""The types whose bodies have a :func:`event_kind` (every other type's is None)."""


def event_kind(type_code: int, body: Any) -> str | None:
    """The part of an event's body transaction boundaries depend on: :func:`query_kind`
    of a statement, ``standalone`` or ``group`` for a MariaDB GTID event; None for every
    other event (and for an event without a decoded body)."""
    if body is None:
        return None
    if type_code == EventType.gtid_event:
        return "standalone" if body.is_standalone else "group"
    if type_code in QUERY:
        text = statement_bytes(body)
        return query_kind(text) if text is not None else "statement"
    return None


KINDS: dict[str, frozenset[int]] = {
    "rows": ROWS, "insert": WRITE_ROWS, "write": WRITE_ROWS, "update": UPDATE_ROWS,
    "delete": DELETE_ROWS, "gtid": GTID, "query": QUERY,
    "xid": frozenset({_E.xid_event}), "table_map": frozenset({_E.table_map_event}),
    "rotate": frozenset({_E.rotate_event}), "file": FILE_LEVEL,
}
"""Kinds of events a person asks for (``--type``), by type code: both servers' and every
version's codes of each (``delete`` is MySQL's DELETE_ROWS v0, v1 and v2 and MariaDB's
compressed ones)."""
STATEMENT_KINDS = frozenset({"ddl"})
"""Kinds told by a statement's text (:func:`query_kind`), not by the type code."""


def type_family(name: str) -> str:
    """An event type's name without suffix, version or compression, as a person writes
    it: ``delete_rows`` for DELETE_ROWS_EVENT, DELETE_ROWS_EVENT_V1, PRE_GA_DELETE_ROWS_EVENT
    and DELETE_ROWS_COMPRESSED_EVENT(_V1); ``query`` for QUERY(_COMPRESSED)_EVENT."""
    key = _bare(name)
    return re.sub(r"^pre_ga_|_compressed|_v[12]$", "", key)


def _bare(name: str) -> str:
    """A type name in lower case without ``_event``/``_log_event``, as the enum's: the
    servers' own names (SHOW BINLOG EVENTS, ``Log_event::get_type_str``) that differ
    from it mapped to it (``Format_desc``, ``Update_rows_partial``, ``User var``, and
    MariaDB's ``MySQL Gtid`` and ``Write_rows_event_old`` for MySQL's events)."""
    key = name.strip().lower().replace(" ", "_").replace("_log_event", "").replace(
        "_event", "").removeprefix("mysql_")
    if key.endswith("_old"):
        key = "pre_ga_" + key.removesuffix("_old")
    return _SHOWN_NAMES.get(key, key)


_SHOWN_NAMES = {"format_desc": "format_description", "update_rows_partial":
                "partial_update_rows"}


def _families() -> dict[str, frozenset[int]]:
    found: dict[str, set[int]] = {}
    for t in EventType:
        found.setdefault(type_family(t.name), set()).add(int(t))
    return {family: frozenset(codes) for family, codes in found.items()}


_FAMILIES = _families()
_EXACT = {_bare(t.name): int(t) for t in EventType}


def types_named(name: str) -> tuple[frozenset[int], frozenset[str]]:
    """The type codes and statement kinds one ``--type`` item names: a kind of
    :data:`KINDS` or :data:`STATEMENT_KINDS`, a type code, or a type name in any case,
    with or without ``_EVENT``/``_LOG_EVENT`` (a name without version or compression
    stands for all of its family, see :func:`type_family`; one with them for itself).
    A name ending in ``_EVENT`` is a type name (QUERY_EVENT is not the kind ``query``,
    which has EXECUTE_LOAD_QUERY too). ValueError for anything else, naming the kinds."""
    key = _bare(name)
    named = name.strip().lower().endswith("_event")  # QUERY_EVENT: by name, not kind
    if key.isdigit():
        return frozenset({int(key)}), frozenset()
    if key in KINDS and not named:
        return KINDS[key], frozenset()
    if key in STATEMENT_KINDS and not named:
        return frozenset(), frozenset({key})
    found = _FAMILIES.get(key) or ({_EXACT[key]} if key in _EXACT else None)
    if found is None:
        raise ValueError(f"unknown event type {name.strip()!r}: a kind ("
                         + ", ".join([*KINDS, *sorted(STATEMENT_KINDS)])
                         + "), an event type name (DELETE_ROWS_EVENT, Write_rows_v1, "
                         "QUERY_EVENT...) or a type code")
    return frozenset(found), frozenset()


DML = re.compile(r"\s*(?:/\*.*?\*/\s*)*(INSERT|UPDATE|DELETE|REPLACE|LOAD)\b", re.I | re.S)
"""A statement that changes rows, its verb in group 1: in a binlog, a change logged as a
statement (``binlog_format=STATEMENT`` or ``MIXED``), whose rows are not in the binlog."""
_VERB_OPS = {"INSERT": "insert", "REPLACE": "insert", "LOAD": "insert", "UPDATE": "update",
             "DELETE": "delete"}


def statement_op(text: str) -> str | None:
    """The kind of row change (``insert``, ``update``, ``delete``) a statement's text
    makes (:data:`DML`); None for a statement that changes no rows."""
    found = DML.match(text)
    return None if found is None else _VERB_OPS[found[1].upper()]
