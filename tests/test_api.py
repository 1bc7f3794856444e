"""The public API at the package's top level: the names, what each is, and real calls on
the gtid fixture (three MariaDB binlogs of one server, see its scenario.sql)."""

from __future__ import annotations

import importlib
import multiprocessing
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import binlog_kaitai
from tests.conftest import FIXTURES, REPO

GTID = FIXTURES / "mariadb" / "gtid"
FIRST = str(GTID / "binlog.000001")

# Each public name and where it is defined.
HOMES = {
    "read_events": ("binlog_kaitai.stream", "read_events"),
    "BinlogStream": ("binlog_kaitai.stream", "BinlogStream"),
    "summary": ("binlog_kaitai.summary", "summary"),
    "row_changes": ("binlog_kaitai.rows", "iter_row_changes"),
    "row_batches": ("binlog_kaitai.columnar", "row_batches"),
    "check": ("binlog_kaitai.archive", "check"),
    "seek_datetime": ("binlog_kaitai.seek", "seek_datetime"),
    "seek_gtid": ("binlog_kaitai.seek", "seek_gtid"),
    "plan": ("binlog_kaitai.plan", "plan"),
    "BinlogError": ("binlog_kaitai.errors", "BinlogError"),
}


def test_all_is_the_public_api() -> None:
    assert binlog_kaitai.__all__ == list(HOMES)
    assert set(HOMES) <= set(dir(binlog_kaitai))


@pytest.mark.parametrize("name", list(HOMES))
def test_each_name_is_its_module_s_object(name: str) -> None:
    module, attribute = HOMES[name]
    # summary and plan are also modules of the package: once imported (the CLI imports
    # them), the package's names must still be the functions
    importlib.import_module(module)
    defined = getattr(sys.modules[module], attribute)
    namespace: dict[str, object] = {}
    exec(f"from binlog_kaitai import {name}", namespace)
    assert namespace[name] is defined
    assert getattr(binlog_kaitai, name) is defined
    assert callable(defined)


def test_star_import_gives_exactly_the_api() -> None:
    namespace: dict[str, object] = {}
    exec("from binlog_kaitai import *", namespace)
    assert sorted(k for k in namespace if k != "__builtins__") == sorted(HOMES)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'rows_changes'"):
        _ = binlog_kaitai.rows_changes  # type: ignore[attr-defined]


