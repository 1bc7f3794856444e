"""Where transactions begin and end, from event types and statement texts alone.

One small state machine, :class:`TransactionTracker`, decides it for the full parse (the
Spark job's ``transactions`` table, the ``gtid`` of each event) and for the header-only
passes (the split planner, the XID look-ahead, ``seek``), so a split always starts
exactly where the full parse would start a new transaction. The rules follow what MySQL
and MariaDB write:

* a GTID event (MySQL 33, 34, 42; MariaDB 162) always starts a transaction; MariaDB's
  stands for BEGIN unless it is flagged standalone, so the transaction is explicit;
* ``BEGIN`` (or ``XA START``) starts one when none is open and makes it explicit: only
  XID, ``COMMIT``, ``ROLLBACK``, XA_PREPARE (or XA COMMIT/ROLLBACK) end it;
* in a transaction that is not explicit (a DDL after its GTID, a standalone MariaDB
  group, a statement of a binlog without GTIDs) the first other statement ends it;
* any other event of a transaction (table maps, rows, INTVAR, ...) seen while none is
  open starts an implicit one (binlogs older than GTIDs);
* file-level events (FORMAT_DESCRIPTION, ROTATE, STOP, GTID lists, checkpoints,
  heartbeats, START_ENCRYPTION) belong to no transaction and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.event import Event, EventType
from binlog_kaitai.gtid import gtid_body, gtid_text, tagged_uuid, uuid_text

WALK_BODIES = kinds.KINDED | {EventType.xid_event}
"""The bodies a header-only walk (:class:`~binlog_kaitai.stream.BinlogStream` with
``bodies``) reads for the split planner and the XID look-ahead: those the tracker needs,
and XIDs."""
END_KINDS = {"commit": "commit", "rollback": "rollback", "xa_commit": "xa_commit",
             "xa_rollback": "xa_rollback"}


class Step(NamedTuple):
    """The tracker's verdict on one event."""

    starts: bool
    """The event opens a new transaction (any open one was left incomplete)."""
    member: bool
    """The event belongs to a transaction (the one it opens, or the open one)."""
    ends: bool
    """The event closes the transaction; ``commit_kind`` says how."""
    commit_kind: str | None


NOT_IN_TRANSACTION = Step(False, False, False, None)


class TransactionTracker:
    """Feeds on (type code, ``Event.kind``) pairs; see the module docstring for the rules."""

    __slots__ = ("explicit", "open", "opened_by_gtid")

    def __init__(self) -> None:
        self.open = False
        self.explicit = False
        self.opened_by_gtid = False

    def copy(self) -> TransactionTracker:
        other = TransactionTracker()
        other.open, other.explicit, other.opened_by_gtid = (
            self.open, self.explicit, self.opened_by_gtid)
        return other

    def step(self, type_code: int, kind: str | None = None) -> Step:
        """Advance over one event; ``kind`` is its ``Event.kind``."""
        if type_code in kinds.FILE_LEVEL:
            return NOT_IN_TRANSACTION
        if type_code in kinds.GTID:
            self.open, self.explicit, self.opened_by_gtid = True, kind == "group", True
            return Step(True, True, False, None)
        begins = type_code in kinds.QUERY and kind in ("begin", "xa_start")
        # BEGIN after events that opened a transaction implicitly (MyISAM rows of a
        # pre-GTID binlog, which have no BEGIN) starts a new one; after a GTID it does not.
        starts = not self.open or (begins and not self.explicit and not self.opened_by_gtid)
        if starts:
            self.open, self.explicit, self.opened_by_gtid = True, False, False
        if begins:
            self.explicit = True
            return Step(starts, True, False, None)
        if type_code in kinds.QUERY:
            if kind in END_KINDS:
                return self._end(starts, END_KINDS[kind])
            if not self.explicit:
                return self._end(starts, "ddl" if kind == "ddl" else "statement")
            return Step(starts, True, False, None)
        if type_code == EventType.xid_event:
            return self._end(starts, "xid")
        if type_code == EventType.xa_prepare_log_event:
            return self._end(starts, "xa_prepare")
        return Step(starts, True, False, None)

    def _end(self, starts: bool, commit_kind: str) -> Step:
        self.open = self.explicit = self.opened_by_gtid = False
        return Step(starts, True, True, commit_kind)


@dataclass(frozen=True, slots=True)
class GtidInfo:
    """What a GTID event says about its transaction.

    ``gtid`` is the text MySQL (``uuid:gno``, ``uuid:tag:gno``) or MariaDB
    (``domain-server-seq``) prints; None for MySQL's anonymous GTIDs, which still carry
    the logical clock and commit timestamps.
    """

    gtid: str | None = None
    uuid: str | None = None
    tag: str | None = None
    domain: int | None = None
    server_id: int | None = None
    sequence: int | None = None
    is_ddl: bool = False
    last_committed: int | None = None
    sequence_number: int | None = None
    original_commit_us: int | None = None
    immediate_commit_us: int | None = None


def event_gtid_info(ev: Event) -> GtidInfo | None:
    """The GtidInfo of a GTID event (a type of ``event_kinds.GTID``), from
    :func:`~binlog_kaitai.gtid.gtid_body`; None for a body that cannot be decoded."""
    body = gtid_body(ev)
    return None if body is None else gtid_info(ev.type_code, ev.server_id, body)


def xid_of(ev: Event) -> int | None:
    """The XID of an XID_EVENT, read by the compiled reader of its body, which is fixed
    fields only (None for any other event, or a body too short for them)."""
    if ev.type_code != EventType.xid_event:
        return None
    fields = ev.fixed_fields()
    return None if fields is None else fields.xid.value


def gtid_info(type_code: int, server_id: int, body: Any) -> GtidInfo:
    """The GtidInfo of a decoded GTID event body (a type of ``event_kinds.GTID``), or of
    a MariaDB one's fixed fields."""
    gtid = gtid_text(type_code, server_id, body)
    if type_code == EventType.gtid_event:  # MariaDB
        return GtidInfo(gtid, domain=body.domain_id, server_id=server_id,
                        sequence=body.seq_no.value, is_ddl=bool(body.is_ddl))
    if type_code == EventType.gtid_tagged_log_event:
        sid = tagged_uuid(body)
        return GtidInfo(gtid, None if sid is None else uuid_text(sid), body.tag or None,
                        sequence=body.gno,
                        last_committed=body.last_committed,
                        sequence_number=body.sequence_number,
                        original_commit_us=body.original_commit_ts or None,
                        immediate_commit_us=body.immediate_commit_ts or None)
    clock = body.has_logical_clock
    stamps = body.has_commit_timestamps
    anonymous = type_code == EventType.anonymous_gtid_log_event
    uuid = None if anonymous else uuid_text(body.sid)
    return GtidInfo(
        gtid, uuid,
        sequence=None if anonymous else body.gno.value,
        last_committed=body.last_committed.value if clock else None,
        sequence_number=body.sequence_number.value if clock else None,
        original_commit_us=body.original_commit_ts if stamps else None,
        immediate_commit_us=body.immediate_commit_ts if stamps else None)
