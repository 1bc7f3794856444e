"""Custom Kaitai Struct processes: decompression with a declared size and a hard cap.

The generated parsers call these for ``process: binlog_kaitai.zstd_process(n)`` and
``process: binlog_kaitai.zlib_process(n)`` (``binlog_kaitai.ZstdProcess(n).decode(data)``).
Both take the uncompressed size the event declares and produce exactly that many bytes
or fail: output is produced in bounded steps, so a stream that would inflate past the
declared size stops one step after it, and a declared size beyond :data:`MAX_SIZE` is
refused before anything is decompressed. A header claiming 4 GB is an error, never an
allocation. Errors are :class:`DecompressionError`, a ``KaitaiStructError``, so a reader
that handles parse errors handles these too.

Ports to other languages mirror the same two classes: constructor(declared_size),
decode(bytes) -> bytes, same checks.
"""

from __future__ import annotations

import io
import zlib

from kaitaistruct import KaitaiStructError

MAX_SIZE = 1 << 30
"""Largest uncompressed size accepted (1 GiB, MySQL's and MariaDB's max_allowed_packet
ceiling): a bigger claim is corrupt data or an attack, not a transaction to inflate."""
STEP = 1 << 20
"""Output produced per decompression step."""


class DecompressionError(KaitaiStructError):
    """A compressed field that cannot be inflated to the size its header declares."""

    def __init__(self, msg: str) -> None:
        super().__init__(msg, None)


def check_declared(what: str, declared_size: int) -> int:
    """The declared size itself, if it is one this reader agrees to produce."""
    if declared_size < 0 or declared_size > MAX_SIZE:
        raise DecompressionError(
            f"{what}: declared uncompressed size {declared_size} bytes exceeds the "
            f"{MAX_SIZE}-byte limit; refusing to decompress")
    return declared_size


def size_mismatch(what: str, declared: int, produced: str) -> DecompressionError:
    return DecompressionError(
        f"{what}: the stream inflates to {produced} bytes, but the header declares {declared}")


class ZstdProcess:
    """zstd frames (MySQL TRANSACTION_PAYLOAD_EVENT) inflating to exactly ``declared_size``."""

    def __init__(self, declared_size: int) -> None:
        self.declared_size = check_declared("zstd payload", declared_size)

    def decode(self, data: bytes) -> bytes:
        import zstandard  # here: importing it costs every start of the CLI ~10 ms

        out = bytearray()
        limit = self.declared_size
        reader = zstandard.ZstdDecompressor().stream_reader(
            io.BytesIO(data), read_size=STEP, read_across_frames=True)
        try:
            while True:
                chunk = reader.read(min(STEP, limit + 1 - len(out)))
                if not chunk:
                    break
                out += chunk
                if len(out) > limit:
                    raise size_mismatch("zstd payload", limit, f"more than {limit}")
        except zstandard.ZstdError as exc:
            raise DecompressionError(f"zstd payload: corrupt stream ({exc})") from None
        if len(out) != limit:
            raise size_mismatch("zstd payload", limit, str(len(out)))
        return bytes(out)


class ZlibProcess:
    """A zlib stream (MariaDB log_bin_compress) inflating to exactly ``declared_size``."""

    def __init__(self, declared_size: int) -> None:
        self.declared_size = check_declared("zlib field", declared_size)

    def decode(self, data: bytes) -> bytes:
        out = bytearray()
        limit = self.declared_size
        inflater = zlib.decompressobj()
        pending = data
        try:
            while not inflater.eof:
                chunk = inflater.decompress(pending, min(STEP, limit + 1 - len(out)))
                stalled = not chunk and len(inflater.unconsumed_tail) == len(pending)
                pending = inflater.unconsumed_tail
                out += chunk
                if len(out) > limit:
                    raise size_mismatch("zlib field", limit, f"more than {limit}")
                if stalled:
                    break
        except zlib.error as exc:
            raise DecompressionError(f"zlib field: corrupt stream ({exc})") from None
        if not inflater.eof:
            raise DecompressionError("zlib field: the stream is cut short")
        if len(out) != limit:
            raise size_mismatch("zlib field", limit, str(len(out)))
        return bytes(out)
