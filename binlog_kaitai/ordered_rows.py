"""Row changes in binlog order, bulk events decoded a column at a time: what ``rows`` prints.

:class:`OrderedRows` is fed a stream's events in order, like
:class:`~binlog_kaitai.rows.RowDecoder`, and gives back the same row changes and
problems in the same order. Rows events are gathered in groups, one per table and
shape (:class:`~binlog_kaitai.row_groups.OpenGroups`, as the Spark extraction gathers
them), and each group is decoded at once by the columnar decoder
(:func:`~binlog_kaitai.columnar.decode_row_data`), its values mapped back by
:func:`~binlog_kaitai.columnar.reference_values`; any other event, a group of less than
:data:`COLUMNAR_MIN_BYTES`, every rows event until :data:`COLUMNAR_AFTER_EVENTS` of them
or :data:`COLUMNAR_AFTER_BYTES` of row data were fed, or a group the columnar decoder
refuses, goes through the reference decoder, so damage is reported in its words.

Groups stay open across the events that print nothing and change nothing the rows
depend on (:func:`passive`: GTIDs, XIDs, table maps, annotations, the BEGIN and
COMMIT statements of MySQL's transactions): the small transactions of an OLTP binlog
are decoded a few thousand at a time, not one by one.
Any other event, one that prints something (a change, a problem), and
``max_batch_bytes`` of row data gathered (:data:`BATCH_BYTES`), flush every group; the
groups' changes are then put back in binlog order, so the output is the reference's,
event for event.

With ``render="json"`` (what ``rows --json`` runs) or ``render="text"`` (``rows``),
events decoded by the columnar decoder come back as :class:`RenderedRows`, their lines
(JSON, or the ``mysqlbinlog -v`` style text) rendered from the Arrow batch by
:mod:`~binlog_kaitai.batch_text` (once its compiled kernel is worth loading, see
:func:`~binlog_kaitai.batch_text.available`; before, as changes).
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.errors import RowsError
from binlog_kaitai.event import DECODE_ERRORS, Event, EventType
from binlog_kaitai.filters import TableFilter
from binlog_kaitai.row_groups import (
    OpenGroups,
    RowsGroup,
    columnar_key,
    decoding_worker,
    row_data,
)
from binlog_kaitai.row_text import render_changes
from binlog_kaitai.rows import IDLE_TYPES, RowChange, RowDecoder, changes_of
from binlog_kaitai.schema import SchemaHistory

if TYPE_CHECKING:  # the columnar decoder, numpy and Arrow load with the first group
    from concurrent.futures import Future  # (and the executor, with the first worker)

    import numpy as np  # that takes the columnar path (see COLUMNAR_AFTER_BYTES)
    import pyarrow as pa

    from binlog_kaitai.columnar import DecodedRows
    from binlog_kaitai.stream import RowsRun

    Renderer = Callable[[Sequence[RowChange], DecodedRows], tuple[memoryview, np.ndarray]]

COLUMNAR_MIN_BYTES = 4096
"""Row data from which a group is decoded by the columnar decoder: below, Arrow's fixed
cost per batch outweighs what it saves (a lone small event takes the reference path)."""
COLUMNAR_AFTER_EVENTS = 4096
"""Rows events fed before they are gathered for the columnar path (or
:data:`COLUMNAR_AFTER_BYTES` of them, whichever comes first): until then each event goes
straight through the reference decoder, about 35 us an event of a few rows, against 8 in a
batch once numpy, Arrow and the columnar decoder are loaded (0.16 s of imports), so a
binlog of a few thousand small transactions (the 1 MB OLTP bench file: 3,500) is as quick
this way, and the gathering pays off in a larger one (counted across the files of a run).
A byte count alone never crossed in OLTP files: their rows events are of 60 bytes."""
COLUMNAR_AFTER_BYTES = 1 << 20
"""Bytes of rows events fed before they are gathered for the columnar path (see
:data:`COLUMNAR_AFTER_EVENTS`): a few large events are quicker decoded by columns. So a
small binlog is decoded
without loading numpy, Arrow and the columnar decoder (a quarter of a second of CPU,
``rows`` of a 1 MB binlog taking about a second), and without holding its events until
a group is flushed (their parse trees, cyclic, then outlive the collector's young
generations: the 1 MB OLTP bench file left 115,000 objects for a full collection at
exit, 0.2 s)."""
LARGE_RUN_BYTES = 4 << 20
"""Binlog bytes from which a run is known to take the columnar path anyway (from
:data:`COLUMNAR_AFTER_EVENTS`): told so (``expected_bytes``), it gathers from the first
rows event, not after thousands through the reference decoder (0.08 s on the OLTP set)."""
BATCH_BYTES = 4 << 20
"""Row data gathered before the groups are decoded: each MB costs about 6 MB while its
batch is decoded and rendered (``rows --json`` on a bulk binlog peaks at 280 MB with 4,
330 MB with 8)."""
IN_FLIGHT = 2
"""Full batches left with the decoding worker when a flush returns (the stream waits for
older ones): with one, the stream waited for the worker after a batch slow to decode,
and the worker for the stream after one slow to read (0.45 s of each on the bench file's
``rows --json``: its median of 15 alternating runs went from 1.43 to 1.33 s with two, its
peak RSS from 155-178 MB to 172-190 MB)."""
PASSIVE = kinds.GTID | {EventType.xid_event, EventType.table_map_event,
                        EventType.annotate_rows_event}
"""Events that leave the open groups open (see the module docstring): the reference
decoder at most takes the GTID of one, which the rows events gathered already hold."""
QUIET_TYPES = PASSIVE & IDLE_TYPES
"""Events that neither close the open groups nor feed the decoder (XID, ANNOTATE_ROWS):
a stream read for :class:`OrderedRows` alone need not hand them out (``skip``)."""
TRANSACTION_WORDS = frozenset({"begin", "commit"})
"""The :attr:`~binlog_kaitai.event.Event.kind` of the statements that only bound a
transaction (MySQL's BEGIN before each, COMMIT after a non-transactional one's): the
schema history and the output take nothing from them, so they are passive too."""


def passive(ev: Event) -> bool:
    """Whether an event leaves the open groups open: :data:`PASSIVE`, or a statement
    of :data:`TRANSACTION_WORDS`."""
    t = ev.type_code
    return t in PASSIVE or (t in kinds.QUERY and ev.kind in TRANSACTION_WORDS)


@dataclass(frozen=True, slots=True)
class RenderedRows:
    """The output lines of rows events decoded together (UTF-8): those of
    ``events[e]`` are ``spans[e]``, a buffer and where in it they start and end."""

    events: list[Event]
    spans: list[tuple[memoryview, int, int]]

    def lines(self, keep: Sequence[bool]) -> memoryview | bytes:
        """The lines of the events ``keep`` says (one flag per event); not copied when
        they are together in one buffer."""
        runs: list[list[Any]] = []
        for (buffer, start, end), kept in zip(self.spans, keep, strict=True):
            if not kept:
                continue
            if runs and runs[-1][0] is buffer and runs[-1][2] == start:
                runs[-1][2] = end
            else:
                runs.append([buffer, start, end])
        if len(runs) == 1:
            return runs[0][0][runs[0][1]:runs[0][2]]
        return b"".join(buffer[start:end] for buffer, start, end in runs)


@dataclass(frozen=True, slots=True)
class _Lines:
    """One event's lines, to be gathered into a :class:`RenderedRows`."""

    event: Event
    span: tuple[memoryview, int, int]



