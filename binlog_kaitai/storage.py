"""Where the input binlogs live: local paths, or URIs of the filesystems pyarrow reads.

A cluster keeps its archives in object stores and HDFS, which executors cannot
``open()``. An input with a scheme (``s3://``, ``s3a://``, ``gs://``, ``hdfs://``,
``abfs://``, ``file://``...) is listed and read through :mod:`pyarrow.fs`, with the
credentials pyarrow finds itself (environment, instance profile, Hadoop configuration
for HDFS). Spark's own ``s3a``/``s3n`` names mean S3. Plain paths are opened by the
operating system, and pyarrow is then not even imported.

A remote file is read through a 1 MiB buffer, so the reader's small reads become
ranged requests of 1 MiB.
"""

from __future__ import annotations

import fnmatch
import glob
import io
import os
import re
from typing import TYPE_CHECKING, BinaryIO

from binlog_kaitai.errors import BinlogError

if TYPE_CHECKING:
    import pyarrow.fs as pafs

SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
ALIASES = {"s3a": "s3", "s3n": "s3"}
"""Hadoop's names for filesystems pyarrow knows under another name."""
BUFFER = 1 << 20


def is_uri(path: str) -> bool:
    """True for ``scheme://...`` (a Windows drive letter has one colon, no slashes)."""
    return SCHEME.match(path) is not None


def resolve(uri: str) -> tuple[pafs.FileSystem, str]:
    """The filesystem of ``uri`` and the path inside it (``bucket/key`` for object
    stores, ``/path`` for HDFS and ``file://``)."""
    m = SCHEME.match(uri)
    if m is None:
        raise ValueError(f"not a URI: {uri}")
    scheme = m.group(1).lower()
    import pyarrow.fs as pafs  # only for URIs: importing pyarrow costs ~45 MB of memory

    return pafs.FileSystem.from_uri(f"{ALIASES.get(scheme, scheme)}://{uri[m.end():]}")


def list_uri(pattern: str) -> list[tuple[str, int, float]]:
    """(URI, size, mtime) of the files a URI names, sorted: one file, every file below a
    directory (hidden ones skipped), or a glob (``*``, ``?``, ``[...]`` within one path
    segment, ``**`` across segments). The URIs keep the scheme the pattern has."""
    parts = pattern.split("/")
    first_magic = next((i for i, part in enumerate(parts) if i > 2 and glob.has_magic(part)),
                       len(parts))
    base, rest = "/".join(parts[:first_magic]), parts[first_magic:]
    fs, base_path = resolve(base)
    import pyarrow.fs as pafs

    found: list[tuple[str, pafs.FileInfo]] = []
    info = fs.get_file_info(base_path)
    if not rest and info.type == pafs.FileType.File:
        found.append((base, info))
    elif info.type == pafs.FileType.Directory:
        selector = pafs.FileSelector(base_path, recursive=True)
        for below in fs.get_file_info(selector):
            relative = below.path[len(base_path):].strip("/").split("/")
            if below.type == pafs.FileType.File and (
                    matches(rest, relative) if rest else not any(
                        part.startswith(".") for part in relative)):
                found.append((f"{base.rstrip('/')}/{'/'.join(relative)}", below))
    return sorted((uri, below.size or 0, below.mtime.timestamp() if below.mtime else 0.0)
                  for uri, below in found)


def matches(pattern: list[str], path: list[str]) -> bool:
    """Glob segments against path segments; ``**`` stands for any number of segments."""
    if not pattern:
        return not path
    if pattern[0] == "**":
        return any(matches(pattern[1:], path[i:]) for i in range(len(path) + 1))
    return bool(path) and fnmatch.fnmatchcase(path[0], pattern[0]) and matches(
        pattern[1:], path[1:])


class _Raw(io.RawIOBase):
    """A pyarrow random-access file as a raw Python stream that knows its name."""

    def __init__(self, native: pafs.NativeFile, name: str) -> None:
        self._native = native
        self.name = name

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        return self._native.readinto(buffer)

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._native.seek(offset, whence)

    def tell(self) -> int:
        return self._native.tell()

    def close(self) -> None:
        self._native.close()
        super().close()


def open_input(path: str) -> BinaryIO:
    """A buffered, seekable binary file for a local path or a URI, named by it.

    Raises :class:`~binlog_kaitai.errors.BinlogError` (offset 0, ``cannot open: ...``)
    as the reader does for a path it cannot open.
    """
    try:
        if not is_uri(path):
            return open(path, "rb", buffering=BUFFER)
        fs, inner = resolve(path)
        raw = _Raw(fs.open_input_file(inner), path)
        return io.BufferedReader(raw, BUFFER)  # type: ignore[return-value]
    except OSError as exc:
        raise BinlogError(path, 0, f"cannot open: {exc.strerror or exc}") from None


def stat(path: str) -> tuple[int, float]:
    """(size, mtime) of a local path or a URI; OSError when it is no file."""
    if not is_uri(path):
        st = os.stat(path)
        return st.st_size, st.st_mtime
    fs, inner = resolve(path)
    import pyarrow.fs as pafs

    info = fs.get_file_info(inner)
    if info.type != pafs.FileType.File:
        raise FileNotFoundError(path)
    return info.size or 0, info.mtime.timestamp() if info.mtime is not None else 0.0
