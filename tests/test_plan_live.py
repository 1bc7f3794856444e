"""`plan` against a real server: random backups and targets over a rotation it wrote.

A sandbox MariaDB writes four binlogs (FLUSH LOGS between them; the DDL in the first;
small transactions, each stamped its own second by ``SET timestamp``, so event times are
chosen without sleeping). After each transaction the test records the server's position
(``SHOW MASTER STATUS``), its GTID state and the tables: a backup could have been taken
there. Random cases (a fixed seed) pick a backup (a recorded position or GTID state, or
a deliberately bad position: a rows event inside a transaction, a byte inside an event)
and a target (a time or a GTID, some past the archive's end or before the backup), over
the whole archive or one without its second or its newest file. The oracle says what
must happen from the recorded history alone: the target's state is that after the last
transaction stamped before the time (or after the GTID's), and a plan must be refused
when the start is bad or absent, the target is past the archive's last event or before
the backup, or a transaction between them is in a file the archive lacks. A plan that
is possible is run: a second server is restored to the backup (``mariadb-binlog
--stop-position`` over the source's files from the first), the plan's command piped into
it, and its tables compared with the source's at the target.
"""

from __future__ import annotations

import random
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from binlog_kaitai.plan import BLOCKING, Plan, plan
from binlog_kaitai.seek import Gtid
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import iso_utc
from tools.mariadb_sandbox import MariaDBSandbox, find_program

pytestmark = [
    pytest.mark.live,
    pytest.mark.skipif(any(find_program(p) is None for p in ("mariadbd", "mariadb-binlog")),
                       reason="mariadbd or mariadb-binlog not installed"),
]

SEED = 24
CASES = 30
COUNT = 50
"""Transactions of the workload."""
FLUSH_AFTER = (12, 24, 36)
"""FLUSH LOGS after these transactions: four files, the newest in use when copied."""
STATE = ("SELECT CONCAT(COALESCE((SELECT GROUP_CONCAT(CONCAT_WS(':', id, v, note) "
         "ORDER BY id) FROM d.t), '-'), '|', COALESCE((SELECT GROUP_CONCAT(k ORDER BY k) "
         "FROM d.u), '-'))")
"""The tables as one line."""
OPTIONS = {"binlog_format": "ROW"}
VARIANTS = {"whole": None, "no_middle": "binlog.000002", "no_end": "binlog.000004"}
"""Archives: the file each lacks."""


@dataclass(frozen=True)
class Point:
    """The source after the DDL (index 0) or after transaction i: the transaction's
    time and file, the position a backup there records and its GTID state (one domain
    and server: the last transaction's GTID), and the tables."""

    ts: int
    file: str
    pos: int
    gtid: str
    state: str


@dataclass
class Source:
    points: list[Point]
    files: list[Path]
    rows: dict[str, list[int]]
    """Per file, the positions of its rows events: each inside a transaction."""
    archives: dict[str, Path]


def record(db: MariaDBSandbox, ts: int, body: str) -> Point:
    """Run ``body`` stamped ``ts`` and read back where the server stands."""
    out = db.sql(f"SET timestamp={ts}; {body} SHOW MASTER STATUS; "
                 f"SELECT @@gtid_binlog_pos; {STATE}").splitlines()
    file, pos = out[-3].split("\t")[:2]
    return Point(ts, file, int(pos), out[-2], out[-1])


def transaction(rng: random.Random, i: int) -> str:
    """One to three changes in one transaction."""
    changes = []
    for _ in range(rng.randint(1, 3)):
        change = rng.choice(("insert", "insert", "update", "delete", "u"))
        key = rng.randint(1, i + 1)
        changes.append({
            "insert": f"INSERT INTO d.t VALUES ({i * 10 + len(changes)}, {key}, 'r{i}')",
            "update": f"UPDATE d.t SET v = v + {i}, note = 'u{i}' WHERE id % 7 = {key % 7}",
            "delete": f"DELETE FROM d.t WHERE id = {key * 10}",
            "u": f"INSERT IGNORE INTO d.u VALUES ({key})"}[change])
    return "BEGIN; " + "; ".join(changes) + "; COMMIT;"


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Source:
    out = tmp_path_factory.mktemp("plan-rotation")
    rng = random.Random(SEED)
    base = int(time.time()) + 1000  # after the server's own events (its start, checkpoints)
    with MariaDBSandbox(options=OPTIONS) as db:
        points = [record(db, base, "CREATE DATABASE d; CREATE TABLE d.t (id INT PRIMARY "
                         "KEY, v INT, note VARCHAR(20)); CREATE TABLE d.u (k INT PRIMARY "
                         "KEY);")]
        for i in range(1, COUNT + 1):
            points.append(record(db, base + 3 * i, transaction(rng, i)))
            if i in FLUSH_AFTER:
                db.sql(f"SET timestamp={base + 3 * i + 1}; FLUSH BINARY LOGS")
        files = [Path(shutil.copy(p, out / p.name)) for p in db.binlog_paths()]
    archives = {}
    for name, lacks in VARIANTS.items():
        archives[name] = out / name
        archives[name].mkdir()
        for path in files:
            if path.name != lacks:
                shutil.copy(path, archives[name] / path.name)
    rows = {p.name: [ev.pos for ev in read_events(p) if ev.is_rows] for p in files}
    return Source(points, files, rows, archives)


