"""`plan`: from a backup's position to a time or a GTID, over an archive of binlogs."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from binlog_kaitai.archive import check
from binlog_kaitai.cli import main
from binlog_kaitai.plan import BLOCKING, plan, plan_lines
from binlog_kaitai.seek import Gtid
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import iso_utc
from binlog_kaitai.transactions import TransactionTracker
from tests.conftest import FIXTURES, corpus
from tests.test_archive import mysql_chain
from tests.test_seek import expected_at, sequential
from tools.mariadb_sandbox import MariaDBSandbox, find_program

GTID_SET = FIXTURES / "mariadb" / "gtid"


def copy_set(tmp_path: Path) -> Path:
    target = tmp_path / "gtid"
    target.mkdir()
    for path in sorted(GTID_SET.glob("binlog.0*")):
        shutil.copy(path, target / path.name)
    return target


def transaction_after(path: Path, gtid: str) -> tuple[int, int]:
    """Where the transaction of ``gtid`` starts and ends, read from the start."""
    tracker, start = TransactionTracker(), None
    for ev in read_events(path):
        step = tracker.step(ev.type_code, ev.kind)
        found = Gtid.of(ev)
        if found is not None and found.text == gtid:
            start = ev.pos
        elif start is not None and step.ends:
            return start, ev.next_pos
    raise AssertionError(gtid)


def test_plan_to_a_gtid() -> None:
    start, end = transaction_after(GTID_SET / "binlog.000002", "0-1-15")
    found = plan([str(GTID_SET)], from_position=("binlog.000001", 4),
                 to_gtid=Gtid.parse("0-1-15"))
    assert found.possible and found.problems == []
    assert [(Path(f.file).name, f.start, f.stop, f.first_gtid, f.last_gtid)
            for f in found.files] == [("binlog.000001", 4, None, "0-1-1", "5-1-100"),
                                      ("binlog.000002", 4, end, "0-7-14", "0-1-15")]
    assert (start, end) == (581, 801)
    assert found.command == (
        f"mariadb-binlog --start-position=4 --stop-position=801 {GTID_SET}/binlog.000001 "
        f"{GTID_SET}/binlog.000002 | mariadb")


def test_plan_from_a_gtid_set_to_a_time(capsys: pytest.CaptureFixture[str]) -> None:
    """The start is the first GTID event outside the set (0-1-4 at 793); the time is the
    last second of the archive (the checkpoint at 371 of binlog.000003 is the first
    event stamped with it), so everything from 793 to there is replayed. A time the
    backup already holds events of comes before the start."""
    first_outside = next(ev.pos for ev in read_events(GTID_SET / "binlog.000001")
                         if (g := Gtid.of(ev)) is not None and g.text == "0-1-4")
    status = main(["plan", "--json", "--from-gtid", "0-1-3", "--to-datetime",
                   "2026-11-21T19:47:59Z", str(GTID_SET)])
    found = json.loads(capsys.readouterr().out)
    assert status == 0 and first_outside == 793
    assert [(Path(f["file"]).name, f["start"], f["stop"]) for f in found["files"]] == [
        ("binlog.000001", 793, None), ("binlog.000002", 4, None), ("binlog.000003", 4, 371)]
    assert found["command"].startswith("mariadb-binlog --start-position=793 "
                                       "--stop-position=371 ")
    before = plan([str(GTID_SET)], from_gtid="0-1-3", to_datetime="2026-11-21T19:47:58Z")
    assert plan_lines(before) == [  # text: local times (UTC here); the nearest valid target
        "# from gtid 0-1-3 to 2026-11-21 19:47:58",
        f"{GTID_SET}/binlog.000001: no_stop: 2026-11-21 19:47:58 comes before the start "
        "(793): the event at 4 is stamped 2026-11-21 19:47:58; the first transaction after "
        "it (0-1-4) ends at 1008, stamped 2026-11-21 19:47:58: the earliest target that "
        "replays it is 2026-11-21 19:47:59", "# no plan: no_stop"]
    assert before.problems[0].detail.startswith("2026-11-21T19:47:58Z comes before")


def test_plan_from_a_mysql_set_over_mariadb_files() -> None:
    """A MySQL GTID set holds no MariaDB GTID (the check was a ValueError, an internal
    error): from the chain whose first state is empty, everything from its first GTID
    event on is replayed."""
    uuid = "3e11fa47-71ca-11e1-9e33-c80aa9429562"
    found = plan([str(GTID_SET)], from_gtid=f"{uuid}:1-5", to_datetime=1795290479)
    assert [(Path(f.file).name, f.start, f.stop) for f in found.files] == [
        ("binlog.000001", 325, None), ("binlog.000002", 4, None), ("binlog.000003", 4, 371)]
    assert found.possible
    found = plan([str(GTID_SET)], from_gtid="0-1-3", to_gtid=Gtid.parse(f"{uuid}:4"))
    assert [(p.kind, Path(p.file).name) for p in found.problems] == [
        ("no_stop", "binlog.000003")]


def test_gaps_make_the_plan_impossible(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    folder = copy_set(tmp_path)
    (folder / "binlog.000002").unlink()
    status = main(["plan", "--json", "--from", "binlog.000001:4", "--to-datetime",
                   "2026-11-21T19:47:59Z", str(folder)])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["command"] is None
    assert [(p["file"], p["kind"], p["detail"]) for p in out["problems"]] == [
        (f"{folder}/binlog.000002", "missing_file", "absent: named by binlog.000001's ROTATE")]
    shutil.copy(FIXTURES / "mariadb" / "inuse" / "binlog.000001", folder / "binlog.000002")
    found = plan([str(folder)], from_position=("binlog.000001", 4), to_datetime=2 << 31)
    assert [(Path(p.file).name, p.kind) for p in found.problems] == [
        ("binlog.000002", "server_change"), ("binlog.000003", "server_change"),
        ("binlog.000003", "time_backwards"), ("binlog.000002", "unterminated"),
        ("binlog.000003", "no_stop")]
    assert not found.possible and found.command is None
    found = plan([str(folder)], from_position=("binlog.000001", 4),
                 to_gtid=Gtid.parse("0-1-99"))
    assert [(p.kind, p.detail) for p in found.problems if p.kind == "no_stop"] == [
        ("no_stop", "0-1-99 is not in the files from the start on; the newest, "
         "binlog.000003, ends with STOP: a restart writes a new file, absent; no "
         "transaction ends in binlog.000003")]
    assert [p.kind for p in found.problems][:4] == [
        "server_change", "server_change", "time_backwards", "unterminated"]
    found = plan([str(folder)], from_position=("binlog.000009", 4), to_datetime=0)
    assert [(p.kind, p.detail) for p in found.problems] == [
        ("no_start", "not among the archive's binlogs")]


def test_a_target_past_the_archive_is_refused(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: binlog.000001 and 000002 only (000002 ROTATEs to the absent 000003). A
    time a second after the last event (19:47:58) was "possible", replaying to the last
    event without a word; a time before the start gave a command that did nothing. Both
    are refused, naming what the archive does reach; the GTID of its last complete
    transaction is a plan that holds."""
    folder = copy_set(tmp_path)
    (folder / "binlog.000003").unlink()
    status = main(["plan", "--json", "--from", "binlog.000001:4", "--to-datetime",
                   "2026-11-21T19:47:59Z", str(folder)])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and not out["possible"] and out["command"] is None
    assert [(p["kind"], p["file"], p["detail"]) for p in out["problems"]] == [(
        "no_stop", f"{folder}/binlog.000002", "2026-11-21T19:47:59Z is after the "
        "archive's last event (2026-11-21T19:47:58Z), and its newest file, binlog.000002, "
        "ROTATEs to binlog.000003, absent: the latest target inside the archive is "
        "2026-11-21T19:47:58Z; its last complete transaction (0-1-15) ends at 801")]
    assert transaction_after(folder / "binlog.000002", "0-1-15")[1] == 801
    last = plan([str(folder)], from_position=("binlog.000001", 4),
                to_gtid=Gtid.parse("0-1-15"))
    assert last.possible and (last.files[-1].stop, last.files[-1].last_gtid) == (801, "0-1-15")
    before = plan([str(folder)], from_position=("binlog.000001", 4),
                  to_datetime="2026-11-21 19:47:57.5Z")
    assert [(p.kind, p.detail) for p in before.problems] == [(
        "no_stop", "2026-11-21T19:47:57.5Z comes before the start (4): the event at 4 is "
        "stamped 2026-11-21T19:47:58Z; the first transaction after it (0-1-1) ends at 448, "
        "stamped 2026-11-21T19:47:58Z: the earliest target that replays it is "
        "2026-11-21T19:47:59Z")] and before.command is None
    whole = plan([str(GTID_SET)], from_position=("binlog.000001", 4), to_datetime="2030-01-01Z")
    assert [(p.kind, Path(p.file).name) for p in whole.problems] == [
        ("no_stop", "binlog.000003")]  # a STOP: the server may have started a new file


