"""Schema history (binlog_kaitai.schema) rebuilt from the DDL of real binlogs.

The reference is what the servers themselves logged about each table: the TABLE_MAP
optional metadata (column names, signedness, charsets, ENUM/SET labels, primary key)
as ``mariadb-binlog --print-table-metadata`` prints it. tests/fixtures/mariadb/schema is
a MariaDB run of DDL written for this (binlog_row_metadata=FULL); the MySQL 8 corpus
files carry the MINIMAL metadata (signedness, charsets) and, some, the FULL one.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from binlog_kaitai.catalog import ColumnDef
from binlog_kaitai.rows import RowDecoder
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.sql_script import first_word, split_statements
from binlog_kaitai.stream import read_events
from tests.conftest import CORPUS_FILES, FIXTURES, corpus
from tests.mariadb_oracle import mariadb_binlog_program

SCHEMA = FIXTURES / "mariadb" / "schema"
SCHEMA_FILES = [SCHEMA / "binlog.000001", SCHEMA / "binlog.000002"]
QUERY, QUERY_COMPRESSED, TABLE_MAP = 2, 165, 19
NUMERIC = frozenset({"TINYINT", "SMALLINT", "MEDIUMINT", "INT", "BIGINT", "DECIMAL", "FLOAT",
                     "DOUBLE"})

needs_oracle = pytest.mark.skipif(mariadb_binlog_program() is None,
                                  reason="mariadb-binlog is not installed")


# --- the oracle: mariadb-binlog's view of each TABLE_MAP's metadata ----------------------------

@dataclass(frozen=True)
class OracleColumn:
    name: str | None  # None when the binlog has no names (MINIMAL metadata)
    type: str
    unsigned: bool
    charset: str | None
    labels: tuple[str, ...] | None  # ENUM / SET members


@dataclass(frozen=True)
class OracleTable:
    columns: list[OracleColumn]
    primary_key: list[str] | None


_COLUMN = re.compile(r"^(?:`(?P<name>(?:[^`]|``)*)` )?(?P<type>[A-Z_]+)"
                     r"(?P<args>\((?:'(?:[^'\\]|\\.)*'|[^()'])*\))?(?P<rest>[^()`]*)$")


def _oracle_column(text: str) -> OracleColumn | None:
    m = _COLUMN.match(text)
    if m is None:  # e.g. MySQL 9's VECTOR, which mariadb-binlog cannot print
        return None
    charset = re.search(r"CHARSET (\w+)", m["rest"])
    labels = None
    if m["type"] in ("ENUM", "SET"):
        labels = tuple(re.sub(r"\\(.)", r"\1", v)
                       for v in re.findall(r"'((?:[^'\\]|\\.)*)'", m["args"]))
    name = m["name"].replace("``", "`") if m["name"] is not None else None
    return OracleColumn(name, m["type"], "UNSIGNED" in m["rest"].split(),
                        charset[1] if charset else None, labels)


def oracle_tables(path: Path) -> dict[int, OracleTable]:
    """end_log_pos of each TABLE_MAP -> its metadata, for the ones mariadb-binlog can print."""
    prog = mariadb_binlog_program()
    assert prog is not None
    out = subprocess.run([prog, "--print-table-metadata", "--base64-output=decode-rows",
                          str(path)], capture_output=True, text=True, errors="replace",
                         check=False).stdout
    tables: dict[int, OracleTable] = {}
    end: int | None = None
    lines: list[str] = []
    for line in out.splitlines():
        if m := re.search(r"end_log_pos (\d+) .*\tTable_map: ", line):
            end, lines = int(m[1]), []
        elif end is not None and (line.startswith("# Columns(") or (lines and
                                  line.startswith("#         "))):
            lines.append(line[10:].rstrip(","))
            if not line.endswith(","):
                columns = [_oracle_column(c) for c in [*lines[:-1], lines[-1][:-1]]]
                if all(c is not None for c in columns):
                    tables[end] = OracleTable([c for c in columns if c is not None], None)
        elif end in tables and line.startswith("# Primary Key("):
            tables[end] = OracleTable(tables[end].columns,
                                      [k.strip() for k in line[14:-1].split(",")])
            end = None
    return tables


# --- replaying a binlog's DDL -----------------------------------------------------------------

def table_maps(paths: Iterable[Path], history: SchemaHistory
               ) -> Iterable[tuple[Path, int, str, str, int]]:
    """Replay QUERY events into ``history``; at each TABLE_MAP yield where and which table."""
    for path in paths:
        for ev in read_events(path, expand_payloads=True):
            body = ev.body
            if ev.type_code in (QUERY, QUERY_COMPRESSED):
                history.apply_query_event(body)
            elif ev.type_code == TABLE_MAP:
                yield path, ev.log_pos, body.schema_name, body.table_name, \
                    body.num_columns.value


def history_before(path: Path, pos: int) -> SchemaHistory:
    """The history after every QUERY event of ``path`` that starts before ``pos``."""
    history = SchemaHistory()
    for ev in read_events(path):
        if ev.pos >= pos:
            break
        if ev.type_code in (QUERY, QUERY_COMPRESSED):
            history.apply_query_event(ev.body)
    return history


def expected_columns(oracle: OracleTable) -> list[ColumnDef]:
    """The ColumnDefs the oracle's FULL metadata describes."""
    return [ColumnDef(
        c.name or "",
        (c.unsigned if c.type in NUMERIC else None),
        c.labels if c.type == "ENUM" else None,
        c.labels if c.type == "SET" else None,
        "binary" if c.type.endswith(("BLOB", "BINARY")) else c.charset,
    ) for c in oracle.columns]


