"""Row changes of the real MySQL (and MariaDB) binlogs of ../shared/corpus.

Every rows event of every corpus file must decode. The values asserted here are those the
files are known to contain: the expectations of the projects the files come from
(blackbeam/rust_mysql_common's tests for mysql_type_bit and mariadb-bin), the statements
the files themselves carry (ANNOTATE_ROWS, CREATE TABLE), and relations between columns
that were written independently (a JSON document and the plain columns holding the same
data). tests/test_rows_oracle.py compares all rows of the files mariadb-binlog can decode
with its output; this file covers what it cannot (JSON, VECTOR, tagged GTIDs, compressed
transactions) and the column names, which mariadb-binlog does not print.
"""

from __future__ import annotations

import base64
import struct

import pytest

from binlog_kaitai.errors import BinlogError, RowsError
from binlog_kaitai.rows import RowChange, iter_row_changes
from binlog_kaitai.stream import read_events
from tests.conftest import CORPUS_FILES, corpus

ROWS_TYPES = {20, 21, 22, 23, 24, 25, 30, 31, 32, 39}
BLACKBEAM = "blackbeam__rust_mysql_common/test-data__binlogs__"


def changes(name: str) -> list[RowChange]:
    return list(iter_row_changes(corpus(name)))


def after_images(name: str) -> list[dict]:
    return [c.after for c in changes(name) if c.after is not None]


@pytest.mark.parametrize(
    "entry", [f for f in CORPUS_FILES if f.types & (ROWS_TYPES | {40})],
    ids=lambda f: f.path.name)
def test_every_rows_event_decodes(entry) -> None:
    """All rows of the file decode; the file may end early (cut copies), never the rows."""
    count = 0
    try:
        for change in iter_row_changes(entry.path):
            assert change.op in ("insert", "update", "delete")
            assert (change.before is None) == (change.op == "insert")
            assert (change.after is None) == (change.op == "delete")
            count += 1
    except RowsError as exc:
        pytest.fail(f"{entry.path.name}: {exc}")
    except BinlogError as exc:
        assert "no STOP/ROTATE" in entry.notes or "truncated" in entry.notes, exc
    assert count > 0


def test_bit_columns() -> None:
    # rust_mysql_common expects Bytes([0b100]), "foo", Bytes([0b100000]) for this row.
    (change,) = changes(BLACKBEAM + "mysql_type_bit.000001")
    assert change.op == "insert"
    assert change.after == {"a": 4, "b": "foo", "c": 32}
    assert change.gtid == "fbda2ad0-7c46-11ec-ae30-4ef7efc81a2a:3"


def test_mariadb_full_metadata_names_charsets_and_enum() -> None:
    # MariaDB 10.5, binlog_row_metadata=FULL. The ANNOTATE_ROWS event holds the statement:
    # insert into outbox (topic, event_type, event) values ('foo', 'JSON', '{"foo":1}');
    # rust_mysql_common expects topic utf8mb4_general_ci, event binary, id the primary key.
    name = BLACKBEAM + "mariadb-bin.000001"
    annotations = [bytes(ev.body.query) for ev in read_events(corpus(name))
                   if ev.type_name == "ANNOTATE_ROWS_EVENT"]
    assert annotations == [b"insert into outbox (topic, event_type, event) values "
                           b"('foo', 'JSON', '{\"foo\":1}')"] * 2
    first, second = changes(name)
    assert first.after == {
        "id": 62, "topic": "foo", "event_type": "JSON",
        "event": {"base64": base64.b64encode(b'{"foo":1}').decode()},
        "created": "2022-04-20 22:18:04",
    }
    assert second.after["id"] == 63
    assert second.after["created"] == "2022-04-20 22:19:55"
    assert first.pk == ["id"]
    assert (first.gtid, second.gtid) == ("0-1-1", "0-1-2")


def test_json_documents_partial_updates_and_columns_agree() -> None:
    # MySQL 8.0.22: each row stores the person twice, in a JSON document and in plain
    # name/age columns; UPDATEs then raise the age, the last ones as PARTIAL_UPDATE_ROWS
    # (binlog_row_value_options=PARTIAL_JSON) logging a JSON diff.
    rows = changes(BLACKBEAM + "json.binlog.000001")
    assert [c.op for c in rows] == ["insert"] * 6 + ["update"] * 12
    people = {"Joe": 24, "Sue": 32, "Pete": 40}
    for c in rows[:6]:
        doc = c.after["json_col"]
        assert doc == {"age": c.after["age"], "data": doc["data"], "name": c.after["name"]}
        assert people[doc["name"]] == doc["age"]
        assert doc["data"] == {"Joe": "x", "Sue": "y", "Pete": "z"}[doc["name"]] * 10
    for c in rows[6:12]:  # full images: the whole document, age + 1 in both places
        assert c.after["json_col"]["age"] == c.after["age"] == c.before["age"] + 1
        assert c.after["json_col"]["name"] == c.before["name"]
    for c in rows[12:]:  # partial: before image is the key, after image a diff
        assert list(c.before) == ["id"]
        age = c.after["age"]
        assert people[c.after["name"]] + 2 == age
        assert c.after["json_col"] == {
            "json_diff": [{"operation": "REPLACE", "path": "$.age", "value": age}]}
    events = {ev.pos: ev.type_code for ev in read_events(corpus(BLACKBEAM + "json.binlog.000001"))}
    assert {events[c.pos] for c in rows[12:]} == {39}


