"""`check` and the GTIDs of each file, on real rotated sets written by MariaDB and MySQL:
whole, and with a file removed, cut, renamed or taken from another server or set."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from binlog_kaitai.archive import check, file_gtids
from binlog_kaitai.cli import main
from binlog_kaitai.event_kinds import GTID
from binlog_kaitai.gtid import gtid_text
from binlog_kaitai.gtid_set import GtidSet
from binlog_kaitai.stream import BinlogStream, read_events
from binlog_kaitai.summary import summary
from binlog_kaitai.times import local_text, local_zone_note
from tests.conftest import CORPUS, FIXTURES, REPO

MARIADB = FIXTURES / "mariadb"
ROTATED_SETS = sorted(d for d in [*MARIADB.iterdir(), *(MARIADB / "relay").iterdir()]
                      if d.is_dir() and len(list(d.glob("*.00000[0-9]"))) > 1
                      and d.name != "encrypted")
CDC = CORPUS / "rust-us__mysql-cdc-rs"
MYFLASH = CORPUS / "Meituan-Dianping__MyFlash"


def copy_set(name: str, tmp_path: Path) -> Path:
    """The binlogs of a fixture set (and its SQL beside them) in a fresh directory."""
    target = tmp_path / name
    shutil.copytree(MARIADB / name, target)
    return target


def mysql_chain(tmp_path: Path) -> Path:
    """The corpus' MySQL 8.0.31 files binlog.000688 ... 000706 (no 690, 691) and MySQL
    5.7's haha.000008, 000009, under the names their servers gave them."""
    target = tmp_path / "mysql"
    target.mkdir()
    for path in CDC.glob("*folder__binlog.*"):
        shutil.copy(path, target / path.name.split("folder__")[1])
    for path in MYFLASH.glob("testbinlog__haha.00000*"):
        shutil.copy(path, target / path.name.split("__")[1])
    return target


def kinds(found: list, root: Path) -> list[tuple[str, str]]:
    return [(p.kind, str(Path(p.file).relative_to(root))) for p in found]


@pytest.mark.parametrize("folder", ROTATED_SETS, ids=lambda p: p.name)
def test_whole_sets_have_no_problems(folder: Path) -> None:
    found = check([str(folder)])
    assert found.problems == []
    (chain,) = found.chains
    names = sorted(p.name for p in folder.iterdir() if p.name.split(".")[-1].isdigit())
    assert [Path(s.file).name for s in chain.files] == names
    assert sorted(Path(p).name for p in found.skipped) == sorted(
        p.name for p in folder.iterdir() if p.name not in names)


def test_removed_file_is_missing(tmp_path: Path) -> None:
    folder = copy_set("gtid", tmp_path)
    (folder / "binlog.000002").unlink()
    found = check([str(folder)])
    assert kinds(found.problems, folder) == [("missing_file", "binlog.000002")]
    assert found.problems[0].detail == "absent: named by binlog.000001's ROTATE"
    assert [len(c.files) for c in found.chains] == [1, 1]
    (folder / "binlog.000003").unlink()  # the newest file: its successor may be live
    assert check([str(folder)]).problems == []


def test_file_of_another_server(tmp_path: Path) -> None:
    """The in-use copy of server 7 (empty GTID list) where binlog.000003 was."""
    folder = copy_set("gtid", tmp_path)
    shutil.copy(MARIADB / "inuse" / "binlog.000001", folder / "binlog.000003")
    found = check([str(folder)])
    assert kinds(found.problems, folder) == [("server_change", "binlog.000003"),
                                             ("gtid_gap", "binlog.000003")]
    assert found.problems[0].detail == "server id 7 after binlog.000002's 1"
    assert "lacks 5-1-100,0-1-13" in found.problems[1].detail
    assert [len(c.files) for c in found.chains] == [2, 1]


