"""The transaction bookkeeping of a split's parse: which transaction each event belongs
to, its counters until it ends (then its ``transactions`` row), and its XID.

A :class:`~binlog_kaitai.transactions.TransactionTracker` says where transactions begin
and end, as it does for the split planner. A transaction keeps counters only, and the
reference decoder's changes while it waits for its XID: a row change needs the XID that
commits its transaction, which is written after the rows. The changes are held until the
transaction's end while their rows events add up to at most :data:`HOLD_BYTES` (most
transactions). Past that, the XID is looked up ahead (:meth:`Transactions.find_xid`, a
header-only walk of the same file with :class:`~binlog_kaitai.stream.BinlogStream`), and
the changes stream out.
"""

from __future__ import annotations

from typing import Any

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import Event, EventType
from binlog_kaitai.gtid import gtid_body
from binlog_kaitai.rows import RowChange
from binlog_kaitai.storage import open_input
from binlog_kaitai.stream import TRANSACTION_PAYLOAD, BinlogStream, payload_events
from binlog_kaitai.tables.records import i64, utc_us, when
from binlog_kaitai.tables.schemas import TransactionsRecord
from binlog_kaitai.transactions import (
    WALK_BODIES,
    GtidInfo,
    Step,
    TransactionTracker,
    gtid_info,
    xid_of,
)

XID = EventType.xid_event
TABLE_MAP = EventType.table_map_event
HOLD_BYTES = 256 << 10
"""Bytes of rows events whose changes a transaction holds until its XID is read; a
larger transaction looks its XID up ahead instead (a second read of its headers).
Holding saves small transactions that look-up (about 15% of their parse time); holding
much more than this slows large ones down (4 MiB: by 10%, the held objects cost the
garbage collector more than the look-up costs)."""


class Transaction:
    """Counters of the open transaction; becomes one ``transactions`` row."""

    __slots__ = ("begin_pos", "begin_ts", "commit_ts", "end_pos", "ended", "event_count",
                 "gtid", "held", "held_bytes", "is_ddl", "row_count", "tables", "xid",
                 "xid_ahead")

    def __init__(self, pos: int, next_pos: int, timestamp: int) -> None:
        """A transaction begun by the event at ``pos`` (``next_pos`` after it)."""
        self.begin_pos, self.begin_ts = pos, timestamp
        self.gtid = GtidInfo()
        self.end_pos = next_pos
        self.commit_ts = timestamp
        self.event_count = 0
        self.row_count = 0
        self.tables: dict[str, None] = {}
        self.is_ddl = False
        self.xid: int | None = None
        self.xid_ahead: tuple[int | None] | None = None
        """The XID found by looking ahead, once looked up."""
        self.held: list[list[RowChange]] = []
        """Changes waiting for the XID, while ``held_bytes`` <= :data:`HOLD_BYTES`."""
        self.held_bytes = 0
        self.ended: tuple[str | None] | None = None
        """``(commit kind,)`` once the transaction has ended (while groups are open, its
        row waits for theirs)."""

    @property
    def final_xid(self) -> int | None:
        """The XID, as read at the end or looked up ahead."""
        return self.xid if self.xid_ahead is None else self.xid_ahead[0]

    def add(self, ev: Event, kind: str | None) -> None:
        """Count in ``ev``, one of the transaction's events (``kind``: its
        ``ev.kind``). Only a table map's body is parsed here: a GTID's and an XID's
        fields are read without it where they can be."""
        t = ev.type_code
        body = (gtid_body(ev) if t in kinds.GTID else ev.fixed_fields() if t == XID
                else ev.body if t == TABLE_MAP else None)
        self.count(t, ev.server_id, ev.timestamp,
                   ev.next_pos if ev.inner_pos is None else None, kind, body)

    def count(self, type_code: int, server_id: int, timestamp: int, next_pos: int | None,
              kind: str | None, body: Any) -> None:
        """Count in an event of ``type_code`` (``next_pos``: where it ends; None for one
        inside a TRANSACTION_PAYLOAD, not counted), from what :meth:`add` reads of its
        ``body``: a GTID's (the spec's body, or the compiled reader's fields), an XID's
        compiled fields, a table map's body (None: nothing read)."""
        if body is not None:
            if type_code in kinds.GTID:
                self.gtid = gtid_info(type_code, server_id, body)
            elif type_code == XID:
                self.xid = body.xid.value
            elif type_code == TABLE_MAP:
                self.tables[f"{body.schema_name}.{body.table_name}"] = None
        self.commit_ts = timestamp
        if kind == "ddl":
            self.is_ddl = True
        if next_pos is not None:
            self.event_count += 1
            self.end_pos = next_pos

    def hold(self, changes: list[RowChange], nbytes: int) -> bool:
        """Hold the changes of ``nbytes`` of rows events until the XID is known, while
        the transaction is small enough and its XID was not looked up; whether held."""
        if self.xid_ahead is not None:
            return False
        self.held_bytes += nbytes
        if self.held_bytes > HOLD_BYTES:
            return False
        self.held.append(changes)
        return True

    def row(self, path: str, commit_kind: str | None) -> tuple[Any, ...]:
        g = self.gtid
        begin_ts, day = when(self.begin_ts)  # (the events of a second converted once)
        return TransactionsRecord(
            gtid=g.gtid, gtid_uuid=g.uuid, gtid_tag=g.tag, gtid_domain=g.domain,
            gtid_server_id=g.server_id, gtid_sequence=i64(g.sequence), file=path,
            begin_pos=self.begin_pos, end_pos=self.end_pos, begin_ts=begin_ts,
            commit_ts=when(self.commit_ts)[0], xid=i64(self.xid), event_count=self.event_count,
            row_count=self.row_count, tables=list(self.tables),
            is_ddl=self.is_ddl or g.is_ddl, commit_kind=commit_kind,
            last_committed=g.last_committed, sequence_number=g.sequence_number,
            original_commit_ts=utc_us(g.original_commit_us),
            immediate_commit_ts=utc_us(g.immediate_commit_us),
            event_date=day,
        )