def test_the_cli_imports_no_heavy_library() -> None:
    """The package's names are loaded on use: the CLI's start pays for no decoder."""
    code = ("import sys, binlog_kaitai, binlog_kaitai.cli; "
            "print(sorted({m.split('.')[0] for m in sys.modules} "
            "& {'numpy', 'pyarrow', 'sqlglot', 'pandas'}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"


def test_read_events_and_binlog_stream() -> None:
    events = list(binlog_kaitai.read_events(FIRST))
    assert len(events) == 63
    assert [(e.pos, e.type_name) for e in events[:4]] == [
        (4, "FORMAT_DESCRIPTION_EVENT"), (256, "GTID_LIST_EVENT"),
        (285, "BINLOG_CHECKPOINT_EVENT"), (325, "GTID_EVENT")]
    with binlog_kaitai.BinlogStream(FIRST) as stream:
        assert stream.first.type_name == "FORMAT_DESCRIPTION_EVENT"
        assert [e.pos for e in stream.events(1008, 1369)] == [1008, 1050, 1106, 1150,
                                                              1192, 1250, 1294, 1338]


def test_summary() -> None:
    found = binlog_kaitai.summary(FIRST)
    assert (found.server_version, found.checksum) == ("10.11.19-MariaDB-0+deb12u1-log",
                                                      "CRC32")
    assert (found.end_reason, found.next_file, found.last_event_pos) == (
        "rotate", "binlog.000002", 3510)
    assert found.start_time == "2026-11-21T19:47:58Z"


def test_row_changes_over_the_chain() -> None:
    changes = list(binlog_kaitai.row_changes([str(GTID)], tables=["t.a"], ops=["insert"]))
    assert [c.after["v"] for c in changes] == [
        "one", "two", "three", "xa", "xa1p", "xarb", "dom5", "seq100", "srv7", "x"]
    assert (changes[0].gtid, changes[8].gtid) == ("0-1-4", "0-7-14")
    assert changes[8].file.endswith("binlog.000002")


def test_row_batches() -> None:
    batches = list(binlog_kaitai.row_batches(FIRST))
    assert sum(b.num_rows for b in batches) == 9
    assert batches[0].schema.names[:8] == ["file", "pos", "inner_pos", "row", "timestamp",
                                           "server_id", "gtid", "op"]
    assert batches[0].column("after").to_pylist()[0] == {"id": 1, "v": "one"}


def test_row_batches_of_a_chain(tmp_path: Path) -> None:
    """A folder is one chain, as for row_changes: the DDL of the first file names the
    columns of the later ones; a damaged last file gives the rows before the damage,
    then its error."""
    rotation = FIXTURES / "mariadb" / "rotation_minimal"
    batches = list(binlog_kaitai.row_batches(rotation))
    changes = list(binlog_kaitai.row_changes(rotation))
    assert sorted((r["file"], r["pos"], r["row"]) for b in batches  # (by table and kind)
                  for r in b.select(["file", "pos", "row"]).to_pylist()) == [
        (c.file, c.pos, c.row) for c in changes]
    last = [b for b in batches if b.column("file")[0].as_py().endswith("binlog.000003")]
    names = {f.name for b in last for image in ("before", "after")
             if image in b.schema.names for f in b.schema.field(image).type}
    assert last and names and not any(n.startswith("@") for n in names), names
    for f in sorted(rotation.glob("binlog.00000*")):
        data = f.read_bytes()
        (tmp_path / f.name).write_bytes(data[:len(data) * 2 // 3] if f.name.endswith("3")
                                        else data)
    got: list[Any] = []
    with pytest.raises(binlog_kaitai.BinlogError):
        for batch in binlog_kaitai.row_batches(tmp_path):
            got.append(batch)
    problems: list[Any] = []
    kept = list(binlog_kaitai.row_changes(tmp_path, on_error=problems.append))
    assert problems and sum(b.num_rows for b in got) == len(kept) > 0


def test_row_batches_of_files_side_by_side(tmp_path: Path) -> None:
    """A chain of local files is read one file per core (forked workers): the same rows
    as in one process, each file's columns named by the DDL of the files before it
    (binlog_row_metadata MINIMAL: only the DDL names them), then the error of a damaged
    file, as one process raises it, and none of the files after it."""
    from binlog_kaitai import batch_workers

    chain = sorted((FIXTURES / "mariadb" / "rotation_minimal").glob("binlog.0*"))
    damaged = tmp_path / "binlog.cut"
    damaged.write_bytes(chain[1].read_bytes()[:-50])
    files = [str(p) for p in (*chain, damaged, chain[0])]
    if batch_workers.chain_workers(files) == 0:
        pytest.skip("no worker processes here: one core, or another thread running")

    def read(workers: int | None) -> tuple[list[Any], BaseException]:
        rows: list[Any] = []
        with pytest.raises(binlog_kaitai.BinlogError) as raised:
            for batch in binlog_kaitai.row_batches(files, workers=workers):
                rows.extend(batch.to_pylist())
        return sorted(rows, key=lambda r: (r["file"], r["pos"], r["row"])), raised.value

    (rows, error), (alone, alone_error) = read(None), read(0)
    assert rows == alone and len(rows) > 10
    assert (type(error), str(error), error.offset, error.event_index) == (  # type: ignore
        type(alone_error), str(alone_error), alone_error.offset,  # type: ignore
        alone_error.event_index)  # type: ignore
    assert str(error).startswith(f"{damaged}: offset ")
    assert {r["file"] for r in rows} == {*map(str, chain), str(damaged)}
    last = [r["after"] for r in rows if r["file"] == str(chain[2]) and r.get("after")]
    assert last and not any(k.startswith("@") for r in last for k in r), last
    batches = binlog_kaitai.row_batches(files)
    assert next(batches).num_rows > 0
    batches.close()  # (a reader that stops: the workers stopped, none left behind)
    assert multiprocessing.active_children() == []
    running = threading.Event()
    beside = threading.Thread(target=running.wait)
    beside.start()
    try:  # (a fork beside another thread of the caller's could hang: none is forked)
        assert batch_workers.chain_workers(files) == 0
    finally:
        running.set()
        beside.join()


def test_check() -> None:
    found = binlog_kaitai.check([str(GTID)])
    assert found.problems == []
    assert [(c.files[0].file, c.files[-1].file) for c in found.chains] == [
        (FIRST, str(GTID / "binlog.000003"))]


def test_seek() -> None:
    at = binlog_kaitai.seek_gtid(FIRST, "0-1-5")
    assert (at.pos, at.transaction_pos) == (1008, 1008)
    start = binlog_kaitai.seek_datetime(FIRST, "2026-11-21T19:47:58Z")
    assert (start.pos, start.timestamp) == (4, 1795290478)


def test_plan() -> None:
    found = binlog_kaitai.plan([str(GTID)], from_gtid="0-1-4",
                               to_datetime="2026-11-21T19:47:59Z")
    assert found.possible
    assert [(f.start, f.stop, f.first_gtid) for f in found.files] == [
        (1008, None, "0-1-5"), (4, None, "0-7-14"), (4, 371, None)]
    assert found.command is not None
    assert found.command.startswith("mariadb-binlog --start-position=1008 --stop-position=371 ")


def test_binlog_error() -> None:
    not_a_binlog = str(GTID / "scenario.sql")
    with pytest.raises(binlog_kaitai.BinlogError) as raised:
        list(binlog_kaitai.read_events(not_a_binlog))
    assert (raised.value.file, raised.value.offset) == (not_a_binlog, 0)
    assert "not a binlog" in raised.value.message
