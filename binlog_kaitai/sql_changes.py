"""Row changes as SQL to execute (``rows --sql``), or the SQL that undoes them
(``rows --sql --flashback``).

Every row change becomes one statement: ``INSERT INTO`` with the after image, ``UPDATE
... SET`` the after image ``WHERE`` the before image, ``DELETE ... WHERE`` the before
image, each ``UPDATE``/``DELETE`` with ``LIMIT 1``. The row is found by its primary key
when it is known (the table map's metadata or the schema history) and its columns are in
the image, else by every column, compared with ``<=>`` (text with a binary collation,
FLOAT as the double the column holds). Each binlog transaction is one
``BEGIN; ... COMMIT;``, in binlog (commit) order, after a comment naming it (``FILE:POS``,
GTID, time). A DDL statement is a comment line naming it, ``-- DDL skipped at FILE:POS:
...``, in its place among the transactions; with ``ddl`` (``--sql-ddl``), the statement
itself, after ``USE db`` when it ran in another default database. The undo swaps the
images (a DELETE for an insert, an INSERT for a delete, an UPDATE back to the before
image) and reverses the order: transactions last first, and the rows in each last first,
each after a comment naming the transaction it undoes; DDL is not undone (a comment says
where it was).

Values are the row decoder's (:mod:`binlog_kaitai.values`) written as exact literals of
their column type: integers (unsigned ones too) and DECIMAL as digits, FLOAT/DOUBLE as
the shortest decimal that reads back as the same value, temporal types as quoted text with
their fraction (TIMESTAMP in UTC, so the script sets ``time_zone='+00:00'``), BIT as
``b'...'``, binary strings as ``X'...'``, text quoted and escaped (the script sets ``NAMES
utf8mb4``; the server converts to each column's charset; text whose charset is unknown goes
as ``X'...'`` of its bytes, so it is stored byte for byte), ENUM/SET by label (by number
when the labels are unknown), MySQL's JSON as ``CAST('...' AS JSON)`` (MariaDB's JSON is
text), GEOMETRY as ``ST_GeomFromWKB(X'...', srid)``, VECTOR as ``STRING_TO_VECTOR``. The
script sets ``sql_mode='NO_AUTO_VALUE_ON_ZERO'``: a 0 in an AUTO_INCREMENT column stays
0, zero dates are accepted, and backslash escapes are on.

What cannot be made exact is refused, as ``FILE: offset N: what``: a table whose column
names are unknown, a row that its image cannot identify (no primary key known and columns
missing: ``binlog_row_image=MINIMAL`` or ``NOBLOB``), for an undo a before image that
lacks what the undo must write back, and a change logged as a statement (its rows are not
in the binlog). A MySQL partial JSON update whose document is not in the before image is
replayed with JSON_REPLACE/JSON_INSERT/JSON_ARRAY_INSERT/JSON_REMOVE on the column.
MySQL's JSON opaque values (DECIMAL, dates inside a document) are written as the strings
the decoder gives them. Rows rolled back to a savepoint (logged, then ROLLBACK TO) are
left out; an XA transaction counts once its XA COMMIT is read.
"""

from __future__ import annotations

import base64
import io
import json
import re
import struct
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fnmatch import fnmatchcase
from typing import IO, Any, Protocol, TextIO

from binlog_kaitai import values as v
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import DECODE_ERRORS, Event
from binlog_kaitai.event_kinds import statement_bytes
from binlog_kaitai.rows import RowChange, RowDecoder
from binlog_kaitai.schema import client_text, took_effect
from binlog_kaitai.table_info import TableInfo
from binlog_kaitai.transactions import TransactionTracker


class Decoder(Protocol):
    """What the script needs of :class:`~binlog_kaitai.ordered_rows.OrderedRows`."""

    decoder: RowDecoder

    def feed(self, ev: Event) -> list[Any]: ...


SQL_MODE = "SET SESSION sql_mode='NO_AUTO_VALUE_ON_ZERO';\n"
HEADER = "SET NAMES utf8mb4;\nSET time_zone='+00:00';\n" + SQL_MODE
"""What every script starts with: the connection charset the text literals are written in,
the zone TIMESTAMP values are given in, and a sql_mode under which every value the binlog
holds is taken as it is."""