# --- tests/fixtures/mariadb/schema: DDL written for this, FULL metadata --------------------

@needs_oracle
def test_every_table_map_of_the_schema_scenario() -> None:
    oracle = {path: oracle_tables(path) for path in SCHEMA_FILES}
    history = SchemaHistory()
    seen = []
    for path, end, db, table, count in table_maps(SCHEMA_FILES, history):
        ours = history.columns(db, table)
        expected = oracle[path][end]
        assert ours is not None, (db, table)
        seen.append((path.name, db, table, len(ours), count))
        if len(ours) != count:  # the ALTER ... ADD (a, b) the parser cannot read
            assert [c.name for c in expected.columns[-2:]] == ["extra1", "extra2"]
            assert ours == expected_columns(expected)[:-2]
            continue
        assert ours == expected_columns(expected), (path.name, end, db, table)
        assert history.primary_key(db, table) == expected.primary_key, (db, table)
    assert seen == [
        ("binlog.000001", "hist", "people", 14, 14),
        ("binlog.000001", "hist", "people", 15, 15),
        ("binlog.000001", "hist", "people", 15, 15),
        ("binlog.000001", "archive", "people_old", 15, 15),
        ("binlog.000001", "hist", "humans", 15, 15),
        ("binlog.000001", "hist", "serials", 2, 2),
        ("binlog.000001", "hist", "uniq", 3, 3),
        ("binlog.000001", "hist", "parts", 2, 2),
        ("binlog.000001", "hist", "parts", 3, 3),
        ("binlog.000001", "hist", "humans", 15, 17),
        ("binlog.000001", "hist", "humans", 15, 15),
        ("binlog.000001", "archive", "people_old", 2, 2),
        ("binlog.000002", "hist", "humans", 15, 15),
        ("binlog.000002", "archive", "people_old", 2, 2),
    ]


def test_schema_scenario_values() -> None:
    """The same run, with the values spelled out (they are also the server's, above)."""
    history = SchemaHistory()
    maps = list(table_maps(SCHEMA_FILES[:1], history))
    assert len(maps) == 12
    first = history_before(SCHEMA_FILES[0], 1400)  # after CREATE TABLE people
    people = {c.name: c for c in first.columns("hist", "people") or []}
    assert list(people) == ["id", "age", "score", "ratio", "big", "name", "nick", "code",
                            "mood", "tags", "photo", "raw", "secret", "initials"]
    assert [people[n].unsigned for n in ("id", "age", "score", "ratio", "big")] == [
        True, False, True, True, False]  # ZEROFILL implies UNSIGNED
    assert people["mood"].enum_values == ("happy", "sad", "it's")
    assert people["tags"].set_values == ("a", "b", "c")
    assert [people[n].charset for n in ("name", "nick", "code", "tags", "photo", "raw",
                                         "initials", "secret")] == [
        "utf8mb4", "latin1", "ascii", "utf8mb3", "binary", "binary", "utf8mb3", None]
    assert first.primary_key("hist", "people") == ["id"]
    # At the end: renamed tables moved, dropped ones gone, the recreated one new.
    assert history.columns("hist", "people") is None
    assert history.primary_key("hist", "humans") == ["id", "country"]
    assert history.columns("hist", "serials") is None and history.columns("hist", "uniq") is None
    assert history.columns("hist", "parts") == [  # CONVERT TO, then a new default charset
        ColumnDef("id", False, None, None, None), ColumnDef("label", None, None, None, "utf8mb4"),
        ColumnDef("note", None, None, None, "latin1")]
    assert history.columns("archive", "people_old") == [
        ColumnDef("id", False, None, None, None), ColumnDef("note", None, None, None, "utf8mb3")]


