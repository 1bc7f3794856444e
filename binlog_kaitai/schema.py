"""Table definitions rebuilt from DDL, for row events whose TABLE_MAP carries no names.

With ``binlog_row_metadata=MINIMAL`` (MySQL's default; always on old servers) a TABLE_MAP
gives column types but no column names, no ENUM/SET labels and, before MySQL 8, no
signedness or charsets. Like Debezium's schema history, :class:`SchemaHistory` replays
the DDL seen earlier in the stream (CREATE/ALTER/DROP/RENAME TABLE, CREATE/DROP
DATABASE, from QUERY events) or given in files (``--schema schema.sql``) and answers
what each table looked like at that point.

Statements are parsed with sqlglot (see :mod:`binlog_kaitai.ddl`, imported on the first
DDL statement: sqlglot takes a quarter of a second to import). The only hand-written
lexing, here, is what MySQL's own client does before parsing: unwrapping
``/*!NNNNN ... */`` version comments and splitting scripts at the delimiter. A statement
that cannot be parsed changes nothing: the tables keep their last known definitions.
Callers compare a table's column count with the TABLE_MAP's and fall back to positional
names (@1, @2, ...) when they differ.

:meth:`SchemaHistory.trace` and :meth:`SchemaHistory.trace_script` apply statements and
say what each did to the tables' columns (:class:`TableChange`), for the Spark job's
``schema_history`` table.
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from binlog_kaitai import values
from binlog_kaitai.catalog import Catalog, ColumnDef, TableDef
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event_kinds import statement_bytes
from binlog_kaitai.sql_script import first_word, split_statements

if TYPE_CHECKING:
    from binlog_kaitai.stream import Source

_DDL_WORDS = frozenset({"CREATE", "ALTER", "DROP", "RENAME", "USE"})

Tables = dict[tuple[str, str], tuple[TableDef, list[ColumnDef]]]
"""Every known table's definition and its column list at one point (the catalog's
objects: a statement replaces a table's definition or column list, never edits one)."""


@dataclass(frozen=True, slots=True)
class TableChange:
    """What one statement did to one table's columns.

    ``action``: ``create`` (a new table, or one created again over an older definition),
    ``alter``, ``rename`` (from ``renamed_from``, ``db.table``) or ``drop``. ``columns``
    are the columns after it (None once dropped); ``added`` and ``dropped`` the names
    gained and lost against the table's previous definition (under its old name for a
    rename; none before a new table).
    """

    db: str
    table: str
    action: str
    renamed_from: str | None
    columns: tuple[str, ...] | None
    added: tuple[str, ...]
    dropped: tuple[str, ...]


def query_statement(body: Any) -> tuple[str | None, str] | None:
    """The default database and statement a QUERY / QUERY_COMPRESSED event body (the
    generated ``QueryEvent``) gives the history, None for one it skips.

    Skipped: statements that failed on the source (error_code != 0), those that cannot
    change a table's columns or a database (by their first word, without parsing, so
    this is cheap for DML logged as statements), and the START ALTER and ROLLBACK ALTER
    phases of MariaDB's two-phase ALTER (binlog_alter_two_phase), whose COMMIT ALTER
    event repeats the statement once it took effect. The text is decoded by
    :func:`client_text` (ENUM/SET labels are often not ASCII).
    """
    sql = statement_bytes(body)
    if sql is None or not took_effect(body):
        return None
    text = client_text(body, sql)
    if first_word(text) not in _DDL_WORDS:
        return None
    return body.schema or None, text


def client_text(body: Any, raw: bytes) -> str:
    """A QUERY event's statement decoded with the client character set it was sent in
    (its status variables say; UTF-8 when they do not)."""
    for var in getattr(getattr(body, "status_vars", None), "entries", ()):
        client = getattr(var.value, "character_set_client", None)
        charset = None if client is None else values.charset_of_collation(client)
        if charset not in (None, "binary"):
            return values.text_decoder(charset)(raw)  # type: ignore[no-any-return]
    return raw.decode("utf-8", "replace")


def took_effect(body: Any) -> bool:
    """Whether a QUERY event's statement took effect as logged: not failed on the source
    (error_code != 0), not the START ALTER or ROLLBACK ALTER phase of MariaDB's
    two-phase ALTER (its COMMIT ALTER event repeats the statement once it took effect)."""
    if body.error_code != 0:
        return False
    for var in getattr(getattr(body, "status_vars", None), "entries", ()):
        flags = var.value
        if getattr(flags, "is_start_alter", False) or getattr(flags, "is_rollback_alter",
                                                               False):
            return False
    return True

# --- the history -------------------------------------------------------------------------------

