"""``rows --sql`` and ``--flashback`` applied to a real MariaDB server.

Server A runs the alltypes scenario (every column type MariaDB has; its SQL is
tests/fixtures/mariadb/alltypes_full/scenario.sql) and more tables (no primary key, with
FLOAT and case-insensitive text; AUTO_INCREMENT 0 and ON UPDATE timestamps; generated
and invisible columns), then a second phase of changes at a later time (``SET
timestamp``). Server B gets the schema alone, then ``rows --sql`` of A's binlogs: every
table must equal A's, value for value and by CHECKSUM TABLE. Then ``rows --sql
--flashback --start-datetime`` of the second phase: every table must be back as it was
when that phase began. The same with ``binlog_row_metadata=NO_LOG``; with
``binlog_row_image=MINIMAL`` or ``NOBLOB`` the replay works the same and the undo is
refused.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from binlog_kaitai.cli import main
from tools.make_fixtures import FIXTURES_DIR, Scenario
from tools.mariadb_sandbox import MariaDBSandbox, find_program

pytestmark = [
    pytest.mark.live,
    pytest.mark.skipif(find_program("mariadbd") is None, reason="mariadbd not installed"),
]

PHASE_1 = 1700000000
PHASE_2 = 1800000000
"""The times (``SET timestamp``) of the two phases of changes."""

MORE_TABLES = """
USE types;
CREATE TABLE nopk (f FLOAT, v VARCHAR(10), b BLOB, dt DATETIME(1), n INT)
    DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
INSERT INTO nopk VALUES (1.1, 'a', X'00', '2020-01-01 00:00:00.5', 1),
    (1.1, 'A', X'00', '2020-01-01 00:00:00.5', 1), (NULL, NULL, NULL, NULL, NULL),
    (1.1, 'a', X'00', '2020-01-01 00:00:00.5', 1);
CREATE TABLE ai (id INT AUTO_INCREMENT PRIMARY KEY, v INT,
    ts TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6));
SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_AUTO_VALUE_ON_ZERO');
INSERT INTO ai (id, v) VALUES (0, 1), (5, 2);
CREATE TABLE gen (id INT PRIMARY KEY, a INT, v INT AS (a * 2) VIRTUAL,
    s INT AS (a + 1) STORED, inv INT INVISIBLE DEFAULT 7);
INSERT INTO gen (id, a) VALUES (1, 5), (2, 6);
"""

SECOND_PHASE = f"""
SET timestamp = {PHASE_2};
USE types;
UPDATE alltypes SET ti = 1, f = 2.25, d = -0.3, c = 'x', vc = 'a\\0b\\nc\\'d\\\\e',
    tx = 'é\\r\\Z', b = X'00FF00', j = '{{"k": 1}}', b17 = b'1',
    dt6 = '2001-02-03 04:05:06.000007', ts6 = '2037-01-01 00:00:00.5',
    t6 = '-00:00:00.000001', g = ST_GeomFromText('POINT(7 8)', 4326) WHERE id = 1;
DELETE FROM alltypes WHERE id = 2;
INSERT INTO alltypes (id, f, d, cl, el, st, e) VALUES (9, 1.1, 1e-300, 'àé', 'é', '', 'c');
BEGIN;
INSERT INTO nopk VALUES (3.3, 'B', X'01', '2020-01-01 00:00:00.5', 5),
    (3.3, 'b', X'01', '2020-01-01 00:00:00.5', 5);