def test_scenario_script_as_ddl_file() -> None:
    """The scenario's SQL file itself, given as --schema: USE, comments, DML skipped."""
    from_file = SchemaHistory([SCHEMA / "scenario.sql"])
    from_binlog = SchemaHistory()
    list(table_maps(SCHEMA_FILES, from_binlog))
    for db, table in [("hist", "humans"), ("hist", "parts"), ("archive", "people_old")]:
        assert from_file.columns(db, table) == from_binlog.columns(db, table) is not None
        assert from_file.primary_key(db, table) == from_binlog.primary_key(db, table)
    assert from_file.columns("hist", "people") is None
    assert from_file.columns("archive", "people_copy") is None


# --- the MySQL corpus -------------------------------------------------------------------------

#: Corpus files whose TABLE_MAPs carry metadata and whose tables are created in the file.
METADATA_FILES = [
    "rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000693",
    "rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000694",
    "rust-us__mysql-cdc-rs/tests__events__8.0__02_query_bigger__binlog.000733",
    "rust-us__mysql-cdc-rs/tests__events__8.0__31_update_rows_v2__binlog.000001",
    "zendesk__maxwell/src__test__resources__sql__replay__binlog.000004",
    "blackbeam__rust_mysql_common/test-data__binlogs__binlog-invisible-columns.000001",
    "blackbeam__rust_mysql_common/test-data__binlogs__mysql_type_bit.000001",
    "blackbeam__rust_mysql_common/test-data__binlogs__vector.binlog",
]


@needs_oracle
@pytest.mark.parametrize("name", METADATA_FILES, ids=lambda n: n.split("__")[-1])
def test_corpus_table_maps_agree(name: str) -> None:
    path = corpus(name)
    oracle = oracle_tables(path)
    history = SchemaHistory()
    compared = 0
    for _path, end, db, table, count in table_maps([path], history):
        ours = history.columns(db, table)
        assert ours is not None and len(ours) == count, (db, table)
        if end not in oracle:
            continue
        expected = oracle[end]
        for mine, theirs in zip(ours, expected.columns, strict=True):
            if theirs.name is not None:
                assert mine.name == theirs.name
            assert mine.unsigned == (theirs.unsigned if theirs.type in NUMERIC else None)
            if theirs.charset is not None and mine.charset is not None:
                assert mine.charset == theirs.charset, (db, table, mine)
            compared += 1
        if expected.primary_key is not None:
            assert history.primary_key(db, table) == expected.primary_key
    assert compared > 0


def test_corpus_column_counts() -> None:
    """Every TABLE_MAP of a table created or altered earlier in the same file, in the whole
    corpus, has the column count the history knows."""
    if not CORPUS_FILES:
        pytest.skip("shared/corpus is absent")
    known = 0
    for known_file in CORPUS_FILES:
        if known_file.events == 0:  # the deliberately truncated file
            continue
        history = SchemaHistory()
        for _path, _end, db, table, count in table_maps([known_file.path], history):
            ours = history.columns(db, table)
            if ours is not None:
                assert len(ours) == count, (known_file.path.name, db, table)
                known += 1
    assert known >= 1000


@pytest.mark.parametrize("folder", sorted(
    p.name for p in (FIXTURES / "mariadb").iterdir()
    if p.name not in ("schema", "encrypted") and any(p.glob("binlog.[0-9]*"))))
def test_mariadb_fixture_column_counts(folder: str) -> None:
    """The other MariaDB scenarios (one history across a scenario's files): every table is
    known at its TABLE_MAP, with the right column count."""
    files = sorted((FIXTURES / "mariadb" / folder).glob("binlog.[0-9]*"))
    history = SchemaHistory()
    checked = 0
    for _path, _end, db, table, count in table_maps(files, history):
        ours = history.columns(db, table)
        assert ours is not None and len(ours) == count, (db, table)
        checked += 1
    assert checked > 0


