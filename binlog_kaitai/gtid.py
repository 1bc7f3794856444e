"""GTID sets as text, the way MySQL and MariaDB print them."""

from __future__ import annotations

from typing import Any

from binlog_kaitai.event import Event, EventType

MARIADB_GTID = EventType.gtid_event


def uuid_text(sid: bytes) -> str:
    h = sid.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def tagged_uuid(body: Any) -> bytes | None:
    """The source UUID of a GTID_TAGGED_LOG_EVENT body, when the event carries one."""
    fields = body.fields
    return bytes(u.value for u in fields.uuid) if fields.uuid_id.is_present else None


def gtid_body(ev: Event) -> Any:
    """What a GTID event's fields are read from: a MariaDB GTID's fields as the compiled
    readers read them (:meth:`~binlog_kaitai.event.Event.fixed_fields`: the spec's names
    and values, its whole body, without a parse), else the spec's body (None: it cannot
    be decoded)."""
    fields = ev.fixed_fields() if ev.type_code == MARIADB_GTID else None
    return ev.body if fields is None else fields


def event_gtid(ev: Event) -> str | None:
    """:func:`gtid_text` of a GTID event (from :func:`gtid_body`); None also for a body
    that cannot be decoded."""
    body = gtid_body(ev)
    return None if body is None else gtid_text(ev.type_code, ev.server_id, body)


def gtid_text(type_code: int, server_id: int, body: Any) -> str | None:
    """The GTID of a GTID event body (MySQL 33, 34, 42; MariaDB 162) as the servers print
    it: ``uuid:gno``, ``uuid:tag:gno``, ``domain-server-seq``; None for MySQL's
    anonymous GTIDs (gno 0)."""
    if type_code == MARIADB_GTID:
        return f"{body.domain_id}-{server_id}-{body.seq_no.value}"
    if type_code == EventType.gtid_tagged_log_event:
        uuid, gno = tagged_uuid(body), body.gno
    else:
        uuid, gno = body.sid, body.gno.value
    if uuid is None or gno == 0:
        return None
    tag = f"{body.tag}:" if getattr(body, "tag", None) else ""
    return f"{uuid_text(uuid)}:{tag}{gno}"


def intervals_text(intervals: list[Any]) -> list[str]:
    """Intervals are stored [start, end); MySQL prints them start-(end-1), or one number."""
    bounds = [(i.start.value, i.end.value) for i in intervals]
    return [str(start) if end - start == 1 else f"{start}-{end - 1}" for start, end in bounds]


def gtid_set_text(body: Any) -> str | None:
    """PREVIOUS_GTIDS as ``uuid:1-7:9,uuid2:1-4`` (tags as ``uuid:1-3:tag:1-2``, grouped
    under their UUID like MySQL 8.3+), or MariaDB's GTID_LIST as ``0-1-5,1-2-9``; None
    for a PREVIOUS_GTIDS in a format MySQL does not know (the spec keeps it as bytes)."""
    if hasattr(body, "gtids"):  # MariaDB GTID_LIST_EVENT
        return ",".join(f"{g.domain_id}-{g.server_id}-{g.seq_no.value}" for g in body.gtids)
    if not body.is_known_format:
        return None
    groups: list[list[str]] = []
    last_uuid = None
    for sid in body.sids:
        tag = getattr(sid, "tag", None)
        segment = ([tag.value] if tag is not None and tag.value else []) + intervals_text(
            sid.intervals)
        if sid.uuid == last_uuid:
            groups[-1].extend(segment)
        else:
            groups.append([uuid_text(sid.uuid), *segment])
            last_uuid = sid.uuid
    return ",".join(":".join(g) for g in groups)
