"""Issue 24's filters of ``events`` and ``rows``, each finding reproduced on real binlogs.

``mariadb-binlog`` run on the same files is the oracle where it has the filter
(``--database``) or prints what is counted (rows, statements, event types).
"""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from binlog_kaitai.cli import main
from binlog_kaitai.event_kinds import types_named
from binlog_kaitai.filters import GtidSelection, TableFilter, TablePattern
from tests.conftest import CORPUS_FILES, REPO, CorpusFile, corpus
from tests.mariadb_oracle import MARIADB_TYPE_NAMES, mariadb_binlog_program, oracle_events

MARIADB = REPO / "tests" / "fixtures" / "mariadb"
MIXED = sorted(str(p) for p in (MARIADB / "mixed").glob("binlog.0*"))
SCHEMA = sorted(str(p) for p in (MARIADB / "schema").glob("binlog.0*"))
GTIDS = str(MARIADB / "gtid")
COMPRESSED = str(MARIADB / "compressed" / "binlog.000001")
MYSQL_GTIDS = "Meituan-Dianping__MyFlash/testbinlog__haha.000041"
TAGGED = "blackbeam__rust_mysql_common/test-data__binlogs__binlog_transaction_with_GTID_TAG.000001"
ROW_HEAD = re.compile(r"^### (INSERT INTO|UPDATE|DELETE FROM) `(\w+)`\.`(\w+)`$")
OPS = {"INSERT INTO": "insert", "UPDATE": "update", "DELETE FROM": "delete"}
STATEMENT = re.compile(r"(INSERT|UPDATE|DELETE|REPLACE|LOAD DATA)\b", re.I)
"""A change logged as a statement, as ``mariadb-binlog`` prints it."""

needs_oracle = pytest.mark.skipif(mariadb_binlog_program() is None,
                                  reason="mariadb-binlog not installed")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """Exit status, output lines but ``# FILE`` and ``# times are local...``, stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, [line for line in out.splitlines() if not line.startswith("# ")], err


def records(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict], str]:
    status, lines, err = run(capsys, *argv)
    return status, [json.loads(line) for line in lines], err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one-line error of an option argparse refuses."""
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    assert exc.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


def mariadb_binlog(*args: str) -> str:
    return subprocess.run([mariadb_binlog_program() or "mariadb-binlog", *args],
                          capture_output=True, text=True, check=True).stdout


def oracle_changes(*args: str) -> Counter[tuple[str, str, str]]:
    """(database, table, op) of every row ``mariadb-binlog -v`` prints."""
    found: Counter[tuple[str, str, str]] = Counter()
    for line in mariadb_binlog("-v", "--base64-output=decode-rows", *args).splitlines():
        m = ROW_HEAD.match(line)
        if m:
            found[m[2], m[3], OPS[m[1]]] += 1
    return found


def oracle_ends(*args: str) -> list[tuple[int, str]]:
    """(end position, label) of every event ``mariadb-binlog`` prints, from its header
    lines (its ``# at`` lines come for the events a filter leaves out too)."""
    return [(int(m[1]), m[2]) for m in re.finditer(
        r"^#\d{6} .* end_log_pos (\d+) .*?\t(\w+)", mariadb_binlog(*args), re.M)]


def changes_of(rows: list[dict]) -> Counter[tuple[str, str, str]]:
    return Counter((r["schema"], r["table"], r["op"]) for r in rows)


# -- --type: kinds, and either server's names ------------------------------------------


@needs_oracle
@pytest.mark.parametrize("name", ["DELETE_ROWS_EVENT", "delete", "Delete_rows_v1",
                                  "delete_rows_event_v1", "DELETE_ROWS_LOG_EVENT,32"])
def test_type_delete_rows_event_matches_mariadbs_v1(capsys: pytest.CaptureFixture[str],
                                                    name: str) -> None:
    """MariaDB logs DELETE_ROWS_EVENT_V1 (25): the MySQL name found nothing."""
    status, events, err = records(capsys, "events", "--json", "--type", name, *MIXED)
    expected = [(Path(f).name, pos) for f in MIXED
                for pos, label in oracle_events(f) if label == "Delete_rows_v1"]
    assert (status, err) == (0, "") and len(expected) == 2
    assert [(Path(e["file"]).name, e["pos"]) for e in events] == expected
    assert {e["type"] for e in events} == {"DELETE_ROWS_EVENT_V1"}


