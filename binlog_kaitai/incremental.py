"""Incremental runs (``--incremental``): an output that grows with its archive.

A daily run over a growing archive parses only what the runs before it have not: new
files, and the new complete transactions of a file that has grown (a copy of the binlog
in use). What the runs did is the output's *state*, kept in its manifest
(:data:`~binlog_kaitai.publish.MANIFEST`, under the key :data:`STATE_KEY`), the same for
``export`` and the Spark job:

- ``files``: per input file (path as listed), its size when done and the position up to
  which it is done (the end of its last complete transaction); for a file that may still
  grow (it ends without ROTATE or STOP), its ``split_stats`` and the ``files`` table's
  data files holding its row, which a later run rewrites when the file grows;
- ``histories``: each chain's schema history after its DDL (:func:`binlog_kaitai.schema.freeze`),
  by the path of the chain's last file, where the next file of the chain starts: a new
  file's column names whose DDL was in an older file are known without reading it;
- ``typed``: each typed change table's schema, the union of its runs' (a reader widens
  every data file to it: :func:`read_table`).

The manifest's ``files`` lists every data file of every run. A run writes its tables
into a staging folder inside the output (hidden: Spark and pyarrow skip it), moves them
in under names of its own (``rNNNNNN-...``), and commits by replacing the manifest
(a rename on a local disk; an object store's put replaces whole). A reader reads only
what the manifest lists. A run killed before its commit leaves files that no manifest
lists: the next run deletes them (:func:`recover`) and does the same work again.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from binlog_kaitai.archive import _base as chain_base
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.publish import FORMAT, MANIFEST, _locate, _sync
from binlog_kaitai.storage import open_input
from binlog_kaitai.stream import BinlogStream
from binlog_kaitai.tables.splits import (
    CUT_BODIES,
    ArchivePlan,
    FileInfo,
    FileWalk,
    Script,
    Split,
    plan_archive,
)
from binlog_kaitai.tables.typed_tables import conform, union_schema
from binlog_kaitai.transactions import TransactionTracker

STATE_KEY = "incremental"
STAGING = ".binlog-kaitai-incremental-staging"
"""The run's staging folder, inside the output (hidden, so no reader lists it)."""
HIVE_NULL = "__HIVE_DEFAULT_PARTITION__"
_RUN_NAME = re.compile(r"r(\d{6})-")


class NotIncremental(Exception):
    """The output holds something an incremental run must not add to."""


@dataclass
class FileDone:
    """One input file as the runs left it."""

    size: int
    done: int
    """Parsed up to here: the end of its last complete transaction."""
    stats: list[dict[str, Any]] | None = None
    """A file that may grow: its ``split_stats`` so far."""
    rows_in: list[str] = field(default_factory=list)
    """A file that may grow: the ``files`` table's data files holding its row."""


@dataclass
class State:
    """What the committed runs did (see the module docstring)."""

    runs: int = 0
    files: dict[str, FileDone] = field(default_factory=dict)
    histories: dict[str, str] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)
    data: dict[str, int] = field(default_factory=dict)
    """Every data file of every run (path under the output: size)."""
    unsnapshotted: list[str] = field(default_factory=list)
    """Typed tables whose ``errors`` line says why they have no snapshot (written once,
    as one run writes it)."""

    def history(self, path: str) -> bytes | None:
        """The schema history a chain's file ``path`` starts from (None: none known).
        A state written before chains were keyed by server (``folder/base#version#id``,
        :func:`~binlog_kaitai.tables.splits.chain_id`) keeps them by folder and base
        name: its history is continued."""
        key = chain_id(path)
        found = self.histories.get(key)
        if found is None and "#" in key:
            found = self.histories.get(key.split("#", 1)[0])
        return None if found is None else base64.b64decode(found)

    def typed_schema(self, table: str) -> pa.Schema | None:
        return typed_schema(self.typed, table)

    def to_json(self) -> dict[str, Any]:
        return {"runs": self.runs, "histories": self.histories, "typed": self.typed,
                "unsnapshotted": self.unsnapshotted,
                "files": {p: dataclasses.asdict(f) for p, f in sorted(self.files.items())}}


def typed_schema(typed: Mapping[str, str], table: str) -> pa.Schema | None:
    """A typed table's schema as a state's ``typed`` holds it (None: not there)."""
    found = typed.get(table)
    return None if found is None else pa.ipc.read_schema(pa.py_buffer(base64.b64decode(found)))