def test_file_of_another_set(tmp_path: Path) -> None:
    """The mixed set's binlog.000002 (ends with STOP at 19:48:03, GTID state 0-1-24) in
    place of the gtid set's binlog.000002, and the mixed set's binlog.000001 (ROTATE to
    binlog.000002) as binlog.000000."""
    folder = copy_set("gtid", tmp_path)
    shutil.copy(MARIADB / "mixed" / "binlog.000002", folder / "binlog.000002")
    shutil.copy(MARIADB / "mixed" / "binlog.000001", folder / "binlog.000000")
    found = check([str(folder)])
    assert kinds(found.problems, folder) == [
        ("wrong_successor", "binlog.000000"), ("time_backwards", "binlog.000001"),
        ("time_backwards", "binlog.000003"), ("gtid_gap", "binlog.000003")]
    assert found.problems[0].detail == \
        "ROTATE names binlog.000002, but the next file is binlog.000001"
    assert found.problems[2].detail == \
        "starts 2026-11-21T19:47:58Z, before binlog.000002 ends (2026-11-21T19:48:03Z)"
    assert found.problems[3].detail.endswith("lacks 0-1-24 of binlog.000002's '0-1-24'")


def test_truncated_file_is_damaged(tmp_path: Path) -> None:
    folder = copy_set("gtid", tmp_path)
    second = folder / "binlog.000002"
    events = list(read_events(second))
    second.write_bytes(second.read_bytes()[:events[-2].pos + 10])
    found = check([str(folder)])
    assert kinds(found.problems, folder) == [("damaged", "binlog.000002")]
    assert found.problems[0].detail.startswith(f"offset {events[-2].pos}: file ends inside")
    assert str(folder / "binlog.000001") in found.gtids  # its successor's head is whole
    assert str(second) not in found.gtids


def test_mysql_numbering_gap_and_in_use_copy(tmp_path: Path) -> None:
    """Real MySQL: 8.0.31 files restarted (STOP) from binlog.000688 to 000706 with 690 and
    691 absent, and 5.7's haha.000008 copied in use though haha.000009 follows."""
    folder = mysql_chain(tmp_path)
    found = check([str(folder)])
    assert kinds(found.problems, folder) == [("missing_file", "binlog.000690"),
                                             ("unterminated", "haha.000008")]
    assert found.problems[0].detail == \
        "absent with the 1 after it: numbering jumps from binlog.000689 to binlog.000692"
    assert [(Path(c.files[0].file).name, len(c.files)) for c in found.chains] == [
        ("binlog.000688", 2), ("binlog.000692", 15), ("haha.000008", 2)]


def test_index_and_other_files_are_skipped(tmp_path: Path) -> None:
    folder = copy_set("mixed", tmp_path)
    (folder / "binlog.index").write_text("./binlog.000001\n./binlog.000002\n")
    found = check([str(folder)])
    assert found.problems == []
    assert sorted(Path(p).name for p in found.skipped) == [
        "binlog.index", "events.tsv", "options.json", "scenario.sql"]
    # Named on the command line, a non-binlog is a damaged file.
    named = check([str(folder / "binlog.000001"), str(folder / "scenario.sql")])
    assert kinds(named.problems, folder) == [("damaged", "scenario.sql")]
    assert named.problems[0].detail.startswith("offset 0: not a binlog: bad magic")


def full_parse_gtids(path: Path) -> list[str]:
    found = (gtid_text(ev.type_code, ev.server_id, ev.body)
             for ev in read_events(path) if ev.type_code in GTID)
    return [g for g in found if g is not None]


def chains_with_gtids(tmp_path: Path) -> list[list[Path]]:
    sets = [sorted(d.glob("binlog.0*")) for d in ROTATED_SETS]
    mysql = mysql_chain(tmp_path)
    return [*sets, sorted(mysql.glob("binlog.0*")), sorted(mysql.glob("haha.0*"))]


def test_gtids_per_file_equal_the_full_parse(tmp_path: Path) -> None:
    """Every real chain: each file but the newest gets its GTIDs from its successor's
    GTID state, equal to the GTID events a full read finds, with at most 64 KiB read."""
    compared = 0
    for files in chains_with_gtids(tmp_path):
        summaries = [summary(p) for p in files]
        assert all(s.bytes_read <= 65536 for s in summaries)
        for path, s, nxt in zip(files, summaries, summaries[1:], strict=False):
            if nxt.previous_gtids is None or int(nxt.file[-6:]) != int(s.file[-6:]) + 1:
                continue
            got = file_gtids(s, nxt)
            assert got is not None, path
            parsed = full_parse_gtids(path)
            if "MariaDB" in (s.server_version or ""):
                assert_mariadb_ranges(got.gtids, parsed)
            else:
                assert GtidSet.parse(got.gtids) == GtidSet.parse(",".join(parsed))
            if got.first_gtid is not None or not parsed:
                assert (got.first_gtid, got.last_gtid) == (
                    (parsed[0], parsed[-1]) if parsed else (None, None))
            compared += 1
    assert compared == 26  # 10 MariaDB files (rotation_minimal's 2, rotation_other's 1
    # since a3e55f2, hires_temporal's 1), 16 MySQL (their GTIDs anonymous)


