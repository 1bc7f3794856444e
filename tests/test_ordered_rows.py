"""``rows`` decodes bulk events a column at a time (binlog_kaitai/ordered_rows.py): on
every real binlog its output is the reference decoder's, byte for byte, problems
included and in the same order, whether events are decoded in groups or alone, and
whether ``rows --json`` lines are rendered from the changes or from the Arrow batches
(binlog_kaitai/batch_text.py)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from binlog_kaitai import batch_text, columnar, ordered_rows, rows_command
from binlog_kaitai.errors import BinlogError, RowsError
from binlog_kaitai.ordered_rows import OrderedRows, RenderedRows
from binlog_kaitai.row_text import json_lines, render_changes
from binlog_kaitai.rows import RowChange, RowDecoder
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.stream import RowsRun, read_events
from tests.conftest import FIXTURES, REPO, check_mutations, corpus
from tools.crosscheck import default_files

FILES = default_files()
RUN_MUTATIONS = 200


def text_of(changes: list[RowChange], form: str, decoder: RowDecoder, ev: Any) -> str:
    if form == "json" or not changes:
        return json_lines(changes)
    return render_changes(changes, decoder.table_of(ev))


def reference_text(path: Path, form: str = "json") -> list[str]:
    """``rows --json`` lines (or ``rows`` text) and problems of a file through the
    reference decoder."""
    decoder = RowDecoder(schema=SchemaHistory())
    out = []
    try:
        for ev in read_events(path, expand_payloads=True):
            try:
                out.append(text_of(decoder.feed(ev), form, decoder, ev))
            except RowsError as exc:
                out.append(f"problem {exc}\n")
    except BinlogError as exc:
        out.append(f"stopped {exc}\n")
    return [line for line in out if line]


def ordered_text(path: Path | io.BytesIO, form: str = "json", runs: bool = False,
                 **kwargs: Any) -> list[str]:
    """The lines and problems :class:`OrderedRows` gives for a file; with ``runs``, fed
    as ``rows`` feeds it where no filter looks at the events: the stream's
    runs (:class:`RowsRun`) through ``feed_run``, the quiet types not handed out."""
    decoder = OrderedRows(schema=SchemaHistory(), **kwargs)
    out: list[str] = []

    def show(items: list[ordered_rows.Item]) -> None:
        for item in items:
            if isinstance(item, RenderedRows):
                out.append(str(item.lines([True] * len(item.events)), "utf-8"))
            else:
                out.append(f"problem {item}\n" if isinstance(item, RowsError)
                           else text_of(item[1], form, decoder.decoder, item[0]))

    try:
        for ev in read_events(path, expand_payloads=True, rows_runs=runs,
                              skip=ordered_rows.QUIET_TYPES if runs else ()):
            show(decoder.feed_run(ev) if type(ev) is RowsRun else decoder.feed(ev))
    except BinlogError as exc:
        show(decoder.finish())
        out.append(f"stopped {exc}\n")
    else:
        show(decoder.finish())
    return [line for line in out if line]


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_same_text_as_the_reference(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = "".join(reference_text(path))
    assert "".join(ordered_text(path)) == expected
    # Every rows event through the columnar decoder, in groups flushed every 2 KB.
    monkeypatch.setattr(ordered_rows, "COLUMNAR_MIN_BYTES", 0)
    monkeypatch.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
    assert "".join(ordered_text(path, max_batch_bytes=2048)) == expected


def check_runs(data: bytes, forms: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
               ) -> None:
    """Fed a window's rows events, table maps and GTIDs as one run (``feed_run``), the
    decoder gives the lines and problems it gives fed each event: through the reference
    decoder, and every rows event through the columnar one (lines rendered from the
    batches in ``render`` forms), in groups flushed every 2 KB."""
    for form in forms:
        expected = "".join(ordered_text(io.BytesIO(data), form, render=form))
        assert "".join(ordered_text(io.BytesIO(data), form, True, render=form)) == expected
    with monkeypatch.context() as patch:
        patch.setattr(ordered_rows, "COLUMNAR_MIN_BYTES", 0)
        patch.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
        for form in forms:
            expected = "".join(ordered_text(io.BytesIO(data), form, render=form,
                                            max_batch_bytes=2048))
            assert "".join(ordered_text(io.BytesIO(data), form, True, render=form,
                                        max_batch_bytes=2048)) == expected


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_runs_give_what_events_give(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_runs(path.read_bytes(), ("json", "text"), monkeypatch)


def test_runs_give_what_events_give_on_fuzzed_inputs(monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    """The fuzzer's mutations: damage inside a run (a table id no map has, a body the
    compiled readers refuse, a GTID's flags), and the error that ends it."""
    check_mutations(FILES, RUN_MUTATIONS, 5,
                    lambda data: check_runs(data, ("json",), monkeypatch))


@pytest.fixture
def compiled() -> None:
    """Batches are rendered (the compiled kernels are built; the plain ones render
    changes, not batches)."""
    assert batch_text.available(), "the kernels are not compiled: run `make setup`"


