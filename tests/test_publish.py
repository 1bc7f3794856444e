"""Outputs published whole or not at all, never replaced unless asked (issue 31;
:mod:`binlog_kaitai.publish`): ``export`` and the Spark job killed, out of disk, denied
the output's folder, or run again on an output, leave the previous output whole, or the
new one, never a part of either."""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from binlog_kaitai.cli import main as cli_main
from binlog_kaitai.publish import MANIFEST, OutputRefused, abandon, begin, publish, read_manifest
from tests.conftest import FIXTURES, REPO

MARIADB = FIXTURES / "mariadb"
EXPORT = [sys.executable, "-m", "binlog_kaitai", "export"]
SPARK_JOB = [sys.executable, "-m", "binlog_kaitai.spark.job", "--master", "local[2]"]
KILLS = 20


@pytest.fixture(scope="module")
def archives(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Copies of every fixture binlog: ``a`` three (its export lasts 1-2 s), ``b`` two
    (other rows: its files have other names), ``one`` a single small file."""
    root = tmp_path_factory.mktemp("archives")
    fixtures = sorted(MARIADB.glob("*/binlog.0*"))
    for name, copies in (("a", 3), ("b", 2)):
        for i in range(copies):
            (root / name / str(i)).mkdir(parents=True)
            for f in fixtures:
                shutil.copyfile(f, root / name / str(i) / f"{f.parent.name}-{f.name}")
    (root / "one").mkdir()
    shutil.copyfile(MARIADB / "mixed" / "binlog.000001", root / "one" / "binlog.000001")
    return {name: root / name for name in ("a", "b", "one")}


@pytest.fixture(scope="module")
def expected(archives: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
             ) -> dict[str, dict[str, int]]:
    """The manifest of each archive's export (an export of the same files writes the
    same bytes)."""
    manifests = {}
    for name, folder in archives.items():
        out = tmp_path_factory.mktemp(f"expected-{name}") / "out"
        done = export(folder, out)
        assert done.returncode == 0, done.stderr
        manifests[name] = whole(out)
    assert len({tuple(m.items()) for m in manifests.values()}) == 3
    return manifests


def export(source: Path, out: Path, *options: str, **kw: object
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*EXPORT, *options, "--output", str(out), str(source)],
                          capture_output=True, text=True, cwd=REPO, check=False, **kw)


def whole(out: Path) -> dict[str, int]:
    """The manifest of a whole output: its files are those it lists, of the sizes it
    gives, and every Parquet file reads to its end."""
    listed = read_manifest(str(out))
    present = {str(p.relative_to(out)): p.stat().st_size for p in out.rglob("*")
               if p.is_file() and p.name != MANIFEST}
    assert present == listed
    for path in listed:
        if path.endswith(".parquet"):
            pq.ParquetFile(out / path).read()
    return listed


def leftovers(out: Path) -> list[str]:
    """The hidden folders of runs beside ``out`` (staging folders, old outputs)."""
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def one_clean_line(stderr: str) -> str:
    assert stderr.count("\n") == 1, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr
    return stderr


def test_an_export_is_refused_unless_overwrite(archives: dict[str, Path],
                                              expected: dict[str, dict[str, int]],
                                              tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert cli_main(["export", "--output", str(out), str(archives["one"])]) == 0
    capsys.readouterr()
    assert cli_main(["export", "--output", str(out), str(archives["b"])]) == 1
    assert capsys.readouterr().err == (
        f"binlog-kaitai export: {out}: already holds an export; --overwrite replaces it\n")
    assert whole(out) == expected["one"]
    assert cli_main(["export", "--overwrite", "--output", str(out), str(archives["b"])]) == 0
    assert whole(out) == expected["b"]
    assert leftovers(out) == []


def test_what_an_output_may_be(archives: dict[str, Path], tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """An empty folder is written; one of other files is refused even with
    --overwrite (it would be deleted); an export without a manifest (written before
    there were manifests) is still an export."""
    empty, other, old = tmp_path / "empty", tmp_path / "other", tmp_path / "old"
    empty.mkdir()
    (other / "notes").mkdir(parents=True)
    (old / "events").mkdir(parents=True)
    source = str(archives["one"])
    assert cli_main(["export", "--output", str(empty), source]) == 0
    assert read_manifest(str(empty))
    capsys.readouterr()
    assert cli_main(["export", "--overwrite", "--output", str(other), source]) == 1
    assert f"{other}: holds other files than an export" in capsys.readouterr().err
    assert [p.name for p in other.iterdir()] == ["notes"]
    assert cli_main(["export", "--output", str(old), source]) == 1
    assert "already holds an export" in capsys.readouterr().err
    assert cli_main(["export", "--overwrite", "--output", str(old), source]) == 0
    assert leftovers(empty) == leftovers(other) == leftovers(old) == []


def test_two_runs_on_one_output(tmp_path: Path) -> None:
    """Two runs that found no output: the first to finish publishes, the second is
    refused then (its own tables deleted), unless it may overwrite."""
    out = tmp_path / "out"
    runs = [begin(str(out), overwrite=overwrite, known=()) for overwrite in (False, False, True)]
    for i, run in enumerate(runs):
        (Path(run.staging) / "events").mkdir()
        (Path(run.staging) / "events" / "part").write_text(str(i))
    publish(runs[0])
    with pytest.raises(OutputRefused, match="already holds an export"):
        publish(runs[1])
    abandon(runs[1])
    assert (out / "events" / "part").read_text() == "0"
    publish(runs[2])
    assert read_manifest(str(out)) == {"events/part": 1}
    assert (out / "events" / "part").read_text() == "2"
    assert leftovers(out) == []


def dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_a_crash_between_the_two_renames_is_recovered(archives: dict[str, Path],
                                                      expected: dict[str, dict[str, int]],
                                                      tmp_path: Path) -> None:
    """A run that died with the old output aside and its staging folder whole, not yet
    renamed in: the next run puts the old output back (the run failed), deletes the
    dead run's staging folder, and leaves a live run's alone."""
    out = tmp_path / "out"
    assert export(archives["one"], out).returncode == 0
    host, dead = socket.gethostname(), dead_pid()
    aside = tmp_path / f".out.binlog-kaitai-old-{host}-{dead}-0badc0de"
    staging = tmp_path / f".out.binlog-kaitai-staging-{host}-{dead}-0badc0de"
    live = tmp_path / f".out.binlog-kaitai-staging-{host}-{os.getpid()}-00c0ffee"
    out.rename(aside)
    assert export(archives["b"], staging.parent / "b").returncode == 0
    (staging.parent / "b").rename(staging)
    live.mkdir()
    refused = export(archives["b"], out)
    assert refused.returncode == 1
    assert "already holds an export" in one_clean_line(refused.stderr)
    assert whole(out) == expected["one"]
    assert leftovers(out) == [live.name]


def test_export_killed_at_random_moments_leaves_a_whole_output(
        archives: dict[str, Path], expected: dict[str, dict[str, int]],
        tmp_path: Path) -> None:
    """SIGKILL at 20 moments of an export replacing another: each time, the output
    is the previous export or the new one, whole; the next run deletes what the killed
    one left."""
    out = tmp_path / "out"
    durations = []
    for name in ("a", "b"):
        start = time.monotonic()
        assert export(archives[name], out, "--overwrite").returncode == 0
        durations.append(time.monotonic() - start)
    rng = random.Random(31)
    outcomes = []
    left_behind = 0
    for _ in range(KILLS):
        before = "a" if whole(out) == expected["a"] else "b"
        after = "b" if before == "a" else "a"
        run = subprocess.Popen([*EXPORT, "--overwrite", "--output", str(out),
                                str(archives[after])], cwd=REPO, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, 1.2 * max(durations)))
        run.kill()
        run.wait()
        left_behind += bool(leftovers(out))
        now = whole(out)
        assert now in (expected[before], expected[after])
        outcomes.append(now == expected[after])
    assert not all(outcomes) and left_behind  # (some killed while writing)
    assert export(archives["one"], out, "--overwrite").returncode == 0
    assert leftovers(out) == []


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 512 KB tmpfs (root only)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(disk)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=True)


@pytest.mark.parametrize("options", [[], ["--snapshot"]])
def test_a_full_disk_leaves_the_previous_output(options: list[str], archives: dict[str, Path],
                                                expected: dict[str, dict[str, int]],
                                                small_disk: Path) -> None:
    """The disk fills (the new tables, or with snapshots their spill, do not fit beside
    the old): one line, exit 1, no 'Exception ignored' from a Parquet writer's
    destructor at exit, the previous output whole, nothing else left; the same for a
    new output."""
    out = small_disk / "out"
    assert export(archives["one"], out).returncode == 0
    for target in (out, small_disk / "new"):
        full = export(archives["b"], target, "--overwrite", *options)
        assert full.returncode == 1
        assert one_clean_line(full.stderr).startswith(
            f"binlog-kaitai export: cannot write {target}: [Errno 28] ")
        assert "No space left on device" in full.stderr
    assert whole(out) == expected["one"]
    assert sorted(p.name for p in small_disk.iterdir()) == ["out"]


def test_permission_denied_leaves_the_previous_output(archives: dict[str, Path],
                                                      expected: dict[str, dict[str, int]],
                                                      tmp_path: Path) -> None:
    """The output's folder is not writable: one line, exit 1, the output as it was.
    (Root may write anywhere: the export runs without the capabilities that let it.)"""
    no_override = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner",
                   "--inh-caps=-all", "--"]
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv (to drop root's override of permissions)")
    parent = tmp_path / "parent"
    out = parent / "out"
    assert export(archives["one"], out).returncode == 0
    parent.chmod(0o555)
    try:
        denied = subprocess.run([*no_override, *EXPORT, "--overwrite", "--output", str(out),
                                 str(archives["b"])], capture_output=True, text=True,
                                cwd=REPO, check=False)
    finally:
        parent.chmod(0o755)
    assert denied.returncode == 1
    assert one_clean_line(denied.stderr).startswith(f"binlog-kaitai export: cannot write {out}")
    assert "Permission denied" in denied.stderr
    assert whole(out) == expected["one"]
    assert leftovers(out) == []


INJECTED = """
import sys
from binlog_kaitai.cli import main
from binlog_kaitai.tables import export

