"""The DDL side of the schema history: MySQL statements parsed with sqlglot.

sqlglot's MySQL dialect is extended with what it does not read but servers write: the
spatial subtypes (POINT...), NATIONAL / LONG type spellings, FLOAT UNSIGNED, MariaDB's
INET4/INET6, the SRID attribute, and ALTER TABLE ... CONVERT TO CHARACTER SET. Parsed
statements are applied to a :class:`~binlog_kaitai.catalog.Catalog`; anything that does
not parse, or does not fit what the catalog knows, leaves it unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache

import sqlglot
from sqlglot import exp
from sqlglot.dialects.mysql import MySQL
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

from binlog_kaitai.catalog import Catalog, ColumnDef, TableDef
from binlog_kaitai.sql_script import first_word

# --- the parser ------------------------------------------------------------------------------

_SPATIAL = ("POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON",
            "GEOMETRYCOLLECTION", "GEOMCOLLECTION")


class SridColumnConstraint(exp.Expression, exp.ColumnConstraintKind):
    """MySQL 8's ``SRID n`` attribute of spatial columns (no effect on the row image)."""


class ConvertToCharset(exp.Expression):
    """ALTER TABLE ... CONVERT TO CHARACTER SET cs [COLLATE coll]: every text column's
    charset becomes ``cs`` (``this``; None for DEFAULT, the database's)."""

    arg_types = {"this": False, "collation": False}  # noqa: RUF012 - sqlglot's convention


def _parse_convert_to(parser: MySQL.Parser) -> ConvertToCharset | None:
    if not parser._match_text_seq("TO") or not (
            parser._match(TokenType.CHARACTER_SET) or parser._match_text_seq("CHARACTER", "SET")):
        return None
    charset = None if parser._match(TokenType.DEFAULT) else parser._parse_var_or_string()
    collation = parser._parse_var_or_string() if parser._match(TokenType.COLLATE) else None
    return parser.expression(ConvertToCharset(this=charset, collation=collation))


class BinlogMySQL(MySQL):
    """sqlglot's MySQL dialect plus the column types and attributes it does not know."""

    class Tokenizer(MySQL.Tokenizer):
        KEYWORDS = {  # noqa: RUF012 - sqlglot's own class-level table
            **MySQL.Tokenizer.KEYWORDS,
            **dict.fromkeys(_SPATIAL, TokenType.GEOMETRY),
            "INET4": TokenType.INET,
            "INET6": TokenType.INET,
            "MIDDLEINT": TokenType.MEDIUMINT,
            "LONG": TokenType.MEDIUMTEXT,  # MySQL: LONG = LONG VARCHAR = MEDIUMTEXT
            "LONG VARCHAR": TokenType.MEDIUMTEXT,
            "LONG VARBINARY": TokenType.MEDIUMBLOB,
            "NATIONAL CHAR": TokenType.NCHAR,
            "NATIONAL CHARACTER": TokenType.NCHAR,
            "NATIONAL VARCHAR": TokenType.NVARCHAR,
            "NVARCHAR": TokenType.NVARCHAR,
        }

    class Parser(MySQL.Parser):
        # FLOAT UNSIGNED is legal (deprecated) MySQL; only its signedness matters here.
        SIGNED_TO_UNSIGNED_TYPE_TOKEN = {  # noqa: RUF012
            **MySQL.Parser.SIGNED_TO_UNSIGNED_TYPE_TOKEN,
            TokenType.FLOAT: TokenType.UDOUBLE,
        }
        CONSTRAINT_PARSERS = {  # noqa: RUF012
            **MySQL.Parser.CONSTRAINT_PARSERS,
            "SRID": lambda self: self.expression(
                SridColumnConstraint(this=self._parse_number())),
        }
        ALTER_PARSERS = {  # noqa: RUF012
            **MySQL.Parser.ALTER_PARSERS,
            "CONVERT": _parse_convert_to,
        }


