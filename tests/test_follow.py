"""``events --host`` and ``rows --host`` against a real MariaDB over TCP on 127.0.0.1:
what they print from the live stream is what the same command prints from the server's
own files; a row committed while ``rows --json --stop-never`` runs is printed as it
arrives (the latency is measured and written to stderr, not asserted); SIGINT ends the
run with status 0; the errors are one line."""

from __future__ import annotations

import json
import os
import queue
import signal
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pymysql
import pytest

from tools.mariadb_sandbox import MariaDBSandbox, find_program

pytestmark = pytest.mark.skipif(find_program("mariadbd") is None, reason="needs mariadbd")

PASSWORD = "follow-s3cret"
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def db() -> Iterator[MariaDBSandbox]:
    with MariaDBSandbox(port=0, options={"binlog_format": "ROW"}) as server:
        server.sql(
            f"CREATE USER rep@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
            "GRANT REPLICATION SLAVE ON *.* TO rep@'127.0.0.1';"
            f"CREATE USER w@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
            "GRANT ALL ON d.* TO w@'127.0.0.1';"
            "CREATE DATABASE d; CREATE TABLE d.t (i INT PRIMARY KEY, s VARCHAR(40));"
            "CREATE TABLE d.u (k INT PRIMARY KEY, v DECIMAL(8,2));"
            "INSERT INTO d.t VALUES (1, 'one'), (2, 'two'); INSERT INTO d.u VALUES (7, 1.5)")
        server.flush_logs()
        server.sql("UPDATE d.t SET s = 'uno' WHERE i = 1; DELETE FROM d.u;"
                   "BEGIN; INSERT INTO d.t VALUES (3, 'three'); INSERT INTO d.u VALUES (8, 2);"
                   "COMMIT")
        yield server


def command(db: MariaDBSandbox, *args: str) -> list[str]:
    return [sys.executable, "-m", "binlog_kaitai", *args, "--host", "127.0.0.1", "--port",
            str(db.port), "--user", "rep"]


def run(cmd: list[str], password: str = PASSWORD) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MYSQL_PWD=password, TZ="UTC")
    return subprocess.run(cmd, env=env, cwd=REPO, capture_output=True, text=True,
                          timeout=60, check=False)


def from_files(db: MariaDBSandbox, *args: str) -> str:
    """The command over the server's files, their folder taken out of the names."""
    paths = db.binlog_paths()
    res = run([sys.executable, "-m", "binlog_kaitai", *args, *map(str, paths)])
    assert res.returncode == 0, res.stderr
    return res.stdout.replace(f"{paths[0].parent}/", "")


def without_in_use_flag(text: str, active: str) -> str:
    """``events --json`` with the active file's FORMAT_DESCRIPTION_EVENT flags taken
    out: the file has LOG_EVENT_BINLOG_IN_USE_F, which the server clears when it sends
    it (the file is closed with it cleared)."""
    lines = []
    for line in text.splitlines():
        obj = json.loads(line)
        if obj["file"] == active and obj["type"] == "FORMAT_DESCRIPTION_EVENT":
            obj["flags"] &= ~1
        lines.append(json.dumps(obj))
    return "\n".join(lines)


@pytest.mark.parametrize("args", [
    ["rows", "--json"], ["rows"], ["rows", "--sql"], ["rows", "--json", "--table", "d.u"],
    ["rows", "--json", "--op", "delete"], ["events"], ["events", "--json"],
    ["events", "--json", "--type", "rows"]])
def test_live_prints_what_the_files_print(db: MariaDBSandbox, args: list[str]) -> None:
    first, active = db.binlog_paths()[0].name, db.binlog_paths()[-1].name
    res = run([*command(db, *args), first])
    assert (res.returncode, res.stderr) == (0, "")
    expected = from_files(db, *args)
    assert "d" in expected
    if args[:2] == ["events", "--json"]:
        assert without_in_use_flag(res.stdout, active) == without_in_use_flag(expected, active)
    else:
        assert res.stdout == expected


def test_a_start_position_in_the_first_file(db: MariaDBSandbox) -> None:
    """From the second transaction of the first file on: the events after it, as the
    files give them from that position."""
    first = db.binlog_paths()[0]
    gtids = [json.loads(line)["pos"] for line in from_files(
        db, "events", "--json", "--type", "gtid").splitlines()
        if json.loads(line)["file"] == first.name]
    start = str(gtids[1])
    res = run([*command(db, "events", "--json", "--start-position", start), first.name])
    assert res.returncode == 0, res.stderr
    expected = from_files(db, "events", "--json", "--start-position", start)
    active = db.binlog_paths()[-1].name
    assert without_in_use_flag(res.stdout, active) == without_in_use_flag(expected, active)
    assert json.loads(res.stdout.splitlines()[0])["pos"] == gtids[1]