closed, close_files = [], export._TableWriter.close_files

def failing(self):  # a bug of ours, once a few tables are written
    close_files(self)
    closed.append(self)
    if len(closed) == 3:
        raise RuntimeError("injected")

export._TableWriter.close_files = failing
sys.exit(main(sys.argv[1:]))
"""


def test_an_exception_mid_export_leaves_the_previous_output(
        archives: dict[str, Path], expected: dict[str, dict[str, int]], tmp_path: Path
        ) -> None:
    """An unexpected exception (a bug, not an OSError) raised by a writer once some
    tables are staged: the previous output whole, the staging folder gone, one line
    on stderr; exit status 2, the CLI's for a bug of ours (docs/cli.md)."""
    out = tmp_path / "out"
    assert export(archives["one"], out).returncode == 0
    failed = subprocess.run([sys.executable, "-c", INJECTED, "export", "--overwrite",
                             "--output", str(out), str(archives["one"])],
                            capture_output=True, text=True, cwd=REPO, check=False)
    assert (failed.returncode, failed.stdout) == (2, "")
    assert one_clean_line(failed.stderr) == (
        "binlog-kaitai: internal error: RuntimeError: injected\n")
    assert whole(out) == expected["one"]
    assert leftovers(out) == []


# --- the Spark job --------------------------------------------------------------------

