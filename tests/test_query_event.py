"""QUERY_EVENT bodies (ksy/query_event.ksy) read from real binlogs of the shared corpus.

Every expected value below was checked against ``mariadb-binlog -vvv`` run on the same
file (thread_id / exec_time / error_code header line, ``use `db```, the
``SET @@session.*`` lines, the statement text). Where mariadb-binlog cannot show a value
(MySQL-only status variables from code 12 up, which MariaDB's reader skips, and files it
stops reading), the value was checked by hand against MySQL's layout in
libs/mysql/binlog/event/statement_events.cpp.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai.stream import read_events

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"corpus not found at {CORPUS}")

QUERY_EVENT = 2
EXECUTE_LOAD_QUERY_EVENT = 18

MYSQL57 = "rust-us__mysql-cdc-rs/tests__events__5.7__02_query__log.bin"
MYSQL41_V3 = "cloudlinux__MariaDB-10.0-governor/mysql-test__std_data__bug47142_master-bin.000001"
MYSQL41_V3_OLD = (
    "hwCloudRDS__mysql-5.7/mysql-test__suite__binlog__std_data__binlog_old_version_4_1.000001"
)
MARIADB55 = "cloudlinux__MariaDB-10.0-governor/mysql-test__std_data__mariadb-5.5-binlog.000001"
MARIADB105 = "blackbeam__rust_mysql_common/test-data__binlogs__mariadb-bin.000001"
MYSQL50 = "Yelp__ybinlogp/testing__data__mysql-bin.default-path"
MYSQL80_JSON = "blackbeam__rust_mysql_common/test-data__binlogs__json.binlog.000001"
MYSQL96_TAG = (
    "blackbeam__rust_mysql_common/test-data__binlogs__binlog_transaction_with_GTID_TAG.000001"
)
MYSQL57_LOAD = "rust-us__mysql-cdc-rs/tests__events__5.7__17_18_load__log.bin"

#: Number of QUERY_EVENTs (type 2) in every corpus file that has any.
QUERY_EVENT_COUNTS: dict[str, int] = {
    "EasyPost__rust-mysql-binlog/test_data__bin-log.000001": 3,
    "Meituan-Dianping__MyFlash/testbinlog__haha.000008": 1,
    "Meituan-Dianping__MyFlash/testbinlog__haha.000009": 2,
    "Meituan-Dianping__MyFlash/testbinlog__haha.000041": 7,
    "Yelp__ybinlogp/testing__data__mysql-bin.default-path": 24,
    "alibaba__canal/dbsync__src__test__resources__binlog__mysql-bin.000001": 111,
    "alibaba__canal/parse__src__test__resources__binlog__tsdb__mysql-bin.000002": 16,
    "apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000057": 1,
    "apecloud__mysql-binlog-connector-rust/tests__parse_file_tests__mysql-bin.000080": 10,
    "blackbeam__rust_mysql_common/test-data__binlogs__binlog-invisible-columns.000001": 5,
    "blackbeam__rust_mysql_common/test-data__binlogs__binlog_56_gtid_reserved_word.000001": 9,
    "blackbeam__rust_mysql_common/test-data__binlogs__binlog_transaction.000001": 17,
    "blackbeam__rust_mysql_common/test-data__binlogs__binlog_transaction_with_GTID.000001": 5,
    MYSQL96_TAG: 1,
    "blackbeam__rust_mysql_common/test-data__binlogs__bug16266.000001": 4,
    "blackbeam__rust_mysql_common/test-data__binlogs__bug32407.001": 3,
    MYSQL80_JSON: 8,
    "blackbeam__rust_mysql_common/test-data__binlogs__minimal_row_metadata.000001": 1,
    "blackbeam__rust_mysql_common/test-data__binlogs__mysql_type_bit.000001": 3,
    "blackbeam__rust_mysql_common/test-data__binlogs__rpl_atomic_ddl_rollback_full.000001": 4,
    "blackbeam__rust_mysql_common/test-data__binlogs__update-full-row.binlog": 2,
    "blackbeam__rust_mysql_common/test-data__binlogs__vector.binlog": 10,
    "blackbeam__rust_mysql_common/test-data__binlogs__ver_5_1_23.001": 9,
    "blackbeam__rust_mysql_common/test-data__binlogs__write-full-row.binlog": 2,
    MYSQL41_V3: 4,
    MARIADB55: 8,
    "cloudlinux__MariaDB-10.0-governor/mysql-test__std_data__mdev-4645-binlog_checksum.binlog": 3,
    "cloudlinux__MariaDB-10.0-governor/mysql-test__std_data__mdev-4645-binlog_none.binlog": 3,
    "github__gh-ost/go__binlog__testdata__mysql-bin.000066": 13,
    "github__gh-ost/go__binlog__testdata__mysql-bin.000070": 13,
    "go-mysql-org__go-mysql/replication__t__tcb-eval002c-bin.003320": 1,
    MYSQL41_V3_OLD: 5,
    "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.aurora-padding": 1,
    "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.checksum-crc32": 60,
    "osheroff__mysql-binlog-connector-java/src__test__resources__mysql-bin.checksum-none": 40,
    MYSQL57: 2,
    "rust-us__mysql-cdc-rs/tests__events__5.7__05_intvar__log.bin": 4,
    "rust-us__mysql-cdc-rs/tests__events__5.7__13_rand__log.bin": 4,
    "rust-us__mysql-cdc-rs/tests__events__5.7__14_user_var__log.bin": 4,
    "rust-us__mysql-cdc-rs/tests__events__5.7__16_xid__log.bin": 3,
    MYSQL57_LOAD: 1,
    "rust-us__mysql-cdc-rs/tests__events__5.7__19_table_map__log.bin": 3,
    "rust-us__mysql-cdc-rs/tests__events__5.7__29_row_query__log.bin": 3,
    "rust-us__mysql-cdc-rs/tests__events__5.7__30_write_rows_v2__log.bin": 3,
    "rust-us__mysql-cdc-rs/tests__events__5.7__31_update_rows_v2__log.bin": 1,
    "rust-us__mysql-cdc-rs/tests__events__5.7__32_delete_rows_v2__log.bin": 4,
    "rust-us__mysql-cdc-rs/tests__events__5.7__33_35_gtid_prev_gtid__log.bin": 3,
    "rust-us__mysql-cdc-rs/tests__events__5.7__34_anonymous_gtid__log.bin": 3,
    "rust-us__mysql-cdc-rs/tests__events__8.0__02_query__binlog.000001": 1,
    "rust-us__mysql-cdc-rs/tests__events__8.0__02_query_bigger__binlog.000733": 11,
    "rust-us__mysql-cdc-rs/tests__events__8.0__19_30_Table_map_event_Write_rows_log_event__"
    "binlog.000018": 3,
    "rust-us__mysql-cdc-rs/tests__events__8.0__31_update_rows_v2__binlog.000001": 4,
    "rust-us__mysql-cdc-rs/tests__events__8.0__32_delete_rows_v2__binlog.000001": 5,
    "rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000693": 663,
    "rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000694": 418,
    "zendesk__maxwell/src__test__resources__sql__replay__binlog.000004": 21,
}


def corpus_file(relpath: str) -> Path:
    path = CORPUS / relpath
    if not path.is_file():
        pytest.skip(f"{relpath} is not in the corpus")
    return path


def events_of_type(relpath: str, type_code: int) -> list[Any]:
    """Every event of one type in a corpus file, each checked to have a decoded body."""
    found = [ev for ev in read_events(corpus_file(relpath)) if ev.type_code == type_code]
    for ev in found:
        assert ev.body is not None, f"{relpath} at {ev.pos}: {ev.decode_error}"
    return found


def query_at(relpath: str, pos: int) -> Any:
    """The body of the QUERY_EVENT that starts at ``pos``."""
    for ev in events_of_type(relpath, QUERY_EVENT):
        if ev.pos == pos:
            return ev.body
    raise AssertionError(f"no QUERY_EVENT at {pos} in {relpath}")


def code_name(code: Any) -> str:
    """Enum member name of a status-variable code, ``code#N`` for a code the spec lacks."""
    return str(getattr(code, "name", f"code#{code}"))


