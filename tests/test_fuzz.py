"""Damaged input never becomes an internal error: the CI-sized fuzz pass, and the damage
the fuzzer found, kept as small regression fixtures (``tests/fixtures/fuzz``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from binlog_kaitai.errors import BinlogError, CorruptEventError, RowsError, TruncatedError
from binlog_kaitai.plan import plan
from binlog_kaitai.rows import RowDecoder, iter_row_changes
from binlog_kaitai.schema import SchemaHistory
from binlog_kaitai.seek import Gtid
from binlog_kaitai.stream import read_events
from binlog_kaitai.summary import summary
from tests.conftest import FIXTURES, REPO
from tools import fuzz
from tools.crosscheck import default_files

CI_INPUTS = 30000
"""About a minute of inputs on two cores (``make fuzz`` runs longer)."""
CI_COMMAND_INPUTS = 3000
"""The first of them through the drivers that run commands (:data:`tools.fuzz.COMMANDS`)
too: a fifth more time."""
CI_SEED = 2026
FUZZ = FIXTURES / "fuzz"


@pytest.mark.parametrize(("inputs", "drivers", "use_js"), [
    (CI_INPUTS, tuple(n for n, _ in fuzz.DRIVERS if n not in fuzz.COMMANDS), True),
    (CI_COMMAND_INPUTS, fuzz.COMMANDS, False)], ids=["parse", "commands"])
def test_ci_fuzz_pass(inputs: int, drivers: tuple[str, ...], use_js: bool) -> None:
    """A fixed-seed pass over every real file: the drivers that parse, with the JS build
    too; then the first inputs again through the commands. The columnar decoder's
    compiled kernels, as users run them (C that checks no bounds but its own)."""
    seeds = fuzz.load_seeds(default_files())
    outcome = fuzz.run(seeds, inputs=inputs, seconds=None, base_seed=CI_SEED, workers=2,
                       compiled=True, drivers=drivers, use_js=use_js)
    found = "\n".join(f"{key}\n{report}" for key, (_, report) in outcome.failures.items())
    assert (outcome.internal, outcome.hangs) == (0, 0), found
    assert outcome.inputs == inputs
    assert outcome.peak_rss_kb < 300 * 1024


def test_a_bug_a_driver_lets_out_is_one_input_s_failure(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """A :class:`~tools.fuzz.Bug` that a driver lets out (outside the commands' nets,
    which turn it into its cause) is that input's internal error: it must not end the
    worker process, whose pool would then wait for its inputs forever."""
    from binlog_kaitai import kernels

    def escapes(path: str, origin: str | None = None) -> None:
        raise fuzz.Bug("let out")

    monkeypatch.setattr(fuzz, "DRIVERS", (("escapes", escapes),))
    monkeypatch.setattr(kernels, "active", kernels.active)  # (the worker's setup sets it)
    seeds = fuzz.load_seeds(sorted(FIXTURES.glob("mariadb/mixed/binlog.*"))[:1])
    fuzz.init_worker(seeds, CI_SEED, False, True, ("escapes",))
    outcome = fuzz.Outcome()
    fuzz.run_one(0, outcome)
    assert outcome.internal == 1
    assert [key.split()[0] for key in outcome.failures] == ["escapes"]


def test_inputs_are_reproducible() -> None:
    """Input N of a run depends on the seed and N only, so a failure can be replayed."""
    seeds = fuzz.load_seeds(sorted(FIXTURES.glob("mariadb/mixed/binlog.*"))[:1])
    made = [fuzz.make_input(n, CI_SEED, seeds) for n in range(50)]
    assert made == [fuzz.make_input(n, CI_SEED, seeds) for n in range(50)]
    assert sum(data != seeds[0].data for data, _, _ in made) >= 45


def test_fde_then_part_of_a_header(tmp_path: Path) -> None:
    """Only the FORMAT_DESCRIPTION_EVENT is complete: it is the last event."""
    src = FIXTURES / "mariadb" / "mixed" / "binlog.000001"
    first = next(read_events(src))
    cut = tmp_path / "fde-only.bin"
    cut.write_bytes(src.read_bytes()[:first.next_pos + 9])
    s = summary(cut)
    assert (s.last_event_pos, s.last_event_type, s.end_reason, s.truncated) == (
        4, "FORMAT_DESCRIPTION_EVENT", "none", True)
    assert s.end_timestamp == first.timestamp == s.start_timestamp
    assert s.end_time is not None
    assert s.error == f"offset {first.next_pos}: file ends inside an event header (9 of 19 bytes)"


def test_closed_stdout_ends_quietly() -> None:
    """``binlog-kaitai rows FILE | head -1``: no message, the status of a Unix tool."""
    src = FIXTURES / "mariadb" / "alltypes_full" / "binlog.000001"
    cli = Path(os.environ.get("VIRTUAL_ENV", REPO / ".venv")) / "bin" / "binlog-kaitai"
    for command in ("rows", "events"):
        proc = subprocess.run(f"'{cli}' {command} '{src}' '{src}' | head -1", shell=True,
                              capture_output=True, text=True, check=False,
                              executable="/bin/bash")
        assert proc.stderr == ""
        assert proc.stdout.startswith("# ")
        status = subprocess.run(
            f"set -o pipefail; '{cli}' {command} '{src}' | head -1 >/dev/null", shell=True,
            executable="/bin/bash", check=False).returncode
        assert status in (0, 141)


@dataclass(frozen=True)
class Found:
    """What a fuzz fixture gives now."""

    events: int
    """Events read before the end (or the framing error)."""
    error: tuple[type[BinlogError], int] | None = None
    """The framing error that ends the file, and its offset."""
    undecodable: tuple[int, str] | None = None
    """(offset, type) of the one event whose body the spec rejects."""
    rows_error: tuple[int, str] | None = None
    """(offset, part of the message) of the RowsError of the one rows event."""
    last_event_pos: int | None = None
    """What ``summary`` names as the last event."""


ZLIB = "DecompressionError: zlib field: "
FOUND = {
    "zlib_rows_cut_short.bin": Found(3, rows_error=(354, ZLIB + "the stream is cut short"),
                                     last_event_pos=354),
    "zlib_rows_corrupt.bin": Found(3, rows_error=(354, ZLIB + "corrupt stream"),
                                   last_event_pos=354),
    "zlib_rows_inflate_short.bin": Found(
        3, rows_error=(354, ZLIB + "the stream inflates to 678 bytes, but the header declares"
                       " 4518"), last_event_pos=354),
    "zlib_rows_inflate_long.bin": Found(
        3, rows_error=(354, ZLIB + "the stream inflates to more than 3003 bytes"),
        last_event_pos=354),
    "rotate_name_not_utf8.bin": Found(2, undecodable=(256, "ROTATE_EVENT"), last_event_pos=256),
    "table_map_string_real_type.bin": Found(
        3, undecodable=(256, "TABLE_MAP_EVENT"),
        rows_error=(471, "without a preceding TABLE_MAP_EVENT"), last_event_pos=471),
    "table_map_blob_prefix_size.bin": Found(
        3, undecodable=(256, "TABLE_MAP_EVENT"),
        rows_error=(354, "without a preceding TABLE_MAP_EVENT"), last_event_pos=354),
    "table_map_decimal_scale.bin": Found(
        3, undecodable=(256, "TABLE_MAP_EVENT"),
        rows_error=(354, "without a preceding TABLE_MAP_EVENT"), last_event_pos=354),
    "rows_more_columns_than_map.bin": Found(
        3, rows_error=(303, "DELETE_ROWS_EVENT_V1 has 111 columns, but the table map of "
                       "`plain`.`t` has 4"), last_event_pos=303),
    "fde_header_length_zero.bin": Found(0, error=(CorruptEventError, 4)),
    "fde_post_header_array_short.bin": Found(0, error=(CorruptEventError, 4)),
    "previous_gtids_unknown_format.bin": Found(2, last_event_pos=126),
    "json_diff_unknown_operation.bin": Found(3, last_event_pos=184),
    "table_map_metadata_length_2_31.bin": Found(2, undecodable=(256, "TABLE_MAP_EVENT"),
                                                last_event_pos=256),
    "fde_length_below_header.bin": Found(1, error=(CorruptEventError, 126),
                                         last_event_pos=4),
    "date_past_year_9999.bin": Found(10, last_event_pos=890),
    "plan_gtid_walk_truncated.bin": Found(3, error=(TruncatedError, 319), last_event_pos=281),
    "previous_gtids_interval_reversed.bin": Found(2, last_event_pos=126),
    "typed_column_widened_to_binary.bin": Found(6, last_event_pos=411),
    "gtid_tagged_validation_names_its_value.bin": Found(
        8, undecodable=(245, "GTID_TAGGED_LOG_EVENT"), last_event_pos=541),
}


def test_a_decode_error_says_the_same_words_each_run(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """A body the spec's ``valid:`` rejects names the value it got without that object's
    memory address: ``events --json`` of the same bytes is the same text run after run
    (in runs and event by event alike, which the fuzzer's ``events`` driver compares)."""
    from binlog_kaitai.cli import main

    path = str(FUZZ / "gtid_tagged_validation_names_its_value.bin")
    outputs = []
    for _ in range(2):
        assert main(["events", "--json", path]) == 1
        outputs.append(capsys.readouterr())
    assert outputs[0] == outputs[1]
    gtid = next(json.loads(line) for line in outputs[0].out.splitlines()
                if line.startswith(f'{{"file": "{path}", "pos": 245,'))
    assert (gtid["pos"], gtid["type"]) == (245, "GTID_TAGGED_LOG_EVENT")
    assert gtid["data"]["decode_error"] == (
        "ValidationExprError: /types/gtid_fields/seq/3: at pos 11: validation failed: not "
        "matching the expression, got <binlog_kaitai.generated.mysql_varlen_uint."
        "MysqlVarlenUint>")
    assert " object at 0x" not in outputs[0].out + outputs[0].err


def test_every_fuzz_fixture_is_listed() -> None:
    assert sorted(p.name for p in FUZZ.glob("*.bin")) == sorted(FOUND)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_fuzz_fixture(name: str) -> None:
    path = FUZZ / name
    want = FOUND[name]
    events, error = [], None
    decoder, rows_errors = RowDecoder(schema=SchemaHistory(())), []
    try:
        for ev in read_events(path, expand_payloads=True):
            events.append(ev)
            try:
                decoder.feed(ev)
            except RowsError as exc:
                rows_errors.append((exc.offset, exc.message))
    except BinlogError as exc:
        error = exc
    assert len(events) == want.events
    assert [e.pos for e in events] == sorted({e.pos for e in events})  # in order, each once
    if want.error is None:
        assert error is None
    else:
        assert (type(error), error.offset) == want.error
        assert str(error).startswith(f"{path}: offset {want.error[1]}: ")
    undecodable = [(e.pos, e.type_name) for e in events if e.decode_error is not None]
    assert undecodable == ([want.undecodable] if want.undecodable else [])
    if want.undecodable is not None and want.undecodable[1] == "TABLE_MAP_EVENT":
        # the decoder reports an unreadable table map itself: never a silent loss
        assert rows_errors[0][0] == want.undecodable[0]
        assert rows_errors[0][1].startswith("cannot decode TABLE_MAP_EVENT")
        rows_errors = rows_errors[1:]
    if want.rows_error is None:
        assert rows_errors == []
    else:
        assert len(rows_errors) == 1 and rows_errors[0][0] == want.rows_error[0]
        assert want.rows_error[1] in rows_errors[0][1]
    s = summary(path)
    assert s.last_event_pos == want.last_event_pos
    last_undecodable = want.undecodable is not None and want.undecodable[0] == s.last_event_pos
    assert (s.error is not None) == (want.error is not None or last_undecodable)


def test_unknown_json_diff_operation_is_named() -> None:
    """A JSON diff with an operation code MySQL does not define: the row still comes out,
    its diff list ending with what could be read of it."""
    changes = list(iter_row_changes(FUZZ / "json_diff_unknown_operation.bin"))
    assert [c.after["@1"] if "@1" in c.after else c.before["@1"] for c in changes] == [
        1, 2, 3, 4, 5, 6]
    diff = changes[4].after["@2"]["json_diff"]
    assert diff[-1] == {"operation": "UNKNOWN_5"}
    assert [d["operation"] for d in changes[3].after["@2"]["json_diff"]] == ["REPLACE"]


def test_plan_from_gtid_set_through_damage(tmp_path: Path) -> None:
    """``plan --from-gtid``: the walk for the first GTID outside the set meets damage
    before finding one. A ``damaged`` problem at the damage's offset, no plan."""
    shutil.copy(FUZZ / "plan_gtid_walk_truncated.bin", tmp_path / "binlog.000001")
    found = plan([str(tmp_path)], from_gtid="0-1-1", to_gtid=Gtid.parse("0-1-2"))
    assert [(p.kind, p.file, p.detail) for p in found.problems] == [
        ("damaged", str(tmp_path / "binlog.000001"),
         "offset 319: event of 9728 bytes runs past the end of the file (583 bytes remain)")]
    assert (found.possible, found.files, found.command) == (False, [], None)


def test_plan_past_a_damaged_gtid_state(tmp_path: Path) -> None:
    """Files whose GTID state is no GTID set (``uuid:5-2``: a PREVIOUS_GTIDS interval
    ending before it starts). ``plan --to-gtid``: a successor's state rules nothing out,
    so every file is searched (was a GtidTextError, an internal error); ``plan
    --from-gtid``: no chain starts within the set (was blamed on the set given)."""
    for name in ("binlog.000001", "binlog.000002"):
        shutil.copy(FUZZ / "previous_gtids_interval_reversed.bin", tmp_path / name)
    uuid = "3e11fa47-71ca-11e1-9e33-c80aa9429562"
    found = plan([str(tmp_path)], from_position=("binlog.000001", 4),
                 to_gtid=Gtid.parse(f"{uuid}:4"))
    assert [(p.kind, p.file, p.detail) for p in found.problems] == [
        ("unterminated", str(tmp_path / "binlog.000001"),
         "ends without ROTATE or STOP, yet binlog.000002 follows"),
        ("no_stop", str(tmp_path / "binlog.000002"),
         f"{uuid}:4 is not in the files from the start on; the newest, binlog.000002, has "
         "no ROTATE or STOP: the server may be writing it; no transaction ends in "
         "binlog.000002")]
    found = plan([str(tmp_path)], from_gtid=f"{uuid}:1-2", to_datetime=2000000000)
    assert [(p.kind, p.detail) for p in found.problems] == [
        ("no_start", f"no chain of binlogs starts within {uuid}:1-2")]


@pytest.mark.parametrize("name", sorted(FOUND))
def test_fuzz_fixture_drivers(name: str) -> None:
    """Every driver of the fuzzer, the JS build too, gets through it without a bug."""
    path = str(FUZZ / name)
    for _, driver in fuzz.DRIVERS:
        driver(path)
    node = fuzz.NodeChecker()
    try:
        assert node.check([path]) == [None]
    finally:
        node.stop()
