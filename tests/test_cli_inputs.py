"""Issue 24: how every command takes its inputs, positions and times, on real binlogs,
against ``mariadb-binlog`` where it has the same option.

``rotation_minimal`` is three files of one server (MINIMAL metadata: the table maps carry
no column names; only the CREATE TABLE in binlog.000001 names the columns of the rows in
the later files), stamped 11:46:29-11:46:30 UTC.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from binlog_kaitai.cli import build_parser, main, parse_as_of
from binlog_kaitai.seek import seek_gtid
from binlog_kaitai.stream import read_events
from binlog_kaitai.times import FORMS
from tests.conftest import FIXTURES, REPO

ROTATION = FIXTURES / "mariadb" / "rotation_minimal"
A, B, C = (str(ROTATION / f"binlog.00000{i}") for i in (1, 2, 3))
ENCRYPTED_MYSQL = FIXTURES / "encrypted_mysql" / "binlog.000001"
MARIADB_BINLOG = shutil.which("mariadb-binlog")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def oracle_positions(*argv: str, tz: str = "UTC") -> list[list[int]]:
    """The ``# at N`` positions ``mariadb-binlog`` prints, one list per file (a file's
    list starts at its FORMAT_DESCRIPTION_EVENT's ``# at 4``, which it always reads)."""
    assert MARIADB_BINLOG is not None
    proc = subprocess.run([MARIADB_BINLOG, *argv], capture_output=True, text=True,
                          check=True, env=os.environ | {"TZ": tz})
    files: list[list[int]] = []
    for pos in (int(m) for m in re.findall(r"^# at (\d+)$", proc.stdout, re.MULTILINE)):
        if pos == 4:
            files.append([])
        files[-1].append(pos)
    return files


@pytest.fixture
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is Europe/Berlin (UTC+01:00 in November) for the test."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


# --- positions ---------------------------------------------------------------------------