def status_vars(body: Any) -> dict[str, Any]:
    """Status-variable values by enum name, in the order the server wrote them."""
    if not body.has_status_vars:
        return {}
    return {code_name(entry.code): entry.value for entry in body.status_vars.entries}


def charset_triplet(value: Any) -> tuple[int, int, int]:
    return (value.character_set_client, value.collation_connection, value.collation_server)


def test_mysql57_first_query() -> None:
    # mariadb-binlog: "# at 219 ... Query thread_id=12 exec_time=0 error_code=0",
    # use `default`, sql_mode=1436549152, character_set_client=utf8mb3 (33),
    # collation_connection=33, collation_server=45.
    body = query_at(MYSQL57, 219)
    assert (body.thread_id, body.exec_time, body.error_code) == (12, 0, 0)
    assert body.schema == "default"
    assert body.schema_terminator == 0
    assert body.query == b"DROP TABLE IF EXISTS `boxercrab` /* generated by server */"
    sv = status_vars(body)
    assert list(sv) == ["flags2", "sql_mode", "catalog_nz", "charset", "updated_db_names"]
    assert sv["flags2"].flags == 0
    assert not sv["flags2"].is_no_foreign_key_checks
    assert sv["sql_mode"].modes.value == 1436549152
    assert sv["sql_mode"].is_strict_trans_tables
    assert sv["sql_mode"].is_only_full_group_by
    assert not sv["sql_mode"].is_ansi_quotes
    assert sv["catalog_nz"].value == "std"
    assert charset_triplet(sv["charset"]) == (33, 33, 45)
    assert sv["updated_db_names"].num_names == 1
    assert sv["updated_db_names"].names == ["default"]


