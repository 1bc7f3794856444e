"""Where the input binlogs live: local paths, or URIs of the filesystems pyarrow reads.

The one way every command, ``export`` and the Spark job open an input. Archives sit in
object stores and HDFS, which nothing can ``open()``: an input with a scheme
(``s3://``, ``s3a://``, ``gs://``, ``hdfs://``, ``abfs://``, ``file://``...) is listed
and read through :mod:`pyarrow.fs`, with the credentials and endpoint pyarrow finds
itself (the environment, ``AWS_ENDPOINT_URL`` included, instance profiles, Hadoop's
configuration for HDFS) and its timeouts and retries. Spark's own ``s3a``/``s3n`` names
mean S3. Plain paths are opened by the operating system, and pyarrow is then not even
imported.

An input is read as :class:`InputFile`: up to the size seen at open (a binlog in use
grows while it is read), each read of the range asked, whole (a short read of the
system or the store is read on). Unbuffered, a read is one ranged request: what the
O(1) commands use, choosing their ranges (:class:`~binlog_kaitai.summary.CountingReader`).
Buffered (:data:`BUFFER`), for reads of a whole file or split, small reads become
ranged requests of 1 MiB.
"""

from __future__ import annotations

import fnmatch
import glob
import io
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, BinaryIO, TypeVar
from urllib.parse import unquote

from binlog_kaitai.errors import BinlogError

if TYPE_CHECKING:
    import pyarrow.fs as pafs

SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://([^/?]*)([^?]*)(\?.*)?$")
"""A URI: scheme, authority (bucket, host...), path, query (options pyarrow reads)."""
ALIASES = {"s3a": "s3", "s3n": "s3"}
"""Hadoop's names for filesystems pyarrow knows under another name."""
BUFFER = 1 << 20
STORE_THREADS = 16
"""Files of a store summarised at once (``check``, ``plan``): requests in flight."""
ENVIRONMENT = ("AWS_", "GOOGLE_", "GCS_", "AZURE_", "HADOOP_", "ARROW_", "LIBHDFS")
"""The variables a filesystem may be configured by: one changed, it is made again."""
T = TypeVar("T")
_MARK = "__binlog_kaitai__"
_FILESYSTEMS: dict[tuple[str, ...], tuple[pafs.FileSystem, str]] = {}
"""Filesystems made, by scheme, authority, query and environment, with the prefix of
their paths: one per store, whose connections every file of an archive reuses."""


def is_uri(path: str) -> bool:
    """True for ``scheme://...`` (a Windows drive letter has one colon, no slashes)."""
    return SCHEME.match(path) is not None


def is_object_store(path: str) -> bool:
    """A URI of a store without atomic renames (S3, GCS, Azure), unlike a local path,
    ``file://`` or HDFS."""
    m = SCHEME.match(path)
    return m is not None and m.group(1).lower() not in ("file", "hdfs", "viewfs")


def resolve(uri: str) -> tuple[pafs.FileSystem, str]:
    """The filesystem of ``uri`` and the path inside it (``bucket/key`` for object
    stores, ``/path`` for HDFS and ``file://``). The filesystem of a store is made once
    (pyarrow's S3 may ask the bucket's region on making it, and each has its own
    connections)."""
    m = SCHEME.match(uri)
    if m is None:
        raise ValueError(f"not a URI: {uri}")
    scheme, authority, path, query = m.group(1).lower(), m.group(2), m.group(3), m.group(4)
    scheme = ALIASES.get(scheme, scheme)
    key = (scheme, authority, query or "", *sorted(
        f"{k}={v}" for k, v in os.environ.items() if k.startswith(ENVIRONMENT)))
    if key not in _FILESYSTEMS:
        import pyarrow.fs as pafs  # only for URIs: importing pyarrow costs ~45 MB of memory

        probe_uri = f"{scheme}://{authority}/{_MARK}{query or ''}"
        try:
            with store_failures():
                fs, probe = pafs.FileSystem.from_uri(probe_uri)
        except OSError as exc:
            raise OSError(reason(exc).replace(probe_uri, uri)) from None
        _FILESYSTEMS[key] = fs, probe[:probe.rindex(_MARK)]
    fs, prefix = _FILESYSTEMS[key]
    return fs, (prefix + unquote(path).strip("/")).rstrip("/") or "/"


@contextmanager
def store_failures() -> Iterator[None]:
    """Whatever pyarrow raises for a store as an OSError (it raises ArrowInvalid for a
    URI it cannot place, ArrowException for a cloud provider's own errors: missing
    credentials...), so that callers report it as they report a local file's."""
    from pyarrow.lib import ArrowException

    try:
        yield
    except ArrowException as exc:
        if isinstance(exc, OSError):
            raise
        raise OSError(str(exc).strip().splitlines()[0] if str(exc).strip()
                      else type(exc).__name__) from None


