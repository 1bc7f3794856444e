"""What ``events`` shows of each event: its description (the ``Info`` column of ``SHOW
BINLOG EVENTS``) and its ``--json`` data, against a real server and the committed schema
(tests/fixtures/events_json_schema.json, documented in docs/events-json.md)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
from json.encoder import encode_basestring_ascii
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai.cli import event_json, event_json_text, event_line, main
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event import DECODE_ERRORS, Event
from binlog_kaitai.render import Compiled, Parsed, describe, event_data, parse, to_jsonable
from binlog_kaitai.stream import read_events
from tests.conftest import CORPUS, FIXTURES, check_mutations, corpus
from tools.crosscheck import default_files
from tools.mariadb_sandbox import MariaDBSandbox, SandboxError, find_program

SCHEMA = json.loads((FIXTURES / "events_json_schema.json").read_text())
MARIADB = FIXTURES / "mariadb"
HEX = re.compile(r"^[0-9a-f]*$")
TYPES = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
    "hex": lambda v: isinstance(v, str) and HEX.match(v) is not None,
    "bool": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def problems(value: Any, spec: Any, where: str) -> list[str]:
    """Where ``value`` departs from ``spec`` (the notation of the schema's $comment)."""
    if isinstance(spec, str) and spec.startswith("#"):
        spec = SCHEMA["shapes"][spec[1:]]
    if isinstance(spec, str):
        ok = any(TYPES[name](value) for name in spec.split("|"))
        return [] if ok else [f"{where}: {value!r} is not {spec}"]
    if isinstance(spec, list):
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [p for i, v in enumerate(value) for p in problems(v, spec[0], f"{where}[{i}]")]
    if "oneOf" in spec:
        ok = any(not problems(value, s, where) for s in spec["oneOf"])
        return [] if ok else [f"{where}: {value!r} is none of {spec['oneOf']}"]
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not an object"]
    keys = {k.rstrip("?"): k for k in spec if k != "*"}
    found = [f"{where}: no {k}" for k, s in keys.items() if not s.endswith("?") and k not in value]
    for k, v in value.items():
        if k in keys:
            found += problems(v, spec[keys[k]], f"{where}.{k}")
        elif "*" in spec:
            found += problems(v, spec["*"], f"{where}.{k}")
        else:
            found.append(f"{where}: unexpected key {k}")
    return found


def data_problems(ev: Event) -> list[str]:
    events = SCHEMA["events"]
    spec = events.get(ev.type_name, events["*"])
    data = event_data(ev)
    json.dumps(data)  # plain JSON types only
    return problems(data, spec, f"{ev.file}@{ev.pos} {ev.type_name}")


def real_binlogs() -> list[Path]:
    """Every real binlog of the fixtures and of the shared corpus."""
    names = ("binlog.0*", "relay-bin.0*")
    fixtures = sorted(p for name in names for p in MARIADB.rglob(name))
    shared = sorted(p for p in CORPUS.glob("*/*") if p.suffix != ".md")
    return fixtures + shared


@pytest.mark.parametrize("path", real_binlogs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_event_data_matches_schema(path: Path) -> None:
    """Each event's data has its type's keys with their types: numbers as numbers, no
    lengths, terminators, padding or 64-bit halves (no key the schema does not list)."""
    found: list[str] = []
    try:
        for ev in read_events(path):
            found += data_problems(ev)
    except BinlogError:
        pass  # a damaged file: its events up to the damage were checked
    assert found == []


NO_INFO = frozenset({"STOP_EVENT", "START_ENCRYPTION_EVENT", "UNKNOWN_EVENT"})
"""Event types the servers list without a description."""


@pytest.mark.parametrize("path", real_binlogs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_event_is_described(path: Path) -> None:
    """Every event but those the servers leave blank has a description (GTID, GTID_LIST,
    PREVIOUS_GTIDS, BINLOG_CHECKPOINT, INTVAR, USER_VAR... had none); an empty
    PREVIOUS_GTIDS set is blank, as MySQL shows it."""
    blank = []
    try:
        for ev in read_events(path):
            empty_set = ev.type_name == "PREVIOUS_GTIDS_LOG_EVENT" and (
                event_data(ev)["gtid_set"] == "")
            if not describe(ev) and ev.type_name not in NO_INFO and not empty_set:
                blank.append((ev.pos, ev.type_name))
    except BinlogError:
        pass  # a damaged file: its events up to the damage were checked
    assert blank == []


def events_of(path: Path) -> list[Event]:
    return list(read_events(path))


def first(events: list[Event], type_name: str) -> Event:
    return next(ev for ev in events if ev.type_name == type_name)


# -- the findings of issue 24 --------------------------------------------------------------


def test_type_gtid_shows_the_gtids(capsys: pytest.CaptureFixture[str]) -> None:
    """``events --type gtid`` shows each GTID (it showed nothing)."""
    assert main(["events", "--type", "gtid", str(MARIADB / "mixed" / "binlog.000001")]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "GTID_EVENT" in line]
    assert lines[0].endswith("GTID 0-1-1")
    assert lines[3].endswith("BEGIN GTID 0-1-4")
    assert all(re.search(r"GTID 0-1-\d+$", line) for line in lines)


def test_events_json_of_intvar_user_var_and_table_map(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``events --json`` as users met it: INSERT_ID=4 was ``"0400000000000000"``, the
    variable ``who`` was ``"77686f"``, a table id ``{"low": 18, "high": 0}``."""
    path = str(MARIADB / "mixed" / "binlog.000001")
    assert main(["events", "--json", "--type", "intvar,user_var,table_map", path]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_type = {r["type"]: r for r in reversed(records)}  # the first of each type
    assert by_type["INTVAR_EVENT"]["data"] == {"type": "insert_id", "value": 4}
    assert by_type["INTVAR_EVENT"]["info"] == "INSERT_ID=4"
    assert by_type["USER_VAR_EVENT"]["data"]["name"] == "who"
    assert by_type["TABLE_MAP_EVENT"]["data"]["table_id"] == 18


def test_mariadb_file_level_events() -> None:
    """GTID_LIST is the state at the file's start: here the previous file's last GTID."""
    last = [ev for ev in events_of(MARIADB / "mixed" / "binlog.000001")
            if ev.type_name == "GTID_EVENT"][-1]
    assert describe(last) == "BEGIN GTID 0-1-24"
    events = events_of(MARIADB / "mixed" / "binlog.000002")
    assert describe(first(events, "GTID_LIST_EVENT")) == "[0-1-24]"
    assert event_data(first(events, "GTID_LIST_EVENT")) == {"gtid_list": "0-1-24", "flags": 0}
    checkpoint = first(events, "BINLOG_CHECKPOINT_EVENT")
    assert describe(checkpoint) == "binlog.000001"
    assert event_data(checkpoint) == {"binlog_file_name": "binlog.000001"}


def test_intvar_and_user_var() -> None:
    """INTVAR's value was the hex of its 8 bytes, USER_VAR's name and value too."""
    events = events_of(MARIADB / "mixed" / "binlog.000001")
    intvar = [ev for ev in events if ev.type_name == "INTVAR_EVENT"]
    assert [describe(ev) for ev in intvar[:3]] == [
        "INSERT_ID=4", "LAST_INSERT_ID=4", "INSERT_ID=1"]
    assert event_data(intvar[0]) == {"type": "insert_id", "value": 4}
    who, how_many = [ev for ev in events if ev.type_name == "USER_VAR_EVENT"]
    assert describe(who) == "@`who`=_utf8mb3 X'706C756D' COLLATE utf8mb3_general_ci"
    assert event_data(who) == {"name": "who", "is_null": False, "value_type": "string_result",
                               "charset": 33, "is_unsigned": False, "value": "plum"}
    assert describe(how_many) == "@`how_many`=7"
    assert event_data(how_many)["value"] == 7


def test_table_map_and_rows_data() -> None:
    """Table ids are one number (they were {"low", "high"}), names have no terminator."""
    events = events_of(MARIADB / "mixed" / "binlog.000001")
    table_map = event_data(first(events, "TABLE_MAP_EVENT"))
    assert table_map["table_id"] == 18
    assert (table_map["schema_name"], table_map["table_name"]) == ("shop", "items")
    assert table_map["column_types"] == ["long", "varchar", "long", "newdecimal", "datetime2"]
    assert table_map["metadata"][3] == {"precision": 10, "scale": 2}
    assert "schema_name_terminator" not in table_map and "len_schema_name" not in table_map
    rows = event_data(first(events, "WRITE_ROWS_EVENT_V1"))
    assert (rows["table_id"], rows["flags"], rows["num_columns"]) == (18, ["stmt_end"], 5)


def test_query_data_and_use() -> None:
    """The statement as text; no ``use`` where the server says the statement needs none."""
    events = events_of(MARIADB / "mixed" / "binlog.000001")
    create = first(events, "QUERY_EVENT")
    assert describe(create) == "CREATE DATABASE shop"
    data = event_data(create)
    assert data["query"] == "CREATE DATABASE shop" and data["schema"] == "shop"
    assert data["status_vars"]["catalog_nz"] == "std"
    assert "schema_terminator" not in data and "len_status_vars" not in data
    commits = [ev for ev in events if ev.type_name == "QUERY_EVENT"
               and event_data(ev)["query"] == "COMMIT"]
    assert commits and all(describe(ev) == "COMMIT" for ev in commits)


def test_mariadb_xa() -> None:
    events = events_of(MARIADB / "gtid" / "binlog.000001")
    xa = [describe(ev) for ev in events if ev.type_name in ("GTID_EVENT", "XA_PREPARE_LOG_EVENT")
          and "XA" in describe(ev)]
    assert xa[:2] == ["XA START X'677472696431',X'627131',123 GTID 0-1-7",
                      "XA PREPARE X'677472696431',X'627131',123"]
    prepare = first(events, "XA_PREPARE_LOG_EVENT")
    assert event_data(prepare) == {"one_phase": False, "format_id": 123,
                                   "gtrid": b"gtrid1".hex(), "bqual": b"bq1".hex()}


def test_mysql_gtids() -> None:
    events = events_of(corpus("EasyPost__rust-mysql-binlog/test_data__bin-log.000001"))
    uuid = "87cee3a4-6b31-11e7-bdfd-0d98d6698870"
    assert describe(first(events, "PREVIOUS_GTIDS_LOG_EVENT")) == f"{uuid}:1-14916"
    gtid = first(events, "GTID_LOG_EVENT")
    assert describe(gtid) == f"SET @@SESSION.GTID_NEXT= '{uuid}:14917'"
    assert event_data(gtid) == {"gtid": f"{uuid}:14917", "uuid": uuid, "gno": 14917,
                                "flags": 1, "may_have_sbr": True, "last_committed": 0,
                                "sequence_number": 1}
    anonymous = first(events_of(corpus("Meituan-Dianping__MyFlash/testbinlog__haha.000008")),
                      "ANONYMOUS_GTID_LOG_EVENT")
    assert describe(anonymous) == "SET @@SESSION.GTID_NEXT= 'ANONYMOUS'"
    tagged = first(events_of(corpus(
        "blackbeam__rust_mysql_common/test-data__binlogs__binlog_transaction_with_GTID_TAG"
        ".000001")), "GTID_TAGGED_LOG_EVENT")
    text = "55778904-0299-11f1-b1b8-4ef0c4956feb:mytag:3"
    assert describe(tagged) == f"SET @@SESSION.GTID_NEXT= '{text}'"
    data = event_data(tagged)
    assert (data["gtid"], data["tag"], data["gno"]) == (text, "mytag", 3)
    assert data["immediate_server_version"] == 90600


def test_mysql_user_vars() -> None:
    """MySQL 5.7 calls utf8mb3 ``utf8``; a DECIMAL keeps its scale."""
    events = events_of(corpus("rust-us__mysql-cdc-rs/tests__events__5.7__14_user_var__log.bin"))
    user_vars = [ev for ev in events if ev.type_name == "USER_VAR_EVENT"]
    assert [describe(ev) for ev in user_vars] == [
        "@`val_s`=_utf8 X'7465737420626C6F67' COLLATE utf8_general_ci",
        "@`val_i`=100", "@`val_d`=1.00"]
    assert [event_data(ev)["value"] for ev in user_vars] == ["test blog", 100, "1.00"]


def test_mysql_statement_parts() -> None:
    rows_query = first(events_of(corpus("rust-us__mysql-cdc-rs/tests__events__5.7__29_row_query"
                                        "__log.bin")), "ROWS_QUERY_LOG_EVENT")
    assert describe(rows_query) == "# INSERT INTO `boxercrab` (`title`) VALUES ('hahhhhhhhhh')"
    payload = first(events_of(corpus("apecloud__mysql-binlog-connector-rust/tests__parse_file"
                                     "_tests__mysql-bin.000057")), "TRANSACTION_PAYLOAD_EVENT")
    assert describe(payload) == "compression='ZSTD', decompressed_size=214 bytes"
    data = event_data(payload)
    assert (data["compression_type"], data["uncompressed_size"], data["payload_size"]) == (
        "zstd", 214, 161)


def test_undecodable_body_keeps_raw() -> None:
    ev = next(ev for ev in read_events(FIXTURES / "fuzz" / "rotate_name_not_utf8.bin")
              if ev.decode_error)
    data = event_data(ev)
    assert data == {"raw": ev.raw.hex(), "decode_error": ev.decode_error}
    assert data["decode_error"].startswith("UnicodeDecodeError")
    assert describe(ev).startswith("undecodable body: UnicodeDecodeError")


# -- live: SHOW BINLOG EVENTS of a fresh server --------------------------------------------

LIVE_SQL = """
CREATE DATABASE shop;
USE shop;
CREATE TABLE items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40), qty INT);
CREATE TABLE audit (id INT AUTO_INCREMENT PRIMARY KEY, note TEXT) ENGINE=MyISAM;
CREATE DATABASE `we``ird`;
CREATE TABLE `we``ird`.t (id INT PRIMARY KEY);
SET SESSION binlog_format = 'STATEMENT';
INSERT INTO items (name, qty) VALUES ('pear', 5);
INSERT INTO audit (note) VALUES (CONCAT('after item ', LAST_INSERT_ID()));
INSERT INTO audit (note) VALUES (CONCAT('lucky ', FLOOR(RAND() * 1000)));
SET @who = 'plum', @how_many = 7, @neg = -42, @big = 18446744073709551615, @n = NULL,
    @l = _latin1 'caf\\xe9', @b = X'00ff', @e = '', @q = 'it''s', @s4 = _utf8mb4 'h€llo',
    @d = 123.4500, @dn = -0.5, @dz = 0.000, @db = -12345678901234567890.123456789,
    @r1 = 1.5e20, @r2 = 0.1, @r3 = 1e-7, @r4 = 3.141592653589793, @r5 = 1e300,
    @r6 = -2.5, @r7 = 1.5e10, @r8 = 0e0, @r9 = 1/3e0, @r10 = 123456789012345678e0;
INSERT INTO audit (note) VALUES (CONCAT_WS(',', @who, @how_many, @neg, @big, @n, @l, HEX(@b), @e,
    @q, @s4, @d, @dn, @dz, @db, @r1, @r2, @r3, @r4, @r5, @r6, @r7, @r8, @r9, @r10));
SELECT 'a' INTO OUTFILE '{files}/x.tsv';
LOAD DATA INFILE '{files}/x.tsv' INTO TABLE audit (note);
SET SESSION binlog_format = 'ROW';
BEGIN;
INSERT INTO items (name, qty) VALUES ('kiwi', 9);
UPDATE items SET qty = qty - 1;
DELETE FROM items WHERE name = 'kiwi';
COMMIT;
XA START 'abcz', 'ef', 7;
INSERT INTO items (name, qty) VALUES ('mango', 2);
XA END 'abcz', 'ef', 7;
XA PREPARE 'abcz', 'ef', 7;
XA COMMIT 'abcz', 'ef', 7;
XA START 'x1';
INSERT INTO items (name, qty) VALUES ('fig', 2);
XA END 'x1';
XA PREPARE 'x1';
XA ROLLBACK 'x1';
INSERT INTO audit (note) VALUES ('myisam row');
SET SESSION binlog_alter_two_phase = 1;
ALTER TABLE items ADD COLUMN w INT;
FLUSH BINARY LOGS;
SET SESSION gtid_domain_id = 5;
INSERT INTO items (name, qty) VALUES ('orange', 4);
DROP TABLE audit;
"""

FAILED_ALTER = """
CREATE TABLE shop.dup (i INT PRIMARY KEY, v INT);
INSERT INTO shop.dup VALUES (1, 1), (2, 1);
SET SESSION binlog_alter_two_phase = 1;
ALTER TABLE shop.dup ADD UNIQUE (v);
"""
"""A two-phase ALTER that fails: logged as START ALTER, then ROLLBACK ALTER."""

_BATCH_ESCAPES = {"\\n": "\n", "\\t": "\t", "\\0": "\0", "\\\\": "\\"}


def server_listing(db: MariaDBSandbox, path: Path) -> dict[int, tuple[str, str]]:
    """SHOW BINLOG EVENTS of one file: position -> (event type, Info), the client's batch
    escapes undone."""
    listing = {}
    for line in db.sql(f"SHOW BINLOG EVENTS IN '{path.name}'").splitlines():
        _log, pos, event_type, _server, _end, info = line.split("\t", 5)
        info = re.sub(r"\\[nt0\\]", lambda m: _BATCH_ESCAPES[m.group()], info)
        listing[int(pos)] = (event_type, info)
    return listing


LIVE_OPTIONS = {
    "crc32": {"binlog_format": "MIXED", "binlog_checksum": "CRC32"},
    "compressed": {"binlog_format": "MIXED", "binlog_checksum": "NONE",
                   "log_bin_compress": True, "log_bin_compress_min_len": 10,
                   "binlog_row_metadata": "FULL", "binlog_annotate_row_events": False},
}


def compare_with_server(db: MariaDBSandbox) -> tuple[list[str], list[Any]]:
    """The types of the events of every binlog of ``db`` (after a FLUSH), and where our
    description differs from SHOW BINLOG EVENTS' Info or the data from the schema."""
    db.flush_logs()
    types, differ = [], []
    for path in db.binlog_paths():
        listing = server_listing(db, path)
        for ev in read_events(path):
            event_type, info = listing[ev.pos]
            types.append(ev.type_name)
            if describe(ev) != info:
                differ.append((path.name, ev.pos, event_type, info, describe(ev)))
            differ += [(path.name, ev.pos, p) for p in data_problems(ev)]
    return types, differ


needs_mariadbd = pytest.mark.skipif(find_program("mariadbd") is None,
                                    reason="mariadbd not installed")


@pytest.mark.live
@needs_mariadbd
@pytest.mark.parametrize("options", LIVE_OPTIONS.values(), ids=LIVE_OPTIONS.keys())
def test_descriptions_are_the_servers(options: dict[str, Any]) -> None:
    """Every event's description is the Info column of the server's SHOW BINLOG EVENTS:
    GTIDs (BEGIN, standalone, XA, two-phase ALTER committed and rolled back), GTID lists,
    checkpoints, INTVAR, RAND, USER_VAR of every type, statements with and without
    ``use``, LOAD DATA, rows, XA; compressed statements and rows in the second run. Every
    event's data fits the schema."""
    with MariaDBSandbox(options=options) as db:
        db.sql(LIVE_SQL.replace("{files}", str(db.files_dir)))
        with pytest.raises(SandboxError, match="Duplicate entry"):  # ROLLBACK ALTER
            db.sql(FAILED_ALTER)
        types, differ = compare_with_server(db)
    assert len(types) > 100 and differ == []
    compressed = "QUERY_COMPRESSED_EVENT" in types
    assert compressed == options.get("log_bin_compress", False)


@pytest.mark.live
@needs_mariadbd
def test_group_commit_ids_are_the_servers() -> None:
    """Two transactions committed together carry the group's commit id: ``BEGIN GTID
    0-1-3 cid=N``."""
    options = {"binlog_format": "ROW", "binlog_commit_wait_count": 2,
               "binlog_commit_wait_usec": 5_000_000}
    with MariaDBSandbox(options=options) as db:
        db.sql("CREATE DATABASE d; CREATE TABLE d.t (i INT PRIMARY KEY) ENGINE=InnoDB")
        clients = [subprocess.Popen(db.client_args(), stdin=subprocess.PIPE, text=True)
                   for _ in range(2)]
        for i, client in enumerate(clients):  # each commit waits for the other one
            assert client.stdin is not None
            client.stdin.write(f"INSERT INTO d.t VALUES ({i});\n")
            client.stdin.close()
        for client in clients:
            assert client.wait(timeout=60) == 0
        _, differ = compare_with_server(db)
        cids = [d for d in map(describe, read_events(db.binlog_paths()[0])) if "cid=" in d]
    assert differ == [] and len(cids) == 2


def spec_data(ev: Event) -> Any:
    """``event_data`` as the generic walk of the event's own body gives it (no compiled
    body, no data kept for shared bytes): the reference of the quick paths."""
    if ev.body is None:
        return {"raw": ev.raw.hex(), "decode_error": ev.decode_error}
    if isinstance(ev.body, (bytes, bytearray)):
        return {"raw": ev.body.hex()}
    try:
        return to_jsonable(ev.body, event=ev)
    except DECODE_ERRORS as exc:
        return {"raw": ev.raw.hex(), "decode_error": f"{type(exc).__name__}: {exc}"}


def check_quick_paths(data: bytes) -> int:
    """Each event of ``data`` (in stream order, so that data kept for shared bytes is
    reused) shown by ``events`` and ``events --json`` through :func:`parse` (compiled
    bodies) and ``event_json_text`` is what the spec's objects of the event give; how
    many events read by compiled readers."""
    events: list[Event] = []
    with contextlib.suppress(BinlogError):
        events.extend(read_events(io.BytesIO(data)))
    compiled = 0
    for ev in events:
        parsed = parse(ev)
        compiled += type(parsed.body) is Compiled
        own = Parsed(ev.body, ev.checksum_ok, ev.decode_error)
        assert parsed[1:] == own[1:], ev
        assert event_line(ev, parsed) == event_line(ev, own), ev
        expected = event_json(ev, "f\u00e9", own) | {"data": spec_data(ev)}
        assert event_json_text(ev, encode_basestring_ascii("f\u00e9"), parsed) == json.dumps(
            expected), ev
        assert event_data(ev, parsed) == expected["data"], ev
    return compiled


def quick_path_files() -> list[Path]:
    return [Path(p) for p in default_files()]


@pytest.mark.parametrize("path", quick_path_files(), ids=lambda p: "/".join(p.parts[-2:]))
def test_quick_paths_give_the_specs_output(path: Path) -> None:
    check_quick_paths(path.read_bytes())


def test_quick_paths_on_fuzzed_inputs() -> None:
    """The fuzzer's mutations of the real files (its CI seed), damage included; the
    compiled bodies are read (the MariaDB files' GTIDs, XIDs and ANNOTATE_ROWS)."""
    assert sum(check_mutations(default_files(), 150, 1, check_quick_paths)) > 100