DELETE FROM nopk WHERE v = BINARY 'a';
UPDATE nopk SET n = 99 WHERE v = BINARY 'B';
UPDATE ai SET v = v + 1;
DELETE FROM wide WHERE id = 1;
INSERT INTO wide VALUES (4, 'v2', 's3');
COMMIT;
UPDATE alltypes SET id = 10 WHERE id = 5;
UPDATE charsets SET a = 'ÀÉ', d = 'Ёж' WHERE id = 1;
UPDATE gen SET a = 10 WHERE id = 1;
DELETE FROM gen WHERE id = 2;
INSERT INTO gen (id, a, inv) VALUES (3, 1, 9);
"""

Tables = dict[str, tuple[list[bytes], bytes]]


def client(db: MariaDBSandbox, sql: str) -> bytes:
    """Runs SQL (bytes in and out: binary columns are not text)."""
    res = subprocess.run(db.client_args(), input=sql.encode(), capture_output=True,
                         check=False, timeout=600)
    assert res.returncode == 0, res.stderr.decode(errors="replace")
    return res.stdout


def tables(db: MariaDBSandbox, database: str = "types") -> Tables:
    """Every table of ``database``: its rows (SELECT *, sorted: rows equal under a
    case-insensitive collation have no order) and its CHECKSUM TABLE."""
    found: Tables = {}
    for name in client(db, f"SHOW TABLES FROM `{database}`").decode().split():
        rows = client(db, f"SELECT * FROM `{database}`.`{name}`").split(b"\n")
        found[name] = (sorted(rows), client(db, f"CHECKSUM TABLE `{database}`.`{name}`"))
    return found


def schema(db: MariaDBSandbox, names: list[str]) -> str:
    """CREATE DATABASE and the CREATE TABLEs of ``types`` (SHOW CREATE TABLE)."""
    statements = ["CREATE DATABASE types", "USE types"]
    for name in names:
        row = client(db, f"SHOW CREATE TABLE types.`{name}`").decode().rstrip("\n")
        statements.append(row.split("\t", 1)[1].replace("\\n", "\n"))
    return ";\n".join(statements) + ";\n"


def rows_sql(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["rows", "--sql", *args])
    out, err = capsys.readouterr()
    return status, out, err


def run_source(tmp_path: Path, metadata: str, image: str
               ) -> tuple[list[Path], str, Tables, Tables]:
    """Server A: the binlogs, the schema, the tables when the second phase starts and at
    the end."""
    scenario = (FIXTURES_DIR / "alltypes_full" / "scenario.sql").read_text()
    options = {"binlog_format": "ROW", "binlog_row_metadata": metadata,
               "binlog_row_image": image}
    with MariaDBSandbox(options=options) as db:
        client(db, f"SET timestamp = {PHASE_1};\n{scenario}")
        client(db, f"SET timestamp = {PHASE_1};\n{MORE_TABLES}")
        start = tables(db)
        client(db, SECOND_PHASE)
        end = tables(db)
        ddl = schema(db, list(end))
        db.flush_logs()
        return ([Path(shutil.copy(p, tmp_path / p.name)) for p in db.binlog_paths()],
                ddl, start, end)


@pytest.fixture(scope="module")
def replica() -> Iterator[MariaDBSandbox]:
    with MariaDBSandbox() as db:
        yield db


@pytest.mark.parametrize(("metadata", "image"),
                         [("FULL", "FULL"), ("NO_LOG", "FULL"), ("FULL", "MINIMAL"),
                          ("FULL", "NOBLOB")])
def test_replay_and_undo(metadata: str, image: str, tmp_path: Path, replica: MariaDBSandbox,
                         capsys: pytest.CaptureFixture[str]) -> None:
    """With NO_LOG metadata, names, keys, charsets and labels come from the CREATE
    TABLEs in the binlog."""
    binlogs, ddl, start, end = run_source(tmp_path, metadata, image)
    assert len(end) == 7 and start != end
    client(replica, f"DROP DATABASE IF EXISTS types;\n{ddl}")
    status, script, err = rows_sql(capsys, *map(str, binlogs))
    assert (status, err) == (0, "")
    client(replica, script)
    assert tables(replica) == end

    since = datetime.fromtimestamp(PHASE_2, UTC).isoformat()
    status, undo, err = rows_sql(capsys, "--flashback", "--start-datetime", since,
                                 *map(str, binlogs))
    if image != "FULL":  # the before images lack what the undo must write back
        assert status == 1 and undo == ""
        assert "(binlog_row_image=MINIMAL or NOBLOB): the update cannot be undone" in err
        return
    assert (status, err) == (0, "")
    assert undo.count("BEGIN;") == 9
    client(replica, undo)
    assert tables(replica) == start


def test_replay_with_ddl_on_a_fresh_server(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``--sql-ddl``: the CREATE DATABASE and CREATE TABLEs of A's first binlog come
    before the rows, so a server that has nothing gets every table as A left it."""
    binlogs, _, _, end = run_source(tmp_path, "FULL", "FULL")
    status, script, err = rows_sql(capsys, "--sql-ddl", *map(str, binlogs))
    assert (status, err) == (0, "")
    assert script.index("CREATE DATABASE types;") < script.index("CREATE TABLE") < (
        script.index("INSERT INTO"))
    with MariaDBSandbox() as fresh:
        client(fresh, script)
        assert tables(fresh) == end