def chain_id(path: str) -> str:
    """A chain's name: the folder and base name its files share (as
    :func:`binlog_kaitai.archive.chain_groups` groups them)."""
    return os.path.join(os.path.dirname(path), chain_base(path))


def load(output: str) -> State:
    """The state the output's manifest holds (an empty one for a new or empty output);
    :class:`NotIncremental` when the output holds an export of another kind."""
    fs, root = _locate(output)
    try:
        with fs.open_input_stream(f"{root}/{MANIFEST}") as source:
            manifest = json.loads(source.read())
    except FileNotFoundError:
        return State()
    if manifest.get("format") != FORMAT or STATE_KEY not in manifest:
        raise NotIncremental(f"{output}: holds an export made without --incremental; "
                             "give a new folder (or --overwrite without --incremental)")
    raw = manifest[STATE_KEY]
    return State(raw["runs"], {p: FileDone(**f) for p, f in raw["files"].items()},
                 raw["histories"], raw["typed"], dict(manifest["files"]),
                 raw.get("unsnapshotted", []))


def recover(output: str, state: State, known: Iterable[str]) -> None:
    """Delete what runs that did not commit left: the staging folder, and the data
    files under the ``known`` top folders that the manifest does not list."""
    fs, root = _locate(output)
    fs.delete_dir_contents(f"{root}/{STAGING}", missing_dir_ok=True)
    with suppress(FileNotFoundError):
        fs.delete_dir(f"{root}/{STAGING}")
    for top in known:
        for info in fs.get_file_info(pafs.FileSelector(f"{root}/{top}", recursive=True,
                                                       allow_not_found=True)):
            if info.type == pafs.FileType.File and (
                    info.path[len(root) + 1:] not in state.data):
                fs.delete_file(info.path)


def staging(output: str) -> str:
    """The run's staging folder (empty: :func:`recover` ran)."""
    fs, root = _locate(output)
    fs.create_dir(f"{root}/{STAGING}")
    return f"{output.rstrip('/')}/{STAGING}"


def pending(state: State, files: Iterable[FileInfo]) -> list[FileInfo]:
    """The listed files with something new: those no run did, those that grew since (a
    file that may grow); :class:`NotIncremental` for a done file that changed."""
    todo = []
    for info in files:
        prev = state.files.get(info.path)
        if prev is None or (prev.stats is not None and info.size > prev.size):
            todo.append(info)
        elif info.size != prev.size:
            raise NotIncremental(f"{info.path}: {info.size} bytes, {prev.size} when an "
                                 "earlier run read it: the file was replaced")
    return todo


@dataclass
class RunPlan:
    """What a run parses: :attr:`plan`'s splits (a grown file's from where it was left),
    and for each file, where the parse stops and whether the file may grow."""

    plan: ArchivePlan
    ends: dict[str, int]
    open: set[str]
    """Files that end without ROTATE or STOP: they may grow."""


def plan_run(state: State, walks: Sequence[FileWalk], scripts: Sequence[Script] = (),
             until: Mapping[str, int] | None = None) -> RunPlan:
    """The run's plan over the walked :func:`pending` files: each chain from its history
    in ``state``; each file from where it was done (the DDL before dropped) to the end
    of its last complete transaction, or to where ``until`` says (a stream's offsets);
    the ``--schema`` files' rows only in the first run."""
    ends, opened, trimmed = {}, set(), []
    for walk in walks:
        info, prev = walk.info, state.files.get(walk.info.path)
        done = 0 if prev is None else prev.done
        if walk.summary.end_reason in (None, "none"):
            opened.add(info.path)
        ends[info.path] = (until[info.path] if until is not None
                           else complete_end(info.path, done) if info.path in opened
                           else info.size)
        end = ends[info.path]
        trimmed.append(dataclasses.replace(
            walk, cuts=tuple(c for c in walk.cuts if done < c < end),
            ddl=tuple(d for d in walk.ddl if done <= d.pos < end)))
    plan = plan_archive(trimmed, scripts, state.history)
    if state.runs:
        plan.history = [row for row in plan.history if row.pos is not None]
    plan.splits = [_bounded(split, state.files.get(split.path), ends[split.path])
                   for split in plan.splits]
    return RunPlan(plan, ends, opened)