def each_input(function: Callable[[str], T], paths: Sequence[str]) -> list[T]:
    """``function`` of each path, in order: on :data:`STORE_THREADS` threads when some
    are URIs (their time is the store's answers, waited for without the GIL), one after
    the other for local files (quicker so)."""
    if not any(is_uri(path) for path in paths):
        return [function(path) for path in paths]
    from concurrent.futures import ThreadPoolExecutor  # here: 3 ms a local start skips

    with ThreadPoolExecutor(STORE_THREADS) as pool:
        return list(pool.map(function, paths))


def list_uri(pattern: str) -> list[tuple[str, int, float]]:
    """(URI, size, mtime) of the files a URI names, sorted: one file, every file below a
    directory (hidden ones skipped), or a glob (``*``, ``?``, ``[...]`` within one path
    segment, ``**`` across segments), listed by the store (one recursive listing). The
    URIs keep the scheme the pattern has. OSError when the store cannot list."""
    parts = pattern.split("/")
    first_magic = next((i for i, part in enumerate(parts) if i > 2 and glob.has_magic(part)),
                       len(parts))
    base, rest = "/".join(parts[:first_magic]), parts[first_magic:]
    fs, base_path = resolve(base)
    import pyarrow.fs as pafs

    found: list[tuple[str, pafs.FileInfo]] = []
    with store_failures():
        info = fs.get_file_info(base_path)
        listed = fs.get_file_info(pafs.FileSelector(base_path, recursive=True)) if (
            info.type == pafs.FileType.Directory) else []
    if not rest and info.type == pafs.FileType.File:
        found.append((base, info))
    else:
        for below in listed:
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


def reason(exc: OSError) -> str:
    """What went wrong, in one line: the system's words for an error number (a local
    file's, or a store's missing object or denied access), else the store's first line
    (``... AWS Error NETWORK_CONNECTION during GetObject operation: ...``)."""
    if exc.errno:
        return os.strerror(exc.errno)
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def read_fully(raw: io.RawIOBase | BinaryIO, n: int) -> bytes:
    """``n`` bytes from ``raw`` where it is (all the rest: -1), fewer only at its end: a
    raw read may return less than asked (a signal, a pipe, a store's connection)."""
    if n < 0:
        return raw.read() or b""
    parts, left = [], n
    while left > 0:
        part = raw.read(left)
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


class InputFile(io.RawIOBase):
    """A binlog's bytes up to ``size`` (its size at open: a binlog in use grows while it
    is read), each read of the whole range asked from ``inner`` (a local file without a
    buffer, or a pyarrow random-access file: one ranged request). A store's failure is
    a :class:`~binlog_kaitai.errors.BinlogError` ``cannot read: ...`` at the offset."""

    def __init__(self, inner: io.RawIOBase | pafs.NativeFile, name: str, size: int) -> None:
        self._inner, self.name, self.size = inner, name, size
        self._pos = self._at = 0
        """Where the next read starts, and where ``inner`` is."""

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    @property
    def is_local(self) -> bool:
        """A local file (not a store's, where each read is a request paid by the byte)."""
        return isinstance(self._inner, io.RawIOBase)  # (a store's is a pyarrow NativeFile)

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")[:max(0, self.size - self._pos)]
        got = 0
        try:
            if view and self._at != self._pos:
                self._inner.seek(self._pos)
            while got < len(view):
                n = self._inner.readinto(view[got:])
                if not n:
                    break
                got += n
        except OSError as exc:
            raise BinlogError(self.name, self._pos + got, f"cannot read: {reason(exc)}"
                              ) from None
        finally:
            self._pos = self._at = self._pos + got
        return got

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: self.size}[whence]
        self._pos = base + offset
        return self._pos

    def tell(self) -> int:
        return self._pos

    def close(self) -> None:
        if not self.closed:
            self._inner.close()
        super().close()


def open_input(path: str, buffering: int = BUFFER) -> BinaryIO:
    """An :class:`InputFile` on a local path or a URI, named by it: with a
    ``buffering``-byte buffer, or none (0: each read one ranged request, for readers
    that choose their ranges). Raises :class:`~binlog_kaitai.errors.BinlogError`
    (offset 0, ``cannot open: ...``) as the reader does for a path it cannot open."""
    try:
        if is_uri(path):
            fs, inner = resolve(path)
            with store_failures():
                native = fs.open_input_file(inner)
            raw = InputFile(native, path, native.size())
        else:
            local = open(path, "rb", buffering=0)  # noqa: SIM115 - InputFile closes it
            try:
                raw = InputFile(local, path, os.fstat(local.fileno()).st_size)
            except BaseException:
                local.close()
                raise
    except OSError as exc:
        raise BinlogError(path, 0, f"cannot open: {reason(exc)}") from None
    return raw if buffering == 0 else io.BufferedReader(raw, buffering)  # type: ignore[return-value]


def read_range(path: str, offset: int, n: int) -> bytes:
    """``n`` bytes of ``path`` at ``offset`` (fewer at its end), one ranged read."""
    with open_input(path, buffering=0) as f:
        f.seek(offset)
        return read_fully(f, n)


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