Literal = Callable[[Any], str]

_ESCAPES = str.maketrans({"\\": "\\\\", "'": "\\'", "\0": "\\0", "\n": "\\n", "\r": "\\r",
                          "\x1a": "\\Z"})
_SPECIAL = re.compile(r"[\\'\x00\n\r\x1a]")
_FLOAT32 = struct.Struct("<f")
_INTEGERS = frozenset({v.TINY, v.SHORT, v.INT24, v.LONG, v.LONGLONG, v.YEAR})
_TEMPORAL = frozenset({v.DATE, v.NEWDATE, v.TIME, v.TIME2, v.DATETIME, v.DATETIME2,
                       v.TIMESTAMP, v.TIMESTAMP2})


# ---------------------------------------------------------------------------------------
# Literals


def quoted(text: str) -> str:
    """A string literal (backslash escapes, as under the script's sql_mode)."""
    if _SPECIAL.search(text) is None:  # most text: nothing to escape
        return "'" + text + "'"
    return "'" + text.translate(_ESCAPES) + "'"


def identifier(name: str) -> str:
    return "`" + name.replace("`", "``") + "`"


def _hex(raw: bytes) -> str:
    return "X'" + raw.hex().upper() + "'"


def _binary(value: Any) -> str:
    """Bytes the decoder gives as ``{"base64": ...}`` (or text, as its UTF-8 bytes)."""
    if value.__class__ is str:
        return "X'" + value.encode("utf-8").hex().upper() + "'"
    return _hex(base64.b64decode(value["base64"]))


def _text(value: Any) -> str:
    return _binary(value) if isinstance(value, dict) else quoted(value)


def _label(value: Any) -> str:
    """ENUM/SET: the label(s), or the index / bitmask when the labels are unknown."""
    return str(value) if isinstance(value, int) else quoted(value)


def _bit(value: int) -> str:
    return f"b'{value:b}'"


def _temporal(value: str) -> str:
    return "'" + value + "'"


def _json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return f"CAST({quoted(text)} AS JSON)"


_JSON_DIFF_FUNCTIONS = {"REPLACE": "JSON_REPLACE", "INSERT": "JSON_INSERT",
                        "REMOVE": "JSON_REMOVE"}


def _json_column(column: str) -> Literal:
    """MySQL's JSON in column ``column`` (quoted): a document, or a partial update
    (``{"json_diff": [...]}``, left so when the before image has no document to apply it
    to) as the JSON functions that make it on the column's value: an INSERT into an array
    shifts the elements after it (JSON_ARRAY_INSERT)."""
    def literal(value: Any) -> str:
        if not (isinstance(value, dict) and value.keys() == {"json_diff"}):
            return _json(value)
        text = column
        for op in value["json_diff"]:
            kind, path = op["operation"], op["path"]
            if path == "$" and kind == "REPLACE":
                text = _json(op["value"])
                continue
            name = _JSON_DIFF_FUNCTIONS[kind]
            if kind == "INSERT" and path.endswith("]"):
                name = "JSON_ARRAY_INSERT"
            argument = "" if kind == "REMOVE" else "," + _json(op["value"])
            text = f"{name}({text},{quoted(path)}{argument})"
        return text
    return literal


def _geometry(is_mariadb: bool) -> Literal:
    def literal(value: Any) -> str:
        if "wkb" not in value:  # bytes that are not a geometry the server writes
            return _binary(value)
        wkb = _hex(base64.b64decode(value["wkb"]))
        srid = value["srid"]
        # MySQL reads the WKB of a geographic SRID latitude first unless told; the binlog
        # holds it longitude first, as MySQL stores it.
        axis = ",'axis-order=long-lat'" if srid and not is_mariadb else ""
        return f"ST_GeomFromWKB({wkb},{srid}{axis})"
    return literal


def _vector(value: list[float]) -> str:
    return f"STRING_TO_VECTOR('[{','.join(repr(x) for x in value)}]')"