@contextmanager
def _quiet_sqlglot() -> Iterator[None]:
    """sqlglot logs a warning for each statement it keeps as an opaque Command."""
    logger = logging.getLogger("sqlglot")
    was = logger.disabled
    logger.disabled = True
    try:
        yield
    finally:
        logger.disabled = was


@lru_cache(maxsize=256)
def _parse(sql: str) -> exp.Expression | None:
    """The one statement of ``sql`` as sqlglot's tree (never changed by its users), None
    when it is not one statement sqlglot reads. Kept per text: the same statements come
    again (each Spark split replays the DDL before it; servers re-log identical
    CREATE TEMPORARY TABLEs), and parsing is most of the cost of applying one."""
    try:
        with _quiet_sqlglot():
            parsed = sqlglot.parse(sql, read=BinlogMySQL)
    except SqlglotError:
        return None
    statements = [p for p in parsed if p is not None]
    return statements[0] if len(statements) == 1 else None


_T = exp.DType
_SIGNED = frozenset({_T.TINYINT, _T.SMALLINT, _T.MEDIUMINT, _T.INT, _T.BIGINT, _T.DECIMAL,
                     _T.FLOAT, _T.DOUBLE, _T.BOOLEAN})
_UNSIGNED = frozenset({_T.UTINYINT, _T.USMALLINT, _T.UMEDIUMINT, _T.UINT, _T.UBIGINT,
                       _T.UDECIMAL, _T.UDOUBLE, _T.SERIAL})
_TEXT = frozenset({_T.CHAR, _T.VARCHAR, _T.TEXT, _T.TINYTEXT, _T.MEDIUMTEXT, _T.LONGTEXT,
                   _T.ENUM, _T.SET})
_NATIONAL = frozenset({_T.NCHAR, _T.NVARCHAR})
_TEXTUAL = _TEXT | _NATIONAL
_BINARY = frozenset({_T.BINARY, _T.VARBINARY, _T.BLOB, _T.TINYBLOB, _T.MEDIUMBLOB,
                     _T.LONGBLOB, _T.INET, _T.UUID})
"""Stored as bytes: MariaDB logs INET4/INET6/UUID as BINARY(4)/BINARY(16) columns."""
_FRACTIONAL = frozenset({_T.TIME, _T.DATETIME, _T.TIMESTAMP, _T.TIMESTAMPTZ})
"""Types with fractional seconds (sqlglot reads MySQL's TIMESTAMP as TIMESTAMPTZ)."""


def _charset_name(name: str) -> str:
    name = name.strip("'\"`").lower()
    return "utf8mb3" if name == "utf8" else name


def _collation_charset(collation: str) -> str:
    """Charset of a collation: its name up to the first '_' ('binary' stays 'binary')."""
    return _charset_name(collation.strip("'\"`").split("_", 1)[0])


def _charset_of(options: Sequence[exp.Expression]) -> str | None:
    """The charset that CHARACTER SET / COLLATE options (table, database, column) name."""
    charset = collation = None
    for option in options:
        if isinstance(option, (exp.CharacterSetProperty, exp.CharacterSetColumnConstraint)):
            charset = _charset_name(option.this.name)
        elif isinstance(option, (exp.CollateProperty, exp.CollateColumnConstraint)):
            collation = _collation_charset(option.this.name)
    return charset or collation


def _label(value: exp.Expression) -> str | None:
    """An ENUM/SET member as MySQL stores it (trailing spaces removed)."""
    if isinstance(value, exp.Introducer):
        value = value.expression
    if isinstance(value, exp.Literal) and value.is_string:
        return value.this.rstrip(" ")
    if isinstance(value, exp.HexString):
        return bytes.fromhex(value.this).decode("utf-8", "replace").rstrip(" ")
    return None


def _is_text(cd: exp.ColumnDef) -> bool:
    kind = cd.args.get("kind")
    return isinstance(kind, exp.DataType) and kind.this in _TEXTUAL


