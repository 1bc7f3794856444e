"""Events framed in batches: a window of a binlog's bytes into arrays, in one compiled call.

:func:`frame_window` runs ``frame_event``, which ``tools/ksy_fast.py`` compiles from
ksy/mysql_binlog.ksy's ``event`` and ``event_header`` (``generated_fast/``): every offset,
size and condition of the header and the CRC32 footer is the spec's, none is written here.
The result is one array per column of ``EVENT_COLUMNS`` (positions, lengths, type codes,
timestamps, server ids, log_pos, flags, body spans, CRC verdicts...), -1 where a member is
absent (``log_pos`` and ``flags`` in a v1 header, the footer of a file without checksums
or of a FORMAT_DESCRIPTION_EVENT, whose CRC covers its in-use flag cleared and is
checked by :func:`~binlog_kaitai.event.checksum_ok`).

The readers run compiled where ``make setup`` built them, else as their plain-Python
source (:func:`readers`); tests run both (``tests/test_fast_path.py``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar

from binlog_kaitai.event import FDE, BinlogFormat
from binlog_kaitai.generated_fast import mysql_binlog as compiled_readers

if TYPE_CHECKING:
    import numpy as np

WINDOW_EVENTS = 1 << 16
"""Events framed per call at most: the arrays of a call stay below 11 MB."""


@dataclass(frozen=True, slots=True)
class Frames:
    """The events :func:`frame_window` framed: ``count`` of them, one array per column
    (``frames["header_type_code"]``...), ``end`` the position after the last, and
    ``status`` 0, or why the next one was not framed (the readers' ``TRUNCATED``: it
    runs past the window, ``INVALID``: its length is below its header's)."""

    columns: dict[str, np.ndarray]
    count: int
    end: int
    status: int

    def __getitem__(self, column: str) -> np.ndarray:
        return self.columns[column]


@cache
def plain_readers(name: str) -> ModuleType:
    """The source of ``generated_fast/<name>.py`` run as plain Python, even where its
    extension is built."""
    path = Path(compiled_readers.__file__).with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(
        f"binlog_kaitai.generated_fast.{name}_source", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def readers(plain: bool = False, name: str = "mysql_binlog") -> ModuleType:
    """The generated readers of ``ksy/<name>.ksy``: the compiled extension where it is
    built and ``plain`` is not asked for, else their source as plain Python (the module
    itself where the extension is not built: a ``--py-files`` zip, whose files
    :func:`plain_readers` cannot load by path)."""
    module = importlib.import_module(f"binlog_kaitai.generated_fast.{name}")
    return plain_readers(name) if plain and module.COMPILED else module


def frame_window(data: bytes | memoryview, start: int, end: int, fmt: BinlogFormat, *,
                 limit: int = WINDOW_EVENTS, module: ModuleType | None = None) -> Frames:
    """Frame the events of ``data[start:end]`` (the first at ``start``) laid out as
    ``fmt`` says, up to ``limit`` of them; stops after a FORMAT_DESCRIPTION_EVENT, which
    may change the layout of the next ones (the caller reads it and frames on)."""
    import numpy as np  # (not for the stream's frame_columns: a small file's walk skips it)

    module = module or readers()
    names = module.EVENT_COLUMNS
    table = np.empty((len(names), limit), dtype=np.int64)
    count, after, status = module.frame_event(
        data, start, end, fmt.header_len, fmt.is_type_code_permuted, fmt.checksum_len, table)
    types = table[names.index("header_type_code"), :count]
    formats = np.flatnonzero(types == int(FDE))
    if len(formats) and formats[0] + 1 < count:  # the next one starts where it ends
        count = int(formats[0]) + 1
        after, status = int(table[0, count]), 0
    return Frames({name: table[i, :count] for i, name in enumerate(names)}, count, after,
                  status)


SPARE_TABLES = 2
"""Frame tables kept, once the stream that framed into one is closed, for the next."""


class FrameTable:
    """The table a stream's windows are framed into, one after the other: kept, and
    grown, from window to window, and from a closed stream to the next (a new one each
    window was zero-filled and its pages faulted in anew: about 1,000 page faults, 2-3
    ms, in a statement walk of a 1.5 MB file)."""

    __slots__ = ("buffer",)
    _spare: ClassVar[list[FrameTable]] = []

    def __init__(self) -> None:
        self.buffer = bytearray()

    @classmethod
    def taken(cls) -> FrameTable:
        """A spare table (a closed stream's), else a new one."""
        try:
            return cls._spare.pop()  # (atomic: streams on several threads take their own)
        except IndexError:
            return cls()

    def give_back(self) -> None:
        """Kept for the next stream (its framer's columns no longer read)."""
        if len(self._spare) < SPARE_TABLES:
            self._spare.append(self)

    def rows(self, width: int, limit: int) -> memoryview:
        """Room for ``limit`` rows of ``width`` signed 64-bit integers, row after row
        (what it held before is overwritten)."""
        need = 8 * width * limit
        if len(self.buffer) < need:
            self.buffer = bytearray(need)
        return memoryview(self.buffer)[:need].cast("q")


def frame_columns(data: bytes, start: int, fmt: BinlogFormat, columns: tuple[str, ...],
                  limit: int, table: FrameTable, *, check: bool = True
                  ) -> tuple[int, int, int, list[memoryview]]:
    """:func:`frame_window` of ``data[start:]``, up to ``limit`` events, into ``table``,
    without numpy (which a walk of a small file would pay 0.1 s to import) and without
    stopping after a FORMAT_DESCRIPTION_EVENT: (count, position after the last, status,
    the ``columns`` asked, each a memoryview of ``count`` signed 64-bit integers in
    ``table``, whose Python ints are made only for the events a walk reaches: valid
    until the table frames again). Without ``check``, no CRC32 is computed
    (``checksum_ok`` -1)."""
    module = readers()
    names = module.EVENT_COLUMNS
    flat = table.rows(len(names), limit)
    count, after, status = module.frame_event(
        data, start, len(data), fmt.header_len, fmt.is_type_code_permuted, fmt.checksum_len,
        flat.cast("B").cast("q", (len(names), limit)), check)
    return count, after, status, [flat[i * limit:i * limit + count]
                                  for i in map(names.index, columns)]


def low_bytes(column: memoryview) -> bytes:
    """The low byte of each integer of a framed column (a type code's whole value)."""
    return bytes(column.cast("B")[0 if sys.byteorder == "little" else 7::8])


def scan_headers(data: bytes, fmt: BinlogFormat, *,
                 module: ModuleType | None = None) -> dict[str, np.ndarray]:
    """Every offset of ``data`` where a common header laid out as ``fmt`` says reads
    (whole, its length at least its own), with its members (``EVENT_HEADER_COLUMNS``),
    type codes as written: the candidates for an event's start in a damaged file's
    bytes, read at every offset in one compiled call."""
    import numpy as np

    module = module or readers()
    names = module.EVENT_HEADER_COLUMNS
    table = np.empty((len(names), len(data)), dtype=np.int64)
    count = module.scan_event_header(data, 0, len(data), fmt.header_len, False, table)
    return {name: table[i, :count] for i, name in enumerate(names)}
