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
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from binlog_kaitai.catalog import Catalog, ColumnDef
from binlog_kaitai.event_kinds import statement_bytes
from binlog_kaitai.sql_script import first_word, split_statements

_DDL_WORDS = frozenset({"CREATE", "ALTER", "DROP", "RENAME", "USE"})

# --- the history -------------------------------------------------------------------------------

class SchemaHistory:
    """Tables and databases as the DDL seen so far left them.

    ``ddl_files`` are applied first, in order (a schema dump such as ``mysqldump
    --no-data``); then :meth:`apply_query_event` (or :meth:`apply_query`) is called with
    each QUERY event, in binlog order.
    """

    def __init__(self, ddl_files: Sequence[str | Path] = ()) -> None:
        self._catalog = Catalog()
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
        """Apply a QUERY / QUERY_COMPRESSED event body (the generated ``QueryEvent``).

        Skips what did not change the schema: statements that failed on the source
        (error_code != 0) and the START ALTER and ROLLBACK ALTER phases of MariaDB's
        two-phase ALTER (binlog_alter_two_phase), whose COMMIT ALTER event repeats the
        statement once it took effect. The text is decoded as UTF-8 (identifiers, the
        part that matters here, are ASCII in practice).
        """
        sql = statement_bytes(body)
        if body.error_code != 0 or sql is None:
            return
        for var in getattr(getattr(body, "status_vars", None), "entries", ()):
            flags = var.value
            if getattr(flags, "is_start_alter", False) or getattr(flags, "is_rollback_alter",
                                                                   False):
                return
        self.apply_query(body.schema or None, sql.decode("utf-8", "replace"))

    def apply_script(self, script: str, default_db: str | None = None) -> None:
        """Apply every statement of an SQL script; ``USE db`` changes the default."""
        db = default_db
        for statement in split_statements(script):
            if first_word(statement) in _DDL_WORDS:
                db = self._apply(db, statement)

    def _apply(self, default_db: str | None, sql: str) -> str | None:
        """Apply one statement; returns the default database after it (for USE)."""
        from binlog_kaitai import ddl  # here: sqlglot takes ~0.25 s to import

        return ddl.apply_statement(self._catalog, default_db, sql)