Item = tuple[Event, list[RowChange]] | RowsError | RenderedRows
"""A rows event with its changes, the problem of one event, or (``render``) the lines
of rows events decoded together."""
Piece = tuple[int, Item | _Lines]
"""An item, or one event's lines, with the event's place among those gathered."""


ROWS_GC_THRESHOLD = (20000, 50, 10)
"""The collector's thresholds while ``rows`` runs (:class:`GarbageCollector`)."""


class GarbageCollector:
    """Frees the parse trees of the events of the batches rendered so far, once every
    ``every`` bytes of such events, rather than when Python's collector gets to them:
    the generated parser's objects point back at their parents, so only the collector
    frees them, and a batch's events live long enough to reach its oldest generation,
    collected rarely (``rows --json`` on a bulk binlog peaked at 330 MB, 260 MB when
    collected after each 4 MB batch). Counting bytes, not batches, keeps a file of many
    small transactions from paying a collection per small batch.

    The collector looks at the young objects every 20,000 new ones instead of 700, from
    the start (the events gathered for a batch were walked through again and again: 0.3
    s of collections on the bench file, now 0.1; on the OLTP set, whose first batches
    come late, 10% of the run before the first), and the first collection freezes what
    lives then (modules, the compiled kernels), so that each later one goes through the
    new objects only. (For the command's process: its thresholds are not restored.)
    """

    def __init__(self, every: int = BATCH_BYTES) -> None:
        self.every = every
        self.pending = 0
        self.frozen = False
        gc.set_threshold(*ROWS_GC_THRESHOLD)

    def rendered(self, items: Iterable[Item]) -> None:
        """Count the bytes of the events of the batches among ``items``."""
        self.pending += sum(ev.length for item in items if isinstance(item, RenderedRows)
                            for ev in item.events)

    def collect(self) -> None:
        """Collect when the events counted since the last collection reach ``every``
        bytes; call it where none of them is referenced any more."""
        if self.pending < self.every:
            return
        self.pending = 0
        gc.collect()
        if not self.frozen:
            gc.freeze()
            self.frozen = True