def test_a_position_that_is_no_event_start_is_refused(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """Was: a garbage UNKNOWN_EVENT dated 1972 with a CRC mismatch, exit 0. mariadb-binlog
    fails there too ('Event truncated')."""
    status, lines, err = run(capsys, "events", "--start-position", "1000",
                             "--stop-position", "1300", A)
    assert (status, lines) == (1, [])
    assert err == (f"{A}: offset 1000: position 1000 is not the start of an event "
                   "(events start at 922 and 1081)\n")
    status, lines, err = run(capsys, "rows", "--json", "--stop-position", "500", A, B)
    assert (status, lines) == (1, [])
    assert err == (f"{B}: offset 500: position 500 is not the start of an event "
                   "(events start at 473 and 533)\n")
    if MARIADB_BINLOG:
        proc = subprocess.run([MARIADB_BINLOG, "--start-position=1000", A],
                              capture_output=True, text=True, check=False)
        assert proc.returncode == 1 and "offset 1000" in proc.stderr


@pytest.mark.skipif(MARIADB_BINLOG is None, reason="mariadb-binlog is not installed")
def test_start_applies_to_the_first_file_and_stop_to_the_last(
        capsys: pytest.CaptureFixture[str]) -> None:
    """As mariadb-binlog (and the command `plan` prints): 1251 is an event start of
    binlog.000001 only, 1184 one of binlog.000003 only."""
    status, lines, err = run(capsys, "events", "--json", "--start-position", "1251",
                             "--stop-position", "1184", A, B, C)
    assert (status, err) == (0, "")
    ours: dict[str, list[int]] = {}
    for line in lines:
        ev = json.loads(line)
        ours.setdefault(ev["file"], []).append(ev["pos"])
    first, second, third = oracle_positions("--start-position=1251",
                                            "--stop-position=1184", A, B, C)
    assert first[:2] == [4, 1251]  # mariadb-binlog reads the FORMAT_DESCRIPTION_EVENT
    assert [ours[A], ours[B], ours[C]] == [first[1:], second, third]
    assert ours[A][0] == 1251 and ours[B][0] == 4 and ours[C][-1] == 1153


def test_rows_across_files_keep_the_names_of_ddl_before_the_start(
        capsys: pytest.CaptureFixture[str]) -> None:
    """binlog.000001's CREATE TABLEs (at 492 and 735) lie before --start-position 1251,
    yet name the columns of the rows after it, in this file and the next ones."""
    status, lines, err = run(capsys, "rows", "--json", "--start-position", "1251",
                             "--stop-position", "1184", A, B, C)
    assert (status, err) == (0, "")
    rows = [json.loads(line) for line in lines]
    assert [(Path(r["file"]).name, r["pos"], r["table"], r["op"]) for r in rows] == [
        ("binlog.000001", 1406, "cart", "insert"),
        ("binlog.000002", 533, "oltp", "insert"), ("binlog.000002", 782, "oltp", "update"),
        ("binlog.000002", 1298, "oltp", "insert"), ("binlog.000002", 1546, "cart", "insert"),
        ("binlog.000002", 2143, "cart", "insert"),
        ("binlog.000003", 548, "oltp", "insert"), ("binlog.000003", 819, "oltp", "update"),
        ("binlog.000003", 1095, "oltp", "delete")]
    assert rows[0]["after"] == {"cart_id": 1, "item": "apple"}
    assert rows[1]["after"] == {"id": 3, "k": 30, "c": "three", "amount": "3.50",
                                "at": "2024-01-02 10:00:00"}
    assert rows[3]["after"]["note"] == "added"  # the ALTER TABLE inside the range
    assert rows[5]["after"] == {"cart_no": 100, "qty": 5, "label": "five"}


# --- times -------------------------------------------------------------------------------

@pytest.mark.skipif(MARIADB_BINLOG is None, reason="mariadb-binlog is not installed")
def test_datetimes_are_local_as_mariadb_binlog_reads_them(
        berlin: None, capsys: pytest.CaptureFixture[str]) -> None:
    """With TZ=Europe/Berlin, 12:46:30 is 11:46:30 UTC: the event at binlog.000003's 1692,
    where mariadb-binlog --start-datetime starts too (was: no event, read as UTC)."""
    dt = "2026-11-26 12:46:30"
    status, lines, _ = run(capsys, "seek", "--datetime", dt, str(ROTATION))
    assert status == 0
    assert lines == ["# times are local (CET, UTC+01:00; TZ sets the zone)",
                     f"{C}: pos 1692 (2026-11-26 12:46:30), transaction at 1692; "
                     + lines[1].rsplit("; ", 1)[1]]
    oracle = oracle_positions(f"--start-datetime={dt}", A, B, C, tz="Europe/Berlin")
    assert oracle == [[4], [4], [4, 1692, 1732]]
    status, lines, _ = run(capsys, "events", "--json", "--start-datetime", dt, A, B, C)
    assert [(json.loads(x)["file"], json.loads(x)["pos"]) for x in lines] == [
        (C, 1692), (C, 1732)]
    status, lines, _ = run(capsys, "seek", "--json", "--datetime", dt, str(ROTATION))
    assert json.loads(lines[0])["datetime"] == "2026-11-26T11:46:30Z"  # JSON stays UTC


@pytest.mark.parametrize("text", ["2026/11/26 12:46:30", "20261126124630",
                                  "2026-11-26 12:46:29.5", "2026-11-26T11:46:30Z",
                                  "2026-11-26 13:46:30+02:00", "@1795693590"])
def test_datetime_forms_and_fractions(text: str, berlin: None,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """MySQL's other forms were rejected; a fraction was dropped (12:46:29.5 read as
    12:46:29 finds binlog.000001's first event); every form here is 11:46:30 UTC or,
    for the fraction, just before it, so each finds the event at binlog.000003's 1692."""
    status, lines, _ = run(capsys, "seek", "--json", "--datetime", text, A, B, C)
    found = json.loads(lines[0])
    assert (status, found["file"], found["pos"], found["timestamp"]) == (
        0, C, 1692, 1795693590)


def test_a_datetime_of_no_known_form_lists_the_forms(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["events", "--start-datetime", "26.11.2026 12:00", A])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "Traceback" not in err
    assert "not a date/time: '26.11.2026 12:00' (accepted: " + "; ".join(FORMS) in err


def test_text_output_is_local_and_says_so(berlin: None, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    """Event lines, the summary table and check's chains print Berlin time, as
    mariadb-binlog's `#261126 12:46:29` headers do; JSON stays UTC."""
    note = "# times are local (CET, UTC+01:00; TZ sets the zone)"
    _, lines, _ = run(capsys, "events", A)
    assert lines[:3] == [note, f"# {A}", lines[2]]
    assert lines[2].split()[:4] == ["4", "2026-11-26", "12:46:29", "FORMAT_DESCRIPTION_EVENT"]
    _, lines, _ = run(capsys, "summary", A)
    assert lines[0] == note and lines[2].split()[1:5] == [
        "2026-11-26", "12:46:29", "2026-11-26", "12:46:29"]
    _, lines, _ = run(capsys, "summary", "--json", A)
    assert json.loads(lines[0])["start_time"] == "2026-11-26T11:46:29Z"
    _, lines, _ = run(capsys, "check", A, B, C)
    assert lines[0] == note and lines[2].split()[4:8] == [
        "2026-11-26", "12:46:29", "2026-11-26", "12:46:30"]
    _, lines, _ = run(capsys, "rows", B)
    assert lines[0] == note and lines[2].startswith("# at ")
    assert lines[2].split()[5:7] == ["2026-11-26", "12:46:29"]  # "# at 533 row 0: …"
    _, lines, _ = run(capsys, "rows", "--json", B)
    assert json.loads(lines[0])["timestamp"] == 1795693589  # 11:46:29 UTC: JSON is not local


def test_sql_ddl_without_sql_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """--sql-ddl alone would be ignored without a word: refused, as --flashback is."""
    with pytest.raises(SystemExit) as exc:
        main(["rows", "--sql-ddl", A])
    assert exc.value.code == 2
    assert "--sql-ddl" in capsys.readouterr().err


# --- inputs ------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["summary", "--json"], ["seek", "--json", "--gtid",
                                     "0-1-9"], ["events", "--json"], ["rows", "--json"]])