def test_mysql41_v3_queries_have_no_status_vars() -> None:
    # Binlog v3 (START_EVENT_V3, MySQL 4.1.26): 11-byte post-header, no status variables.
    bodies = {ev.pos: ev.body for ev in events_of_type(MYSQL41_V3, QUERY_EVENT)}
    assert sorted(bodies) == [79, 170, 233, 294]
    first = bodies[79]
    assert not first.has_status_vars
    assert (first.thread_id, first.exec_time, first.error_code) == (1, 0, 0)
    assert first.schema == "test"
    assert first.query == b"create table t1 (a int primary key, b int) engine=innodb"
    assert (bodies[170].thread_id, bodies[170].query) == (6, b"insert into t1 values (1, 1)")
    assert bodies[233].exec_time == 1
    assert bodies[233].query == b"update t1 set a=a+b, b=b+a"


def test_mysql41_v3_old_version_file() -> None:
    body = query_at(MYSQL41_V3_OLD, 79)
    assert not body.has_status_vars
    assert (body.thread_id, body.schema) == (1, "test")
    assert body.query == b"CREATE TABLE t1 (a int, b char(50)) ENGINE = MyISAM"


def test_mariadb55_first_query() -> None:
    # mariadb-binlog: thread_id=1, use `test`, sql_mode=0, character_set_client=utf8mb3,
    # collation_connection=33, collation_server=8.
    body = query_at(MARIADB55, 245)
    assert (body.thread_id, body.exec_time, body.error_code) == (1, 0, 0)
    assert body.schema == "test"
    assert body.query == b"create table t1 (a int primary key, b int) engine=InnoDB"
    sv = status_vars(body)
    assert list(sv) == ["flags2", "sql_mode", "catalog_nz", "charset"]
    assert sv["sql_mode"].modes.value == 0
    assert charset_triplet(sv["charset"]) == (33, 33, 8)


