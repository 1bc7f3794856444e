"""``binlog-kaitai pull`` against a real MariaDB over TCP on 127.0.0.1: every pulled file
is compared, by SHA-256, with the server's own; runs are killed, cut mid-event by a
proxy, and rerun; the errors a user meets are one line each."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import random
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from kaitaistruct import KaitaiStream

from binlog_kaitai.generated.binlog_stream_packet import BinlogStreamPacket
from binlog_kaitai.gtid_set import GtidSet
from binlog_kaitai.pull import complete_length
from binlog_kaitai.replication import (
    REPORT_HOST,
    com_binlog_dump,
    com_binlog_dump_gtid,
    com_register_slave,
)
from binlog_kaitai.stream import BinlogStream
from tools.mariadb_sandbox import MariaDBSandbox, find_program

pytestmark = pytest.mark.skipif(find_program("mariadbd") is None, reason="needs mariadbd")

PASSWORD = "pull-s3cret"
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def db() -> Iterator[MariaDBSandbox]:
    options = {"binlog_format": "ROW", "max_allowed_packet": "64M"}
    with MariaDBSandbox(port=0, options=options) as server:
        server.sql(
            f"CREATE USER rep@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
            "GRANT REPLICATION SLAVE ON *.* TO rep@'127.0.0.1';"
            f"CREATE USER plain@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
            "CREATE DATABASE d; CREATE TABLE d.t (i INT PRIMARY KEY AUTO_INCREMENT, s LONGTEXT)")
        yield server


def write_rows(db: MariaDBSandbox, n: int, size: int = 2000) -> None:
    values = ",".join(f"(REPEAT('{chr(97 + k % 26)}', {size}))" for k in range(n))
    db.sql(f"INSERT INTO d.t (s) VALUES {values}")


def pull_args(port: int, out: Path, *extra: str, user: str = "rep") -> list[str]:
    return [sys.executable, "-m", "binlog_kaitai", "pull", "--host", "127.0.0.1",
            "--port", str(port), "--user", user, "--output", str(out), *extra]


def run_pull(port: int, out: Path, *extra: str, password: str = PASSWORD,
             user: str = "rep") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MYSQL_PWD=password)
    return subprocess.run(pull_args(port, out, *extra, user=user), env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60, check=False)


def start_follow(port: int, out: Path, first: str) -> subprocess.Popen[str]:
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    return subprocess.Popen(pull_args(port, out, "--stop-never", first), env=env, cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def as_sent(path: Path) -> bytes:
    """A server's binlog as the source sends it: its FORMAT_DESCRIPTION_EVENT's
    LOG_EVENT_BINLOG_IN_USE_F (the low bit of the header's flags, at byte 17 of the
    event, which starts at offset 4) cleared, as the file has it once closed."""
    data = bytearray(path.read_bytes())
    data[4 + 17] &= 0xFE
    return bytes(data)


def server_files(db: MariaDBSandbox) -> dict[str, Path]:
    return {p.name: p for p in db.binlog_paths()}


def first_binlog(db: MariaDBSandbox) -> str:
    return db.sql("SHOW BINARY LOGS").split()[0]


def assert_identical(db: MariaDBSandbox, out: Path, *, closed_only: bool = True) -> list[str]:
    """Every pulled file is the server's file (the server's active one left out when
    ``closed_only``: the pull cannot know its end yet). The names compared."""
    served = server_files(db)
    active = db.binlog_paths()[-1].name
    pulled = sorted(p.name for p in out.iterdir())
    assert pulled, "nothing pulled"
    compared = []
    for name in pulled:
        if closed_only and name == active:
            continue
        assert sha(out / name) == sha(served[name]), name
        compared.append(name)
    return compared


def wait_until(check: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():  # type: ignore[operator]
                return
        except (AssertionError, FileNotFoundError, KeyError):
            pass
        if time.monotonic() > deadline:
            check()  # type: ignore[operator]
            raise AssertionError("timed out")
        time.sleep(0.2)


def stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGKILL)
    _, err = proc.communicate(timeout=10)
    return err


def test_rotations_with_crc32_and_none_are_pulled_byte_for_byte(
        db: MariaDBSandbox, tmp_path: Path) -> None:
    first = first_binlog(db)
    for checksum in ("CRC32", "NONE", "CRC32"):
        db.sql(f"SET GLOBAL binlog_checksum = {checksum}")
        for _ in range(2):
            write_rows(db, 20)
            db.flush_logs()
    write_rows(db, 1, size=17 << 20)  # a 17 MB event: packets of 2^24-1 bytes joined
    write_rows(db, 5)  # the active file, pulled as far as it goes
    res = run_pull(db.port, tmp_path, first)
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    db.flush_logs()
    res = run_pull(db.port, tmp_path, first)  # resumes the file that was active
    assert res.returncode == 0, res.stderr
    compared = assert_identical(db, tmp_path)
    assert len(compared) >= 7
    footers, longest = set(), 0
    for name in compared:
        with BinlogStream(tmp_path / name, bodies=()) as stream:
            footers.add(stream.first_format.checksum_len)
            longest = max(longest, *(ev.length for ev in stream.events()))
    assert footers == {0, 4}
    assert longest > (1 << 24)


def test_sigkill_mid_pull_then_rerun_is_identical(db: MariaDBSandbox, tmp_path: Path) -> None:
    db.flush_logs()
    first = db.binlog_paths()[-1].name
    proc = start_follow(db.port, tmp_path, first)
    rng = random.Random(28)
    try:
        for _ in range(6):
            write_rows(db, 30, size=rng.randint(100, 20000))
            if rng.random() < 0.5:
                db.flush_logs()
        wait_until(lambda: sum(p.stat().st_size for p in tmp_path.iterdir()) > 100_000)
    finally:
        stop(proc)
    served = server_files(db)
    for path in tmp_path.iterdir():  # what the kill left: prefixes of the server's files
        assert as_sent(served[path.name]).startswith(path.read_bytes()), path.name
    newest = max(tmp_path.iterdir())
    size = newest.stat().st_size
    os.truncate(newest, size - 10)  # a write the kill tore: the last event cut short
    assert complete_length(newest) < size - 10
    write_rows(db, 10)
    db.flush_logs()
    res = run_pull(db.port, tmp_path, first)
    assert res.returncode == 0, res.stderr
    assert set(assert_identical(db, tmp_path)) >= {p.name for p in tmp_path.iterdir()} - {
        db.binlog_paths()[-1].name}


class CuttingProxy:
    """127.0.0.1:``port`` forwarded to the server; the first ``cuts`` connections are cut
    once the server has sent ``limit`` bytes through them (the later ones are not)."""

    def __init__(self, target: int, limit: int, cuts: int = 1) -> None:
        self.target, self.limit, self.cuts = target, limit, cuts
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            limit = self.limit if self.connections <= self.cuts else None
            upstream = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self._pump, args=(client, upstream, None),
                             daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, limit),
                             daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket, limit: int | None) -> None:
        sent = 0
        try:
            while limit is None or sent < limit:
                data = src.recv(65536)
                if not data:
                    break
                if limit is not None:
                    data = data[:limit - sent]
                dst.sendall(data)
                sent += len(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self.listener.close()


def test_stream_cut_mid_event_leaves_a_clean_prefix_and_rerun_completes(
        db: MariaDBSandbox, tmp_path: Path) -> None:
    db.flush_logs()
    first = db.binlog_paths()[-1].name
    write_rows(db, 3, size=200_000)  # events of ~600 kB: a cut lands inside one
    db.flush_logs()
    proxy = CuttingProxy(db.port, limit=350_000)
    try:
        res = run_pull(proxy.port, tmp_path, first)
    finally:
        proxy.close()
    assert res.returncode == 1
    assert res.stderr.count("\n") == 1 and "connection lost" in res.stderr, res.stderr
    pulled = tmp_path / first
    data = pulled.read_bytes()
    assert 4 < len(data) < server_files(db)[first].stat().st_size
    assert complete_length(pulled) == len(data)
    assert as_sent(server_files(db)[first]).startswith(data)
    res = run_pull(db.port, tmp_path, first)
    assert res.returncode == 0, res.stderr
    assert first in assert_identical(db, tmp_path)


def test_follow_reconnects_through_a_cut_and_sees_flush_and_purge(
        db: MariaDBSandbox, tmp_path: Path) -> None:
    db.flush_logs()
    first = db.binlog_paths()[-1].name
    write_rows(db, 2, size=200_000)
    proxy = CuttingProxy(db.port, limit=150_000)
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    proc = subprocess.Popen(pull_args(proxy.port, tmp_path, "--stop-never", first), env=env,
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    expected: dict[str, str] = {}

    def caught_up() -> bool:
        return all(sha(tmp_path / name) == digest for name, digest in expected.items())
    try:
        for _ in range(3):
            write_rows(db, 10)
            db.flush_logs()
            expected.update({name: sha(p) for name, p in server_files(db).items()
                             if name != db.binlog_paths()[-1].name and name >= first})
            wait_until(caught_up)  # the files the pull has read, purged under it
            db.sql(f"PURGE BINARY LOGS TO '{db.binlog_paths()[-1].name}'")
        write_rows(db, 10)
        db.flush_logs()
        expected[db.binlog_paths()[-2].name] = sha(db.binlog_paths()[-2])
        wait_until(caught_up)
    finally:
        err = stop(proc)
        proxy.close()
    assert proxy.connections >= 2
    assert "connection lost" in err and "connecting again" in err, err
    assert len(expected) >= 4


def test_from_gtid_starts_at_the_file_holding_the_next_transaction(
        db: MariaDBSandbox, tmp_path: Path) -> None:
    db.flush_logs()
    write_rows(db, 1)
    state = db.sql("SELECT @@gtid_binlog_pos").strip()
    db.flush_logs()
    wanted = db.binlog_paths()[-1].name
    write_rows(db, 1)
    db.flush_logs()
    res = run_pull(db.port, tmp_path, "--from-gtid", state)
    assert res.returncode == 0, res.stderr
    assert min(p.name for p in tmp_path.iterdir()) == wanted
    assert wanted in assert_identical(db, tmp_path)


def test_errors_are_one_line(db: MariaDBSandbox, tmp_path: Path) -> None:
    first = first_binlog(db)
    cases = [
        (run_pull(db.port, tmp_path / "a", first, password="wrong"),
         "Access denied for user 'rep'"),
        (run_pull(db.port, tmp_path / "b", first, user="plain"), "REPLICATION SLAVE"),
        (run_pull(db.port, tmp_path / "c", "--server-id", "1", first),
         "server_id 1 is the source's"),
        (run_pull(db.port, tmp_path / "d", "binlog.000000"), "error 1236"),
        (run_pull(CuttingProxy(db.port, 0).port, tmp_path / "e", first), "cannot connect"),
        (run_pull(db.port, tmp_path / "f", "--from-gtid", "0-1-999999"), "error 1236"),
        (run_pull(db.port, tmp_path / "g"), "give FIRST_FILE or --from-gtid"),
    ]
    for res, needle in cases:
        assert res.returncode == 1
        assert res.stderr.startswith("binlog-kaitai pull: ") and res.stderr.count("\n") == 1
        assert needle in res.stderr, res.stderr
        assert PASSWORD not in res.stderr and "wrong" not in res.stderr.split("'rep'")[0]
    assert all(p.stat().st_size <= 4 for p in tmp_path.glob("*/*"))


def test_purged_first_file_is_an_error(db: MariaDBSandbox, tmp_path: Path) -> None:
    db.flush_logs()
    gone = db.binlog_paths()[0].name
    db.sql(f"PURGE BINARY LOGS TO '{db.binlog_paths()[-1].name}'")
    res = run_pull(db.port, tmp_path, gone)
    assert res.returncode == 1
    assert res.stderr.count("\n") == 1
    assert "error 1236" in res.stderr and "binary log index" in res.stderr, res.stderr


def test_the_commands_read_back_through_the_spec() -> None:
    def parse(cls: type, data: bytes) -> object:
        return cls(KaitaiStream(io.BytesIO(data)))

    reg = parse(BinlogStreamPacket.ComRegisterSlave, b"\x15" + com_register_slave(77))
    assert (reg.server_id, reg.hostname, reg.user, reg.port) == (77, REPORT_HOST, "", 0)
    dump = parse(BinlogStreamPacket.ComBinlogDump,
                 b"\x12" + com_binlog_dump("binlog.000042", 1234, 3, 9))
    assert (dump.binlog_pos, dump.flags, dump.server_id, dump.binlog_filename) == (
        1234, 3, 9, "binlog.000042")
    sid = str(uuid.uuid4())
    gtids = GtidSet.parse(f"{sid}:1-5:7")
    dg = parse(BinlogStreamPacket.ComBinlogDumpGtid,
               b"\x1e" + com_binlog_dump_gtid(gtids, 1, 9))
    assert dg.flags == 5 and dg.binlog_filename == "" and dg.binlog_pos.value == 4
    only = dg.sid_set.sids[0]
    assert uuid.UUID(bytes=only.sid) == uuid.UUID(sid)
    assert [(i.start.value, i.end.value) for i in only.intervals] == [(1, 6), (7, 8)]


def test_follow_goes_on_after_a_server_restart(db: MariaDBSandbox, tmp_path: Path) -> None:
    db.flush_logs()
    first = db.binlog_paths()[-1].name
    write_rows(db, 5)
    (tmp_path / "pw").write_text(PASSWORD + "\n")
    out = tmp_path / "out"
    proc = subprocess.Popen(
        pull_args(db.port, out, "--password-file", str(tmp_path / "pw"), "--stop-never", first),
        env={k: v for k, v in os.environ.items() if k != "MYSQL_PWD"}, cwd=REPO,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: (out / first).stat().st_size > 10_000)
        assert PASSWORD not in " ".join(proc.args)  # type: ignore[arg-type]
        db.stop()  # a clean shutdown: the file ends with STOP_EVENT, the next one starts
        db.start()
        write_rows(db, 5)
        db.flush_logs()
        closed = [p for p in db.binlog_paths() if p.name >= first][:-1]
        assert len(closed) >= 2
        wait_until(lambda: all(sha(out / p.name) == sha(p) for p in closed))
    finally:
        err = stop(proc)
    assert "connecting again" in err, err


def test_a_server_without_binary_logging_is_refused(tmp_path: Path) -> None:
    with MariaDBSandbox(port=0, options=["--skip-log-bin"]) as server:
        server.sql(f"CREATE USER rep@'127.0.0.1' IDENTIFIED BY '{PASSWORD}';"
                   "GRANT REPLICATION SLAVE ON *.* TO rep@'127.0.0.1'")
        res = run_pull(server.port, tmp_path, "binlog.000001")
    assert res.returncode == 1
    assert res.stderr.endswith("binary logging is off on the source (log_bin)\n"), res.stderr
    assert res.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_server_id_a_replica_registered_is_refused(db: MariaDBSandbox, tmp_path: Path) -> None:
    import pymysql
    from pymysql.constants import COMMAND

    db.sql("GRANT REPLICATION MASTER ADMIN ON *.* TO rep@'127.0.0.1'")
    other = pymysql.connect(host="127.0.0.1", port=db.port, user="rep", password=PASSWORD)
    try:  # a replica registered from another host with server_id 4242
        host = b"replica-2"
        other._execute_command(COMMAND.COM_REGISTER_SLAVE, struct.pack("<IB", 4242, len(host))
                               + host + b"\0\0" + struct.pack("<HII", 3306, 0, 0))
        other._read_ok_packet()
        res = run_pull(db.port, tmp_path, "--server-id", "4242", first_binlog(db))
        mine = run_pull(db.port, tmp_path / "b", "--server-id", "4243", first_binlog(db))
    finally:
        other.close()
    assert res.returncode == 1 and res.stderr.count("\n") == 1
    assert "server_id 4242 is in use by the replica registered from 'replica-2'" in res.stderr
    assert mine.returncode == 0, mine.stderr


def test_the_stream_events_read_as_the_spec_reads_them(db: MariaDBSandbox) -> None:
    """Every packet of a real stream, heartbeats of an idle one included: the header
    fields and is_artificial a pull uses are the spec's; and the JavaScript build of the
    spec reads the same packets (an EOF and an ERR too) as the Python one."""
    from binlog_kaitai.replication import Endpoint, ReplicationClient

    db.flush_logs()
    write_rows(db, 3)
    client = ReplicationClient(Endpoint("127.0.0.1", db.port, "rep", PASSWORD), 4244,
                               heartbeat=0.2)
    client.open()
    seen: list[tuple[int, bool]] = []
    payloads = []
    try:
        for ev in (ev for batch in client.dump(db.binlog_paths()[-2].name, 4,
                                               non_block=False) for ev in batch):
            spec = ev.packet.header
            assert (ev.type_code, ev.log_pos, ev.flags, ev.length) == (
                spec.type_code, spec.log_pos, spec.flags, spec.event_length)
            assert ev.is_artificial == ev.packet.is_artificial
            seen.append((ev.type_code, ev.is_artificial))
            payloads.append(b"\0" + ev.raw)
            if ev.type_code == 27:  # HEARTBEAT_LOG_EVENT: the stream is idle
                break
    finally:
        client.close()
    assert (27, True) in seen and (4, True) in seen and (15, False) in seen
    assert any(code in (23, 30) and not artificial for code, artificial in seen)  # rows
    payloads += [b"\xfe\0\0\x02\0", b"\xff\xd4\x04#HY000Could not find first log"]
    assert packet_facts_js(payloads) == [packet_facts(p) for p in payloads]


def packet_facts(payload: bytes) -> list[object]:
    """What the Python build of the spec reads of a stream packet."""
    packet = BinlogStreamPacket(False, KaitaiStream(io.BytesIO(payload)))
    body = packet.body
    if packet.status == BinlogStreamPacket.Status.ok:
        h = body.header
        return [0, h.type_code, h.log_pos, h.flags, h.event_length, body.is_artificial,
                body.event.hex()]
    if packet.status == BinlogStreamPacket.Status.eof:
        return [254, body.warnings, body.status_flags]
    return [255, body.error_code, body.sql_state, body.message]


PACKET_FACTS_JS = """
const KaitaiStream = require('kaitai-struct/KaitaiStream');
const { BinlogStreamPacket } = require('./generated_js/BinlogStreamPacket');
const out = [];
for (const line of require('fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean)) {
  const p = new BinlogStreamPacket(new KaitaiStream(Buffer.from(line, 'hex')), null, null,
                                   false);
  const b = p.body;
  if (p.status === 0) {
    const h = b.header;
    out.push([0, h.typeCode, h.logPos, h.flags, h.eventLength, b.isArtificial,
              Buffer.from(b.event).toString('hex')]);
  } else if (p.status === 254) {
    out.push([254, b.warnings, b.statusFlags]);
  } else {
    out.push([255, b.errorCode, b.sqlState, b.message]);
  }
}
console.log(JSON.stringify(out));
"""


def packet_facts_js(payloads: list[bytes]) -> list[list[object]]:
    """The same, read by the JavaScript build (generated_js/)."""
    import json

    res = subprocess.run(["node", "-e", PACKET_FACTS_JS], cwd=REPO, check=True, text=True,
                         input="\n".join(p.hex() for p in payloads), capture_output=True)
    return json.loads(res.stdout)


def test_a_write_that_fails_midway_is_cut_back_by_the_rerun(
        db: MariaDBSandbox, tmp_path: Path) -> None:
    """A file size limit (as a full disk) stops the pull inside an event: the event is
    torn on disk, the error is one line, and the rerun cuts it back and completes."""
    import resource

    db.flush_logs()
    first = db.binlog_paths()[-1].name
    write_rows(db, 4, size=50_000)
    db.flush_logs()

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (120_000, 120_000))

    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    res = subprocess.run(pull_args(db.port, tmp_path, first), env=env, cwd=REPO,
                         capture_output=True, text=True, timeout=60, check=False,
                         preexec_fn=limit)
    assert res.returncode == 1
    assert res.stderr.count("\n") == 1 and "File too large" in res.stderr, res.stderr
    torn = tmp_path / first
    assert torn.stat().st_size == 120_000 and complete_length(torn) < 120_000
    res = run_pull(db.port, tmp_path, first)
    assert res.returncode == 0, res.stderr
    assert first in assert_identical(db, tmp_path)


def test_a_second_pull_with_the_same_server_id_stops_the_first(
        db: MariaDBSandbox, tmp_path: Path) -> None:
    first = first_binlog(db)
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    older = subprocess.Popen(pull_args(db.port, tmp_path / "a", "--stop-never", "--server-id",
                                       "4245", first),
                             env=env, cwd=REPO, stderr=subprocess.PIPE, text=True)
    wait_until(lambda: (tmp_path / "a" / first).stat().st_size > 4)
    res = run_pull(db.port, tmp_path / "b", "--server-id", "4245", first)
    assert res.returncode == 0, res.stderr
    try:
        older.wait(timeout=30)
    finally:
        err = stop(older)
    assert older.returncode == 1
    assert err.count("\n") == 1 and "error 4052" in err and "--server-id" in err, err


def test_follow_waits_for_a_server_that_is_not_up_yet(db: MariaDBSandbox, tmp_path: Path) -> None:
    first = db.binlog_paths()[-1].name
    proxy = CuttingProxy(db.port, limit=0, cuts=2)  # the first two connections fail
    env = dict(os.environ, MYSQL_PWD=PASSWORD)
    proc = subprocess.Popen(pull_args(proxy.port, tmp_path, "--stop-never", first), env=env,
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: (tmp_path / first).stat().st_size > 4)
    finally:
        err = stop(proc)
        proxy.close()
    lines = err.splitlines()
    assert len(lines) == 2 and all("cannot connect" in line for line in lines), err
    assert "again in 0.5 s" in lines[0] and "again in 1 s" in lines[1]


def test_the_captured_streams_read_alike_in_both_builds() -> None:
    """tests/fixtures/streams (tools/capture_stream.py, from a real MariaDB): the Python
    and JavaScript builds of binlog_stream_packet read every packet alike (what `make
    crosscheck` compares), and the packets are what each capture was made to hold."""
    from tools.crosscheck import STREAMS, crosscheck, default_inputs

    files = sorted(STREAMS.glob("*.stream"))
    assert len(files) == 4 and set(files) <= set(default_inputs())
    results = {Path(r.file).stem: r for r in crosscheck(files)}
    assert all(r.identical for r in results.values()), [
        r.file for r in results.values() if not r.identical]
    trees = {name: [json.loads(line)["tree"] for line in r.python]
             for name, r in results.items()}

    def events(name: str) -> list[tuple[int, int]]:
        """(type code, log_pos) of each event packet."""
        return [(t["body"]["header"]["raw_type_code"], t["body"]["header"]["log_pos"])
                for t in trees[name] if t["status"] == 0]

    assert trees["mariadb_missing_file"] == [{"status": 255, "body": {
        "error_code": 1236, "sql_state_marker": "23", "sql_state": "HY000",
        "message": "Could not find first log file name in binary log index file"}}]
    start = events("mariadb_from_start")
    assert start[:2] == [(4, 0), (15, start[1][1])] and trees["mariadb_from_start"][-1][
        "status"] == 254
    assert sum(1 for code, pos in start if code == 4 and pos == 0) == 3  # three files
    mid = events("mariadb_mid_file")
    assert mid[:2] == [(4, 0), (15, 0)] and mid[-1][0] == 27  # then a heartbeat
    # MariaDB's artificial GTID_LIST_EVENT: flagged LOG_EVENT_ARTIFICIAL_F, timestamp 0,
    # log_pos where the dump goes on (the first transaction, in the state, skipped)
    gtid_lists = [t["body"]["header"] for t in trees["mariadb_gtid"]
                  if t["status"] == 0 and t["body"]["header"]["raw_type_code"] == 163]
    assert [(h["flags"] & 0x20, h["timestamp"] == 0) for h in gtid_lists] == [
        (0, False), (0x20, True), (0, False), (0, False)]  # then the next files' own