def value_literal(real_type: int, info: v.ColumnInfo, is_mariadb: bool) -> Literal:
    """The function writing a column's decoded values (not None) as exact SQL literals."""
    if real_type in v.STRING_TYPES:
        return _binary if info.charset in (None, "binary") else _text
    if real_type in _INTEGERS or real_type == v.NEWDECIMAL:
        return str  # DECIMAL: its exact digits, unquoted
    if real_type in (v.FLOAT, v.DOUBLE):
        return repr  # the shortest decimal that reads back as the same value
    if real_type in _TEMPORAL:
        return _temporal
    if real_type in (v.ENUM, v.SET):
        return _label
    if real_type == v.BIT:
        return _bit
    if real_type == v.JSON:
        return _json
    if real_type == v.GEOMETRY:
        return _geometry(is_mariadb)
    if real_type == v.VECTOR:
        return _vector
    raise ValueError(f"no SQL literal for field type {real_type}")


def _float32_as_double(value: float) -> str:
    """The double a FLOAT column holds (what it is compared as), written as a double."""
    text = repr(_FLOAT32.unpack(_FLOAT32.pack(value))[0])
    return text if "e" in text else text + "e0"


# ---------------------------------------------------------------------------------------
# Statements


def column_literals(name: str, real_type: int, info: v.ColumnInfo, is_mariadb: bool
                    ) -> tuple[Literal, Literal, Literal]:
    """How a column's values are written in VALUES and SET, compared with a primary key
    (FLOAT as the double it holds) and compared as part of a whole row (text also with a
    binary collation: a case-insensitive one would match other rows)."""
    literal = (_json_column(identifier(name)) if real_type == v.JSON
               else value_literal(real_type, info, is_mariadb))
    key = _float32_as_double if real_type == v.FLOAT else literal
    if literal is not _text:
        return literal, key, key

    def exact(value: Any) -> str:
        return _text(value) + " COLLATE utf8mb4_bin"
    return literal, key, exact


@dataclass(slots=True)
class TableSql:
    """A table's quoted name, per column its quoted name and literal writers (see
    :func:`column_literals`), and its primary key (None when unknown)."""

    name: str
    names: dict[str, str]
    literal: dict[str, Literal]
    key: dict[str, Literal]
    exact: dict[str, Literal]
    pk: tuple[str, ...] | None
    all_names: str = field(init=False)
    """The column list of a full image."""

    def __post_init__(self) -> None:
        self.all_names = ",".join(self.names.values())

    @classmethod
    def of(cls, table: TableInfo, is_mariadb: bool) -> TableSql | None:
        """None when the column names are not known (``@1``, ``@2``... stand for them)."""
        if any(name == f"@{i + 1}" for i, name in enumerate(table.names)):
            return None
        literal: dict[str, Literal] = {}
        key: dict[str, Literal] = {}
        exact: dict[str, Literal] = {}
        for name, meta, info in zip(table.names, table.column_metas, table.infos,
                                    strict=True):
            literal[name], key[name], exact[name] = column_literals(
                name, meta.real_type, info, is_mariadb)
        return cls(f"{identifier(table.schema)}.{identifier(table.table)}",
                   {n: identifier(n) for n in table.names}, literal, key, exact,
                   tuple(table.pk) if table.pk else None)

    @staticmethod
    def _values(image: dict[str, Any], how: dict[str, Literal]) -> list[str]:
        return ["NULL" if x is None else how[n](x) for n, x in image.items()]

    def insert(self, image: dict[str, Any]) -> str:
        names = (self.all_names if len(image) == len(self.names)
                 else ",".join([self.names[n] for n in image]))
        row = ",".join(self._values(image, self.literal))
        return f"INSERT INTO {self.name} ({names}) VALUES ({row});\n"

    def update(self, values: dict[str, Any], row: dict[str, Any]) -> str:
        """Set ``values`` in the row that ``row`` (an image) identifies."""
        sets = ", ".join([f"{self.names[n]}={x}" for n, x in
                          zip(values, self._values(values, self.literal), strict=True)])
        return f"UPDATE {self.name} SET {sets} WHERE {self.where(row)} LIMIT 1;\n"

    def delete(self, row: dict[str, Any]) -> str:
        return f"DELETE FROM {self.name} WHERE {self.where(row)} LIMIT 1;\n"

    def where(self, row: dict[str, Any]) -> str:
        """The condition that finds the row an image shows: its primary key, else all of
        its columns; :class:`ValueError` when the image has neither."""
        if self.pk and all(n in row for n in self.pk):
            key = {n: row[n] for n in self.pk}
            return " AND ".join([f"{self.names[n]}={x}" for n, x in
                                 zip(key, self._values(key, self.key), strict=True)])
        missing = [n for n in self.names if n not in row]
        if missing:
            raise ValueError("no primary key known and the image lacks column(s) "
                             f"{', '.join(missing)} (binlog_row_image=MINIMAL or NOBLOB): "
                             "the row cannot be identified")
        return " AND ".join([f"{self.names[n]}<=>{x}" for n, x in
                             zip(row, self._values(row, self.exact), strict=True)])

    def forward(self, change: RowChange) -> str:
        """What the change did."""
        if change.op == "insert":
            assert change.after is not None
            return self.insert(change.after)
        assert change.before is not None
        if change.op == "delete":
            return self.delete(change.before)
        assert change.after is not None
        return self.update(change.after, change.before)

    def undo(self, change: RowChange) -> str:
        """What reverses the change; :class:`ValueError` when the images lack what it
        must write back."""
        if change.op == "insert":
            assert change.after is not None
            return self.delete(change.after)
        before = change.before
        assert before is not None
        lacking = [n for n in (self.names if change.op == "delete" else change.after or ())
                   if n not in before]
        if lacking:
            raise ValueError(f"the before image lacks column(s) {', '.join(lacking)} "
                             "(binlog_row_image=MINIMAL or NOBLOB): the "
                             f"{change.op} cannot be undone")
        if change.op == "delete":
            return self.insert(before)
        assert change.after is not None
        return self.update(before, before | change.after)