class SchemaHistory:
    """Tables and databases as the DDL seen so far left them.

    ``ddl_files`` are applied first, in order (a schema dump such as ``mysqldump
    --no-data``); then :meth:`apply_query_event` (or :meth:`apply_query`) is called with
    each QUERY event, in binlog order.
    """

    def __init__(self, ddl_files: Sequence[str | Path] = ()) -> None:
        self._catalog = Catalog()
        self.generation = 0
        """How many statements changed the history (or may have): what was worked out
        from it stays right while this stays the same."""
        for path in ddl_files:
            self.apply_script(Path(path).read_text(encoding="utf-8", errors="replace"))

    # queries

    def columns(self, db: str, table: str) -> list[ColumnDef] | None:
        """The table's columns in row-image order, None if its definition is unknown."""
        found = self._catalog.lookup(db, table)
        return None if found is None else list(found[2].columns)

    def primary_key(self, db: str, table: str) -> list[str] | None:
        """Names of the primary key's columns ([] if it has none), None if unknown."""
        found = self._catalog.lookup(db, table)
        return None if found is None else list(found[2].primary_key)

    # input

    def apply_query(self, default_db: str | None, sql: str) -> None:
        """Apply one statement from a QUERY event run with ``default_db`` as its database.

        Anything but DDL that changes a table's columns (or a database) is skipped without
        being parsed, so this is cheap for DML logged as statements. The caller decides
        which events to pass; :meth:`apply_query_event` does that.
        """
        if first_word(sql) not in _DDL_WORDS:
            return
        self._apply(default_db or None, next(split_statements(sql, None)))

    def apply_query_event(self, body: Any) -> None:
        """Apply a QUERY / QUERY_COMPRESSED event body, unless :func:`query_statement`
        skips it."""
        found = query_statement(body)
        if found is not None:
            self.apply_query(*found)

    def trace(self, default_db: str | None, sql: str) -> list[TableChange]:
        """:meth:`apply_query`, and what the statement did to the tables' columns."""
        before = self._tables()
        self.apply_query(default_db, sql)
        return _changes(before, self._tables())

    def apply_script(self, script: str, default_db: str | None = None) -> None:
        """Apply every statement of an SQL script; ``USE db`` changes the default."""
        db = default_db
        for statement in split_statements(script):
            if first_word(statement) in _DDL_WORDS:
                db = self._apply(db, statement)

    def trace_script(self, script: str) -> Iterator[tuple[str | None, str, list[TableChange]]]:
        """:meth:`apply_script`, statement by statement: each DDL statement (not ``USE``)
        with the default database it ran with and what it did to the tables' columns."""
        db: str | None = None
        for statement in split_statements(script):
            word = first_word(statement)
            if word == "USE":
                db = self._apply(db, statement)
            elif word in _DDL_WORDS:
                before = self._tables()
                after_db = self._apply(db, statement)
                yield db, statement, _changes(before, self._tables())
                db = after_db

    def _tables(self) -> Tables:
        return {(db, name): (table, table.columns)
                for db, found in self._catalog.databases.items()
                for name, table in found.tables.items()}

    def _apply(self, default_db: str | None, sql: str) -> str | None:
        """Apply one statement; returns the default database after it (for USE)."""
        from binlog_kaitai import ddl  # here: sqlglot takes ~0.25 s to import

        self.generation += 1
        return ddl.apply_statement(self._catalog, default_db, sql)


def _changes(before: Tables, after: Tables) -> list[TableChange]:
    """The tables whose columns differ between two points (by the catalog's objects: a
    definition under a new name was renamed, a new object under a known name was
    created again, a definition found nowhere was dropped)."""
    was_at = {id(table): key for key, (table, _) in before.items()}
    now_at = {id(table): key for key, (table, _) in after.items()}
    changes: list[TableChange] = []
    for key, (table, columns) in after.items():
        old = before.get(key)
        origin = was_at.get(id(table))
        if origin is not None and origin != key:
            changes.append(_change(key, "rename", before[origin][1], columns, origin))
        elif old is None or old[0] is not table:
            changes.append(_change(key, "create", old[1] if old else [], columns))
        elif old[1] is not columns and old[1] != columns:
            changes.append(_change(key, "alter", old[1], columns))
    changes += [_change(key, "drop", columns, None) for key, (table, columns) in before.items()
                if key not in after and id(table) not in now_at]
    return changes


def _change(key: tuple[str, str], action: str, old: list[ColumnDef],
            new: list[ColumnDef] | None, origin: tuple[str, str] | None = None
            ) -> TableChange:
    old_names = [c.name for c in old]
    new_names = [] if new is None else [c.name for c in new]
    return TableChange(key[0], key[1], action, None if origin is None else ".".join(origin),
                       None if new is None else tuple(new_names),
                       tuple(n for n in new_names if n not in old_names),
                       tuple(n for n in old_names if n not in new_names))


def freeze(history: SchemaHistory) -> bytes:
    """A history as it stands, as bytes: for another process (a split's parse, a file's
    ``rows`` worker) or a later run (an incremental state)."""
    return zlib.compress(pickle.dumps(history, protocol=pickle.HIGHEST_PROTOCOL))


def thaw(frozen: bytes) -> SchemaHistory:
    """The history :func:`freeze` stored (bytes this program made, never user input)."""
    history = pickle.loads(zlib.decompress(frozen))
    assert isinstance(history, SchemaHistory)
    return history


class HistoriesAhead:
    """The schema history at the start of each file of a run (``ahead(i)``, frozen: see
    :func:`freeze`), from ``history`` at the start of the first: each file's statements
    applied once, in file order, as the files are handed out (``rows`` and
    ``row_batches`` of files side by side). A file that cannot be read whole gives the
    DDL before its damage, as reading its rows does (its own reader reports the
    damage)."""

    def __init__(self, names: Sequence[str], history: SchemaHistory) -> None:
        self.names = names
        self.history = thaw(freeze(history))  # (the first file's reader changes its own)
        self.walked = 0

    def __call__(self, i: int) -> bytes:
        while self.walked < i:
            with suppress(BinlogError, OSError):  # (the DDL before the damage is taken)
                take_ddl(self.history, self.names[self.walked], None, None)
            self.walked += 1
        return freeze(self.history)


def take_ddl(history: SchemaHistory, source: Source, start: int | None, stop: int | None
             ) -> None:
    """Take the statements of ``source`` in [``start``, ``stop``) into ``history``
    (:func:`~binlog_kaitai.seek.statements`, a walk that reads no other body)."""
    from binlog_kaitai.seek import statements

    for ev in statements(source, start, stop):
        if ev.body is not None:
            history.apply_query_event(ev.body)
