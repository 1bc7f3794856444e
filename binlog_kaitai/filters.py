"""What ``events`` and ``rows`` (and :func:`~binlog_kaitai.rows.iter_row_changes`) keep:
tables and databases, kinds of events and of row changes, transactions by GTID.

* Tables (``--table``): ``db.table``, ``table`` (in any database) or shell globs on
  either part (``shop.*``, ``*.orders``, ``ho*``), compared case-sensitively as MySQL
  does on Linux. Databases (``--database``, as ``mysqlbinlog -d``): names or globs. A
  row change is kept when its table matches a pattern (any without ``--table``) and its
  database a name (any without ``--database``). A statement has no table but its default
  database (``USE db``), which ``--database`` tests as ``mysqlbinlog -d`` does.
* Kinds of events (``--type``): :func:`~binlog_kaitai.event_kinds.types_named`.
* Kinds of change (``--op``): ``insert``, ``update``, ``delete``.
* GTIDs (``--include-gtids``/``--exclude-gtids``): :class:`GtidSelection`. An event
  outside any transaction (FORMAT_DESCRIPTION, ROTATE...) or in one without a GTID has
  none: ``--include-gtids`` leaves it out, ``--exclude-gtids`` keeps it.

A filter that matches no table is worth a warning: ``--table oltp`` where the tables are
``sbtest.oltp1`` printed nothing at all (:meth:`TableFilter.warn`).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable
from fnmatch import fnmatchcase
from typing import Any, NamedTuple, TextIO

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.event import Event
from binlog_kaitai.gtid import event_gtid
from binlog_kaitai.gtid_set import MARIADB_GTID, GtidSet, GtidTextError, Interval

OPS = ("insert", "update", "delete")
_OP_OF_TYPE = {code: op for op, codes in (("insert", kinds.WRITE_ROWS),
                                          ("update", kinds.UPDATE_ROWS),
                                          ("delete", kinds.DELETE_ROWS)) for code in codes}
_MARIADB_RANGE = re.compile(r"^(\d+)-(\d+)-(\d+)(?:-(\d+))?$")
_WORD = re.compile(r"[\w$]+")
_SHOWN = 20
"""Tables named at most in a warning."""


class TablePattern:
    """One ``--table``: a table name pattern and, optionally, a database name pattern."""

    __slots__ = ("database", "table", "text")

    def __init__(self, text: str) -> None:
        name = text.strip()
        database, dot, table = name.rpartition(".")
        database, table = database.strip("`"), table.strip("`")
        if not table or (dot and not database) or database.count("."):
            raise ValueError(f"not a table: {text!r} (db.table, table, or globs: "
                             "shop.*, *.orders)")
        self.text = name
        self.database = database if dot else None
        self.table = table

    def matches(self, database: str, table: str) -> bool:
        return fnmatchcase(table, self.table) and (
            self.database is None or fnmatchcase(database, self.database))


class TableFilter:
    """``--table`` patterns and ``--database`` names together (see the module
    docstring), remembering every table and database it was asked about, for
    :meth:`warnings`."""

    def __init__(self, tables: Iterable[str] = (), databases: Iterable[str] = ()) -> None:
        self.patterns = [TablePattern(t) for t in tables]
        self.databases = [d.strip().strip("`") for d in databases]
        if any(not d for d in self.databases):
            raise ValueError("--database: an empty name")
        self._kept: dict[tuple[str, str], bool] = {}
        """Every table asked about, kept or not."""
        self._seen_databases: set[str] = set()
        self._matched: set[str] = set()
        """The patterns and database names (``"d:" + name``) that matched something."""

    @property
    def active(self) -> bool:
        return bool(self.patterns or self.databases)

    def keeps(self, database: str, table: str) -> bool:
        """Is this table's row change kept?"""
        kept = self._kept.get((database, table))
        if kept is None:
            tables = [p.text for p in self.patterns if p.matches(database, table)]
            self._matched.update(tables)
            in_database = self.keeps_database(database)
            kept = self._kept[database, table] = bool(tables or not self.patterns) and (
                in_database)
        return kept

    def keeps_database(self, database: str) -> bool:
        """Is a statement run in this default database (or a table of it) kept?"""
        self._seen_databases.add(database)
        names = [d for d in self.databases if fnmatchcase(database, d)]
        self._matched.update("d:" + d for d in names)
        return bool(names or not self.databases)

    def may_name(self, statement: str, database: str) -> bool:
        """Could a statement run in ``database`` name a table of the patterns? A word of
        it must match a pattern's table part, and the database or another word its
        database part (the statement is not parsed: words are enough)."""
        if not self.patterns:
            return True
        words = set(_WORD.findall(statement))
        return any(any(fnmatchcase(w, p.table) for w in words) and (
            p.database is None or any(fnmatchcase(w, p.database) for w in {database, *words}))
            for p in self.patterns)

    def merge(self, other: TableFilter) -> None:
        """Take in what another filter of the same options saw (a worker process's)."""
        if other is self:
            return
        for key, kept in other._kept.items():
            self._kept.setdefault(key, kept)
        self._seen_databases |= other._seen_databases
        self._matched |= other._matched

    def warn(self, err: TextIO) -> None:
        """A line on ``err`` for each ``--table`` or ``--database`` that matched
        nothing, naming what was seen."""
        tables = _listed(sorted(f"{d}.{t}" for d, t in self._kept))
        found = [f"--table {p.text!r} matched no table; tables seen: {tables}"
                 for p in self.patterns if p.text not in self._matched]
        databases = _listed(sorted(self._seen_databases - {""}))
        found += [f"--database {d!r} matched nothing; databases seen: {databases}"
                  for d in self.databases if "d:" + d not in self._matched]
        for line in found:
            print(line, file=err)