MYSQL_GTID_FILES = [p for p in CORPUS.glob("*/*") if p.is_file()
                    and (s := summary(p)).previous_gtids is not None and s.error is None
                    and "MariaDB" not in (s.server_version or "") and full_parse_gtids(p)]


@pytest.mark.parametrize("path", MYSQL_GTID_FILES, ids=lambda p: p.name)
def test_mysql_gtids_from_the_next_state(path: Path) -> None:
    """The corpus has no MySQL chain with real GTIDs: each MySQL file with GTIDs gets the
    successor state its server would have written (its own PREVIOUS_GTIDS plus the GTIDs
    a full read finds) and file_gtids must give those GTIDs back, in MySQL's text."""
    s = summary(path)
    parsed = full_parse_gtids(path)
    assert GtidSet.parse(s.previous_gtids or "").text() == s.previous_gtids
    state = GtidSet.parse(",".join([s.previous_gtids or "", *parsed])).text()
    nxt = replace(s, previous_gtids=state, start_timestamp=s.end_timestamp)
    got = file_gtids(s, nxt)
    assert got is not None
    assert got.gtids == GtidSet.parse(",".join(parsed)).text()
    if got.first_gtid is not None:
        assert (got.first_gtid, got.last_gtid) == (parsed[0], parsed[-1])


def assert_mariadb_ranges(text: str, parsed: list[str]) -> None:
    by_domain: dict[str, list[str]] = {}
    for g in parsed:
        by_domain.setdefault(g.split("-")[0], []).append(g)
    expected = [d[0] if len(d) == 1 else f"{d[0]}..{d[-1]}"
                for _, d in sorted(by_domain.items(), key=lambda kv: int(kv[0]))]
    assert text == ",".join(expected)


def test_gtid_fixture_values() -> None:
    """The gtid set: domains 0 and 5 in binlog.000001, two servers of domain 0 in
    binlog.000002 (its first and last are then known)."""
    one, two, three = (summary(MARIADB / "gtid" / f"binlog.00000{i}") for i in (1, 2, 3))
    first = file_gtids(one, two)
    assert first is not None and first.gtids == "0-1-1..0-1-13,5-1-1..5-1-100"
    assert (first.first_gtid, first.last_gtid) == (None, None)
    second = file_gtids(two, three)
    assert second is not None
    assert (second.gtids, second.first_gtid, second.last_gtid) == (
        "0-7-14..0-1-15", "0-7-14", "0-1-15")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_check_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = copy_set("gtid", tmp_path)
    status, lines, err = run(capsys, "check", str(folder))
    assert (status, err) == (0, "")
    assert lines[0] == "# skipped 3 files that are not a binlog: events.tsv, options.json, " \
                       "scenario.sql"
    assert lines[1] == f"# {local_zone_note()}"  # the table's times are local
    assert lines[2].split() == ["chain", "files", "first_file", "last_file", "start_time",
                                "end_time", "server_id"]
    assert lines[3].split() == [f"{folder}/binlog", "3", "binlog.000001", "binlog.000003",
                                *local_text(1795290478).split(),
                                *local_text(1795290479).split(), "1"]
    (folder / "binlog.000002").unlink()
    status, lines, err = run(capsys, "check", "--json", str(folder))
    assert status == 1
    problem, *chains = [json.loads(line) for line in lines]
    assert problem == {"kind": "missing_file", "file": str(folder / "binlog.000002"),
                       "detail": "absent: named by binlog.000001's ROTATE"}
    assert [(c["first_file"], c["files"]) for c in chains] == [
        (str(folder / "binlog.000001"), 1), (str(folder / "binlog.000003"), 1)]


