"""The columnar decoder (binlog_kaitai/columnar.py) against the reference decoder
(binlog_kaitai/rows.py: the generated row_image parser and the per-value converters):
on every real binlog, every row of every table has the same values, through the one
documented mapping from Arrow back to the reference's values
(:func:`binlog_kaitai.columnar.reference_values`), like the JS crosscheck for the spec."""

from __future__ import annotations

import contextlib
import datetime
import inspect
import io
import math
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

from binlog_kaitai import columnar, event_kinds, kernels, row_kernel, run_loop, text_kernel
from binlog_kaitai.errors import BinlogError
from binlog_kaitai.rows import iter_row_changes
from binlog_kaitai.stream import BinlogStream, read_events
from binlog_kaitai.table_info import describe_table
from tests.conftest import check_mutations
from tools.crosscheck import default_files

REPO = Path(__file__).resolve().parents[1]
FILES = default_files()
RUN_MUTATIONS = 300

Key = tuple[int, int | None, int]
"""(pos, inner_pos, row): a row change's place in its binlog."""


def reference_rows(path: Path) -> tuple[dict[Key, dict[str, Any]], str | None]:
    """The reference decoder's rows of a file by place, and its error if it stopped."""
    rows: dict[Key, dict[str, Any]] = {}
    try:
        for change in iter_row_changes(path):
            rows[(change.pos, change.inner_pos, change.row)] = change.to_json_dict()
    except BinlogError as exc:
        return rows, str(exc)
    return rows, None


@pytest.fixture(params=["python", "compiled"])
def forms(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
          ) -> Iterator[str]:
    """Both forms of the kernels: the source as plain Python (what executors without the
    extension run) and compiled."""
    chosen = kernels.python() if request.param == "python" else kernels.compiled()
    monkeypatch.setattr(kernels, "active", lambda: chosen)
    yield request.param


def test_kernels_are_compiled() -> None:
    """``make setup`` built the extensions, and ``import`` finds them, not the source."""
    assert row_kernel.COMPILED and text_kernel.COMPILED and run_loop.COMPILED
    assert all(module.__file__.endswith(".so")
               for module in (row_kernel, text_kernel, run_loop))
    assert not inspect.isfunction(kernels.compiled().read_uint)
    assert inspect.isfunction(kernels.python().read_uint.__wrapped__)  # the source


def columnar_rows(path: Path, max_batch_bytes: int
                  ) -> tuple[dict[Key, dict[str, Any]], str | None]:
    """The columnar decoder's rows of a file, mapped back to the reference's values."""
    rows: dict[Key, dict[str, Any]] = {}
    try:
        for batch in columnar.row_batches(path, max_batch_bytes=max_batch_bytes):
            rows.update(rows_of(batch))
    except BinlogError as exc:
        return rows, str(exc)
    return rows, None


def rows_of(batch: pa.RecordBatch) -> dict[Key, dict[str, Any]]:
    """A row_batches batch as ``rows --json`` objects by place."""
    meta = batch.schema.metadata
    head = {name: batch.column(name).to_pylist() for name in columnar.CHANGE_FIELDS.names}
    images: dict[str, list[dict[str, Any]]] = {}
    for image in ("before", "after"):
        if image not in batch.schema.names:
            continue
        struct = batch.column(image)
        kind = struct.type
        columns = {kind.field(i).name: columnar.reference_values(struct.field(i),
                                                                  kind.field(i))
                   for i in range(kind.num_fields)}
        images[image] = [{name: columns[name][r] for name in columns}
                         for r in range(batch.num_rows)]
    out = {}
    for r in range(batch.num_rows):
        row = {name: head[name][r] for name in head}
        row.update(schema=meta[b"schema"].decode(), table=meta[b"table"].decode())
        for image in ("before", "after"):
            row[image] = images[image][r] if image in images else None
        out[(row["pos"], row["inner_pos"], row["row"])] = row
    return out