def _column(cd: exp.ColumnDef, default_charset: str | None) -> ColumnDef | None:
    kind = cd.args.get("kind")
    if not isinstance(kind, exp.DataType):
        return None
    constraints = [c.args.get("kind") for c in cd.args.get("constraints") or []]
    dtype = kind.this
    unsigned: bool | None = None
    if dtype in _UNSIGNED:
        unsigned = True
    elif dtype in _SIGNED:
        unsigned = any(isinstance(c, exp.ZeroFillColumnConstraint) for c in constraints)
    labels: tuple[str, ...] | None = None
    if dtype in (_T.ENUM, _T.SET):
        values = [_label(v) for v in kind.expressions]
        if any(v is None for v in values):
            return None
        labels = tuple(v for v in values if v is not None)
    charset: str | None = None
    if dtype in _BINARY:
        charset = "binary"
    elif dtype in _NATIONAL:
        charset = "utf8mb3"
    elif dtype in _TEXT:
        charset = _charset_of([c for c in constraints if c is not None]) or default_charset
    return ColumnDef(cd.name, unsigned,
                     labels if dtype == _T.ENUM else None,
                     labels if dtype == _T.SET else None,
                     charset, _fsp(kind))


def _fsp(kind: exp.DataType) -> int | None:
    """The fractional-second digits of a TIME, DATETIME or TIMESTAMP type (0 unless
    given), None for another type and for more than 6 (which no server takes)."""
    if kind.this not in _FRACTIONAL:
        return None
    digits = [p.this for p in kind.expressions if isinstance(p, exp.DataTypeParam)]
    if not digits or not isinstance(digits[0], exp.Literal):
        return 0
    name = digits[0].name
    return int(name) if name.isdigit() and len(name) <= 2 and int(name) <= 6 else None


def _key_columns(pk: exp.Expression) -> list[str]:
    """Column names of a PRIMARY KEY (a, b(10), c DESC)."""
    names = []
    for part in pk.expressions:
        ident = part if isinstance(part, exp.Identifier) else part.find(exp.Identifier)
        if ident is not None:
            names.append(ident.name)
    return names


def _unique_key_columns(key: exp.UniqueColumnConstraint) -> list[str] | None:
    """Columns of a table-level UNIQUE key; None if a part is a prefix (``c(10)``)."""
    parts = key.this.expressions if isinstance(key.this, exp.Schema) else []
    if not parts or any(not isinstance(p, (exp.Column, exp.Identifier)) for p in parts):
        return None
    return [p.name for p in parts]


def _primary_key(items: Sequence[exp.Expression]) -> list[str]:
    """The PRIMARY KEY of a CREATE TABLE, as the server sees it.

    Without one, MySQL and MariaDB promote the first UNIQUE key whose columns are all NOT
    NULL (no prefix parts, in declaration order); SERIAL is such a key.
    """
    not_null: set[str] = set()
    candidates: list[list[str]] = []
    for item in items:
        if isinstance(item, exp.ColumnDef):
            kinds = [c.args.get("kind") for c in item.args.get("constraints") or []]
            if any(isinstance(k, exp.PrimaryKeyColumnConstraint) for k in kinds):
                return [item.name]
            serial = isinstance(item.args.get("kind"), exp.DataType) and \
                item.args["kind"].this == _T.SERIAL
            if serial or any(isinstance(k, exp.NotNullColumnConstraint)
                             and not k.args.get("allow_null") for k in kinds):
                not_null.add(item.name.casefold())
            if serial or any(isinstance(k, exp.UniqueColumnConstraint) for k in kinds):
                candidates.append([item.name])
        elif (key := item.find(exp.PrimaryKey)) is not None:
            return _key_columns(key)
        elif (unique := item.find(exp.UniqueColumnConstraint)) is not None and (
                names := _unique_key_columns(unique)) is not None:
            candidates.append(names)
    return next((c for c in candidates if all(n.casefold() in not_null for n in c)), [])