@needs_oracle
def test_type_names_take_compressed_variants(capsys: pytest.CaptureFixture[str]) -> None:
    """MariaDB's log_bin_compress events are found by the plain names and kinds."""
    oracle = oracle_events(COMPRESSED)
    for name, labels in (("DELETE_ROWS_EVENT", {"Delete_rows_compressed_v1"}),
                         ("update", {"Update_rows_compressed_v1"}),
                         ("QUERY_EVENT", {"Query", "Query_compressed"})):
        _, events, _ = records(capsys, "events", "--json", "--type", name, COMPRESSED)
        expected = [pos for pos, label in oracle if label in labels]
        assert [e["pos"] for e in events] == expected and expected, name
    _, events, _ = records(capsys, "events", "--json", "--type", "Delete_rows_v1", COMPRESSED)
    assert events == []  # a name with its version is that type only


def test_type_ddl_is_told_by_the_statement(capsys: pytest.CaptureFixture[str]) -> None:
    status, events, _ = records(capsys, "events", "--json", "--type", "ddl", *MIXED)
    assert status == 0
    assert [(Path(e["file"]).name, e["pos"]) for e in events] == [
        ("binlog.000001", 367), ("binlog.000001", 496), ("binlog.000001", 787),
        ("binlog.000001", 2715), ("binlog.000001", 3395), ("binlog.000002", 1129)]
    assert all(re.search(r"\b(CREATE|DROP)\b", e["info"]) for e in events)


def test_every_name_the_server_shows() -> None:
    """``--type`` takes the names MariaDB's SHOW BINLOG EVENTS and mariadb-binlog show
    (``Format_desc``, ``User var``, ``MySQL Gtid``, ``Write_rows_event_old``...)."""
    for code, label in MARIADB_TYPE_NAMES.items():
        assert code in types_named(label)[0], label
        assert code in types_named(label.upper().replace(" ", "_"))[0], label


def test_unknown_type_names_the_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "events", "--type", "DELETE_ROW", *MIXED)
    assert "unknown event type 'DELETE_ROW': a kind (rows, insert, write, update, delete, " \
        "gtid, query, xid, table_map, rotate, file, ddl)" in line


# -- --table and --database -------------------------------------------------------------


@needs_oracle
def test_table_without_database_and_globs(capsys: pytest.CaptureFixture[str]) -> None:
    """``--table oltp`` (no schema) printed nothing: a name alone is any database's."""
    expected = {k: n for k, n in oracle_changes(*MIXED).items() if k[1] == "items"}
    assert sum(expected.values()) == 24
    for table in ("items", "shop.items", "sh*.it?ms", "*.items"):
        _, rows, err = records(capsys, "rows", "--json", "--table", table, *MIXED)
        assert changes_of(rows) == expected, table
        assert "matched no table" not in err


def test_table_matching_nothing_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    """``--table 'ho.*'`` printed nothing, and said nothing."""
    status, rows, err = run(capsys, "rows", "--table", "ho.*", *MIXED)
    assert (status, rows) == (0, [])  # the statements of shop are no table of ho
    assert err == "--table 'ho.*' matched no table; tables seen: shop.audit, shop.items\n"
    status, events, err = run(capsys, "events", "--table", "oltp", "--table", "hist.*",
                              *SCHEMA)
    assert status == 0 and events
    assert err == ("--table 'oltp' matched no table; tables seen: archive.people_old, "
                   "hist.humans, hist.parts, hist.people, hist.serials, hist.uniq\n")


@needs_oracle
@pytest.mark.parametrize("database", ["archive", "hist"])
def test_database_rows_as_mariadb_binlog(capsys: pytest.CaptureFixture[str],
                                         database: str) -> None:
    expected = oracle_changes(f"--database={database}", *SCHEMA)
    status, rows, err = records(capsys, "rows", "--json", "--database", database, *SCHEMA)
    assert (status, err) == (0, "")
    assert changes_of(rows) == expected and expected


@needs_oracle
def test_database_events_as_mariadb_binlog(capsys: pytest.CaptureFixture[str]) -> None:
    """Statements by their default database, table maps and rows events by their
    table's: what ``mariadb-binlog --database`` prints of them."""
    for name in SCHEMA:
        expected = [end for end, label in oracle_ends("--database=archive", name)
                    if label in ("Query", "Table_map", "Write_rows", "Update_rows",
                                 "Delete_rows")]
        _, events, err = records(capsys, "events", "--json", "--database", "archive", name)
        assert [e["pos"] + e["length"] for e in events] == expected and expected
        assert err == ""


@needs_oracle
def test_events_table_keeps_its_maps_and_rows(capsys: pytest.CaptureFixture[str]) -> None:
    status, events, _ = records(capsys, "events", "--json", "--table", "audit", MIXED[0])
    maps = [e for e in events if e["type"] == "TABLE_MAP_EVENT"]
    assert status == 0 and {e["type"] for e in events} == {"TABLE_MAP_EVENT",
                                                           "WRITE_ROWS_EVENT_V1"}
    ends = [int(m[1]) for m in re.finditer(r"end_log_pos (\d+) .*Table_map: `shop`\.`audit`",
                                           mariadb_binlog(MIXED[0]))]
    assert [e["pos"] + e["length"] for e in maps] == ends and ends