def _listed(names: list[str]) -> str:
    if not names:
        return "none"
    more = f", ... ({len(names)} in all)" if len(names) > _SHOWN else ""
    return ", ".join(names[:_SHOWN]) + more


class GtidSelection:
    """A set of GTIDs as a person writes one, comma-separated, either flavour: MySQL's
    ``uuid:1-5:7`` (tags ``uuid:tag:1-3``; :class:`~binlog_kaitai.gtid_set.GtidSet`),
    MariaDB's ``domain-server-seq`` GTIDs and ``domain-server-first-last`` ranges
    (``0-1-5-9``: seq_no 5 to 9 of domain 0, server 1). ValueError for anything else."""

    def __init__(self, text: str) -> None:
        self.mariadb: dict[tuple[int, int], list[Interval]] = {}
        mysql = []
        for part in text.replace("\n", "").split(","):
            part = part.strip()
            found = _MARIADB_RANGE.match(part)
            if found is None:
                mysql.append(part)
                continue
            domain, server, first = (int(g) for g in found.groups()[:3])
            last = int(found[4]) if found[4] else first
            if last < first:
                raise GtidTextError(f"bad range {part!r} (domain-server-first-last)")
            self.mariadb.setdefault((domain, server), []).append((first, last))
        self.mysql = GtidSet.parse(",".join(mysql))
        if not self.mariadb and not self.mysql.intervals:
            raise GtidTextError(f"an empty GTID set: {text!r}")

    def __contains__(self, gtid: str | None) -> bool:
        """Is a GTID, as the server prints it (``0-1-5``, ``uuid[:tag]:gno``), in it?"""
        if gtid is None:
            return False
        found = MARIADB_GTID.match(gtid)
        if found is not None:
            domain, server, seq = (int(g) for g in found.groups())
            return _within(self.mariadb.get((domain, server), ()), seq)
        head, _, gno = gtid.rpartition(":")
        uuid, _, tag = head.partition(":")
        return _within(self.mysql.intervals.get((uuid.lower(), tag.lower()), ()), int(gno))


def _within(intervals: Iterable[Interval], number: int) -> bool:
    return any(first <= number <= last for first, last in intervals)


class TypeSelection:
    """``--type``: type codes, and statement kinds (``ddl``) told by the text."""

    def __init__(self, items: Iterable[str]) -> None:
        codes: set[int] = set()
        statements: set[str] = set()
        for text in items:
            for item in text.split(","):
                if item.strip():
                    found_codes, found_kinds = kinds.types_named(item)
                    codes |= found_codes
                    statements |= found_kinds
        self.codes = frozenset(codes)
        self.statements = frozenset(statements)

    def matches(self, ev: Event) -> bool:
        return ev.type_code in self.codes or bool(
            self.statements and ev.is_query and ev.kind in self.statements)

    def admits_op(self, op: str) -> bool:
        """Could a change of this kind be among the types (a statement that changes
        rows, by what its rows events would be)?"""
        return bool(self.codes & kinds.KINDS[op])


