"""The CLI contract: JSON fields, filters, errors on stderr, exit status, no tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.cli import main
from binlog_kaitai.filters import RowsGate
from binlog_kaitai.ordered_rows import OrderedRows
from binlog_kaitai.stream import read_events
from tests.conftest import REPO, corpus
from tools.crosscheck import default_files

ROTATE_FILE = "github__gh-ost/go__binlog__testdata__mysql-bin.000066"
V3_FILE = "hwCloudRDS__mysql-5.7/mysql-test__std_data__master-bin.000001"
EVENT_KEYS = {"file", "pos", "type", "type_code", "timestamp", "server_id", "length", "log_pos",
              "flags", "checksum_ok", "info", "data"}
SUMMARY_KEYS = {"file", "size", "binlog_version", "server_version", "server_id",
                "header_length", "checksum", "in_use", "start_timestamp", "start_time",
                "end_timestamp", "end_time", "last_event_type", "last_event_pos", "end_reason",
                "next_file", "next_position", "previous_gtids", "truncated", "bytes_read",
                "error"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_events_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(corpus(ROTATE_FILE))
    status, lines, err = run(capsys, "events", "--json", path)
    assert status == 0 and err == ""
    events = [json.loads(line) for line in lines]
    assert len(events) == 59
    assert all(set(e) == EVENT_KEYS for e in events)
    fde, last = events[0], events[-1]
    assert fde["file"] == path and fde["pos"] == 4
    assert fde["type"] == "FORMAT_DESCRIPTION_EVENT" and fde["type_code"] == 15
    assert fde["data"]["server_version"] == "5.6.28-log"
    assert fde["data"]["checksum_alg"] == "crc32"
    assert all(e["checksum_ok"] is True for e in events)
    assert last["type"] == "ROTATE_EVENT"
    assert last["data"]["new_log_ident"] == "mysql-bin.000067"
    assert last["log_pos"] == last["pos"] + last["length"] == 3687
    queries = [e for e in events if e["type"] == "QUERY_EVENT"]
    assert any(e["info"].endswith("BEGIN") for e in queries)


def test_events_filters(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(corpus(ROTATE_FILE))
    _, lines, _ = run(capsys, "events", "--json", path)
    every = [json.loads(line) for line in lines]
    start, stop = every[10]["pos"], every[20]["pos"]
    _, lines, _ = run(capsys, "events", "--json", "--start-position", str(start),
                      "--stop-position", str(stop), path)
    assert [json.loads(x)["pos"] for x in lines] == [e["pos"] for e in every[10:20]]
    _, lines, _ = run(capsys, "events", "--json", "--type", "xid", "--type", "ROTATE_EVENT", path)
    got = [json.loads(x)["type"] for x in lines]
    assert set(got) == {"XID_EVENT", "ROTATE_EVENT"}
    assert len(got) == sum(e["type"] in ("XID_EVENT", "ROTATE_EVENT") for e in every)
    stamps = sorted({e["timestamp"] for e in every})
    assert len(stamps) >= 3
    start, stop = stamps[1], stamps[-1]
    _, lines, _ = run(capsys, "events", "--json",
                      "--start-datetime", datetime.fromtimestamp(start, UTC).strftime("%F %T"),
                      "--stop-datetime", datetime.fromtimestamp(stop, UTC).isoformat(), path)
    expected = []
    for e in every:
        if e["timestamp"] >= stop:
            break
        if e["timestamp"] >= start:
            expected.append(e["pos"])
    assert expected and [json.loads(x)["pos"] for x in lines] == expected


def test_events_v3_has_null_log_pos_only_in_v1(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, _ = run(capsys, "events", "--json", str(corpus(V3_FILE)))
    events = [json.loads(line) for line in lines]
    assert status == 0
    assert [e["type"] for e in events] == ["START_EVENT_V3", "STOP_EVENT"]
    assert events[0]["data"]["server_version"] == "4.0.0-debug-log"
    assert events[1]["checksum_ok"] is None


def test_summary_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(corpus(ROTATE_FILE))
    status, lines, err = run(capsys, "summary", "--json", path)
    assert status == 0 and err == ""
    (s,) = [json.loads(line) for line in lines]
    assert set(s) == SUMMARY_KEYS
    assert s["file"] == path and s["size"] == 3687
    assert s["binlog_version"] == 4 and s["server_version"] == "5.6.28-log"
    assert s["checksum"] == "CRC32" and s["in_use"] is False
    assert s["start_time"] == "2016-03-30T13:31:05Z"
    assert s["end_time"] == "2016-03-30T13:31:09Z"
    assert s["end_reason"] == "rotate"
    assert (s["next_file"], s["next_position"]) == ("mysql-bin.000067", 4)
    assert s["last_event_type"] == "ROTATE_EVENT" and s["last_event_pos"] == 3687 - 47


def test_bad_file_among_good_ones(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = str(corpus(ROTATE_FILE))
    src = Path(good).read_bytes()
    cut = tmp_path / "cut.bin"
    cut.write_bytes(src[:1000])
    junk = tmp_path / "junk.txt"
    junk.write_text("hello")
    status, lines, err = run(capsys, "events", "--json", str(cut), str(junk), good)
    assert status == 1
    assert sum(json.loads(x)["file"] == good for x in lines) == 59
    cut_events = [json.loads(x) for x in lines if json.loads(x)["file"] == str(cut)]
    assert cut_events and cut_events[-1]["pos"] + cut_events[-1]["length"] <= 1000
    errors = err.splitlines()
    damage_at = cut_events[-1]["pos"] + cut_events[-1]["length"]
    assert errors[0].startswith(f"{cut}: offset {damage_at}:")
    assert errors[1] == f"{junk}: offset 0: not a binlog: bad magic 68 65 6c 6c " \
                        "(expected fe 62 69 6e)"
    assert "Traceback" not in err
    status, lines, err = run(capsys, "summary", "--json", str(cut), str(junk), good)
    assert status == 1 and len(lines) == 3
    assert json.loads(lines[0])["truncated"] is True
    assert json.loads(lines[2])["error"] is None


@pytest.mark.parametrize("command", ["events", "rows"])
def test_a_bug_on_one_file_does_not_stop_the_others(
        command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """An exception of ours on one file is reported as `FILE: internal error: ...`, the
    next files still run, and the exit status stays 2 even when a later file is only
    damaged (1)."""
    import binlog_kaitai.cli as cli
    import binlog_kaitai.rows_command as rows_command

    reader = cli if command == "events" else rows_command  # the module that reads files
    good = str(corpus(ROTATE_FILE))
    buggy = tmp_path / "buggy.000001"
    buggy.write_bytes(Path(good).read_bytes())
    junk = tmp_path / "junk.txt"
    junk.write_text("hello")
    real = reader.read_events

    def read_events(name: str, **kwargs: object) -> object:
        if name == str(buggy):
            raise KeyError("a bug")
        return real(name, **kwargs)

    monkeypatch.setattr(reader, "read_events", read_events)
    status, lines, err = run(capsys, command, "--json", str(buggy), str(junk), good)
    assert status == 2
    assert err.splitlines()[:2] == [f"{buggy}: internal error: KeyError: 'a bug'",
                                    f"{junk}: offset 0: not a binlog: bad magic 68 65 6c 6c "
                                    "(expected fe 62 69 6e)"]
    assert "Traceback" not in err
    if command == "events":
        assert sum(json.loads(x)["file"] == good for x in lines) == 59


def test_module_entry_point_and_table_output() -> None:
    path = str(corpus(ROTATE_FILE))
    proc = subprocess.run([sys.executable, "-m", "binlog_kaitai", "summary", path],
                          capture_output=True, text=True, cwd=REPO, check=False)
    assert proc.returncode == 0, proc.stderr
    note, header, row = proc.stdout.splitlines()  # text output says its times are local
    assert note.startswith("# times are local (")
    assert header.split()[:4] == ["file", "start_time", "end_time", "end_reason"]
    assert "mysql-bin.000067" in row and "rotate" in row
    proc = subprocess.run([sys.executable, "-m", "binlog_kaitai", "events", path],
                          capture_output=True, text=True, cwd=REPO, check=False)
    assert proc.returncode == 0
    assert "ROTATE_EVENT" in proc.stdout.splitlines()[-1]


@pytest.mark.skipif((os.cpu_count() or 1) < 2 or not os.path.isdir("/proc/self/task"),
                    reason="OpenBLAS starts no thread on one core; threads counted in /proc")
@pytest.mark.parametrize(("asked", "threads"), [(None, 1), ("2", 2)])
def test_the_cli_leaves_numpy_no_idle_blas_threads(asked: str | None, threads: int) -> None:
    """numpy imported after the CLI ran (as ``rows`` and ``export`` import it) starts no
    OpenBLAS thread beside the process's own, unless the user asked for some."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if asked is not None:
        env["OPENBLAS_NUM_THREADS"] = asked
    script = ("import os, sys; from binlog_kaitai.cli import main; "
              f"main(['summary', {str(corpus(ROTATE_FILE))!r}]); import numpy; "
              "print(len(os.listdir('/proc/self/task')), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO, env=env, check=True)
    assert int(proc.stderr.split()[-1]) == threads


@pytest.mark.parametrize("form", [["--json"], [], ["--table", "shop.none", "--json"]])
def test_events_of_files_side_by_side_are_one_after_the_other(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        form: list[str]) -> None:
    """With more than one core, ``events`` reads each file in a worker process: the same
    output, in the files' order, the same problems on stderr (a damaged file's after its
    events, a non-binlog's, a --table that matched nothing) and the same status."""
    from binlog_kaitai import cli, file_workers

    chain = sorted((REPO / "tests/fixtures/mariadb/rotation_other").glob("binlog.0*"))
    damaged = tmp_path / "binlog.cut"
    damaged.write_bytes(chain[0].read_bytes()[:-50])
    other = tmp_path / "notes.txt"
    other.write_text("not a binlog\n")
    mixed = REPO / "tests/fixtures/mariadb/mixed/binlog.000001"
    files = [str(p) for p in (*chain, damaged, other, mixed)]
    if file_workers.side_by_side(files) == 0:
        pytest.skip("one core: no worker processes")
    side_by_side = run(capsys, "events", *form, *files)
    monkeypatch.setattr(cli, "side_by_side", lambda names: 0)
    one_by_one = run(capsys, "events", *form, *files)
    assert side_by_side == one_by_one
    status, lines, err = side_by_side
    assert status == 1 and f"{damaged}: offset " in err and f"{other}: " in err
    if "--table" in form:
        assert "--table 'shop.none' matched no table" in err and not lines
    else:
        assert len(lines) > 100


@pytest.mark.parametrize("form", [["--json"], [], ["--table", "ho.cart", "--json"],
                                  ["--start-position", "492", "--json"]])
def test_rows_of_files_side_by_side_name_columns_from_the_files_before(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        form: list[str]) -> None:
    """With more than one core, ``rows`` reads each file in a worker process from the
    schema history the DDL of the files before it leaves: the same output, problems and
    status as one file after the other, on a chain whose later files' tables were
    created, altered, dropped and created again in earlier ones (binlog_row_metadata
    MINIMAL: only the DDL names their columns), then a damaged file and a non-binlog."""
    from binlog_kaitai import cli, file_workers

    chain = sorted((REPO / "tests/fixtures/mariadb/rotation_minimal").glob("binlog.0*"))
    damaged = tmp_path / "binlog.cut"
    damaged.write_bytes(chain[1].read_bytes()[:-50])
    other = tmp_path / "notes.txt"
    other.write_text("not a binlog\n")
    files = [str(p) for p in (*chain, damaged, other, chain[2])]
    if file_workers.side_by_side(files) == 0:
        pytest.skip("one core: no worker processes")
    side_by_side = run(capsys, "rows", *form, *files)
    with monkeypatch.context() as patch:
        patch.setattr(cli, "side_by_side", lambda names: 0)
        assert run(capsys, "rows", *form, *files) == side_by_side
    status, lines, err = side_by_side
    assert status == 1 and f"{damaged}: offset " in err and f"{other}: " in err
    if "--json" in form:
        last = [json.loads(line) for line in lines if line.startswith('{"file":"' + files[-1])]
        assert [r["after"] for r in last if r["table"] == "cart"] == [
            {"cart_no": 200, "qty": 7, "label": "seven"},
            {"cart_no": 100, "qty": 6, "label": "five"}]
        assert ("note" in last[0]["after"]) == ("--table" not in form)


def test_events_json_of_runs_as_event_by_event(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    """``events --json`` with no filter takes the events that a run of the stream holds
    (rows events, table maps, compiled bodies) from their framed headers, CRC verdicts
    and fields, without an Event each: the same lines, problems and status as event by
    event, on every real file, every MariaDB fixture, a truncated file and a file whose
    rows event's CRC does not match; the lines of both kinds are made."""
    from binlog_kaitai import cli, render
    from binlog_kaitai.event import EventType

    gtid = REPO / "tests" / "fixtures" / "mariadb" / "gtid" / "binlog.000001"
    data = gtid.read_bytes()
    cut = tmp_path / "cut.bin"
    cut.write_bytes(data[:len(data) - 30])
    rows = next(ev for ev in read_events(gtid) if ev.type_code in kinds.ROWS)
    flipped = bytearray(data)
    flipped[rows.pos + rows.length - 6] ^= 0x01  # (a byte of its row images)
    bad_crc = tmp_path / "crc.bin"
    bad_crc.write_bytes(flipped)
    made: list[bool] = []
    run_lines = render.run_json_lines

    def counted(run: Any, name_json: str) -> list[str | None]:
        lines = run_lines(run, name_json)
        made.extend(line is not None for line in lines)
        return lines

    monkeypatch.setattr(cli, "run_json_lines", counted)
    monkeypatch.setattr(cli, "side_by_side", lambda names: 0)
    files = [*map(str, default_files()), *map(str, sorted(
        (REPO / "tests" / "fixtures" / "mariadb").glob("*/binlog.0*"))), str(cut), str(bad_crc)]
    for name in files:
        in_runs = run(capsys, "events", "--json", name)
        with monkeypatch.context() as patch:
            patch.setattr(cli.EventsRun, "runs", property(lambda self: False))
            assert run(capsys, "events", "--json", name) == in_runs, name
    assert any(made) and not all(made)
    status, lines, err = run(capsys, "events", "--json", str(bad_crc))
    assert status == 0 and err == ""  # (a mismatch is the event's to say: no --strict-checksums)
    crc = json.loads(next(line for line in lines if f'"pos": {rows.pos},' in line))
    assert crc["checksum_ok"] is False and crc["type_code"] == rows.type_code
    assert crc["type_code"] != EventType.table_map_event


def test_json_line_writes_the_fields_a_v1_header_lacks_as_null() -> None:
    """A v1 header (MySQL 3.23) has no log_pos and no flags: the framing gives -1 for
    them, and the line says null, as ``json.dumps`` of the event's object does."""
    from binlog_kaitai.render import json_line

    line = json_line('"f"', 4, (1000, 2, 7, 13, -1, -1), "null", '"i"', '{"a": 1}')
    assert json.loads(line) == {
        "file": "f", "pos": 4, "type": "QUERY_EVENT", "type_code": 2, "timestamp": 1000,
        "server_id": 7, "length": 13, "log_pos": None, "flags": None, "checksum_ok": None,
        "info": "i", "data": {"a": 1}}


@pytest.mark.parametrize("form", [["--json"], []])
def test_rows_in_runs_as_event_by_event(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        form: list[str]) -> None:
    """With no filter that looks at events, ``rows`` takes a window's rows events, table
    maps and GTIDs as one run of the stream: the same lines, problems and exit status as
    event by event (as with a filter of the gate's own), on a rotated chain whose DDL is
    in its first file, a truncated file, and every MariaDB fixture."""
    mariadb = REPO / "tests" / "fixtures" / "mariadb"
    data = (mariadb / "gtid" / "binlog.000001").read_bytes()
    cut = tmp_path / "cut.bin"
    cut.write_bytes(data[:len(data) - 30])
    fed: list[int] = []
    feed_run = OrderedRows.feed_run

    def counted(self: OrderedRows, rows_run: Any) -> list[Any]:
        fed.append(len(rows_run.heads))
        return feed_run(self, rows_run)

    monkeypatch.setattr(OrderedRows, "feed_run", counted)
    for files in (sorted((mariadb / "rotation_minimal").glob("binlog.0*")), [cut],
                  sorted(mariadb.glob("*/binlog.0*"))):
        in_runs = run(capsys, "rows", *form, *map(str, files))
        assert fed, files
        fed.clear()
        with monkeypatch.context() as patch:
            patch.setattr(RowsGate, "admits_all_but_statements", False)
            assert run(capsys, "rows", *form, *map(str, files)) == in_runs
        assert not fed
