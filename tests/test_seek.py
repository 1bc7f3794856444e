"""`seek`: bisection over real binlogs gives exactly what a sequential scan gives."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from binlog_kaitai.cli import main
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.seek import (
    Gtid,
    datetime_bounds,
    last_complete_transaction,
    replay_starts_around,
    seek_datetime,
    seek_gtid,
)
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import iso_utc, summary
from binlog_kaitai.times import local_zone_note
from binlog_kaitai.transactions import TransactionTracker
from tests.conftest import CORPUS, FIXTURES, REPO

FILES = sorted([*(p for p in CORPUS.glob("*/*") if p.is_file() and p.name != "README.md"),
                *(FIXTURES / "mariadb").glob("**/*.0*")])
BENCH = [p for p in sorted((REPO / "bench" / "data" / "spark").glob("small-*.binlog"))
         if summary(p).start_timestamp != summary(p).end_timestamp][:3]
"""Three of the benchmark's 1 MB binlogs whose events span two seconds or more (a quick
machine writes some within one)."""
LARGE = REPO / "bench" / "data" / "spark" / "large-001.binlog"


def sequential(path: Path) -> list[tuple[int, int, int]]:
    """(timestamp, pos, transaction start) of every event, read from the start, until the
    file ends or is damaged."""
    found = []
    tracker = TransactionTracker()
    start = 0
    try:
        for ev in read_events(path):
            step = tracker.step(ev.type_code, ev.kind)
            if step.starts:
                start = ev.pos
            found.append((ev.timestamp, ev.pos, start if step.member else ev.pos))
    except BinlogError:
        pass
    return found


def expected_at(events: list[tuple[int, int, int]], when: int) -> tuple[int, int] | None:
    for ts, pos, txn in events:
        if ts >= when:
            return pos, txn
    return None


def check_every_time(path: Path) -> int:
    events = sequential(path)
    if not events:
        return 0
    times = sorted({ts for ts, _, _ in events})
    for when in [times[0] - 1, *times, times[-1] + 1]:
        got = seek_datetime(path, when)
        want = expected_at(events, when)
        assert ((got.pos, got.transaction_pos) if got.pos is not None else None) == want, (
            path, when)
    return len(times)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_seek_equals_sequential_scan(path: Path) -> None:
    """Every distinct event time of every corpus and fixture file (and one second
    before the first and after the last), including files whose times go back."""
    try:
        check_every_time(path)
    except BinlogError as exc:  # damaged before the time sought: as a full read says
        assert path.name in ("binlog.000001", "binlog.000002", "test-data__binlogs__"
                             "binlog_truncated_event.000001"), exc


@pytest.mark.skipif(not BENCH, reason="no benchmark data (make bench writes it)")
@pytest.mark.parametrize("path", BENCH, ids=lambda p: p.name)
def test_seek_on_megabyte_files(path: Path) -> None:
    """Files of 1 MB written by a real MariaDB: large enough to bisect."""
    assert check_every_time(path) >= 2
    events = sequential(path)
    got = seek_datetime(path, events[-1][0])
    assert got.bytes_read < path.stat().st_size / 4


@pytest.mark.skipif(not LARGE.exists(), reason="no benchmark data (make bench writes it)")
def test_seek_on_a_gigabyte_reads_little() -> None:
    first = next(read_events(LARGE))
    span = summary(LARGE)
    assert span.start_timestamp is not None and span.end_timestamp is not None
    when = (span.start_timestamp + span.end_timestamp) // 2 + 1  # a later second than the first
    got = seek_datetime(LARGE, when)
    assert got.pos is not None and got.bytes_read < 1 << 20
    # The answer is an event of that time, and the one before it is older.
    events = list(read_events(LARGE, start=got.transaction_pos, stop=got.pos + 1))
    assert events[-1].pos == got.pos and events[-1].timestamp >= when > first.timestamp


def test_seek_cli(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "mariadb" / "mixed" / "binlog.000001")
    events = sequential(Path(path))
    when = events[-1][0]
    pos, txn = expected_at(events, when) or (None, None)
    status = main(["seek", "--json", "--datetime", "2026-11-21 19:48:02", path])
    out, _ = capsys.readouterr()
    assert status == 0 and when == 1795290482
    assert json.loads(out) | {"bytes_read": 0} == {
        "file": path, "datetime": "2026-11-21T19:48:02Z", "pos": pos, "timestamp": when,
        "transaction_pos": txn, "bytes_read": 0}
    status = main(["seek", "--datetime", "2030-01-01", path])
    out, _ = capsys.readouterr()  # text: local times, said once
    assert status == 0 and out == (f"# {local_zone_note()}\n"
                                   f"{path}: no event at or after 2030-01-01 00:00:00\n")


SPIKE = CORPUS / "cloudlinux__MariaDB-10.0-governor" / \
    "mysql-test__std_data__mariadb-5.5-binlog.000001"
"""Its event at 549 is stamped 6 s after the one at 617 that follows it."""


def narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bisect down to single events (every real file here is smaller than the window
    the command walks at the end), with small probe windows."""
    monkeypatch.setattr("binlog_kaitai.seek.SCAN_BELOW", 0)
    monkeypatch.setattr("binlog_kaitai.seek.PROBE_WINDOWS", (256, 4096, 65536, 1 << 20))
    monkeypatch.setattr("binlog_kaitai.seek.LOOKBACK", (256, 4096))