def _find(columns: Sequence[ColumnDef], name: str) -> int | None:
    """Index of a column; MySQL column names are case-insensitive."""
    folded = name.casefold()
    return next((i for i, c in enumerate(columns) if c.name.casefold() == folded), None)



# --- applying statements ---------------------------------------------------------------------

def apply_statement(catalog: Catalog, default_db: str | None, sql: str) -> str | None:
    """Apply one DDL statement to ``catalog``; returns the default database after it."""
    tree = _parse(sql)
    if isinstance(tree, exp.Use):
        return tree.this.name if tree.this is not None else default_db
    charset_known = True
    if tree is None or (isinstance(tree, exp.Command) and tree.this.upper() != "RENAME"):
        if first_word(sql) != "CREATE":
            return default_db
        tree, charset_known = _retry_create_table(sql)
    if isinstance(tree, exp.Create):
        _create(catalog, tree, default_db, charset_known)
    elif isinstance(tree, exp.Drop):
        _drop(catalog, tree, default_db)
    elif isinstance(tree, exp.Alter) and tree.args.get("kind") == "TABLE":
        _alter(catalog, tree, default_db)
    elif isinstance(tree, exp.Command):
        _rename_tables(catalog, str(tree.expression.name), default_db)
    return default_db


def _retry_create_table(sql: str) -> tuple[exp.Expression | None, bool]:
    """CREATE TABLE with table options sqlglot cannot read (PARTITION BY, TABLESPACE...).

    The options after the column list never change the row image, except the default
    charset: retry without the partitioning clauses (which come last), then without any
    options. Returns the tree and whether the table options were all read.
    """
    try:
        tokens = sqlglot.tokenize(sql, read=BinlogMySQL)
    except SqlglotError:
        return None, False
    depth, close = 0, None
    for tok in tokens:
        if tok.token_type == TokenType.L_PAREN:
            depth += 1
        elif tok.token_type == TokenType.R_PAREN:
            depth -= 1
            if depth == 0:
                close = tok.end + 1
                break
    if close is None:
        return None, False
    partition = next((t.start for t in tokens
                      if t.start > close and t.text.upper().startswith("PARTITION")), None)
    if partition is not None:
        tree = _parse(sql[:partition])
        if isinstance(tree, exp.Create):
            return tree, True
    tree = _parse(sql[:close])
    return (tree, False) if isinstance(tree, exp.Create) else (None, False)


def _name(table: exp.Expression, default_db: str | None) -> tuple[str, str] | None:
    if not isinstance(table, exp.Table) or not table.name:
        return None
    db = table.db or default_db
    return (db, table.name) if db else None


def _create(catalog: Catalog, tree: exp.Create, default_db: str | None,
            charset_known: bool) -> None:
    kind = tree.args.get("kind")
    props = tree.args.get("properties")
    options = list(props.expressions) if props else []
    if kind in ("DATABASE", "SCHEMA"):
        target = tree.this
        name = (target.name or target.db) if isinstance(target, exp.Table) else None
        if name and not (tree.args.get("exists") and catalog.resolve_db(name) is not None):
            catalog.database(name).charset = _charset_of(options)
        return
    if kind != "TABLE" or any(isinstance(o, exp.TemporaryProperty) for o in options):
        return  # temporary tables never appear in row events
    schema = tree.this
    target = schema.this if isinstance(schema, exp.Schema) else schema
    name = _name(target, default_db)
    if name is None:
        return
    if tree.args.get("exists") and catalog.lookup(*name) is not None:
        return  # CREATE TABLE IF NOT EXISTS on a table that exists: no change
    catalog.forget(*name)
    like = next((o for o in options if isinstance(o, exp.LikeProperty)), None)
    if like is not None:
        source_name = _name(like.this, default_db)
        source = catalog.lookup(*source_name) if source_name else None
        if source is not None:
            src = source[2]
            catalog.database(name[0]).tables[name[1]] = TableDef(
                list(src.columns), list(src.primary_key), src.charset, set(src.text))
        return
    if tree.args.get("expression") is not None or not isinstance(schema, exp.Schema):
        return  # CREATE TABLE ... SELECT: the columns come from a query
    charset = (_charset_of(options) or catalog.database(name[0]).charset) \
        if charset_known else None
    columns = []
    for item in schema.expressions:
        if isinstance(item, exp.ColumnDef):
            column = _column(item, charset)
            if column is None:
                return
            columns.append(column)
    text = {item.name.casefold() for item in schema.expressions
            if isinstance(item, exp.ColumnDef) and _is_text(item)}
    catalog.database(name[0]).tables[name[1]] = TableDef(
        columns, _primary_key(schema.expressions), charset, text)