class Filters:
    """Every filter of a run, from their texts (as given on the command line or to
    :func:`~binlog_kaitai.rows.iter_row_changes`); ValueError for a text that is none.
    An empty filter keeps everything."""

    def __init__(self, *, tables: Iterable[str] = (), databases: Iterable[str] = (),
                 types: Iterable[str] = (), ops: Iterable[str] = (),
                 include_gtids: str | None = None, exclude_gtids: str | None = None
                 ) -> None:
        self.tables = TableFilter(tables, databases)
        chosen = TypeSelection(types)
        self.types = chosen if chosen.codes or chosen.statements else None
        wanted = {op.strip().lower() for text in ops for op in text.split(",") if op.strip()}
        if wanted - set(OPS):
            raise ValueError(f"--op: {', '.join(sorted(wanted - set(OPS)))}: not one of "
                             + ", ".join(OPS))
        self.ops = frozenset(wanted) or None
        self.include = None if include_gtids is None else GtidSelection(include_gtids)
        self.exclude = None if exclude_gtids is None else GtidSelection(exclude_gtids)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Filters:
        """The filters of ``events`` or ``rows`` (options of :func:`add_filter_options`)."""
        return cls(tables=args.table or (), databases=args.database or (),
                   types=args.type or (), ops=args.op or (),
                   include_gtids=args.include_gtids, exclude_gtids=args.exclude_gtids)

    @property
    def by_gtid(self) -> bool:
        return self.include is not None or self.exclude is not None

    def keeps_gtid(self, gtid: str | None) -> bool:
        return (self.include is None or gtid in self.include) and (
            self.exclude is None or gtid not in self.exclude)

    def keeps_statement_change(self, change: StatementChange, gtid: str | None) -> bool:
        """Do the filters keep a change logged as a statement, in the transaction
        ``gtid``?"""
        op = change.op
        if not self.keeps_gtid(gtid) or (self.ops is not None and op not in self.ops) or (
                self.types is not None and not self.types.admits_op(op)):
            return False
        return self.tables.keeps_database(change.database) and self.tables.may_name(
            change.text, change.database)


class TransactionGtid:
    """The GTID of the transaction each event of a stream (fed in order) belongs to:
    that of the last GTID event; None for events outside transactions (file-level ones)
    and for transactions without a GTID."""

    def __init__(self) -> None:
        self.gtid: str | None = None

    def of(self, ev: Event) -> str | None:
        if ev.is_gtid:
            self.gtid = event_gtid(ev)
        elif ev.type_code in kinds.FILE_LEVEL:
            if ev.type_code == kinds.EventType.format_description_event:
                self.gtid = None
            return None
        return self.gtid


class EventFilter:
    """The filters of ``events``, over a stream fed in order (see
    :func:`add_filter_options` for what each keeps)."""

    def __init__(self, filters: Filters) -> None:
        self.filters = filters
        self._gtid = TransactionGtid()

    @property
    def keeps_all(self) -> bool:
        """No filter is given: every event is kept (and none needs to be looked at)."""
        f = self.filters
        return not f.tables.active and not f.by_gtid and f.types is None and f.ops is None

    def keeps(self, ev: Event) -> bool:
        f = self.filters
        placed = not f.tables.active or self._placed(ev)  # first: every table is seen
        if f.by_gtid and not f.keeps_gtid(self._gtid.of(ev)):
            return False
        if f.types is not None and not f.types.matches(ev):
            return False
        if f.ops is not None and _op(ev) not in f.ops:
            return False
        return placed

    def _placed(self, ev: Event) -> bool:
        """Is the event's table (table maps, rows events) or, with ``--database`` alone,
        a statement's default database kept?"""
        tables = self.filters.tables
        if ev.is_table_map and ev.body is not None:
            return tables.keeps(ev.body.schema_name, ev.body.table_name)
        if ev.is_rows:
            tm = ev.table_map
            return tm is not None and tables.keeps(tm.schema_name, tm.table_name)
        if ev.body is not None and not tables.patterns:
            if ev.is_query:
                return tables.keeps_database(ev.body.schema)
            if ev.type_code in kinds.OLD_LOAD:
                return tables.keeps_database(ev.body.info.db)
        return False


def _op(ev: Event) -> str | None:
    """The kind of change of a rows event, or of a change logged as a statement."""
    if ev.is_rows:
        return _OP_OF_TYPE[ev.type_code]
    change = statement_change(ev)
    return None if change is None else change.op


class StatementChange(NamedTuple):
    """A change logged as a statement: its kind, the statement's default database (the
    table's, for an old LOAD DATA) and its text."""

    op: str
    database: str
    text: str


def statement_change(ev: Event) -> StatementChange | None:
    """The change a statement logged in STATEMENT or MIXED format makes (a DML QUERY,
    :data:`~binlog_kaitai.event_kinds.DML`, or MySQL 4's LOAD DATA events,
    :data:`~binlog_kaitai.event_kinds.OLD_LOAD`); None for any other event."""
    t = ev.type_code
    if t not in kinds.QUERY and t not in kinds.OLD_LOAD:  # no body parsed for the others
        return None
    body = ev.body
    if body is None:
        return None
    if t in kinds.OLD_LOAD:
        info = body.info
        return StatementChange("insert", info.db,
                               f"LOAD DATA INFILE ... INTO TABLE {info.db}.{info.table_name}")
    if not ev.is_query or ev.kind != "statement":
        return None
    raw = kinds.statement_bytes(body)
    text = "" if raw is None else raw.decode("utf-8", "replace")
    op = kinds.statement_op(text)
    return None if op is None else StatementChange(op, body.schema, text)


