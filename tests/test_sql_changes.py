"""``rows --sql`` and ``rows --sql --flashback`` on the committed MariaDB fixtures: the
exact SQL of known rows, the undo's order, and the refusals (tests/test_sql_changes_live.py
applies the SQL to a real server)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from binlog_kaitai import ordered_rows
from binlog_kaitai.cli import main
from binlog_kaitai.ordered_rows import OrderedRows
from binlog_kaitai.rows import RowChange
from binlog_kaitai.sql_changes import HEADER, SQL_MODE, TableSql, quoted
from binlog_kaitai.stream import read_events
from tests.conftest import FIXTURES, REPO, corpus

MARIADB = FIXTURES / "mariadb"
FULL = MARIADB / "alltypes_full" / "binlog.000001"
NOLOG = MARIADB / "alltypes_nolog" / "binlog.000001"
MINIMAL = MARIADB / "alltypes_minimal" / "binlog.000001"

ALLTYPES = "`types`.`alltypes`"
ROW_3 = (
    "(3,-128,0,-32768,0,-8388608,0,-2147483648,0,-9223372036854775808,0,-3.4e+38,"
    "-2.2250738585072014e-308,"
    "-99999999999999999999999999999999999.999999999999999999999999999999,-99999999.99,"
    "-99999,-999999999.999999999,-0.9999,0.001,1901,'1000-01-01','-838:59:59',"
    "'-838:59:59.9','-838:59:59.99','-838:59:59.999','-838:59:59.9999','-838:59:59.99999',"
    "'-838:59:59.999999','1000-01-01 00:00:00','1000-01-01 00:00:00.1',"
    "'1000-01-01 00:00:00.01','1000-01-01 00:00:00.001','1000-01-01 00:00:00.0001',"
    "'1000-01-01 00:00:00.00001','1000-01-01 00:00:00.000001','1970-01-01 00:00:01',"
    "'1970-01-01 00:00:01.1','1970-01-01 00:00:01.01','1970-01-01 00:00:01.001',"
    "'1970-01-01 00:00:01.0001','1970-01-01 00:00:01.00001','1970-01-01 00:00:01.000001',"
    "'a','b','c','d','e','f','g',X'01000000',X'01',X'00',X'00',X'00',X'00','a','b','c','d',"
    "'a','é','x',b'0',b'1',b'1',b'1',b'1','-1.5e-7',"
    "ST_GeomFromWKB(X'01030000000100000005000000000000000000000000000000000000000000000000001"
    "0400000000000000000000000000000104000000000000010400000000000000000000000000000104000000"
    "000000000000000000000000000',0),"
    "ST_GeomFromWKB(X'010100000000000000008066C000000000008056C0',4326),"
    "X'00000000000000000000000000000000',X'00000000000000000000000000000001')"
)
"""Row 3 of the alltypes scenario (its smallest values) as the INSERT writes it."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["rows", *args])
    out, err = capsys.readouterr()
    return status, out, err


def statements(script: str) -> list[str]:
    """The script's lines but comments and the header."""
    body = script.removeprefix(HEADER)
    return [line for line in body.splitlines() if not line.startswith(("-- ", "# "))]


def contains(lines: list[str], block: list[str]) -> bool:
    return any(lines[i:i + len(block)] == block for i in range(len(lines)))