def definitions(db: MariaDBSandbox) -> dict[str, tuple[bytes, Tables, list[bytes]]]:
    """Every database but the server's own: its definition, tables and their
    definitions (SHOW CREATE)."""
    system = {"information_schema", "mysql", "performance_schema", "sys", "test"}
    found = {}
    for name in sorted(set(client(db, "SHOW DATABASES").decode().split()) - system):
        created = [client(db, f"SHOW CREATE TABLE `{name}`.`{table}`")
                   for table in client(db, f"SHOW TABLES FROM `{name}`").decode().split()]
        found[name] = (client(db, f"SHOW CREATE DATABASE `{name}`"), tables(db, name),
                       created)
    return found


def test_schema_scenario_replayed_with_its_ddl(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The schema fixture's scenario (its first binlog creates two databases and their
    tables, then ALTERs, RENAMEs, DROPs and creates again, each followed by an insert)
    on a server; ``rows --sql --sql-ddl`` of its binlogs on a fresh one: the same
    databases, tables, definitions and rows."""
    scenario = Scenario.load(FIXTURES_DIR / "schema")
    with scenario.sandbox() as source:
        scenario.run_sql(source)
        expected = definitions(source)
        source.flush_logs()
        binlogs = [Path(shutil.copy(p, tmp_path / p.name)) for p in source.binlog_paths()]
    assert set(expected) == {"hist", "archive"}
    status, script, err = rows_sql(capsys, "--sql-ddl", *map(str, binlogs))
    assert (status, err) == (0, "")
    with MariaDBSandbox() as fresh:
        client(fresh, script)
        assert definitions(fresh) == expected


LATIN1_DDL = """SET NAMES latin1;
CREATE DATABASE c;
CREATE TABLE c.t (id INT PRIMARY KEY, e ENUM('é', 'ü') DEFAULT 'ü',
    v VARCHAR(5) DEFAULT 'ä' COMMENT 'größe') DEFAULT CHARSET=utf8mb4;
INSERT INTO c.t (id, e) VALUES (1, 'é');
"""
"""DDL sent in latin1 (as its client said), with non-ASCII labels, default and comment."""


def test_ddl_sent_in_another_charset(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The DDL is decoded with the client character set it was sent in: the UTF-8 script
    makes the same table (SHOW CREATE TABLE) with the same row (its ENUM label read from
    the schema history, binlog_row_metadata being MINIMAL: the history decodes the DDL
    so too)."""
    with MariaDBSandbox(options={"binlog_format": "ROW"}) as source:
        res = subprocess.run(source.client_args(), input=LATIN1_DDL.encode("latin-1"),
                             capture_output=True, check=False, timeout=600)
        assert res.returncode == 0, res.stderr.decode(errors="replace")
        expected = definitions(source)
        source.flush_logs()
        binlogs = [Path(shutil.copy(p, tmp_path / p.name)) for p in source.binlog_paths()]
    assert "COMMENT 'größe'".encode() in expected["c"][2][0]  # (latin1 taken as latin1)
    status, script, err = rows_sql(capsys, "--sql-ddl", *map(str, binlogs))
    assert (status, err) == (0, "")
    assert "ENUM('é', 'ü')" in script
    with MariaDBSandbox() as fresh:
        client(fresh, script)
        assert definitions(fresh) == expected