class RowsGate:
    """Which events a row decoder is fed under the filters: all but the rows events the
    GTID, ``--type`` and ``--op`` filters leave out (so they are not even decoded; the
    tables are the decoder's to filter, see :class:`~binlog_kaitai.rows.RowDecoder`)
    and the changes logged as statements they leave out (``rows --sql`` refuses those it
    is fed). Those kept are counted in ``statements``: their rows are not in the binlog,
    and saying nothing of them would lose them silently."""

    def __init__(self, filters: Filters, *, since: float | None = None) -> None:
        self.filters = filters
        self.since = since
        self.statements = 0
        self._gtid = TransactionGtid()
        self._open = not filters.by_gtid and filters.types is None and filters.ops is None
        """No filter here but the tables' (the decoder's): every event but a statement's
        change is admitted as it is."""

    @property
    def admits_all_but_statements(self) -> bool:
        """Whether it has no filter of its own: it admits every event but the changes
        logged as statements (so a rows event, a GTID or a table map needs no look)."""
        return self._open

    def admits(self, ev: Event) -> bool:
        t = ev.type_code
        if self._open and t not in kinds.QUERY and t not in kinds.OLD_LOAD:
            return True  # (what the rest says of them, a rows event's and no change's)
        f = self.filters
        gtid = self._gtid.of(ev) if f.by_gtid else None
        if t in kinds.ROWS:
            return f.keeps_gtid(gtid) and (f.types is None or f.types.matches(ev)) and (
                f.ops is None or _OP_OF_TYPE[ev.type_code] in f.ops)
        change = statement_change(ev)
        if change is None:
            return True
        if not f.keeps_statement_change(change, gtid):
            return False
        if self.since is None or ev.timestamp >= self.since:
            self.statements += 1
        return True



def add_filter_options(parser: argparse.ArgumentParser) -> None:
    """``--table``, ``--database``, ``--type``, ``--op``, ``--include-gtids`` and
    ``--exclude-gtids`` (:meth:`Filters.from_args` reads them), checked as they are
    parsed."""
    def checked(make: Callable[[str], Any]) -> Callable[[str], str]:
        def check(text: str) -> str:
            try:
                make(text)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None
            return text
        return check

    add = parser.add_argument
    add("--table", action="append", metavar="DB.TABLE", type=checked(TablePattern),
        help="only this table: db.table, table (in any database) or shell globs "
        "('shop.*', '*.orders'); repeatable. For events: its TABLE_MAP and rows events "
        "only (no other event names a table). A --table that matches nothing is named "
        "on stderr with the tables seen")
    add("--database", action="append", metavar="DB", type=checked(lambda d: TableFilter(
        databases=[d])), help="only this database (a glob too; repeatable; with --table, "
        "both must match): its tables' row changes; for events, also the statements run "
        "in it (default database, USE db, as mysqlbinlog -d), and no event without a "
        "database (GTID, XID...)")
    add("--type", action="append", metavar="TYPE", type=checked(lambda t: TypeSelection(
        [t])), help="only these events: a kind (" + ", ".join([*kinds.KINDS, "ddl"])
        + "), a type name of either server in any case, with or without _EVENT, or as "
        "SHOW BINLOG EVENTS shows it (DELETE_ROWS_EVENT is v0, v1, v2 and MariaDB's "
        "compressed ones; Delete_rows_v1 that one; Format_desc), or a code; "
        "comma-separated, repeatable. For rows: which rows events")
    add("--op", action="append", metavar="OP", type=checked(lambda o: Filters(ops=[o])),
        help="only these changes: insert, update, delete (binlog2sql's --sql-type); "
        "comma-separated, repeatable. For events: rows events of these changes and "
        "statements that make them")
    add("--include-gtids", metavar="SET", type=checked(GtidSelection),
        help="only the transactions of these GTIDs: MySQL uuid:1-5:7 (tagged "
        "uuid:tag:1-3), MariaDB 0-1-5 or ranges 0-1-5-9 (domain-server-seq, or seq_no "
        "5 to 9), comma-separated; events outside transactions are left out")
    add("--exclude-gtids", metavar="SET", type=checked(GtidSelection),
        help="all but the transactions of these GTIDs (as --include-gtids)")