def test_two_phase_alter_applies_once_committed() -> None:
    """MariaDB's binlog_alter_two_phase logs the ALTER twice: START ALTER (flags3 0x02),
    then COMMIT ALTER (0x04). Only the second one means it took effect."""
    path = FIXTURES / "mariadb" / "gtid" / "binlog.000001"
    start, commit = [ev for ev in read_events(path) if ev.type_code == QUERY
                     and ev.body.query_text == b"ALTER TABLE t.a ADD COLUMN w INT"]
    assert [c.name for c in history_before(path, commit.pos).columns("t", "a") or []] == [
        "id", "v"]
    assert [c.name for c in history_before(path, commit.pos + 1).columns("t", "a") or []] == [
        "id", "v", "w"]
    assert start.pos < commit.pos
    # the row decoder (CLI `rows`, Spark) keeps its history through the same rule
    decoder = RowDecoder(schema=SchemaHistory())
    for ev in read_events(path):
        if ev.pos >= commit.pos:
            break
        decoder.feed(ev)
    assert decoder.schema is not None
    assert [c.name for c in decoder.schema.columns("t", "a") or []] == ["id", "v"]


def test_canal_constraints_and_qualified_names() -> None:
    path = corpus("alibaba__canal/dbsync__src__test__resources__binlog__mysql-bin.000001")
    history = SchemaHistory()
    list(table_maps([path], history))
    # CREATE TABLE  `erosa`.`testFile_linux` (...) DEFAULT CHARSET=utf8
    assert history.columns("erosa", "testFile_linux") == [
        ColumnDef("id", False, None, None, None),
        ColumnDef("fileResolver", None, None, None, "utf8mb3")]
    assert history.primary_key("erosa", "testpk") == ["id", "member_id", "current"]
    # CONSTRAINT RETL_BUFFER_ID PRIMARY KEY (ID), in database retl
    assert history.primary_key("retl", "retl_buffer") == ["ID"]
    assert [c.name for c in history.columns("retl", "retl_mark") or []] == ["ID", "CHANNEL_ID"]


def test_canal_tsdb_alter_and_cross_database_drop() -> None:
    path = corpus("alibaba__canal/parse__src__test__resources__binlog__tsdb__mysql-bin.000002")
    after_modify = history_before(path, 1653)  # ALTER ... modify column exp_str text
    exception = {c.name: c for c in after_modify.columns("local", "exception") or []}
    assert len(exception) == 10
    assert exception["id"].unsigned is True  # bigint(20) unsigned
    assert exception["exp_str"] == ColumnDef("exp_str", None, None, None, "utf8mb3")
    assert after_modify.primary_key("local", "exception") == ["id"]
    before_drop = history_before(path, 4367)
    assert before_drop.columns("local", "wanshao_test") is not None
    # DROP TABLE `local`.`wanshao_test`, run with default database wanshao
    history = SchemaHistory()
    list(table_maps([path], history))
    assert history.columns("local", "wanshao_test") is None
    assert history.columns("wanshao", "wanshao_test") is not None


def test_primary_key_dropped_and_added() -> None:
    path = corpus("rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000693")
    assert history_before(path, 54147).primary_key("hdb_meta", "batch_load_jobs") == []
    assert history_before(path, 54500).primary_key("hdb_meta", "batch_load_jobs") == [
        "CLUSTER_NAME", "SCHEMA_ID", "TABLE_ID", "TASK_ID"]


def test_create_table_like_and_reserved_word() -> None:
    path = corpus(
        "blackbeam__rust_mysql_common/test-data__binlogs__binlog_56_gtid_reserved_word.000001")
    history = history_before(path, 1114)  # CREATE TABLE GENERATED LIKE test.t1
    assert history.columns("test", "GENERATED") == [ColumnDef("a", False, None, None, None)]
    assert history.primary_key("test", "GENERATED") == ["a"]
    assert history_before(path, 10**6).columns("test", "GENERATED") is None  # dropped


def test_database_charset_and_unsigned_tinyint() -> None:
    path = corpus("osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin."
                  "checksum-none")
    history = SchemaHistory()
    list(table_maps([path], history))
    # CREATE DATABASE IF NOT EXISTS account_db default charset utf8 COLLATE utf8_general_ci
    token = {c.name: c for c in history.columns("account_db", "refresh_token") or []}
    assert token["id"].charset == "utf8mb3"
    assert token["is_enable"].unsigned is True  # TINYINT(1) UNSIGNED
    assert history.primary_key("account_db", "refresh_token") == ["id"]


def test_drop_and_recreate_database() -> None:
    path = corpus("blackbeam__rust_mysql_common/test-data__binlogs__vector.binlog")
    assert history_before(path, 1687).columns("dtb", "foo") is None  # after drop database
    history = SchemaHistory()
    list(table_maps([path], history))
    assert history.columns("dtb", "bar") == [
        ColumnDef("id", True, None, None, None),  # SERIAL
        ColumnDef("vector_column", None, None, None, None),
        ColumnDef("foo", None, None, None, "utf8mb4"),  # CREATE DATABASE dtb CHARSET utf8mb4
        ColumnDef("vector_column2", None, None, None, None)]
    assert history.primary_key("dtb", "bar") == ["id"]


