"""Mutation fuzzer: damaged binlogs must give a BinlogError, never an internal error.

``python -m tools.fuzz [--seconds S | --inputs N] [--seed K] [--workers W]`` (``make fuzz
SECONDS=600``). Seeds are every real binlog the project has (``tests/fixtures`` and
``../shared/corpus``); a file over :data:`SEED_BYTES` gives up to :data:`MAX_WINDOWS`
seeds, each its first event and a run of whole events from another part of the file, so
an input parses in milliseconds. Each input is a seed with one to three mutations
(:data:`MUTATORS`): flipped bytes, a length or other integer field overwritten with 0,
0xFFFFFFFF, small or random values, a cut anywhere, a zeroed run, bytes spliced from
another seed, an event duplicated or dropped; then, half the time, every event's CRC32
recomputed so that the damage reaches the checks behind the checksum.

Every input drives what a user can reach (:data:`DRIVERS`): the Spark executors'
:class:`~binlog_kaitai.tables.extract.SplitParser` (``read_events`` with payloads expanded, the row
decoder) with each event and row change rendered as the CLI prints them, and again with
the typed tables (every rows event through the columnar groups), ``rows`` (the
CLI's :class:`~binlog_kaitai.ordered_rows.OrderedRows`, every rows event through the
columnar decoder; and ``row_batches``), ``events --json`` (its runs' lines against its
events' lines), ``summary``, ``seek`` (times and GTIDs of the
input's own events),
``rows --sql`` and ``--flashback`` and ``events`` between two times, ``check`` and
``plan`` over a folder holding the input beside the files around the one it was made from
(the commands run in process as the CLI runs them, their output dropped), and the
JavaScript build (``tools/dump.js --fuzz``, one Node process per worker; its errors must
be the spec's own). Anything but a ``BinlogError`` (or a ``RowsError`` for one event, or
a command's ``FILE: offset N: what``) is an internal error; an input running over
:data:`HANG_SECONDS` is a hang.
Each distinct failure (driver, exception type, innermost frame) is written to ``--out``
(``build/fuzz``): the input's bytes and a ``.txt`` with the traceback; ``--minimize INPUT
DRIVER [--origin FILE]`` shrinks one. The last line printed is ``fuzz: N inputs ...: I
internal errors ..., H hangs, peak RSS ...`` and the exit status is 1 when anything
failed. Inputs are numbered and each one's mutations come from ``(--seed, number)``, so a
run is reproducible whatever the number of workers.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import hashlib
import io
import json
import multiprocessing
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from bench.memory import peak_rss_kib
from binlog_kaitai import cli, seek
from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.archive import NUMBERED
from binlog_kaitai.errors import BinlogError, RowsError
from binlog_kaitai.event import FDE, MIN_HEADER_LEN, header_fields
from binlog_kaitai.seek import Gtid
from binlog_kaitai.stream import BinlogStream, read_events
from tools.crosscheck import default_files

REPO = Path(__file__).resolve().parents[1]
DUMP_JS = REPO / "tools" / "dump.js"
SEED_BYTES = 1 << 10
MAX_WINDOWS = 16
HANG_SECONDS = 5.0
DDL = "scenario.sql"
"""The SQL beside a fixture that made it (``tools/make_fixtures.py``)."""
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") else None
"""Where inputs are written (in memory where there is a tmpfs)."""
CHUNK = 100
"""Inputs handed to a worker at a time."""
INTERESTING = (0, 1, 2, 3, 4, 7, 8, 15, 16, 19, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF,
               0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 1 << 53, (1 << 63) - 1)


class Hang(BaseException):
    """Raised by the alarm in an input that runs too long (a BaseException, so that no
    ``except Exception`` of the code under test swallows it)."""


@dataclass(frozen=True)
class Seed:
    """A real binlog (or a window of whole events of it) and where its events start."""

    name: str
    origin: str
    """The real file."""
    data: bytes
    events: tuple[tuple[int, int], ...]
    """(offset, length) of each event, the first at 4."""
    header_len: int
    has_crc: bool


def frame(path: Path) -> tuple[list[tuple[int, int]], int, bool]:
    """(offset, length) of the events the reader frames in a real file, its header
    length and whether its events carry a CRC32."""
    events: list[tuple[int, int]] = []
    header_len, has_crc = 19, False
    try:
        for ev in read_events(path):
            if ev.pos == 4 and ev.type_code == FDE and ev.body is not None:
                header_len = ev.body.header_length
                has_crc = ev.body.checksum_len == 4
            events.append((ev.pos, ev.length))
    except BinlogError:
        pass
    return events, header_len, has_crc


def load_seed(path: Path) -> list[Seed]:
    """A real file as seeds: whole when small, else up to :data:`MAX_WINDOWS` windows
    spread over it, each its magic and first event followed by whole events up to
    :data:`SEED_BYTES` (so every input parses in milliseconds, and the event types of
    a large file's middle and end are fuzzed too)."""
    data = path.read_bytes()
    events, header_len, has_crc = frame(path)
    if len(data) <= SEED_BYTES or len(events) < 3:
        end = max(SEED_BYTES, events[-1][0] + events[-1][1] if events else 0)
        return [Seed(str(path), str(path), data[:end], tuple(events), header_len, has_crc)]
    head = data[:events[0][0] + events[0][1]]
    seeds = []
    for k in range(MAX_WINDOWS):
        start = 1 + k * (len(events) - 1) // MAX_WINDOWS
        window, body = [events[0]], bytearray()
        for pos, length in events[start:]:
            if len(head) + len(body) + length > SEED_BYTES and body:
                break
            window.append((len(head) + len(body), length))
            body += data[pos:pos + length]
        seeds.append(Seed(f"{path}@{events[start][0]}", str(path), head + bytes(body),
                          tuple(window), header_len, has_crc))
    return seeds


def load_seeds(paths: Sequence[Path]) -> list[Seed]:
    return [s for p in paths for s in load_seed(p) if s.data]


# ---------------------------------------------------------------------------------------
# Mutations: each takes (rng, data, seed, all seeds) and returns new bytes and a label.

Mutator = Callable[[random.Random, bytearray, Seed, Sequence[Seed]], str]


def some_offset(rng: random.Random, data: bytearray, seed: Seed) -> int:
    """An offset: half the time inside the header or first bytes of an event."""
    if seed.events and rng.random() < 0.5:
        pos, length = rng.choice(seed.events)
        return min(len(data) - 1, pos + rng.randrange(min(length, 64)))
    return rng.randrange(len(data))


def flip(rng: random.Random, data: bytearray, seed: Seed, seeds: Sequence[Seed]) -> str:
    at = some_offset(rng, data, seed)
    n = rng.choice((1, 1, 1, 2, 4, 8))
    for i in range(at, min(len(data), at + n)):
        data[i] ^= rng.randrange(1, 256)
    return f"flip {n}@{at}"


def overwrite_int(rng: random.Random, data: bytearray, seed: Seed,
                  seeds: Sequence[Seed]) -> str:
    if seed.events and rng.random() < 0.4:
        pos, _ = rng.choice(seed.events)
        at, width = pos + 9, 4  # event_length
    else:
        at, width = some_offset(rng, data, seed), rng.choice((1, 2, 4, 4, 4, 8))
    old = int.from_bytes(data[at:at + width], "little")
    roll = rng.random()
    if roll < 0.5:
        value = rng.choice(INTERESTING)
    elif roll < 0.75:
        value = old + rng.randint(-16, 16)
    else:
        value = rng.getrandbits(8 * width)
    value %= 1 << (8 * width)
    data[at:at + width] = value.to_bytes(width, "little")[:len(data) - at]
    return f"int{width * 8}@{at}={value}"


def cut(rng: random.Random, data: bytearray, seed: Seed, seeds: Sequence[Seed]) -> str:
    at = rng.randrange(len(data) + 1)
    del data[at:]
    return f"cut@{at}"


def zero_run(rng: random.Random, data: bytearray, seed: Seed, seeds: Sequence[Seed]) -> str:
    at, n = some_offset(rng, data, seed), rng.choice((1, 4, 16, 64))
    data[at:at + n] = bytes(len(data[at:at + n]))
    return f"zero {n}@{at}"


def splice(rng: random.Random, data: bytearray, seed: Seed, seeds: Sequence[Seed]) -> str:
    other = rng.choice(seeds).data
    src = rng.randrange(len(other))
    n = rng.randint(1, 256)
    at = rng.randrange(len(data) + 1)
    piece = other[src:src + n]
    if rng.random() < 0.5:
        data[at:at + len(piece)] = piece
        return f"splice {len(piece)}@{at}"
    data[at:at] = piece
    return f"insert {len(piece)}@{at}"


def duplicate_event(rng: random.Random, data: bytearray, seed: Seed,
                    seeds: Sequence[Seed]) -> str:
    if not seed.events:
        return flip(rng, data, seed, seeds)
    pos, length = rng.choice(seed.events)
    data[pos + length:pos + length] = data[pos:pos + length]
    return f"dup event@{pos}"


def drop_event(rng: random.Random, data: bytearray, seed: Seed, seeds: Sequence[Seed]) -> str:
    if not seed.events:
        return cut(rng, data, seed, seeds)
    pos, length = rng.choice(seed.events)
    del data[pos:pos + length]
    return f"drop event@{pos}"


MUTATORS: tuple[Mutator, ...] = (flip, flip, overwrite_int, overwrite_int, overwrite_int, cut,
                                 zero_run, splice, duplicate_event, drop_event)


def fix_crcs(data: bytearray, header_len: int) -> None:
    """Recompute the CRC32 of every event the header chain frames (after the first), so
    a mutation is not caught by the checksum alone."""
    pos = 4
    first = True
    while pos + MIN_HEADER_LEN <= len(data):
        _, length = header_fields(data, pos)
        if length < header_len or pos + length > len(data):
            return
        if not first:
            body = bytes(data[pos:pos + length - 4])
            data[pos + length - 4:pos + length] = zlib.crc32(body).to_bytes(4, "little")
        first = False
        pos += length


def make_input(number: int, base_seed: int, seeds: Sequence[Seed]) -> tuple[bytes, str, str]:
    """Input ``number`` of a run: its bytes, a description of how it was made and the
    real file it was made from."""
    rng = random.Random(f"{base_seed}:{number}")
    seed = rng.choice(seeds)
    data = bytearray(seed.data)
    labels = ["/".join(Path(seed.name).parts[-2:])]
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if not data:
            break
        labels.append(rng.choice(MUTATORS)(rng, data, seed, seeds))
    if seed.has_crc and rng.random() < 0.5:
        fix_crcs(data, seed.header_len)
        labels.append("crc fixed")
    return bytes(data), " ".join(labels), seed.origin


# ---------------------------------------------------------------------------------------
# What every input drives.


Driver = Callable[[str, str | None], None]
"""Runs one input (a path) made from a real file (its path; None when unknown)."""


class Bug(BaseException):
    """A failure met inside the split parser or a command, carried past their safety nets
    (which turn an ``Exception`` into an ``internal error`` row or line) with its
    traceback as its cause."""


@contextmanager
def unwrapped() -> Iterator[None]:
    """A :class:`Bug` raised inside becomes the exception it carries."""
    try:
        yield
    except Bug as bug:
        raise (bug.__cause__ or AssertionError(*bug.args)) from None


def drive_rows(path: str, origin: str | None = None) -> None:
    """``rows`` and ``rows --json`` as the CLI runs them (:class:`OrderedRows` over
    ``read_events`` with payloads expanded), every rows event through the columnar
    decoder, in groups of a few (the inputs are small): the changes (``--sql``'s
    decoder) fed event by event, and the JSON and text lines rendered from the batches
    by the text kernel, full batches on the decoding thread, fed the stream's runs (as
    ``rows`` reads it when no filter looks at the events)."""
    from binlog_kaitai import ordered_rows

    with module_values(ordered_rows, COLUMNAR_MIN_BYTES=0, COLUMNAR_AFTER_BYTES=0):
        _feed_rows(path, (None,), runs=False)
        _feed_rows(path, ("json", "text"), runs=True)
    drive_row_batches(path)


def _feed_rows(path: str, renders: tuple[str | None, ...], *, runs: bool) -> None:
    """:func:`drive_rows`'s decoders of the ``renders`` forms, fed one stream of a file
    (its rows runs, with ``runs``), their items shown."""
    from binlog_kaitai import ordered_rows
    from binlog_kaitai.row_text import json_lines
    from binlog_kaitai.schema import SchemaHistory
    from binlog_kaitai.stream import RowsRun

    decoders = [ordered_rows.OrderedRows(schema=SchemaHistory(()), max_batch_bytes=512,
                                         render=render) for render in renders]

    def show(decoder: ordered_rows.OrderedRows, items: list[ordered_rows.Item]) -> None:
        for item in items:
            if isinstance(item, ordered_rows.RenderedRows):
                item.lines([True] * len(item.events))
            elif not isinstance(item, RowsError):
                json_lines(item[1])

    try:
        for ev in read_events(path, expand_payloads=True, rows_runs=runs,
                              skip=ordered_rows.QUIET_TYPES if runs else ()):
            for decoder in decoders:
                show(decoder, decoder.feed_run(ev) if type(ev) is RowsRun else decoder.feed(ev))
    except BinlogError:
        pass
    for decoder in decoders:
        show(decoder, decoder.finish())


def drive_row_batches(path: str) -> None:
    """:func:`~binlog_kaitai.columnar.row_batches` (the stream's runs of rows events
    gathered without an Event each), in groups of a few hundred bytes."""
    from binlog_kaitai.columnar import row_batches

    with contextlib.suppress(BinlogError):
        for batch in row_batches(path, max_batch_bytes=512):
            batch.validate(full=True)


@contextmanager
def module_values(module: Any, **values: Any) -> Iterator[None]:
    """``module``'s globals set to ``values`` while a driver runs, then as they were: the
    drivers also run inside the test process (tests/test_fuzz.py), whose later tests
    (an export's Parquet bytes) must not see the fuzzer's small thresholds."""
    before = {name: getattr(module, name) for name in values}
    for name, value in values.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in before.items():
            setattr(module, name, value)


def drive_parse(path: str, origin: str | None = None) -> None:
    """One parse of the whole file as a Spark executor runs it (a
    :class:`~binlog_kaitai.tables.extract.SplitParser`, which streams ``read_events`` with payloads
    expanded into the row decoder), first with every event an Event, each also rendered
    as the CLI prints it (``events``, ``events --json``, ``rows``, ``rows --json``), then
    as it runs by default, a run's events taken from the fields the stream read
    (``SplitParser.rows_item``, ``passive_item``), whose records must be the same. An
    ``internal error`` row is a failure: the plain ``rows`` path replays the file to
    show its traceback."""
    from binlog_kaitai.cli import event_json, event_line
    from binlog_kaitai.row_text import json_lines, render_changes
    from binlog_kaitai.rows import RowChange
    from binlog_kaitai.tables import extract
    from binlog_kaitai.tables.splits import FileInfo, Split

    class Rendering(extract.SplitParser):
        def decode_rows(self, ev: Any) -> tuple[list[RowChange], str | None]:
            try:
                json.dumps(event_json(ev, path))
                event_line(ev)
            except Exception as exc:
                raise Bug from exc
            changes, problem = super().decode_rows(ev)
            try:
                json_lines(changes)
                if changes:
                    render_changes(changes, self.decoder.table_of(ev))
            except Exception as exc:
                raise Bug from exc
            return changes, problem

    st = os.stat(path)
    # As a file's second split that starts at its beginning: the first split would also
    # summarise the file, which the summary driver does.
    split = Split(FileInfo(path, st.st_size, st.st_mtime), 1, 2, None, None)
    with unwrapped():
        with without_runs():
            as_events = parsed_records(Rendering(split), lambda: drive_rows(path))
        if parsed_records(extract.SplitParser(split)) != as_events:
            raise AssertionError("SplitParser: the records of a run differ from its events'")


@contextlib.contextmanager
def without_runs() -> Iterator[None]:
    """The split's parse (:mod:`binlog_kaitai.tables.extract`) handed every event as an
    Event, none in runs: the path a run's records are checked against."""
    from binlog_kaitai.tables import extract

    read = extract.read_events
    with module_values(extract, read_events=lambda *args, **kwargs: read(
            *args, **{**kwargs, "event_runs": False})):
        yield


def parsed_records(parser: Any, on_internal: Callable[[], None] = lambda: None
                   ) -> list[tuple[str, Any]]:
    """A :class:`~binlog_kaitai.tables.extract.SplitParser`'s records, comparable (batches
    as their rows, the split's stats without the peak RSS); an internal error fails
    (after ``on_internal``)."""
    found: list[tuple[str, Any]] = []
    for kind, values in parser.records():
        problem = internal_error(kind, values)
        if problem is not None:
            on_internal()
            raise AssertionError(problem)
        if hasattr(values, "to_pylist"):
            values = (values.schema, values.to_pylist())
        elif kind == "split_stats":
            values = values._replace(worker_peak_rss=0)
        found.append((kind, values))
    return found


def drive_typed(path: str, origin: str | None = None) -> None:
    """The executors' parse as ``export`` and the job run it by default, with the typed
    change tables: every rows event through the columnar groups, which span transactions
    and are flushed every 2 KB of row data (the inputs are small), the XIDs of the
    transactions still open then looked up ahead. An ``internal error`` row is a
    failure, and so is a batch that Arrow's full validation refuses."""
    from binlog_kaitai.tables import extract
    from binlog_kaitai.tables.splits import FileInfo, Split

    st = os.stat(path)
    split = Split(FileInfo(path, st.st_size, st.st_mtime), 1, 2, None, None)
    with module_values(extract, BATCH_BYTES=2048):
        for kind, values in extract.SplitParser(split, typed=True).records():
            problem = internal_error(kind, values)
            if problem is not None:
                raise AssertionError(problem)
            if hasattr(values, "validate"):  # (a batch of a table: what Parquet is given)
                values.validate(full=True)


def internal_error(kind: str, values: Any) -> str | None:
    """What a :class:`~binlog_kaitai.tables.extract.SplitParser` record says of an
    internal error, if it does (an ``errors`` row or the ``split_stats``; batches hold
    none)."""
    if isinstance(values, tuple):
        for text in (v for v in values if isinstance(v, str)):
            if "internal error" in text:
                return f"SplitParser {kind} row: {text}"
    return None


def drive_summary(path: str, origin: str | None = None) -> None:
    """``summary --json``."""
    from binlog_kaitai.summary import summary

    json.dumps(summary(path).to_dict())


class Stdout(io.TextIOBase):
    """A command's stdout, thrown away once encoded as a UTF-8 terminal's would be (a lone
    surrogate fails there)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text.encode("utf-8")
        return len(text)


class Stderr(Stdout):
    """A command's stderr: ``FILE: offset N: what`` is a refusal, as it should be; a line
    saying ``internal error`` (a command's safety net caught an exception) is a
    :class:`Bug`, with the exception being handled as its cause."""

    def write(self, text: str) -> int:
        if "internal error" in text:
            raise Bug(text) from sys.exc_info()[1]
        return super().write(text)


class Captured(Stdout):
    """A command's stdout, kept (to compare two runs of the command)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return super().write(text)


def drive_events(path: str, origin: str | None = None) -> None:
    """``events --json`` as the CLI runs it: the events of the stream's runs made into
    lines from their framed headers, CRC verdicts and compiled fields
    (:func:`~binlog_kaitai.render.run_json_lines`), which must be the lines (and the
    status) made of each one's Event."""
    in_runs = _events_json(path)
    with module_values(cli.EventsRun, runs=False):
        if _events_json(path) != in_runs:
            raise AssertionError("events --json: the lines of a run differ from its events'")


def _events_json(path: str) -> tuple[int, str]:
    out = Captured()
    with unwrapped():
        status = cli.run_events(command_args("events", "--json", path), out, Stderr())
    return status, "".join(out.parts)


def run_command(runner: Callable[[argparse.Namespace, Any, Any], int],
                args: argparse.Namespace) -> None:
    """A command of :mod:`binlog_kaitai.cli` (``run_rows``...) as ``main`` runs it, in
    process: anything it raises but a BinlogError it reports, or says is an internal
    error, goes on up (as a failure)."""
    with unwrapped():
        runner(args, Stdout(), Stderr())


@cache
def _parser() -> argparse.ArgumentParser:
    return cli.build_parser()


def command_args(*argv: str, **parsed: Any) -> argparse.Namespace:
    """The arguments of the command line ``argv``, with ``parsed`` values set after
    parsing (times as seconds, :class:`~binlog_kaitai.seek.Gtid` objects)."""
    args = _parser().parse_args(argv)
    for key, value in parsed.items():
        setattr(args, key, value)
    return args


@dataclass(frozen=True)
class Landmarks:
    """Times and GTIDs of an input's own events, to seek, filter and plan by."""

    times: tuple[int, ...] = ()
    """The first event's, the middle one's, the last one's and one second after it."""
    gtids: tuple[Gtid, ...] = ()
    """The middle GTID, the last one, and the one after it (in no event)."""


def landmarks(path: str) -> Landmarks:
    """The input's :class:`Landmarks` (found once for the drivers that need them)."""
    return _landmarks(Path(path).read_bytes())


@lru_cache(maxsize=4)
def _landmarks(data: bytes) -> Landmarks:
    """By a walk of the headers and GTID events up to the end or the damage."""
    stamps: list[int] = []
    gtids: list[Gtid] = []
    try:
        with BinlogStream(io.BytesIO(data), bodies=kinds.GTID) as stream:
            for ev in stream.events():
                stamps.append(ev.timestamp)
                gtid = Gtid.of(ev)
                if gtid is not None:
                    gtids.append(gtid)
    except BinlogError:
        pass
    times = (stamps[0], stamps[len(stamps) // 2], stamps[-1], stamps[-1] + 1) if stamps else ()
    return Landmarks(times, (gtids[len(gtids) // 2], gtids[-1], next_gtid(gtids[-1]))
                     if gtids else ())


def next_gtid(gtid: Gtid, step: int = 1) -> Gtid:
    """The GTID numbered ``step`` after ``gtid`` (at least 1) in its domain or UUID."""
    number = max(1, gtid.number + step)
    return Gtid(re.sub(r"\d+$", str(number), gtid.text), gtid.key, number)


@contextmanager
def small_windows() -> Iterator[None]:
    """:mod:`~binlog_kaitai.seek` bisecting inputs of a kilobyte as it does large files
    (its defaults walk anything under 64 KiB): probe windows, the bracket it walks and
    the look-back for a transaction's start, of hundreds of bytes."""
    saved = seek.PROBE_WINDOWS, seek.SCAN_BELOW, seek.LOOKBACK
    seek.PROBE_WINDOWS, seek.SCAN_BELOW, seek.LOOKBACK = (256, 4096, 1 << 20), 128, (256, 4096)
    try:
        yield
    finally:
        seek.PROBE_WINDOWS, seek.SCAN_BELOW, seek.LOOKBACK = saved


def drive_seek(path: str, origin: str | None = None) -> None:
    """``seek --datetime`` the middle event's time and one past the last event's (none
    is at or after it: a walk to the end), and ``seek --gtid`` the middle GTID and one
    after the last (absent: a walk of the whole file); text and ``--json``."""
    marks = landmarks(path)
    targets = [*marks.times[1::2], *marks.gtids[::2]]
    with small_windows():
        for i, target in enumerate(targets):
            when, gtid = (target, None) if isinstance(target, int) else (None, target)
            run_command(cli.run_seek, argparse.Namespace(files=[path], datetime=when,
                                                         gtid=gtid, json=i % 2 == 1))


def drive_sql(path: str, origin: str | None = None) -> None:
    """``rows --sql`` of the whole input (one of odd size), or ``rows --sql --flashback``
    from its middle event's time to its last one's (both bounds sought by bisection,
    :func:`~binlog_kaitai.seek.datetime_bounds`; the DDL before the start read by
    :func:`~binlog_kaitai.seek.statements`); with ``--schema`` the SQL the origin was
    made from, when there is one (the columns of a table map without names are then
    named, and their values written as SQL, not refused)."""
    marks = landmarks(path)
    _, middle, last, _ = marks.times or (None, None, None, None)
    ddl = [f"--schema={f}" for f in [os.path.join(os.path.dirname(origin or path), DDL)]
           if os.path.isfile(f)]
    with small_windows():
        if os.path.getsize(path) % 2 == 1:
            run_command(cli.run_rows, command_args("rows", "--sql", *ddl, path))
        else:
            run_command(cli.run_rows, command_args("rows", "--sql", "--flashback", *ddl, path,
                                                   start_datetime=middle, stop_datetime=last))


def drive_archive(path: str, origin: str | None = None) -> None:
    """``check`` and ``plan`` over a folder holding the input as ``origin`` beside its
    neighbours (:func:`archive_folder`). The plan is ``--from-gtid`` the GTID before the
    input's middle one ``--to-gtid`` its last one, or (for an input of odd size, or one
    without GTIDs) ``--from INPUT:4 --to-datetime`` its middle event's time; the odd
    sizes in text, the even ones ``--json``."""
    marks = landmarks(path)
    folder, name = archive_folder(path, origin)
    odd = os.path.getsize(path) % 2 == 1
    plan = argparse.Namespace(files=[folder], inputs=[folder], from_position=None,
                              from_gtid=None, to_datetime=None, to_gtid=None, json=not odd)
    if marks.gtids and not odd:
        plan.from_gtid, plan.to_gtid = next_gtid(marks.gtids[0], -1).text, marks.gtids[1]
    elif marks.times:
        plan.from_position, plan.to_datetime = (name, 4), marks.times[1]
    with small_windows():
        run_command(cli.run_check, argparse.Namespace(files=[folder], json=not odd))
        if plan.from_gtid or plan.from_position:
            run_command(cli.run_plan, plan)


_ARCHIVES: dict[str, str] = {}
"""The folder made for each real file by :func:`archive_folder`."""


def archive_folder(path: str, origin: str | None) -> tuple[str, str]:
    """A folder (and a name in it) holding a copy of the input named as ``origin`` (the
    input's own name when None) and links to the files just before and after ``origin``
    in its chain (:func:`neighbours`); made once per real file, removed at exit."""
    real = origin or path
    folder = _ARCHIVES.get(real)
    if folder is None:
        folder = _ARCHIVES[real] = tempfile.mkdtemp(prefix="archive-", dir=scratch())
        for other in neighbours(real):
            os.symlink(os.path.abspath(other), os.path.join(folder, os.path.basename(other)))
    name = os.path.basename(real)
    shutil.copyfile(path, os.path.join(folder, name))
    return folder, name


@cache
def scratch() -> str:
    """A temporary folder of this process, removed at its exit."""
    root = tempfile.mkdtemp(prefix="fuzz-archives-", dir=SCRATCH)
    atexit.register(shutil.rmtree, root, True)
    return root


def neighbours(real: str) -> list[str]:
    """The files of ``real``'s chain (its folder, its base name) numbered just below and
    just above it."""
    folder, name = os.path.split(real)
    mine = NUMBERED.match(name)
    if mine is None:
        return []
    numbered = sorted((int(m.group(2)), f) for f in os.listdir(folder or ".")
                      if (m := NUMBERED.match(f)) and m.group(1) == mine.group(1) and f != name)
    number = int(mine.group(2))
    below = [f for n, f in numbered if n < number][-1:]
    above = [f for n, f in numbered if n > number][:1]
    return [os.path.join(folder, f) for f in below + above]


COMMANDS = ("seek", "sql", "archive")
"""The drivers that run whole commands, each a few: twice the time of the others."""
DRIVERS: tuple[tuple[str, Driver], ...] = (
    ("parse", drive_parse),
    ("typed", drive_typed),
    ("rows", drive_rows),
    ("events", drive_events),
    ("summary", drive_summary),
    ("seek", drive_seek),
    ("sql", drive_sql),
    ("archive", drive_archive),
)


class NodeChecker:
    """A ``node tools/dump.js --fuzz`` process: file names in, one verdict each out."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.peak_kb = 0

    def start(self) -> subprocess.Popen[bytes]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(["node", str(DUMP_JS), "--fuzz"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, bufsize=0)
        return self.proc

    def check(self, paths: Sequence[str]) -> list[str | None]:
        """Per file: None when the JS build read it or failed with the spec's own error,
        else what went wrong. A file with no verdict within :data:`HANG_SECONDS` of the
        previous one is a hang (the files after it go unchecked)."""
        proc = self.start()
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(("\n".join(paths) + "\n").encode())
        verdicts: list[str | None] = []
        pending = b""
        while len(verdicts) < len(paths):
            ready, _, _ = select.select([proc.stdout], [], [], HANG_SECONDS)
            chunk = os.read(proc.stdout.fileno(), 1 << 16) if ready else b""
            if not chunk:
                self.stop()
                verdicts.append("hang: no verdict in time" if not ready else "node exited")
                return verdicts + [None] * (len(paths) - len(verdicts))
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                verdict = json.loads(line)
                self.peak_kb = max(self.peak_kb, verdict["rss_kb"])
                verdicts.append(verdict["internal"])
        return verdicts

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@dataclass
class Outcome:
    """What a batch of inputs (or a whole run) found."""

    inputs: int = 0
    internal: int = 0
    hangs: int = 0
    peak_rss_kb: int = 0
    node_peak_rss_kb: int = 0
    failures: dict[str, tuple[bytes, str]] = field(default_factory=dict)
    """Signature -> (input bytes, report) of the first input with that failure."""

    def add(self, other: Outcome) -> None:
        self.inputs += other.inputs
        self.internal += other.internal
        self.hangs += other.hangs
        self.peak_rss_kb = max(self.peak_rss_kb, other.peak_rss_kb)
        self.node_peak_rss_kb = max(self.node_peak_rss_kb, other.node_peak_rss_kb)
        for key, value in other.failures.items():
            self.failures.setdefault(key, value)


def signature(driver: str, exc: BaseException) -> str:
    """Driver, exception type and innermost frame: one failure per distinct bug."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{driver} {type(exc).__name__} {where}"


def on_alarm(signum: int, frame: object) -> None:
    raise Hang(f"no result after {HANG_SECONDS} s")


_STATE: dict[str, object] = {}


def init_worker(seeds: list[Seed], base_seed: int, use_js: bool, compiled: bool,
                drivers: Sequence[str]) -> None:
    from binlog_kaitai import kernels

    chosen = kernels.compiled() if compiled else kernels.python()
    kernels.active = lambda: chosen
    signal.signal(signal.SIGALRM, on_alarm)
    _STATE.update(seeds=seeds, base_seed=base_seed,
                  drivers=[(n, d) for n, d in DRIVERS if n in drivers],
                  node=NodeChecker() if use_js else None,
                  tmp=tempfile.mkdtemp(prefix="fuzz-", dir=SCRATCH))


def run_one(number: int, outcome: Outcome) -> tuple[str, bytes, str]:
    """Make input ``number``, run the Python drivers on it; returns (path, bytes, how) of
    the input file, left for the JavaScript check."""
    seeds: list[Seed] = _STATE["seeds"]  # type: ignore[assignment]
    data, how, origin = make_input(number, _STATE["base_seed"], seeds)  # type: ignore[arg-type]
    how = f"input {number}: {how}\norigin: {origin}"
    path = os.path.join(str(_STATE["tmp"]), f"input-{number}.bin")
    Path(path).write_bytes(data)
    drivers: list[tuple[str, Driver]] = _STATE["drivers"]  # type: ignore[assignment]
    for name, driver in drivers:
        try:
            signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
            driver(path, origin)
        except Hang as exc:
            outcome.hangs += 1
            record(outcome, name, exc, data, how)
        except (Exception, Bug) as exc:  # the failures the fuzzer is looking for (a Bug
            outcome.internal += 1        # a driver let out would end the worker: the pool
            record(outcome, name, exc, data, how)  # would wait for its inputs forever)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return path, data, how


def check_js(made: list[tuple[str, bytes, str]], outcome: Outcome) -> None:
    """The JavaScript build over a batch of inputs (one round trip to Node)."""
    node: NodeChecker | None = _STATE["node"]  # type: ignore[assignment]
    verdicts = node.check([path for path, _, _ in made]) if node is not None else []
    for (_, data, how), problem in zip(made, verdicts, strict=False):
        if problem is None:
            continue
        if problem.startswith("hang"):
            outcome.hangs += 1
        else:
            outcome.internal += 1
        where = problem.splitlines()[1].strip() if "\n" in problem else ""
        outcome.failures.setdefault(f"js {problem.split(':')[0]} {where}",
                                    (data, f"{how}\n{problem}"))


def record(outcome: Outcome, driver: str, exc: BaseException, data: bytes, how: str) -> None:
    report = f"{how}\n" + "".join(
        traceback.format_exception(type(exc), exc, exc.__traceback__))
    outcome.failures.setdefault(signature(driver, exc), (data, report))


def run_chunk(task: tuple[int, int, float]) -> Outcome:
    """Inputs [first, first + count), stopping early at the deadline (time.time())."""
    first, count, deadline = task
    outcome = Outcome()
    made = []
    try:
        for number in range(first, first + count):
            if time.time() > deadline:
                break
            made.append(run_one(number, outcome))
            outcome.inputs += 1
        check_js(made, outcome)
    finally:
        for path, _, _ in made:
            os.unlink(path)
    outcome.peak_rss_kb = peak_rss_kib()  # not ru_maxrss: it counts the forking parent
    node: NodeChecker | None = _STATE["node"]  # type: ignore[assignment]
    if node is not None:
        outcome.node_peak_rss_kb = node.peak_kb
    return outcome


def chunks(total: int | None, deadline: float) -> Iterator[tuple[int, int, float]]:
    """The tasks of a run: ``total`` inputs, or as many as fit before the deadline."""
    first = 0
    while (total is None or first < total) and time.time() < deadline:
        count = CHUNK if total is None else min(CHUNK, total - first)
        yield first, count, deadline
        first += count


def run(seeds: list[Seed], *, inputs: int | None, seconds: float | None, base_seed: int,
        workers: int, use_js: bool = True, compiled: bool = True,
        drivers: Sequence[str] = tuple(n for n, _ in DRIVERS),
        progress: Callable[[Outcome], None] | None = None) -> Outcome:
    """Fuzz with ``workers`` processes until ``inputs`` are done or ``seconds`` pass,
    running the Python ``drivers`` named (and the JavaScript build with ``use_js``).
    With ``compiled``, the columnar decoder runs its compiled kernels (their memory
    safety on damaged rows is what is fuzzed: they check no bounds but their own); else
    their source as plain Python."""
    deadline = time.time() + (seconds if seconds is not None else 10 ** 9)
    total = Outcome()
    ctx = multiprocessing.get_context("spawn")  # safe beside the threads of a JVM gateway
    with ctx.Pool(workers, init_worker, (seeds, base_seed, use_js, compiled, drivers)) as pool:
        for part in pool.imap_unordered(run_chunk, chunks(inputs, deadline)):
            total.add(part)
            if progress is not None:
                progress(total)
        pool.close()  # workers end normally, and their Node processes see their input end
        pool.join()
    return total


def failure(data: bytes, driver: str, tmp: str, origin: str | None = None) -> str | None:
    """The signature of what ``driver`` ("js" too) fails with on ``data``, else None."""
    path = os.path.join(tmp, "minimize.bin")
    Path(path).write_bytes(data)
    if driver == "js":
        node = NodeChecker()
        try:
            problem = node.check([path])[0]
        finally:
            node.stop()
        return None if problem is None else problem.split("\n")[0]
    try:
        dict(DRIVERS)[driver](path, origin)
    except Exception as exc:
        return signature(driver, exc)
    return None


def minimize(data: bytes, driver: str, origin: str | None = None) -> bytes:
    """A smaller input with the same failure: whole events dropped one at a time (from
    the last), then the shortest prefix of the rest that still fails."""
    tmp = tempfile.mkdtemp(prefix="fuzz-min-")
    wanted = failure(data, driver, tmp, origin)
    if wanted is None:
        return data
    events = list(walk(data))
    for pos, length in reversed(events[1:]):
        shorter = data[:pos] + data[pos + length:]
        if failure(shorter, driver, tmp, origin) == wanted:
            data = shorter
    for end in sorted({4, *(p + n for p, n in walk(data)), len(data)}):
        if failure(data[:end], driver, tmp, origin) == wanted:
            return data[:end]
    return data


def walk(data: bytes) -> Iterator[tuple[int, int]]:
    """(offset, length) of the events a header walk frames, the first at 4."""
    pos = 4
    while pos + MIN_HEADER_LEN <= len(data):
        length = header_fields(data, pos)[1]
        if length < MIN_HEADER_LEN or pos + length > len(data):
            return
        yield pos, length
        pos += length


def save_failures(outcome: Outcome, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for key, (data, report) in outcome.failures.items():
        digest = hashlib.sha1(data).hexdigest()[:12]
        (out / f"{digest}.bin").write_bytes(data)
        (out / f"{digest}.txt").write_text(f"{key}\n{report}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, help="run this long")
    parser.add_argument("--inputs", type=int, help="run this many inputs")
    parser.add_argument("--seed", type=int, default=1, help="base of every input's mutations")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-js", action="store_true", help="skip the JavaScript build")
    names = [n for n, _ in DRIVERS]
    parser.add_argument("--drivers", type=lambda text: text.split(","), default=names,
                        help=f"the Python drivers to run, comma-separated ({','.join(names)})")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "fuzz")
    parser.add_argument("--minimize", nargs=2, metavar=("INPUT", "DRIVER"),
                        help="shrink a failing input, keeping its failure in DRIVER "
                             f"({', '.join(n for n, _ in DRIVERS)} or js); writes INPUT.min")
    parser.add_argument("--origin", metavar="FILE", help="with --minimize: the real file the "
                        "input was made from (its report's origin: line)")
    parser.add_argument("files", nargs="*", type=Path, help="seeds (default: every real file)")
    args = parser.parse_args(argv)
    if args.minimize:
        source, driver = Path(args.minimize[0]), args.minimize[1]
        small = minimize(source.read_bytes(), driver, args.origin)
        source.with_suffix(".min").write_bytes(small)
        print(f"{source}: {source.stat().st_size} -> {len(small)} bytes")
        return 0
    if args.seconds is None and args.inputs is None:
        args.seconds = 60.0
    seeds = load_seeds(args.files or default_files())
    started = time.time()
    shown = [started]

    def progress(o: Outcome) -> None:
        if time.time() - shown[0] >= 30:
            shown[0] = time.time()
            print(f"  {o.inputs} inputs, {o.internal} internal errors, {o.hangs} hangs",
                  file=sys.stderr, flush=True)

    outcome = run(seeds, inputs=args.inputs, seconds=args.seconds, base_seed=args.seed,
                  workers=args.workers, use_js=not args.no_js, drivers=args.drivers,
                  progress=progress)
    took = time.time() - started
    save_failures(outcome, args.out)
    for key in sorted(outcome.failures):
        print(f"  {key}  ({hashlib.sha1(outcome.failures[key][0]).hexdigest()[:12]}.bin)")
    print(f"fuzz: {outcome.inputs} inputs from {len(seeds)} seeds in {took:.0f} s "
          f"({outcome.inputs / took:.0f}/s, {args.workers} workers): {outcome.internal} internal "
          f"errors ({len(outcome.failures)} distinct, in {args.out}), {outcome.hangs} hangs, "
          f"peak RSS {outcome.peak_rss_kb // 1024} MB per Python worker, "
          f"{outcome.node_peak_rss_kb // 1024} MB per Node process")
    return 1 if outcome.internal or outcome.hangs else 0


if __name__ == "__main__":
    sys.exit(main())