@dataclass
class Case:
    """A backup (``b``: the point it was taken at; ``pos`` or ``gtids``) and a target
    (``when`` or ``gtid``) over an archive."""

    variant: str
    b: int
    pos: tuple[str, int] | None = None
    gtids: str | None = None
    when: float | None = None
    gtid: str | None = None
    bad: bool = False

    def run(self, source: Source) -> Plan:
        return plan([str(source.archives[self.variant])], from_position=self.pos,
                    from_gtid=self.gtids, to_datetime=self.when,
                    to_gtid=None if self.gtid is None else Gtid.parse(self.gtid))


def make_case(rng: random.Random, source: Source, i: int) -> Case:
    """Case ``i`` of kind ``i % 6``: 0, a position backup and a target after it; 1, a
    GTID state backup, a GTID after it; 2, a bad position; 3, a target past the
    archive's end; 4, one before the backup or at it; 5, an archive without its second
    or (in turn) its newest file."""
    points, last, kind = source.points, len(source.points) - 1, i % 6
    variant = "whole" if kind != 5 else ("no_middle", "no_end")[i // 6 % 2]
    across = variant == "no_middle"  # a backup in the first file, a target after the gap
    b = rng.randint(0, FLUSH_AFTER[0] - 1) if across else rng.randint(0, last - 1)
    case = Case(variant, b)
    if kind == 1 or (kind == 5 and rng.random() < 0.3):
        case.gtids = points[b].gtid
    elif kind == 2:
        file = rng.choice(sorted(source.rows))
        case.bad, case.pos = True, (  # in turn: a rows event; a byte inside the next event
            (file, rng.choice(source.rows[file])) if i // 6 % 2 == 0
            else (points[b].file, points[b].pos + rng.randint(1, 20)))
    else:
        case.pos = points[b].file, points[b].pos
    k = {3: last, 4: rng.choice((b, rng.randint(0, b)))}.get(
        kind, rng.randint(FLUSH_AFTER[1] + 1 if across else b + 1, last))
    if kind == 1 or rng.random() < 0.4:
        seq = int(points[k].gtid.rsplit("-", 1)[1]) + (rng.randint(1, 5) if kind == 3 else 0)
        case.gtid = f"0-1-{seq}"
    else:
        case.when = points[k].ts + rng.choice((0.5, 1, 60) if kind == 3 else (0, 0.5, 1, 1.5))
    return case


def oracle(case: Case, source: Source) -> tuple[str, int]:
    """What the recorded history says a plan must do: ``replay`` (to the state of point
    k), ``either`` (k is the backup's point: an empty replay, or a refusal), or be
    refused: ``bad_start``, ``no_start`` (the backup's file is not in the archive),
    ``no_stop`` (a target past the archive or before the backup), ``gap`` (a
    transaction between them is in a file the archive lacks)."""
    lacks = VARIANTS[case.variant]
    if case.bad:
        return "bad_start", -1
    if case.pos is not None and case.pos[0] == lacks:
        return "no_start", -1
    k = target_point(case, source)
    if k is None or k < case.b:
        return "no_stop", -1
    if any(p.file == lacks for p in source.points[case.b + 1:k + 1]):
        return "gap", k
    return ("either" if k == case.b else "replay"), k


def target_point(case: Case, source: Source) -> int | None:
    """The point whose state is the target's (-1: before the DDL); None when the target
    is past the archive's last event or in none of its files."""
    points, lacks = source.points, VARIANTS[case.variant]
    if case.gtid is not None:
        k = next((i for i, p in enumerate(points) if p.gtid == case.gtid), None)
        return None if k is None or points[k].file == lacks else k
    assert case.when is not None
    last = max(ev.timestamp for p in source.files if p.name != lacks for ev in read_events(p))
    return None if case.when > last else sum(p.ts < case.when for p in points) - 1


def pipe(reader: list[str], db: MariaDBSandbox) -> None:
    """A binlog reader's output into the server's client."""
    binlog = subprocess.run(reader, capture_output=True, check=True)
    subprocess.run(db.client_args(), input=binlog.stdout, check=True, capture_output=True)


def restore(db: MariaDBSandbox, source: Source, b: int) -> None:
    """The target server as the source was at point ``b``: emptied, then the source's
    binlogs replayed from the first file's start to the backup's position."""
    point = source.points[b]
    db.sql("DROP DATABASE IF EXISTS d; RESET MASTER")
    reader = find_program("mariadb-binlog")
    assert reader is not None
    pipe([reader, f"--stop-position={point.pos}",
          *(str(p) for p in source.files if p.name <= point.file)], db)
    assert db.sql(STATE).strip() == point.state


def test_plans_over_a_real_rotation_are_sound(source: Source) -> None:
    """Every case: refused when the oracle says it must be, else possible (or an
    ``either`` refused for the backup's own point), and a possible plan's command
    brings the restored server to the source's tables at the target."""
    rng, seen = random.Random(SEED), []
    assert [p.name for p in source.files] == [f"binlog.00000{i}" for i in range(1, 5)]
    with MariaDBSandbox(options=OPTIONS, server_id=2) as target:
        for i in range(CASES):
            case = make_case(rng, source, i)
            must, k = oracle(case, source)
            result = case.run(source)
            kinds = {p.kind for p in result.problems if p.kind in BLOCKING}
            seen.append(must)
            if not result.possible:
                assert must != "replay" and result.command is None, (case, result.problems)
                wanted = {"bad_start": {"bad_start"}, "no_start": {"no_start"}}.get(
                    must, {"no_stop", "missing_file"})
                assert kinds and kinds <= wanted, (case, must, result.problems)
                continue
            assert must in ("replay", "either") and result.command, (case, must)
            restore(target, source, case.b)
            pipe(shlex.split(result.command.rsplit(" | ", 1)[0]), target)
            assert target.sql(STATE).strip() == source.points[k].state, (case, result.command)
    assert {"replay", "either", "bad_start", "no_stop", "gap"} <= set(seen)
    assert seen.count("replay") >= 8


def test_an_archive_without_a_file_refuses_what_it_lacks(source: Source) -> None:
    """Without binlog.000002, a plan across it is refused (missing_file), one from a
    backup in it too (no_start), one after it holds. Without the newest file
    (binlog.000003 ROTATEs to it), a GTID or a time past binlog.000003's ROTATE is
    refused, naming the last event's time and the last complete transaction; the
    ROTATE's own time is a plan that holds."""
    pts = source.points
    middle, end = (str(source.archives[v]) for v in ("no_middle", "no_end"))
    across = plan([middle], from_position=(pts[6].file, pts[6].pos),
                  to_gtid=Gtid.parse(pts[30].gtid))
    assert [(p.kind, Path(p.file).name) for p in across.problems] == [
        ("missing_file", "binlog.000002")] and across.command is None
    inside = plan([middle], from_position=(pts[20].file, pts[20].pos),
                  to_gtid=Gtid.parse(pts[30].gtid))
    assert [(p.kind, p.detail) for p in inside.problems] == [
        ("no_start", "not among the archive's binlogs")] and pts[20].file == "binlog.000002"
    after = plan([middle], from_position=(pts[26].file, pts[26].pos),
                 to_gtid=Gtid.parse(pts[30].gtid))
    assert after.possible and (after.files[0].start, after.files[-1].last_gtid) == (
        pts[26].pos, pts[30].gtid)
    rotate, name = pts[36].pos, "binlog.000003"
    assert (pts[36].file, pts[37].file) == (name, "binlog.000004")
    tail = (f"its newest file, {name}, ROTATEs to binlog.000004, absent: the latest target "
            f"inside the archive is {iso_utc(pts[36].ts + 1)}; its last complete transaction "
            f"({pts[36].gtid}) ends at {rotate}")
    gtid = plan([end], from_position=(pts[6].file, pts[6].pos),
                to_gtid=Gtid.parse(pts[40].gtid))
    assert [(p.kind, p.detail) for p in gtid.problems] == [(
        "no_stop", f"{pts[40].gtid} is not in the files from the start on; the newest, "
        f"{name}, ROTATEs to binlog.000004, absent; its last complete transaction "
        f"({pts[36].gtid}) ends at {rotate}")]
    late = plan([end], from_position=(pts[6].file, pts[6].pos), to_datetime=pts[36].ts + 2)
    assert [(p.kind, p.detail) for p in late.problems] == [(
        "no_stop", f"{iso_utc(pts[36].ts + 2)} is after the archive's last event "
        f"({iso_utc(pts[36].ts + 1)}), and {tail}")]
    edge = plan([end], from_position=(pts[6].file, pts[6].pos), to_datetime=pts[36].ts + 1)
    assert edge.possible and [(Path(f.file).name, f.stop) for f in edge.files][-1] == (
        name, rotate)
