"""What the O(1) commands read from a binlog, counted at the file (issue 29).

Every file the process opens under the test's folders is a :class:`CountedFile` (``open``
is wrapped, as the tools call it): its reads are the system's, so what the tool reads
through any buffer is counted, whatever its own bookkeeping says.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import shutil
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any, ClassVar

import pytest

from binlog_kaitai import event_kinds as kinds
from binlog_kaitai.cli import main
from binlog_kaitai.seek import seek_datetime, transaction_end
from binlog_kaitai.storage import open_input
from binlog_kaitai.stream import BinlogStream, read_events
from binlog_kaitai.summary import WALK_READ_AHEAD, summary

FIXTURES = Path(__file__).parent / "fixtures" / "mariadb"
SOURCE = FIXTURES / "typed_full" / "binlog.000001"
"""Its transactions, written again and again, make the big file: events of at most a few
hundred bytes, as an OLTP server writes them."""
BIG_SIZE = 64 << 20
KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30


class CountedFile(io.FileIO):
    """A file whose reads (of the system, under any buffer) add to ``tally``."""

    tally: ClassVar[list[int]] = [0]

    def read(self, size: int = -1) -> bytes:
        data = super().read(size)
        CountedFile.tally[0] += len(data or b"")
        return data

    def readinto(self, buffer: Any) -> int:
        n = super().readinto(buffer)
        CountedFile.tally[0] += n or 0
        return n

    def readall(self) -> bytes:
        data = super().readall()
        CountedFile.tally[0] += len(data)
        return data


@contextmanager
def counted_reads(monkeypatch: pytest.MonkeyPatch, under: Path) -> Iterator[list[int]]:
    """The bytes read from the files under ``under`` while the block runs (``[n]``)."""
    real_open = builtins.open

    def counting_open(file: Any, mode: str = "r", buffering: int = -1, *args: Any,
                      **kwargs: Any) -> Any:
        if mode != "rb" or not isinstance(file, (str, os.PathLike)) or not (
                os.path.realpath(file).startswith(str(under))):
            return real_open(file, mode, buffering, *args, **kwargs)
        raw = CountedFile(file, "rb")
        return raw if buffering == 0 else io.BufferedReader(
            raw, buffering if buffering > 1 else io.DEFAULT_BUFFER_SIZE)

    CountedFile.tally = [0]
    with monkeypatch.context() as patch:
        patch.setattr(builtins, "open", counting_open)
        yield CountedFile.tally


def cli_json(*argv: str) -> list[dict[str, object]]:
    """The JSON lines ``binlog-kaitai ARGV`` prints (its exit status is not checked:
    `check` of a folder of unrelated files reports problems)."""
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        main(list(argv))
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _write(out: io.BufferedWriter, event: bytes, pos: int, timestamp: int, crc: bool
           ) -> int:
    """Write ``event`` at ``pos`` with its timestamp, log_pos and CRC32 made to agree;
    the position after it."""
    buf = bytearray(event)
    struct.pack_into("<I", buf, 0, timestamp)
    struct.pack_into("<I", buf, 13, pos + len(buf))
    if crc:
        struct.pack_into("<I", buf, len(buf) - 4, zlib.crc32(buf[:-4]))
    out.write(buf)
    return pos + len(buf)


def grow(source: Path, out_path: Path, size: int) -> None:
    """A binlog of at least ``size`` bytes: ``source``'s header events, its transactions
    again and again (a second later each time), its last event."""
    data = source.read_bytes()
    events = list(read_events(source))
    start = next(ev.pos for ev in events if ev.type_code in kinds.GTID)
    last = events[-1]
    body = [data[ev.pos:ev.next_pos] for ev in events if start <= ev.pos < last.pos]
    crc, t0 = events[0].format.checksum_len == 4, events[0].timestamp
    with out_path.open("wb") as out:
        out.write(data[:start])
        pos, copy = start, 0
        while pos < size:
            for event in body:
                pos = _write(out, event, pos, t0 + copy, crc)
            copy += 1
        _write(out, data[last.pos:last.next_pos], pos, t0 + copy, crc)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "binlog.000001"
    grow(SOURCE, path, BIG_SIZE)
    return path


def test_the_big_file_is_whole(big: Path) -> None:
    """The file the counts are taken on summarises as a file of its size, ending in the
    source's STOP, a second later per copy: no damage in it shortens a read."""
    [found] = cli_json("summary", "--json", str(big))
    assert found["error"] is None and found["size"] == big.stat().st_size >= BIG_SIZE
    assert found["end_reason"] == "stop"
    assert found["end_timestamp"] > found["start_timestamp"] + 200


