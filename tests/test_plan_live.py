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

The same cases run over every real rotation the fixtures hold with their scenario SQL
(``tests/fixtures/mariadb/*/scenario.sql`` beside two files or more): the SQL is replayed
on a sandbox with the fixture's options, in units a backup or target never falls inside
(a transaction, XA included, or a temporary table's life: a replay from inside one would
lack its start), each unit stamped its own second, and the server's position, GTID state
and tables (``CHECKSUM TABLE`` of every table) recorded after each. Left out: fixtures
``mariadb-binlog`` cannot replay (``mariadb_binlog_fails`` in their options) and
encrypted ones (no reader without the key; ``check``'s tests cover them).
"""

from __future__ import annotations

import json
import random
import re
import shlex
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from binlog_kaitai.plan import BLOCKING, Plan, plan
from binlog_kaitai.seek import Gtid
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import iso_utc
from tests.conftest import FIXTURES
from tools.make_fixtures import FILES_DIR_PLACEHOLDER, Scenario
from tools.mariadb_sandbox import MariaDBSandbox, find_program

pytestmark = [
    pytest.mark.live,
    pytest.mark.skipif(any(find_program(p) is None for p in ("mariadbd", "mariadb-binlog")),
                       reason="mariadbd or mariadb-binlog not installed"),
]

SEED = 24
CASES = 30
"""Cases over the sandbox rotation; each scenario's rotation gets SCENARIO_CASES."""
SCENARIO_CASES = 18
COUNT = 50
"""Transactions of the workload."""
FLUSH_AFTER = (12, 24, 36)
"""FLUSH LOGS after these transactions: four files, the newest in use when copied."""
STATE = ("SELECT CONCAT(COALESCE((SELECT GROUP_CONCAT(CONCAT_WS(':', id, v, note) "
         "ORDER BY id) FROM d.t), '-'), '|', COALESCE((SELECT GROUP_CONCAT(k ORDER BY k) "
         "FROM d.u), '-'))")
"""The tables as one line."""
CHECKSUMS = (
    "SET @plan_state = (SELECT COALESCE(CONCAT('CHECKSUM TABLE ', GROUP_CONCAT(CONCAT("
    "'`', table_schema, '`.`', table_name, '`') ORDER BY table_schema, table_name)), "
    "'SELECT ''-'', 0') FROM information_schema.tables WHERE table_type = 'BASE TABLE' "
    "AND table_schema NOT IN ('mysql', 'information_schema', 'performance_schema', "
    "'sys')); PREPARE plan_state FROM @plan_state; EXECUTE plan_state; "
    "DEALLOCATE PREPARE plan_state;")
"""Every table of a scenario, one ``db.table checksum`` line each (as CHECKSUM TABLE
gives them), whatever tables the scenario made."""
SYSTEM = ("mysql", "information_schema", "performance_schema", "sys")
OPTIONS = {"binlog_format": "ROW"}
VARIANTS = {"whole": None, "no_middle": "binlog.000002", "no_end": "binlog.000004"}
"""The sandbox rotation's archives: the file each lacks."""
SCENARIOS = sorted(
    d.name for d in (FIXTURES / "mariadb").iterdir()
    if (d / "scenario.sql").exists() and len(list(d.glob("binlog.0*"))) > 1
    and not {"mariadb_binlog_fails", "encryption_key"} & set(
        json.loads((d / "options.json").read_text())))
"""The fixtures' real rotations whose SQL is beside them (compressed, gtid, mixed,
nochecksum, rotation_minimal, rotation_other, schema)."""
OPENS = re.compile(r"(BEGIN|START\s+TRANSACTION|XA\s+START|CREATE\s+TEMPORARY)\b", re.I)
CLOSES = re.compile(r"((COMMIT|ROLLBACK)\s*$|XA\s+(COMMIT|ROLLBACK)\b|DROP\s+TEMPORARY\b)",
                    re.I)


@dataclass(frozen=True)
class Point:
    """The source after the DDL (index 0) or after transaction i (a scenario: after
    unit i): its time and file, the position a backup there records and its GTID state
    (``gtid_binlog_pos``), the GTID it added (None: none), and the tables."""

    ts: int
    file: str
    pos: int
    gtid: str
    state: str
    added: str | None = None


@dataclass
class Source:
    points: list[Point]
    files: list[Path]
    rows: dict[str, list[int]]
    """Per file, the positions of its rows events: each inside a transaction."""
    archives: dict[str, Path]
    variants: dict[str, str | None]
    """Per archive, the file it lacks."""
    state_sql: str
    """The query that gives the tables as one text."""


def record(db: MariaDBSandbox, ts: int, body: str) -> Point:
    """Run ``body`` stamped ``ts`` and read back where the server stands."""
    out = db.sql(f"SET timestamp={ts}; {body} SHOW MASTER STATUS; "
                 f"SELECT @@gtid_binlog_pos; {STATE}").splitlines()
    file, pos = out[-3].split("\t")[:2]
    return Point(ts, file, int(pos), out[-2], out[-1], out[-2])


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


def archived(files: list[Path], out: Path, variants: dict[str, str | None]
             ) -> dict[str, Path]:
    """One folder per variant, with every file but the one it lacks."""
    archives = {}
    for name, lacks in variants.items():
        archives[name] = out / name
        archives[name].mkdir()
        for path in files:
            if path.name != lacks:
                shutil.copy(path, archives[name] / path.name)
    return archives


def made_source(points: list[Point], files: list[Path], out: Path,
                variants: dict[str, str | None], state_sql: str) -> Source:
    rows = {p.name: [ev.pos for ev in read_events(p) if ev.is_rows] for p in files}
    return Source(points, files, rows, archived(files, out, variants), variants, state_sql)


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
    return made_source(points, files, out, VARIANTS, STATE)


def units(sql: str) -> list[list[str]]:
    """A scenario's statements (``--`` comment lines dropped, each ending with ``;`` at
    a line's end), grouped so that no backup or target falls inside a group: a
    transaction (BEGIN or XA START to its COMMIT or ROLLBACK) or a temporary table's
    life."""
    text = "\n".join(line for line in sql.splitlines() if not line.lstrip().startswith("--"))
    groups: list[list[str]] = []
    inside = False
    for statement in (s.strip() for s in re.split(r";[ \t]*$", text, flags=re.M)):
        if not statement:
            continue
        if not inside:
            groups.append([])
        groups[-1].append(statement)
        inside = bool(OPENS.match(statement)) or (inside and not CLOSES.match(statement))
    return groups


def scenario_points(db: MariaDBSandbox, groups: list[list[str]], base: int) -> list[Point]:
    """Run the units in one session, each stamped its own second, and read after each
    where the server stands (between markers: a scenario's own SELECTs print too)."""
    script = "".join(
        f"SET timestamp={base + 3 * i};\n" + ";\n".join(unit) + ";\nSELECT '@@point'; "
        f"SHOW MASTER STATUS; SELECT @@gtid_binlog_pos; {CHECKSUMS} SELECT '@@end';\n"
        for i, unit in enumerate(groups))
    out = db.sql(script.replace(FILES_DIR_PLACEHOLDER, str(db.files_dir))).split("\n")
    points, before = [], ""
    for i, at in enumerate(n for n, line in enumerate(out) if line == "@@point"):
        end = out.index("@@end", at)
        file, pos = out[at + 1].split("\t")[:2]
        gtid = out[at + 2]
        points.append(Point(base + 3 * i, file, int(pos), gtid, "|".join(out[at + 3:end]),
                            added_gtid(before, gtid)))
        before = gtid
    assert len(points) == len(groups)
    return points


def added_gtid(before: str, after: str) -> str | None:
    """The GTID a unit added to the state (the last, when several domains moved)."""
    old = set(before.split(",")) if before else set()
    new = [g for g in after.split(",") if g and g not in old]
    return new[-1] if new else None


def scenario_source(name: str, out: Path) -> Source:
    """A fixture's scenario replayed on a sandbox with its options (see the module
    docstring), the binlogs copied while it runs."""
    scenario = Scenario.load(FIXTURES / "mariadb" / name)
    groups = units("\n".join(p.read_text() for p in scenario.sql_files))
    with scenario.sandbox() as db:
        points = scenario_points(db, groups, int(time.time()) + 1000)
        files = [Path(shutil.copy(p, out / p.name)) for p in db.binlog_paths()]
    names = [p.name for p in files]
    variants = {"whole": None, "no_end": names[-1]}
    if len(names) > 2:
        variants["no_middle"] = names[1]
    return made_source(points, files, out, variants, CHECKSUMS)


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
    archive's end; 4, one before the backup or at it; 5, an archive without a middle
    file or (in turn) its newest file."""
    points, last, kind = source.points, len(source.points) - 1, i % 6
    others = sorted(v for v in source.variants if v != "whole")
    variant = "whole" if kind != 5 else others[i // 6 % len(others)]
    lacks = source.variants[variant]
    across = variant == "no_middle"  # a backup before the gap, a target after it
    first_in = next((j for j, p in enumerate(points) if p.file == lacks), last)
    after = max((j for j, p in enumerate(points) if p.file == lacks), default=0) + 1
    b = rng.randint(0, first_in - 1) if across else rng.randint(0, last - 1)
    case = Case(variant, b)
    if kind == 1 or (kind == 5 and rng.random() < 0.3):
        case.gtids = points[b].gtid
    elif kind == 2:
        file = rng.choice(sorted(f for f, pos in source.rows.items() if pos))
        case.bad, case.pos = True, (  # in turn: a rows event; a byte inside the next event
            (file, rng.choice(source.rows[file])) if i // 6 % 2 == 0
            else (points[b].file, points[b].pos + rng.randint(1, 20)))
    else:
        case.pos = points[b].file, points[b].pos
    k = {3: last, 4: rng.choice((b, rng.randint(0, b)))}.get(
        kind, rng.randint(after if across else b + 1, last))
    set_target(rng, case, points, k, past=kind == 3)
    return case


def set_target(rng: random.Random, case: Case, points: list[Point], k: int, *,
               past: bool) -> None:
    """A GTID target (the one point ``k`` added; ``past``: a few after the archive's
    last) or, when it added none or in turn, a time target around point ``k``'s."""
    added = points[k].added if not past else next(
        (p.added for p in reversed(points) if p.added), None)
    if added is not None and (case.gtids is not None or rng.random() < 0.4):
        domain, server, seq = added.split("-")
        case.gtid = f"{domain}-{server}-{int(seq) + (rng.randint(1, 5) if past else 0)}"
    else:
        case.when = points[k].ts + rng.choice((0.5, 1, 60) if past else (0, 0.5, 1, 1.5))


def oracle(case: Case, source: Source) -> tuple[str, int]:
    """What the recorded history says a plan must do: ``replay`` (to the state of point
    k), ``either`` (k is the backup's point: an empty replay, or a refusal), or be
    refused: ``bad_start``, ``no_start`` (the backup's file is not in the archive),
    ``no_stop`` (a target past the archive or before the backup), ``gap`` (a
    transaction between them is in a file the archive lacks)."""
    lacks = source.variants[case.variant]
    if case.bad:
        return "bad_start", -1
    if case.pos is not None and case.pos[0] == lacks:
        return "no_start", -1
    k = target_point(case, source)
    if k is None or k < first_alike(case, source):
        return "no_stop", -1
    if any(p.file == lacks and p.added for p in source.points[case.b + 1:k + 1]):
        return "gap", k
    return ("either" if source.points[k].state == source.points[case.b].state
            and k >= case.b else "replay"), k


def first_alike(case: Case, source: Source) -> int:
    """The first point a backup at ``case.b`` cannot be told from: the same position
    (or GTID state), as after a unit that logged nothing (``SET SESSION ...``). A target
    there is an empty replay, not one before the backup."""
    points, b = source.points, source.points[case.b]
    return next(j for j, p in enumerate(points) if (
        p.gtid == b.gtid if case.pos is None else (p.file, p.pos) == (b.file, b.pos)))


def holds(state: str, gtid: str) -> bool:
    """Does a ``gtid_binlog_pos`` hold ``gtid`` (its domain at that seq_no or later)?"""
    domain, _, seq = gtid.split("-")
    return any(g.split("-")[0] == domain and int(g.split("-")[2]) >= int(seq)
               for g in state.split(",") if g)


def target_point(case: Case, source: Source) -> int | None:
    """The point whose state is the target's (-1: before the first unit); None when
    the target is past the archive's last event or in none of its files."""
    points, lacks = source.points, source.variants[case.variant]
    if case.gtid is not None:
        k = next((i for i, p in enumerate(points) if holds(p.gtid, case.gtid)), None)
        return None if k is None or points[k].file == lacks else k
    assert case.when is not None
    last = max(ev.timestamp for p in source.files if p.name != lacks for ev in read_events(p))
    return None if case.when > last else sum(p.ts < case.when for p in points) - 1


def pipe(reader: list[str], db: MariaDBSandbox) -> None:
    """A binlog reader's output into the server's client (LOAD DATA's files local)."""
    binlog = subprocess.run(reader, capture_output=True, check=True)
    subprocess.run([*db.client_args(), "--local-infile=1"], input=binlog.stdout,
                   check=True, capture_output=True)


def restore(db: MariaDBSandbox, source: Source, b: int) -> None:
    """The target server as the source was at point ``b``: emptied, then the source's
    binlogs replayed from the first file's start to the backup's position."""
    point = source.points[b]
    dropped = db.sql("SELECT schema_name FROM information_schema.schemata WHERE "
                     f"schema_name NOT IN {SYSTEM!r}").split()
    db.sql("".join(f"DROP DATABASE `{name}`; " for name in dropped) + "RESET MASTER")
    reader = find_program("mariadb-binlog")
    assert reader is not None
    pipe([reader, f"--stop-position={point.pos}",
          *(str(p) for p in source.files if p.name <= point.file)], db)
    assert tables(db, source) == point.state


def tables(db: MariaDBSandbox, source: Source) -> str:
    """The tables as the source's points record them (lines joined by ``|``)."""
    return "|".join(db.sql(source.state_sql).strip().split("\n"))


@pytest.fixture(scope="module")
def target() -> Iterator[MariaDBSandbox]:
    """The server plans are replayed into, one for every source."""
    with MariaDBSandbox(options=OPTIONS, server_id=99) as db:
        yield db


def check_cases(source: Source, target: MariaDBSandbox, count: int) -> list[str]:
    """Every case: refused when the oracle says it must be, else possible (or an
    ``either`` refused for the backup's own state), and a possible plan's command
    brings the restored server to the source's tables at the target. The oracle's
    verdicts, for the caller to check that each kind was met."""
    rng, seen = random.Random(SEED), []
    for i in range(count):
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
        assert k >= 0 and tables(target, source) == source.points[k].state, (
            case, result.command)
    return seen


def test_plans_over_a_real_rotation_are_sound(source: Source, target: MariaDBSandbox
                                              ) -> None:
    """The sandbox rotation's cases (see :func:`check_cases`)."""
    assert [p.name for p in source.files] == [f"binlog.00000{i}" for i in range(1, 5)]
    seen = check_cases(source, target, CASES)
    assert {"replay", "either", "bad_start", "no_stop", "gap"} <= set(seen)
    assert seen.count("replay") >= 8


@pytest.mark.parametrize("name", SCENARIOS)
def test_plans_over_each_fixture_rotation_are_sound(
        name: str, target: MariaDBSandbox, tmp_path: Path) -> None:
    """Each fixture's rotation, written again by its scenario on a sandbox: the same
    kinds of cases, fewer of them; every kind of refusal and a replay are met."""
    source = scenario_source(name, tmp_path)
    assert len(source.files) == len(list((FIXTURES / "mariadb" / name).glob("binlog.0*")))
    seen = check_cases(source, target, SCENARIO_CASES)
    assert {"replay", "bad_start", "no_stop"} <= set(seen), seen


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