def test_bad_table_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "not a table: '.items'" in refused(capsys, "rows", "--table", ".items", *MIXED)


# -- --op ---------------------------------------------------------------------------------


@needs_oracle
def test_op_as_binlog2sql_sql_type(capsys: pytest.CaptureFixture[str]) -> None:
    oracle = oracle_changes(*MIXED)
    status, rows, err = records(capsys, "rows", "--json", "--op", "delete", *MIXED)
    assert (status, err) == (0, "")  # no statement-logged DELETE in these files
    assert changes_of(rows) == {k: n for k, n in oracle.items() if k[2] == "delete"}
    _, rows, _ = records(capsys, "rows", "--json", "--op", "insert,update", *MIXED)
    assert changes_of(rows) == {k: n for k, n in oracle.items() if k[2] != "delete"}
    assert "not one of insert, update, delete" in refused(capsys, "rows", "--op", "upsert",
                                                          *MIXED)


def test_events_op_takes_statements_too(capsys: pytest.CaptureFixture[str]) -> None:
    _, events, _ = records(capsys, "events", "--json", "--op", "update", MIXED[1])
    assert [(e["pos"], e["type"]) for e in events] == [(686, "QUERY_EVENT")]
    assert "UPDATE items SET qty = qty + 1" in events[0]["info"]


# -- GTIDs --------------------------------------------------------------------------------


def gtid_rows(capsys: pytest.CaptureFixture[str], *argv: str) -> list[tuple[str, int]]:
    status, rows, err = records(capsys, "rows", "--json", *argv, GTIDS)
    assert (status, err) == (0, "")
    return [(r["gtid"], r["after"]["id"]) for r in rows]


def test_mariadb_gtids(capsys: pytest.CaptureFixture[str]) -> None:
    every = gtid_rows(capsys)
    assert gtid_rows(capsys, "--include-gtids", "0-1-4,0-1-5") == [
        ("0-1-4", 1), ("0-1-5", 2), ("0-1-5", 3)]
    assert gtid_rows(capsys, "--include-gtids", "0-1-4-5") == gtid_rows(
        capsys, "--include-gtids", "0-1-5, 0-1-4")
    assert gtid_rows(capsys, "--include-gtids", "5-1-1-100,0-7-14") == [
        ("5-1-1", 7), ("5-1-100", 8), ("0-7-14", 10)]
    assert gtid_rows(capsys, "--include-gtids", "0-1-14") == []  # 0-7-14: another server
    excluded = gtid_rows(capsys, "--exclude-gtids", "0-1-1-9")
    assert excluded == [g for g in every if g[0] not in
                        {"0-1-4", "0-1-5", "0-1-6", "0-1-7", "0-1-9"}]
    assert gtid_rows(capsys, "--include-gtids", "0-1-1-9", "--exclude-gtids", "0-1-5") == [
        ("0-1-4", 1), ("0-1-6", 1), ("0-1-7", 4), ("0-1-9", 5)]