def _drop(catalog: Catalog, tree: exp.Drop, default_db: str | None) -> None:
    kind = tree.args.get("kind")
    if kind in ("DATABASE", "SCHEMA"):
        for target in tree.args.get("tables") or []:
            if name := target.name or target.db:
                catalog.drop_database(name)
    elif kind == "TABLE" and not tree.args.get("temporary"):
        for target in tree.args.get("tables") or []:
            if (name := _name(target, default_db)) is not None:
                catalog.forget(*name)


def _rename_tables(catalog: Catalog, text: str, default_db: str | None) -> None:
    """RENAME TABLE a TO b [, c TO d ...] (sqlglot keeps it as a Command)."""
    try:
        tokens = sqlglot.tokenize(text, read=BinlogMySQL)
    except SqlglotError:
        return
    if not tokens or tokens[0].text.upper() not in ("TABLE", "TABLES"):
        return
    pairs: list[list[list[str]]] = [[[]]]
    for tok in tokens[1:]:
        if tok.token_type == TokenType.COMMA:
            pairs.append([[]])
        elif tok.token_type == TokenType.VAR and tok.text.upper() == "TO":
            pairs[-1].append([])
        elif tok.token_type != TokenType.DOT:
            pairs[-1][-1].append(tok.text)
    names: list[tuple[tuple[str, str], tuple[str, str]]] = []
    for pair in pairs:
        if len(pair) != 2 or not all(1 <= len(p) <= 2 for p in pair):
            return
        old, new = (_qualified(p, default_db) for p in pair)
        if old is None or new is None:
            return
        names.append((old, new))
    for old, new in names:
        catalog.move(old, new)


def _qualified(parts: list[str], default_db: str | None) -> tuple[str, str] | None:
    if len(parts) == 2:
        return parts[0], parts[1]
    return (default_db, parts[0]) if default_db else None


def _alter(catalog: Catalog, tree: exp.Alter, default_db: str | None) -> None:
    name = _name(tree.this, default_db)
    found = catalog.lookup(*name) if name else None
    if found is None:  # unknown table; if it is renamed, the new name is unknown too
        for action in tree.args.get("actions") or []:
            new = _name(action.this, name[0] if name else default_db) \
                if isinstance(action, exp.AlterRename) else None
            if new is not None:
                catalog.forget(*new)
        return
    db, table_name, table = found
    altered = _Altered(list(table.columns), list(table.primary_key), set(table.text),
                       _charset_of(tree.args.get("options") or []) or table.charset)
    rename_to: tuple[str, str] | None = None
    for action in tree.args.get("actions") or []:
        if isinstance(action, exp.AlterRename):
            rename_to = _name(action.this, db)
        elif not altered.apply(action, catalog.database(db).charset):
            return  # a column the history does not know: keep the last known definition
    table.columns, table.primary_key = altered.columns, altered.pk
    table.charset, table.text = altered.charset, altered.text
    if rename_to is not None:
        catalog.move((db, table_name), rename_to)


