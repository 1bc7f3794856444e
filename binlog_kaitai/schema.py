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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from binlog_kaitai.reader import statement_bytes

# --- lexing as the mysql client does -----------------------------------------------------------

_DDL_WORDS = frozenset({"CREATE", "ALTER", "DROP", "RENAME", "USE"})


def first_word(sql: str) -> str:
    """The statement's first keyword (upper case), looking through comments."""
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c.isspace() or c == ";":
            i += 1
        elif sql.startswith("/*!", i) or sql.startswith("/*M!", i):
            i += 4 if sql[i + 2] == "M" else 3
            while i < n and sql[i].isdigit():
                i += 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c == "#" or (sql.startswith("--", i) and (i + 2 == n or sql[i + 2].isspace())):
            end = sql.find("\n", i)
            i = n if end < 0 else end + 1
        else:
            j = i
            while j < n and (sql[j].isalpha() or sql[j] == "_"):
                j += 1
            return sql[i:j].upper()
    return ""


def _quoted_end(sql: str, i: int) -> int:
    """Index just past the quoted string or identifier starting at ``sql[i]``."""
    quote, n = sql[i], len(sql)
    i += 1
    while i < n:
        c = sql[i]
        if c == "\\" and quote != "`":
            i += 2
        elif c == quote:
            if i + 1 < n and sql[i + 1] == quote:
                i += 2
            else:
                return i + 1
        else:
            i += 1
    return n


def split_statements(script: str, delimiter: str | None = ";") -> Iterator[str]:
    """Statements of an SQL script, as the mysql client sends them.

    Splits at the delimiter outside quotes and comments (not at all when ``delimiter`` is
    None: one statement), honours ``DELIMITER`` lines (so a stored routine stays one
    statement), and unwraps ``/*!NNNNN ...*/`` and ``/*M!NNNNN ...*/`` version comments,
    which MySQL and MariaDB execute; other comments are dropped.
    """
    out: list[str] = []
    i, n = 0, len(script)
    in_version_comment = False
    at_line_start = True
    while i < n:
        c = script[i]
        if delimiter and at_line_start and script[i:i + 10].upper() == "DELIMITER " and \
                not "".join(out).strip():
            end = script.find("\n", i)
            end = n if end < 0 else end
            delimiter = script[i + 10:end].strip() or delimiter
            i = end
            continue
        at_line_start = c == "\n" or (at_line_start and c in " \t\r")
        if delimiter and script.startswith(delimiter, i):
            yield "".join(out)
            out = []
            i += len(delimiter)
            at_line_start = False
        elif c in "'\"`":
            end = _quoted_end(script, i)
            out.append(script[i:end])
            i = end
        elif script.startswith("/*!", i) or script.startswith("/*M!", i):
            i += 4 if script[i + 2] == "M" else 3
            while i < n and script[i].isdigit():
                i += 1
            in_version_comment = True
            out.append(" ")
        elif in_version_comment and script.startswith("*/", i):
            in_version_comment = False
            out.append(" ")
            i += 2
        elif script.startswith("/*", i):
            end = script.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
        elif c == "#" or (script.startswith("--", i)
                          and (i + 2 == n or script[i + 2].isspace())):
            end = script.find("\n", i)
            i = n if end < 0 else end
        else:
            out.append(c)
            i += 1
    yield "".join(out)


# --- what is kept ------------------------------------------------------------------------------

@dataclass(frozen=True)
class ColumnDef:
    """One column as far as the row image needs: name, signedness, labels, charset.

    ``unsigned`` is None for non-numeric columns; ``charset`` is a MySQL charset name
    ('utf8mb4', 'latin1', 'utf8mb3' for utf8, 'binary' for BINARY/VARBINARY/BLOB), None
    for non-text columns or when no charset is known (the server default applied).
    MariaDB's INET4, INET6 and UUID columns are 'binary': the server logs them as BINARY.
    """

    name: str
    unsigned: bool | None
    enum_values: tuple[str, ...] | None
    set_values: tuple[str, ...] | None
    charset: str | None


@dataclass
class TableDef:
    """A table as the DDL left it."""

    columns: list[ColumnDef]
    primary_key: list[str]
    charset: str | None
    """Default charset of the table, for columns added later without one."""
    text: set[str]
    """Case-folded names of the text columns (which CONVERT TO CHARACTER SET changes)."""


@dataclass
class DatabaseDef:
    charset: str | None = None
    tables: dict[str, TableDef] = field(default_factory=dict)


class Catalog:
    """The databases and tables known so far.

    Names match exactly first, then case-insensitively when that is unambiguous (servers
    with lower_case_table_names=1 log them folded; DDL may spell them otherwise).
    """

    def __init__(self) -> None:
        self.databases: dict[str, DatabaseDef] = {}

    def database(self, name: str) -> DatabaseDef:
        """The database, created (with no known charset) if new."""
        return self.databases.setdefault(name, DatabaseDef())

    def resolve_db(self, db: str) -> str | None:
        if db in self.databases:
            return db
        folded = [d for d in self.databases if d.casefold() == db.casefold()]
        return folded[0] if len(folded) == 1 else None

    def lookup(self, db: str, table: str) -> tuple[str, str, TableDef] | None:
        """(database name, table name, definition) as stored, None if unknown."""
        real_db = self.resolve_db(db)
        if real_db is None:
            return None
        tables = self.databases[real_db].tables
        if table in tables:
            return real_db, table, tables[table]
        folded = [t for t in tables if t.casefold() == table.casefold()]
        return (real_db, folded[0], tables[folded[0]]) if len(folded) == 1 else None

    def forget(self, db: str, table: str) -> None:
        found = self.lookup(db, table)
        if found is not None:
            del self.databases[found[0]].tables[found[1]]

    def move(self, old: tuple[str, str], new: tuple[str, str]) -> None:
        """RENAME TABLE old TO new (an unknown table makes ``new`` unknown too)."""
        found = self.lookup(*old)
        self.forget(*new)
        if found is not None:
            del self.databases[found[0]].tables[found[1]]
            self.database(new[0]).tables[new[1]] = found[2]

    def drop_database(self, db: str) -> None:
        real = self.resolve_db(db)
        if real is not None:
            del self.databases[real]


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