def _bounded(split: Split, prev: FileDone | None, end: int) -> Split:
    """A split from where its file was done, to ``end`` (the end of its last complete
    transaction) when that is before the file's end."""
    start = split.start if split.start is not None or prev is None else prev.done
    stop = split.stop
    if stop is None and end < split.file.size:
        stop = end
    return dataclasses.replace(split, start=start, stop=stop)


def complete_end(path: str, start: int) -> int:
    """Where the last complete transaction after ``start`` (a transaction boundary) ends:
    a file in use ends inside one; its rest is the next run's."""
    end = start
    tracker = TransactionTracker()
    try:
        with open_input(path) as f, BinlogStream(f, bodies=CUT_BODIES) as stream:
            for ev in stream.events(start or None):
                tracker.step(ev.type_code, ev.kind)
                if not tracker.open:
                    end = ev.next_pos
    except (BinlogError, OSError):
        pass  # damage: the parse up to here reports nothing; the rest waits
    return end


def merge_stats(state: State, stats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """This run's ``split_stats`` and, before those of a file that grew, the earlier
    runs' (numbered before its first split, with its new summary): folded, the file's
    one ``files`` row, as one run over the whole file gives."""
    fresh = {s["file"]: s["summary_json"] for s in stats if s["summary_json"] is not None}
    earlier = []
    for path in fresh:
        prev = state.files.get(path)
        old = [] if prev is None or prev.stats is None else prev.stats
        earlier += [{**s, "split_index": s["split_index"] - len(old) - 1_000_000,
                     "summary_json": fresh[path] if s["summary_json"] else None}
                    for s in old]
    return earlier + stats


def commit(output: str, state: State, run: RunPlan, stats: Sequence[dict[str, Any]],
           replace: Iterable[str] = ()) -> None:
    """Publish the staged run: its data files moved in under the run's names, the
    ``files`` rows of the files that grew taken out of the earlier runs' data files, the
    state brought up to date, and the manifest replaced (the commit); then what it no
    longer lists deleted, the earlier runs' files under the ``replace`` folders too (a
    snapshot the run wrote again)."""
    fs, root = _locate(output)
    number = state.runs + 1
    grown = {p for p in run.ends if p in state.files}
    moved = _move_in(fs, root, number)
    gone = _drop_rows(fs, root, number, state, grown) | {
        p for p in state.data for folder in replace if p.startswith(f"{folder}/")}
    state.data = {p: n for p, n in state.data.items() if p not in gone} | moved
    file_rows = sorted(p for p in moved if p.startswith("files/"))
    sizes = {split.path: split.file.size for split in run.plan.splits}
    for path, end in run.ends.items():
        growing = path in run.open
        state.files[path] = FileDone(
            sizes[path], end,
            [s for s in stats if s["file"] == path] if growing else None,
            file_rows if growing else [])
    for last, history in run.plan.ends.items():
        key = chain_id(last)
        state.histories[key] = base64.b64encode(history).decode()
        state.histories.pop(key.split("#", 1)[0], None)  # (its key in an older state)
    _unite_typed(fs, root, state, moved)
    state.runs = number
    _write_manifest(fs, root, state)
    for path in gone:
        with suppress(FileNotFoundError):
            fs.delete_file(f"{root}/{path}")
    fs.delete_dir(f"{root}/{STAGING}")


def _move_in(fs: pafs.FileSystem, root: str, number: int) -> dict[str, int]:
    """The staged data files (not Spark's ``_SUCCESS`` nor checksums) moved into the
    output, ``rNNNNNN-`` before their names; path under the output: size."""
    moved = {}
    base = f"{root}/{STAGING}"
    for info in fs.get_file_info(pafs.FileSelector(base, recursive=True)):
        if info.type != pafs.FileType.File or info.base_name[0] in "._":
            continue
        folder, _, name = info.path[len(base) + 1:].rpartition("/")
        target = f"{folder}/r{number:06d}-{name}"
        fs.create_dir(f"{root}/{folder}")
        _sync(fs, info.path)
        fs.move(info.path, f"{root}/{target}")
        moved[target] = info.size
    return moved


def _drop_rows(fs: pafs.FileSystem, root: str, number: int, state: State,
               grown: set[str]) -> set[str]:
    """The ``files`` data files holding a row of a file that grew, rewritten without
    those rows (new names, in the state of the files still pointing to them); the data
    files replaced."""
    old = sorted({p for path in grown for p in state.files[path].rows_in})
    renamed = {}
    for index, path in enumerate(old):
        table = pq.read_table(fs.open_input_file(f"{root}/{path}"))
        kept = table.filter(pc.invert(pc.is_in(
            table.column("file"), pa.array(sorted(grown)))))
        if kept.num_rows:
            folder = path.rpartition("/")[0]
            renamed[path] = f"{folder}/r{number:06d}-kept-{index:05d}.parquet"
            with fs.open_output_stream(f"{root}/{renamed[path]}") as sink:
                pq.write_table(kept, sink, compression="snappy")
            _sync(fs, f"{root}/{renamed[path]}")
            state.data[renamed[path]] = fs.get_file_info(f"{root}/{renamed[path]}").size
    for done in state.files.values():
        done.rows_in = [renamed.get(p, p) for p in done.rows_in
                        if p not in old or p in renamed]
    return set(old)


def _unite_typed(fs: pafs.FileSystem, root: str, state: State, moved: Iterable[str]) -> None:
    """Each typed change table's schema in the state widened to its new data files'."""
    for path in moved:
        parts = path.split("/")
        if parts[0] != "tables":
            continue
        with fs.open_input_file(f"{root}/{path}") as source:
            schema = pq.read_schema(source)
        known = state.typed_schema(parts[1])
        united = schema if known is None else union_schema([known, schema])
        state.typed[parts[1]] = base64.b64encode(united.serialize().to_pybytes()).decode()


def _write_manifest(fs: pafs.FileSystem, root: str, state: State) -> None:
    """The manifest (every data file, the state) replaced in one step: written beside,
    synced, renamed over the old one (an object store's put replaces it whole)."""
    body = json.dumps({"format": FORMAT, "version": 1, "files": dict(sorted(state.data.items())),
                       STATE_KEY: state.to_json()}, indent=1).encode()
    local = isinstance(fs, pafs.LocalFileSystem)
    target = f"{root}/{MANIFEST}"
    written = f"{root}/.{MANIFEST}.new" if local else target
    with fs.open_output_stream(written) as sink:
        sink.write(body)
    if local:
        _sync(fs, written)
        fs.move(written, target)
        _sync(fs, root)


def read_table(output: str, table: str, staged: bool = False) -> pa.Table:
    """One table of an output (``row_changes``, ``tables/db.t``...), from the data files
    its manifest lists (and with ``staged``, the running run's), ``event_date`` from
    their folders; a typed change table's files widened to the union of their schemas
    and the state's."""
    fs, root = _locate(output)
    try:
        with fs.open_input_stream(f"{root}/{MANIFEST}") as source:
            manifest = json.loads(source.read())
    except FileNotFoundError:
        if not staged:
            raise
        manifest = {"files": {}}
    paths = sorted(p for p in manifest["files"] if p.startswith(f"{table}/"))
    if staged:
        paths += sorted(f"{STAGING}/{info.path[len(root) + len(STAGING) + 2:]}"
                        for info in fs.get_file_info(pafs.FileSelector(
                            f"{root}/{STAGING}/{table}", recursive=True, allow_not_found=True))
                        if info.type == pafs.FileType.File and info.base_name[0] not in "._")
    parts, schemas = [], []
    for path in paths:
        with fs.open_input_file(f"{root}/{path}") as source:
            part = pq.read_table(source)
        schemas.append(part.schema)
        day = re.search(r"/event_date=([^/]+)/", path)
        if day is not None:
            value = None if day.group(1) == HIVE_NULL else date.fromisoformat(day.group(1))
            part = part.append_column("event_date", pa.array([value] * len(part), pa.date32()))
        parts.append(part)
    if not table.startswith("tables/") or not parts:
        return pa.concat_tables(parts) if parts else pa.table({})
    known = typed_schema(manifest.get(STATE_KEY, {}).get("typed", {}), table.split("/")[1])
    if known is not None:
        schemas.insert(0, known)
    schema = union_schema(schemas)  # (the change tables' layout: event_date included)
    return pa.Table.from_batches([conform(b, schema) for p in parts for b in
                                  p.combine_chunks().to_batches()], schema)
