"""The compiled parts of binlog-kaitai: the columnar decoder's kernels and the stream's
walk over a run of events, written in Cython's pure-Python mode
(``binlog_kaitai/row_kernel.py``, ``text_kernel.py``, ``run_loop.py``), and the readers
``tools/ksy_fast.py`` generates from the spec, compiled to C extensions. Everything else
is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

DIRECTIVES = {
    "language_level": 3,
    # Every read of row data is checked against its event's end by the kernels
    # themselves; Python's bounds and negative-index checks would only slow them.
    "boundscheck": False,
    "wraparound": False,
    "initializedcheck": False,
    "cdivision": True,
}

setup(ext_modules=cythonize(
    ["binlog_kaitai/row_kernel.py", "binlog_kaitai/text_kernel.py",
     "binlog_kaitai/run_loop.py",
     # the readers tools/ksy_fast.py compiles from ksy/, installed inside binlog_kaitai
     # (pyproject.toml's package-dir), not as a top-level generated_fast
     Extension("binlog_kaitai.generated_fast.mysql_binlog", ["generated_fast/mysql_binlog.py"]),
     *(Extension(f"binlog_kaitai.generated_fast.{name}", [f"generated_fast/{name}.py"])
       for name in ("rows_event", "gtid_event", "mariadb_gtid_event"))],
    compiler_directives=DIRECTIVES, quiet=True))
