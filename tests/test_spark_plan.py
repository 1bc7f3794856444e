"""The Spark job's executor side without Spark: planning, transaction tracking, one split.

Every file here is a real binlog (tests/fixtures/mariadb, ../shared/corpus); the
references are the project's plain reader (read_events, iter_row_changes) and
mariadb-binlog's own text output.
"""

from __future__ import annotations

import itertools
import json
import pickle
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from binlog_kaitai.cli import main as cli_main
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.event_kinds import event_kind, query_kind
from binlog_kaitai.rows import iter_row_changes
from binlog_kaitai.stream import BinlogStream, read_events
from binlog_kaitai.tables import schemas, transactions
from binlog_kaitai.tables.changes import ROW_CHANGES_SCHEMA
from binlog_kaitai.tables.extract import (
    OPS,
    FailFast,
    SplitParser,
    fold_files,
    parse_splits,
)
from binlog_kaitai.tables.schemas import (
    PARSED,
    RECORDS,
    TABLES,
    ErrorsRecord,
    RowChangesRecord,
    column_names,
)
from binlog_kaitai.tables.splits import (
    OPEN_COST,
    FileInfo,
    Split,
    list_inputs,
    pack,
    parse_size,
    plan_file,
    task_weight,
    thaw,
)
from binlog_kaitai.transactions import WALK_BODIES, TransactionTracker
from tests.conftest import CORPUS, FIXTURES

MARIADB = FIXTURES / "mariadb"
BINLOGS = sorted(p for p in MARIADB.glob("*/binlog.[0-9]*"))
CORPUS_FILES = sorted(p for p in CORPUS.glob("*/*") if p.is_file())
ALL = BINLOGS + CORPUS_FILES


def info(path: Path) -> FileInfo:
    st = path.stat()
    return FileInfo(str(path), st.st_size, st.st_mtime)


def many_splits(path: Path) -> list[Split]:
    """The file cut before every transaction."""
    return plan_file(info(path), 1)


def exploded(parsed: Iterable[tuple[str, Any]]) -> Iterator[tuple[str, tuple]]:
    """A parse's records with each ``row_changes`` batch as one record per row, built by
    column name (so a batch whose columns are not the record's fields fails)."""
    for kind, values in parsed:
        if isinstance(values, pa.RecordBatch):
            assert kind == "row_changes" and values.schema == ROW_CHANGES_SCHEMA
            yield from ((kind, RowChangesRecord(**row)) for row in values.to_pylist())
        else:
            yield kind, values


def in_order(parsed: Iterable[tuple[str, Any]]) -> list[tuple[str, tuple]]:
    """Every record but the per-split statistics, which differ by construction, in parse
    order, a row change a record."""
    return [(k, v) for k, v in exploded(parsed) if k != "split_stats"]


def by_table(parsed: Iterable[tuple[str, Any]]) -> list[tuple[str, tuple]]:
    """:func:`in_order`'s records table by table, in parse order within each: each table
    is written apart, so only the order within one counts (where a split ends moves
    where a batch of row changes comes out among the other tables' records)."""
    return sorted(in_order(parsed), key=lambda record: record[0])


def records(splits: list[Split]) -> list[tuple[str, tuple]]:
    """:func:`by_table` of the splits' parse."""
    return by_table(parse_splits(splits))


def test_query_kind() -> None:
    assert query_kind(b"BEGIN") == "begin"
    assert query_kind(b"COMMIT") == "commit"
    assert query_kind(b"ROLLBACK") == "rollback"
    assert query_kind(b"ROLLBACK TO `before_audit`") == "statement"
    assert query_kind(b"XA START X'67',X'',1") == "xa_start"
    assert query_kind(b"XA COMMIT 'fixture-xa-1'") == "xa_commit"
    assert query_kind(b"XA END 'g'") == "statement"
    assert query_kind(b"/* comment */ CREATE TABLE t (id INT)") == "ddl"
    assert query_kind(b"  drop table x") == "ddl"
    assert query_kind(b"INSERT INTO t VALUES (1)") == "statement"
    assert query_kind(b"") == "statement"