@dataclass
class _Altered:
    """A table's definition as an ALTER TABLE changes it, one action at a time."""

    columns: list[ColumnDef]
    pk: list[str]
    text: set[str]
    charset: str | None

    def apply(self, action: exp.Expression, db_charset: str | None) -> bool:
        """Apply one action; False when it names a column that is not there."""
        if isinstance(action, exp.ColumnDef):
            if not _place(self.columns, action, None, self.charset):
                return False
            if _is_text(action):
                self.text.add(action.name.casefold())
        elif isinstance(action, exp.ModifyColumn):
            old = action.args.get("rename_from")
            old_name = old.name if old is not None else action.this.name
            if not _place(self.columns, action.this, old_name, self.charset):
                return False
            self.renamed(old_name, action.this.name, _is_text(action.this))
        elif isinstance(action, exp.RenameColumn):
            old_name = action.this.name
            at = _find(self.columns, old_name)
            if at is None:
                return False
            new_name = action.args["to"].name
            self.columns[at] = replace(self.columns[at], name=new_name)
            self.renamed(old_name, new_name, old_name.casefold() in self.text)
        elif isinstance(action, exp.Drop) and action.args.get("kind") == "COLUMN":
            return self.drop_columns(action)
        elif isinstance(action, ConvertToCharset):
            self.convert(action, db_charset)
        elif isinstance(action, exp.DropPrimaryKey) or (
                isinstance(action, exp.Drop) and action.args.get("kind") == "INDEX"
                and any(t.name.upper() == "PRIMARY" for t in action.args["tables"])):
            self.pk = []
        elif isinstance(action, exp.AddConstraint) and (
                key := action.find(exp.PrimaryKey)) is not None:
            self.pk = _key_columns(key)
        return True

    def renamed(self, old_name: str, new_name: str, is_text: bool) -> None:
        """A column now called ``new_name``: in the primary key, and as a text column."""
        self.pk = [new_name if k.casefold() == old_name.casefold() else k for k in self.pk]
        self.text.discard(old_name.casefold())
        if is_text:
            self.text.add(new_name.casefold())

    def drop_columns(self, action: exp.Drop) -> bool:
        for target in action.args.get("tables") or []:
            at = _find(self.columns, target.name)
            if at is None:
                if action.args.get("exists"):
                    continue
                return False
            del self.columns[at]
            self.pk = [k for k in self.pk if k.casefold() != target.name.casefold()]
            self.text.discard(target.name.casefold())
        return True

    def convert(self, action: ConvertToCharset, db_charset: str | None) -> None:
        """CONVERT TO CHARACTER SET: every text column takes the new charset."""
        convert = action.this
        charset = _charset_name(convert.name) if convert is not None else db_charset
        if charset is None and action.args.get("collation") is not None:
            charset = _collation_charset(action.args["collation"].name)
        self.charset = charset
        self.columns = [replace(c, charset=charset) if c.name.casefold() in self.text else c
                        for c in self.columns]
        if charset == "binary":  # CHAR/VARCHAR/TEXT became BINARY/VARBINARY/BLOB
            self.text = set()


def _place(columns: list[ColumnDef], cd: exp.ColumnDef, replaces: str | None,
           charset: str | None) -> bool:
    """ADD (``replaces`` None), MODIFY or CHANGE a column, honouring FIRST / AFTER."""
    column = _column(cd, charset)
    if column is None:
        return False
    at = len(columns)
    if replaces is not None:
        found = _find(columns, replaces)
        if found is None:
            return False
        at = found
        del columns[at]
    elif _find(columns, column.name) is not None:
        return bool(cd.args.get("exists"))  # ADD COLUMN IF NOT EXISTS: no change
    position = cd.args.get("position")
    if position is not None:
        if position.args.get("position") == "FIRST":
            at = 0
        else:
            after = _find(columns, position.this.name) if position.this else None
            if after is None:
                return False
            at = after + 1
    columns.insert(at, column)
    return True
