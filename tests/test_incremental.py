"""Incremental runs (issue 25; :mod:`binlog_kaitai.incremental`): runs over a growing
archive, fed a file at a time or a growing in-use file, give the tables of one run over
all of it; a run killed anywhere and run again leaves no duplicate and no gap; done
files are never read again."""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai.incremental import STAGING, STATE_KEY, load, read_table
from binlog_kaitai.publish import MANIFEST, read_manifest
from binlog_kaitai.tables.export import export, export_incremental
from tests.conftest import FIXTURES, REPO

MARIADB = FIXTURES / "mariadb"
ROTATION = sorted((MARIADB / "rotation_minimal").glob("binlog.0*"))
GROWING = MARIADB / "typed_nolog" / "binlog.000001"
"""NO_LOG metadata: column names only from the DDL; ALTER TABLE ... MODIFY widens a
column SMALLINT -> BIGINT -> DECIMAL halfway."""


def table_names(output: Path) -> list[str]:
    """The tables an output's manifest lists (``tables/db.t`` for typed ones)."""
    names = set()
    for path in read_manifest(str(output)):
        parts = path.split("/")
        names.add("/".join(parts[:2]) if parts[0] in ("tables", "snapshots") else parts[0])
    return sorted(names)


def contents(output: Path) -> dict[str, tuple[Any, list[str]]]:
    """Every table: its schema and its rows, sorted (by file, position...)."""
    return {name: (table.schema, sorted(map(repr, table.to_pylist())))
                   for name in table_names(output)
                   for table in [read_table(str(output), name)]}


def assert_same(got: Path, want: Path) -> None:
    mine, theirs = contents(got), contents(want)
    assert sorted(mine) == sorted(theirs)
    for name, (schema, rows) in theirs.items():
        assert mine[name][0].equals(schema), name
        assert mine[name][1] == rows, name
        assert rows or name == "errors", name  # a comparison of something


def assert_only_listed(output: Path) -> None:
    """The output holds the files its manifest lists, and the manifest: nothing else."""
    listed = set(read_manifest(str(output)))
    on_disk = {str(p.relative_to(output)) for p in output.rglob("*") if p.is_file()}
    assert on_disk == listed | {MANIFEST}


