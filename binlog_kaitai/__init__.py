"""Read MySQL and MariaDB binary logs offline, with the layout declared in ksy/.

The public API is this package's top level (``__all__``); each name is imported from its
module on first use (PEP 562), so ``import binlog_kaitai.cli`` and the generated parsers,
which import this package, load none of what a command does not run (numpy, pyarrow,
sqlglot are only imported by the row decoding).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

# name -> (module, attribute in it)
_PUBLIC = {
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
# The spec's custom processes: the generated parsers call binlog_kaitai.ZstdProcess(n).
_FOR_THE_SPEC = {
    "ZlibProcess": ("binlog_kaitai.processes", "ZlibProcess"),
    "ZstdProcess": ("binlog_kaitai.processes", "ZstdProcess"),
}
_LAZY = _PUBLIC | _FOR_THE_SPEC

__all__ = list(_PUBLIC)


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use, and keep the name here."""
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(where[0]), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


class _Package(types.ModuleType):
    """This package, keeping ``summary`` and ``plan`` the functions.

    Importing a submodule sets it as an attribute of its package: ``binlog_kaitai.summary``
    would become the module ``summary.py`` once anything imported it (the CLI does), and
    ``from binlog_kaitai import summary`` would then give the module. The submodules of
    public names stay in ``sys.modules`` only, where ``from binlog_kaitai.summary import
    Summary`` and ``mock.patch("binlog_kaitai.summary.X")`` find them (pytest's
    ``monkeypatch.setattr("binlog_kaitai.summary.X", ...)`` walks attributes and meets the
    function: give it ``sys.modules["binlog_kaitai.summary"]`` instead)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _LAZY and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