def test_folders_and_quoted_globs_as_check_takes_them(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Were rejected by summary, seek, events and rows. A folder's notes (scenario.sql,
    events.tsv, options.json) are skipped; files come in chain order."""
    by_files = run(capsys, *command, C, A, B)
    assert by_files[0] == 0 and by_files[1]
    assert run(capsys, *command, str(ROTATION)) == by_files
    assert run(capsys, *command, str(ROTATION / "binlog.*")) == by_files
    files = [json.loads(x)["file"] for x in by_files[1]]
    assert files == sorted(files)


def test_seek_over_files_gives_the_archive_answer(capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    """Was one line per file. The answer is the first file in chain order with the GTID;
    the bytes read are the archive's."""
    single = seek_gtid(B, "0-1-9")
    status, lines, _ = run(capsys, "seek", "--json", "--gtid", "0-1-9", C, B, A)
    (found,) = [json.loads(x) for x in lines]
    assert status == 0 and single.pos == 1093
    assert found | {"bytes_read": 0} == {"file": B, "gtid": "0-1-9", "pos": 1093,
                                         "timestamp": single.timestamp,
                                         "transaction_pos": 1093, "bytes_read": 0}
    assert found["bytes_read"] > single.bytes_read  # binlog.000001 was sought first
    status, lines, _ = run(capsys, "seek", "--gtid", "0-1-99", A, B, C)
    assert (status, lines[1:]) == (0, ["3 files: no GTID 0-1-99"])


def test_missing_input_names_its_cause(capsys: pytest.CaptureFixture[str], tmp_path: Path
                                       ) -> None:
    """Was `damaged` (check, plan) or an offset-0 error; the other inputs still run."""
    missing = str(tmp_path / "binlog.000009")
    status, lines, err = run(capsys, "summary", "--json", missing, A)
    assert status == 1 and [json.loads(x)["file"] for x in lines] == [A]
    assert err == f"{missing}: No such file or directory\n"
    status, lines, err = run(capsys, "check", "--json", A, missing)
    assert status == 1
    assert json.loads(lines[0]) == {"kind": "unreadable", "file": missing,
                                    "detail": "No such file or directory"}
    status, lines, err = run(capsys, "events", str(tmp_path / "nothing*"))
    assert (status, lines) == (1, [])
    assert err.splitlines() == [f"{tmp_path / 'nothing*'}: no file matches",
                                f"binlog-kaitai events: no binlog found in {tmp_path}/nothing*"]