def test_summary_reads_a_few_kib(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with counted_reads(monkeypatch, big.parent.parent) as read:
        [found] = cli_json("summary", "--json", str(big))
    assert read[0] <= 16 * KIB, read
    assert found["bytes_read"] == read[0]


def test_seek_reads_little_per_gb(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At most 1 MiB per GB of file (and 1 MiB for a smaller one), wherever the time
    sought lies; the file's end is the farthest from the first event."""
    [summary] = cli_json("summary", "--json", str(big))
    start, end = summary["start_timestamp"], summary["end_timestamp"]
    assert isinstance(start, int) and isinstance(end, int)
    for when in (start + (end - start) // 3, end - 1):
        with counted_reads(monkeypatch, big.parent.parent) as read:
            [found] = cli_json("seek", "--json", "--datetime", f"@{when}", str(big))
        assert found["timestamp"] == when, found
        assert read[0] <= MIB * max(1, big.stat().st_size / GIB), read
        assert found["bytes_read"] == read[0]


def test_check_reads_heads_and_tails(big: Path, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder of the big file and a chain of small ones: 32 KiB a file at most, on
    average (the big one's 1 MiB buffer alone broke it)."""
    folder = tmp_path / "archive"
    folder.mkdir()
    os.symlink(big, folder / "big.000001")
    for small in sorted((FIXTURES / "gtid").glob("binlog.*")):
        shutil.copy(small, folder / small.name)
    files = len(list(folder.iterdir()))
    with counted_reads(monkeypatch, big.parent.parent) as read:
        found = cli_json("check", "--json", str(folder))
    assert found, "check printed nothing"
    assert read[0] <= 32 * KIB * files, (read, files)


def test_a_transaction_end_reads_the_transaction(big: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``plan``'s walk over one transaction: its read-ahead, not a 1 MiB buffer."""
    [summary] = cli_json("summary", "--json", str(big))
    middle = (summary["start_timestamp"] + summary["end_timestamp"]) // 2
    pos = seek_datetime(big, middle).transaction_pos
    assert pos is not None
    with counted_reads(monkeypatch, big.parent.parent) as read:
        end = transaction_end(big, pos)
    assert end is not None and pos < end
    assert read[0] <= 2 * WALK_READ_AHEAD + (end - pos), read


def test_a_folder_entry_without_a_binlog_name_costs_its_magic(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``check`` tells a note from a binlog by its first four bytes, read alone (a
    buffered open read 8 KiB of it: an object store's ranged GET of as many)."""
    (tmp_path / "notes.txt").write_text("an archive's notes\n" * 10000)
    with counted_reads(monkeypatch, tmp_path) as read:
        cli_json("check", "--json", str(tmp_path))
    assert read[0] == 4


class ShortReads(io.FileIO):
    """A file whose reads return at most 7 bytes, as a signal, a pipe or a store's
    connection may: a reader must read on until it has what it asked for."""

    def read(self, size: int = -1) -> bytes:
        return super().read(7 if size < 0 else min(size, 7))

    def readinto(self, buffer: Any) -> int:
        return super().readinto(memoryview(buffer)[:7]) or 0


def opens_short(path: Path) -> Any:
    """``open`` as the tool calls it, giving :class:`ShortReads` for ``path``."""
    real_open = builtins.open

    def short_open(file: Any, mode: str = "r", buffering: int = -1, **kwargs: Any) -> Any:
        if isinstance(file, (str, os.PathLike)) and os.fspath(file) == str(path):
            return ShortReads(file)
        return real_open(file, mode, buffering, **kwargs)

    return short_open


@pytest.mark.parametrize("chain", ["gtid", "rotation_minimal", "mixed"])
def test_short_reads_are_read_on(chain: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same summary and events from a file whose every read is short: opened by the
    tool (its open wrapped) or given open."""
    for path in sorted((FIXTURES / chain).glob("binlog.0*")):
        whole = summary(path)
        assert whole.error is None and whole.end_reason is not None
        with ShortReads(path) as given:
            assert summary(given) == whole
        events = [(ev.pos, ev.type_name) for ev in read_events(path)]
        with ShortReads(path) as given:
            assert [(ev.pos, ev.type_name) for ev in read_events(given)] == events
        with monkeypatch.context() as patch:
            patch.setattr(builtins, "open", opens_short(path))
            assert summary(path) == whole
            assert [(ev.pos, ev.type_name) for ev in read_events(path)] == events


def test_a_growing_file_is_read_to_its_size_at_open(tmp_path: Path) -> None:
    """A binlog in use grows while it is read: the read stops where the file ended when
    it was opened, cleanly (the bytes after are an event being written)."""
    source = FIXTURES / "gtid" / "binlog.000001"
    path = tmp_path / source.name
    shutil.copy(source, path)
    expected = [(ev.pos, ev.type_name) for ev in read_events(source)]
    with BinlogStream(path) as stream:
        with path.open("ab") as more:
            more.write(source.read_bytes()[4:200])
        assert [(ev.pos, ev.type_name) for ev in stream.events()] == expected
    with open_input(str(path), buffering=0) as f:
        with path.open("ab") as more:
            more.write(b"\0" * 1000)
        assert f.read() == path.read_bytes()[:source.stat().st_size + 196]