class OrderedRows:
    """See the module docstring. ``feed`` returns what an event completes (the changes
    of the groups it flushes, then its own); ``finish`` the rest. ``expected_bytes``: the
    size of the binlogs to be fed, where the caller knows it (see
    :data:`LARGE_RUN_BYTES`)."""

    def __init__(self, *, schema: SchemaHistory | None = None,
                 tables: Iterable[str] | TableFilter | None = None,
                 max_batch_bytes: int = BATCH_BYTES, render: str | None = None,
                 expected_bytes: int = 0) -> None:
        self.decoder = RowDecoder(schema=schema, tables=tables)
        self.max_batch_bytes = max_batch_bytes
        if render not in ("json", "text", None):
            raise ValueError(f"render: 'json', 'text' or None, not {render!r}")
        self.render = render
        self._fed = COLUMNAR_AFTER_BYTES if expected_bytes >= LARGE_RUN_BYTES else 0
        """Bytes of the rows events fed before the gathering started (see
        :data:`COLUMNAR_AFTER_BYTES`)."""
        self._fed_events = 0
        """And how many (:data:`COLUMNAR_AFTER_EVENTS`)."""
        self._groups = OpenGroups(RowsGroup)
        self._in_flight: deque[tuple[list[Piece], list[Any] | Future[list[Any]]]] = deque()
        """The batches being decoded, oldest first (see :meth:`_flush`): the items of
        each one's groups decoded already, and those of the others, or their future."""

    def feed(self, ev: Event) -> list[Item]:
        if ev.type_code not in kinds.ROWS:
            if ev.type_code in QUIET_TYPES:
                return []
            if not passive(ev):
                return self._flush() + self._live(ev)
        elif self._fed < COLUMNAR_AFTER_BYTES and self._fed_events < COLUMNAR_AFTER_EVENTS:
            self._fed += ev.length  # no group is open yet: nothing to keep in order
            self._fed_events += 1
        else:
            found = columnar_key(self.decoder, ev)
            if found is not None:
                self._groups.add(ev, found, None, self.decoder.gtid)
                return self._flush(later=True) if (
                    self._groups.size >= self.max_batch_bytes) else []
        items = self._live(ev)
        return self._flush() + items if items else []

    def feed_run(self, run: RowsRun) -> list[Item]:
        """:meth:`feed` of each item of a :class:`~binlog_kaitai.stream.RowsRun`: an
        Event made of each rows event; the others (table maps, GTIDs, XIDs: all
        :data:`PASSIVE`, they leave the groups open) through
        :meth:`~binlog_kaitai.rows.RowDecoder.feed_fields`, as feeding their Events
        would."""
        items: list[Item] = []
        for k, head in enumerate(run.heads):
            if head[1] in kinds.ROWS:
                items += self.feed(run.event(k))
            else:
                self.decoder.feed_fields(head[1], head[2], run.fields[k])
        return items

    def finish(self) -> list[Item]:
        return self._flush()

    def _flush(self, later: bool = False) -> list[Item]:
        """The items of the batches in flight, then those of every group open, in binlog
        order. ``later`` (a batch full, not an event that may change what the decoding
        or the printing of its items depends on): rendered groups are decoded on the
        worker thread (:func:`decoding_worker`) while the stream reads on, and their items
        come with a later flush, once :data:`IN_FLIGHT` batches wait; only passive events
        come in between."""
        groups, _ = self._groups.take()
        small = [group for group in groups if group.size < COLUMNAR_MIN_BYTES]
        large = [group for group in groups if group.size >= COLUMNAR_MIN_BYTES]
        pool = decoding_worker() if later and large and self.render is not None else None
        if pool is None:  # (decoded here, once the worker's batches are done)
            ready = self._settle()
            if groups:
                self._in_flight.append((self._by_references(small),
                                        _columnar(large, self._renderer()) if large else []))
            return ready + self._settle()
        work = partial(_columnar, large, self._renderer())
        self._in_flight.append((self._by_references(small), pool.submit(work)))
        return self._settle(IN_FLIGHT)

    def _settle(self, keep: int = 0) -> list[Item]:
        """The items of the batches in flight but the last ``keep``, waited for, oldest
        first; a group the columnar decoder refused goes through the reference
        decoder."""
        ready: list[Item] = []
        while len(self._in_flight) > keep:
            pieces, done = self._in_flight.popleft()
            for group, decoded in done if isinstance(done, list) else done.result():
                pieces += self._by_reference(group) if decoded is None else decoded
            pieces.sort(key=itemgetter(0))
            ready += _gathered([item for _, item in pieces])
        return ready

    def load(self) -> None:
        """Import the columnar path now where the run is known to take it (see
        :data:`LARGE_RUN_BYTES`): before worker processes are forked, which then share
        it rather than each import it (0.16 s of CPU a process)."""
        if self._fed >= COLUMNAR_AFTER_BYTES:
            self._renderer()

    def _renderer(self) -> Callable[[RowsGroup, DecodedRows], list[Piece]]:
        """What makes a decoded group's items: its lines rendered from the batch
        (``render``, the kernel compiled), else its changes. (Imports the columnar
        decoder, here rather than on the worker thread.)"""
        from binlog_kaitai import batch_text, columnar  # noqa: F401 (loaded for the worker)

        if self.render is not None and batch_text.available():
            kernel = batch_text.json_text if self.render == "json" else batch_text.sql_text
            return partial(_rendered, render=kernel)
        return _changes

    def _by_references(self, groups: list[RowsGroup]) -> list[Piece]:
        return [piece for group in groups for piece in self._by_reference(group)]

    def _by_reference(self, group: RowsGroup) -> list[Piece]:
        """The items of a group's events through the reference decoder."""
        return [(seq, item) for ev, gtid, seq in zip(group.events, group.gtids, group.seqs,
                                                     strict=True)
                for item in self._reference(ev, gtid)]

    def _live(self, ev: Event) -> list[Item]:
        """An event through the reference decoder as it is read; with ``render="text"``,
        its lines written now, with its table as it is now: the items of a flush are
        printed after the event that flushed them, a DDL statement that may rename or add
        the columns of the table."""
        try:
            changes = self.decoder.feed(ev)
        except RowsError as exc:
            return [exc]
        if not changes:
            return []
        if self.render != "text":
            return [(ev, changes)]
        text = render_changes(changes, self.decoder.table_of(ev)).encode()
        return [RenderedRows([ev], [(memoryview(text), 0, len(text))])]

    def _reference(self, ev: Event, gtid: str | None) -> list[Item]:
        """A gathered rows event through the reference decoder, in the transaction it was
        read in (``gtid``), the decoder's own left as it is."""
        current, self.decoder.gtid = self.decoder.gtid, gtid
        try:
            return self._live(ev)
        finally:
            self.decoder.gtid = current