def mariadb_binlog_groups(path: Path) -> list[tuple[str, int | None, bool]]:
    """(gtid, xid, ddl flag) per transaction, as mariadb-binlog prints them."""
    out = subprocess.run(["mariadb-binlog", str(path)], capture_output=True, text=True,
                         check=True).stdout
    groups: list[tuple[str, int | None, bool]] = []
    for line in out.splitlines():
        words = line.split("\t")[-1].split()
        if len(words) >= 2 and words[0] == "GTID":
            groups.append((words[1], None, "ddl" in words[2:]))
        elif len(words) == 3 and words[:2] == ["Xid", "="]:
            gtid, _, ddl = groups[-1]
            groups[-1] = (gtid, int(words[2]), ddl)
    return groups


MARIADB_READABLE = [p for p in BINLOGS if p.parent.name != "encrypted"]


@pytest.mark.skipif(shutil.which("mariadb-binlog") is None, reason="needs mariadb-binlog")
@pytest.mark.parametrize("path", MARIADB_READABLE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_transactions_match_mariadb_binlog(path: Path) -> None:
    """GTID, XID and DDL flag of every transaction, against the server's own tool."""
    trx = [v for k, v in records(plan_file(info(path), 1)) if k == "transactions"]
    assert [(t[0], t[11], t[15]) for t in trx] == mariadb_binlog_groups(path)
    assert all(t[16] is not None for t in trx)  # every group of a clean file is complete


def test_tracker_groups_the_mixed_fixture() -> None:
    """The commit kinds of the scenario's groups, in order (see its scenario.sql)."""
    kinds = []
    tracker = TransactionTracker()
    for ev in read_events(MARIADB / "mixed" / "binlog.000001"):
        step = tracker.step(ev.type_code, event_kind(ev.type_code, ev.body))
        if step.ends:
            kinds.append(step.commit_kind)
    assert kinds == [
        "ddl", "ddl", "ddl", "xid", "xid", "commit", "commit", "xid", "ddl", "commit", "xid",
        "ddl", "commit", "rollback", "commit", "xid", "xid", "xa_prepare", "xa_commit", "xid",
        "xid", "xid", "xid", "xid"]


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_header_walk_sees_every_event(path: Path) -> None:
    """The header-only walk finds the events read_events reads, at the same offsets."""
    expected = []
    try:
        for ev in read_events(path):
            expected.append((ev.pos, ev.type_code, event_kind(ev.type_code, ev.body)))
    except BinlogError:
        pass
    walked = []
    try:
        with BinlogStream(path, bodies=WALK_BODIES) as stream:
            for ev in stream.events(stream.first.next_pos):
                walked.append((ev.pos, ev.type_code, ev.kind))
    except BinlogError:
        pass
    assert walked == expected[1:]


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_split_parse_equals_whole_parse(path: Path) -> None:
    """Cut at transaction starts, the records are those of one whole-file parse."""
    whole = records(plan_file(info(path), 1 << 40))
    splits = many_splits(path)
    assert [s.index for s in splits] == list(range(len(splits)))
    assert records(splits) == whole


def test_splits_start_at_transactions_and_carry_the_schema() -> None:
    path = MARIADB / "mixed" / "binlog.000001"
    splits = plan_file(info(path), 1000)
    assert len(splits) > 4
    starts = {ev.pos: ev for ev in read_events(path)}
    create_items = next(p for p, ev in starts.items() if ev.type_name == "QUERY_EVENT"
                        and b"CREATE TABLE items" in ev.body.query_text)
    assert splits[0].schema is None
    for before, split in itertools.pairwise(splits):
        assert before.stop == split.start
        assert starts[split.start].type_name == "GTID_EVENT"
        assert split.schema is not None
        columns = thaw(split.schema).columns("shop", "items")
        if split.start > create_items:
            assert columns is not None
            assert [c.name for c in columns] == ["id", "name", "qty", "price", "added"]
        else:
            assert columns is None
    assert splits[-1].stop is None
    # while no DDL comes between two cuts, the splits share one snapshot
    assert len({id(s.schema) for s in splits[1:]}) < len(splits) - 1


def test_row_changes_of_a_late_split_have_names_from_earlier_ddl() -> None:
    """A task starting after `ALTER TABLE t.a ADD COLUMN w` names the new column."""
    path = MARIADB / "gtid" / "binlog.000001"
    last = plan_file(info(path), 1)[-1]
    changes = [v for k, v in exploded(parse_splits([last])) if k == "row_changes"]
    assert changes and all(c[4] is not None and set(json.loads(c[4])) == {"id", "v", "w"}
                           for c in changes)
    assert [c for k, c in records(plan_file(info(path), 1 << 40))
            if k == "row_changes"][-len(changes):] == changes


def canonical(image: Any) -> str | None:
    """A parsed JSON image as text again (numbers keep their kind: 1 is not 1.0)."""
    return None if image is None else json.dumps(image)


def compared(change: tuple[Any, ...]) -> tuple[Any, ...]:
    """A ``row_changes`` record but its ``xid``, the images parsed (:func:`canonical`)."""
    before, after = (canonical(None if i is None else json.loads(i)) for i in change[3:5])
    return (*change[:3], before, after, *change[5:12], change[13])


def rows_json(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    """The objects ``binlog-kaitai rows --json`` prints for a file (those it could
    decode, when the file is damaged)."""
    cli_main(["rows", "--json", str(path)])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_row_changes_equal_the_plain_decoder(path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The parse's ``row_changes`` of every real file, cut before every transaction:
    the plain decoder's changes, their ``before`` and ``after`` the JSON objects
    ``rows --json`` prints for the same change; the same with every rows event the
    columnar decoder may take decoded by it (the images written by the text kernel)."""
    ours = [compared(v) for k, v in records(many_splits(path)) if k == "row_changes"]
    assert ours == [compared(v) for k, v in by_table(
        record for split in many_splits(path)
        for record in SplitParser(split, min_group_bytes=0).records()) if k == "row_changes"]
    expected = []
    try:
        for c in iter_row_changes(path):
            expected.append((OPS[c.op], c.schema, c.table, c.pk, str(path), c.pos,
                             c.inner_pos, c.row, c.server_id, c.gtid,
                             datetime.fromtimestamp(c.timestamp, UTC)))
    except BinlogError:
        pass
    printed = rows_json(capsys, path)
    assert [(line["pos"], line["inner_pos"], line["row"]) for line in printed] == [
        (c[5], c[6], c[7]) for c in expected]
    assert ours == [(*c[:3], canonical(line["before"]), canonical(line["after"]), *c[3:])
                    for c, line in zip(expected, printed, strict=True)]


def test_xid_of_row_changes_in_a_compressed_transaction() -> None:
    """MySQL 8 TRANSACTION_PAYLOAD: the XID is inside the payload, after the rows."""
    path = (CORPUS / "osheroff__mysql-binlog-connector-java"
            / "src__test__resources__mysql-bin.compressed")
    if not path.exists():
        pytest.skip("corpus missing")
    recs = records(plan_file(info(path), 1))
    (trx,) = [v for k, v in recs if k == "transactions"]
    xids = [ev.body.xid.value for ev in read_events(path, expand_payloads=True)
            if ev.type_name == "XID_EVENT"]
    assert trx[11] == xids[0] == 31
    changes = [v for k, v in recs if k == "row_changes"]
    assert changes and {c[12] for c in changes} == {31} and {c[8] for c in changes} == {158}
    assert trx[13] == len(changes) and trx[14] == ["demo.movies"] and trx[16] == "xid"


@pytest.mark.parametrize("path", [MARIADB / "mixed" / "binlog.000001",
                                  MARIADB / "alltypes_full" / "binlog.000001",
                                  CORPUS / "osheroff__mysql-binlog-connector-java"
                                  / "src__test__resources__mysql-bin.compressed"],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_xids_held_equal_xids_looked_up(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A transaction's changes wait for its XID (HOLD_BYTES); with nothing held, the XID
    is looked up ahead. Both give each change the XID that commits its transaction."""
    if not path.exists():
        pytest.skip("corpus missing")
    held = records(plan_file(info(path), 1 << 40))
    monkeypatch.setattr(transactions, "HOLD_BYTES", 0)
    looked_up = records(plan_file(info(path), 1 << 40))
    changes = [v for k, v in held if k == "row_changes"]
    assert changes == [v for k, v in looked_up if k == "row_changes"]
    assert [r for r in held if r[0] != "row_changes"] == [
        r for r in looked_up if r[0] != "row_changes"]
    xids = [ev.body.xid.value for ev in read_events(path, expand_payloads=True)
            if ev.type_name == "XID_EVENT"]
    committed = [v for k, v in held if k == "transactions" and v[16] == "xid"]
    assert xids and [t[11] for t in committed] == xids
    # each change in the byte range of an XID-committed transaction carries its XID
    in_committed = [(c, t[11]) for c in changes for t in committed if t[7] <= c[7] < t[8]]
    assert in_committed and all(c[12] == xid for c, xid in in_committed)


def test_damaged_files_end_their_split_with_an_error(tmp_path: Path) -> None:
    cut = tmp_path / "cut.000001"
    data = (MARIADB / "mixed" / "binlog.000001").read_bytes()
    cut.write_bytes(data[:5000])
    with pytest.raises(BinlogError) as raised:
        list(read_events(cut))
    recs = list(SplitParser(plan_file(info(cut), 1 << 40)[0]).records())
    errors = [v for k, v in recs if k == "errors"]
    assert errors == [(str(cut), raised.value.offset, "WRITE_ROWS_EVENT_V1",
                       raised.value.message, errors[0][4])]
    stats = recs[-1][1]
    assert recs[-1][0] == "split_stats" and stats[8:11] == (
        "truncated", raised.value.offset, raised.value.message)
    # the transaction cut short is still reported, without a commit
    assert [v[16] for k, v in recs if k == "transactions"][-1] is None


def test_plan_leaves_small_and_non_binlog_files_whole(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_bytes(b"not a binlog\n" * 1000)
    assert plan_file(info(text), 10) == [Split(info(text), 0, 1, None, None)]
    small = MARIADB / "mixed" / "binlog.000002"
    assert plan_file(info(small), 1 << 20) == [Split(info(small), 0, 1, None, None)]


def test_inputs_named_by_uri_are_listed_and_read_through_pyarrow(tmp_path: Path) -> None:
    """file:// goes through pyarrow.fs, as s3://, gs:// or hdfs:// would: the same
    listing and the same records as plain paths, with the URI as the file's name."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    mixed = MARIADB / "mixed" / "binlog.000001"
    (tmp_path / "a" / "binlog.000001").write_bytes(mixed.read_bytes())
    (tmp_path / "a" / "b" / "binlog.000002").write_bytes(
        (MARIADB / "mixed" / "binlog.000002").read_bytes())
    (tmp_path / "a" / "b" / "cut.000003").write_bytes(mixed.read_bytes()[:5000])
    (tmp_path / "a" / ".hidden").write_bytes(b"x")
    root = f"file://{tmp_path}/a"
    listed, unmatched = list_inputs([root, f"{root}/**/binlog.*", f"{root}/none*"])
    assert [f.path for f in listed] == [f"{root}/b/binlog.000002", f"{root}/b/cut.000003",
                                        f"{root}/binlog.000001"]
    assert unmatched == [f"{root}/none*"]
    assert [f.path for f in list_inputs([f"{root}/*/binlog.*"])[0]] == [
        f"{root}/b/binlog.000002"]
    for remote in listed:
        local = info(Path(remote.path.removeprefix("file://")))
        assert remote.size == local.size and remote.mtime == pytest.approx(local.mtime, abs=1e-5)
        expected = [(k, tuple(remote.path if v == local.path else v for v in values))
                    for k, values in records(many_splits(Path(local.path)))]
        assert records(plan_file(remote, 1)) == expected
    missing = FileInfo(f"{root}/missing.000001", 10, 0.0)
    stats = [v for k, v in parse_splits(plan_file(missing, 1)) if k == "split_stats"]
    assert stats[0][8:10] == ("corrupt", 0) and stats[0][10].startswith("cannot open: ")
    with pytest.raises(BinlogError) as raised:
        list(read_events(tmp_path / "a" / "b" / "cut.000003"))
    errors = [v for k, v in records(plan_file(listed[1], 1 << 40)) if k == "errors"]
    assert [e[:4] for e in errors] == [(f"{root}/b/cut.000003", raised.value.offset,
                                        "WRITE_ROWS_EVENT_V1", raised.value.message)]


def test_pack_and_sizes(tmp_path: Path) -> None:
    mib = 1 << 20
    files = [FileInfo(f"/x/{i}", size * mib, 0.0) for i, size in enumerate([1, 1, 100, 1])]
    splits = [Split(f, 0, 1, None, None) for f in files]
    # heaviest first; each split weighs its bytes plus OPEN_COST
    assert [[s.path for s in b] for b in pack(splits, 64 * mib)] == [
        ["/x/2"], ["/x/0", "/x/1"], ["/x/3"]]
    assert task_weight(splits[:2]) == 2 * mib + 2 * OPEN_COST
    # sixty 1.1 MB files are not one 64 MiB task but five
    small = [Split(FileInfo(f"/s/{i:02}", 1_100_000, 0.0), 0, 1, None, None)
             for i in range(60)]
    assert [len(b) for b in pack(small, 64 * mib)] == [12] * 5
    assert parse_size("64m") == 64 << 20 and parse_size("2KiB") == 2048
    assert parse_size("1000") == 1000
    with pytest.raises(ValueError):
        parse_size("lots")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b.000001").write_bytes(b"x")
    (tmp_path / "a" / ".hidden").write_bytes(b"x")
    found, unmatched = list_inputs([str(tmp_path / "a"), str(tmp_path / "*.none")])
    assert [f.path for f in found] == [str(tmp_path / "a" / "b.000001")]
    assert unmatched == [str(tmp_path / "*.none")]


def test_records_are_built_by_column_name() -> None:
    """Every kind's record type has the kind's columns as fields, in the schema's order;
    every record a parse yields is of its kind's type (so its values are in column
    order), and a record built with a wrong, missing or extra name fails."""
    declared = {**TABLES, **PARSED}
    assert set(RECORDS) == set(declared)
    for kind, columns in declared.items():
        assert RECORDS[kind]._fields == tuple(column_names(columns)), kind
        assert getattr(schemas, RECORDS[kind].__name__) is RECORDS[kind]  # for pickle
    seen = set()
    stats = []
    for path in BINLOGS:
        for kind, values in exploded(parse_splits(plan_file(info(path), 4096))):
            assert type(values) is RECORDS[kind], kind
            assert pickle.loads(pickle.dumps(values)) == values
            seen.add(kind)
            if kind == "split_stats":
                stats.append(values._asdict())
    assert seen == set(PARSED) - {"failfast"}
    assert all(type(row) is RECORDS["files"] for row in fold_files(stats, "test"))
    fields = {"file": "f", "offset": 4, "event_type": None, "message": "m", "event_date": None}
    assert ErrorsRecord(**fields) == ("f", 4, None, "m", None)
    for wrong in ({**fields, "ofset": 4}, {k: v for k, v in fields.items() if k != "file"}):
        with pytest.raises(TypeError):
            ErrorsRecord(**wrong)


def test_failfast_ends_the_parse_with_a_failfast_record(tmp_path: Path) -> None:
    """FAILFAST: the records before the first problem, then one ``failfast`` record
    instead of its ``errors`` row (and no ``split_stats``); no split after it is parsed."""
    cut = tmp_path / "cut.000001"
    cut.write_bytes((MARIADB / "mixed" / "binlog.000001").read_bytes()[:5000])
    with pytest.raises(BinlogError) as raised:
        list(read_events(cut))
    good = MARIADB / "mixed" / "binlog.000002"
    splits = plan_file(info(cut), 1 << 40) + plan_file(info(good), 1 << 40)
    recs = list(exploded(parse_splits(splits, failfast=True)))
    assert recs[-1] == ("failfast", (str(cut), raised.value.offset, raised.value.message))
    # PERMISSIVE has the same records up to its errors row, then goes on
    permissive = in_order(parse_splits(plan_file(info(cut), 1 << 40)))
    assert recs[:-1] == permissive[:len(recs) - 1]
    assert permissive[len(recs) - 1][0] == "errors"
    failure = recs[-1][1]
    assert str(FailFast(failure.file, failure.offset, failure.message)) == (
        f"{cut}: offset {raised.value.offset}: {raised.value.message}")
    clean = plan_file(info(good), 1 << 40)
    assert by_table(parse_splits(clean, failfast=True)) == records(clean)