def test_mysql_gtids(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(corpus(MYSQL_GTIDS))
    _, rows, _ = records(capsys, "rows", "--json", "--include-gtids",
                         "EFCA80C9323B11E7B85700505622F032:127-128", path)
    assert [(r["gtid"].rsplit(":", 1)[1], r["after"]["@1"]) for r in rows] == [
        ("127", n) for n in range(2, 7)] + [("128", n) for n in range(7, 13)]
    tagged = str(corpus(TAGGED))
    _, rows, _ = records(capsys, "rows", "--json", "--include-gtids",
                         "55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3", tagged)
    assert [r["gtid"] for r in rows] == ["55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3"]
    _, rows, _ = records(capsys, "rows", "--json", "--exclude-gtids",
                         "55778904-0299-11f1-b1b8-4ef0c4956feb:MyTag:1-3", tagged)
    assert rows == []


def test_events_of_one_transaction(capsys: pytest.CaptureFixture[str]) -> None:
    """Events outside transactions (FORMAT_DESCRIPTION, GTID_LIST...) have no GTID."""
    _, events, _ = records(capsys, "events", "--json", "--include-gtids", "0-1-4", GTIDS)
    assert [(e["pos"], e["type"]) for e in events] == [
        (793, "GTID_EVENT"), (835, "ANNOTATE_ROWS_EVENT"), (891, "TABLE_MAP_EVENT"),
        (935, "WRITE_ROWS_EVENT_V1"), (977, "XID_EVENT")]
    _, every, _ = records(capsys, "events", "--json", GTIDS)
    _, others, _ = records(capsys, "events", "--json", "--exclude-gtids", "0-1-4", GTIDS)
    assert len(others) == len(every) - 5 and others[0]["type"] == "FORMAT_DESCRIPTION_EVENT"


def test_bad_gtid_set_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "bad range '0-1-9-5'" in refused(capsys, "rows", "--include-gtids", "0-1-9-5",
                                            GTIDS)
    assert "not a UUID: 'abc'" in refused(capsys, "events", "--exclude-gtids", "abc:1",
                                          GTIDS)


# -- changes logged as statements ---------------------------------------------------------


@needs_oracle
@pytest.mark.parametrize("form", [[], ["--json"]])
def test_statement_logged_changes_are_said(capsys: pytest.CaptureFixture[str],
                                           form: list[str]) -> None:
    """``rows`` skipped them with exit 0 and no word."""
    counts = [sum(1 for line in mariadb_binlog(f).splitlines() if STATEMENT.match(line))
              for f in MIXED]
    assert counts == [10, 1]
    status, lines, err = run(capsys, "rows", *form, *MIXED)
    assert status == 1 and lines  # the rows are still printed
    assert err.splitlines() == [
        f"{MIXED[0]}: 10 statement-logged changes (binlog_format=STATEMENT/MIXED) are not "
        "rows; see `events --type query`",
        f"{MIXED[1]}: 1 statement-logged change (binlog_format=STATEMENT/MIXED) is not "
        "rows; see `events --type query`"]


@needs_oracle
@pytest.mark.parametrize("entry", [f for f in CORPUS_FILES if f.types & {2, 6, 8, 12, 18}],
                         ids=lambda f: f.path.name)
def test_statement_logged_changes_as_mariadb_binlog_prints_them(
        capsys: pytest.CaptureFixture[str], entry: CorpusFile) -> None:
    """MySQL's and MariaDB's, 4.1's LOAD DATA events (CREATE_FILE + EXEC_LOAD) too."""
    oracle = subprocess.run([mariadb_binlog_program() or "mariadb-binlog", str(entry.path)],
                            capture_output=True, text=True, errors="replace", check=False)
    if oracle.returncode != 0:
        pytest.skip("mariadb-binlog cannot read it")
    expected = sum(1 for line in oracle.stdout.splitlines() if STATEMENT.match(line))
    status, _, err = run(capsys, "rows", "--json", str(entry.path))
    found = re.search(r": (\d+) statement-logged change", err)
    assert (int(found[1]) if found else 0) == expected
    assert status == 1 or not expected


def test_statement_logged_changes_follow_the_filters(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "rows", "--table", "audit", *MIXED)
    assert status == 1  # the three INSERTs INTO audit logged as statements
    assert err == (f"{MIXED[0]}: 3 statement-logged changes (binlog_format=STATEMENT/MIXED)"
                   " are not rows; see `events --type query`\n")
    status, _, err = run(capsys, "rows", "--include-gtids", "0-1-27", *MIXED)
    assert (status, err) == (0, "")  # the row-logged DELETE of orange only
    status, _, err = run(capsys, "rows", "--sql", MIXED[1])
    assert status == 1 and "statement-logged" not in err  # --sql says it in its words
    assert "a change logged as a statement" in err
    assert run(capsys, "rows", *SCHEMA)[0::2] == (0, "")  # row format only


# -- the pieces -----------------------------------------------------------------------------


def test_table_patterns() -> None:
    assert TablePattern("`shop`.`items`").matches("shop", "items")
    assert not TablePattern("shop.items").matches("shop", "Items")  # as MySQL on Linux
    tables = TableFilter(["*.items"], ["sh*"])
    assert tables.keeps("shop", "items") and not tables.keeps("sales", "items")
    assert not tables.keeps("shop", "audit")
    with pytest.raises(ValueError, match="not a table"):
        TablePattern("a.b.c")


def test_gtid_selection_reads_both_flavours() -> None:
    chosen = GtidSelection("0-1-5-7, 3e11fa47-71ca-11e1-9e33-c80aa9429562:1-3:9:tg:4")
    assert "0-1-6" in chosen and "0-1-8" not in chosen and "0-2-6" not in chosen
    assert "3e11fa47-71ca-11e1-9e33-c80aa9429562:9" in chosen
    assert "3e11fa47-71ca-11e1-9e33-c80aa9429562:5" not in chosen
    assert "3e11fa47-71ca-11e1-9e33-c80aa9429562:tg:4" in chosen
    assert None not in chosen
    with pytest.raises(ValueError, match="empty"):
        GtidSelection(" , ")