def _columnar(groups: list[RowsGroup],
              make: Callable[[RowsGroup, DecodedRows], list[Piece]]
              ) -> list[tuple[RowsGroup, list[Piece] | None]]:
    """Each group with the items ``make`` makes of its columnar decoding; None for a group
    the columnar decoder refuses (the reference decoder then tells what is wrong)."""
    from binlog_kaitai.columnar import decode_row_data

    out: list[tuple[RowsGroup, list[Piece] | None]] = []
    for group in groups:
        try:
            decoded = decode_row_data([row_data(ev) for ev in group.events],
                                      group.table, group.shape)
            out.append((group, make(group, decoded)))
        except DECODE_ERRORS:
            out.append((group, None))
    return out


def _changes(group: RowsGroup, decoded: DecodedRows) -> list[Piece]:
    """Each event of a decoded group with its changes."""
    # Python's values of Arrow's (a DATE past year 9999 is valid in Arrow only).
    befores = _image_dicts(decoded.batch, "before")
    afters = _image_dicts(decoded.batch, "after")
    out: list[Piece] = []
    start = 0
    for ev, gtid, seq, count in zip(group.events, group.gtids, group.seqs,
                                    decoded.rows_per_event.tolist(),
                                      strict=True):
        end = start + count
        out.append((seq, (ev, changes_of(
            ev, group.table, None if befores is None else befores[start:end],
            None if afters is None else afters[start:end], gtid))))
        start = end
    return out