class Transactions:
    """The transactions of the parse of file ``path``: the open one, the GTIDs seen,
    the transactions ended, and the XID look-ahead."""

    __slots__ = ("ahead", "count", "first_gtid", "last_gtid", "open", "path", "payload",
                 "tracker")

    def __init__(self, path: str) -> None:
        self.path = path
        self.tracker = TransactionTracker()
        self.open: Transaction | None = None
        self.payload: Event | None = None
        """The last TRANSACTION_PAYLOAD read, whose inner events are being parsed."""
        self.ahead: BinlogStream | None = None
        """A header-only stream of the same file, for the XID look-ahead."""
        self.count = 0
        """Transactions whose row was made."""
        self.first_gtid: str | None = None
        self.last_gtid: str | None = None

    def track(self, ev: Event) -> tuple[Transaction | None, Transaction | None, Step]:
        """The bookkeeping of an event: the open transaction it cut short by starting a
        new one (to be ended, without a commit), its transaction, and the tracker's
        step."""
        kind = ev.kind
        cut, trx, step = self.step(ev.type_code, kind, ev.pos, ev.next_pos, ev.timestamp)
        if trx is not None:
            trx.add(ev, kind)
            self.seen(ev.type_code, trx)
        if ev.type_code == TRANSACTION_PAYLOAD and ev.inner_pos is None:
            self.payload = ev
        return cut, trx, step

    def step(self, type_code: int, kind: str | None, pos: int, next_pos: int,
             timestamp: int) -> tuple[Transaction | None, Transaction | None, Step]:
        """:meth:`track`'s verdict on an event of ``type_code`` and ``kind`` at ``pos``:
        the transaction it cut short, its transaction (not yet counting it: the caller
        counts it in, :meth:`Transaction.count`), the tracker's step."""
        step = self.tracker.step(type_code, kind)
        cut = None
        if step.starts:
            cut = self.end(None) if self.open is not None else None
            self.open = Transaction(pos, next_pos, timestamp)
        return cut, self.open if step.member else None, step

    def seen(self, type_code: int, trx: Transaction) -> None:
        """The first and last GTIDs, after an event of ``trx`` counted in (a GTID starts
        its transaction: its GtidInfo, if any, is the event's)."""
        if type_code in kinds.GTID and trx.gtid.gtid is not None:
            self.first_gtid = self.first_gtid or trx.gtid.gtid
            self.last_gtid = trx.gtid.gtid

    def end(self, commit_kind: str | None) -> Transaction:
        """The open transaction, ended (how: ``commit_kind``)."""
        trx, self.open = self.open, None
        assert trx is not None
        trx.ended = (commit_kind,)
        return trx

    def row(self, trx: Transaction) -> tuple[Any, ...]:
        """The ``transactions`` row of an ended transaction."""
        assert trx.ended is not None
        self.count += 1
        return trx.row(self.path, trx.ended[0])

    def look_up_xid(self, trx: Transaction, ev: Event) -> None:
        """Make the XID of ``trx`` known: that of a transaction still open is looked up
        ahead from ``ev``, its last event read."""
        if trx.ended is None and trx.xid_ahead is None:
            trx.xid_ahead = (self.find_xid(ev),)

    def find_xid(self, ev: Event) -> int | None:
        """The XID of the open transaction, looked up from ``ev``, one of its events
        (None when it has none, or when the walk meets damage: the parse will)."""
        try:
            if ev.inner_pos is not None and self.payload is not None:
                return next((xid for xid in map(xid_of, payload_events(self.payload))
                             if xid is not None), None)
            tracker = self.tracker.copy()
            for later in self.look_ahead().events(ev.next_pos):
                step = tracker.step(later.type_code, later.kind)
                if step.starts:
                    return None
                if step.ends:
                    return xid_of(later)
        except BinlogError:
            pass
        return None

    def look_ahead(self) -> BinlogStream:
        if self.ahead is None:
            f = open_input(self.path)
            try:
                self.ahead = BinlogStream(f, bodies=WALK_BODIES)
            except BaseException:
                f.close()
                raise
        return self.ahead

    def close(self) -> None:
        """Close the look-ahead's stream, if open."""
        if self.ahead is not None:
            self.ahead.file.close()
            self.ahead.close()
            self.ahead = None