def test_from_gtid_prints_the_transactions_after_it(db: MariaDBSandbox) -> None:
    rows = [json.loads(line) for line in from_files(db, "rows", "--json").splitlines()]
    state = rows[0]["gtid"]  # the first transaction's GTID: the rows after it follow
    res = run(command(db, "rows", "--json", "--from-gtid", state))
    assert res.returncode == 0, res.stderr
    got = [json.loads(line) for line in res.stdout.splitlines()]
    assert got == [r for r in rows if r["gtid"] != state] and got


def read_lines(proc: subprocess.Popen[str], lines: queue.Queue[tuple[float, str]]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.put((time.monotonic(), line))


def next_row(lines: queue.Queue[tuple[float, str]]) -> tuple[float, dict[str, object]]:
    when, line = lines.get(timeout=30)
    return when, json.loads(line)


def test_rows_follow_prints_each_commit_as_it_arrives(db: MariaDBSandbox) -> None:
    """``rows --json --stop-never``: each row committed is printed (the time from the
    commit's return to the line is written to stderr: ``pytest -s`` shows it); SIGINT
    then ends the run, status 0, nothing on stderr."""
    first = db.binlog_paths()[0].name
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    cmd = command(db, "rows", "--json", "--stop-never", "--table", "d.t")
    proc = subprocess.Popen([*cmd, first], env=env, cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    threading.Thread(target=read_lines, args=(proc, lines), daemon=True).start()
    conn = pymysql.connect(host="127.0.0.1", port=db.port, user="w", password=PASSWORD,
                           autocommit=True)
    latencies = []
    try:
        old = [next_row(lines)[1]["after"] for _ in range(4)]  # already in the binlogs
        assert old == [{"i": 1, "s": "one"}, {"i": 2, "s": "two"}, {"i": 1, "s": "uno"},
                       {"i": 3, "s": "three"}]
        for i in range(100, 110):
            with conn.cursor() as cur:
                cur.execute("INSERT INTO d.t VALUES (%s, %s)", (i, f"live-{i}"))
            committed = time.monotonic()
            when, row = next_row(lines)
            latencies.append(when - committed)
            assert (row["op"], row["table"], row["after"]) == (
                "insert", "t", {"i": i, "s": f"live-{i}"})
    finally:
        conn.close()
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=20)
    assert proc.stderr is not None
    assert (status, proc.stderr.read()) == (0, "")
    ms = sorted(round(s * 1000, 1) for s in latencies)
    print(f"rows --host latency from COMMIT, ms: {ms}", file=sys.stderr)


def test_errors_are_one_line(db: MariaDBSandbox) -> None:
    first = db.binlog_paths()[0].name
    cases = [
        ([*command(db, "rows", "--json"), first], "wrong", "Access denied for user 'rep'"),
        ([*command(db, "events"), "binlog.999999"], PASSWORD, "error 1236"),
        (command(db, "rows"), PASSWORD, "give the first binlog's name (FILE) or --from-gtid"),
        (command(db, "rows", "--from-gtid", "0-1-999999"), PASSWORD,
         "0-1-999999, which is not in the master's binlog"),
        ([*command(db, "rows", "--stop-position", "400"), first], PASSWORD,
         "--stop-position is for files"),
    ]
    missing_ca = str(REPO / "no-such-ca.pem")
    cases += [
        ([*command(db, "events", "--ssl-ca", str(REPO / "README.md")), first], PASSWORD,
         "--ssl-ca: [X509: NO_CERTIFICATE_OR_CRL_FOUND]"),
        ([*command(db, "events", "--ssl-ca", missing_ca), first], PASSWORD,
         f"--ssl-ca: No such file or directory: {missing_ca}"),
    ]
    system_ca = ssl.get_default_verify_paths().cafile  # a real CA file; the server: no TLS
    if system_ca is not None:
        cases.append(([*command(db, "rows", "--ssl-ca", system_ca), first], PASSWORD,
                      "TLS: SSL is required but the server doesn't support it"))
    for cmd, password, words in cases:
        res = run(cmd, password=password)
        assert res.returncode == 1 and res.stderr.count("\n") == 1, res.stderr
        assert res.stderr.startswith(f"binlog-kaitai {cmd[3]}: ") and words in res.stderr


def test_the_defaults_file_gives_what_the_command_line_does_not(
        db: MariaDBSandbox, tmp_path: Path) -> None:
    """``--defaults-file``'s [client] group: host, port, user and password (the command
    line wins: a wrong --port there is overridden), read by rows --host as by pull."""
    first = db.binlog_paths()[0].name
    options = tmp_path / "my.cnf"
    options.write_text(f"[mysqld]\nport=1\n[client]\nhost=127.0.0.1\nport={db.port}\n"
                       f"user=rep\npassword=\"{PASSWORD}\"\n")
    cli = [sys.executable, "-m", "binlog_kaitai"]
    res = run([*cli, "rows", "--json", "--defaults-file", str(options), first],
              password="wrong")  # (MYSQL_PWD comes after the option file)
    assert res.returncode == 0, res.stderr
    assert res.stdout == run([*command(db, "rows", "--json"), first]).stdout != ""
    out = tmp_path / "pulled"
    res = run([*cli, "pull", "--defaults-file", str(options), "--output", str(out), first],
              password="wrong")
    assert res.returncode == 0, res.stderr
    assert (out / first).read_bytes() == db.binlog_paths()[0].read_bytes()
    res = run([*cli, "pull", "--defaults-file", str(options), "--port", "1", "--output",
               str(out), first], password="wrong")
    assert res.returncode == 1 and "127.0.0.1:1: cannot connect" in res.stderr


def test_following_goes_on_after_a_server_restart(db: MariaDBSandbox) -> None:
    """``rows --json --stop-never`` through a restart: the row committed before and the
    one committed after are both printed once; each reconnect is a line on stderr; SIGINT
    then ends the run with status 0."""
    db.flush_logs()
    last = db.binlog_paths()[-1].name
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    proc = subprocess.Popen([*command(db, "rows", "--json", "--stop-never"), last], env=env,
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    threading.Thread(target=read_lines, args=(proc, lines), daemon=True).start()
    try:
        db.sql("INSERT INTO d.t VALUES (200, 'before')")
        # (no DDL in the binlogs read: columns by number, as rows of these files prints)
        assert next_row(lines)[1]["after"] == {"@1": 200, "@2": "before"}
        db.stop()  # a clean shutdown: the file ends with STOP_EVENT, the next one starts
        db.start()
        db.sql("INSERT INTO d.t VALUES (201, 'after')")
        row = next_row(lines)[1]
        assert (row["after"], row["file"]) == ({"@1": 201, "@2": "after"},
                                               db.binlog_paths()[-1].name)
    finally:
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=20)
    assert proc.stderr is not None and proc.stdout is not None
    err = proc.stderr.read().splitlines()
    assert status == 0 and err and all("; connecting again in " in line for line in err), err
    assert lines.empty()


def test_following_goes_on_through_a_connection_cut_mid_event(db: MariaDBSandbox) -> None:
    """``rows --json --stop-never`` through a proxy that cuts the stream inside an event of
    about 200 kB: the reconnect asks from the end of the last whole event, and every row
    is printed once."""
    from test_pull import CuttingProxy  # (tests/test_pull.py: the same proxy)

    db.flush_logs()
    last = db.binlog_paths()[-1].name
    db.sql("CREATE TABLE d.big (i INT PRIMARY KEY, s LONGTEXT);"
           + "".join(f"INSERT INTO d.big VALUES ({i}, REPEAT('{chr(96 + i)}', 200000));"
                     for i in (1, 2, 3)))
    proxy = CuttingProxy(db.port, limit=350_000)
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    cmd = [*command(db, "rows", "--json", "--stop-never", "--table", "d.big"), last]
    cmd[cmd.index(str(db.port))] = str(proxy.port)
    proc = subprocess.Popen(cmd, env=env, cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    threading.Thread(target=read_lines, args=(proc, lines), daemon=True).start()
    try:
        rows = [next_row(lines)[1] for _ in range(3)]
    finally:
        proc.send_signal(signal.SIGINT)
        status = proc.wait(timeout=20)
        proxy.close()
    assert [(r["after"]["i"], r["after"]["s"]) for r in rows] == [
        (i, chr(96 + i) * 200000) for i in (1, 2, 3)]
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert status == 0 and "connection lost" in err and "connecting again" in err, err
    assert proxy.connections == 2 and lines.empty()