def test_spark_job_refuses_an_export_before_starting_spark(archives: dict[str, Path],
                                                           expected: dict[str, dict[str, int]],
                                                           tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert export(archives["one"], out).returncode == 0
    start = time.monotonic()
    refused = subprocess.run([*SPARK_JOB, "--input", str(archives["b"]), "--output", str(out)],
                             capture_output=True, text=True, cwd=REPO, check=False)
    assert refused.returncode == 1
    assert refused.stderr == (f"binlog-kaitai-spark: {out}: already holds an export; "
                              "--overwrite replaces it\n")
    assert time.monotonic() - start < 20  # (no JVM started)
    assert whole(out) == expected["one"]


def test_spark_job_killed_while_writing_leaves_the_previous_output(
        archives: dict[str, Path], expected: dict[str, dict[str, int]],
        tmp_path: Path) -> None:
    """The job replacing an export is killed (its process group: the driver, its JVM
    and Python workers) once it writes its tables: the export is still there, whole;
    then a run with --overwrite replaces it with the job's tables, whole."""
    out = tmp_path / "out"
    assert export(archives["one"], out).returncode == 0
    command = [*SPARK_JOB, "--overwrite", "--input", str(MARIADB / "mixed"), "--output",
               str(out)]
    job = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_for_the_write_stage(out, job)
    finally:
        os.killpg(job.pid, signal.SIGKILL)
        job.wait()
    assert gone(job.pid)
    assert whole(out) == expected["one"]
    assert leftovers(out)
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, check=False)
    assert done.returncode == 0, done.stderr
    tables = {path.split("/")[0] for path in whole(out)}
    assert {"events", "row_changes", "files", "tables"} <= tables
    assert leftovers(out) == []


def wait_for_the_write_stage(out: Path, job: subprocess.Popen[bytes]) -> None:
    """Until a table's folder appears in the job's staging folder (Spark's write)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and job.poll() is None:
        if any(any(staging.iterdir()) for staging in out.parent.glob(
                f".{out.name}.binlog-kaitai-staging-*")):
            return
        time.sleep(0.05)
    pytest.fail(f"the job never wrote (exit status {job.poll()})")


def gone(group: int) -> bool:
    """Whether the process group ends within 10 s (its zombies reaped)."""
    for _ in range(200):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_spark_job_failure_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A failure inside Spark, whose Py4J error carries the Java trace in its message:
    one line, naming the Java exception, exit 1, the session stopped."""
    pytest.importorskip("pyspark")
    from binlog_kaitai.spark import job

    stopped = []

    class Session:
        def stop(self) -> None:
            stopped.append(True)

    def fails(*args: object, **kw: object) -> None:
        raise RuntimeError("An error occurred while calling o81.save.\n: org.apache.spark."
                           "SparkException: Job aborted: java.io.IOException: No space left "
                           "on device\n\tat org.apache.spark.sql.execution.Write(Write.scala)\n")

    monkeypatch.setattr(job, "create_session", lambda *args: Session())
    monkeypatch.setattr(job, "run_job", fails)
    out = tmp_path / "out"
    assert job.main(["--input", str(MARIADB / "mixed"), "--output", str(out)]) == 1
    assert capsys.readouterr().err == (
        f"binlog-kaitai-spark: failed, {out} left as it was: RuntimeError: org.apache.spark."
        "SparkException: Job aborted: java.io.IOException: No space left on device\n")
    assert stopped
