"""Every command on an object store (issue 29), against a real S3-protocol server.

The tests start moto's standalone server (``moto[server]``, a dev dependency) with a
counting proxy in front of it (:mod:`bench.object_store_bench`, whose benchmark runs
the same): the requests and bytes counted are those on the wire, not the tool's own
bookkeeping. The archive uploaded is the
MariaDB fixtures' chains, the corpus' small binlogs, and copies of a chain, 1,000
objects in all; the same tree stays on local disk, and every answer on the store must
equal the local one, the file names aside.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pyarrow.fs as pafs
import pyarrow.parquet as pq
import pytest

from bench.object_store_bench import (
    BUCKET,
    KIB,
    MOTO,
    OBJECTS,
    S3Server,
    archive_tree,
    free_port,
    s3_server,
)
from binlog_kaitai.cli import main
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.publish import MANIFEST, Staging, abandon, begin, publish, read_manifest
from binlog_kaitai.storage import open_input
from binlog_kaitai.stream import MAGIC

pytestmark = pytest.mark.skipif(not MOTO.exists(),
                                reason="moto[server] is not installed (make setup does)")
ARCHIVE = f"s3://{BUCKET}/archive"
RUN_ID = re.compile(r"^run\d{8}T\d{6}-[0-9a-f]{8}-")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Server]:
    with s3_server(tmp_path_factory.mktemp("moto") / "server.log") as server:
        yield server


@pytest.fixture(scope="module")
def archive(store: S3Server, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The archive on local disk, uploaded to ``s3://binlogs/archive/``."""
    root = tmp_path_factory.mktemp("archive")
    assert archive_tree(root) == OBJECTS
    store.upload(root, "archive")
    return root


