"""Which kernels the columnar decoder runs: :mod:`~binlog_kaitai.row_kernel` compiled
(the C extension ``make setup`` builds), or the same source as plain Python where the
extension is missing (a ``--py-files`` zip carries no compiled code: a cluster's
executors run the plain source unless the package is installed on them).

Tests run both on every real binlog (:func:`python` loads the source even beside the
extension). :func:`active` is what the decoder calls; a test or the fuzzer may patch it.
"""

from __future__ import annotations

import importlib.util
import warnings
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from binlog_kaitai import row_kernel

COMPILED = row_kernel.COMPILED
"""Whether the extension was built and is what ``import`` found."""


@dataclass(frozen=True, slots=True)
class Kernels:
    walk: Any
    read_uint: Any
    read_int: Any
    gather: Any
    decimal128: Any
    temporal2: Any


def _of(module: ModuleType) -> list[Any]:
    """The kernels of a module, in :class:`Kernels`' order."""
    return [getattr(module, f.name) for f in fields(Kernels)]


@cache
def compiled() -> Kernels:
    """The compiled kernels; ImportError when the extension was not built."""
    if not COMPILED:
        raise ImportError("binlog_kaitai.row_kernel is not compiled: run `make setup` "
                          "(or `python setup.py build_ext --inplace`)")
    return Kernels(*_of(row_kernel))


@cache
def python() -> Kernels:
    """The kernels' source as plain Python (loaded from ``row_kernel.py`` when the
    extension is what ``import`` found), each reading the row data through a memoryview:
    its items are Python integers (a numpy array's are numpy scalars, slower, and of
    their array's width in arithmetic, where C widens to the declared types)."""
    source = row_kernel
    if COMPILED:
        path = Path(row_kernel.__file__).with_name("row_kernel.py")
        spec = importlib.util.spec_from_file_location("binlog_kaitai.row_kernel_source",
                                                      path)
        assert spec is not None and spec.loader is not None
        source = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(source)
    return Kernels(*map(_on_memoryview, _of(source)))


def _on_memoryview(kernel: Any) -> Any:
    """``kernel`` given its first argument, the row data, as a memoryview (the kernel
    itself is the result's ``__wrapped__``)."""
    def call(data: Any, *args: Any) -> Any:
        return kernel(memoryview(data), *args)

    call.__wrapped__ = kernel  # type: ignore[attr-defined]
    return call


def active() -> Kernels:
    """The kernels to decode with: compiled when built, else :func:`python` (with a
    warning, once per process: decoding is then several times slower)."""
    if COMPILED:
        return compiled()
    warnings.warn("binlog_kaitai's compiled row kernels are not built or not installed "
                  "here: decoding rows as plain Python, several times slower (run `make "
                  "setup`, or pip install binlog-kaitai where this runs)", RuntimeWarning,
                  stacklevel=2)
    return python()