def test_forward_script_of_every_type(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--sql", str(FULL))
    assert (status, err) == (0, "")
    assert out.startswith(HEADER)
    lines = statements(out)
    assert lines.count("BEGIN;") == lines.count("COMMIT;") == 15
    columns = lines[1][len(f"INSERT INTO {ALLTYPES} ("):].split(")")[0].split(",")
    assert len(columns) == 72 and columns[:3] == ["`id`", "`ti`", "`tiu`"]
    assert f"INSERT INTO {ALLTYPES} ({','.join(columns)}) VALUES {ROW_3};" in lines
    assert contains(lines, [
        "BEGIN;", f"DELETE FROM {ALLTYPES} WHERE `id`=3 LIMIT 1;",
        f"DELETE FROM {ALLTYPES} WHERE `id`=6 LIMIT 1;", "COMMIT;",
        "BEGIN;", "INSERT INTO `types`.`wide` (`id`,`e`,`s`) VALUES (1,'v300','s1,s64');",
        "INSERT INTO `types`.`wide` (`id`,`e`,`s`) VALUES (2,'v1','');",
        "INSERT INTO `types`.`wide` (`id`,`e`,`s`) VALUES (3,NULL,'s2,s33,s63');", "COMMIT;",
        "BEGIN;",
        "UPDATE `types`.`wide` SET `id`=2, `e`='v257', `s`='' WHERE `id`=2 LIMIT 1;",
        "COMMIT;"])
    assert ("INSERT INTO `types`.`signs` (`id`,`y`,`a`,`bt`,`c`,`dd`,`f`,`e`,`m`) VALUES "
            "(1,2000,200,b'101',18446744073709551615,123.45,2.5,-5,16777215);") in lines
    assert ("INSERT INTO `types`.`charsets` (`id`,`a`,`b`,`c`,`d`,`e`,`f`,`g`) VALUES "
            "(1,'àéîõü','日本語','latin1 text ÿ','Жук','é','ü,y',X'C3A9FF');") in lines


JSON_TEXTS = ('{"a": [1, 2.5, "x", null, true], "b": {"c": "d"}}', "[]", "-1.5e-7", "0")
"""The scenario's values of MariaDB's JSON column (LONGTEXT utf8mb4)."""


def test_names_from_the_schema_history_give_the_same_script(
        capsys: pytest.CaptureFixture[str]) -> None:
    """NO_LOG metadata: names, labels and keys from the CREATE TABLEs read. The schema
    history knows no charset for MariaDB's JSON column: its text goes as its bytes."""
    full = statements(run(capsys, "--sql", str(FULL))[1])
    status, out, err = run(capsys, "--sql", str(NOLOG))
    assert (status, err) == (0, "")
    for text in JSON_TEXTS:
        raw = "X'" + text.encode().hex().upper() + "'"
        full = [line.replace(f"{quoted(text)},ST_GeomFromWKB", f"{raw},ST_GeomFromWKB")
                .replace(f"`j`={quoted(text)}, `g`", f"`j`={raw}, `g`") for line in full]
    assert statements(out) == full


def test_flashback_undoes_last_first(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--sql", "--flashback", str(FULL))
    assert (status, err) == (0, "")
    lines = statements(out)
    assert lines[:6] == [
        "BEGIN;", "DELETE FROM `types`.`charsets` WHERE `id`=1 LIMIT 1;", "COMMIT;",
        "BEGIN;", "DELETE FROM `types`.`signs` WHERE `id`=1 LIMIT 1;", "COMMIT;"]
    assert lines[6:14] == [
        "BEGIN;", "UPDATE `types`.`wide` SET `id`=2, `e`='v1', `s`='' WHERE `id`=2 LIMIT 1;",
        "COMMIT;",
        "BEGIN;", "DELETE FROM `types`.`wide` WHERE `id`=3 LIMIT 1;",
        "DELETE FROM `types`.`wide` WHERE `id`=2 LIMIT 1;",
        "DELETE FROM `types`.`wide` WHERE `id`=1 LIMIT 1;", "COMMIT;"]
    # Row 3 was deleted after an update of b64, st and dec65: the undo puts it back so.
    updated = ROW_3.replace(
        ",-99999999999999999999999999999999999.999999999999999999999999999999,",
        ",-0.000000000000000000000000000001,").replace(
        "'a','é','x',b'0',b'1',b'1',b'1',b'1',", "'a','é','y',b'0',b'1',b'1',b'1',b'0',")
    assert any(line.endswith(f" VALUES {updated};") for line in lines)
    assert lines[-3:] == ["BEGIN;", f"DELETE FROM {ALLTYPES} WHERE `id`=1 LIMIT 1;", "COMMIT;"]
    assert lines.count("BEGIN;") == 15


def test_undo_comments_name_the_file_and_position(capsys: pytest.CaptureFixture[str]) -> None:
    """Each undo names the transaction it undoes (FILE:POS of its start); the DDL is not
    undone, and says so where it was (last: the undo is last first)."""
    status, out, err = run(capsys, "--sql", "--flashback", str(FULL))
    assert (status, err) == (0, "")
    comments = [line for line in out.splitlines() if line.startswith("-- ")]
    assert len(comments) == 15 + 5  # 15 transactions, 5 DDL statements
    assert comments[0].startswith(f"-- undo of the transaction at {FULL}:")
    assert comments[-3:] == [
        f"-- undo of the transaction at {FULL}:2053 GTID 0-1-3, 2026-11-21 19:59:58",
        f"-- DDL not undone at {FULL}:498: CREATE TABLE alltypes ( id INT NOT NULL PRIMARY "
        "KEY, ti TINYINT, tiu TINYINT UNSIGNED, si SMALLIN...",
        f"-- DDL not undone at {FULL}:367: CREATE DATABASE types"]
    assert out.splitlines()[-3:] == ["COMMIT;", *comments[-2:]]


SCHEMA = MARIADB / "schema" / "binlog.000001"
"""CREATE DATABASE, CREATE TABLE, then ALTER, RENAME, DROP..., each followed by an
insert."""


def script_lines(out: str) -> list[str]:
    """The script's lines but the header and the ``# FILE`` lines."""
    return [line for line in out.removeprefix(HEADER).splitlines()
            if not line.startswith("# ")]


def test_ddl_is_a_comment_in_its_place(capsys: pytest.CaptureFixture[str]) -> None:
    """Each DDL statement is one comment line naming it, among the transactions in
    binlog order (there were no lines at all, and nothing said it was left out)."""
    status, out, err = run(capsys, "--sql", str(SCHEMA))
    assert (status, err) == (0, "")
    lines = script_lines(out)
    assert lines[:4] == [
        f"-- DDL skipped at {SCHEMA}:367: CREATE DATABASE hist CHARACTER SET latin1",
        f"-- DDL skipped at {SCHEMA}:517: CREATE TABLE `hist`.`people` ( `id` INT UNSIGNED "
        "NOT NULL AUTO_INCREMENT, age TINYINT, score DECI...",
        f"-- transaction at {SCHEMA}:1152 GTID 0-1-3, 2026-11-21 20:00:15", "BEGIN;"]
    ddl = [line for line in lines if line.startswith("-- DDL skipped at ")]
    assert len(ddl) == sum(ev.is_ddl for ev in read_events(SCHEMA)) == 19
    assert "BEGIN;\nCOMMIT;" not in out  # no transaction without statements
    assert all(len(line) <= len(f"-- DDL skipped at {SCHEMA}:0000: ") + 100 for line in ddl)
    at = lines.index(f"-- DDL skipped at {SCHEMA}:2406: ALTER TABLE people DROP PRIMARY "
                     "KEY, ADD PRIMARY KEY (id, country)")
    assert lines[at - 2].startswith("INSERT INTO `hist`.`people` (") and (
        ",2,NULL,NULL,NULL,'Bob'," in lines[at - 2])
    assert lines[at + 3].startswith("INSERT INTO `hist`.`people` (") and (
        ",3,NULL,NULL,NULL,'Cid'," in lines[at + 3])


def ddl_sql_mode(path: Path) -> int:
    """The sql_mode the first DDL statement of a file ran with (its QUERY event's)."""
    ev = next(ev for ev in read_events(path) if ev.is_ddl)
    (var,) = [v for v in ev.body.status_vars.entries if type(v.value).__name__ == "SqlModeVar"]
    return int(var.value.modes.value)


def test_sql_ddl_writes_the_ddl(capsys: pytest.CaptureFixture[str]) -> None:
    """``--sql-ddl``: the statements themselves, after ``USE db`` where they ran in
    another default database (not for CREATE/DROP DATABASE, logged in the database they
    create or drop) and ``SET sql_mode`` theirs, the script's set again before the rows;
    a two-phase ALTER once (its COMMIT ALTER)."""
    status, out, err = run(capsys, "--sql", "--sql-ddl", str(SCHEMA))
    assert (status, err) == (0, "")
    lines = script_lines(out)
    mode = f"SET SESSION sql_mode={ddl_sql_mode(SCHEMA)};"
    assert lines[:7] == [
        f"-- DDL at {SCHEMA}:367", mode, "CREATE DATABASE hist CHARACTER SET latin1;",
        f"-- DDL at {SCHEMA}:517", "USE `hist`;", "CREATE TABLE `hist`.`people` (",
        "    `id` INT UNSIGNED NOT NULL AUTO_INCREMENT,"]
    assert contains(lines, [
        "COMMIT;", f"-- DDL at {SCHEMA}:2406", mode,
        "ALTER TABLE people DROP PRIMARY KEY, ADD PRIMARY KEY (id, country);",
        SQL_MODE.strip(), f"-- transaction at {SCHEMA}:2548 GTID 0-1-7, 2026-11-21 20:00:15"])
    assert contains(lines, [f"-- DDL at {SCHEMA}:7955", "DROP DATABASE archive;",
                            f"-- DDL at {SCHEMA}:8097",
                            "CREATE DATABASE archive CHARACTER SET utf8mb3;",
                            f"-- DDL at {SCHEMA}:8254", "USE `hist`;"])
    gtid = MARIADB / "gtid" / "binlog.000001"
    alters = [line for line in run(capsys, "--sql", "--sql-ddl", str(gtid))[1].splitlines()
              if line.startswith("ALTER")]
    assert alters == ["ALTER TABLE t.a ADD COLUMN w INT;"]


def test_ddl_of_the_tables_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """``--table``: the DDL whose words may name the table, and the CREATE DATABASE of
    its database (logged in that database: no word names the table)."""
    status, out, err = run(capsys, "--sql", "--sql-ddl", "--table", "hist.people",
                           str(SCHEMA))
    assert (status, err) == (0, "")
    lines = script_lines(out)
    assert lines[:5] == [f"-- DDL at {SCHEMA}:367", f"SET SESSION sql_mode={ddl_sql_mode(SCHEMA)};",
                         "CREATE DATABASE hist CHARACTER SET latin1;",
                         f"-- DDL at {SCHEMA}:517", "USE `hist`;"]
    assert "CREATE DATABASE archive;" not in lines
    assert "ALTER TABLE people DROP PRIMARY KEY, ADD PRIMARY KEY (id, country);" in lines
    assert "CREATE TABLE serials (id SERIAL, v INT);" not in lines


def test_table_filter(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--sql", "--flashback", "--table", "types.signs", str(FULL))
    assert status == 0
    assert statements(out) == [
        "BEGIN;", "DELETE FROM `types`.`signs` WHERE `id`=1 LIMIT 1;", "COMMIT;"]


def test_gtid_filter(capsys: pytest.CaptureFixture[str]) -> None:
    """Undo two transactions by their GTIDs."""
    status, out, _ = run(capsys, "--sql", "--flashback", "--gtid", "0-1-16", "--gtid",
                         "0-1-18", str(FULL))
    assert status == 0
    assert statements(out) == [
        "BEGIN;", "DELETE FROM `types`.`signs` WHERE `id`=1 LIMIT 1;", "COMMIT;",
        "BEGIN;", "UPDATE `types`.`wide` SET `id`=2, `e`='v1', `s`='' WHERE `id`=2 LIMIT 1;",
        "COMMIT;"]
    assert "-- DDL" not in out  # (the DDL is of other transactions)


def test_transaction_cut_short_is_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    """Read up to the XID of the first insert (at 6402, an event start: a position inside
    an event is refused): its transaction is not written."""
    for args in (["--sql"], ["--sql", "--flashback"]):
        status, out, err = run(capsys, *args, "--stop-position", "6402", str(FULL))
        assert (status, err) == (0, "")
        lines = out.removeprefix(HEADER).splitlines()
        cut = ("-- the transaction at 2053 does not end in what was read: its 1 row "
               "change(s) left out")
        # The undo is last first: the DDL before (not undone) comes after.
        assert lines[0 if "--flashback" in args else -1] == cut
        assert "BEGIN;" not in out


MIXED = MARIADB / "mixed"


def test_changes_logged_as_statements_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """binlog_format=MIXED: the second INSERT is a QUERY event, without its rows. The
    script is the clean prefix before it: the transaction before (GTID 0-1-4, ended by
    its XID at 1365), and nothing from the refused statement's transaction (0-1-5) on,
    however many events were decoded together (test_a_large_runs_script_is_a_small_runs)."""
    path = MIXED / "binlog.000001"
    status, out, err = run(capsys, "--sql", str(path))
    assert status == 1
    assert err == (f"{path}: offset 1470: a change logged as a statement (binlog_format="
                   "STATEMENT or MIXED), its rows are not in the binlog: INSERT INTO items "
                   "(name, qty, price, added) VALUES ('pear...\n")
    assert statements(out) == ["BEGIN;", *(
        f"INSERT INTO `shop`.`items` (`id`,`name`,`qty`,`price`,`added`) VALUES ({values});"
        for values in ("1,X'6170706C65',3,1.25,'2024-01-02 03:04:05'",
                       "2,X'62616E616E61',12,0.30,'2024-01-02 03:04:06'",
                       "3,X'636865727279',200,0.05,NULL")), "COMMIT;"]
    assert "0-1-4" in out and "0-1-5" not in out


def test_rows_rolled_back_to_a_savepoint_are_left_out(
        capsys: pytest.CaptureFixture[str]) -> None:
    """BEGIN; INSERT kiwi; SAVEPOINT; INSERT undone; ROLLBACK TO; COMMIT: the server logs
    both rows, then the ROLLBACK TO (names from the scenario's DDL)."""
    path = MIXED / "binlog.000001"
    window = ["--schema", str(MIXED / "scenario.sql"), "--start-position", "4448",
              "--stop-position", "5143", str(path)]
    status, out, err = run(capsys, "--sql", *window)
    assert (status, err) == (0, "")
    assert statements(out) == [
        "BEGIN;", "INSERT INTO `shop`.`items` (`id`,`name`,`qty`,`price`,`added`) VALUES "
        "(10,X'6B697769',9,0.45,'2024-03-04 05:06:07');", "COMMIT;"]
    status, out, err = run(capsys, "--sql", "--flashback", *window)
    assert (status, err) == (0, "")
    assert statements(out) == [
        "BEGIN;", "DELETE FROM `shop`.`items` WHERE `id`=10 LIMIT 1;", "COMMIT;"]


def test_xa_transactions_count_once_committed(capsys: pytest.CaptureFixture[str]) -> None:
    """XA START; INSERT mango; XA END; XA PREPARE (the transaction ends), then XA COMMIT in
    a group of its own: written at the XA COMMIT; left out when it is not read."""
    path = MIXED / "binlog.000001"
    window = ["--schema", str(MIXED / "scenario.sql"), "--start-position", "5889", str(path)]
    status, out, err = run(capsys, "--sql", *window, "--stop-position", "6494")
    assert (status, err) == (0, "")
    assert statements(out) == [
        "BEGIN;", "INSERT INTO `shop`.`items` (`id`,`name`,`qty`,`price`,`added`) VALUES "
        "(14,X'6D616E676F',2,1.99,'2024-05-06 07:08:09');", "COMMIT;"]
    status, out, err = run(capsys, "--sql", *window, "--stop-position", "6330")
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == ("-- the XA transaction at 5889 is prepared, not "
                                    "committed in what was read: left out")


def test_minimal_images_replay(capsys: pytest.CaptureFixture[str]) -> None:
    """binlog_row_image=MINIMAL: the columns given, the rows by their key."""
    status, out, err = run(capsys, "--sql", str(MINIMAL))
    assert (status, err) == (0, "")
    lines = statements(out)
    assert f"INSERT INTO {ALLTYPES} (`id`,`i`,`vc`) VALUES (6,42,'partial');" in lines
    assert (f"UPDATE {ALLTYPES} SET `i`=7, `dt3`='2020-02-02 02:02:02.020', `vc`='updated' "
            "WHERE `id`=1 LIMIT 1;") in lines
    assert f"UPDATE {ALLTYPES} SET `ti`=NULL, `vcl`='now set' WHERE `id`=5 LIMIT 1;" in lines


def test_minimal_images_cannot_be_undone(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--sql", "--flashback", str(MINIMAL))
    assert status == 1
    assert err.splitlines() == [
        f"{MINIMAL}: offset 90033: `types`.`alltypes`: the before image lacks column(s) i, "
        "dt3, vc (binlog_row_image=MINIMAL or NOBLOB): the update cannot be undone",
        f"{MINIMAL}: offset 99567: `types`.`wide`: the before image lacks column(s) e "
        "(binlog_row_image=MINIMAL or NOBLOB): the update cannot be undone"]
    assert statements(out) == []


def test_tables_without_names_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """MINIMAL metadata, the CREATE TABLEs in an earlier file, not read: names are
    unknown. (The DDL before a --start-position is read: it names the columns.)"""
    path = MARIADB / "rotation_minimal" / "binlog.000003"
    status, out, err = run(capsys, "--sql", str(path))
    assert status == 1
    assert err.splitlines()[0] == (
        f"{path}: offset 548: `ho`.`oltp`: column names unknown (no "
        "binlog_row_metadata=FULL, no CREATE TABLE in the binlogs read, no --schema)")
    assert statements(out) == []


def test_partial_json_without_its_document(capsys: pytest.CaptureFixture[str]) -> None:
    """MySQL's PARTIAL_UPDATE_ROWS with a MINIMAL before image: the diff has no document
    to apply to. The replay makes it with JSON_REPLACE on the column; the undo is
    refused (the before image lacks what it changed)."""
    path = corpus("blackbeam__rust_mysql_common/test-data__binlogs__json.binlog.000001")
    status, out, err = run(capsys, "--sql", str(path))
    assert (status, err) == (0, "")
    lines = statements(out)
    assert lines[1] == (
        "INSERT INTO `mysql`.`t` (`id`,`json_col`,`name`,`age`) VALUES (1,CAST("
        "'{\"age\":24,\"data\":\"xxxxxxxxxx\",\"name\":\"Joe\"}' AS JSON),'Joe',24);")
    assert lines[-2:] == [
        "UPDATE `mysql`.`t` SET `json_col`=JSON_REPLACE(`json_col`,'$.age',CAST('42' AS JSON)),"
        " `name`='Pete', `age`=42 WHERE `id`=6 LIMIT 1;", "COMMIT;"]
    status, out, err = run(capsys, "--sql", "--flashback", str(path))
    assert (status, out) == (1, "")
    assert err == (f"{path}: offset 3750: `mysql`.`t`: the before image lacks column(s) "
                   "json_col, name, age (binlog_row_image=MINIMAL or NOBLOB): the update "
                   "cannot be undone\n")


def test_mysql_compressed_transaction_and_vectors(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """A TRANSACTION_PAYLOAD's rows in the transaction its GTID opens; VECTOR columns."""
    path = corpus("blackbeam__rust_mysql_common/"
                  "test-data__binlogs__transaction_compression.000001")
    schema = tmp_path / "tb1.sql"
    schema.write_text("CREATE TABLE test.tb1 (a INT PRIMARY KEY);")
    status, out, err = run(capsys, "--sql", "--schema", str(schema), str(path))
    assert (status, err) == (0, "")
    assert statements(out) == ["BEGIN;", "INSERT INTO `test`.`tb1` (`a`) VALUES (1);",
                               "COMMIT;"]
    path = corpus("blackbeam__rust_mysql_common/test-data__binlogs__vector.binlog")
    status, out, err = run(capsys, "--sql", str(path))
    assert (status, err) == (0, "")
    assert ("INSERT INTO `dtb`.`bar` (`id`,`vector_column`,`foo`,`vector_column2`) VALUES "
            "(2,STRING_TO_VECTOR('[1.01,-1.01]'),'bar',"
            "STRING_TO_VECTOR('[42.0,43.0,44.0,45.0]'));") in statements(out)


def test_script_is_utf8_whatever_the_locale() -> None:
    """It says SET NAMES utf8mb4: a Latin-1 stdout must not change (or stop) it."""
    command = [sys.executable, "-m", "binlog_kaitai", "rows", "--sql", str(FULL)]
    outputs = [subprocess.run(command, capture_output=True, check=True, cwd=REPO,
                              env=os.environ | {"PYTHONIOENCODING": encoding}).stdout
               for encoding in ("utf-8", "latin-1")]
    assert outputs[0] == outputs[1]
    assert "'héllo wörld 😀'".encode() in outputs[1]


def test_sql_and_json_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--sql", "--json"], ["--flashback"], ["--gtid", "0-1-16"]):
        with pytest.raises(SystemExit) as exc:
            main(["rows", *args, str(FULL)])
        assert exc.value.code == 2
    assert "--flashback and --gtid with --sql" in capsys.readouterr().err


def _table(path: Path, name: str) -> tuple[TableSql, RowChange]:
    """The SQL form of a table of a fixture, and its first row change."""
    decoder = OrderedRows()
    for ev in read_events(path, expand_payloads=True):
        for item in decoder.feed(ev) + decoder.finish():
            assert not isinstance(item, Exception)
            rows_event, changes = item
            if changes[0].table == name:
                info = decoder.decoder.describe(rows_event.table_map, True)
                assert info is not None
                table = TableSql.of(info, True)
                assert table is not None
                return table, changes[0]
    raise AssertionError(name)


def test_rows_without_a_key_are_found_by_every_column() -> None:
    """No key: every column with <=>, FLOAT as the double it holds, text byte for byte."""
    table, change = _table(FULL, "signs")
    assert change.after is not None
    table.pk = None
    assert table.where(change.after) == (
        "`id`<=>1 AND `y`<=>2000 AND `a`<=>200 AND `bt`<=>b'101' AND "
        "`c`<=>18446744073709551615 AND `dd`<=>123.45 AND `f`<=>2.5e0 AND `e`<=>-5 AND "
        "`m`<=>16777215")
    table, change = _table(FULL, "charsets")
    assert change.after is not None
    table.pk = None
    assert table.where(change.after).startswith(
        "`id`<=>1 AND `a`<=>'àéîõü' COLLATE utf8mb4_bin AND `b`<=>'日本語' COLLATE utf8mb4_bin")
    with pytest.raises(ValueError, match=r"lacks column\(s\) a, b"):
        table.where({"id": 1})


def test_text_escapes() -> None:
    assert quoted("a'b\\c\0d\ne\rf\x1ag") == "'a\\'b\\\\c\\0d\\ne\\rf\\Zg'"


@pytest.mark.parametrize("path", sorted(MARIADB.glob("*/binlog.0*")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_large_runs_script_is_a_small_runs(path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``--sql`` with rows events gathered from the first one (as a run of more than 4 MB
    is) and decoded in groups by both decoders writes the script the event-by-event
    decoding writes: a group flushed by a DDL statement is written with the columns of
    its table before it, not after; the transactions before a problem seen before their
    changes were decoded are written all the same. (The problems are said in another
    order: a refusal of a group's change when the group is decoded.)"""
    for flashback in ((), ("--flashback",)):
        status, out, err = run(capsys, "--sql", "--sql-ddl", *flashback, str(path))
        with monkeypatch.context() as patched:
            patched.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
            patched.setattr(ordered_rows, "COLUMNAR_MIN_BYTES", 64)
            large = run(capsys, "--sql", "--sql-ddl", *flashback, str(path))
        assert (large[0], large[1], sorted(large[2].splitlines())) == (
            status, out, sorted(err.splitlines()))
