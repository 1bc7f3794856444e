"""The databases and tables DDL describes, as far as row images need them: column names,
signedness, ENUM/SET labels, charsets and primary keys. :mod:`binlog_kaitai.ddl` applies
statements to a :class:`Catalog`; :class:`~binlog_kaitai.schema.SchemaHistory` keeps one.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
    fsp: int | None = None
    """Fractional-second digits of a TIME, DATETIME or TIMESTAMP column (0 without
    them), None for other columns: MariaDB 5.3's packing of such columns is logged
    without them."""


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