# --- the parts on their own ---------------------------------------------------------------------

def test_split_statements_like_the_mysql_client() -> None:
    script = (
        "/*!40101 SET NAMES utf8 */;\n"
        "CREATE TABLE a (s VARCHAR(9) DEFAULT ';/*!x*/', `b;` INT); -- a comment; still\n"
        "# another ; comment\n"
        "DELIMITER ;;\n"
        "CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END ;;\n"
        "DELIMITER ;\n"
        "CREATE TABLE /*!32312 IF NOT EXISTS*/ c (x INT) /*!50100 PARTITION BY HASH (x) */;\n"
    )
    statements = [s.strip() for s in split_statements(script) if s.strip()]
    assert statements == [
        "SET NAMES utf8",
        "CREATE TABLE a (s VARCHAR(9) DEFAULT ';/*!x*/', `b;` INT)",
        "CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END",
        "CREATE TABLE   IF NOT EXISTS  c (x INT)   PARTITION BY HASH (x)",
    ]
    assert first_word("/* DBeaver */ /*!50001 create table x (a int) */") == "CREATE"
    assert first_word("-- note\n  # more\n insert into t values (1)") == "INSERT"


def test_unreadable_or_unappliable_statements_change_nothing() -> None:
    history = SchemaHistory()
    history.apply_query("d", "CREATE TABLE t (a INT, b TEXT CHARACTER SET latin1)")
    before = history.columns("d", "t")
    for sql in ["ALTER TABLE t FROBNICATE a", "ALTER TABLE t ADD (c INT, e INT)",
                "ALTER TABLE t ADD c INT, DROP COLUMN nope", "ALTER TABLE t ADD c INT AFTER nope",
                "ALTER TABLE t CHANGE nope c INT", "CREATE TEMPORARY TABLE t (z INT)",
                "DROP TEMPORARY TABLE t", "INSERT INTO t VALUES (1, 'x')", "CREATE TABLE (",
                "\x00\xff garbage", ""]:
        history.apply_query("d", sql)
        assert history.columns("d", "t") == before, sql
    history.apply_query("d", "CREATE TABLE IF NOT EXISTS t (z INT)")  # exists: no change
    assert history.columns("d", "t") == before
    history.apply_query(None, "CREATE TABLE u (z INT)")  # no database: cannot be placed
    assert history.columns("", "u") is None


def test_create_select_and_case_insensitive_names() -> None:
    history = SchemaHistory()
    history.apply_query("d", "CREATE TABLE s (a INT)")
    history.apply_query("d", "CREATE TABLE s2 (a INT) SELECT 1 AS b")  # columns from a query
    assert history.columns("d", "s2") is None
    history.apply_query("D", "ALTER TABLE S ADD COLUMN B INT UNSIGNED AFTER A")
    assert history.columns("d", "s") == [ColumnDef("a", False, None, None, None),
                                         ColumnDef("B", True, None, None, None)]
    history.apply_query("d", "ALTER TABLE unknown_t RENAME TO s")  # s is now unknown
    assert history.columns("d", "s") is None


def test_types_the_stock_mysql_dialect_lacks() -> None:
    history = SchemaHistory()
    history.apply_query("d", "CREATE TABLE g (p POINT NOT NULL SRID 4326, f FLOAT(7,3) UNSIGNED,"
                             " n NATIONAL VARCHAR(5), l LONG, i INET6, PRIMARY KEY (f))"
                             " ENGINE=InnoDB PARTITION BY KEY (f) PARTITIONS 3")
    assert history.columns("d", "g") == [
        ColumnDef("p", None, None, None, None), ColumnDef("f", True, None, None, None),
        ColumnDef("n", None, None, None, "utf8mb3"), ColumnDef("l", None, None, None, None),
        ColumnDef("i", None, None, None, "binary")]
    assert history.primary_key("d", "g") == ["f"]


def test_sqlglot_is_imported_only_for_ddl() -> None:
    """Every CLI start imports the schema module; sqlglot (slow to import) waits for DDL."""
    code = ("import sys; from binlog_kaitai.schema import SchemaHistory; h = SchemaHistory();"
            " h.apply_query('d', 'INSERT INTO t VALUES (1)'); print('sqlglot' in sys.modules);"
            " h.apply_query('d', 'CREATE TABLE t (a INT)'); print('sqlglot' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[1]).stdout
    assert out.split() == ["False", "True"]