# ---------------------------------------------------------------------------------------
# Transactions and the script


@dataclass(frozen=True, slots=True)
class _Ddl:
    """A DDL statement: where it is, the default database and sql_mode it ran with (the
    server's number; None when the event does not say), its text."""

    file: str
    pos: int
    db: str
    sql_mode: int | None
    text: str

    def comment(self, what: str) -> str:
        """A comment line naming the statement (its first 100 characters)."""
        return f"-- DDL {what} at {self.file}:{self.pos}: {_shown(self.text, 100)}\n"


def _shown(text: str, width: int) -> str:
    """A statement on one line, cut at ``width`` characters."""
    shown = " ".join(text.split())
    return shown if len(shown) <= width else shown[:width - 3] + "..."


@dataclass(slots=True)
class _Transaction:
    seq: int
    """Its place among the transactions read."""
    file: str
    pos: int
    timestamp: int
    ended: bool = False
    """Its end was read."""
    xid: str | None = None
    """An XA transaction's XID (the text of its XA END)."""
    prepared: bool = False
    """It ended with XA PREPARE: its XA COMMIT or XA ROLLBACK decides."""
    gtid: str | None = None
    statements: list[tuple[int, str]] = field(default_factory=list)
    """Each statement with the number of the rows event it comes from."""
    ddl: list[_Ddl] = field(default_factory=list)
    """Its DDL statements (one, but for CREATE TABLE ... SELECT's rows after it)."""
    keys: list[tuple[int, int | None]] = field(default_factory=list)
    """The rows events of the transaction (pos, inner_pos) whose changes may still come."""
    savepoints: dict[str, int] = field(default_factory=dict)
    """The event number of each SAVEPOINT."""
    undone: list[tuple[int, int]] = field(default_factory=list)
    """The event numbers between a SAVEPOINT and a ROLLBACK TO it: their rows never
    took effect (the server logs them, then the ROLLBACK TO)."""

    def kept(self) -> list[str]:
        return [text for n, text in self.statements
                if not any(first < n < last for first, last in self.undone)]

    def text(self, flashback: bool) -> str:
        body = self.kept()
        if not body:
            return ""
        when = datetime.fromtimestamp(self.timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S")
        gtid = f" GTID {self.gtid}" if self.gtid else ""
        what = "undo of the transaction" if flashback else "transaction"
        body = body[::-1] if flashback else body
        return (f"-- {what} at {self.file}:{self.pos}{gtid}, {when}\nBEGIN;\n"
                f"{''.join(body)}COMMIT;\n")

    def statement(self, number: int, text: str) -> None:
        """A SAVEPOINT, ROLLBACK TO or XA END (event number ``number``) of the
        transaction."""
        found = _XA_END.match(text)
        if found is not None:
            self.xid = found[1]
            return
        found = _SAVEPOINT.match(text)
        if found is not None:
            self.savepoints[_savepoint_name(found[2])] = number
            return
        found = _ROLLBACK_TO.match(text)
        if found is not None and _savepoint_name(found[1]) in self.savepoints:
            self.undone.append((self.savepoints[_savepoint_name(found[1])], number))


_NAME = r"(`(?:[^`]|``)+`|[\w$]+)"
_SAVEPOINT = re.compile(r"\s*(SAVEPOINT)\s+" + _NAME, re.I)
_ROLLBACK_TO = re.compile(r"\s*ROLLBACK\s+(?:WORK\s+)?TO\s+(?:SAVEPOINT\s+)?" + _NAME, re.I)
_XA_END = re.compile(r"\s*XA\s+END\s+(.+?)\s*$", re.I | re.S)
_XA_DECIDED = re.compile(r"\s*XA\s+(COMMIT|ROLLBACK)\s+(.+?)\s*$", re.I | re.S)
_ONE_PHASE = re.compile(r"\sONE\s+PHASE$", re.I)
_DML = re.compile(r"\s*(?:/\*.*?\*/\s*)*(INSERT|UPDATE|DELETE|REPLACE|LOAD)\b", re.I | re.S)
"""A statement that changes rows: in a binlog, one logged as a statement."""
_DATABASE_DDL = re.compile(r"\s*(?:/\*.*?\*/\s*)*(CREATE|DROP|ALTER)\s+(DATABASE|SCHEMA)\b",
                           re.I | re.S)
"""CREATE, DROP or ALTER DATABASE, which needs no default database (and may run in one
that does not exist yet, or any more)."""


def _sql_mode(body: Any) -> int | None:
    """A QUERY event's sql_mode (the server's bits, as a number), None when not given."""
    for var in getattr(getattr(body, "status_vars", None), "entries", ()):
        modes = getattr(var.value, "modes", None)
        if modes is not None:
            return int(modes.value)
    return None


def _savepoint_name(quoted_name: str) -> str:
    if quoted_name.startswith("`"):
        quoted_name = quoted_name[1:-1].replace("``", "`")
    return quoted_name.casefold()


def _utf8(out: TextIO) -> None:
    """The script is UTF-8 whatever the locale: it says ``SET NAMES utf8mb4``."""
    encoding = (getattr(out, "encoding", None) or "utf-8").lower().replace("-", "")
    if encoding != "utf8" and isinstance(out, io.TextIOWrapper):
        out.reconfigure(encoding="utf-8")


class _Spool:
    """Texts kept in a temporary file, to be read back last first: an undo is written
    only once the whole window is read, and may be larger than memory."""

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None
        self._ends: list[int] = []

    def add(self, text: str) -> None:
        if not text:
            return
        if self._file is None:
            self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        self._file.write(text.encode("utf-8"))
        self._ends.append(self._file.tell())

    def backwards(self) -> Iterator[str]:
        if self._file is None:
            return
        for i in range(len(self._ends) - 1, -1, -1):
            start = self._ends[i - 1] if i else 0
            self._file.seek(start)
            yield self._file.read(self._ends[i] - start).decode("utf-8")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class SqlScript:
    """The SQL of the row changes of a stream, written to ``out`` as the ``rows`` command
    reads it (problems to ``err`` as ``FILE: offset N: what``).

    :meth:`feed` stands for the decoder's: it also sees where transactions begin and
    end. :meth:`add` takes the changes the filters (and ``gtids``) keep, :meth:`end_file`
    ends each file and :meth:`finish` the run (writing the undo, when ``flashback``).
    The decoder may give a transaction's changes after it has read the transaction's end
    (it decodes many small transactions together), but always in binlog order: a
    transaction is complete once a later one's changes come, or at the end of the file.
    One whose end is not read (a cut or damaged file, ``--stop-*``) is left out, with a
    comment. After a problem (a refused change, an undecodable event, damage) no
    transaction from the problem's on is written (:meth:`fail`): a forward script is a
    clean prefix, an undo all or nothing.
    """

    def __init__(self, decoder: Decoder, out: TextIO, err: TextIO, *,
                 flashback: bool = False, gtids: Iterable[Any] | None = None,
                 ddl: bool = False, since: float | None = None) -> None:
        """``gtids``: only the changes of these transactions (GTIDs with their ``text``
        as the server prints it, :class:`~binlog_kaitai.seek.Gtid`); ``ddl``: the DDL
        statements as SQL (else comments); ``since``: no DDL from before this time (the
        rows from before it are not added)."""
        self.decoder = decoder
        self.gtids = None if gtids is None else {g.text for g in gtids}
        self.ddl = ddl
        self.since = since
        self._db: str | None = None
        """The database of the last ``USE`` written."""
        self._mode: int | None = None
        """The sql_mode of the last DDL written, until the script's is set again."""
        self.out = out
        self.err = err
        self.flashback = flashback
        self.failed = False
        self._cut: int | None = None
        """The first transaction left out for a problem (see :meth:`fail`)."""
        self._tracker = TransactionTracker()
        self._open: _Transaction | None = None
        self._waiting: deque[_Transaction] = deque()
        """Transactions no longer open (ended or left open), whose changes may still come."""
        self._seq = 0
        self._events = 0
        self._of_event: dict[tuple[int, int | None],
                             tuple[_Transaction, int, TableInfo | None]] = {}
        """Each rows event's transaction, its place among the events, and its table as
        described when the event was read: its changes may come after a DDL statement
        that changed the table (a group of events is decoded when a statement ends it)."""
        self._tables: dict[int, tuple[TableInfo, TableSql | None]] = {}
        self._undone = _Spool()
        self._prepared: dict[str, _Transaction] = {}
        """Transactions prepared (XA PREPARE), by XID, their changes all read."""
        self._decided: dict[str, bool] = {}
        """XA COMMIT (True) or XA ROLLBACK of transactions still waiting."""
        self._refused: set[tuple[str, str]] = set()
        _utf8(out)
        if not flashback:
            out.write(HEADER)

    def feed(self, ev: Event) -> list[Any]:
        """The decoder's :meth:`~binlog_kaitai.ordered_rows.OrderedRows.feed`; the
        changes it gives back belong to transactions this has seen begin."""
        step = self._tracker.step(ev.type_code, ev.kind)
        self._events += 1
        if step.starts:
            self._close()
            self._open = _Transaction(self._seq, ev.file, ev.pos, ev.timestamp)
            self._seq += 1
        if ev.is_rows and self._open is not None:
            key = (ev.pos, ev.inner_pos)
            self._of_event[key] = (self._open, self._events, self._described(ev))
            self._open.keys.append(key)
        elif ev.is_query and ev.kind in ("statement", "xa_commit", "xa_rollback"):
            self._statement(ev)
        elif ev.is_query and ev.kind == "ddl":
            self._ddl(ev)
        if step.ends and self._open is not None:
            self._open.ended = True
            self._open.prepared = step.commit_kind == "xa_prepare"
            self._close()
        items = self.decoder.feed(ev)
        for item in items:
            if isinstance(item, BinlogError):
                found = self._of_event.get((item.offset, None))
                self.fail(None if found is None else found[0].seq)
        return items

    def add(self, name: str, ev: Event, changes: list[RowChange]) -> int:
        """The statements of one rows event's changes; 1 when they cannot be exact (said
        once per table), else 0. After a problem, nothing is kept, but the changes are
        still looked at: every table that cannot be made exact is named."""
        found = self._of_event.get((ev.pos, ev.inner_pos))
        if found is None or not changes:
            return 0
        txn, number, info = found
        self._complete(txn.seq)
        if self.gtids is not None and changes[0].gtid not in self.gtids:
            return 0
        key = (changes[0].schema, changes[0].table)
        assert info is not None  # (changes: the event's table was described)
        try:
            table = self._table(info, ev.format.is_mariadb)
            if table is None:
                raise ValueError("column names unknown (no binlog_row_metadata=FULL, no "
                                 "CREATE TABLE in the binlogs read, no --schema)")
            make = table.undo if self.flashback else table.forward
            statements = [make(c) for c in changes]
        except ValueError as exc:
            if key not in self._refused:
                self._refused.add(key)
                print(f"{name}: offset {ev.pos}: `{info.schema}`.`{info.table}`: {exc}",
                      file=self.err)
            self.fail(txn.seq)
            return 1
        if not self._lost(txn):
            txn.gtid = changes[0].gtid
            txn.statements += [(number, text) for text in statements]
        return 0

    def end_file(self, clean: bool) -> None:
        """At the end of a file, once the decoder's last changes are added (``clean``
        false after a problem): a transaction still open is left out."""
        if not clean:
            self.fail()
        self._close()
        self._complete(None)
        self._tracker = TransactionTracker()

    def finish(self, status: int) -> int:
        """Writes the undo, last transaction first (nothing after a problem); the exit
        status, ``status`` or 1 after a refusal."""
        for txn in self._prepared.values():
            self._write(f"-- the XA transaction at {txn.pos} is prepared, not committed "
                        "in what was read: left out\n")
        if self.flashback and not self.failed:
            self.out.write(HEADER)
            for text in self._undone.backwards():
                self.out.write(text)
        self._undone.close()
        return max(status, int(self.failed))

    def fail(self, seq: int | None = None) -> None:
        """A problem: the exit status is 1, no undo is written, and no transaction from
        the one numbered ``seq`` on (the problem's; None: every one not written yet). A
        transaction before it is, when its changes come: those of a group of events
        decoded together come after the problem of a later event was seen."""
        self.failed = True
        if seq is None:
            seq = self._waiting[0].seq if self._waiting else self._current()
        self._cut = seq if self._cut is None else min(self._cut, seq)

    def _current(self) -> int:
        """The number of the transaction being read (the next one's between two)."""
        return self._seq if self._open is None else self._open.seq

    def _lost(self, txn: _Transaction) -> bool:
        """Whether a transaction is left out for a problem at or before it."""
        return self._cut is not None and txn.seq >= self._cut

    def _statement(self, ev: Event) -> None:
        """A SAVEPOINT or ROLLBACK TO of the open transaction; a change logged as a
        statement (``binlog_format=STATEMENT`` or ``MIXED``) is refused: its rows are not
        in the binlog (unless the filters leave it out: another GTID, a statement that
        names none of the tables asked for)."""
        raw = statement_bytes(ev.body)
        if raw is None:
            return
        text = raw.decode("utf-8", "replace")
        decided = _XA_DECIDED.match(text)
        if decided is not None:
            if not _ONE_PHASE.search(decided[2]):  # one phase: ended, never prepared
                self._decide(decided[2], decided[1].upper() == "COMMIT")
            return
        if self._open is not None:
            self._open.statement(self._events, text)
        if _DML.match(text) is None or not self._asked(text, ev.body.schema or ""):
            return
        if ("", "") not in self._refused:
            self._refused.add(("", ""))
            print(f"{ev.file}: offset {ev.pos}: a change logged as a statement "
                  f"(binlog_format=STATEMENT or MIXED), its rows are not in the binlog: "
                  f"{_shown(text, 60)}", file=self.err)
        self.fail(self._current())

    def _asked(self, text: str, db: str) -> bool:
        """Whether a statement run in database ``db`` is of the transactions and tables
        asked for (:meth:`~binlog_kaitai.filters.TableFilter.may_name`: by its words; a
        CREATE/DROP/ALTER DATABASE, logged in its database, when that is of a table asked
        for)."""
        tables = self.decoder.decoder.filter
        if self.gtids is not None and self.decoder.decoder.gtid not in self.gtids:
            return False
        if not tables.active:
            return True
        if _DATABASE_DDL.match(text):
            return tables.keeps_database(db) and any(
                p.database is None or fnmatchcase(db, p.database) for p in tables.patterns)
        return tables.keeps_database(db) and tables.may_name(text, db)

    def _ddl(self, ev: Event) -> None:
        """A DDL statement of the open transaction, kept unless the filters leave it out
        (another GTID, before ``since``, naming none of the tables asked for) or the
        statement did not take effect as logged (:func:`~binlog_kaitai.schema.took_effect`:
        failed on the source, the phases of a two-phase ALTER but its COMMIT ALTER)."""
        raw = statement_bytes(ev.body)
        if raw is None or self._open is None or not took_effect(ev.body) or (
                self.since is not None and ev.timestamp < self.since):
            return
        text, db = client_text(ev.body, raw), ev.body.schema or ""
        if self._asked(text, db):
            self._open.gtid = self._open.gtid or self.decoder.decoder.gtid
            self._open.ddl.append(_Ddl(ev.file, ev.pos, db, _sql_mode(ev.body), text))

    def _text(self, txn: _Transaction) -> str:
        """A transaction's text: its DDL (as comments, as SQL with ``ddl``; the undo
        leaves it as it is, in comments), then its row changes."""
        out = []
        for ddl in txn.ddl:
            if self.flashback or not self.ddl:
                out.append(ddl.comment("not undone" if self.flashback else "skipped"))
                continue
            out.append(self._ddl_sql(ddl))
        body = txn.text(self.flashback)
        if body and self._mode is not None:  # the script's sql_mode again for the rows
            out.append(SQL_MODE)
            self._mode = None
        return "".join(out) + body

    def _ddl_sql(self, ddl: _Ddl) -> str:
        """A DDL statement as SQL, after ``USE`` its database and ``SET sql_mode`` its
        mode (as mysqlbinlog sets them) where they are not the session's already."""
        out = [f"-- DDL at {ddl.file}:{ddl.pos}\n"]
        if _DATABASE_DDL.match(ddl.text):  # logged in the database it creates or drops
            self._db = None
        elif ddl.db and ddl.db != self._db:
            out.append(f"USE {identifier(ddl.db)};\n")
            self._db = ddl.db
        if ddl.sql_mode is not None and ddl.sql_mode != self._mode:
            out.append(f"SET SESSION sql_mode={ddl.sql_mode};\n")
            self._mode = ddl.sql_mode
        text = ddl.text.strip().rstrip(";").rstrip()
        # A statement with a ; of its own (a routine, a trigger) is sent whole.
        out.append(f"DELIMITER ;;\n{text};;\nDELIMITER ;\n" if ";" in text
                   else f"{text};\n")
        return "".join(out)

    def _close(self) -> None:
        """The open transaction, ended or not, waits for its last changes."""
        if self._open is not None:
            self._waiting.append(self._open)
            self._open = None

    def _complete(self, before: int | None) -> None:
        """Writes (or keeps, for the undo) the waiting transactions read before the one
        numbered ``before`` (all of them for None)."""
        waiting = self._waiting
        while waiting and (before is None or waiting[0].seq < before):
            txn = waiting.popleft()
            self._forget(txn)
            if self._lost(txn) or not (txn.statements or txn.ddl):
                continue
            if txn.prepared and txn.xid is not None:
                outcome = self._decided.pop(txn.xid, None)
                if outcome is None:
                    self._prepared[txn.xid] = txn
                elif outcome:
                    self._write(self._text(txn))
                continue
            self._write(self._text(txn) if txn.ended else (
                f"-- the transaction at {txn.pos} does not end in what was read: its "
                f"{len(txn.kept())} row change(s) left out\n"))

    def _decide(self, xid: str, commit: bool) -> None:
        """XA COMMIT (``commit``) or XA ROLLBACK of a prepared transaction: written (in
        the order of the commits) or left out."""
        txn = self._prepared.pop(xid, None)
        if txn is None:  # still waiting for its last changes (or one phase: none)
            self._decided[xid] = commit
        elif commit and not self._lost(txn):
            self._write(self._text(txn))

    def _write(self, text: str) -> None:
        if self.flashback:
            self._undone.add(text)
        else:
            self.out.write(text)

    def _forget(self, txn: _Transaction) -> None:
        for key in txn.keys:
            self._of_event.pop(key, None)

    def _described(self, ev: Event) -> TableInfo | None:
        """A rows event's table as the decoder describes it now (None when it cannot:
        the decoder then reports the event's problem, and gives no changes)."""
        if ev.table_map is None:
            return None
        try:
            return self.decoder.decoder.describe(ev.table_map, ev.format.is_mariadb)
        except DECODE_ERRORS:
            return None

    def _table(self, info: TableInfo, is_mariadb: bool) -> TableSql | None:
        found = self._tables.get(id(info))
        if found is None or found[0] is not info:
            if len(self._tables) > 10000:
                self._tables.clear()
            found = self._tables[id(info)] = (info, TableSql.of(info, is_mariadb))
        return found[1]