def growing_cuts() -> list[int]:
    """A transaction boundary before the ALTER TABLEs and a point inside a later
    transaction (where a copy of a binlog in use may end), from the server's list."""
    with open(GROWING.parent / "events.tsv") as f:
        starts = [int(r["pos"]) for r in csv.DictReader(f, delimiter="\t")
                  if r["event_type"] == "Gtid"]
    return [starts[len(starts) // 3], starts[2 * len(starts) // 3] + 60]


def test_one_file_at_a_time_equals_one_run(tmp_path: Path) -> None:
    """rotation_minimal a file at a time (DDL in the first, rows of its tables in the
    others): the same tables as one run; done files are not read again (they are
    zeroed before the next run); a run with nothing new writes nothing."""
    archive, inc, one = tmp_path / "archive", tmp_path / "inc", tmp_path / "one"
    archive.mkdir()
    for f in ROTATION:
        shutil.copyfile(f, archive / f.name)
    export([str(archive)], str(one))
    shutil.rmtree(archive)
    archive.mkdir()
    for f in ROTATION:
        for done in archive.iterdir():
            done.write_bytes(bytes(done.stat().st_size))
        shutil.copyfile(f, archive / f.name)
        assert export_incremental([str(archive)], str(inc)).files == 1
    manifest = (inc / MANIFEST).read_bytes()
    assert export_incremental([str(archive)], str(inc)).files == 0
    assert (inc / MANIFEST).read_bytes() == manifest
    for f in ROTATION:
        shutil.copyfile(f, archive / f.name)
    assert_same(inc, one)
    assert load(str(inc)).runs == 3


def test_a_state_of_chains_keyed_by_folder_is_continued(tmp_path: Path) -> None:
    """A state written before chains were keyed by server as well (its histories by
    folder and base name alone) continues them: the next file's columns keep the names
    of the first file's DDL, and the run writes the new keys."""
    archive, inc, one = tmp_path / "archive", tmp_path / "inc", tmp_path / "one"
    archive.mkdir()
    for f in ROTATION[:2]:
        shutil.copyfile(f, archive / f.name)
    export([str(archive)], str(one))
    (archive / ROTATION[1].name).unlink()
    assert export_incremental([str(archive)], str(inc)).files == 1
    manifest = json.loads((inc / MANIFEST).read_text())
    histories = manifest[STATE_KEY]["histories"]
    assert [key.split("#")[1:] for key in histories] == [[
        "10.11.19-MariaDB-0+deb12u1-log", "1"]]
    manifest[STATE_KEY]["histories"] = {
        key.split("#", 1)[0]: value for key, value in histories.items()}
    (inc / MANIFEST).write_text(json.dumps(manifest))
    shutil.copyfile(ROTATION[1], archive / ROTATION[1].name)
    assert export_incremental([str(archive)], str(inc)).files == 1
    assert_same(inc, one)
    assert all("#" in key for key in load(str(inc)).histories)


@pytest.mark.parametrize("snapshot", [False, True])
def test_growing_file_equals_one_run(tmp_path: Path, snapshot: bool) -> None:
    """A copy of a binlog in use, taken three times (cut at a transaction boundary,
    then inside a transaction, then whole): each run adds the new complete transactions;
    the typed tables widened as one run's; with snapshots, each run's snapshots of the
    tables it changed replace the run before's, and the line of the table without a
    primary key is written once."""
    archive, inc, one = tmp_path / "archive", tmp_path / "inc", tmp_path / "one"
    archive.mkdir()
    whole = GROWING.read_bytes()
    (archive / GROWING.name).write_bytes(whole)
    export([str(archive)], str(one), snapshot=snapshot)
    first, inside = growing_cuts()
    for cut in (first, inside, len(whole)):
        (archive / GROWING.name).write_bytes(whole[:cut])
        assert export_incremental([str(archive)], str(inc), snapshot=snapshot).files == 1
    state = load(str(inc))
    assert state.files[str(archive / GROWING.name)].done == len(whole)
    assert_same(inc, one)
    assert_only_listed(inc)
    assert any(name.startswith("snapshots/") for name in table_names(inc)) == snapshot


KILLER = """
import os, signal, sys
from binlog_kaitai import incremental
from binlog_kaitai.tables.export import export_incremental

name, nth, when, archive, output = sys.argv[1:]
function, calls = getattr(incremental, name), []


def killing(*args, **kwargs):
    calls.append(1)
    if when == "after":
        function(*args, **kwargs)
    if len(calls) == int(nth):
        os.kill(os.getpid(), signal.SIGKILL)
    return None if when == "after" else function(*args, **kwargs)


setattr(incremental, name, killing)
export_incremental([archive], output)
"""


@pytest.mark.parametrize(("name", "nth", "when"), [
    ("commit", 1, "before"), ("_sync", 2, "before"), ("_drop_rows", 1, "before"),
    ("_unite_typed", 1, "before"), ("_write_manifest", 1, "after")])
def test_killed_run_then_rerun_equals_one_run(tmp_path: Path, name: str, nth: int,
                                              when: str) -> None:
    """A growing file's second run SIGKILLed: once its tables are written (before the
    commit), after a first data file moved in, before the ``files`` rows are rewritten,
    before the state is, or once the manifest is replaced, before the files it no longer
    lists are deleted; run again, the output is that of one run, with no file left over."""
    archive, inc, one = tmp_path / "archive", tmp_path / "inc", tmp_path / "one"
    archive.mkdir()
    whole = GROWING.read_bytes()
    (archive / GROWING.name).write_bytes(whole)
    export([str(archive)], str(one))
    (archive / GROWING.name).write_bytes(whole[:growing_cuts()[1]])
    export_incremental([str(archive)], str(inc))
    (archive / GROWING.name).write_bytes(whole)
    killed = subprocess.run([sys.executable, "-c", KILLER, name, str(nth), when,
                             str(archive), str(inc)], cwd=REPO, capture_output=True, text=True)
    assert killed.returncode == -9, killed.stderr
    committed = name == "_write_manifest"
    assert load(str(inc)).runs == 1 + committed
    assert export_incremental([str(archive)], str(inc)).files == (not committed)
    assert_same(inc, one)
    assert_only_listed(inc)


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (SparkSession.builder.master("local[2]").appName("binlog-kaitai-incremental")
               .config("spark.ui.enabled", "false")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.sql.shuffle.partitions", "2").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_stream_with_available_now_equals_a_batch_read(spark: Any, tmp_path: Path) -> None:
    """``readStream.format("mysql_binlog")`` with ``trigger(availableNow=True)`` and a
    checkpoint, a query a day: rotation_minimal's first file, then the other two, beside
    a binlog in use copied twice (cut inside a transaction, then whole):
    the rows of a batch read of all (no error either), column names whose DDL came in an
    earlier batch included (the queries restart from their checkpoints each day)."""
    from binlog_kaitai.spark.datasource import register

    register(spark)
    archive, out = tmp_path / "archive", tmp_path / "out"
    (archive / "rotation").mkdir(parents=True)
    (archive / "growing").mkdir()
    whole = GROWING.read_bytes()
    for files, cut in ((ROTATION[:1], growing_cuts()[1]), (ROTATION[1:], len(whole))):
        for f in files:
            shutil.copyfile(f, archive / "rotation" / f.name)
        (archive / "growing" / GROWING.name).write_bytes(whole[:cut])
        for table in ("row_changes", "errors"):
            query = (spark.readStream.format("mysql_binlog").option("table", table)
                     .load(str(archive)).writeStream.format("parquet")
                     .option("checkpointLocation", str(tmp_path / "checkpoint" / table))
                     .option("path", str(out / table)).trigger(availableNow=True).start())
            query.awaitTermination()
    for table in ("row_changes", "errors"):
        got = spark.read.parquet(str(out / table)).collect()
        want = spark.read.format("mysql_binlog").option("table", table).load(
            str(archive)).collect()
        assert sorted(map(str, got)) == sorted(map(str, want)), table
        assert len(want) > 20 or table == "errors"
    streamed = spark.read.parquet(str(out / "row_changes")).collect()
    named = [row for row in streamed if row.after and row.file.endswith("binlog.000003")]
    assert named and all(not name.startswith("@") for row in named
                         for name in json.loads(row.after))


def test_command_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``export --incremental``: a run a day, exit 0, nothing done again; an output a
    plain export wrote is refused (exit 1, nothing changed), as is ``--overwrite``
    (exit 2); the job refuses ``--snapshot``, ``--format`` other than Parquet and an
    object store before it starts Spark."""
    from binlog_kaitai.cli import main as cli_main
    from binlog_kaitai.spark.job import main as job_main

    archive, inc, plain = tmp_path / "archive", tmp_path / "inc", tmp_path / "plain"
    archive.mkdir()
    for f in ROTATION[:2]:
        shutil.copyfile(f, archive / f.name)
        assert cli_main(["export", str(archive), "--output", str(inc), "--incremental"]) == 0
    assert "1 files" in capsys.readouterr().err
    assert cli_main(["export", str(archive), "--output", str(inc), "--incremental"]) == 0
    assert "0 files" in capsys.readouterr().err and load(str(inc)).runs == 2
    assert cli_main(["export", str(archive), "--output", str(plain)]) == 0
    manifest = (plain / MANIFEST).read_bytes()
    assert cli_main(["export", str(archive), "--output", str(plain), "--incremental"]) == 1
    assert "made without --incremental" in capsys.readouterr().err
    assert (plain / MANIFEST).read_bytes() == manifest
    assert cli_main(["export", str(archive), "--output", str(inc), "--incremental",
                     "--overwrite"]) == 2
    with pytest.raises(SystemExit) as refused:
        job_main(["--input", str(archive), "--output", str(inc), "--incremental",
                  "--snapshot"])
    assert refused.value.code == 2 and "no snapshot" in capsys.readouterr().err
    for refused_args, why in ((["--format", "orc"], "writes Parquet"),
                              (["--output", "s3://bucket/lake"], "local folder or HDFS")):
        with pytest.raises(SystemExit) as refused:
            job_main(["--input", str(archive), "--output", str(inc), "--incremental",
                      *refused_args])
        assert refused.value.code == 2 and why in capsys.readouterr().err


def test_spark_job_continues_an_export_killed_then_rerun(spark: Any, tmp_path: Path) -> None:
    """The job's --incremental on the state export --incremental left (the first file):
    SIGKILLed (with its JVM) once it writes its tables, then run again on the other two
    files, the output is that of one export over all three, with no file left over."""
    from binlog_kaitai.spark.job import run_incremental

    archive, inc, one = tmp_path / "archive", tmp_path / "inc", tmp_path / "one"
    archive.mkdir()
    for f in ROTATION:
        shutil.copyfile(f, archive / f.name)
    export([str(archive)], str(one))
    for f in ROTATION[1:]:
        (archive / f.name).unlink()
    assert export_incremental([str(archive)], str(inc)).files == 1
    for f in ROTATION[1:]:
        shutil.copyfile(f, archive / f.name)
    job = subprocess.Popen([sys.executable, "-m", "binlog_kaitai.spark.job", "--master", "local[1]",
                            "--input", str(archive), "--output", str(inc), "--incremental"],
                           cwd=REPO, start_new_session=True, stderr=subprocess.DEVNULL)
    staged = inc / STAGING / "events"
    deadline = time.monotonic() + 60
    while not staged.exists() and job.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(job.pid, signal.SIGKILL)
    assert job.wait() == -signal.SIGKILL and staged.exists()
    assert load(str(inc)).runs == 1
    assert run_incremental(spark, [str(archive)], str(inc), progress=None).files == 2
    assert run_incremental(spark, [str(archive)], str(inc), progress=None).files == 0
    assert load(str(inc)).runs == 2
    assert_same(inc, one)
    assert_only_listed(inc)


def test_spark_job_a_file_at_a_time_and_a_growing_file_equal_one_run(
        spark: Any, tmp_path: Path) -> None:
    """The job's --incremental from an empty output, three runs, each seeing one more
    of rotation_minimal's files (DDL in the first; the done ones zeroed, so never read
    again) and a longer copy of a binlog in use (cut at a transaction boundary, then
    inside a transaction, then whole): the tables of one export over all of it (typed
    ones widened, schema_history), no duplicate, no gap; a fourth run has nothing to do."""
    from binlog_kaitai.spark.job import run_incremental

    archive, inc, one = tmp_path / "archive", tmp_path / "inc", tmp_path / "one"
    (archive / "rotation").mkdir(parents=True)
    (archive / "growing").mkdir()
    whole = GROWING.read_bytes()
    growing = archive / "growing" / GROWING.name
    growing.write_bytes(whole)
    for f in ROTATION:
        shutil.copyfile(f, archive / "rotation" / f.name)
    export([str(archive)], str(one))
    for f in ROTATION:
        (archive / "rotation" / f.name).unlink()
    for f, cut in zip(ROTATION, [*growing_cuts(), len(whole)], strict=True):
        for done in (archive / "rotation").iterdir():
            done.write_bytes(bytes(done.stat().st_size))
        shutil.copyfile(f, archive / "rotation" / f.name)
        growing.write_bytes(whole[:cut])
        assert run_incremental(spark, [str(archive)], str(inc), progress=None).files == 2
        done = load(str(inc)).files[str(growing)].done
        assert done == cut if cut != growing_cuts()[1] else 0 < done < cut
    assert run_incremental(spark, [str(archive)], str(inc), progress=None).files == 0
    state = load(str(inc))
    assert state.runs == 3 and state.files[str(growing)].done == len(whole)
    names = table_names(inc)
    assert "schema_history" in names and any(n.startswith("tables/") for n in names)
    assert_same(inc, one)
    assert_only_listed(inc)