@pytest.mark.parametrize("cores", [2, 1])
@pytest.mark.parametrize("form", ["json", "text"])
@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_lines_rendered_from_batches(path: Path, form: str, cores: int,
                                     monkeypatch: pytest.MonkeyPatch, compiled: None) -> None:
    """``rows --json`` lines and ``rows`` text rendered from the batches, full batches
    decoded on the worker thread while the events after them are read (or, with one
    core, at once)."""
    if cores == 1:
        monkeypatch.setattr(ordered_rows, "decoding_worker", lambda: None)
    expected = "".join(reference_text(path, form))
    assert "".join(ordered_text(path, form, render=form)) == expected
    monkeypatch.setattr(ordered_rows, "COLUMNAR_MIN_BYTES", 0)
    monkeypatch.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
    assert "".join(ordered_text(path, form, render=form, max_batch_bytes=2048)) == expected


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_text_of_changes_flushed_by_ddl(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``rows`` text of rows events gathered from the first one (a large run) and decoded
    by the reference decoder (groups too small for the columnar one): a group flushed by
    a DDL statement is printed with the table as it was before it (the DDL applied, a
    column renamed or added would name the values wrongly, or not at all)."""
    monkeypatch.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
    monkeypatch.setattr(ordered_rows, "COLUMNAR_MIN_BYTES", 1 << 40)
    expected = "".join(reference_text(path, "text"))
    assert "".join(ordered_text(path, "text", render="text")) == expected


def test_rendered_lines_of_chosen_events(monkeypatch: pytest.MonkeyPatch,
                                         compiled: None) -> None:
    """``RenderedRows.lines`` keeps the lines of the events asked for (``rows --json
    --start-datetime`` or ``--type`` drop the others), each event's lines the reference's."""
    path = FIXTURES / "mariadb" / "alltypes_full" / "binlog.000001"
    reference = RowDecoder(schema=SchemaHistory())
    lines = {}
    for ev in read_events(path, expand_payloads=True):
        lines[(ev.pos, ev.inner_pos)] = json_lines(reference.feed(ev))
    monkeypatch.setattr(ordered_rows, "COLUMNAR_MIN_BYTES", 0)
    monkeypatch.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
    decoder = OrderedRows(schema=SchemaHistory(), render="json")
    groups = [item for ev in read_events(path, expand_payloads=True)
              for item in decoder.feed(ev) if isinstance(item, RenderedRows)]
    assert sum(len(g.events) for g in groups) >= 10
    for group in groups:
        keep = [i % 2 == 1 for i in range(len(group.events))]
        assert str(group.lines(keep), "utf-8") == "".join(
            lines[(ev.pos, ev.inner_pos)] for ev, kept in zip(group.events, keep, strict=True)
            if kept)


def test_bulk_events_are_decoded_in_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    """The all-types fixture's large rows events reach the columnar decoder (once the
    row data fed passes COLUMNAR_AFTER_BYTES: here from the start), and give the values
    the SQL beside the fixture inserted."""
    path = FIXTURES / "mariadb" / "alltypes_full" / "binlog.000001"
    monkeypatch.setattr(ordered_rows, "COLUMNAR_AFTER_BYTES", 0)
    decoder = OrderedRows(schema=SchemaHistory())
    groups = []
    real_decode = columnar.decode_row_data

    def counting_decode(datas: list[bytes], *args: Any) -> Any:
        groups.append(len(datas))
        return real_decode(datas, *args)

    monkeypatch.setattr(columnar, "decode_row_data", counting_decode)
    items = [item for ev in read_events(path, expand_payloads=True)
             for item in decoder.feed(ev)] + decoder.finish()
    assert sum(groups) >= 2  # events decoded by the columnar decoder
    changes = [c for item in items if not isinstance(item, RowsError) for c in item[1]]
    first = changes[0].after
    assert first is not None
    assert (first["id"], first["biu"], first["dec10"], first["t6"]) == (
        1, 12345678901234567890, "-12345678.90", "-838:59:58.999999")
    table = decoder.decoder.table_of(items[0][0])  # type: ignore[index]
    assert render_changes(changes[:1], table).startswith("# at 4155 row 0: ")


def test_the_cli_writes_a_batch_of_megabytes_whole(tmp_path: Path, compiled: None) -> None:
    """``rows --json`` to a file: batches of lines larger than what one ``write`` is given
    (:data:`~binlog_kaitai.rows_command.WRITE_BYTES`) arrive whole and in order, as the
    reference decoder's lines."""
    path = corpus("rust-us__mysql-cdc-rs/tests__events__8.0__folder__binlog.000693")
    lines = "".join(reference_text(path))
    assert len(lines) > 8 * rows_command.WRITE_BYTES
    with open(tmp_path / "rows.json", "wb") as out:
        subprocess.run([sys.executable, "-m", "binlog_kaitai", "rows", "--json", str(path)],
                       stdout=out, check=True, cwd=REPO)
    assert (tmp_path / "rows.json").read_text() == lines
