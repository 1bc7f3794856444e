"""A table's state as of a time, from its change table (``--snapshot [--as-of]``).

One row per primary-key value: the last ``after`` image at or before the time, keys
whose last change is a delete left out, with the ``_ts``, ``_gtid``, ``_file`` and
``_pos`` of the change that wrote it (underscored so that they cannot clash with the
table's own columns). The key is the table map's primary-key metadata or the schema
history's (the batches' ``primary_key`` metadata); a table without one, whose row
images are not full (``binlog_row_image=MINIMAL``: the last change does not hold the
whole row) or some of whose changes have positional names (their key is unknown), gets
no snapshot and a line saying why.

:class:`SnapshotBuilder` needs memory for one batch: the latest change of each key is
kept in an on-disk SQLite table (key -> the change's place in the change table), and
the surviving changes are taken in a second pass over the change table.
"""

from __future__ import annotations

import os
import sqlite3
from collections import deque
from collections.abc import Iterable, Iterator
from datetime import datetime

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.compute as pc

from binlog_kaitai.tables.typed_tables import POSITIONAL

SNAPSHOT_META = (("_ts", "ts"), ("_gtid", "gtid"), ("_file", "file"), ("_pos", "pos"))
"""The snapshot's columns after the table's: (name, change-table column)."""
_SEPARATOR = b"\x1f"
_NULL_KEY_PART = b"\x00"


def primary_key(schema: pa.Schema) -> list[str] | None:
    """The key columns a change table's schema metadata names, None if unknown."""
    raw = (schema.metadata or {}).get(b"primary_key")
    return None if raw is None else [str(c) for c in orjson.loads(raw)]


def why_no_snapshot(schema: pa.Schema, partial_images: bool) -> str | None:
    """Why a table with change-table ``schema`` gets no snapshot (None: it gets one)."""
    key = primary_key(schema)
    if not key:
        return ("no primary key known (neither the table map's metadata nor the DDL in "
                "the stream or --schema names one)") if key is None else "no primary key"
    if POSITIONAL in (schema.metadata or {}):
        return "column names unknown for some of its changes (no metadata, no DDL)"
    after = schema.field("after").type
    missing = [c for c in key if after.get_field_index(c) < 0]
    if missing:
        return f"primary key column {missing[0]} not in the row images"
    if partial_images:
        return "row images are not full (binlog_row_image=MINIMAL or NOBLOB)"
    return None


def key_bytes(image: pa.Array, key: list[str]) -> pa.Array:
    """Each row's key (the ``key`` columns of struct ``image``) as one binary value:
    each part as text (binary as it is), joined by 0x1F; a null part as 0x00."""
    parts = []
    for name in key:
        part = pc.struct_field(image, name)
        if not (pa.types.is_binary(part.type) or pa.types.is_string(part.type)):
            part = part.cast(pa.string())
        parts.append(part.cast(pa.binary()))
    if len(parts) == 1:
        return pc.fill_null(parts[0], _NULL_KEY_PART)
    return pc.binary_join_element_wise(*parts, _SEPARATOR, null_handling="replace",
                                       null_replacement=_NULL_KEY_PART)


class SnapshotBuilder:
    """The snapshot of one table: :meth:`add` its change batches (all of them, in
    position order), then :meth:`rows` with the same batches again."""

    def __init__(self, folder: str, key: list[str], as_of: datetime | None) -> None:
        self.key = key
        self.as_of = None if as_of is None else pa.scalar(as_of, pa.timestamp("us", "UTC"))
        self.path = os.path.join(folder, "snapshot-keys.sqlite")
        self.db = sqlite3.connect(self.path)
        self.db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                              "CREATE TABLE k (key BLOB PRIMARY KEY, seq INTEGER)")
        self.seen = 0

    def add(self, batch: pa.RecordBatch) -> None:
        """Record the changes of one batch (those at or before the time)."""
        n = batch.num_rows
        seqs = range(self.seen, self.seen + n)
        self.seen += n
        ops = batch.column("op").to_pylist()
        in_time = self._in_time(batch)
        before = key_bytes(batch.column("before"), self.key).to_pylist()
        after = key_bytes(batch.column("after"), self.key).to_pylist()
        writes: list[tuple[bytes, int]] = []
        for op, seq, old, new, take in zip(ops, seqs, before, after, in_time, strict=True):
            if not take:
                continue
            if op != "c" and (op == "d" or old != new):
                writes.append((old, -1))
            if op != "d":
                writes.append((new, seq))
        self.db.executemany("INSERT OR REPLACE INTO k VALUES (?, ?)", writes)

    def _in_time(self, batch: pa.RecordBatch) -> list[bool]:
        if self.as_of is None:
            return [True] * batch.num_rows
        return pc.fill_null(pc.less_equal(batch.column("ts"), self.as_of), False).to_pylist()

    def rows(self, batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        """The snapshot's rows: the surviving changes of ``batches`` (the same batches as
        were added, in the same order), as the table's columns and :data:`SNAPSHOT_META`."""
        live = self.db.execute("SELECT seq FROM k WHERE seq >= 0 ORDER BY seq")
        pending: deque[int] = deque()
        start = 0
        for batch in batches:
            end = start + batch.num_rows
            wanted: list[int] = []
            while True:
                while pending and pending[0] < end:
                    wanted.append(pending.popleft() - start)
                if pending:
                    break
                more = live.fetchmany(65536)
                if not more:
                    break
                pending.extend(seq for (seq,) in more)
            start = end
            if wanted:
                yield snapshot_rows(batch.take(pa.array(np.array(wanted, np.int64))))

    def close(self) -> None:
        self.db.close()
        os.remove(self.path)


def snapshot_rows(changes: pa.RecordBatch) -> pa.RecordBatch:
    """Change rows as snapshot rows: the after image's columns, then the metadata."""
    after = changes.column("after")
    names = [f.name for f in after.type]
    columns = [pc.struct_field(after, name) for name in names]
    meta = [changes.column(source) for _, source in SNAPSHOT_META]
    return pa.RecordBatch.from_arrays([*columns, *meta],
                                      names=[*names, *(n for n, _ in SNAPSHOT_META)])