def same(a: Any, b: Any) -> bool:
    """Equal values, NaN equal to NaN (a FLOAT/DOUBLE column may hold one)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b if not isinstance(a, dict | list) else a == b


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_columnar_equals_reference(path: Path, forms: str) -> None:
    expected, expected_error = reference_rows(path)
    # Compiled, events are also decoded in batches of a few (several flushes per table).
    got, error = columnar_rows(path, 1 << 20 if forms == "python" else 2000)
    if expected_error is not None:
        # A rows event the reference cannot decode: the columnar decoder refuses it too
        # (the batches it gathered before the error are not all out yet).
        assert error is not None, expected_error
        assert set(got) <= set(expected)
    else:
        assert error is None, error
        assert set(got) == set(expected)
    for key, row in got.items():
        want = expected[key]
        for name in ("file", "timestamp", "server_id", "gtid", "schema", "table", "op"):
            assert row[name] == want[name], (key, name)
        for image in ("before", "after"):
            assert (row[image] is None) == (want[image] is None), (key, image)
            if row[image] is None:
                continue
            assert list(row[image]) == list(want[image]), (key, image)
            for column, value in row[image].items():
                assert same(value, want[image][column]), (key, image, column, value,
                                                          want[image][column])


def batches_of(path: Path) -> tuple[list[tuple[Any, ...]], str | None]:
    """Every batch of a file (decoded in many small groups) as its metadata and rows,
    in the order they came, and the error that ended them."""
    out: list[tuple[Any, ...]] = []
    try:
        for batch in columnar.row_batches(path, max_batch_bytes=2000):
            out.append((batch.schema.metadata, batch.to_pylist()))
    except BinlogError as exc:
        return out, str(exc)
    return out, None


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_batches_decoded_on_the_worker_thread_are_the_same(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With two cores, a full group is decoded on the worker thread while the stream
    reads on, and its batch comes with the next flush: the same batches, in the same
    order, and the same error after them, as with one core."""
    if columnar.decoding_worker() is None:
        pytest.skip("one core: no worker thread")
    pipelined = batches_of(path)
    monkeypatch.setattr(columnar, "decoding_worker", lambda: None)
    assert pipelined == batches_of(path)


def batches_of_bytes(data: bytes) -> tuple[list[tuple[Any, ...]], str | None]:
    """:func:`batches_of` a file's bytes."""
    out: list[tuple[Any, ...]] = []
    try:
        for batch in columnar.row_batches(io.BytesIO(data), max_batch_bytes=2000):
            out.append((batch.schema.metadata, batch.to_pylist()))
    except BinlogError as exc:
        return out, str(exc)
    return out, None