def _rendered(group: RowsGroup, decoded: DecodedRows, render: Renderer) -> list[Piece]:
    """Each event of a decoded group with its lines, rendered from the batch."""
    import numpy as np

    names = decoded.batch.schema.names
    images = ([{}] if "before" in names else None, [{}] if "after" in names else None)
    heads = [changes_of(ev, group.table, *images, gtid)[0]
             for ev, gtid in zip(group.events, group.gtids, strict=True)]
    text, ends = render(heads, decoded)
    at = ends[np.concatenate([[0], np.cumsum(decoded.rows_per_event)])].tolist()
    return [(seq, _Lines(ev, (text, at[e], at[e + 1])))
            for e, (ev, seq) in enumerate(zip(group.events, group.seqs, strict=True))]


def _gathered(pieces: list[Item | _Lines]) -> list[Item]:
    """The items, consecutive events' lines as one :class:`RenderedRows`."""
    out: list[Item] = []
    for piece in pieces:
        if not isinstance(piece, _Lines):
            out.append(piece)
        elif out and isinstance(out[-1], RenderedRows):
            out[-1].events.append(piece.event)
            out[-1].spans.append(piece.span)
        else:
            out.append(RenderedRows([piece.event], [piece.span]))
    return out


def _image_dicts(batch: pa.RecordBatch, image: str) -> list[dict[str, Any]] | None:
    """The ``before`` or ``after`` images of a decoded batch as the reference decoder's
    {column: value} dicts, in column order (None when the batch has no such image)."""
    from binlog_kaitai.columnar import reference_values

    at = batch.schema.get_field_index(image)
    if at < 0:
        return None
    struct = batch.column(at)
    kind = struct.type
    names = [kind.field(i).name for i in range(kind.num_fields)]
    columns = [reference_values(struct.field(i), kind.field(i)) for i in range(kind.num_fields)]
    if not columns:
        return [{} for _ in range(len(struct))]
    return [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]