def test_vector_columns() -> None:
    # MySQL 9.0: CREATE TABLE foo(id SERIAL, vector_column VECTOR(3) NOT NULL) and bar with
    # VECTOR(2), TEXT, VECTOR(4) (the file's QUERY events); the table maps' optional
    # metadata give the same dimensions.
    name = BLACKBEAM + "vector.binlog"
    rows = changes(name)
    assert len(rows) == 10
    foo = [c.after for c in rows if c.table == "foo" and c.op == "insert"]
    bar = [c.after for c in rows if c.table == "bar" and c.op == "insert"]
    assert foo[:2] == [{"id": 1, "vector_column": [1.1, 2.2, 3.3]},
                       {"id": 2, "vector_column": [1.0, -1.0, 0.0]}]
    assert bar[:2] == [
        {"id": 1, "vector_column": [1.1, 2.2], "foo": None, "vector_column2": [1.1, 2.2, 3.3, 4.4]},
        {"id": 2, "vector_column": [1.01, -1.01], "foo": "bar",
         "vector_column2": [42.0, 43.0, 44.0, 45.0]},
    ]
    # The float32 bytes are in the rows event as written.
    raw = b"".join(ev.raw for ev in read_events(corpus(name)) if ev.type_code == 30)
    assert struct.pack("<3f", 1.1, 2.2, 3.3) in raw
    assert [c.op for c in rows if c.table == "bar"].count("delete") == 1


def test_invisible_columns_and_signedness() -> None:
    # CREATE TABLE t1 (f1 INT UNSIGNED INVISIBLE, f2 INT UNSIGNED INVISIBLE, f3 INT, f4 TEXT,
    # f5 BLOB, f6 BIGINT UNSIGNED INVISIBLE) - names, signedness from the metadata.
    rows = changes(BLACKBEAM + "binlog-invisible-columns.000001")
    assert [c.op for c in rows] == ["insert", "insert", "update"]
    assert rows[0].after == {"f1": 1, "f2": 2, "f3": -3, "f4": "4", "f5": {"base64": "BQ=="},
                             "f6": 6000000000}
    assert rows[2].before == rows[1].after
    assert rows[2].after == {"f1": 111, "f2": 222, "f3": -333, "f4": "444",
                             "f5": {"base64": "VQ=="}, "f6": None}


def test_minimal_metadata_and_minimal_image() -> None:
    # binlog_row_metadata=MINIMAL: signedness but no names; the image has columns 1, 3, 5.
    (change,) = changes(BLACKBEAM + "minimal_row_metadata.000001")
    assert change.after == {"@1": 1, "@3": "a", "@5": 3230202323}


def test_tagged_gtid() -> None:
    (change,) = changes(BLACKBEAM + "binlog_transaction_with_GTID_TAG.000001")
    assert change.gtid == "55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3"
    assert change.after == {"@1": 3, "@2": 100, "@3": "250.00"}


def test_rows_v1_of_mysql_51_with_names_from_the_ddl() -> None:
    # MySQL 5.1.23: CREATE TABLE t1 (a int, b char(50)) is in the file.
    rows = changes(BLACKBEAM + "ver_5_1_23.001")
    assert [(c.op, c.before, c.after) for c in rows] == [
        ("insert", None, {"a": 0, "b": "one"}),
        ("insert", None, {"a": 1, "b": "two"}),
        ("update", {"a": 0, "b": "one"}, {"a": 1, "b": "one"}),
        ("update", {"a": 1, "b": "two"}, {"a": 2, "b": "two"}),
        ("delete", {"a": 2, "b": "two"}, None),
    ]


def test_ndb_full_row_images() -> None:
    for name, op in (("write-full-row.binlog", "delete"), ("update-full-row.binlog", "update")):
        rows = changes(BLACKBEAM + name)
        ba = [c for c in rows if c.table == "ba"]
        assert [c.after for c in ba[:4]] == [{"@1": i, "@2": i, "@3": i} for i in (3, 1, 2, 4)]
        assert ba[-1].before == {"@1": 2} and ba[-1].op == "delete"
        assert op in {c.op for c in ba}


def test_compressed_transactions() -> None:
    # MySQL 8.0 binlog_transaction_compression: the rows are inside TRANSACTION_PAYLOAD
    # events; `pos` is the payload's offset, `inner_pos` the offset inside it.
    name = "apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000057"
    rows = changes(name)
    payloads = {ev.pos for ev in read_events(corpus(name)) if ev.type_code == 40}
    assert {c.pos for c in rows} == payloads
    assert all(c.inner_pos is not None and c.inner_pos > 0 for c in rows)
    # `create table b(id int)` is a QUERY event of the file: it names the column.
    assert (rows[0].table, rows[0].after) == ("b", {"id": 1})
    update = rows[1]
    assert update.op == "update" and update.table == "test_table_3"
    changed = {k for k in update.before if update.before[k] != update.after[k]}
    assert changed == {"@8", "@11"}
    assert update.after["@10"] == {"c": 1}  # a JSON column
    (movie,) = changes("osheroff__mysql-binlog-connector-java/src__test__resources__"
                       "mysql-bin.compressed")
    assert movie.before["@2"] == "Once Upon a Time in the West"
    assert (movie.before["@5"], movie.after["@5"]) == ("Western", "Western|Action")
    (tb1,) = changes(BLACKBEAM + "transaction_compression.000001")
    assert (tb1.table, tb1.after, tb1.inner_pos) == ("tb1", {"@1": 1}, 116)