def test_a_start_must_begin_a_transaction(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: a rows event inside the transaction starting at 1008 (GTID 0-1-5) was
    accepted, replaying half a transaction; a position inside an event was reported
    as damage. Both are bad_start, naming the nearest positions a replay can start
    from; a transaction's GTID event, a file-level event between transactions and the
    end of the file are accepted."""
    status = main(["plan", "--json", "--from", "binlog.000001:1150", "--to-gtid", "0-1-15",
                   str(GTID_SET)])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["files"] == [] and out["command"] is None
    assert [(p["kind"], p["detail"]) for p in out["problems"]] == [(
        "bad_start", "position 1150 is inside the transaction that starts at 1008; the "
        "nearest positions a replay can start from are 1008 and 1369")]
    inside_event = plan([str(GTID_SET)], from_position=("binlog.000001", 1000),
                        to_gtid=Gtid.parse("0-1-15"))
    assert [(p.kind, p.detail) for p in inside_event.problems] == [(
        "bad_start", "position 1000 is not the start of an event (events start at 977 and "
        "1008); the nearest positions a replay can start from are 793 and 1008")]
    for pos, first in ((1008, "0-1-5"), (285, "0-1-1"), (3554, None)):
        found = plan([str(GTID_SET)], from_position=("binlog.000001", pos),
                     to_gtid=Gtid.parse("0-1-15"))
        assert found.possible and found.problems == [], pos
        assert (found.files[0].start, found.files[0].first_gtid) == (pos, first)
        assert found.command is not None and f"--start-position={pos} " in found.command


def test_a_gtid_set_with_gtids_after_its_start_is_refused() -> None:
    """binlog.000001 holds 0-1-1..13, then 5-1-1 (3056) and 5-1-100. From 0-1-10,5-1-1
    the first GTID outside the set is 0-1-11 (2626), and a replay from there would
    apply 5-1-1 a second time (MariaDB applies a GTID it has): refused. From
    0-1-13,5-1-100 the start is 0-7-14, the first event of binlog.000002 after its
    GTID list, which holds both domains: possible; to a GTID the set holds, not."""
    found = plan([str(GTID_SET)], from_gtid="0-1-10,5-1-1", to_gtid=Gtid.parse("0-1-15"))
    assert [(p.kind, Path(p.file).name, p.detail) for p in found.problems] == [(
        "bad_start", "binlog.000001", "the first GTID outside 0-1-10,5-1-1 is at 2626, but "
        "the set holds domain 5 up to 1, past the GTIDs before it (domain 0 up to 10): a "
        "replay from there would apply them again")] and found.command is None
    found = plan([str(GTID_SET)], from_gtid="0-1-13,5-1-100", to_gtid=Gtid.parse("0-1-15"))
    assert found.possible and [(Path(f.file).name, f.start, f.first_gtid)
                               for f in found.files] == [("binlog.000002", 355, "0-7-14")]
    held = plan([str(GTID_SET)], from_gtid="0-1-13,5-1-100", to_gtid=Gtid.parse("0-1-9"))
    assert [(p.kind, Path(p.file).name, p.detail) for p in held.problems] == [(
        "no_stop", "binlog.000002", "0-1-9 is in the backup's GTID set 0-1-13,5-1-100: it "
        "comes before the start (nothing to replay)")] and held.command is None


def test_a_cut_newest_file_blocks_only_what_it_lacks(tmp_path: Path) -> None:
    """binlog.000002 as the newest file, copied while its ROTATE at 801 was being
    written: a plan through 0-1-15 (which ends at 801) holds, one to its end does not."""
    folder = copy_set(tmp_path)
    (folder / "binlog.000003").unlink()
    cut = folder / "binlog.000002"
    cut.write_bytes(cut.read_bytes()[:830])
    found = plan([str(folder)], from_position=("binlog.000001", 4),
                 to_gtid=Gtid.parse("0-1-15"))
    assert found.possible and found.files[-1].stop == 801
    assert [(p.kind, p.detail) for p in found.problems] == [(
        "damaged_past_stop", "offset 801: file ends inside an event (29 bytes after the "
        "last complete event) (after the stop, 801)")]
    found = plan([str(folder)], from_position=("binlog.000001", 4), to_datetime=2 << 31)
    assert not found.possible and [(p.kind, p.detail) for p in found.problems] == [(
        "damaged", "offset 801: event of 44 bytes runs past the end of the file "
        "(29 bytes remain)")]


def test_plan_over_mysql_files(tmp_path: Path) -> None:
    """MySQL 8.0.31's files (binlog.000690 and 000691 absent): to a time inside
    binlog.000694, the stop is the transaction start a sequential scan gives; from
    binlog.000689 the plan crosses the hole."""
    folder = mysql_chain(tmp_path)
    events = sequential(folder / "binlog.000694")
    when = events[len(events) // 2][0]
    _, stop = expected_at(events, when) or (None, None)
    found = plan([str(folder)], from_position=("binlog.000693", 4), to_datetime=when)
    assert found.possible and [(Path(f.file).name, f.start, f.stop) for f in found.files] == [
        ("binlog.000693", 4, None), ("binlog.000694", 4, stop)]
    assert found.command == (f"mysqlbinlog --start-position=4 --stop-position={stop} "
                             f"{folder}/binlog.000693 {folder}/binlog.000694 | mysql")
    found = plan([str(folder)], from_position=("binlog.000689", 4), to_datetime=when)
    assert [(p.kind, Path(p.file).name) for p in found.problems if p.kind in BLOCKING] == [
        ("missing_file", "binlog.000690")] and found.command is None


def test_plan_with_mysql_tagged_gtids() -> None:
    """MySQL 9.6's file with one tagged GTID after PREVIOUS_GTIDS uuid:1-13:mytag:1-2:
    from that set, the start is its GTID event (245), the stop the end of its XID (541);
    a set that lacks part of the file's start state has no chain to start in."""
    path = corpus("blackbeam__rust_mysql_common/test-data__binlogs__binlog_transaction_"
                  "with_GTID_TAG.000001")
    uuid = "55778904-0299-11f1-b1b8-4ef0c4956feb"
    found = plan([str(path)], from_gtid=f"{uuid}:1-13:mytag:1-2",
                 to_gtid=Gtid.parse(f"{uuid}:mytag:3"))
    assert transaction_after(path, f"{uuid}:mytag:3") == (245, 541)
    assert [(f.start, f.stop, f.first_gtid, f.last_gtid) for f in found.files] == [
        (245, 541, f"{uuid}:mytag:3", f"{uuid}:mytag:3")]
    assert found.command == f"mysqlbinlog --start-position=245 --stop-position=541 {path} | mysql"
    found = plan([str(path)], from_gtid=f"{uuid}:mytag:1-2", to_datetime=0)
    assert [(p.kind, p.detail) for p in found.problems] == [
        ("no_start", f"no chain of binlogs starts within {uuid}:mytag:1-2")]


# -- live: restore a fresh server to a backup, replay the plan, compare -------------------

needs_server = pytest.mark.skipif(
    any(find_program(p) is None for p in ("mariadbd", "mariadb-binlog", "mariadb-dump")),
    reason="mariadbd, mariadb-binlog or mariadb-dump not installed")

OPTIONS = {"binlog_format": "ROW", "log_slave_updates": True}


def changes(db: MariaDBSandbox, first: int, count: int) -> None:
    """Inserts, an update and a delete: several transactions."""
    for i in range(first, first + count):
        db.sql(f"INSERT INTO d.t VALUES ({i}, 'row {i}', {i * 1.5}); "
               f"UPDATE d.t SET note = CONCAT(note, '+') WHERE id = {i - 1}; "
               f"DELETE FROM d.t WHERE id = {i - 3}")


def state(db: MariaDBSandbox) -> str:
    return db.sql("SELECT * FROM d.t ORDER BY id; SELECT k, HEX(v) FROM d.u ORDER BY k")


def replay(command: str, dump: str, db: MariaDBSandbox) -> None:
    """Load the dump into a fresh server, then pipe the plan's reader into its client."""
    db.sql(dump)
    reader = shlex.split(command.rsplit(" | ", 1)[0])
    binlog = subprocess.run(reader, capture_output=True, check=True)
    subprocess.run(db.client_args(), input=binlog.stdout, check=True, capture_output=True)


@pytest.fixture(scope="module")
def rotated_set(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A server's binlogs over four files: a backup taken in the second (its position,
    GTID state and dump), a time inside the third, a GTID inside the fourth, and the
    table contents at each of those points."""
    out = tmp_path_factory.mktemp("plan-live")
    found: dict[str, object] = {}
    with MariaDBSandbox(options=OPTIONS) as db:
        db.sql("CREATE DATABASE d; CREATE TABLE d.t (id INT PRIMARY KEY, note VARCHAR(40), "
               "amount DECIMAL(10,2)); CREATE TABLE d.u (k INT PRIMARY KEY, v BLOB)")
        changes(db, 1, 5)
        db.flush_logs()
        changes(db, 6, 5)
        file, pos = db.sql("SHOW MASTER STATUS").split("\t")[:2]
        found["at_backup"] = state(db)
        found["backup"] = (file, int(pos), db.sql("SELECT @@gtid_binlog_pos").strip())
        found["dump"] = subprocess.run(
            [find_program("mariadb-dump"), "--no-defaults", f"--socket={db.socket_path}",
             "--user=root", "--databases", "d"], capture_output=True, text=True,
            check=True).stdout
        changes(db, 11, 5)
        db.flush_logs()
        changes(db, 16, 5)
        time.sleep(1.2)
        found["time"], found["at_time"] = int(time.time()), state(db)
        time.sleep(1.2)
        changes(db, 21, 5)
        db.flush_logs()
        db.sql("INSERT INTO d.u VALUES (1, 0x00ff), (2, NULL); UPDATE d.t SET amount = 0")
        found["gtid"], found["at_gtid"] = db.sql("SELECT @@gtid_binlog_pos").strip(), state(db)
        changes(db, 26, 5)
        db.stop()
        found["files"] = [Path(shutil.copy(p, out / p.name)) for p in db.binlog_paths()]
    found["dir"] = out
    return found


@pytest.mark.live
@needs_server
def test_live_plan_replays_to_a_time_and_to_a_gtid(rotated_set: dict[str, object]) -> None:
    folder = str(rotated_set["dir"])
    file, pos, gtids = rotated_set["backup"]  # type: ignore[misc]
    assert len(rotated_set["files"]) == 4  # type: ignore[arg-type]
    assert check([folder]).problems == []
    by_time = plan([folder], from_position=(file, pos),
                   to_datetime=rotated_set["time"])  # type: ignore[arg-type]
    by_gtid = plan([folder], from_gtid=gtids, to_gtid=Gtid.parse(rotated_set["gtid"]))  # type: ignore[arg-type]
    assert [Path(f.file).name for f in by_time.files] == [
        "binlog.000002", "binlog.000003"] and by_time.files[-1].stop is not None
    assert [Path(f.file).name for f in by_gtid.files] == [
        "binlog.000002", "binlog.000003", "binlog.000004"]
    assert by_gtid.files[0].start == pos and by_gtid.files[-1].last_gtid == rotated_set["gtid"]
    assert len({rotated_set[k] for k in ("at_backup", "at_time", "at_gtid")}) == 3
    for found, expected in ((by_time, "at_time"), (by_gtid, "at_gtid")):
        assert found.possible and found.command is not None
        with MariaDBSandbox(options=OPTIONS, server_id=2) as fresh:
            replay(found.command, rotated_set["dump"], fresh)  # type: ignore[arg-type]
            assert state(fresh) == rotated_set[expected]


@pytest.mark.live
@needs_server
def test_live_check_of_the_rotated_set(rotated_set: dict[str, object], tmp_path: Path
                                       ) -> None:
    """The server's four files: whole, then one removed, one cut short, and the file
    of another server (the in-use fixture, server 7) after them."""
    files: list[Path] = rotated_set["files"]  # type: ignore[assignment]
    for path in files:
        shutil.copy(path, tmp_path / path.name)
    assert check([str(tmp_path)]).problems == []
    (tmp_path / "binlog.000002").unlink()
    cut = tmp_path / "binlog.000003"
    cut.write_bytes(cut.read_bytes()[:-100])
    shutil.copy(FIXTURES / "mariadb" / "inuse" / "binlog.000001", tmp_path / "binlog.000005")
    found = [(Path(p.file).name, p.kind) for p in check([str(tmp_path)]).problems]
    assert found[:2] == [("binlog.000003", "damaged"), ("binlog.000002", "missing_file")]
    assert ("binlog.000005", "server_change") in found


@pytest.mark.live
@needs_server
def test_live_rows_window_names_columns(rotated_set: dict[str, object],
                                        capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`rows --start-datetime` over the four files, from the time inside the third: the
    files before are skipped, but their CREATE TABLE (MariaDB's table maps carry no
    names here) still names the columns, as in the filtered read of every file."""
    files = [str(p) for p in rotated_set["files"]]  # type: ignore[attr-defined]
    argv = ["rows", "--json", "--start-datetime", iso_utc(rotated_set["time"]), *files]  # type: ignore[arg-type]
    assert main(argv) == 0
    got = capsys.readouterr().out
    assert '"note":"row 21"' in got and '"id":16,' not in got
    monkeypatch.setattr("binlog_kaitai.seek.datetime_bounds", lambda *_: (None, None))
    assert main(argv) == 0 and capsys.readouterr().out == got
    monkeypatch.undo()
    monkeypatch.setattr("binlog_kaitai.seek.statements", lambda *_: iter(()))
    assert main(argv) == 0 and '"@2":"row 21"' in capsys.readouterr().out  # the walk matters


ROTATION = FIXTURES / "mariadb" / "rotation_minimal"


def damaged_rotation(tmp_path: Path, *, newest: bool = True) -> Path:
    """rotation_minimal with binlog.000002's magic overwritten (and, unless ``newest``,
    without binlog.000003)."""
    folder = tmp_path / "rotation"
    shutil.copytree(ROTATION, folder, ignore=shutil.ignore_patterns("*.sql", "*.tsv",
                                                                    "*.json"))
    with (folder / "binlog.000002").open("r+b") as f:
        f.write(b"XXXX")
    if not newest:
        (folder / "binlog.000003").unlink()
    return folder


BAD_MAGIC = "offset 0: not a binlog: bad magic 58 58 58 58 (expected fe 62 69 6e)"


def test_a_damaged_file_in_the_way_is_not_called_absent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """plan said `missing_file: absent: named by binlog.000001's ROTATE` for a present
    binlog.000002 with a bad magic, and nothing on stderr: now the file's damage, in the
    plan and on stderr as every command says it."""
    folder = damaged_rotation(tmp_path)
    status = main(["plan", "--json", str(folder), "--from", "binlog.000001:4",
                   "--to-gtid", "0-1-9"])
    out, err = capsys.readouterr()
    found = json.loads(out)
    assert status == 1 and not found["possible"]
    problems = [(p["kind"], Path(p["file"]).name, p["detail"]) for p in found["problems"]]
    assert problems[0] == ("damaged", "binlog.000002", BAD_MAGIC)
    assert "missing_file" not in out and "absent: named" not in out
    assert err == f"{folder / 'binlog.000002'}: {BAD_MAGIC}\n"
    alone = plan([str(damaged_rotation(tmp_path / "b", newest=False))],
                 from_position=("binlog.000001", 4), to_gtid=Gtid.parse("0-1-9"))
    assert [p.kind for p in alone.problems] == ["damaged", "no_stop"]
    assert ("the newest, binlog.000001, ROTATEs to binlog.000002, present but damaged; "
            in alone.problems[1].detail)


def test_a_gtid_before_the_start_is_named_so() -> None:
    """0-1-3 is in binlog.000001; from binlog.000002:339 the reason was `not in the
    files from the start on... ends with STOP`, as if past the archive."""
    found = plan([str(ROTATION)], from_position=("binlog.000002", 339),
                 to_gtid=Gtid.parse("0-1-3"))
    at = next(ev.pos for ev in read_events(ROTATION / "binlog.000001")
              if (g := Gtid.of(ev)) is not None and g.text == "0-1-3")
    assert [(p.kind, Path(p.file).name, p.detail) for p in found.problems] == [(
        "no_stop", "binlog.000002", f"gtid 0-1-3 comes before the start (339): it is in "
        f"binlog.000001 at {at}; the first transaction after it (0-1-6) ends at 622, "
        "stamped 2026-11-26T11:46:29Z: the earliest target that replays it is 0-1-6")]
    assert plan([str(ROTATION)], from_position=("binlog.000002", 339),
                to_gtid=Gtid.parse("0-1-6")).files[-1].stop == 622


def test_a_target_with_a_fraction_says_it_cannot_be_honoured() -> None:
    """Events carry whole seconds: a target of 11:46:29.5 replays the events stamped
    11:46:29 (before it), some perhaps written after .5; one line says so."""
    found = plan([str(ROTATION)], from_position=("binlog.000002", 339),
                 to_datetime="2026-11-26 11:46:29.5Z")
    assert found.possible and found.files[-1].stop == 1692
    assert [(p.kind, p.detail) for p in found.problems] == [(
        "whole_seconds", "events carry whole seconds: the fraction of "
        "2026-11-26T11:46:29.5Z cannot be honoured; the events stamped "
        "2026-11-26T11:46:29Z are replayed, though some may have been written after "
        "2026-11-26T11:46:29.5Z; target 2026-11-26T11:46:29Z to leave them out")]
    whole = plan([str(ROTATION)], from_position=("binlog.000002", 339),
                 to_datetime="2026-11-26 11:46:30Z")
    assert whole.possible and whole.problems == []