def check_runs_as_events(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """row_batches gathers a window's rows events from the stream's runs (no Event
    each) into the groups the events one by one go to: the same batches, in the same
    order, and the same error after them."""
    runs = batches_of_bytes(data)
    with monkeypatch.context() as patch:
        patch.setattr(BinlogStream, "_rows_run", lambda *args: None)
        assert runs == batches_of_bytes(data)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_runs_give_what_events_give(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_runs_as_events(path.read_bytes(), monkeypatch)


def test_runs_give_what_events_give_on_fuzzed_inputs(monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    """The fuzzer's mutations: damage inside a run of rows events (a table id no map
    has, a body the compiled reader refuses, a statement's end flag flipped)."""
    check_mutations(FILES, RUN_MUTATIONS, 3,
                    lambda data: check_runs_as_events(data, monkeypatch))


def test_decode_rows_event_types() -> None:
    """The first insert of the all-types fixture (binlog_row_metadata=FULL), decoded
    alone: the Arrow types and values of what its statement wrote."""
    path = REPO / "tests" / "fixtures" / "mariadb" / "alltypes_full" / "binlog.000001"
    ev = next(e for e in read_events(path) if e.type_code in event_kinds.WRITE_ROWS)
    table = describe_table(ev.table_map, True, None, None)
    batch = columnar.decode_rows_event(ev.body, table, ev.type_code)
    assert batch.schema.names == ["after"]
    row = batch.column("after")
    kind = row.type

    def value(name: str) -> Any:
        return row.field(name)[0].as_py()

    def arrow_type(name: str) -> pa.DataType:
        return kind.field(name).type

    assert (value("id"), arrow_type("id")) == (1, pa.int32())
    assert (value("tiu"), arrow_type("tiu")) == (200, pa.uint8())
    assert (value("biu"), arrow_type("biu")) == (12345678901234567890, pa.uint64())
    assert (value("dec10"), arrow_type("dec10")) == (Decimal("-12345678.90"),
                                                      pa.decimal128(10, 2))
    assert value("dec18") == Decimal("-123456789.123456789")
    assert (value("dec65"), arrow_type("dec65")) == ("12345.678901234567890123456789012345",
                                                      pa.string())  # precision 65 > 38
    assert (value("y"), value("dt")) == (2024, datetime.date(2024, 2, 29))
    assert value("dt6") == datetime.datetime(2024, 1, 2, 3, 4, 5, 123456)
    assert arrow_type("ts3") == pa.timestamp("us", tz="UTC")
    assert value("ts3") == datetime.datetime(2024, 6, 30, 12, 0, 0, 987000,
                                             tzinfo=datetime.UTC)
    assert value("t6") == "-838:59:58.999999"  # TIME: the exact text
    assert (value("vc"), value("vcr"), value("cl")) == ("héllo wörld 😀", "Привет", "café")
    assert (value("bn"), arrow_type("bn")) == (b"\x01\x02\x00\x00", pa.binary())
    assert (value("e"), value("el"), value("st")) == ("b", "ö", "x,z")
    assert (value("b17"), value("b64")) == (0b10000000000000001, (1 << 63) + 1)
    assert value("pt")["srid"] == 4326 and len(value("pt")["wkb"]) == 21
    assert arrow_type("j") == pa.string()  # MariaDB's JSON is text


def test_column_sizes_from_spec() -> None:
    """The per-column value sizes the kernel is given come from the spec (the table
    map's column_meta instances): fixed sizes, or 1-4 byte length prefixes."""
    path = REPO / "tests" / "fixtures" / "mariadb" / "alltypes_full" / "binlog.000001"
    ev = next(e for e in read_events(path) if e.type_code in event_kinds.WRITE_ROWS)
    table = describe_table(ev.table_map, True, None, None)
    columns, fixed, prefix = columnar.column_sizes(table, ev.body.num_columns.value,
                                                   ev.body.columns_present)
    sizes = {table.names[c]: (int(f), int(p)) for c, f, p in zip(columns, fixed, prefix,
                                                                  strict=True)}
    assert len(sizes) == len(table.names)
    expected = {
        "id": (4, 0), "ti": (1, 0), "mi": (3, 0), "bi": (8, 0), "f": (4, 0), "d": (8, 0),
        "dec10": (5, 0), "dec65": (30, 0), "y": (1, 0), "dt": (3, 0), "t6": (6, 0),
        "dt0": (5, 0), "dt6": (8, 0), "ts0": (4, 0), "ts3": (6, 0), "b17": (3, 0),
        "b64": (8, 0), "e": (1, 0), "st": (1, 0),
        "c": (0, 1), "c100": (0, 2), "vc": (0, 1), "vc300": (0, 2), "bn": (0, 1),
        "tb": (0, 1), "b": (0, 2), "mb": (0, 3), "lb": (0, 4), "g": (0, 4),
    }
    assert {name: sizes[name] for name in expected} == expected


def test_a_forked_child_makes_its_own_decoding_thread() -> None:
    """A process forked after the decoding thread started (export's parsing processes,
    events' workers) has no such thread: it makes its own, rather than waiting forever
    on its parent's."""
    import os

    parent = columnar.decoding_worker()
    if parent is None:
        pytest.skip("one core: no decoding thread")
    assert parent.submit(int, "7").result() == 7
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: answers through the pipe, never returns into pytest
        try:
            mine = columnar.decoding_worker()
            ok = mine is not parent and mine.submit(int, "8").result(timeout=20) == 8
        except BaseException:
            ok = False
        os.write(write, b"1" if ok else b"0")
        os._exit(0)
    os.close(write)
    answer = os.read(read, 1)
    os.waitpid(pid, 0)
    assert answer == b"1"


def _datetime2_bytes(year: int, month: int, day: int, hour: int, minute: int,
                     second: int) -> bytes:
    """A DATETIME2(0) value as MariaDB and MySQL write it (5 big-endian bytes)."""
    ymd = ((year * 13 + month) << 5) | day
    hms = (hour << 12) | (minute << 6) | second
    return ((1 << 39) + (ymd << 17) + hms).to_bytes(5, "big")


@pytest.mark.parametrize("form", ["python", "compiled"])
def test_temporal2_kernel_reads_every_date_as_python_does(form: str) -> None:
    """The DATETIME2 kernel, on dates around every rule of the calendar: the days of
    each existing date since 1970 (leap years of 1900, 2000, 2023, 2024; years 1 and
    9999), and a refusal for each that does not exist (which sends the column to the
    per-value converter)."""
    chosen = kernels.python() if form == "python" else kernels.compiled()
    good = [(1, 1, 1, 0, 0, 0), (1000, 1, 1, 0, 0, 0), (1969, 12, 31, 23, 59, 59),
            (1970, 1, 1, 0, 0, 0), (1900, 2, 28, 12, 0, 1), (2000, 2, 29, 1, 2, 3),
            (2024, 2, 29, 0, 0, 0), (2023, 4, 30, 0, 0, 0), (9999, 12, 31, 23, 59, 59)]
    epoch = datetime.datetime(1970, 1, 1)
    data = b"".join(_datetime2_bytes(*d) for d in good)
    offsets = np.arange(0, len(data), 5, dtype=np.int64)
    nulls = np.zeros(len(good), np.bool_)
    us, ok = chosen.temporal2(np.frombuffer(data, np.uint8), offsets, nulls, 5, 0, 1, True)
    assert ok
    assert us.tolist() == [(datetime.datetime(*d) - epoch) // datetime.timedelta(
        microseconds=1) for d in good]
    for bad in [(1900, 2, 29, 0, 0, 0), (2023, 2, 29, 0, 0, 0), (2023, 4, 31, 0, 0, 0),
                (2023, 0, 1, 0, 0, 0), (2023, 1, 0, 0, 0, 0), (0, 1, 1, 0, 0, 0),
                (2023, 1, 1, 24, 0, 0), (2023, 1, 1, 0, 60, 0), (0, 0, 0, 0, 0, 0)]:
        raw = np.frombuffer(_datetime2_bytes(*bad), np.uint8)
        _, ok = chosen.temporal2(raw, np.zeros(1, np.int64), np.zeros(1, np.bool_), 5, 0, 1,
                                 True)
        assert not ok, bad
    fraction = np.frombuffer(b"\x00\x00\x00\x01" + (999999).to_bytes(3, "big"), np.uint8)
    us, ok = chosen.temporal2(fraction, np.zeros(1, np.int64), np.zeros(1, np.bool_), 4, 3,
                              1, False)
    assert ok and us.tolist() == [1_999_999]
    too_much = np.frombuffer(b"\x00\x00\x00\x01" + (10**6).to_bytes(3, "big"), np.uint8)
    assert not chosen.temporal2(too_much, np.zeros(1, np.int64), np.zeros(1, np.bool_), 4,
                                3, 1, False)[1]


def _decimal_10_2(integer: int, fraction: int, negative: bool = False) -> bytes:
    """A DECIMAL(10,2) value as MySQL writes it: its 8 integer digits in 4 big-endian
    bytes, its 2 fraction digits in 1, the top bit flipped, every bit inverted when
    negative (any group value, even one of more digits than the group holds)."""
    number = ((integer << 8) | fraction) ^ (1 << 39)
    return (number ^ ((1 << 40) - 1) if negative else number).to_bytes(5, "big")


@pytest.mark.parametrize("form", ["python", "compiled"])
def test_decimal_kernel_refuses_groups_of_too_many_digits(form: str) -> None:
    """The DECIMAL kernel gives the unscaled integers of good values, and refuses a value
    whose group holds more than its digits (damage: the column is then converted value
    by value, as the reference decoder reads it)."""
    chosen = kernels.python() if form == "python" else kernels.compiled()
    widths, digits = np.array([4, 1], np.int64), np.array([8, 2], np.int64)
    good = [(12345678, 90, False), (99999999, 99, True), (0, 0, False), (0, 1, True)]
    data = b"".join(_decimal_10_2(*value) for value in good)
    words, ok = chosen.decimal128(np.frombuffer(data, np.uint8),
                                  np.arange(0, len(data), 5, dtype=np.int64),
                                  np.zeros(len(good), np.bool_), 5, widths, digits)
    assert ok
    array = pa.Array.from_buffers(pa.decimal128(10, 2), len(good), [None, pa.py_buffer(words)])
    assert array.to_pylist() == [Decimal("12345678.90"), Decimal("-99999999.99"),
                                 Decimal("0.00"), Decimal("-0.01")]
    for integer, fraction in [(100_000_000, 0), (0, 100), ((1 << 31) - 1, 0)]:
        raw = np.frombuffer(_decimal_10_2(integer, fraction), np.uint8)
        assert not chosen.decimal128(raw, np.zeros(1, np.int64), np.zeros(1, np.bool_), 5,
                                     widths, digits)[1], (integer, fraction)


@pytest.mark.parametrize("form", ["python", "compiled"])
@pytest.mark.parametrize("width", [1, 2, 3, 4, 8])
def test_read_int_sign_extends_each_width(form: str, width: int) -> None:
    """The signed integer kernel gives each width's extremes, -1 and 0 as Python reads
    them from the same little-endian bytes."""
    chosen = kernels.python() if form == "python" else kernels.compiled()
    top = 1 << (8 * width - 1)
    numbers = [-top, -1, 0, 1, top - 1]
    data = b"".join(n.to_bytes(width, "little", signed=True) for n in numbers)
    offsets = np.arange(0, len(data), width, dtype=np.int64)
    got = chosen.read_int(np.frombuffer(data, np.uint8), offsets,
                          np.zeros(len(numbers), np.bool_), width)
    assert got.tolist() == numbers


class _Dirty:
    """numpy, but each array ``empty`` gives is full of 0xA5 bytes (fresh memory is
    often zeros, which would hide a cell no kernel wrote)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(np, name)

    @staticmethod
    def empty(shape: Any, dtype: Any = float) -> np.ndarray:
        out = np.empty(shape, dtype)
        out.view(np.uint8)[...] = 0xA5
        return out


def ipc_bytes(batches: list[pa.RecordBatch]) -> list[bytes]:
    """Each batch as Arrow IPC bytes: every buffer, the values under NULLs too."""
    out = []
    for batch in batches:
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, batch.schema) as writer:
            writer.write_batch(batch)
        out.append(sink.getvalue().to_pybytes())
    return out


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_arrays_made_without_zeros_are_written_whole(
        path: Path, forms: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk's cells and the kernels' arrays are made by ``np.empty``: every cell is
    written, a NULL's as 0 (and BINARY(n)'s padding), so the batches are byte for byte
    those made from memory that happened to hold zeros (Arrow IPC and Parquet files keep
    no bytes of the process's memory)."""
    def batches() -> list[pa.RecordBatch]:
        out: list[pa.RecordBatch] = []
        with contextlib.suppress(BinlogError):  # (the batches before the damage)
            for batch in columnar.row_batches(path, max_batch_bytes=2000):
                out.append(batch)
        return out

    clean = ipc_bytes(batches())
    source = kernels.active().gather
    module_globals = getattr(source, "__wrapped__", source).__globals__ if (
        forms == "python") else vars(row_kernel)
    monkeypatch.setitem(module_globals, "np", _Dirty())
    monkeypatch.setattr(columnar, "np", _Dirty())
    assert ipc_bytes(batches()) == clean