@pytest.mark.parametrize("command", ["check", "summary", "plan", "seek"])
def test_an_empty_input_is_one_line_and_status_1(command: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """`check` of an empty folder exited 0 with an empty table."""
    options = {"plan": ["--from", "binlog.000001:4", "--to-datetime", "2030-01-01"],
               "seek": ["--gtid", "0-1-1"]}.get(command, [])
    (tmp_path / "notes.txt").write_text("not a binlog")
    status, lines, err = run(capsys, command, *options, str(tmp_path))
    assert (status, lines) == (1, [])
    assert err == f"binlog-kaitai {command}: no binlog found in {tmp_path}\n"


def as_other_user(*argv: str) -> subprocess.CompletedProcess[str]:
    """The CLI as a user that is not root (root reads any file, whatever its mode)."""
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if (
        os.geteuid() == 0) else []
    return subprocess.run([*prefix, sys.executable, "-m", "binlog_kaitai", *argv],
                          capture_output=True, text=True, cwd=REPO, check=False)


@pytest.mark.skipif(os.geteuid() == 0 and shutil.which("setpriv") is None,
                    reason="root without setpriv reads every file")
def test_unreadable_inputs_say_permission_denied() -> None:
    """Was `damaged`, and `plan` of an unreadable folder said `no_start`."""
    root = Path(tempfile.mkdtemp(prefix="unreadable-"))
    try:
        root.chmod(0o755)
        folder, closed = root / "archive", root / "closed"
        shutil.copytree(ROTATION, folder)
        shutil.copytree(ROTATION, closed)
        for path in (folder, *folder.iterdir()):
            path.chmod(0o755 if path.is_dir() else 0o644)
        (folder / "binlog.000002").chmod(0)
        closed.chmod(0)
        proc = as_other_user("summary", "--json", str(folder))
        assert proc.returncode == 1
        assert proc.stderr == f"{folder / 'binlog.000002'}: Permission denied\n"
        assert [Path(json.loads(x)["file"]).name for x in proc.stdout.splitlines()] == [
            "binlog.000001", "binlog.000003"]
        proc = as_other_user("plan", "--from", "binlog.000001:4", "--to-datetime",
                             "2030-01-01", str(closed))
        assert (proc.returncode, proc.stdout) == (1, "")
        assert proc.stderr.splitlines() == [
            f"{closed}: Permission denied",
            f"binlog-kaitai plan: no binlog found in {closed}"]
        proc = as_other_user("check", str(folder), str(closed))
        assert proc.returncode == 1 and proc.stdout.splitlines()[:2] == [
            f"{folder / 'binlog.000002'}: unreadable: Permission denied",
            f"{closed}: unreadable: Permission denied"]
        assert "missing_file" not in proc.stdout  # it is there: not `absent`
        proc = as_other_user("plan", "--from", "binlog.000001:4", "--to-gtid", "0-1-9",
                             str(folder))
        assert proc.returncode == 1
        assert proc.stderr == f"{folder / 'binlog.000002'}: Permission denied\n"
        assert proc.stdout.splitlines()[2] == (
            f"{folder / 'binlog.000002'}: unreadable: Permission denied")
        assert "missing_file" not in proc.stdout and "absent: named" not in proc.stdout
    finally:
        closed.chmod(0o755)
        shutil.rmtree(root)


# --- files of another kind, and the version --------------------------------------------

def test_an_encrypted_mysql_binlog_is_named_so(capsys: pytest.CaptureFixture[str]) -> None:
    """MySQL 8's binlog_encryption (magic \\xfdbin, a 512-byte header) was `bad magic`;
    the fixture is built from MySQL's documented header layout (see its README)."""
    head = ENCRYPTED_MYSQL.read_bytes()[:7]
    assert head[:5] == b"\xfdbin\x01" and head[5] == 1  # version 1; field 1, the key id
    key = "MySQLReplicationKey_4a7b2c8e-1f3d-11ef-9c2a-0242ac120002_1"
    message = (f"encrypted by MySQL binlog_encryption (header version 1, key {key}); it "
               "cannot be read without the server's keyring")
    status, lines, err = run(capsys, "events", "--json", str(ENCRYPTED_MYSQL))
    assert (status, lines, err) == (1, [], f"{ENCRYPTED_MYSQL}: offset 0: {message}\n")
    status, lines, _ = run(capsys, "summary", "--json", str(ENCRYPTED_MYSQL))
    assert json.loads(lines[0])["error"] == f"offset 0: {message}"
    with pytest.raises(Exception, match="binlog_encryption") as exc:
        list(read_events(ENCRYPTED_MYSQL))
    assert getattr(exc.value, "kind", None) == "encrypted"  # the Spark files' status


@pytest.mark.parametrize("script", ["binlog-kaitai", "binlog-kaitai-spark"])
def test_version(script: str) -> None:
    from importlib.metadata import version

    proc = subprocess.run([str(Path(sys.executable).parent / script), "--version"],
                          capture_output=True, text=True, check=False)
    assert (proc.returncode, proc.stdout) == (0, f"{script} {version('binlog-kaitai')}\n")


def test_export_as_of_is_read_as_every_datetime(berlin: None) -> None:
    """The export reads --as-of as UTC ISO text; the CLI hands it the local time given."""
    assert parse_as_of("2026-11-26 12:46:30") == "2026-11-26T11:46:30+00:00"
    assert parse_as_of("2026-11-26T11:46:30.25Z") == "2026-11-26T11:46:30.250000+00:00"


def doc_sections() -> dict[str, str]:
    """docs/cli.md by section: `## \\`binlog-kaitai X\\`` -> its text ("" for the first)."""
    sections, name = {"": ""}, ""
    for line in (REPO / "docs" / "cli.md").read_text().splitlines():
        heading = re.match(r"^## `binlog-kaitai (\w+)`", line)
        if heading:
            name = heading.group(1)
            sections[name] = ""
        elif line.startswith("## "):
            name = ""
        sections[name] += line + "\n"
    return sections


def test_the_reference_names_every_option() -> None:
    """Every command argparse knows has its section in docs/cli.md, and every option its
    row there (an option added without its line fails here)."""
    parser = build_parser()
    sections = doc_sections()
    commands = next(a for a in parser._actions
                    if isinstance(a, argparse._SubParsersAction)).choices
    missing = [f"{name} {option}" for name, sub in commands.items()
               for action in sub._actions for option in action.option_strings
               if option.startswith("--") and option != "--help"
               and f"`{option}" not in sections.get(name, "")]
    missing += [option for action in parser._actions for option in action.option_strings
                if option.startswith("--") and f"`{option}`" not in sections[""]]
    assert set(commands) <= set(sections) and missing == []


def test_a_fraction_asked_for_is_shown(berlin: None, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    """Text output shows the time asked for with its fraction (event times have none)."""
    status, lines, _ = run(capsys, "seek", "--datetime", "2030-01-01 00:00:00.25", A)
    assert (status, lines[1]) == (0, f"{A}: no event at or after 2030-01-01 00:00:00.25")


def test_the_export_files_status_of_a_mysql_encrypted_binlog(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As MariaDB's encrypted files: `encrypted` in the files table (the Spark job's
    per-file parse, run by export), its error and offset 0."""
    import pyarrow.parquet as pq

    out = tmp_path / "out"
    assert main(["export", "--no-typed-tables", "--output", str(out),
                 str(ENCRYPTED_MYSQL)]) == 0
    (row,) = [r for part in sorted((out / "files").rglob("*.parquet"))
              for r in pq.ParquetFile(part).read().to_pylist()]
    assert (row["status"], row["error_offset"]) == ("encrypted", 0)
    assert "MySQL binlog_encryption" in row["error"]


def test_chains_keep_the_command_line_order(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """Files of one folder come in chain order; folders in the order named (as
    ``mysqlbinlog`` takes its files), not sorted by path: a CI checkout under /check
    put the corpus file before the test's /tmp files and the CLI's answers in an order
    nobody asked for."""
    other = tmp_path / "zzz" / "x.bin"
    other.parent.mkdir()
    shutil.copy(C, other)
    status, lines, _ = run(capsys, "summary", "--json", str(other), C, A, B)
    assert status == 0
    assert [json.loads(x)["file"] for x in lines] == [str(other), A, B, C]
    status, lines, _ = run(capsys, "summary", "--json", B, str(other), A)
    assert [json.loads(x)["file"] for x in lines] == [A, B, str(other)]


# --- every command alike: non-binlogs, empty windows, plan's times, fractions ------------

NOT_BINLOGS = [f"{ROTATION / name}: offset 0: not a binlog: bad magic {magic} (expected fe "
               "62 69 6e)" for name, magic in (("events.tsv", "66 69 6c 65"),
                                                ("options.json", "7b 0a 20 20"),
                                                ("scenario.sql", "2d 2d 20 53"))]
"""What every command says of the fixture folder's notes when a glob names them."""


@pytest.mark.parametrize("command", [
    ["seek", "--gtid", "0-1-3"], ["plan", "--from", "binlog.000001:4", "--to-gtid", "0-1-3"],
    ["events"], ["summary"]])
def test_a_glob_naming_non_binlogs_is_reported_by_every_command(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """seek and plan skipped events.tsv (and the other notes) silently with status 0
    where events, rows and summary say each: all say one line per file, status 1; in a
    folder, none is named (a folder's notes are skipped, as check skips them)."""
    status, lines, err = run(capsys, *command, str(ROTATION / "*"))
    assert status == 1 and lines and err.splitlines() == NOT_BINLOGS
    status, _, err = run(capsys, *command, str(ROTATION))
    assert (status, err) == (0, "")


@pytest.mark.parametrize(("command", "options", "message"), [
    ("events", ["--start-position", "1184", "--stop-position", "646"],
     "--stop-position 646 is not after --start-position 1184"),
    ("rows", ["--start-datetime", "2026-11-26 11:46:30", "--stop-datetime",
              "2026-11-26 11:46:29"], "--stop-datetime 2026-11-26 11:46:29 is not after "
     "--start-datetime 2026-11-26 11:46:30")])
def test_a_stop_before_the_start_is_refused(command: str, options: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Both printed nothing with status 0."""
    status, lines, err = run(capsys, command, *options, C)
    assert (status, lines) == (1, [])
    assert err == f"binlog-kaitai {command}: {message}: nothing lies between them\n"


def test_over_several_files_positions_are_no_window(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """The start applies to the first file, the stop to the last: 1184 in binlog.000002
    and 646 in binlog.000003 are a window."""
    status, lines, _ = run(capsys, "events", "--json", "--start-position", "1093",
                           "--stop-position", "646", B, C)
    assert status == 0 and json.loads(lines[0])["pos"] == 1093


def test_plan_problems_are_in_local_time(berlin: None, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    """plan's header said local time while its problems said UTC with Z; JSON stays
    UTC."""
    options = ["--from", "binlog.000002:339", "--to-datetime", "2026-11-26 12:46:28"]
    status, lines, _ = run(capsys, "plan", *options, str(ROTATION))
    assert status == 1 and lines[1:3] == [
        "# from binlog.000002:339 to 2026-11-26 12:46:28",
        f"{B}: no_stop: 2026-11-26 12:46:28 comes before the start (339): the event at 4 "
        "is stamped 2026-11-26 12:46:29; the first transaction after it (0-1-6) ends at "
        "622, stamped 2026-11-26 12:46:29: the earliest target that replays it is "
        "2026-11-26 12:46:30"]
    status, lines, _ = run(capsys, "plan", "--json", *options, str(ROTATION))
    found = json.loads(lines[0])
    assert found["to"] == "2026-11-26T11:46:28Z"
    assert found["problems"][0]["detail"].startswith("2026-11-26T11:46:28Z comes before")


@pytest.mark.skipif(MARIADB_BINLOG is None, reason="mariadb-binlog is not installed")
@pytest.mark.parametrize("option", ["--start-datetime", "--stop-datetime"])
def test_a_fraction_compares_as_mariadb_binlog_compares_it(
        option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Events carry whole seconds and mariadb-binlog drops the fraction: from 11:46:29.5
    it keeps the events stamped 11:46:29 (they were dropped), and a stop at 11:46:30.5
    stops at the first event stamped 11:46:30."""
    value = {"--start-datetime": "2026-11-26 11:46:29.5",
             "--stop-datetime": "2026-11-26 11:46:30.5"}[option]
    (oracle,) = oracle_positions(f"{option}={value}", C)
    status, lines, _ = run(capsys, "events", "--json", option, value, C)
    ours = [json.loads(x)["pos"] for x in lines]
    assert status == 0 and ours == oracle
    assert len(ours) == {"--start-datetime": 30, "--stop-datetime": 28}[option]