def test_mariadb105_file_has_no_query_events() -> None:
    # MariaDB 10.5 opens transactions with GTID events and logs this file's changes as rows:
    # the file has no QUERY_EVENT at all (its types are 15 16 19 23 160-163).
    assert events_of_type(MARIADB105, QUERY_EVENT) == []


def test_mysql50_flags2_auto_is_null() -> None:
    # MySQL 5.0.91: sql_auto_is_null=1 is the 5.0 default, so flags2 = OPTION_AUTO_IS_NULL.
    body = query_at(MYSQL50, 98)
    assert (body.thread_id, body.schema, body.query) == (3, "ybinlogp", b"CREATE DATABASE ybinlogp")
    sv = status_vars(body)
    assert sv["flags2"].flags == 0x4000
    assert sv["flags2"].is_auto_is_null
    assert charset_triplet(sv["charset"]) == (8, 8, 8)


def test_mysql80_mysql_only_status_vars() -> None:
    body = query_at(MYSQL80_JSON, 235)
    assert (body.thread_id, body.schema) == (8, "")
    assert body.query.startswith(b"ALTER USER 'root'@'localhost' IDENTIFIED WITH")
    sv = status_vars(body)
    assert list(sv) == [
        "flags2",
        "sql_mode",
        "catalog_nz",
        "charset",
        "time_zone",
        "invoker",
        "updated_db_names",
        "microseconds",
        "ddl_logged_with_xid",
        "default_collation_for_utf8mb4",
    ]
    assert sv["sql_mode"].modes.value == 1168113696
    assert charset_triplet(sv["charset"]) == (255, 255, 255)
    assert sv["time_zone"].value == "SYSTEM"
    assert (sv["invoker"].user, sv["invoker"].host) == ("root", "localhost")
    assert sv["updated_db_names"].names == ["mysql"]
    assert sv["microseconds"] == 669125
    assert sv["ddl_logged_with_xid"].value == 3
    assert sv["default_collation_for_utf8mb4"] == 255


def test_mysql80_table_map_for_update() -> None:
    sv = status_vars(query_at(MYSQL80_JSON, 2468))
    assert sv["table_map_for_update"].bitmap == b"\x01" + bytes(7)


def test_mysql96_updated_db_names_over_max() -> None:
    # 254 = OVER_MAX_DBS_IN_EVENT_MTS: the count is not followed by names.
    body = query_at(MYSQL96_TAG, 328)
    assert (body.thread_id, body.schema, body.query) == (11, "test", b"BEGIN")
    names = status_vars(body)["updated_db_names"]
    assert names.num_names == 254
    assert names.is_over_max


def test_execute_load_query_header() -> None:
    # mariadb-binlog: "Execute_load_query thread_id=23", "# file_id: 1", and the statement
    # with the clause between the two offsets rewritten to its local file name.
    (ev,) = events_of_type(MYSQL57_LOAD, EXECUTE_LOAD_QUERY_EVENT)
    body = ev.body
    assert ev.pos == 339
    assert body.thread_id == 23
    elq = body.execute_load_query
    assert (elq.file_id, elq.start_pos, elq.end_pos) == (1, 9, 37)
    assert elq.dup_handling.name == "error"
    assert body.query[: elq.start_pos] == b"LOAD DATA"
    assert body.query[elq.start_pos : elq.end_pos] == b" INFILE '/tmp/data.txt' INTO"


@pytest.mark.parametrize(("relpath", "count"), sorted(QUERY_EVENT_COUNTS.items()))
def test_every_query_event_parses(relpath: str, count: int) -> None:
    bodies = [ev.body for ev in events_of_type(relpath, QUERY_EVENT)]
    assert len(bodies) == count
    for body in bodies:
        assert body.schema_terminator == 0
        assert body.query
        if body.has_status_vars:
            codes = [code_name(entry.code) for entry in body.status_vars.entries]
            assert not [c for c in codes if c.startswith("code#")], codes
            assert codes[:2] == ["flags2", "sql_mode"]
