"""Build the ``--py-files`` zip that carries the project to Spark executors.

    python -m binlog_kaitai.spark.build_zip build/binlog-kaitai-spark.zip  # make spark-zip

The zip holds the package ``binlog_kaitai`` as a wheel installs it (the repository's
``generated/`` and ``spark/`` inside it, as ``binlog_kaitai.generated`` and
``binlog_kaitai.spark``), a minimal
``binlog_kaitai-<version>.dist-info`` (so ``files.parser_version`` is known on a cluster),
and every pure-Python runtime dependency of the project (kaitaistruct, sqlglot, ...).
Dependencies with compiled parts (zstandard) cannot be imported from a zip: they are
listed on stderr and must be installed on the executors' Python. So are the project's own
compiled kernels (``binlog_kaitai/*_kernel.py`` built by Cython): the zip carries their
source, which runs as plain Python, slower. Entries are sorted and dated 1980-01-01, so
the same sources give the same zip.
"""

from __future__ import annotations

import re
import sys
import zipfile
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# Where each folder of the repository goes in the installed package (pyproject.toml's
# package-dir says the same to setuptools).
PACKAGES = {"binlog_kaitai": "binlog_kaitai", "generated": "binlog_kaitai/generated",
            "generated_fast": "binlog_kaitai/generated_fast", "spark": "binlog_kaitai/spark"}
PROJECT = "binlog-kaitai"
NATIVE_SUFFIXES = (".so", ".pyd", ".dylib")
EPOCH = (1980, 1, 1, 0, 0, 0)


def project_files() -> Iterator[tuple[str, Path]]:
    for folder, installed in PACKAGES.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            yield f"{installed}/{path.relative_to(REPO / folder).as_posix()}", path


def runtime_requirements() -> list[str]:
    """Distribution names the project needs at run time (extras excluded)."""
    names = []
    for req in distribution(PROJECT).requires or []:
        if "extra ==" in req:
            continue
        m = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", req)
        if m:
            names.append(m.group(0))
    return names


def dependency_files(name: str) -> tuple[list[tuple[str, Path]], bool]:
    """(archive name, file) of a dependency's importable files, and whether it is native."""
    dist = distribution(name)
    found = []
    native = False
    for f in dist.files or []:
        posix = f.as_posix()
        if ".dist-info/" in posix or ".data/" in posix or posix.startswith("..") or (
                "__pycache__" in posix):
            continue
        native = native or posix.endswith(NATIVE_SUFFIXES)
        found.append((posix, Path(str(dist.locate_file(f)))))
    return found, native


def build(out: Path) -> list[str]:
    """Write the zip; returns the dependencies that must be installed on executors."""
    version = distribution(PROJECT).version
    entries: dict[str, bytes] = {name: path.read_bytes() for name, path in project_files()}
    entries[f"binlog_kaitai-{version}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {PROJECT}\nVersion: {version}\n".encode())
    native_deps = []
    for name in runtime_requirements():
        try:
            files, native = dependency_files(name)
        except PackageNotFoundError:
            native_deps.append(name)
            continue
        if native:
            native_deps.append(name)
            continue
        for arcname, path in files:
            if path.is_file():
                entries[arcname] = path.read_bytes()
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname in sorted(entries):
            info = zipfile.ZipInfo(arcname, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[arcname])
    return native_deps


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m binlog_kaitai.spark.build_zip OUT.zip", file=sys.stderr)
        return 2
    out = Path(args[0])
    native = build(out)
    print(f"{out}: {out.stat().st_size / 1e6:.1f} MB")
    if native:
        print(f"{out}: install on every executor (compiled, not in the zip): "
              f"{', '.join(native)}", file=sys.stderr)
    print(f"{out}: the row kernels run as plain Python from the zip; for the compiled ones, "
          f"install {PROJECT} on the executors", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