@pytest.fixture(autouse=True)
def aws(store: S3Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment pyarrow finds the store by (through the counting proxy)."""
    for name, value in store.environment().items():
        monkeypatch.setenv(name, value)


def cli(*argv: str) -> tuple[int, str, str]:
    """``binlog-kaitai ARGV`` in this process: status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def same_answers(archive: Path, *argv: str, where: str = "") -> str:
    """``ARGV`` run on ``archive/where`` and on ``s3://binlogs/archive/where``: the same
    status and output, local paths read as the URIs; the output."""
    local = cli(*argv, str(archive / where))
    remote = cli(*argv, f"{ARCHIVE}/{where}")
    assert remote == as_uris(local, archive)
    return remote[1]


def as_uris(answer: tuple[int, str, str], archive: Path) -> tuple[int, str, str]:
    """A command's status, output and errors on the local archive, read as on the
    store's."""
    status, out, err = answer
    return status, out.replace(str(archive), ARCHIVE), err.replace(str(archive), ARCHIVE)


def test_check_of_1000_objects_reads_heads_and_tails(store: S3Server, archive: Path) -> None:
    """At most 3 GETs and 64 KiB a file, counted on the wire; the answer is the local
    one."""
    store.wire.record()
    status, out, err = cli("check", "--json", f"{ARCHIVE}/")
    requests = store.wire.requests()
    gets = [target for method, target in requests if method == "GET"]
    objects = [t for t in gets if "list-type" not in t]
    assert len(objects) <= 3 * OBJECTS, len(objects)
    assert store.wire.received <= 64 * KIB * OBJECTS, store.wire.received
    assert len(gets) - len(objects) <= 3  # is it a folder? then 1,000 keys a page
    assert (status, out, err) == as_uris(cli("check", "--json", str(archive)), archive)
    servers = [json.loads(line) for line in out.splitlines() if "/servers/" in line]
    assert len(servers) == len({p.parent for p in archive.glob("servers/*/*")}) > 300
    assert all(c["files"] == 3 for c in servers[:-1]), servers


@pytest.mark.parametrize("chain", ["rotation_minimal", "gtid", "mixed"])
def test_summary_seek_plan_answer_as_locally(archive: Path, chain: str) -> None:
    where = f"fixtures/{chain}/"
    summaries = [json.loads(line) for line in same_answers(
        archive, "summary", "--json", where=where).splitlines()]
    assert summaries and all(s["error"] is None for s in summaries)
    assert all(s["file"].startswith(f"{ARCHIVE}/{where}") for s in summaries)
    middle = (summaries[0]["start_timestamp"] + summaries[-1]["end_timestamp"]) // 2
    [found] = [json.loads(same_answers(archive, "seek", "--json", "--datetime",
                                       f"@{middle}", where=where))]
    assert found["pos"] is not None
    [planned] = [json.loads(same_answers(
        archive, "plan", "--json", "--from", "binlog.000001:4", "--to-datetime",
        f"@{summaries[-1]['end_timestamp']}", where=where))]
    assert planned["possible"] and planned["files"], planned
    for command in ("events", "rows"):
        assert same_answers(archive, command, "--json", where=where)


def test_a_glob_is_matched_against_the_listing(archive: Path) -> None:
    """``*`` within a segment, ``**`` across them, as the shell would locally."""
    for where in ("fixtures/*/binlog.000001", "**/binlog.00000[23]"):
        out = same_answers(archive, "summary", "--json", where=where)
        assert len(out.splitlines()) == len(list(archive.glob(where))) > 1


def test_export_to_the_store_writes_the_local_tables(store: S3Server, archive: Path,
                                                     tmp_path: Path) -> None:
    """``export`` of the store's files to the store, and of the local files to local
    disk: the same Parquet files (the file column aside: a URI there, a path here)."""
    uri = f"{ARCHIVE}/fixtures/rotation_minimal"
    output = f"s3://{BUCKET}/exports/rotation"
    status, _, err = cli("export", "--output", output, uri)
    assert status == 0, err
    local = tmp_path / "export"
    assert cli("export", "--output", str(local), str(archive / "fixtures/rotation_minimal")
               )[0] == 0
    status, _, err = cli("export", "--output", output, uri)
    assert (status, err) == (1, f"binlog-kaitai export: {output}: already holds an export; "
                                "--overwrite replaces it\n")
    assert cli("export", "--overwrite", "--output", output, uri)[0] == 0
    files = read_manifest(output)
    assert {_unnamed(name) for name in files} == read_manifest(str(local)).keys()
    assert any(name.startswith("row_changes/") for name in files)
    fs = pafs.FileSystem.from_uri(output)[0]
    stored = fs.get_file_info(pafs.FileSelector(f"{BUCKET}/exports/rotation", recursive=True))
    assert {info.path.removeprefix(f"{BUCKET}/exports/rotation/") for info in stored
            if info.type == pafs.FileType.File} == {*files, MANIFEST}  # nothing left over
    for name in files:
        if name.endswith(".parquet"):
            there = pq.read_table(f"{BUCKET}/exports/rotation/{name}", filesystem=fs)
            here = pq.read_table(local / _unnamed(name))
            assert _paths_as(there.to_pylist(), uri) == _paths_as(
                here.to_pylist(), str(archive / "fixtures/rotation_minimal")), name


def _unnamed(name: str) -> str:
    """A store's file name without the run id its run put before it."""
    folder, _, base = name.rpartition("/")
    return f"{folder}/{RUN_ID.sub('', base)}"


def _stored(store: S3Server, prefix: str) -> dict[str, bytes]:
    """Every object under ``s3://binlogs/PREFIX/`` (read direct, not through the
    proxy): key under the prefix: content."""
    fs = store.filesystem()
    assert isinstance(fs, pafs.S3FileSystem)
    found = fs.get_file_info(pafs.FileSelector(f"{BUCKET}/{prefix}", recursive=True,
                                               allow_not_found=True))
    return {info.path.removeprefix(f"{BUCKET}/{prefix}/"): fs.open_input_stream(
        info.path).read() for info in found if info.type == pafs.FileType.File}


def test_a_store_failing_mid_upload_leaves_the_previous_export(
        store: S3Server, archive: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """``export --overwrite`` while the store fails every request after a few PUTs: one
    line, exit 1 (nor any from pyarrow's C++ on the process's stderr), the previous
    export's manifest and files as they were; healthy again, the rerun replaces it and
    leaves nothing its manifest does not list."""
    uri, output = f"{ARCHIVE}/fixtures/gtid", f"s3://{BUCKET}/exports/failing"
    assert cli("export", "--output", output, uri)[0] == 0
    before = _stored(store, "exports/failing")
    assert set(before) == {*read_manifest(output), MANIFEST}
    store.wire.fail_after_puts(2)
    try:
        status, out, err = cli("export", "--overwrite", "--output", output, uri)
    finally:
        store.wire.fail_after_puts(None)
    assert (status, out) == (1, "")
    assert err.startswith(f"binlog-kaitai export: cannot write {output}: ") and len(
        err.splitlines()) == 1 and "Traceback" not in err, err
    assert capfd.readouterr().err == ""
    after = _stored(store, "exports/failing")
    assert {k: v for k, v in after.items() if k in before} == before
    assert after.keys() > before.keys()  # what the failed run put: listed nowhere
    assert cli("export", "--overwrite", "--output", output, uri)[0] == 0
    files = read_manifest(output)
    assert set(_stored(store, "exports/failing")) == {*files, MANIFEST}
    assert not set(files) & set(before)
    assert sorted(map(_unnamed, files)) == sorted(map(_unnamed, _listed(before)))


def _listed(stored: dict[str, bytes]) -> dict[str, int]:
    """The files a stored manifest lists."""
    return dict(json.loads(stored[MANIFEST])["files"])


def test_a_failed_first_run_leaves_no_export(store: S3Server, archive: Path) -> None:
    """A first run that fails mid-upload publishes nothing (no manifest): the next run,
    without ``--overwrite``, is not refused for what it left, and deletes it."""
    uri, output = f"{ARCHIVE}/fixtures/gtid", f"s3://{BUCKET}/exports/first"
    store.wire.fail_after_puts(1)
    try:
        assert cli("export", "--output", output, uri)[0] == 1
    finally:
        store.wire.fail_after_puts(None)
    left = _stored(store, "exports/first")
    assert left and MANIFEST not in left
    status, _, err = cli("export", "--output", output, uri)
    assert status == 0, err
    assert set(_stored(store, "exports/first")) == {*read_manifest(output), MANIFEST}


def test_a_run_staged_in_the_store_is_copied_in_or_left_out(store: S3Server) -> None:
    """The Spark job's way (its run staged in a hidden folder inside the output, by
    Spark; here by hand): published, its files are copied in under the run's names
    (not Spark's ``_SUCCESS``); a replacement failing at its first copy leaves the
    previous export, and the next run deletes what the failed one left."""
    output = f"s3://{BUCKET}/exports/spark"
    direct = store.filesystem()
    assert isinstance(direct, pafs.S3FileSystem)

    def staged_run(content: bytes, overwrite: bool) -> Staging:
        run = begin(output, overwrite=overwrite, known={"events"})
        staging = run.staging.removeprefix("s3://")
        for name, body in (("events/event_date=2024-01-02/part-0.parquet", content),
                           ("events/_SUCCESS", b"")):
            with direct.open_output_stream(f"{staging}/{name}") as sink:
                sink.write(body)
        return run

    first = staged_run(b"first", overwrite=False)
    publish(first)
    before = _stored(store, "exports/spark")
    assert set(before) == {MANIFEST, f"events/event_date=2024-01-02/{first.run_id}-part-0.parquet"}
    failed = staged_run(b"second", overwrite=True)
    store.wire.fail_after_puts(0)
    try:
        with pytest.raises(OSError):
            publish(failed)
        abandon(failed)
    finally:
        store.wire.fail_after_puts(None)
    after = _stored(store, "exports/spark")
    assert {k: v for k, v in after.items() if k in before} == before
    assert all(".binlog-kaitai-staging-" in k for k in set(after) - set(before))
    second = staged_run(b"second", overwrite=True)
    publish(second)
    assert _stored(store, "exports/spark") == {
        MANIFEST: _stored(store, "exports/spark")[MANIFEST],
        f"events/event_date=2024-01-02/{second.run_id}-part-0.parquet": b"second"}


def test_incremental_export_to_a_store_is_refused(archive: Path) -> None:
    """An incremental run renames its files into place, which S3 cannot do atomically:
    refused in one line, exit 2, nothing written (it was attempted with local calls)."""
    output = f"s3://{BUCKET}/exports/incremental"
    status, out, err = cli("export", "--incremental", "--output", output,
                           str(archive / "fixtures/rotation_minimal"))
    assert (status, out) == (2, "")
    assert err.startswith("binlog-kaitai export: --incremental keeps its output in a local "
                          "folder or HDFS") and len(err.splitlines()) == 1, err
    fs = pafs.FileSystem.from_uri(output)[0]
    assert fs.get_file_info(f"{BUCKET}/exports/incremental").type == pafs.FileType.NotFound


def _paths_as(rows: list[dict[str, Any]], root: str) -> list[dict[str, Any]]:
    return [{k: v.replace(root, "ROOT") if isinstance(v, str) else v for k, v in row.items()}
            for row in rows]


def one_line(err: str, name: str, words: str) -> None:
    """``err`` is the one line ``NAME: ...words...`` (then the command's own, that it
    found no binlog to read): no traceback."""
    lines = err.splitlines()
    assert lines[0].startswith(f"{name}: ") and words in lines[0], err
    assert lines[1:] == [f"binlog-kaitai summary: no binlog found in {name}"], err


def test_a_missing_object_is_one_line(archive: Path) -> None:
    missing = f"{ARCHIVE}/fixtures/gtid/binlog.000009"
    status, out, err = cli("summary", "--json", missing)
    assert (status, out) == (1, "")
    one_line(err, missing, "No such file or directory")
    assert err.startswith(f"{missing}: No such file or directory\n")
    status, _, err = cli("check", f"s3://nobucket/{BUCKET}/")
    assert status == 1 and "Traceback" not in err


def test_access_denied_is_one_line(store: S3Server, archive: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A user without S3 permissions, and keys the store does not know: the store's
    refusal in one line (moto checks credentials once told to, /moto-api/reset-auth)."""
    import boto3

    iam = boto3.client("iam", endpoint_url=store.moto, region_name="us-east-1",
                       aws_access_key_id="testing", aws_secret_access_key="testing")
    iam.create_user(UserName="nobody")
    key = iam.create_access_key(UserName="nobody")["AccessKey"]
    name = f"{ARCHIVE}/fixtures/gtid/binlog.000001"
    store.set_auth("0")
    try:
        for key_id, secret in ((key["AccessKeyId"], key["SecretAccessKey"]),
                               ("AKIAUNKNOWN", "wrong")):
            monkeypatch.setenv("AWS_ACCESS_KEY_ID", key_id)
            monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", secret)
            status, out, err = cli("summary", "--json", name)
            assert (status, out) == (1, "")
            one_line(err, name, "ACCESS_DENIED")
            assert "Traceback" not in err
    finally:
        store.set_auth("inf")


def test_a_read_that_fails_says_cannot_read(store: S3Server, archive: Path) -> None:
    """An object deleted once opened: its next read is the store's refusal, at its
    offset, as every damaged file's line is."""
    fs = store.filesystem()
    fs.copy_file(f"{BUCKET}/archive/fixtures/gtid/binlog.000001", f"{BUCKET}/gone/binlog.1")
    with open_input(f"s3://{BUCKET}/gone/binlog.1", buffering=0) as f:
        assert f.read(4) == MAGIC
        fs.delete_file(f"{BUCKET}/gone/binlog.1")
        with pytest.raises(BinlogError) as failed:
            f.read(100)
    assert failed.value.offset == 4  # (moto's answer is taken for a broken stream)
    assert failed.value.message.startswith("cannot read: AWS Error ")
    assert "\n" not in failed.value.message


def test_an_unreachable_store_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing listens: pyarrow's retries, then the cause in one line."""
    monkeypatch.setenv("AWS_ENDPOINT_URL", f"http://127.0.0.1:{free_port()}")
    name = f"{ARCHIVE}/fixtures/gtid/binlog.000001"
    status, out, err = cli("summary", "--json", name)
    assert (status, out) == (1, "")
    one_line(err, name, "Could not connect")