def test_summary_json_has_gtids_of_files_with_a_successor(
        capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(MARIADB / "gtid" / f"binlog.00000{i}") for i in (1, 2, 3)]
    status, lines, _ = run(capsys, "summary", "--json", *paths)
    one, two, three = (json.loads(line) for line in lines)
    assert status == 0
    assert one["gtids"] == "0-1-1..0-1-13,5-1-1..5-1-100"
    assert (two["gtids"], two["first_gtid"], two["last_gtid"]) == (
        "0-7-14..0-1-15", "0-7-14", "0-1-15")
    assert "gtids" not in three


BENCH_SMALL = sorted((REPO / "bench" / "data" / "spark").glob("small-*.binlog"))


@pytest.mark.skipif(not BENCH_SMALL, reason="no benchmark data (make bench writes it)")
def test_gtids_on_the_benchmark_chain(tmp_path: Path) -> None:
    """The 60 files `make bench` has a real MariaDB write (thousands of GTIDs each), under
    the names their ROTATEs give them: one chain, no problem, and the GTIDs of every tenth
    file equal the GTID events a header-only walk reads."""
    for path in BENCH_SMALL:
        (tmp_path / f"binlog.{int(path.stem.split('-')[1]) + 2:06d}").symlink_to(path)
    found = check([str(tmp_path)])
    assert found.problems == [] and [len(c.files) for c in found.chains] == [60]
    assert len(found.gtids) == 59
    for name, got in list(found.gtids.items())[::10]:  # a full walk of each takes 0.2 s
        with BinlogStream(name, bodies=GTID) as stream:
            parsed = [gtid_text(ev.type_code, ev.server_id, ev.body)
                      for ev in stream.events() if ev.type_code in GTID]
        assert (got.gtids, got.first_gtid, got.last_gtid) == (
            f"{parsed[0]}..{parsed[-1]}", parsed[0], parsed[-1])


def test_folders_at_any_depth(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """One folder per server: each set is its own chain; a folder without binlogs is
    one line and exit status 1 (was an empty table and 0)."""
    copy_set("gtid", tmp_path / "archive")
    copy_set("mixed", tmp_path / "archive")
    found = check([str(tmp_path / "archive")])
    assert found.problems == []
    assert [(Path(c.files[0].file).parent.name, len(c.files)) for c in found.chains] == [
        ("gtid", 3), ("mixed", 2)]
    (tmp_path / "empty").mkdir()
    status, lines, err = run(capsys, "check", str(tmp_path / "empty"))
    assert (status, lines) == (1, [])
    assert err == f"binlog-kaitai check: no binlog found in {tmp_path / 'empty'}\n"


def test_a_present_file_that_cannot_be_read_is_no_missing_file(tmp_path: Path) -> None:
    """binlog.000002 with a bad magic was `damaged` and also `missing_file: absent`
    (named by binlog.000001's ROTATE): a file that is there is reported once, as what
    it is."""
    folder = copy_set("rotation_minimal", tmp_path)
    with (folder / "binlog.000002").open("r+b") as f:
        f.write(b"XXXX")
    found = check([str(folder)])
    assert [(p.kind, p.detail) for p in found.problems] == [(
        "damaged", "offset 0: not a binlog: bad magic 58 58 58 58 (expected fe 62 69 6e)")]
    assert [[Path(s.file).name for s in c.files] for c in found.chains] == [
        ["binlog.000001"], ["binlog.000003"]]


def test_an_encrypted_file_is_its_own_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """MariaDB's encrypt_binlog files were `damaged` (the detail said encrypted), in
    text and JSON."""
    found = check([str(MARIADB / "encrypted")])
    assert kinds(found.problems, MARIADB / "encrypted") == [
        ("encrypted", "binlog.000001"), ("encrypted", "binlog.000002")]
    assert found.problems[0].detail == (
        "offset 296: the events after START_ENCRYPTION_EVENT are encrypted (MariaDB "
        "encrypt_binlog); they cannot be read without the server's key")
    assert main(["check", "--json", str(MARIADB / "encrypted")]) == 1
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (first["kind"], Path(first["file"]).name) == ("encrypted", "binlog.000001")