@pytest.mark.parametrize("path", [p for p in FILES if 1000 < p.stat().st_size < 300_000
                                  and p != SPIKE],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bisection_down_to_single_events(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Probes resynchronise all over each file; where they see time go back (relay logs'
    events stamped 0, FORMAT_DESCRIPTION_EVENTs stamped later than what follows) the
    scan starts over from the first event."""
    narrow(monkeypatch)
    try:
        check_every_time(path)
    except BinlogError as exc:
        assert path.name in ("binlog.000001", "binlog.000002"), exc


def test_what_probes_cannot_see(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit: an event stamped later than the events after it, stepped over by the
    probes, is found only by the walk of the last window (64 KiB by default)."""
    assert seek_datetime(SPIKE, 1393848012).pos == 549
    narrow(monkeypatch)
    assert seek_datetime(SPIKE, 1393848012).pos == 797


def test_seek_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("hello")
    good = FIXTURES / "mariadb" / "gtid" / "binlog.000001"
    cut = tmp_path / "cut.000001"
    cut.write_bytes(good.read_bytes()[:3000])
    status = main(["seek", "--datetime", "2030-01-01", str(junk), str(cut)])
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    with pytest.raises(BinlogError) as full_read:
        list(read_events(cut))
    assert err.splitlines() == [  # in chain order: by base name
        f"{cut}: offset {full_read.value.offset}: {full_read.value.message}",
        f"{junk}: offset 0: not a binlog: bad magic 68 65 6c 6c (expected fe 62 69 6e)"]


def sequential_gtids(path: Path) -> dict[str, int]:
    """The position of the first event of each GTID, read from the start."""
    found: dict[str, int] = {}
    try:
        for ev in read_events(path):
            gtid = Gtid.of(ev)
            if gtid is not None:
                found.setdefault(gtid.text, ev.pos)
    except BinlogError:
        pass
    return found


GTID_FILES = [p for p in FILES if sequential_gtids(p)]


def check_every_gtid(path: Path, every: int = 1) -> int:
    gtids = sequential_gtids(path)
    for text, pos in list(gtids.items())[::every]:
        got = seek_gtid(path, text)
        assert (got.gtid, got.pos, got.transaction_pos) == (text, pos, pos), (path, text)
    last = Gtid.parse(max(gtids, key=lambda t: Gtid.parse(t).number))
    beyond = Gtid(f"{last.text}0", last.key, last.number * 10 + 1)
    assert seek_gtid(path, beyond).pos is None
    return len(gtids)


def test_gtid_files_are_there() -> None:
    """MariaDB fixtures and MySQL corpus files (UUIDs, tags) with GTIDs."""
    names = {f"{p.parent.name}/{p.name}" for p in GTID_FILES}
    assert {"gtid/binlog.000002", "blackbeam__rust_mysql_common/"
            "test-data__binlogs__binlog_transaction_with_GTID_TAG.000001"} <= names
    assert len(GTID_FILES) >= 20


@pytest.mark.parametrize("path", GTID_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_seek_gtid_equals_sequential_scan(path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    """Every GTID of every file that has any, found as a scan finds it: with the default
    windows (small files: the last bracket is the whole file), and bisected down to
    single events."""
    check_every_gtid(path)
    narrow(monkeypatch)
    check_every_gtid(path)


@pytest.mark.skipif(not BENCH, reason="no benchmark data (make bench writes it)")
def test_seek_gtid_on_a_megabyte_file() -> None:
    path = BENCH[0]
    gtids = sequential_gtids(path)
    assert check_every_gtid(path, every=40) > 1000  # every 40th of them
    middle = list(gtids)[len(gtids) // 2]
    assert seek_gtid(path, middle).bytes_read < path.stat().st_size / 4


@pytest.mark.skipif(not LARGE.exists(), reason="no benchmark data (make bench writes it)")
def test_seek_gtid_on_a_gigabyte_reads_little() -> None:
    first = next(ev for ev in read_events(LARGE) if Gtid.of(ev) is not None)
    gtid = Gtid.of(first)
    assert gtid is not None
    target = Gtid.parse(gtid.text.rsplit("-", 1)[0] + f"-{gtid.number + 6000}")
    got = seek_gtid(LARGE, target)
    assert got.pos is not None and got.bytes_read < 1 << 20
    (ev,) = read_events(LARGE, start=got.pos, stop=got.pos + 1)
    assert Gtid.of(ev) == target


def test_gtid_texts() -> None:
    assert Gtid.parse(" 1-2-30 ") == Gtid("1-2-30", "1", 30)
    assert Gtid.parse("3E11FA47-71CA-11E1-9E33-C80AA9429562:TAG:7") == Gtid(
        "3e11fa47-71ca-11e1-9e33-c80aa9429562:tag:7", "3e11fa47-71ca-11e1-9e33-c80aa9429562:tag",
        7)
    uuid = "3e11fa47-71ca-11e1-9e33-c80aa9429562"
    for bad in ("x", "1-2", uuid, "nouuid:5", f"{uuid}:0", f"{uuid}:a:b:1"):
        with pytest.raises(ValueError, match="not a GTID"):
            Gtid.parse(bad)


def test_seek_gtid_cli(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(FIXTURES / "mariadb" / "gtid" / "binlog.000002")
    status = main(["seek", "--json", "--gtid", "0-1-15", path])
    out, _ = capsys.readouterr()
    assert status == 0 and json.loads(out) | {"bytes_read": 0} == {
        "file": path, "gtid": "0-1-15", "pos": 581, "timestamp": 1795290478,
        "transaction_pos": 581, "bytes_read": 0}
    status = main(["seek", "--gtid", "0-1-16", path])
    out, _ = capsys.readouterr()
    assert status == 0 and out == f"# {local_zone_note()}\n{path}: no GTID 0-1-16\n"
    with pytest.raises(SystemExit):
        main(["seek", "--gtid", "0-1", path])
    assert "not a GTID: '0-1'" in capsys.readouterr().err


def cli_output(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def windows(path: Path) -> list[list[str]]:
    """Time filters at several of the file's event times: from a third of them on, up to
    two thirds, between the two, from the second, from after the last."""
    times = sorted({ts for ts, _, _ in sequential(path)})
    if not times:
        return []
    a, b = iso_utc(times[len(times) // 3]), iso_utc(times[2 * len(times) // 3])
    return [["--start-datetime", a], ["--stop-datetime", b],
            ["--start-datetime", a, "--stop-datetime", b],
            ["--start-datetime", iso_utc(times[min(1, len(times) - 1)])],
            ["--start-datetime", iso_utc(times[-1] + 1)]]


@pytest.mark.parametrize("path", [*FILES, *sorted((FIXTURES / "damaged").glob("*.bin"))],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_time_filters_read_from_the_seek(path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """`events` and `rows` with --start/--stop-datetime begin where the seek says and
    end at the first event past the stop, and print exactly what the filtered read of
    the whole file prints (the bounds switched off), errors and status included. (The
    two files of megabytes: one window, JSON only.)"""
    big = path.stat().st_size > 1 << 20
    commands = [("events", ["--json"]), ("rows", ["--json"])] + [("rows", [])] * (not big)
    cases = [[command, *fmt, *window, str(path)]
             for window in (windows(path)[2:3] if big else windows(path))
             for command, fmt in commands]
    got = [cli_output(argv, capsys) for argv in cases]
    monkeypatch.setattr("binlog_kaitai.seek.datetime_bounds", lambda *_: (None, None))
    assert got == [cli_output(argv, capsys) for argv in cases]


@pytest.mark.skipif(not BENCH, reason="no benchmark data (make bench writes it)")
def test_time_filters_skip_what_is_older(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """On a file of a megabyte whose last second starts well into it, the last second is
    read from the start of the transaction of its first event on, not from the start."""
    for path in BENCH:
        events = sequential(path)
        last = events[-1][0]
        first = next(txn for ts, _, txn in events if ts >= last)
        if first > path.stat().st_size / 10:
            break
    else:
        pytest.skip("the benchmark's small files each hold one second of changes")
    low, high = datetime_bounds(path, last, last + 1)
    assert low is not None and low == first and high is None
    argv = ["rows", "--json", "--start-datetime", iso_utc(last), str(path)]
    got = cli_output(argv, capsys)
    monkeypatch.setattr("binlog_kaitai.seek.datetime_bounds", lambda *_: (None, None))
    assert got == cli_output(argv, capsys) and got[1].count("\n") > 100


@pytest.mark.parametrize("folder", ["schema", "mixed", "gtid", "compressed", "nochecksum"])
def test_time_filters_over_a_rotated_set(folder: str, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Several files in one run, the decoder's state carried from file to file (these
    sets change their rows within one second: tests/test_plan.py has a live set whose
    later windows need the DDL of earlier files)."""
    paths = [str(p) for p in sorted((FIXTURES / "mariadb" / folder).glob("binlog.0*"))]
    times = sorted({ts for p in paths for ts, _, _ in sequential(Path(p))})
    cases = [[command, *fmt, "--start-datetime", iso_utc(when), *paths]
             for when in (times[len(times) // 2], times[-1])
             for command, fmt in (("events", ["--json"]), ("rows", ["--json"]), ("rows", []))]
    got = [cli_output(argv, capsys) for argv in cases]
    monkeypatch.setattr("binlog_kaitai.seek.datetime_bounds", lambda *_: (None, None))
    assert got == [cli_output(argv, capsys) for argv in cases]


def test_seek_datetime_takes_datetimes_text_and_fractions() -> None:
    """A datetime, date-time text or epoch seconds (the TypeError users met with text):
    the same answer as the whole seconds; a fraction past the last second finds none."""
    path = FIXTURES / "mariadb" / "mixed" / "binlog.000001"
    events = sequential(path)
    when = events[-1][0]
    pos, txn = expected_at(events, when) or (None, None)
    moment = datetime.fromtimestamp(when, UTC)
    for value in (when, float(when), moment, moment.replace(tzinfo=None).isoformat() + "Z",
                  f"@{when}", moment.astimezone().replace(tzinfo=None)):
        got = seek_datetime(path, value)
        assert (got.datetime, got.pos, got.transaction_pos) == (iso_utc(when), pos, txn), value
    later = seek_datetime(path, when + 0.5)
    assert (later.datetime, later.pos) == (f"{iso_utc(when)[:-1]}.5Z", None)
    earlier = seek_datetime(path, f"{iso_utc(when - 1)[:-1]}.25Z")
    assert earlier.pos == expected_at(events, when)[0]  # type: ignore[index]
    with pytest.raises(ValueError, match="not a date/time"):
        seek_datetime(path, "yesterday")


def replay_starts(path: Path) -> list[int]:
    """Every position a replay may start from, by the tracker from the start of the file:
    an event that starts a transaction or comes when none is open; the file's end."""
    found, tracker = [], TransactionTracker()
    for ev in read_events(path):
        was_open = tracker.open
        if tracker.step(ev.type_code, ev.kind).starts or not was_open:
            found.append(ev.pos)
    return [*found, path.stat().st_size]


STARTS_FILES = [p for p in FILES if p.stat().st_size < 60_000 and sequential(p)
                and summary(p).error is None][:40]


@pytest.mark.parametrize("path", STARTS_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_replay_starts_equal_a_walk_from_the_start(path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Around every event start and every position just after one, with narrow
    look-back windows (so walks begin mid-file, where the tracker's state is unknown)."""
    narrow(monkeypatch)
    starts = replay_starts(path)
    events = [pos for _, pos, _ in sequential(path)]
    for pos in sorted({*events, *(p + 1 for p in events), path.stat().st_size}):
        before = max(p for p in starts if p <= pos)
        after = None if before == pos else min(p for p in starts if p > pos)
        assert replay_starts_around(path, pos) == (before, after), pos


def test_replay_starts_in_a_mariadb_file() -> None:
    """binlog.000001 of the gtid fixture: its transactions (DDL, InnoDB, MyISAM with
    COMMIT, XA) start at GTID events; file-level events between them are starts too."""
    path = FIXTURES / "mariadb" / "gtid" / "binlog.000001"
    assert [replay_starts_around(path, p) for p in (4, 100, 285, 1008, 1150, 1000, 1539,
                                                    1900, 3554)] == [
        (4, None), (4, 256), (285, None), (1008, None), (1008, 1369), (793, 1008),
        (1369, 1608), (1608, 1945), (3554, None)]
    assert last_complete_transaction(path) == (3510, "5-1-100")
    assert last_complete_transaction(FIXTURES / "mariadb" / "inuse" / "binlog.000001") == (
        1761, "3-7-6")
    assert last_complete_transaction(FIXTURES / "mariadb" / "gtid" / "binlog.000003") is None
